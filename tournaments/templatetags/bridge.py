"""Template filters that turn the rules library's values into the user's words."""

from __future__ import annotations

import functools

from django import template
from django.conf import settings
from django.template.loader import render_to_string
from django.utils.functional import Promise
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.cards import Seat, Strain, Suit
from scoring.contracts import Contract
from tournaments.labels import NO_TRUMPS_SHORT, SEAT_LETTERS, SEAT_NAMES, STRAIN_NAMES, SUIT_NAMES
from tournaments.models import Pair

register = template.Library()


@register.filter
def seat_name(seat: Seat | str) -> Promise:
    return SEAT_NAMES[Seat(seat)]


@register.filter
def seat_letter(seat: Seat | str) -> Promise:
    return SEAT_LETTERS[Seat(seat)]


@register.filter
def strain_name(strain: Strain | str) -> Promise:
    return STRAIN_NAMES[Strain(strain)]


@register.filter
def suit_name(suit: Suit | str) -> Promise:
    return SUIT_NAMES[Suit(suit)]


@register.filter
def pair_number(pair: Pair) -> str:
    """ "3 N–S" / "3 Ø–V" in a Mitchell, "3" in a Howell."""
    if pair.line == Pair.Line.NS:
        return _("%(number)s N–S") % {"number": pair.number}
    if pair.line == Pair.Line.EW:
        return _("%(number)s E–W") % {"number": pair.number}
    return str(pair.number)


@register.filter
def strain_symbol(strain: Strain | str) -> str:
    return Strain(strain).symbol


@register.filter
def contract_html(contract: Contract) -> SafeString:
    """A contract as the site shows it: "4♠" with the suit's name for screen readers,
    "1NT" in the user's words."""
    if contract.strain is Strain.NO_TRUMPS:
        return format_html('<span class="contract">{}{}</span>', contract.level, NO_TRUMPS_SHORT)
    return format_html(
        '<span class="contract">{}<span class="suit suit-{}" aria-hidden="true">{}</span>'
        '<span class="visually-hidden"> {}</span></span>',
        contract.level,
        contract.strain.value.lower(),
        contract.strain.symbol,
        STRAIN_NAMES[contract.strain],
    )


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
