"""Double-dummy analysis of 36 boards through the project, against endplay alone.

Run from the project root::

    .venv/bin/python bench/bench_dd.py [--boards 36] [--runs 3]

Three ways over the same deals, interleaved in one process so the machine's state is
the same for each:

* baseline: endplay's ``calc_all_tables`` on all the deals in one call;
* library: ``scoring.dd.analyse`` (the lock, batches of ≤ 40, our DDTable objects);
* site: ``analysis.board_set_run_analysis`` on a board set in a scratch SQLite
  database (batches of 9 so the progress bar moves, a save after each batch).

Prints the median seconds of each and the ratios to the baseline (goal ≤ 1.1×).
"""

from __future__ import annotations

# Django is set up before the project's models are imported.
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
from endplay.dds import calc_all_tables
from endplay.types import Deal as EndplayDeal

from scoring.dd import MAX_DEALS_PER_CALL, analyse
from scoring.dealing import deal_boards
from tournaments.boards import analysis
from tournaments.models import Board, BoardSet

GOAL = 1.1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boards", type=int, default=36)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    call_command("migrate", verbosity=0)
    teacher = get_user_model().objects.create_user("bench")
    dealt = deal_boards(args.boards, seed="bench-dd")
    deals = [board.deal for board in dealt.boards]
    board_set = BoardSet.objects.create(
        teacher=teacher, name="bench", source=BoardSet.Source.DEALT, seed=dealt.seed
    )
    Board.objects.bulk_create(
        Board(board_set=board_set, number=board.number, deal=board.deal.to_pbn())
        for board in dealt.boards
    )

    def baseline() -> None:
        # DDS takes at most 40 deals a call (more raises "Too many DD tables requested"):
        # endplay alone, in calls of 40, as the library makes them.
        endplay_deals = [EndplayDeal(deal.to_pbn()) for deal in deals]
        for start in range(0, len(endplay_deals), MAX_DEALS_PER_CALL):
            calc_all_tables(endplay_deals[start : start + MAX_DEALS_PER_CALL])

    def library() -> None:
        analyse(deals)

    def site() -> None:
        Board.objects.filter(board_set=board_set).update(dd_tricks="")
        BoardSet.objects.filter(pk=board_set.pk).update(analysis=BoardSet.Analysis.QUEUED)
        analysis.board_set_run_analysis(board_set_id=board_set.pk)

    timings: dict[str, list[float]] = {"baseline": [], "library": [], "site": []}
    ways = {"baseline": baseline, "library": library, "site": site}
    baseline()  # warm up: load the solver and its tables once
    for _ in range(args.runs):
        for name, way in ways.items():
            start = time.perf_counter()
            way()
            timings[name].append(time.perf_counter() - start)

    medians = {name: statistics.median(values) for name, values in timings.items()}
    print(f"{args.boards} boards, median of {args.runs} runs:")
    for name in ways:
        ratio = medians[name] / medians["baseline"]
        print(f"  {name:<9} {medians[name]:6.2f} s   {ratio:4.2f}× baseline")
    worst = max(medians["library"], medians["site"]) / medians["baseline"]
    print(f"goal: ≤ {GOAL}× baseline -> {'met' if worst <= GOAL else 'NOT met'}")
    return 0 if worst <= GOAL else 1


if __name__ == "__main__":
    raise SystemExit(main())
