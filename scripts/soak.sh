#!/usr/bin/env bash
# Soak runs: Wuzi against itself under strict clocks, to show it never loses a game to
# the machinery (time, crash, illegal move, memory, stderr).
#
#   scripts/soak.sh fast  [GAMES]   GAMES (default 1000) at 50 ms/move over five
#                                   rule/board sets, a new process per game
#   scripts/soak.sh clock [GAMES]   GAMES (default 200) under a match clock: 10 s a game,
#                                   2 s turn limit, 15x15 and 20x20 freestyle
#   scripts/soak.sh reuse [GAMES]   GAMES (default 100) on one process per side
#                                   (c-gomoku-cli style, START per game), 100 ms/move;
#                                   checks memory and think time do not grow
#   scripts/soak.sh threads [GAMES] GAMES (default 200) at 100 ms/move, both sides on
#                                   THREADS threads (default 2, INFO thread_num), over
#                                   four rule/board sets
#   scripts/soak.sh all             fast, clock and reuse
#
# Every run uses -tolerance 0 (liskvork's rule: a move later than the limit loses), so a
# "0 losses on time" here holds for the strictest manager. Reports and per-game CSV
# stats (think mean/max, pid, resident memory) and SGF records (a fault's detail in
# each game's comment) go to $SOAK_DIR (default target/soak).
# Set WUZI=path and MATCH=path to test prebuilt binaries; otherwise this builds them.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-all}
games=${2:-}
dir=${SOAK_DIR:-target/soak}
mkdir -p "$dir"
if [[ -z "${WUZI:-}" || -z "${MATCH:-}" ]]; then
    cargo build --release --quiet --bin pbrain-wuzi --bin wuzi-match
    WUZI=${WUZI:-target/release/pbrain-wuzi}
    MATCH=${MATCH:-target/release/wuzi-match}
fi

status=0
# run NAME GAMES ARGS...: one match of Wuzi against itself.
run() {
    local name=$1 n=$2
    shift 2
    echo "== $name: $n games $*"
    set +e
    "$MATCH" -engine "cmd=$WUZI" name=a -engine "cmd=$WUZI" name=b -games "$n" \
        -tolerance 0 -quiet -stats "$dir/$name.csv" -sgf "$dir/$name.sgf" "$@" | tee "$dir/$name.txt"
    local rc=${PIPESTATUS[0]}
    set -e
    # 0: done; 3: an SPRT would be undecided (none is asked for). 4: a fault.
    if [[ $rc -ne 0 ]]; then
        echo "!! $name: wuzi-match exit $rc"
        status=1
    fi
}

fast() {
    local n=${games:-1000} k
    k=$(((n + 4) / 5))
    run fast-15-freestyle "$k" -size 15 -rule 0 -tc turn=50
    run fast-15-standard "$k" -size 15 -rule 1 -tc turn=50
    run fast-15-renju "$k" -size 15 -rule 4 -tc turn=50 -draw-after 200
    run fast-15-caro "$k" -size 15 -rule 8 -tc turn=50
    run fast-20-freestyle "$k" -size 20 -rule 0 -tc turn=50
}

clock() {
    local n=${games:-200} k
    k=$(((n + 1) / 2))
    run clock-15-freestyle "$k" -size 15 -rule 0 -tc turn=2000 match=10000
    run clock-20-freestyle "$k" -size 20 -rule 0 -tc turn=2000 match=10000
}

reuse() {
    local n=${games:-100}
    run reuse-15-freestyle "$n" -size 15 -rule 0 -tc turn=100 -reuse
}

threads() {
    local n=${games:-200} k t=${THREADS:-2}
    k=$(((n + 3) / 4))
    local each=(-each option.thread_num="$t")
    run threads$t-15-freestyle "$k" -size 15 -rule 0 -tc turn=100 "${each[@]}"
    run threads$t-15-renju "$k" -size 15 -rule 4 -tc turn=100 -draw-after 200 "${each[@]}"
    run threads$t-15-caro "$k" -size 15 -rule 8 -tc turn=100 "${each[@]}"
    run threads$t-20-freestyle "$k" -size 20 -rule 0 -tc turn=100 "${each[@]}"
}

case $mode in
fast) fast ;;
threads) threads ;;
clock) clock ;;
reuse) reuse ;;
all) fast; clock; reuse ;;
*) echo "usage: $0 fast|clock|reuse|threads|all [GAMES]" >&2; exit 2 ;;
esac
python3 scripts/soak-summary.py "$dir"/*.csv || status=1
exit $status
