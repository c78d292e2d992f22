"""The events' wording, in one place (as tournaments.labels is the classroom's): every
user-facing sentence about events that is built in Python lives here, one msgid per
term."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

# -- Organisers and joining ---------------------------------------------------------------


# -- Uploads --------------------------------------------------------------------------------


# -- National results -----------------------------------------------------------------------


def national_percent() -> str:
    """The heading of a pair's national percentage."""
    return gettext("National percentage")


def board_played_text(number: int, played: int) -> str:
    """A board's heading over its frequency tables: "Board 3 · played at 5 tables"."""
    board = gettext("Board %(number)s") % {"number": number}
    tables = ngettext("played at %(count)s table", "played at %(count)s tables", played) % {
        "count": played
    }
    return f"{board} · {tables}"


# -- The event booklet ----------------------------------------------------------------------
