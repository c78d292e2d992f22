"""Three players at a table (RULES.md §7): both EBU adaptations, and the game's totals."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scoring.three_players
from scoring.cards import Deal, Seat
from scoring.declaring import Redeal
from scoring.errors import ErrorCode, ScoringError
from scoring.profiles import get_profile
from scoring.three_players import (
    DECLARING_MINIMUM,
    ThreePlayedDeal,
    ThreePlayerDeclaration,
    Variant,
    players,
    three_player_declarer,
    three_player_game,
)
from tests.scoring.deals import deals, seats

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
EBU = get_profile("ebu")
HIGHEST, DEALER = Variant.HIGHEST_HAND, Variant.DEALER_AND_DUMMY


def points(north: int, east: int, south: int, west: int) -> dict[Seat, int]:
    return {N: north, E: east, S: south, W: west}


@pytest.mark.parametrize(
    ("hands", "dealer", "dummy", "variant", "declarer", "side_hcp"),
    [
        # The highest single hand declares opposite the dummy.
        (points(9, 14, 5, 12), N, W, HIGHEST, E, 26),
        (points(16, 4, 10, 10), E, W, HIGHEST, N, 26),
        # Equal highest hands: the first in turn from the dealer.
        (points(12, 12, 4, 12), N, W, HIGHEST, N, 24),
        (points(12, 12, 4, 12), E, W, HIGHEST, E, 24),
        (points(12, 4, 12, 12), E, W, HIGHEST, S, 24),
        # Exactly 21 together is enough.
        (points(13, 11, 8, 8), S, W, HIGHEST, N, 21),
        # Another seat holds the dummy.
        (points(6, 20, 4, 10), S, N, HIGHEST, E, 26),
        # Dealer and dummy form a side, whoever holds more, however few.
        (points(9, 14, 5, 12), S, W, DEALER, S, 17),
        (points(9, 14, 5, 12), E, W, DEALER, E, 26),
        (points(0, 30, 10, 0), N, W, DEALER, N, 0),
        (points(10, 10, 10, 10), N, W, DEALER, N, 20),
    ],
)
def test_who_declares_with_the_dummy(
    hands: dict[Seat, int],
    dealer: Seat,
    dummy: Seat,
    variant: Variant,
    declarer: Seat,
    side_hcp: int,
) -> None:
    found = three_player_declarer(hands, dealer=dealer, dummy=dummy, variant=variant)
    assert found == ThreePlayerDeclaration(declarer=declarer, dummy=dummy, side_hcp=side_hcp)
    assert declarer not in (dummy, *found.defenders)
    assert dummy not in found.defenders


@pytest.mark.parametrize(
    ("hands", "dealer"),
    [
        (points(12, 10, 10, 8), N),  # North 12 + dummy 8 = 20
        (points(10, 10, 10, 10), E),  # everybody 10: 20 together
        (points(14, 13, 13, 0), S),  # the dummy holds nothing: 14
    ],
)
def test_the_highest_hand_and_the_dummy_with_fewer_than_21_is_a_redeal(
    hands: dict[Seat, int], dealer: Seat
) -> None:
    assert three_player_declarer(hands, dealer=dealer, dummy=W, variant=HIGHEST) == Redeal(dealer)


@pytest.mark.parametrize(
    ("hands", "dealer", "code"),
    [
        (points(10, 10, 10, 8), N, ErrorCode.DEAL_POINTS_TOTAL),
        (points(38, 0, 2, 0), N, ErrorCode.HCP_OUT_OF_RANGE),
        (points(-1, 21, 10, 10), N, ErrorCode.HCP_OUT_OF_RANGE),
        (points(10, 10, 10, 10), W, ErrorCode.THREE_PLAYER_DUMMY),  # the dummy cannot deal
    ],
)
def test_impossible_points_and_a_dealing_dummy_are_refused(
    hands: dict[Seat, int], dealer: Seat, code: ErrorCode
) -> None:
    with pytest.raises(ScoringError) as raised:
        three_player_declarer(hands, dealer=dealer, dummy=W, variant=HIGHEST)
    assert raised.value.code is code


def test_an_unknown_variant_is_refused() -> None:
    with pytest.raises(ValueError, match="auction"):
        three_player_declarer(points(10, 10, 10, 10), dealer=N, dummy=W, variant="auction")


@pytest.mark.parametrize(
    ("dummy", "order"), [(W, (N, E, S)), (N, (E, S, W)), (E, (N, S, W)), (S, (N, E, W))]
)
def test_the_three_players_deal_in_turn_clockwise_from_north(
    dummy: Seat, order: tuple[Seat, Seat, Seat]
) -> None:
    assert players(dummy) == order


def _hands(deal: Deal) -> dict[Seat, int]:
    return {seat: deal.hcp(seat) for seat in Seat}


@given(deal=deals, dealer=seats, dummy=seats)
def test_property_the_highest_hand_declares_or_the_deal_is_redealt(
    deal: Deal, dealer: Seat, dummy: Seat
) -> None:
    if dealer is dummy:
        dealer = dealer.next
    hands = _hands(deal)
    found = three_player_declarer(hands, dealer=dealer, dummy=dummy, variant=HIGHEST)
    best = max(hcp for seat, hcp in hands.items() if seat is not dummy)
    if isinstance(found, Redeal):
        assert found.dealer is dealer
        assert best + hands[dummy] < DECLARING_MINIMUM
    else:
        assert hands[found.declarer] == best
        assert found.side_hcp == best + hands[dummy] >= DECLARING_MINIMUM
        assert {found.declarer, found.dummy, *found.defenders} == set(Seat)


@given(deal=deals, dealer=seats, dummy=seats)
def test_property_dealer_and_dummy_always_declare(deal: Deal, dealer: Seat, dummy: Seat) -> None:
    if dealer is dummy:
        dealer = dealer.next
    hands = _hands(deal)
    found = three_player_declarer(hands, dealer=dealer, dummy=dummy, variant=DEALER)
    assert isinstance(found, ThreePlayerDeclaration)
    assert found.declarer is dealer
    assert found.side_hcp == hands[dealer] + hands[dummy]


def played(dealer: Seat, declarer: Seat, contract: str, tricks: int) -> ThreePlayedDeal:
    declaration = ThreePlayerDeclaration(declarer=declarer, dummy=W, side_hcp=25)
    return ThreePlayedDeal(
        dealer=dealer, declaration=declaration, score=EBU.score(contract, tricks)
    )


def test_each_player_scores_as_in_the_four_handed_game() -> None:
    game = three_player_game(
        [
            played(N, E, "4S", 10),  # East declares and makes: East 420
            Redeal(E),  # fewer than 21: East deals again
            played(E, E, "3NT", 8),  # one short: North and South 50 each
            played(S, N, "1H", 9),  # North 140
        ],
        dummy=W,
    )
    assert game.totals == {N: 190, E: 420, S: 50}
    assert game.winners == (E,)
    assert not game.is_draw
    assert game.redeals == (Redeal(E),)
    assert game.total(W) == 0


def test_equal_best_totals_are_a_draw() -> None:
    game = three_player_game(
        [played(N, N, "1S", 8), played(E, E, "1S", 8), played(S, N, "1S", 6)], dummy=W
    )
    # North 110, East 110 + 50, South 50: East alone
    assert game.totals == {N: 110, E: 160, S: 50}
    draw = three_player_game(
        [played(N, N, "1S", 8), played(E, E, "1S", 8), played(S, S, "1C", 3)], dummy=W
    )
    assert draw.totals == {N: 310, E: 310, S: 0}
    assert draw.winners == (N, E)
    assert draw.is_draw


@pytest.mark.parametrize(
    ("deals", "code"),
    [
        ([played(N, N, "1S", 8)], ErrorCode.FOUR_DEAL_COUNT),
        ([played(N, N, "1S", 8), played(S, S, "1S", 8)], ErrorCode.FOUR_DEAL_ORDER),
        (
            [played(N, N, "1S", 8), played(E, E, "1S", 8), played(W, W, "1S", 8)],
            ErrorCode.FOUR_DEAL_ORDER,
        ),
    ],
)
def test_a_game_needs_each_player_to_deal_once_in_turn(
    deals: list[ThreePlayedDeal], code: ErrorCode
) -> None:
    with pytest.raises(ScoringError) as raised:
        three_player_game(deals, dummy=W)
    assert raised.value.code is code


def test_a_deal_with_another_dummy_is_refused() -> None:
    other = ThreePlayedDeal(
        dealer=N,
        declaration=ThreePlayerDeclaration(declarer=N, dummy=S, side_hcp=25),
        score=EBU.score("1S", 8),
    )
    with pytest.raises(ScoringError) as raised:
        three_player_game([other], dummy=W)
    assert raised.value.code is ErrorCode.THREE_PLAYER_DUMMY


@given(st.lists(st.sampled_from(["1S", "4H", "3NT", "1C"]), min_size=3, max_size=3))
def test_property_a_made_contract_scores_for_declarer_alone(contracts: list[str]) -> None:
    deals = [played(d, d, c, 13) for d, c in zip((N, E, S), contracts, strict=True)]
    game = three_player_game(deals, dummy=W)
    assert game.totals == {
        seat: EBU.score(contract, 13).declarers
        for seat, contract in zip((N, E, S), contracts, strict=True)
    }


def test_the_examples_in_the_docstrings_hold() -> None:
    failed, tried = doctest.testmod(scoring.three_players)
    assert tried
    assert not failed
