"""Fixtures shared by the whole suite: named personas and fast passwords."""

from __future__ import annotations

import fcntl
import hashlib
import itertools
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.servers.basehttp import ThreadedWSGIServer
from django.test import Client
from django.utils import translation
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from pytest_django import Settings as SettingsWrapper

from events.results.selectors import forget_parsed
from games import services as games_services
from scoring import dd, dealing
from scoring.cards import Deal
from tests.classroom_site import Served, Site
from tournaments.models import SchoolClass
from tournaments.sessions import caches

PASSWORD = "correct-horse-battery"

# The live server's listening socket keeps socketserver's default backlog of 5 waiting
# connections; forty tablets connecting at once would be reset before Django saw them.
# gunicorn, which serves the site in production, keeps 2048.
ThreadedWSGIServer.request_queue_size = 128

# The property tests' settings, loaded before any test module is imported (a test's own
# @settings starts from them). Each test's cost is set where it is written (max_examples,
# the size of what it draws); nothing here depends on how fast the machine is: no
# deadline, and no too_slow health check, whose one-second limit on drawing the first
# examples fails tests on a machine whose cores are busy with others' work (as under
# `pytest -n`). The checks that speak of the strategies themselves (filter_too_much,
# data_too_large, large_base_example, ...) stay on. HYPOTHESIS_PROFILE=dev keeps
# Hypothesis's own defaults, to see what runs slow.
hypothesis_settings.register_profile(
    "ci", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
hypothesis_settings.register_profile("dev")
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def _language_put_back() -> Iterator[None]:
    """Each test starts in the site's default language and leaves it so: a request in
    Norwegian (a cookie, LocaleMiddleware) leaves nb active in the test's thread, and a
    later test that words a message outside any request would read it in Norwegian."""
    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _cache_emptied() -> Iterator[None]:
    """Each test starts with an empty cache (tournaments.sessions.caches): what one
    test's sessions kept must not meet another's."""
    cache.clear()
    caches.forget_local()
    forget_parsed()
    yield
    cache.clear()
    caches.forget_local()
    forget_parsed()


@pytest.fixture(autouse=True)
def _test_settings(settings: SettingsWrapper) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # A refused login is answered at once (minibridge/login_throttling.py holds it back).
    settings.LOGIN_PAUSED_ANSWER_DELAY = 0
    # Background tasks run at once, in the request that queues them (after its commit).
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


#: Every deal solved before, committed: a line each, its PBN and the 20 digits of its
#: double-dummy table. The solver is a pure function of the deal, and the suite deals the
#: same boards each run (:func:`_seeds_repeatable`): a deal in the file is never solved
#: again, on a fresh clone too (about 500 deals, five minutes of the suite's time).
#: ``SOLVED_DEALS_UPDATE=1 make test`` adds the deals a run solved that it lacks (tests
#: added since); a deal no test deals any more does no harm. tests/scoring/test_dd.py
#: checks a sample of it against the solver each run.
SOLVED_DEALS = Path(__file__).with_name("solved_deals.txt")


def _stored_solutions() -> dict[str, dd.DDTable]:
    solved = {}
    for line in SOLVED_DEALS.read_text(encoding="ascii").splitlines():
        pbn, tricks = line.split("\t")
        solved[pbn] = dd.DDTable.from_pbn(tricks)
    return solved


#: Every deal this test process knows solved, by its PBN: those of :data:`SOLVED_DEALS`
#: and those it has had solved since (each once per process).
_SOLVED: dict[str, dd.DDTable] = _stored_solutions()
_STORED = frozenset(_SOLVED)
_solve_for_real = dd._solve_batch


def _solve_once(deals: Sequence[Deal]) -> list[dd.DDTable]:
    """``dd._solve_batch`` as the suite runs it: the deals not solved before go to the
    solver (under its lock, in one call), the others are answered from :data:`_SOLVED`."""
    new = list({deal.to_pbn(): deal for deal in deals if deal.to_pbn() not in _SOLVED}.values())
    if new:
        _SOLVED.update(zip((deal.to_pbn() for deal in new), _solve_for_real(new), strict=True))
    return [_SOLVED[deal.to_pbn()] for deal in deals]


#: How many deals the run solved that :data:`SOLVED_DEALS` lacks, this process's and its
#: workers'.
_NOT_STORED = {"deals": 0}


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The deals this process solved that :data:`SOLVED_DEALS` lacks are counted (a
    worker of pytest-xdist passes its count to the main process); with
    ``SOLVED_DEALS_UPDATE=1`` they are added to the file (each worker its own, one at a
    time under a lock on the file)."""
    new = set(_SOLVED) - _STORED
    worker_output = getattr(session.config, "workeroutput", None)
    if worker_output is not None:
        worker_output["deals_not_stored"] = len(new)
    else:
        _NOT_STORED["deals"] += len(new)
    if os.environ.get("SOLVED_DEALS_UPDATE") != "1" or not new:
        return
    with SOLVED_DEALS.open("r+", encoding="ascii") as file:
        fcntl.flock(file, fcntl.LOCK_EX)
        lines = set(file.read().splitlines())
        lines.update(f"{pbn}\t{_SOLVED[pbn].to_pbn()}" for pbn in new)
        file.seek(0)
        file.truncate()
        file.write("".join(f"{line}\n" for line in sorted(lines)))


def pytest_testnodedown(node: Any, error: object) -> None:
    """pytest-xdist's hook, in the main process: a worker's count of deals not stored."""
    _NOT_STORED["deals"] += getattr(node, "workeroutput", {}).get("deals_not_stored", 0)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Says so when the run solved deals :data:`SOLVED_DEALS` lacks (tests added or
    renamed since: their seeds are new), so the file is kept whole."""
    if _NOT_STORED["deals"] and os.environ.get("SOLVED_DEALS_UPDATE") != "1":
        terminalreporter.write_line(
            "The solver was asked for deals tests/solved_deals.txt lacks "
            f"({_NOT_STORED['deals']}, counted in each process): "
            "SOLVED_DEALS_UPDATE=1 make test adds them."
        )


@pytest.fixture(autouse=True)
def _deals_solved_once(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The double-dummy solver answers each deal once per test process (see
    :func:`_solve_once`); the tests marked ``real_solver`` (the solver's own: its calls,
    batches and lock) have every deal solved."""
    if request.node.get_closest_marker("real_solver") is None:
        monkeypatch.setattr(dd, "_solve_batch", _solve_once)


@pytest.fixture(autouse=True)
def _seeds_repeatable(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A set or a four-deal game dealt without a seed gets one made from the test's name
    and a count, not a secret one: each is still new, but the suite deals the same boards
    each run, so :data:`SOLVED_DEALS` answers for them, and a test that fails on one
    deal fails again when run again. (tests/scoring/test_dealing.py checks the real
    ``new_seed``: it imported it before this replaces it.)"""
    made = itertools.count()

    def new_seed() -> str:
        name = f"{request.node.nodeid} {next(made)}"
        return hashlib.sha256(name.encode()).hexdigest()[:32]

    monkeypatch.setattr(dealing, "new_seed", new_seed)
    monkeypatch.setattr(games_services, "new_seed", new_seed)


def _make_teacher(username: str, first_name: str) -> User:
    user = get_user_model().objects.create_user(
        username=username, password=PASSWORD, first_name=first_name
    )
    assert isinstance(user, User)
    return user


@pytest.fixture
def alice(db: None) -> User:
    """A teacher."""
    return _make_teacher("alice", "Alice")


@pytest.fixture
def bob(db: None) -> User:
    """Another teacher, who must never see Alice's things."""
    return _make_teacher("bob", "Bob")


@pytest.fixture
def alice_client(alice: User) -> Client:
    client = Client()
    client.force_login(alice)
    return client


@pytest.fixture
def bob_client(bob: User) -> Client:
    client = Client()
    client.force_login(bob)
    return client


@pytest.fixture
def alice_class(alice: User) -> SchoolClass:
    return SchoolClass.objects.create(teacher=alice, name="6B")


@pytest.fixture(scope="session")
def classroom_site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """A site set up as `make run` sets it up, in a folder of its own (one per run: the
    servers that tests start from it share its database)."""
    return Site.prepare(tmp_path_factory.mktemp("classroom-site"))


@pytest.fixture
def served() -> Iterator[list[Served]]:
    """The `manage.py serve` runs a test starts (append each): stopped at its end."""
    started: list[Served] = []
    yield started
    for one in started:
        one.stop()
