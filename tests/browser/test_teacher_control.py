"""The teacher in control, in the browser: an error found in round 1 after round 3 has
started is corrected from the traveller while every table stays where it is; a table's
flag outlives the next round and the finish until the teacher answers it; adding pupils
on a slow network, tapping twice and typing on, adds each pupil once and loses nothing."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import log_in_as
from tests.factories import play_round, running_session
from tournaments.models import Flag, Result, SchoolClass, Session
from tournaments.sessions import services as session_services
from tournaments.standings.selectors import session_standings


def _percentages(session: Session) -> list[float | None]:
    standings = session_standings(session)
    return [row.percentage for ranking in standings.rankings for row in ranking.rows]


def test_an_error_in_round_one_is_corrected_from_the_traveller_in_round_three(
    page: Page,
    browser: Browser,
    alice: User,
    live_server: LiveServer,
) -> None:
    session = running_session(alice, seed="browser-control")
    play_round(session, 1, {})
    play_round(session, 2, {})
    session_services.session_change_round(session=session, step=1)
    session.refresh_from_db()
    assert session.current_round == 3
    before = _percentages(session)
    round_one = Result.objects.get(session=session, round=1, board_number=1)
    tablet = browser.new_context(base_url=live_server.url).new_page()
    tablet.goto(f"/t/{round_one.table.token}/")
    expect(tablet.get_by_role("heading", name=re.compile("Round 3 of 3"))).to_be_visible()

    log_in_as(page, alice, live_server.url)
    page.goto(f"/sessions/{session.pk}/boards/1/")
    page.get_by_role("link", name=f"Correct the result of table {round_one.table.number}").click()
    expect(
        page.get_by_role("heading", name=f"Table {round_one.table.number} · Round 1")
    ).to_be_visible()
    page.get_by_role("radio", name="Spades").check()
    page.get_by_role("radio", name="Game").check()
    page.get_by_role("radio", name="10", exact=True).check()
    expect(page.locator(".score-preview")).to_contain_text("+")  # works for round 1 too
    page.get_by_role("button", name="Save").click()

    # Back on the traveller it came from, with the correction in the board's history.
    expect(page).to_have_url(re.compile(rf"/sessions/{session.pk}/boards/1/$"))
    expect(page.locator(".history")).to_contain_text("from “1NT 7” to “4♠ 10”")
    round_one.refresh_from_db()
    assert (round_one.contract, round_one.tricks_won) == ("4S", 10)
    # The tables stay where they are; the standings change.
    session.refresh_from_db()
    assert session.current_round == 3
    tablet.reload()
    expect(tablet.get_by_role("heading", name=re.compile("Round 3 of 3"))).to_be_visible()
    assert _percentages(session) != before
    tablet.context.close()


def test_a_flag_raised_in_round_two_is_listed_until_the_teacher_answers_it(
    page: Page,
    browser: Browser,
    alice: User,
    live_server: LiveServer,
) -> None:
    session = running_session(alice, seed="browser-flags")
    play_round(session, 1, {})
    play_round(session, 2, {})
    flagged = (
        Result.objects.filter(session=session, round=2)
        .order_by("table__number", "board_number")
        .first()
    )
    assert flagged is not None
    where = f"Table {flagged.table.number}, board {flagged.board_number} (round 2)"

    # A pupil taps "Something is wrong" on the table's page in round 2.
    tablet = browser.new_context(base_url=live_server.url).new_page()
    tablet.goto(f"/t/{flagged.table.token}/")
    tablet.get_by_role("button", name="Something is wrong: ask the teacher").first.click()
    expect(
        tablet.get_by_text("The teacher has been asked to look at this board.").first
    ).to_be_visible()
    tablet.context.close()

    log_in_as(page, alice, live_server.url)
    page.goto(f"/sessions/{session.pk}/")
    expect(page.get_by_role("link", name="1 open flag")).to_be_visible()
    expect(page.locator("#flags")).to_contain_text(where)

    # Next round: the warning names the flag; going on keeps it on the list.
    page.get_by_role("button", name="Next round").click()
    expect(page.get_by_role("alert")).to_contain_text(
        f"Table {flagged.table.number}, board {flagged.board_number}: flagged — the table"
    )
    page.get_by_role("button", name="Go to the next round anyway").click()
    expect(page.locator(".round-badge")).to_contain_text("Round 3 of 3")
    expect(page.locator("#flags")).to_contain_text(where)

    # Finish: still there.
    play_round(Session.objects.get(pk=session.pk), 3, {})
    page.goto(f"/sessions/{session.pk}/")
    page.locator("summary", has_text="Finish the session").click()
    page.get_by_role("button", name="Yes, finish the session").click()
    expect(page.get_by_text("This session is finished.")).to_be_visible()
    expect(page.locator("#flags")).to_contain_text(where)

    # Dismissed with a reason: gone from the list, kept in the board's history.
    page.locator("#flags summary", has_text="Dismiss").click()
    page.get_by_label("Why does the result stay?").fill("Checked with the table: it was right.")
    page.get_by_role("button", name="Dismiss the flag").click()
    expect(page.get_by_text("is answered.")).to_be_visible()
    expect(page.locator("#flags")).to_have_count(0)
    assert Flag.objects.get().resolution == Flag.Resolution.DISMISSED
    page.goto(f"/sessions/{session.pk}/boards/{flagged.board_number}/")
    expect(page.locator(".history")).to_contain_text("Checked with the table: it was right.")


def test_adding_pupils_on_a_slow_network_adds_each_once_and_keeps_what_is_typed(
    page: Page,
    alice: User,
    alice_class: SchoolClass,
    live_server: LiveServer,
) -> None:
    log_in_as(page, alice, live_server.url)
    page.goto(f"/classes/{alice_class.pk}/")
    # Every request takes a second and a half: a school's Wi-Fi on a bad day.
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 1500, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    first_name = page.get_by_label("First name")
    first_name.fill("Ada")
    add = page.get_by_role("button", name="Add pupil")
    add.click()
    add.click()  # tapped twice
    first_name.fill("Bo")  # the next name, typed while the first is on its way
    expect(page.locator("#pupil-list")).to_contain_text("Ada", timeout=15_000)
    expect(first_name).to_have_value("Bo")
    expect(page.locator("#pupil-form-errors")).to_be_empty()
    add.click()
    expect(page.locator("#pupil-list")).to_contain_text("Bo", timeout=15_000)
    expect(first_name).to_have_value("")
    assert sorted(alice_class.pupils.values_list("first_name", flat=True)) == ["Ada", "Bo"]

    # The same in the new-session wizard: the new pupil is added and ticked, the ticks
    # changed meanwhile stay.
    page.goto(f"/classes/{alice_class.pk}/sessions/new/")
    page.get_by_label("First name").fill("Cy")
    page.get_by_role("button", name="Add to the class and tick").click()
    page.get_by_role("button", name="Add to the class and tick").click()
    page.get_by_role("checkbox", name="Ada").uncheck()
    expect(page.get_by_role("checkbox", name="Cy")).to_be_checked(timeout=15_000)
    expect(page.get_by_role("checkbox", name="Ada")).not_to_be_checked()
    expect(page.get_by_role("checkbox", name="Bo")).to_be_checked()
    assert alice_class.pupils.filter(first_name="Cy").count() == 1
    expect(page.get_by_role("checkbox", name="Cy")).to_have_count(1)
