"""A view module never imports another view module: what two pages share lives in a
selector, a service, an export or a web helper (``tournaments.web.http``,
``tournaments.web.links``, ``tournaments.printing``)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _is_view_module(dotted: str) -> bool:
    last = dotted.rsplit(".", 1)[-1]
    return last == "views" or last.endswith("_views")


def _view_imports(path: Path) -> list[str]:
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if _is_view_module(alias.name)]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or package
            if _is_view_module(module):
                found.append(module)
            found += [
                f"{module}.{alias.name}" for alias in node.names if _is_view_module(alias.name)
            ]
    return found


def test_no_view_module_imports_another() -> None:
    views = [
        path
        for app in ("tournaments", "events", "minibridge")
        for path in (ROOT / app).rglob("*.py")
        if _is_view_module(path.stem)
    ]
    assert len(views) > 10
    offenders = {str(path.relative_to(ROOT)): _view_imports(path) for path in views}
    assert {path: found for path, found in offenders.items() if found} == {}
