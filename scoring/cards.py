"""Seats, suits, cards, hands and deals, and reading and writing PBN deal strings.

A PBN deal string names the first seat, then the four hands going clockwise from it;
each hand lists its spades, hearts, diamonds and clubs, separated by dots, ranks
written ``A K Q J T 9 … 2``. For example::

    N:AKQ.JT9.876.5432 JT98.AKQ.5432.76 7654.8765.AKQ.JT 32.432.JT9.AKQ98

A :class:`Deal` always holds all 52 cards, 13 to a hand (docs/rules.md §1).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import Enum, IntEnum, StrEnum

from scoring.errors import ErrorCode, ScoringError

HAND_SIZE = 13
DECK_SIZE = 52


class Side(StrEnum):
    """A partnership: North–South or East–West."""

    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.NORTH, Seat.SOUTH) if self is Side.NS else (Seat.EAST, Seat.WEST)

    @property
    def label(self) -> str:
        """The side's English name: North–South or East–West."""
        return "North–South" if self is Side.NS else "East–West"


class Seat(StrEnum):
    """The four seats, valued by their PBN letter. Clockwise order is N, E, S, W."""

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @classmethod
    def parse(cls, text: str) -> Seat:
        """The seat for ``"N"``, ``"E"``, ``"S"`` or ``"W"`` (either case)."""
        letter = text.strip().upper()
        for seat in cls:
            if seat.value == letter:
                return seat
        raise ScoringError(
            ErrorCode.SEAT_UNKNOWN,
            f"{text!r} is not a seat; use N, E, S or W",
            seat=text,
        )

    @classmethod
    def dealer_of_board(cls, board: int) -> Seat:
        """Board 1 is dealt by North, 2 by East, 3 by South, 4 by West, 5 by North …"""
        if board < 1:
            raise ScoringError(
                ErrorCode.BOARD_NUMBER,
                f"Board {board} does not exist; boards are numbered from 1",
                board=board,
            )
        return _CLOCKWISE[(board - 1) % 4]

    @property
    def next(self) -> Seat:
        """The next seat clockwise (also the left-hand opponent)."""
        return _CLOCKWISE[(_CLOCKWISE.index(self) + 1) % 4]

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next seat clockwise."""
        return self.next

    @property
    def partner(self) -> Seat:
        return _CLOCKWISE[(_CLOCKWISE.index(self) + 2) % 4]

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the previous seat clockwise."""
        return _CLOCKWISE[(_CLOCKWISE.index(self) + 3) % 4]

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.NORTH, Seat.SOUTH) else Side.EW

    @property
    def label(self) -> str:
        """The seat's English name, e.g. "North"."""
        return self.name.capitalize()

    def clockwise(self) -> tuple[Seat, Seat, Seat, Seat]:
        """All four seats in turn, starting with this one."""
        start = _CLOCKWISE.index(self)
        return (
            _CLOCKWISE[start],
            _CLOCKWISE[(start + 1) % 4],
            _CLOCKWISE[(start + 2) % 4],
            _CLOCKWISE[(start + 3) % 4],
        )


_CLOCKWISE: tuple[Seat, ...] = tuple(Seat)


class Suit(Enum):
    """The four suits, in PBN order (spades first), valued by their PBN letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[self.value]

    @property
    def label(self) -> str:
        return self.name.lower()


class Strain(StrEnum):
    """What a contract is played in: a trump suit or no trumps."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NO_TRUMPS = "NT"

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None in no trumps."""
        return None if self is Strain.NO_TRUMPS else Suit(self.value)

    @property
    def is_minor(self) -> bool:
        return self in (Strain.CLUBS, Strain.DIAMONDS)

    @property
    def is_major(self) -> bool:
        return self in (Strain.HEARTS, Strain.SPADES)

    @property
    def symbol(self) -> str:
        suit = self.suit
        return "NT" if suit is None else suit.symbol


class Rank(IntEnum):
    """Card ranks, valued 2 (two) to 14 (ace) so that a higher rank compares higher."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @classmethod
    def from_char(cls, char: str) -> Rank | None:
        """The rank for a PBN rank letter (``A K Q J T 9 … 2``), or None."""
        index = RANK_CHARS.find(char.upper()) if len(char) == 1 else -1
        return None if index < 0 else cls(14 - index)

    @property
    def char(self) -> str:
        return RANK_CHARS[14 - self.value]

    @property
    def hcp(self) -> int:
        """High-card points: ace 4, king 3, queen 2, jack 1, others 0."""
        return max(0, int(self) - 10)


RANK_CHARS = "AKQJT98765432"
_SUIT_INDEX = {suit.value: index for index, suit in enumerate(Suit)}


@dataclass(frozen=True, order=True)
class Card:
    """One card, e.g. ``Card(Suit.SPADES, Rank.ACE)``, shown as ``"♠A"``."""

    suit: Suit
    rank: Rank

    def __str__(self) -> str:
        return f"{self.suit.symbol}{self.rank.char}"

    def __hash__(self) -> int:
        # Equal cards hash alike, as the generated hash would, but without Enum's
        # Python-level __hash__: dealing builds thousands of hands a second.
        return hash((self.suit._value_, int(self.rank)))


def full_deck() -> tuple[Card, ...]:
    """All 52 cards, spades ace first, clubs two last."""
    return tuple(Card(suit, rank) for suit in Suit for rank in sorted(Rank, reverse=True))


@dataclass(frozen=True)
class Hand:
    """The cards one player holds (any number here; a :class:`Deal` insists on 13)."""

    cards: frozenset[Card]

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Hand:
        return cls(frozenset(cards))

    @classmethod
    def from_pbn(cls, text: str, *, seat: Seat | None = None) -> Hand:
        """Read one PBN hand, e.g. ``"AKQ.JT9.876.5432"`` (spades.hearts.diamonds.clubs).

        ``seat`` only makes error messages say whose hand it is.
        """
        whose = f"{seat.label}'s hand" if seat else "The hand"
        if text.strip() == "-":
            raise ScoringError(
                ErrorCode.DEAL_UNKNOWN_HAND,
                f"{whose} is given as '-' (unknown); a deal must show all {DECK_SIZE} cards",
                seat=seat,
            )
        holdings = text.split(".")
        if len(holdings) != 4:
            raise ScoringError(
                ErrorCode.DEAL_FORMAT,
                f"{whose} {text!r} has {len(holdings)} suit(s); write four suits "
                "separated by dots, spades.hearts.diamonds.clubs (e.g. AKQ.JT9.876.5432)",
                seat=seat,
                hand=text,
            )
        cards: list[Card] = []
        for suit, holding in zip(Suit, holdings, strict=True):
            for char in holding:
                rank = Rank.from_char(char)
                if rank is None:
                    raise ScoringError(
                        ErrorCode.DEAL_UNKNOWN_RANK,
                        f"{whose} has {char!r} in {suit.label}, which is not a rank; "
                        "use A K Q J T 9 8 7 6 5 4 3 2",
                        seat=seat,
                        suit=suit.label,
                        rank=char,
                    )
                card = Card(suit, rank)
                if card in cards:
                    raise ScoringError(
                        ErrorCode.DEAL_DUPLICATE_CARD,
                        f"{whose} lists the {card} twice; each card is in the deal once",
                        card=str(card),
                        seats=[seat] if seat else [],
                    )
                cards.append(card)
        return cls(frozenset(cards))

    def to_pbn(self) -> str:
        """The PBN form, suits in the order spades.hearts.diamonds.clubs, high cards first."""
        return ".".join("".join(card.rank.char for card in self.holding(suit)) for suit in Suit)

    def holding(self, suit: Suit) -> list[Card]:
        """The cards of one suit, highest first."""
        return sorted((c for c in self.cards if c.suit is suit), key=lambda c: -c.rank)

    @functools.cached_property
    def hcp(self) -> int:
        """High-card points: ace 4, king 3, queen 2, jack 1 (counted once per hand)."""
        return sum(card.rank.hcp for card in self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(sorted(self.cards, key=lambda c: (_SUIT_INDEX[c.suit._value_], -c.rank)))

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __str__(self) -> str:
        return self.to_pbn()


@dataclass(frozen=True)
class Deal:
    """Four hands of 13 cards that together hold the 52 cards exactly once."""

    north: Hand
    east: Hand
    south: Hand
    west: Hand

    def __post_init__(self) -> None:
        seen: dict[Card, Seat] = {}
        for seat in Seat:
            for card in self[seat].cards:
                if card in seen:
                    raise ScoringError(
                        ErrorCode.DEAL_DUPLICATE_CARD,
                        f"The {card} is in both {seen[card].label}'s and {seat.label}'s "
                        "hands; each card is in the deal once",
                        card=str(card),
                        seats=[seen[card], seat],
                    )
                seen[card] = seat
        wrong = [seat for seat in Seat if len(self[seat]) != HAND_SIZE]
        if wrong:
            counts = ", ".join(f"{seat.label} holds {len(self[seat])} cards" for seat in wrong)
            raise ScoringError(
                ErrorCode.DEAL_HAND_SIZE,
                f"{counts}; every hand must hold exactly {HAND_SIZE}",
                counts={seat.value: len(self[seat]) for seat in wrong},
            )

    @classmethod
    def from_hands(cls, hands: Mapping[Seat, Hand]) -> Deal:
        return cls(
            north=hands[Seat.NORTH],
            east=hands[Seat.EAST],
            south=hands[Seat.SOUTH],
            west=hands[Seat.WEST],
        )

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """Read a PBN deal string such as ``"N:AKQ.JT9.876.5432 …"``; any first seat.

        Raises :class:`~scoring.errors.ScoringError` (a ``ValueError``) naming the
        problem: a missing ``"N:"``, a wrong number of hands, an unknown rank, a
        duplicated card, a hand with other than 13 cards.
        """
        first_letter, colon, rest = text.strip().partition(":")
        if not colon or first_letter.strip().upper() not in ("N", "E", "S", "W"):
            raise ScoringError(
                ErrorCode.DEAL_FORMAT,
                "A PBN deal starts with the first seat and a colon (N:, E:, S: or W:), "
                "then four hands, e.g. 'N:AKQ.JT9.876.5432 …'",
                deal=text,
            )
        first = Seat.parse(first_letter)
        pieces = rest.split()
        if len(pieces) != 4:
            raise ScoringError(
                ErrorCode.DEAL_FORMAT,
                f"A PBN deal lists four hands separated by spaces; this one has {len(pieces)}",
                deal=text,
                hands=len(pieces),
            )
        hands = {
            seat: Hand.from_pbn(piece, seat=seat)
            for seat, piece in zip(first.clockwise(), pieces, strict=True)
        }
        return cls.from_hands(hands)

    def to_pbn(self, first: Seat = Seat.NORTH) -> str:
        """The PBN deal string, starting with ``first`` and going clockwise."""
        return f"{first.value}:" + " ".join(self[seat].to_pbn() for seat in first.clockwise())

    def __getitem__(self, seat: Seat) -> Hand:
        match seat:
            case Seat.NORTH:
                return self.north
            case Seat.EAST:
                return self.east
            case Seat.SOUTH:
                return self.south
            case Seat.WEST:
                return self.west

    def hcp(self, seat: Seat) -> int:
        """One player's high-card points."""
        return self[seat].hcp

    def side_hcp(self, side: Side) -> int:
        """A partnership's combined high-card points (the two sides add up to 40)."""
        first, second = side.seats
        return self.hcp(first) + self.hcp(second)

    def rotated(self, turns: int = 1) -> Deal:
        """The same deal with every hand moved ``turns`` seats clockwise
        (North's hand goes to East after one turn)."""
        return Deal.from_hands(
            {seat: self[_CLOCKWISE[(_CLOCKWISE.index(seat) - turns) % 4]] for seat in Seat}
        )

    def __str__(self) -> str:
        return self.to_pbn()
