"""Tasks whose background worker died: back in the queue, or failed after a few tries.

django-tasks-db marks a task RUNNING when a worker takes it (``DBTaskResult.claim``
adds the worker's id to ``worker_ids``) and finished when the worker is done; a worker
killed in between (``kill -9``, out of memory, a power cut) leaves it RUNNING for good,
and the library has nothing yet that notices (its issue #46). Two rules notice here:

* :func:`recover_worker_tasks`: ``manage.py serve`` starts its workers with ids of its
  own and sees one die, so a RUNNING task whose last worker is one of those is known to
  be abandoned, at once;
* :func:`recover_stalled_tasks`: any RUNNING task started longer ago than
  :data:`TIME_LIMIT` (ours take seconds), whatever worker took it: the worker died
  where nobody saw it (a worker run by hand on another machine, or ``serve`` itself
  killed).

Such a task is put back in the queue (READY) for the next worker, unless it was tried
:data:`MAX_ATTEMPTS` times already (a task that kills its worker each time, e.g. out of
memory): then it is marked failed. Each change is one conditional UPDATE (the row is
still RUNNING and was started when it was read), so a worker that finishes the task
meanwhile, or another server recovering it at the same time, wins or loses cleanly.
The tasks themselves take back what a dead attempt had claimed: they know from
``TaskContext.attempt`` that an earlier attempt of theirs did not finish
(events.tasks).
"""

from __future__ import annotations

import datetime
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Q
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

#: A task RUNNING for longer than this has lost its worker: a booklet takes seconds, the
#: national results under one, a board set's analysis a few seconds a board.
TIME_LIMIT = datetime.timedelta(minutes=10)
#: A task whose worker died this many times is not tried again: it is marked failed.
MAX_ATTEMPTS = 3

LOST_WORKER = "minibridge.task_recovery.WorkerLost"


class WorkerLost(Exception):
    """What a task failed with when its worker died each time it ran it."""


@dataclass(frozen=True)
class Recovered:
    """What was done with the tasks of dead workers: their ids, and task paths."""

    requeued: tuple[str, ...] = ()
    failed: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.requeued or self.failed)

    def __add__(self, other: Recovered) -> Recovered:
        return Recovered(self.requeued + other.requeued, self.failed + other.failed)


def abandoned_by(row: DBTaskResult[..., Any], worker_ids: Collection[str]) -> bool:
    """Whether a RUNNING task's current attempt is one of ``worker_ids``'s (the last id
    in its ``worker_ids`` is the worker that took it last)."""
    return bool(row.worker_ids) and row.worker_ids[-1] in worker_ids


def recover_worker_tasks(worker_ids: Collection[str]) -> Recovered:
    """Recover the RUNNING tasks that one of ``worker_ids`` (workers known to have
    stopped) took last."""
    if not worker_ids:
        return Recovered()
    rows = DBTaskResult.objects.running().only("id", "started_at", "worker_ids", "task_path")
    return _recover(row for row in rows if abandoned_by(row, worker_ids))


def recover_stalled_tasks(now: datetime.datetime | None = None) -> Recovered:
    """Recover the RUNNING tasks started longer ago than TIME_LIMIT."""
    cutoff = (now or timezone.now()) - TIME_LIMIT
    rows = (
        DBTaskResult.objects.running()
        .filter(Q(started_at__lt=cutoff) | Q(started_at__isnull=True))
        .only("id", "started_at", "worker_ids", "task_path")
    )
    return _recover(rows)


def _recover(rows: Iterable[DBTaskResult[..., Any]]) -> Recovered:
    requeued: list[str] = []
    failed: list[str] = []
    for row in rows:
        still = DBTaskResult.objects.filter(
            pk=row.pk, status=TaskResultStatus.RUNNING, started_at=row.started_at
        )
        if len(row.worker_ids) < MAX_ATTEMPTS:
            if still.update(status=TaskResultStatus.READY):
                requeued.append(row.task_path)
        elif still.update(
            status=TaskResultStatus.FAILED,
            finished_at=timezone.now(),
            exception_class_path=LOST_WORKER,
            traceback=(
                f"{LOST_WORKER}: the background worker stopped while running this task, "
                f"{len(row.worker_ids)} times: it is not tried again."
            ),
            return_value=None,
        ):
            failed.append(row.task_path)
    return Recovered(tuple(requeued), tuple(failed))
