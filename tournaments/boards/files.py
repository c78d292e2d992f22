"""Files made from a board set: PBN 2.1 and DUP. The writers live in the rules library;"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils import timezone

from scoring.dup import write_dup
from scoring.pbn import PbnBoard, write_pbn
from tournaments.boards.selectors import BoardFacts
from tournaments.models import BoardSet


def board_set_pbn(board_set: BoardSet, boards: Sequence[BoardFacts]) -> str:
    """PBN export format; the par (``MinibridgePar``, with ``MinibridgeParTies`` when
    other contracts reach it) is under the EBU profile."""
    return write_pbn(
        [
            PbnBoard(
                number=board.number,
                dealer=board.dealer,
                deal=board.deal,
                dd_tricks=dict(board.dd.tricks) if board.dd else None,
                par=str(board.par) if board.par else None,
                par_ties=(board.par.ties_pbn or None) if board.par else None,
            )
            for board in boards
        ],
        event=str(board_set),
        date=timezone.localdate(board_set.created_at),
    )


def board_set_dup(boards: Sequence[BoardFacts]) -> bytes:
    """A Duplimate dealing machine's file (boards must be numbered one after another)."""
    return write_dup(boards)
