"""A teacher logs in, switches the site to Norwegian, and logs out, in real chromium."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import log_in_as
from tests.conftest import PASSWORD

# What this checks is the page: .ci/run's PostgreSQL run leaves it out (pyproject's
# `screen` marker).
pytestmark = pytest.mark.screen


def test_it_logs_in_switches_to_norwegian_and_logs_out(page: Page, alice: User) -> None:
    page.goto("/")
    # Not logged in: the home page sends the teacher to the login form.
    expect(page).to_have_url(re.compile(r"/accounts/login/\?next=/$"))
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()

    expect(page.get_by_role("heading", name="Welcome, Alice")).to_be_visible()
    expect(page.get_by_text("You have no classes yet.")).to_be_visible()

    page.get_by_role("button", name="Norsk (bokmål)").click()
    expect(page.get_by_role("heading", name="Velkommen, Alice")).to_be_visible()
    expect(page.get_by_role("heading", name="Klassene dine")).to_be_visible()
    expect(page.get_by_text("Du har ingen klasser ennå.")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "nb")

    # The choice persists: a new visit is still in Norwegian.
    page.goto("/")
    expect(page.get_by_role("heading", name="Klassene dine")).to_be_visible()

    page.get_by_role("button", name="Logg ut").click()
    expect(page).to_have_url(re.compile(r"/accounts/login/$"))
    expect(page.get_by_role("heading", name="Logg inn")).to_be_visible()

    # Back to English from the login page.
    page.get_by_role("button", name="English").click()
    expect(page.get_by_role("heading", name="Log in")).to_be_visible()


def test_it_tells_a_teacher_with_a_wrong_password_what_to_do(page: Page, alice: User) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill("not-the-password")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("alert")).to_contain_text("do not match")


def test_it_creates_a_class_and_adds_pupils_without_reloading(
    page: Page, alice: User, live_server: LiveServer
) -> None:
    log_in_as(page, alice, live_server.url)
    page.goto("/")
    page.get_by_role("link", name="Create your first class").click()
    page.get_by_label("Class name").fill("7A")
    page.get_by_role("button", name="Create class").click()
    expect(page.get_by_role("heading", name="7A")).to_be_visible()
    expect(page.get_by_role("status")).to_contain_text("Class 7A created")

    # htmx swaps the pupil list in place: the success message from the full page load
    # stays on the screen, which it would not after a reload.
    page.get_by_label("First name").fill("Ingrid")
    page.get_by_role("button", name="Add pupil").click()
    expect(page.locator(".pupil-list")).to_contain_text("Ingrid")
    page.get_by_label("First name").fill("Ingrid")
    page.get_by_role("button", name="Add pupil").click()
    expect(page.get_by_role("alert")).to_contain_text("already has a pupil with this name")
    expect(page.get_by_role("status")).to_contain_text("Class 7A created")
    expect(page.locator(".pupil-list li")).to_have_count(1)


def test_home_fits_a_phone_without_sideways_scrolling(
    page: Page, alice: User, live_server: LiveServer
) -> None:
    log_in_as(page, alice, live_server.url)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto("/")
    expect(page.get_by_role("link", name="Create your first class")).to_be_visible()
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
