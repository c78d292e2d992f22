"""Standings of a 30-table × 27-board session: queries and milliseconds.

Run from the project root::

    .venv/bin/python bench/bench_standings.py [--runs 7]

Builds the session (810 results) in a scratch SQLite database, then computes
``session_standings`` several times (matchpoints with Neuberg, percentages, places,
travellers and score cards) and prints the median time and the number of queries
against the goals (≤ 10 queries, ≤ 50 ms). As a yardstick from the same run it also
times fetching the 810 result rows alone.
"""

from __future__ import annotations

# ruff: noqa: E402
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
_scratch = tempfile.mkdtemp(prefix="minibridge-bench-")
os.environ["DEBUG"] = "true"
os.environ["DATABASE_URL"] = f"sqlite:///{_scratch}/bench.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "minibridge.settings")

import django

django.setup()

import argparse
import statistics
import time

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import large_results_session
from tournaments.models import Result
from tournaments.standings.selectors import session_standings

GOAL_QUERIES = 10
GOAL_MS = 50.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    session = large_results_session(get_user_model().objects.create_user("bench"))

    with CaptureQueriesContext(connection) as queries:
        session_standings(session)
    timings, fetches = [], []
    for _ in range(args.runs):
        start = time.perf_counter()
        session_standings(session)
        timings.append(time.perf_counter() - start)
        start = time.perf_counter()
        list(Result.objects.filter(session=session))
        fetches.append(time.perf_counter() - start)
    median_ms = statistics.median(timings) * 1000
    fetch_ms = statistics.median(fetches) * 1000
    print(f"30 tables × 27 boards (810 results), median of {args.runs} runs:")
    print(f"  session_standings: {len(queries)} queries, {median_ms:.1f} ms")
    print(f"  fetching the 810 result rows alone: {fetch_ms:.1f} ms ({median_ms / fetch_ms:.1f}×)")
    ok = len(queries) <= GOAL_QUERIES and median_ms <= GOAL_MS
    print(f"goal: ≤ {GOAL_QUERIES} queries and ≤ {GOAL_MS:.0f} ms -> {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
