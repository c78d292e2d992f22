"""A school playing an event on this site is copied into the event as it plays: each
change of its session (tournaments.models.sessions_changed) queues the copy in a worker
once committed (events.results.sync.sessions_changed → events.tasks.copy_schools), and
the copy queues the national results; nobody needs to open a page for them to follow."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from events import tasks
from events.models import Event, EventNational, EventResult, EventSchool
from events.results import copying
from tests.factories import event_school_session, organiser_event, play_round, running_session
from tournaments.models import Result, Session
from tournaments.results import services as result_services
from tournaments.sessions import selectors as session_selectors


class _Queue:
    """Stands in for the copy task: records what is queued."""

    def __init__(self) -> None:
        self.queued: list[list[int]] = []

    def enqueue(self, school_ids: list[int]) -> None:
        self.queued.append(school_ids)


def _event_and_session(*, school: str = "North School") -> tuple[Event, Session]:
    teacher = get_user_model().objects.create_user(username="dana", password="x" * 20)
    event = organiser_event(boards=6)
    return event, event_school_session(event, teacher, school=school, rounds=3)


def _save_one(session: Session, *, table: int = 1) -> None:
    """One result at ``table`` in round 1 (its first board not played yet), committed."""
    movement = session_selectors.session_movement(session)
    table_row = session.tables.get(number=table)
    played = set(
        Result.objects.filter(session=session, table=table_row).values_list(
            "board_number", flat=True
        )
    )
    board = next(b for b in movement.boards(movement.entry(1, table).board_set) if b not in played)
    result_services.result_record(table=table_row, board_number=board, contract="3NT", tricks_won=9)


def _up_to_date(event: Event, session: Session) -> bool:
    """The school's copy holds the session's last change and the national results
    cached are of the event's results now (read as they are: no page copies first)."""
    school = EventSchool.objects.get(session=session)
    revision = Session.objects.values_list("revision", flat=True).get(pk=session.pk)
    version = Event.objects.values_list("results_version", flat=True).get(pk=event.pk)
    cached = EventNational.objects.filter(event=event).values_list("version", flat=True)
    return school.synced_revision == revision and list(cached) == [version]


@pytest.mark.django_db(transaction=True)
def test_a_result_saved_at_a_table_reaches_the_national_results_without_a_page() -> None:
    """The suite's task backend runs a task when it is queued: what a worker would do
    within a second of the save (and the national results 5 s after: REFRESH_DELAY)."""
    event, session = _event_and_session()
    play_round(session, 1, {(1, 1): ("3NT", 9)})
    assert _up_to_date(event, session)
    agreed = Result.objects.filter(session=session, agreed=True).count()
    assert agreed > 0
    assert EventResult.objects.filter(school__session=session).count() == agreed
    assert not EventSchool.objects.get(session=session).copy_queued


@pytest.mark.django_db(transaction=True)
def test_changes_while_a_copy_is_queued_queue_nothing_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    queue = _Queue()
    monkeypatch.setattr(tasks, "copy_schools", queue)
    event, session = _event_and_session()
    school = EventSchool.objects.get(session=session)
    _save_one(session, table=1)
    _save_one(session, table=2)
    assert queue.queued == [[school.pk]]  # one copy for both saves
    assert not _up_to_date(event, session)
    # The worker runs it: the school is copied, the flag is down, the next save queues.
    assert copying.school_copy(school.pk) == event.pk
    assert not EventSchool.objects.get(pk=school.pk).copy_queued
    _save_one(session, table=1)
    assert queue.queued == [[school.pk], [school.pk]]


@pytest.mark.django_db(transaction=True)
def test_a_change_rolled_back_queues_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    queue = _Queue()
    monkeypatch.setattr(tasks, "copy_schools", queue)
    _event, session = _event_and_session()

    class _Undo(Exception):
        pass

    def save_then_fail() -> None:
        with transaction.atomic():
            _save_one(session)
            raise _Undo

    with pytest.raises(_Undo):
        save_then_fail()
    assert queue.queued == []
    assert not EventSchool.objects.get(session=session).copy_queued


@pytest.mark.django_db(transaction=True)
def test_a_copy_already_made_by_a_read_leaves_the_worker_nothing_to_do(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    queue = _Queue()
    monkeypatch.setattr(tasks, "copy_schools", queue)
    event, session = _event_and_session()
    school = EventSchool.objects.get(session=session)
    _save_one(session)
    assert queue.queued == [[school.pk]]
    assert copying.school_copy(school.pk) == event.pk  # a page read it first
    assert copying.school_copy(school.pk) is None  # the worker's run: up to date
    assert not EventSchool.objects.get(pk=school.pk).copy_queued


@pytest.mark.django_db
def test_a_session_in_no_event_pays_one_query_for_it(alice: User) -> None:
    """A save in a class that plays no event: the events' listener asks once, finds
    no school, queues nothing."""
    session = running_session(alice)
    with CaptureQueriesContext(connection) as queries:
        Session.objects.filter(pk=session.pk).mark_changed()
    assert len(queries) == 2  # the count, and the events' question
    assert "events_eventschool" in queries[1]["sql"]
