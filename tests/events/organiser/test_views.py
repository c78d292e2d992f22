"""The organiser's pages: their events, a new event (boards dealt from a seed or
imported), the event's page and new boards while nobody has played them."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from events.models import Event, EventSchool, Organiser
from scoring import dealing
from tests.factories import event_school_session, organiser_event
from tournaments.boards import files as board_files
from tournaments.boards import selectors as board_selectors
from tournaments.boards import services as board_services
from tournaments.models import BoardSet


@pytest.fixture
def organiser(db: None) -> Organiser:
    user = get_user_model().objects.create_user(username="nbf", password="x" * 20)
    return Organiser.objects.create(user=user, name="Norwegian Bridge Federation")


@pytest.fixture
def organiser_client(organiser: Organiser) -> Client:
    client = Client()
    client.force_login(organiser.user)
    return client


def _new_event(**changes: Any) -> dict[str, Any]:
    data = {
        "name": "Spring simultaneous",
        "starts_on": "2026-12-01",
        "ends_on": "2026-12-05",
        "boards": "deal",
        "count": "12",
        "seed": "",
        "scoring_profile": "ebu",
        "convention": "ebu",
    }
    data.update(changes)
    return data


def _pbn(count: int, seed: str) -> bytes:
    user = get_user_model().objects.create_user(username=f"maker-{seed}", password="x" * 20)
    board_set = board_services.board_set_deal(teacher=user, name="made", count=count, seed=seed)
    boards = [board_selectors.board_facts(board) for board in board_set.boards.all()]
    return board_files.board_set_pbn(board_set, boards).encode()


# --------------------------------------------------------------------------- access


@pytest.mark.parametrize("path", ["/events/organiser/", "/events/organiser/new/"])
def test_a_teacher_without_an_organiser_account_gets_404(alice_client: Client, path: str) -> None:
    assert alice_client.get(path).status_code == 404


def test_another_organisers_event_is_404(organiser_client: Client) -> None:
    event = organiser_event()
    assert organiser_client.get(f"/events/organiser/{event.pk}/").status_code == 404
    assert organiser_client.get(f"/events/organiser/{event.pk}/boards.pbn").status_code == 404
    assert organiser_client.get(f"/events/organiser/{event.pk}/boards/").status_code == 404


def test_the_pages_need_a_login(client: Client) -> None:
    response = client.get("/events/organiser/")
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_it_rejects_post_to_the_event_page(db: None) -> None:
    event = organiser_event()
    client = Client()
    client.force_login(event.organiser.user)
    assert client.post(f"/events/organiser/{event.pk}/").status_code == 405


# --------------------------------------------------------------------------- home and nav


def test_an_organiser_sees_the_events_link_and_their_events(db: None) -> None:
    event = organiser_event(name="Winter heat")
    client = Client()
    client.force_login(event.organiser.user)
    home = client.get("/").content.decode()
    assert 'href="/events/organiser/"' in home
    assert "Winter heat" in home
    page = client.get("/events/organiser/").content.decode()
    assert "Winter heat" in page
    assert f'href="/events/organiser/{event.pk}/"' in page


def test_a_teacher_sees_join_an_event_but_no_events_link(alice_client: Client) -> None:
    home = alice_client.get("/").content.decode()
    assert 'href="/events/organiser/"' not in home
    assert 'href="/events/join/"' in home
    assert 'href="/events/schools/"' in home


# --------------------------------------------------------------------------- a new event


def test_a_new_event_deals_its_boards_from_the_seed_given(
    organiser: Organiser, organiser_client: Client
) -> None:
    response = organiser_client.post(
        "/events/organiser/new/", _new_event(seed="spring-2026", convention="acbl")
    )
    event = Event.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/events/organiser/{event.pk}/"
    assert event.organiser == organiser
    assert (event.starts_on, event.ends_on) == (
        datetime.date(2026, 12, 1),
        datetime.date(2026, 12, 5),
    )
    assert event.convention == "acbl"
    assert event.board_set.teacher == organiser.user
    assert event.board_set.seed == "spring-2026"
    # Anybody dealing that seed gets the same boards.
    expected = [board.deal.to_pbn() for board in dealing.deal_boards(12, seed="spring-2026").boards]
    assert list(event.board_set.boards.values_list("deal", flat=True)) == expected


def test_the_event_page_shows_the_code_the_link_the_boards_and_the_seed(
    organiser_client: Client,
) -> None:
    organiser_client.post("/events/organiser/new/", _new_event(seed="spring-2026"))
    event = Event.objects.get()
    page = organiser_client.get(f"/events/organiser/{event.pk}/").content.decode()
    assert f'<p class="join-code" data-testid="join-code">{event.join_code}</p>' in page
    # The link is the address others open (see tests/events/organiser/test_page_truths.py).
    assert f"/events/r/{event.public_token}/" in page
    assert "12 boards" in page
    assert "spring-2026" in page
    assert f'href="/events/organiser/{event.pk}/boards.pbn"' in page
    assert f'href="/events/organiser/{event.pk}/boards/"' in page  # Change the boards
    assert "No school has joined yet" in page


def test_the_boards_download_as_pbn(organiser_client: Client) -> None:
    organiser_client.post("/events/organiser/new/", _new_event(count="6"))
    event = Event.objects.get()
    response = organiser_client.get(f"/events/organiser/{event.pk}/boards.pbn")
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    assert response.content.decode().count("[Deal ") == 6


def test_a_new_event_imports_its_boards_from_a_pbn_file(
    organiser: Organiser, organiser_client: Client
) -> None:
    data = _new_event(boards="import", count="")
    data["file"] = SimpleUploadedFile("spring.pbn", _pbn(8, "file-seed"))
    response = organiser_client.post("/events/organiser/new/", data)
    assert response.status_code == 302
    event = Event.objects.get()
    assert event.board_set.source == BoardSet.Source.IMPORTED
    assert event.board_set.boards.count() == 8
    assert event.board_set.teacher == organiser.user


def test_a_bad_pbn_file_is_refused_and_nothing_is_saved(
    organiser: Organiser, organiser_client: Client
) -> None:
    text = _pbn(4, "bad").decode().replace('[Board "2"]', '[Board "1"]')
    data = _new_event(boards="import")
    data["file"] = SimpleUploadedFile("bad.pbn", text.encode())
    response = organiser_client.post("/events/organiser/new/", data)
    assert response.status_code == 422
    assert 'class="problem-box"' in response.content.decode()
    assert not Event.objects.exists()
    assert not BoardSet.objects.filter(teacher=organiser.user).exists()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"ends_on": "2026-11-20"}, "The last day cannot come before the first day."),
        ({"boards": "import"}, "Choose the PBN file with the event&#x27;s boards."),
        ({"count": ""}, "Say how many boards to deal, or choose a PBN file."),
        ({"count": "65"}, "Ensure this value is less than or equal to 64."),
        ({"name": ""}, "This field is required."),
        ({"starts_on": "soon"}, "Enter a valid date."),
        ({"scoring_profile": "poker"}, "Select a valid choice."),
    ],
)
def test_bad_input_is_refused_plainly_and_nothing_is_saved(
    organiser: Organiser, organiser_client: Client, changes: dict[str, str], message: str
) -> None:
    response = organiser_client.post("/events/organiser/new/", _new_event(**changes))
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Event.objects.exists()
    assert not BoardSet.objects.filter(teacher=organiser.user).exists()


def test_the_new_event_page_in_norwegian(organiser_client: Client) -> None:
    organiser_client.cookies["django_language"] = "nb"
    page = organiser_client.get("/events/organiser/new/").content.decode()
    assert "Ny turnering" in page
    assert "Gi nye spill fra en kode" in page


# --------------------------------------------------------------------------- the boards


def test_the_boards_change_while_no_school_has_played(db: None) -> None:
    event = organiser_event(boards=8, seed="old")
    client = Client()
    client.force_login(event.organiser.user)
    response = client.post(
        f"/events/organiser/{event.pk}/boards/", {"boards": "deal", "count": "10", "seed": "new"}
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.board_set.seed == "new"
    assert event.board_set.boards.count() == 10


def test_the_boards_cannot_change_once_a_school_has_started(alice: User, db: None) -> None:
    event = organiser_event(boards=8, seed="old")
    event_school_session(event, alice, school="North School")
    client = Client()
    client.force_login(event.organiser.user)
    page = client.get(f"/events/organiser/{event.pk}/").content.decode()
    assert f'href="/events/organiser/{event.pk}/boards/"' not in page
    assert "can no longer change" in page
    assert "North School" in page
    assert "Played on this site" in page
    response = client.post(
        f"/events/organiser/{event.pk}/boards/", {"boards": "deal", "count": "10", "seed": "new"}
    )
    assert response.status_code == 422
    assert "can no longer change" in response.content.decode()
    event.refresh_from_db()
    assert event.board_set.seed == "old"
    assert BoardSet.objects.filter(teacher=event.organiser.user).count() == 1


def test_the_event_page_in_norwegian(db: None) -> None:
    event = organiser_event()
    client = Client()
    client.force_login(event.organiser.user)
    client.cookies["django_language"] = "nb"
    page = client.get(f"/events/organiser/{event.pk}/").content.decode()
    assert "Påmeldingskode" in page
    assert "Ingen skole har meldt seg på ennå" in page


def test_an_event_refused_after_its_boards_were_dealt_leaves_no_board_set(
    organiser: Organiser, organiser_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No free join code (every draw taken): the event is refused after its boards were
    dealt, and the boards go with it."""
    taken = organiser_event(username="other-federation")
    monkeypatch.setattr("events.organiser.services.new_join_code", lambda: taken.join_code)
    response = organiser_client.post("/events/organiser/new/", _new_event())
    assert response.status_code == 422
    assert "No free code was found. Try again." in response.content.decode()
    assert Event.objects.count() == 1
    assert not BoardSet.objects.filter(teacher=organiser.user).exists()


def test_the_organiser_can_upload_for_a_school_that_plays_on_its_laptop(
    alice: User, db: None
) -> None:
    event = organiser_event()
    school = EventSchool.objects.create(
        event=event, name="Hill School", teacher=alice, source="pbn"
    )
    client = Client()
    client.force_login(event.organiser.user)
    page = client.get(f"/events/organiser/{event.pk}/").content.decode()
    assert "Uploaded as PBN" in page
    assert f'href="/events/schools/{school.pk}/upload/"' in page
    assert client.get(f"/events/schools/{school.pk}/upload/").status_code == 200
