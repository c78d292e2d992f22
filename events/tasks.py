"""The events' background tasks, and the one way to queue each.

Each task is a thin wrapper around the work it runs, which lives below this module and
imports nothing of it: the national results' computation (:mod:`events.results.
national`), the copy of a school's session into its event (:mod:`events.results.
copying`) and the booklet's making (:mod:`events.booklet.making`). The modules that
queue a task sit above it and call the ``queue_…`` function here once their change is
committed (:mod:`events.results.sync`, :mod:`events.results.selectors`,
:mod:`events.booklet.services`), so every arrow points one way: services → tasks →
work.
"""

from __future__ import annotations

import datetime

from django.utils import timezone
from django_tasks import TaskContext, task

from events.booklet import making
from events.results import copying, national

#: How long a worker waits before computing the national results after a change: the
#: changes of many schools meanwhile are computed together, once (a national event's
#: uploads come seconds apart; each computation takes a good part of a second).
REFRESH_DELAY = datetime.timedelta(seconds=5)


@task(takes_context=True)
def compute_national(context: TaskContext, event_id: int) -> None:
    """The event's national results for its current version (nothing when the cache
    already has it: a second worker given the same job does nothing). On a second
    attempt (the worker of the first died, minibridge.task_recovery), a claim made
    before this attempt started is that dead worker's, and is taken over."""
    started = context.task_result.started_at or timezone.now()
    national.national_refresh(event_id, claimed_before=started if context.attempt > 1 else None)


@task()
def copy_schools(school_ids: list[int]) -> None:
    """Copy these schools' sessions into their events (each school that is behind its
    session: a second worker given the same job, or a copy made meanwhile by a read,
    leaves nothing to do), then queue each changed event's national results."""
    for school_id in school_ids:
        event_id = copying.school_copy(school_id)
        if event_id is not None:
            queue_compute_national(event_id)


@task(takes_context=True)
def make_event_booklet(context: TaskContext, event_id: int) -> bool:
    """Whether this task made the booklet (False: another had, or was making it). On a
    second attempt (the worker of the first died, minibridge.task_recovery), the
    booklet that attempt left "being made" is made now."""
    taken_over = context.task_result.enqueued_at if context.attempt > 1 else None
    return making.booklet_make(event_id=event_id, requested_before=taken_over)


def queue_compute_national(event_id: int) -> None:
    """Queue the computation of the event's national results, :data:`REFRESH_DELAY`
    from now where the backend can wait (the database worker; the tests' immediate
    backend runs it at once)."""
    queued = compute_national
    if queued.get_backend().supports_defer:
        queued = queued.using(run_after=timezone.now() + REFRESH_DELAY)
    queued.enqueue(event_id)


def queue_school_copies(school_ids: list[int]) -> None:
    """Queue the copy of these schools' sessions into their events (asked for by
    :func:`events.results.sync.sessions_changed` once a change is committed)."""
    copy_schools.enqueue(school_ids)


def queue_event_booklet(event_id: int) -> None:
    """Queue the making of the event's booklet (asked for by
    :func:`events.booklet.services.booklet_request`)."""
    make_event_booklet.enqueue(event_id)
