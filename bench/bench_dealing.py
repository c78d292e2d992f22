"""Dealing rate: complete boards per second from ``scoring.dealing.deal_boards``.

Run from the project root::

    .venv/bin/python bench/bench_dealing.py [--sets 60]

Deals ``--sets`` sets of 64 boards from different seeds (each board a SHA-256 stream,
Fisher–Yates, the 20–20 check, the Deal object and its declarer) and prints boards per
second against the goal (≥ 10,000). As a yardstick from the same run it also times
Python's own ``random.shuffle`` of a 52-card list, which is fast but not reproducible
across Python versions and not a cryptographic generator.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring.dealing import deal_boards

GOAL = 10_000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sets", type=int, default=60)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    rates = []
    for run in range(args.runs):
        start = time.perf_counter()
        for index in range(args.sets):
            deal_boards(64, seed=f"bench-{run}-{index}")
        rates.append(args.sets * 64 / (time.perf_counter() - start))
    rate = statistics.median(rates)

    pack = list(range(52))
    rng = random.Random(1)
    start = time.perf_counter()
    shuffles = 50_000
    for _ in range(shuffles):
        rng.shuffle(pack)
    shuffle_rate = shuffles / (time.perf_counter() - start)

    print(f"deal_boards: {rate:,.0f} boards/s (median of {args.runs} runs; goal ≥ {GOAL:,})")
    print(f"random.shuffle alone (no Deal, no checks): {shuffle_rate:,.0f}/s")
    print(f"ratio: deal_boards takes {shuffle_rate / rate:.1f}× the time of a bare shuffle")
    return 0 if rate >= GOAL else 1


if __name__ == "__main__":
    raise SystemExit(main())
