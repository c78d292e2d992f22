"""Devices of a class, as the benchmarks play them over HTTP: a table's tablet, the
teacher's grid, the projector. Each keeps its own cookies and open connection and
revalidates what it polls with the ETag it got, as a browser does. asyncio and aiohttp,
so that a thousand tablets fit in one client process.

Each answer's ``Server-Timing`` header (the server's CPU and SQL queries for that
request, from bench/_server_timing.py) is kept by the request's kind and status
(``Stats.costs``)."""

from __future__ import annotations

import asyncio
import contextlib
import math
import random
import re
import time
from collections import defaultdict
from dataclasses import dataclass, field

import aiohttp
from yarl import URL


@dataclass
class Stats:
    """What a run measured: each save's time until the table shows what comes next, the
    other requests' times by kind, and the errors by kind and cause; and what the
    server told of each request's cost (``costs``: CPU ms and SQL queries, by kind and
    status, e.g. ``"grid 304"``), for the requests sent while ``measuring`` and
    answered by ``until`` (a ``time.monotonic()``)."""

    saves: list[float] = field(default_factory=list)
    others: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    costs: dict[str, list[tuple[float, int]]] = field(default_factory=lambda: defaultdict(list))
    requests: int = 0
    measuring: bool = False
    until: float = math.inf

    def error(self, kind: str, cause: str) -> None:
        if self.measuring:
            self.errors[f"{kind} {cause}"] += 1


@dataclass(frozen=True)
class Answer:
    status: int
    body: str
    headers: dict[str, str]


class Device:
    """One device: its cookies, its kept-open connection and the ETags it has seen."""

    def __init__(self, base: str, stats: Stats, *, session_cookie: str = "") -> None:
        self.base = base
        self.stats = stats
        self.etags: dict[str, tuple[str, str]] = {}
        jar = aiohttp.CookieJar(unsafe=True)
        if session_cookie:
            jar.update_cookies({"sessionid": session_cookie})
        self.http = aiohttp.ClientSession(
            cookie_jar=jar,
            connector=aiohttp.TCPConnector(limit=2, keepalive_timeout=20),
            timeout=aiohttp.ClientTimeout(total=60),
        )

    @property
    def csrf(self) -> str:
        cookie = self.http.cookie_jar.filter_cookies(URL(self.base)).get("csrftoken")
        return cookie.value if cookie else ""

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
    ) -> Answer:
        headers = {"HX-Request": "true", "Referer": self.base + path}
        if self.csrf:
            headers["X-CSRFToken"] = self.csrf
        cached = self.etags.get(path) if revalidate else None
        if cached:
            headers["If-None-Match"] = cached[0]
        start, measured = time.perf_counter(), self.stats.measuring
        try:
            async with self.http.request(
                method, self.base + path, data=data, headers=headers, allow_redirects=False
            ) as response:
                body = await response.text()
                answer = Answer(response.status, body, dict(response.headers))
                timing = response.headers.get(SERVER_TIMING)
        except (aiohttp.ClientError, TimeoutError) as error:
            self.stats.error(kind, type(error).__name__)
            return Answer(0, "", {})
        elapsed = time.perf_counter() - start
        self.stats.requests += 1
        if timing and measured and time.monotonic() <= self.stats.until:
            metrics = server_timing(timing)
            if "cpu" in metrics:
                cost = (metrics["cpu"], int(metrics.get("db", 0)))
                self.stats.costs[f"{kind} {answer.status}"].append(cost)
        if answer.status == 304 and cached:
            answer = Answer(200, cached[1], answer.headers)
        elif revalidate and "ETag" in answer.headers:
            self.etags[path] = (answer.headers["ETag"], answer.body)
        if answer.status >= 400 and kind != "save":
            self.stats.error(kind, str(answer.status))
        if self.stats.measuring and kind != "save":
            self.stats.others[kind].append(elapsed)
        return answer


SERVER_TIMING = "Server-Timing"


def server_timing(header: str) -> dict[str, float]:
    """The ``dur`` of each metric in a ``Server-Timing`` header, by name."""
    metrics: dict[str, float] = {}
    for metric in header.split(","):
        name, *params = (part.strip() for part in metric.split(";"))
        for param in params:
            key, _, value = param.partition("=")
            if name and key.strip() == "dur":
                try:
                    metrics[name] = float(value.strip().strip('"'))
                except ValueError:
                    continue
    return metrics


BOARD = re.compile(r'action="/t/[\w-]+/boards/(\d+)/"')
ROUND = re.compile(r'name="round" value="(\d+)"')
KEY = re.compile(r'name="key" value="(\w+)"')
PREVIEW = re.compile(r'hx-post="(/t/[\w-]+/boards/\d+/preview/)"')
RELOAD = re.compile(r'<div hidden hx-get="" hx-trigger="load"')
ROUND_CHECK = re.compile(r'hx-get="(/t/[\w-]+/round/\?round=\d+)"')
#: The round clock a table's page asks for its time left, and how often (seconds).
CLOCK = re.compile(r'data-url="(/t/[\w-]+/clock/)" data-poll="(\d+)"')
MISSING = ('data-status="missing"', 'data-status="waiting"')


PANEL_START = '<section class="entry-panel'
WHOLE_PAGE = 'id="table-main"'


@dataclass(frozen=True)
class Panel:
    """A board's entry panel on the table's page (the one on screen, or one the page
    keeps for later in a template): where it saves, and its own key and round."""

    board: str
    key: str
    round: str


def panels(body: str) -> list[Panel]:
    """The page's panels of the boards still to enter, the one on screen first."""
    found = []
    for chunk in body.split(PANEL_START)[1:]:
        board, key, round_ = BOARD.search(chunk), KEY.search(chunk), ROUND.search(chunk)
        if board is not None:
            key_text = key.group(1) if key else ""
            found.append(Panel(board.group(1), key_text, round_.group(1) if round_ else ""))
    return found


def answers(panel: Panel) -> dict[str, str]:
    """A result for the board of the panel (with the panel's own key and round)."""
    return {
        "strain": "NT",
        "level": "part-score",
        "tricks": str(random.choice([6, 7, 8, 9])),
        "revoke": "",
        "key": panel.key,
        "round": panel.round,
    }


async def save(
    device: Device, token: str, body: str, queue: list[Panel]
) -> tuple[float, str, list[Panel]]:
    """Save the board of the first panel; returns the time until the table shows what
    comes next (the save and whatever the page asks for after it), the page as the
    table then has it and the panels still to enter. A save answered with the board
    alone (the site since the save's answer became small) leaves the rest of the page
    as it was, the next panel shown from it, as the page's script does; an answer with
    the whole page's main part (the site before) is the page."""
    panel = queue[0]
    form = {"csrfmiddlewaretoken": device.csrf, **answers(panel)}
    start = time.perf_counter()
    answer = await device.request("save", "POST", f"/t/{token}/boards/{panel.board}/", data=form)
    if answer.status != 200:
        device.stats.error("save", str(answer.status))  # a conflict too: the table is lost
    if answer.status != 200 or RELOAD.search(answer.body):
        body = (await device.request("table page", "GET", f"/t/{token}/")).body
        queue = panels(body)
    elif WHOLE_PAGE in answer.body:
        body, queue = answer.body, panels(answer.body)
    else:
        queue = queue[1:]
        if ROUND_CHECK.search(answer.body):
            body = answer.body  # the round's last board: what the table does next came too
    return time.perf_counter() - start, body, queue


async def clock(device: Device, kind: str, path: str, every: float, stop: float) -> None:
    """A page's round clock asking for its time left every ``every`` seconds, as
    static/js/round-clock.js does (never revalidated: the answer is made as it is sent)."""
    await asyncio.sleep(random.uniform(0, every))
    while time.monotonic() < stop:
        await device.request(kind, "GET", path)
        await asyncio.sleep(every)


async def table(device: Device, token: str, stop: float) -> None:
    """A table's tablet for the lesson: its boards one after another, about 20 s each
    (three taps, a preview per tap where the page asks for one), then the round check
    every 5 s until the teacher starts the next round; and, where the page has a round
    clock, its poll all along."""
    page = f"/t/{token}/"
    body = (await device.request("table page", "GET", page)).body
    found = CLOCK.search(body)
    polls = (
        asyncio.create_task(clock(device, "table clock", found[1], int(found[2]), stop))
        if found
        else None
    )
    try:
        await _boards(device, token, body, stop)
    finally:
        # Stopped at its time or cancelled (bench_event.py stops the tablets so): the
        # clock's poll stops with the table, never outlives it.
        await _stopped(polls)


async def _boards(device: Device, token: str, body: str, stop: float) -> None:
    """The table's boards and round checks (:func:`table`), from its page's ``body``."""
    page = f"/t/{token}/"
    queue = panels(body)
    while time.monotonic() < stop:
        if not queue:
            check = ROUND_CHECK.search(body)
            await asyncio.sleep(5 + random.random())
            if time.monotonic() >= stop:
                break
            if check is None:  # the session is over, or the table sits out
                body = (await device.request("table page", "GET", page)).body
                queue = panels(body)
                continue
            answer = await device.request("round check", "GET", check.group(1), revalidate=True)
            if answer.headers.get("HX-Refresh") == "true":
                body = (await device.request("table page", "GET", page)).body
                queue = panels(body)
            continue
        preview = PREVIEW.search(body)
        form = {"csrfmiddlewaretoken": device.csrf, **answers(queue[0])}
        for _tap in range(3):
            await asyncio.sleep(random.uniform(4, 8))
            if preview is not None and time.monotonic() < stop:
                await device.request("preview", "POST", preview.group(1), data=form)
        await asyncio.sleep(random.uniform(2, 4))
        if time.monotonic() >= stop:
            break  # the lesson is over: nothing is measured after its end
        elapsed, body, queue = await save(device, token, body, queue)
        if device.stats.measuring:
            device.stats.saves.append(elapsed)


async def teacher(device: Device, session: int, stop: float) -> None:
    """The teacher's page: the grid every 4 s; the next round once the grid is full."""
    body = (await device.request("session page", "GET", f"/sessions/{session}/")).body
    found = ROUND.search(body)
    round_ = int(found.group(1)) if found else 1
    while time.monotonic() < stop:
        await asyncio.sleep(4)
        if time.monotonic() >= stop:
            break
        grid = await device.request("grid", "GET", f"/sessions/{session}/grid/", revalidate=True)
        if grid.status == 200 and not any(status in grid.body for status in MISSING):
            data = {
                "csrfmiddlewaretoken": device.csrf,
                "direction": "next",
                "confirm": "1",
                "round": str(round_),
            }
            await device.request("next round", "POST", f"/sessions/{session}/round/", data=data)
            round_ += 1


async def projector(device: Device, session: int, stop: float, *, clock_on: bool = False) -> None:
    """The class's projector: the standings every 10 s; with ``clock_on``, its round
    clock's time left every 10 s too."""
    polls = (
        asyncio.create_task(
            clock(device, "projector clock", f"/sessions/{session}/clock/left/", 10, stop)
        )
        if clock_on
        else None
    )
    try:
        while time.monotonic() < stop:
            await device.request(
                "projector", "GET", f"/sessions/{session}/projector/", revalidate=True
            )
            await asyncio.sleep(10)
    finally:
        await _stopped(polls)


async def _stopped(task: asyncio.Task[None] | None) -> None:
    """A page's clock poll stopped (cancelled, and waited for)."""
    if task is None:
        return
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (0.0 for none)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0
