"""National matchpoints of a simultaneous event: 200 schools × 6 tables × 24 boards.

Run from the project root::

    .venv/bin/python bench/bench_event_scoring.py [--runs 5]

Builds 28,800 results in memory (every table of every school plays every board, with a
few adjusted and "not played" results), then times, in pure Python and without a
database, the national results from cold (``scoring.event.score_event``: every board's
field, frequency tables, every pair's percentage and place) and the refresh after one
school's upload (24 boards re-scored from their cached neighbours, then
``event_standings``). Prints the median of several runs against the goal (well under a
second from cold).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring.event import (
    FieldEntry,
    FieldResult,
    NotPlayed,
    event_standings,
    score_event,
    score_field_board,
)
from scoring.matchpoints import Adjusted, Played

SCHOOLS = 200
TABLES = 6
BOARDS = 24
GOAL_S = 1.0
CONTRACTS = ["1NT", "3NT", "1S", "4S", "1H", "4H", "1D", "5D", "1C", "5C"]


def build(seed: int = 20) -> dict[int, list[FieldResult]]:
    rng = random.Random(seed)
    results: dict[int, list[FieldResult]] = {board: [] for board in range(1, BOARDS + 1)}
    for school in range(SCHOOLS):
        for table in range(1, TABLES + 1):
            for board in range(1, BOARDS + 1):
                roll = rng.random()
                entry: FieldEntry
                if roll < 0.01:
                    entry = NotPlayed()
                elif roll < 0.02:
                    entry = Adjusted(60, 40)
                else:
                    entry = Played(rng.choice([-150, -100, -50, 90, 110, 120, 140, 400, 420]))
                results[board].append(
                    FieldResult(school, f"{table}NS", f"{table}EW", entry, rng.choice(CONTRACTS))
                )
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    results = build()
    count = sum(len(lines) for lines in results.values())

    cold: list[float] = []
    for _ in range(args.runs):
        start = time.perf_counter()
        event = score_event(results)
        cold.append(time.perf_counter() - start)

    cache = {board.number: board for board in event.boards}
    refresh: list[float] = []
    for _ in range(args.runs):
        start = time.perf_counter()
        # One school's upload touches every board: re-score those 24, reuse nothing else.
        for number, lines in results.items():
            cache[number] = score_field_board(number, lines)
        event_standings(cache.values())
        refresh.append(time.perf_counter() - start)

    cold_s = statistics.median(cold)
    print(
        f"{SCHOOLS} schools × {TABLES} tables × {BOARDS} boards ({count} results, "
        f"{len(event.pairs)} pairs), median of {args.runs} runs:"
    )
    print(f"  national results from cold (score_event): {cold_s * 1000:.0f} ms")
    refresh_ms = statistics.median(refresh) * 1000
    print(f"  after one school's upload (24 boards + standings): {refresh_ms:.0f} ms")
    ok = cold_s <= GOAL_S
    print(f"goal: ≤ {GOAL_S:.0f} s from cold -> {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
