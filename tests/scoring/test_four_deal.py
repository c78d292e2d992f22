from __future__ import annotations

import pytest

from scoring.cards import Seat, Side
from scoring.declaring import Redeal
from scoring.errors import ErrorCode, ScoringError
from scoring.four_deal import PlayedDeal, Verdict, four_deal_game, next_dealer
from scoring.profiles import get_profile

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
EBU = get_profile("ebu")


def played(dealer: Seat, declarer: Seat, contract: str, tricks: int) -> PlayedDeal:
    return PlayedDeal(dealer=dealer, declarer=declarer, score=EBU.score(contract, tricks))


def test_a_four_deal_game_with_a_redeal() -> None:
    deals: list[PlayedDeal | Redeal] = [
        played(N, S, "4S", 10),  # N–S 420
        Redeal(E),  # 20–20: East deals again, not counted
        played(E, W, "3NT", 8),  # E–W one short: N–S 50
        played(S, E, "1H", 9),  # E–W 140
        played(W, N, "1C", 7),  # N–S 70
    ]
    game = four_deal_game(deals)
    assert (game.ns_total, game.ew_total) == (540, 140)
    assert game.winner is Side.NS
    assert game.verdict(Side.NS) is Verdict.WIN
    assert game.verdict(Side.EW) is Verdict.LOSS
    assert len(game.deals) == 4
    assert game.redeals == (Redeal(E),)
    assert game.total(Side.EW) == 140


def test_equal_totals_are_a_draw() -> None:
    game = four_deal_game(
        [played(N, N, "1S", 8), played(E, E, "1H", 8), played(S, S, "1C", 7), played(W, W, "1D", 7)]
    )
    assert (game.ns_total, game.ew_total) == (180, 180)
    assert game.winner is None
    assert game.verdict(Side.NS) is game.verdict(Side.EW) is Verdict.DRAW


def test_next_dealer_follows_the_table_round_and_repeats_after_a_redeal() -> None:
    assert next_dealer([]) is N
    assert next_dealer([played(N, S, "1NT", 7)]) is E
    assert next_dealer([played(N, S, "1NT", 7), Redeal(E)]) is E
    assert next_dealer([played(N, S, "1NT", 7), Redeal(E), Redeal(E)]) is E
    four = [
        played(N, S, "1NT", 7),
        played(E, E, "1NT", 7),
        played(S, S, "1NT", 7),
        played(W, S, "1NT", 7),
    ]
    assert next_dealer(four) is None


@pytest.mark.parametrize(
    ("deals", "code", "message"),
    [
        (
            [played(E, S, "1NT", 7)],
            ErrorCode.FOUR_DEAL_ORDER,
            "Deal 1 was dealt by East, but it was North's turn",
        ),
        (
            [played(N, S, "1NT", 7), Redeal(S)],
            ErrorCode.FOUR_DEAL_ORDER,
            "Deal 2 was dealt by South, but it was East's turn",
        ),
        (
            [played(N, S, "1NT", 7), Redeal(E), played(S, S, "1NT", 7)],
            ErrorCode.FOUR_DEAL_ORDER,
            "Deal 3 was dealt by South, but it was East's turn",
        ),
        (
            [played(N, S, "1NT", 7), played(E, S, "1NT", 7), played(S, S, "1NT", 7)],
            ErrorCode.FOUR_DEAL_COUNT,
            "The game has 3 deal(s) that count; it needs four",
        ),
        (
            [played(s, N, "1NT", 7) for s in (N, E, S, W)] + [Redeal(N)],
            ErrorCode.FOUR_DEAL_COUNT,
            "Deal 5 comes after the fourth deal that counted",
        ),
    ],
)
def test_a_game_out_of_order_is_refused(
    deals: list[PlayedDeal | Redeal], code: ErrorCode, message: str
) -> None:
    with pytest.raises(ScoringError) as info:
        four_deal_game(deals)
    assert str(info.value).startswith(message)
    assert info.value.code is code


def test_a_target_game_counts_deals_won() -> None:
    target = get_profile("target")
    deals = [
        PlayedDeal(N, S, target.score("4S", 10, hcp=27)),  # target 9: N–S win
        PlayedDeal(E, E, target.score("1NT", 7, hcp=25)),  # target 9: N–S win
        PlayedDeal(S, W, target.score("1H", 8, hcp=23)),  # target 8: E–W win
        PlayedDeal(W, N, target.score("3NT", 9, hcp=29)),  # target 10: E–W win
    ]
    game = four_deal_game(deals)
    assert (game.ns_total, game.ew_total) == (2, 2)
    assert game.winner is None
