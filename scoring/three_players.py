"""Three players at a table (docs/rules.md §7): the English Bridge Union's two adaptations.

Four hands are dealt as usual, one of them to the seat nobody sits at (the *empty
seat*): that hand is dealt as the dummy. The three players announce their points in
turn from the dealer (clockwise, the empty seat skipped); the dummy's points are what is
left of the 40. Then either

* **the highest hand** (:attr:`Variant.HIGHEST_HAND`): the player with the most points
  declares (equal: the one who announced first) with the empty seat's hand as the dummy,
  and the other two defend. When declarer and dummy hold fewer than 21 together the
  same dealer deals again; or
* **dealer and dummy** (:attr:`Variant.DEALER_AND_DUMMY`): the dealer and the empty
  seat's hand are one side, the other two players the other, and **the side with more
  points declares**; 20–20 is dealt again by the same dealer.

  - (a) Dealer and dummy declare: the dealer is declarer. A dealer holding fewer points
    than the dummy **swaps hands** with it before the dummy is shown, so the dealer
    plays the empty seat's hand and the dealer's own hand is the dummy.
  - (b) The other two declare: the one with more points declares (equal: the one who
    announced first). **Their partner's hand is shown as the dummy, and that partner
    takes over the empty seat's hand** and defends with the dealer.

A :class:`ThreePlayerDeclaration` says all of it: who declares, whose dealt hand is the
dummy, any swap or take-over, the two defenders and the declaring side's points. The
defenders are always the two players other than the declarer (in case (b) one of them
is the player whose hand became the dummy).

Scoring is as in the four-handed game: the declarer scores what a declaring side
scores, and each defender what the defenders score. Each player keeps a total of their
own; each of the three deals once, and after those deals the player with the most
points wins (several with the most: a draw).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from scoring.cards import Seat
from scoring.declaring import HALF_THE_POINTS, Redeal, check_points
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


class Case(StrEnum):
    """Why the declarer declares: which rule of §7 applied."""

    #: A: the player with the most points declares with the empty seat's hand.
    HIGHEST_HAND = "highest"
    #: B (a): dealer and dummy hold more points; the dealer declares.
    DEALER_SIDE = "dealer-side"
    #: B (b): the other two players hold more points; the better of them declares.
    OTHER_SIDE = "other-side"
    #: Not a rule of §7: until it followed B, this site had the dealer declare with the
    #: empty seat's hand whatever they held. Only deals played that way are read so
    #: (:func:`dealer_always_declared`), so that they keep the declarer they were played
    #: with.
    DEALER_ALWAYS = "dealer-always"


def players(empty_seat: Seat) -> tuple[Seat, Seat, Seat]:
    """The three players' seats, clockwise from North, without the empty seat; each
    deals once, in this order.

    >>> [seat.value for seat in players(Seat.WEST)]
    ['N', 'E', 'S']
    """
    seats = tuple(seat for seat in Seat.NORTH.clockwise() if seat is not empty_seat)
    assert len(seats) == 3
    return (seats[0], seats[1], seats[2])


def in_turn(dealer: Seat, empty_seat: Seat) -> tuple[Seat, Seat, Seat]:
    """The order the three players announce their points: the dealer first, then
    clockwise, the empty seat skipped.

    >>> [seat.value for seat in in_turn(Seat.EAST, Seat.WEST)]
    ['E', 'S', 'N']
    """
    seats = tuple(seat for seat in dealer.clockwise() if seat is not empty_seat)
    assert len(seats) == 3
    return (seats[0], seats[1], seats[2])


@dataclass(frozen=True)
class ThreePlayerDeclaration:
    """Who plays what on a deal at a table of three.

    Hands are named by the seat they were dealt to; players by the seat they sit at.
    """

    #: The player who declares (and scores the declaring side's score).
    declarer: Seat
    #: Whose dealt hand is laid face up as the dummy: the empty seat's, or after a swap
    #: the dealer's own, or in case (b) the declarer's partner's.
    dummy: Seat
    #: The seat nobody sits at; its hand is dealt as the dummy.
    empty_seat: Seat
    #: The declaring side's points together: declarer's hand and the dummy's.
    side_hcp: int
    case: Case
    #: Case (a) with fewer points than the dummy: the dealer and the empty seat's hand
    #: change places (the dealer, the empty seat).
    swap: tuple[Seat, Seat] | None = None
    #: Case (b): the player whose hand became the dummy; they play the empty seat's
    #: hand and defend.
    takes_over: Seat | None = None

    @property
    def defenders(self) -> tuple[Seat, Seat]:
        """The two players other than declarer, in turn from declarer's left (the
        empty seat skipped); each scores the defenders' score."""
        others = [s for s in self.declarer.clockwise()[1:] if s is not self.empty_seat]
        return (others[0], others[1])

    @property
    def declarer_hand(self) -> Seat:
        """The dealt hand declarer plays: the empty seat's after a swap, else their own."""
        return self.empty_seat if self.swap is not None else self.declarer

    def hand_of(self, player: Seat) -> Seat:
        """The dealt hand ``player`` holds in the play (the dummy's hand is declarer's
        to play, but held by nobody).

        >>> points = {Seat.NORTH: 9, Seat.EAST: 14, Seat.SOUTH: 5, Seat.WEST: 12}
        >>> found = three_player_declarer(
        ...     points, dealer=Seat.SOUTH, empty_seat=Seat.WEST, variant="dealer"
        ... )
        >>> found.hand_of(Seat.NORTH).label, found.hand_of(Seat.EAST).label
        ('West', 'East')
        """
        if player is self.empty_seat:
            raise ValueError(f"Nobody sits at {player.label}")
        if player is self.declarer:
            return self.declarer_hand
        if player is self.takes_over:
            return self.empty_seat
        return player


def three_player_declarer(
    points: Mapping[Seat, int], *, dealer: Seat, empty_seat: Seat, variant: Variant | str
) -> ThreePlayerDeclaration | Redeal:
    """Who declares on a deal whose four hands hold ``points`` (the empty seat's hand
    included), dealt by ``dealer``, or a :class:`Redeal` (the same dealer deals again).

    The examples of docs/rules.md §7.5:

    >>> points = {Seat.NORTH: 9, Seat.EAST: 14, Seat.SOUTH: 5, Seat.WEST: 12}
    >>> three_player_declarer(points, dealer=Seat.NORTH, empty_seat=Seat.WEST,
    ...                       variant="highest")  # doctest: +NORMALIZE_WHITESPACE
    ThreePlayerDeclaration(declarer=<Seat.EAST: 'E'>, dummy=<Seat.WEST: 'W'>,
        empty_seat=<Seat.WEST: 'W'>, side_hcp=26, case=<Case.HIGHEST_HAND: 'highest'>,
        swap=None, takes_over=None)
    >>> found = three_player_declarer(points, dealer=Seat.SOUTH, empty_seat=Seat.WEST,
    ...                               variant="dealer")
    >>> found.declarer.label, found.dummy.label, found.takes_over.label, found.side_hcp
    ('East', 'North', 'North', 23)
    >>> [seat.label for seat in found.defenders]
    ['South', 'North']
    >>> points = {Seat.NORTH: 4, Seat.EAST: 4, Seat.SOUTH: 16, Seat.WEST: 16}
    >>> three_player_declarer(points, dealer=Seat.NORTH, empty_seat=Seat.WEST,
    ...                       variant="dealer")
    Redeal(dealer=<Seat.NORTH: 'N'>)
    """
    check_points(points)
    chosen = Variant(variant)
    if dealer is empty_seat:
        raise ScoringError(
            ErrorCode.THREE_PLAYER_DUMMY,
            f"Nobody sits at {dealer.label}, so {dealer.label} cannot deal: one of the "
            "three players deals",
            dealer=dealer,
        )
    order = in_turn(dealer, empty_seat)
    if chosen is Variant.HIGHEST_HAND:
        declarer = max(order, key=points.__getitem__)  # max() keeps the first of equals
        side_hcp = points[declarer] + points[empty_seat]
        if side_hcp < DECLARING_MINIMUM:
            return Redeal(dealer)
        return ThreePlayerDeclaration(
            declarer=declarer,
            dummy=empty_seat,
            empty_seat=empty_seat,
            side_hcp=side_hcp,
            case=Case.HIGHEST_HAND,
        )
    dealer_side = points[dealer] + points[empty_seat]
    if dealer_side == HALF_THE_POINTS:
        return Redeal(dealer)
    if dealer_side > HALF_THE_POINTS:
        swap = points[dealer] < points[empty_seat]
        return ThreePlayerDeclaration(
            declarer=dealer,
            dummy=dealer if swap else empty_seat,
            empty_seat=empty_seat,
            side_hcp=dealer_side,
            case=Case.DEALER_SIDE,
            swap=(dealer, empty_seat) if swap else None,
        )
    others = order[1:]  # the other two, in the order they announced
    declarer = max(others, key=points.__getitem__)  # max() keeps the first of equals
    partner = others[1] if declarer is others[0] else others[0]
    return ThreePlayerDeclaration(
        declarer=declarer,
        dummy=partner,
        empty_seat=empty_seat,
        side_hcp=points[declarer] + points[partner],
        case=Case.OTHER_SIDE,
        takes_over=partner,
    )


def dealer_always_declared(
    points: Mapping[Seat, int], *, dealer: Seat, empty_seat: Seat
) -> ThreePlayerDeclaration:
    """How a deal was played at a table that followed this site's old, wrong rule for
    B (the dealer declared with the empty seat's hand, whatever the two held): for
    reading those deals as they were played, never for a new deal.

    >>> points = {Seat.NORTH: 9, Seat.EAST: 14, Seat.SOUTH: 5, Seat.WEST: 12}
    >>> dealer_always_declared(points, dealer=Seat.SOUTH, empty_seat=Seat.WEST).side_hcp
    17
    """
    check_points(points)
    if dealer is empty_seat:
        raise ScoringError(
            ErrorCode.THREE_PLAYER_DUMMY,
            f"Nobody sits at {dealer.label}, so {dealer.label} cannot deal",
            dealer=dealer,
        )
    return ThreePlayerDeclaration(
        declarer=dealer,
        dummy=empty_seat,
        empty_seat=empty_seat,
        side_hcp=points[dealer] + points[empty_seat],
        case=Case.DEALER_ALWAYS,
    )


@dataclass(frozen=True)
class ThreePlayedDeal:
    """A deal that counts at a table of three: who dealt, who declared, its score."""

    dealer: Seat
    declaration: ThreePlayerDeclaration
    score: Score

    def points(self, seat: Seat) -> int:
        """What the player at ``seat`` scores on this deal: declarer the declaring
        side's score, both defenders the defenders' (the empty seat scores 0)."""
        if seat is self.declaration.declarer:
            return self.score.declarers
        if seat in self.declaration.defenders:
            return self.score.defenders
        return 0


@dataclass(frozen=True)
class ThreePlayerResult:
    """The finished game: the deals that counted, the redeals, and each player's total."""

    empty_seat: Seat
    deals: tuple[ThreePlayedDeal, ...]
    redeals: tuple[Redeal, ...]

    def total(self, seat: Seat) -> int:
        return sum(deal.points(seat) for deal in self.deals)

    @property
    def totals(self) -> dict[Seat, int]:
        """Each player's total, by seat, clockwise from North."""
        return {seat: self.total(seat) for seat in players(self.empty_seat)}

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
    deals: Sequence[ThreePlayedDeal | Redeal], *, empty_seat: Seat
) -> ThreePlayerResult:
    """Each player's total and the winner(s), from the deals in the order they were dealt
    (one that counts by each player, with any redeals among them)."""
    for deal in deals:
        if isinstance(deal, ThreePlayedDeal) and deal.declaration.empty_seat is not empty_seat:
            raise ScoringError(
                ErrorCode.THREE_PLAYER_DUMMY,
                f"A deal was played with nobody at {deal.declaration.empty_seat.label}, "
                f"but nobody sits at {empty_seat.label} in this game",
                dummy=deal.declaration.empty_seat,
                expected=empty_seat,
            )
    if next_dealer(deals, dealers=players(empty_seat)) is not None:
        played = sum(isinstance(deal, ThreePlayedDeal) for deal in deals)
        raise ScoringError(
            ErrorCode.FOUR_DEAL_COUNT,
            f"The game has {played} deal(s) that count; it needs three (one by each player)",
            played=played,
        )
    return ThreePlayerResult(
        empty_seat=empty_seat,
        deals=tuple(deal for deal in deals if isinstance(deal, ThreePlayedDeal)),
        redeals=tuple(deal for deal in deals if isinstance(deal, Redeal)),
    )
