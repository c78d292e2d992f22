"""Who declares a deal (docs/rules.md §2). There is no auction: the cards decide.

* The side with more than 20 high-card points (HCP) is the declaring side.
* Its player with more HCP is declarer; with equal HCP, the one who comes first in
  turn starting from the dealer (dealer, then clockwise).
* Dummy is declarer's partner; the opening leader is the defender on declarer's left.
* At 20–20 nobody declares: the same dealer deals again (a :class:`Redeal`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scoring.cards import Deal, Seat, Side
from scoring.errors import ErrorCode, ScoringError

#: More than this many combined HCP makes a side the declaring side.
HALF_THE_POINTS = 20
#: The high-card points in a deal (four aces, kings, queens, jacks).
DEAL_POINTS = 40
#: The most high-card points one hand can hold: four aces, kings, queens and a jack.
MAX_HAND_POINTS = 37


@dataclass(frozen=True)
class Declaration:
    """Who plays which role on a deal, and the declaring side's combined HCP."""

    declarer: Seat
    side_hcp: int

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def opening_leader(self) -> Seat:
        """The defender on declarer's left makes the opening lead."""
        return self.declarer.lho

    @property
    def side(self) -> Side:
        """The declaring side."""
        return self.declarer.side

    @property
    def defenders(self) -> Side:
        return self.declarer.side.other


@dataclass(frozen=True)
class Redeal:
    """A 20–20 deal: it does not count, and ``dealer`` deals again."""

    dealer: Seat


def find_declarer(deal: Deal, dealer: Seat) -> Declaration | Redeal:
    """The :class:`Declaration` for ``deal`` dealt by ``dealer``, or a :class:`Redeal`
    when each side holds exactly 20 HCP.

    The worked example of docs/rules.md §2 (N 12, E 8, S 14, W 6):

    >>> deal = Deal.from_pbn(
    ...     "N:KQ65..A732.K8642 32.QT6432.864.AQ AJ84.K85.KQ5.J73 T97.AJ97.JT9.T95"
    ... )
    >>> found = find_declarer(deal, Seat.NORTH)
    >>> found.declarer.label, found.dummy.label, found.opening_leader.label, found.side_hcp
    ('South', 'North', 'West', 26)
    """
    return declare_from_points({seat: deal.hcp(seat) for seat in Seat}, dealer)


def check_points(points: Mapping[Seat, int]) -> None:
    """Refuse (``ScoringError``) four hands' announced points that cannot be a deal: a
    seat missing, a hand outside 0..37, or a total other than 40."""
    missing = [seat for seat in Seat if seat not in points]
    if missing:
        raise ScoringError(
            ErrorCode.HCP_OUT_OF_RANGE,
            "The points of every hand are needed: " + ", ".join(s.label for s in missing),
            missing=tuple(missing),
        )
    for seat in Seat:
        if not 0 <= points[seat] <= MAX_HAND_POINTS:
            raise ScoringError(
                ErrorCode.HCP_OUT_OF_RANGE,
                f"{seat.label} cannot hold {points[seat]} points: a hand holds 0 to "
                f"{MAX_HAND_POINTS}",
                seat=seat,
                points=points[seat],
            )
    total = sum(points[seat] for seat in Seat)
    if total != DEAL_POINTS:
        raise ScoringError(
            ErrorCode.DEAL_POINTS_TOTAL,
            f"The four hands hold {total} points together; a deal holds {DEAL_POINTS}",
            total=total,
        )


def declare_from_points(points: Mapping[Seat, int], dealer: Seat) -> Declaration | Redeal:
    """The same as :func:`find_declarer` from the four hands' announced points alone (a
    class playing with real cards says them aloud; the cards themselves are not needed).
    The points are checked first (:func:`check_points`).

    >>> declare_from_points({Seat.NORTH: 12, Seat.EAST: 8, Seat.SOUTH: 14, Seat.WEST: 6},
    ...                     Seat.NORTH).declarer.label
    'South'
    """
    check_points(points)
    ns_hcp = points[Seat.NORTH] + points[Seat.SOUTH]
    if ns_hcp == HALF_THE_POINTS:
        return Redeal(dealer)
    side = Side.NS if ns_hcp > HALF_THE_POINTS else Side.EW
    # Walk the table from the dealer; the first of the side with the most HCP declares,
    # which settles a tie in favour of the player who announces first.
    in_turn = [seat for seat in dealer.clockwise() if seat.side is side]
    declarer = max(in_turn, key=points.__getitem__)  # max() keeps the first of equal values
    return Declaration(declarer=declarer, side_hcp=points[declarer] + points[declarer.partner])
