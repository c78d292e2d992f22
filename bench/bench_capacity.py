"""How many classes one small server carries while every tablet polls and saves, and what
each kind of request costs the server's CPU.

Run from the project root::

    .venv/bin/python bench/bench_capacity.py                       # SQLite
    .venv/bin/python bench/bench_capacity.py --database postgres   # a private PostgreSQL
    .venv/bin/python bench/bench_capacity.py --classes 48,96,150 --seconds 60
    .venv/bin/python bench/bench_capacity.py --compare 5db6c64 --classes 24,48
    BENCH_WORKERS=3 BENCH_THREADS=16 .venv/bin/python bench/bench_capacity.py --classes 150

The server is the site as ``make run`` serves it (``manage.py serve``: gunicorn, its
processes and their threads, or as many as ``BENCH_WORKERS`` and ``BENCH_THREADS`` say;
production settings: DEBUG off, plain http) on a scratch
database: SQLite in a temporary folder, or with ``--database postgres`` a PostgreSQL
server this script starts on a free port (Debian's, as .ci/run does; ``--database-url``
uses one of yours instead, and empties it first). See bench/_serve.py and, for the
devices, bench/_tablets.py. The server's settings are the site's with one middleware
put first (bench/_server_timing.py, from a settings module in the scratch folder): each
answer says in a ``Server-Timing`` header how much CPU its thread spent in Django and
how many SQL queries it made.

Each class has 8 tables (16 pairs, a Mitchell of 7 rounds of 2 boards). The load comes
from a separate process, as real as a class: each table opens its page, taps strain,
level and tricks (the score preview follows the page: a request per tap, or none where
the page carries the scores) and saves a board about every 20 seconds, with whatever the
page then asks for (the whole table page, the round check every 5 seconds once its
boards are in) counted in the save's time until the table shows what comes next. The
teacher's grid polls every 4 seconds and moves the class on when a round is complete;
the projector polls every 10 seconds. Each class's round clock runs (where the code has
one): each table's page asks for its time left every minute and the projector every 10
seconds, as static/js/round-clock.js does. The client keeps connections open and
revalidates with ETags, as a browser does.

For a rising number of classes (after a warm-up in which the tables arrive over a few
seconds) it prints: the saves' p50/p95 (ms), the other requests' p95, errors, requests
per second, the load average, the cores the server and the client kept busy on average
(warm-up included), and the largest number of classes whose p95 save stays within 300
ms with no error. Under each level, what the server's CPU went to in the measured
seconds (CPU time, not wall time, so the figures hold on a busy machine, the shares
best):

* the server's CPU ms per class-second: the CPU time of all its processes (gunicorn's,
  the background worker's, ``manage.py serve``'s) over the measured seconds, divided by
  classes × seconds. "in requests" is the part the requests' threads spent in Django
  (the sum of the headers), "around them" the rest (gunicorn reading and writing HTTP,
  the background worker). With the private PostgreSQL server, its CPU too (the
  database's work, in processes of its own); the shares are of the server's CPU only.
* per request type and answer (save, table page, round check 200/304, grid 200/304,
  projector 200/304, session page, next round, preview where the page asks for it, the
  table's and the projector's clock): how many a class-second, their mean CPU ms and
  SQL queries (from the headers), their CPU ms a class-second, and their share of the
  server's CPU. Counted: the requests sent
  and answered within the measured seconds (a page still loading when they begin, after
  too short a warm-up, falls "around"). A type shows once the lesson reaches it: a
  round takes about 40 s, so the round checks, the next round and the table pages it
  brings need a minute or more measured (the default).

``--compare REV`` measures another commit beside this checkout in the same run: REV is
checked out in a detached git worktree in a temporary folder (removed afterwards) and
served from there with the same Python, on a scratch database of its own, migrated with
its own migrations, its classes made by its own code (in a subprocess that imports the
worktree's code first: the two revisions' models may differ). Both servers run side by
side; each level loads one, then the other (which goes first alternates from level to
level), so whatever else the machine does falls on both alike. Printed per level: both
rows (``code``: current is this checkout, as it is on disk), and the ratios REV ÷
current of the server's CPU per class-second, of the p95 save and of each request
type's CPU ms: above 1, the current code is the cheaper. With ``--database postgres``
each revision gets a private PostgreSQL server of its own (same version and settings;
``--database-url`` cannot be used with ``--compare``). ``--compare HEAD`` measures the
noise: the same code twice. Each revision's server has that revision's own ``serve``
processes and threads (before aa85225: 2 of 32; since: 4 of 8), unless ``BENCH_WORKERS``
and ``BENCH_THREADS`` give both the same.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import multiprocessing
import os
import resource
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from multiprocessing.queues import Queue
from pathlib import Path
from typing import Any

from _serve import (
    ROOT,
    TABLES,
    ClassPlan,
    Meter,
    Site,
    make_classes,
    reset_classes,
    scratch_site,
)
from _tablets import Device, Stats, percentile, projector, table, teacher

GOAL_P95_MS = 300.0
#: The request types, in the order printed (each with its answers' statuses).
KINDS = (
    "save",
    "table page",
    "round check",
    "grid",
    "projector",
    "session page",
    "next round",
    "preview",
    "table clock",
    "projector clock",
)


@dataclass
class Run:
    """One level on one server: what the client measured, and the server's CPU seconds
    (and its PostgreSQL's, if this bench started it) over ``window`` seconds."""

    classes: int
    saves: list[float]
    others: dict[str, list[float]]
    errors: dict[str, int]
    costs: dict[str, list[tuple[float, int]]]
    rate: float
    client_cpu: float
    window: float
    server_cpu: float
    database_cpu: float | None
    #: The whole level, warm-up included: its length and the server's CPU seconds.
    wall: float = 0.0
    level_cpu: float = 0.0

    @property
    def p50(self) -> float:
        return percentile(self.saves, 0.5) * 1000

    @property
    def p95(self) -> float:
        return percentile(self.saves, 0.95) * 1000

    @property
    def failed(self) -> int:
        return sum(self.errors.values())

    @property
    def ok(self) -> bool:
        return bool(self.saves) and self.p95 <= GOAL_P95_MS and self.failed == 0

    @property
    def class_seconds(self) -> float:
        return max(self.classes * self.window, 1e-9)

    @property
    def cpu_per_class_second(self) -> float:
        """The server's CPU ms per class-second."""
        return self.server_cpu * 1000 / self.class_seconds

    @property
    def in_requests(self) -> float:
        """CPU ms per class-second the requests' threads spent in Django."""
        return sum(cpu for values in self.costs.values() for cpu, _ in values) / self.class_seconds


@dataclass(frozen=True)
class Cost:
    """One request type's figures in a run."""

    per_class_second: float  # requests
    cpu_ms: float  # mean, per request
    queries: float  # mean, per request
    cpu_per_class_second: float  # ms
    share: float  # of the server's CPU


def costs(run: Run) -> dict[str, Cost]:
    server_ms = max(run.server_cpu * 1000, 1e-9)
    figures = {}
    for key, values in run.costs.items():
        cpu = sum(ms for ms, _ in values)
        figures[key] = Cost(
            per_class_second=len(values) / run.class_seconds,
            cpu_ms=cpu / len(values),
            queries=sum(q for _, q in values) / len(values),
            cpu_per_class_second=cpu / run.class_seconds,
            share=cpu / server_ms,
        )
    return figures


def in_order(keys: Iterable[str]) -> list[str]:
    """Request types ("grid 304") in KINDS' order, then by status."""

    def key(name: str) -> tuple[int, str]:
        kind, _, status = name.rpartition(" ")
        return (KINDS.index(kind) if kind in KINDS else len(KINDS), f"{kind} {status}")

    return sorted(keys, key=key)


async def lesson(
    base: str, plans: list[ClassPlan], cookie: str, warmup: float, seconds: float, meter: Meter
) -> tuple[Stats, float, tuple[float, float | None], tuple[float, float | None]]:
    """The classes' devices for ``warmup + seconds``; measured in the last ``seconds``.
    Returns the stats, the measured window's length and the meter's readings at its
    start and end."""
    stats = Stats()
    stop = time.monotonic() + warmup + seconds
    devices: list[Device] = []
    tasks = []
    for plan in plans:
        # The classes arrive over the first half of the warm-up.
        await asyncio.sleep(warmup / 2 / max(len(plans), 1))
        for token in plan.tokens:
            devices.append(Device(base, stats))
            tasks.append(asyncio.create_task(table(devices[-1], token, stop)))
        devices.append(Device(base, stats, session_cookie=cookie))
        tasks.append(asyncio.create_task(teacher(devices[-1], plan.session, stop)))
        devices.append(Device(base, stats, session_cookie=cookie))
        tasks.append(
            asyncio.create_task(projector(devices[-1], plan.session, stop, clock_on=plan.clock))
        )
    await asyncio.sleep(max(0.0, stop - seconds - time.monotonic()))
    stats.measuring, stats.until = True, stop
    before, started = stats.requests, time.monotonic()
    first = meter.read()

    async def at_stop() -> tuple[tuple[float, float | None], float]:
        await asyncio.sleep(max(0.0, stop - time.monotonic()))
        return meter.read(), time.monotonic()

    reading = asyncio.create_task(at_stop())
    await asyncio.gather(*tasks)
    last, ended = await reading
    stats.others["_rate"] = [(stats.requests - before) / (time.monotonic() - started)]
    for device in devices:
        await device.close()
    return stats, ended - started, first, last


def client(
    base: str,
    plans: list[ClassPlan],
    cookie: str,
    warmup: float,
    seconds: float,
    meter: Meter,
    out: Queue[Any],
) -> None:
    """The load, in a process of its own (it reports the CPU it used itself). Python's
    garbage collector is off in it: a collection pausing the client for a tenth of a
    second would be counted as the server's slowness."""
    gc.disable()
    stats, window, first, last = asyncio.run(lesson(base, plans, cookie, warmup, seconds, meter))
    used = resource.getrusage(resource.RUSAGE_SELF)
    rate = stats.others.pop("_rate", [0.0])[0]
    database = None if first[1] is None or last[1] is None else last[1] - first[1]
    run = Run(
        classes=len(plans),
        saves=stats.saves,
        others=dict(stats.others),
        errors=dict(stats.errors),
        costs=dict(stats.costs),
        rate=rate,
        client_cpu=used.ru_utime + used.ru_stime,
        window=window,
        server_cpu=last[0] - first[0],
        database_cpu=database,
    )
    out.put(run)


def measure(
    site: Site, plans: list[ClassPlan], cookie: str, count: int, warmup: float, seconds: float
) -> Run:
    """One level on one site: its first ``count`` classes, from round 1."""
    reset_classes(site, plans[:count])
    fork = multiprocessing.get_context("fork")
    out: Queue[Any] = fork.Queue()
    meter = site.meter()
    load = fork.Process(
        target=client, args=(site.base, plans[:count], cookie, warmup, seconds, meter, out)
    )
    before, started = meter.read()[0], time.monotonic()
    load.start()
    run: Run = out.get()
    load.join()
    run.wall, run.level_cpu = time.monotonic() - started, meter.read()[0] - before
    return run


HEADER = (
    f"{'classes':>7} {'saves':>6} {'p50 ms':>7} {'p95 ms':>7} {'others p95':>10} "
    f"{'req/s':>6} {'errors':>6} {'load':>5} {'server':>6} {'client':>6}  verdict"
)


def row(run: Run, label: str = "") -> str:
    """The level's line (``label``: the code's column, with --compare)."""
    other_times = [t for values in run.others.values() for t in values]
    # Cores busy on average during the level (warm-up included).
    cores = run.level_cpu / run.wall, run.client_cpu / run.wall
    return (
        f"{run.classes:>7} "
        + (f"{label:<9} " if label else "")
        + f"{len(run.saves):>6} {run.p50:>7.0f} {run.p95:>7.0f} "
        f"{percentile(other_times, 0.95) * 1000:>10.0f} {run.rate:>6.0f} {run.failed:>6} "
        f"{os.getloadavg()[0]:>5.2f} {cores[0]:>6.2f} {cores[1]:>6.2f}  "
        f"{'ok' if run.ok else 'over'}" + (f"  {run.errors}" if run.errors else "")
    )


def totals(run: Run) -> str:
    rest = run.cpu_per_class_second - run.in_requests
    text = (
        f"  server CPU {run.cpu_per_class_second:.1f} ms a class-second ({run.in_requests:.1f} "
        f"in requests, {rest:.1f} around them) over {run.window:.0f} s"
    )
    if run.database_cpu is not None:
        text += f"; PostgreSQL {run.database_cpu * 1000 / run.class_seconds:.1f} ms"
    return text


def breakdown(run: Run) -> list[str]:
    """What the server's CPU went to, per request type."""
    figures = costs(run)
    lines = [
        totals(run),
        f"  {'request':<17} {'a class-s':>9} {'CPU ms':>7} {'queries':>7} "
        f"{'ms a class-s':>12} {'share':>6}",
    ]
    for key in in_order(figures):
        cost = figures[key]
        lines.append(
            f"  {key:<17} {cost.per_class_second:>9.3f} {cost.cpu_ms:>7.1f} "
            f"{cost.queries:>7.1f} {cost.cpu_per_class_second:>12.2f} {cost.share:>5.0%}"
        )
    return lines


def ratio(baseline: float, current: float) -> str:
    return f"{baseline / current:.2f}" if current > 0 else "–"


def side_by_side(baseline: Run, current: Run, rev: str) -> list[str]:
    """The two servers' per-request figures and the ratios baseline ÷ current."""
    before, after = costs(baseline), costs(current)
    lines = [
        f"  {rev} ÷ current: server CPU a class-second {baseline.cpu_per_class_second:.1f} ÷ "
        f"{current.cpu_per_class_second:.1f} ms = "
        f"{ratio(baseline.cpu_per_class_second, current.cpu_per_class_second)}, p95 save "
        f"{baseline.p95:.0f} ÷ {current.p95:.0f} ms = {ratio(baseline.p95, current.p95)}",
        "  " + totals(baseline).strip() + f"  [{rev}]",
        "  " + totals(current).strip() + "  [current]",
        f"  {'':<17} {'a class-s':>15} {'CPU ms':>17} {'':>5} {'queries':>13} {'share':>11}",
        f"  {'request':<17} {'base':>7} {'cur':>7} {'base':>8} {'cur':>8} {'÷':>5} "
        f"{'base':>6} {'cur':>6} {'base':>5} {'cur':>5}",
    ]
    nothing = Cost(0.0, 0.0, 0.0, 0.0, 0.0)
    for key in in_order(set(before) | set(after)):
        b, c = before.get(key, nothing), after.get(key, nothing)
        lines.append(
            f"  {key:<17} {b.per_class_second:>7.3f} {c.per_class_second:>7.3f} "
            f"{b.cpu_ms:>8.1f} {c.cpu_ms:>8.1f} {ratio(b.cpu_ms, c.cpu_ms):>5} "
            f"{b.queries:>6.1f} {c.queries:>6.1f} {b.share:>5.0%} {c.share:>5.0%}"
        )
    return lines


@contextmanager
def worktree(rev: str) -> Iterator[Path]:
    """``rev`` checked out (detached) in a temporary folder, removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="minibridge-bench-rev-")) / "site"
    git = ["git", "-C", str(ROOT)]
    subprocess.run([*git, "worktree", "add", "--detach", "--quiet", str(folder), rev], check=True)
    try:
        yield folder
    finally:
        subprocess.run([*git, "worktree", "remove", "--force", str(folder)], check=False)
        shutil.rmtree(folder.parent, ignore_errors=True)
        subprocess.run([*git, "worktree", "prune"], check=False)


def git(*args: str) -> str:
    done = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True)
    return done.stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--database-url", default="", help="a PostgreSQL database to empty and use")
    parser.add_argument("--classes", default="24,48,88,120,150,180")
    parser.add_argument("--seconds", type=float, default=60.0, help="measured time per level")
    parser.add_argument("--warmup", type=float, default=20.0)
    parser.add_argument(
        "--compare", default="", metavar="REV", help="also measure this commit, side by side"
    )
    args = parser.parse_args()
    levels = [int(n) for n in args.classes.split(",")]
    if args.compare and args.database_url:
        parser.error("--compare starts a private PostgreSQL server per revision: no --database-url")

    with ExitStack() as stack:
        current = stack.enter_context(scratch_site(args.database, args.database_url))
        sites = {"current": current}
        rev = ""
        if args.compare:
            rev = git("rev-parse", "--short", args.compare) or args.compare
            folder = stack.enter_context(worktree(args.compare))
            sites[rev] = stack.enter_context(scratch_site(args.database, root=folder))
        classes = {label: make_classes(site, max(levels)) for label, site in sites.items()}
        for site in sites.values():
            site.start()
        processes = os.environ.get("BENCH_WORKERS") or "serve's"
        threads = os.environ.get("BENCH_THREADS") or "serve's"
        print(
            f"{args.database}: manage.py serve (gunicorn, {processes} processes of "
            f"{threads} threads), {TABLES} tables a "
            f"class; {args.warmup:.0f} s warm-up, {args.seconds:.0f} s measured a level"
        )
        if rev:
            dirty = " with uncommitted changes" if git("status", "--porcelain", "-uno") else ""
            print(
                f"current: this checkout ({git('rev-parse', '--short', 'HEAD')}{dirty}); "
                f"{rev}: {args.compare} in a git worktree; each level on both, in turn"
            )
            print(HEADER.replace("classes ", f"classes {'code':<9} ", 1))
        else:
            print(HEADER)
        passing = dict.fromkeys(sites, 0)
        over: set[str] = set()
        for n, count in enumerate(levels):
            order = list(sites) if n % 2 == 0 else list(reversed(sites))
            runs = {}
            for label in order:
                plans, cookie = classes[label]
                runs[label] = measure(sites[label], plans, cookie, count, args.warmup, args.seconds)
            for label in sites:
                run = runs[label]
                print(row(run, label if rev else ""))
                if run.ok and label not in over:
                    passing[label] = count
                elif not run.ok:
                    over.add(label)
            if rev:
                for line in side_by_side(runs[rev], runs["current"], rev):
                    print(line)
            else:
                for line in breakdown(runs["current"]):
                    print(line)
            if over == set(sites):
                break
        for label, largest in passing.items():
            print(
                (f"{label}: " if rev else "")
                + f"largest passing: {largest} classes (p95 save ≤ {GOAL_P95_MS:.0f} ms, no error)"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
