"""Keeping the event's copies of the schools that play on this site up to date: a
school's session is copied into the event's rows (:mod:`events.results.copying`)
whenever it has changed since the last copy (its ``revision``), so the national results
follow the classes as they play and finish.

A change of a session (a result saved at a table, a pair renamed: anything
``SessionQuerySet.mark_changed`` counts) queues its school's copy in a worker once the
change is committed (:func:`sessions_changed`, connected by ``events.apps``); the reads
of the national results copy first any school still behind (:func:`sync_direct_schools`:
one query when none is), so they hold without a worker too.

Each change of an event's results (a copy, an upload in :mod:`events.schools.uploads`)
goes through :func:`results_changed`, which queues the worker that computes the national
results again (:mod:`events.tasks`, below this)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import F, QuerySet

from events import tasks
from events.models import Event, EventPair, EventSchool
from events.results import copying
from tournaments import models as tournament_models
from tournaments.models import Session
from tournaments.privacy import selectors as privacy_selectors


def sessions_changed(
    sender: Any, *, sessions: QuerySet[Session], in_event: bool | None = None, **kwargs: Any
) -> None:
    """A change of ``sessions`` was counted (``tournaments.models.sessions_changed``): the
    school each plays for in an event is copied again by a worker once the change is
    committed. No query when the sender knows that none plays in an event (``in_event``
    False: a table's save); else one for a session in no event, or whose copy is already
    queued; while a copy is queued, further changes queue nothing more (it copies them
    all)."""
    if in_event is False:
        return
    schools = list(
        EventSchool.objects.filter(session__in=sessions, copy_queued=False).values_list(
            "pk", flat=True
        )
    )
    if schools and EventSchool.objects.filter(pk__in=schools, copy_queued=False).update(
        copy_queued=True
    ):
        transaction.on_commit(lambda: tasks.queue_school_copies(schools))


def sync_direct_schools(event: Event) -> int:
    """Copy into the event the results of each school that plays on this site and whose
    session has changed since its last copy (one query when none has). Returns how many
    schools were copied."""
    return _sync_stale(EventSchool.objects.filter(event=event))


def class_schools_sync(*, school_class_id: int) -> int:
    """Copy again, into every event, each session of the class that has changed since
    its last copy: when a pupil is deleted, the pupil's first name leaves the events'
    pairs in the same transaction, not when somebody next opens the results."""
    return _sync_stale(EventSchool.objects.filter(session__school_class_id=school_class_id))


def _sync_stale(schools: QuerySet[EventSchool]) -> int:
    stale = list(
        schools.filter(session__isnull=False)
        .exclude(synced_revision=F("session__revision"))
        .values_list("pk", flat=True)
    )
    for school_id in stale:
        school_sync_session(school_id)
    return len(stale)


def school_sync_session(school_id: int) -> None:
    """Copy a school's session into its event now (:func:`copying.school_copy`), and
    queue the national results once that is committed."""
    event_id = copying.school_copy(school_id)
    if event_id is not None:
        transaction.on_commit(lambda: tasks.queue_compute_national(event_id))


def results_changed(event_id: int) -> None:
    """Count a change of an event's results: its cached national results are stale, and
    a worker computes them again once the change is committed (events.tasks). While a
    refresh is queued and has not started, further changes queue nothing more: it will
    compute them all."""
    if copying.count_change(event_id):
        transaction.on_commit(lambda: tasks.queue_compute_national(event_id))


# ------------------------------------------------------------------ the classroom's deletions


def forget_names_without_session() -> int:
    """Take the first names out of every school that played on this site and whose
    session is gone (deleted with its class, or purged): its results stay in the event,
    under the school, without names. Called by the classroom's deletions that take
    sessions (:func:`register`); how many pairs lost their names."""
    return (
        EventPair.objects.filter(school__source=EventSchool.Source.DIRECT, school__session=None)
        .exclude(names="")
        .update(names="")
    )


def register() -> None:
    """Hand the events' part of a class's data to ``tournaments.privacy``: a pupil's
    deletion copies the class's sessions into their events again (the first name leaves
    the event's pairs, the partner's and the results stay), and a deletion that takes
    sessions (the class, the purge) takes their names out of the events, each in the
    deletion's own transaction. And listen to the changes of sessions
    (:func:`sessions_changed`), so that a school playing here is copied as it plays."""
    privacy_selectors.register_class_data(
        privacy_selectors.ClassData(
            key="events", pupil_gone=_pupil_gone, sessions_gone=_sessions_gone
        )
    )
    tournament_models.sessions_changed.connect(
        sessions_changed, sender=Session, dispatch_uid="events.copy_changed_sessions"
    )


def _pupil_gone(school_class_id: int) -> None:
    class_schools_sync(school_class_id=school_class_id)


def _sessions_gone() -> None:
    forget_names_without_session()
