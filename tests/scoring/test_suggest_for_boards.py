"""``suggest_for_boards``: a movement for a fixed set of boards (a simultaneous event's)
never needs a board the set lacks, plays all of them whenever some movement can, and its
reason's numbers are the movement's."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.movements import (
    REASONS,
    MovementError,
    ReasonCode,
    playable_movements,
    suggest_for_boards,
)


@pytest.mark.parametrize(
    ("pairs", "boards", "kind", "style", "tables", "rounds", "per_round", "per_pair"),
    [
        (6, 8, "howell", None, 3, 4, 2, 8),
        (8, 8, "mitchell", "relay", 4, 4, 2, 8),
        (10, 8, "howell", None, 5, 4, 1, 4),
        (4, 12, "howell", None, 2, 3, 4, 12),
        (10, 16, "howell", None, 5, 4, 2, 8),
        (12, 12, "mitchell", "relay", 6, 6, 2, 12),
    ],
)
def test_it_plays_every_board_of_the_set(
    pairs: int,
    boards: int,
    kind: str,
    style: str | None,
    tables: int,
    rounds: int,
    per_round: int,
    per_pair: int,
) -> None:
    s = suggest_for_boards(pairs, boards)
    assert (s.kind.value, s.style.value if s.style else None) == (kind, style)
    assert (s.tables, s.rounds, s.boards_per_round) == (tables, rounds, per_round)
    assert s.reason_code is ReasonCode.EVENT_ALL_BOARDS
    assert s.params["per_pair"] == per_pair
    assert s.build().total_boards == boards


def test_too_many_tables_for_the_boards_is_refused() -> None:
    with pytest.raises(MovementError) as refused:
        suggest_for_boards(18, 8)  # 9 tables, each needs a board of its own in round 1
    assert refused.value.params["needed"] == 9


@settings(max_examples=60, deadline=None)
@given(pairs=st.integers(3, 30), boards=st.integers(1, 32))
def test_it_never_needs_a_board_the_set_lacks(pairs: int, boards: int) -> None:
    try:
        s = suggest_for_boards(pairs, boards)
    except MovementError:
        assert all(m.total_boards > boards for m in playable_movements(pairs, 8))
        return
    movement = s.build()
    assert movement.total_boards == s.params["played"] <= boards
    possible = {m.total_boards for m in playable_movements(pairs, 8)}
    assert (s.reason_code is ReasonCode.EVENT_ALL_BOARDS) == (boards in possible)
    assert movement.total_boards == max(n for n in possible if n <= boards)
    assert s.reason == REASONS[s.reason_code].format(**s.params)
    assert (s.params["rounds"], s.params["tables"]) == (movement.rounds, movement.tables)
    assert s.params["boards_per_round"] == movement.boards_per_round
    plays = dict.fromkeys(movement.pair_ids, 0)
    for e in movement.entries:
        for p in e.players:
            plays[p] += movement.boards_per_round
    assert s.params["per_pair"] == min(plays.values())
