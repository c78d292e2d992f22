"""The class curve on the demo data, and both PDFs downloaded, in real chromium."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import log_in_as

# What this checks is the page: .ci/run's PostgreSQL run leaves it out (pyproject's
# `screen` marker).
pytestmark = pytest.mark.screen


def test_the_demo_class_curve_and_its_pdfs(page: Page, live_server: LiveServer) -> None:
    call_command("load_demo", verbosity=0)
    teacher = get_user_model().objects.get(username="teacher")
    log_in_as(page, teacher, live_server.url)
    page.goto("/")
    page.get_by_role("link", name="6B").click()
    page.get_by_role("link", name="Curve sheet").click()
    expect(page.get_by_role("heading", name="Curve sheet: 6B")).to_be_visible()
    expect(page.locator("svg .curve-dot").first).to_be_visible()
    expect(page.locator(".curve-table tbody tr").first).to_be_visible()
    for name in ("Curve sheet (PDF)", "Worksheet for pupils (PDF)"):
        with page.expect_download() as download_info:
            page.get_by_role("link", name=name).click()
        assert download_info.value.path().read_bytes()[:5] == b"%PDF-"
