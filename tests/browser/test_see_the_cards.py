""" "See the cards" at a table, in chromium (issue 30, point 1): a table enters a board and
only then finds its four hands, the tricks with perfect play and the best contract, on
a 360 px phone as on a tablet, in English and in Norwegian, with nothing scrolling
sideways and no axe violation; an event's table finds none of it before the event is
over; the teacher's traveller opens the same cards."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from events.models import Event
from tests.browser.classroom import enter_a_result, set_language
from tests.browser.conftest import log_in_as
from tests.browser.test_accessibility import axe_violations
from tests.browser.test_layout import WIDTHS, measure_widths, open_page
from tests.factories import event_school_session, organiser_event, running_session
from tournaments.models import Session
from tournaments.sessions import selectors as session_selectors

# What this checks is the page: .ci/run's PostgreSQL run leaves it out (pyproject's
# `screen` marker).
pytestmark = pytest.mark.screen

PHONE: ViewportSize = {"width": 360, "height": 740}
TABLET: ViewportSize = {"width": 800, "height": 1280}

#: What the cards say, in each language: the panel's title, the tricks table's heading,
#: the best contract.
WORDS = {
    "en": ("all four hands", "Tricks with perfect play", "Best contract:", "See the cards"),
    "nb": ("alle fire hendene", "Stikk med perfekt spill", "Beste kontrakt:", "Se kortene"),
}


#: What of ``selector`` reaches past the screen's right edge, or scrolls sideways.
FITS = """(selector) => {
  const screen = document.documentElement.clientWidth;
  const problems = [];
  for (const el of document.querySelectorAll(`${selector}, ${selector} *`)) {
    if (el.closest(".visually-hidden") || !el.checkVisibility()) continue;
    if (el.getBoundingClientRect().right > screen + 0.5) {
      problems.push(`reaches past ${screen} px: <${el.tagName.toLowerCase()}> ${el.className}`);
    }
    if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`scrolls ${el.scrollWidth} px in ${el.clientWidth}: ${el.className}`);
    }
  }
  return problems;
}"""


def _boards(session: Session, table_number: int) -> list[int]:
    movement = session_selectors.session_movement(session)
    return list(movement.boards(movement.entry(session.current_round, table_number).board_set))


def _no_cards_on(page: Page) -> None:
    expect(page.locator(".compass")).to_have_count(0)
    expect(page.locator(".hand")).to_have_count(0)
    expect(page.locator(".dd-table")).to_have_count(0)
    expect(page.locator(".board-cards")).to_have_count(0)


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("viewport", [PHONE, TABLET], ids=["phone", "tablet"])
def test_a_table_sees_the_cards_only_after_entering_the_board(
    page: Page,
    alice: User,
    live_server: LiveServer,
    language: str,
    viewport: ViewportSize,
) -> None:
    title, tricks_heading, best, see = WORDS[language]
    session = running_session(alice, seed=f"see the cards {language}")  # analysed at once
    table = session.tables.get(number=1)
    board, other = _boards(session, 1)
    page.set_viewport_size(viewport)
    set_language(page, language, live_server.url)
    found: list[str] = []
    problems: list[str] = []

    # Before the entry: nothing of the cards, and their address tells nothing either.
    open_page(page, f"/t/{table.token}/")
    expect(page.locator(".entry-panel")).to_be_visible()
    expect(page.get_by_role("link", name=see)).to_have_count(0)
    _no_cards_on(page)
    open_page(page, f"/t/{table.token}/boards/{board}/cards/", status=404)
    expect(page.locator(".problem-box")).to_be_visible()
    _no_cards_on(page)
    found += axe_violations(page, "the cards before the entry")

    # The entry: the board's card offers its cards, and opens them below it.
    open_page(page, f"/t/{table.token}/")
    enter_a_result(page, "NT", 7)
    done = page.locator(f"#done-{board}").locator("xpath=..")
    expect(done.get_by_role("link", name=see)).to_be_visible()
    _no_cards_on(page)
    done.get_by_role("link", name=see).click()
    cards = page.locator(f"#cards-{board} .board-cards")
    expect(cards).to_be_visible()
    expect(cards.locator("summary")).to_contain_text(title)
    expect(cards.locator("summary")).to_be_focused()
    expect(cards.locator(".hand")).to_have_count(4)
    expect(cards.locator(".hand .hcp")).to_have_count(4)
    expect(cards.locator(".hand-declarer")).to_have_count(1)
    expect(cards.get_by_role("heading", name=tricks_heading)).to_be_visible()
    expect(cards.locator(".dd-table tbody tr")).to_have_count(4)
    expect(cards.locator(".par")).to_contain_text(best)
    expect(cards.locator(".why")).to_be_visible()
    holdings = " ".join(cards.locator(".holding li").all_inner_texts())
    honours = {"en": {"A", "K", "Q", "J"}, "nb": {"E", "K", "D", "Kn"}}[language]
    others = {"A", "K", "Q", "J", "E", "D", "Kn"} - honours
    assert set(holdings.split()) & honours, holdings
    assert not set(holdings.split()) & others, holdings
    assert "T" not in holdings.split()
    found += axe_violations(page, "the cards opened at the table")
    measure_widths(page, "the cards opened at the table", problems)
    # The summary closes them again.
    cards.locator("summary").click()
    expect(cards.locator(".compass")).to_be_hidden()

    # Their page of their own (the link without htmx, or a reload).
    page.set_viewport_size(viewport)
    open_page(page, f"/t/{table.token}/boards/{board}/cards/")
    expect(page.locator(".board-cards .dd-table")).to_be_visible()
    found += axe_violations(page, "the cards' own page")
    measure_widths(page, "the cards' own page", problems)

    # The round's other board, not entered yet: nothing.
    open_page(page, f"/t/{table.token}/boards/{other}/cards/", status=404)
    _no_cards_on(page)

    # The teacher's traveller opens the same cards.
    log_in_as(page, alice, live_server.url)
    page.set_viewport_size(viewport)
    open_page(page, f"/sessions/{session.pk}/boards/{board}/")
    page.locator("details.board-cards summary").click()
    expect(page.locator(".board-cards .dd-table")).to_be_visible()
    found += axe_violations(page, "the teacher's traveller, the cards opened")
    # (The traveller's own table scrolls on a phone: the cards below it fit.)
    for width, height in WIDTHS.items():
        page.set_viewport_size({"width": width, "height": height})
        problems += [
            f"{width} px, the teacher's traveller: {problem}"
            for problem in page.evaluate(FITS, ".board-cards")
        ]

    assert found == [], "axe found:\n" + "\n".join(found)
    assert problems == [], "Does not fit:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", ["en", "nb"])
def test_an_events_table_finds_no_cards_before_the_event_is_over(
    page: Page,
    alice: User,
    live_server: LiveServer,
    language: str,
) -> None:
    _title, _tricks, _best, see = WORDS[language]
    event = organiser_event(seed=f"event cards {language}")
    today = timezone.localdate()
    Event.objects.filter(pk=event.pk).update(starts_on=today, ends_on=today)
    event.refresh_from_db()
    session = event_school_session(event, alice, school="Nordby skole")
    table = session.tables.get(number=1)
    board = _boards(session, 1)[0]
    page.set_viewport_size(PHONE)
    set_language(page, language, live_server.url)
    found: list[str] = []

    open_page(page, f"/t/{table.token}/")
    enter_a_result(page, "NT", 7)
    expect(page.locator(f"#done-{board}")).to_be_visible()
    expect(page.locator(".done-board .help").first).to_be_visible()
    expect(page.get_by_role("link", name=see)).to_have_count(0)
    _no_cards_on(page)
    found += axe_violations(page, "an event's table after the entry")
    open_page(page, f"/t/{table.token}/boards/{board}/cards/", status=403)
    _no_cards_on(page)
    found += axe_violations(page, "an event's cards before it is over")

    # Once the event is over, the table that entered the board sees its cards.
    yesterday = today - datetime.timedelta(days=1)
    Event.objects.filter(pk=event.pk).update(starts_on=yesterday, ends_on=yesterday)
    # (An event's days are set when it is made: the table's kept setup holds its last
    # day, read again here as after any change of the setup.)
    Session.objects.filter(pk=session.pk).mark_setup_changed()
    open_page(page, f"/t/{table.token}/boards/{board}/cards/")
    expect(page.locator(".board-cards .dd-table")).to_be_visible()
    assert found == [], "axe found:\n" + "\n".join(found)
