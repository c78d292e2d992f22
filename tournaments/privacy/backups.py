"""Backups of the site's SQLite database while the site runs, and restoring one.

Both go through SQLite's online backup API (``sqlite3.Connection.backup``), copying the
whole database in one step:

* A backup reads the live database in one read transaction, so it holds exactly the
  transactions committed before it began; in WAL mode the tablets keep saving
  meanwhile. It is written to ``FILE.partial`` (readable by its owner only: it holds
  children's names), switched to a plain rollback journal so that it is one
  self-contained file, checked (``PRAGMA integrity_check`` and the site's tables), and
  only then renamed to ``FILE``: a backup that did not finish never looks like one.
* A restore first checks the file (a SQLite database, intact, with the site's tables
  and no migration this code does not know), then copies it into the live database
  under SQLite's write lock: a request that runs meanwhile sees the old database or the
  new one, never a mix, and a save in flight waits for the switch.

PostgreSQL has its own tools for this (``pg_dump``, ``pg_restore``):
:func:`postgres_commands` gives them for the configured database.
"""

from __future__ import annotations

import os
import shlex
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from django.db.migrations.loader import MigrationLoader

SQLITE_HEADER = b"SQLite format 3\x00"
#: Tables every Minibridge database has; a file without them is not one.
SITE_TABLES = (
    "django_migrations",
    "auth_user",
    "tournaments_schoolclass",
    "tournaments_pupil",
    "tournaments_session",
    "tournaments_result",
)


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says why, for the operator."""


@dataclass(frozen=True)
class DatabaseSummary:
    """What a database file holds, to name it to the operator."""

    classes: int
    pupils: int
    sessions: int
    results: int
    last_result_at: str | None  # when the newest result was entered (UTC, ISO)
    #: Migrations this code has that the file has not applied (run migrate after).
    missing_migrations: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        text = (
            f"{self.classes} classes, {self.pupils} pupils, {self.sessions} sessions, "
            f"{self.results} results"
        )
        if self.last_result_at:
            text += f", the last entered {self.last_result_at[:19].replace('T', ' ')} UTC"
        return text


def sqlite_backup(*, source: Path, target: Path) -> DatabaseSummary:
    """Copy the live database ``source`` to ``target`` (see the module docstring)."""
    if not source.is_file():
        raise BackupError(f"There is no database at {source}.")
    if target.exists() and target.resolve() == source.resolve():
        raise BackupError("The backup cannot be written over the database itself.")
    if not target.parent.is_dir():
        raise BackupError(f"The folder {target.parent} does not exist.")
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    os.close(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    try:
        live = sqlite3.connect(source, timeout=30)
        copy = sqlite3.connect(partial)
        try:
            live.backup(copy)  # pages=-1: the whole database in one step, one snapshot
            copy.execute("PRAGMA journal_mode=DELETE")  # one file, no -wal beside it
        finally:
            copy.close()
            live.close()
        with partial.open("rb+") as file:
            os.fsync(file.fileno())
        summary = check_sqlite_backup(partial)
        os.replace(partial, target)
    except sqlite3.Error as error:
        partial.unlink(missing_ok=True)
        raise BackupError(f"The backup failed: {error}.") from error
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return summary


def check_sqlite_backup(path: Path) -> DatabaseSummary:
    """What a Minibridge SQLite database file holds; :class:`BackupError` when the file
    is not one: not SQLite, damaged, without the site's tables, or made by a newer
    version of the site (a migration this code does not know)."""
    try:
        with path.open("rb") as file:
            header = file.read(len(SQLITE_HEADER))
    except OSError as error:
        raise BackupError(f"Cannot read {path}: {error.strerror}.") from None
    if header != SQLITE_HEADER:
        raise BackupError(f"{path} is not a SQLite database.")
    try:
        database = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            return _summary(database, path)
        finally:
            database.close()
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path} is damaged: {error}.") from error


def _summary(database: sqlite3.Connection, path: Path) -> DatabaseSummary:
    problems = [row[0] for row in database.execute("PRAGMA integrity_check")]
    if problems != ["ok"]:
        raise BackupError(f"{path} is damaged: {'; '.join(problems[:5])}.")
    tables = {row[0] for row in database.execute("SELECT name FROM sqlite_master")}
    missing = [table for table in SITE_TABLES if table not in tables]
    if missing:
        raise BackupError(
            f"{path} is not a Minibridge Classroom database (it has no {missing[0]} table)."
        )
    applied = set(database.execute("SELECT app, name FROM django_migrations"))
    known = set(MigrationLoader(None, ignore_no_migrations=True).disk_migrations)
    if ("tournaments", "0001_initial") not in applied:
        raise BackupError(f"{path} is not a Minibridge Classroom database.")
    unknown = sorted(applied - known)
    if unknown:
        app, name = unknown[0]
        raise BackupError(
            f"{path} was made by a newer version of the site (migration {app}.{name} is "
            "unknown here). Update the site first."
        )

    def count(table: str) -> int:
        return int(database.execute(f"SELECT count(*) FROM {table}").fetchone()[0])

    last = database.execute("SELECT max(created_at) FROM tournaments_result").fetchone()[0]
    return DatabaseSummary(
        classes=count("tournaments_schoolclass"),
        pupils=count("tournaments_pupil"),
        sessions=count("tournaments_session"),
        results=count("tournaments_result"),
        last_result_at=None if last is None else str(last),
        missing_migrations=[f"{app}.{name}" for app, name in sorted(known - applied)],
    )


def sqlite_restore(*, backup: Path, target: Path) -> DatabaseSummary:
    """Replace the database ``target`` (live or not, or not there yet) with the backup
    ``backup``, after checking it (see the module docstring)."""
    summary = check_sqlite_backup(backup)
    if target.exists() and target.resolve() == backup.resolve():
        raise BackupError("That file is the database itself.")
    try:
        source = sqlite3.connect(f"{backup.resolve().as_uri()}?mode=ro", uri=True)
        live = sqlite3.connect(target, timeout=30)
        try:
            source.backup(live)  # one step, under the live database's write lock
            problems = [row[0] for row in live.execute("PRAGMA integrity_check")]
        finally:
            live.close()
            source.close()
    except sqlite3.Error as error:
        raise BackupError(f"The restore failed, the database is unchanged: {error}.") from error
    if problems != ["ok"]:
        raise BackupError(f"The restored database fails its check: {'; '.join(problems[:5])}.")
    return summary


def postgres_commands(database: Mapping[str, Any], file: str) -> tuple[str, str]:
    """The ``pg_dump`` and ``pg_restore`` command lines for the configured PostgreSQL
    database. The password is left out: give it in PGPASSWORD or ~/.pgpass."""
    user = quote(str(database.get("USER") or ""), safe="")
    host = str(database.get("HOST") or "localhost")
    port = str(database.get("PORT") or "5432")
    name = quote(str(database.get("NAME") or ""), safe="")
    url = f"postgresql://{user + '@' if user else ''}{host}:{port}/{name}"
    dump = f"pg_dump --format=custom --no-owner --file={shlex.quote(file)} {shlex.quote(url)}"
    restore = (
        "pg_restore --clean --if-exists --no-owner --single-transaction "
        f"--dbname={shlex.quote(url)} {shlex.quote(file)}"
    )
    return dump, restore
