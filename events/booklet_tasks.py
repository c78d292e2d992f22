"""The booklet's background task: a thin wrapper, the work is in events.booklet."""

from __future__ import annotations

from django_tasks import task

from events import booklet


@task()
def make_event_booklet(event_id: int) -> bool:
    """Whether this task made the booklet (False: another had, or was making it)."""
    return booklet.booklet_make(event_id=event_id)
