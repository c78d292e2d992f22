"""A school playing an event on this site is copied into the event as it plays: each
change of its session (tournaments.models.sessions_changed) queues the copy in a worker
once committed (events.results.sync.sessions_changed → events.tasks.copy_schools), and
the copy queues the national results; nobody needs to open a page for them to follow."""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext

from events import tasks
from events.models import Event, EventNational, EventResult, EventSchool
from events.results import copying, sync
from tests.factories import event_school_session, organiser_event, play_round, running_session
from tournaments.models import Result, Session
from tournaments.results import services as result_services
from tournaments.sessions import selectors as session_selectors


@pytest.fixture
def queued(monkeypatch: pytest.MonkeyPatch) -> list[list[int]]:
    """The copies the changes queue (each a list of schools), recorded instead of run."""
    calls: list[list[int]] = []
    monkeypatch.setattr(tasks, "queue_school_copies", calls.append)
    return calls


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
def test_changes_while_a_copy_is_queued_queue_nothing_more(queued: list[list[int]]) -> None:
    event, session = _event_and_session()
    school = EventSchool.objects.get(session=session)
    _save_one(session, table=1)
    _save_one(session, table=2)
    assert queued == [[school.pk]]  # one copy for both saves
    assert not _up_to_date(event, session)
    # The worker runs it: the school is copied, the flag is down, the next save queues.
    tasks.copy_schools.enqueue(queued[0])
    assert _up_to_date(event, session)
    assert not EventSchool.objects.get(pk=school.pk).copy_queued
    _save_one(session, table=1)
    assert queued == [[school.pk], [school.pk]]


@pytest.mark.django_db(transaction=True)
def test_a_tablets_save_queues_its_schools_copy(queued: list[list[int]]) -> None:
    """A table's save knows from the row its request read that the session plays for a
    school (a lesson's save asks nothing: tests/tournaments/results/test_result_save.py):
    its change queues the school's copy as any other does."""
    _event, session = _event_and_session()
    school = EventSchool.objects.get(session=session)
    movement = session_selectors.session_movement(session)
    board = min(movement.boards(movement.entry(1, 1).board_set))
    response = Client().post(
        f"/t/{session.tables.get(number=1).token}/boards/{board}/",
        {"strain": "NT", "level": "game", "tricks": "9", "key": "tablet-1", "round": "1"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert Result.objects.filter(session=session, board_number=board).exists()
    assert queued == [[school.pk]]


@pytest.mark.django_db(transaction=True)
def test_a_change_rolled_back_queues_nothing(queued: list[list[int]]) -> None:
    _event, session = _event_and_session()

    class _Undo(Exception):
        pass

    def save_then_fail() -> None:
        with transaction.atomic():
            _save_one(session)
            raise _Undo

    with pytest.raises(_Undo):
        save_then_fail()
    assert queued == []
    assert not EventSchool.objects.get(session=session).copy_queued


@pytest.mark.django_db(transaction=True)
def test_a_copy_made_by_a_page_first_leaves_the_worker_nothing_to_do(
    queued: list[list[int]],
) -> None:
    event, session = _event_and_session()
    school = EventSchool.objects.get(session=session)
    _save_one(session)
    assert sync.sync_direct_schools(event) == 1  # a page read it before the worker ran
    assert not EventSchool.objects.get(pk=school.pk).copy_queued
    version = Event.objects.values_list("results_version", flat=True).get(pk=event.pk)
    assert copying.school_copy(school.pk) is None  # the worker's run: up to date
    assert Event.objects.values_list("results_version", flat=True).get(pk=event.pk) == version


@pytest.mark.django_db(transaction=True)
def test_a_flag_left_up_with_nothing_to_copy_is_taken_down(queued: list[list[int]]) -> None:
    """E.g. the school's copy was queued and a page copied it meanwhile, then the
    queued copy ran: the flag goes down, or no change would ever queue one again."""
    _event, session = _event_and_session()
    school = EventSchool.objects.get(session=session)
    sync.sync_direct_schools(school.event)
    EventSchool.objects.filter(pk=school.pk).update(copy_queued=True)
    assert copying.school_copy(school.pk) is None
    assert not EventSchool.objects.get(pk=school.pk).copy_queued


@pytest.mark.django_db(transaction=True)
def test_the_workers_copy_skips_a_school_gone_meanwhile(queued: list[list[int]]) -> None:
    event, session = _event_and_session()
    other = event_school_session(
        event,
        get_user_model().objects.create_user(username="erin", password="x" * 20),
        school="South School",
        rounds=3,
    )
    _save_one(session)
    _save_one(other)
    gone, kept = (EventSchool.objects.get(session=s).pk for s in (session, other))
    assert queued == [[gone], [kept]]
    EventSchool.objects.filter(pk=gone).delete()
    tasks.copy_schools.enqueue([gone, kept])  # no error: the one left is copied
    assert _up_to_date(event, other)


@pytest.mark.django_db
def test_a_session_in_no_event_pays_one_query_for_it(alice: User) -> None:
    """A save in a class that plays no event: the events' listener asks once, finds
    no school, queues nothing."""
    session = running_session(alice)
    with CaptureQueriesContext(connection) as queries:
        Session.objects.filter(pk=session.pk).mark_changed()
    assert len(queries) == 2  # the session's revision counted, and the events' question
    assert "events_eventschool" in queries[1]["sql"]


@pytest.mark.django_db(transaction=True)
def test_a_save_committing_during_the_workers_copy_is_not_lost(
    queued: list[list[int]],
) -> None:
    """A copy is queued (the flag is up) and a table's save has changed the session but
    not yet committed, so its listener queues nothing. The worker's copy must wait for
    that save and copy it: had it read the revision before, it would take the flag
    down over a copy without the save, and nothing would copy it until a page did (on
    PostgreSQL; on SQLite the write lock serialises them anyway)."""
    _event, session = _event_and_session()
    school = EventSchool.objects.get(session=session)
    _save_one(session, table=1)
    assert queued == [[school.pk]]
    saved, copied = threading.Event(), threading.Event()

    def table() -> None:
        try:
            with transaction.atomic():
                _save_one(session, table=2)
                saved.set()
                copied.wait(timeout=1)  # the worker starts meanwhile: it must wait
        finally:
            connection.close()

    def worker() -> None:
        try:
            saved.wait(timeout=10)
            copying.school_copy(school.pk)
        finally:
            copied.set()
            connection.close()

    threads = [threading.Thread(target=table), threading.Thread(target=worker)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert queued == [[school.pk]]  # the second save found the flag up
    revision = Session.objects.values_list("revision", flat=True).get(pk=session.pk)
    assert EventSchool.objects.get(pk=school.pk).synced_revision == revision
    agreed = Result.objects.filter(session=session, agreed=True).count()
    assert EventResult.objects.filter(school=school).count() == agreed == 2
