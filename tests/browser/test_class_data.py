"""A teacher downloads a class's data and deletes a pupil, in real chromium; on a phone
too."""

from __future__ import annotations

import json
import re

from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import log_in_as
from tests.factories import play_round, running_session
from tournaments.models import Pupil, Result
from tournaments.sessions import services as session_services


def test_a_teacher_downloads_the_class_data_and_deletes_a_pupil(
    page: Page,
    alice: User,
    live_server: LiveServer,
) -> None:
    session = running_session(alice, seed="browser privacy")
    for round_ in (1, 2, 3):
        play_round(session, round_, {})
    session_services.session_finish(session=session)
    log_in_as(page, alice, live_server.url)

    page.goto("/")
    page.get_by_role("link", name="8A").click()
    page.get_by_role("link", name="The class’s data").click()
    expect(page.get_by_role("heading", name="The data of 8A")).to_be_visible()

    with page.expect_download() as download_info:
        page.get_by_role("link", name="Download all the class's data (JSON)").click()
    download = download_info.value
    assert download.suggested_filename.startswith("8a-")
    assert download.suggested_filename.endswith(".json")
    with open(download.path(), encoding="utf-8") as file:
        data = json.load(file)
    assert len(data["pupils"]) == 16
    assert len(data["sessions"][0]["results"]) == 24

    with page.expect_download() as download_info:
        page.get_by_role("link", name=re.compile(r"2026: 24 results$")).click()
    assert download_info.value.suggested_filename.endswith(".xlsx")

    # On a phone: the confirmation fits the screen and its buttons are big enough.
    page.set_viewport_size({"width": 360, "height": 740})
    page.get_by_role("link", name="Delete Pupil00").click()
    expect(page.get_by_role("heading", name="Delete Pupil00?")).to_be_visible()
    expect(page.get_by_text("The 6 results of Pupil00’s pairs")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    confirm = page.get_by_role("button", name="Delete Pupil00 for good")
    for control in (confirm, page.get_by_role("link", name="Cancel")):
        box = control.bounding_box()
        assert box is not None
        assert box["height"] >= 44
    confirm.click()

    expect(page.get_by_text("Pupil00 was deleted from 8A.")).to_be_visible()
    expect(page.get_by_role("link", name="Delete Pupil01")).to_be_visible()
    expect(page.get_by_role("link", name="Delete Pupil00")).to_have_count(0)
    assert not Pupil.objects.filter(first_name="Pupil00").exists()
    assert Result.objects.filter(session=session).count() == 24

    page.get_by_role("contentinfo").get_by_role("link", name="What this site stores").click()
    expect(page.get_by_role("heading", name="What this site stores")).to_be_visible()
