"""A school joins an event with sections into one of them, and its teacher moves it to
another while the event is on; an event without sections asks nothing new."""

from __future__ import annotations

import datetime
import re
from html import unescape

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client

from events.models import Event, EventSchool, EventSection
from events.organiser import services as organiser_services
from events.schools import services
from tests.factories import organiser_event


@pytest.fixture
def event(db: None) -> Event:
    event = organiser_event(boards=4, seed="sections")
    # Still on whatever day the tests run.
    Event.objects.filter(pk=event.pk).update(ends_on=datetime.date(2100, 1, 1))
    event.refresh_from_db()
    organiser_services.section_add(event=event, name="Years 5–6")
    organiser_services.section_add(event=event, name="Years 7–8")
    return event


def _sections(event: Event) -> tuple[EventSection, EventSection]:
    y5, y7 = EventSection.objects.filter(event=event)
    return y5, y7


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_a_school_joins_into_a_section(event: Event, alice: User) -> None:
    _y5, y7 = _sections(event)
    school = services.event_join(
        event=event,
        teacher=alice,
        name="Ask",
        source="usebio",
        school_class=None,
        today=datetime.date(2026, 12, 1),
        section=y7,
    )
    assert school.section == y7


def test_a_school_must_choose_a_section_of_the_event(event: Event, alice: User) -> None:
    elsewhere = organiser_services.section_add(
        event=organiser_event(username="another"), name="Other"
    ).section
    for section, message in [
        (None, "Choose your school's section."),
        (elsewhere, "Choose one of the event's sections."),
    ]:
        with pytest.raises(ValidationError) as refused:
            services.school_join(
                event=event, teacher=alice, name="Ask", source="usebio", section=section
            )
        assert refused.value.message_dict == {"section": [message]}
    assert not EventSchool.objects.filter(event=event).exists()


def test_the_join_page_asks_for_the_section(event: Event, alice_client: Client) -> None:
    y5, y7 = _sections(event)
    path = f"/events/join/{event.join_code}/"
    page = alice_client.get(path).content.decode()
    select = page.split('name="section"', 1)[1].split("</select>", 1)[0]
    assert f'<option value="{y5.pk}">Years 5–6</option>' in select
    assert f'<option value="{y7.pk}">Years 7–8</option>' in select
    # Not chosen: refused beside the field, nothing saved.
    response = alice_client.post(path, {"name": "Ask", "source": "usebio", "section": ""})
    assert response.status_code == 422
    assert "This field is required." in _text(response.content.decode())
    assert not EventSchool.objects.exists()
    # A made-up id: the same.
    response = alice_client.post(path, {"name": "Ask", "source": "usebio", "section": "99999"})
    assert response.status_code == 422
    response = alice_client.post(path, {"name": "Ask", "source": "usebio", "section": y7.pk})
    assert response.status_code == 302
    school = EventSchool.objects.get()
    assert school.section == y7
    page = alice_client.get(f"/events/schools/{school.pk}/").content.decode()
    assert 'data-testid="school-section">Years 7–8</dd>' in page


def test_a_section_added_while_the_join_page_was_open_is_asked_for(
    alice_client: Client, alice: User
) -> None:
    """The page had no section to choose: the form sent is read with the event's
    sections as they are now, so it is refused and asks for the section."""
    event = organiser_event(boards=4, username="late")
    Event.objects.filter(pk=event.pk).update(ends_on=datetime.date(2100, 1, 1))
    path = f"/events/join/{event.join_code}/"
    assert 'name="section"' not in alice_client.get(path).content.decode()
    organiser_services.section_add(event=event, name="Years 5–6")
    response = alice_client.post(path, {"name": "Ask", "source": "usebio"})
    assert response.status_code == 422
    html = response.content.decode()
    assert "This field is required." in _text(html.split('name="section"', 1)[1])
    assert not EventSchool.objects.exists()


def test_an_event_without_sections_asks_nothing_new(alice_client: Client) -> None:
    event = organiser_event(boards=4, username="plain")
    Event.objects.filter(pk=event.pk).update(ends_on=datetime.date(2100, 1, 1))
    page = alice_client.get(f"/events/join/{event.join_code}/").content.decode()
    assert "Section" not in page
    response = alice_client.post(
        f"/events/join/{event.join_code}/", {"name": "Ask", "source": "usebio"}
    )
    assert response.status_code == 302
    school = EventSchool.objects.get()
    assert school.section is None
    page = alice_client.get(f"/events/schools/{school.pk}/").content.decode()
    assert "section" not in _text(page).lower()


def test_the_teacher_moves_the_school_to_another_section(
    event: Event, alice: User, alice_client: Client
) -> None:
    y5, y7 = _sections(event)
    school = services.school_join(
        event=event, teacher=alice, name="Ask", source="usebio", section=y5
    )
    response = alice_client.post(
        f"/events/schools/{school.pk}/section/", {"section": y7.pk}, follow=True
    )
    assert "Ask is in Years 7–8 now." in _text(response.content.decode())
    school.refresh_from_db()
    assert school.section == y7
    response = alice_client.post(f"/events/schools/{school.pk}/section/", {"section": ""})
    assert response.status_code == 422
    school.refresh_from_db()
    assert school.section == y7


def test_after_the_last_day_only_the_organiser_moves_a_school(
    event: Event, alice: User, alice_client: Client
) -> None:
    y5, y7 = _sections(event)
    school = services.school_join(
        event=event, teacher=alice, name="Ask", source="usebio", section=y5
    )
    Event.objects.filter(pk=event.pk).update(
        starts_on=datetime.date(2026, 11, 1), ends_on=datetime.date(2026, 11, 5)
    )
    page = alice_client.get(f"/events/schools/{school.pk}/").content.decode()
    assert "Change the section" not in page
    response = alice_client.post(f"/events/schools/{school.pk}/section/", {"section": y7.pk})
    assert response.status_code == 422
    assert (
        "This event ended on Nov. 5, 2026: ask the organiser to move your school to another "
        "section." in _text(response.content.decode())
    )
    school.refresh_from_db()
    assert school.section == y5
    services.school_section_set(school=school, section=y7)  # the organiser's
    school.refresh_from_db()
    assert school.section == y7


def test_another_teacher_cannot_move_the_school(
    event: Event, alice: User, bob_client: Client
) -> None:
    y5, y7 = _sections(event)
    school = services.school_join(
        event=event, teacher=alice, name="Ask", source="usebio", section=y5
    )
    response = bob_client.post(f"/events/schools/{school.pk}/section/", {"section": y7.pk})
    assert response.status_code == 404
    school.refresh_from_db()
    assert school.section == y5


def test_joining_in_norwegian_names_the_section_pulje(event: Event, alice_client: Client) -> None:
    alice_client.cookies["django_language"] = "nb"
    page = alice_client.get(f"/events/join/{event.join_code}/").content.decode()
    assert ">Pulje</label>" in page
    response = alice_client.post(
        f"/events/join/{event.join_code}/", {"name": "Ask", "source": "usebio", "section": ""}
    )
    assert response.status_code == 422
