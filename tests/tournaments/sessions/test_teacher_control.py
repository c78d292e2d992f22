"""The teacher in control: any result of any round can be corrected, during and after the
session, without moving a table; pupils' flags and second tablets' conflicts stay listed
until the teacher answers them."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import play_round, running_session
from tournaments.models import Flag, Result, ResultChange, Session, Table
from tournaments.results import services as result_services
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services
from tournaments.standings.selectors import session_standings


@pytest.fixture
def session(alice: User) -> Session:
    """A running Mitchell: 8 pairs, 4 tables (skip), 3 rounds of 2 boards."""
    return running_session(alice, seed="control")


def _table_playing(session: Session, board: int, round_: int) -> Table:
    movement = session_selectors.session_movement(session)
    for entry in movement.round_entries(round_):
        if board in movement.boards(entry.board_set):
            return session.tables.get(number=entry.table)
    raise AssertionError(f"board {board} is not played in round {round_}")


def _edit_url(session: Session, round_: int, table: int, board: int) -> str:
    return f"/sessions/{session.pk}/rounds/{round_}/tables/{table}/boards/{board}/"


def _correction(**data: Any) -> dict[str, Any]:
    return {"save": "1", "strain": "S", "level": "game", "tricks": 9, "revoke": "", **data}


# --------------------------------------------------------------------------- any round


def test_the_grid_shows_any_round_and_the_current_one_by_default(
    session: Session, alice_client: Client
) -> None:
    play_round(session, 1, {})
    play_round(session, 2, {})
    Session.objects.filter(pk=session.pk).update(current_round=3)
    page = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert "Results this round" in page
    assert page.count('data-status="missing"') == 8  # round 3: nothing entered yet
    round_one = alice_client.get(f"/sessions/{session.pk}/?round=1").content.decode()
    assert "Results of round 1" in round_one
    assert round_one.count('data-status="entered"') == 8
    assert f"/sessions/{session.pk}/rounds/1/tables/1/boards/1/" in round_one
    # The grid keeps polling the round the teacher picked.
    grid = alice_client.get(
        f"/sessions/{session.pk}/grid/?round=1", headers={"HX-Request": "true"}
    ).content.decode()
    assert f'hx-get="/sessions/{session.pk}/grid/?round=1"' in grid
    assert "rounds/1/tables/" in grid
    # A round the session does not have shows the current one.
    assert (
        "Results this round"
        in alice_client.get(f"/sessions/{session.pk}/?round=9").content.decode()
    )


def test_after_the_finish_every_rounds_cells_open(session: Session, alice_client: Client) -> None:
    for round_ in (1, 2, 3):
        play_round(session, round_, {})
    session_services.session_finish(session=session)
    for round_ in (1, 2, 3):
        page = alice_client.get(f"/sessions/{session.pk}/?round={round_}").content.decode()
        assert f"Results of round {round_}" in page
        assert page.count(f"/rounds/{round_}/tables/") == 8
        assert 'hx-trigger="every 4s"' not in page  # a finished session does not poll


def test_a_round_one_error_is_corrected_in_round_three_and_no_table_moves(
    session: Session, alice_client: Client
) -> None:
    play_round(session, 1, {})
    play_round(session, 2, {})
    play_round(session, 3, {})
    before = session_standings(session)
    table = _table_playing(session, 1, 1)
    traveller_url = f"/sessions/{session.pk}/boards/1/"
    traveller = alice_client.get(traveller_url).content.decode()
    link = f"{_edit_url(session, 1, table.number, 1)}?next={traveller_url}"
    assert link in traveller
    form = alice_client.get(link).content.decode()
    assert f'name="next" value="/sessions/{session.pk}/boards/1/"' in form
    response = alice_client.post(link, _correction(next=traveller_url))
    assert response.status_code == 302
    assert response["Location"] == traveller_url  # back where the teacher came from
    session.refresh_from_db()
    assert session.current_round == 3  # the tables stay where they are
    result = Result.objects.get(round=1, table=table, board_number=1)
    assert (result.contract, result.tricks_won) == ("4S", 9)
    assert session_standings(session) != before


def test_a_score_card_line_links_to_its_result(session: Session, alice_client: Client) -> None:
    play_round(session, 1, {})
    pair = session.pairs.get(line="NS", number=1)
    card = alice_client.get(f"/sessions/{session.pk}/pairs/{pair.pk}/card/").content.decode()
    assert re.search(rf"/sessions/{session.pk}/rounds/1/tables/1/boards/\d+/\?next=", card)


def test_the_score_preview_works_for_an_earlier_round(
    session: Session, alice_client: Client
) -> None:
    play_round(session, 1, {})
    Session.objects.filter(pk=session.pk).update(current_round=3)
    table = _table_playing(session, 1, 1)
    page = alice_client.get(_edit_url(session, 1, table.number, 1)).content.decode()
    found = re.search(r'data-scores="([^"]*)"', page)
    assert found is not None
    scores = json.loads(html.unescape(found.group(1)))
    assert scores["NT|part-score|8|"].endswith("+120")


def test_a_next_address_off_the_site_is_ignored(session: Session, alice_client: Client) -> None:
    play_round(session, 1, {})
    table = _table_playing(session, 1, 1)
    url = _edit_url(session, 1, table.number, 1)
    for bad in ("https://evil.example/", "//evil.example/", "javascript:alert(1)"):
        response = alice_client.post(url, _correction(next=bad))
        assert response["Location"] == f"/sessions/{session.pk}/boards/1/"


# --------------------------------------------------------------------------- flags


def test_a_flag_outlives_round_changes_and_the_finish_until_it_is_answered(
    session: Session, alice_client: Client, alice: User
) -> None:
    play_round(session, 1, {})
    play_round(session, 2, {})
    table = _table_playing(session, 3, 2)
    flagged = Result.objects.get(round=2, table=table, board_number=3)
    Client().post(f"/t/{table.token}/results/{flagged.pk}/flag/")
    where = f"Table {table.number}, board 3 (round 2)"

    page = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert '<span class="mark mark-correction" aria-hidden="true"></span> 1 open flag' in page
    assert where in page
    # Next round: the warning names the open flag, and the list keeps it.
    response = alice_client.post(f"/sessions/{session.pk}/round/", {"direction": "next"})
    assert response["Location"].endswith("?confirm_next=1")
    warning = alice_client.get(response["Location"]).content.decode()
    assert f"Table {table.number}, board 3: flagged — the table asked you to check it" in warning
    alice_client.post(
        f"/sessions/{session.pk}/round/", {"direction": "next", "confirm": "1", "round": "2"}
    )
    play_round(session, 3, {})
    assert where in alice_client.get(f"/sessions/{session.pk}/").content.decode()
    session_services.session_finish(session=Session.objects.get(pk=session.pk))
    assert where in alice_client.get(f"/sessions/{session.pk}/").content.decode()

    # Dismissing needs a reason; then the flag is answered and in the board's history.
    flag = Flag.objects.get()
    dismiss = f"/sessions/{session.pk}/flags/{flag.pk}/dismiss/"
    alice_client.post(dismiss, {"reason": "   "})
    flag.refresh_from_db()
    assert flag.is_open
    alice_client.post(dismiss, {"reason": "The pupils agreed it was right."})
    flag.refresh_from_db()
    assert (flag.resolution, flag.resolved_by) == (Flag.Resolution.DISMISSED, alice)
    page = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert where not in page
    history = alice_client.get(f"/sessions/{session.pk}/boards/3/").content.decode()
    assert f"table {table.number} asked the teacher to check this board" in history
    assert "answered table" in history
    assert "The pupils agreed it was right." in history


def test_correcting_a_flagged_result_answers_its_flags(
    session: Session, alice_client: Client
) -> None:
    play_round(session, 1, {})
    table = _table_playing(session, 1, 1)
    result = Result.objects.get(round=1, table=table, board_number=1)
    result_services.result_request_correction(result=result)
    result_services.result_request_correction(result=result)  # a double tap: one flag
    assert Flag.objects.count() == 1
    grid = alice_client.get(f"/sessions/{session.pk}/grid/?round=1").content.decode()
    assert grid.count('data-status="correction"') == 1
    alice_client.post(_edit_url(session, 1, table.number, 1), _correction(tricks=12))
    flag = Flag.objects.get()
    assert flag.resolution == Flag.Resolution.CORRECTED
    assert ResultChange.objects.count() == 1


def test_saving_a_flagged_result_unchanged_answers_it_as_checked(
    session: Session, alice_client: Client
) -> None:
    play_round(session, 1, {})
    table = _table_playing(session, 1, 1)
    result = Result.objects.get(round=1, table=table, board_number=1)
    result_services.result_request_correction(result=result)
    unchanged = _correction(strain="NT", level="part-score", tricks=7)  # play_round's 1NT 7
    alice_client.post(_edit_url(session, 1, table.number, 1), unchanged)
    assert Flag.objects.get().resolution == Flag.Resolution.CHECKED
    assert not ResultChange.objects.exists()


def test_a_second_tablets_other_result_is_a_flag_at_once(
    session: Session, alice_client: Client
) -> None:
    table = session.tables.get(number=1)
    form = {"strain": "S", "level": "game", "tricks": 10, "revoke": ""}
    Client().post(f"/t/{table.token}/boards/1/", {**form, "key": "a"})
    response = Client().post(f"/t/{table.token}/boards/1/", {**form, "tricks": 9, "key": "b"})
    assert response.status_code == 409
    assert "The teacher has been told" in response.content.decode()
    page = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert "A second tablet sent another result:" in page
    history = alice_client.get(f"/sessions/{session.pk}/boards/1/").content.decode()
    assert "a second tablet at table 1 sent another result" in history


def test_only_the_sessions_teacher_answers_its_flags(session: Session, bob_client: Client) -> None:
    play_round(session, 1, {})
    result = Result.objects.filter(round=1).first()
    assert result is not None
    flag = result_services.result_request_correction(result=result)
    url = f"/sessions/{session.pk}/flags/{flag.pk}/dismiss/"
    assert bob_client.post(url, {"reason": "mine now"}).status_code == 404
    assert Client().post(url, {"reason": "x"}).status_code == 302
    assert bob_client.get(url).status_code == 405
    flag.refresh_from_db()
    assert flag.is_open
