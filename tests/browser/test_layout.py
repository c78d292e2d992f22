"""The screens of a classroom, measured in chromium at their own sizes: a tablet
(1024 × 768 and 800 × 1280 upright) for the teacher, a 360 × 740 phone for a table;
and every page a table's tablet or a pupil opens (the table's page before, during and
after its boards, its round off, its session over, the four-deal game's table, an
event's public results) at 360, 768 and 1024 px in English and Norwegian, with nothing
scrolling sideways or cut off."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from events.models import Event
from tests.browser.classroom import Classroom, enter_a_result, set_language, visit
from tests.browser.conftest import log_in_as
from tests.factories import (
    event_school_session,
    individual_session,
    organiser_event,
    play_round,
    running_session,
)
from tournaments.results import services as result_services
from tournaments.sessions import services as session_services

# What this checks is the page: .ci/run's PostgreSQL run leaves it out (pyproject's
# `screen` marker).
pytestmark = pytest.mark.screen

TABLET: ViewportSize = {"width": 1024, "height": 768}
TABLET_UPRIGHT: ViewportSize = {"width": 800, "height": 1280}
PHONE: ViewportSize = {"width": 360, "height": 740}
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
    live_server: LiveServer,
) -> None:
    too_small: list[str] = []
    counted = 0
    log_in_as(page, classroom.teacher, live_server.url)
    pages = [*classroom.teacher_pages(), ("flag dismissed…", "")]
    for viewport in (TABLET, PHONE):
        page.set_viewport_size(viewport)
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
    live_server: LiveServer,
) -> None:
    """The chart first, the table below it, every column in view, no text under 12 px:
    the class's curve and a session's, on a tablet across and upright."""
    log_in_as(page, classroom.teacher, live_server.url)
    for viewport in (TABLET, TABLET_UPRIGHT):
        page.set_viewport_size(viewport)
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
    live_server: LiveServer,
    language: str,
    title: str,
) -> None:
    page.set_viewport_size(PHONE)
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
    live_server: LiveServer,
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


# --- Every table and pupil page fits 360, 768 and 1024 px --------------------------------

#: A phone, a tablet upright and a tablet across.
WIDTHS = {360: 740, 768: 1024, 1024: 768}

# Whatever does not fit, on the page as it is now: the page scrolling sideways, any
# element reaching past the screen's right edge, any box that clips or scrolls its
# content sideways (overflow other than visible: a table's scroller, an ellipsis), and
# any cell, heading, button or label whose content is wider than the box itself. The
# visually hidden text (clipped on purpose) and the skip link (parked off-screen) are
# not shown, so they are not measured.
OVERFLOWS = """() => {
  const screen = document.documentElement.clientWidth;
  const problems = [];
  const describe = (el) => {
    const classes = typeof el.className === "string" && el.className.trim()
      ? "." + el.className.trim().split(/\\s+/).join(".") : "";
    const text = (el.innerText || el.textContent || "").trim().replace(/\\s+/g, " ").slice(0, 50);
    return `<${el.tagName.toLowerCase()}${classes}> "${text}"`;
  };
  const scroll = document.documentElement.scrollWidth;
  if (scroll > window.innerWidth) {
    problems.push(`the page scrolls sideways: ${scroll} px wide in ${window.innerWidth}`);
  }
  const boxed = "th, td, h1, h2, h3, button, .button, label, summary";
  for (const el of document.body.querySelectorAll("*")) {
    if (el.closest(".visually-hidden, .skip-link") || !el.checkVisibility()) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    const past = (e) => e.getBoundingClientRect().right > screen + 0.5;
    // Reported where it starts: the innermost element past the edge, not its parents.
    if (past(el) && ![...el.children].some((child) => child.checkVisibility() && past(child))) {
      problems.push(`reaches ${Math.round(box.right)} px of ${screen}: ${describe(el)}`);
    }
    if (!(el.clientWidth > 0) || !(el.scrollWidth > el.clientWidth + 1)) continue;
    if (getComputedStyle(el).overflowX !== "visible") {
      problems.push(`clips or scrolls ${el.scrollWidth} px in ${el.clientWidth}: ${describe(el)}`);
    } else if (el.matches(boxed)) {
      problems.push(`spills ${el.scrollWidth} px out of ${el.clientWidth}: ${describe(el)}`);
    }
  }
  return problems;
}"""


def measure_widths(page: Page, what: str, problems: list[str]) -> None:
    """The page as it is, at each width (the same page resized: nothing reloads, so a
    panel's taps and an open <details> stay as they are)."""
    for width, height in WIDTHS.items():
        page.set_viewport_size({"width": width, "height": height})
        found = page.evaluate(OVERFLOWS)
        problems += [f"{width} px, {what}: {problem}" for problem in found[:8]]


def open_page(page: Page, path: str, status: int = 200) -> None:
    response = page.goto(path)
    assert response is not None
    assert response.status == status, f"{path} answered {response.status}"


def fill_the_panel(page: Page) -> None:
    """Four taps and the revoke opened: the panel at its tallest and widest."""
    page.locator('input[name="strain"][value="NT"]').check()
    page.locator('input[name="level"][value="part-score"]').check()
    page.locator('input[name="tricks"][value="8"]').check()
    expect(page.locator(".score-preview")).to_contain_text("+")
    revoke = page.locator("details.revoke summary")
    if revoke.count():
        revoke.first.click()


def play_the_round(page: Page, what: str, problems: list[str]) -> None:
    """A table's round of two boards: its page before a board, with the panel filled
    in, after the first board (its traveller and what the cards allowed) and when the
    round is over (both travellers, and where everybody goes next)."""
    expect(page.locator(".entry-panel")).to_be_visible()
    measure_widths(page, f"{what}, before a board", problems)
    fill_the_panel(page)
    measure_widths(page, f"{what}, the panel filled in", problems)
    page.locator('button[name="save"]').click()
    expect(page.locator(".done-board .traveller")).to_have_count(1)
    expect(page.locator(".done-board .feedback-line")).to_have_count(1)
    measure_widths(page, f"{what}, after a board", problems)
    enter_a_result(page, "S", 9)
    expect(page.locator(".done-board .traveller")).to_have_count(2)
    expect(page.locator(".next-card")).to_be_visible()
    measure_widths(page, f"{what}, the round over", problems)


@pytest.mark.parametrize("language", ["en", "nb"])
def test_every_table_page_of_a_pairs_session_fits_the_phone_and_the_tablet(
    page: Page,
    classroom: Classroom,
    alice: User,
    live_server: LiveServer,
    language: str,
) -> None:
    """A table's pages in a pairs session, the four-deal game's and (at 1024 px) the
    projector, in each language: nothing scrolls sideways or is cut off at 360, 768
    and 1024 px."""
    problems: list[str] = []
    set_language(page, language, live_server.url)
    running = classroom.running
    # Waiting for the opponents' Agree: table 1 has entered a board of round 2.
    open_page(page, f"/t/{running.tables.get(number=1).token}/")
    expect(page.locator(".done-board .note")).to_be_visible()
    measure_widths(page, "a board waiting for Agree", problems)
    # Table 2 enters both its boards of round 2.
    open_page(page, f"/t/{classroom.fresh_table.token}/")
    play_the_round(page, "pairs table", problems)
    # A table with the round off: 7 pairs at 4 tables.
    odd = running_session(alice, pupils=14, class_name="8B", seed="round off")
    for table in odd.tables.order_by("number"):
        open_page(page, f"/t/{table.token}/")
        if page.locator(".sit-out-card").count():
            measure_widths(page, "the round off", problems)
            break
    else:
        pytest.fail("no table of 7 pairs has the round off")
    # The session is over.
    open_page(page, f"/t/{classroom.finished.tables.get(number=1).token}/", status=410)
    measure_widths(page, "the session over", problems)
    # The four-deal game: a table that has played a deal (its cards shown), and one of
    # three players (West's hand dealt as the dummy).
    named, three = classroom.four_deal.tables.order_by("number")
    open_page(page, f"/f/{named.token}/")
    page.locator("details.four-deal-cards summary").click()
    expect(page.locator(".four-deal-cards .hand-grid")).to_be_visible()
    expect(page.locator(".four-deal-rows")).to_be_visible()
    measure_widths(page, "four-deal table", problems)
    open_page(page, f"/f/{three.token}/")
    expect(page.locator(".four-deal-table .entry-panel")).to_be_visible()
    measure_widths(page, "four-deal table of three", problems)
    # The projector, on the class's screen.
    log_in_as(page, classroom.teacher, live_server.url)
    open_page(page, f"/sessions/{running.pk}/projector/")
    page.set_viewport_size(TABLET)
    problems += [f"1024 px, projector: {p}" for p in page.evaluate(OVERFLOWS)[:8]]
    assert problems == [], "Does not fit:\n" + "\n".join(problems)


#: Long first names, as a class has them, and two Emmas typed with their surnames (the
#: tablet shows "Emma L" and "Emma O").
LONG_NAMES = [
    "Kristoffer", "Mathilde", "Sebastian", "Emma Lie",
    "Alexander", "Josefine", "Emma Olsen", "Christian",
]  # fmt: skip


@pytest.mark.parametrize("language", ["en", "nb"])
def test_every_table_page_of_an_individual_session_fits_the_phone_and_the_tablet(
    page: Page,
    alice: User,
    live_server: LiveServer,
    language: str,
) -> None:
    """An individual session's table: the panel naming four pupils by seat, the
    traveller naming each side's partners, the round over and the session over."""
    problems: list[str] = []
    set_language(page, language, live_server.url)
    session = individual_session(alice, names=LONG_NAMES)
    table_1, table_2 = session.tables.order_by("number")
    # Table 2 has played both boards: the traveller has two rows.
    for number in (1, 2):
        result_services.result_record(
            table=table_2, board_number=number, contract="3NT", tricks_won=10
        )
    open_page(page, f"/t/{table_1.token}/")
    play_the_round(page, "individual table", problems)
    session_services.session_finish(session=session)
    open_page(page, f"/t/{table_1.token}/", status=410)
    measure_widths(page, "the session over", problems)
    assert problems == [], "Does not fit:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_simultaneous_events_pages_at_the_table_fit_the_phone_and_the_tablet(
    page: Page,
    alice: User,
    live_server: LiveServer,
    language: str,
) -> None:
    """A school's session in an event, over: its table's page sends the pupils to the
    event's public results, which must fit their screens too (the ranking and, after
    the event's last day, how each board was played)."""
    problems: list[str] = []
    set_language(page, language, live_server.url)
    event = organiser_event(boards=6)
    session = event_school_session(event, alice, school="Nordre Aasen skole", rounds=3)
    for round_ in (1, 2, 3):
        play_round(session, round_, {(1, 1): ("3NT", 9)})
    session_services.session_finish(session=session)
    yesterday = datetime.date.today() - datetime.timedelta(days=1)
    Event.objects.filter(pk=event.pk).update(starts_on=yesterday, ends_on=yesterday)
    open_page(page, f"/t/{session.tables.get(number=1).token}/", status=410)
    measure_widths(page, "the event's session over", problems)
    page.locator(f'a[href="/events/r/{event.public_token}/"]').click()
    expect(page.locator(".national-ranking")).to_be_visible()
    expect(page.locator(".national-board").first).to_be_visible()
    measure_widths(page, "the event's public results", problems)
    assert problems == [], "Does not fit:\n" + "\n".join(problems)
