"""The term league's rules: round-robin fixtures, evenings, mini-matches, cross-table."""

from __future__ import annotations

import doctest
import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scoring.league
from scoring.league import (
    CrossTable,
    DealWinner,
    LeagueError,
    MatchPoints,
    MatchScore,
    cross_table,
    deal_winner,
    evening_movement,
    evening_rounds,
    match_score,
    roman,
    round_robin,
)
from scoring.movements import MovementKind, PairId, validate

F, S, H = DealWinner.FIRST, DealWinner.SECOND, DealWinner.HALVED


def test_the_doctests_hold() -> None:
    assert doctest.testmod(scoring.league).failed == 0


@pytest.mark.parametrize(
    ("pairs", "rounds", "matches_a_round", "byes_a_round"),
    [(3, 3, 1, 1), (4, 3, 2, 0), (5, 5, 2, 1), (6, 5, 3, 0), (7, 7, 3, 1), (16, 15, 8, 0)],
)
def test_a_round_robin_has_the_usual_shape(
    pairs: int, rounds: int, matches_a_round: int, byes_a_round: int
) -> None:
    schedule = round_robin(pairs)
    assert len(schedule) == rounds
    for number, fixtures in enumerate(schedule, start=1):
        assert {f.round for f in fixtures} == {number}
        assert sum(not f.is_bye for f in fixtures) == matches_a_round
        assert sum(f.is_bye for f in fixtures) == byes_a_round
        assert fixtures[-1].is_bye or byes_a_round == 0  # the bye comes last


@pytest.mark.parametrize("pairs", range(3, 17))
def test_every_pair_meets_every_other_once_and_has_at_most_one_bye(pairs: int) -> None:
    schedule = round_robin(pairs)
    meetings = Counter(
        frozenset((f.first, f.second)) for r in schedule for f in r if f.second is not None
    )
    everyone = set(itertools.combinations(range(1, pairs + 1), 2))
    assert set(meetings) == {frozenset(p) for p in everyone}
    assert set(meetings.values()) == {1}
    byes = Counter(f.first for r in schedule for f in r if f.is_bye)
    assert all(count == 1 for count in byes.values())
    assert len(byes) == (pairs if pairs % 2 else 0)
    for fixtures in schedule:  # each pair once a round
        seen = [p for f in fixtures for p in (f.first, f.second) if p is not None]
        assert sorted(seen) == list(range(1, pairs + 1))


@pytest.mark.parametrize("pairs", [4, 6, 8])
def test_pairs_sit_north_south_about_half_the_time(pairs: int) -> None:
    schedule = round_robin(pairs)
    north_south = Counter(f.first for r in schedule for f in r)
    assert max(north_south.values()) - min(north_south.values()) <= pairs // 2


@pytest.mark.parametrize("pairs", [2, 17, 0])
def test_a_league_is_for_3_to_16_pairs(pairs: int) -> None:
    with pytest.raises(LeagueError, match="3 to 16 pairs"):
        round_robin(pairs)


@pytest.mark.parametrize(
    ("rounds", "evenings", "spread"),
    [
        (3, 1, [[1, 2, 3]]),
        (3, 2, [[1, 2], [3]]),
        (3, 3, [[1], [2], [3]]),
        (5, 2, [[1, 2, 3], [4, 5]]),
        (7, 3, [[1, 2, 3], [4, 5], [6, 7]]),
    ],
)
def test_rounds_are_spread_evenly_over_the_evenings(
    rounds: int, evenings: int, spread: list[list[int]]
) -> None:
    assert [list(r) for r in evening_rounds(rounds, evenings)] == spread


@pytest.mark.parametrize(("rounds", "evenings"), [(3, 0), (3, 4), (0, 1)])
def test_an_evening_needs_a_round(rounds: int, evenings: int) -> None:
    with pytest.raises(LeagueError):
        evening_rounds(rounds, evenings)


@given(st.integers(1, 30), st.data())
def test_evenings_cover_every_round_once_and_differ_by_one_at_most(
    rounds: int, data: st.DataObject
) -> None:
    evenings = data.draw(st.integers(1, rounds))
    spread = evening_rounds(rounds, evenings)
    assert [n for r in spread for n in r] == list(range(1, rounds + 1))
    assert max(map(len, spread)) - min(map(len, spread)) <= 1


@pytest.mark.parametrize("pairs", range(3, 17))
@pytest.mark.parametrize("deals", [3, 5])
def test_every_evening_is_a_valid_movement(pairs: int, deals: int) -> None:
    schedule = round_robin(pairs)
    for evening in evening_rounds(len(schedule), min(3, len(schedule))):
        movement = evening_movement(
            pairs, first_round=evening[0], rounds=len(evening), deals_per_match=deals
        )
        assert validate(movement) == []
        assert movement.kind is MovementKind.LEAGUE
        assert movement.tables == (pairs + 1) // 2
        assert movement.total_boards == len(evening) * (pairs // 2) * deals
        for number, league_round in enumerate(evening, start=1):
            for fixture, entry in zip(
                schedule[league_round - 1], movement.round_entries(number), strict=True
            ):
                assert entry.ns_pair == PairId(fixture.first)
                second = None if fixture.second is None else PairId(fixture.second)
                assert entry.ew_pair == second


def test_an_evening_gives_each_table_its_own_boards() -> None:
    movement = evening_movement(6, first_round=2, rounds=2, deals_per_match=3)
    boards = [list(movement.boards(e.board_set)) for e in movement.entries]
    assert boards[0] == [1, 2, 3]
    assert boards[-1] == [16, 17, 18]
    assert len({b for bs in boards for b in bs}) == 18


@pytest.mark.parametrize(("first_round", "rounds"), [(0, 1), (3, 2), (4, 1), (1, 0)])
def test_an_evening_outside_the_round_robin_is_refused(first_round: int, rounds: int) -> None:
    with pytest.raises(LeagueError, match="rounds 1 to 3"):
        evening_movement(4, first_round=first_round, rounds=rounds, deals_per_match=3)


@pytest.mark.parametrize(
    ("first", "second", "winner"),
    [
        (420, 0, F),  # EBU: a made game
        (0, 50, S),  # one down
        (1, 0, F),  # target made
        (0, 1, S),  # target missed
        (7, 6, F),  # tricks only
        (60, 40, F),  # adjusted: Average+ against Average−
        (50, 50, H),  # adjusted: Average each
    ],
)
def test_the_side_that_scores_more_wins_the_deal(
    first: int, second: int, winner: DealWinner
) -> None:
    assert deal_winner(first, second) is winner


@pytest.mark.parametrize(
    ("deals", "per_match", "score", "complete"),
    [
        ([F, F, S], 3, (2, 1), True),
        ([S, S, S], 3, (0, 3), True),
        ([F, S], 3, (1, 1), False),
        ([F, None, S], 3, (1, 1), True),  # a deal not played counts for nobody
        ([F, H, S], 3, (1.5, 1.5), True),
        ([F, F, F, S, S], 5, (3, 2), True),
        ([], 5, (0, 0), False),
    ],
)
def test_a_mini_match_counts_the_deals_won(
    deals: list[DealWinner | None], per_match: int, score: tuple[float, float], complete: bool
) -> None:
    match = match_score(1, 2, deals, deals_per_match=per_match)
    assert (match.first_deals, match.second_deals) == score
    assert match.complete is complete
    assert match.deals_of(2) == score[::-1]


def test_a_mini_match_has_no_more_deals_than_it_plays() -> None:
    with pytest.raises(LeagueError, match="3 deals, not 4"):
        match_score(1, 2, [F, F, F, F], deals_per_match=3)
    with pytest.raises(LeagueError, match="cannot play itself"):
        match_score(1, 1, [F], deals_per_match=3)
    with pytest.raises(LeagueError, match="did not play"):
        match_score(1, 2, [F], deals_per_match=3).deals_of(3)


@pytest.mark.parametrize(
    ("points", "won", "lost", "earned"),
    [
        (MatchPoints(), 2, 1, 2),
        (MatchPoints(), 1.5, 1.5, 1),
        (MatchPoints(), 0, 3, 0),
        (MatchPoints(3, 1, 0), 3, 2, 3),
        (MatchPoints(1, 1, 1), 0, 3, 1),
    ],
)
def test_mini_match_points(points: MatchPoints, won: float, lost: float, earned: int) -> None:
    assert points.for_deals(won, lost) == earned


@pytest.mark.parametrize(("win", "draw", "loss"), [(1, 2, 0), (2, 0, 1), (-1, -1, -1)])
def test_points_must_be_in_order(win: int, draw: int, loss: int) -> None:
    with pytest.raises(LeagueError):
        MatchPoints(win, draw, loss)


def _match(a: int, b: int, won: int, lost: int, per_match: int = 3) -> MatchScore:
    return match_score(a, b, [F] * won + [S] * lost, deals_per_match=per_match)


# The booklet's four pairs I to IV, all six mini-matches (best of 3):
#   I–II 2–1, I–III 1–2, I–IV 3–0, II–III 2–1, II–IV 2–1, III–IV 1–2
# Points (2 win, 0 loss): I 4, II 4, III 2, IV 2. Deals won–lost: I 6–3, II 5–4,
# III 4–5, IV 3–6: I is first on the deal difference (+3 against +1), then II; III and
# IV have 2 points each and III the better difference (−1 against −3).
BOOKLET = [
    _match(1, 2, 2, 1),
    _match(1, 3, 1, 2),
    _match(1, 4, 3, 0),
    _match(2, 3, 2, 1),
    _match(2, 4, 2, 1),
    _match(3, 4, 1, 2),
]


def test_the_booklet_example() -> None:
    table = cross_table([1, 2, 3, 4], BOOKLET)
    assert table.finished
    by_pair = {row.pair: row for row in table.rows}
    assert [(by_pair[p].points, by_pair[p].place_label) for p in (1, 2, 3, 4)] == [
        (4, "1"),
        (4, "2"),
        (2, "3"),
        (2, "4"),
    ]
    first = by_pair[1]
    assert [None if c is None else (c.won, c.lost, c.points) for c in first.cells] == [
        None,
        (2, 1, 2),
        (1, 2, 0),
        (3, 0, 2),
    ]
    assert (first.deals_won, first.deals_lost, first.played) == (6, 3, 3)
    assert [row.pair for row in table.ranking] == [1, 2, 3, 4]


def test_pairs_level_on_points_and_deals_share_a_place() -> None:
    table = cross_table([1, 2, 3], [_match(1, 2, 2, 1), _match(2, 3, 2, 1), _match(3, 1, 2, 1)])
    assert [row.place_label for row in table.rows] == ["1=", "1=", "1="]


def test_an_unfinished_match_shows_its_deals_but_earns_nothing() -> None:
    table = cross_table([1, 2, 3], [match_score(1, 2, [F, F], deals_per_match=3)])
    cell = table.rows[0].cells[1]
    assert cell is not None
    assert (cell.won, cell.lost, cell.points) == (2, 0, None)
    assert table.rows[0].points == 0
    assert table.matches_played == 0
    assert not table.finished


def test_other_points_for_a_win() -> None:
    table = cross_table([1, 2, 3, 4], BOOKLET, MatchPoints(win=3, draw=1, loss=0))
    assert [row.points for row in table.rows] == [6, 6, 3, 3]


@pytest.mark.parametrize(
    ("pairs", "matches", "error"),
    [
        ([1, 1, 2], [], "listed twice"),
        ([1, 2], [_match(1, 3, 2, 1)], "not both in the league"),
        ([1, 2], [_match(1, 2, 2, 1), _match(2, 1, 2, 1)], "meet twice"),
    ],
)
def test_a_cross_table_refuses_what_cannot_be(
    pairs: list[int], matches: list[MatchScore], error: str
) -> None:
    with pytest.raises(LeagueError, match=error):
        cross_table(pairs, matches)


@st.composite
def leagues(draw: st.DrawFn) -> tuple[list[int], list[MatchScore], MatchPoints]:
    pairs = draw(st.integers(3, 8))
    per_match = draw(st.sampled_from([3, 5]))
    matches = []
    for a, b in itertools.combinations(range(1, pairs + 1), 2):
        if draw(st.booleans()):
            deals = draw(st.lists(st.sampled_from([F, S, H, None]), min_size=0, max_size=per_match))
            matches.append(match_score(a, b, deals, deals_per_match=per_match))
    win = draw(st.integers(0, 5))
    draw_points = draw(st.integers(0, win))
    loss = draw(st.integers(0, draw_points))
    return list(range(1, pairs + 1)), matches, MatchPoints(win, draw_points, loss)


@given(leagues())
def test_a_cross_table_adds_up(league: tuple[list[int], list[MatchScore], MatchPoints]) -> None:
    pairs, matches, points = league
    table: CrossTable = cross_table(pairs, matches, points)
    complete = [m for m in matches if m.complete]
    # Every complete match hands out a win and a loss, or two draws.
    expected = sum(
        points.draw * 2 if m.first_deals == m.second_deals else points.win + points.loss
        for m in complete
    )
    assert sum(row.points for row in table.rows) == expected
    assert sum(row.played for row in table.rows) == 2 * len(complete)
    assert sum(row.deals_won for row in table.rows) == sum(row.deals_lost for row in table.rows)
    # The cells mirror each other across the diagonal.
    for i, row in enumerate(table.rows):
        assert row.cells[i] is None
        for j, cell in enumerate(row.cells):
            other = table.rows[j].cells[i]
            assert (cell is None) == (other is None)
            if cell is not None and other is not None:
                assert (cell.won, cell.lost) == (other.lost, other.won)
    # Places follow the points: nobody with fewer points is placed above.
    ranking = table.ranking
    for above, below in itertools.pairwise(ranking):
        assert above.points >= below.points
        assert above.place <= below.place
    assert ranking[0].place == 1


@pytest.mark.parametrize(
    ("number", "text"), [(1, "I"), (2, "II"), (3, "III"), (4, "IV"), (9, "IX"), (16, "XVI")]
)
def test_pairs_are_named_in_roman_numerals(number: int, text: str) -> None:
    assert roman(number) == text


def test_there_is_no_pair_nought() -> None:
    with pytest.raises(LeagueError):
        roman(0)
