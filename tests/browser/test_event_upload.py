"""A teacher uploads the results of two schools to an event in real chromium: the
site's own PBN export for one, a USEBIO file for the other, and a file from other
boards that is refused with the board named."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from events.models import EventSchool
from events.schools.services import school_join
from tests.browser.classroom import set_language
from tests.browser.conftest import log_in_as
from tests.browser.test_accessibility import axe_violations
from tests.events.schools.test_uploads import pbn_export, played_on_a_laptop, usebio_file
from tests.factories import organiser_event


def test_a_teacher_uploads_a_pbn_and_a_usebio_file_for_two_schools(
    page: Page,
    alice: User,
    alice_client: Client,
    live_server: LiveServer,
    tmp_path: Path,
) -> None:
    event = organiser_event(boards=8, seed="event")
    north = school_join(event=event, teacher=alice, name="Nord skole")
    south = school_join(event=event, teacher=alice, name="Syd skole")
    pbn = tmp_path / "7A.pbn"
    pbn.write_bytes(pbn_export(played_on_a_laptop(alice), alice_client))
    usebio = tmp_path / "syd.xml"
    usebio.write_bytes(usebio_file(event))
    wrong = tmp_path / "other-boards.pbn"
    wrong.write_bytes(pbn_export(played_on_a_laptop(alice, seed="another"), alice_client))
    log_in_as(page, alice, live_server.url)

    page.goto(f"/events/schools/{north.pk}/upload/")
    expect(page.get_by_role("heading", name="Upload results: Nord skole")).to_be_visible()
    expect(page.get_by_text("The event has no results from this school yet.")).to_be_visible()
    found = axe_violations(page, "upload page")
    page.get_by_label("Results file").set_input_files(str(pbn))
    page.get_by_role("button", name="Upload").click()
    expect(page.get_by_role("status")).to_contain_text("Taken: 8 boards, 24 results.")
    expect(page.get_by_text("The event has 24 results from this school")).to_be_visible()
    found += axe_violations(page, "file taken")
    # The same file again: nothing changes, and the page says so.
    page.get_by_label("Results file").set_input_files(str(pbn))
    page.get_by_role("button", name="Upload").click()
    expect(page.get_by_role("status")).to_contain_text(
        "Nothing changed: this is the file you sent before."
    )

    page.goto(f"/events/schools/{south.pk}/upload/")
    page.get_by_label("Results file").set_input_files(str(wrong))
    page.get_by_role("button", name="Upload").click()
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("The file was not taken, and nothing was changed:")
    expect(alert).to_contain_text("Board 1 in the file has other cards than the event's board 1")
    expect(page.get_by_text("The event has no results from this school yet.")).to_be_visible()
    found += axe_violations(page, "file refused")
    page.get_by_label("Results file").set_input_files(str(usebio))
    page.get_by_role("button", name="Upload").click()
    expect(page.get_by_role("status")).to_contain_text("Taken: 4 boards, 8 results.")

    assert EventSchool.objects.get(pk=north.pk).source == EventSchool.Source.PBN
    assert EventSchool.objects.get(pk=south.pk).source == EventSchool.Source.USEBIO
    assert south.results.count() == 8
    assert found == [], "axe found:\n" + "\n".join(found)


def test_the_upload_page_in_norwegian(
    page: Page,
    alice: User,
    live_server: LiveServer,
    tmp_path: Path,
) -> None:
    event = organiser_event(boards=8, seed="event")
    school = school_join(event=event, teacher=alice, name="Nord skole")
    usebio = tmp_path / "nord.xml"
    usebio.write_bytes(usebio_file(event))
    no_deals = tmp_path / "uten-kort.xml"
    no_deals.write_bytes(usebio_file(event, deals=False))
    set_language(page, "nb", live_server.url)
    log_in_as(page, alice, live_server.url)
    page.goto(f"/events/schools/{school.pk}/upload/")
    expect(page.get_by_role("heading", name="Last opp resultater: Nord skole")).to_be_visible()
    page.get_by_label("Resultatfil").set_input_files(str(no_deals))
    page.get_by_role("button", name="Last opp").click()
    expect(page.get_by_role("alert")).to_contain_text("Filen har ingen kort")
    found = axe_violations(page, "refused (nb)")
    page.get_by_label("Resultatfil").set_input_files(str(usebio))
    page.get_by_role("button", name="Last opp").click()
    expect(page.get_by_role("status")).to_contain_text("Tatt inn: 4 spill, 8 resultater.")
    assert found == [], "axe found:\n" + "\n".join(found)
