"""An individual session of 8 pupils in real chromium (issue 19): the teacher sets it
up in the wizard, a tablet plays every round at both tables, the panel names the four
pupils by seat, and the standings give each pupil the matchpoints and percentage worked
out here by hand from who sat where and the results entered."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.classroom import set_language, start_the_session, visit
from tests.browser.conftest import log_in_as
from tests.browser.test_accessibility import axe_violations
from tests.factories import individual_session
from tests.narrow import found
from tournaments.models import Pupil, SchoolClass, Session
from tournaments.results import services as result_services
from tournaments.sessions import services as session_services

#: Pupils 1 to 8, in the order the wizard numbers them (by first name).
PUPILS = [
    ("Ada", "Berg"), ("Bo", "Dahl"), ("Cy", "Evans"), ("Di", "Lie"),
    ("Ed", "Moe"), ("Fi", "Nilsen"), ("Gus", "Olsen"), ("Hal", "Smith"),
]  # fmt: skip

#: The individual movement for 8 pupils, as its table cards print it: round → table →
#: the pupils sitting North, East, South and West. Both tables play the round's two
#: boards (2r − 1 and 2r), each starting on a different one.
SEATING = {
    1: {1: (6, 8, 4, 7), 2: (1, 3, 5, 2)},
    2: {1: (7, 8, 5, 1), 2: (2, 4, 6, 3)},
    3: {1: (8, 1, 2, 6), 2: (3, 5, 7, 4)},
    4: {1: (8, 2, 3, 7), 2: (4, 6, 1, 5)},
    5: {1: (3, 8, 1, 4), 2: (5, 7, 2, 6)},
    6: {1: (8, 4, 5, 2), 2: (6, 1, 3, 7)},
    7: {1: (8, 5, 6, 3), 2: (7, 2, 4, 1)},
}

#: What each table enters on every board: 1NT with 8 tricks at table 1 (declarer makes
#: an overtrick), 1NT with 6 at table 2 (one down).
TRICKS = {1: "8", 2: "6"}

SEAT_SIDE = {"North": "NS", "South": "NS", "East": "EW", "West": "EW"}


def test_an_individual_session_of_eight_pupils_from_set_up_to_standings(
    page: Page,
    alice: User,
    live_server: LiveServer,
) -> None:
    school_class = SchoolClass.objects.create(teacher=alice, name="5B")
    for first, last in PUPILS:
        Pupil.objects.create(school_class=school_class, first_name=first, last_name=last)
    log_in_as(page, alice, live_server.url)

    # The wizard: who is here, Individual, then the movement (all 7 rounds).
    page.goto(f"/classes/{school_class.pk}/sessions/new/")
    page.get_by_label("Individual: a new partner every round").check()
    page.get_by_role("button", name="Next", exact=True).click()
    expect(
        page.get_by_role("heading", name="Suggested: Individual, 2 tables, 6 rounds")
    ).to_be_visible()
    expect(page.get_by_text("Partnering everyone would take 7 rounds")).to_be_visible()
    page.get_by_label("Rounds", exact=True).fill("7")
    start_the_session(page)
    expect(page.get_by_text("The session has started: 2 tables, 7 rounds.")).to_be_visible()
    session = Session.objects.get()
    tokens = {table.number: table.token for table in session.tables.all()}

    tablet = (
        found(page.context.browser)
        .new_context(base_url=live_server.url, viewport={"width": 800, "height": 1100})
        .new_page()
    )
    declaring: dict[int, str] = {}  # board → "NS" or "EW", as the panel says
    for round_ in range(1, 8):
        for table in (1, 2):
            tablet.goto(f"/t/{tokens[table]}/")
            expect(
                tablet.get_by_role("heading", name=f"Table {table} · Round {round_} of 7")
            ).to_be_visible()
            north, east, south, west = (PUPILS[n - 1][0] for n in SEATING[round_][table])
            partners = tablet.locator(".panel-pairs .partnership")
            expect(partners.nth(0)).to_contain_text(f"{north} (N) & {south} (S)")
            expect(partners.nth(1)).to_contain_text(f"{east} (E) & {west} (W)")
            for index in range(2):
                board = int(tablet.locator(".entry-panel h2").inner_text().split()[-1])
                declarer = tablet.locator(".declarer-line").inner_text().split()[0]
                declaring[board] = SEAT_SIDE[declarer]
                tablet.get_by_role("radio", name="No trumps").check()
                tablet.get_by_role("radio", name="Part-score").check()
                tablet.get_by_role("radio", name=TRICKS[table], exact=True).check()
                tablet.get_by_role("button", name="Save").click()
                expect(tablet.get_by_text("How the other tables did").nth(index)).to_be_visible()
            expect(
                tablet.get_by_text(
                    "When the round is over" if round_ < 7 else "This is the last round"
                )
            ).to_be_visible()
            # The board's traveller names this round's partners at each table by
            # their first names (the pupils do not know their numbers).
            if table == 2:
                north1, _east1, south1, _west1 = SEATING[round_][1]
                traveller = tablet.locator("table.traveller").first
                first_names = {n: first for n, (first, _last) in enumerate(PUPILS, start=1)}
                expect(traveller).to_contain_text(f"{first_names[north1]} & {first_names[south1]}")
                expect(traveller).not_to_contain_text(f"{north1} & {south1}")
        page.goto(f"/sessions/{session.pk}/")
        expect(page.locator('#grid [data-status="entered"]')).to_have_count(4)
        if round_ < 7:
            page.get_by_role("button", name="Next round").click()
            expect(page.get_by_text(f"Round {round_ + 1} of 7")).to_be_visible()
    page.get_by_text("Finish the session…").click()
    page.get_by_role("button", name="Yes, finish the session").click()
    expect(page.get_by_text("This session is finished.")).to_be_visible()
    assert sorted(declaring) == list(range(1, 15))

    # By hand: on each board the two results are compared (EBU: 2 for the better score,
    # a top of 2). Table 1's declarer made an overtrick and table 2's went down, so on
    # every board table 1's declaring side and table 2's defenders score 2, the others
    # 0. Each pupil plays 14 boards: a top of 28.
    won = dict.fromkeys(range(1, 9), 0)
    for round_, tables in SEATING.items():
        for board in (2 * round_ - 1, 2 * round_):
            side = declaring[board]
            for table, (n_pupil, e_pupil, s_pupil, w_pupil) in tables.items():
                declarers = (n_pupil, s_pupil) if side == "NS" else (e_pupil, w_pupil)
                defenders = (e_pupil, w_pupil) if side == "NS" else (n_pupil, s_pupil)
                for pupil in declarers if table == 1 else defenders:
                    won[pupil] += 2
    assert sum(won.values()) == 14 * 4 * 2  # four pupils score 2 on each of 14 boards

    page.goto(f"/sessions/{session.pk}/standings/")
    rows = page.locator("table.standings-table tbody tr")
    expect(rows).to_have_count(8)
    for pupil, (first, last) in enumerate(PUPILS, start=1):
        row = rows.filter(has_text=f"{first} {last}")
        expect(row).to_have_count(1)
        expect(row).to_contain_text(f"{won[pupil]} / 28")
        expect(row).to_contain_text(f"{100 * won[pupil] / 28:.2f}")


@pytest.mark.parametrize("language", ["en", "nb"])
def test_an_individual_sessions_pages_have_no_axe_violations(
    page: Page,
    alice: User,
    live_server: LiveServer,
    language: str,
) -> None:
    """The set-up page, a table's page (the four pupils by seat, after a board its
    traveller with the partnerships), the teacher's page with the round off, the
    standings, a pupil's score card, a traveller and the projector: 11 pupils, so three
    have each round off."""
    names = ["Ada", "Bo", "Cy", "Di", "Ed", "Fi", "Gus", "Hal", "Ida", "Jo", "Kai"]
    school_class = SchoolClass.objects.create(teacher=alice, name="4A")
    pupils = [Pupil.objects.create(school_class=school_class, first_name=n) for n in names]
    draft = session_services.session_create(
        school_class=school_class,
        present=pupils,
        date=datetime.date(2026, 11, 30),
        individual_event=True,
    )
    set_language(page, language, live_server.url)
    log_in_as(page, alice, live_server.url)
    visit(page, f"/sessions/{draft.pk}/setup/")
    found = axe_violations(page, "set-up")
    session = individual_session(alice, names=names, class_name="4B", rounds=3)
    table = session.tables.get(number=1)
    visit(page, f"/t/{table.token}/")
    found += axe_violations(page, "table")
    result_services.result_record(table=table, board_number=1, contract="1NT", tricks_won=7)
    visit(page, f"/t/{table.token}/")
    found += axe_violations(page, "table after a board")
    pupil = session.pairs.get(number=1)
    for where, path in (
        ("session", f"/sessions/{session.pk}/"),
        ("standings", f"/sessions/{session.pk}/standings/"),
        ("score card", f"/sessions/{session.pk}/pairs/{pupil.pk}/card/"),
        ("traveller", f"/sessions/{session.pk}/boards/1/"),
        ("projector", f"/sessions/{session.pk}/projector/"),
    ):
        visit(page, path)
        found += axe_violations(page, where)
    assert found == [], "axe found:\n" + "\n".join(found)
