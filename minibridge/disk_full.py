"""A full disk is a plain 503, never a 500.

When the disk under the database is full, SQLite refuses a write with SQLITE_FULL
("database or disk is full") and PostgreSQL with SQLSTATE 53100 (disk_full); the write's
transaction is rolled back, so nothing is half-written. The middleware answers such a
request with 503 and ``Retry-After``, and a sentence that says what happened: the
tablets' pages send a save again on a 503 (``static/js/table-offline.js``), so a result
waits on the tablet until there is room again, and the teacher is told to make room.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

#: PostgreSQL's SQLSTATE for "could not extend file … No space left on device".
POSTGRES_DISK_FULL = "53100"
#: How long the tablets are asked to wait before they send again, in seconds.
RETRY_AFTER = 15


def is_disk_full(error: BaseException) -> bool:
    """Whether ``error`` (a Django database error, or the driver's own) says the disk
    under the database is full."""
    for cause in (error, error.__cause__):
        # (An error made by hand rather than by SQLite has no code.)
        if getattr(cause, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL:
            return True
        if getattr(cause, "sqlstate", None) == POSTGRES_DISK_FULL:
            return True
    return False


def disk_full_message() -> str:
    return _(
        "The teacher's computer has no room left to save this. Nothing was half-saved: "
        "a result waits on the tablet and is sent again by itself. Teacher: free some "
        "space on the computer that runs the site."
    )


class DiskFullMiddleware:
    """Answers a request whose database write found the disk full with 503."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, DatabaseError | sqlite3.Error) or not is_disk_full(exception):
            return None
        response = HttpResponse(
            disk_full_message(), status=503, content_type="text/plain; charset=utf-8"
        )
        response["Retry-After"] = str(RETRY_AFTER)
        return response
