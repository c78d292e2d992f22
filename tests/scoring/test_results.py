from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.contracts import Contract
from scoring.errors import ErrorCode, ScoringError
from scoring.results import Result, adjust_for_revokes


@pytest.mark.parametrize(
    ("won", "by_declarers", "by_defenders", "adjusted"),
    [
        (9, 0, 0, 9),
        (9, 0, 1, 10),  # a defender revoked: declarer gains a trick
        (9, 1, 0, 8),  # declarer or dummy revoked: the defenders gain a trick
        (9, 1, 1, 9),
        (9, 0, 2, 11),
        (0, 1, 0, 0),  # the declaring side won no trick it could give up
        (13, 0, 1, 13),  # nor did the defenders
        (12, 0, 3, 13),
    ],
)
def test_an_established_revoke_transfers_one_trick(
    won: int, by_declarers: int, by_defenders: int, adjusted: int
) -> None:
    assert adjust_for_revokes(won, by_declarers=by_declarers, by_defenders=by_defenders) == adjusted


def test_a_result_keeps_both_figures_and_scores_the_adjusted_one() -> None:
    # 4♠ one short in play, but a defender revoked: the game makes.
    result = Result(Contract.parse("4S"), tricks_won=9, revokes_by_defenders=1)
    assert result.tricks_won == 9
    assert result.tricks == 10
    assert result.has_revoke
    assert result.score().declarers == 420
    assert Result(Contract.parse("4S"), tricks_won=9).score().defenders == 50
    assert not Result(Contract.parse("4S"), tricks_won=9).has_revoke


def test_a_result_scores_under_any_profile() -> None:
    result = Result(Contract.parse("1NT"), tricks_won=8, revokes_by_declarers=1)
    assert result.score("acbl").declarers == 80
    assert result.score("target", hcp=22).made  # 7 tricks after the revoke, target 7


def test_a_result_checks_its_figures() -> None:
    with pytest.raises(ScoringError, match="cannot win 14 tricks") as info:
        Result(Contract.parse("1NT"), tricks_won=14)
    assert info.value.code is ErrorCode.TRICKS_OUT_OF_RANGE
    with pytest.raises(ScoringError, match="-1 is not a number of revokes") as info:
        Result(Contract.parse("1NT"), tricks_won=8, revokes_by_defenders=-1)
    assert info.value.code is ErrorCode.REVOKES_NEGATIVE


@given(st.integers(0, 13), st.integers(0, 3), st.integers(0, 3))
def test_adjusted_tricks_stay_between_0_and_13(
    won: int, by_declarers: int, by_defenders: int
) -> None:
    adjusted = adjust_for_revokes(won, by_declarers=by_declarers, by_defenders=by_defenders)
    assert 0 <= adjusted <= 13
    assert abs(adjusted - won) <= max(by_declarers, by_defenders)
