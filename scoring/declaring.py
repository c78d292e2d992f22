"""Who declares a deal (RULES.md §2). There is no auction: the cards decide.

* The side with more than 20 high-card points (HCP) is the declaring side.
* Its player with more HCP is declarer; with equal HCP, the one who comes first in
  turn starting from the dealer (dealer, then clockwise).
* Dummy is declarer's partner; the opening leader is the defender on declarer's left.
* At 20–20 nobody declares: the same dealer deals again (a :class:`Redeal`).
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.cards import Deal, Seat, Side

#: More than this many combined HCP makes a side the declaring side.
HALF_THE_POINTS = 20


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

    RULES.md's worked example (N 12, E 8, S 14, W 6):

    >>> deal = Deal.from_pbn(
    ...     "N:KQ65..A732.K8642 32.QT6432.864.AQ AJ84.K85.KQ5.J73 T97.AJ97.JT9.T95"
    ... )
    >>> found = find_declarer(deal, Seat.NORTH)
    >>> found.declarer.label, found.dummy.label, found.opening_leader.label, found.side_hcp
    ('South', 'North', 'West', 26)
    """
    ns_hcp = deal.side_hcp(Side.NS)
    if ns_hcp == HALF_THE_POINTS:
        return Redeal(dealer)
    side = Side.NS if ns_hcp > HALF_THE_POINTS else Side.EW
    # Walk the table from the dealer; the first of the side with the most HCP declares,
    # which settles a tie in favour of the player who announces first.
    in_turn = [seat for seat in dealer.clockwise() if seat.side is side]
    declarer = max(in_turn, key=deal.hcp)  # max() keeps the first of equal values
    return Declaration(declarer=declarer, side_hcp=deal.side_hcp(side))
