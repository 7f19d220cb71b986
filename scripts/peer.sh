#!/usr/bin/env bash
# Wuzi against a peer brain over a list of rules, board sizes and time controls, with
# one table at the end: games, W/D/L, score, Elo with its 95% interval (from game
# pairs), and each engine's losses by fault.
#
#   scripts/peer.sh -p 'PEER' [-e CMD] [-g GAMES] [-o OUT] [CASE...] [-- wuzi-match options]
#
#   -p PEER   the peer: a program path, then engine keys, e.g.
#             '/opt/rapfi/pbrain-rapfi name=rapfi pace=30 option.thread_num=1
#              option.max_memory=67108864' (pace= for a brain that races on its input)
#   -e CMD    the brain to test, a program path and engine keys as for -p, e.g.
#             'target/release/pbrain-wuzi option.wuzi_lmr_log_div=200' (default:
#             target/release/pbrain-wuzi, built first)
#   -g GAMES  games per case (default 200; each opening twice, colours swapped)
#   -r SEED   random openings instead of the shipped ones: GAMES/2 of 3 to 5 stones
#             within 3 of the centre, from SEED (a screen: more games decided by the
#             opening, but more games an hour at a fast time control)
#   -o OUT    where each case's report, PSQ, SGF and protocol log go
#             (default target/peer/<date>)
#   CASE      RULE:SIZE:TC, RULE one of freestyle standard renju caro caro5 (or a
#             Gomocup number), TC a turn limit (200ms, 1s) or a Gomocup clock scaled
#             down by K: fastgame/K (120 s a game, 5 s a turn) or league/K (180 s a
#             game, 30 s a turn). Default: freestyle, standard and renju on 15x15 and
#             freestyle on 20x20, at 200ms.
#
# Settings (environment): CONCURRENCY=2 TOLERANCE=500 (ms added to every limit).
# Matches need quiet cores: run nothing heavy beside this. Exit status: 0 when every case
# ran without a fault, 4 when some game was lost by a fault, 2 usage, 5 a runner error.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

usage() {
    sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

peer=""
tested=""
games=200
out=""
seed=""
cases=()
while [ $# -gt 0 ]; do
    case $1 in
        -p) peer=$2; shift 2 ;;
        -e) tested=$2; shift 2 ;;
        -g) games=$2; shift 2 ;;
        -o) out=$2; shift 2 ;;
        -r) seed=$2; shift 2 ;;
        -h|--help) usage ;;
        --) shift; break ;;
        -*) echo "unknown option $1" >&2; usage ;;
        *) cases+=("$1"); shift ;;
    esac
done
[ -n "$peer" ] || usage
if [ ${#cases[@]} -eq 0 ]; then
    cases=(freestyle:15:200ms standard:15:200ms renju:15:200ms freestyle:20:200ms)
fi
out=${out:-target/peer/$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"

cargo build --release --quiet
tested=${tested:-$root/target/release/pbrain-wuzi}

# An engine line: leading words without '=' form the command, the rest are engine keys.
split_engine() {
    local -n c=$2 k=$3
    local words w
    read -r -a words <<<"$1"
    c=()
    k=()
    for w in "${words[@]}"; do
        if [ ${#k[@]} -eq 0 ] && [[ $w != *=* ]]; then c+=("$w"); else k+=("$w"); fi
    done
}
split_engine "$peer" cmd keys
split_engine "$tested" tcmd tkeys

openings=()
if [ -n "$seed" ]; then
    python3 "$root/scripts/random-openings.py" "$out/openings.txt" "$games" "$seed"
    openings=(-openings "$out/openings.txt" format=offset)
fi

rule_code() {
    case $1 in
        freestyle|0) echo 0 ;; standard|1) echo 1 ;; renju|4) echo 4 ;;
        caro|8) echo 8 ;; caro5|9) echo 9 ;;
        *) echo "unknown rule '$1'" >&2; exit 2 ;;
    esac
}

# A case's time control as wuzi-match -tc keys.
tc_keys() {
    case $1 in
        fastgame/*) k=${1#*/}; echo "match=$((120000 / k)) turn=$((5000 / k))" ;;
        league/*) k=${1#*/}; echo "match=$((180000 / k)) turn=$((30000 / k))" ;;
        *) echo "turn=$1" ;;
    esac
}

status=0
for c in "${cases[@]}"; do
    IFS=: read -r rule size tc <<<"$c"
    [ -n "${tc:-}" ] || { echo "bad case '$c' (RULE:SIZE:TC)" >&2; exit 2; }
    tag=$(echo "$c" | tr ':/' '__')
    echo "== $c: $games games" >&2
    set +e
    "$root/target/release/wuzi-match" -gauntlet \
        -engine "cmd=${tcmd[*]}" name=wuzi ${tkeys[@]+"${tkeys[@]}"} \
        -engine "cmd=${cmd[*]}" ${keys[@]+"${keys[@]}"} \
        -size "$size" -rule "$(rule_code "$rule")" -tc $(tc_keys "$tc") \
        -tolerance "${TOLERANCE:-500}" -games "$games" -concurrency "${CONCURRENCY:-2}" \
        -psq "$out/$tag-psq" -sgf "$out/$tag.sgf" -log "$out/$tag.log" \
        -stats "$out/$tag.csv" -quiet ${openings[@]+"${openings[@]}"} "$@" >"$out/$tag.txt"
    rc=$?
    set -e
    case $rc in
        0|1|3) ;;
        4) status=4 ;;
        *) echo "wuzi-match failed ($rc) on $c: see $out/$tag.txt" >&2; exit "$rc" ;;
    esac
done

python3 - "$out" "${cases[@]}" <<'EOF'
import re, sys
out, cases = sys.argv[1], sys.argv[2:]
print(f"{'case':<24} {'games':>5} {'W':>4} {'D':>3} {'L':>4} {'score':>6}  {'Elo [95%] by pairs':<24} faults (wuzi / peer)")
for c in cases:
    tag = c.replace(':', '_').replace('/', '_')
    text = open(f"{out}/{tag}.txt").read()
    row = re.search(r"^\S+ vs \S+\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+([\d.]+)%", text, re.M)
    pen = re.search(r"game pairs .*Elo (\S+) \[(\S+), (\S+)\]", text)
    faults = re.search(r"Losses by fault:\n((?:  .*\n)+)", text)
    counts = []
    for line in (faults.group(1).splitlines() if faults else []):
        tail = line.split(None, 1)[1] if len(line.split(None, 1)) > 1 else ""
        n = sum(int(x) for x in re.findall(r" (\d+)", " " + tail.split("(killed")[0]))
        counts.append(str(n))
    if not row:
        print(f"{c:<24} no result (see {out}/{tag}.txt)")
        continue
    g, w, d, l, s = row.groups()
    elo = f"{pen.group(1)} [{pen.group(2)}, {pen.group(3)}]" if pen else "-"
    print(f"{c:<24} {g:>5} {w:>4} {d:>3} {l:>4} {s:>5}%  {elo:<24} {' / '.join(counts)}")
EOF
exit "$status"
