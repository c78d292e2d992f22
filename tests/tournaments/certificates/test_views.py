"""The certificates' pages and PDFs: the session's, the league's and the class's; only
their teacher's (another teacher gets 404); bad input answered with the form's message
in the teacher's language, never a 5xx; nobody to print for said plainly."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from tests.factories import league_class, play_round, running_session
from tests.tournaments.certificates.helpers import pdf_pages
from tournaments.leagues import services as league_services
from tournaments.models import League, Pupil, SchoolClass, Session
from tournaments.sessions import services as session_services


@pytest.fixture
def session(alice: User) -> Session:
    session = running_session(alice, seed="views", class_name="6B")
    play_round(session, 1, {})
    return session


@pytest.fixture
def league(alice: User) -> League:
    school_class, partnerships = league_class(alice)
    return league_services.league_create(
        school_class=school_class,
        name="Spring league",
        partnerships=partnerships,
        deals_per_match=3,
        scoring_profile="target",
        evenings=2,
    )


def _urls(session: Session, league: League) -> list[str]:
    return [
        f"/sessions/{session.pk}/certificates/",
        f"/sessions/{session.pk}/certificates/pdf/",
        f"/leagues/{league.pk}/certificates/",
        f"/leagues/{league.pk}/certificates/pdf/",
        f"/classes/{session.school_class_id}/certificates/",
        f"/classes/{session.school_class_id}/certificates/pdf/",
    ]


def test_the_pages_and_their_pdfs(
    session: Session, league: League, alice_client: Client, tmp_path: Path
) -> None:
    for url in _urls(session, league):
        response = alice_client.get(url)
        assert response.status_code == 200, url
        if url.endswith("/pdf/"):
            assert response["Content-Type"] == "application/pdf"
            assert response["Content-Disposition"].startswith("attachment;")
            assert response.content[:5] == b"%PDF-"
        else:
            page = response.content.decode()
            assert "Print the certificates (PDF)" in page
            assert 'action="' + url + 'pdf/"' in page


def test_the_session_page_previews_every_line_and_links_to_it(
    session: Session, alice_client: Client
) -> None:
    page = alice_client.get(f"/sessions/{session.pk}/certificates/").content.decode()
    for pupil in Pupil.objects.filter(sessions_present=session):
        assert str(pupil) in page
    assert "What each certificate says" in page
    assert "1st place" in page
    assert f'href="/sessions/{session.pk}/certificates/"' in (
        alice_client.get(f"/sessions/{session.pk}/").content.decode()
    )


def test_the_league_and_class_pages_link_to_theirs(league: League, alice_client: Client) -> None:
    assert f'href="/leagues/{league.pk}/certificates/"' in (
        alice_client.get(f"/leagues/{league.pk}/").content.decode()
    )
    class_id = league.school_class_id
    assert f'href="/classes/{class_id}/certificates/"' in (
        alice_client.get(f"/classes/{class_id}/").content.decode()
    )


def test_the_pdf_is_made_as_the_form_says(
    session: Session, alice_client: Client, tmp_path: Path
) -> None:
    url = f"/sessions/{session.pk}/certificates/pdf/"
    default = pdf_pages(alice_client.get(url).content, tmp_path)
    none = pdf_pages(alice_client.get(url, {"places": "0"}).content, tmp_path)
    assert len(none) == 16  # one a pupil, no place
    assert len(default) > 16
    first = " ".join(
        pdf_pages(alice_client.get(url, {"names": "first", "places": "1"}).content, tmp_path)
    )
    assert "Pupil00" in first
    letter = alice_client.get(url, {"paper": "letter"})
    assert b"/MediaBox [ 0 0 792 612 ]" in letter.content
    assert b"/MediaBox [ 0 0 841.8898 595.2756 ]" in alice_client.get(url).content


def test_the_certificates_in_norwegian(
    session: Session, alice_client: Client, tmp_path: Path
) -> None:
    alice_client.cookies["django_language"] = "nb"
    with translation.override(None):
        page = alice_client.get(f"/sessions/{session.pk}/certificates/").content.decode()
        assert "Diplomer" in page
        assert "Skriv ut diplomene (PDF)" in page
        pdf = alice_client.get(f"/sessions/{session.pk}/certificates/pdf/").content
    text = " ".join(pdf_pages(pdf, tmp_path))
    assert "Godt spilt!" in text
    assert "1. plass" in text
    assert "Lærerens underskrift" in text


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"places": "99"}, "places"),
        ({"places": "-1"}, "places"),
        ({"places": "x" * 3000}, "places"),
        ({"names": "surnames"}, "names"),
        ({"paper": "A3"}, "paper"),
    ],
)
def test_bad_input_gets_the_forms_message(
    session: Session, alice_client: Client, query: dict[str, str], field: str
) -> None:
    for url in (
        f"/sessions/{session.pk}/certificates/",
        f"/sessions/{session.pk}/certificates/pdf/",
    ):
        response = alice_client.get(url, query)
        assert response.status_code == 422, url
        assert response["Content-Type"].startswith("text/html")
        page = response.content.decode()
        assert "Select a valid choice." in page
        assert "form-error" in page


def test_bad_dates_for_a_term_in_both_languages(session: Session, alice_client: Client) -> None:
    url = f"/classes/{session.school_class_id}/certificates/pdf/"
    assert "Enter a valid date." in alice_client.get(url, {"start": "2026-13-45"}).content.decode()
    backwards = alice_client.get(url, {"start": "2026-12-01", "end": "2026-11-01"})
    assert backwards.status_code == 422
    assert "The last day comes before the first: swap them." in backwards.content.decode()
    alice_client.cookies["django_language"] = "nb"
    with translation.override(None):
        backwards = alice_client.get(url, {"start": "2026-12-01", "end": "2026-11-01"})
        assert "Den siste dagen kommer før den første: bytt dem om." in backwards.content.decode()
        bad = alice_client.get(url, {"places": "99"})
        assert bad.status_code == 422
        assert "Velg et gyldig valg" in bad.content.decode()


def test_nobody_to_print_for_is_said_plainly(alice: User, alice_client: Client) -> None:
    empty = SchoolClass.objects.create(teacher=alice, name="Empty")
    response = alice_client.get(f"/classes/{empty.pk}/certificates/pdf/")
    assert response.status_code == 422
    assert "No certificates yet: the class has no pupils." in response.content.decode()
    page = alice_client.get(f"/classes/{empty.pk}/certificates/")
    assert page.status_code == 200
    assert "No certificates yet" in page.content.decode()


def test_a_term_between_dates(session: Session, alice_client: Client, tmp_path: Path) -> None:
    url = f"/classes/{session.school_class_id}/certificates/pdf/"
    after = alice_client.get(url, {"start": "2026-12-01", "places": "0"})
    assert after.status_code == 200
    pages = pdf_pages(after.content, tmp_path)
    assert len(pages) == 16
    assert all("You were part of the class this term" in page for page in pages)
    during = " ".join(pdf_pages(alice_client.get(url, {"end": "2026-11-29"}).content, tmp_path))
    assert "this term" in during
    assert "Term: Nov. 29, 2026" in during


def test_another_teacher_gets_404(session: Session, league: League, bob_client: Client) -> None:
    for url in _urls(session, league):
        assert bob_client.get(url).status_code == 404, url


def test_a_visitor_is_sent_to_log_in(session: Session, league: League, client: Client) -> None:
    for url in _urls(session, league):
        response = client.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith("/accounts/login/")


def test_a_draft_session_has_no_certificates(alice: User, alice_client: Client) -> None:
    school_class = SchoolClass.objects.create(teacher=alice, name="3C")
    pupils = [Pupil.objects.create(school_class=school_class, first_name=f"P{n}") for n in range(6)]
    draft = session_services.session_create(
        school_class=school_class, present=pupils, date=datetime.date(2026, 12, 1)
    )
    assert alice_client.get(f"/sessions/{draft.pk}/certificates/").status_code == 404
    assert alice_client.get(f"/sessions/{draft.pk}/certificates/pdf/").status_code == 404


def test_it_rejects_post(session: Session, league: League, alice_client: Client) -> None:
    for url in _urls(session, league):
        assert alice_client.post(url).status_code == 405, url


def test_a_league_before_its_first_evening(league: League, alice_client: Client) -> None:
    page = alice_client.get(f"/leagues/{league.pk}/certificates/").content.decode()
    assert "You took part in the league" in page
    assert "Shared 1st place" not in page  # every pair level on nothing: nobody placed yet
    response = alice_client.get(f"/leagues/{league.pk}/certificates/pdf/")
    assert response.status_code == 200


HOSTILE = ["", "-1", str(2**63), "9" * 5000, "nul\x00byte", "bidi\u202espoof", "²", "0000-00-00",
           "9999-12-31", "2026-02-30", "1e999", "x" * 3000]  # fmt: skip


@pytest.mark.parametrize("field", ["places", "names", "paper", "start", "end"])
def test_no_value_of_any_field_brings_an_error_page(
    session: Session, league: League, alice_client: Client, field: str
) -> None:
    for url in _urls(session, league):
        for value in HOSTILE:
            response = alice_client.get(url, {field: value})
            assert response.status_code in (200, 422), (url, value)
        twice = alice_client.get(f"{url}?{field}=1&{field}=2")
        assert twice.status_code in (200, 422), url
