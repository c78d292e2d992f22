"""The round clock's screens in the browser (issue 30, 2): the teacher's controls with and
without htmx, a table's calm minutes and "Time is up: finish this board", the projector's
large figures and its beep (only when the teacher turns it on), the grid's tables behind;
axe finds nothing on any of them, in English and in Norwegian. The clock across a reload
and a server restart: tests/browser/test_round_clock_server.py."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth.models import User
from django.db.models import F
from playwright.sync_api import Browser, Page, expect
from pytest_django import Settings as SettingsWrapper
from pytest_django.live_server_helper import LiveServer

from tests.browser.classroom import set_language, visit
from tests.browser.conftest import log_in_as
from tests.browser.test_accessibility import axe_violations
from tests.factories import play_round, running_session
from tournaments.models import Session
from tournaments.results import services as result_services
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services

# What this checks is the page: .ci/run's PostgreSQL run leaves it out (pyproject's
# `screen` marker).
pytestmark = pytest.mark.screen


def _session(teacher: User, *, minutes: int | None = 14, left: float | None = None) -> Session:
    """A running session with a clock of ``minutes`` a round (started now) and, given
    ``left``, that many seconds of it left."""
    session = running_session(teacher, seed="clock page")
    if minutes is not None:
        session_services.session_clock_set(session=session, minutes=minutes)
    if left is not None:
        _leave(session, left)
    session.refresh_from_db()
    return session


def _leave(session: Session, seconds: float) -> None:
    """The clock's start moved so that ``seconds`` are left now."""
    session.refresh_from_db()
    assert session.round_minutes is not None
    start = datetime.datetime.now(datetime.UTC) - datetime.timedelta(
        seconds=session.round_minutes * 60 - seconds
    )
    Session.objects.filter(pk=session.pk).update(clock_started_at=start, clock_paused_at=None)


#: The class of a clock whose time is up.
UP = re.compile(r"\bround-clock-up\b")


def _table(session: Session, number: int = 1) -> str:
    return f"/t/{session.tables.get(number=number).token}/"


def _seconds(page: Page) -> int:
    minutes, seconds = page.locator("[data-clock] [data-clock-time]").inner_text().split(":")
    return int(minutes) * 60 + int(seconds)


@pytest.mark.parametrize("language", ["en", "nb"])
def test_every_clock_screen_has_no_axe_violations(
    page: Page, alice: User, live_server: LiveServer, language: str
) -> None:
    session = _session(alice, left=5 * 60)
    # Table 1 has played its round's boards: it is not behind when the time is up.
    movement = session_selectors.session_movement(session)
    table_1 = session.tables.get(number=1)
    for number in movement.boards(movement.entry(1, 1).board_set):
        result_services.result_record(
            table=table_1, board_number=number, contract="1NT", tricks_won=7
        )
    set_language(page, language, live_server.url)
    log_in_as(page, alice, live_server.url)
    found: list[str] = []

    visit(page, f"/sessions/{session.pk}/")
    running = re.compile(r"^(5:00|4:5\d)$")
    expect(page.locator("#round-clock [data-clock-time]")).to_have_text(running)
    found += axe_violations(page, "session page, the clock running")
    visit(page, _table(session, 2))
    expect(page.locator("[data-clock] [data-clock-time]")).to_be_visible()
    found += axe_violations(page, "table, the clock running")
    visit(page, f"/sessions/{session.pk}/projector/")
    found += axe_violations(page, "projector, the clock running")

    # Paused, from the teacher's page (htmx): the answer in the clock's part.
    visit(page, f"/sessions/{session.pk}/")
    page.locator("#round-clock form:has(input[value=pause]) button").click()
    expect(page.locator("#round-clock [role=status]")).to_be_visible()
    found += axe_violations(page, "session page, the clock paused")
    visit(page, _table(session, 2))
    expect(page.locator("[data-clock] [data-clock-note]")).to_be_visible()
    found += axe_violations(page, "table, the clock paused")
    visit(page, f"/sessions/{session.pk}/projector/")
    expect(page.locator("[data-clock] [data-clock-note]")).to_be_visible()
    found += axe_violations(page, "projector, the clock paused")

    # Minutes refused: the message beside the field.
    visit(page, f"/sessions/{session.pk}/")
    page.locator("#round-clock input[name=minutes]").fill("0")
    page.locator("#round-clock form:has(input[value=minutes]) button").click()
    expect(page.locator("#round-clock .form-error")).to_be_visible()
    found += axe_violations(page, "session page, minutes refused")

    # The time is up, the beep turned on: the grid marks the tables behind, the tables
    # and the projector say so, the projector offers its one tap for the sound.
    session_services.session_clock_sound(session=session, on=True)
    _leave(session, 0)
    visit(page, f"/sessions/{session.pk}/")
    expect(page.locator("#grid tr.behind")).to_have_count(3)
    found += axe_violations(page, "session page, the time up, tables behind")
    visit(page, _table(session, 2))
    expect(page.locator("[data-clock].round-clock-up")).to_be_visible()
    found += axe_violations(page, "table, the time up")
    visit(page, _table(session, 1))
    expect(page.locator("[data-clock].round-clock-up")).to_be_visible()
    found += axe_violations(page, "table, the round played, the time up")
    visit(page, f"/sessions/{session.pk}/projector/")
    expect(page.locator("[data-clock-unlock]")).to_be_visible()
    found += axe_violations(page, "projector, the time up, the beep on")

    # Waiting for the teacher (round 1 of a session set up with a clock), and no clock.
    Session.objects.filter(pk=session.pk).update(clock_started_at=None)
    visit(page, f"/sessions/{session.pk}/")
    expect(page.locator("#round-clock form:has(input[value=start]) button")).to_have_count(1)
    found += axe_violations(page, "session page, the clock waiting")
    visit(page, f"/sessions/{session.pk}/projector/")
    found += axe_violations(page, "projector, the clock waiting")
    session_services.session_clock_off(session=session)
    visit(page, f"/sessions/{session.pk}/")
    found += axe_violations(page, "session page, no clock")

    assert found == [], "axe found:\n" + "\n".join(found)


def test_a_table_reads_whole_minutes_then_time_is_up(
    page: Page, alice: User, live_server: LiveServer
) -> None:
    session = _session(alice, minutes=7, left=62)
    visit(page, _table(session))
    clock = page.locator("[data-clock] [data-clock-time]")
    expect(clock).to_have_text("2 minutes left")
    expect(clock).to_have_text("1 minute left", timeout=6_000)
    _leave(session, 3)
    page.reload()
    expect(clock).to_have_text("1 minute left")
    expect(clock).to_have_text("Time is up: finish this board", timeout=14_000)
    expect(page.locator("[data-clock]")).to_have_class(UP)


def test_the_teacher_pauses_and_restarts_in_place_and_without_a_script(
    page: Page, alice: User, live_server: LiveServer
) -> None:
    session = _session(alice, left=600)
    log_in_as(page, alice, live_server.url)
    visit(page, f"/sessions/{session.pk}/")
    figures = page.locator("#round-clock [data-clock-time]")
    expect(figures).not_to_have_text("10:00", timeout=4_000)  # it counts down
    page.get_by_role("button", name="Pause the clock").click()
    expect(page.locator("#round-clock [role=status]")).to_have_text("The clock is paused.")
    stopped = figures.inner_text()
    page.wait_for_timeout(1_500)
    expect(figures).to_have_text(stopped)
    page.get_by_role("button", name="Start this round's time again").click()
    expect(page.locator("#round-clock [role=status]")).to_have_text(
        "The clock has started: 14 minutes for this round."
    )
    expect(figures).not_to_have_text("14:00", timeout=4_000)
    # Without a script: the forms post, and the page comes back with the answer.
    context = page.context.browser
    assert context is not None
    plain = context.new_context(base_url=live_server.url, java_script_enabled=False)
    bare = plain.new_page()
    log_in_as(bare, alice, live_server.url)
    bare.goto(f"/sessions/{session.pk}/")
    bare.get_by_role("button", name="Pause the clock").click()
    expect(bare.locator(".messages")).to_have_text("The clock is paused.")
    bare.get_by_label("Minutes a round").fill("61")
    bare.get_by_role("button", name="Change the minutes").click()
    expect(bare.locator("#round-clock .form-error")).to_have_text(
        "Write the minutes a round as a whole number from 1 to 60."
    )
    bare.get_by_label("Minutes a round").fill("20")
    bare.get_by_role("button", name="Change the minutes").click()
    expect(bare.locator(".messages")).to_have_text("The round clock is set to 20 minutes a round.")
    plain.close()
    session.refresh_from_db()
    assert session.round_minutes == 20


def test_the_projector_beeps_at_zero_only_when_the_teacher_asks(
    page: Page, alice: User, live_server: LiveServer
) -> None:
    session = _session(alice, minutes=1, left=4)
    log_in_as(page, alice, live_server.url)
    visit(page, f"/sessions/{session.pk}/projector/")
    clock = page.locator("[data-clock]")
    expect(page.locator("[data-clock-unlock]")).to_be_hidden()
    expect(clock).to_have_class(UP, timeout=14_000)
    assert clock.get_attribute("data-beeped") is None  # quiet: nobody turned it on
    # Turned on: the projector asks for its one tap, and beeps at zero.
    session_services.session_clock_sound(session=session, on=True)
    _leave(session, 4)
    page.reload()
    page.get_by_role("button", name="Let the projector beep").click()
    expect(clock).to_have_attribute("data-beeped", "1", timeout=14_000)
    assert _seconds(page) == 0
    page.wait_for_timeout(1_500)
    expect(clock).to_have_attribute("data-beeped", "1")  # once


def test_the_projector_follows_a_change_within_seconds(
    page: Page, alice: User, live_server: LiveServer
) -> None:
    session = _session(alice, minutes=None)
    log_in_as(page, alice, live_server.url)
    visit(page, f"/sessions/{session.pk}/projector/")
    expect(page.locator("[data-clock]")).to_be_hidden()
    session_services.session_clock_set(session=session, minutes=9)
    expect(page.locator("[data-clock]")).to_be_visible(timeout=14_000)
    assert 9 * 60 - 10 <= _seconds(page) <= 9 * 60
    session_services.session_clock_pause(session=Session.objects.get(pk=session.pk))
    expect(page.locator("[data-clock] [data-clock-note]")).to_have_text(
        "The clock is paused.", timeout=14_000
    )
    # Five minutes used before the pause (as if it had been paused later).
    Session.objects.filter(pk=session.pk).update(
        clock_started_at=F("clock_paused_at") - datetime.timedelta(minutes=5)
    )
    expect(page.locator("[data-clock] [data-clock-time]")).to_have_text("4:00", timeout=14_000)


def test_on_a_1920_by_1080_screen_the_clock_is_large_and_the_standings_still_fit(
    browser: Browser, alice: User, live_server: LiveServer, settings: SettingsWrapper
) -> None:
    """The clock's band on top in figures readable from the back of the classroom; the
    standings below it still reach the foot of the screen, with no scrollbar."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}
    session = running_session(alice, pupils=16, rounds=2, board_count=8, seed="proj clock")
    play_round(session, 1, {})
    session_services.session_clock_set(session=session, minutes=14)
    context = browser.new_context(
        base_url=live_server.url, locale="en-GB", viewport={"width": 1920, "height": 1080}
    )
    screen = context.new_page()
    log_in_as(screen, alice, live_server.url)
    screen.goto(f"/sessions/{session.pk}/projector/")
    expect(screen.locator(".projector-list li")).to_have_count(8)
    sizes = screen.evaluate(
        """() => {
            const lists = [...document.querySelectorAll(".projector-list")];
            const figures = document.querySelector("[data-clock] .clock-time");
            return {
                scrollHeight: document.documentElement.scrollHeight,
                scrollWidth: document.documentElement.scrollWidth,
                bottom: Math.max(...lists.map((l) => l.getBoundingClientRect().bottom)),
                clock: parseFloat(getComputedStyle(figures).fontSize),
                row: parseFloat(getComputedStyle(document.querySelector(".p-row")).fontSize),
            };
        }"""
    )
    assert sizes["scrollHeight"] <= 1080
    assert sizes["scrollWidth"] <= 1920
    assert sizes["bottom"] >= 1080 * 0.95
    assert sizes["clock"] >= 150
    assert sizes["row"] >= 28
    context.close()
