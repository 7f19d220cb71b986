#!/usr/bin/env bash
# The learned evaluation's whole pipeline on a tiny data set it makes itself: generate
# self-play games, label them with the classical evaluation, train a few steps (the loss must fall), export, check the engine's
# quantised output against the trainer's float model, and play games with the net
# through the strict runner (legal moves, no fault). Needs python3 with trainer/
# requirements.txt installed (CI installs them).
#   scripts/net-smoke.sh [WORKDIR]
set -euo pipefail
cd "$(dirname "$0")/.."
work=${1:-target/net-smoke}
rm -rf "$work"
mkdir -p "$work"
cargo build --release --quiet
target/release/wuzi-datagen out="$work/data" games=24 workers=2 nodes=3000 \
    rules=0,1,4,8 sizes=15,20 seed=5 2>/dev/null
target/release/wuzi-net label data="$work/data"
python3 trainer/train.py --data "$work/data" --out "$work/net" --steps 80 --batch 64 \
    --log-every 40 --check-fall
target/release/wuzi-net check net="$work/net/net.wzn" samples="$work/net/samples.txt"
target/release/wuzi-match -engine cmd=target/release/pbrain-wuzi name=net \
    option.evaluator="$PWD/$work/net/net.wzn" -engine cmd=target/release/pbrain-wuzi \
    name=classical -games 2 -tc turn=100 -rule 0 -size 15 -quiet -sgf "$work/games.sgf"
# (wuzi-match exits 4 when a game was lost by a fault, which stops this script.)
echo "net-smoke: passed"
