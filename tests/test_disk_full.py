"""Which database errors say the disk is full (minibridge.disk_full), and the answer a
request that met one gets: 503, Retry-After, the sentence in the user's language."""

from __future__ import annotations

import sqlite3

import pytest
from django.db import DatabaseError, OperationalError
from django.http import HttpResponse
from django.test import RequestFactory
from django.utils import translation

from minibridge.disk_full import DiskFullMiddleware, is_disk_full


def sqlite_full_error() -> sqlite3.OperationalError:
    """The error SQLite itself raises when a write finds no room."""
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE t (x BLOB)")
    db.execute("PRAGMA max_page_count = 3")
    with pytest.raises(sqlite3.OperationalError) as raised:
        db.execute("INSERT INTO t VALUES (zeroblob(100000))")
    return raised.value


class PostgresError(Exception):
    def __init__(self, sqlstate: str) -> None:
        super().__init__("could not extend file")
        self.sqlstate = sqlstate


def wrapped(cause: BaseException) -> OperationalError:
    """As Django raises it: its own error class, the driver's as the cause."""
    error = OperationalError(str(cause))
    error.__cause__ = cause
    return error


def test_sqlites_full_disk_is_recognised_raw_and_as_django_raises_it() -> None:
    error = sqlite_full_error()
    assert error.sqlite_errorcode == sqlite3.SQLITE_FULL
    assert is_disk_full(error)
    assert is_disk_full(wrapped(error))


def test_postgresqls_disk_full_is_recognised_by_its_sqlstate() -> None:
    assert is_disk_full(wrapped(PostgresError("53100")))
    assert not is_disk_full(wrapped(PostgresError("40001")))  # a serialisation failure


def test_other_database_errors_are_left_alone() -> None:
    locked = sqlite3.OperationalError("database is locked")
    assert not is_disk_full(wrapped(locked))
    middleware = DiskFullMiddleware(lambda request: HttpResponse())
    request = RequestFactory().post("/")
    assert middleware.process_exception(request, wrapped(locked)) is None
    assert middleware.process_exception(request, ValueError("no")) is None
    assert middleware.process_exception(request, DatabaseError("other")) is None


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "no room left to save this"), ("nb", "ikke mer plass til å lagre dette")],
)
def test_a_request_that_found_the_disk_full_gets_a_plain_503(language: str, words: str) -> None:
    middleware = DiskFullMiddleware(lambda request: HttpResponse())
    with translation.override(language):
        response = middleware.process_exception(
            RequestFactory().post("/t/x/boards/1/"), wrapped(sqlite_full_error())
        )
    assert response is not None
    assert response.status_code == 503
    assert response["Retry-After"] == "15"
    assert words in response.content.decode()
