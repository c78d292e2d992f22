"""An event's certificates, printed by its organiser: every pupil of every school, by
first name only, under the event's name and the school; the national ranking's places;
lines from the event's rows and the national matchpoints; nobody else's to see."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from events.certificates import selectors
from events.models import Event, EventPair
from events.results.selectors import first_names, national_results
from scoring.certificates import Scope
from tests.events.results.test_sections import _event_with_field
from tests.factories import event_school_session, organiser_event, play_round
from tests.tournaments.certificates.helpers import analyse_uniformly, negative_words, pdf_pages
from tournaments.labels import certificates as words
from tournaments.printing.certificates import certificates_pdf

SURNAME = "Surname"  # every pupil's surname in event_school_session


@pytest.fixture
def event(alice: User, bob: User) -> Event:
    """Two schools play the event on this site (as in tests/events/results/)."""
    event = organiser_event(boards=12)
    north = event_school_session(event, alice, school="North School", rounds=3)
    south = event_school_session(event, bob, school="South School", pupils=12, rounds=2)
    analyse_uniformly(north, NT=7)
    play_round(north, 1, {(1, 1): ("3NT", 9), (2, 2): ("1S", 9), (1, 2): ("1H", 6)})
    play_round(north, 2, {(2, 3): ("4S", 10), (1, 4): ("1NT", 8)})
    play_round(south, 1, {(1, 1): ("3NT", 10), (2, 2): ("1S", 7)})
    play_round(south, 2, {(1, 3): ("1H", 8)})
    return event


@pytest.fixture
def organiser_client(event: Event) -> Client:
    client = Client()
    client.force_login(event.organiser.user)
    return client


def _pupils(event: Event) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for names, school in EventPair.objects.filter(school__event=event).values_list(
        "names", "school__name"
    ):
        found.setdefault(school, []).extend(first_names(names))
    return found


@pytest.mark.parametrize("language", ["en", "nb"])
def test_every_pupil_of_every_school_has_a_certificate(
    event: Event, tmp_path: Path, language: str
) -> None:
    with translation.override(language):
        certificates = selectors.event_certificates(event, places=3)
        pupils = _pupils(event)
        assert sum(len(names) for names in pupils.values()) == 8 + 12
        assert len(certificates.pupils) == 20
        for school, names in pupils.items():
            mine = [c for c in certificates.pupils if c.title.endswith(f"· {school}")]
            assert sorted(c.name for c in mine) == sorted(names)
        pages = pdf_pages(certificates_pdf(certificates), tmp_path)
        assert len(pages) == len(certificates.places) + 20
        for page in pages:
            assert SURNAME not in page  # first names only, as the event keeps them
            assert "Spring simultaneous · " in page
            assert words.signature_text(organiser=True) in page
            assert negative_words(page) == [], page
        for certificate in certificates.pupils:
            assert certificate.achievement is not None
            assert certificate.achievement.scope is Scope.EVENT
            assert certificate.line
        if language == "nb":
            assert "Arrangørens underskrift" in pages[0]


def test_the_places_are_the_national_rankings(event: Event) -> None:
    certificates = selectors.event_certificates(event, places=2)
    national = national_results(event)
    names = dict(EventPair.objects.filter(school__event=event).values_list("pk", "names"))
    expected = sorted(
        (int(pair.place.rstrip("=")), name)
        for pair in national.pairs
        if int(pair.place.rstrip("=")) <= 2
        for name in first_names(names[pair.pair])
    )
    assert sorted((c.place or 0, c.name) for c in certificates.places) == expected
    for certificate in certificates.places:
        assert certificate.line.startswith("with ")
        assert certificate.line.endswith(f" · Out of {len(national.pairs)} pairs")
        assert certificate.title.startswith("Spring simultaneous · ")


def test_the_pages_for_the_organiser_only(
    event: Event, organiser_client: Client, alice_client: Client, tmp_path: Path
) -> None:
    page = organiser_client.get(f"/events/{event.pk}/certificates/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "First names only, as the event keeps them." in html
    assert 'name="names"' not in html  # no choice of names: the event has first names only
    assert f'href="/events/{event.pk}/certificates/"' in (
        organiser_client.get(f"/events/organiser/{event.pk}/").content.decode()
    )
    assert f'href="/events/{event.pk}/certificates/"' in (
        organiser_client.get(f"/events/{event.pk}/national/").content.decode()
    )
    pdf = organiser_client.get(f"/events/{event.pk}/certificates/pdf/", {"names": "full"})
    assert pdf.status_code == 200
    assert pdf["Content-Disposition"] == (
        'attachment; filename="spring-simultaneous-certificates.pdf"'
    )
    assert SURNAME not in " ".join(pdf_pages(pdf.content, tmp_path))
    bad = organiser_client.get(f"/events/{event.pk}/certificates/pdf/", {"places": "99"})
    assert bad.status_code == 422
    assert "Select a valid choice." in bad.content.decode()
    # A teacher of a school in it, and another organiser, get nothing.
    for url in (f"/events/{event.pk}/certificates/", f"/events/{event.pk}/certificates/pdf/"):
        assert alice_client.get(url).status_code == 404
    other = organiser_event(username="another", seed="another", name="Another")
    stranger = Client()
    stranger.force_login(other.organiser.user)
    assert stranger.get(f"/events/{event.pk}/certificates/").status_code == 404


def test_an_event_without_results_says_so(db: None) -> None:
    event = organiser_event(boards=4)
    client = Client()
    client.force_login(event.organiser.user)
    response = client.get(f"/events/{event.pk}/certificates/pdf/")
    assert response.status_code == 422
    assert "No certificates yet: no school has results in the event yet." in (
        response.content.decode()
    )


def test_a_school_prints_its_own_pupils_from_its_session(
    event: Event, alice: User, alice_client: Client, tmp_path: Path
) -> None:
    """The school's teacher prints from the session's page: the school's own places and
    full names (the teacher's own paper), under the event's name."""
    session = alice.school_classes.get(name="North School class").sessions.get()
    response = alice_client.get(f"/sessions/{session.pk}/certificates/pdf/")
    assert response.status_code == 200
    pages = pdf_pages(response.content, tmp_path)
    assert len([page for page in pages if "Well played!" in page]) == 8
    assert all("Spring simultaneous · North School class" in page for page in pages)
    assert all(SURNAME in page for page in pages)


@pytest.mark.parametrize("language", ["en", "nb"])
def test_an_event_with_sections_honours_each_sections_places(alice: User, language: str) -> None:
    """With sections, the places are each section's (the national ranking ranked again
    within it, as the results pages show them), each under its section's name and size;
    the page says so."""
    event = _event_with_field(alice, {"Ask": "Years 5–6", "Berg": "Years 7–8", "Dal": "Years 5–6"})
    with translation.override(language):
        certificates = selectors.event_certificates(event, places=2)
    assert certificates.by_section
    got = sorted((c.place, c.name, c.line.rsplit(" · ", 2)[-2:]) for c in certificates.places)
    out_of = {"en": "Out of {} pairs", "nb": "Av {} par"}[language]
    y56 = ["Years 5–6", out_of.format(4)]
    y78 = ["Years 7–8", out_of.format(2)]
    # Years 5–6: Ask's N–S 1st, both of Dal's pairs 2nd= (Ask's E–W 4th is not honoured);
    # Years 7–8: Berg's E–W 1st and N–S 2nd (3rd= and 5th= nationally).
    assert got == sorted(
        [
            (1, "Aska", y56),
            (1, "Kari", y56),
            (2, "Dala", y56),
            (2, "Kari", y56),
            (2, "Dalb", y56),
            (2, "Per", y56),
            (1, "Bergb", y78),
            (1, "Per", y78),
            (2, "Berga", y78),
            (2, "Kari", y78),
        ]
    )
    client = Client()
    client.force_login(event.organiser.user)
    html = client.get(f"/events/{event.pk}/certificates/").content.decode()
    assert "placed in their section’s ranking" in html
    assert "placed in the national ranking" not in html
