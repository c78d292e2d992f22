"""Two tablets enter a whole round through their tables' links while the teacher's grid
fills in by itself; then the teacher corrects a result and sees it in the history."""

from __future__ import annotations

from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import log_in_as
from tests.factories import running_session
from tournaments.models import Result


def enter(tablet: Page, strain: str, level: str, tricks: str) -> None:
    """Four taps: strain, part-score/game, tricks, Save."""
    tablet.get_by_role("radio", name=strain).check()
    tablet.get_by_role("radio", name=level).check()
    tablet.get_by_role("radio", name=tricks, exact=True).check()
    expect(tablet.locator(".score-preview")).to_contain_text("+")
    tablet.get_by_role("button", name="Save").click()


def test_two_tablets_enter_a_round_and_the_grid_turns_complete(
    page: Page,
    browser: Browser,
    alice: User,
    live_server: LiveServer,
) -> None:
    session = running_session(alice, seed="browser")
    log_in_as(page, alice, live_server.url)
    page.goto(f"/sessions/{session.pk}/")
    expect(page.locator('#grid [data-status="missing"]')).to_have_count(8)

    tablets = []
    for _ in range(2):
        context = browser.new_context(
            base_url=live_server.url, viewport={"width": 800, "height": 1100}
        )
        tablets.append(context.new_page())
    tables = list(session.tables.order_by("number"))
    # Tablet A serves tables 1 and 2, tablet B tables 3 and 4, taking turns.
    for pair_of_tables in ((tables[0], tables[2]), (tables[1], tables[3])):
        for tablet, table in zip(tablets, pair_of_tables, strict=True):
            tablet.goto(f"/t/{table.token}/")
            expect(
                tablet.get_by_role("heading", name=f"Table {table.number} · Round 1 of 3")
            ).to_be_visible()
        for board_index in range(2):
            for tablet in tablets:
                enter(tablet, "No trumps", "Part-score", "8" if board_index else "7")
                expect(
                    tablet.get_by_text("How the other tables did").nth(board_index)
                ).to_be_visible()
        for tablet in tablets:
            expect(tablet.get_by_text("When the round is over")).to_be_visible()

    # The teacher's page was never reloaded: htmx fills the grid in.
    expect(page.locator('#grid [data-status="entered"]')).to_have_count(8, timeout=15_000)
    assert Result.objects.filter(session=session).count() == 8

    # A correction shows in the board's history.
    page.locator('#grid [data-status="entered"]').first.click()
    page.get_by_role("radio", name="9", exact=True).check()
    page.get_by_role("button", name="Save").click()
    # Back on the grid it came from; the board's history has the correction.
    expect(page.get_by_role("heading", name="Results this round")).to_be_visible()
    page.goto(f"/sessions/{session.pk}/boards/1/")
    expect(page.get_by_role("heading", name="Corrections and flags")).to_be_visible()
    expect(page.locator(".history")).to_contain_text(
        "alice changed table 1 from “1NT 7” to “1NT 9”"
    )

    for tablet in tablets:
        tablet.context.close()


def test_taps_ask_nothing_and_a_save_brings_the_next_board_in_one_request(
    page: Page,
    alice: User,
    live_server: LiveServer,
) -> None:
    """The score shows as the answers are tapped, from the scores the panel carries; the
    save's one answer is the next board; and when the teacher starts the next round the
    table's page moves on by itself (its round check revalidated with an ETag)."""
    from tournaments.sessions import services as session_services

    session = running_session(alice, seed="browser-requests")
    table = session.tables.get(number=1)
    page.goto(f"/t/{table.token}/")
    expect(page.get_by_role("heading", name="Board 1", exact=True)).to_be_visible()
    sent: list[str] = []
    page.on("request", lambda request: sent.append(f"{request.method} {request.url}"))
    page.get_by_role("radio", name="Spades").check()
    page.get_by_role("radio", name="Game").check()
    page.get_by_role("radio", name="10", exact=True).check()
    expect(page.locator(".score-preview")).to_contain_text("+420")
    page.get_by_role("radio", name="9", exact=True).check()
    expect(page.locator(".score-preview")).to_contain_text("+50")
    assert sent == []  # the taps asked the server nothing
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", name="Board 2", exact=True)).to_be_visible()
    expect(page.get_by_text("How the other tables did")).to_be_visible()
    assert [line.split("?")[0] for line in sent] == [
        f"POST {live_server.url}/t/{table.token}/boards/1/"
    ]
    enter(page, "No trumps", "Part-score", "7")
    expect(page.get_by_text("When the round is over")).to_be_visible()
    session_services.session_change_round(session=session, step=1, from_round=1)
    expect(page.get_by_role("heading", name="Table 1 · Round 2 of 3")).to_be_visible(timeout=15_000)
