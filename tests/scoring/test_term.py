"""Term standings' arithmetic: sessions played, average, best session, places."""

from __future__ import annotations

import doctest
import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scoring.term
from scoring.term import SessionScore, term_lines


def test_the_doctests_hold() -> None:
    assert doctest.testmod(scoring.term).failed == 0


def _scores(*percents: float | None) -> list[SessionScore]:
    return [SessionScore(order, p) for order, p in enumerate(percents) if p is not None]


@pytest.mark.parametrize(
    ("percents", "sessions", "average", "best_order"),
    [
        ((50.0,), 1, 50.0, 0),
        ((50.0, 58.5), 2, 54.25, 1),
        ((60.0, None, 40.0), 2, 50.0, 0),
        ((45.0, 55.0, 55.0), 3, 51.666666666666664, 1),  # equal best: the earliest
        ((None, 62.5, None, 37.5), 2, 50.0, 1),
    ],
)
def test_a_term_line(
    percents: tuple[float | None, ...], sessions: int, average: float, best_order: int
) -> None:
    (line,) = term_lines({"Emma": _scores(*percents)})
    assert (line.sessions, line.average, line.best.order) == (sessions, average, best_order)


@pytest.mark.parametrize(
    ("table", "places"),
    [
        ({"a": (60.0,), "b": (50.0,), "c": (40.0,)}, ["a 1", "b 2", "c 3"]),
        ({"a": (50.0, 60.0), "b": (55.0,), "c": (40.0,)}, ["a 1=", "b 1=", "c 3"]),
        ({"a": (40.0,), "b": (), "c": (70.0, 30.0)}, ["c 1", "a 2"]),  # b never played
    ],
)
def test_term_places_follow_the_average(
    table: dict[str, tuple[float, ...]], places: list[str]
) -> None:
    lines = term_lines({who: _scores(*p) for who, p in table.items()})
    assert [f"{line.who} {line.place}" for line in lines] == places


@given(
    st.dictionaries(
        st.text(min_size=1, max_size=3),
        st.lists(st.floats(0, 100), min_size=1, max_size=8),
        min_size=1,
        max_size=8,
    )
)
def test_term_lines_add_up(table: dict[str, list[float]]) -> None:
    lines = term_lines({who: _scores(*p) for who, p in table.items()})
    assert {line.who for line in lines} == set(table)
    for line in lines:
        percents = table[line.who]
        assert line.sessions == len(percents)
        assert min(percents) - 1e-9 <= line.average <= max(percents) + 1e-9
        assert line.best.percent == max(percents)
    averages = [line.average for line in lines]
    assert all(a >= b - 1e-6 for a, b in itertools.pairwise(averages))
