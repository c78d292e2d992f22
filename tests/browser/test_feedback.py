"""What the cards allowed, in real chromium: two tablets (one in English, one in
Norwegian) save a board each and see the feedback at once; the teacher sees it on the
board's traveller, then in Norwegian, and finds the pupil's page from the class."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring.cards import Seat, Strain
from scoring.dd import DDTable
from tests.browser.conftest import log_in_as
from tests.factories import running_session
from tournaments.models import Board, Session, Table
from tournaments.sessions import selectors as session_selectors


def uniform_dd(**strains: int) -> str:
    """Every seat takes the tricks given per strain (six in the others)."""
    return DDTable(
        {(seat, strain): strains.get(strain.value, 6) for seat in Seat for strain in Strain}
    ).to_pbn()


def first_board(session: Session, table: Table) -> int:
    movement = session_selectors.session_movement(session)
    return movement.boards(movement.entry(1, table.number).board_set)[0]


def enter(tablet: Page, strain: str, level: str, tricks: str, save: str) -> None:
    """Strain, part-score or game, tricks, Save (by value: the tablet's language varies)."""
    tablet.locator(f'input[name="strain"][value="{strain}"]').check()
    tablet.locator(f'input[name="level"][value="{level}"]').check()
    tablet.locator(f'input[name="tricks"][value="{tricks}"]').check()
    expect(tablet.locator(".score-preview")).to_contain_text("+")
    tablet.get_by_role("button", name=save).click()


def test_the_tables_and_the_teacher_see_what_the_cards_allowed(
    page: Page,
    browser: Browser,
    alice: User,
    live_server: LiveServer,
) -> None:
    session = running_session(alice, seed="browser-feedback")
    one, two = session.tables.order_by("number")[:2]
    game_there, no_game = first_board(session, one), first_board(session, two)
    Board.objects.filter(board_set=session.board_set, number=game_there).update(
        dd_tricks=uniform_dd(H=10)
    )
    Board.objects.filter(board_set=session.board_set, number=no_game).update(
        dd_tricks=uniform_dd(S=9)
    )

    english = browser.new_context(
        base_url=live_server.url, locale="en-GB", viewport={"width": 800, "height": 1100}
    ).new_page()
    english.goto(f"/t/{one.token}/")
    enter(english, "H", "part-score", "10", "Save")
    line = english.locator(".feedback-line").first
    expect(line).to_have_text(
        re.compile(
            r"^What the cards allowed: 1♥ made with 10 tricks, 3 more than needed: "
            r"(N–S|E–W) score 170 · With perfect play 1♥ takes 10 tricks too: every trick "
            r"the cards allow · Game was there: ♥ game makes 10 tricks$"
        )
    )
    expect(english.locator("tr.own-result td.feedback")).to_contain_text("Game was there")

    # The tablet: 4♥ made with 10 tricks where perfect defence holds ♥ to 6 and
    # no game makes. It read "Game went down"; it says the game made, then what the
    # cards allow "with perfect defence".
    norwegian = browser.new_context(
        base_url=live_server.url, locale="nb-NO", viewport={"width": 800, "height": 1100}
    ).new_page()
    norwegian.goto(f"/t/{two.token}/")
    enter(norwegian, "H", "game", "10", "Lagre")
    said = norwegian.locator(".feedback-line").first
    expect(said).to_have_text(
        re.compile(
            r"^Hva kortene ga: 4♥ gikk hjem med 10 stikk: (N–S|Ø–V) får 420 · Med perfekt "
            r"forsvar gir 4♥ bare 6 stikk og går bet: forsvarerne ga bort 4 stikk · Med "
            r"perfekt forsvar går ingen utgang hjem: delkontrakt var best$"
        )
    )
    expect(said).not_to_contain_text("gikk bet")

    # The teacher's traveller, in English and then in Norwegian.
    log_in_as(page, alice, live_server.url)
    page.goto(f"/sessions/{session.pk}/boards/{game_there}/")
    cell = page.locator("td.feedback").first
    expect(cell).to_have_text(
        re.compile(
            r"^1♥ made with 10 tricks, 3 more than needed: (N–S|E–W) score 170 · With "
            r"perfect play 1♥ takes 10 tricks too: every trick the cards allow · Game was "
            r"there: ♥ game makes 10 tricks$"
        )
    )
    page.get_by_role("button", name="Norsk (bokmål)").click()
    expect(page.locator("td.feedback").first).to_contain_text(
        "Med perfekt spill gir 1♥ også 10 stikk: alle stikkene kortene gir · "
        "Utgang var mulig: utgang i ♥ gir 10 stikk"
    )
    page.goto(f"/sessions/{session.pk}/boards/{no_game}/")
    expect(page.locator("td.feedback").first).to_contain_text("4♥ gikk hjem med 10 stikk: ")
    expect(page.locator("td.feedback").first).to_contain_text(
        "Med perfekt forsvar går ingen utgang hjem: delkontrakt var best"
    )

    # The boards to discuss, and a pupil's page from the class page.
    page.goto(f"/sessions/{session.pk}/feedback/")
    expect(page.locator(".discuss-list li")).to_have_count(2)
    page.goto(f"/classes/{session.school_class_id}/")
    page.locator(".pupil-list a").first.click()
    expect(page.locator("figure.term-chart svg")).to_be_visible()

    for tablet in (english, norwegian):
        tablet.context.close()
