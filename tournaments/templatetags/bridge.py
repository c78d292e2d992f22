"""Template filters that turn the rules library's values into the user's words."""

from __future__ import annotations

from django import template
from django.utils.functional import Promise

from scoring.cards import Seat, Strain, Suit
from tournaments.labels import SEAT_LETTERS, SEAT_NAMES, STRAIN_NAMES, SUIT_NAMES

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
