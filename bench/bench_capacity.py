"""How many classes one small server carries while every tablet polls and saves.

Run from the project root::

    .venv/bin/python bench/bench_capacity.py                       # SQLite
    .venv/bin/python bench/bench_capacity.py --database postgres   # a private PostgreSQL
    .venv/bin/python bench/bench_capacity.py --classes 48,96,150 --seconds 60

The server is the site as ``make run`` serves it (``manage.py serve``: gunicorn, 2
processes of 8 threads, production settings: DEBUG off, plain http) on a scratch
database: SQLite in a temporary folder, or with ``--database postgres`` a PostgreSQL
server this script starts on a free port (Debian's, as .ci/run does; ``--database-url``
uses one of yours instead, and empties it first).

Each class has 8 tables (16 pairs, a Mitchell of 7 rounds of 2 boards). The load comes
from a separate process, as real as a class: each table opens its page, taps strain,
level and tricks (the score preview follows the page: a request per tap, or none where
the page carries the scores) and saves a board about every 20 seconds, with whatever the
page then asks for (the whole table page, the round check every 5 seconds once its
boards are in) counted in the save's time until the table shows what comes next. The
teacher's grid polls every 4 seconds and moves the class on when a round is complete;
the projector polls every 10 seconds. The client keeps connections open and revalidates
with ETags, as a browser does.

For a rising number of classes (after a warm-up in which the tables arrive over a few
seconds) it prints: the saves' p50/p95 (ms), the other requests' p95, errors, requests
per second and the load average, and the largest number of classes whose p95 save stays
within 300 ms with no error.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GOAL_P95_MS = 300.0
TABLES = 8
PUPILS = 2 * 2 * TABLES  # 16 pairs at 8 tables
ROUNDS = 7
BOARDS_PER_ROUND = 2


# --------------------------------------------------------------------------- the server


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_postgres(folder: Path) -> tuple[str, subprocess.Popen[bytes] | None, Path]:
    """A private PostgreSQL server (Debian's), as .ci/run starts one."""
    bins = sorted(Path("/usr/lib/postgresql").glob("*/bin"))
    if not bins:
        raise SystemExit("PostgreSQL is not installed: apt-get install postgresql")
    pg_bin, data = bins[-1], folder / "pg"
    port = free_port()
    run_as = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    if run_as:
        shutil.chown(folder, "postgres")
    subprocess.run(
        [*run_as, str(pg_bin / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c max_connections=200"
    pg_ctl = [str(pg_bin / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-w"]
    subprocess.run(
        [*run_as, *pg_ctl, "-o", options, "start"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return f"postgres://postgres@127.0.0.1:{port}/postgres", None, pg_bin


def stop_postgres(folder: Path, pg_bin: Path) -> None:
    run_as = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    subprocess.run(
        [*run_as, str(pg_bin / "pg_ctl"), "-D", str(folder / "pg"), "-m", "fast", "stop"],
        check=False,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def server_environment(database_url: str, port: int) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", ""),
        "HOME": os.environ.get("HOME", "/root"),
        "LANG": "C.UTF-8",
        "ENV_FILE": "",
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOW_HTTP": "true",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DATABASE_URL": database_url,
        "STATIC_ROOT": str(Path(tempfile.gettempdir()) / f"minibridge-bench-static-{port}"),
        "LOG_LEVEL": "WARNING",
    }


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )


def start_server(env: dict[str, str], port: int) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        [sys.executable, "manage.py", "serve", "--port", str(port), "--workers", "2"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 60
    assert server.stdout is not None
    for line in server.stdout:
        if b"Tablets open" in line:
            return server
        if time.monotonic() > deadline:
            break
    server.kill()
    raise SystemExit("The server did not start.")


# --------------------------------------------------------------------------- the classes


@dataclass(frozen=True)
class ClassPlan:
    session: int
    tokens: tuple[str, ...]


def make_classes(env: dict[str, str], count: int) -> tuple[list[ClassPlan], str]:
    """``count`` classes with a running session each, sharing one board set; and a
    teacher's session cookie (the teacher of them all)."""
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "minibridge.settings")
    import django

    django.setup()
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.models import User
    from django.contrib.sessions.backends.db import SessionStore

    from tournaments import services, sessions
    from tournaments.models import Pupil, SchoolClass

    teacher = User.objects.create_user("bench-teacher")
    board_set = services.board_set_deal(
        teacher=teacher, name="bench", count=TABLES * BOARDS_PER_ROUND, seed="capacity"
    )
    plans = []
    for n in range(count):
        school_class = SchoolClass.objects.create(teacher=teacher, name=f"Class {n:03}")
        present = Pupil.objects.bulk_create(
            Pupil(school_class=school_class, first_name=f"P{p:02}") for p in range(PUPILS)
        )
        session = sessions.session_create(
            school_class=school_class, present=present, date=datetime_today()
        )
        sessions.session_setup_and_start(
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
    from django.db import connections

    connections.close_all()
    return plans, str(store.session_key)


def datetime_today() -> Any:
    import datetime

    return datetime.date.today()


def reset_classes(plans: list[ClassPlan]) -> None:
    """Every class back to round 1 with no results, for the next level."""
    from django.db import connections

    from tournaments.models import Flag, Result, ResultChange, Session

    ids = [plan.session for plan in plans]
    Flag.objects.filter(result__session_id__in=ids).delete()
    ResultChange.objects.filter(result__session_id__in=ids).delete()
    Result.objects.filter(session_id__in=ids).delete()
    Session.objects.filter(pk__in=ids).update(current_round=1, state=Session.State.RUNNING)
    connections.close_all()


# --------------------------------------------------------------------------- the load


@dataclass
class Stats:
    saves: list[float] = field(default_factory=list)
    others: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    requests: int = 0


class Client:
    """One device: its own cookies and open connection, and the ETags it has seen."""

    def __init__(self, base: str, stats: Stats, measuring: list[bool], cookie: str = "") -> None:
        import aiohttp

        self.base = base
        self.stats = stats
        self.measuring = measuring
        self.etags: dict[str, tuple[str, str]] = {}
        jar = aiohttp.CookieJar(unsafe=True)
        if cookie:
            jar.update_cookies({"sessionid": cookie})
        self.http = aiohttp.ClientSession(
            cookie_jar=jar,
            connector=aiohttp.TCPConnector(limit=2),
            timeout=aiohttp.ClientTimeout(total=60),
        )
        self.csrf = ""

    async def close(self) -> None:
        await self.http.close()

    async def request(
        self,
        kind: str,
        method: str,
        path: str,
        *,
        data: dict[str, str] | None = None,
        revalidate: bool = False,
    ) -> tuple[int, str, dict[str, str], float]:
        headers = {"HX-Request": "true", "Referer": self.base + path}
        if self.csrf:
            headers["X-CSRFToken"] = self.csrf
        cached = self.etags.get(path) if revalidate else None
        if cached:
            headers["If-None-Match"] = cached[0]
        start = time.perf_counter()
        try:
            async with self.http.request(
                method, self.base + path, data=data, headers=headers, allow_redirects=False
            ) as response:
                body = await response.text()
                status = response.status
                response_headers = dict(response.headers)
        except Exception as error:
            self._count_error(kind, type(error).__name__)
            return 0, "", {}, time.perf_counter() - start
        elapsed = time.perf_counter() - start
        self.stats.requests += 1
        if status == 304 and cached:
            body = cached[1]
        elif revalidate and "ETag" in response_headers:
            self.etags[path] = (response_headers["ETag"], body)
        if status >= 400 and kind != "save":
            self._count_error(kind, str(status))
        if self.measuring[0] and kind != "save":
            self.stats.others[kind].append(elapsed)
        for cookie in self.http.cookie_jar:
            if cookie.key == "csrftoken":
                self.csrf = cookie.value
        return status, body, response_headers, elapsed

    def _count_error(self, kind: str, what: str) -> None:
        if self.measuring[0]:
            self.stats.errors[f"{kind} {what}"] += 1


BOARD = re.compile(r'action="/t/[\w-]+/boards/(\d+)/"')
ROUND = re.compile(r'name="round" value="(\d+)"')
KEY = re.compile(r'name="key" value="(\w+)"')
PREVIEW = re.compile(r'hx-post="(/t/[\w-]+/boards/\d+/preview/)"')
FOLLOW_UP = re.compile(r'<div hidden hx-get="" hx-trigger="load"')
ROUND_CHECK = re.compile(r'hx-get="(/t/[\w-]+/round/\?round=\d+)"')


async def table(client: Client, token: str, stop: float) -> None:
    page = f"/t/{token}/"
    _, body, _, _ = await client.request("page", "GET", page)
    while time.monotonic() < stop:
        board = BOARD.search(body)
        if board is None:
            check = ROUND_CHECK.search(body)
            if check is None:  # the session is over, or the table sits out
                await asyncio.sleep(5)
                _, body, _, _ = await client.request("page", "GET", page)
                continue
            await asyncio.sleep(5 + random.random())
            status, _, headers, _ = await client.request(
                "round check", "GET", check.group(1), revalidate=True
            )
            if headers.get("HX-Refresh") == "true":
                _, body, _, _ = await client.request("page", "GET", page)
            continue
        number = board.group(1)
        form = {
            "csrfmiddlewaretoken": client.csrf,
            "strain": "NT",
            "level": "part-score",
            "tricks": str(random.choice([6, 7, 8, 9])),
            "revoke": "",
            "key": (KEY.search(body) or ROUND).group(1) if KEY.search(body) else "",
            "round": ROUND.search(body).group(1) if ROUND.search(body) else "",
        }
        preview = PREVIEW.search(body)
        # Three taps, about 20 seconds a board; a preview per tap where the page asks.
        for _tap in range(3):
            await asyncio.sleep(random.uniform(4, 8))
            if preview is not None:
                await client.request("preview", "POST", preview.group(1), data=form)
        await asyncio.sleep(random.uniform(2, 4))
        start = time.perf_counter()
        status, body, _, _ = await client.request(
            "save", "POST", f"/t/{token}/boards/{number}/", data=form
        )
        if status != 200:
            client._count_error("save", str(status))  # a conflict too: the table was lost
        if status != 200 or FOLLOW_UP.search(body):
            _, body, _, _ = await client.request("page", "GET", page)
        if client.measuring[0]:
            client.stats.saves.append(time.perf_counter() - start)


async def teacher(client: Client, session: int, stop: float) -> None:
    _, body, _, _ = await client.request("session page", "GET", f"/sessions/{session}/")
    round_ = int(ROUND.search(body).group(1)) if ROUND.search(body) else 1
    while time.monotonic() < stop:
        await asyncio.sleep(4)
        _, grid, _, _ = await client.request(
            "grid", "GET", f"/sessions/{session}/grid/", revalidate=True
        )
        if grid and 'data-status="missing"' not in grid and 'data-status="waiting"' not in grid:
            await client.request(
                "next round",
                "POST",
                f"/sessions/{session}/round/",
                data={
                    "csrfmiddlewaretoken": client.csrf,
                    "direction": "next",
                    "confirm": "1",
                    "round": str(round_),
                },
            )
            round_ += 1


async def projector(client: Client, session: int, stop: float) -> None:
    while time.monotonic() < stop:
        await client.request("projector", "GET", f"/sessions/{session}/projector/", revalidate=True)
        await asyncio.sleep(10)


async def load(
    base: str, plans: list[ClassPlan], cookie: str, warmup: float, seconds: float
) -> Stats:
    stats = Stats()
    measuring = [False]
    stop = time.monotonic() + warmup + seconds
    clients: list[Client] = []
    tasks = []
    for n, plan in enumerate(plans):
        # The classes arrive over the warm-up's first half.
        await asyncio.sleep(warmup / 2 / max(len(plans), 1))
        for token in plan.tokens:
            client = Client(base, stats, measuring)
            clients.append(client)
            tasks.append(asyncio.create_task(table(client, token, stop)))
        for kind in (teacher, projector):
            client = Client(base, stats, measuring, cookie)
            clients.append(client)
            tasks.append(asyncio.create_task(kind(client, plan.session, stop)))
        del n
    await asyncio.sleep(max(0.0, stop - seconds - time.monotonic()))
    measuring[0] = True
    requests_before = stats.requests
    started = time.monotonic()
    await asyncio.gather(*tasks, return_exceptions=True)
    stats.others["_rate"] = [(stats.requests - requests_before) / (time.monotonic() - started)]
    for client in clients:
        await client.close()
    return stats


def run_load(
    base: str,
    plans: list[ClassPlan],
    cookie: str,
    warmup: float,
    seconds: float,
    out: Any,
) -> None:
    stats = asyncio.run(load(base, plans, cookie, warmup, seconds))
    out.put((stats.saves, dict(stats.others), dict(stats.errors)))


# --------------------------------------------------------------------------- the report


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--database-url", default="", help="a PostgreSQL database to empty and use")
    parser.add_argument("--classes", default="24,48,88,120,150,180")
    parser.add_argument("--seconds", type=float, default=60.0, help="measured time per level")
    parser.add_argument("--warmup", type=float, default=20.0)
    args = parser.parse_args()
    levels = [int(n) for n in args.classes.split(",")]

    folder = Path(tempfile.mkdtemp(prefix="minibridge-capacity-"))
    pg_bin = None
    if args.database == "postgres" and not args.database_url:
        database_url, _, pg_bin = start_postgres(folder)
    elif args.database == "postgres":
        database_url = args.database_url
    else:
        database_url = f"sqlite:///{folder}/capacity.sqlite3"
    port = free_port()
    env = server_environment(database_url, port)
    server = None
    try:
        if args.database_url:
            manage(env, "flush", "--no-input")
        manage(env, "migrate", "--no-input")
        manage(env, "collectstatic", "--no-input")
        plans, cookie = make_classes(env, max(levels))
        server = start_server(env, port)
        base = f"http://127.0.0.1:{port}"
        print(
            f"{args.database}: gunicorn 2 processes × 8 threads, {TABLES} tables a class; "
            f"{args.warmup:.0f} s warm-up, {args.seconds:.0f} s measured a level"
        )
        print(
            f"{'classes':>7} {'saves':>6} {'p50 ms':>7} {'p95 ms':>7} {'others p95':>10} "
            f"{'req/s':>6} {'errors':>6} {'load':>5}  verdict"
        )
        passing = 0
        for count in levels:
            reset_classes(plans[:count])
            queue: Any = multiprocessing.get_context("fork").Queue()
            client = multiprocessing.get_context("fork").Process(
                target=run_load,
                args=(base, plans[:count], cookie, args.warmup, args.seconds, queue),
            )
            client.start()
            saves, others, errors = queue.get()
            client.join()
            load = os.getloadavg()[0]
            rate = others.pop("_rate", [0.0])[0]
            other_times = [t for values in others.values() for t in values]
            p50, p95 = percentile(saves, 0.5) * 1000, percentile(saves, 0.95) * 1000
            failed = sum(errors.values())
            ok = bool(saves) and p95 <= GOAL_P95_MS and failed == 0
            if ok:
                passing = count
            print(
                f"{count:>7} {len(saves):>6} {p50:>7.0f} {p95:>7.0f} "
                f"{percentile(other_times, 0.95) * 1000:>10.0f} {rate:>6.0f} {failed:>6} "
                f"{load:>5.2f}  {'ok' if ok else 'over'}" + (f"  {dict(errors)}" if errors else "")
            )
            if not ok and count > passing:
                break
        print(f"largest passing: {passing} classes (p95 save ≤ {GOAL_P95_MS:.0f} ms, no error)")
    finally:
        if server is not None:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
        if pg_bin is not None:
            stop_postgres(folder, pg_bin)
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
