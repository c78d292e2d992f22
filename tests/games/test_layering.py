"""``games`` builds on ``tournaments`` (classes, wording, web helpers) and ``scoring``;
``tournaments`` never imports ``games``: the class page lists the games through the
``four_deal`` tag library, the privacy pages call what ``games`` registers, and the
four-deal pages are reached by their URL names."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tournaments
from tournaments.privacy import selectors as privacy_selectors

TOURNAMENTS_DIR = Path(tournaments.__file__).parent


def games_imports(source: str) -> list[str]:
    """Every ``import games…`` / ``from games… import`` in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found += [name for name in names if name == "games" or name.startswith("games.")]
    return found


@pytest.mark.parametrize(
    "path",
    sorted(TOURNAMENTS_DIR.rglob("*.py")),
    ids=lambda p: str(p.relative_to(TOURNAMENTS_DIR)),
)
def test_no_tournaments_module_imports_games(path: Path) -> None:
    assert games_imports(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("import games", ["games"]),
        ("from games.models import FourDealGame", ["games.models"]),
        ("def f():\n    from games import selectors", ["games"]),
        ("import gamesmaster\nfrom . import games", []),
    ],
)
def test_the_check_finds_games_imports(source: str, found: list[str]) -> None:
    assert games_imports(source) == found


def test_the_games_app_registers_its_part_of_a_class_s_data() -> None:
    # The events register theirs too (the names copied into them).
    assert sorted(part.key for part in privacy_selectors.class_data_parts()) == [
        "events",
        "four_deal_games",
    ]
