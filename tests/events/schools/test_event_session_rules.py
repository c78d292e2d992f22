"""The rules of an event's session, decided by the session service (not the set-up
page): an individual session cannot play an event, and the event's scoring and
convention win over what the teacher's form sent."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError

from events.models import Event, EventSchool
from tests.factories import organiser_event
from tournaments.models import BoardSet, Pupil, SchoolClass, Session
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services


@pytest.fixture
def event(db: None) -> Event:
    event = organiser_event(boards=8, seed="rules")
    event.convention = "acbl"
    event.scoring_profile = "lesson"
    event.save()
    return event


def _school_session(teacher: Any, event: Event, *, individual: bool) -> Session:
    school_class = SchoolClass.objects.create(teacher=teacher, name="6B")
    for n in range(8):
        Pupil.objects.create(school_class=school_class, first_name=f"Pupil{n}", last_name="Hansen")
    session = session_services.session_create(
        school_class=school_class,
        present=list(school_class.pupils.all()),
        date=event.starts_on,
        individual_event=individual,
    )
    EventSchool.objects.create(
        event=event,
        name="Odd School",
        teacher=teacher,
        school_class=school_class,
        session=session,
    )
    return session


def _start(session: Session, teacher: Any, board_set: BoardSet | None, **kinds: str) -> None:
    session_services.session_setup_and_start(
        session=session,
        teacher=teacher,
        board_set=board_set,
        rounds=2,
        arrow_switch=False,
        boards_per_round=2,
        scoring_profile="ebu",
        convention="ebu",
        **kinds,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize("board_set", ["event's", None])
def test_an_individual_session_cannot_play_an_event(
    alice: AbstractUser, event: Event, board_set: str | None
) -> None:
    session = _school_session(alice, event, individual=True)
    sets = BoardSet.objects.count()
    with pytest.raises(ValidationError) as refused:
        _start(
            session,
            alice,
            event.board_set if board_set else None,
            movement_kind="individual",
            movement_style="",
        )
    assert refused.value.code == "individual_event"
    assert "An individual session cannot play an event" in refused.value.messages[0]
    session.refresh_from_db()
    assert session.state == Session.State.DRAFT
    assert session.board_set_id is None
    assert BoardSet.objects.count() == sets  # no set dealt for it either


def test_the_events_scoring_wins_over_the_forms(alice: AbstractUser, event: Event) -> None:
    session = _school_session(alice, event, individual=False)
    _start(session, alice, event.board_set, movement_kind="howell", movement_style="")
    session.refresh_from_db()
    assert session.state == Session.State.RUNNING
    assert (session.scoring_profile, session.convention) == ("lesson", "acbl")


def test_the_session_reaches_its_event_through_the_database(event: Event, alice: Any) -> None:
    """tournaments never imports events: a session's event is what the classroom needs of
    it (session_selectors.SessionEvent, a protocol events.Event satisfies: mypy checks the
    assignment below) and is found through the school's link to the session."""
    session = _school_session(alice, event, individual=False)
    needed: session_selectors.SessionEvent = event
    assert session_selectors.event_of(session) == needed
    lesson = Session.objects.create(school_class=session.school_class, date=event.starts_on)
    assert session_selectors.event_of(lesson) is None
