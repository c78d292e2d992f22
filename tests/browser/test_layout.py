"""The screens of a classroom, measured in chromium at their own sizes: a tablet
(1024 × 768 and 800 × 1280 upright) for the teacher, a 360 × 740 phone for a table."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.classroom import Classroom, enter_a_result, set_language, visit
from tests.browser.conftest import log_in_as

TABLET = {"width": 1024, "height": 768}
TABLET_UPRIGHT = {"width": 800, "height": 1280}
PHONE = {"width": 360, "height": 740}
SMALLEST_TARGET = 44  # CSS px, each way

# Every control a finger taps, with its size: a checkbox or radio button inside its
# label is tapped anywhere on the label, so the label is measured; parked off-screen
# (the skip link until it has focus) or hidden (in a closed <details>) is not a target.
TARGETS = """() => {
  const found = [];
  const controls = "a[href], button, select, input:not([type=hidden]), textarea, summary";
  for (const root of document.querySelectorAll("main, .site-header, .site-footer")) {
    for (const element of root.querySelectorAll(controls)) {
      if (!element.checkVisibility()) continue;
      let box = element.getBoundingClientRect();
      if (element.matches("input[type=checkbox], input[type=radio]") && element.closest("label")) {
        box = element.closest("label").getBoundingClientRect();
      }
      if (box.right <= 0 || box.bottom <= 0) continue;
      found.push({
        what: element.outerHTML.slice(0, 120),
        width: Math.round(box.width * 10) / 10,
        height: Math.round(box.height * 10) / 10,
      });
    }
  }
  return found;
}"""


def test_every_control_on_the_teachers_pages_is_at_least_44_px(
    page: Page,
    classroom: Classroom,
    live_server,  # type: ignore[no-untyped-def]
) -> None:
    too_small: list[str] = []
    counted = 0
    log_in_as(page, classroom.teacher, live_server.url)
    pages = [*classroom.teacher_pages(), ("flag dismissed…", "")]
    for viewport in (TABLET, PHONE):
        page.set_viewport_size(viewport)  # type: ignore[arg-type]
        for name, path in pages:
            if path:
                visit(page, path)
            else:  # the flag's "Dismiss…" opened: a text box and a button appear
                visit(page, f"/sessions/{classroom.running.pk}/")
                page.locator("details.dismiss summary").first.click()
            targets = page.evaluate(TARGETS)
            counted += len(targets)
            too_small += [
                f"{viewport['width']} px, {name}: {t['width']} × {t['height']} {t['what']}"
                for t in targets
                if t["width"] < SMALLEST_TARGET or t["height"] < SMALLEST_TARGET
            ]
    assert counted > 500  # the walk really measured the pages
    assert too_small == [], "Smaller than 44 × 44 px:\n" + "\n".join(too_small)


def test_the_curve_pages_are_readable_on_a_tablet(
    page: Page,
    classroom: Classroom,
    live_server,  # type: ignore[no-untyped-def]
) -> None:
    """The chart first, the table below it, every column in view, no text under 12 px:
    the class's curve and a session's, on a tablet across and upright."""
    log_in_as(page, classroom.teacher, live_server.url)
    for viewport in (TABLET, TABLET_UPRIGHT):
        page.set_viewport_size(viewport)  # type: ignore[arg-type]
        for path in (
            f"/classes/{classroom.school_class.pk}/curve/",
            f"/sessions/{classroom.finished.pk}/curve/",
        ):
            visit(page, path)
            check_curve_page(page, f"{path} at {viewport['width']} px")


def check_curve_page(page: Page, where: str) -> None:
    expect(page.locator(".curve-table tbody tr").first).to_be_visible()
    measured = page.evaluate(
        """() => {
            const chart = document.querySelector(".curve-chart svg");
            const table = document.querySelector(".curve-table table");
            const wrap = table.closest(".table-wrap");
            const scale = chart.getScreenCTM().a;
            const svgText = [...chart.querySelectorAll("text")].map(
                (t) => parseFloat(getComputedStyle(t).fontSize) * scale);
            const tableText = [...table.querySelectorAll("th, td")].map(
                (c) => parseFloat(getComputedStyle(c).fontSize));
            return {
                chartBottom: chart.getBoundingClientRect().bottom,
                tableTop: table.getBoundingClientRect().top,
                wrapScroll: wrap.scrollWidth,
                wrapWidth: wrap.clientWidth,
                tableRight: table.getBoundingClientRect().right,
                pageWidth: document.documentElement.clientWidth,
                pageScroll: document.documentElement.scrollWidth,
                smallestSvgText: Math.min(...svgText),
                svgTexts: svgText.length,
                smallestTableText: Math.min(...tableText),
            };
        }"""
    )
    assert measured["chartBottom"] <= measured["tableTop"], where  # chart above the table
    assert measured["wrapScroll"] <= measured["wrapWidth"], where  # no column cut off
    assert measured["tableRight"] <= measured["pageWidth"], where
    assert measured["pageScroll"] <= measured["pageWidth"], where
    assert measured["svgTexts"] > 30, where
    assert measured["smallestSvgText"] >= 12, (where, measured)
    assert measured["smallestTableText"] >= 12, (where, measured)


@pytest.mark.parametrize(("language", "title"), [("en", "Table 2"), ("nb", "Bord 2")])
def test_on_a_phone_the_traveller_after_saving_fits_and_the_title_is_clean(
    page: Page,
    classroom: Classroom,
    live_server,  # type: ignore[no-untyped-def]
    language: str,
    title: str,
) -> None:
    page.set_viewport_size(PHONE)  # type: ignore[arg-type]
    set_language(page, language, live_server.url)
    visit(page, f"/t/{classroom.fresh_table.token}/")
    expect(page).to_have_title(title)
    enter_a_result(page, "NT", 8)
    traveller = page.locator(".done-board .traveller").first
    expect(traveller).to_be_visible()
    expect(page.locator(".entry-panel")).to_have_count(1)  # the next board came
    measured = page.evaluate(
        """() => {
            const scroller = document.querySelector(".done-board .traveller-scroll");
            const table = scroller.querySelector("table");
            return {
                pageScroll: document.documentElement.scrollWidth,
                pageWidth: document.documentElement.clientWidth,
                scrollerScroll: scroller.scrollWidth,
                scrollerWidth: scroller.clientWidth,
                tableRight: table.getBoundingClientRect().right,
                smallestText: Math.min(...[...table.querySelectorAll("th, td")].map(
                    (c) => parseFloat(getComputedStyle(c).fontSize))),
            };
        }"""
    )
    assert measured["pageScroll"] <= measured["pageWidth"], measured
    assert measured["scrollerScroll"] <= measured["scrollerWidth"], measured
    assert measured["tableRight"] <= measured["pageWidth"], measured
    assert measured["smallestText"] >= 12, measured
    # The page's title after htmx brought the next board: the table's name, no markup.
    assert page.title() == title
    assert not re.search(r"[<>]", page.locator("h1").inner_text())


def test_the_grid_legend_needs_no_emoji_font(
    page: Page,
    classroom: Classroom,
    live_server,  # type: ignore[no-untyped-def]
) -> None:
    """Marks drawn by CSS beside words: no pictographs a tablet may lack, and the marks
    hidden from screen readers, which read the words."""
    log_in_as(page, classroom.teacher, live_server.url)
    visit(page, f"/sessions/{classroom.running.pk}/?round=1")
    legend = page.locator(".grid-legend li")
    expect(legend).to_have_count(4)
    expect(legend).to_have_text(
        ["entered", "missing", "waiting for the opponents", "check asked for"]
    )
    # None of the old pictographs (✓ … ⏳ ⚑) nor any other emoji; suit symbols are text.
    grid_text = page.locator("#grid").inner_text()
    assert not re.search(r"[\u2026\u2300-\u23ff\u2690-\u27bf\U0001f000-\U0001faff]", grid_text)
    marks = page.evaluate(
        """() => [...document.querySelectorAll("#grid .mark")].map((mark) => ({
            hidden: mark.closest("[aria-hidden=true]") !== null,
            text: mark.textContent,
            width: mark.getBoundingClientRect().width,
            after: getComputedStyle(mark, "::after").content,
        }))"""
    )
    assert len(marks) >= 4 + 8  # the legend's and one per board in the grid
    for mark in marks:
        assert mark["hidden"]
        assert mark["text"] == ""
        assert mark["width"] >= 12
        assert mark["after"] in ('""', "none")  # a shape, never a character
    # The cells say their state in words to screen readers.
    cell = page.locator('#grid a[data-status="correction"]').first
    expect(cell).to_have_accessible_name(re.compile(r"^Board \d+: check asked for"))
    cell = page.locator('#grid a[data-status="waiting"]').first
    expect(cell).to_have_accessible_name(re.compile(r"^Board \d+: waiting for the opponents"))
    visit(page, f"/sessions/{classroom.running.pk}/")
    cell = page.locator('#grid a[data-status="missing"]').first
    expect(cell).to_have_accessible_name(re.compile(r"^Board \d+: missing"))
