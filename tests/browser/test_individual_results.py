"""The teacher reads an individual session's results (issue 19), in real chromium:
the standings rank pupils, a pupil's score card names each board's seat, partner and
opponents, the board's traveller shows that round's partnerships, the projector first
names. Every page is also checked for CSP violations (conftest)."""

from __future__ import annotations

from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import log_in_as
from tests.factories import individual_session
from tournaments.models import Pupil
from tournaments.results import services as result_services
from tournaments.standings.selectors import session_standings

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Fi", "Gus", "Hal"]


def test_the_teacher_reads_an_individual_sessions_results(
    page: Page,
    alice: User,
    live_server: LiveServer,
) -> None:
    session = individual_session(alice, names=NAMES, rounds=1)
    Pupil.objects.filter(first_name="Fi").update(last_name="Hansen")
    Pupil.objects.filter(first_name="Di").update(last_name="Berg")
    tables = {table.number: table for table in session.tables.all()}
    # Round 1: table 1 is N Fi (6), E Hal (8), S Di (4), W Gus (7).
    for number in (1, 2):
        result_services.result_record(
            table=tables[1], board_number=number, contract="1NT", tricks_won=8
        )
        result_services.result_record(
            table=tables[2], board_number=number, contract="1NT", tricks_won=6
        )
    fi = next(
        row for row in session_standings(session).rankings[0].rows if row.pair.names == "Fi Hansen"
    )

    log_in_as(page, alice, live_server.url)
    page.goto(f"/sessions/{session.pk}/standings/")
    table = page.locator(".standings-table")
    expect(table.get_by_role("columnheader", name="Pupil")).to_be_visible()
    expect(table.get_by_role("columnheader", name="Pair")).to_have_count(0)
    expect(table.locator("tbody tr")).to_have_count(8)
    row = table.locator("tbody tr", has_text="Fi Hansen")
    expect(row).to_contain_text(f"{fi.percentage:.2f}")

    row.get_by_role("link", name="6").click()
    expect(page.get_by_role("heading", name="Score card: Fi Hansen")).to_be_visible()
    first = page.locator("tbody tr").first
    for cell in ("North", "Di Berg", "Hal & Gus"):
        expect(first).to_contain_text(cell)

    first.get_by_role("link", name="1", exact=True).click()
    expect(page.get_by_role("heading", name="Board 1")).to_be_visible()
    expect(page.locator("tbody tr").first).to_contain_text("6 & 4")
    expect(page.locator("tbody tr").first).to_contain_text("Fi Hansen & Di Berg")

    page.goto(f"/sessions/{session.pk}/projector/")
    expect(page.locator(".projector-list li")).to_have_count(8)
    expect(page.locator(".projector-list")).to_contain_text("Fi")
    expect(page.locator(".projector-list")).not_to_contain_text("Hansen")
