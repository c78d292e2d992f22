"""A task whose background worker died is not left RUNNING (minibridge.task_recovery):
back in the queue while it has been tried fewer than MAX_ATTEMPTS times, failed after;
and the booklet and the national results that attempt had claimed are taken over by
the next attempt (its TaskContext.attempt is 2), so their pages move on by themselves.
``serve`` waits a little longer after each restart of a worker, and gives up on one that
keeps stopping (tournaments/management/commands/serve.py: restart_delay)."""

from __future__ import annotations

import datetime
from collections import deque
from typing import Any, TypeVar

import pytest
from django.utils import timezone
from django_tasks import TaskContext, TaskResultStatus
from django_tasks.base import Task
from django_tasks_db.models import DBTaskResult
from pytest_django import Settings as SettingsWrapper

from events.booklet import making as booklet_making
from events.booklet import selectors as booklet_selectors
from events.booklet import services as booklet_services
from events.models import Event, EventBooklet, EventNational
from events.results.selectors import national_results
from events.tasks import compute_national, make_event_booklet
from minibridge import task_recovery
from minibridge.task_recovery import MAX_ATTEMPTS, TIME_LIMIT
from tests.factories import organiser_event
from tournaments.boards.tasks import analyse_board_set
from tournaments.management.commands import serve

DEAD = "serve-dead-worker"

T = TypeVar("T")


def call_with(context: TaskContext, task: Task[..., T], *args: object) -> T:
    """What a worker does with a ``takes_context`` task: the context comes first.
    (django-tasks types ``Task.call`` with the function's parameters after the context.)"""
    return task.call(context, *args)


@pytest.fixture
def queue(settings: SettingsWrapper) -> None:
    """Tasks go into the database's queue, as on the site, and wait there."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def running(
    task: Task[..., Any], *args: Any, workers: tuple[str, ...] = (DEAD,)
) -> DBTaskResult[..., Any]:
    """A task taken by ``workers`` in turn, the last of which is running it."""
    row = DBTaskResult.objects.get(pk=task.enqueue(*args).id)
    for worker in workers:
        row.claim(worker)
    return row


def status(row: DBTaskResult[..., Any]) -> str:
    row.refresh_from_db()
    return str(row.status)


# --------------------------------------------------------------------------- the rule


@pytest.mark.parametrize(
    ("workers", "dead", "after"),
    [
        ((DEAD,), [DEAD], TaskResultStatus.READY),  # its worker died: again
        (("alive",), [DEAD], TaskResultStatus.RUNNING),  # another worker's: left alone
        ((DEAD, "alive"), [DEAD], TaskResultStatus.RUNNING),  # taken again since
        (("a", DEAD), [DEAD], TaskResultStatus.READY),  # second attempt died too
        (("a", "b", DEAD), [DEAD], TaskResultStatus.FAILED),  # MAX_ATTEMPTS: not again
        ((DEAD,), [], TaskResultStatus.RUNNING),
    ],
)
def test_a_task_of_a_worker_that_died_is_queued_again_a_few_times(
    db: None, queue: None, workers: tuple[str, ...], dead: list[str], after: str
) -> None:
    assert len(("a", "b", DEAD)) == MAX_ATTEMPTS
    row = running(analyse_board_set, 1, workers=workers)
    recovered = task_recovery.recover_worker_tasks(dead)
    assert status(row) == after
    assert bool(recovered) == (after != TaskResultStatus.RUNNING)
    if after == TaskResultStatus.FAILED:
        assert recovered.failed == ("tournaments.boards.tasks.analyse_board_set",)
        assert row.exception_class_path == task_recovery.LOST_WORKER
        assert "stopped while running this task, 3 times" in row.traceback
        assert row.finished_at is not None


def test_a_task_finished_or_taken_again_meanwhile_is_left_alone(db: None, queue: None) -> None:
    """The rows are read, then each is changed only if still RUNNING since then."""
    row = running(analyse_board_set, 1)
    rows = list(DBTaskResult.objects.running())
    DBTaskResult.objects.filter(pk=row.pk).update(status=TaskResultStatus.SUCCESSFUL)
    assert task_recovery._recover(rows) == task_recovery.Recovered()
    assert status(row) == TaskResultStatus.SUCCESSFUL
    DBTaskResult.objects.filter(pk=row.pk).update(
        status=TaskResultStatus.RUNNING, started_at=timezone.now() + datetime.timedelta(seconds=1)
    )
    assert task_recovery._recover(rows) == task_recovery.Recovered()
    assert status(row) == TaskResultStatus.RUNNING


@pytest.mark.parametrize(
    ("age", "after"),
    [
        (TIME_LIMIT + datetime.timedelta(seconds=1), TaskResultStatus.READY),
        (TIME_LIMIT - datetime.timedelta(seconds=30), TaskResultStatus.RUNNING),
    ],
)
def test_a_task_running_longer_than_any_task_takes_is_queued_again(
    db: None, queue: None, age: datetime.timedelta, after: str
) -> None:
    """A worker that died unseen (run by hand on another machine, serve killed)."""
    row = running(analyse_board_set, 1, workers=("somewhere-else",))
    DBTaskResult.objects.filter(pk=row.pk).update(started_at=timezone.now() - age)
    task_recovery.recover_stalled_tasks()
    assert status(row) == after


# --------------------------------------------------------------------------- the tasks


def second_attempt(row: DBTaskResult[..., Any]) -> TaskContext:
    """What the next worker runs the task with once the dead one's is recovered."""
    assert task_recovery.recover_worker_tasks([DEAD]).requeued == (row.task_path,)
    row.refresh_from_db()
    row.claim("new-worker")
    context = TaskContext(task_result=row.task_result)
    assert context.attempt == 2
    return context


def test_a_booklet_left_being_made_is_made_by_the_next_attempt(
    db: None, queue: None, django_capture_on_commit_callbacks: Any
) -> None:
    event = organiser_event(boards=2)
    with django_capture_on_commit_callbacks(execute=True):
        booklet_services.booklet_request(event=event, language="en")
    [row] = DBTaskResult.objects.filter(task_path="events.tasks.make_event_booklet")
    row.claim(DEAD)
    # The dead worker had claimed the booklet: "Being made… 0 of 2 boards".
    EventBooklet.objects.filter(event=event).update(status=EventBooklet.Status.RUNNING)
    assert booklet_selectors.booklet_in_progress(EventBooklet.objects.get(event=event))
    # A first attempt of another task leaves it to its maker...
    assert booklet_making.booklet_make(event_id=event.pk) is False
    # ...this task's second attempt makes it.
    assert call_with(second_attempt(row), make_event_booklet, event.pk) is True
    made = EventBooklet.objects.get(event=event)
    assert (made.status, made.progress, made.boards) == (EventBooklet.Status.DONE, 2, 2)
    assert not booklet_selectors.booklet_in_progress(made)


def test_a_second_attempt_leaves_a_newer_request_to_its_own_task(db: None, queue: None) -> None:
    event = organiser_event(boards=2)
    row = running(make_event_booklet, event.pk)
    later = timezone.now() + datetime.timedelta(seconds=1)
    EventBooklet.objects.create(
        event=event, status=EventBooklet.Status.RUNNING, language="en", requested_at=later
    )
    assert call_with(second_attempt(row), make_event_booklet, event.pk) is False
    assert EventBooklet.objects.get(event=event).status == EventBooklet.Status.RUNNING


def test_national_results_a_dead_worker_claimed_are_computed_by_the_next_attempt(
    db: None, queue: None
) -> None:
    event = organiser_event(boards=2)
    national_results(event)
    Event.objects.filter(pk=event.pk).update(results_version=1)
    row = running(compute_national, event.pk)
    # The dead worker had claimed version 1 a moment ago, then died computing it.
    EventNational.objects.filter(event=event).update(claimed_version=1, claimed_at=timezone.now())
    # Another task's first attempt leaves the claim alone (CLAIM_TIMEOUT)...
    call_with(TaskContext(task_result=row.task_result), compute_national, event.pk)
    assert EventNational.objects.get(event=event).version == 0
    # ...this task's second attempt takes it over.
    call_with(second_attempt(row), compute_national, event.pk)
    assert EventNational.objects.get(event=event).version == 1


# --------------------------------------------------------------------------- restarts


def test_each_restart_in_a_burst_waits_longer_and_the_last_gives_up() -> None:
    restarts: deque[float] = deque()
    delays = []
    now = 1000.0
    while (delay := serve.restart_delay(restarts, now)) is not None:
        delays.append(delay)
        restarts.append(now)
        now += delay + 1  # it stops a second after it starts
    assert delays == [0.5, 1.0, 2.0, 4.0, 8.0]
    assert len(delays) == serve.RESTART_BURST
    # A worker that stops once in a while is always started again, at once.
    assert serve.restart_delay(restarts, now + serve.RESTART_WINDOW) == 0.5
    assert not restarts
