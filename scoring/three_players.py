"""Three players at a table (RULES.md §7): the English Bridge Union's two adaptations.

Four hands are dealt as usual, one of them to an empty seat: that hand is the dummy.
The three players announce their points, then either

* **the highest hand** (:attr:`Variant.HIGHEST_HAND`): the player with the most points
  declares opposite the dummy; when declarer and dummy hold fewer than 21 together
  the deal is dealt again by the same dealer; or
* **dealer and dummy** (:attr:`Variant.DEALER_AND_DUMMY`): the dealer declares with the
  dummy, whatever they hold.

The other two players defend together. Scoring is as in the four-handed game: the
declarer scores what a declaring side scores, and each defender what the defenders
score. Each player keeps a total of their own; each of the three deals once, and after
those deals the player with the most points wins (several with the most: a draw).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from scoring.cards import Seat
from scoring.declaring import Redeal, check_points
from scoring.errors import ErrorCode, ScoringError
from scoring.four_deal import next_dealer
from scoring.profiles import Score

#: With the highest hand declaring, declarer and dummy need at least this many points
#: together; fewer and the same dealer deals again.
DECLARING_MINIMUM = 21


class Variant(StrEnum):
    """Who declares with the dummy."""

    HIGHEST_HAND = "highest"
    DEALER_AND_DUMMY = "dealer"


def players(dummy: Seat) -> tuple[Seat, Seat, Seat]:
    """The three players' seats, clockwise from North, without the dummy's seat; each
    deals once, in this order.

    >>> [seat.value for seat in players(Seat.WEST)]
    ['N', 'E', 'S']
    """
    seats = tuple(seat for seat in Seat.NORTH.clockwise() if seat is not dummy)
    assert len(seats) == 3
    return (seats[0], seats[1], seats[2])


@dataclass(frozen=True)
class ThreePlayerDeclaration:
    """Who declares with the dummy, and the points declarer and dummy hold together."""

    declarer: Seat
    dummy: Seat
    side_hcp: int

    @property
    def defenders(self) -> tuple[Seat, Seat]:
        """The two other players, clockwise from declarer."""
        others = [s for s in self.declarer.clockwise() if s not in (self.declarer, self.dummy)]
        return (others[0], others[1])


def three_player_declarer(
    points: Mapping[Seat, int], *, dealer: Seat, dummy: Seat, variant: Variant | str
) -> ThreePlayerDeclaration | Redeal:
    """Who declares with the dummy on a deal whose four hands hold ``points`` (the dummy's
    hand included), or a :class:`Redeal` when the highest hand and the dummy hold fewer
    than 21 together. Equal highest hands: the first in turn from the dealer declares.

    >>> points = {Seat.NORTH: 9, Seat.EAST: 14, Seat.SOUTH: 5, Seat.WEST: 12}
    >>> three_player_declarer(points, dealer=Seat.NORTH, dummy=Seat.WEST, variant="highest")
    ThreePlayerDeclaration(declarer=<Seat.EAST: 'E'>, dummy=<Seat.WEST: 'W'>, side_hcp=26)
    >>> three_player_declarer(points, dealer=Seat.SOUTH, dummy=Seat.WEST, variant="dealer")
    ThreePlayerDeclaration(declarer=<Seat.SOUTH: 'S'>, dummy=<Seat.WEST: 'W'>, side_hcp=17)
    """
    check_points(points)
    chosen = Variant(variant)
    if dealer is dummy:
        raise ScoringError(
            ErrorCode.THREE_PLAYER_DUMMY,
            f"{dealer.label} holds the dummy and cannot deal: one of the three players deals",
            dealer=dealer,
        )
    if chosen is Variant.DEALER_AND_DUMMY:
        declarer = dealer
    else:
        in_turn = [seat for seat in dealer.clockwise() if seat is not dummy]
        declarer = max(in_turn, key=points.__getitem__)  # max() keeps the first of equals
    side_hcp = points[declarer] + points[dummy]
    if chosen is Variant.HIGHEST_HAND and side_hcp < DECLARING_MINIMUM:
        return Redeal(dealer)
    return ThreePlayerDeclaration(declarer=declarer, dummy=dummy, side_hcp=side_hcp)


@dataclass(frozen=True)
class ThreePlayedDeal:
    """A deal that counts at a table of three: who dealt, who declared, its score."""

    dealer: Seat
    declaration: ThreePlayerDeclaration
    score: Score

    def points(self, seat: Seat) -> int:
        """What the player at ``seat`` scores on this deal (the dummy's seat scores 0)."""
        if seat is self.declaration.declarer:
            return self.score.declarers
        if seat in self.declaration.defenders:
            return self.score.defenders
        return 0


@dataclass(frozen=True)
class ThreePlayerResult:
    """The finished game: the deals that counted, the redeals, and each player's total."""

    dummy: Seat
    deals: tuple[ThreePlayedDeal, ...]
    redeals: tuple[Redeal, ...]

    def total(self, seat: Seat) -> int:
        return sum(deal.points(seat) for deal in self.deals)

    @property
    def totals(self) -> dict[Seat, int]:
        """Each player's total, by seat, clockwise from North."""
        return {seat: self.total(seat) for seat in players(self.dummy)}

    @property
    def winners(self) -> tuple[Seat, ...]:
        """The players with the most points: one is the winner, more are a draw."""
        totals = self.totals
        best = max(totals.values())
        return tuple(seat for seat, total in totals.items() if total == best)

    @property
    def is_draw(self) -> bool:
        return len(self.winners) > 1


def three_player_game(
    deals: Sequence[ThreePlayedDeal | Redeal], *, dummy: Seat
) -> ThreePlayerResult:
    """Each player's total and the winner(s), from the deals in the order they were dealt
    (one that counts by each player, with any redeals among them)."""
    for deal in deals:
        if isinstance(deal, ThreePlayedDeal) and deal.declaration.dummy is not dummy:
            raise ScoringError(
                ErrorCode.THREE_PLAYER_DUMMY,
                f"A deal was played with {deal.declaration.dummy.label}'s hand as the dummy, "
                f"but the dummy is {dummy.label}'s hand in this game",
                dummy=deal.declaration.dummy,
                expected=dummy,
            )
    if next_dealer(deals, dealers=players(dummy)) is not None:
        played = sum(isinstance(deal, ThreePlayedDeal) for deal in deals)
        raise ScoringError(
            ErrorCode.FOUR_DEAL_COUNT,
            f"The game has {played} deal(s) that count; it needs three (one by each player)",
            played=played,
        )
    return ThreePlayerResult(
        dummy=dummy,
        deals=tuple(deal for deal in deals if isinstance(deal, ThreePlayedDeal)),
        redeals=tuple(deal for deal in deals if isinstance(deal, Redeal)),
    )
