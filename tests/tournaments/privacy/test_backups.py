"""`manage.py backup` and `restore`, and the checks a file passes before it replaces the
database. The commands run as the operator runs them, in a subprocess against a SQLite
file of the demo data, so these tests are the same whichever database the suite itself
uses (on PostgreSQL, see test_the_postgresql_commands_are_printed)."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tournaments.privacy import backups

BASE_DIR = Path(__file__).resolve().parents[3]


def manage(*args: str, database: Path | str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    url = database if isinstance(database, str) else f"sqlite:///{database}"
    env = {**os.environ, "DEBUG": "true", "DATABASE_URL": url}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=BASE_DIR,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


# The suite's worker processes (pytest-xdist, --dist loadgroup) run this file's tests in
# one process: the demo database (a session fixture, about ten seconds: its boards are
# dealt and analysed in the subprocess) is made once, not once per process.
pytestmark = pytest.mark.xdist_group("backups_demo")


@pytest.fixture(scope="session")
def demo_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A migrated SQLite database with the demo class, made once."""
    path = tmp_path_factory.mktemp("demo") / "demo.sqlite3"
    for args in (("migrate", "-v0"), ("load_demo",)):
        result = manage(*args, database=path)
        assert result.returncode == 0, result.stderr
    database = sqlite3.connect(path)
    database.execute("PRAGMA journal_mode=DELETE")  # one file, to copy
    database.close()
    return path


@pytest.fixture
def demo(demo_template: Path, tmp_path: Path) -> Path:
    path = tmp_path / "site.sqlite3"
    shutil.copy(demo_template, path)
    return path


def query(path: Path, sql: str) -> list[tuple[object, ...]]:
    database = sqlite3.connect(path)
    try:
        with database:
            return database.execute(sql).fetchall()
    finally:
        database.close()


def results(path: Path) -> int:
    [(count,)] = query(path, "SELECT count(*) FROM tournaments_result")
    assert isinstance(count, int)
    return count


# --------------------------------------------------------------------------- backup


def test_backup_then_restore_brings_back_what_was_lost(demo: Path, tmp_path: Path) -> None:
    file = tmp_path / "monday.sqlite3"
    made = manage("backup", str(file), database=demo)
    assert made.returncode == 0, made.stderr
    assert f"Backed up {demo} to {file}" in made.stdout
    assert "1 classes, 20 pupils, 1 sessions, 50 results" in made.stdout
    assert oct(file.stat().st_mode & 0o777) == "0o600"
    assert query(file, "PRAGMA journal_mode") == [("delete",)]

    query(demo, "DELETE FROM tournaments_resultchange")
    query(demo, "DELETE FROM tournaments_result")
    assert results(demo) == 0
    restored = manage("restore", str(file), "--yes", database=demo)
    assert restored.returncode == 0, restored.stderr
    assert f"The backup {file} holds 1 classes, 20 pupils, 1 sessions, 50 results" in (
        restored.stdout
    )
    assert f"Restored {file} into {demo}." in restored.stdout
    assert results(demo) == 50
    assert query(demo, "PRAGMA integrity_check") == [("ok",)]


def test_backup_refuses_to_write_over_the_database(demo: Path) -> None:
    result = manage("backup", str(demo), database=demo)
    assert result.returncode == 1
    assert "cannot be written over the database itself" in result.stderr


def test_backup_refuses_a_missing_folder(demo: Path, tmp_path: Path) -> None:
    result = manage("backup", str(tmp_path / "nope" / "b.sqlite3"), database=demo)
    assert result.returncode == 1
    assert "does not exist" in result.stderr


def test_a_failed_backup_leaves_no_file(demo: Path, tmp_path: Path) -> None:
    with pytest.raises(backups.BackupError, match="There is no database"):
        backups.sqlite_backup(source=tmp_path / "missing.sqlite3", target=tmp_path / "b")
    assert list(tmp_path.iterdir()) == [demo]


# --------------------------------------------------------------------------- restore


def test_restore_asks_first_and_does_nothing_without_a_yes(demo: Path, tmp_path: Path) -> None:
    file = tmp_path / "backup.sqlite3"
    backups.sqlite_backup(source=demo, target=file)
    query(demo, "DELETE FROM tournaments_resultchange")
    query(demo, "DELETE FROM tournaments_result")
    for answer in ("no\n", "", "y\n"):
        refused = manage("restore", str(file), database=demo, stdin=answer)
        assert refused.returncode == 1
        assert "Whatever was saved since the backup is lost. Type yes to go on:" in refused.stdout
        assert "Nothing was restored." in refused.stderr
        assert results(demo) == 0
    agreed = manage("restore", str(file), database=demo, stdin="yes\n")
    assert agreed.returncode == 0, agreed.stderr
    assert results(demo) == 50


def _text(path: Path) -> None:
    path.write_text("[Board 1]\n")


def _empty_sqlite(path: Path) -> None:
    sqlite3.connect(path).execute("CREATE TABLE notes (text)").connection.close()


def _truncated(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _scribbled(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[8192:12288] = b"\xff" * 4096  # the third page, a table's b-tree
    path.write_bytes(bytes(data))


def _another_app(path: Path) -> None:
    query(path, "DELETE FROM django_migrations WHERE app = 'tournaments'")


def _newer(path: Path) -> None:
    query(
        path,
        "INSERT INTO django_migrations (app, name, applied) "
        "VALUES ('tournaments', '9999_from_the_future', '2030-01-01')",
    )


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        (_text, "is not a SQLite database"),
        (_empty_sqlite, "is not a Minibridge Classroom database (it has no django_migrations"),
        (_truncated, "is damaged"),
        (_scribbled, "is damaged"),
        (_another_app, "is not a Minibridge Classroom database"),
        (_newer, "was made by a newer version of the site (migration "
                 "tournaments.9999_from_the_future"),
    ],
)  # fmt: skip
def test_restore_refuses_a_file_that_is_not_a_good_minibridge_database(
    demo: Path, tmp_path: Path, spoil: Callable[[Path], None], message: str
) -> None:
    file = tmp_path / "spoilt.sqlite3"
    if spoil in (_text, _empty_sqlite):
        spoil(file)
    else:
        backups.sqlite_backup(source=demo, target=file)
        spoil(file)
    with pytest.raises(backups.BackupError, match=message.replace("(", r"\(")):
        backups.check_sqlite_backup(file)
    with pytest.raises(backups.BackupError, match=message.replace("(", r"\(")):
        backups.sqlite_restore(backup=file, target=demo)
    assert results(demo) == 50


@pytest.mark.parametrize(
    ("spoil", "message"), [(_text, "is not a SQLite database"), (_newer, "newer")]
)
def test_the_restore_command_says_why_and_changes_nothing(
    demo: Path, tmp_path: Path, spoil: Callable[[Path], None], message: str
) -> None:
    file = tmp_path / "spoilt.sqlite3"
    shutil.copy(demo, file)
    spoil(file)
    before = demo.read_bytes()
    result = manage("restore", str(file), "--yes", database=demo)
    assert result.returncode == 1
    assert message in result.stderr
    assert demo.read_bytes() == before


def test_restore_refuses_a_missing_file(demo: Path, tmp_path: Path) -> None:
    result = manage("restore", str(tmp_path / "nothing.sqlite3"), "--yes", database=demo)
    assert result.returncode == 1
    assert "Cannot read" in result.stderr


def test_an_older_backup_is_restored_and_the_operator_told_to_migrate(
    demo: Path, tmp_path: Path
) -> None:
    file = tmp_path / "old.sqlite3"
    backups.sqlite_backup(source=demo, target=file)
    query(file, "DELETE FROM django_migrations WHERE app = 'sessions'")
    assert backups.check_sqlite_backup(file).missing_migrations == ["sessions.0001_initial"]
    result = manage("restore", str(file), "--yes", database=demo)
    assert result.returncode == 0, result.stderr
    assert "run `python manage.py migrate` now" in result.stdout


def test_restore_onto_a_new_machine(demo: Path, tmp_path: Path) -> None:
    fresh = tmp_path / "new" / "db.sqlite3"
    fresh.parent.mkdir()
    result = manage("restore", str(demo), "--yes", database=fresh)
    assert result.returncode == 0, result.stderr
    assert results(fresh) == 50


# --------------------------------------------------------------------------- PostgreSQL


def test_the_postgresql_commands_are_printed(tmp_path: Path) -> None:
    url = "postgres://kari:s3cret@db.school.example:6543/mini%20bridge"
    made = manage("backup", "week.dump", database=url)
    assert made.returncode == 1
    assert "No backup was made: use pg_dump as shown above." in made.stderr
    target = "postgresql://kari@db.school.example:6543/mini%20bridge"
    assert f"pg_dump --format=custom --no-owner --file=week.dump {target}" in made.stdout
    assert "s3cret" not in made.stdout + made.stderr
    restored = manage("restore", "week.dump", "--yes", database=url)
    assert restored.returncode == 1
    assert "Nothing was restored: use pg_restore as shown above." in restored.stderr
    assert (
        "pg_restore --clean --if-exists --no-owner --single-transaction "
        f"--dbname={target} week.dump"
    ) in restored.stdout
