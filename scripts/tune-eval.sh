#!/usr/bin/env bash
# Fits the evaluation weights to self-play outcomes: the working tree's release build
# plays itself from random openings (wuzi-match, PSQ records kept), then wuzi-tune
# fits PATTERN_VALUE and THREAT_BONUS to the results (Texel's method; see src/tune.rs)
# and prints the fitted weights beside the current ones, with the error on held-out
# games. Copy the weights you want into src/eval/ and test them with
# scripts/match.sh or an SPRT: a lower prediction error is not yet a stronger engine.
#
#   scripts/tune-eval.sh [OUT_DIR]
#
# Settings (environment): GAMES=1000 TC="turn=100" RULE=0 SIZE=15 CONCURRENCY=2
# SEED=1 (random openings: 3 to 5 stones within 3 of the centre), TUNE_ARGS="" (more
# wuzi-tune arguments, for example "codes=200 l2=0.00001").
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-$(mktemp -d)}
GAMES=${GAMES:-1000}
TC=${TC:-turn=100}
RULE=${RULE:-0}
SIZE=${SIZE:-15}
CONCURRENCY=${CONCURRENCY:-2}
SEED=${SEED:-1}

cargo build --release --quiet --bins
mkdir -p "$out/psq"
python3 scripts/random-openings.py "$out/openings.txt" "$GAMES" "$SEED"
bin=$PWD/target/release/pbrain-wuzi
target/release/wuzi-match -engine cmd="$bin" name=a -engine cmd="$bin" name=b \
    -games "$GAMES" -concurrency "$CONCURRENCY" -tc "$TC" -rule "$RULE" -size "$SIZE" \
    -openings "$out/openings.txt" format=offset -psq "$out/psq" -quiet \
    > "$out/selfplay.txt" || true
sed -n 4p "$out/selfplay.txt"
# shellcheck disable=SC2086  # TUNE_ARGS is a list of words
target/release/wuzi-tune rule="$RULE" ${TUNE_ARGS:-} "$out/psq"
