"""An organiser has the event booklet made, watches it being made and downloads it, in
real chromium with the real task queue (the worker run by the test)."""

from __future__ import annotations

import io

from django.core.management import call_command
from playwright.sync_api import Page, expect
from pypdf import PdfReader
from pytest_django import Settings as SettingsWrapper
from pytest_django.live_server_helper import LiveServer

from events.models import EventBooklet
from tests.browser.classroom import set_language
from tests.browser.conftest import log_in_as
from tests.browser.test_accessibility import axe_violations
from tests.factories import organiser_event


def test_an_organiser_makes_and_downloads_the_booklet(
    page: Page,
    live_server: LiveServer,
    settings: SettingsWrapper,
) -> None:
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    event = organiser_event(boards=4)
    log_in_as(page, event.organiser.user, live_server.url)
    page.goto(f"/events/{event.pk}/booklet/")
    expect(page.get_by_role("heading", name="Event booklet")).to_be_visible()
    found = axe_violations(page, "booklet to make")
    page.get_by_role("button", name="Make the booklet").click()

    # Queued: the page shows its progress and polls until a worker has made it.
    expect(page.get_by_text("Being made… 0 of 4 boards")).to_be_visible()
    expect(page.get_by_role("progressbar")).to_be_visible()
    expect(page.get_by_role("button", name="Make the booklet")).to_have_count(0)
    found += axe_violations(page, "booklet being made")
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    assert EventBooklet.objects.get().status == EventBooklet.Status.DONE
    expect(page.get_by_role("progressbar")).to_have_count(0, timeout=15_000)
    link = page.get_by_role("link", name="Download the booklet (PDF)")
    expect(link).to_be_visible()
    expect(page.get_by_text("keep it to yourself until the event is over")).to_be_visible()
    found += axe_violations(page, "booklet ready")

    with page.expect_download() as download_info:
        link.click()
    download = download_info.value
    assert download.suggested_filename == "spring-simultaneous-booklet.pdf"
    path = download.path()
    text = "".join(page_.extract_text() for page_ in PdfReader(io.BytesIO(path.read_bytes())).pages)
    assert "Event booklet" in text
    assert text.count("Across the event:") == 4
    assert "Why:" in text

    # The page in Norwegian: the booklet was made in English, so it offers another.
    set_language(page, "nb", live_server.url)
    page.reload()
    expect(page.get_by_role("heading", name="Turneringshefte")).to_be_visible()
    expect(page.get_by_role("button", name="Lag heftet på nytt")).to_be_visible()
    found += axe_violations(page, "booklet in Norwegian")
    assert found == [], "axe found:\n" + "\n".join(found)
