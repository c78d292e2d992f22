"""What the organiser's event page, joining an event and a new event say, checked
against the state that should produce it: the public link others can open, each
school's count from the rows the national results use, one class chosen already,
and a new event's name and days filled in."""

from __future__ import annotations

import datetime
import re
from html import unescape

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone
from pytest_django import Settings as SettingsWrapper

from events.models import Event, EventResult
from events.results.selectors import national_results_with_lines
from minibridge import network
from tests.factories import event_school_session, organiser_event, play_round
from tournaments.models import Pupil, SchoolClass

LAN = "192.168.1.20"


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


@pytest.fixture
def lan(monkeypatch: pytest.MonkeyPatch, settings: SettingsWrapper) -> None:
    monkeypatch.setattr(network, "lan_address", lambda: LAN)
    settings.ALLOWED_HOSTS = ["localhost", "127.0.0.1", "testserver", LAN]
    settings.PUBLIC_URL = ""


def _organiser(event: Event, language: str = "en") -> Client:
    client = Client(HTTP_HOST="127.0.0.1")  # the organiser browses on this computer
    client.force_login(event.organiser.user)
    client.cookies["django_language"] = language
    return client


# --------------------------------------------------------------------------- the public link


@pytest.mark.usefixtures("lan")
def test_the_public_link_is_the_lan_address_not_the_organisers_loopback(db: None) -> None:
    event = organiser_event()
    page = _organiser(event).get(f"/events/organiser/{event.pk}/").content.decode()
    link = re.search(r'data-testid="public-url">([^<]+)<', page)
    assert link is not None
    assert link.group(1) == f"http://{LAN}/events/r/{event.public_token}/"
    assert "127.0.0.1" not in page


@pytest.mark.usefixtures("lan")
def test_the_public_link_is_public_url_when_it_is_set(db: None, settings: SettingsWrapper) -> None:
    settings.PUBLIC_URL = "https://bridge.example.org"
    event = organiser_event()
    page = _organiser(event).get(f"/events/organiser/{event.pk}/").content.decode()
    assert f"https://bridge.example.org/events/r/{event.public_token}/" in page


@pytest.mark.usefixtures("lan")
@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("en", "Other computers cannot open this link yet: this computer is not on a network."),
        ("nb", "Andre datamaskiner kan ikke åpne denne lenken ennå: denne datamaskinen er ikke"),
    ],
)
def test_without_a_network_the_page_says_others_cannot_open_the_link(
    db: None, monkeypatch: pytest.MonkeyPatch, language: str, sentence: str
) -> None:
    monkeypatch.setattr(network, "lan_address", lambda: None)
    event = organiser_event()
    page = _organiser(event, language).get(f"/events/organiser/{event.pk}/").content.decode()
    assert sentence in _text(page)
    assert f'href="/events/r/{event.public_token}/"' in page
    assert "http://127.0.0.1" not in page


# --------------------------------------------------------------------------- the schools' counts


def _schools_rows(page: str) -> list[list[str]]:
    table = page.split('id="schools-heading"', 1)[1].split("</table>", 1)[0]
    return [
        [_text(cell) for cell in re.findall(r"<td>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>", 1)[1], re.S)
    ]


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_school_playing_here_counts_the_rows_the_national_results_have(
    alice: User, language: str
) -> None:
    """The organiser opens the event page before anybody opened the national results:
    the school's boards are counted all the same, with when they changed."""
    event = organiser_event(boards=8)
    session = event_school_session(event, alice, school="North School", pupils=8, rounds=2)
    play_round(session, 1, {})
    page = _organiser(event, language).get(f"/events/organiser/{event.pk}/").content.decode()
    [row] = _schools_rows(page)
    rows = EventResult.objects.filter(school__event=event).count()
    _national, lines = national_results_with_lines(event)
    assert rows == sum(len(board) for board in lines.values()) > 0
    name, source, count, changed = row
    assert name == "North School"
    assert source.startswith("Played on this site" if language == "en" else "Spilt på dette")
    assert count == str(rows)
    assert changed != "—"


def test_the_teachers_school_page_counts_the_same_rows(alice: User, alice_client: Client) -> None:
    event = organiser_event(boards=8)
    session = event_school_session(event, alice, school="North School", pupils=8, rounds=2)
    play_round(session, 1, {})
    school = event.schools.get()
    page = _text(alice_client.get(f"/events/schools/{school.pk}/").content.decode())
    rows = EventResult.objects.filter(school=school).count()
    assert rows > 0
    assert f"Results {rows}" in page


# --------------------------------------------------------------------------- joining


def _class_choice(page: str) -> list[tuple[str, bool]]:
    select = page.split('name="school_class"', 1)[1].split("</select>", 1)[0]
    return [
        (_text(label), "selected" in attrs)
        for attrs, label in re.findall(r"<option([^>]*)>(.*?)</option>", select, re.S)
    ]


def test_a_teacher_with_one_class_finds_it_chosen(
    alice_client: Client, alice_class: SchoolClass
) -> None:
    event = organiser_event()
    page = alice_client.get(f"/events/join/{event.join_code}/").content.decode()
    assert _class_choice(page) == [("—", False), (str(alice_class), True)]


def test_a_teacher_with_two_classes_chooses_one(alice: User, alice_client: Client) -> None:
    first = SchoolClass.objects.create(teacher=alice, name="5A")
    second = SchoolClass.objects.create(teacher=alice, name="5B")
    event = organiser_event()
    page = alice_client.get(f"/events/join/{event.join_code}/").content.decode()
    assert _class_choice(page) == [("—", True), (str(first), False), (str(second), False)]


def test_the_one_class_chosen_joins(alice_client: Client, alice_class: SchoolClass) -> None:
    for n in range(6):
        Pupil.objects.create(school_class=alice_class, first_name=f"Pupil{n}")
    event = organiser_event()
    page = alice_client.get(f"/events/join/{event.join_code}/").content.decode()
    [(chosen, _)] = [(label, on) for label, on in _class_choice(page) if on]
    pk = str(SchoolClass.objects.get(name=chosen).pk)
    response = alice_client.post(
        f"/events/join/{event.join_code}/",
        {"name": "Nordstrand School", "source": "direct", "school_class": pk},
    )
    assert response.status_code == 302
    assert event.schools.get().school_class == alice_class


# --------------------------------------------------------------------------- a new event


def _value(page: str, name: str) -> str:
    found = re.search(rf'<input[^>]*name="{name}"[^>]*>', page)
    assert found is not None, name
    value = re.search(r'value="([^"]*)"', found.group(0))
    return unescape(value.group(1)) if value else ""


@pytest.mark.parametrize(
    ("language", "name"), [("en", "Simultaneous"), ("nb", "Simultanturnering")]
)
def test_a_new_event_offers_a_name_and_a_week_from_today(
    db: None, language: str, name: str
) -> None:
    event = organiser_event()
    page = _organiser(event, language).get("/events/organiser/new/").content.decode()
    today = timezone.localdate()
    assert _value(page, "name") == f"{name} {today.isoformat()}"
    assert _value(page, "starts_on") == today.isoformat()
    assert _value(page, "ends_on") == (today + datetime.timedelta(days=6)).isoformat()
