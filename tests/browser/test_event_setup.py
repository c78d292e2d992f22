"""A school of 20 pupils plays an 8-board simultaneous event here, in real chromium,
from the set-up page's suggestion alone: the teacher ticks who is here, leaves the
movement as suggested and starts; every board is then entered on the tables' tablets,
and every one of the event's 8 boards is played at the tables the movement names.

(The page used to suggest "Mitchell, 5 tables, 4 rounds" of 2 boards, 10 boards the
event does not have, and Start refused it with "deal a new set now".) The 12- and
16-pupil classes are played from the same page, without a browser, in
tests/tournaments/sessions/test_setup_truth.py."""

from __future__ import annotations

from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from events.models import EventSchool
from tests.browser.classroom import start_the_session
from tests.browser.conftest import log_in_as
from tests.factories import organiser_event
from tests.narrow import found
from tournaments.models import Pupil, Result, SchoolClass, Session
from tournaments.sessions import selectors as session_selectors


def test_twenty_pupils_play_every_board_of_an_eight_board_event_from_the_suggestion(
    page: Page,
    alice: User,
    live_server: LiveServer,
) -> None:
    event = organiser_event(boards=8)
    school_class = SchoolClass.objects.create(teacher=alice, name="6B")
    for n in range(20):
        Pupil.objects.create(school_class=school_class, first_name=f"Pupil{n:02}", last_name="Lie")
    here = EventSchool.objects.create(
        event=event, name="Here School", teacher=alice, school_class=school_class
    )
    log_in_as(page, alice, live_server.url)
    page.goto(f"/events/schools/{here.pk}/present/")
    page.locator('main button[type="submit"]').click()  # who is here → the pairs
    expect(page.locator(".pair-card")).to_have_count(10)
    session_id = EventSchool.objects.get(pk=here.pk).session_id
    assert session_id is not None
    page.goto(f"/sessions/{session_id}/setup/")

    # What the teacher reads, and the form under it, agree: 4 rounds of 1 board.
    expect(
        page.get_by_role("heading", name="Suggested: Howell, 5 tables, 4 rounds")
    ).to_be_visible()
    expect(
        page.get_by_text(
            "The event has 8 boards: 4 rounds of 1 at 5 tables play every one of them, "
            "and each pair plays 4 of them."
        )
    ).to_be_visible()
    expect(page.get_by_label("Rounds", exact=True)).to_have_value("4")
    expect(page.get_by_label("Boards a round")).to_have_value("1")
    start_the_session(page)
    expect(page.get_by_text("The session has started: 5 tables, 4 rounds.")).to_be_visible()

    session = Session.objects.get(pk=session_id)
    movement = session_selectors.session_movement(session)
    tokens = {table.number: table.token for table in session.tables.all()}
    tablet = (
        found(page.context.browser)
        .new_context(base_url=live_server.url, viewport={"width": 800, "height": 1100})
        .new_page()
    )
    for round_ in range(1, movement.rounds + 1):
        for table in range(1, movement.tables + 1):
            tablet.goto(f"/t/{tokens[table]}/")
            expect(
                tablet.get_by_role("heading", name=f"Table {table} · Round {round_} of 4")
            ).to_be_visible()
            tablet.get_by_role("radio", name="No trumps").check()
            tablet.get_by_role("radio", name="Part-score").check()
            tablet.get_by_role("radio", name=str(6 + table), exact=True).check()
            tablet.get_by_role("button", name="Save").click()
            expect(tablet.get_by_text("How the other tables did")).to_be_visible()
        page.goto(f"/sessions/{session.pk}/")
        expect(page.locator('#grid [data-status="entered"]')).to_have_count(movement.tables)
        if round_ < movement.rounds:
            page.get_by_role("button", name="Next round").click()
            expect(page.get_by_text(f"Round {round_ + 1} of 4")).to_be_visible()

    # Every board of the event is played, once at each table the movement sends it to,
    # by the pairs it seats there.
    pairs = {session_selectors.pair_id(pair): pair.pk for pair in session.pairs.all()}
    expected = sorted(
        (e.round, e.table, board, pairs[e.ns_pair], pairs[e.ew_pair])
        for e in movement.entries
        if e.ns_pair is not None and e.ew_pair is not None
        for board in movement.boards(e.board_set)
    )
    played = sorted(
        Result.objects.filter(session=session).values_list(
            "round", "table__number", "board_number", "ns_pair_id", "ew_pair_id"
        )
    )
    assert played == expected
    assert {board for _r, _t, board, _ns, _ew in played} == set(range(1, 9))
