"""A teacher sets up a session in real chromium: 17 of a class of 18 are here, one new
pupil is added on the spot, the 9 pairs need a sit-out each round, and the table cards
print with each table's link."""

from __future__ import annotations

import io
import re

from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pypdf import PdfReader
from pytest_django.live_server_helper import LiveServer

from tests.browser.classroom import start_the_session
from tests.browser.conftest import log_in_as
from tests.narrow import found
from tournaments.boards import services as board_services
from tournaments.models import Pupil, SchoolClass, Session

NAMES = [
    ("Emma", "Hansen"), ("Oliver", "Smith"), ("Nora", "Johansen"), ("Jakob", "Olsen"),
    ("Sofie", "Larsen"), ("Harry", "Jones"), ("Ingrid", "Berg"), ("Amelia", "Brown"),
    ("Lukas", "Andersen"), ("Maja", "Nilsen"), ("George", "Taylor"), ("Ella", "Pedersen"),
    ("Filip", "Kristiansen"), ("Isla", "Wilson"), ("Aksel", "Haugen"), ("Sara", "Dahl"),
    ("Noah", "Evans"), ("Åse", "Ødegård"),
]  # fmt: skip


def test_the_wizard_runs_through_to_the_table_cards(
    page: Page,
    alice: User,
    live_server: LiveServer,
) -> None:
    school_class = SchoolClass.objects.create(teacher=alice, name="7C")
    for first, last in NAMES:
        Pupil.objects.create(school_class=school_class, first_name=first, last_name=last)
    board_services.board_set_deal(teacher=alice, name="Autumn boards", count=20, seed="wizard")
    log_in_as(page, alice, live_server.url)

    page.goto("/")
    page.get_by_role("link", name="7C").click()
    page.get_by_role("link", name="New session").click()
    expect(page.get_by_role("heading", name="New session for 7C")).to_be_visible()

    # 17 of 18 are here: untick one. Then a new pupil arrives and is added on the spot.
    page.get_by_label("Noah Evans").uncheck()
    page.get_by_label("First name").fill("Tiril")
    page.get_by_label("Surname or initial").fill("Lie")
    page.get_by_role("button", name="Add to the class and tick").click()
    expect(page.get_by_label("Tiril Lie")).to_be_checked()
    expect(page.get_by_label("Noah Evans")).not_to_be_checked()  # ticks survive the add
    expect(page.get_by_label("Emma Hansen")).to_be_checked()
    page.get_by_role("button", name="Next", exact=True).click()

    expect(page.get_by_role("heading", name="Pairs for today")).to_be_visible()
    expect(page.locator(".pair-card")).to_have_count(9)
    expect(page.get_by_text("one pair has each round off")).to_be_visible()
    # Tap two pupils to swap them.
    first_card, last_card = page.locator(".pair-card").first, page.locator(".pair-card").last
    a = first_card.get_by_role("button").first
    b = last_card.get_by_role("button").first
    a_name, b_name = a.inner_text(), b.inner_text()
    a.click()
    expect(page.get_by_role("button", name=a_name)).to_have_attribute("aria-pressed", "true")
    b.click()
    expect(page.locator(".pair-card").first).to_contain_text(b_name)
    expect(page.locator(".pair-card").last).to_contain_text(a_name)

    page.get_by_role("button", name="Next: movement and boards").click()
    expect(
        page.get_by_role("heading", name=re.compile("Suggested: Mitchell, 5 tables"))
    ).to_be_visible()
    expect(page.get_by_text("North–South pairs stay at their table")).to_be_visible()
    page.get_by_label("Boards", exact=True).select_option(label="Autumn boards")
    start_the_session(page)

    expect(page.get_by_text("The session has started: 5 tables, 5 rounds.")).to_be_visible()
    expect(page.get_by_text("Round 1 of 5")).to_be_visible()
    expect(page.locator("tr.sits-out")).to_have_count(1)  # the phantom's table
    session = Session.objects.get()
    assert session.pairs.count() == 9

    with page.expect_download() as download_info:
        page.get_by_role("link", name="Table cards (PDF)").click()
    reader = PdfReader(io.BytesIO(download_info.value.path().read_bytes()))
    assert len(reader.pages) == 5
    for table in session.tables.order_by("number"):
        text = " ".join(reader.pages[table.number - 1].extract_text().split())
        assert f"Table {table.number}" in text
        assert f"/t/{table.token}/" in text.replace(" ", "")

    # A table's own link, as the QR code gives it, in a pupil's browser with no login.
    table = session.tables.get(number=2)
    pupil = found(page.context.browser).new_context(base_url=live_server.url)
    tablet = pupil.new_page()
    tablet.goto(f"/t/{table.token}/")
    expect(tablet.get_by_role("heading", name="Table 2 · Round 1 of 5")).to_be_visible()
    expect(tablet.get_by_text("Boards to play")).to_be_visible()
    pupil.close()
