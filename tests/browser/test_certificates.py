"""A teacher finds the certificates on a finished session's page, chooses first names
only and two places, and downloads the PDF; and from the class's page the term's; an
event's organiser prints the event's; in real chromium, in English and in Norwegian,
axe finding nothing on the new pages."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.classroom import Classroom, set_language, visit
from tests.browser.conftest import log_in_as
from tests.browser.test_accessibility import axe_violations
from tests.factories import event_school_session, organiser_event, play_round
from tests.tournaments.certificates.helpers import negative_words, pdf_pages
from tournaments.models import Pupil

# What this checks is the page: .ci/run's PostgreSQL run leaves it out (pyproject's
# `screen` marker).
pytestmark = pytest.mark.screen

WORDS = {
    "en": {
        "certificates": "Certificates",
        "print": "Print the certificates (PDF)",
        "first names": "First names only",
        "places": "Place certificates",
        "two places": "1st and 2nd places",
        "heading": "Well played!",
        "first place": "1st place",
        "term": "Minibridge · 6B · Term: ",
    },
    "nb": {
        "certificates": "Diplomer",
        "print": "Skriv ut diplomene (PDF)",
        "first names": "Bare fornavn",
        "places": "Plassdiplomer",
        "two places": "1. og 2. plass",
        "heading": "Godt spilt!",
        "first place": "1. plass",
        "term": "Minibridge · 6B · Semester: ",
    },
}


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_teacher_prints_a_sessions_and_a_terms_certificates(
    page: Page, classroom: Classroom, live_server: LiveServer, tmp_path: Path, language: str
) -> None:
    words = WORDS[language]
    set_language(page, language, live_server.url)
    log_in_as(page, classroom.teacher, live_server.url)
    visit(page, f"/sessions/{classroom.finished.pk}/")
    page.get_by_role("link", name=words["certificates"], exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(words["certificates"])
    found = axe_violations(page, f"session certificates ({language})")

    present = list(Pupil.objects.filter(sessions_present=classroom.finished))
    table = page.locator("#pupils-heading + .table-wrap tbody tr")
    expect(table).to_have_count(len(present))
    page.get_by_label(words["places"]).select_option(label=words["two places"])
    page.get_by_label(words["first names"]).check()
    with page.expect_download() as download_info:
        page.get_by_role("button", name=words["print"]).click()
    download = download_info.value
    assert download.suggested_filename == "6b-2026-11-22-certificates.pdf"
    pages = pdf_pages(download.path().read_bytes(), tmp_path)
    pupil_pages = [text for text in pages if words["heading"] in text]
    assert len(pupil_pages) == len(present)
    for pupil in present:
        assert pupil.last_name not in " ".join(pages)  # first names only, as chosen
        assert any(f" {pupil.first_name} " in f" {text} " for text in pupil_pages), pupil
    assert words["first place"] in pages[0]
    assert all(negative_words(text) == [] for text in pages)

    # A value no form offers: the page again, with the form's message.
    page.goto(f"/sessions/{classroom.finished.pk}/certificates/pdf/?places=99")
    expect(page.locator(".form-error")).to_be_visible()
    found += axe_violations(page, f"certificates, wrong places ({language})")

    # The class's page: the term's certificates.
    visit(page, f"/classes/{classroom.school_class.pk}/")
    page.get_by_role("link", name=words["certificates"], exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(classroom.school_class.name)
    found += axe_violations(page, f"term certificates ({language})")
    with page.expect_download() as download_info:
        page.get_by_role("button", name=words["print"]).click()
    term = pdf_pages(download_info.value.path().read_bytes(), tmp_path)
    every_pupil = Pupil.objects.filter(school_class=classroom.school_class).count()
    assert len([text for text in term if words["heading"] in text]) == every_pupil
    assert all(words["term"] in text for text in term)
    assert found == [], "axe found:\n" + "\n".join(found)


@pytest.mark.parametrize("language", ["en", "nb"])
def test_an_organiser_prints_an_events_certificates(
    page: Page, alice: User, live_server: LiveServer, tmp_path: Path, language: str
) -> None:
    words = WORDS[language]
    event = organiser_event(boards=8)
    school = event_school_session(event, alice, school="North School", rounds=3)
    play_round(school, 1, {(1, 1): ("3NT", 9)})
    play_round(school, 2, {})
    set_language(page, language, live_server.url)
    log_in_as(page, event.organiser.user, live_server.url)
    visit(page, f"/events/organiser/{event.pk}/")
    page.get_by_role("link", name=words["certificates"], exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(event.name)
    found = axe_violations(page, f"event certificates ({language})")
    with page.expect_download() as download_info:
        page.get_by_role("button", name=words["print"]).click()
    pages = pdf_pages(download_info.value.path().read_bytes(), tmp_path)
    assert len([text for text in pages if words["heading"] in text]) == 8
    assert all("Surname" not in text and "North School" in text for text in pages)
    assert found == [], "axe found:\n" + "\n".join(found)
