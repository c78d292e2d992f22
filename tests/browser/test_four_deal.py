"""The four-deal game in real chromium: the teacher starts it and watches; a table of
four plays it to a win (dealt by the site, with a 20–20 redeal), another to a draw on a
phone in Norwegian (real cards, the points entered, with their checks)."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from games import services as four_deal_services
from games.models import FourDealGame
from tests.browser.classroom import set_language
from tests.browser.conftest import log_in_as
from tests.browser.test_accessibility import axe_violations
from tournaments.models import SchoolClass

PHONE: ViewportSize = {"width": 360, "height": 740}


def play(tablet: Page, strain: str, level: str, tricks: int) -> None:
    """The four taps, by value (the same in either language), then Save."""
    tablet.locator(f'input[name="strain"][value="{strain}"]').check()
    tablet.locator(f'input[name="level"][value="{level}"]').check()
    tablet.locator(f'input[name="tricks"][value="{tricks}"]').check()
    expect(tablet.locator(".score-preview")).to_contain_text("+")
    tablet.locator('button[name="save"]').click()


def test_a_table_of_four_plays_to_a_win_with_a_redeal(
    page: Page,
    browser: Browser,
    alice: User,
    live_server: LiveServer,
) -> None:
    school_class = SchoolClass.objects.create(teacher=alice, name="4C")
    log_in_as(page, alice, live_server.url)
    page.goto(f"/classes/{school_class.pk}/")
    page.get_by_role("link", name="Four-deal game").click()
    page.get_by_label("Number of tables").fill("2")
    page.get_by_label("The site deals the cards").check()
    # Table 1's first deal from this seed is 20–20.
    page.get_by_label("Seed (optional)").fill("redeal-8")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", name="Four-deal game · 4C")).to_be_visible()
    expect(page.locator("tr[data-table]")).to_have_count(2)

    page.locator('tr[data-table="1"]').get_by_role("link", name="Players").click()
    for seat, name in (("North", "Anna"), ("East", "Ben"), ("South", "Cleo"), ("West", "Dan")):
        page.get_by_label(seat, exact=True).fill(name)
    page.get_by_role("button", name="Save").click()
    expect(page.locator('tr[data-table="1"]')).to_contain_text("N–S: Anna & Cleo")

    page.get_by_role("link", name="Connect the tablets").click()
    expect(page.locator(".qr-tile")).to_have_count(2)
    game = FourDealGame.objects.get()
    token = game.tables.get(number=1).token
    expect(page.locator(".table-link").first).to_have_text(re.compile(rf"^http://.+/f/{token}/$"))
    page.get_by_role("link", name="Back to the game").click()

    tablet = browser.new_context(base_url=live_server.url, viewport=PHONE).new_page()
    tablet.goto(f"/f/{token}/")
    expect(tablet.get_by_role("heading", name="Table 1 · Deal 1 of 4")).to_be_visible()
    expect(tablet.get_by_text("Both sides hold 20 points, so nobody declares.")).to_be_visible()
    found = axe_violations(tablet, "a deal to deal again")
    tablet.get_by_role("button", name="Deal again").click()
    expect(
        tablet.get_by_text("Nobody declared the last deal, so it does not count: Anna deals again.")
    ).to_be_visible()
    expect(tablet.get_by_role("heading", name="Table 1 · Deal 1 of 4")).to_be_visible()
    expect(tablet.get_by_text("Dan declares; Ben is dummy.")).to_be_visible()
    # The cards, for making up the deal, one tap away.
    tablet.get_by_text("Show the cards").click()
    expect(tablet.locator(".four-deal-cards .hand")).to_have_count(4)
    found += axe_violations(tablet, "a deal to play, its cards shown")

    play(tablet, "NT", "part-score", 8)  # Dan (West): E–W 120
    expect(tablet.get_by_role("heading", name="Table 1 · Deal 2 of 4")).to_be_visible()
    expect(tablet.locator(".total-item").nth(1)).to_contain_text("East–West (Ben & Dan)")
    expect(tablet.locator(".total-item").nth(1).locator("dd")).to_have_text("120")
    expect(tablet.get_by_text("Ben deals.")).to_be_visible()
    # The teacher's page follows by itself.
    expect(page.locator('tr[data-table="1"]')).to_contain_text("Deal 2 of 4", timeout=15_000)
    expect(page.locator('tr[data-table="1"]')).to_contain_text("E–W 120")

    play(tablet, "S", "game", 10)  # Anna (North): N–S 420
    play(tablet, "H", "part-score", 8)  # Dan: E–W 110
    expect(tablet.get_by_role("heading", name="Table 1 · Deal 4 of 4")).to_be_visible()
    play(tablet, "C", "part-score", 6)  # Dan one short: N–S 50
    expect(tablet.get_by_role("heading", name="The game is over")).to_be_visible()
    expect(tablet.get_by_text("North–South win, 470 to 230")).to_be_visible()
    expect(tablet.locator(".four-deal-rows tbody tr")).to_have_count(5)
    expect(tablet.locator('input[name="strain"]')).to_have_count(0)
    found += axe_violations(tablet, "the game over")

    expect(page.locator('tr[data-table="1"]')).to_contain_text(
        "Finished: North–South win, 470 to 230", timeout=15_000
    )
    expect(page.locator('tr[data-table="2"]')).to_contain_text("Deal 1 of 4")
    found += axe_violations(page, "the teacher's overview")
    assert found == [], "axe found:\n" + "\n".join(found)


def test_a_table_with_real_cards_plays_to_a_draw_on_a_phone_in_norwegian(
    browser: Browser,
    alice: User,
    live_server: LiveServer,
) -> None:
    school_class = SchoolClass.objects.create(teacher=alice, name="4C")
    game = four_deal_services.four_deal_game_start(
        school_class=school_class, tables=1, cards="real"
    )
    token = game.tables.get().token
    phone = browser.new_context(base_url=live_server.url, viewport=PHONE, locale="nb-NO").new_page()
    set_language(phone, "nb", live_server.url)
    phone.goto(f"/f/{token}/")
    expect(phone.get_by_role("heading", name="Bord 1 · Giv 1 av 4")).to_be_visible()
    expect(phone.get_by_role("heading", name="Tell poengene deres")).to_be_visible()
    found = axe_violations(phone, "the points to enter")

    def points(north: str, east: str, south: str, west: str) -> None:
        for name, value in (("north", north), ("east", east), ("south", south), ("west", west)):
            phone.locator(f'input[name="{name}"]').fill(value)
        phone.get_by_role("button", name="Neste").click()

    points("10", "10", "10", "8")
    expect(
        phone.get_by_text("De fire hendene har til sammen 38 poeng, men det er alltid 40.")
    ).to_be_visible()
    points("38", "2", "0", "0")
    expect(phone.get_by_text("En hånd har 0 til 37 poeng.")).to_be_visible()
    found += axe_violations(phone, "points refused")
    points("10", "10", "10", "10")  # 20–20: the same dealer deals again
    expect(phone.get_by_text("Nord gir på nytt.")).to_be_visible()
    expect(phone.get_by_role("heading", name="Bord 1 · Giv 1 av 4")).to_be_visible()

    for hands, strain, tricks, declares in (
        (("15", "5", "10", "10"), "S", 8, "Nord er spillefører; Syd er blindemann."),
        (("10", "15", "5", "10"), "S", 8, "Øst er spillefører; Vest er blindemann."),
        (("8", "9", "14", "9"), "NT", 7, "Syd er spillefører; Nord er blindemann."),
        (("9", "8", "9", "14"), "NT", 7, "Vest er spillefører; Øst er blindemann."),
    ):
        points(*hands)
        expect(phone.get_by_text(declares)).to_be_visible()
        if strain == "NT":
            found += axe_violations(phone, f"the result to enter: {declares}")
        play(phone, strain, "part-score", tricks)

    expect(phone.get_by_role("heading", name="Spillet er over")).to_be_visible()
    expect(phone.get_by_text("Uavgjort: Nord–Syd & Øst–Vest har 200 poeng hver")).to_be_visible()
    found += axe_violations(phone, "a draw")
    assert found == [], "axe found:\n" + "\n".join(found)
    # Nothing wider than the phone: no sideways scrolling for the whole page.
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_table_of_three_sees_who_declares_with_the_dummy(
    browser: Browser,
    alice: User,
    live_server: LiveServer,
) -> None:
    school_class = SchoolClass.objects.create(teacher=alice, name="4C")
    game = four_deal_services.four_deal_game_start(
        school_class=school_class, tables=1, cards="real"
    )
    table = game.tables.get()
    four_deal_services.four_deal_table_update(
        table=table, players="highest", north="Anna", east="Ben", south="Cleo", west=""
    )
    phone = browser.new_context(base_url=live_server.url, viewport=PHONE).new_page()
    phone.goto(f"/f/{table.token}/")
    expect(phone.get_by_role("heading", name="Table 1 · Deal 1 of 3")).to_be_visible()
    expect(phone.get_by_label("West · Dummy")).to_be_visible()

    def points(north: str, east: str, south: str, west: str) -> None:
        for name, value in (("north", north), ("east", east), ("south", south), ("west", west)):
            phone.locator(f'input[name="{name}"]').fill(value)
        phone.get_by_role("button", name="Next").click()

    points("12", "14", "9", "5")  # Ben 14 + the dummy 5: fewer than 21
    expect(phone.get_by_text("Anna deals again.")).to_be_visible()
    points("9", "14", "5", "12")
    expect(phone.locator(".declarer-line")).to_have_text(
        "Ben has the most points and declares. West's hand is the dummy. Cleo and Anna defend."
    )
    expect(phone.locator(".mini-declarer")).to_contain_text("E")
    expect(phone.locator(".mini-dummy")).to_contain_text("W")
    assert axe_violations(phone, "a table of three") == []
    play(phone, "S", "game", 10)
    expect(phone.get_by_role("heading", name="Table 1 · Deal 2 of 3")).to_be_visible()
    expect(phone.locator(".total-item")).to_have_count(3)
    expect(phone.locator(".total-item").nth(1)).to_contain_text("Ben")
    expect(phone.locator(".total-item").nth(1).locator("dd")).to_have_text("420")
    expect(phone.get_by_text("Ben deals.")).to_be_visible()


def test_a_table_of_three_with_dealer_and_dummy_is_told_who_plays_which_hand(
    browser: Browser,
    alice: User,
    live_server: LiveServer,
) -> None:
    school_class = SchoolClass.objects.create(teacher=alice, name="4C")
    game = four_deal_services.four_deal_game_start(
        school_class=school_class, tables=1, cards="real"
    )
    table = game.tables.get()
    four_deal_services.four_deal_table_update(
        table=table, players="dealer", north="Anna", east="Ben", south="Cleo", west=""
    )
    phone = browser.new_context(base_url=live_server.url, viewport=PHONE).new_page()
    phone.goto(f"/f/{table.token}/")

    def points(north: str, east: str, south: str, west: str) -> None:
        for name, value in (("north", north), ("east", east), ("south", south), ("west", west)):
            phone.locator(f'input[name="{name}"]').fill(value)
        phone.get_by_role("button", name="Next").click()

    points("10", "10", "16", "4")  # Anna deals: Anna 10 + West 4 against 26
    # Case (b): Ben 10 and Cleo 16 hold 26; Cleo declares, Ben's hand is the dummy.
    expect(phone.locator(".declarer-line")).to_have_text(
        "Cleo and Ben hold 26 points together, more than Anna and the dummy: Cleo declares. "
        "Ben's hand goes down as the dummy. Ben takes West's hand and defends with Anna."
    )
    expect(phone.locator(".mini-declarer")).to_contain_text("S")
    expect(phone.locator(".mini-dummy")).to_contain_text("E")
    assert axe_violations(phone, "dealer and dummy, the other two declare") == []
    play(phone, "NT", "game", 8)  # one short: Anna and Ben 50 each
    expect(phone.get_by_role("heading", name="Table 1 · Deal 2 of 3")).to_be_visible()
    totals = phone.locator(".total-item dd")
    expect(totals).to_have_text(["50", "50", "0"])
    points("10", "10", "10", "10")  # Ben + West 20, Anna + Cleo 20: dealt again
    expect(
        phone.get_by_text("Nobody declared the last deal, so it does not count: Ben deals again.")
    ).to_be_visible()
    points("6", "8", "9", "17")  # Ben + West 25: Ben has fewer, so they swap
    expect(phone.locator(".declarer-line")).to_have_text(
        "Ben and the dummy hold 25 points together, more than the other two: Ben declares. "
        "Ben has fewer points than the dummy, so Ben and West swap hands: Ben plays West's "
        "hand, and Ben's own hand goes down as the dummy. Cleo and Anna defend."
    )
    expect(phone.locator(".mini-declarer")).to_contain_text("W")
    expect(phone.locator(".mini-dummy")).to_contain_text("E")
    play(phone, "S", "game", 10)  # Ben 420
    expect(totals).to_have_text(["50", "470", "0"])
