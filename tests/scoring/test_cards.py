from __future__ import annotations

import pytest
from hypothesis import given

from scoring.cards import Card, Deal, Hand, Rank, Seat, Side, Strain, Suit, full_deck
from scoring.errors import ErrorCode, ScoringError
from tests.scoring.deals import WORKED_EXAMPLE, deals, seats

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


@pytest.mark.parametrize(
    ("seat", "next_", "partner", "lho", "rho", "side"),
    [
        (N, E, S, E, W, Side.NS),
        (E, S, W, S, N, Side.EW),
        (S, W, N, W, E, Side.NS),
        (W, N, E, N, S, Side.EW),
    ],
)
def test_seat_relations(
    seat: Seat, next_: Seat, partner: Seat, lho: Seat, rho: Seat, side: Side
) -> None:
    assert seat.next is next_
    assert seat.partner is partner
    assert seat.lho is lho
    assert seat.rho is rho
    assert seat.side is side
    assert seat in side.seats


def test_seat_values_are_pbn_letters() -> None:
    assert [seat.value for seat in Seat] == ["N", "E", "S", "W"]
    assert Seat("N") is N
    assert Seat.parse(" w ") is W
    assert N.clockwise() == (N, E, S, W)
    assert S.clockwise() == (S, W, N, E)


def test_an_unknown_seat_is_refused() -> None:
    with pytest.raises(ScoringError, match="'X' is not a seat; use N, E, S or W") as info:
        Seat.parse("X")
    assert info.value.code is ErrorCode.SEAT_UNKNOWN


@pytest.mark.parametrize(
    ("board", "dealer"), [(1, N), (2, E), (3, S), (4, W), (5, N), (16, W), (17, N)]
)
def test_dealer_of_board(board: int, dealer: Seat) -> None:
    assert Seat.dealer_of_board(board) is dealer


def test_board_zero_does_not_exist() -> None:
    with pytest.raises(ValueError, match="numbered from 1"):
        Seat.dealer_of_board(0)


@pytest.mark.parametrize(
    ("rank", "hcp"),
    [(Rank.ACE, 4), (Rank.KING, 3), (Rank.QUEEN, 2), (Rank.JACK, 1), (Rank.TEN, 0), (Rank.TWO, 0)],
)
def test_rank_hcp(rank: Rank, hcp: int) -> None:
    assert rank.hcp == hcp


def test_the_deck_has_52_cards_and_40_points() -> None:
    deck = full_deck()
    assert len(set(deck)) == 52
    assert sum(card.rank.hcp for card in deck) == 40
    assert str(Card(Suit.SPADES, Rank.ACE)) == "♠A"
    assert str(Card(Suit.CLUBS, Rank.TEN)) == "♣T"


def test_strains() -> None:
    assert [s.value for s in Strain] == ["C", "D", "H", "S", "NT"]
    assert Strain.NO_TRUMPS.suit is None
    assert Strain.HEARTS.suit is Suit.HEARTS
    assert Strain.CLUBS.is_minor
    assert Strain.SPADES.is_major


def test_hand_from_pbn_counts_points_and_orders_cards() -> None:
    hand = Hand.from_pbn("AKQ.JT9.876.5432")
    assert len(hand) == 13
    assert hand.hcp == 4 + 3 + 2 + 1
    assert hand.to_pbn() == "AKQ.JT9.876.5432"
    assert Hand.from_pbn("QKA..2.").to_pbn() == "AKQ..2."
    assert Card(Suit.HEARTS, Rank.JACK) in hand


def test_worked_example_points() -> None:
    deal = Deal.from_pbn(WORKED_EXAMPLE)
    assert [deal.hcp(seat) for seat in Seat] == [12, 8, 14, 6]
    assert deal.side_hcp(Side.NS) == 26
    assert deal.side_hcp(Side.EW) == 14
    assert len(deal.north.holding(Suit.SPADES)) + len(deal.south.holding(Suit.SPADES)) == 8


@pytest.mark.parametrize("first", list(Seat))
def test_pbn_round_trip_from_any_first_seat(first: Seat) -> None:
    deal = Deal.from_pbn(WORKED_EXAMPLE)
    text = deal.to_pbn(first)
    assert text.startswith(f"{first.value}:")
    assert Deal.from_pbn(text) == deal


def test_a_deal_starting_with_west_puts_hands_clockwise_from_west() -> None:
    deal = Deal.from_pbn("W:T97.AJ97.JT9.T95 KQ65..A732.K8642 32.QT6432.864.AQ AJ84.K85.KQ5.J73")
    assert deal == Deal.from_pbn(WORKED_EXAMPLE)
    assert deal.west.to_pbn() == "T97.AJ97.JT9.T95"


def test_extra_spaces_and_lower_case_are_read() -> None:
    text = "  n:kq65..a732.k8642   32.qt6432.864.aq AJ84.K85.KQ5.J73 T97.AJ97.JT9.T95 "
    assert Deal.from_pbn(text) == Deal.from_pbn(WORKED_EXAMPLE)


@pytest.mark.parametrize(
    ("text", "code", "message"),
    [
        (
            # The ♠A moved from South to North, and West holds a second one.
            "N:AKQ65..A732.K8642 32.QT6432.864.AQ J84.K85.KQ5.J73 T97A.AJ97.JT9.T9",
            ErrorCode.DEAL_DUPLICATE_CARD,
            "The ♠A is in both North's and West's hands",
        ),
        (
            "N:KQ65..A732.K8642 32.QT6432.864.AQ AJ84.K85.KQ5.J73 T97.AJ97.JT9.T9",
            ErrorCode.DEAL_HAND_SIZE,
            "West holds 12 cards; every hand must hold exactly 13",
        ),
        (
            "N:KQ65..A732.K8642 32.QT6432.864.AQ AJ84.K85.KQ5.J73 T97.AJ97.JT9.T9X",
            ErrorCode.DEAL_UNKNOWN_RANK,
            "West's hand has 'X' in clubs, which is not a rank; use A K Q J T 9 8 7 6 5 4 3 2",
        ),
        (
            "N:KQ65..A732.K8642 32.QT6432.864.AQ AJ84.K85.KQ5.J73 T97.AJ97.JT9.1095",
            ErrorCode.DEAL_UNKNOWN_RANK,
            "West's hand has '1' in clubs",
        ),
        (
            "N:KQ65..A732.K8642 32.QT6432.864.AQ AJ84.K85.KQ5.J73 T97.AJ97.JT9.T955",
            ErrorCode.DEAL_DUPLICATE_CARD,
            "West's hand lists the ♣5 twice",
        ),
        (
            "N:KQ65..A732.K8642 - AJ84.K85.KQ5.J73 T97.AJ97.JT9.T95",
            ErrorCode.DEAL_UNKNOWN_HAND,
            "East's hand is given as '-' \\(unknown\\); a deal must show all 52 cards",
        ),
        (
            "KQ65..A732.K8642 32.QT6432.864.AQ AJ84.K85.KQ5.J73 T97.AJ97.JT9.T95",
            ErrorCode.DEAL_FORMAT,
            "A PBN deal starts with the first seat and a colon",
        ),
        (
            "X:KQ65..A732.K8642 32.QT6432.864.AQ AJ84.K85.KQ5.J73 T97.AJ97.JT9.T95",
            ErrorCode.DEAL_FORMAT,
            "starts with the first seat",
        ),
        (
            "N:KQ65..A732.K8642 32.QT6432.864.AQ AJ84.K85.KQ5.J73",
            ErrorCode.DEAL_FORMAT,
            "four hands separated by spaces; this one has 3",
        ),
        (
            "N:KQ65.A732.K8642 32.QT6432.864.AQ AJ84.K85.KQ5.J73 T97.AJ97.JT9.T95",
            ErrorCode.DEAL_FORMAT,
            "North's hand 'KQ65.A732.K8642' has 3 suit",
        ),
        ("", ErrorCode.DEAL_FORMAT, "A PBN deal starts"),
    ],
)
def test_a_malformed_deal_names_the_problem(text: str, code: ErrorCode, message: str) -> None:
    with pytest.raises(ValueError, match=message) as info:
        Deal.from_pbn(text)
    assert isinstance(info.value, ScoringError)
    assert info.value.code is code


def test_several_wrong_hand_sizes_are_all_named() -> None:
    text = "N:KQT65..A732.K8642 32.QT6432.864.AQ AJ84.K85.KQ5.J73 97.AJ97.JT9.T95"
    with pytest.raises(ValueError, match="North holds 14 cards, West holds 12 cards") as info:
        Deal.from_pbn(text)
    assert isinstance(info.value, ScoringError)
    assert info.value.params["counts"] == {"N": 14, "W": 12}


@given(deals, seats)
def test_pbn_round_trips_for_any_deal(deal: Deal, first: Seat) -> None:
    assert Deal.from_pbn(deal.to_pbn(first)) == deal


@given(deals)
def test_a_deal_always_holds_40_points(deal: Deal) -> None:
    assert sum(deal.hcp(seat) for seat in Seat) == 40
    assert deal.side_hcp(Side.NS) + deal.side_hcp(Side.EW) == 40


@given(deals)
def test_rotating_moves_each_hand_one_seat_clockwise(deal: Deal) -> None:
    turned = deal.rotated()
    for seat in Seat:
        assert turned[seat.next] == deal[seat]
    assert deal.rotated(4) == deal
    assert deal.rotated(-1).rotated() == deal
