"""An event's sections on its set-up page: made with the event, added, renamed and
removed (never leaving a school without one), and a school moved to another; every
refusal a clear message with nothing saved."""

from __future__ import annotations

import datetime
import re
from html import unescape
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from events.models import Event, EventSchool, EventSection
from events.organiser import services
from events.schools import services as school_services
from tests.factories import organiser_event


@pytest.fixture
def event(db: None) -> Event:
    return organiser_event()


@pytest.fixture
def organiser_client(event: Event) -> Client:
    client = Client()
    client.force_login(event.organiser.user)
    return client


def _names(event: Event) -> list[str]:
    return list(EventSection.objects.filter(event=event).values_list("name", flat=True))


def _join(event: Event, teacher: User, name: str, section: EventSection | None) -> EventSchool:
    return school_services.school_join(
        event=event, teacher=teacher, name=name, source="usebio", section=section
    )


def _messages(error: ValidationError) -> dict[str, list[str]]:
    return {field: [str(m) for m in messages] for field, messages in error.message_dict.items()}


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


# --------------------------------------------------------------------------- services


def test_sections_are_added_in_order_and_renamed(event: Event) -> None:
    first = services.section_add(event=event, name="  Years   5–6 ").section
    services.section_add(event=event, name="Years 7–8")
    assert _names(event) == ["Years 5–6", "Years 7–8"]
    services.section_rename(section=first, name="Years 4–6")
    assert _names(event) == ["Years 4–6", "Years 7–8"]
    # The same name in other letters is its own name: renaming to it is no change.
    services.section_rename(section=first, name="YEARS 4–6")
    assert _names(event) == ["YEARS 4–6", "Years 7–8"]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "Give the section a name, for example Years 5–6."),
        ("   ", "Give the section a name, for example Years 5–6."),
        ("x" * 61, "A section's name is at most 60 characters."),
        ("years 7–8", "The event has a section called years 7–8 already."),
    ],
)
def test_a_bad_name_is_refused_clearly(event: Event, name: str, message: str) -> None:
    services.section_add(event=event, name="Years 7–8")
    with pytest.raises(ValidationError) as refused:
        services.section_add(event=event, name=name)
    assert _messages(refused.value) == {"name": [message]}
    assert _names(event) == ["Years 7–8"]
    other = services.section_add(event=event, name="Years 5–6").section
    with pytest.raises(ValidationError) as refused:
        services.section_rename(section=other, name=name)
    assert _messages(refused.value) == {"name": [message]}
    assert _names(event) == ["Years 7–8", "Years 5–6"]


def test_an_event_has_at_most_twelve_sections(event: Event) -> None:
    for n in range(services.MAX_SECTIONS):
        services.section_add(event=event, name=f"Group {n}")
    with pytest.raises(ValidationError) as refused:
        services.section_add(event=event, name="One more")
    assert _messages(refused.value) == {"name": ["An event has at most 12 sections."]}


def test_the_first_section_takes_the_schools_that_joined_before_it(
    event: Event, alice: User
) -> None:
    ask = _join(event, alice, "Ask", None)
    added = services.section_add(event=event, name="Years 5–6")
    assert added.schools == 1
    ask.refresh_from_db()
    assert ask.section == added.section
    # The second takes none: every school is in one already.
    assert services.section_add(event=event, name="Years 7–8").schools == 0


def test_a_section_in_use_is_removed_only_once_its_schools_have_another(
    event: Event, alice: User
) -> None:
    y5 = services.section_add(event=event, name="Years 5–6").section
    y7 = services.section_add(event=event, name="Years 7–8").section
    ask = _join(event, alice, "Ask", y5)
    _join(event, alice, "Berg", y5)
    with pytest.raises(ValidationError) as refused:
        services.section_remove(section=y5)
    assert _messages(refused.value) == {
        "move_to": ["2 schools are in Years 5–6: choose the section they go to, then remove it."]
    }
    # Not the last section: its schools cannot be left without one.
    with pytest.raises(ValidationError):
        services.section_remove(section=y5, end_sections=True)
    assert _names(event) == ["Years 5–6", "Years 7–8"]
    removed = services.section_remove(section=y5, move_to=y7)
    assert (removed.name, removed.schools, removed.moved_to) == ("Years 5–6", 2, y7)
    assert _names(event) == ["Years 7–8"]
    ask.refresh_from_db()
    assert ask.section == y7


def test_the_last_section_goes_only_when_the_organiser_says_so(event: Event, alice: User) -> None:
    only = services.section_add(event=event, name="Everybody").section
    ask = _join(event, alice, "Ask", only)
    with pytest.raises(ValidationError):
        services.section_remove(section=only)
    removed = services.section_remove(section=only, end_sections=True)
    assert (removed.schools, removed.moved_to) == (1, None)
    ask.refresh_from_db()
    assert ask.section is None
    assert _names(event) == []


def test_a_section_is_not_moved_to_itself_or_another_events(event: Event, alice: User) -> None:
    y5 = services.section_add(event=event, name="Years 5–6").section
    _join(event, alice, "Ask", y5)
    elsewhere = services.section_add(
        event=organiser_event(username="another"), name="Years 7–8"
    ).section
    for target in (y5, elsewhere):
        with pytest.raises(ValidationError) as refused:
            services.section_remove(section=y5, move_to=target)
        assert _messages(refused.value) == {"move_to": ["Choose one of the event's sections."]}
    assert _names(event) == ["Years 5–6"]


def test_an_empty_section_is_simply_removed(event: Event) -> None:
    y5 = services.section_add(event=event, name="Years 5–6").section
    assert services.section_remove(section=y5).schools == 0
    assert _names(event) == []


def test_a_section_with_schools_is_never_deleted_underneath_them(event: Event, alice: User) -> None:
    from django.db.models import RestrictedError

    y5 = services.section_add(event=event, name="Years 5–6").section
    _join(event, alice, "Ask", y5)
    with pytest.raises(RestrictedError):
        y5.delete()
    # Deleting the event takes its sections and schools with it.
    event.delete()
    assert not EventSection.objects.exists()
    assert not EventSchool.objects.exists()


def test_every_change_of_the_sections_changes_their_version(event: Event, alice: User) -> None:
    def version() -> int:
        return Event.objects.values_list("sections_version", flat=True).get(pk=event.pk)

    seen = [version()]
    y5 = services.section_add(event=event, name="Years 5–6").section
    seen.append(version())
    y7 = services.section_add(event=event, name="Years 7–8").section
    ask = _join(event, alice, "Ask", y5)
    seen.append(version())
    services.section_rename(section=y5, name="Years 4–6")
    seen.append(version())
    school_services.school_section_set(school=ask, section=y7)
    seen.append(version())
    services.section_remove(section=y5)
    seen.append(version())
    assert seen == sorted(set(seen))


def test_a_new_event_is_made_with_its_sections(event: Event) -> None:
    made = services.event_create(
        organiser=event.organiser,
        name="With sections",
        board_set=event.board_set,
        starts_on=datetime.date(2026, 12, 1),
        ends_on=datetime.date(2026, 12, 2),
        sections=["Years 5–6", "", "Years 7–8"],
    )
    assert _names(made) == ["Years 5–6", "Years 7–8"]


@pytest.mark.parametrize(
    ("sections", "message"),
    [
        (
            ["Years 5–6", "years 5–6"],
            "years 5–6 is in the list twice: give each section its own name.",
        ),
        (["x" * 61], "A section's name is at most 60 characters."),
        ([f"G{n}" for n in range(13)], "An event has at most 12 sections."),
    ],
)
def test_a_new_events_bad_sections_are_refused_before_anything_is_made(
    event: Event, sections: list[str], message: str
) -> None:
    before = Event.objects.count()
    with pytest.raises(ValidationError) as refused:
        services.event_create_with_boards(
            organiser=event.organiser,
            name="With sections",
            starts_on=datetime.date(2026, 12, 1),
            ends_on=datetime.date(2026, 12, 2),
            boards=services.Boards(count=4),
            scoring_profile="ebu",
            convention="ebu",
            sections=sections,
        )
    assert _messages(refused.value) == {"sections": [message]}
    assert Event.objects.count() == before
    assert event.organiser.user.board_sets.count() == 1  # the fixture's only


# --------------------------------------------------------------------------- pages


def _new_event(**changes: Any) -> dict[str, Any]:
    data = {
        "name": "Autumn simultaneous",
        "starts_on": "2026-12-01",
        "ends_on": "2026-12-05",
        "boards": "deal",
        "count": "4",
        "seed": "",
        "scoring_profile": "ebu",
        "convention": "ebu",
    }
    data.update(changes)
    return data


def test_the_new_event_form_takes_sections_one_a_line(
    event: Event, organiser_client: Client
) -> None:
    response = organiser_client.post(
        "/events/organiser/new/", _new_event(sections="Years 5–6\r\n\r\nYears 7–8\r\n")
    )
    assert response.status_code == 302
    made = Event.objects.get(name="Autumn simultaneous")
    assert _names(made) == ["Years 5–6", "Years 7–8"]


def test_the_new_event_form_shows_a_bad_section_beside_the_field(
    event: Event, organiser_client: Client
) -> None:
    response = organiser_client.post(
        "/events/organiser/new/", _new_event(sections="Years 5–6\nYEARS 5–6")
    )
    assert response.status_code == 422
    html = response.content.decode()
    field = html.split('for="id_sections"', 1)[1].split("</div>", 1)[0]
    assert "YEARS 5–6 is in the list twice: give each section its own name." in unescape(field)
    assert not Event.objects.filter(name="Autumn simultaneous").exists()


def test_an_event_without_sections_shows_only_how_to_add_one(
    event: Event, organiser_client: Client
) -> None:
    html = organiser_client.get(f"/events/organiser/{event.pk}/").content.decode()
    assert "section-list" not in html
    assert "Add the section" in html
    school_services.school_join(event=event, teacher=event.organiser.user, name="Ask")
    html = organiser_client.get(f"/events/organiser/{event.pk}/").content.decode()
    schools = html.split('id="schools"', 1)[1]
    assert '<th scope="col">Section</th>' not in schools


def test_the_organiser_adds_renames_and_removes_sections_on_the_event_page(
    event: Event, organiser_client: Client, alice: User
) -> None:
    base = f"/events/organiser/{event.pk}/sections/"
    response = organiser_client.post(base, {"new-section-name": "Years 5–6"})
    assert response.status_code == 302
    assert response["Location"].endswith(f"/events/organiser/{event.pk}/#sections")
    organiser_client.post(base, {"new-section-name": "Years 7–8"})
    y5, y7 = EventSection.objects.filter(event=event)
    _join(event, alice, "Ask", y5)
    page = organiser_client.get(f"/events/organiser/{event.pk}/", follow=True)
    text = _text(page.content.decode())
    assert "Years 5–6 1 " in text
    assert "Years 7–8 0 " in text

    response = organiser_client.post(f"{base}{y5.pk}/", {f"rename-{y5.pk}-name": "Years 4–6"})
    assert response.status_code == 302
    assert _names(event) == ["Years 4–6", "Years 7–8"]

    # In use, nowhere said for its school: refused beside the choice, nothing changes.
    response = organiser_client.post(f"{base}{y5.pk}/remove/", {f"remove-{y5.pk}-move_to": ""})
    assert response.status_code == 422
    assert "1 school is in Years 4–6: choose the section it goes to, then remove it." in _text(
        response.content.decode()
    )
    assert _names(event) == ["Years 4–6", "Years 7–8"]
    response = organiser_client.post(
        f"{base}{y5.pk}/remove/", {f"remove-{y5.pk}-move_to": str(y7.pk)}, follow=True
    )
    assert "The section Years 4–6 is removed; its school is in Years 7–8 now." in _text(
        response.content.decode()
    )
    assert EventSchool.objects.get(name="Ask").section == y7


def test_a_refused_name_shows_beside_its_own_field(event: Event, organiser_client: Client) -> None:
    y5 = services.section_add(event=event, name="Years 5–6").section
    services.section_add(event=event, name="Years 7–8")
    base = f"/events/organiser/{event.pk}/sections/"
    response = organiser_client.post(base, {"new-section-name": " "})
    assert response.status_code == 422
    assert "Give the section a name, for example Years 5–6." in _text(response.content.decode())
    response = organiser_client.post(base, {"new-section-name": "years 5–6"})
    assert response.status_code == 422
    assert "The event has a section called years 5–6 already." in _text(response.content.decode())
    response = organiser_client.post(f"{base}{y5.pk}/", {f"rename-{y5.pk}-name": "Years 7–8"})
    assert response.status_code == 422
    html = response.content.decode()
    row = html.split(f'action="{base}{y5.pk}/#sections"', 1)[1].split("</form>", 1)[0]
    assert "The event has a section called Years 7–8 already." in _text(row)
    assert _names(event) == ["Years 5–6", "Years 7–8"]


def test_a_section_removed_meanwhile_is_said_so(event: Event, organiser_client: Client) -> None:
    y5 = services.section_add(event=event, name="Years 5–6").section
    services.section_remove(section=y5)
    response = organiser_client.post(
        f"/events/organiser/{event.pk}/sections/{y5.pk}/remove/", follow=True
    )
    assert response.status_code == 200
    assert "This section is no longer in the event." in _text(response.content.decode())


def test_the_organiser_moves_a_school_to_another_section(
    event: Event, organiser_client: Client, alice: User
) -> None:
    y5 = services.section_add(event=event, name="Years 5–6").section
    y7 = services.section_add(event=event, name="Years 7–8").section
    ask = _join(event, alice, "Ask", y5)
    path = reverse("events:school_section", kwargs={"event_id": event.pk, "school_id": ask.pk})
    response = organiser_client.post(path, {f"school-{ask.pk}-section": str(y7.pk)}, follow=True)
    assert "Ask is in Years 7–8 now." in _text(response.content.decode())
    ask.refresh_from_db()
    assert ask.section == y7
    # Another event's section is no choice here.
    elsewhere = services.section_add(
        event=organiser_event(username="another"), name="Other"
    ).section
    response = organiser_client.post(path, {f"school-{ask.pk}-section": str(elsewhere.pk)})
    assert response.status_code == 422
    ask.refresh_from_db()
    assert ask.section == y7


def test_another_organiser_cannot_touch_the_sections(event: Event, alice_client: Client) -> None:
    y5 = services.section_add(event=event, name="Years 5–6").section
    base = f"/events/organiser/{event.pk}/sections/"
    for path, data in [
        (base, {"new-section-name": "Mine"}),
        (f"{base}{y5.pk}/", {f"rename-{y5.pk}-name": "Mine"}),
        (f"{base}{y5.pk}/remove/", {}),
    ]:
        assert alice_client.post(path, data).status_code == 404
    assert _names(event) == ["Years 5–6"]


@pytest.mark.parametrize("path", ["sections/", "sections/1/", "sections/1/remove/"])
def test_the_section_addresses_reject_get(
    event: Event, organiser_client: Client, path: str
) -> None:
    assert organiser_client.get(f"/events/organiser/{event.pk}/{path}").status_code == 405


def test_a_refusal_for_a_field_the_form_does_not_show_goes_at_the_top() -> None:
    from events.organiser.forms import SectionForm, add_service_error

    form = SectionForm({"name": "Years 5–6"})
    assert form.is_valid()
    add_service_error(form, ValidationError({"name": "beside", "section": "at the top"}))
    assert form.errors == {"name": ["beside"], "__all__": ["at the top"]}
