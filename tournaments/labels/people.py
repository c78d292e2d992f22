"""The wording of pairs and pupils: pair numbers ("3 N–S"), a pair's names ("Emma H &
Oliver S"), first names on shared screens."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from django.utils.translation import gettext

from scoring.upload import first_name as first_word

if TYPE_CHECKING:
    pass
from tournaments.labels.bridge import SideLike, side_short


def pair_number(number: int, line: SideLike | None) -> str:
    """How a pair is named after the word "Pair": ``"3"`` in a Howell, ``"3 N–S"`` /
    ``"3 Ø–V"`` in a Mitchell (whose two lines are numbered apart). ``line`` is
    ``None`` or ``""`` for a Howell pair."""
    if not line:
        return str(number)
    return f"{number} {side_short(line)}"


def competitor_word(*, individual: bool) -> str:
    """Who a ranking lists, as its column heading: ``"Pair"``, or ``"Pupil"`` in an
    individual session, where each pupil is ranked alone."""
    return gettext("Pupil") if individual else gettext("Pair")


def score_card_heading(label: str, names: str, *, individual: bool) -> str:
    """A score card's heading: ``"Pair 3 N–S: Emma Hansen & Oliver Smith"``; in an
    individual session, whose pupils change partners, ``"Score card: Emma Hansen"``."""
    if individual:
        return gettext("Score card: %(name)s") % {"name": names or label}
    pair = gettext("Pair %(pair)s") % {"pair": label}
    return f"{pair}: {names}" if names else pair


def pair_number_line_first(number: int, line: SideLike | None) -> str:
    """The same, line first, for a cell of the movement chart: ``"N–S 3"``, ``"3"``."""
    if not line:
        return str(number)
    return f"{side_short(line)} {number}"


def pupil_name(first_name: str, last_name: str) -> str:
    """A pupil as the teacher's own pages name them: ``"Emma Hansen"`` (``str(pupil)``)."""
    return f"{first_name} {last_name}".strip()


def pupil_short_name(first_name: str, last_name: str) -> str:
    """A pupil as the printed cards name them: ``"Emma H"``. The first name as a shared
    screen shows it (:func:`pupil_first_name`), and the surname's initial: from the
    surname field, or, when it is empty and the whole name went into the first name's
    (``"Kari Nordmann"``, ``"Nordmann, Kari"``), from the rest of that."""
    shown = pupil_first_name(first_name)
    rest = last_name.strip() or first_name.replace(shown, "", 1).strip(" ,")
    return f"{shown} {rest[:1]}".strip()


def pupil_first_name(first_name: str) -> str:
    """The first name alone, however it was typed: ``"Kari Nordmann"`` and
    ``"Nordmann, Kari"`` → ``"Kari"``. The rule the events apply to names in uploaded
    files (``scoring.upload.first_name``), so that no screen the class shares shows a
    surname typed into the first name's field."""
    return first_word(first_name)


def screen_names(pupils: Iterable[tuple[int, str, str]]) -> dict[int, str]:
    """The names a screen the class shares shows (a table's tablet, the projector), for
    pupils given as (id, first name, surname): the first name alone, ``"Emma"``, or with
    the surname's initial, ``"Emma H"``, when another of these pupils has the same first
    name (:func:`pupil_first_name`, :func:`pupil_short_name`). The one place every
    shared screen takes pupils' names from; surnames stay on the teacher's own pages
    and printouts."""
    listed = [(pk, pupil_first_name(first), first, last) for pk, first, last in pupils]
    counts: dict[str, int] = {}
    for _pk, shown, _first, _last in listed:
        counts[shown.casefold()] = counts.get(shown.casefold(), 0) + 1
    return {
        pk: pupil_short_name(first, last) if counts[shown.casefold()] > 1 else shown
        for pk, shown, first, last in listed
    }


def names_text(names: Iterable[str]) -> str:
    """A pair's names: ``"Emma"``, ``"Emma & Oliver"``, three: ``"Emma, Oliver & Nora"``."""
    listed = list(names)
    if len(listed) <= 1:
        return "".join(listed)
    return ", ".join(listed[:-1]) + " & " + listed[-1]
