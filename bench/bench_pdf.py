"""How long the print centre takes to build the board PDFs for a full session.

Run from the project root::

    .venv/bin/python bench/bench_pdf.py [--boards 36] [--runs 7]

It deals the boards deterministically (``random.Random(1)``), solves them double dummy
once (untimed; the site stores the analysis with the boards), then builds the hand
records with analysis and the curtain cards several times and prints the median time
against the goal. Exits with status 1 when the median is over the goal.
"""

# Django is set up before the project's modules are imported (gettext needs settings).
# ruff: noqa: E402

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "minibridge.settings")
os.environ.setdefault("DEBUG", "true")

import django

django.setup()

import argparse
import random
import statistics
import time
from collections.abc import Callable

from scoring.cards import Deal, Hand, Seat, full_deck
from scoring.dd import analyse, minibridge_par
from tournaments.printing.boards import BoardPrint, board_slips_pdf, curtain_cards_pdf

#: Seconds allowed for the hand records and the curtain cards of one session together.
GOAL_SECONDS = 1.5


def deal_boards(count: int, *, seed: int = 1) -> list[Deal]:
    """``count`` shuffled deals, the same ones on every run."""
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        cards = list(full_deck())
        rng.shuffle(cards)
        deals.append(
            Deal.from_hands(
                {seat: Hand.of(cards[13 * i : 13 * i + 13]) for i, seat in enumerate(Seat)}
            )
        )
    return deals


def analysed_boards(deals: list[Deal]) -> list[BoardPrint]:
    """The boards with their double-dummy tables and par, as the site would store them."""
    tables = analyse(deals)
    boards = []
    for number, (deal, table) in enumerate(zip(deals, tables, strict=True), start=1):
        board = BoardPrint.from_deal(number, deal, dd=table)
        if board.declarer is not None:
            par = minibridge_par(table, board.declarer, hcp=deal.side_hcp(board.declarer.side))
            board = BoardPrint.from_deal(number, deal, dd=table, par=par)
        boards.append(board)
    return boards


def median_seconds(work: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=36)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()

    start = time.perf_counter()
    boards = analysed_boards(deal_boards(args.boards))
    print(f"Dealt and solved {args.boards} boards in {time.perf_counter() - start:.2f} s (untimed)")

    slips_bytes = len(board_slips_pdf(boards, title="Benchmark"))  # warm-up, and sizes
    curtain_bytes = len(curtain_cards_pdf(boards, title="Benchmark"))
    slips = median_seconds(lambda: board_slips_pdf(boards, title="Benchmark"), args.runs)
    curtains = median_seconds(lambda: curtain_cards_pdf(boards, title="Benchmark"), args.runs)
    both = median_seconds(
        lambda: (board_slips_pdf(boards, title="Benchmark"), curtain_cards_pdf(boards)),
        args.runs,
    )
    verdict = "within" if both <= GOAL_SECONDS else "OVER"
    print(f"{'Hand records with analysis':28}{slips:.3f} s median ({slips_bytes / 1024:.0f} KiB)")
    print(f"{'Curtain cards':28}{curtains:.3f} s median ({curtain_bytes / 1024:.0f} KiB)")
    print(
        f"{f'Both, {args.boards} boards':28}{both:.3f} s median of {args.runs} runs, "
        f"{verdict} the goal of {GOAL_SECONDS} s"
    )
    return 0 if both <= GOAL_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
