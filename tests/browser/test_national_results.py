"""The public results page of a simultaneous event, in real chromium: anyone with the
link sees the national ranking (first names and schools only), and it updates by itself
when a school's new results arrive."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from events.models import Event
from events.results import views as results_views
from tests.browser.classroom import set_language, visit
from tests.browser.conftest import log_in_as
from tests.browser.test_accessibility import axe_violations
from tests.factories import event_school_session, organiser_event, play_round


def test_the_public_page_updates_by_itself_as_schools_finish(
    page: Page,
    alice: User,
    bob: User,
    monkeypatch: pytest.MonkeyPatch,
    live_server: LiveServer,
) -> None:
    monkeypatch.setattr(results_views, "PUBLIC_POLL_SECONDS", 1)
    event = organiser_event(boards=12)
    north = event_school_session(event, alice, school="North School", rounds=3)
    south = event_school_session(event, bob, school="South School", pupils=12, rounds=2)
    play_round(north, 1, {(1, 1): ("3NT", 9)})

    # No login: the link is the key.
    page.goto(f"/events/r/{event.public_token}/")
    ranking = page.locator(".national-ranking")
    expect(ranking).to_contain_text("North School")
    expect(ranking).to_contain_text("Nor00")
    expect(ranking).not_to_contain_text("South School")
    expect(page.locator(".national-status")).to_contain_text("2 schools taking part")
    assert "Surname" not in page.content()

    # South's class plays its first round: the open page shows it without a reload.
    play_round(south, 1, {(1, 1): ("3NT", 10)})
    expect(ranking).to_contain_text("South School", timeout=15_000)
    expect(ranking).to_contain_text("Sou00")
    # How each board was played waits for the event's last day (schools may still
    # play the boards); then board 1's contract table: 3NT bid in both schools.
    expect(page.get_by_text("the event's last day: until then")).to_be_visible()
    yesterday = datetime.date.today() - datetime.timedelta(days=1)
    Event.objects.filter(pk=event.pk).update(starts_on=yesterday, ends_on=yesterday)
    page.reload()
    board_1 = page.locator(".national-board", has=page.locator("#board-1"))
    expect(board_1.get_by_role("row", name="3NT 2")).to_be_visible()
    assert "Surname" not in page.content()


def test_the_public_page_says_so_before_any_result(
    page: Page,
    live_server: LiveServer,
) -> None:
    event = organiser_event(boards=6)
    page.goto(f"/events/r/{event.public_token}/")
    expect(page.get_by_text("No results yet. They appear here as schools finish.")).to_be_visible()


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_results_pages_have_no_axe_violations(
    page: Page,
    alice: User,
    live_server: LiveServer,
    language: str,
) -> None:
    event = organiser_event(boards=6)
    north = event_school_session(event, alice, school="North School", rounds=3)
    play_round(north, 1, {(1, 1): ("3NT", 9)})
    set_language(page, language, live_server.url)
    found: list[str] = []
    for width in (360, 1024):
        page.set_viewport_size({"width": width, "height": 800})
        visit(page, f"/events/r/{event.public_token}/")
        found += axe_violations(page, f"public page at {width}px")
    log_in_as(page, event.organiser.user, live_server.url)
    visit(page, f"/events/{event.pk}/national/")
    found += axe_violations(page, "organiser's page")
    assert found == [], "axe found:\n" + "\n".join(found)
