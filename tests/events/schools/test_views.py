"""A teacher joins an event with its code: here, on this site (who is here, then the
usual wizard on the event's boards and scoring), or on the school's own laptop (the
boards to download, then an upload); and the teacher's own events."""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from events.models import Event, EventSchool
from tests.factories import organiser_event
from tests.narrow import found
from tournaments.models import Pupil, SchoolClass, Session
from tournaments.sessions import services as session_services


@pytest.fixture
def event(db: None) -> Event:
    # Scored under ACBL's convention, so keeping it is not the default by chance.
    event = organiser_event(boards=8, seed="join")
    event.convention = "acbl"
    event.scoring_profile = "lesson"
    event.save()
    return event


def _class(teacher: Any, pupils: int = 8) -> SchoolClass:
    school_class = SchoolClass.objects.create(teacher=teacher, name="6B")
    for n in range(pupils):
        Pupil.objects.create(school_class=school_class, first_name=f"Pupil{n}", last_name="Hansen")
    return school_class


def _spaced(code: str) -> str:
    """The code as a teacher might type it: small letters, a dash in the middle."""
    return f"{code[:4].lower()}-{code[4:].lower()} "


# --------------------------------------------------------------------------- the code


def test_the_code_is_found_however_it_is_typed(alice_client: Client, event: Event) -> None:
    response = alice_client.post("/events/join/", {"code": _spaced(event.join_code)})
    assert response.status_code == 302
    assert response["Location"] == f"/events/join/{event.join_code}/"


def test_a_wrong_code_says_so(alice_client: Client, event: Event) -> None:
    response = alice_client.post("/events/join/", {"code": "NOPE-NOPE"})
    assert response.status_code == 422
    assert "No event has this code." in response.content.decode()
    assert alice_client.get("/events/join/NOPENOPE/").status_code == 404


def test_the_event_is_shown_before_joining(alice_client: Client, event: Event) -> None:
    page = alice_client.get(f"/events/join/{event.join_code}/").content.decode()
    for text in [
        "Spring simultaneous",
        "Minibridge Federation",
        "Nov. 30, 2026",
        "Dec. 4, 2026",
        "Lesson: part-scores only",
        "1 point for each pair beaten",
    ]:
        assert text in page
    assert re.search(r"<dt>Boards</dt><dd>8</dd>", page)


def test_the_join_pages_need_a_login(client: Client, event: Event) -> None:
    assert client.get("/events/join/").status_code == 302
    assert client.get(f"/events/join/{event.join_code}/").status_code == 302


# --------------------------------------------------------------------------- here, on this site


def test_a_class_joins_and_plays_the_events_boards_with_its_scoring(
    alice: User, alice_client: Client, event: Event
) -> None:
    school_class = _class(alice)
    response = alice_client.post(
        f"/events/join/{event.join_code}/",
        {"name": "Nordstrand School", "source": "direct", "school_class": school_class.pk},
    )
    school = EventSchool.objects.get()
    assert (school.name, school.source, school.school_class) == (
        "Nordstrand School",
        "direct",
        school_class,
    )
    assert response["Location"] == f"/events/schools/{school.pk}/present/"
    # Who is here: everybody but one ticked pupil left out.
    page = alice_client.get(response["Location"]).content.decode()
    assert "Who is here today?" in page
    assert "Individual" not in page  # pairs only
    present = list(school_class.pupils.values_list("pk", flat=True))[:6]
    response = alice_client.post(f"/events/schools/{school.pk}/present/", {"present": present})
    school.refresh_from_db()
    session = school.session
    assert session is not None
    assert response["Location"] == f"/sessions/{session.pk}/pairs/"
    assert session.state == Session.State.DRAFT
    assert session.present.count() == 6
    # The set-up offers the event's boards only, and shows its scoring.
    page = alice_client.get(f"/sessions/{session.pk}/setup/").content.decode()
    assert "Event: Spring simultaneous" in page
    assert f'<input type="hidden" name="board_set" value="{event.board_set_id}"' in page
    assert 'name="scoring_profile"' not in page
    assert 'name="convention"' not in page
    assert "Deal a new set now" not in page
    assert "Lesson: part-scores only" in page
    # Whatever is sent, the session plays the event's boards under its scoring.
    response = alice_client.post(
        f"/sessions/{session.pk}/setup/",
        {
            "movement_kind": "howell",
            "rounds": "2",
            "boards_per_round": "2",
            "board_set": "new",
            "scoring_profile": "ebu",
            "convention": "ebu",
            "ranking": "matchpoints",
        },
    )
    assert "Boards: Select a valid choice." in response.content.decode()  # "new" is not offered
    session.refresh_from_db()
    assert session.state == Session.State.DRAFT
    response = alice_client.post(
        f"/sessions/{session.pk}/setup/",
        {
            "movement_kind": "howell",
            "rounds": "2",
            "boards_per_round": "2",
            "board_set": str(event.board_set_id),
            "scoring_profile": "ebu",
            "convention": "ebu",
            "ranking": "matchpoints",
        },
    )
    assert response.status_code == 302, response.content.decode()
    session.refresh_from_db()
    assert session.state == Session.State.RUNNING
    assert session.board_set == event.board_set
    assert (session.scoring_profile, session.convention) == ("lesson", "acbl")
    # Its page says so.
    page = alice_client.get(f"/events/schools/{school.pk}/").content.decode()
    assert f'href="/sessions/{session.pk}/"' in page


def test_the_suggested_movement_fits_the_events_boards(
    alice: User, alice_client: Client, db: None
) -> None:
    event = organiser_event(boards=4, seed="few")
    school_class = _class(alice, pupils=12)
    alice_client.post(
        f"/events/join/{event.join_code}/",
        {"name": "Small School", "source": "direct", "school_class": school_class.pk},
    )
    school = EventSchool.objects.get()
    alice_client.post(
        f"/events/schools/{school.pk}/present/",
        {"present": list(school_class.pupils.values_list("pk", flat=True))},
    )
    school.refresh_from_db()
    page = alice_client.get(f"/sessions/{school.session_id}/setup/").content.decode()
    rounds = int(found(re.search(r'name="rounds" value="(\d+)"', page)).group(1))
    per_round = int(found(re.search(r'name="boards_per_round" value="(\d+)"', page)).group(1))
    assert rounds * per_round <= 4


def test_a_class_playing_here_must_be_chosen(alice_client: Client, event: Event) -> None:
    response = alice_client.post(
        f"/events/join/{event.join_code}/", {"name": "Nordstrand School", "source": "direct"}
    )
    assert response.status_code == 422
    assert "Choose the class that plays." in response.content.decode()
    assert not EventSchool.objects.exists()


def test_another_teachers_class_cannot_be_chosen(
    alice_client: Client, bob: User, event: Event
) -> None:
    bobs = _class(bob)
    response = alice_client.post(
        f"/events/join/{event.join_code}/",
        {"name": "Nordstrand School", "source": "direct", "school_class": bobs.pk},
    )
    assert response.status_code == 422
    assert not EventSchool.objects.exists()


def test_too_few_pupils_is_refused_plainly(alice: User, alice_client: Client, event: Event) -> None:
    school_class = _class(alice, pupils=4)
    alice_client.post(
        f"/events/join/{event.join_code}/",
        {"name": "Tiny School", "source": "direct", "school_class": school_class.pk},
    )
    school = EventSchool.objects.get()
    response = alice_client.post(
        f"/events/schools/{school.pk}/present/",
        {"present": list(school_class.pupils.values_list("pk", flat=True))},
    )
    assert response.status_code == 422
    assert "at least 6 pupils" in response.content.decode()
    school.refresh_from_db()
    assert school.session is None
    assert not Session.objects.exists()


# --------------------------------------------------------------------------- on our own laptop


def test_a_school_playing_on_its_own_laptop_gets_the_boards_and_the_upload(
    alice_client: Client, event: Event
) -> None:
    response = alice_client.post(
        f"/events/join/{event.join_code}/", {"name": "Hill School", "source": "usebio"}
    )
    school = EventSchool.objects.get()
    assert (school.source, school.school_class, school.session) == ("usebio", None, None)
    assert response["Location"] == f"/events/schools/{school.pk}/"
    page = alice_client.get(response["Location"]).content.decode()
    assert "Play on your own laptop" in page
    assert re.search(r"<dt>Results</dt><dd>0</dd>", page)
    assert f'href="/events/schools/{school.pk}/boards.pbn"' in page
    assert f'href="/events/schools/{school.pk}/upload/"' in page
    boards = alice_client.get(f"/events/schools/{school.pk}/boards.pbn")
    assert boards.content.decode().count("[Deal ") == 8
    # Nothing to play here.
    assert alice_client.get(f"/events/schools/{school.pk}/present/")["Location"] == (
        f"/events/schools/{school.pk}/"
    )


# --------------------------------------------------------------------------- refusals


def test_the_same_school_name_twice_is_refused(alice_client: Client, event: Event) -> None:
    alice_client.post(f"/events/join/{event.join_code}/", {"name": "Hill School", "source": "pbn"})
    response = alice_client.post(
        f"/events/join/{event.join_code}/", {"name": "hill school ", "source": "pbn"}
    )
    assert response.status_code == 422
    assert "has joined this event already" in response.content.decode()
    assert EventSchool.objects.count() == 1


def test_joining_after_the_last_day_is_refused(alice_client: Client, event: Event) -> None:
    Event.objects.filter(pk=event.pk).update(
        starts_on=datetime.date(2026, 11, 1), ends_on=datetime.date(2026, 11, 5)
    )
    page = alice_client.get(f"/events/join/{event.join_code}/").content.decode()
    assert "This event ended on Nov. 5, 2026, so no school can join it any more." in page
    assert 'name="name"' not in page
    response = alice_client.post(
        f"/events/join/{event.join_code}/", {"name": "Late School", "source": "pbn"}
    )
    assert response.status_code == 422
    assert not EventSchool.objects.exists()


# --------------------------------------------------------------------------- my events


def test_my_events_lists_my_schools_only(
    alice_client: Client, bob_client: Client, event: Event
) -> None:
    alice_client.post(f"/events/join/{event.join_code}/", {"name": "Hill School", "source": "pbn"})
    school = EventSchool.objects.get()
    page = alice_client.get("/events/schools/").content.decode()
    assert "Spring simultaneous" in page
    assert "Hill School" in page
    assert "Uploaded as PBN" in page
    assert f'href="/events/r/{event.public_token}/"' in page
    assert "Hill School" not in bob_client.get("/events/schools/").content.decode()
    for path in ["", "present/", "boards.pbn"]:
        assert bob_client.get(f"/events/schools/{school.pk}/{path}").status_code == 404


def test_it_rejects_post_to_my_events(alice_client: Client) -> None:
    assert alice_client.post("/events/schools/").status_code == 405


# --------------------------------------------------------------------------- Norwegian


def test_joining_in_norwegian(alice_client: Client, event: Event) -> None:
    alice_client.cookies["django_language"] = "nb"
    page = alice_client.get("/events/join/").content.decode()
    assert "Bli med i en turnering" in page
    assert "Påmeldingskode" in page
    response = alice_client.post("/events/join/", {"code": "NOPE"})
    assert "Ingen turnering har denne koden." in response.content.decode()
    page = alice_client.get(f"/events/join/{event.join_code}/").content.decode()
    assert "Arrangør" in page
    assert "Skolens navn" in page


def test_an_individual_session_cannot_play_an_event(
    alice: User, alice_client: Client, event: Event
) -> None:
    school_class = _class(alice)
    school = EventSchool.objects.create(
        event=event, name="Odd School", teacher=alice, school_class=school_class
    )
    session = session_services.session_create(
        school_class=school_class,
        present=list(school_class.pupils.all()),
        date=event.starts_on,
        individual_event=True,
    )
    school.session = session
    school.save()
    response = alice_client.post(
        f"/sessions/{session.pk}/setup/",
        {
            "movement_kind": "individual",
            "rounds": "2",
            "boards_per_round": "2",
            "board_set": str(event.board_set_id),
            "ranking": "matchpoints",
        },
    )
    assert response.status_code == 422
    assert "An individual session cannot play an event" in response.content.decode()
    session.refresh_from_db()
    assert session.state == Session.State.DRAFT
