"""The site as ``make run`` serves it, on a scratch database, for the benchmarks that load
it over HTTP (bench_capacity.py, bench_entry.py, bench_event.py): ``manage.py serve``
(gunicorn, its threads, production settings, plain http) on SQLite in a temporary
folder, or on a private PostgreSQL server started here (Debian's, as .ci/run starts
one), or on a PostgreSQL database of yours, emptied first.

The server runs the site's settings with one middleware put first
(bench/_server_timing.py: each answer says in a ``Server-Timing`` header the CPU and
the SQL queries it cost), from a settings module written into the scratch folder; the
site's own settings are not changed. ``Site.meter()`` reads the CPU time of the
server's processes (and of the private PostgreSQL server's).

The site may be this checkout's or another folder's (``root``: bench_capacity.py
``--compare`` serves another revision from a git worktree, with the same Python). The
classes are made with the site's own services, so they are exactly what a teacher
makes: in this process for this checkout, in a subprocess that imports the other
folder's code first for another (its models may differ); the load itself comes from
another process.
"""

from __future__ import annotations

import datetime
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import psutil

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
#: The server's settings: the site's, with the timing middleware first.
TIMING_SETTINGS = "bench_timing_settings"

TABLES = 8
PUPILS = 4 * TABLES  # 16 pairs at 8 tables
ROUNDS = 7  # a Mitchell of 8 tables with a skip
BOARDS_PER_ROUND = 2


def _copy(stream: IO[bytes], path: Path) -> None:
    with path.open("ab") as log:
        for line in stream:
            log.write(line)
            log.flush()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass(frozen=True)
class ClassPlan:
    """A class with a running session: the session's id and its tables' links, and
    whether its round clock runs (a revision that has one)."""

    session: int
    tokens: tuple[str, ...]
    clock: bool = False


def process_cpu(pid: int) -> float:
    """CPU seconds used so far by a process and all it started: the living ones, and
    those that ended (as far as their parent has collected them)."""
    try:
        root = psutil.Process(pid)
        processes = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0.0
    total = 0.0
    for process in processes:
        try:
            times = process.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system + times.children_user + times.children_system
    return total


@dataclass(frozen=True)
class Meter:
    """Reads the CPU seconds used so far by a site's server (``manage.py serve``, its
    gunicorn and background worker) and, when this bench started it, by its PostgreSQL
    server (else None). Plain ids, so another process can read it too."""

    server_pid: int
    database_pid: int | None

    def read(self) -> tuple[float, float | None]:
        database = None if self.database_pid is None else process_cpu(self.database_pid)
        return process_cpu(self.server_pid), database


class Site:
    """A scratch site: its environment, database and (once started) server. ``root``:
    the folder of the site's code (this checkout, or a worktree of another revision)."""

    def __init__(
        self,
        folder: Path,
        database_url: str,
        *,
        root: Path = ROOT,
        postgres_folder: Path | None = None,
    ) -> None:
        self.folder = folder
        self.root = root
        self.postgres_folder = postgres_folder
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
            cwd=self.root,
            env=self.env,
            check=True,
            stdout=subprocess.DEVNULL,
        )

    def start(self, *, workers: int | None = None) -> None:
        """``manage.py serve`` as ``make run`` starts it, until it says it is ready; with
        the site's settings and the timing middleware first (bench/_server_timing.py).
        ``workers``: gunicorn's processes, if not serve's own number (BENCH_WORKERS
        overrides both)."""
        (self.folder / f"{TIMING_SETTINGS}.py").write_text(
            "from minibridge.settings import *  # noqa: F403\n"
            "from minibridge.settings import MIDDLEWARE\n\n"
            'MIDDLEWARE = ["_server_timing.ServerTimingMiddleware", *MIDDLEWARE]\n',
            encoding="utf-8",
        )
        # BENCH_WORKERS and BENCH_THREADS try other gunicorn sizes than serve's own.
        processes = os.environ.get("BENCH_WORKERS") or (str(workers) if workers else "")
        serve = ["serve", "--port", str(self.port)]
        serve += ["--workers", processes] if processes else []
        serve += (
            ["--threads", os.environ["BENCH_THREADS"]] if os.environ.get("BENCH_THREADS") else []
        )
        # manage.py's folder comes first on the path (the site's own code), then these.
        path = os.pathsep.join([str(self.folder), str(BENCH)])
        self.server = subprocess.Popen(
            [sys.executable, "manage.py", *serve],
            cwd=self.root,
            env={**self.env, "DJANGO_SETTINGS_MODULE": TIMING_SETTINGS, "PYTHONPATH": path},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        assert self.server.stdout is not None
        deadline = time.monotonic() + 60
        for line in self.server.stdout:
            if b"Tablets open" in line:
                # What it says from now on goes to a file: a full pipe would stop it.
                log = self.folder / "server.log"
                threading.Thread(target=_copy, args=(self.server.stdout, log), daemon=True).start()
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

    def meter(self) -> Meter:
        """The CPU meter of the running server (and of its private PostgreSQL)."""
        assert self.server is not None
        database_pid = None
        if self.postgres_folder is not None:
            pid_file = self.postgres_folder / "postmaster.pid"
            database_pid = int(pid_file.read_text(encoding="utf-8").split()[0])
        return Meter(self.server.pid, database_pid)

    def django(self) -> None:
        """Django set up in this process, on the scratch database (this checkout's
        site only: another folder's code runs in a subprocess, see ``elsewhere``)."""
        assert self.root == ROOT, "another revision's code runs in a subprocess"
        import django
        from django.apps import apps

        if apps.ready:
            return
        os.environ.update(self.env)
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "minibridge.settings")
        django.setup()

    def elsewhere(self, command: str, argument: object) -> object:
        """``command`` of this module (see ``_commands``) with ``argument`` (JSON) in a
        subprocess that imports the site's code from ``root``: what it returns."""
        answer = self.folder / "answer.json"
        subprocess.run(
            [sys.executable, str(BENCH / "_serve.py"), command, json.dumps(argument), str(answer)],
            cwd=self.root,
            env={**self.env, "DJANGO_SETTINGS_MODULE": "minibridge.settings"},
            check=True,
        )
        result: object = json.loads(answer.read_text(encoding="utf-8"))
        answer.unlink()
        return result


@contextmanager
def scratch_site(
    database: str = "sqlite", database_url: str = "", *, root: Path = ROOT
) -> Iterator[Site]:
    """A migrated scratch site (not yet serving) of the code in ``root``, migrated with
    its own migrations; everything is removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="minibridge-bench-"))
    pg_bin = None
    try:
        if database == "postgres" and not database_url:
            database_url, pg_bin = _start_postgres(folder)
        elif database != "postgres":
            database_url = f"sqlite:///{folder}/bench.sqlite3"
        postgres_folder = folder / "pg" if pg_bin is not None else None
        site = Site(folder, database_url, root=root, postgres_folder=postgres_folder)
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
    playing one analysed board set; and a session cookie of their teacher. Made with
    the site's own code: in this process for this checkout, else in a subprocess."""
    if site.root != ROOT:
        made = site.elsewhere("make-classes", count)
        assert isinstance(made, dict)
        plans = [
            ClassPlan(session=p["session"], tokens=tuple(p["tokens"]), clock=p.get("clock", False))
            for p in made["plans"]
        ]
        return plans, str(made["cookie"])
    site.django()
    return _make_classes(count)


def _make_classes(count: int) -> tuple[list[ClassPlan], str]:
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
        # The round clock running, as a teacher who paces the rounds has it (a revision
        # without one has no such service: its classes have none).
        clock_set = getattr(session_services, "session_clock_set", None)
        if clock_set is not None:
            clock_set(session=session, minutes=BOARDS_PER_ROUND * 7)
        tokens = tuple(session.tables.order_by("number").values_list("token", flat=True))
        plans.append(ClassPlan(session=session.pk, tokens=tokens, clock=clock_set is not None))
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


def reset_classes(site: Site, plans: list[ClassPlan]) -> None:
    """Every class back to round 1 of its running session, with no results (with the
    site's own code, as ``make_classes``)."""
    sessions = [plan.session for plan in plans]
    if site.root != ROOT:
        site.elsewhere("reset-classes", sessions)
        return
    site.django()
    _reset_classes(sessions)


def _reset_classes(ids: list[int]) -> None:
    from django.db import connections

    from tournaments.models import Flag, Result, ResultChange, Session

    Flag.objects.filter(result__session_id__in=ids).delete()
    ResultChange.objects.filter(result__session_id__in=ids).delete()
    Result.objects.filter(session_id__in=ids).delete()
    sessions = Session.objects.filter(pk__in=ids)
    sessions.update(current_round=1, state=Session.State.RUNNING)
    sessions.mark_changed()  # what a server keeps per revision is not of these results
    connections.close_all()


def _commands(command: str, argument: object) -> object:
    """What ``Site.elsewhere`` runs, in a subprocess whose site code is its folder's."""
    import django

    django.setup()
    if command == "make-classes":
        assert isinstance(argument, int)
        plans, cookie = _make_classes(argument)
        return {
            "plans": [
                {"session": p.session, "tokens": list(p.tokens), "clock": p.clock} for p in plans
            ],
            "cookie": cookie,
        }
    if command == "reset-classes":
        assert isinstance(argument, list)
        _reset_classes([int(pk) for pk in argument])
        return None
    raise SystemExit(f"unknown command {command!r}")


if __name__ == "__main__":
    # Run by Site.elsewhere from the other site's folder: its code first on the path,
    # before this checkout's (put there above), before anything of it is imported.
    sys.path.insert(0, os.getcwd())
    result = _commands(sys.argv[1], json.loads(sys.argv[2]))
    Path(sys.argv[3]).write_text(json.dumps(result), encoding="utf-8")
