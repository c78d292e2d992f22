from __future__ import annotations

import pytest
from hypothesis import given

from scoring.cards import Deal, Seat, Side
from scoring.declaring import (
    Declaration,
    Redeal,
    check_points,
    declare_from_points,
    find_declarer,
)
from scoring.errors import ErrorCode, ScoringError
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


# --------------------------------------------------------------- from announced points


@pytest.mark.parametrize(
    ("north", "east", "south", "west", "dealer", "expected"),
    [
        (12, 8, 14, 6, N, S),  # the worked example (docs/rules.md §2)
        (15, 3, 15, 7, E, S),  # a tie: South comes first in turn from East
        (15, 3, 15, 7, N, N),
        (4, 15, 6, 15, N, E),
        (4, 15, 6, 15, S, W),
        (12, 11, 4, 13, N, W),
        (7, 8, 13, 12, W, None),  # 20–20
        (10, 10, 10, 10, N, None),
    ],
)
def test_declare_from_points(
    north: int, east: int, south: int, west: int, dealer: Seat, expected: Seat | None
) -> None:
    found = declare_from_points({N: north, E: east, S: south, W: west}, dealer)
    if expected is None:
        assert found == Redeal(dealer)
    else:
        assert isinstance(found, Declaration)
        assert found.declarer is expected


@pytest.mark.parametrize(
    ("hands", "code"),
    [
        ({N: 10, E: 10, S: 10, W: 9}, ErrorCode.DEAL_POINTS_TOTAL),
        ({N: 10, E: 10, S: 10, W: 11}, ErrorCode.DEAL_POINTS_TOTAL),
        ({N: 38, E: 0, S: 2, W: 0}, ErrorCode.HCP_OUT_OF_RANGE),
        ({N: -2, E: 22, S: 10, W: 10}, ErrorCode.HCP_OUT_OF_RANGE),
        ({N: 20, E: 10, S: 10}, ErrorCode.HCP_OUT_OF_RANGE),
    ],
)
def test_points_that_cannot_be_a_deal_are_refused(hands: dict[Seat, int], code: ErrorCode) -> None:
    with pytest.raises(ScoringError) as raised:
        check_points(hands)
    assert raised.value.code is code


@given(deal=deals, dealer=seats)
def test_property_points_alone_declare_as_the_cards_do(deal: Deal, dealer: Seat) -> None:
    assert declare_from_points({seat: deal.hcp(seat) for seat in Seat}, dealer) == find_declarer(
        deal, dealer
    )
