from __future__ import annotations

import pytest
from hypothesis import given

from scoring.cards import Deal, Seat, Side
from scoring.declaring import Declaration, Redeal, find_declarer
from tests.scoring.deals import (
    EW_DECLARE,
    EW_TIE,
    NS_TIE,
    TWENTY_TWENTY,
    WORKED_EXAMPLE,
    deals,
    seats,
)

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def declare(pbn: str, dealer: Seat) -> Declaration:
    outcome = find_declarer(Deal.from_pbn(pbn), dealer)
    assert isinstance(outcome, Declaration)
    return outcome


@pytest.mark.parametrize("dealer", list(Seat))
def test_worked_example_south_declares_north_is_dummy_west_leads(dealer: Seat) -> None:
    declaration = declare(WORKED_EXAMPLE, dealer)
    assert declaration.declarer is S
    assert declaration.dummy is N
    assert declaration.opening_leader is W
    assert declaration.side is Side.NS
    assert declaration.defenders is Side.EW
    assert declaration.side_hcp == 26


@pytest.mark.parametrize(
    ("pbn", "dealer", "declarer"),
    [
        # N 15, S 15: the first of them in turn from the dealer declares.
        (NS_TIE, N, N),
        (NS_TIE, E, S),
        (NS_TIE, S, S),
        (NS_TIE, W, N),
        # E 15, W 15.
        (EW_TIE, N, E),
        (EW_TIE, E, E),
        (EW_TIE, S, W),
        (EW_TIE, W, W),
        # E 11, W 13: West has more, whoever deals.
        (EW_DECLARE, N, W),
        (EW_DECLARE, E, W),
    ],
)
def test_declarer(pbn: str, dealer: Seat, declarer: Seat) -> None:
    assert declare(pbn, dealer).declarer is declarer


@pytest.mark.parametrize("dealer", list(Seat))
def test_twenty_twenty_is_redealt_by_the_same_dealer(dealer: Seat) -> None:
    assert find_declarer(Deal.from_pbn(TWENTY_TWENTY), dealer) == Redeal(dealer)


@given(deals, seats)
def test_the_declarer_belongs_to_the_side_with_more_than_20(deal: Deal, dealer: Seat) -> None:
    outcome = find_declarer(deal, dealer)
    if isinstance(outcome, Redeal):
        assert deal.side_hcp(Side.NS) == deal.side_hcp(Side.EW) == 20
        assert outcome.dealer is dealer
        return
    assert deal.side_hcp(outcome.side) > 20
    assert outcome.side_hcp == deal.side_hcp(outcome.side)
    assert deal.hcp(outcome.declarer) >= deal.hcp(outcome.dummy)
    assert outcome.opening_leader.side is not outcome.side


@given(deals, seats)
def test_turning_the_table_one_seat_turns_the_declarer_one_seat(deal: Deal, dealer: Seat) -> None:
    before = find_declarer(deal, dealer)
    after = find_declarer(deal.rotated(), dealer.next)
    if isinstance(before, Redeal):
        assert after == Redeal(dealer.next)
    else:
        assert isinstance(after, Declaration)
        assert after.declarer is before.declarer.next
        assert after.side_hcp == before.side_hcp
