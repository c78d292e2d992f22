"""The wording of a term league: its default name, deals and scores, its progress."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise


# How a deal of a mini-match is won: the league's scoring profile (tournaments.leagues).
DEAL_WINNER_NAMES: dict[str, StrPromise] = {
    "target": _(
        "By the target: declarer’s side wins the deal if it takes the target tricks for "
        "its points, otherwise the defenders win it"
    ),
    "ebu": _("By the score: the side that scores more on the deal (EBU scoring) wins it"),
}


def league_default_name(today: datetime.date) -> str:
    """A new league's name before the teacher types one: the term it starts in,
    "Autumn league 2026" from July, "Spring league 2027" until June."""
    if today.month >= 7:
        return gettext("Autumn league %(year)s") % {"year": today.year}
    return gettext("Spring league %(year)s") % {"year": today.year}


def deals_text(deals: float) -> str:
    """A count of deals won, with a halved deal as ½: ``"2"``, ``"1½"``."""
    whole = int(deals)
    if deals == whole:
        return str(whole)
    return f"{whole or ''}½"


def deals_score_text(won: float, lost: float) -> str:
    """A mini-match from one pair's side: deals won – deals lost, ``"2–1"``."""
    return f"{deals_text(won)}–{deals_text(lost)}"


def league_progress_text(*, played: int, matches: int) -> str:
    """How far a league is: "4 of 6 mini-matches played", or "Final table"."""
    if matches and played == matches:
        return gettext("Final table")
    return ngettext(
        "%(played)s of %(matches)s mini-match played",
        "%(played)s of %(matches)s mini-matches played",
        matches,
    ) % {"played": played, "matches": matches}
