"""A teacher who mistypes her password five times sees, in real chromium, that logging
in is paused and for how long; her right password waits until the pause is over."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from tests.conftest import PASSWORD
from tests.test_login_throttling import minutes_pass

# What this checks is the page: .ci/run's PostgreSQL run leaves it out (pyproject's
# `screen` marker).
pytestmark = pytest.mark.screen


def type_password(page: Page, password: str) -> None:
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()


def test_it_pauses_logging_in_and_says_for_how_long(page: Page, alice: User) -> None:
    page.goto("/accounts/login/")
    for _ in range(4):
        type_password(page, "not-the-password")
        expect(page.get_by_role("alert")).to_contain_text("do not match")
    type_password(page, "not-the-password")

    expect(page.get_by_role("heading", name="Logging in is paused")).to_be_visible()
    expect(page.get_by_text("Wait 15 minutes, then log in again")).to_be_visible()
    expect(page.get_by_text("Ask the school's administrator to set a new one")).to_be_visible()

    page.get_by_role("link", name="Back to the login page").click()
    type_password(page, PASSWORD)
    expect(page.get_by_role("heading", name="Logging in is paused")).to_be_visible()

    minutes_pass(16)
    page.get_by_role("link", name="Back to the login page").click()
    type_password(page, PASSWORD)
    expect(page).not_to_have_url(re.compile(r"/accounts/login/"))
    expect(page.get_by_role("heading", name="Welcome, Alice")).to_be_visible()
