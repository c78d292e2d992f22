"""Ready-made objects for tests and benchmarks, built through the services (so they are
made exactly as a teacher would make them)."""

from __future__ import annotations

import datetime

from django.contrib.auth.models import AbstractBaseUser

from tournaments import services, sessions
from tournaments.models import Pupil, SchoolClass, Session


def running_session(
    teacher: AbstractBaseUser,
    *,
    pupils: int = 16,
    rounds: int = 3,
    boards_per_round: int = 2,
    board_count: int = 8,
    movement_style: str = "skip",
    seed: str = "tests",
    class_name: str = "8A",
) -> Session:
    """A started Mitchell session (16 pupils: 8 pairs at 4 tables, skip, 3 rounds of 2
    boards by default)."""
    school_class = SchoolClass.objects.create(teacher=teacher, name=class_name)
    present = [
        Pupil.objects.create(school_class=school_class, first_name=f"Pupil{n:02}")
        for n in range(pupils)
    ]
    board_set = services.board_set_deal(
        teacher=teacher, name=f"{class_name} boards", count=board_count, seed=seed
    )
    session = sessions.session_create(
        school_class=school_class, present=present, date=datetime.date(2026, 11, 29)
    )
    sessions.session_setup_and_start(
        session=session,
        teacher=teacher,
        board_set=board_set,
        movement_kind="mitchell",
        movement_style=movement_style,
        rounds=rounds,
        arrow_switch=False,
        boards_per_round=boards_per_round,
        scoring_profile="ebu",
        convention="ebu",
    )
    session.refresh_from_db()
    return session


def big_session(teacher: AbstractBaseUser, *, seed: str = "load") -> Session:
    """30 pairs at 15 tables, 3 boards a round: 45 results in round 1."""
    return running_session(
        teacher,
        pupils=60,
        rounds=1,
        boards_per_round=3,
        board_count=45,
        movement_style="",
        seed=seed,
        class_name="Big",
    )
