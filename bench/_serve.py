"""The site as ``make run`` serves it, on a scratch database, for the benchmarks that load
it over HTTP (bench_capacity.py, bench_entry.py): ``manage.py serve`` (gunicorn, its
threads, production settings, plain http) on SQLite in a temporary folder, or on a
private PostgreSQL server started here (Debian's, as .ci/run starts one), or on a
PostgreSQL database of yours, emptied first.

The classes are made in this process with the site's own services, so they are exactly
what a teacher makes; the load itself comes from another process.
"""

from __future__ import annotations

import datetime
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TABLES = 8
PUPILS = 4 * TABLES  # 16 pairs at 8 tables
ROUNDS = 7  # a Mitchell of 8 tables with a skip
BOARDS_PER_ROUND = 2


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass(frozen=True)
class ClassPlan:
    """A class with a running session: the session's id and its tables' links."""

    session: int
    tokens: tuple[str, ...]


class Site:
    """A scratch site: its environment, database and (once started) server."""

    def __init__(self, folder: Path, database_url: str) -> None:
        self.folder = folder
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.env = {
            "PATH": os.environ.get("PATH", ""),
            "HOME": os.environ.get("HOME", "/root"),
            "LANG": "C.UTF-8",
            "ENV_FILE": "",  # nobody's .env
            "DEBUG": "false",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOW_HTTP": "true",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DATABASE_URL": database_url,
            "STATIC_ROOT": str(folder / "static"),
            "LOG_LEVEL": "WARNING",
        }
        self.server: subprocess.Popen[bytes] | None = None

    def manage(self, *args: str) -> None:
        subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            check=True,
            stdout=subprocess.DEVNULL,
        )

    def start(self, *, workers: int = 2) -> None:
        """``manage.py serve`` as ``make run`` starts it, until it says it is ready."""
        serve = ["serve", "--port", str(self.port), "--workers", str(workers)]
        serve += (
            ["--threads", os.environ["BENCH_THREADS"]] if os.environ.get("BENCH_THREADS") else []
        )
        self.server = subprocess.Popen(
            [sys.executable, "manage.py", *serve],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        assert self.server.stdout is not None
        deadline = time.monotonic() + 60
        for line in self.server.stdout:
            if b"Tablets open" in line:
                return
            if time.monotonic() > deadline:
                break
        self.stop()
        raise SystemExit("The server did not start.")

    def stop(self) -> None:
        if self.server is None:
            return
        self.server.send_signal(signal.SIGINT)  # as Ctrl+C stops make run
        try:
            self.server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.server.kill()
        self.server = None

    def django(self) -> None:
        """Django set up in this process, on the scratch database."""
        os.environ.update(self.env)
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "minibridge.settings")
        import django

        django.setup()


@contextmanager
def scratch_site(database: str = "sqlite", database_url: str = "") -> Iterator[Site]:
    """A migrated scratch site (not yet serving); everything is removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="minibridge-bench-"))
    pg_bin = None
    try:
        if database == "postgres" and not database_url:
            database_url, pg_bin = _start_postgres(folder)
        elif database != "postgres":
            database_url = f"sqlite:///{folder}/bench.sqlite3"
        site = Site(folder, database_url)
        if database == "postgres":
            site.manage("flush", "--no-input")
        site.manage("migrate", "--no-input")
        site.manage("collectstatic", "--no-input")
        try:
            yield site
        finally:
            site.stop()
    finally:
        if pg_bin is not None:
            _stop_postgres(folder, pg_bin)
        shutil.rmtree(folder, ignore_errors=True)


def _run_as_postgres() -> list[str]:
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


def _start_postgres(folder: Path) -> tuple[str, Path]:
    bins = sorted(Path("/usr/lib/postgresql").glob("*/bin"))
    if not bins:
        raise SystemExit("PostgreSQL is not installed: apt-get install postgresql")
    pg_bin, port = bins[-1], free_port()
    if _run_as_postgres():
        shutil.chown(folder, "postgres")
    initdb = [str(pg_bin / "initdb"), "-D", str(folder / "pg"), "-A", "trust", "-U", "postgres"]
    subprocess.run(
        [*_run_as_postgres(), *initdb],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c max_connections=200"
    pg_ctl = [str(pg_bin / "pg_ctl"), "-D", str(folder / "pg"), "-l", str(folder / "log")]
    subprocess.run(
        [*_run_as_postgres(), *pg_ctl, "-w", "-o", options, "start"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return f"postgres://postgres@127.0.0.1:{port}/postgres", pg_bin


def _stop_postgres(folder: Path, pg_bin: Path) -> None:
    stop = [str(pg_bin / "pg_ctl"), "-D", str(folder / "pg"), "-m", "fast", "stop"]
    subprocess.run(
        [*_run_as_postgres(), *stop],
        check=False,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def make_classes(site: Site, count: int) -> tuple[list[ClassPlan], str]:
    """``count`` classes of 32 pupils, each with a running session (8 tables), all
    playing one analysed board set; and a session cookie of their teacher."""
    site.django()
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.models import User
    from django.contrib.sessions.backends.db import SessionStore
    from django.db import connections

    from tournaments.boards import analysis
    from tournaments.boards import services as board_services
    from tournaments.models import Pupil, SchoolClass
    from tournaments.sessions import services as session_services

    teacher = User.objects.create_user(f"bench-teacher-{secrets.token_hex(4)}")
    board_set = board_services.board_set_deal(
        teacher=teacher, name="bench", count=TABLES * BOARDS_PER_ROUND, seed="bench"
    )
    analysis.board_set_run_analysis(board_set_id=board_set.pk)
    plans = []
    for n in range(count):
        school_class = SchoolClass.objects.create(teacher=teacher, name=f"Class {n:03}")
        present = Pupil.objects.bulk_create(
            Pupil(school_class=school_class, first_name=f"P{p:02}") for p in range(PUPILS)
        )
        session = session_services.session_create(
            school_class=school_class, present=present, date=datetime.date.today()
        )
        session_services.session_setup_and_start(
            session=session,
            teacher=teacher,
            board_set=board_set,
            movement_kind="mitchell",
            movement_style="skip",
            rounds=ROUNDS,
            arrow_switch=False,
            boards_per_round=BOARDS_PER_ROUND,
            scoring_profile="ebu",
            convention="ebu",
        )
        tokens = tuple(session.tables.order_by("number").values_list("token", flat=True))
        plans.append(ClassPlan(session=session.pk, tokens=tokens))
    store = SessionStore()
    store[SESSION_KEY] = str(teacher.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = teacher.get_session_auth_hash()
    store.create()
    connections.close_all()
    return plans, str(store.session_key)


def play_rounds(plans: list[ClassPlan], rounds: int) -> None:
    """Play the first ``rounds`` rounds of each class (a session in mid-lesson: its
    travellers have rows), and move it on to the next round."""
    from django.db import connections

    from tests.factories import play_round
    from tournaments.models import Session
    from tournaments.sessions import services as session_services

    for plan in plans:
        session = Session.objects.get(pk=plan.session)
        for round_ in range(1, rounds + 1):
            play_round(session, round_, {})
        session_services.session_change_round(session=session, step=1)
    connections.close_all()


def reset_classes(plans: list[ClassPlan]) -> None:
    """Every class back to round 1 of its running session, with no results."""
    from django.db import connections

    from tournaments.models import Flag, Result, ResultChange, Session

    ids = [plan.session for plan in plans]
    Flag.objects.filter(result__session_id__in=ids).delete()
    ResultChange.objects.filter(result__session_id__in=ids).delete()
    Result.objects.filter(session_id__in=ids).delete()
    Session.objects.filter(pk__in=ids).update(current_round=1, state=Session.State.RUNNING)
    connections.close_all()
