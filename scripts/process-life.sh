#!/usr/bin/env bash
# Process-life figures: how fast the release brain exits or resets, timed from the
# manager's side, for every rule on 15x15 and 20x20 (README "Process life and memory").
#
#   scripts/process-life.sh            # 20 runs of each case
#   RUNS=5 MEMORY=1073741824 THINK_MS=3000 scripts/process-life.sh
#
# Cases (columns, times in ms as median / max over all runs):
#   END in set-up   END written right behind START + INFO max_memory + INFO rule
#   END idle        END after a move
#   END in BOARD    END inside an unfinished BOARD block
#   END search      END THINK_MS (default 300 ms) into a 30 s search
#   EOF search      stdin closed THINK_MS into a 30 s search (the move is still written)
#   RESTART search  RESTART THINK_MS into a 30 s search, to its OK (the move is dropped)
#   stdout closed   stdout closed at the start of a 300 ms search, to the exit
# Every run also checks exit status 0 and an empty stderr. MEMORY is INFO max_memory
# (default 367001600, Gomocup's 350 MB); a bigger table, once filled (a longer
# THINK_MS), takes the kernel longer to free at exit. The work is the ignored `measure`
# test in tests/process_life.rs.
set -euo pipefail
cd "$(dirname "$0")/.."
export RUNS=${RUNS:-20}
export MEMORY=${MEMORY:-367001600}
export THINK_MS=${THINK_MS:-300}
cargo test --release --test process_life -- --ignored --exact measure --nocapture \
    --test-threads 1 2>&1 | grep -v -e '^running ' -e '^test ' -e '^$' \
    -e 'test result' -e 'Running ' -e 'Finished ' -e 'Compiling ' -e '^ok$'
