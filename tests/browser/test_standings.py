"""The teacher finishes a session and takes the standings away: page, projector,
spreadsheet and PDF, in real chromium."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from openpyxl import load_workbook
from playwright.sync_api import Browser, Page, expect
from pypdf import PdfReader
from pytest_django import Settings as SettingsWrapper
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import log_in_as
from tests.factories import play_round, running_session
from tournaments.models import Session
from tournaments.standings.selectors import session_standings


def test_it_finishes_a_session_and_downloads_the_standings(
    page: Page,
    alice: User,
    live_server: LiveServer,
) -> None:
    session = running_session(alice, seed="finish")
    play_round(session, 1, {(1, 1): ("3NT", 9), (2, 3): ("4S", 10)})
    play_round(session, 2, {(3, 1): ("1S", 8)})
    play_round(session, 3, {})
    standings = session_standings(session)
    leader = standings.rankings[0].rows[0]

    log_in_as(page, alice, live_server.url)
    page.goto(f"/sessions/{session.pk}/")
    expect(page.get_by_text("Round 3 of 3")).to_be_visible()
    # The first tap asks (no script needed, nothing in a dialog); the second finishes.
    page.get_by_text("Finish the session…").click()
    expect(page.get_by_text("The tables can no longer enter results.")).to_be_visible()
    assert Session.objects.get().state == Session.State.RUNNING
    page.get_by_role("button", name="Yes, finish the session").click()
    expect(page.get_by_text("The session is finished.")).to_be_visible()
    assert Session.objects.get().state == Session.State.FINISHED

    page.get_by_role("link", name="Standings").first.click()
    expect(page.get_by_role("heading", name="Final results")).to_be_visible()
    expect(page.get_by_role("heading", name="North–South")).to_be_visible()
    first_row = page.locator(".standings-table").first.locator("tbody tr").first
    expect(first_row).to_contain_text(leader.pair.label)
    expect(first_row).to_contain_text(f"{leader.percentage:.2f}")

    with page.expect_download() as download_info:
        page.get_by_role("link", name="Spreadsheet (Excel)").click()
    workbook = load_workbook(io.BytesIO(download_info.value.path().read_bytes()))
    assert workbook.sheetnames[:4] == ["Standings", "Travellers", "Score cards", "Boards"]
    numbers = [
        cell.value
        for row in workbook["Standings"].iter_rows()
        for cell in row
        if isinstance(cell.value, (int, float))
    ]
    assert leader.percentage is not None
    assert round(leader.percentage / 100, 4) in [round(n, 4) for n in numbers]

    with page.expect_download() as download_info:
        page.get_by_role("link", name="Standings (PDF)").click()
    reader = PdfReader(io.BytesIO(download_info.value.path().read_bytes()))
    text = " ".join(" ".join(p.extract_text() for p in reader.pages).split())
    for ranking in standings.rankings:
        for row in ranking.rows:
            assert row.pair.names in text

    page.goto(f"/sessions/{session.pk}/projector/")
    expect(page.locator(".projector-list li").first).to_contain_text(leader.pair.screen_names)


@pytest.mark.parametrize("pupils", [16, 60], ids=["4-tables", "15-tables"])
def test_the_projector_fills_a_1920_by_1080_screen(
    browser: Browser,
    alice: User,
    live_server: LiveServer,
    settings: SettingsWrapper,
    pupils: int,
) -> None:
    """No scrollbars, the standings reach down to the foot of the screen, and the type
    is large enough to read from the back of the classroom (at least 28 px)."""
    # The boards' double-dummy analysis is not needed here: leave it queued.
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}
    # Two rounds, so that boards are compared (a one-round Mitchell compares none and is
    # ranked by total points, with a sentence that says so above the list).
    session = running_session(
        alice, pupils=pupils, rounds=2, board_count=pupils // 2, boards_per_round=2, seed="proj"
    )
    play_round(session, 1, {})
    context = browser.new_context(
        base_url=live_server.url, locale="en-GB", viewport={"width": 1920, "height": 1080}
    )
    screen = context.new_page()
    log_in_as(screen, alice, live_server.url)
    screen.goto(f"/sessions/{session.pk}/projector/")
    rows = screen.locator(".projector-list li")
    expect(rows).to_have_count(pupils // 2)
    sizes = screen.evaluate(
        """() => {
            const root = document.documentElement;
            const lists = [...document.querySelectorAll(".projector-list")];
            const row = document.querySelector(".p-row");
            return {
                scrollHeight: root.scrollHeight,
                scrollWidth: root.scrollWidth,
                top: Math.min(...lists.map((l) => l.getBoundingClientRect().top)),
                bottom: Math.max(...lists.map((l) => l.getBoundingClientRect().bottom)),
                font: parseFloat(getComputedStyle(row).fontSize),
                rowWidth: row.getBoundingClientRect().width,
                rowScroll: row.scrollWidth,
            };
        }"""
    )
    assert sizes["scrollHeight"] <= 1080
    assert sizes["scrollWidth"] <= 1920
    assert sizes["bottom"] >= 1080 * 0.95  # the lists reach the foot of the screen
    assert sizes["bottom"] - sizes["top"] >= 1080 * 0.75
    assert sizes["font"] >= 28
    assert sizes["rowScroll"] <= sizes["rowWidth"] + 1  # nothing spills out of a row
    context.close()
