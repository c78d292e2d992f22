"""The curve sheet's figures: counts, means and game counts per combined point count."""

from __future__ import annotations

import dataclasses
import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring.curves
from scoring.contracts import ContractKind
from scoring.curves import (
    GAME_GUIDELINE_HCP,
    GAME_TARGETS,
    HCP_RANGE,
    CurvePoint,
    CurveStats,
    Dot,
    curve_stats,
)


def point(
    hcp: int,
    tricks: int,
    kind: str = "part-score",
    made: bool = True,
    dd_played: int | None = None,
    dd_best: int | None = None,
) -> CurvePoint:
    return CurvePoint(hcp, tricks, kind, made, dd_played, dd_best)


#: Six deals, worked out by hand below.
SIX = [
    point(21, 6, "part-score", False, 7, 8),
    point(21, 7, "part-score", True, 7, 7),
    point(25, 9, "game", True, 9, 10),
    point(25, 8, "game", False, 9, 9),
    point(25, 9, "part-score", True, 8, 9),
    point(30, 12, "slam", True, 12, 12),
]


def test_the_constants() -> None:
    assert GAME_TARGETS == {"NT": 9, "major": 10, "minor": 11}
    assert GAME_GUIDELINE_HCP == 25
    assert list(HCP_RANGE) == list(range(21, 41))


def test_six_deals_by_hand() -> None:
    stats = curve_stats(SIX)
    assert stats.total == 6
    assert stats.reference == "played"
    assert [row.hcp for row in stats.rows] == list(range(21, 41))

    at21 = stats.row(21)
    assert (at21.count, at21.games_chosen, at21.games_made) == (2, 0, 0)
    assert at21.mean_tricks == pytest.approx(6.5)  # (6 + 7) / 2
    assert at21.mean_dd_played == pytest.approx(7.0)  # (7 + 7) / 2
    assert at21.mean_dd_best == pytest.approx(7.5)  # (8 + 7) / 2

    at25 = stats.row(25)
    assert (at25.count, at25.games_chosen, at25.games_made) == (3, 2, 1)
    assert at25.mean_tricks == pytest.approx(26 / 3)  # 9 + 8 + 9
    assert at25.mean_dd_played == pytest.approx(26 / 3)  # 9 + 9 + 8
    assert at25.mean_dd_best == pytest.approx(28 / 3)  # 10 + 9 + 9
    assert (at25.dd_played_count, at25.dd_best_count) == (3, 3)

    at30 = stats.row(30)
    assert (at30.count, at30.mean_tricks) == (1, 12.0)
    # A slam is a game and more: it counts as a game chosen, and here made.
    assert (at30.games_chosen, at30.games_made, at30.slams_chosen, at30.slams_made) == (
        1,
        1,
        1,
        1,
    )

    for hcp in set(HCP_RANGE) - {21, 25, 30}:
        row = stats.row(hcp)
        assert (row.count, row.games_chosen, row.games_made) == (0, 0, 0)
        assert (row.mean_tricks, row.mean_dd_played, row.mean_dd_best) == (None, None, None)

    assert stats.dots == (
        Dot(21, 6, 1),
        Dot(21, 7, 1),
        Dot(25, 8, 1),
        Dot(25, 9, 2),
        Dot(30, 12, 1),
    )
    assert stats.dots[3] == (25, 9, 2)  # plain tuples compare equal
    assert stats.max_count == 2
    assert [hcp for hcp, _ in stats.mean_line] == [21, 25, 30]
    assert stats.mean_line[1][1] == pytest.approx(26 / 3)
    assert [hcp for hcp, _ in stats.reference_line] == [21, 25, 30]
    assert [mean for _, mean in stats.reference_line] == pytest.approx([7.0, 26 / 3, 12.0])
    assert [row.hcp for row in stats.with_results] == [21, 25, 30]
    assert (stats.games_chosen, stats.games_made) == (3, 2)


def test_no_results() -> None:
    stats = curve_stats([])
    assert stats.total == 0
    assert stats.dots == ()
    assert stats.reference is None
    assert stats.mean_line == ()
    assert stats.reference_line == ()
    assert stats.with_results == ()
    assert stats.max_count == 0
    assert len(stats.rows) == 20
    assert all(row.count == 0 and row.mean_tricks is None for row in stats.rows)


def test_one_result() -> None:
    stats = curve_stats([point(40, 13, "game", True)])
    assert stats.total == 1
    assert stats.dots == (Dot(40, 13, 1),)
    assert stats.mean_line == ((40, 13.0),)
    assert stats.reference is None  # not analysed
    assert stats.reference_line == ()
    assert (stats.row(40).games_chosen, stats.row(40).games_made) == (1, 1)


def test_a_contract_kind_enum_is_accepted() -> None:
    stats = curve_stats([point(26, 10, ContractKind.GAME, True)])
    assert stats.row(26).games_chosen == 1


def test_the_points_may_come_in_any_order() -> None:
    assert curve_stats(SIX) == curve_stats(list(reversed(SIX)))


# -- Which double-dummy reference --------------------------------------------------------


def test_the_best_strain_when_some_analysed_deal_lacks_the_strain_played() -> None:
    stats = curve_stats([point(23, 7, dd_played=7, dd_best=8), point(24, 8, dd_best=9)])
    assert stats.reference == "best"
    assert stats.reference_line == ((23, 8.0), (24, 9.0))
    # The strain played is still averaged where known.
    assert stats.row(23).mean_dd_played == 7.0
    assert stats.row(24).mean_dd_played is None


def test_the_strain_played_when_every_analysed_deal_has_it() -> None:
    # Deals without any analysis do not stop the strain played being used.
    stats = curve_stats([point(23, 7, dd_played=7), point(23, 9), point(24, 8, dd_played=9)])
    assert stats.reference == "played"
    assert stats.reference_line == ((23, 7.0), (24, 9.0))
    assert stats.row(23).dd_played_count == 1
    assert stats.row(23).mean_tricks == 8.0  # both deals count for the mean


# -- Validation --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"hcp": 20}, "hcp must be a whole number from 21 to 40"),
        ({"hcp": 41}, "hcp must be a whole number from 21 to 40"),
        ({"hcp": True}, "hcp must be a whole number"),
        ({"hcp": 25.0}, "hcp must be a whole number"),
        ({"tricks": -1}, "tricks must be a whole number from 0 to 13"),
        ({"tricks": 14}, "tricks must be a whole number from 0 to 13"),
        ({"kind": "double"}, "kind must be one of part-score, game, slam"),
        ({"made": "yes"}, "made must be True or False"),
        ({"dd_played": 14}, "dd_played must be a whole number from 0 to 13 or None"),
        ({"dd_best": -1}, "dd_best must be a whole number from 0 to 13 or None"),
        ({"dd_played": 10, "dd_best": 9}, "dd_played (10) cannot be more than dd_best (9)"),
    ],
)
def test_invalid_points_are_refused(fields: dict[str, object], message: str) -> None:
    values: dict[str, object] = {"hcp": 25, "tricks": 9, "kind": "game", "made": True}
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        CurvePoint(**{**values, **fields})  # type: ignore[arg-type]


def test_curve_stats_names_the_bad_point() -> None:
    bad = point(25, 9)
    object.__setattr__(bad, "tricks", 15)  # got past the constructor somehow
    with pytest.raises(ValueError, match=r"^Point 1: tricks must be .* got 15\.$"):
        curve_stats([point(22, 7), bad])


def test_curve_stats_refuses_other_things() -> None:
    with pytest.raises(ValueError, match="Point 0: expected a CurvePoint"):
        curve_stats([(25, 9)])  # type: ignore[list-item]


def test_row_outside_the_range() -> None:
    with pytest.raises(ValueError, match="hcp must be from 21 to 40"):
        curve_stats([]).row(20)


def test_the_doctests() -> None:
    assert doctest.testmod(scoring.curves).failed == 0


# -- Properties --------------------------------------------------------------------------
# Drawing the points is what these cost (curve_stats itself is quick): up to 24 points,
# more than one in a row now and then over the 20 rows, and 60 examples each (0.2 s of
# one core apiece), where Hypothesis's 100 lists of up to 60 took 16-18 s on a busy
# machine. The rows, the kinds, the analysed and unanalysed points are all still drawn.


# The strategies a point draws from, made once: a strategy made inside the composite
# would be made and validated again for every point drawn (most of the cost).
TRICKS = st.integers(0, 13)
ANALYSED_TRICKS = st.none() | TRICKS
#: The strain played takes no more tricks than the best one, when both are known.
PLAYED_TRICKS = [st.none() | st.integers(0, best) for best in range(14)]
HCP = st.integers(21, 40)
KINDS = st.sampled_from(["part-score", "game", "slam"])


@st.composite
def curve_points(draw: st.DrawFn) -> CurvePoint:
    dd_best = draw(ANALYSED_TRICKS)
    dd_played = draw(ANALYSED_TRICKS if dd_best is None else PLAYED_TRICKS[dd_best])
    return CurvePoint(
        hcp=draw(HCP),
        tricks=draw(TRICKS),
        kind=draw(KINDS),
        made=draw(st.booleans()),
        dd_played=dd_played,
        dd_best=dd_best,
    )


POINTS = st.lists(curve_points(), max_size=24)
EXAMPLES = settings(max_examples=60)


@EXAMPLES
@given(POINTS)
def test_counts_add_up(points: list[CurvePoint]) -> None:
    stats = curve_stats(points)
    assert stats.total == len(points)
    assert sum(row.count for row in stats.rows) == len(points)
    assert sum(dot.count for dot in stats.dots) == len(points)
    assert len({(dot.hcp, dot.tricks) for dot in stats.dots}) == len(stats.dots)
    assert all(dot.count >= 1 for dot in stats.dots)


@EXAMPLES
@given(POINTS)
def test_means_lie_within_the_results(points: list[CurvePoint]) -> None:
    stats = curve_stats(points)
    for row in stats.rows:
        tricks = [p.tricks for p in points if p.hcp == row.hcp]
        if not tricks:
            assert row.mean_tricks is None
            continue
        assert row.mean_tricks is not None
        assert 0 <= min(tricks) <= row.mean_tricks <= max(tricks) <= 13
        for mean in (row.mean_dd_played, row.mean_dd_best):
            assert mean is None or 0 <= mean <= 13
        # Over the same deals the best strain is never worse than the one played.
        if row.dd_played_count == row.dd_best_count == row.count:
            assert row.mean_dd_played is not None
            assert row.mean_dd_best is not None
            assert row.mean_dd_played <= row.mean_dd_best + 1e-9


@EXAMPLES
@given(POINTS)
def test_games_made_never_exceed_games_chosen(points: list[CurvePoint]) -> None:
    stats = curve_stats(points)
    for row in stats.rows:
        assert 0 <= row.games_made <= row.games_chosen <= row.count
        assert 0 <= row.slams_made <= row.slams_chosen <= row.games_chosen


@EXAMPLES
@given(POINTS)
def test_the_reference_follows_the_analysis(points: list[CurvePoint]) -> None:
    stats = curve_stats(points)
    analysed = [p for p in points if p.dd_played is not None or p.dd_best is not None]
    if not analysed:
        assert stats.reference is None
        assert stats.reference_line == ()
    elif all(p.dd_played is not None for p in analysed):
        assert stats.reference == "played"
    else:
        assert stats.reference == "best"
    assert [hcp for hcp, _ in stats.reference_line] == sorted(
        {p.hcp for p in analysed if getattr(p, f"dd_{stats.reference}") is not None}
    )


@EXAMPLES
@given(st.lists(curve_points(), max_size=12))
def test_stats_are_values(points: list[CurvePoint]) -> None:
    stats = curve_stats(points)
    assert isinstance(stats, CurveStats)
    assert dataclasses.replace(stats) == stats
    hash(stats)  # frozen all the way down, so usable as a cache key
