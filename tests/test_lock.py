"""The lock files (requirements/, made by `make lock`) hold every dependency of
pyproject.toml at a version within its range, each with the hashes pip checks; the
site's lock takes the same versions as the development one."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

BASE_DIR = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((BASE_DIR / "pyproject.toml").read_text(encoding="utf-8"))
PIN = re.compile(r"^([A-Za-z0-9._-]+)==([^\s;\\]+)")


def pins(name: str) -> dict[str, set[Version]]:
    """Each package of a lock file and its versions (one per platform marker)."""
    text = (BASE_DIR / "requirements" / name).read_text(encoding="utf-8")
    found: dict[str, set[Version]] = {}
    for block in re.split(r"\n(?=\S)", text):
        if match := PIN.match(block):
            assert "--hash=sha256:" in block, f"{match[1]} has no hash in {name}"
            found.setdefault(canonicalize_name(match[1]), set()).add(Version(match[2]))
    return found


def requirements(*extras: str) -> list[Requirement]:
    listed = list(PYPROJECT["project"]["dependencies"])
    for extra in extras:
        listed += PYPROJECT["project"]["optional-dependencies"][extra]
    listed += PYPROJECT["build-system"]["requires"]
    return [Requirement(line) for line in listed]


@pytest.mark.parametrize(("lock", "extras"), [("run.txt", ()), ("dev.txt", ("dev",))])
def test_every_dependency_is_locked_within_its_range(lock: str, extras: tuple[str, ...]) -> None:
    locked = pins(lock)
    for requirement in requirements(*extras):
        versions = locked.get(canonicalize_name(requirement.name))
        assert versions, f"{requirement.name} is missing from {lock}: run `make lock`"
        for version in versions:
            assert requirement.specifier.contains(version, prereleases=True), (
                f"{requirement.name} {version} in {lock} is outside {requirement.specifier}: "
                "run `make lock`"
            )


def test_the_sites_lock_takes_the_development_locks_versions() -> None:
    run, dev = pins("run.txt"), pins("dev.txt")
    assert {name: run[name] for name in run} == {name: dev[name] for name in run}
