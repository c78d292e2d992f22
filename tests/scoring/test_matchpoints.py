"""Matchpoints, Neuberg factoring, adjusted scores, percentages and rankings."""

from __future__ import annotations

import copy
import dataclasses
import doctest
import pickle
import re
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scoring.matchpoints
from scoring.matchpoints import (
    AVERAGE,
    AVERAGE_MINUS,
    AVERAGE_PLUS,
    Adjusted,
    BoardEntry,
    BoardMatchpoints,
    Convention,
    MatchpointError,
    MatchpointErrorCode,
    Played,
    aggregate_totals,
    board_matchpoints,
    board_top,
    ew_matchpoints,
    matchpoints,
    neuberg,
    pair_percentage,
    percentage,
    rank,
    score_board,
    score_board_rows,
)

CONVENTIONS = ["ebu", "acbl"]


def counted(ns_scores: list[int], convention: str) -> list[float]:
    """The definition, done the slow way: per other result, beaten = 1, tied = ½
    (ACBL); EBU doubles it."""
    worth = 2 if convention == "ebu" else 1
    return [
        worth * sum(1.0 if mine > other else 0.5 if mine == other else 0.0 for other in others)
        for i, mine in enumerate(ns_scores)
        for others in [ns_scores[:i] + ns_scores[i + 1 :]]
    ]


# ---------------------------------------------------------------------------
# Published examples
# ---------------------------------------------------------------------------


def test_a_published_ebu_traveller() -> None:
    """No Fear Bridge, "Duplicate bridge" (https://www.nofearbridge.co.uk/duplicate.htm):
    "a sample traveller for Board 1 in a seven table competition", scored "2 points for
    each pair … that they beat and 1 point for each pair with whom they equal"; N–S pairs
    1–7 score 430, 430, 420, 460, 430, 450 and −50 (E–W's 50)."""
    ns_scores = [430, 430, 420, 460, 430, 450, -50]
    board = board_matchpoints(ns_scores)
    assert board.top == 12
    assert board.ns == (6, 6, 2, 12, 6, 10, 0)
    assert board.ew == (6, 6, 10, 0, 6, 2, 12)


def test_a_published_traveller_with_ties() -> None:
    """Maurizio Di Sacco, "Illustrative tables", EBL seminar for tournament directors,
    Istanbul 2010 (https://studylib.net/doc/5623438/), table B: ten results, two ties
    (−100 twice, −400 three times), top 18."""
    ns_scores = [590, 100, -400, -100, 500, 690, -100, -550, -400, -400]
    board = board_matchpoints(ns_scores)
    assert board.top == 18
    assert board.ns == (16, 12, 4, 9, 14, 18, 9, 0, 4, 4)
    assert board.ew == (2, 6, 14, 9, 4, 0, 9, 18, 14, 14)


def test_a_published_frequency_table_of_a_hundred_results() -> None:
    """Di Sacco (as above), the frequency table with 100 results: +1660 once, +1430 21
    times, +680 54 times, +650 18 times, +620 4 times, −100 once, −200 once get 198,
    176, 101, 29, 7, 2 and 0."""
    frequencies = {1660: 1, 1430: 21, 680: 54, 650: 18, 620: 4, -100: 1, -200: 1}
    ns_scores = [score for score, times in frequencies.items() for _ in range(times)]
    by_score = dict(zip(ns_scores, matchpoints(ns_scores), strict=True))
    assert by_score == {1660: 198, 1430: 176, 680: 101, 650: 29, 620: 7, -100: 2, -200: 0}
    assert board_top(100) == 198


def test_a_published_acbl_traveller() -> None:
    """Beginner Bridge, "Match pointing" (http://beginnerbridge.com/DUP1_1J.html),
    figure 7: three tables; N–S 1 score 120, N–S 2 110, N–S 3 140 and get 1, 0 ("a
    bottom") and 2 ("a top") — one point per result beaten."""
    board = board_matchpoints([120, 110, 140], "acbl")
    assert board == BoardMatchpoints(ns=(1, 0, 2), ew=(1, 2, 0), top=2)


def test_neuberg_the_ebu_example() -> None:
    """EBU Laws & Ethics, "The Neuberg Formula – the Principle"
    (http://www.ebu.co.uk/lawsandethics/articles/neuberg/principle.htm): a board with 10
    results where 11 were expected, "out of a theoretical top of 20"; each result counts
    1.1 times, the sole top gets 19.9 and the bottom 0.1."""
    ns_scores = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50]
    board = board_matchpoints(ns_scores, expected=11)
    assert board.top == 20
    assert board.ns == (19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1)
    assert board.ew == pytest.approx((0.1, 2.3, 4.5, 6.7, 8.9, 11.1, 13.3, 15.5, 17.7, 19.9))


def test_neuberg_the_wikipedia_example_in_both_conventions() -> None:
    """Wikipedia, "Neuberg formula": "Board played 6 times. Most other boards played 7
    times. Pair X scored 4 match points (out of 10). Then (4+1) x (7/6) - 1 = 4.8333 (out
    of 12)"; 9 becomes 10.6667. "If the North American match point system is in use …
    add a half-point instead" (and subtract it again)."""
    assert neuberg(4, results=6, expected=7) == pytest.approx(4.8333, abs=1e-4)
    assert neuberg(9, results=6, expected=7) == pytest.approx(10.6667, abs=1e-4)
    assert neuberg(2, results=6, expected=7, convention="acbl") == pytest.approx(4.8333 / 2, 1e-4)
    assert neuberg(4.5, results=6, expected=7, convention="acbl") == pytest.approx(
        10.6667 / 2, abs=1e-4
    )


def test_neuberg_the_pjms_examples() -> None:
    """P. J. M. Smulders, "Neuberg made easy" (http://pjms.nl/NEUBERG/Neuberg_en.html):
    430, 400 and −50 at 3 tables factored to a 6-table field: "Let 50% remain 50%, and …
    multiply the difference from 50% by a factor 0.8" — 100, 50, 0 % become 90, 50,
    10 %. And "The manual method" (http://pjms.nl/NEUBERG/manualmethod.html): a fouled
    board of 7 split into 3 and 4 results: "With Neuberg … top with 3 scores 88.9% and
    with 4 scores 93.8%"."""
    three = board_matchpoints([430, 400, -50], expected=6)
    assert [percentage(mp, three.top) for mp in three.ns] == pytest.approx([90, 50, 10])
    for results, top_percent in ((3, 88.9), (4, 93.8)):
        board = board_matchpoints(list(range(results)), expected=7)
        assert percentage(max(board.ns), board.top) == pytest.approx(top_percent, abs=0.05)


def test_adjusted_scores_are_a_share_of_the_full_top_and_the_rest_is_factored() -> None:
    """EBU forum, "Programming Arbitrary Scores"
    (https://www.ebu.co.uk/forum/discussion/comment/7177/): "If a top on a board is 100
    MPs, then Ave+ is 60 MPs … regardless of what else happens on the board … even if
    the actual top achieved by another pair drops … due to Neuberg"; "The artificial
    scores are not included in the neuberg calculations"."""
    played = [Played(420), Played(450), Played(400), Played(-50), Played(420)]
    outcomes = score_board([*played, Adjusted(AVERAGE_PLUS, AVERAGE_MINUS)])
    assert {outcome.top for outcome in outcomes} == {10}
    adjusted = outcomes[-1]
    assert (adjusted.ns_mp, adjusted.ew_mp) == (6, 4)
    assert (adjusted.ns_percent, adjusted.ew_percent) == (60, 40)
    assert adjusted.adjusted
    # Five real results, factored to six: the sole top gets (8 + 1) × 6/5 − 1 = 9.8.
    assert [o.ns_mp for o in outcomes[:5]] == matchpoints([420, 450, 400, -50, 420], expected=6)
    assert outcomes[1].ns_mp == pytest.approx(9.8)
    assert not any(outcome.adjusted for outcome in outcomes[:5])


# ---------------------------------------------------------------------------
# The rules, case by case
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("results", "ebu", "acbl"), [(0, 0, 0), (1, 0, 0), (2, 2, 1), (7, 12, 6), (15, 28, 14)]
)
def test_a_boards_top(results: int, ebu: int, acbl: int) -> None:
    assert board_top(results) == board_top(results, "ebu") == ebu
    assert board_top(results, "acbl") == acbl
    assert max(matchpoints(list(range(results))), default=0) == ebu
    assert max(matchpoints(list(range(results)), "acbl"), default=0) == acbl


@pytest.mark.parametrize(
    ("ns_scores", "ebu", "acbl"),
    [
        ([], [], []),
        ([110], [0], [0]),
        ([110, 110], [1, 1], [0.5, 0.5]),
        ([110, 110, 110], [2, 2, 2], [1, 1, 1]),
        ([420, 170, 170, -50], [6, 3, 3, 0], [3, 1.5, 1.5, 0]),
        ([-50, -50, -50, 420], [2, 2, 2, 6], [1, 1, 1, 3]),
        ([400, 420, 400, 90, 420, 400], [4, 9, 4, 0, 9, 4], [2, 4.5, 2, 0, 4.5, 2]),
    ],
)
def test_ties_and_conventions(ns_scores: list[int], ebu: list[float], acbl: list[float]) -> None:
    assert matchpoints(ns_scores) == ebu
    assert matchpoints(ns_scores, "ebu") == ebu
    assert matchpoints(ns_scores, "acbl") == acbl
    assert matchpoints(ns_scores, Convention.ACBL) == acbl
    assert matchpoints(ns_scores, " ACBL ") == acbl


def test_matchpoints_are_floats() -> None:
    assert all(type(mp) is float for mp in matchpoints([420, 170, 170, -50]))
    assert all(type(mp) is float for mp in matchpoints([420, 170, -50], "acbl", expected=5))


def test_ew_matchpoints_are_the_top_minus_ns() -> None:
    assert ew_matchpoints([12.0, 6.5, 0.0], 12) == [0.0, 5.5, 12.0]
    assert ew_matchpoints([], 12) == []


@pytest.mark.parametrize("convention", CONVENTIONS)
def test_a_single_real_result_gets_an_average(convention: str) -> None:
    # A field of two or more with only one real result: Neuberg gives exactly half.
    [alone, *adjusted] = score_board([Played(420), Adjusted(60, 40), Adjusted(50, 50)], convention)
    assert (alone.ns_percent, alone.ew_percent) == (50, 50)
    assert alone.ns_mp == alone.ew_mp == alone.top / 2
    assert [(o.ns_percent, o.ew_percent) for o in adjusted] == [(60, 40), (50, 50)]
    assert matchpoints([420], convention, expected=9) == [board_top(9, convention) / 2]


def test_a_field_of_one_has_a_top_of_zero_and_fifty_percent() -> None:
    [outcome] = score_board([Played(420)])
    assert (outcome.ns_mp, outcome.ew_mp, outcome.top) == (0, 0, 0)
    assert (outcome.ns_percent, outcome.ew_percent) == (50, 50)
    assert percentage(0, 0) == 50


def test_a_board_with_no_real_result_has_only_its_adjusted_scores() -> None:
    outcomes = score_board([Adjusted(AVERAGE, AVERAGE), Adjusted(AVERAGE_MINUS, AVERAGE_MINUS)])
    assert [(o.ns_mp, o.ew_mp, o.top) for o in outcomes] == [(1, 1, 2), (0.8, 0.8, 2)]
    assert score_board([]) == []
    assert matchpoints([]) == []


def test_an_unfinished_movement_factors_to_the_expected_field() -> None:
    # Four results at a seven-table session: the top is 12, not 6.
    outcomes = score_board([Played(420), Played(170), Played(170), Played(-50)], expected=7)
    assert {o.top for o in outcomes} == {12}
    assert [o.ns_mp for o in outcomes] == matchpoints([420, 170, 170, -50], expected=7)
    assert [o.ns_mp for o in outcomes] == [11.25, 6, 6, 0.75]


def test_adjusted_scores_are_not_compared_with_real_results() -> None:
    real = [Played(420), Played(170), Played(-50)]
    for adjustment in (Adjusted(60, 40), Adjusted(40, 60), Adjusted(50, 50), Adjusted(40, 40)):
        outcomes = score_board([adjustment, *real])
        assert [o.ns_mp for o in outcomes[1:]] == matchpoints([420, 170, -50], expected=4)


def test_entries_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Played(420).ns_net = 0  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        Adjusted(60, 40).ns_percent = 50  # type: ignore[misc]


def test_pair_percentage() -> None:
    assert pair_percentage([(12, 12), (6, 12), (0, 12)]) == 50
    assert pair_percentage([(19.9, 20), (0.1, 20)]) == pytest.approx(50)
    assert pair_percentage([(8.4, 12), (2.4, 4)]) == pytest.approx(10.8 / 16 * 100)
    assert pair_percentage(iter([(0.0, 0)])) == 50  # a field of one


def test_total_points_ranking() -> None:
    # Pairs 1–3 N–S and 4–6 E–W; two boards each; each pair's net points added up.
    played = [(1, 4, 420), (2, 5, 420), (3, 6, -50), (1, 5, 110), (2, 6, 90), (3, 4, 140)]
    totals = aggregate_totals(played)
    assert totals == {1: 530, 4: -560, 2: 510, 5: -530, 3: 90, 6: -40}
    ns = {pair: total for pair, total in totals.items() if pair <= 3}
    ew = {pair: total for pair, total in totals.items() if pair > 3}
    assert rank(ns) == {1: "1", 2: "2", 3: "3"}
    assert rank(ew) == {6: "1", 5: "2", 4: "3"}
    assert aggregate_totals([]) == {}


@pytest.mark.parametrize(
    ("values", "places"),
    [
        ({}, {}),
        ({"a": 50.0}, {"a": "1"}),
        (
            {"a": 70.0, "b": 60.0, "c": 55.0, "d": 55.0, "e": 40.0},
            {"a": "1", "b": "2", "c": "3=", "d": "3=", "e": "5"},
        ),
        ({"a": 1.0, "b": 2.0, "c": 2.0, "d": 2.0}, {"b": "1=", "c": "1=", "d": "1=", "a": "4"}),
        ({"x": 50.0, "y": 50.0}, {"x": "1=", "y": "1="}),
    ],
)
def test_rank_shares_places(values: dict[str, float], places: dict[str, str]) -> None:
    result = rank(values)
    assert result == places
    assert list(result) == list(places)  # best first, ties in input order


def test_rank_lower_is_better() -> None:
    assert rank({"a": 3, "b": 1, "c": 3}, higher_is_better=False) == {
        "b": "1",
        "a": "2=",
        "c": "2=",
    }


def test_rank_does_not_split_a_tie_over_rounding_noise() -> None:
    assert 0.1 + 0.2 != 0.3
    assert rank({"a": 0.1 + 0.2, "b": 0.3, "c": 0.2}) == {"a": "1=", "b": "1=", "c": "3"}
    # Two pairs with the same Neuberg-factored total reached in a different order.
    first = sum([19.9, 0.1, 8.9, 2.3, 17.7])
    second = sum([17.7, 2.3, 8.9, 0.1, 19.9])
    assert rank({"p": first, "q": second}) == {"p": "1=", "q": "1="}
    assert rank({"p": 10.0, "q": 10.00001}) == {"q": "1", "p": "2"}
    assert rank({"p": 10.0, "q": 10.00001}, tolerance=1e-4) == {"p": "1=", "q": "1="}


# ---------------------------------------------------------------------------
# Refusals
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: matchpoints([420], "chicago"),
        lambda: board_top(3, "chicago"),
        lambda: board_matchpoints([420], "chicago"),
        lambda: score_board([Played(420)], "chicago"),
        lambda: neuberg(4, results=6, expected=7, convention="chicago"),
    ],
)
def test_an_unknown_convention_is_refused(call: Callable[[], object]) -> None:
    message = "'chicago' is not a matchpoint convention; choose ebu (2 for each result beaten"
    with pytest.raises(MatchpointError, match=f"^{re.escape(message)}") as info:
        call()
    assert info.value.code is MatchpointErrorCode.CONVENTION_UNKNOWN
    assert dict(info.value.params) == {"convention": "chicago"}


@pytest.mark.parametrize(
    "call",
    [
        lambda: matchpoints([420, 170, -50], expected=2),
        lambda: board_matchpoints([420, 170, -50], "acbl", expected=2),
        lambda: score_board([Played(420), Adjusted(60, 40), Played(-50)], expected=2),
        lambda: neuberg(4, results=3, expected=2),
    ],
)
def test_an_expected_field_smaller_than_the_results_is_refused(call: Callable[[], object]) -> None:
    message = "The board has 3 results, so the full field cannot be 2; give at least 3"
    with pytest.raises(MatchpointError, match=f"^{re.escape(message)}") as info:
        call()
    assert info.value.code is MatchpointErrorCode.EXPECTED_TOO_SMALL
    assert dict(info.value.params) == {"expected": 2, "results": 3}


@pytest.mark.parametrize(
    ("ns", "ew", "side", "bad"),
    [(55, 45, "North–South", 55), (60, 30, "East–West", 30), (100, 0, "North–South", 100)],
)
def test_an_adjustment_other_than_60_50_40_is_refused(
    ns: int, ew: int, side: str, bad: int
) -> None:
    message = f"An adjusted score of {bad} % for {side} is not allowed; give 60 (Average+), "
    with pytest.raises(MatchpointError, match=f"^{re.escape(message)}") as info:
        Adjusted(ns, ew)
    assert info.value.code is MatchpointErrorCode.ADJUSTMENT_PERCENT
    assert dict(info.value.params) == {"side": side, "percent": bad}


def test_neuberg_needs_a_result() -> None:
    with pytest.raises(
        MatchpointError, match=r"^The Neuberg formula needs at least one result"
    ) as info:
        neuberg(0, results=0, expected=3)
    assert info.value.code is MatchpointErrorCode.NO_RESULTS


@pytest.mark.parametrize(
    ("scores", "code", "message"),
    [
        ([], MatchpointErrorCode.NO_BOARDS, "A pair that has played no boards has no percentage"),
        ([(13, 12)], MatchpointErrorCode.OUT_OF_RANGE, "13 matchpoints out of a top of 12 is"),
        ([(12, 12), (-1, 12)], MatchpointErrorCode.OUT_OF_RANGE, "-1 matchpoints out of a top"),
        ([(0, -2)], MatchpointErrorCode.OUT_OF_RANGE, "0 matchpoints out of a top of -2 is"),
        ([(float("nan"), 12)], MatchpointErrorCode.NOT_FINITE, "Matchpoints nan out of a top"),
        # The first wrong figure is named, whichever check each fails.
        ([(6, 12), (13, 12), (float("nan"), 12)], MatchpointErrorCode.OUT_OF_RANGE, "13 match"),
        (
            [(6, 12), (float("inf"), 12), (13, 12)],
            MatchpointErrorCode.NOT_FINITE,
            "Matchpoints inf",
        ),
        (
            [(6, float("nan")), (0, -2)],
            MatchpointErrorCode.NOT_FINITE,
            "Matchpoints 6 out of a top of nan",
        ),
    ],
)
def test_pair_percentage_refuses_nonsense(
    scores: list[tuple[float, float]], code: MatchpointErrorCode, message: str
) -> None:
    with pytest.raises(MatchpointError, match=f"^{re.escape(message)}") as info:
        pair_percentage(scores)
    assert info.value.code is code


def test_rank_refuses_a_value_that_is_not_a_number() -> None:
    with pytest.raises(
        MatchpointError, match=r"^Cannot rank 'b': its value nan is not a number"
    ) as info:
        rank({"a": 1.0, "b": float("nan")})
    assert info.value.code is MatchpointErrorCode.NOT_FINITE


def test_a_matchpoint_error_is_a_value_error() -> None:
    assert issubclass(MatchpointError, ValueError)
    with pytest.raises(ValueError, match=r"^'x' is not a matchpoint convention"):
        matchpoints([], "x")


def test_an_error_survives_copy_and_pickle() -> None:
    error = MatchpointError(
        MatchpointErrorCode.EXPECTED_TOO_SMALL, "The board has 3 results", expected=2, results=3
    )
    for clone in (copy.copy(error), pickle.loads(pickle.dumps(error))):
        assert isinstance(clone, MatchpointError)
        assert str(clone) == str(error)
        assert clone.code is MatchpointErrorCode.EXPECTED_TOO_SMALL
        assert dict(clone.params) == {"expected": 2, "results": 3}
    with pytest.raises(TypeError):
        error.params["expected"] = 5  # type: ignore[index]


def test_the_examples_in_docstrings_hold() -> None:
    failed, tried = doctest.testmod(scoring.matchpoints)
    assert (failed, tried > 10) == (0, True)


# ---------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------

# Few distinct scores, so that ties are common.
net_scores = st.lists(st.integers(-6, 12).map(lambda n: n * 10), max_size=16)
conventions = st.sampled_from(CONVENTIONS)
adjustments = st.builds(
    Adjusted,
    st.sampled_from([AVERAGE_PLUS, AVERAGE, AVERAGE_MINUS]),
    st.sampled_from([AVERAGE_PLUS, AVERAGE, AVERAGE_MINUS]),
)
entries = st.lists(
    st.one_of(st.builds(Played, st.integers(-6, 12).map(lambda n: n * 10)), adjustments),
    max_size=16,
)


@given(net_scores, conventions, st.integers(0, 10))
def test_ew_is_the_top_minus_ns_for_every_result(
    ns_scores: list[int], convention: str, missing: int
) -> None:
    board = board_matchpoints(ns_scores, convention, expected=len(ns_scores) + missing)
    assert board.top == board_top(len(ns_scores) + missing, convention)
    for ns, ew in zip(board.ns, board.ew, strict=True):
        assert ns + ew == pytest.approx(board.top)
        assert 0 <= ns <= board.top
        assert 0 <= ew <= board.top


@given(net_scores, conventions)
def test_neuberg_changes_nothing_when_no_result_is_missing(
    ns_scores: list[int], convention: str
) -> None:
    plain = matchpoints(ns_scores, convention)
    assert matchpoints(ns_scores, convention, expected=len(ns_scores)) == plain
    assert plain == counted(ns_scores, convention)
    for mp in set(plain):
        assert (
            neuberg(mp, results=len(ns_scores), expected=len(ns_scores), convention=convention)
            == mp
        )


@given(entries, conventions, st.integers(0, 5))
def test_percentages_of_a_real_result_make_a_hundred(
    board: list[BoardEntry], convention: str, missing: int
) -> None:
    outcomes = score_board(board, convention, expected=len(board) + missing)
    assert len(outcomes) == len(board)
    for entry, outcome in zip(board, outcomes, strict=True):
        assert outcome.adjusted is isinstance(entry, Adjusted)
        if isinstance(entry, Played):
            assert outcome.ns_percent + outcome.ew_percent == pytest.approx(100)
            assert outcome.ns_mp + outcome.ew_mp == pytest.approx(outcome.top)
        else:
            assert (outcome.ns_percent, outcome.ew_percent) == (entry.ns_percent, entry.ew_percent)


@given(net_scores)
def test_the_matchpoints_on_a_board_add_up_to_n_times_n_minus_one(ns_scores: list[int]) -> None:
    n = len(ns_scores)
    assert sum(matchpoints(ns_scores, "ebu")) == n * (n - 1)
    assert sum(matchpoints(ns_scores, "acbl")) == n * (n - 1) / 2


@given(net_scores, conventions, st.integers(0, 10))
def test_factored_matchpoints_average_half_the_top(
    ns_scores: list[int], convention: str, missing: int
) -> None:
    field = len(ns_scores) + missing
    assert sum(matchpoints(ns_scores, convention, field)) == pytest.approx(
        len(ns_scores) * board_top(field, convention) / 2
    )


@given(net_scores, st.integers(0, 10))
def test_acbl_is_half_of_ebu(ns_scores: list[int], missing: int) -> None:
    field = len(ns_scores) + missing
    ebu = matchpoints(ns_scores, "ebu", field)
    assert matchpoints(ns_scores, "acbl", field) == pytest.approx([mp / 2 for mp in ebu])


@given(net_scores, conventions, st.integers(0, 10))
def test_a_higher_net_score_never_gets_fewer_matchpoints(
    ns_scores: list[int], convention: str, missing: int
) -> None:
    mps = matchpoints(ns_scores, convention, expected=len(ns_scores) + missing)
    for score_a, mp_a in zip(ns_scores, mps, strict=True):
        for score_b, mp_b in zip(ns_scores, mps, strict=True):
            if score_a > score_b:
                assert mp_a > mp_b
            elif score_a == score_b:
                assert mp_a == mp_b  # exactly: ties are never split


@given(entries, conventions)
def test_adjusted_entries_never_change_how_real_results_compare(
    board: list[BoardEntry], convention: str
) -> None:
    outcomes = score_board(board, convention)
    real = [entry.ns_net for entry in board if isinstance(entry, Played)]
    real_mps = [
        o.ns_mp for entry, o in zip(board, outcomes, strict=True) if isinstance(entry, Played)
    ]
    assert real_mps == matchpoints(real, convention, expected=len(board))


def place_number(label: str) -> int:
    return int(label.rstrip("="))


@given(
    st.dictionaries(st.integers(0, 30), st.integers(0, 8).map(lambda n: n * 12.5)),
    st.booleans(),
)
def test_rankings_are_consistent(values: dict[int, float], higher_is_better: bool) -> None:
    places = rank(values, higher_is_better=higher_is_better)
    assert set(places) == set(values)
    sign = 1 if higher_is_better else -1
    for a, value_a in values.items():
        better = sum(1 for value in values.values() if sign * value > sign * value_a)
        tied = sum(1 for value in values.values() if value == value_a)
        assert place_number(places[a]) == better + 1
        assert places[a].endswith("=") is (tied > 1)
        for b, value_b in values.items():
            if sign * value_a > sign * value_b:
                assert place_number(places[a]) < place_number(places[b])
    assert [place_number(label) for label in places.values()] == sorted(
        place_number(label) for label in places.values()
    )


@given(st.dictionaries(st.text(max_size=3), st.floats(-1e6, 1e6)))
def test_lower_is_better_is_the_mirror_image(values: dict[str, float]) -> None:
    mirrored = {key: -value for key, value in values.items()}
    assert rank(values, higher_is_better=False) == rank(mirrored)


def _matchpoints_by_bisect(ns_scores: list[int], convention: str, field: int) -> list[float]:
    """The matchpoints as they were worked out before, a result at a time (bisect into
    the sorted scores), for the per-score computation to be held to: the same floats."""
    from bisect import bisect_left, bisect_right

    ordered = sorted(ns_scores)
    results = len(ns_scores)
    out = []
    for score in ns_scores:
        below = bisect_left(ordered, score)
        units = 2 * below + bisect_right(ordered, score) - below - 1
        divisor = results if convention == "ebu" else 2 * results
        out.append(((units + 1) * field - results) / divisor)
    return out


board_entries = st.lists(
    st.one_of(
        st.integers(-20, 20).map(lambda n: Played(n * 10)),
        st.sampled_from([Adjusted(60, 40), Adjusted(50, 50), Adjusted(40, 60)]),
    ),
    max_size=40,
)


@given(board_entries, st.sampled_from(["ebu", "acbl"]), st.integers(0, 5))
def test_score_board_rows_are_score_board_s_figures_exactly(
    entries: list[Played | Adjusted], convention: str, more: int
) -> None:
    """Worked out once a distinct score, the figures are exactly (not nearly) those of
    one result at a time, and score_board's own."""
    field = len(entries) + more
    played = [entry.ns_net for entry in entries if isinstance(entry, Played)]
    assert matchpoints(played, convention, field) == _matchpoints_by_bisect(
        played, convention, field
    )
    top, rows = score_board_rows(entries, convention, field)
    outcomes = score_board(entries, convention, field)
    assert top == board_top(field, convention)
    assert rows == [(o.ns_mp, o.ew_mp, o.ns_percent, o.ew_percent) for o in outcomes]
    assert [o.adjusted for o in outcomes] == [isinstance(e, Adjusted) for e in entries]
    by_score = {
        e.ns_net: row for e, row in zip(entries, rows, strict=True) if isinstance(e, Played)
    }
    for entry, row in zip(entries, rows, strict=True):
        if isinstance(entry, Played):
            assert row is by_score[entry.ns_net]  # one tuple a distinct score, shared
