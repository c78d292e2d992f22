"""Three players at a table (docs/rules.md §7): both EBU adaptations, and the game's totals."""

from __future__ import annotations

import doctest
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scoring.three_players
from scoring.cards import Deal, Seat
from scoring.declaring import Redeal
from scoring.errors import ErrorCode, ScoringError
from scoring.profiles import get_profile
from scoring.three_players import (
    Case,
    ThreePlayedDeal,
    ThreePlayerDeclaration,
    Variant,
    dealer_always_declared,
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


# -- docs/rules.md §7.5's test vectors (the empty seat is W) ---------------------------------


@dataclass(frozen=True)
class Vector:
    """One row of docs/rules.md §7.5's table: the declaration, or None for a redeal."""

    hands: dict[Seat, int]
    dealer: Seat
    variant: Variant
    declarer: Seat | None = None
    dummy: Seat | None = None
    side_hcp: int = 0
    defenders: frozenset[Seat] = frozenset()
    swap: tuple[Seat, Seat] | None = None
    takes_over: Seat | None = None


RULES_VECTORS = {
    "A: E declares with W's hand as dummy (26); N and S defend": Vector(
        points(9, 14, 5, 12), N, HIGHEST, E, W, 26, frozenset({N, S})
    ),
    "A: S is highest; S + W = 20, under 21: deal again": Vector(points(10, 10, 12, 8), N, HIGHEST),
    "B: S + W = 17 < 23: E declares; N's hand is the dummy; N plays W's hand": Vector(
        points(9, 14, 5, 12), S, DEALER, E, N, 23, frozenset({N, S}), takes_over=N
    ),
    "B: N + W = 20 = E + S: deal again": Vector(points(4, 4, 16, 16), N, DEALER),
    "B: N + W = 23: N declares with W as dummy (no swap); E and S defend": Vector(
        points(12, 8, 9, 11), N, DEALER, N, W, 23, frozenset({E, S})
    ),
    "B: N + W = 22: N holds fewer than W, so they swap; N declares with 14": Vector(
        points(8, 9, 9, 14), N, DEALER, N, N, 22, frozenset({E, S}), swap=(N, W)
    ),
    "B: E + W = 14 < 26: N and S equal, S announced first: S declares with N's hand": Vector(
        points(13, 5, 13, 9), E, DEALER, S, N, 26, frozenset({N, E}), takes_over=N
    ),
}


@pytest.mark.parametrize("vector", RULES_VECTORS.values(), ids=RULES_VECTORS.keys())
def test_the_rules_test_vectors(vector: Vector) -> None:
    found = three_player_declarer(
        vector.hands, dealer=vector.dealer, empty_seat=W, variant=vector.variant
    )
    if vector.declarer is None:
        assert found == Redeal(vector.dealer)
        return
    assert isinstance(found, ThreePlayerDeclaration)
    assert found.declarer is vector.declarer
    assert found.dummy is vector.dummy
    assert found.side_hcp == vector.side_hcp
    assert set(found.defenders) == vector.defenders
    assert found.swap == vector.swap
    assert found.takes_over is vector.takes_over
    assert found.empty_seat is W


def test_the_swap_gives_the_dealer_the_dummys_hand() -> None:
    # N8 E9 S9 W14, dealer N: "N declares with 14, the dummy shows 8".
    found = three_player_declarer(points(8, 9, 9, 14), dealer=N, empty_seat=W, variant=DEALER)
    assert isinstance(found, ThreePlayerDeclaration)
    hands = points(8, 9, 9, 14)
    assert found.declarer_hand is W
    assert hands[found.hand_of(N)] == 14
    assert hands[found.dummy] == 8
    assert (found.hand_of(E), found.hand_of(S)) == (E, S)


def test_the_issues_example_east_declares_and_north_plays_wests_hand() -> None:
    # N9 E14 S5 W12, dealer S: the site had S declare with 17; E declares with 23.
    found = three_player_declarer(points(9, 14, 5, 12), dealer=S, empty_seat=W, variant=DEALER)
    assert isinstance(found, ThreePlayerDeclaration)
    assert found.case is Case.OTHER_SIDE
    assert (found.hand_of(E), found.hand_of(N), found.hand_of(S)) == (E, W, S)
    assert found.defenders == (S, N)  # in turn from East's left, West skipped
    assert N not in (found.declarer, found.declarer_hand)


# -- More examples -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "dealer", "empty", "variant", "declarer", "side_hcp"),
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
        # Another seat is empty.
        (points(6, 20, 4, 10), S, N, HIGHEST, E, 26),
        # Dealer and dummy: 21 is more than the other two's 19.
        (points(11, 10, 9, 10), N, W, DEALER, N, 21),
        # Dealer and dummy equal: no swap (only fewer swaps).
        (points(11, 9, 9, 11), N, W, DEALER, N, 22),
        # The other side, with another empty seat: E 20 + N 10 against S 4 + W 6.
        (points(10, 20, 4, 6), S, W, DEALER, E, 30),
        (points(10, 20, 4, 6), W, N, DEALER, E, 24),  # W + N 16 against E + S 24
    ],
)
def test_who_declares(
    hands: dict[Seat, int],
    dealer: Seat,
    empty: Seat,
    variant: Variant,
    declarer: Seat,
    side_hcp: int,
) -> None:
    found = three_player_declarer(hands, dealer=dealer, empty_seat=empty, variant=variant)
    assert isinstance(found, ThreePlayerDeclaration)
    assert (found.declarer, found.side_hcp) == (declarer, side_hcp)
    assert declarer not in (empty, *found.defenders)
    assert empty not in found.defenders


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
    assert three_player_declarer(hands, dealer=dealer, empty_seat=W, variant=HIGHEST) == Redeal(
        dealer
    )


@pytest.mark.parametrize(
    ("hands", "dealer"),
    [
        (points(10, 10, 10, 10), N),
        (points(0, 20, 0, 20), N),  # the dealer holds nothing, the dummy 20
        (points(15, 5, 15, 5), S),  # South 15 + West 5
    ],
)
def test_dealer_and_dummy_at_20_20_is_a_redeal(hands: dict[Seat, int], dealer: Seat) -> None:
    assert three_player_declarer(hands, dealer=dealer, empty_seat=W, variant=DEALER) == Redeal(
        dealer
    )


@pytest.mark.parametrize(
    ("hands", "dealer", "code"),
    [
        (points(10, 10, 10, 8), N, ErrorCode.DEAL_POINTS_TOTAL),
        (points(38, 0, 2, 0), N, ErrorCode.HCP_OUT_OF_RANGE),
        (points(-1, 21, 10, 10), N, ErrorCode.HCP_OUT_OF_RANGE),
        (points(10, 10, 10, 10), W, ErrorCode.THREE_PLAYER_DUMMY),  # nobody sits there
    ],
)
@pytest.mark.parametrize("variant", [HIGHEST, DEALER])
def test_impossible_points_and_a_dealing_empty_seat_are_refused(
    hands: dict[Seat, int], dealer: Seat, code: ErrorCode, variant: Variant
) -> None:
    with pytest.raises(ScoringError) as raised:
        three_player_declarer(hands, dealer=dealer, empty_seat=W, variant=variant)
    assert raised.value.code is code


def test_an_unknown_variant_is_refused() -> None:
    with pytest.raises(ValueError, match="auction"):
        three_player_declarer(points(10, 10, 10, 10), dealer=N, empty_seat=W, variant="auction")


@pytest.mark.parametrize(
    ("empty", "order"), [(W, (N, E, S)), (N, (E, S, W)), (E, (N, S, W)), (S, (N, E, W))]
)
def test_the_three_players_deal_in_turn_clockwise_from_north(
    empty: Seat, order: tuple[Seat, Seat, Seat]
) -> None:
    assert players(empty) == order


def test_nobody_holds_a_hand_at_the_empty_seat() -> None:
    found = three_player_declarer(points(9, 14, 5, 12), dealer=N, empty_seat=W, variant=HIGHEST)
    assert isinstance(found, ThreePlayerDeclaration)
    with pytest.raises(ValueError, match="West"):
        found.hand_of(W)


def test_the_old_rule_is_kept_only_to_read_deals_played_with_it() -> None:
    found = dealer_always_declared(points(9, 14, 5, 12), dealer=S, empty_seat=W)
    assert (found.declarer, found.dummy, found.side_hcp) == (S, W, 17)
    assert found.case is Case.DEALER_ALWAYS
    assert set(found.defenders) == {N, E}


# -- The rule stated a second time, as a table, and every split of the 40 points ---------

#: The rule of §7 as a table, written apart from the code. The three players are named
#: by the order they announce: "p1" (the dealer), "p2", "p3"; "empty" is the empty
#: seat's hand. Key: (adaptation, how the points compare) → the outcome, or REDEAL.


@dataclass(frozen=True)
class Outcome:
    declarer: str  # a player
    dummy: str  # whose dealt hand is laid down
    side: tuple[str, str]  # the two hands of the declaring side
    empty_hand_to: str | None  # the player who plays the empty seat's hand (None: dummy)
    swap: bool = False


REDEAL = None

RULE: dict[tuple[str, ...], Outcome | None] = {
    # A: (the first-announced of the highest, whether it holds 21+ with the empty hand)
    ("A", "p1", "21+"): Outcome("p1", "empty", ("p1", "empty"), None),
    ("A", "p2", "21+"): Outcome("p2", "empty", ("p2", "empty"), None),
    ("A", "p3", "21+"): Outcome("p3", "empty", ("p3", "empty"), None),
    ("A", "p1", "<21"): REDEAL,
    ("A", "p2", "<21"): REDEAL,
    ("A", "p3", "<21"): REDEAL,
    # B: (which side holds more, dealer vs dummy or p2 vs p3)
    ("B", "dealer side", "dealer < dummy"): Outcome("p1", "p1", ("p1", "empty"), "p1", swap=True),
    ("B", "dealer side", "dealer = dummy"): Outcome("p1", "empty", ("p1", "empty"), None),
    ("B", "dealer side", "dealer > dummy"): Outcome("p1", "empty", ("p1", "empty"), None),
    ("B", "20-20", "-"): REDEAL,
    ("B", "other side", "p2 > p3"): Outcome("p2", "p3", ("p2", "p3"), "p3"),
    ("B", "other side", "p2 = p3"): Outcome("p2", "p3", ("p2", "p3"), "p3"),
    ("B", "other side", "p2 < p3"): Outcome("p3", "p2", ("p2", "p3"), "p2"),
}


def _compare(a: int, b: int, left: str, right: str) -> str:
    return f"{left} < {right}" if a < b else f"{left} = {right}" if a == b else f"{left} > {right}"


def _key(variant: Variant, hcp: dict[str, int]) -> tuple[str, ...]:
    if variant is HIGHEST:
        top = "p1"
        for role in ("p2", "p3"):  # strictly more: the first announced keeps equals
            if hcp[role] > hcp[top]:
                top = role
        return ("A", top, "21+" if hcp[top] + hcp["empty"] >= 21 else "<21")
    mine = hcp["p1"] + hcp["empty"]
    if mine == 20:
        return ("B", "20-20", "-")
    if mine > 20:
        return ("B", "dealer side", _compare(hcp["p1"], hcp["empty"], "dealer", "dummy"))
    return ("B", "other side", _compare(hcp["p2"], hcp["p3"], "p2", "p3"))


def _announcing(dealer: Seat, empty: Seat) -> dict[str, Seat]:
    """p1, p2, p3 by walking "NESWNESW" from the dealer, and the empty seat."""
    letters = "NESWNESW"
    start = letters.index(dealer.value)
    walk = [Seat(letter) for letter in letters[start : start + 4] if letter != empty.value]
    return {"p1": walk[0], "p2": walk[1], "p3": walk[2], "empty": empty}


def _splits() -> list[tuple[int, int, int, int]]:
    """Every way of sharing the 40 points among four hands of 0..37 points."""
    return [
        (n, e, s, 40 - n - e - s)
        for n in range(38)
        for e in range(38)
        for s in range(38)
        if 0 <= 40 - n - e - s <= 37
    ]


SPLITS = _splits()


def test_there_are_12301_splits_of_the_points() -> None:
    # Four hands of 0..40 adding to 40: C(43, 3) = 12,341; less 4 × C(5, 3) = 40 with a
    # hand of 38 or more.
    assert len(SPLITS) == len(set(SPLITS)) == 12_301


@pytest.mark.parametrize("empty", list(Seat), ids=lambda seat: f"empty {seat.value}")
@pytest.mark.parametrize("variant", [HIGHEST, DEALER], ids=["A", "B"])
def test_exhaustively_every_split_and_dealer_follows_the_rule_table(
    variant: Variant, empty: Seat
) -> None:
    seen: set[tuple[str, ...]] = set()
    score = EBU.score("3NT", 9)
    for split in SPLITS:
        hands = dict(zip((N, E, S, W), split, strict=True))
        for dealer in players(empty):
            role = _announcing(dealer, empty)
            hcp = {name: hands[seat] for name, seat in role.items()}
            key = _key(variant, hcp)
            seen.add(key)
            expected = RULE[key]
            found = three_player_declarer(hands, dealer=dealer, empty_seat=empty, variant=variant)
            if expected is REDEAL:
                assert found == Redeal(dealer), (hands, dealer)
                continue
            assert isinstance(found, ThreePlayerDeclaration), (hands, dealer)
            the_three = {role["p1"], role["p2"], role["p3"]}
            assert found.declarer is role[expected.declarer], (hands, dealer)
            assert found.dummy is role[expected.dummy], (hands, dealer)
            assert found.side_hcp == sum(hcp[name] for name in expected.side), (hands, dealer)
            assert set(found.defenders) == the_three - {found.declarer}, (hands, dealer)
            assert found.swap == ((dealer, empty) if expected.swap else None), (hands, dealer)
            taker = None if expected.empty_hand_to is None else role[expected.empty_hand_to]
            assert found.takes_over is (None if expected.swap else taker), (hands, dealer)
            # Who holds which hand in the play: each player one, nobody the dummy's.
            held = {player: found.hand_of(player) for player in the_three}
            assert found.dummy not in held.values()
            assert set(held.values()) | {found.dummy} == set(Seat)
            if taker is not None:
                assert held[taker] is empty
            assert hands[found.declarer_hand] + hands[found.dummy] == found.side_hcp
            # The declaring side holds more than the defenders' hands (B), 21+ (A).
            assert found.side_hcp >= 21
            # Declarer scores the declaring side's score, both defenders the defenders'.
            deal = ThreePlayedDeal(dealer=dealer, declaration=found, score=score)
            assert deal.points(found.declarer) == score.declarers
            assert [deal.points(seat) for seat in found.defenders] == [score.defenders] * 2
            assert deal.points(empty) == 0
    # Every row of the table for this adaptation was met.
    assert seen == {key for key in RULE if key[0] == ("A" if variant is HIGHEST else "B")}


def _hands(deal: Deal) -> dict[Seat, int]:
    return {seat: deal.hcp(seat) for seat in Seat}


@given(deal=deals, dealer=seats, empty=seats, variant=st.sampled_from(list(Variant)))
def test_property_a_dealt_deal_gives_each_player_one_hand(
    deal: Deal, dealer: Seat, empty: Seat, variant: Variant
) -> None:
    if dealer is empty:
        dealer = dealer.next
    found = three_player_declarer(_hands(deal), dealer=dealer, empty_seat=empty, variant=variant)
    if isinstance(found, Redeal):
        assert found.dealer is dealer
        return
    assert {found.declarer, *found.defenders, found.empty_seat} == set(Seat)
    assert found.defenders[0] is next(s for s in found.declarer.clockwise()[1:] if s is not empty)


def played(dealer: Seat, declarer: Seat, contract: str, tricks: int) -> ThreePlayedDeal:
    declaration = ThreePlayerDeclaration(
        declarer=declarer, dummy=W, empty_seat=W, side_hcp=25, case=Case.HIGHEST_HAND
    )
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
        empty_seat=W,
    )
    assert game.totals == {N: 190, E: 420, S: 50}
    assert game.winners == (E,)
    assert not game.is_draw
    assert game.redeals == (Redeal(E),)
    assert game.total(W) == 0


def test_equal_best_totals_are_a_draw() -> None:
    game = three_player_game(
        [played(N, N, "1S", 8), played(E, E, "1S", 8), played(S, N, "1S", 6)], empty_seat=W
    )
    # North 110, East 110 + 50, South 50: East alone
    assert game.totals == {N: 110, E: 160, S: 50}
    draw = three_player_game(
        [played(N, N, "1S", 8), played(E, E, "1S", 8), played(S, S, "1C", 3)], empty_seat=W
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
        three_player_game(deals, empty_seat=W)
    assert raised.value.code is code


def test_a_deal_with_another_dummy_is_refused() -> None:
    other = ThreePlayedDeal(
        dealer=N,
        declaration=ThreePlayerDeclaration(
            declarer=N, dummy=S, empty_seat=S, side_hcp=25, case=Case.HIGHEST_HAND
        ),
        score=EBU.score("1S", 8),
    )
    with pytest.raises(ScoringError) as raised:
        three_player_game([other], empty_seat=W)
    assert raised.value.code is ErrorCode.THREE_PLAYER_DUMMY


@given(st.lists(st.sampled_from(["1S", "4H", "3NT", "1C"]), min_size=3, max_size=3))
def test_property_a_made_contract_scores_for_declarer_alone(contracts: list[str]) -> None:
    deals = [played(d, d, c, 13) for d, c in zip((N, E, S), contracts, strict=True)]
    game = three_player_game(deals, empty_seat=W)
    assert game.totals == {
        seat: EBU.score(contract, 13).declarers
        for seat, contract in zip((N, E, S), contracts, strict=True)
    }


def test_the_examples_in_the_docstrings_hold() -> None:
    failed, tried = doctest.testmod(scoring.three_players)
    assert tried
    assert not failed
