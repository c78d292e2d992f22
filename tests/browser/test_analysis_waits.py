"""A session started on freshly dealt boards, in real chromium with the real queue: the
teacher's page shows the analysis' progress, a table's page first says the analysis is
running, and once the background worker has done the job both fill in by themselves,
without a reload."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import Browser, Page, expect
from pytest_django import Settings as SettingsWrapper
from pytest_django.live_server_helper import LiveServer

from tests.browser.classroom import enter_a_result
from tests.browser.conftest import log_in_as
from tests.factories import board_set_id, board_set_of, running_session
from tournaments.models import BoardSet


def test_the_line_waits_for_the_analysis_and_fills_in_by_itself(
    page: Page,
    browser: Browser,
    alice: User,
    live_server: LiveServer,
    settings: SettingsWrapper,
) -> None:
    # The real queue: nothing is analysed until a worker takes the job.
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    session = running_session(alice, seed="browser-analysis")
    assert board_set_of(session).analysis == BoardSet.Analysis.QUEUED
    table = session.tables.order_by("number").first()
    assert table is not None

    log_in_as(page, alice, live_server.url)
    page.goto(f"/sessions/{session.pk}/")
    expect(page.get_by_text("Analysing the cards: 0 of 8 boards")).to_be_visible()
    expect(page.get_by_role("progressbar")).to_be_visible()

    tablet = browser.new_context(
        base_url=live_server.url, locale="en-GB", viewport={"width": 800, "height": 1100}
    ).new_page()
    tablet.set_default_timeout(10_000)
    tablet.goto(f"/t/{table.token}/")
    enter_a_result(tablet, "NT", 7)
    line = tablet.locator(".feedback-line").first
    expect(line).to_have_text(
        "What the cards allowed: The cards are being analysed. "
        "The answer shows here by itself in a moment."
    )
    expect(tablet.locator(".traveller td.feedback").first).to_have_text("Being analysed…")
    expect(tablet.get_by_text("The cards are not analysed yet")).to_have_count(0)

    # The worker runs while both pages keep polling on their own.
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    assert BoardSet.objects.get(pk=board_set_id(session)).analysis == BoardSet.Analysis.DONE

    expect(line).not_to_contain_text("being analysed", timeout=15_000)
    expect(line).to_contain_text("What the cards allowed:")
    expect(tablet.get_by_text("Being analysed…")).to_have_count(0)
    expect(tablet.get_by_text("The cards are not analysed yet")).to_have_count(0)
    # The next board's panel is still there, untouched.
    expect(tablet.locator('button[name="save"]')).to_be_visible()

    expect(page.get_by_role("progressbar")).to_have_count(0, timeout=15_000)
    expect(
        page.get_by_text("The cards are analysed: the tables see what the cards allowed.")
    ).to_be_visible()
    tablet.context.close()
