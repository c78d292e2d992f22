"""The warning before the next round names what is really still open, each with its
table and board: no result yet, waiting for the opponents to agree, flagged. Its
sentences all come from one selector (result_selectors.open_results)."""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from scoring.cards import Side
from tests.factories import running_session
from tournaments.models import Result, Session, Table
from tournaments.results import services as result_services
from tournaments.results.selectors import board_for_session, round_open_results
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services


@pytest.fixture
def session(alice: User) -> Session:
    """A running Mitchell: 8 pairs at 4 tables, 3 rounds of 2 boards; round 1 open."""
    return running_session(alice, seed="warning")


def _text_of(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def _slots(session: Session, round_: int = 1) -> list[tuple[Table, int]]:
    """(table, board) of every result of the round, by table and board."""
    movement = session_selectors.session_movement(session)
    tables = {table.number: table for table in session.tables.all()}
    return [
        (tables[entry.table], board)
        for entry in movement.round_entries(round_)
        for board in movement.boards(entry.board_set)
    ]


def _enter(table: Table, board: int) -> Result:
    return result_services.result_record(
        table=table, board_number=board, contract="1NT", tricks_won=7
    )


def _defenders(session: Session, board: int) -> Side:
    return board_for_session(session, board).declaration.side.other


def _warning(client: Client, session: Session, language: str = "en") -> str:
    """What the teacher reads after tapping Next round: the alert, as words."""
    client.cookies["django_language"] = language
    response = client.post(f"/sessions/{session.pk}/round/", {"direction": "next", "round": 1})
    assert response.status_code == 302
    assert response["Location"].endswith("?confirm_next=1")
    page = client.get(response["Location"]).content.decode()
    alert = re.search(r'<div class="note" role="alert">(.*?)</form>', page, re.S)
    assert alert is not None
    return _text_of(alert.group(1))


SIDES = {
    "en": {Side.NS: "North–South", Side.EW: "East–West"},
    "nb": {Side.NS: "Nord–Syd", Side.EW: "Øst–Vest"},
}
WORDS = {
    "en": {
        "missing": "Table {table}, board {board}: no result yet",
        "waiting": "Table {table}, board {board}: waiting for {side} to agree",
        "check": "Table {table}, board {board}: flagged — the table asked you to check it",
        "conflict": "Table {table}, board {board}: flagged — a second tablet sent another result",
        "earlier": (
            "Table {table}, board {board} (round {round}): "
            "flagged — the table asked you to check it"
        ),
        "head": "Still open before the next round:",
    },
    "nb": {
        "missing": "Bord {table}, spill {board}: ingen resultat ennå",
        "waiting": "Bord {table}, spill {board}: venter på at {side} trykker Enig",
        "check": "Bord {table}, spill {board}: flagget — bordet ba deg sjekke det",
        "conflict": (
            "Bord {table}, spill {board}: flagget — et annet nettbrett sendte et annet resultat"
        ),
        "earlier": (
            "Bord {table}, spill {board} (runde {round}): flagget — bordet ba deg sjekke det"
        ),
        "head": "Fortsatt åpent før neste runde:",
    },
}


@pytest.mark.parametrize("language", ["en", "nb"])
def test_all_in_and_one_flagged_names_the_flag_and_nothing_missing(
    session: Session, alice_client: Client, language: str
) -> None:
    """The report: every result in, one flagged; the warning said one was missing."""
    results = [_enter(table, board) for table, board in _slots(session)]
    flagged = results[3]
    result_services.result_request_correction(result=flagged)
    words = WORDS[language]
    warning = _warning(alice_client, session, language)
    expected = words["check"].format(table=flagged.table.number, board=flagged.board_number)
    assert warning.startswith(f"{words['head']} {expected} ")
    assert warning.count(words["check"].split(":")[1].strip()) == 1
    for word in ("missing", "no result", "not agreed", "mangler", "ingen resultat", "Enig"):
        assert word not in warning


@pytest.mark.parametrize("language", ["en", "nb"])
def test_each_kind_of_open_result_is_named_with_its_table_and_board(
    session: Session, alice_client: Client, language: str
) -> None:
    Session.objects.filter(pk=session.pk).update(require_agreement=True)
    slots = _slots(session)
    (missing_table, missing_board), waiting_slot, check_slot, conflict_slot, *rest = slots
    waiting = _enter(*waiting_slot)  # a table's entry waits for the opponents' Agree
    checked = _enter(*check_slot)
    conflicting = _enter(*conflict_slot)
    for result in (checked, conflicting):
        result_services.result_agree(result=result)
    result_services.result_request_correction(result=checked)
    result_services.result_flag_conflict(result=conflicting, contract="4S", tricks_won=10)
    for table, board in rest:
        result_services.result_agree(result=_enter(table, board))

    words, sides = WORDS[language], SIDES[language]
    warning = _warning(alice_client, session, language)
    lines = [
        words["missing"].format(table=missing_table.number, board=missing_board),
        words["waiting"].format(
            table=waiting.table.number,
            board=waiting.board_number,
            side=sides[_defenders(session, waiting.board_number)],
        ),
        words["check"].format(table=checked.table.number, board=checked.board_number),
        words["conflict"].format(table=conflicting.table.number, board=conflicting.board_number),
    ]
    assert warning.startswith(words["head"])
    for line in lines:
        assert line in warning, (line, warning)
    # Those four and nothing else, in table and board order.
    positions = [warning.index(line) for line in lines]
    assert positions == sorted(positions)
    assert len(round_open_results(session)) == 4


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_mix_with_a_flag_of_an_earlier_round(
    session: Session, alice_client: Client, language: str
) -> None:
    earlier = [_enter(table, board) for table, board in _slots(session, 1)]
    result_services.result_request_correction(result=earlier[0])
    session_services.session_change_round(session=session, step=1)
    session.refresh_from_db()
    Session.objects.filter(pk=session.pk).update(require_agreement=True)
    now = _slots(session, 2)
    waiting = _enter(*now[0])
    for table, board in now[2:]:
        result_services.result_agree(result=_enter(table, board))
    missing_table, missing_board = now[1]

    words, sides = WORDS[language], SIDES[language]
    alice_client.cookies["django_language"] = language
    response = alice_client.post(
        f"/sessions/{session.pk}/round/", {"direction": "next", "round": 2}
    )
    page = _text_of(alice_client.get(response["Location"]).content.decode())
    first = earlier[0]
    for line in (
        words["waiting"].format(
            table=waiting.table.number,
            board=waiting.board_number,
            side=sides[_defenders(session, waiting.board_number)],
        ),
        words["missing"].format(table=missing_table.number, board=missing_board),
        words["earlier"].format(table=first.table.number, board=first.board_number, round=1),
    ):
        assert line in page, (line, page)
    assert len(round_open_results(Session.objects.get(pk=session.pk))) == 3


def test_nothing_open_goes_straight_to_the_next_round(
    session: Session, alice_client: Client
) -> None:
    for table, board in _slots(session):
        _enter(table, board)
    response = alice_client.post(
        f"/sessions/{session.pk}/round/", {"direction": "next", "round": 1}
    )
    assert response["Location"] == f"/sessions/{session.pk}/"
    assert Session.objects.get(pk=session.pk).current_round == 2


def test_a_result_waiting_without_a_declarer_names_the_opponents(
    session: Session, alice_client: Client
) -> None:
    """Who agrees is the declarer's opponents; a result with no declarer (not played)
    that waits names them as "the opponents"."""
    Session.objects.filter(pk=session.pk).update(require_agreement=True)
    slots = _slots(session)
    for table, board in slots[1:]:
        result_services.result_agree(result=_enter(table, board))
    table, board = slots[0]
    result = _enter(table, board)
    Result.objects.filter(pk=result.pk).update(kind=Result.Kind.NOT_PLAYED, contract="")
    warning = _warning(alice_client, session)
    assert f"Table {table.number}, board {board}: waiting for the opponents to agree" in warning
