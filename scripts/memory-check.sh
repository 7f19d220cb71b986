#!/usr/bin/env bash
# Peak resident memory of the release brain against INFO max_memory (README "Process
# life and memory").
#
#   scripts/memory-check.sh                                  # the full check (~4 min)
#   TURN_MS=500 MOVES=2 BIG_MOVES=2 scripts/memory-check.sh  # the quick one CI runs
#
# For max_memory = 16 MB, 64 MB, 350 MB and 1 GB, under freestyle 15x15, freestyle
# 20x20 and renju 15x15, it asks for MOVES moves (BIG_MOVES from 1 GB up, to fill the
# big table) with INFO timeout_turn TURN_MS (default 6, 16 and 3000 ms), each on a
# fresh random middle-game position sent by BOARD (which keeps the table), then END,
# with the brain run under `/usr/bin/time -v` (Debian package `time`). It reports,
# per run:
#   table      the transposition table the brain allocated (from its log)
#   peak RSS   /usr/bin/time's "Maximum resident set size"
#   resident   the share of the table that became resident: (peak RSS - peak RSS of
#              the same run with the smallest table) / table. Table pages are zeroed
#              lazily, so a page counts only once the search writes to it.
#   entries    the share of table entries holding a result (sampled by the brain)
# and fails (exit 1) if any peak RSS is >= max_memory. Limits at or below the brain's
# fixed needs (EXTRA, default 8 MB, and 1 MB, which is also the baseline run) are run
# and reported but not judged: there the brain uses its smallest table (64 KB) and its
# fixed needs (about 6 MB resident, 8 MB under renju) may exceed the limit. Linux only.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/time ]; then
    echo "memory-check: /usr/bin/time is missing (apt-get install time)" >&2
    exit 2
fi
command -v python3 >/dev/null || { echo "memory-check: python3 is missing" >&2; exit 2; }
cargo build --release --quiet --bin pbrain-wuzi

export BRAIN=target/release/pbrain-wuzi
export TURN_MS=${TURN_MS:-3000}
export MOVES=${MOVES:-6}
export BIG_MOVES=${BIG_MOVES:-16}
export LIMITS=${LIMITS:-"16777216 67108864 367001600 1073741824"}
export EXTRA=${EXTRA:-"8388608"}

exec python3 - <<'PYTHON'
import os, random, re, shutil, subprocess, sys, tempfile

brain = os.environ["BRAIN"]
turn_ms = int(os.environ["TURN_MS"])
moves = int(os.environ["MOVES"])
big_moves = int(os.environ["BIG_MOVES"])
limits = [int(v) for v in os.environ["LIMITS"].split()]
extra = [int(v) for v in os.environ["EXTRA"].split()]
MB = 1 << 20

def run(limit, size, rule, seed, moves):
    tmp = tempfile.mkdtemp(prefix="wuzi-mem-")
    log, report = os.path.join(tmp, "brain.log"), os.path.join(tmp, "time.txt")
    env = dict(os.environ, WUZI_LOG=log, WUZI_LOG_LEVEL="info")
    p = subprocess.Popen(["/usr/bin/time", "-v", "-o", report, brain], env=env,
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, bufsize=1)
    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()
    def reply():
        while True:
            line = p.stdout.readline()
            if not line:
                sys.exit(f"the brain died: {p.stderr.read()!r} (log in {tmp})")
            line = line.strip()
            if not line.startswith("MESSAGE"):
                return line
    send(f"START {size}")
    assert reply() == "OK"
    send(f"INFO max_memory {limit}")
    send(f"INFO rule {rule}")
    # The table follows the longest move the settings have allowed at a move command
    # (a fast game gets a small one): one instant move (BEGIN on the empty board) under
    # a long turn first, so that max_memory sizes it.
    send("INFO timeout_turn 600000")
    send("BEGIN")
    reply()
    send(f"INFO timeout_turn {turn_ms}")
    send("INFO time_left 2147483647")
    rng = random.Random(seed)
    c = size // 2
    for _ in range(moves):
        # A fresh middle-game position each time (six stones near the centre, in move
        # order, ours black): BOARD keeps the table, and new positions fill it.
        stones = []
        while len(stones) < 6:
            q = (c + rng.randint(-3, 3), c + rng.randint(-3, 3))
            if q not in stones:
                stones.append(q)
        send("BOARD")
        for k, (x, y) in enumerate(stones):
            send(f"{x},{y},{1 + k % 2}")
        send("DONE")
        r = reply()
        m = tuple(int(v) for v in r.split(","))
        assert m not in stones and all(0 <= v < size for v in m), f"illegal move {r}"
    tables = [int(t) for t in re.findall(r"table (\d+) bytes", open(log).read())]
    used = re.findall(r"(\d+) permille used", open(log).read())
    table = tables[-1]
    send("END")
    p.wait(timeout=10)
    err = p.stderr.read()
    text = open(report).read()
    peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1)) * 1024
    status = int(re.search(r"Exit status: (\d+)", text).group(1))
    assert status == 0 and err == "", (status, err, tmp)
    # A failed run keeps its directory (the brain's log) for a look; a good one goes.
    shutil.rmtree(tmp)
    return table, peak, int(used[-1]) / 10

configs = [(15, 0, "freestyle 15x15"), (20, 0, "freestyle 20x20"), (15, 4, "renju 15x15")]
print(f"{moves} searches at timeout_turn {turn_ms} ms ({big_moves} from 1 GB up); MB = 2^20 bytes")
print(f"{'rule, board':<16} {'max_memory':>11} {'table':>9} {'peak RSS':>9} {'of limit':>8}"
      f" {'resident':>8} {'entries':>7}  verdict")
failed = 0
for i, (size, rule, name) in enumerate(configs):
    # The smallest table (64 KB): the brain's fixed needs, to tell the table's share.
    base = run(MB, size, rule, i, moves)
    for limit in limits + [v for v in extra if v != MB] + [MB]:
        n = big_moves if limit >= 1 << 30 else moves
        table, peak, used = base if limit == MB else run(limit, size, rule, i, n)
        judged = limit in limits
        ok = peak < limit
        verdict = ("ok" if ok else "OVER THE LIMIT") if judged else "not judged (below fixed needs)"
        failed += judged and not ok
        resident = min(1.0, max(0.0, (peak - base[1]) / table)) if table >= MB else None
        resident = f"{100 * resident:7.1f}%" if resident is not None else "       -"
        print(f"{name:<16} {limit / MB:8.0f} MB {table / MB:6.1f} MB {peak / MB:6.1f} MB"
              f" {100 * peak / limit:7.1f}% {resident} {used:6.1f}%  {verdict}", flush=True)
sys.exit(1 if failed else 0)
PYTHON
