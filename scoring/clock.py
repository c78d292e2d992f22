"""The round clock: how long a round of the lesson has left.

A clock is never a timer in a process: it is what is stored (the minutes a round, the
instant the round's time began, and the instant it was paused), and the time left is
worked out from those and the time now, so it is the same after a reload, in another
server process and after a restart. Pausing stops the count; resuming moves the
start on by the time paused, so the round keeps the time it had left.
"""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass, replace
from enum import StrEnum

#: The minutes a round's clock can be set to.
MINUTES = range(1, 61)

#: About how long pupils take over a board: the set-up suggests this many minutes a
#: board of the round.
MINUTES_A_BOARD = 7


def suggested_minutes(boards_per_round: int) -> int:
    """The minutes a round the set-up suggests for rounds of ``boards_per_round``
    boards (7 minutes a board, within :data:`MINUTES`)."""
    return min(max(boards_per_round * MINUTES_A_BOARD, MINUTES.start), MINUTES.stop - 1)


class ClockState(StrEnum):
    #: Set, but the round's time has not begun: the teacher starts it.
    WAITING = "waiting"
    RUNNING = "running"
    PAUSED = "paused"
    #: No time left.
    UP = "up"


@dataclass(frozen=True)
class TimeLeft:
    """What a clock shows at one instant: the whole seconds left (rounded up, never
    below 0) and whether it counts down."""

    seconds: int
    state: ClockState

    @property
    def up(self) -> bool:
        return self.state is ClockState.UP

    @property
    def running(self) -> bool:
        return self.state is ClockState.RUNNING

    @property
    def minutes(self) -> int:
        """The minutes left, rounded up: 4:01 to 5:00 are "5 minutes left"."""
        return math.ceil(self.seconds / 60)

    @property
    def figures(self) -> str:
        """As a clock shows it: ``"14:00"``, ``"4:05"``, ``"0:00"``."""
        minutes, seconds = divmod(self.seconds, 60)
        return f"{minutes}:{seconds:02}"


@dataclass(frozen=True)
class RoundClock:
    """A round's clock as stored: ``minutes`` a round; ``started_at``, when the round's
    time began (moved on by each pause; None while the teacher has not started it);
    ``paused_at``, when it was paused (None unless paused)."""

    minutes: int
    started_at: datetime.datetime | None = None
    paused_at: datetime.datetime | None = None

    def __post_init__(self) -> None:
        if self.minutes not in MINUTES:
            raise ValueError(f"a round clock is set to 1 to 60 minutes, not {self.minutes}")

    def elapsed(self, now: datetime.datetime) -> float:
        """The seconds of the round's time used so far (none before it began, or when
        ``now`` comes before the start)."""
        if self.started_at is None:
            return 0.0
        until = self.paused_at if self.paused_at is not None else now
        return max((until - self.started_at).total_seconds(), 0.0)

    def time_left(self, now: datetime.datetime) -> TimeLeft:
        left = max(math.ceil(self.minutes * 60 - self.elapsed(now)), 0)
        if left == 0:
            state = ClockState.UP
        elif self.started_at is None:
            state = ClockState.WAITING
        elif self.paused_at is not None:
            state = ClockState.PAUSED
        else:
            state = ClockState.RUNNING
        return TimeLeft(seconds=left, state=state)

    def started(self, now: datetime.datetime) -> RoundClock:
        """The round's whole time, counting from ``now`` (a new round, or the teacher
        starting this one's time again)."""
        return replace(self, started_at=now, paused_at=None)

    def paused(self, now: datetime.datetime) -> RoundClock:
        """Stopped at ``now``; a clock paused already, or not started, stays as it is."""
        if self.started_at is None or self.paused_at is not None:
            return self
        return replace(self, paused_at=now)

    def resumed(self, now: datetime.datetime) -> RoundClock:
        """Counting again from ``now`` with the time it had left when paused (its start
        moved on by the time paused); a clock that is not paused stays as it is."""
        if self.started_at is None or self.paused_at is None:
            return self
        pause = max(now - self.paused_at, datetime.timedelta(0))
        return replace(self, started_at=self.started_at + pause, paused_at=None)

    def with_minutes(self, minutes: int) -> RoundClock:
        """The same round, ``minutes`` long: the time used so far stays used."""
        return replace(self, minutes=minutes)


def time_left(
    *,
    minutes: int | None,
    started_at: datetime.datetime | None,
    paused_at: datetime.datetime | None,
    now: datetime.datetime,
) -> TimeLeft | None:
    """The time left of a clock stored as these three values; None for no clock
    (``minutes`` None)."""
    if minutes is None:
        return None
    return RoundClock(minutes, started_at, paused_at).time_left(now)
