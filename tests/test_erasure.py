"""The deletions that reach the simultaneous events (what ``events`` registers with
``tournaments.privacy``), through the pages and the command that make them: a pupil, a
class, the retention purge. Each takes the first names it must out of every event's
pairs in its own transaction, and nothing else: the results stay, and so do the names
of other pupils, classes and schools."""

from __future__ import annotations

import datetime
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import Settings as SettingsWrapper

from events.models import Event, EventPair, EventSchool
from events.results.sync import sync_direct_schools
from tests.factories import event_school_session, organiser_event, play_round
from tournaments.models import Pupil, Session
from tournaments.sessions import services as session_services


@pytest.fixture
def event(alice: User, bob: User) -> Event:
    event = organiser_event(boards=8)
    north = event_school_session(event, alice, school="North School", rounds=2)
    south = event_school_session(event, bob, school="South School", rounds=2)
    for session in (north, south):
        play_round(session, 1, {(1, 1): ("3NT", 9)})
        session_services.session_finish(session=session)
    sync_direct_schools(event)
    return event


def _names(school: str) -> set[str]:
    return set(EventPair.objects.filter(school__name=school).values_list("names", flat=True))


def _results(event: Event) -> dict[str, int]:
    schools = EventSchool.objects.filter(event=event)
    return {school.name: school.results.count() for school in schools}


def test_the_pupil_delete_page_takes_the_name_out_of_the_event_at_once(
    event: Event, alice_client: Client
) -> None:
    school = EventSchool.objects.get(name="North School")
    assert school.session is not None
    pupil = Pupil.objects.get(school_class=school.session.school_class, first_name="Nor03")
    results = _results(event)
    south = _names("South School")

    response = alice_client.post(
        reverse(
            "tournaments:pupil_delete",
            kwargs={"class_id": pupil.school_class_id, "pupil_id": pupil.pk},
        )
    )

    assert response.status_code == 302
    assert not EventPair.objects.filter(names__contains="Nor03").exists()
    assert any("Nor" in names for names in _names("North School"))  # the partner stays
    assert _names("South School") == south
    assert _results(event) == results


def test_a_refused_pupil_deletion_leaves_the_event_as_it_was(
    event: Event, alice_client: Client
) -> None:
    """A pupil in a running session is not deleted: nothing changes in the event."""
    school = EventSchool.objects.get(name="North School")
    assert school.session is not None
    Session.objects.filter(pk=school.session.pk).update(state=Session.State.RUNNING)
    pupil = Pupil.objects.get(school_class=school.session.school_class, first_name="Nor03")
    before = _names("North School")

    response = alice_client.post(
        reverse(
            "tournaments:pupil_delete",
            kwargs={"class_id": pupil.school_class_id, "pupil_id": pupil.pk},
        )
    )

    assert response.status_code == 409
    assert Pupil.objects.filter(pk=pupil.pk).exists()
    assert _names("North School") == before


def test_the_class_delete_page_takes_its_names_out_and_keeps_its_results(
    event: Event, alice_client: Client
) -> None:
    school = EventSchool.objects.get(name="North School")
    assert school.school_class is not None
    results = _results(event)
    south = _names("South School")

    response = alice_client.post(
        reverse("tournaments:class_delete", kwargs={"class_id": school.school_class.pk})
    )

    assert response.status_code == 302
    assert _names("North School") == {""}
    assert _names("South School") == south
    assert _results(event) == results


def test_the_purge_takes_the_purged_sessions_names_out_of_the_event(
    event: Event,
    settings: SettingsWrapper,
) -> None:
    settings.RETENTION_DAYS = 365
    north = EventSchool.objects.get(name="North School")
    assert north.session is not None
    Session.objects.filter(pk=north.session.pk).update(
        date=timezone.localdate() - datetime.timedelta(days=400)
    )
    results = _results(event)
    south = _names("South School")

    call_command("purge", stdout=StringIO())

    assert not Session.objects.filter(pk=north.session.pk).exists()
    assert _names("North School") == {""}
    assert _names("South School") == south  # its session is recent: it stays
    assert _results(event) == results
