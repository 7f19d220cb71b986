#!/usr/bin/env bash
# The everyday regression check: the working tree against a baseline git ref, played
# out by wuzi-match under an SPRT.
#
#   scripts/match.sh [BASE_REF] [-- more wuzi-match options]
#
# BASE_REF defaults to HEAD (the last commit, so the check measures uncommitted work);
# use main, a tag or a commit. The working tree is built with `cargo build --release`;
# the baseline is exported with `git archive` and built in a cache folder, once per
# commit (WUZI_MATCH_CACHE, default ~/.cache/wuzi-match). Settings (environment):
#
#   SIZE=15 RULE=0 TC="turn=100" TOLERANCE=200 GAMES=1000 CONCURRENCY=1
#   ELO0=-20 ELO1=0 ALPHA=0.05 BETA=0.05   (non-regression: H1 "no worse", H0 "20 Elo worse")
#   OUT=<folder>  keep PSQ records and an SGF collection there
#
# Exit status is wuzi-match's: 0 H1 accepted (no regression) with no faults, 1 H0
# accepted (a regression), 3 undecided after GAMES games, 4 some game lost by a fault
# (time, crash, illegal move...), 2 and 5 usage or runner errors.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

base_ref=HEAD
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
    base_ref=$1
    shift
fi
[ "${1:-}" = "--" ] && shift

SIZE=${SIZE:-15}
RULE=${RULE:-0}
TC=${TC:-turn=100}
TOLERANCE=${TOLERANCE:-200}
GAMES=${GAMES:-1000}
CONCURRENCY=${CONCURRENCY:-1}
ELO0=${ELO0:--20}
ELO1=${ELO1:-0}
ALPHA=${ALPHA:-0.05}
BETA=${BETA:-0.05}

sha=$(git rev-parse --verify "${base_ref}^{commit}")
cache_root=${WUZI_MATCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wuzi-match}
base_bin=$cache_root/$sha/pbrain-wuzi

echo "building the working tree" >&2
cargo build --release --quiet
new_bin=$root/target/release/pbrain-wuzi

if [ ! -x "$base_bin" ]; then
    echo "building the baseline $base_ref ($sha)" >&2
    src=$(mktemp -d)
    trap 'rm -rf "$src"' EXIT
    git archive "$sha" | tar -x -C "$src"
    # One target folder for every baseline: dependencies are compiled once.
    (cd "$src" && CARGO_TARGET_DIR="$cache_root/target" cargo build --release --quiet --bin pbrain-wuzi)
    mkdir -p "$cache_root/$sha"
    cp "$cache_root/target/release/pbrain-wuzi" "$base_bin"
fi

records=()
if [ -n "${OUT:-}" ]; then
    mkdir -p "$OUT"
    records=(-psq "$OUT/psq" -sgf "$OUT/games.sgf")
fi

echo "new: working tree; base: $base_ref ($sha)" >&2
exec "$root/target/release/wuzi-match" \
    -engine "cmd=$new_bin" name=new \
    -engine "cmd=$base_bin" name=base \
    -size "$SIZE" -rule "$RULE" -tc $TC -tolerance "$TOLERANCE" \
    -games "$GAMES" -concurrency "$CONCURRENCY" \
    -sprt "elo0=$ELO0" "elo1=$ELO1" "alpha=$ALPHA" "beta=$BETA" \
    ${records[@]+"${records[@]}"} "$@"
