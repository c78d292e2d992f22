"""The events' wording, in one place (as tournaments.labels is the classroom's): every
user-facing sentence about events that is built in Python lives here, one msgid per
term."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, ngettext

from tournaments import labels

# -- Organisers and joining ---------------------------------------------------------------


# -- Uploads --------------------------------------------------------------------------------


# -- National results -----------------------------------------------------------------------


# -- The event booklet ----------------------------------------------------------------------


def booklet_kind() -> str:
    """What the booklet is called in each page's header."""
    return gettext("Event booklet")


def booklet_not_analysed() -> str:
    """Instead of a par, for a board the analysis has not reached (as the lesson pack)."""
    return gettext("The cards are not analysed yet")


def booklet_frequency_heading() -> str:
    """The heading of a board's contracts across the event."""
    return gettext("Across the event:")


def booklet_frequency_text(contracts: Sequence[tuple[str, int]]) -> str:
    """How often each contract was played on a board, most played first:
    "4♠ at 12 tables · 3NT at one table"; "No results yet." with none."""
    if not contracts:
        return gettext("No results yet.")
    return " · ".join(
        ngettext("%(contract)s at one table", "%(contract)s at %(count)s tables", count)
        % {"contract": _contract(contract), "count": count}
        for contract, count in contracts
    )


def _contract(text: str) -> str:
    try:
        return labels.contract_text(text)
    except ValueError:  # never from this site's rows; shown as stored rather than lost
        return text
