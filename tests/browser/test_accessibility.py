"""axe-core (bundled with axe-playwright-python: nothing is downloaded) on every page a
teacher opens and on the table's page before entry, after a save and when the round
is over, in English and in Norwegian: no violations at all. And what axe cannot judge:
the pairs and the grid's marks in words for a screen reader."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.classroom import Classroom, enter_a_result, set_language, visit
from tests.browser.conftest import log_in_as

# What this checks is the page: .ci/run's PostgreSQL run leaves it out (pyproject's
# `screen` marker).
pytestmark = pytest.mark.screen

AXE = Axe()


def axe_violations(page: Page, where: str) -> list[str]:
    """Each violation on the page as it is now: the rule, and every element it names."""
    results = AXE.run(page)
    return [
        f"{where}: {violation['id']} ({violation['impact']}) at {node['target']}"
        for violation in results.response["violations"]
        for node in violation["nodes"]
    ]


@pytest.mark.parametrize("language", ["en", "nb"])
def test_every_teacher_page_has_no_axe_violations(
    page: Page,
    classroom: Classroom,
    live_server: LiveServer,
    language: str,
) -> None:
    set_language(page, language, live_server.url)
    found: list[str] = []
    visit(page, "/accounts/login/")
    found += axe_violations(page, "login")

    log_in_as(page, classroom.teacher, live_server.url)
    pages = classroom.teacher_pages()
    for name, path in pages:
        visit(page, path)
        found += axe_violations(page, name)
    # A flag's "Dismiss…" opened: its form shows.
    visit(page, f"/sessions/{classroom.running.pk}/")
    page.locator("details.dismiss summary").first.click()
    found += axe_violations(page, "dismiss a flag")
    # A notice ("Class 7A created") on the page after a form, as messages show.
    visit(page, "/classes/new/")
    page.locator('input[name="name"]').fill("7A")
    page.locator('main button[type="submit"]').click()
    expect(page.locator(".messages li")).to_have_count(1)
    found += axe_violations(page, "a notice")

    assert len(pages) >= 30
    assert found == [], "axe found:\n" + "\n".join(found)


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize(
    "viewport",
    [{"width": 360, "height": 740}, {"width": 800, "height": 1280}],
    ids=["phone", "tablet"],
)
def test_the_table_page_has_no_axe_violations(
    page: Page,
    classroom: Classroom,
    live_server: LiveServer,
    language: str,
    viewport: ViewportSize,
) -> None:
    page.set_viewport_size(viewport)
    set_language(page, language, live_server.url)
    found: list[str] = []
    visit(page, f"/t/{classroom.fresh_table.token}/")
    found += axe_violations(page, "table, before entry")

    enter_a_result(page, "NT", 8)
    # The traveller comes back at once, then the page brings the next board.
    expect(page.locator(".done-board")).to_have_count(1)
    expect(page.locator(".entry-panel")).to_have_count(1)
    found += axe_violations(page, "table, after saving")

    enter_a_result(page, "S", 9)
    expect(page.locator(".done-board")).to_have_count(2)
    expect(page.locator(".next-card")).to_be_visible()
    found += axe_violations(page, "table, round over")

    assert found == [], "axe found:\n" + "\n".join(found)


def spoken(page: Page, selector: str) -> str:
    """The text of ``selector`` as a screen reader gets it: what is aria-hidden left out,
    what is visually hidden kept."""
    text: str = page.evaluate(
        """(selector) => {
            const copy = document.querySelector(selector).cloneNode(true);
            copy.querySelectorAll("[aria-hidden=true]").forEach((e) => e.remove());
            return copy.textContent.replace(/\\s+/g, " ").trim();
        }""",
        selector,
    )
    return text


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["North–South 1 North–South Emma Hansen", "East–West 1 East–West Lukas"]),
        ("nb", ["Nord–Syd 1 Nord–Syd Emma Hansen", "Øst–Vest 1 Øst–Vest Lukas"]),
    ],
)
def test_the_entry_panel_names_the_pairs_in_words(
    page: Page,
    classroom: Classroom,
    live_server: LiveServer,
    language: str,
    words: list[str],
) -> None:
    """A screen reader hears "North–South", not "N S": the short forms are hidden from it
    and the words are there instead."""
    set_language(page, language, live_server.url)
    log_in_as(page, classroom.teacher, live_server.url)
    visit(page, f"/sessions/{classroom.running.pk}/rounds/1/tables/1/boards/1/")
    said = spoken(page, ".panel-pairs")
    for expected in words:
        assert expected in said
    assert not re.search(r"\b[NSØEVW]–[NSØEVW]\b", said), said
    # On screen the short form stays: "1 N–S".
    expect(page.locator(".panel-pairs")).to_contain_text("1 N–S")
    # The grid's pairs the same way.
    visit(page, f"/sessions/{classroom.running.pk}/?round=1")
    said = spoken(page, "#grid tbody tr")
    assert not re.search(r"\b[NSØEVW]–[NSØEVW]\b", said), said
