"""The wording of result entry: what the teacher's grid says of a result still open."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from django.utils.translation import gettext

from scoring.cards import Side

if TYPE_CHECKING:
    pass
from tournaments.labels.bridge import SIDE_NAMES


class OpenKind(StrEnum):
    """Why a result of a round is still open when the teacher moves on."""

    MISSING = "missing"  # no result entered
    WAITING = "waiting"  # entered, the opponents have not tapped Agree
    CHECK = "check"  # the table asked the teacher to check it
    CONFLICT = "conflict"  # a second tablet sent another result


def open_result_text(
    *, table: int, board: int, kind: OpenKind, round_: int | None = None, side: Side | None = None
) -> str:
    """One open result as the round-change warning says it: "Table 2, board 5: no result
    yet". ``round_`` is named for a flag of an earlier round; ``side`` is who has to
    agree (the defenders), when it is known."""
    if round_ is None:
        where = gettext("Table %(table)s, board %(board)s") % {"table": table, "board": board}
    else:
        where = gettext("Table %(table)s, board %(board)s (round %(round)s)") % {
            "table": table,
            "board": board,
            "round": round_,
        }
    if kind is OpenKind.MISSING:
        what = gettext("no result yet")
    elif kind is OpenKind.WAITING and side is not None:
        what = gettext("waiting for %(side)s to agree") % {"side": SIDE_NAMES[side]}
    elif kind is OpenKind.WAITING:
        what = gettext("waiting for the opponents to agree")
    elif kind is OpenKind.CHECK:
        what = gettext("flagged — the table asked you to check it")
    else:
        what = gettext("flagged — a second tablet sent another result")
    # Translators: %(where)s is "Table 2, board 5"; %(what)s says why it is open.
    return gettext("%(where)s: %(what)s") % {"where": where, "what": what}
