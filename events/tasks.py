"""Background tasks of events. Each is a thin wrapper: the work lives in events.national."""

from __future__ import annotations

from django.utils import timezone
from django_tasks import TaskContext, task

from events import national


@task(takes_context=True)
def compute_national(context: TaskContext, event_id: int) -> None:
    """The event's national results for its current version (nothing when the cache
    already has it: a second worker given the same job does nothing). On a second
    attempt (the worker of the first died, minibridge.task_recovery), a claim made
    before this attempt started is that dead worker's, and is taken over."""
    started = context.task_result.started_at or timezone.now()
    national.national_refresh(event_id, claimed_before=started if context.attempt > 1 else None)
