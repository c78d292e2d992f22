"""The national results are computed by a worker (events.tasks.compute_national),
queued whenever an event's results change; a job already done is not done again."""

from __future__ import annotations

import threading
import time

import pytest
from django.contrib.auth.models import User
from django.db import connection, transaction

from events import tasks
from events.models import Event, EventNational
from events.results import national, sync
from events.results.national import national_refresh
from events.results.selectors import national_for_page
from events.results.sync import results_changed
from tests.factories import event_school_session, organiser_event, play_round


@pytest.fixture
def event(alice: User) -> Event:
    event = organiser_event(boards=6)
    session = event_school_session(event, alice, school="North School", rounds=3)
    play_round(session, 1, {(1, 1): ("3NT", 9)})
    sync.sync_direct_schools(event)
    return event


@pytest.fixture
def computations(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The versions national.compute_national is called for, in order."""
    calls: list[int] = []
    compute = national.compute_national

    def counted(event: Event, version: int) -> national.NationalResults:
        calls.append(version)
        return compute(event, version)

    monkeypatch.setattr(national, "compute_national", counted)
    return calls


def _version(event: Event) -> int:
    return Event.objects.values_list("results_version", flat=True).get(pk=event.pk)


def test_running_the_task_twice_computes_once(event: Event, computations: list[int]) -> None:
    EventNational.objects.filter(event=event).delete()
    tasks.compute_national.enqueue(event.pk)
    tasks.compute_national.enqueue(event.pk)
    assert computations == [_version(event)]
    assert EventNational.objects.get(event=event).version == _version(event)


def test_two_versions_in_a_row_end_on_the_newest(event: Event, computations: list[int]) -> None:
    first = _version(event)
    Event.objects.filter(pk=event.pk).update(results_version=first + 1)
    assert national_refresh(event.pk) is True
    Event.objects.filter(pk=event.pk).update(results_version=first + 2)
    assert national_refresh(event.pk) is True
    assert national_refresh(event.pk) is False
    assert computations == [first + 1, first + 2]
    cached = EventNational.objects.get(event=event)
    assert cached.version == first + 2
    assert national_for_page(event).current


def test_a_page_shows_a_stale_cache_and_computes_only_without_one(
    event: Event, computations: list[int]
) -> None:
    EventNational.objects.filter(event=event).delete()
    cold = national_for_page(event)  # nothing cached: computed here, once
    assert cold.current
    assert computations == [_version(event)]
    Event.objects.filter(pk=event.pk).update(results_version=_version(event) + 1)
    stale = national_for_page(event)  # the worker's job, not the page's
    assert not stale.current
    assert stale.results == cold.results
    assert len(computations) == 1


def test_a_task_for_a_deleted_event_does_nothing(event: Event, computations: list[int]) -> None:
    event_id = event.pk
    event.delete()
    assert national_refresh(event_id) is False
    assert computations == []


class _Queue:
    """Stands in for the task: records what is queued."""

    supports_defer = False

    def __init__(self) -> None:
        self.queued: list[int] = []

    def get_backend(self) -> _Queue:
        return self  # a backend that runs tasks when queued, as the tests' does

    def enqueue(self, event_id: int) -> None:
        self.queued.append(event_id)


@pytest.mark.django_db(transaction=True)
def test_a_change_of_results_queues_the_worker_after_commit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    queue = _Queue()
    monkeypatch.setattr(tasks, "compute_national", queue)
    event = organiser_event(boards=4)
    with transaction.atomic():
        results_changed(event.pk)
        assert queue.queued == []  # nothing before the commit
    assert queue.queued == [event.pk]
    assert _version(event) == 1


@pytest.mark.django_db(transaction=True)
def test_two_workers_at_once_compute_once(
    computations: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two workers given the same job at the same moment: the second waits for the
    first's lock and finds the version done (on SQLite the lock is the database's)."""
    from django.contrib.auth import get_user_model

    teacher = get_user_model().objects.create_user(username="dana", password="x" * 20)
    event = organiser_event(boards=6)
    session = event_school_session(event, teacher, school="North School", rounds=3)
    play_round(session, 1, {(1, 1): ("3NT", 9)})
    sync.sync_direct_schools(event)
    slow = national.compute_national
    done: list[bool] = []

    def slowly(event: Event, version: int) -> national.NationalResults:
        time.sleep(0.3)  # long enough for the other worker to arrive meanwhile
        return slow(event, version)

    def worker() -> None:
        try:
            done.append(national_refresh(event.pk))
        finally:
            connection.close()

    for first_time in (True, False):
        if first_time:
            EventNational.objects.filter(event=event).delete()
        else:
            Event.objects.filter(pk=event.pk).update(results_version=_version(event) + 1)
        computations.clear()
        done.clear()
        monkeypatch.setattr(national, "compute_national", slowly)
        threads = [threading.Thread(target=worker) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        monkeypatch.setattr(national, "compute_national", slow)
        assert sorted(done) == [False, True]
        assert computations == [_version(event)]
        assert EventNational.objects.get(event=event).version == _version(event)


@pytest.mark.django_db(transaction=True)
def test_changes_while_a_refresh_is_queued_queue_nothing_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Schools' uploads seconds apart: one refresh is queued for all of them until a
    worker starts it; a change after that queues the next."""
    queue = _Queue()
    monkeypatch.setattr(tasks, "compute_national", queue)
    event = organiser_event(boards=4)
    for _ in range(3):
        with transaction.atomic():
            results_changed(event.pk)
    assert queue.queued == [event.pk]
    assert _version(event) == 3
    national_refresh(event.pk)  # the worker starts: the next change queues again
    with transaction.atomic():
        results_changed(event.pk)
    assert queue.queued == [event.pk, event.pk]


def test_a_claimed_version_is_left_to_its_worker_unless_it_died(
    event: Event, computations: list[int]
) -> None:
    from datetime import timedelta

    from django.utils import timezone

    national_refresh(event.pk)  # the results so far, cached
    computations.clear()
    version = _version(event) + 1
    Event.objects.filter(pk=event.pk).update(results_version=version)
    # Another worker claimed this version a moment ago and is computing it.
    EventNational.objects.filter(event=event).update(
        claimed_version=version, claimed_at=timezone.now()
    )
    assert national_refresh(event.pk) is False
    assert computations == []
    # That worker died long ago: the job is taken over.
    EventNational.objects.filter(event=event).update(
        claimed_at=timezone.now() - national.CLAIM_TIMEOUT - timedelta(seconds=1)
    )
    assert national_refresh(event.pk) is True
    assert computations == [version]
    assert EventNational.objects.get(event=event).version == version


@pytest.mark.django_db(transaction=True)
def test_a_stale_cache_no_worker_is_at_gets_a_refresh_queued(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A worker failed (or died) after taking the job: the page still shows the old
    results, and queues the refresh nobody else will."""
    event = organiser_event(boards=4)
    national_for_page(event)  # cached (empty)
    queue = _Queue()
    monkeypatch.setattr(tasks, "compute_national", queue)
    Event.objects.filter(pk=event.pk).update(results_version=_version(event) + 1)
    assert not national_for_page(event).current
    assert queue.queued == [event.pk]
    assert not national_for_page(event).current  # queued: nothing more
    assert queue.queued == [event.pk]
