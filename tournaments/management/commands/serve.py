"""Serve the site to a class: ``python manage.py serve`` (what ``make run`` starts).

gunicorn answers on every interface (port ``PORT``, 8000 by default) and the background
worker (``db_worker``: double-dummy analysis, event booklets, national results) runs
beside it, all as child processes. A federation's server may run more of each
(``--workers``, ``--task-workers``); workers on any number of servers share the
database's queue, and each task is taken by one of them (django-tasks claims it with
``SELECT … FOR UPDATE SKIP LOCKED`` on PostgreSQL).

The command prints the address a tablet should open, waits, and on Ctrl+C or SIGTERM
stops them all. When a background worker stops by itself (killed, out of memory), the
site goes on answering: the command says so, puts the task that worker was running
back in the queue (minibridge.task_recovery: it knows the ids it gave its workers) and
starts a new worker after a short pause. A worker that stops RESTART_BURST times within
RESTART_WINDOW is not started again (it would only crash again): the command says so
and the site goes on answering without it. When gunicorn stops by itself, that is the
site itself: the command stops the workers too and reports it. Every minute it also
puts back tasks left running longer than any task takes (a worker that died unseen).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError, connections
from django.utils.crypto import get_random_string

from minibridge import network, task_recovery
from minibridge.env import env_int

#: How long gunicorn may take to answer after it starts, and the children to stop.
START_TIMEOUT = 60.0
STOP_TIMEOUT = 10.0
#: gunicorn's processes and threads per process. Python runs one thread of a process
#: at a time: the more threads share a process, the longer a thread that has waited for
#: the database or the network waits for its turn again, the one holding SQLite's write
#: lock too, and every other save waits behind it. At 150 classes on two cores
#: (bench/bench_capacity.py --compare, the same code side by side, three runs) the p95
#: save was 1.9, 1.3 and 5.3 s with 2 processes of 32 threads, 0.7, 1.4 and 0.7 s with 4
#: of 8, for the same CPU. A thread costs little while it waits: a refused login is
#: held back a second in one (in at most half of a process's threads,
#: minibridge/login_throttling.py). At most 32 database connections at once, within
#: PostgreSQL's default 100.
WORKERS = 4
THREADS = settings.SERVE_THREADS
#: How much lower a background worker's CPU priority is than the site's (its "nice"):
#: its work can wait a moment (a board's analysis, the national results), a tablet's
#: save cannot. A national event's uploads keep the worker computing the national
#: results while a class saves beside them on the same cores (bench/bench_event.py).
WORKER_NICENESS = 10

#: Background workers (``db_worker``) beside gunicorn.
TASK_WORKERS = 1
#: A background worker that stopped by itself is started again after RESTART_DELAY,
#: doubled for each restart within RESTART_WINDOW; after RESTART_BURST restarts within
#: it, it is not started again (it stops as soon as it starts: see its messages).
RESTART_DELAY = 0.5
RESTART_WINDOW = 60.0
RESTART_BURST = 5
#: How often tasks left running by a worker that died unseen are looked for.
SWEEP_EVERY = 60.0


def _lower_priority(pid: int) -> None:
    """Give the process ``pid`` a CPU priority WORKER_NICENESS below this one's (where
    the system has priorities and lets us; else it keeps this one's)."""
    if not hasattr(os, "setpriority"):
        return  # Windows
    with contextlib.suppress(OSError):
        own = os.getpriority(os.PRIO_PROCESS, 0)
        os.setpriority(os.PRIO_PROCESS, pid, min(own + WORKER_NICENESS, 19))


def restart_delay(restarts: deque[float], now: float) -> float | None:
    """How long to wait before starting a background worker again, given the times of
    its restarts so far (the old ones are dropped); None: not again, it keeps
    stopping."""
    while restarts and restarts[0] < now - RESTART_WINDOW:
        restarts.popleft()
    if len(restarts) >= RESTART_BURST:
        return None
    return float(RESTART_DELAY * 2 ** len(restarts))


@dataclass
class TaskWorker:
    """One background worker's place beside gunicorn: its process and the id it takes
    tasks under (a new one each time it starts), when it is to be started again."""

    name: str
    process: subprocess.Popen[bytes]
    worker_id: str
    restarts: deque[float] = field(default_factory=deque)
    restart_at: float | None = None
    given_up: bool = False
    #: Every id it has run under, for the tasks still running when the site stops.
    ids: list[str] = field(default_factory=list)


def port_is_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("0.0.0.0", port))
        except OSError:
            return False
    return True


def tablets_address(port: int) -> str | None:
    """What a tablet opens: PUBLIC_URL, else this computer's LAN address and port."""
    if settings.PUBLIC_URL:
        return f"{settings.PUBLIC_URL}/"
    lan = network.lan_address()
    return f"http://{lan}:{port}/" if lan else None


def demo_login() -> str | None:
    """The demo teacher's login, while that account still has the demo password."""
    seed = Path(settings.BASE_DIR) / "seeds" / "demo.json"
    try:
        teacher = json.loads(seed.read_text(encoding="utf-8"))["teacher"]
        user = get_user_model().objects.get(username=teacher["username"])
    except (OSError, KeyError, ValueError, get_user_model().DoesNotExist):
        return None
    if not user.check_password(teacher["password"]):
        return None
    return f"{teacher['username']} / {teacher['password']}"


class Command(BaseCommand):
    help = (
        "Serve the site to the class: gunicorn on every interface and the background "
        "worker beside it. Prints the address the tablets open; Ctrl+C stops both."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--port", type=int, default=None, help="The port (default: PORT, else 8000)."
        )
        parser.add_argument(
            "--workers", type=int, default=WORKERS, help=f"gunicorn processes (default {WORKERS})."
        )
        parser.add_argument(
            "--threads",
            type=int,
            default=THREADS,
            help=f"Threads per process (default {THREADS}).",
        )
        parser.add_argument(
            "--task-workers",
            type=int,
            default=TASK_WORKERS,
            help=f"Background worker processes (db_worker, default {TASK_WORKERS}).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        port: int = options["port"] or env_int("PORT", default=8000)
        if not 1 <= port <= 65535:
            raise CommandError(f"The port must be between 1 and 65535, not {port}.")
        for option, name in (
            ("workers", "--workers"),
            ("threads", "--threads"),
            ("task_workers", "--task-workers"),
        ):
            if options[option] < 1:
                raise CommandError(f"{name} must be 1 or more, not {options[option]}.")
        if not port_is_free(port):
            raise CommandError(
                f"Port {port} is in use (is the site already running?). "
                f"Start it on another port: PORT={port + 1} make run"
            )
        stopping: list[int] = []

        def stop(signum: int, frame: FrameType | None) -> None:
            stopping.append(signum)

        signal.signal(signal.SIGINT, stop)
        signal.signal(signal.SIGTERM, stop)
        self._recover(task_recovery.recover_stalled_tasks)
        # gunicorn 23+ opens a control socket, by default in ~/.gunicorn/ where a second
        # site of the same user would collide with it: each serve gets its own folder.
        with tempfile.TemporaryDirectory(prefix="minibridge-serve-") as run_dir:
            # The workers first: a gunicorn that fails at once then still finds them to stop.
            workers = [
                self._start_worker("background worker" if n == 1 else f"background worker {n}")
                for n in range(1, options["task_workers"] + 1)
            ]
            server = self._start_server(port, options, Path(run_dir))
            try:
                self._wait_until_ready(port, server, stopping)
                if not stopping:
                    self._announce(port)
                swept = time.monotonic()
                while not stopping:
                    if server.poll() is not None:
                        raise CommandError(
                            f"The web server stopped by itself (exit code {server.returncode}), "
                            "so the site was stopped too. The messages above say why."
                        )
                    for worker in workers:
                        self._watch(worker)
                    if time.monotonic() - swept > SWEEP_EVERY:
                        swept = time.monotonic()
                        self._recover(task_recovery.recover_stalled_tasks)
                    time.sleep(0.25)
            finally:
                self._stop(server, workers)
        self.stdout.write("Stopped the site and the background worker.")

    def _watch(self, worker: TaskWorker) -> None:
        """Start a background worker that stopped by itself again, after a pause."""
        now = time.monotonic()
        if worker.given_up or worker.process.poll() is None:
            return
        if worker.restart_at is None:
            code = worker.process.returncode
            delay = restart_delay(worker.restarts, now)
            if delay is None:
                worker.given_up = True
                self.stderr.write(
                    f"The {worker.name} stopped by itself again (exit code {code}): it "
                    f"stopped {RESTART_BURST + 1} times within {RESTART_WINDOW:.0f} "
                    "seconds, so it is not started again. The site still answers, but "
                    "booklets, national results and the analysis of new boards wait until "
                    "the site is started again (Ctrl+C, then make run). The messages above "
                    "say why it stops."
                )
            else:
                worker.restarts.append(now)
                worker.restart_at = now + delay
                self.stderr.write(
                    f"The {worker.name} stopped by itself (exit code {code}). The site still "
                    f"answers; a new background worker starts in {delay:g} second"
                    + ("" if delay == 1 else "s")
                    + "."
                )
            self._recover(lambda: task_recovery.recover_worker_tasks([worker.worker_id]))
            return
        if now >= worker.restart_at:
            started = self._start_worker(worker.name)
            worker.process, worker.worker_id = started.process, started.worker_id
            worker.ids += started.ids
            worker.restart_at = None
            self.stderr.write(f"Started a new {worker.name}.")

    def _recover(self, recover: Callable[[], task_recovery.Recovered]) -> None:
        """Put the tasks of dead workers back in the queue, and say so; a database that
        does not answer now is tried again at the next sweep."""
        try:
            recovered = recover()
        except DatabaseError as error:
            self.stderr.write(f"Could not look for the tasks of a stopped worker: {error}")
            return
        finally:
            # serve itself keeps no database connection open between looks.
            connections.close_all()
        for path in recovered.requeued:
            self.stderr.write(
                f"A task a stopped worker left unfinished ({path.rsplit('.', 1)[-1]}) is "
                "back in the queue: a worker does it again."
            )
        for path in recovered.failed:
            self.stderr.write(
                f"A task a stopped worker left unfinished ({path.rsplit('.', 1)[-1]}) has "
                f"now stopped its worker {task_recovery.MAX_ATTEMPTS} times: it is marked "
                "failed and not tried again."
            )

    def _start_server(
        self, port: int, options: dict[str, Any], run_dir: Path
    ) -> subprocess.Popen[bytes]:
        base = Path(settings.BASE_DIR)
        server = [
            sys.executable,
            "-m",
            "gunicorn",
            "minibridge.wsgi",
            "--chdir",
            str(base),
            "--bind",
            f"0.0.0.0:{port}",
            "--workers",
            str(options["workers"]),
            "--threads",
            str(options["threads"]),
            "--control-socket",
            str(run_dir / "gunicorn.ctl"),
            "--log-level",
            "warning",
            "--graceful-timeout",
            "5",
            # Tablets, the grid and the projector ask every few seconds: their
            # connections stay open between requests (gthread keeps idle ones off the
            # threads) instead of a new one each time.
            "--keep-alive",
            "30",
            # Each process listens on its own socket (SO_REUSEPORT) and the kernel shares
            # the connections out evenly; on one shared socket, whichever process woke
            # first took them, and the kept-open connections piled up on one (at 150
            # classes in bench/bench_capacity.py: 17 % and 91 % of a core, now even).
            # The port is still checked free first (port_is_free, without the option).
            "--reuse-port",
        ]
        # The processes' settings learn their threads from it (SERVE_THREADS).
        env = {**os.environ, "SERVE_THREADS": str(options["threads"])}
        return subprocess.Popen(server, cwd=base, env=env)

    def _start_worker(self, name: str) -> TaskWorker:
        """A background worker, under an id of its own: when it dies, the tasks it was
        running are found by it (minibridge.task_recovery.recover_worker_tasks)."""
        base = Path(settings.BASE_DIR)
        worker_id = f"serve-{socket.gethostname()[:20]}-{os.getpid()}-{get_random_string(8)}"
        worker = [
            sys.executable,
            str(base / "manage.py"),
            "db_worker",
            "--no-reload",
            "--no-startup-delay",
            "--verbosity",
            "0",
            "--worker-id",
            worker_id,
        ]
        process = subprocess.Popen(worker, cwd=base)
        _lower_priority(process.pid)
        return TaskWorker(name=name, process=process, worker_id=worker_id, ids=[worker_id])

    def _wait_until_ready(
        self, port: int, server: subprocess.Popen[bytes], stopping: list[int]
    ) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while not stopping and not network.answers(port):
            if server.poll() is not None:
                raise CommandError("The web server (gunicorn) did not start: see above.")
            if time.monotonic() > deadline:
                raise CommandError(f"The web server did not answer on port {port} in time.")
            time.sleep(0.1)

    def _announce(self, port: int) -> None:
        address = tablets_address(port)
        if address is None:
            self.stdout.write(
                "This computer is not on a network: the tablets cannot reach it. Connect it "
                "to the school's Wi-Fi and start the site again."
            )
        else:
            self.stdout.write(self.style.SUCCESS(f"Tablets open: {address}"))
        self.stdout.write(f"On this computer: http://127.0.0.1:{port}/")
        login = demo_login()
        if login:
            self.stdout.write(f"Demo login: {login}")
        self.stdout.write("Stop with Ctrl+C.")
        self.stdout.flush()

    def _stop(self, server: subprocess.Popen[bytes], workers: list[TaskWorker]) -> None:
        children = [worker.process for worker in workers] + [server]
        for child in children:
            if child.poll() is None:
                child.terminate()
        deadline = time.monotonic() + STOP_TIMEOUT
        for child in children:
            try:
                child.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        # A worker that had to be killed left its task running: back in the queue.
        ids = [worker_id for worker in workers for worker_id in worker.ids]
        self._recover(lambda: task_recovery.recover_worker_tasks(ids))
