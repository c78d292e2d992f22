"""The round clock's time left, from what is stored and the time now: running, paused,
resumed, over, not started, no clock."""

from __future__ import annotations

import datetime

import pytest

from scoring.clock import (
    MINUTES,
    ClockState,
    RoundClock,
    TimeLeft,
    suggested_minutes,
    time_left,
)

START = datetime.datetime(2026, 12, 1, 9, 0, tzinfo=datetime.UTC)


def at(seconds: float) -> datetime.datetime:
    return START + datetime.timedelta(seconds=seconds)


def test_no_clock_has_no_time_left() -> None:
    assert time_left(minutes=None, started_at=START, paused_at=None, now=at(5)) is None
    assert time_left(minutes=None, started_at=None, paused_at=None, now=at(5)) is None


@pytest.mark.parametrize(
    ("elapsed", "seconds", "minutes", "figures"),
    [
        (0, 840, 14, "14:00"),
        (0.2, 840, 14, "14:00"),  # part of a second used: the second is still there
        (1, 839, 14, "13:59"),
        (599, 241, 5, "4:01"),
        (600, 240, 4, "4:00"),
        (835, 5, 1, "0:05"),
        (839.5, 1, 1, "0:01"),
    ],
)
def test_a_running_clock_counts_down(
    elapsed: float, seconds: int, minutes: int, figures: str
) -> None:
    left = time_left(minutes=14, started_at=START, paused_at=None, now=at(elapsed))
    assert left == TimeLeft(seconds=seconds, state=ClockState.RUNNING)
    assert left.running
    assert not left.up
    assert (left.minutes, left.figures) == (minutes, figures)


@pytest.mark.parametrize("elapsed", [840, 841, 3600 * 5])
def test_time_is_up_at_zero_and_stays_there(elapsed: float) -> None:
    left = time_left(minutes=14, started_at=START, paused_at=None, now=at(elapsed))
    assert left == TimeLeft(seconds=0, state=ClockState.UP)
    assert left.up
    assert not left.running
    assert (left.minutes, left.figures) == (0, "0:00")


def test_a_paused_clock_stands_still() -> None:
    clock = RoundClock(10).started(START).paused(at(120))
    for later in (120, 121, 500, 5000):
        assert clock.time_left(at(later)) == TimeLeft(480, ClockState.PAUSED)


def test_a_resumed_clock_keeps_the_time_it_had_left() -> None:
    clock = RoundClock(10).started(START).paused(at(120)).resumed(at(420))
    assert clock.started_at == at(300)  # moved on by the five minutes paused
    assert clock.paused_at is None
    assert clock.time_left(at(420)) == TimeLeft(480, ClockState.RUNNING)
    assert clock.time_left(at(480)) == TimeLeft(420, ClockState.RUNNING)
    # Paused and resumed again: both pauses are left out.
    again = clock.paused(at(480)).resumed(at(600))
    assert again.time_left(at(600)) == TimeLeft(420, ClockState.RUNNING)
    assert again.time_left(at(600 + 420)).up


def test_pausing_twice_or_resuming_a_running_clock_changes_nothing() -> None:
    running = RoundClock(10).started(START)
    paused = running.paused(at(60))
    assert paused.paused(at(90)) == paused  # a second tap on Pause
    assert running.resumed(at(90)) == running  # a second tap on Resume


def test_a_clock_not_started_waits_with_the_whole_round() -> None:
    waiting = RoundClock(14)
    assert waiting.time_left(at(9999)) == TimeLeft(840, ClockState.WAITING)
    assert waiting.paused(at(5)) == waiting
    assert waiting.resumed(at(5)) == waiting
    assert waiting.started(at(100)).time_left(at(160)) == TimeLeft(780, ClockState.RUNNING)


def test_paused_after_the_time_is_up_is_still_up() -> None:
    clock = RoundClock(1).started(START).paused(at(90))
    assert clock.time_left(at(100)) == TimeLeft(0, ClockState.UP)


def test_starting_again_gives_the_whole_round_and_runs() -> None:
    clock = RoundClock(7).started(START).paused(at(100)).started(at(200))
    assert clock.paused_at is None
    assert clock.time_left(at(200)) == TimeLeft(420, ClockState.RUNNING)


def test_other_minutes_keep_the_time_used() -> None:
    clock = RoundClock(14).started(START)
    assert clock.with_minutes(10).time_left(at(300)) == TimeLeft(300, ClockState.RUNNING)
    assert clock.with_minutes(5).time_left(at(300)).up
    paused = clock.paused(at(60)).with_minutes(20)
    assert paused.time_left(at(999)) == TimeLeft(1140, ClockState.PAUSED)


def test_a_start_after_now_has_used_nothing() -> None:
    """Another process's clock a little behind: never more than the whole round."""
    left = time_left(minutes=5, started_at=at(3), paused_at=None, now=START)
    assert left == TimeLeft(300, ClockState.RUNNING)


@pytest.mark.parametrize("minutes", [0, -1, 61, 1000])
def test_a_clock_of_impossible_minutes_is_refused(minutes: int) -> None:
    with pytest.raises(ValueError, match="1 to 60 minutes"):
        RoundClock(minutes)


@pytest.mark.parametrize(("boards", "minutes"), [(1, 7), (2, 14), (3, 21), (8, 56), (9, 60)])
def test_the_suggestion_is_seven_minutes_a_board(boards: int, minutes: int) -> None:
    assert suggested_minutes(boards) == minutes
    assert suggested_minutes(boards) in MINUTES
