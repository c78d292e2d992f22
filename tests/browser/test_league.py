"""A class plays a term league over two sessions, in real chromium: the teacher starts
the league and each session from the pages, a table enters its mini-match through its
own link, and the cross-table on screen, on the projector, in the PDF and in the
spreadsheet matches the table worked out by hand."""

from __future__ import annotations

import datetime
import io
import subprocess

import pytest
from django.contrib.auth.models import User
from openpyxl import load_workbook
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring.cards import Side
from tests.browser.classroom import set_language, visit
from tests.browser.conftest import log_in_as
from tests.browser.test_accessibility import axe_violations
from tests.browser.test_layout import PHONE, SMALLEST_TARGET, TABLET, TARGETS
from tests.factories import league_class, play_league_round, two_duplicate_sessions
from tournaments.boards.selectors import board_facts
from tournaments.leagues import services as league_services
from tournaments.models import Board, League, Result, Session
from tournaments.sessions import selectors as session_selectors

# Who wins each deal of each mini-match (the pair's number, deal by deal).
SESSION_1 = {(1, 4): "111", (3, 2): "232", (3, 1): "313", (2, 4): "242"}
SESSION_2 = {(1, 2): "121", (4, 3): "434"}


def _tricks_for(session: Session, board_number: int, winner_side: Side) -> str:
    """Declarer takes all 13 tricks when its side is to win the deal, none otherwise."""
    board = Board.objects.get(board_set_id=session.board_set_id, number=board_number)
    declarer = board_facts(board, profile=session.profile).declaration.declarer
    return "13" if declarer.side is winner_side else "0"


def _rows(page: Page) -> list[list[str]]:
    rows = page.locator(".cross-table tbody tr")
    return [
        [cell.strip() for cell in rows.nth(i).locator("th, td").all_inner_texts()]
        for i in range(rows.count())
    ]


def test_a_class_plays_a_league_over_two_sessions(
    page: Page,
    browser: Browser,
    alice: User,
    live_server: LiveServer,
) -> None:
    """Four established pairs I (A1 & A2) to IV (D1 & D2), best of 3 deals won by the
    target, over two sessions. The circle method gives session 1 rounds 1 (I–IV,
    III–II) and 2 (III–I, II–IV), session 2 round 3 (I–II, IV–III).

    The deals won (row pair first):
        session 1:  I–IV 3–0   III–II 1–2   III–I 2–1   II–IV 2–1
        session 2:  I–II 2–1   IV–III 2–1

    By hand, 2 points a win, 0 a loss, ties in points split by deals won minus lost:

        after session 1      I     II    III   IV    points  deals  place
          I  A1 & A2         ·           1–2   3–0   2       4–2    2
          II B1 & B2               ·     2–1   2–1   4       4–2    1
          III C1 & C2        2–1   1–2   ·           2       3–3    3
          IV D1 & D2         0–3   1–2         ·     0       1–5    4

        after session 2      I     II    III   IV    points  deals  place
          I  A1 & A2         ·     2–1   1–2   3–0   4       6–3    1
          II B1 & B2         1–2   ·     2–1   2–1   4       5–4    2
          III C1 & C2        2–1   1–2   ·     1–2   2       4–5    3
          IV D1 & D2         0–3   1–2   2–1   ·     2       3–6    4

    I and II both have 4 points: I is first on deals (+3 against +1); III and IV both
    have 2: III is third (−1 against −3).

    Beside the league, the class played two duplicate sessions (Howell, six boards each
    played twice; tests.factories.two_duplicate_sessions): on 1 November every pair
    50 %; on 8 November pairs 2 and 4 (B, D) 7 matchpoints of 12 = 58.33 %, pairs 1
    and 3 (A, C) 5 of 12 = 41.67 %. The league's sessions have no percentages (each
    board is played once) and are not counted. Term standings, by hand:

        pair      sessions  average                  best
        B1 & B2   2         (50 + 58.33) / 2 = 54.2  58.3 % (8 Nov)   place 1=
        D1 & D2   2         54.2                     58.3 % (8 Nov)   place 1=
        A1 & A2   2         (50 + 41.67) / 2 = 45.8  50.0 % (1 Nov)   place 3=
        C1 & C2   2         45.8                     50.0 % (1 Nov)   place 3=

    and each pupil as their pair (B1, B2, D1, D2 1=; A1, A2, C1, C2 5=)."""
    school_class, _partnerships = league_class(alice)
    two_duplicate_sessions(school_class, alice)
    log_in_as(page, alice, live_server.url)

    # The teacher starts the league from the class page.
    page.goto(f"/classes/{school_class.pk}/")
    page.get_by_role("link", name="New league").click()
    page.get_by_label("Name").fill("Spring league")
    expect(page.get_by_role("checkbox", name="A1 & A2")).to_be_checked()
    expect(page.get_by_role("radio", name="Best of 3 deals")).to_be_checked()
    expect(page.get_by_role("radio", name="By the target", exact=False)).to_be_checked()
    page.get_by_label("Sessions").fill("2")
    page.get_by_role("button", name="Start the league").click()
    expect(page.get_by_role("heading", name="Spring league")).to_be_visible()
    expect(page.get_by_text("0 of 6 mini-matches played")).to_be_visible()
    league = League.objects.get()

    # Session 1: started from the league page, it runs at once.
    # Starting deals the session's boards, and in the tests their double-dummy analysis
    # runs inside the request (the immediate task backend): slow on a busy machine.
    page.get_by_role("button", name="Start session 1").click(timeout=60_000)
    expect(page.get_by_text("Round 1 of 2")).to_be_visible()
    first = Session.objects.get(league=league, league_evening=1)

    # Table 1 plays I against IV through its own link, as any table does.
    tablet = browser.new_context(
        base_url=live_server.url, viewport={"width": 800, "height": 1100}
    ).new_page()
    tablet.goto(f"/t/{first.tables.get(number=1).token}/")
    expect(tablet.get_by_role("heading", name="Table 1 · Round 1 of 2")).to_be_visible()
    for index, board in enumerate((1, 2, 3)):
        tablet.get_by_role("radio", name="No trumps").check()
        # Won by the target: the panel asks only the strain and the tricks.
        expect(tablet.get_by_role("radio", name="Part-score")).to_have_count(0)
        tricks = _tricks_for(first, board, Side.NS)  # pair I sits North–South
        tablet.get_by_role("radio", name=tricks, exact=True).check()
        tablet.get_by_role("button", name="Save").click()
        expect(tablet.get_by_text("How the other tables did").nth(index)).to_be_visible()
    expect(tablet.get_by_text("When the round is over")).to_be_visible()
    assert Result.objects.filter(session=first, table__number=1).count() == 3
    tablet.context.close()

    # The other table's deals, the next round, and the end of the session.
    play_league_round(first, 1, SESSION_1, only=2)
    page.reload()
    page.get_by_role("button", name="Next round").click()
    expect(page.get_by_text("Round 2 of 2")).to_be_visible()
    play_league_round(first, 2, SESSION_1)
    page.get_by_text("Finish the session…").click()
    page.get_by_role("button", name="Yes, finish the session").click()
    expect(page.get_by_text("The session is finished.")).to_be_visible()

    page.get_by_role("navigation", name="Breadcrumbs").get_by_role(
        "link", name="Spring league"
    ).click()
    expect(page.get_by_text("4 of 6 mini-matches played")).to_be_visible()
    assert _rows(page) == [
        ["I", "A1 & A2", "", "", "1–2 0", "3–0 2", "2", "2"],
        ["II", "B1 & B2", "", "", "2–1 2", "2–1 2", "4", "1"],
        ["III", "C1 & C2", "2–1 2", "1–2 0", "", "", "2", "3"],
        ["IV", "D1 & D2", "0–3 0", "1–2 0", "", "", "0", "4"],
    ]

    # Session 2.
    page.get_by_role("button", name="Start session 2").click(timeout=60_000)
    expect(page.get_by_text("Round 1 of 1")).to_be_visible()
    second = Session.objects.get(league=league, league_evening=2)
    play_league_round(second, 1, SESSION_2)
    page.reload()
    page.get_by_text("Finish the session…").click()
    page.get_by_role("button", name="Yes, finish the session").click()
    expect(page.get_by_text("The session is finished.")).to_be_visible()
    assert session_selectors.session_movement(second).rounds == 1

    page.get_by_role("navigation", name="Breadcrumbs").get_by_role(
        "link", name="Spring league"
    ).click()
    expect(page.get_by_text("Final table")).to_be_visible()
    final = [
        ["I", "A1 & A2", "", "2–1 2", "1–2 0", "3–0 2", "4", "1"],
        ["II", "B1 & B2", "1–2 0", "", "2–1 2", "2–1 2", "4", "2"],
        ["III", "C1 & C2", "2–1 2", "1–2 0", "", "1–2 0", "2", "3"],
        ["IV", "D1 & D2", "0–3 0", "1–2 0", "2–1 2", "", "2", "4"],
    ]
    assert _rows(page) == final

    # The projector: the same table in large type, refreshing itself.
    page.get_by_role("link", name="Projector view").click()
    expect(page.get_by_role("heading", name="Spring league · Final table")).to_be_visible()
    assert _rows(page) == final
    page.go_back()

    # The PDF, read back as text.
    with page.expect_download() as pdf_download:
        page.get_by_role("link", name="Cross-table (PDF)").click()
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf_download.value.path()), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    printed = {line.split()[0]: line.split() for line in text.splitlines() if line.strip()}
    assert printed["I"] == ["I", "A1", "&", "A2", "2–1", "2", "1–2", "0", "3–0", "2", "4", "1"]
    assert printed["III"] == ["III", "C1", "&", "C2", "2–1", "2", "1–2", "0", "1–2", "0", "2", "3"]

    # The spreadsheet, read back cell by cell.
    with page.expect_download() as xlsx_download:
        page.get_by_role("link", name="Spreadsheet (Excel)").click()
    workbook = load_workbook(io.BytesIO(xlsx_download.value.path().read_bytes()))
    cells = [[c.value for c in row] for row in workbook["Cross-table"].iter_rows()]
    assert cells[1] == ["I", "A1 & A2", None, "2–1", "1–2", "3–0", 4, 1, False]
    assert cells[2] == ["II", "B1 & B2", "1–2", None, "2–1", "2–1", 4, 2, False]
    assert cells[4] == ["IV", "D1 & D2", "0–3", "1–2", "2–1", None, 2, 4, False]

    # Term standings, beside the league.
    page.get_by_role("link", name="Term standings").click()
    expect(page.get_by_role("heading", name="Term standings")).to_be_visible()
    expect(page.get_by_text("Over 2 duplicate sessions.")).to_be_visible()
    pairs = page.locator("#term-pairs + .table-wrap tbody tr")
    texts = [
        [cell.strip() for cell in pairs.nth(i).locator("td").all_inner_texts()[:5]]
        for i in range(pairs.count())
    ]
    assert texts == [
        ["1=", "B1 & B2", "2", "54.2 %", "58.3 % (11/08/2026)"],
        ["1=", "D1 & D2", "2", "54.2 %", "58.3 % (11/08/2026)"],
        ["3=", "A1 & A2", "2", "45.8 %", "50.0 % (11/01/2026)"],
        ["3=", "C1 & C2", "2", "45.8 %", "50.0 % (11/01/2026)"],
    ]
    pupils = page.locator("#term-pupils + .table-wrap tbody tr")
    expect(pupils).to_have_count(8)
    expect(pupils.first).to_contain_text("B1")
    expect(pupils.last).to_contain_text("5=")
    expect(page.locator(".spark-chart")).to_have_count(12)
    page.go_back()

    # The same page in Norwegian.
    set_language(page, "nb", live_server.url)
    page.reload()
    expect(page.get_by_role("heading", name="Krysstabell")).to_be_visible()
    expect(page.get_by_text("Endelig tabell")).to_be_visible()
    assert _rows(page) == final


@pytest.fixture
def league_pages(alice: User) -> list[tuple[str, str]]:
    """Every league page a teacher opens, with a session under way, as (name, path)."""
    school_class, partnerships = league_class(alice)
    for partnership in partnerships:  # surnames, as a real class has
        for pupil in (partnership.first, partnership.second):
            pupil.last_name = "Ødegård"
            pupil.save()
    two_duplicate_sessions(school_class, alice)
    league = league_services.league_create(
        school_class=school_class,
        name="Spring league",
        partnerships=partnerships,
        deals_per_match=3,
        scoring_profile="target",
        evenings=2,
    )
    session = league_services.league_evening_start(
        league=league, evening=1, date=datetime.date(2026, 11, 30), teacher=alice
    )
    play_league_round(session, 1, SESSION_1)
    play_league_round(session, 2, SESSION_1, only=1)
    return [
        ("class", f"/classes/{school_class.pk}/"),
        ("new league", f"/classes/{school_class.pk}/leagues/new/"),
        ("league", f"/leagues/{league.pk}/"),
        ("league projector", f"/leagues/{league.pk}/projector/"),
        ("league session", f"/sessions/{session.pk}/"),
        ("term standings", f"/classes/{school_class.pk}/term/"),
    ]


# What these two check is the pages: .ci/run's PostgreSQL run leaves them out (pyproject's
# `screen` marker; tests/tournaments/leagues/ reads and writes the same leagues there).
@pytest.mark.screen
@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_league_pages_have_no_axe_violations(
    page: Page,
    alice: User,
    league_pages: list[tuple[str, str]],
    live_server: LiveServer,
    language: str,
) -> None:
    set_language(page, language, live_server.url)
    log_in_as(page, alice, live_server.url)
    found: list[str] = []
    for name, path in league_pages:
        visit(page, path)
        found += axe_violations(page, name)
    assert found == [], "axe found:\n" + "\n".join(found)


@pytest.mark.screen
def test_the_league_pages_fit_a_tablet_and_a_phone(
    page: Page,
    alice: User,
    league_pages: list[tuple[str, str]],
    live_server: LiveServer,
) -> None:
    """Every control at least 44 px each way, and no page wider than the screen (the
    cross-table scrolls inside its own frame)."""
    log_in_as(page, alice, live_server.url)
    too_small: list[str] = []
    too_wide: list[str] = []
    for viewport in (TABLET, PHONE):
        page.set_viewport_size(viewport)
        for name, path in league_pages:
            visit(page, path)
            too_small += [
                f"{viewport['width']} px, {name}: {t['width']} × {t['height']} {t['what']}"
                for t in page.evaluate(TARGETS)
                if t["width"] < SMALLEST_TARGET or t["height"] < SMALLEST_TARGET
            ]
            widths = page.evaluate(
                "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
            )
            if widths[0] > widths[1]:
                too_wide.append(f"{viewport['width']} px, {name}: {widths[0]} px wide")
    assert too_small == [], "Smaller than 44 × 44 px:\n" + "\n".join(too_small)
    assert too_wide == []
