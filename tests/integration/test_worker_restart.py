"""The background worker killed (``kill -9``, as the out-of-memory killer does) in the
middle of an event's national results and again in the middle of its booklet, under
`manage.py serve` on a SQLite database of its own: the site answers all along, serve
starts a new worker each time, that worker finishes both, and no task is left RUNNING.

The worker is caught mid-task without any hook in the site: the test watches the
database for the task's own claim (the national version claimed, the booklet "being
made"), then takes SQLite's write lock, so the worker stops at its next write, and
checks under the lock that the work is still unfinished before it kills the worker."""

from __future__ import annotations

import signal
import sqlite3
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

import psutil
import pytest

from tests.classroom_site import Served, Site

#: An event of 8 boards whose national results take half a second or so: 40
#: schools of 18 tables (5,760 results), long enough to be caught computing.
SETUP = """
import random
from django.db.models import F
from django_tasks_db.models import DBTaskResult
from events.booklet import services as booklet_services
from events.models import Event, EventPair, EventResult, EventSchool
from events.tasks import compute_national
from tests.factories import organiser_event

event = organiser_event(boards=8)
# The booklet analyses the boards itself (seconds): no separate analysis first.
DBTaskResult.objects.all().delete()
rng = random.Random(1)
for number in range(40):
    school = EventSchool.objects.create(event=event, name=f"School {number}")
    pairs = EventPair.objects.bulk_create(
        EventPair(school=school, key=str(key)) for key in range(36)
    )
    EventResult.objects.bulk_create(
        EventResult(
            school=school, board_number=board, ns_pair=pairs[2 * table],
            ew_pair=pairs[2 * table + 1], contract="3NT", declarer="N", tricks=9,
            ns_score=rng.choice([400, 430, 600, -50, -100, 140]),
        )
        for board in range(1, 9)
        for table in range(18)
    )
Event.objects.filter(pk=event.pk).update(results_version=F("results_version") + 1)
compute_national.enqueue(event.pk)
booklet_services.booklet_request(event=event, language="en")
print(event.pk)
"""


@pytest.fixture
def site(tmp_path: Path) -> Site:
    return Site.prepare(tmp_path / "site", demo=False)


def answers(port: int) -> bool:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/accounts/login/", timeout=10) as page:
        status: int = page.status
        return status == 200


def worker_of(one: Served) -> psutil.Process:
    [worker] = [
        child
        for child in psutil.Process(one.process.pid).children()
        if "db_worker" in " ".join(child.cmdline())
    ]
    return worker


def wait(condition: Callable[[], bool], timeout: float, poll: float = 0.01) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "not in time"
        time.sleep(poll)


class Database:
    """The site's SQLite database, read as the worker writes it."""

    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(path, timeout=30, isolation_level=None)

    def one(self, sql: str, *params: object) -> tuple[object, ...] | None:
        row: tuple[object, ...] | None = self.db.execute(sql, params).fetchone()
        return row

    def kill_while(self, unfinished: Callable[[], bool], worker: psutil.Process) -> None:
        """Take the write lock (the worker stops at its next write), check the work is
        still unfinished, kill the worker, let go of the lock."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            assert unfinished(), "the worker finished before it could be killed"
            worker.send_signal(signal.SIGKILL)
            worker.wait(timeout=10)
        finally:
            self.db.execute("ROLLBACK")


def test_a_killed_worker_is_replaced_and_its_tasks_are_finished(
    site: Site, served: list[Served]
) -> None:
    event = int(site.python(SETUP).split()[-1])
    db = Database(site.folder / "db.sqlite3")
    [version] = db.one("SELECT results_version FROM events_event WHERE id = ?", event) or [0]
    one = site.serve()
    served.append(one.ready())

    def national() -> tuple[object, ...] | None:
        return db.one(
            "SELECT version, claimed_version FROM events_eventnational WHERE event_id = ?", event
        )

    def booklet() -> tuple[object, ...] | None:
        return db.one("SELECT status, progress FROM events_eventbooklet WHERE event_id = ?", event)

    # 1. In the middle of the national results: the version is claimed, not yet written.
    wait(lambda: national() in {(0, version), (version, version)}, 60)
    db.kill_while(lambda: national() == (0, version), worker_of(one))
    one.wait_for("The background worker stopped by itself")
    assert answers(one.port)
    one.wait_for(r"A task a stopped worker left unfinished \(compute_national\) is back")
    one.wait_for("Started a new background worker")
    wait(lambda: national() == (version, version), 60, 0.1)

    # 2. In the middle of the booklet: being made, 0 of 8 boards (it analyses them first).
    wait(lambda: booklet() == ("running", 0), 60)
    db.kill_while(lambda: booklet() == ("running", 0), worker_of(one))
    one.wait_for("The background worker stopped by itself")
    assert answers(one.port)
    one.wait_for(r"A task a stopped worker left unfinished \(make_event_booklet\) is back")
    one.wait_for("Started a new background worker")
    wait(lambda: booklet() == ("done", 8), 120, 0.1)

    assert answers(one.port)
    tasks = db.db.execute(
        "SELECT task_path, status, worker_ids FROM django_tasks_database_dbtaskresult"
    ).fetchall()
    assert sorted((path.rsplit(".", 1)[1], status) for path, status, _ids in tasks) == [
        ("compute_national", "SUCCESSFUL"),
        ("make_event_booklet", "SUCCESSFUL"),
    ]
    # Each was tried twice: by the worker killed, then by the one started after it.
    assert all(ids.count('"') == 4 for _path, _status, ids in tasks)
