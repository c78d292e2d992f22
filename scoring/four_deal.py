"""The four-deal game at one table (docs/rules.md §8).

Four deals are played and each player deals once: North, East, South, West in turn.
A 20–20 deal is redealt by the same dealer and does not count. After the fourth
deal the side with more points wins; equal totals are a draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from scoring.cards import Seat, Side
from scoring.declaring import Redeal
from scoring.errors import ErrorCode, ScoringError
from scoring.profiles import Score

#: Who deals the first, second, third and fourth deal.
DEALERS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth"}


@dataclass(frozen=True)
class PlayedDeal:
    """A deal that counts: who dealt, who declared, and its score."""

    dealer: Seat
    declarer: Seat
    score: Score

    @property
    def ns_points(self) -> int:
        return self.score.ns_points(self.declarer)

    @property
    def ew_points(self) -> int:
        return self.score.ew_points(self.declarer)


class Verdict(StrEnum):
    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"


@dataclass(frozen=True)
class FourDealResult:
    """The finished game: the four deals that counted, redeals, and each side's total."""

    deals: tuple[PlayedDeal, ...]
    redeals: tuple[Redeal, ...]

    @property
    def ns_total(self) -> int:
        return sum(deal.ns_points for deal in self.deals)

    @property
    def ew_total(self) -> int:
        return sum(deal.ew_points for deal in self.deals)

    def total(self, side: Side) -> int:
        return self.ns_total if side is Side.NS else self.ew_total

    @property
    def winner(self) -> Side | None:
        """The side with more points, or None for a draw."""
        if self.ns_total == self.ew_total:
            return None
        return Side.NS if self.ns_total > self.ew_total else Side.EW

    def verdict(self, side: Side) -> Verdict:
        """Win, loss or draw for ``side``."""
        if self.winner is None:
            return Verdict.DRAW
        return Verdict.WIN if self.winner is side else Verdict.LOSS


class Dealt(Protocol):
    """A deal as the table round sees it: who dealt it."""

    @property
    def dealer(self) -> Seat: ...


def next_dealer(
    deals: Sequence[PlayedDeal | Redeal | Dealt], *, dealers: Sequence[Seat] = DEALERS
) -> Seat | None:
    """Who deals next after ``deals`` (in the order played), or None when the game is over.

    After a redeal the same player deals again. ``dealers`` are the players who deal in
    turn, one counted deal each (three players: see :mod:`scoring.three_players`); a
    deal counts unless it is a :class:`Redeal`.
    """
    counted = 0
    for number, deal in enumerate(deals, start=1):
        if counted == len(dealers):
            raise ScoringError(
                ErrorCode.FOUR_DEAL_COUNT,
                f"Deal {number} comes after the {_ORDINALS.get(counted, str(counted))} deal "
                f"that counted; a game has {counted}",
                deals=len(deals),
            )
        expected = dealers[counted]
        if deal.dealer is not expected:
            in_turn = ", ".join(seat.label for seat in dealers)
            raise ScoringError(
                ErrorCode.FOUR_DEAL_ORDER,
                f"Deal {number} was dealt by {deal.dealer.label}, but it was "
                f"{expected.label}'s turn: the dealers are {in_turn} in turn, "
                "and a deal that does not count is dealt again by the same player",
                number=number,
                dealer=deal.dealer,
                expected=expected,
            )
        if not isinstance(deal, Redeal):
            counted += 1
    return dealers[counted] if counted < len(dealers) else None


def four_deal_game(deals: Sequence[PlayedDeal | Redeal]) -> FourDealResult:
    """Each side's total and the winner, from the deals in the order they were dealt
    (four that count, with any redeals among them)."""
    if next_dealer(deals) is not None:
        played = sum(isinstance(deal, PlayedDeal) for deal in deals)
        raise ScoringError(
            ErrorCode.FOUR_DEAL_COUNT,
            f"The game has {played} deal(s) that count; it needs four (one by each dealer)",
            played=played,
        )
    return FourDealResult(
        deals=tuple(deal for deal in deals if isinstance(deal, PlayedDeal)),
        redeals=tuple(deal for deal in deals if isinstance(deal, Redeal)),
    )
