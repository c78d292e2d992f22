"""The rules page, docs/rules.md, stays the one the code cites.

Code cites it as ``docs/rules.md §7``, ``§7.5``, ``§7 B``, ``§1–2`` or ``§1, §2, §5``;
every such section must exist. No file cites the outside specification the page
replaced (a fresh clone does not have it), and every test file the page names exists.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
#: The specification outside the repository that docs/rules.md replaced (written in two
#: parts so that this file does not cite it).
OUTSIDE_SPEC = "RULES" + ".md"
#: What is searched for citations: the project's own text files.
SUFFIXES = {".py", ".md", ".html", ".txt", ".toml", ".cfg", ".po", ".js", ".css", ".json"}
SKIPPED_DIRS = {".venv", ".git", "node_modules", "__pycache__", ".mypy_cache", ".ruff_cache"}

#: ``## 7. Three players`` or ``### 7.5 Test vectors``.
HEADING = re.compile(r"^#{2,3} (?P<number>\d+(?:\.\d+)?)\.? (?P<title>.+)$", re.MULTILINE)
#: ``docs/rules.md`` and the section references right after it.
CITATION = re.compile(
    r"docs/rules\.md(?:'s)?(?P<refs>(?:[\s,;]*(?:and\s+)?§\s?[\w.]+(?:[–-]\d+)?(?:\s[A-B]\b)?)+)"
)
#: One reference: ``§7``, ``§7.5``, ``§1–2`` or ``§ Three players`` (a title).
REFERENCE = re.compile(r"§\s?(?P<first>\d+(?:\.\d+)?)(?:[–-](?P<last>\d+))?")
#: A test file named in the page.
TEST_FILE = re.compile(r"\btests/[\w/]+\.py\b")


def sections() -> dict[str, str]:
    """The page's section numbers, each with its title."""
    return {m["number"]: m["title"] for m in HEADING.finditer(RULES.read_text())}


def project_files() -> list[Path]:
    """The project's text files (the virtualenv, git and caches left out, unread)."""
    found: list[Path] = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS]
        found.extend(Path(folder, f) for f in files if Path(f).suffix in SUFFIXES)
    return found


def cited_sections(text: str) -> list[str]:
    """Every section number a text cites after ``docs/rules.md`` (a range gives both
    ends and everything between)."""
    cited: list[str] = []
    for citation in CITATION.finditer(text):
        for ref in REFERENCE.finditer(citation["refs"]):
            first, last = ref["first"], ref["last"]
            if last is None:
                cited.append(first)
            else:
                cited.extend(str(n) for n in range(int(first), int(last) + 1))
    return cited


def test_the_page_numbers_its_sections_once_each() -> None:
    numbers = [m["number"] for m in HEADING.finditer(RULES.read_text())]
    assert len(numbers) == len(set(numbers))
    top = [int(n) for n in numbers if "." not in n]
    assert top == list(range(1, len(top) + 1))
    for number in numbers:
        if "." in number:
            assert number.split(".")[0] in numbers


def test_the_citation_pattern_reads_every_form() -> None:
    text = (
        "(docs/rules.md §7 B) docs/rules.md §1–2; (docs/rules.md §1, §2, §5) "
        "docs/rules.md's §7.5 table; the docs/rules.md page"
    )
    assert cited_sections(text) == ["7", "1", "2", "1", "2", "5", "7.5"]


def test_every_citation_names_a_section_that_exists() -> None:
    known = sections()
    missing: dict[str, list[str]] = {}
    count = 0
    for path in project_files():
        for number in cited_sections(path.read_text(errors="replace")):
            count += 1
            if number not in known:
                missing.setdefault(str(path.relative_to(ROOT)), []).append(number)
    assert missing == {}
    assert count > 40  # the code does cite the page


def test_the_page_cites_only_its_own_sections() -> None:
    known = sections()
    text = RULES.read_text()
    for ref in REFERENCE.finditer(text):
        assert ref["first"] in known, ref.group()


def test_no_file_cites_the_outside_specification() -> None:
    citing = [
        str(path.relative_to(ROOT))
        for path in project_files()
        if OUTSIDE_SPEC in path.read_text(errors="replace")
    ]
    assert citing == []


@pytest.mark.parametrize("name", sorted(set(TEST_FILE.findall(RULES.read_text()))))
def test_every_test_file_the_page_names_exists(name: str) -> None:
    assert (ROOT / name).is_file()
