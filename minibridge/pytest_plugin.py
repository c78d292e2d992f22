"""Loaded by pytest before Django starts (``-p minibridge.pytest_plugin`` in pyproject).

The test suite always runs the settings module in development mode (pytest-django then
switches DEBUG off for the tests themselves). Production settings are tested separately,
in subprocesses with an explicit environment (tests/test_settings.py).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from xdist.scheduler import LoadGroupScheduling

# A developer's .env (made by `make run`: DEBUG=false, a secret key) never reaches the
# tests, nor the manage.py subprocesses they start with a copy of this environment.
os.environ["ENV_FILE"] = ""
os.environ["DEBUG"] = "true"
# Nor do the settings a developer may have exported for their own site.
for _name in ("SECRET_KEY", "ALLOWED_HOSTS", "PUBLIC_URL"):
    os.environ.pop(_name, None)
# Playwright's sync API keeps an event loop in the test thread; the ORM calls a test
# makes around it are still plain synchronous code.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"


# `make test` passes --fail-on-skip: on a machine it has set up, every test must run (a
# skipped test is a missing install step, not a pass). The PostgreSQL run in .ci/run
# leaves it out, since its SQLite-only checks skip there by design.
_skipped: list[str] = []


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--fail-on-skip",
        action="store_true",
        help="Fail the run when any test is skipped (make test sets it).",
    )
    parser.addoption(
        "--database-tests-only",
        action="store_true",
        help="Run only the tests that can reach the database (.ci/run's PostgreSQL run).",
    )


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and not hasattr(report, "wasxfail"):
        _skipped.append(report.nodeid)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if session.config.getoption("--fail-on-skip") and _skipped and session.exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if terminalreporter.config.getoption("--fail-on-skip") and _skipped:
        terminalreporter.write_line(
            f"{len(_skipped)} test(s) skipped, and --fail-on-skip allows none: "
            + ", ".join(_skipped),
            red=True,
        )


# `--dist loadgroup` keeps the tests of one xdist_group in one worker process, so that
# a costly module or session fixture (a project's copy, a served site) is made once.
# pytest-xdist marks a test's group by adding "@group" to its node id in the worker, but
# pytest 9.2 no longer reads the attribute it sets: every test was its own group, and
# each worker made those fixtures again. The group is read here, in the main process,
# from the test module's own `pytestmark = pytest.mark.xdist_group("...")` line (the
# way this suite marks a group); a node id that carries "@group" keeps xdist's meaning.
_GROUP_MARK = re.compile(r"""^pytestmark = pytest\.mark\.xdist_group\(["']([^"']+)["']\)""", re.M)


class _ModuleGroupScheduling(LoadGroupScheduling):
    """loadgroup, the group of a test module taken from its pytestmark line."""

    def __init__(self, config: pytest.Config, log: Any = None) -> None:
        super().__init__(config, log)
        self._rootdir = Path(config.rootpath)
        self._groups: dict[str, str | None] = {}

    def _split_scope(self, nodeid: str) -> str:
        if "@" in nodeid:
            return super()._split_scope(nodeid)
        module = nodeid.split("::", 1)[0]
        if module not in self._groups:
            path = self._rootdir / module
            text = path.read_text(encoding="utf-8") if path.is_file() else ""
            found = _GROUP_MARK.search(text)
            self._groups[module] = found[1] if found else None
        group = self._groups[module]
        return group if group is not None else nodeid


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> LoadGroupScheduling | None:
    if config.getvalue("dist") != "loadgroup":
        return None
    return _ModuleGroupScheduling(config, log)


# The PostgreSQL run in .ci/run passes --database-tests-only: it runs again only the
# tests that can reach the database. pytest-django refuses the database to any test that
# does not ask for it (the django_db mark, or a fixture such as db, transactional_db or
# live_server), so a test asking for none
# of them gives the same answer on either database: the rules library, the checks of the
# code and the docs, and the copies of the site that run on their own SQLite file
# (tests/classroom_site.py).
_DATABASE_FIXTURES = frozenset(
    {
        "db",
        "transactional_db",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
        "live_server",
    }
)


def reaches_the_database(item: pytest.Item) -> bool:
    """Whether pytest-django lets this test reach the test database, and what it checks
    could differ by database: a browser test marked ``screen`` checks what a page shows
    (its layout, axe, the policy, the words), while the same reads and writes run on
    every database in the view tests that ask for the database themselves."""
    if item.get_closest_marker("screen") is not None:
        return False
    if item.get_closest_marker("django_db") is not None:
        return True
    return not _DATABASE_FIXTURES.isdisjoint(getattr(item, "fixturenames", ()))


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.getoption("--database-tests-only"):
        return
    kept = [item for item in items if reaches_the_database(item)]
    if len(kept) < len(items):
        config.hook.pytest_deselected(items=[item for item in items if item not in kept])
        items[:] = kept
