"""`make test` runs with --fail-on-skip: a skipped test fails the run there."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

SKIPPING = """
import pytest

def test_runs():
    pass

def test_needs_a_tool():
    pytest.skip("some tool is missing")
"""


def run(folder: Path, *options: str) -> subprocess.CompletedProcess[str]:
    (folder / "test_sample.py").write_text(SKIPPING, encoding="utf-8")
    command = [sys.executable, "-m", "pytest", "-c", os.devnull, "--rootdir", str(folder)]
    command += ["-p", "no:django", "-p", "no:cacheprovider", "-p", "minibridge.pytest_plugin"]
    return subprocess.run(
        [*command, *options, "-q", str(folder / "test_sample.py")],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_a_skip_fails_the_run_with_fail_on_skip(tmp_path: Path) -> None:
    result = run(tmp_path, "--fail-on-skip")
    assert result.returncode == pytest.ExitCode.TESTS_FAILED, result.stdout
    assert "1 test(s) skipped, and --fail-on-skip allows none" in result.stdout
    assert "test_sample.py::test_needs_a_tool" in result.stdout


def test_a_skip_fails_the_run_across_worker_processes(tmp_path: Path) -> None:
    """As `make test` runs the suite: in worker processes (pytest-xdist), whose reports
    the main process gathers."""
    result = run(tmp_path, "--fail-on-skip", "-n", "2")
    assert result.returncode == pytest.ExitCode.TESTS_FAILED, result.stdout
    assert "1 test(s) skipped, and --fail-on-skip allows none" in result.stdout
    assert "test_sample.py::test_needs_a_tool" in result.stdout


def test_without_the_option_a_skip_is_a_skip(tmp_path: Path) -> None:
    assert run(tmp_path).returncode == pytest.ExitCode.OK


GROUPED = """
import pytest

pytestmark = pytest.mark.xdist_group("shared_site")

def test_one():
    pass

def test_two():
    pass

def test_three():
    pass
"""

LOOSE = """
def test_{n}():
    pass
"""


def test_the_files_of_one_xdist_group_run_in_one_worker(tmp_path: Path) -> None:
    """As `make test` runs the suite (--dist loadgroup): the tests of the files marked
    with one group, whose costly fixtures are made once, all in the same worker."""
    (tmp_path / "test_grouped_a.py").write_text(GROUPED, encoding="utf-8")
    (tmp_path / "test_grouped_b.py").write_text(GROUPED, encoding="utf-8")
    (tmp_path / "test_loose.py").write_text(
        "".join(LOOSE.format(n=n) for n in range(12)), encoding="utf-8"
    )
    command = [sys.executable, "-m", "pytest", "-c", os.devnull, "--rootdir", str(tmp_path)]
    command += ["-p", "no:django", "-p", "no:cacheprovider", "-p", "minibridge.pytest_plugin"]
    result = subprocess.run(
        [*command, "-n", "2", "--dist", "loadgroup", "-v", str(tmp_path)],
        cwd=tmp_path,
        # This checkout's plugin, wherever the installed project points.
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == pytest.ExitCode.OK, result.stdout + result.stderr
    ran = re.findall(r"^\[(gw\d)\] .*PASSED (\S+)", result.stdout, re.M)
    assert len(ran) == 18, result.stdout
    assert len({worker for worker, test in ran if "test_grouped_" in test}) == 1, result.stdout
    assert len({worker for worker, _test in ran}) == 2, result.stdout


def test_the_postgresql_run_keeps_every_test_that_can_reach_the_database() -> None:
    """.ci/run's PostgreSQL run passes --database-tests-only: the tests that ask
    pytest-django for the database (a db fixture, the django_db mark, the live server)
    run again there; the rest, which pytest-django keeps away from it, are left out, and
    so are the browser tests of what a page shows (marked screen)."""
    root = Path(__file__).resolve().parents[1]
    files = [
        "tests/scoring/test_cards.py",  # the rules library: no Django at all
        "tests/tournaments/web/test_http.py",  # plain functions, some with a request
        "tests/tournaments/results/test_result_save.py",  # the db fixture
        "tests/browser/test_standings.py",  # the live server
        "tests/browser/test_layout.py",  # the live server, but marked screen
    ]
    command = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"]
    result = subprocess.run(
        [*command, "--database-tests-only", *files],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == pytest.ExitCode.OK, result.stdout + result.stderr
    collected = {line.split("::", 1)[0] for line in result.stdout.splitlines() if "::" in line}
    assert collected == {
        "tests/tournaments/results/test_result_save.py",
        "tests/browser/test_standings.py",
    }
    assert re.search(r"\d+/\d+ tests collected \(\d+ deselected\)", result.stdout)
