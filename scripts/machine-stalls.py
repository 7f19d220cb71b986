#!/usr/bin/env python3
"""Measures how often this machine stops a running process for a while.

A busy loop reads the monotonic clock; any gap between two reads longer than the loop
itself takes is time the process was not running (preemption, a paused virtual machine,
host contention). A brain cannot think through such a stall, so at 50 ms/move with no
tolerance a stall longer than the brain's safety margin (33 ms at 50 ms/move) is a time
loss whatever the engine does. Run this beside soak results to tell the two apart.

usage: scripts/machine-stalls.py [SECONDS]   (default 60)
"""
import sys
import time

BUCKETS = [1, 2, 5, 10, 20, 33, 50, 100]  # ms


def main() -> int:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 60.0
    counts = [0] * len(BUCKETS)
    worst = 0.0
    now = time.perf_counter
    start = last = now()
    end = start + seconds
    while last < end:
        t = now()
        gap = (t - last) * 1000.0
        last = t
        if gap >= BUCKETS[0]:
            worst = max(worst, gap)
            for k in range(len(BUCKETS) - 1, -1, -1):
                if gap >= BUCKETS[k]:
                    counts[k] += 1
                    break
    print(f"busy loop {seconds:.0f} s; stalls by length (ms):")
    for k, b in enumerate(BUCKETS):
        hi = f"{BUCKETS[k + 1]}" if k + 1 < len(BUCKETS) else "inf"
        print(f"  [{b:>3}, {hi:>3})  {counts[k]}")
    print(f"longest stall {worst:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
