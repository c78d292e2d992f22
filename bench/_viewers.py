"""The public results page at a national audience (bench_event.py ``--viewers``): the
federation's deployment on this machine (nginx from deploy/, minibridge.local_nginx, in
front of two app servers, ``manage.py serve`` each with its background worker, on the
bench's database), and thousands of viewers polling the page through nginx, over HTTPS
on loopback, while schools keep uploading their results.

A viewer opens the link the organiser hands out (no language in it: a redirect to the
page in the browser's language, ``?lang=``), at a random moment of the first interval,
then polls it as the page's htmx poll does (``HX-Request``; ``If-None-Match`` with the
ETag of its last poll, as a browser's cache sends it) every interval until the time is
up. Most viewers' browsers speak Norwegian, the others English. They share a pool of
keep-alive connections (a bounded number at once). Counted: each request's time to its
last byte and its status, nginx's X-Cache-Status, and from nginx's access log the
requests an app server answered (the cache's background updates included).
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import ssl
import subprocess
import sys
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from minibridge.local_nginx import LocalNginx, free_port, local_nginx  # noqa: E402
from minibridge.network import answers  # noqa: E402

#: The Accept-Language of the viewers' browsers, and how many of them send each.
BROWSERS = [("nb-NO,nb;q=0.9,no;q=0.8,nn;q=0.7,en-US;q=0.6,en;q=0.5", 0.8), ("en-GB,en;q=0.9", 0.2)]
#: What a browser sends (one value for all: nginx keeps a copy per Accept-Encoding).
ACCEPT_ENCODING = "gzip, deflate, br"
#: Requests in flight at once (the connection pool's size).
CONCURRENCY = 200
#: An app server: one gunicorn worker with 8 threads and one background worker (two
#: share the machine's two cores with nginx, the database and the viewers).
SERVE = [sys.executable, "manage.py", "serve", "--workers", "1", "--threads", "8"]
SERVE += ["--task-workers", "1"]
#: The goals: app servers answer fewer than 1 request in 20; p95 ≤ 200 ms.
GOAL_UPSTREAM_SHARE = 1 / 20
GOAL_P95_S = 0.2


@dataclass
class Viewed:
    """What the viewers saw."""

    latencies: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    cache: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    etags: set[str] = field(default_factory=set)
    viewers: int = 0
    seconds: float = 0.0

    @property
    def requests(self) -> int:
        return len(self.latencies) + sum(self.errors.values())


async def _get(
    http: aiohttp.ClientSession, url: str, headers: dict[str, str], viewed: Viewed
) -> tuple[int, dict[str, str]] | None:
    begun = time.perf_counter()
    try:
        async with http.get(url, headers=headers, allow_redirects=False) as answer:
            await answer.read()
            status = answer.status
            got = {name.lower(): value for name, value in answer.headers.items()}
    except (TimeoutError, aiohttp.ClientError) as error:
        viewed.errors[type(error).__name__] += 1
        return None
    viewed.latencies.append(time.perf_counter() - begun)
    viewed.statuses[status] += 1
    viewed.cache[got.get("x-cache-status", "-")] += 1
    if status not in (200, 302, 304):
        viewed.errors[f"HTTP {status}"] += 1
    return status, got


async def _viewer(
    http: aiohttp.ClientSession,
    base: str,
    link: str,
    language: str,
    phase: float,
    *,
    interval: float,
    seconds: float,
    start: float,
    viewed: Viewed,
) -> None:
    loop = asyncio.get_running_loop()
    await asyncio.sleep(max(0.0, start + phase - loop.time()))
    browser = {"Accept-Language": language, "Accept-Encoding": ACCEPT_ENCODING}
    got = await _get(http, base + link, browser, viewed)
    if got is None or got[0] != 302:
        return
    page = base + got[1]["location"]
    if await _get(http, page, browser, viewed) is None:
        return
    # The page's htmx poll (hx-trigger="every 30s" on #national).
    poll = {**browser, "HX-Request": "true", "HX-Current-URL": page, "HX-Target": "national"}
    tag = None
    at = phase + interval
    while at < seconds:
        await asyncio.sleep(max(0.0, start + at - loop.time()))
        asked = {**poll, "If-None-Match": tag} if tag else poll
        got = await _get(http, page, asked, viewed)
        if got is not None and got[0] == 200 and "etag" in got[1]:
            tag = got[1]["etag"]
            viewed.etags.add(tag)
        at += interval


async def _viewers(
    base: str, link: str, *, viewers: int, interval: float, seconds: float, seed: int
) -> Viewed:
    rng = random.Random(seed)
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE  # the certificate local_nginx made
    connector = aiohttp.TCPConnector(limit=CONCURRENCY, ssl=context)
    timeout = aiohttp.ClientTimeout(total=30)
    viewed = Viewed(viewers=viewers)
    languages, weights = zip(*BROWSERS, strict=True)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as http:
        start = asyncio.get_running_loop().time() + 0.5
        began = time.perf_counter()
        await asyncio.gather(
            *(
                _viewer(
                    http,
                    base,
                    link,
                    rng.choices(languages, weights)[0],
                    rng.uniform(0, min(interval, seconds)),
                    interval=interval,
                    seconds=seconds,
                    start=start,
                    viewed=viewed,
                )
                for _ in range(viewers)
            )
        )
        viewed.seconds = time.perf_counter() - began
    return viewed


def viewers_client(
    base: str, link: str, viewers: int, interval: float, seconds: float, out: Any
) -> None:
    """The viewers, in a process of their own (forked: the uploads go on in the bench's)."""
    out.put(
        asyncio.run(
            _viewers(base, link, viewers=viewers, interval=interval, seconds=seconds, seed=2026)
        )
    )


@dataclass(frozen=True)
class Deployment:
    nginx: LocalNginx
    app_servers: list[str]

    def warm_up(self, link: str) -> None:
        """Each app server asked directly for the page and its polled part in each
        language a few times: its code loaded and its connections open, as on a site
        already serving (a cold server's first answers take seconds)."""
        for server in self.app_servers:
            for language, _share in BROWSERS:
                for htmx in ({}, {"HX-Request": "true"}):
                    for _ in range(3):
                        asked = urllib.request.Request(
                            f"http://{server}{link}",
                            headers={"Accept-Language": language, **htmx},
                        )
                        with urllib.request.urlopen(asked, timeout=60) as answer:
                            answer.read()

    def upstream_answers(self, since: int) -> tuple[int, int]:
        """Of the access log's lines from ``since``: how many an app server answered,
        and how many there are."""
        lines = self.nginx.log()[since:]
        return sum(1 for line in lines if line["upstream"] != "-"), len(lines)


@contextmanager
def deployment(env: dict[str, str], folder: Path, static_root: Path) -> Iterator[Deployment]:
    """nginx in front of two app servers (``manage.py serve``, one gunicorn worker with
    8 threads and one background worker each) on the database of ``env``."""
    served = {**env, "BEHIND_PROXY": "true", "ALLOWED_HOSTS": "127.0.0.1"}
    with ExitStack() as stack:
        ports = [free_port(), free_port()]
        for port in ports:
            log = stack.enter_context((folder / f"app-{port}.log").open("wb"))
            process = subprocess.Popen(
                [*SERVE, "--port", str(port)],
                cwd=ROOT,
                env={**served, "HOME": str(folder)},  # gunicorn's control socket apart
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
            stack.callback(_stop, process)
        deadline = time.monotonic() + 60
        while not all(answers(port) for port in ports):
            if time.monotonic() > deadline:
                raise SystemExit(f"The app servers did not start: see {folder}/app-*.log")
            time.sleep(0.2)
        app_servers = [f"127.0.0.1:{port}" for port in ports]
        nginx = stack.enter_context(
            local_nginx(
                folder / "nginx",
                app_servers=app_servers,
                static_root=static_root,
                workers=1,
                connections=4096,
            )
        )
        yield Deployment(nginx, app_servers)


def _stop(process: subprocess.Popen[bytes]) -> None:
    os.killpg(process.pid, signal.SIGINT)  # its group (gunicorn, the worker), as Ctrl+C
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
