"""Trains the codebook network on wuzi-datagen records and exports it for the engine.

    python3 trainer/train.py --data data/gen0 --out data/net0 [--steps 20000]

Every 20th game of each file is held out (never trained on). The value target mixes the
game's result with the search's score, read as a win chance through a logistic curve
whose scale is fitted on the training positions; the policy target is the searched best
move. Progress (loss, held-out loss and move agreement) is printed and kept in
OUT/log.txt; OUT/ckpt.pt lets a stopped run resume; at the end OUT/net.wzn is the
engine's weight file and OUT/samples.txt the positions the engine's check compares on.
The held-out figures are given before and after rounding the weights to the engine's
integers; the samples are computed with the rounded weights.
"""
import argparse
import math
import os
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wzg  # noqa: E402
from features import KEYS, keys as line_keys  # noqa: E402
from model import RULE_CODES, Net, export, value_score  # noqa: E402

WIN_MIN = 29000  # search scores at or beyond this are proven results
HELD_OUT = 20  # every 20th game


class Group:
    """The positions of one board size, as arrays."""

    def __init__(self, w, h):
        self.w, self.h = w, h
        self.boards, self.black, self.rule = [], [], []
        self.score, self.result, self.best, self.classical = [], [], [], []

    def add(self, board, black, rule, score, result, best, classical):
        self.boards.append(board.copy())
        self.black.append(black)
        self.rule.append(rule)
        self.score.append(score)
        self.result.append(result)
        self.best.append(best)
        self.classical.append(classical)

    def freeze(self):
        self.boards = np.stack(self.boards)
        for k in ("black", "rule", "score", "result", "best", "classical"):
            setattr(self, k, np.array(getattr(self, k), dtype=np.int64))
        self.n = len(self.boards)


def read_classical(path, games):
    """The classical scores `wuzi-net label` wrote beside a data file, one a position."""
    cls = path[:-len(".wzg")] + ".cls"
    want = sum(len(g.moves) for g in games)
    data = open(cls, "rb").read() if os.path.exists(cls) else b""
    if data[:4] != b"WZC1" or (len(data) - 4) // 2 != want:
        sys.exit(f"{cls} is missing or stale: run target/release/wuzi-net label "
                 f"data={os.path.dirname(path)}")
    return np.frombuffer(data, dtype="<i2", offset=4).astype(np.int64)


def load(folders):
    """(train, held-out): dicts from (w, h) to Group."""
    sets = ({}, {})
    for folder in folders:
        for path in wzg.files(folder):
            games = wzg.read_games(path)
            classical = iter(read_classical(path, games))
            for gi, g in enumerate(games):
                if g.rule not in RULE_CODES:
                    for _ in g.moves:
                        next(classical)
                    continue
                dest = sets[1 if gi % HELD_OUT == 0 else 0]
                grp = dest.setdefault((g.width, g.height), Group(g.width, g.height))
                board = np.zeros((g.height, g.width), dtype=np.uint8)
                for k, (x, y) in enumerate(g.setup):
                    board[y, x] = 1 + k % 2
                ply = len(g.setup)
                for x, y, score, _depth in g.moves:
                    black = ply % 2 == 0
                    result = g.result if black else -g.result
                    grp.add(board, black, RULE_CODES.index(g.rule), score, result,
                            y * g.width + x, next(classical))
                    board[y, x] = 1 if black else 2
                    ply += 1
    for s in sets:
        for grp in s.values():
            grp.freeze()
    return sets


def fit_scale(groups):
    """The s of P(win) = sigmoid(score / s) that best fits the results (least log loss)."""
    score = np.concatenate([g.score for g in groups.values()]).astype(np.float64)
    res = np.concatenate([g.result for g in groups.values()])
    keep = np.abs(score) < WIN_MIN
    score, target = score[keep], (res[keep] + 1) / 2
    best = None
    for s in np.geomspace(20, 5000, 200):
        p = np.clip(np.exp(-np.logaddexp(0, -score / s)), 1e-6, 1 - 1e-6)
        loss = -np.mean(target * np.log(p) + (1 - target) * np.log(1 - p))
        if best is None or loss < best[0]:
            best = (loss, s)
    return float(best[1])


def symmetric(board, best, w, k):
    """Applies the k-th of the square's eight symmetries to a board and a cell index."""
    y, x = divmod(best, w)
    b = board
    for _ in range(k % 4):
        b = np.rot90(b)
        # rot90 (counter-clockwise): (y, x) -> (w - 1 - x, y) on a square board.
        y, x = w - 1 - x, y
    if k >= 4:
        b = b[:, ::-1]
        x = w - 1 - x
    return np.ascontiguousarray(b), y * w + x


def batch(grp, idx, augment, rng):
    """Tensors of the positions `idx` of a group, seen from the mover."""
    boards = grp.boards[idx].copy()
    best = grp.best[idx].copy()
    if augment and grp.w == grp.h:
        for j in range(len(idx)):
            boards[j], best[j] = symmetric(boards[j], best[j], grp.w, rng.integers(8))
    white = grp.black[idx] == 0
    swap = boards[white]
    boards[white] = np.where(swap == 1, 2, np.where(swap == 2, 1, swap))
    k = line_keys(boards).reshape(len(idx), -1, 4)
    k[k < 0] = KEYS
    empty = boards.reshape(len(idx), -1) == 0
    return (torch.from_numpy(k), torch.from_numpy(grp.rule[idx]),
            torch.from_numpy(grp.black[idx]), torch.from_numpy(empty),
            torch.from_numpy(grp.score[idx]), torch.from_numpy(grp.result[idx]),
            torch.from_numpy(best), torch.from_numpy(grp.classical[idx]))


def targets(score, result, scale, mix):
    """Win/draw/loss target distribution: `mix` of the score's, the rest the result's."""
    s = score.double()
    p = torch.where(s >= WIN_MIN, 1.0, torch.where(s <= -WIN_MIN, 0.0,
                    torch.sigmoid(s / scale)))
    from_score = torch.stack([p, torch.zeros_like(p), 1 - p], 1)
    from_result = F.one_hot((1 - result).long(), 3).double()
    return (mix * from_score + (1 - mix) * from_result).float()


def losses(net, b, scale, mix):
    k, rule, black, empty, score, result, best, classical = b
    value, policy = net(k, rule, black, classical)
    vl = -(targets(score, result, scale, mix) * F.log_softmax(value, 1)).sum(1)
    policy = policy.masked_fill(~empty, -1e9)
    pl = F.cross_entropy(policy, best, reduction="none")
    agree = (policy.argmax(1) == best).float()
    # The result-only loss, comparable across target mixes.
    rl = F.cross_entropy(value, (1 - result).long(), reduction="none")
    return vl, pl, agree, rl


def evaluate(net, held, scale, mix, limit=20000):
    """Per rule: mean value loss, result loss, policy loss and best-move agreement."""
    sums = {}
    net.eval()
    with torch.no_grad():
        for grp in held.values():
            for lo in range(0, min(grp.n, limit), 1024):
                idx = np.arange(lo, min(grp.n, limit, lo + 1024))
                b = batch(grp, idx, False, None)
                vl, pl, agree, rl = losses(net, b, scale, mix)
                for r in range(len(RULE_CODES)):
                    m = b[1] == r
                    s = sums.setdefault(r, np.zeros(5))
                    s += [vl[m].sum(), rl[m].sum(), pl[m].sum(), agree[m].sum(), m.sum()]
    net.train()
    return {RULE_CODES[r]: s[:4] / s[4] for r, s in sums.items() if s[4] > 0}


def probe_loss(net, train, scale, mix, count=512):
    """Value plus policy loss on the first `count` positions of each training group."""
    net.eval()
    total, n = 0.0, 0
    with torch.no_grad():
        for grp in train.values():
            idx = np.arange(min(grp.n, count))
            vl, pl, _, _ = losses(net, batch(grp, idx, False, None), scale, mix)
            total += float((vl + pl).sum())
            n += len(idx)
    net.train()
    return total / max(n, 1)


def write_samples(net, held, scale, path, count=64):
    """Held-out positions with the float model's score and policy, for the engine's check."""
    rng = np.random.default_rng(7)
    lines = []
    net.eval()
    with torch.no_grad():
        for grp in held.values():
            for i in rng.choice(grp.n, min(count // len(held), grp.n), replace=False):
                b = batch(grp, np.array([i]), False, None)
                value, policy = net(b[0], b[1], b[2], b[7])
                v = float(value_score(value, scale)[0])
                cells = "".join(".xo"[c] for c in grp.boards[i].reshape(-1))
                pol = " ".join(f"{float(p):.5f}" if e else "-"
                               for p, e in zip(policy[0], b[3][0]))
                lines.append(f"{RULE_CODES[int(grp.rule[i])]} {grp.w} {grp.h} "
                             f"{'b' if grp.black[i] else 'w'} {cells} {v:.4f} {pol}")
    net.train()
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def seen_rows(train):
    """Per rule, which codebook keys occur in the training positions (either colour)."""
    seen = np.zeros((len(RULE_CODES), KEYS), dtype=bool)
    for grp in train.values():
        for lo in range(0, grp.n, 2048):
            idx = np.arange(lo, min(grp.n, lo + 2048))
            for flip in (False, True):
                boards = grp.boards[idx]
                if flip:
                    boards = np.where(boards == 1, 2, np.where(boards == 2, 1, boards))
                k = line_keys(boards).reshape(len(idx), -1)
                for r in range(len(RULE_CODES)):
                    kr = k[grp.rule[idx] == r]
                    seen[r, kr[kr >= 0]] = True
    return seen


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", nargs="+", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--steps", type=int, default=20000)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--mix", type=float, default=0.5, help="share of the score target")
    ap.add_argument("--policy", type=float, default=0.5, help="policy loss weight")
    ap.add_argument("--own", type=float, default=1e-2, help="L2 on the rule tables")
    ap.add_argument("--dim", type=int, default=32)
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--log-every", type=int, default=500)
    ap.add_argument("--check-fall", action="store_true",
                    help="fail unless the loss on the first training positions falls")
    a = ap.parse_args()
    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    rng = np.random.default_rng(a.seed)
    os.makedirs(a.out, exist_ok=True)
    log = open(os.path.join(a.out, "log.txt"), "a")

    def say(msg):
        print(msg, flush=True)
        log.write(msg + "\n")
        log.flush()

    t0 = time.time()
    train, held = load(a.data)
    n_train = sum(g.n for g in train.values())
    n_held = sum(g.n for g in held.values())
    scale = fit_scale(train)
    say(f"data {a.data}: {n_train} training positions, {n_held} held out "
        f"({time.time() - t0:.0f} s); score scale {scale:.1f}")
    net = Net(a.dim, a.hidden)
    opt = torch.optim.Adam(net.parameters(), lr=a.lr)
    ckpt = os.path.join(a.out, "ckpt.pt")
    step = 0
    if os.path.exists(ckpt):
        st = torch.load(ckpt)
        net.load_state_dict(st["net"])
        opt.load_state_dict(st["opt"])
        step = st["step"]
        say(f"resumed at step {step}")
    groups = list(train.values())
    weights = np.array([g.n for g in groups], dtype=np.float64)
    weights /= weights.sum()
    run = np.zeros(4)
    probe = probe_loss(net, train, scale, a.mix)
    say(f"loss on the first training positions: {probe:.4f}")
    t0 = time.time()
    while step < a.steps:
        lr = a.lr * 0.5 * (1 + math.cos(math.pi * step / a.steps))
        for pg in opt.param_groups:
            pg["lr"] = lr
        grp = groups[rng.choice(len(groups), p=weights)]
        b = batch(grp, rng.integers(0, grp.n, a.batch), True, rng)
        vl, pl, agree, _ = losses(net, b, scale, a.mix)
        loss = vl.mean() + a.policy * pl.mean() + a.own * net.own_penalty(b[0], b[1])
        opt.zero_grad()
        loss.backward()
        opt.step()
        net.clip()
        run += [vl.mean().item(), pl.mean().item(), agree.mean().item(), 1]
        step += 1
        if step % a.log_every == 0 or step == a.steps:
            m = run[:3] / run[3]
            run[:] = 0
            held_m = evaluate(net, held, scale, a.mix, limit=4000)
            hv = np.mean([v[0] for v in held_m.values()])
            ha = np.mean([v[3] for v in held_m.values()])
            eta = (time.time() - t0) / step * (a.steps - step) if step else 0
            say(f"step {step}/{a.steps} lr {lr:.2e}: value {m[0]:.4f} policy {m[1]:.3f} "
                f"agree {m[2]:.3f} | held-out value {hv:.4f} agree {ha:.3f} | "
                f"ETA {eta:.0f} s")
            torch.save({"net": net.state_dict(), "opt": opt.state_dict(), "step": step},
                       ckpt)
    if a.check_fall:
        after = probe_loss(net, train, scale, a.mix)
        say(f"loss on the first training positions: {probe:.4f} before, {after:.4f} after")
        if not after < probe:
            sys.exit("the training loss did not fall")
    seen = seen_rows(train)
    net.zero_unseen(seen)
    report = {"float": evaluate(net, held, scale, a.mix)}
    net.quantise()
    report["quantised"] = evaluate(net, held, scale, a.mix)
    for kind, per_rule in report.items():
        for code, (vl, rl, pl, ag) in sorted(per_rule.items()):
            say(f"held-out rule {code} ({kind}): value {vl:.4f} result {rl:.4f} "
                f"policy {pl:.3f} agree {ag:.3f}")
    size = export(net, os.path.join(a.out, "net.wzn"), scale, seen)
    write_samples(net, held, scale, os.path.join(a.out, "samples.txt"))
    say(f"exported {a.out}/net.wzn ({size} bytes) and {a.out}/samples.txt")


if __name__ == "__main__":
    main()
