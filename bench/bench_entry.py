"""How long a table waits when it saves a result, against a bare insert, on one server.

Run from the project root::

    .venv/bin/python bench/bench_entry.py [--trials 6]

A real threaded WSGI server (the one the tests use) serves the site from a scratch
SQLite database in WAL mode, plus one bare view that inserts one row and answers
"ok". Each trial first clears the results, then sends the same number of requests to
both, with 1 client (a save, then an insert, in turn, one after another) and with 40
clients (all the saves at once, then all the inserts; which goes first alternates):

* result: POST a board's result from a table's link, as htmx sends it (CSRF token,
  cookie, HX-Request): validate the form, check the movement, score it, save it, and
  send back the board's traveller (the partial the tablet shows at once);
* bare: POST to the bare view (a raw one-row INSERT in a transaction, no CSRF check).

Both go through the same client with the same headers, so the difference is the
server's work. After each round of saves the bench checks that every result is stored.

Prints the median and 95th percentile of each and their ratio: a figure to watch, not a
goal (what a school needs is capacity, not a ratio to a bare insert).
"""

from __future__ import annotations

# ruff: noqa: E402
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
_scratch = tempfile.mkdtemp(prefix="minibridge-bench-")
# Production settings (cached templates, no debug toolbar of SQL logs), plain http.
os.environ["DEBUG"] = "false"
os.environ["SECRET_KEY"] = "bench-only-" + "x" * 50
os.environ["ALLOWED_HOSTS"] = "127.0.0.1"
os.environ["ALLOW_HTTP"] = "true"
os.environ["DATABASE_URL"] = f"sqlite:///{_scratch}/bench.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "minibridge.settings")

import django

django.setup()

import argparse
import http.cookiejar
import re
import statistics
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.servers.basehttp import ThreadedWSGIServer, WSGIRequestHandler
from django.core.wsgi import get_wsgi_application
from django.db import connection, transaction
from django.http import HttpRequest, HttpResponse
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt

from tests.factories import big_session
from tournaments import sessions
from tournaments.models import Result, Session

CLIENTS = 40


@csrf_exempt
def bare(request: HttpRequest) -> HttpResponse:
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("INSERT INTO bench_row (note) VALUES (%s)", [request.POST.get("n", "")])
    return HttpResponse("ok")


urlpatterns = [path("bench/bare/", bare), path("", include("minibridge.urls"))]


class Quiet(WSGIRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None


def setup() -> Session:
    call_command("migrate", verbosity=0)
    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE bench_row (id INTEGER PRIMARY KEY, note TEXT)")
    return big_session(get_user_model().objects.create_user("bench"), seed="bench")


def run_together(calls: list[Callable[[], float]], concurrent: bool) -> list[float]:
    if not concurrent:
        return [call() for call in calls]
    barrier = threading.Barrier(len(calls))
    times: list[float] = []
    lock = threading.Lock()

    def worker(call: Callable[[], float]) -> None:
        barrier.wait()
        elapsed = call()
        with lock:
            times.append(elapsed)

    threads = [threading.Thread(target=worker, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return times


def _check_saved(session: Session, expected: int) -> None:
    saved = Result.objects.filter(session=session).count()
    assert saved == expected, f"{saved} results stored for {expected} saves"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--trials", type=int, default=6)
    args = parser.parse_args()

    settings.ROOT_URLCONF = __name__
    # No collectstatic in a scratch run: plain static URLs instead of the manifest.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    session = setup()
    ThreadedWSGIServer.request_queue_size = 128
    server = ThreadedWSGIServer(("127.0.0.1", 0), Quiet)
    server.set_app(get_wsgi_application())
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"

    # Both kinds of request go through the same plain client with the same headers (the
    # table's cookie as a header, htmx's HX-Request), so the difference measured is the
    # server's work alone, not the client's cookie handling.
    opener = urllib.request.build_opener(_NoRedirect)
    movement = sessions.session_movement(session)
    slots = []
    for table in session.tables.order_by("number"):
        for board in movement.boards(movement.entry(1, table.number).board_set):
            jar = http.cookiejar.CookieJar()
            page_opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
            page = page_opener.open(f"{base}/t/{table.token}/").read().decode()
            csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
            cookie = "; ".join(f"{c.name}={c.value}" for c in jar)
            slots.append((table, board, csrf, cookie))
    slots = slots[:CLIENTS]
    headers = {"HX-Request": "true", "Cookie": slots[0][3]}

    def result_call(slot: tuple, trial: int) -> Callable[[], float]:  # type: ignore[type-arg]
        table, board, csrf, cookie = slot
        data = urllib.parse.urlencode(
            {
                "csrfmiddlewaretoken": csrf,
                "strain": "NT",
                "level": "part-score",
                "tricks": "8",
                "key": f"bench-{trial}-{table.number}-{board}",
            }
        ).encode()
        request = urllib.request.Request(
            f"{base}/t/{table.token}/boards/{board}/",
            data=data,
            headers={**headers, "Cookie": cookie},
        )

        def call() -> float:
            start = time.perf_counter()
            with opener.open(request) as response:
                response.read()
                assert response.status == 200, response.status
            return time.perf_counter() - start

        return call

    def bare_call(n: int) -> Callable[[], float]:
        request = urllib.request.Request(
            f"{base}/bench/bare/", data=f"n={n}".encode(), headers=headers
        )

        def call() -> float:
            start = time.perf_counter()
            with opener.open(request) as response:
                response.read()
            return time.perf_counter() - start

        return call

    samples: dict[tuple[str, int], list[float]] = {}
    for trial in range(args.trials):
        # 1 client: a save, then a bare insert, and so on, so that whatever else the
        # machine does at a moment slows both alike.
        Result.objects.filter(session=session).delete()
        results_calls = [result_call(s, trial * 2) for s in slots]
        for n, call in enumerate(results_calls):
            samples.setdefault(("result", 1), []).append(call())
            samples.setdefault(("bare", 1), []).append(bare_call(n)())
        _check_saved(session, len(slots))
        # 40 clients: all the saves at once, then all the inserts at once (in turn first).
        Result.objects.filter(session=session).delete()
        bursts = [
            ("result", [result_call(s, trial * 2 + 1) for s in slots]),
            ("bare", [bare_call(i) for i in range(len(slots))]),
        ]
        for kind, calls in bursts if trial % 2 == 0 else reversed(bursts):
            samples.setdefault((kind, CLIENTS), []).extend(run_together(calls, concurrent=True))
        _check_saved(session, len(slots))
    server.shutdown()

    def stats(values: list[float]) -> tuple[float, float]:
        ordered = sorted(values)
        return statistics.median(ordered), ordered[int(0.95 * (len(ordered) - 1))]

    print(f"{len(slots)} requests per trial, {args.trials} trials (milliseconds):")
    for clients in (1, CLIENTS):
        r_med, r_p95 = stats(samples[("result", clients)])
        b_med, b_p95 = stats(samples[("bare", clients)])
        print(
            f"  {clients:>2} client(s): result median {r_med * 1000:6.1f}  p95 {r_p95 * 1000:6.1f}"
            f" | bare median {b_med * 1000:6.1f}  p95 {b_p95 * 1000:6.1f}"
            f" | ratio {r_med / b_med:4.2f}× / {r_p95 / b_p95:4.2f}×"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
