"""Background tasks of events. Each is a thin wrapper: the work lives in events.national."""

from __future__ import annotations

from django_tasks import task

from events import national


@task()
def compute_national(event_id: int) -> None:
    """The event's national results for its current version (nothing when the cache
    already has it: a second worker given the same job does nothing)."""
    national.national_refresh(event_id)
