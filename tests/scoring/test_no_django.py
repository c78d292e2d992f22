"""The rules library stays plain Python: no module in scoring/ may import Django."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import scoring

SCORING_DIR = Path(scoring.__file__).parent


def django_imports(source: str) -> list[str]:
    """Every ``import django…`` / ``from django… import`` in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found += [name for name in names if name == "django" or name.startswith("django.")]
    return found


@pytest.mark.parametrize(
    "path", sorted(SCORING_DIR.rglob("*.py")), ids=lambda p: str(p.relative_to(SCORING_DIR))
)
def test_no_scoring_module_imports_django(path: Path) -> None:
    assert django_imports(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("import django", ["django"]),
        ("import os, django.conf as conf", ["django.conf"]),
        ("from django.db import models", ["django.db"]),
        ("def f():\n    from django import forms", ["django"]),
        ("import djangoish\nfrom . import django", []),
    ],
)
def test_the_check_finds_django_imports(source: str, found: list[str]) -> None:
    assert django_imports(source) == found


def test_importing_scoring_loads_no_django() -> None:
    code = (
        "import sys, scoring; print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=SCORING_DIR.parent,
    )
    assert completed.stdout.strip() == "[]"
