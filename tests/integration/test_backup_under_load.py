"""A backup taken while tablets are saving holds every result a tablet was told was
saved before the backup began, and restores into a fresh database that passes its
check; a restore while they save switches the live database at once. On SQLite through
`manage.py backup` and `restore`; on PostgreSQL the commands print pg_dump and
pg_restore commands instead (and exit non-zero), and the test runs exactly those
commands under the same load."""

from __future__ import annotations

import os
import secrets
import shlex
import shutil
import sqlite3
import subprocess
import threading
import time
from collections.abc import Iterator
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db import connection
from pytest_django import Settings as SettingsWrapper
from pytest_django.live_server_helper import LiveServer

from tests.factories import big_session
from tests.integration.test_concurrent_entry import Tablet
from tournaments.privacy import backups
from tournaments.sessions import selectors as session_selectors

WORKERS = 5
#: Backups are taken once this many results have been acknowledged.
BACKUP_AFTER = (8, 24)


class Load:
    """Tablets saving results from ``WORKERS`` threads; who was acknowledged when."""

    def __init__(self, tablets: list[Tablet]) -> None:
        self.tablets = tablets
        self.acknowledged: list[Tablet] = []
        self.statuses: list[int] = []
        self.started: dict[tuple[str, int], float] = {}
        self.changed = threading.Condition()

    def run(self, share: list[Tablet]) -> None:
        for tablet in share:
            self.started[tablet.table.token, tablet.board] = time.monotonic()
            status = tablet.post()
            with self.changed:
                self.statuses.append(status)
                if status == 302:  # saved: the tablet moves on to its next board
                    self.acknowledged.append(tablet)
                self.changed.notify_all()

    def acknowledged_once(self, count: int) -> set[tuple[str, int]]:
        """Wait until ``count`` results are acknowledged; those acknowledged so far."""
        with self.changed:
            assert self.changed.wait_for(lambda: len(self.acknowledged) >= count, timeout=60)
            return {(tablet.table.token, tablet.board) for tablet in self.acknowledged}

    def finished(self) -> None:
        with self.changed:
            assert self.changed.wait_for(
                lambda: len(self.statuses) == len(self.tablets), timeout=120
            )


@pytest.fixture
def load(live_server: LiveServer, settings: SettingsWrapper) -> Iterator[Load]:
    # The boards' double-dummy analysis is not what is tested here: queue it, never run it.
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}
    session = big_session(get_user_model().objects.create_user("loaded"), seed="backup")
    movement = session_selectors.session_movement(session)
    tablets = [
        Tablet(live_server.url, table, board)
        for table in session.tables.order_by("number")
        for board in movement.boards(movement.entry(1, table.number).board_set)
    ]
    assert len(tablets) == 45
    running = Load(tablets)
    threads = [
        threading.Thread(target=running.run, args=(tablets[k::WORKERS],)) for k in range(WORKERS)
    ]
    for thread in threads:
        thread.start()
    yield running
    for thread in threads:
        thread.join(timeout=120)
    assert running.statuses == [302] * len(tablets)  # the backups made no save fail


def saved_in(path: Path) -> set[tuple[str, int]]:
    database = sqlite3.connect(path)
    try:
        assert database.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        rows = database.execute(
            "SELECT t.token, r.board_number FROM tournaments_result r "
            "JOIN tournaments_table t ON t.id = r.table_id"
        ).fetchall()
    finally:
        database.close()
    return {(token, board) for token, board in rows}


@pytest.mark.django_db(transaction=True)
def test_a_backup_while_tablets_save_holds_every_acknowledged_result(
    load: Load, tmp_path: Path
) -> None:
    if connection.vendor == "postgresql":
        _the_postgres_way(load, tmp_path)
        return
    for number, count in enumerate(BACKUP_AFTER):
        before = load.acknowledged_once(count)
        file = tmp_path / f"backup-{number}.sqlite3"
        out = StringIO()
        call_command("backup", str(file), stdout=out)
        if number == 0:  # the tablets were still saving while it ran
            assert len(load.acknowledged) < len(load.tablets)
        assert f"Backed up {connection.settings_dict['NAME']} to {file}" in out.getvalue()
        assert oct(file.stat().st_mode & 0o777) == "0o600"  # children's names: owner only
        assert not file.with_name(file.name + ".partial").exists()

        fresh = tmp_path / f"restored-{number}.sqlite3"
        backups.sqlite_restore(backup=file, target=fresh)
        restored = saved_in(fresh)
        assert before <= restored
        assert len(restored) <= len(load.tablets)


@pytest.mark.django_db(transaction=True)
def test_a_restore_while_tablets_save_switches_the_database_at_once(
    load: Load, tmp_path: Path
) -> None:
    file = tmp_path / "backup.sqlite3"
    if connection.vendor == "postgresql":
        out = StringIO()
        with pytest.raises(CommandError, match="Nothing was restored: use pg_restore"):
            call_command("restore", str(file), "--yes", stdout=out)
        assert backups.postgres_commands(connection.settings_dict, str(file))[1] in (out.getvalue())
        return
    before_backup = load.acknowledged_once(BACKUP_AFTER[0])
    call_command("backup", str(file), stdout=StringIO())
    in_backup = saved_in(file)
    load.acknowledged_once(BACKUP_AFTER[1])
    call_command("restore", str(file), "--yes", stdout=StringIO())
    restored_at = time.monotonic()
    load.finished()  # and every save, before, during and after, was answered 302
    now = saved_in(Path(connection.settings_dict["NAME"]))
    after_restore = {key for key, started in load.started.items() if started > restored_at}
    assert after_restore  # some tablets saved after the switch
    assert before_backup <= in_backup
    assert in_backup | after_restore <= now
    assert len(now) < len(load.tablets)  # what was saved in between is gone: a restore


def _the_postgres_way(load: Load, tmp_path: Path) -> None:
    """On PostgreSQL `backup` prints the pg_dump and pg_restore commands and exits
    non-zero; where PostgreSQL's tools are installed, run them as printed."""
    database = connection.settings_dict
    before = load.acknowledged_once(BACKUP_AFTER[0])
    file = tmp_path / "backup.dump"
    out = StringIO()
    with pytest.raises(CommandError, match="No backup was made: use pg_dump"):
        call_command("backup", str(file), stdout=out)
    dump, restore = backups.postgres_commands(database, str(file))
    assert dump in out.getvalue()
    assert restore in out.getvalue()
    if shutil.which("pg_dump") is None or shutil.which("pg_restore") is None:
        return  # the documented behaviour is checked; the tools are not on this machine
    env = {**os.environ, "PGPASSWORD": str(database.get("PASSWORD") or "")}
    subprocess.run(shlex.split(dump), env=env, check=True, timeout=120)
    fresh = f"restore_{secrets.token_hex(4)}"
    with connection.cursor() as cursor:
        cursor.execute(f'CREATE DATABASE "{fresh}"')
    try:
        _, restore_fresh = backups.postgres_commands({**database, "NAME": fresh}, str(file))
        subprocess.run(shlex.split(restore_fresh), env=env, check=True, timeout=120)
        assert before <= _saved_in_postgres({**database, "NAME": fresh})
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f'DROP DATABASE IF EXISTS "{fresh}"')


def _saved_in_postgres(database: dict[str, Any]) -> set[tuple[str, int]]:
    import psycopg

    with psycopg.connect(
        dbname=database["NAME"],
        user=database.get("USER") or None,
        password=database.get("PASSWORD") or None,
        host=database.get("HOST") or None,
        port=database.get("PORT") or None,
    ) as restored:
        rows = restored.execute(
            "SELECT t.token, r.board_number FROM tournaments_result r "
            "JOIN tournaments_table t ON t.id = r.table_id"
        ).fetchall()
    return {(token, board) for token, board in rows}
