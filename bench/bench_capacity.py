"""How many classes one small server carries while every tablet polls and saves.

Run from the project root::

    .venv/bin/python bench/bench_capacity.py                       # SQLite
    .venv/bin/python bench/bench_capacity.py --database postgres   # a private PostgreSQL
    .venv/bin/python bench/bench_capacity.py --classes 48,96,150 --seconds 60

The server is the site as ``make run`` serves it (``manage.py serve``: gunicorn, 2
processes and their threads, production settings: DEBUG off, plain http) on a scratch
database: SQLite in a temporary folder, or with ``--database postgres`` a PostgreSQL
server this script starts on a free port (Debian's, as .ci/run does; ``--database-url``
uses one of yours instead, and empties it first). See bench/_serve.py and, for the
devices, bench/_tablets.py.

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
per second, the load average, the cores the server and the client kept busy on average,
and the largest number of classes whose p95 save stays within 300 ms with no error.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import multiprocessing
import os
import resource
import time
from multiprocessing.queues import Queue
from typing import Any

import psutil
from _serve import TABLES, ClassPlan, Site, make_classes, reset_classes, scratch_site
from _tablets import Device, Stats, percentile, projector, table, teacher

GOAL_P95_MS = 300.0


async def lesson(
    base: str, plans: list[ClassPlan], cookie: str, warmup: float, seconds: float
) -> Stats:
    """The classes' devices for ``warmup + seconds``; measured in the last ``seconds``."""
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
        for role in (teacher, projector):
            devices.append(Device(base, stats, session_cookie=cookie))
            tasks.append(asyncio.create_task(role(devices[-1], plan.session, stop)))
    await asyncio.sleep(max(0.0, stop - seconds - time.monotonic()))
    stats.measuring = True
    before, started = stats.requests, time.monotonic()
    await asyncio.gather(*tasks)
    stats.others["_rate"] = [(stats.requests - before) / (time.monotonic() - started)]
    for device in devices:
        await device.close()
    return stats


def client(
    base: str, plans: list[ClassPlan], cookie: str, warmup: float, seconds: float, out: Queue[Any]
) -> None:
    """The load, in a process of its own (it reports the CPU it used itself). Python's
    garbage collector is off in it: a collection pausing the client for a tenth of a
    second would be counted as the server's slowness."""
    gc.disable()
    stats = asyncio.run(lesson(base, plans, cookie, warmup, seconds))
    used = resource.getrusage(resource.RUSAGE_SELF)
    cpu = used.ru_utime + used.ru_stime
    out.put((stats.saves, dict(stats.others), dict(stats.errors), cpu))


def server_cpu(site: Site) -> float:
    """CPU seconds used so far by the server's processes (gunicorn and its workers)."""
    assert site.server is not None
    total = 0.0
    for process in psutil.Process(site.server.pid).children(recursive=True):
        try:
            times = process.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--database-url", default="", help="a PostgreSQL database to empty and use")
    parser.add_argument("--classes", default="24,48,88,120,150,180")
    parser.add_argument("--seconds", type=float, default=60.0, help="measured time per level")
    parser.add_argument("--warmup", type=float, default=20.0)
    args = parser.parse_args()
    levels = [int(n) for n in args.classes.split(",")]

    with scratch_site(args.database, args.database_url) as site:
        plans, cookie = make_classes(site, max(levels))
        site.start()
        print(
            f"{args.database}: manage.py serve (gunicorn, 2 processes), {TABLES} tables a "
            f"class; {args.warmup:.0f} s warm-up, {args.seconds:.0f} s measured a level"
        )
        print(
            f"{'classes':>7} {'saves':>6} {'p50 ms':>7} {'p95 ms':>7} {'others p95':>10} "
            f"{'req/s':>6} {'errors':>6} {'load':>5} {'server':>6} {'client':>6}  verdict"
        )
        passing = 0
        fork = multiprocessing.get_context("fork")
        for count in levels:
            reset_classes(plans[:count])
            out: Queue[Any] = fork.Queue()
            load = fork.Process(
                target=client,
                args=(site.base, plans[:count], cookie, args.warmup, args.seconds, out),
            )
            before, started = server_cpu(site), time.monotonic()
            load.start()
            saves, others, errors, client_cpu = out.get()
            load.join()
            wall = time.monotonic() - started
            # Cores busy on average during the level (warm-up included).
            cores = (server_cpu(site) - before) / wall, client_cpu / wall
            load_average = os.getloadavg()[0]
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
                f"{load_average:>5.2f} {cores[0]:>6.2f} {cores[1]:>6.2f}  {'ok' if ok else 'over'}"
                + (f"  {errors}" if errors else "")
            )
            if not ok:
                break
        print(f"largest passing: {passing} classes (p95 save ≤ {GOAL_P95_MS:.0f} ms, no error)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
