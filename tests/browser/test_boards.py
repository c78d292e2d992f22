"""A teacher deals a board set, watches the analysis finish, opens a board and
downloads its PDF, in real chromium with the real background worker."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import Page, expect
from pytest_django import Settings as SettingsWrapper
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import log_in_as
from tournaments.models import BoardSet


def test_it_deals_analyses_and_prints_a_set(
    page: Page,
    alice: User,
    live_server: LiveServer,
    settings: SettingsWrapper,
) -> None:
    # The real queue: the page must show progress until a worker has done the job.
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    log_in_as(page, alice, live_server.url)
    page.goto("/")
    page.get_by_role("link", name="Boards").click()
    expect(page.get_by_text("You have no boards yet.")).to_be_visible()
    page.get_by_role("link", name="Deal your first set").click()

    page.get_by_label("Name").fill("Week 3")
    page.get_by_label("Number of boards").fill("8")
    page.get_by_label("Kind of deals").select_option(
        label="Game is likely (the declaring side has 25 points or more)"
    )
    page.get_by_role("button", name="Deal the boards").click()

    expect(page.get_by_role("heading", name="Week 3")).to_be_visible()
    expect(page.get_by_text("Working out the best contracts: 0 of 8 boards")).to_be_visible()
    expect(page.get_by_role("progressbar")).to_be_visible()
    # Slips with the answers are not offered yet: the button shows the progress.
    expect(page.get_by_text("Board slips with the answers (A4): Working out")).to_be_visible()
    expect(page.get_by_role("link", name="Board slips with the answers (A4)")).to_have_count(0)
    with page.expect_download() as download_info:
        page.get_by_role("link", name="Board slips without the answers (A4)").click()
    assert download_info.value.suggested_filename == "week-3-slips-without-answers.pdf"
    # Boards can be looked at before the analysis is done.
    expect(page.get_by_role("link", name="Board 8")).to_be_visible()

    # The worker runs while the page keeps polling on its own.
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    assert BoardSet.objects.get().analysis == BoardSet.Analysis.DONE
    expect(page.get_by_role("progressbar")).to_have_count(0, timeout=15_000)
    expect(page.locator("#boards tbody tr").first).to_contain_text("tricks")
    # …and the slips with the answers are offered at once, without a reload.
    expect(page.get_by_role("link", name="Board slips with the answers (A4)")).to_be_visible()

    page.get_by_role("link", name="Board 2").click()
    expect(page.get_by_role("heading", name="Board 2")).to_be_visible()
    expect(page.get_by_text("Dealer: East")).to_be_visible()
    expect(page.get_by_role("group", name="The four hands")).to_contain_text("Declarer")
    expect(page.get_by_role("table")).to_contain_text("No trumps")
    expect(page.get_by_text("Best contract:")).to_be_visible()

    page.get_by_role("link", name="Week 3").click()
    with page.expect_download() as download_info:
        page.get_by_role("link", name="Board slips with the answers (A4)").click()
    download = download_info.value
    assert download.suggested_filename == "week-3-slips.pdf"
    with open(download.path(), "rb") as pdf:
        assert pdf.read(5) == b"%PDF-"
