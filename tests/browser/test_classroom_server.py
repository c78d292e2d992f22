"""The classroom for real: the server started the way `make run` starts it (DEBUG off,
the .env it made, gunicorn and the worker), a tablet opening its table's link at this
computer's network address (not 127.0.0.1) and entering a result; the table cards' QR
codes and the on-screen codes lead to that same address. The browser reaches the LAN
address through the site's own port on 127.0.0.1 as its proxy: the site sees the LAN
address as the Host, and no packet leaves loopback."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from minibridge import network
from tests.browser.test_result_entry import enter
from tests.classroom_site import Served, Site
from tests.qr import pdf_page_png, read_qr_codes

# The suite's worker processes (pytest-xdist, --dist loadgroup) run the tests of the one
# classroom site (tests/conftest.py's session fixture: migrated, the demo analysed) in
# one process, so it is set up once.
pytestmark = pytest.mark.xdist_group("classroom_site")

USERNAME, PASSWORD = "kari", "a-long-classroom-password"

SET_UP = f"""
import json
from django.contrib.auth import get_user_model
from tests.factories import running_session
kari = get_user_model().objects.create_user(
    username={USERNAME!r}, password={PASSWORD!r}, first_name="Kari"
)
session = running_session(kari, seed="classroom")
print(json.dumps({{
    "session": session.pk,
    "tokens": list(session.tables.order_by("number").values_list("token", flat=True)),
}}))
"""


@dataclass
class Classroom:
    site: Site
    served: Served
    session: int
    tokens: list[str]

    def results(self) -> int:
        with sqlite3.connect(self.site.folder / "db.sqlite3") as db:
            count: int = db.execute(
                "SELECT count(*) FROM tournaments_result WHERE session_id = ?", (self.session,)
            ).fetchone()[0]
        return count


@pytest.fixture(scope="module")
def classroom(classroom_site: Site) -> Iterator[Classroom]:
    site = classroom_site
    made = json.loads(site.python(SET_UP).strip().splitlines()[-1])
    served = site.serve().ready()
    yield Classroom(site=site, served=served, session=made["session"], tokens=made["tokens"])
    served.stop()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(locale="en-GB", viewport={"width": 800, "height": 1100})
    context.set_default_timeout(15_000)
    yield context
    context.close()


@pytest.fixture
def tablet(browser: Browser, classroom: Classroom) -> Iterator[BrowserContext]:
    """A tablet that opens the LAN address, as a real one would: every request of its
    browser goes through the site's own port on 127.0.0.1 as its proxy, so traffic
    stays on loopback while the site sees the LAN address as the Host."""
    context = browser.new_context(
        locale="en-GB",
        viewport={"width": 800, "height": 1100},
        proxy={"server": f"http://127.0.0.1:{classroom.served.port}"},
    )
    context.set_default_timeout(15_000)
    yield context
    context.close()


def lan_base(classroom: Classroom) -> str:
    lan = network.lan_address()
    assert lan is not None, "these tests need a machine with a network address"
    assert not network.is_loopback_host(lan)
    return f"http://{lan}:{classroom.served.port}/"


def log_in_on_the_laptop(context: BrowserContext, classroom: Classroom) -> str:
    """The teacher's own browser on the laptop, at 127.0.0.1."""
    laptop = f"http://127.0.0.1:{classroom.served.port}/"
    page = context.new_page()
    page.goto(f"{laptop}accounts/login/")
    page.get_by_label("Username").fill(USERNAME)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Welcome, Kari")).to_be_visible()
    page.close()
    return laptop


def test_serve_prints_the_lan_address(classroom: Classroom) -> None:
    assert classroom.served.address == lan_base(classroom)


def test_a_tablet_enters_a_result_through_the_lan_address(
    classroom: Classroom, tablet: BrowserContext
) -> None:
    page = tablet.new_page()
    page.goto(f"{lan_base(classroom)}t/{classroom.tokens[0]}/")
    expect(page.get_by_role("heading", name="Table 1 · Round 1 of 3")).to_be_visible()
    before = classroom.results()
    enter(page, "No trumps", "Part-score", "8")
    expect(page.get_by_text("How the other tables did")).to_be_visible()
    assert classroom.results() == before + 1


def test_the_table_cards_qr_codes_lead_to_the_lan_address(
    classroom: Classroom, context: BrowserContext, tmp_path: Path
) -> None:
    laptop = log_in_on_the_laptop(context, classroom)
    response = context.request.get(f"{laptop}sessions/{classroom.session}/print/table-cards/")
    assert response.ok
    assert response.headers["content-type"] == "application/pdf"
    found = [
        read_qr_codes(pdf_page_png(response.body(), page, tmp_path))
        for page in range(1, len(classroom.tokens) + 1)
    ]
    base = lan_base(classroom)
    assert found == [[f"{base}t/{token}/"] for token in classroom.tokens]


def test_the_on_screen_codes_lead_to_the_lan_address(
    classroom: Classroom, context: BrowserContext
) -> None:
    laptop = log_in_on_the_laptop(context, classroom)
    page = context.new_page()
    page.goto(f"{laptop}sessions/{classroom.session}/")
    page.get_by_role("link", name="Connect the tablets").click()
    expect(page.get_by_role("heading", name="Connect the tablets")).to_be_visible()
    expect(page.locator("svg.qr-code")).to_have_count(len(classroom.tokens))
    base = lan_base(classroom)
    # One tap on table 3's code: that code alone, full screen.
    page.get_by_role("link", name="Table 3").click()
    expect(page.get_by_role("heading", name="Table 3")).to_be_visible()
    code = page.locator("svg.qr-code")
    box = code.bounding_box()
    assert box is not None
    assert box["width"] >= 400  # large on an 800 px wide screen
    assert read_qr_codes(code.screenshot()) == [f"{base}t/{classroom.tokens[2]}/"]
    expect(page.get_by_text(f"{base}t/{classroom.tokens[2]}/")).to_be_visible()
