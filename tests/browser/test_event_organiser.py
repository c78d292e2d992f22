"""A simultaneous event in real chromium: an organiser creates it, its boards dealt
from a published seed; a teacher joins it with the code as read out (small letters, a
dash) and starts the class's session on the event's boards and scoring."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from events.models import Event, EventSchool, Organiser
from tests.browser.classroom import set_language, start_the_session, visit
from tests.browser.conftest import log_in_as
from tests.browser.test_accessibility import axe_violations
from tests.factories import organiser_event
from tournaments.models import Pupil, SchoolClass, Session


def test_an_organiser_creates_an_event_and_a_class_plays_it(
    page: Page,
    alice: User,
    live_server: LiveServer,
) -> None:
    user = get_user_model().objects.create_user(username="nbf", password="x" * 20)
    Organiser.objects.create(user=user, name="Norwegian Bridge Federation")
    school_class = SchoolClass.objects.create(teacher=alice, name="6B")
    for first in ["Emma", "Ola", "Nora", "Jakob", "Sofie", "Lukas", "Ingrid", "Filip"]:
        Pupil.objects.create(school_class=school_class, first_name=first, last_name="Hansen")

    # The organiser: Events → New event, boards dealt from a seed they choose.
    log_in_as(page, user, live_server.url)
    page.goto("/")
    page.get_by_role("navigation", name="Site").get_by_role("link", name="Events").click()
    page.get_by_role("link", name="Create your first event").click()
    page.get_by_label("Name").fill("Spring simultaneous")
    page.get_by_label("First day").fill("2026-11-30")
    page.get_by_label("Last day").fill("2026-12-04")
    page.get_by_label("Deal new boards from a seed").check()
    page.get_by_label("Number of boards").fill("8")
    page.get_by_label("Seed (optional)").fill("spring-seed")
    page.get_by_label("Matchpoints").select_option("acbl")
    page.get_by_role("button", name="Create the event").click()

    expect(page.get_by_text("The event is ready. Give schools its join code.")).to_be_visible()
    event = Event.objects.get()
    expect(page.get_by_test_id("join-code")).to_have_text(event.join_code)
    expect(page.get_by_test_id("seed")).to_have_text("spring-seed")
    expect(page.get_by_text("8 boards")).to_be_visible()
    expect(page.get_by_test_id("public-url")).to_contain_text(f"/events/r/{event.public_token}/")
    expect(page.get_by_role("link", name="Change the boards")).to_be_visible()

    # The teacher: home → Join an event, the code as read out in class.
    page.context.clear_cookies()
    log_in_as(page, alice, live_server.url)
    page.goto("/")
    expect(
        page.get_by_role("navigation", name="Site").get_by_role("link", name="Events")
    ).to_have_count(0)
    page.get_by_role("link", name="Join an event").click()
    page.get_by_label("Join code").fill(
        f"{event.join_code[:4].lower()}-{event.join_code[4:].lower()}"
    )
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_role("heading", name="Spring simultaneous")).to_be_visible()
    expect(page.get_by_text("Norwegian Bridge Federation")).to_be_visible()
    page.get_by_label("Your school's name").fill("Nordstrand School")
    page.get_by_label("Here, on this site, with our tablets").check()
    page.get_by_label("Class", exact=True).select_option(label="6B")
    page.get_by_role("button", name="Join the event").click()

    expect(page.get_by_text("Your school has joined Spring simultaneous.")).to_be_visible()
    expect(page.get_by_role("heading", name="6B plays Spring simultaneous")).to_be_visible()
    page.get_by_label("Filip Hansen").uncheck()
    page.get_by_label("Ingrid Hansen").uncheck()
    page.get_by_role("button", name="Next", exact=True).click()

    expect(page.get_by_role("heading", name="Pairs for today")).to_be_visible()
    expect(page.locator(".pair-card")).to_have_count(3)
    page.get_by_role("button", name="Next: movement and boards").click()

    expect(page.get_by_role("heading", name="Event: Spring simultaneous")).to_be_visible()
    expect(page.get_by_text("1 point for each pair beaten")).to_be_visible()
    expect(page.get_by_label("Scoring")).to_have_count(0)
    expect(page.get_by_text("Deal a new set now")).to_have_count(0)
    start_the_session(page)

    expect(page.get_by_text(re.compile("The session has started"))).to_be_visible()
    school = EventSchool.objects.get()
    session = Session.objects.get()
    assert school.session == session
    assert session.state == Session.State.RUNNING
    assert session.board_set == event.board_set
    assert session.convention == "acbl"

    # My events: the school, how its results arrive, the event's public results.
    page.goto("/events/schools/")
    row = page.get_by_role("row", name=re.compile("Nordstrand School"))
    expect(row).to_contain_text("Played on this site")
    expect(row.get_by_role("link", name="The event's results")).to_have_attribute(
        "href", f"/events/r/{event.public_token}/"
    )

    # The organiser sees the school, and the boards can no longer change.
    page.context.clear_cookies()
    log_in_as(page, user, live_server.url)
    page.goto(f"/events/organiser/{event.pk}/")
    expect(page.get_by_role("row", name=re.compile("Nordstrand School"))).to_contain_text(
        "Played on this site"
    )
    expect(page.get_by_role("link", name="Change the boards")).to_have_count(0)


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_event_pages_have_no_axe_violations(
    page: Page,
    alice: User,
    live_server: LiveServer,
    language: str,
) -> None:
    event = organiser_event(username="nbf", boards=8)
    school_class = SchoolClass.objects.create(teacher=alice, name="6B")
    for n in range(6):
        Pupil.objects.create(school_class=school_class, first_name=f"Pupil{n}", last_name="Lie")
    here = EventSchool.objects.create(
        event=event, name="Here School", teacher=alice, school_class=school_class
    )
    away = EventSchool.objects.create(event=event, name="Away School", teacher=alice, source="pbn")
    set_language(page, language, live_server.url)
    found: list[str] = []
    log_in_as(page, event.organiser.user, live_server.url)
    for name, path in [
        ("organiser home", "/"),
        ("events", "/events/organiser/"),
        ("new event", "/events/organiser/new/"),
        ("event", f"/events/organiser/{event.pk}/"),
        ("change the boards", f"/events/organiser/{event.pk}/boards/"),
    ]:
        visit(page, path)
        found += axe_violations(page, name)
    page.context.clear_cookies()
    set_language(page, language, live_server.url)
    log_in_as(page, alice, live_server.url)
    for name, path in [
        ("join", "/events/join/"),
        ("the event to join", f"/events/join/{event.join_code}/"),
        ("who is here", f"/events/schools/{here.pk}/present/"),
        ("my events", "/events/schools/"),
        ("a school uploading", f"/events/schools/{away.pk}/"),
        ("a school playing here", f"/events/schools/{here.pk}/"),
    ]:
        visit(page, path)
        found += axe_violations(page, name)
    visit(page, f"/events/schools/{here.pk}/present/")
    page.locator('main button[type="submit"]').click()  # who is here → the pairs
    expect(page.locator(".pair-card")).to_have_count(3)
    page.goto(f"/sessions/{EventSchool.objects.get(pk=here.pk).session_id}/setup/")
    found += axe_violations(page, "the event's set-up")
    assert found == [], "axe found:\n" + "\n".join(found)
