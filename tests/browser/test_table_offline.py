"""A table plays its whole round without the network: every board of the round can be
entered, the results wait on the tablet ("3 results waiting to be sent") through a
reload, and each is sent exactly once when the network is back; a board the teacher
entered meanwhile becomes a flag with both results kept. A save whose answer was lost
on the way back makes one result."""

from __future__ import annotations

import json
from collections.abc import Callable

from django.contrib.auth.models import User
from playwright.sync_api import Page, Route, expect

from tests.factories import running_session
from tests.narrow import found
from tournaments.models import Flag, Result, Session
from tournaments.results import selectors as result_selectors
from tournaments.results import services as result_services

# What the table enters for its four boards: strain and tricks (part-scores).
ANSWERS = [("S", 8), ("H", 9), ("NT", 7), ("C", 10)]
CONTRACTS = {"S": "1S", "H": "1H", "NT": "1NT", "C": "1C"}


def four_board_round(alice: User) -> Session:
    return running_session(alice, seed="offline", boards_per_round=4, board_count=16)


def board_on_screen(tablet: Page) -> int:
    return int(tablet.locator(".entry-panel h2").inner_text().split()[-1])


def enter(tablet: Page, strain: str, tricks: int) -> int:
    """The four taps and Save on the board on screen; its number."""
    board = board_on_screen(tablet)
    tablet.locator(f'input[name="strain"][value="{strain}"]').check()
    tablet.locator('input[name="level"][value="part-score"]').check()
    tablet.locator(f'input[name="tricks"][value="{tricks}"]').check()
    expect(tablet.locator(".score-preview")).to_contain_text("+")
    tablet.get_by_role("button", name="Save").click()
    return board


def results(session: Session) -> list[tuple[int, str, int | None]]:
    return sorted(
        Result.objects.filter(session=session).values_list("board_number", "contract", "tricks_won")
    )


def cut_the_network(tablet: Page, offline: bool) -> None:
    """The Wi-Fi drops (or comes back). Chromium's offline emulation can let a request
    that passed the service worker through now and then: the saves are refused as well."""
    if offline:
        tablet.context.route("**/t/*/boards/*/", _no_network)
    tablet.context.set_offline(offline)
    if not offline:
        tablet.context.unroute("**/t/*/boards/*/", _no_network)
    # The page sees it before the pupils tap anything.
    tablet.wait_for_function(f"() => navigator.onLine === {'false' if offline else 'true'}")


def _no_network(route: Route) -> None:
    route.abort("internetdisconnected")


def open_table_kept(tablet: Page, path: str) -> None:
    """Open the table's page and wait until the service worker has it and its files."""
    tablet.goto(path)
    tablet.wait_for_function("() => navigator.serviceWorker.controller !== null")
    tablet.wait_for_function(
        """async () => {
            const names = await caches.keys();
            for (const name of names) {
              const cache = await caches.open(name);
              const page = await cache.match(location.pathname, {ignoreVary: true});
              const css = document.querySelector('link[rel=stylesheet]').href;
              if (page && await cache.match(css)) return true;
            }
            return false;
        }"""
    )
    # Opened again, as every later visit is: the page under the worker from its start
    # (chromium's offline emulation misses now and then a request of a page the worker
    # took over while it was open).
    tablet.reload()
    tablet.wait_for_function("() => navigator.serviceWorker.controller !== null")


def play_the_round_offline(
    tablet: Page, session: Session, before_reload: Callable[[list[int]], None] | None = None
) -> list[int]:
    """Two boards, a reload, two boards, all without the network; the boards' numbers."""
    status = tablet.locator(".offline-status")
    boards = [enter(tablet, *ANSWERS[0])]
    expect(status).to_contain_text("1 result waiting to be sent")
    expect(status).to_contain_text("There is no network right now")
    expect(tablet.locator(".offline-board")).to_contain_text("Waiting to be sent.")
    boards.append(enter(tablet, *ANSWERS[1]))
    expect(status).to_contain_text("2 results waiting to be sent")
    if before_reload is not None:
        before_reload(boards)
    # The tablet reloads (or sleeps and wakes up): still no network.
    tablet.reload()
    expect(status).to_contain_text("2 results waiting to be sent")
    expect(tablet.locator(".offline-board")).to_have_count(2)
    boards.append(enter(tablet, *ANSWERS[2]))
    expect(status).to_contain_text("3 results waiting to be sent")
    boards.append(enter(tablet, *ANSWERS[3]))
    expect(status).to_contain_text("4 results waiting to be sent")
    # Nothing left to enter: what to do when the round is over.
    expect(tablet.get_by_role("heading", name="When the round is over")).to_be_visible()
    expect(tablet.locator(".offline-board")).to_have_count(4)
    expect(tablet.locator(".offline-board").first).to_contain_text(
        "The other tables' results will show here when the network is back."
    )
    assert len(set(boards)) == 4
    # The four wait on the tablet. Chromium's offline emulation now and then lets the
    # first save of a page under the service worker reach the server all the same (its
    # answer never reaches the page, which keeps the result): at most that one is
    # there, and sent again with its key it still counts once (checked after).
    reached = Result.objects.filter(session=session, entered_by=None)
    assert reached.count() <= 1, list(reached)
    return boards


def test_a_table_plays_its_whole_round_offline_and_each_result_is_sent_once(
    page: Page, alice: User
) -> None:
    session = four_board_round(alice)
    table = session.tables.get(number=1)
    open_table_kept(page, f"/t/{table.token}/")

    cut_the_network(page, True)
    boards = play_the_round_offline(page, session)

    cut_the_network(page, False)
    expect(page.locator(".done-board:not(.offline-board)")).to_have_count(4, timeout=30_000)
    expect(page.locator(".offline-status")).to_be_hidden()
    expect(page.get_by_text("waiting to be sent")).to_have_count(0)
    expected = sorted(
        (board, CONTRACTS[strain], tricks)
        for board, (strain, tricks) in zip(boards, ANSWERS, strict=True)
    )
    assert results(session) == expected
    # Once more, as a tablet that wakes up would: nothing is sent twice.
    page.reload()
    page.wait_for_timeout(1500)
    assert results(session) == expected
    kept = page.evaluate(f"() => localStorage.getItem('minibridge-table:{table.token}')")
    assert json.loads(kept)["queue"] == []


def test_a_board_the_teacher_entered_meanwhile_becomes_a_flag(page: Page, alice: User) -> None:
    session = four_board_round(alice)
    table = session.tables.get(number=1)
    open_table_kept(page, f"/t/{table.token}/")
    teachers: list[int] = []

    def teacher_enters_the_next_board(boards: list[int]) -> None:
        # The teacher types in the table's third board (1♦ making 8), from the grid.
        numbers = result_selectors.table_round_view(
            found(result_selectors.table_at_work(table.token))
        ).numbers
        third = next(n for n in numbers if n not in boards)
        slot, _result = result_selectors.teacher_slot(session, 1, 1, third)
        result_services.result_record_by_teacher(
            slot=slot, contract="1D", tricks_won=8, revoke="", teacher=alice
        )
        teachers.append(third)

    cut_the_network(page, True)
    boards = play_the_round_offline(page, session, before_reload=teacher_enters_the_next_board)
    # The copy the tablet kept still offered that board: the pupils entered it too.
    assert teachers[0] in boards

    cut_the_network(page, False)
    expect(page.locator(".done-board:not(.offline-board)")).to_have_count(4, timeout=30_000)
    notes = page.locator(".offline-notes")
    expect(notes).to_contain_text(f"Board {teachers[0]} already has a result from the teacher.")
    expect(notes).to_contain_text("Both results are kept.")
    # Four results; the teacher's stands, what the tablet sent is on the flag.
    stored = {board: (contract, tricks) for board, contract, tricks in results(session)}
    assert len(stored) == 4
    assert stored[teachers[0]] == ("1D", 8)
    strain, tricks = ANSWERS[boards.index(teachers[0])]
    flag = Flag.objects.get(result__session=session, result__board_number=teachers[0])
    assert flag.kind == Flag.Kind.CONFLICT
    assert flag.is_open
    assert (flag.sent_contract, flag.sent_tricks) == (CONTRACTS[strain], tricks)
    assert Flag.objects.filter(result__session=session).count() == 1


def test_a_save_whose_answer_was_lost_is_sent_again_and_makes_one_result(
    page: Page, alice: User
) -> None:
    session = running_session(alice, seed="offline")
    table = session.tables.get(number=1)
    page.goto(f"/t/{table.token}/")

    answered: list[int] = []

    def lose_the_answer(route: Route) -> None:
        # The form reaches the server, which saves it; the Wi-Fi drops on the way back.
        answered.append(route.fetch().status)
        route.abort("connectionreset")

    saves: list[str] = []
    page.on("request", lambda r: saves.append(r.url) if r.method == "POST" else None)
    page.route(f"**/t/{table.token}/boards/*/", lose_the_answer, times=1)
    board = enter(page, "S", 8)

    # Sent again with the same idempotency key: the server has it, still one row.
    expect(page.get_by_text("How the other tables did")).to_be_visible(timeout=20_000)
    assert answered == [200]
    assert len(saves) == 2
    assert len(set(saves)) == 1
    expect(page.get_by_text("waiting to be sent")).to_have_count(0)
    assert results(session) == [(board, "1S", 8)]
