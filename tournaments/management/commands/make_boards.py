"""Deal boards to a PBN file: ``python manage.py make_boards 16 --dd --output week3.pbn``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring import dd, dealing
from scoring.pbn import PbnBoard, write_pbn


class Command(BaseCommand):
    help = (
        "Deal COUNT fair Minibridge boards and write them as a PBN 2.1 file. The seed is "
        "printed so the same boards can be dealt again."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("count", type=int, help="How many boards, 1 to 64.")
        parser.add_argument("--seed", default="", help="Deal the boards of this seed again.")
        parser.add_argument(
            "--preset",
            choices=sorted(dealing.PRESETS),
            help="Only deals that suit a lesson (e.g. game_likely).",
        )
        parser.add_argument(
            "--dd",
            action="store_true",
            help="Add the double-dummy tricks and the Minibridge par (EBU scoring).",
        )
        parser.add_argument("--output", required=True, type=Path, help="The .pbn file to write.")
        parser.add_argument("--event", default="", help="The PBN Event tag.")

    def handle(self, *args: Any, **options: Any) -> None:
        output: Path = options["output"]
        if not output.parent.is_dir():
            raise CommandError(f"The folder {output.parent} does not exist.")
        try:
            dealt = dealing.deal_boards(
                options["count"],
                seed=options["seed"] or dealing.new_seed(),
                preset=options["preset"],
            )
        except dealing.DealingError as error:
            raise CommandError(str(error)) from None
        tables = dd.analyse([board.deal for board in dealt.boards]) if options["dd"] else None
        boards = []
        for index, board in enumerate(dealt.boards):
            table = tables[index] if tables else None
            par = None
            if table is not None:
                declaration = board.declaration
                par = dd.minibridge_par(table, declaration.declarer, hcp=declaration.side_hcp)
            boards.append(
                PbnBoard(
                    number=board.number,
                    dealer=board.dealer,
                    deal=board.deal,
                    dd_tricks=dict(table.tricks) if table else None,
                    par=str(par) if par else None,
                    par_ties=(par.ties_pbn or None) if par else None,
                )
            )
        text = write_pbn(boards, event=options["event"])
        # newline="" keeps the CRLF line ends PBN export format asks for.
        with output.open("w", encoding="utf-8", newline="") as file:
            file.write(text)
        self.stdout.write(
            f"Dealt {len(boards)} boards with seed {dealt.seed}"
            + (f" (preset {dealt.preset})" if dealt.preset else "")
            + f"; {dealt.redeals} deals of 20–20 were dealt again. Wrote {output}."
        )
