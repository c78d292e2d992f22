"""A PostgreSQL server of a test's own: Debian's, a new cluster in a temporary folder,
on a free port of 127.0.0.1 (and a socket in that folder), stopped and removed at the
end. As root it runs as the postgres user, as .ci/run starts its own."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.classroom_site import free_port


def _as_postgres() -> list[str]:
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


def _version(folder: Path) -> tuple[int, ...]:
    return tuple(int(part) for part in folder.parent.name.split(".") if part.isdigit())


def _run(program: Path, *args: str) -> None:
    done = subprocess.run(
        [*_as_postgres(), str(program), *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, f"{program.name} failed:\n{done.stdout}{done.stderr}"


@contextmanager
def private_postgres(max_connections: int = 100) -> Iterator[str]:
    """A running server; yields its DATABASE_URL (the ``postgres`` database)."""
    bins = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=_version)
    if not bins:
        pytest.fail(
            "Debian's PostgreSQL is missing: run `make test` (it installs it) "
            "or `apt-get install postgresql`."
        )
    pg_bin = bins[-1]
    # Not under pytest's tmp_path: the postgres user could not reach it (root's, 0700).
    folder = Path(tempfile.mkdtemp(prefix="minibridge-postgres-"))
    data = folder / "data"
    if _as_postgres():
        shutil.chown(folder, "postgres")
    port = free_port()
    try:
        _run(pg_bin / "initdb", "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync")
        options = (
            f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} "
            f"-c max_connections={max_connections}"
        )
        _run(
            pg_bin / "pg_ctl",
            "-D",
            str(data),
            "-l",
            str(folder / "log"),
            "-w",
            "-o",
            options,
            "start",
        )
        yield f"postgres://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            [*_as_postgres(), str(pg_bin / "pg_ctl"), "-D", str(data), "-m", "fast", "stop"],
            check=False,
            capture_output=True,
            timeout=60,
        )
        shutil.rmtree(folder, ignore_errors=True)
