"""Certificates' rules: one line per pupil, the first code of the scope's order that the
figures bear out, never a negative; the places honoured."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.certificates import (
    BOARD_TESTS,
    ORDER,
    Achievement,
    BoardPlayed,
    Code,
    PupilFacts,
    Scope,
    achievement,
    honoured,
    place_number,
)
from scoring.contracts import ContractKind

PART, GAME, SLAM = ContractKind.PART_SCORE, ContractKind.GAME, ContractKind.SLAM


def declared(
    board: int,
    kind: ContractKind = PART,
    *,
    made: bool = True,
    above_dd: int | None = None,
    best_contract: bool = False,
    top: bool = False,
    by_target: bool = False,
) -> BoardPlayed:
    return BoardPlayed(board, True, made, kind, above_dd, best_contract, top, 0, by_target)


def defended(
    board: int,
    *,
    made: bool = True,
    above_dd: int | None = None,
    top: bool = False,
    by_target: bool = False,
) -> BoardPlayed:
    return BoardPlayed(board, False, made, PART, above_dd, False, top, 0, by_target)


def facts(
    *boards: BoardPlayed, scope: Scope = Scope.SESSION, sessions: int = 0, matches_won: int = 0
) -> PupilFacts:
    return PupilFacts(scope, boards, sessions, matches_won)


@pytest.mark.parametrize(
    ("given_facts", "expected"),
    [
        # Nothing played at all: still a line.
        (facts(), Achievement(Code.TOOK_PART, Scope.SESSION)),
        (facts(scope=Scope.TERM), Achievement(Code.TOOK_PART, Scope.TERM)),
        # Defended every board, the contracts made, not analysed: the boards defended.
        (
            facts(defended(1), defended(2)),
            Achievement(Code.DEFENDED, Scope.SESSION, 2),
        ),
        # One contract declared and made: named by its board.
        (facts(defended(1), declared(4)), Achievement(Code.CONTRACTS_MADE, Scope.SESSION, 1, 4)),
        # Two made: counted.
        (
            facts(declared(3), declared(4)),
            Achievement(Code.CONTRACTS_MADE, Scope.SESSION, 2),
        ),
        # Declared and went down, nothing analysed: the board declared, never the result.
        (facts(declared(2, made=False)), Achievement(Code.DECLARED, Scope.SESSION, 1)),
        # Under a target scoring: the target reached.
        (
            facts(declared(6, by_target=True)),
            Achievement(Code.TARGETS_REACHED, Scope.SESSION, 1, 6),
        ),
        # In defence the contract failed: the defence is what went well.
        (facts(defended(5, made=False)), Achievement(Code.DEFENDED_WELL, Scope.SESSION, 1, 5)),
        (
            facts(defended(5, made=False, by_target=True)),
            Achievement(Code.TARGET_DENIED, Scope.SESSION, 1, 5),
        ),
        # A game made beats a part-score made and the defence.
        (
            facts(declared(1), declared(2, GAME), defended(3, made=False)),
            Achievement(Code.GAMES_MADE, Scope.SESSION, 1),
        ),
        # A slam made beats a game made.
        (
            facts(declared(1, GAME), declared(2, SLAM)),
            Achievement(Code.SLAMS_MADE, Scope.SESSION, 1),
        ),
        # A slam that failed is no slam made.
        (
            facts(declared(2, SLAM, made=False, above_dd=0)),
            Achievement(Code.AS_DD, Scope.SESSION, 1, 2),
        ),
        # More tricks than the cards promised, declaring and in defence.
        (
            facts(declared(1, GAME), declared(5, above_dd=1)),
            Achievement(Code.ABOVE_DD, Scope.SESSION, 1, 5),
        ),
        (
            facts(declared(1, GAME), defended(7, above_dd=2)),
            Achievement(Code.DEFENCE_ABOVE_DD, Scope.SESSION, 1, 7),
        ),
        # Fewer tricks than double dummy is not an achievement: the contract made is.
        (facts(declared(5, above_dd=-1)), Achievement(Code.CONTRACTS_MADE, Scope.SESSION, 1, 5)),
        # The best score of the field comes before the tricks.
        (
            facts(declared(5, above_dd=1), defended(7, top=True)),
            Achievement(Code.TOP_BOARD, Scope.SESSION, 1, 7),
        ),
        (
            facts(defended(2, top=True), defended(7, top=True)),
            Achievement(Code.TOP_BOARD, Scope.SESSION, 2),
        ),
        # The best contract, declared.
        (
            facts(declared(3, best_contract=True, above_dd=-1)),
            Achievement(Code.BEST_CONTRACT, Scope.SESSION, 1, 3),
        ),
        # Over a term the boards are counted, never named.
        (
            facts(declared(5, above_dd=1), scope=Scope.TERM),
            Achievement(Code.ABOVE_DD, Scope.TERM, 1),
        ),
        # Over a term the boards played come before the smaller counts.
        (
            facts(declared(1), defended(2), defended(3), scope=Scope.TERM, sessions=2),
            Achievement(Code.BOARDS_PLAYED, Scope.TERM, 3),
        ),
        (facts(scope=Scope.TERM, sessions=1), Achievement(Code.SESSIONS_PLAYED, Scope.TERM, 1)),
        # In a league, the mini-matches won come right after a slam.
        (
            facts(declared(1, GAME), scope=Scope.LEAGUE, matches_won=2),
            Achievement(Code.MATCHES_WON, Scope.LEAGUE, 2),
        ),
        (
            facts(declared(1, SLAM), scope=Scope.LEAGUE, matches_won=2),
            Achievement(Code.SLAMS_MADE, Scope.LEAGUE, 1),
        ),
        # An event reads like a session.
        (facts(declared(8, GAME), scope=Scope.EVENT), Achievement(Code.GAMES_MADE, Scope.EVENT, 1)),
    ],
)
def test_the_line_is_the_first_the_figures_bear_out(
    given_facts: PupilFacts, expected: Achievement
) -> None:
    assert achievement(given_facts) == expected


def test_every_order_ends_with_the_line_that_always_holds() -> None:
    for scope, order in ORDER.items():
        assert order[-1] is Code.TOOK_PART, scope
        assert len(set(order)) == len(order), scope
    # Every board-by-board code is tried in every scope.
    for scope, order in ORDER.items():
        assert set(BOARD_TESTS) <= set(order), scope


@pytest.mark.parametrize(
    ("place", "number"),
    [("1", (1, False)), ("3=", (3, True)), ("12", (12, False)), ("—", None), ("", None),
     ("0", None), ("=", None), ("²", None), ("-1", None)],
)  # fmt: skip
def test_a_place_is_read_from_the_ranking(place: str, number: tuple[int, bool] | None) -> None:
    assert place_number(place) == number


@pytest.mark.parametrize(
    ("place", "places", "found"),
    [("1", 3, (1, False)), ("3=", 3, (3, True)), ("4", 3, None), ("1", 0, None), ("—", 3, None)],
)
def test_only_the_places_chosen_are_honoured(
    place: str, places: int, found: tuple[int, bool] | None
) -> None:
    assert honoured(place, places) == found


# --------------------------------------------------------------------------- properties

BOARDS = st.builds(
    BoardPlayed,
    board=st.integers(1, 36),
    declared=st.booleans(),
    made=st.booleans(),
    kind=st.sampled_from(list(ContractKind)),
    above_dd=st.none() | st.integers(-13, 13),
    best_contract=st.booleans(),
    top=st.booleans(),
    session=st.integers(0, 12),
    by_target=st.booleans(),
)
FACTS = st.builds(
    PupilFacts,
    scope=st.sampled_from(list(Scope)),
    boards=st.lists(BOARDS, max_size=30).map(tuple),
    sessions=st.integers(0, 15),
    matches_won=st.integers(0, 10),
)


@given(FACTS)
def test_every_pupil_gets_exactly_one_true_and_positive_line(pupil: PupilFacts) -> None:
    found = achievement(pupil)
    order = ORDER[pupil.scope]
    assert found.code in order
    assert found.scope is pupil.scope
    # Nothing earlier in the order holds: the line is the first that does.
    for code in order[: order.index(found.code)]:
        if code in BOARD_TESTS:
            assert not any(BOARD_TESTS[code](board) for board in pupil.boards), code
    if found.code is Code.TOOK_PART:
        assert found.count == 0
        assert found.board is None
        return
    # A count is never 0 (nor negative): "made 0 games" is no achievement.
    assert found.count >= 1
    if found.code in BOARD_TESTS:
        matching = [b for b in pupil.boards if BOARD_TESTS[found.code](b)]
        assert found.count == len(matching)
        if found.board is not None:
            assert pupil.scope.one_session
            assert [b.board for b in matching] == [found.board]
        # Whatever the board shows, the line never stands on a failure of the side's own.
        for board in matching:
            if found.code in (Code.ABOVE_DD, Code.DEFENCE_ABOVE_DD):
                assert board.above_dd is not None
                assert board.above_dd > 0
            if found.code in (Code.SLAMS_MADE, Code.GAMES_MADE, Code.CONTRACTS_MADE):
                assert board.declared
                assert board.made
            if found.code in (Code.DEFENDED_WELL, Code.TARGET_DENIED):
                assert not board.declared
                assert not board.made
    elif found.code is Code.MATCHES_WON:
        assert found.count == pupil.matches_won
    elif found.code is Code.SESSIONS_PLAYED:
        assert found.count == pupil.sessions


@given(FACTS)
def test_the_line_does_not_depend_on_the_order_the_boards_come_in(pupil: PupilFacts) -> None:
    reversed_facts = PupilFacts(
        pupil.scope, tuple(reversed(pupil.boards)), pupil.sessions, pupil.matches_won
    )
    assert achievement(reversed_facts) == achievement(pupil)
