"""The round clock for real (issue 30, 2): the server started the way `make run` starts it
(gunicorn's processes and the worker), a tablet at a table and the projector read the same
time left; the table is reloaded, the server is stopped and started again, and both read
the same time left still (the clock is a stored start, not a timer in a process); paused
on the teacher's page, it stands still on the projector and on the table."""

from __future__ import annotations

import json
import math
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.classroom_site import Served, Site, free_port

# The tests of the one classroom site run in one process (see test_classroom_server.py).
pytestmark = pytest.mark.xdist_group("classroom_site")

USERNAME, PASSWORD = "tor", "a-long-clock-password"
MINUTES = 14

SET_UP = f"""
import json
from django.contrib.auth import get_user_model
from tests.factories import running_session
from tournaments.sessions import services
tor = get_user_model().objects.create_user(
    username={USERNAME!r}, password={PASSWORD!r}, first_name="Tor"
)
session = running_session(tor, seed="clock", class_name="7C")
services.session_clock_set(session=session, minutes={MINUTES})
session.refresh_from_db()
print(json.dumps({{
    "session": session.pk,
    "token": session.tables.get(number=1).token,
    "started": session.clock_started_at.timestamp(),
}}))
"""

#: The seconds a page's clock counts now, as its script counts them.
COUNTED = """(selector) => {
    const clock = document.querySelector(selector).roundClock;
    const gone = clock.state === "running" ? (Date.now() - clock.at) / 1000 : 0;
    const left = clock.left - gone;
    return Math.max(left, 0);
}"""


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    made: list[BrowserContext] = []
    yield made
    for context in made:
        context.close()


def _context(browser: Browser, contexts: list[BrowserContext], base: str) -> BrowserContext:
    context = browser.new_context(
        base_url=base, locale="en-GB", viewport={"width": 1024, "height": 768}
    )
    context.set_default_timeout(15_000)
    contexts.append(context)
    return context


def _figures(page: Page) -> int:
    """The projector's minutes and seconds, as seconds."""
    text = page.locator("[data-clock] [data-clock-time]").inner_text().strip()
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


def _table_reads(page: Page) -> tuple[float, str]:
    """What a table's clock counts, and what it says."""
    counted: float = page.evaluate(COUNTED, "[data-clock]")
    return counted, page.locator("[data-clock] [data-clock-time]").inner_text().strip()


def _minutes_text(seconds: float) -> str:
    minutes = math.ceil(seconds / 60)
    return "1 minute left" if minutes == 1 else f"{minutes} minutes left"


def test_the_table_and_the_projector_read_the_same_time_after_a_reload_and_a_restart(
    classroom_site: Site,
    browser: Browser,
    served: list[Served],
    contexts: list[BrowserContext],
) -> None:
    site = classroom_site
    made = json.loads(site.python(SET_UP).strip().splitlines()[-1])
    started = float(made["started"])
    port = free_port()
    served.append(site.serve(port).ready())
    base = f"http://127.0.0.1:{port}"

    def left_now() -> float:
        return MINUTES * 60 - (time.time() - started)

    tablet = _context(browser, contexts, base).new_page()
    tablet.goto(f"/t/{made['token']}/")
    laptop = _context(browser, contexts, base)
    login = laptop.new_page()
    login.goto("/accounts/login/")
    login.get_by_label("Username").fill(USERNAME)
    login.get_by_label("Password").fill(PASSWORD)
    login.get_by_role("button", name="Log in").click()
    expect(login.get_by_role("heading", name="Welcome, Tor")).to_be_visible()
    projector = laptop.new_page()
    projector.goto(f"/sessions/{made['session']}/projector/")

    def both_read_the_time_left(when: str) -> None:
        want = left_now()
        counted, said = _table_reads(tablet)
        assert abs(counted - want) <= 3, f"{when}: the table counts {counted}, not {want}"
        assert said in {_minutes_text(want - 3), _minutes_text(want + 3)}, f"{when}: {said}"
        shown = _figures(projector)
        assert abs(shown - want) <= 3, f"{when}: the projector shows {shown}, not {want}"
        assert abs(shown - counted) <= 3, when

    both_read_the_time_left("at first")
    tablet.reload()
    both_read_the_time_left("the table reloaded")

    served[-1].stop()
    # No server: the projector counts on by itself, and the table's page opens again
    # from the copy its service worker kept, counting on from what the tablet heard
    # (not from the copy's own figures, true when it was made).
    before = _figures(projector)
    time.sleep(2.2)
    assert _figures(projector) < before
    tablet.reload()
    counted, said = _table_reads(tablet)
    assert abs(counted - left_now()) <= 3, f"no server: the table counts {counted}"
    served.append(site.serve(port).ready())
    tablet.reload()
    projector.reload()
    both_read_the_time_left("the server started again")

    # Paused on the teacher's page: the projector stands still within its poll, and the
    # table says so (at its next poll, or reloaded as here).
    teacher = laptop.new_page()
    teacher.goto(f"/sessions/{made['session']}/")
    teacher.get_by_role("button", name="Pause the clock").click()
    expect(teacher.locator("#round-clock [role=status]")).to_have_text("The clock is paused.")
    expect(projector.locator("[data-clock] [data-clock-note]")).to_have_text(
        "The clock is paused.", timeout=15_000
    )
    frozen = _figures(projector)
    time.sleep(2.2)
    assert _figures(projector) == frozen
    tablet.reload()
    expect(tablet.locator("[data-clock] [data-clock-note]")).to_have_text("The clock is paused.")
    counted, said = _table_reads(tablet)
    assert abs(counted - frozen) <= 2
    assert said == _minutes_text(counted)
    # Started again on the teacher's page: the whole round, on the projector too.
    teacher.get_by_role("button", name="Let the clock run again").click()
    expect(teacher.locator("#round-clock [role=status]")).to_have_text("The clock runs again.")
    expect(projector.locator("[data-clock] [data-clock-note]")).to_be_hidden(timeout=15_000)
    time.sleep(1.5)
    assert _figures(projector) < frozen
