"""What each request cost the server, told to the client in a ``Server-Timing`` header:
the CPU its thread spent in Django (every middleware, the view, the template, the
session's save) and the number of SQL queries it made, e.g.
``Server-Timing: cpu;dur=12.34, db;desc="queries";dur=7``.

Only the benchmarks' servers run it (bench/_serve.py writes a settings module that puts
it first in the site's MIDDLEWARE); the site's own settings never name it, and it uses
nothing of the site's own code, so a server of any revision can run it (``--compare``).
gunicorn answers each request in a thread of its own, so the thread's CPU time is that
request's CPU, whatever the other threads do meanwhile (noise-robust: the time the
thread waits for the GIL, the disk or the database server is not in it).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from django.db import connection
from django.http import HttpRequest, HttpResponseBase

#: The client reads it back: bench/_tablets.py (server_timing).
HEADER = "Server-Timing"


class ServerTimingMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        queries = 0

        def count(
            execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any
        ) -> Any:
            nonlocal queries
            queries += 1
            return execute(sql, params, many, context)

        start = time.thread_time()
        with connection.execute_wrapper(count):
            response = self.get_response(request)
        cpu_ms = (time.thread_time() - start) * 1000
        response[HEADER] = f'cpu;dur={cpu_ms:.3f}, db;desc="queries";dur={queries}'
        return response
