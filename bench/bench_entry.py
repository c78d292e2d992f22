"""How long a table waits when it saves a result, on the site as ``make run`` serves it.

Run from the project root::

    .venv/bin/python bench/bench_entry.py [--database postgres] [--trials 3]

The server is ``manage.py serve`` (gunicorn, production settings) on a scratch database
(bench/_serve.py); the tablets are a client in a process of its own, each keeping its
connection open, as a browser does (bench/_tablets.py). The classes are in mid-lesson:
three rounds played, so every board's traveller already has rows, and the tables save
the boards of round 4.

A save is timed from the POST until the table shows what comes next: the POST and any
request the page then makes (the table's page, when the save's answer asks for it).
Printed: median and 95th percentile, with 1 tablet saving at a time and with 40 saving
at once. A figure to watch, not a goal: what a school needs is capacity
(bench/bench_capacity.py).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import statistics
import time
from multiprocessing.queues import Queue
from typing import Any

from _serve import ClassPlan, make_classes, play_rounds, scratch_site
from _tablets import Device, Stats, panels, save

PLAYED = 3
CONCURRENT = 40


async def saves(base: str, tokens: list[str], concurrent: bool) -> list[float]:
    """Each table saves one board (of round 4), one after another or all at once."""
    stats = Stats(measuring=True)
    devices = [Device(base, stats) for _ in tokens]
    pages = [
        (await device.request("table page", "GET", f"/t/{token}/")).body
        for device, token in zip(devices, tokens, strict=True)
    ]
    ready = [(d, t, p) for d, t, p in zip(devices, tokens, pages, strict=True) if panels(p)]
    if concurrent:
        times = [
            t for t, _, _ in await asyncio.gather(*(save(d, t, p, panels(p)) for d, t, p in ready))
        ]
    else:
        times = [(await save(d, t, p, panels(p)))[0] for d, t, p in ready]
    for device in devices:
        await device.close()
    if stats.errors:
        raise SystemExit(f"errors: {dict(stats.errors)}")
    return times


def client(base: str, tokens: list[str], concurrent: bool, out: Queue[Any]) -> None:
    out.put(asyncio.run(saves(base, tokens, concurrent)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--database-url", default="")
    parser.add_argument("--trials", type=int, default=3)
    args = parser.parse_args()

    fork = multiprocessing.get_context("fork")
    classes = CONCURRENT // 8
    samples: dict[str, list[float]] = {"1 tablet": [], f"{CONCURRENT} at once": []}
    with scratch_site(args.database, args.database_url) as site:
        # Fresh classes for each trial: three rounds played, round 4 to enter.
        trials: list[list[ClassPlan]] = []
        for _trial in range(args.trials):
            made, _cookie = make_classes(site, classes)
            play_rounds(made, PLAYED)
            trials.append(made)
        site.start()
        for trial_plans in trials:
            tokens = [token for plan in trial_plans for token in plan.tokens]
            half = len(tokens) // 2
            for label, group, concurrent in (
                ("1 tablet", tokens[:half], False),
                (f"{CONCURRENT} at once", tokens, True),
            ):
                out: Queue[Any] = fork.Queue()
                load = fork.Process(target=client, args=(site.base, group, concurrent, out))
                load.start()
                samples[label].extend(out.get())
                load.join()
            time.sleep(1)

    print(
        f"{args.database}: saves in round {PLAYED + 1} of classes in mid-lesson, "
        f"{args.trials} trials (milliseconds, the save and what the page then loads):"
    )
    for label, values in samples.items():
        ordered = sorted(values)
        p95 = ordered[int(0.95 * (len(ordered) - 1))]
        print(
            f"  {label:>10}: median {statistics.median(ordered) * 1000:6.1f}  "
            f"p95 {p95 * 1000:6.1f}  ({len(ordered)} saves)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
