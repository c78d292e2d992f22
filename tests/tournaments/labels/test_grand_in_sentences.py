"""No trumps in a Norwegian sentence is "grand" (GLOSSARY.md; KNOWN.md: "NT" is written
and "grand" is said): a traveller's feedback on a no-trump game reads "utgang i grand",
never "utgang i NT", while the contract itself stays "1NT"."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from scoring.cards import Seat, Strain
from scoring.dd import DDTable
from tests.factories import running_session
from tournaments.models import Board, Session, Table
from tournaments.results import services as result_services
from tournaments.sessions import selectors as session_selectors


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def table_playing(session: Session, board: int) -> Table:
    movement = session_selectors.session_movement(session)
    for table in session.tables.all():
        entry = movement.entry(1, table.number)
        if board in movement.boards(entry.board_set) and entry.ns_pair is not None:
            return table
    raise AssertionError(f"board {board} is not played in round 1")


@pytest.fixture
def session(alice: User) -> Session:
    session = running_session(alice, seed="grand")
    # Every seat takes 9 tricks in no trumps and 6 in each suit: 3NT is the par.
    tricks = {
        (seat, strain): 9 if strain is Strain.NO_TRUMPS else 6 for seat in Seat for strain in Strain
    }
    Board.objects.filter(board_set=session.board_set, number=1).update(
        dd_tricks=DDTable(tricks).to_pbn()
    )
    return session


def test_the_norwegian_traveller_says_utgang_i_grand(
    session: Session, alice_client: Client
) -> None:
    # 1NT with the 9 tricks of 3NT: the game was there.
    result_services.result_record(
        table=table_playing(session, 1), board_number=1, contract="1NT", tricks_won=9
    )
    alice_client.cookies["django_language"] = "nb"
    page = text_of(alice_client.get(f"/sessions/{session.pk}/boards/1/").content.decode())
    assert "Utgang var mulig: utgang i grand gir 9 stikk" in page
    assert "i NT" not in page
    assert "1NT" in page  # the contract is still written with NT
    alice_client.cookies["django_language"] = "en"
    page = text_of(alice_client.get(f"/sessions/{session.pk}/boards/1/").content.decode())
    assert "Game was there: NT game makes 9 tricks" in page


def test_the_tables_traveller_says_utgang_i_grand(session: Session) -> None:
    table = table_playing(session, 1)
    client = Client(headers={"HX-Request": "true"})
    client.cookies["django_language"] = "nb"
    form = {"strain": "NT", "level": "part-score", "tricks": 9, "revoke": "", "key": "k1"}
    saved = text_of(client.post(f"/t/{table.token}/boards/1/", form).content.decode())
    assert "utgang i grand gir 9 stikk" in saved
    assert "i NT" not in saved
    page = Client()
    page.cookies["django_language"] = "nb"
    again = text_of(page.get(f"/t/{table.token}/").content.decode())
    assert "utgang i grand gir 9 stikk" in again
    assert "i NT" not in again
