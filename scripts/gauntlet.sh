#!/usr/bin/env bash
# Wuzi (the working tree, or another brain) against a list of brains: a gauntlet.
#
#   scripts/gauntlet.sh [-e CMD] [-l LIST] [BRAIN...] [-- more wuzi-match options]
#
#   -e CMD    the brain to test (default: target/release/pbrain-wuzi, built first)
#   -l LIST   a file with one brain per line: a program path, then optional engine
#             keys, e.g.  /opt/brains/pbrain-foo name=foo dir=/opt/brains
#             (blank lines and lines starting with # are skipped)
#   BRAIN     a program path (runs in its own folder)
#
# Settings (environment): SIZE=15 RULE=0 TC="turn=1000" TOLERANCE=1000 GAMES=20
# CONCURRENCY=1 OUT=<folder for PSQ and SGF records>. A Windows brain can run through
# wine: a LIST line "wine /opt/brains/pbrain-x.exe dir=/opt/brains" (export
# WINEDEBUG=-all first: wine's own stderr chatter would be scored as the brain's).
# Exit status is wuzi-match's (0 clean, 4 some game lost by a fault, 2/5 errors).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

tested=""
engines=()
while [ $# -gt 0 ]; do
    case $1 in
        -e) tested=$2; shift 2 ;;
        -l)
            while IFS= read -r line || [ -n "$line" ]; do
                case $line in ''|'#'*) continue ;; esac
                read -r -a words <<<"$line"
                # Leading words without '=' form the command; the rest are engine keys.
                cmd=()
                keys=()
                for w in "${words[@]}"; do
                    if [ ${#keys[@]} -eq 0 ] && [[ $w != *=* ]]; then cmd+=("$w"); else keys+=("$w"); fi
                done
                engines+=(-engine "cmd=${cmd[*]}" ${keys[@]+"${keys[@]}"})
            done <"$2"
            shift 2
            ;;
        --) shift; break ;;
        -*) echo "unknown option $1" >&2; exit 2 ;;
        *) engines+=(-engine "cmd=$1"); shift ;;
    esac
done
if [ ${#engines[@]} -eq 0 ]; then
    echo "usage: scripts/gauntlet.sh [-e CMD] [-l LIST] [BRAIN...] [-- wuzi-match options]" >&2
    exit 2
fi

cargo build --release --quiet
if [ -z "$tested" ]; then
    tested=$root/target/release/pbrain-wuzi
fi

records=()
if [ -n "${OUT:-}" ]; then
    mkdir -p "$OUT"
    records=(-psq "$OUT/psq" -sgf "$OUT/games.sgf")
fi

exec "$root/target/release/wuzi-match" -gauntlet \
    -engine "cmd=$tested" "${engines[@]}" \
    -size "${SIZE:-15}" -rule "${RULE:-0}" -tc ${TC:-turn=1000} \
    -tolerance "${TOLERANCE:-1000}" -games "${GAMES:-20}" -concurrency "${CONCURRENCY:-1}" \
    ${records[@]+"${records[@]}"} "$@"
