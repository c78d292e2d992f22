"""The house's layout, as docs/architecture.md draws it, held against the code's imports.

Every module of the site has a layer; a module imports only from its own layer or the
layers below it, no view imports another view, no module imports one of its importers
(no circle), and an app only builds on the apps below it. The layers and apps are listed
here once; a new module finds its layer from its name (``views.py``, ``services.py``…) or
from the table below.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("scoring", "minibridge", "tournaments", "games", "events")

#: The apps from the bottom up: each may import only those before it. The project's own
#: package is two: its settings and machinery (``minibridge``) under the apps, its URL
#: configuration and servers' entry points (``minibridge.urls``, ``wsgi``, ``asgi``) on top.
APPS = ("scoring", "minibridge", "tournaments", "games", "events", "site")
SITE = ("minibridge.urls", "minibridge.wsgi", "minibridge.asgi")

#: The layers inside an app, from the bottom up (docs/architecture.md says what each
#: holds). An app builds on a lower app as a whole, whichever layer it takes from.
LAYERS = (
    "rules",
    "words",
    "models",
    "jobs",
    "tasks",
    "caches",
    "reads",
    "papers",
    "writes",
    "forms",
    "http",
    "pages",
    "urls",
)

#: Modules whose layer their name does not say (a room's helpers).
LAYER_OF = {
    "tournaments.web.forms": "words",
    "tournaments.web.http": "http",
    "tournaments.web.links": "words",
    "tournaments.web.qr": "words",
    "tournaments.templatetags.bridge": "pages",
    "tournaments.templatetags.site_links": "pages",
    "tournaments.admin": "pages",
    "events.admin": "pages",
    "tournaments.results.scores": "reads",
    "tournaments.standings.term": "reads",
    "tournaments.feedback.curves": "reads",
    "tournaments.feedback.charts": "words",
    "tournaments.feedback.pbn": "papers",
    "tournaments.standings.spreadsheets": "papers",
    "tournaments.standings.pbn": "papers",
    "tournaments.boards.files": "papers",
    "tournaments.boards.analysis": "jobs",
    "tournaments.classes.demo": "writes",
    "tournaments.privacy.backups": "writes",
    "games.papers": "papers",
    "games.privacy": "writes",
    "games.templatetags.four_deal": "pages",
    "events.schools.upload_outcomes": "words",
    "events.schools.uploads": "writes",
    "events.results.sync": "caches",
    "events.results.copying": "jobs",
    "events.results.national": "jobs",
    "events.results.exports": "papers",
    "events.booklet.making": "jobs",
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer(module: str) -> str:
    if module in LAYER_OF:
        return LAYER_OF[module]
    parts = module.split(".")
    last = parts[-1]
    if (ROOT / module.replace(".", "/")).is_dir():
        return "words"  # a package's face: its modules have their own layers
    if parts[0] == "scoring":
        return "rules"
    if module in SITE:
        return "urls"
    if parts[0] == "minibridge":
        return "words"
    if "migrations" in parts:
        return "models"
    if "management" in parts:
        return "pages"  # a command is a page for the shell
    if "labels" in parts or last == "labels":
        return "words"
    if "printing" in parts:
        return "papers"
    if last == "urls" or last.endswith("_urls"):
        return "urls"
    if last == "views" or last.endswith("_views"):
        return "pages"
    if last == "tasks" or last.endswith("_tasks"):
        return "tasks"
    if last == "services":
        return "writes"
    if last == "forms":
        return "forms"
    if last == "caches":
        return "caches"
    if last == "selectors" or last.endswith("_selectors"):
        return "reads"
    if last == "apps":
        return "urls"  # the app's wiring: what it registers when Django starts
    if last in ("models", "__init__") or len(parts) == 1:
        return "models"
    raise AssertionError(f"{module}: which layer? Name it in LAYER_OF (tests/test_architecture.py)")


def is_view(module: str) -> bool:
    last = module.rsplit(".", 1)[-1]
    return last == "views" or last.endswith("_views")


def app_of(module: str) -> int:
    return APPS.index("site" if module in SITE else module.split(".")[0])


def site_modules() -> Iterator[tuple[str, Path]]:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            yield module_name(path), path


def imports_of(path: Path, module: str) -> set[str]:
    """The site's modules that ``path`` imports (any import, at any depth)."""
    tree = ast.parse(path.read_text())
    known = {name for name, _ in site_modules()}
    found: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        for name in names:
            if name in known and name != module:
                found.add(name)
    # a package imported for one of its modules counts as that module only
    return {n for n in found if not any(o.startswith(n + ".") for o in found)} | {
        n for n in found if (ROOT / n.replace(".", "/")).with_suffix(".py").exists()
    }


GRAPH = {name: imports_of(path, name) for name, path in site_modules()}


def test_every_module_has_a_layer() -> None:
    for name in GRAPH:
        assert layer(name) in LAYERS


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_imports_go_down(module: str) -> None:
    """Inside an app, a module imports from its own layer or below; a view never imports
    a view; an app only builds on the apps below it."""
    here = LAYERS.index(layer(module))
    app = app_of(module)
    for target in sorted(GRAPH[module]):
        there = LAYERS.index(layer(target))
        if app_of(target) == app:
            assert there <= here, f"{module} ({layer(module)}) imports {target} ({layer(target)})"
        if is_view(module):
            assert not is_view(target), f"a view imports a view: {module} -> {target}"
        assert app_of(target) <= app, f"{module} builds on {target}"


def test_no_circle() -> None:
    """No module reaches itself through its imports."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(GRAPH.get(node, ())):
            if state.get(nxt) == 1:
                circle = [*path[path.index(nxt) :], nxt]
                raise AssertionError("circle: " + " -> ".join(circle))
            if nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(GRAPH):
        if node not in state:
            visit(node)


def test_no_folder_too_big() -> None:
    """No folder of the site's apps holds more than 15 modules (migrations aside). The
    rules library (``scoring``) is one flat package of its own on purpose: every module
    is a rule of the game, imported by name."""
    for package in ("tournaments", "games", "events", "minibridge"):
        for folder in [ROOT / package, *(p for p in (ROOT / package).rglob("*") if p.is_dir())]:
            if "migrations" in folder.parts or "__pycache__" in folder.parts:
                continue
            modules = [p for p in folder.glob("*.py") if p.name != "__init__.py"]
            assert len(modules) <= 15, f"{folder.relative_to(ROOT)} holds {len(modules)}"


def test_no_cached_property_lock_in_the_apps() -> None:
    """The apps' cached properties are Django's (``django.utils.functional``): Python
    3.11's ``functools.cached_property`` holds one lock for the property across all its
    instances while it computes, so two tables' requests in one server process wait for
    each other's queries (tests/tournaments/results/test_threads.py). The rules library
    (``scoring``) may keep it: it computes without a query and cannot import Django."""
    for module, path in site_modules():
        if module.startswith("scoring"):
            continue
        tree = ast.parse(path.read_text())
        # the names functools goes by in the module (``import functools as ft`` too)
        named = {
            alias.asname or alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
            if alias.name == "functools"
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "cached_property":
                assert not (isinstance(node.value, ast.Name) and node.value.id in named), (
                    f"{module}:{node.lineno} uses functools.cached_property"
                )
            if isinstance(node, ast.ImportFrom) and node.module == "functools":
                assert "cached_property" not in {a.name for a in node.names}, module
