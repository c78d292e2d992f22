"""Serve the site to a class: ``python manage.py serve`` (what ``make run`` starts).

gunicorn answers on every interface (port ``PORT``, 8000 by default) and the background
worker (``db_worker``: double-dummy analysis, event booklets) runs beside it, all as
child processes. A federation's server may run more of each (``--workers``,
``--task-workers``); workers on any number of servers share the database's queue, and
each task is taken by one of them (django-tasks claims it with ``SELECT … FOR UPDATE
SKIP LOCKED`` on PostgreSQL).
The command prints the address a tablet should open, waits, and on Ctrl+C or SIGTERM
stops both; when one of them stops by itself, it stops the other and reports it.
"""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import FrameType
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from minibridge import network
from minibridge.env import env_int

#: How long gunicorn may take to answer after it starts, and the children to stop.
START_TIMEOUT = 60.0
STOP_TIMEOUT = 10.0
#: gunicorn's processes and threads per process. A thread costs little while it waits:
#: a refused login is held back a second in one (up to 16 per process, see
#: minibridge/login_throttling.py), and the tablets must still find free threads beside
#: them. At most 64 database connections at once, within PostgreSQL's default 100.
WORKERS = 2
THREADS = 32
#: Background workers (``db_worker``) beside gunicorn.
TASK_WORKERS = 1


def port_is_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("0.0.0.0", port))
        except OSError:
            return False
    return True


def answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


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
        # gunicorn 23+ opens a control socket, by default in ~/.gunicorn/ where a second
        # site of the same user would collide with it: each serve gets its own folder.
        with tempfile.TemporaryDirectory(prefix="minibridge-serve-") as run_dir:
            children = self._start(port, options, Path(run_dir))
            try:
                self._wait_until_ready(port, children, stopping)
                if not stopping:
                    self._announce(port)
                while not stopping:
                    ended = [name for name, child in children.items() if child.poll() is not None]
                    if ended:
                        raise CommandError(
                            f"The {ended[0]} stopped by itself (exit code "
                            f"{children[ended[0]].returncode}), so the site was stopped too. "
                            "The messages above say why."
                        )
                    time.sleep(0.25)
            finally:
                self._stop(children)
        self.stdout.write("Stopped the site and the background worker.")

    def _start(
        self, port: int, options: dict[str, Any], run_dir: Path
    ) -> dict[str, subprocess.Popen[bytes]]:
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
        ]
        worker = [
            sys.executable,
            str(base / "manage.py"),
            "db_worker",
            "--no-reload",
            "--no-startup-delay",
            "--verbosity",
            "0",
        ]
        # The workers first: a gunicorn that fails at once then still finds them to stop.
        children = {}
        for number in range(1, options["task_workers"] + 1):
            name = "background worker" if number == 1 else f"background worker {number}"
            children[name] = subprocess.Popen(worker, cwd=base)
        children["web server"] = subprocess.Popen(server, cwd=base)
        return children

    def _wait_until_ready(
        self, port: int, children: dict[str, subprocess.Popen[bytes]], stopping: list[int]
    ) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while not stopping and not answers(port):
            if children["web server"].poll() is not None:
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

    def _stop(self, children: dict[str, subprocess.Popen[bytes]]) -> None:
        for child in children.values():
            if child.poll() is None:
                child.terminate()
        deadline = time.monotonic() + STOP_TIMEOUT
        for child in children.values():
            try:
                child.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
