"""A full disk in the middle of a lesson: the site runs as `make run` runs it, its
database on a small tmpfs of its own. With the disk full a tablet's save is refused
with a plain 503 (nothing half-written, no 500), the tablet keeps the result and sends
it again; once there is room it is saved, exactly once."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.test_result_entry import enter
from tests.classroom_site import Served, Site

SET_UP = """
import json
from django.contrib.auth import get_user_model
from tests.factories import running_session
teacher = get_user_model().objects.create_user(username="full", password="x" * 20)
session = running_session(teacher, seed="full disk")
print(json.dumps({"session": session.pk, "token": session.tables.get(number=1).token}))
"""


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 64 MB tmpfs, mounted for this test alone (the tests run as root, as CI does)."""
    folder = tmp_path / "disk"
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=64m", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.fail(
            f"This test mounts a tmpfs and needs root (as `make test` has): {mounted.stderr}"
        )
    try:
        yield folder
    finally:
        subprocess.run(["umount", "--lazy", str(folder)], check=False)


def fill(disk: Path) -> Path:
    """Fill the disk to the last byte; returns the file that holds the room."""
    filler = disk / "filler"
    descriptor = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (1 << 20, 4096, 1):
            try:
                while True:
                    os.write(descriptor, b"\0" * size)
            except OSError:
                pass
    finally:
        os.close(descriptor)
    return filler


def test_a_save_on_a_full_disk_waits_on_the_tablet_and_is_saved_once_there_is_room(
    small_disk: Path, browser: Browser
) -> None:
    site = Site.prepare(small_disk / "site", demo=False)
    made = json.loads(site.python(SET_UP).strip().splitlines()[-1])
    served: Served = site.serve().ready()
    database = site.folder / "db.sqlite3"

    def results() -> int:
        with sqlite3.connect(database) as db:
            count: int = db.execute(
                "SELECT count(*) FROM tournaments_result WHERE session_id = ?",
                (made["session"],),
            ).fetchone()[0]
        return count

    try:
        context = browser.new_context(viewport={"width": 800, "height": 1100})
        context.set_default_timeout(20_000)
        tablet = context.new_page()
        answers: list[int] = []
        tablet.on(
            "response",
            lambda response: (
                answers.append(response.status) if response.request.method == "POST" else None
            ),
        )
        tablet.goto(f"http://127.0.0.1:{served.port}/t/{made['token']}/")
        expect(tablet.get_by_role("heading", name="Table 1 · Round 1 of 3")).to_be_visible()

        # Everything written so far is moved into the database file (the journal is
        # emptied), so the next write needs room the disk no longer has.
        with sqlite3.connect(database) as db:
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        filler = fill(small_disk)
        enter(tablet, "No trumps", "Part-score", "8")
        status = tablet.locator(".offline-status")
        expect(status).to_contain_text("1 result waiting to be sent")
        # The tablet says what the server said, not that the network is down.
        expect(status).to_contain_text("The teacher's computer has no room left to save this.")
        expect(status).not_to_contain_text("There is no network right now")
        assert 503 in answers, answers
        assert all(status < 500 or status == 503 for status in answers), answers
        assert results() == 0

        filler.unlink()  # the teacher makes room
        expect(tablet.get_by_text("How the other tables did")).to_be_visible(timeout=40_000)
        expect(tablet.get_by_text("waiting to be sent")).to_have_count(0)
        assert results() == 1
        assert "Internal Server Error" not in served.output
        context.close()
    finally:
        served.stop()
