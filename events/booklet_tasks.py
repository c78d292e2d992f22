"""The booklet's background task: a thin wrapper, the work is in events.booklet."""

from __future__ import annotations

from django_tasks import TaskContext, task

from events import booklet


@task(takes_context=True)
def make_event_booklet(context: TaskContext, event_id: int) -> bool:
    """Whether this task made the booklet (False: another had, or was making it). On a
    second attempt (the worker of the first died, minibridge.task_recovery), the
    booklet that attempt left "being made" is made now."""
    taken_over = context.task_result.enqueued_at if context.attempt > 1 else None
    return booklet.booklet_make(event_id=event_id, requested_before=taken_over)
