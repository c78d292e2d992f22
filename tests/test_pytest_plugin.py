"""`make test` runs with --fail-on-skip: a skipped test fails the run there."""

from __future__ import annotations

import os
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
