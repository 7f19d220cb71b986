"""The codebook network in PyTorch, and its export to the engine's weight format.

Per cell and direction the line key (features.py) picks a vector of D numbers from the
codebook of the position's rule; a cell's feature is the sum of its four vectors, and
its activation that sum clipped to [0, 1]. The value head pools the activations of all
cells (their sum / 256), appends 1 when the mover is black, and runs a small MLP to
win/draw/loss logits; the head also reads the classical evaluation of the position
(computed by the engine: `wuzi-net label`), so the net learns what to add to it. The
policy head scores each empty cell by the dot product of its
activation with one vector per rule. A rule's codebook is trained as a table shared by
all rules plus a small table of its own (kept small by an L2 penalty); export merges
them, so the engine looks up one table.
"""
import struct

import numpy as np
import torch
import torch.nn as nn

from features import KEYS

RULE_CODES = (0, 1, 4, 8)  # freestyle, standard, renju, caro: the rules with a net
POOL = 256.0  # pooled activations are divided by this
QE = 2048  # codebook and activation quantisation: ints per 1.0
QP = 512  # policy weight quantisation (QE * QP * 32767 * D stays within i32)
ENTRY_MAX = 32767 // 4 / QE  # a cell sums four entries within i16
MAGIC = b"WZN2"
CLASSICAL_UNIT = 1000.0  # the classical score enters the head in these units ...
CLASSICAL_CAP = 8.0  # ... clamped to +- this


class Net(nn.Module):
    def __init__(self, d=32, hidden=32):
        super().__init__()
        r = len(RULE_CODES)
        self.d, self.hidden = d, hidden
        # Row KEYS is the wall cell's: always zero.
        self.shared = nn.Embedding(KEYS + 1, d, padding_idx=KEYS)
        self.own = nn.Embedding(r * (KEYS + 1), d)
        nn.init.uniform_(self.shared.weight, -0.1, 0.3)
        nn.init.zeros_(self.own.weight)
        with torch.no_grad():
            self.shared.weight[KEYS].zero_()
        self.w1 = nn.Parameter(torch.randn(r, d + 2, hidden) / (d + 2) ** 0.5)
        self.b1 = nn.Parameter(torch.zeros(r, hidden))
        self.w2 = nn.Parameter(torch.randn(r, hidden, hidden) / hidden ** 0.5)
        self.b2 = nn.Parameter(torch.zeros(r, hidden))
        self.w3 = nn.Parameter(torch.randn(r, hidden, 3) / hidden ** 0.5)
        self.b3 = nn.Parameter(torch.zeros(r, 3))
        self.wp = nn.Parameter(torch.randn(r, d) * 0.1)

    def activations(self, keys, rule):
        """keys (B, C, 4) with KEYS at walls, rule (B,) index: (B, C, D) in [0, 1]."""
        own = keys + (rule * (KEYS + 1))[:, None, None]
        f = (self.shared(keys) + self.own(own)).sum(2)
        return f.clamp(0.0, 1.0)

    def forward(self, keys, rule, black, classical):
        a = self.activations(keys, rule)
        pooled = a.sum(1) / POOL
        c = (classical.float() / CLASSICAL_UNIT).clamp(-CLASSICAL_CAP, CLASSICAL_CAP)
        x = torch.cat([pooled, black[:, None].float(), c[:, None]], 1)
        x = torch.relu(torch.bmm(x[:, None], self.w1[rule])[:, 0] + self.b1[rule])
        x = torch.relu(torch.bmm(x[:, None], self.w2[rule])[:, 0] + self.b2[rule])
        value = torch.bmm(x[:, None], self.w3[rule])[:, 0] + self.b3[rule]
        policy = (a * self.wp[rule][:, None, :]).sum(2)
        return value, policy

    def clip(self):
        """Keeps every merged codebook entry within what the engine's i16 can sum."""
        with torch.no_grad():
            self.shared.weight.clamp_(-ENTRY_MAX / 2, ENTRY_MAX / 2)
            self.own.weight.clamp_(-ENTRY_MAX / 2, ENTRY_MAX / 2)
            self.shared.weight[KEYS].zero_()

    def own_penalty(self, keys, rule):
        own = keys + (rule * (KEYS + 1))[:, None, None]
        return self.own(own).pow(2).mean()

    def zero_unseen(self, seen):
        """Makes the merged rows never seen in training (`seen[r]` False) zero, as
        export writes them, so that the float model and the engine agree."""
        with torch.no_grad():
            for r in range(len(RULE_CODES)):
                lo = r * (KEYS + 1)
                rows = torch.from_numpy(np.flatnonzero(~seen[r]))
                self.own.weight[lo + rows] = -self.shared.weight[rows]

    def quantise(self):
        """Rounds the merged codebooks and the policy weights to the engine's integers,
        so that this model computes what the engine computes (a row's rounding is
        repeated in every cell that has its key, so it does not average out)."""
        with torch.no_grad():
            for r in range(len(RULE_CODES)):
                lo = r * (KEYS + 1)
                merged = self.shared.weight[:KEYS] + self.own.weight[lo:lo + KEYS]
                q = torch.clamp(torch.round(merged * QE), -8191, 8191) / QE
                self.own.weight[lo:lo + KEYS] = q - self.shared.weight[:KEYS]
            self.wp.copy_(torch.clamp(torch.round(self.wp * QP), -32767, 32767) / QP)

    def codebook(self, r):
        """The merged codebook of rule index r, (KEYS, D) floats."""
        with torch.no_grad():
            lo = r * (KEYS + 1)
            return (self.shared.weight[:KEYS] + self.own.weight[lo:lo + KEYS]).clone()


def value_score(logits, scale):
    """The engine's score from win/draw/loss logits: scale * logit(P(win) + P(draw)/2)."""
    p = torch.softmax(logits, -1)
    e = (p[..., 0] + 0.5 * p[..., 1]).clamp(1e-4, 1 - 1e-4)
    return scale * torch.log(e / (1 - e))


def export(net, path, scale, seen):
    """Writes the engine's weight file (format in `src/eval/net/weights.rs`). Codebook
    rows never seen in training (`seen[r]` False) are written as zeros (see
    `Net.zero_unseen`)."""
    d, h = net.d, net.hidden
    out = bytearray(MAGIC)
    out += struct.pack("<IIIIff", d, h, KEYS, len(RULE_CODES), scale, QE)
    for r, code in enumerate(RULE_CODES):
        cb = net.codebook(r).numpy()
        cb[~seen[r]] = 0.0
        out += struct.pack("<I", code)
        out += np.clip(np.rint(cb * QE), -8191, 8191).astype("<i2").tobytes()
        wp = net.wp[r].detach().numpy()
        out += np.clip(np.rint(wp * QP), -32767, 32767).astype("<i2").tobytes()
        for t in (net.w1[r], net.b1[r], net.w2[r], net.b2[r], net.w3[r], net.b3[r]):
            out += t.detach().numpy().astype("<f4").tobytes()
    with open(path, "wb") as f:
        f.write(out)
    return len(out)
