"""A server process answers many tables at once in its threads: what one table's request
works out must never wait for another table's.

Python 3.11's ``functools.cached_property`` holds one lock for a property across every
instance while it computes: two tables' requests working out their session's setup
queued behind each other, queries and all (seen under bench/bench_capacity.py's load as
threads waiting in ``cached_property.__get__``). The site uses Django's, which has no
lock (tests/test_architecture.py holds the site to it)."""

from __future__ import annotations

import threading
from types import SimpleNamespace
from typing import Any, cast

import pytest

from tournaments.models import Table
from tournaments.results import selectors
from tournaments.sessions import selectors as session_selectors


def test_two_tables_work_out_their_setup_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    both_inside = threading.Barrier(2, timeout=5)

    def session_setup(session: Any) -> Any:
        both_inside.wait()  # returns only once the other table's request is inside too
        return session

    monkeypatch.setattr(session_selectors, "session_setup", session_setup)
    tables = [
        selectors.TableAtWork(table=cast(Table, SimpleNamespace(session=f"session {n}")))
        for n in range(2)
    ]
    found: dict[int, object] = {}
    failed: list[BaseException] = []

    def work(n: int) -> None:
        try:
            found[n] = tables[n].setup
        except BaseException as error:  # the main thread reports it
            failed.append(error)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert not failed, f"one table's setup waited for the other's: {failed!r}"
    assert found == {0: "session 0", 1: "session 1"}
