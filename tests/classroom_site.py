"""A site set up the way `make run` sets it up, in a folder of its own, and its server
started the way `make run` starts it (`manage.py serve`: gunicorn and the worker, DEBUG
off, the .env it made), on a free port: for tests that need the real thing."""

from __future__ import annotations

import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[1]

#: What the test run itself sets, or a developer might have exported: none of it may
#: reach a site that must behave as after `make run` in a plain shell.
_NOT_PASSED = {
    "DEBUG",
    "SECRET_KEY",
    "ENV_FILE",
    "ALLOWED_HOSTS",
    "ALLOW_HTTP",
    "PUBLIC_URL",
    "DATABASE_URL",
    "STATIC_ROOT",
    "PORT",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
    "DJANGO_SETTINGS_MODULE",
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("0.0.0.0", 0))
        port: int = probe.getsockname()[1]
    return port


@dataclass
class Site:
    """A folder with the .env that `make run` makes, a SQLite database and the static
    files, both kept inside the folder (so nothing of the developer's is touched)."""

    folder: Path
    env: dict[str, str] = field(default_factory=dict)

    @classmethod
    def prepare(cls, folder: Path, *, demo: bool = True) -> Site:
        folder.mkdir(parents=True, exist_ok=True)
        env = {k: v for k, v in os.environ.items() if k not in _NOT_PASSED}
        env.update(
            ENV_FILE=str(folder / ".env"),
            DATABASE_URL=f"sqlite:///{folder / 'db.sqlite3'}",
            STATIC_ROOT=str(folder / "static"),
            HOME=str(folder),
        )
        site = cls(folder=folder, env=env)
        # The steps of `make run` before `serve` (see the Makefile).
        site.run(sys.executable, "-m", "minibridge.env", "create", str(folder / ".env"))
        site.manage("migrate", "--no-input", "--verbosity", "0")
        site.manage("collectstatic", "--no-input", "--verbosity", "0")
        if demo:
            site.manage("load_demo")
            # The demo boards' analysis, which the worker beside the server would do
            # first, done now: it would only compete with the tests for the two cores.
            site.manage("db_worker", "--batch", "--no-startup-delay", "--no-reload", "-v", "0")
        return site

    def run(self, *command: str, stdin: str | None = None) -> str:
        result = subprocess.run(
            command,
            cwd=BASE_DIR,
            env=self.env,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=180,
            check=False,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        return result.stdout

    def manage(self, *args: str, stdin: str | None = None) -> str:
        return self.run(sys.executable, "manage.py", *args, stdin=stdin)

    def python(self, code: str) -> str:
        """Run ``code`` in `manage.py shell` against this site's database."""
        return self.manage("shell", "--no-imports", "-c", code)

    def serve(self, port: int | None = None, *, new_group: bool = False) -> Served:
        port = port or free_port()
        process = subprocess.Popen(
            [sys.executable, "manage.py", "serve", "--port", str(port)],
            cwd=BASE_DIR,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=new_group,
        )
        return Served(process=process, port=port)


@dataclass
class Served:
    """A running `manage.py serve`; ``address`` is the one it printed for the tablets."""

    process: subprocess.Popen[str]
    port: int
    lines: list[str] = field(default_factory=list)
    address: str = ""
    _queue: queue.Queue[str | None] = field(default_factory=queue.Queue)
    _reader: threading.Thread | None = None

    def __post_init__(self) -> None:
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        with self.process.stdout:
            for line in self.process.stdout:
                self._queue.put(line.rstrip("\n"))
        self._queue.put(None)

    def wait_for(self, pattern: str, timeout: float = 60) -> re.Match[str]:
        """The first printed line (from now) matching ``pattern``."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self._queue.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"No {pattern!r} in time; printed:\n" + self.output) from None
            if line is None:
                raise AssertionError(f"serve ended before {pattern!r}; printed:\n" + self.output)
            self.lines.append(line)
            if match := re.search(pattern, line):
                return match

    def ready(self) -> Served:
        self.address = self.wait_for(r"Tablets open: (\S+)")[1]
        self.wait_for("Stop with Ctrl")
        return self

    def finish(self, timeout: float = 30) -> int:
        """Wait for the end; the rest of what it printed joins ``lines``."""
        code = self.process.wait(timeout=timeout)
        while (line := self._queue.get(timeout=5)) is not None:
            self.lines.append(line)
        return code

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    def stop(self) -> None:
        """Stop it if it still runs, and let go of its output pipe."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self._reader is not None:
            self._reader.join(timeout=10)
