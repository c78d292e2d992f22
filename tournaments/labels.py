"""Translated words for the rules library's enums. The library speaks English codes;
the site shows these, in the user's language."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring.cards import Card, Rank, Seat, Side, Strain, Suit

SEAT_NAMES: dict[Seat, Promise] = {
    Seat.NORTH: _("North"),
    Seat.EAST: _("East"),
    Seat.SOUTH: _("South"),
    Seat.WEST: _("West"),
}
# One-letter seat names for compasses and tables: N E S W / N Ø S V.
SEAT_LETTERS: dict[Seat, Promise] = {
    Seat.NORTH: pgettext_lazy("seat letter", "N"),
    Seat.EAST: pgettext_lazy("seat letter", "E"),
    Seat.SOUTH: pgettext_lazy("seat letter", "S"),
    Seat.WEST: pgettext_lazy("seat letter", "W"),
}
SIDE_NAMES: dict[Side, Promise] = {
    Side.NS: _("North–South"),
    Side.EW: _("East–West"),
}
SUIT_NAMES: dict[Suit, Promise] = {
    Suit.SPADES: _("Spades"),
    Suit.HEARTS: _("Hearts"),
    Suit.DIAMONDS: _("Diamonds"),
    Suit.CLUBS: _("Clubs"),
}
STRAIN_NAMES: dict[Strain, Promise] = {
    Strain.CLUBS: _("Clubs"),
    Strain.DIAMONDS: _("Diamonds"),
    Strain.HEARTS: _("Hearts"),
    Strain.SPADES: _("Spades"),
    Strain.NO_TRUMPS: _("No trumps"),
}

NO_TRUMPS_SHORT = pgettext_lazy("no trumps", "NT")


def rank_text(rank: Rank) -> str:
    """A rank as pupils read it: ``"10"`` rather than PBN's ``"T"``."""
    return "10" if rank is Rank.TEN else rank.char


def holding_text(cards: Iterable[Card]) -> str:
    """One suit's cards as shown: ``"A K 10 7"``, or ``"—"`` for a void."""
    return " ".join(rank_text(card.rank) for card in cards) or "—"
