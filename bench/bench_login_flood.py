"""Whether a flood of wrong passwords slows the tablets down, with and without throttling.

Run from the project root::

    .venv/bin/python bench/bench_login_flood.py [--rounds 3] [--seconds 10] [--throttled-only]

The site runs the way ``manage.py serve`` runs it: gunicorn with its worker processes and
threads, a control socket of its own, DEBUG off, the static files collected, Django's
real password hasher, on a scratch SQLite database with a running session, a teacher and
the school's administrator. Then, with each setting, ``--rounds`` times in turn (so that
whatever else the machine does slows both alike):

1. quiet: a few tablets (threads here, each loading its table's page, one request after
   another) for ``--seconds``;
2. flood: 16 threads in another process post wrong passwords as fast as the server
   answers, half to the teachers' login for the teacher, half to the admin's login for
   the administrator (a CSRF cookie and token fetched once, as a script would), while
   the tablets load their pages again. The first flood's first ``--warm-up`` seconds,
   while passwords are still checked until the pause engages, are reported apart.

Prints the table page's median and 95th percentile quiet and during the flood, the p95
ratio, and what the flood got (429: paused; 200: a wrong password) and how many of its
passwords were checked (hashed). "without throttling" is the same server with axes
switched off by a settings module the bench writes into its scratch folder: the site
has no switch to turn it off.

Goal: with throttling, the table page's p95 during the flood (after the first seconds) is
at most 2× quiet.
"""

from __future__ import annotations

# ruff: noqa: E402
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SCRATCH = Path(tempfile.mkdtemp(prefix="minibridge-bench-flood-"))
# Production settings (DEBUG off, the manifest of collected static files, the real
# password hasher), plain http, nothing from a developer's .env.
SITE_ENV = {
    "DEBUG": "false",
    "SECRET_KEY": "bench-only-" + "x" * 50,
    "ALLOWED_HOSTS": "127.0.0.1",
    "ALLOW_HTTP": "true",
    "ENV_FILE": "",
    "DATABASE_URL": f"sqlite:///{SCRATCH}/bench.sqlite3",
    "STATIC_ROOT": str(SCRATCH / "static"),
}
os.environ.update(SITE_ENV)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "minibridge.settings")

import django

django.setup()

import argparse
import http.client
import multiprocessing
import re
import socket
import statistics
import subprocess
import threading
import time
import urllib.parse
import urllib.request
from collections import Counter
from multiprocessing.synchronize import Event

from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db.models import Sum

from tests.factories import running_session
from tournaments.management.commands.serve import THREADS, WORKERS

FLOOD_THREADS = 16
PASSWORD = "a-long-classroom-password"
UNTHROTTLED = "unthrottled_settings"


def prepare() -> list[str]:
    """The database and static files; the tables' tokens."""
    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    users = get_user_model().objects
    teacher = users.create_user("teacher", password=PASSWORD)
    users.create_superuser("admin", password=PASSWORD, email="admin@school.example")
    session = running_session(teacher, seed="flood")
    # Without throttling: the same settings, axes switched off (this bench's own file).
    (SCRATCH / f"{UNTHROTTLED}.py").write_text(
        "from minibridge.settings import *  # noqa: F403\nAXES_ENABLED = False\n",
        encoding="utf-8",
    )
    return [table.token for table in session.tables.order_by("number")]


def counted_failures() -> int:
    """Failed logins axes counted: each one went as far as checking the password."""
    total = AccessAttempt.objects.aggregate(total=Sum("failures_since_start"))["total"]
    return int(total or 0)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def start_server(port: int, settings_module: str) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        **SITE_ENV,
        "DJANGO_SETTINGS_MODULE": settings_module,
        "PYTHONPATH": os.pathsep.join([str(SCRATCH), str(ROOT)]),
        "SERVE_THREADS": str(THREADS),  # as manage.py serve tells its processes
    }
    log = (SCRATCH / f"gunicorn-{settings_module}.log").open("ab")
    server = subprocess.Popen(
        [
            *(sys.executable, "-m", "gunicorn", "minibridge.wsgi"),
            *("--chdir", str(ROOT), "--bind", f"127.0.0.1:{port}"),
            *("--workers", str(WORKERS), "--threads", str(THREADS)),
            *("--control-socket", str(SCRATCH / "gunicorn.ctl")),
            *("--log-level", "warning", "--graceful-timeout", "5"),
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=log,
    )
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/accounts/login/", timeout=5):
                return server
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"gunicorn did not start: see {log.name}") from None
            time.sleep(0.2)


def stop_server(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


# -- The tablets ------------------------------------------------------------------------


def tablets(port: int, tokens: list[str], seconds: float) -> list[float]:
    """Each tablet loads its table's page again and again; the time of each, in seconds."""
    times: list[float] = []
    lock = threading.Lock()
    until = time.monotonic() + seconds

    def tablet(token: str) -> None:
        while time.monotonic() < until:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            start = time.perf_counter()
            connection.request("GET", f"/t/{token}/")
            response = connection.getresponse()
            response.read()
            elapsed = time.perf_counter() - start
            connection.close()
            assert response.status == 200, response.status
            with lock:
                times.append(elapsed)
            time.sleep(0.05)  # a pupil's tap, not a loop

    threads = [threading.Thread(target=tablet, args=(token,)) for token in tokens]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return times


# -- The flood --------------------------------------------------------------------------


def login_requests(port: int) -> list[bytes]:
    """Two raw login posts with a wrong password (the teacher's, the administrator's),
    with a CSRF cookie and token fetched once."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/accounts/login/") as response:
        page = response.read().decode()
        cookie = response.headers["Set-Cookie"].split(";")[0]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token is not None
    posts = []
    for path, username in [
        ("/accounts/login/", "teacher"),
        (f"/{settings.ADMIN_PATH}login/", "admin"),
    ]:
        body = urllib.parse.urlencode(
            {"csrfmiddlewaretoken": token[1], "username": username, "password": "wrong-guess"}
        ).encode()
        head = (
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: {cookie}\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        )
        posts.append(head.encode() + body)
    return posts


def flood(
    port: int, posts: list[bytes], stop: Event, results: multiprocessing.Queue[Counter[str]]
) -> None:
    """16 threads, each posting a wrong password as soon as the last one is answered
    (raw sockets: the client spends as little of the machine as it can)."""
    counts: Counter[str] = Counter()
    lock = threading.Lock()

    def attacker(post: bytes) -> None:
        mine: Counter[str] = Counter()
        while not stop.is_set():
            with socket.create_connection(("127.0.0.1", port), timeout=120) as sock:
                sock.sendall(post)
                answer = b""
                while chunk := sock.recv(65536):
                    answer += chunk
            mine[answer[9:12].decode() or "closed"] += 1
        with lock:
            counts.update(mine)

    threads = [
        threading.Thread(target=attacker, args=(posts[n % len(posts)],))
        for n in range(FLOOD_THREADS)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    results.put(counts)


# -- A run ------------------------------------------------------------------------------


def percentiles(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered) * 1000, ordered[int(0.95 * (len(ordered) - 1))] * 1000


def line(label: str, times: list[float], idle_p95: float | None = None) -> str:
    p50, p95 = percentiles(times)
    text = f"  {label:<22} p50 {p50:7.1f} ms  p95 {p95:7.1f} ms  ({len(times)} loads)"
    return text + (f"  p95 {p95 / idle_p95:.2f}× quiet" if idle_p95 else "")


def run(title: str, throttled: bool, tokens: list[str], args: argparse.Namespace) -> None:
    port = free_port()
    settings_module = "minibridge.settings" if throttled else UNTHROTTLED
    server = start_server(port, settings_module)
    idle: list[float] = []
    first: list[float] = []
    during: list[float] = []
    counts: Counter[str] = Counter()
    flooded = 0.0
    checked_before = counted_failures()
    try:
        tablets(port, tokens, 2)  # the workers' first requests (imports, templates)
        posts = login_requests(port)
        context = multiprocessing.get_context("fork")
        for round_ in range(args.rounds):
            idle += tablets(port, tokens, args.seconds)
            stop = context.Event()
            results: multiprocessing.Queue[Counter[str]] = context.Queue()
            attacker = context.Process(target=flood, args=(port, posts, stop, results))
            started = time.monotonic()
            attacker.start()
            # The first seconds of the first flood: passwords are checked until the
            # pause engages. Measured apart; later floods meet the pause at once.
            if round_ == 0:
                first += tablets(port, tokens, args.warm_up)
            else:
                time.sleep(1)
            during += tablets(port, tokens, args.seconds)
            stop.set()
            # Every post the flood sent is answered before the next quiet round.
            counts += results.get(timeout=600)
            attacker.join()
            flooded += time.monotonic() - started
    finally:
        stop_server(server)
    idle_p95 = percentiles(idle)[1]
    print(f"{title}:")
    print(line("quiet", idle))
    print(line(f"flood, first {args.warm_up:.0f} s", first, idle_p95))
    print(line("flood, after that", during, idle_p95))
    total = sum(counts.values())
    answered = ", ".join(f"{count} × {status}" for status, count in sorted(counts.items()))
    # axes counts every failure that went as far as checking the password; without
    # axes, every 200 is one.
    checked = counted_failures() - checked_before if throttled else counts["200"]
    print(
        f"  the flood: {total} wrong passwords in {flooded:.0f} s ({total / flooded:.0f}/s), "
        f"answered {answered}; {checked} of them checked (hashed)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=3, help="quiet, then flooded, in turn")
    parser.add_argument("--seconds", type=float, default=10, help="each measurement")
    parser.add_argument(
        "--warm-up", type=float, default=5, help="the first flood's seconds before measuring"
    )
    parser.add_argument("--tablets", type=int, default=2)
    parser.add_argument(
        "--throttled-only", action="store_true", help="skip the run without throttling"
    )
    args = parser.parse_args()
    tokens = prepare()[: args.tablets]
    print(
        f"{args.tablets} tablet(s) loading their table page; {FLOOD_THREADS} threads posting "
        f"wrong passwords; gunicorn {WORKERS} workers × {THREADS} threads; {os.cpu_count()} CPUs"
    )
    run("with throttling (django-axes)", True, tokens, args)
    if not args.throttled_only:
        run("without throttling (axes off, this bench only)", False, tokens, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
