"""Template filters that turn the rules library's values into the user's words. The
words themselves live in :mod:`tournaments.labels`; each filter is a wrapper round it."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Protocol

from django import template
from django.conf import settings
from django.template.loader import render_to_string
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from scoring.cards import Seat, Strain, Suit
from scoring.contracts import Contract
from scoring.dd import Par
from scoring.feedback import Feedback
from tournaments.labels import bridge as bridge_labels
from tournaments.labels import clock as clock_labels
from tournaments.labels import feedback as feedback_labels
from tournaments.labels import people as people_labels
from tournaments.models import Pair

register = template.Library()


@register.filter
def seat_name(seat: Seat | str) -> str:
    return bridge_labels.seat_name(seat)


@register.filter
def seat_letter(seat: Seat | str) -> str:
    return bridge_labels.seat_letter(seat)


@register.filter
def side_name(side: bridge_labels.SideLike) -> str:
    return bridge_labels.side_name(side)


@register.filter
def side_short(side: bridge_labels.SideLike) -> str:
    return bridge_labels.side_short(side)


@register.filter
def side_heading(side: bridge_labels.SideLike, heading: str) -> str:
    """``{{ "NS"|side_heading:"score" }}`` → "N–S score"."""
    return bridge_labels.side_heading(side, heading)


@register.filter
def strain_name(strain: Strain | str) -> str:
    return bridge_labels.strain_name(strain)


@register.filter
def suit_name(suit: Suit | str) -> str:
    return bridge_labels.suit_name(suit)


@register.filter
def strain_symbol(strain: Strain | str) -> str:
    return bridge_labels.strain_text(strain)


@register.filter
def pair_number(pair: Pair) -> str:
    """ "3 N–S" / "3 Ø–V" in a Mitchell, "3" in a Howell."""
    return people_labels.pair_number(pair.number, pair.line)


class _Numbered(Protocol):
    """A pair as far as its number goes: a :class:`Pair`, or the grid's
    (``result_selectors.GridPair``)."""

    @property
    def number(self) -> int: ...

    @property
    def line(self) -> str: ...


@register.filter
def pair_number_html(pair: _Numbered) -> SafeString:
    """The pair's number as :func:`pair_number` writes it ("3 N–S"), with the side in
    words for screen readers ("3 North–South"), which would read "N–S" as two letters."""
    if not pair.line:
        return format_html("{}", pair.number)
    return format_html(
        '{} <span aria-hidden="true">{}</span><span class="visually-hidden">{}</span>',
        pair.number,
        bridge_labels.side_short(pair.line),
        bridge_labels.side_name(pair.line),
    )


@register.filter
def pair_names(pair: Pair) -> str:
    """ "Emma Hansen & Oliver Smith" (the pupils prefetched with the pair)."""
    return people_labels.names_text(str(member.pupil) for member in pair.members.all())


@register.filter
def pair_screen_names(pair: Pair, names: dict[int, str]) -> str:
    """ "Emma & Oliver H": the pair as a screen the class shares names it (``names`` from
    people_labels.screen_names, by pupil id)."""
    return people_labels.names_text(names[member.pupil_id] for member in pair.members.all())


@register.filter
def contract_text(contract: Contract | str) -> str:
    return bridge_labels.contract_text(contract)


@register.filter
def feedback_text(feedback: Feedback | None) -> str:
    """A result's teaching feedback on one line (scoring.feedback, in the user's words)."""
    return feedback_labels.feedback_text(feedback)


@register.filter
def recorded_result(record: str) -> str:
    """An audit-trail record ("4S 10") as the user reads it ("4♠ 10")."""
    return bridge_labels.recorded_result_text(record)


@register.filter
def contract_html(contract: Contract | str) -> SafeString:
    """A contract as the site shows it: "4♠" with the suit's name for screen readers,
    "1NT" in the user's words. Takes a contract or its stored notation ("4S")."""
    if contract == "":
        return SafeString("")
    contract = bridge_labels.as_contract(contract)
    if contract.strain is Strain.NO_TRUMPS:
        return format_html(
            '<span class="contract">{}</span>', bridge_labels.contract_text(contract)
        )
    return format_html(
        '<span class="contract">{}<span class="suit suit-{}" aria-hidden="true">{}</span>'
        '<span class="visually-hidden"> {}</span></span>',
        contract.level,
        contract.strain.value.lower(),
        bridge_labels.strain_text(contract.strain),
        bridge_labels.strain_name(contract.strain),
    )


@register.filter
def par_contracts_html(par: Par) -> SafeString:
    """Every contract that reaches par, as :func:`contract_html` shows each: "1♥ or 1♠"."""
    return _par_html(bridge_labels.par_contracts_text, par)


@register.filter
def par_tricks_html(par: Par) -> SafeString:
    """The par's contracts with their tricks: "1♥ or 1♠ (8 tricks)"."""
    return _par_html(bridge_labels.par_tricks_text, par)


def _par_html(text: Callable[[Par, Callable[[Contract], str]], str], par: Par) -> SafeString:
    # Each contract is its own HTML (escaped); the words round them are the catalogue's,
    # escaped here before the contracts go in.
    marks: dict[str, SafeString] = {}

    def mark(contract: Contract) -> str:
        key = f"\x00{len(marks)}\x00"
        marks[key] = contract_html(contract)
        return key

    html = str(conditional_escape(text(par, mark)))
    for key, contract in marks.items():
        html = html.replace(key, contract)
    return SafeString(html)


@register.simple_tag
def traveller_head() -> SafeString:
    """The columns every traveller starts with, in the user's language: the same for every
    traveller, so made once per language (every table's save sends one back)."""
    if settings.DEBUG:  # templates being edited show at once
        return render_to_string("includes/traveller_head.html")
    return _traveller_head(get_language())


@functools.lru_cache(maxsize=8)
def _traveller_head(language: str) -> SafeString:
    return render_to_string("includes/traveller_head.html")


@register.filter
def minutes_left(minutes: int) -> str:
    """The round clock's time left as a table reads it: "4 minutes left"."""
    return clock_labels.minutes_left_text(minutes)


@register.simple_tag
def minutes_left_pattern() -> str:
    """ "{n} minutes left", for the round clock's script to fill in."""
    return clock_labels.minutes_left_pattern()
