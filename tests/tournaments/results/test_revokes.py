"""Revokes stay visible (issue 16, part 5): a result with a revoke shows both figures,
the tricks scored and the tricks won in play with the trick moved, on the teacher's
traveller, the table's traveller, the score card, the travellers PDF, the workbook and,
as a comment, the PBN file."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring.cards import Deal, Seat
from scoring.pbn import PbnBoard, PbnError, write_pbn
from tests.factories import running_session
from tournaments.labels import bridge as bridge_labels
from tournaments.models import Result, Session, Table
from tournaments.results import services as result_services
from tournaments.sessions import selectors as session_selectors


@pytest.mark.parametrize(
    ("tricks", "won", "revoke", "english", "norwegian"),
    [
        (10, 10, False, "10", "10"),
        (10, 9, True, "10, 9 + 1 for the revoke", "10, 9 + 1 for renonsen"),
        (9, 10, True, "9, 10 - 1 for the revoke", "9, 10 - 1 for renonsen"),
        (13, 13, True, "13 (revoke)", "13 (renons)"),
    ],
)
def test_the_tricks_with_both_figures(
    tricks: int, won: int, revoke: bool, english: str, norwegian: str
) -> None:
    with translation.override("en"):
        assert bridge_labels.tricks_text(tricks, won, revoke=revoke) == english
    with translation.override("nb"):
        assert bridge_labels.tricks_text(tricks, won, revoke=revoke) == norwegian


def _table_of(session: Session, board: int) -> Table:
    movement = session_selectors.session_movement(session)
    for entry in movement.round_entries(1):
        if board in movement.boards(entry.board_set):
            return session.tables.get(number=entry.table)
    raise AssertionError(board)


@pytest.fixture
def revoked(alice: User) -> tuple[Session, Result, Result]:
    """Board 1: 4♠ with 9 tricks won and a defender's revoke (10 scored); board 2: 3NT
    with 10 won and a revoke by declarer's side (9 scored)."""
    session = running_session(alice, seed="revokes")
    first = result_services.result_record(
        table=_table_of(session, 1),
        board_number=1,
        contract="4S",
        tricks_won=9,
        revoke=Result.Revoke.DEFENDERS,
    )
    second = result_services.result_record(
        table=_table_of(session, 2),
        board_number=2,
        contract="3NT",
        tricks_won=10,
        revoke=Result.Revoke.DECLARING_SIDE,
    )
    return session, first, second


DEFENDERS = "10, 9 + 1 for the revoke"
DECLARERS = "9, 10 - 1 for the revoke"


@pytest.mark.django_db
def test_the_teachers_traveller_and_the_score_card_show_both_figures(
    revoked: tuple[Session, Result, Result], alice_client: Client
) -> None:
    session, first, second = revoked
    assert DEFENDERS in alice_client.get(f"/sessions/{session.pk}/boards/1/").content.decode()
    assert DECLARERS in alice_client.get(f"/sessions/{session.pk}/boards/2/").content.decode()
    card = alice_client.get(f"/sessions/{session.pk}/pairs/{first.ns_pair_id}/card/")
    assert DEFENDERS in card.content.decode()
    alice_client.cookies["django_language"] = "nb"
    page = alice_client.get(f"/sessions/{session.pk}/boards/1/").content.decode()
    assert "10, 9 + 1 for renonsen" in page
    assert second.pk


@pytest.mark.django_db
def test_the_tables_traveller_shows_both_figures(
    revoked: tuple[Session, Result, Result],
) -> None:
    _session, first, _second = revoked
    html = Client().get(f"/t/{first.table.token}/").content.decode()
    assert DEFENDERS in html


def _pdf_text(data: bytes) -> str:
    pages = PdfReader(io.BytesIO(data)).pages
    return " ".join(" ".join(page.extract_text().split()) for page in pages)


@pytest.mark.django_db
def test_the_travellers_pdf_notes_each_revoke(
    revoked: tuple[Session, Result, Result], alice_client: Client
) -> None:
    session, first, second = revoked
    text = _pdf_text(alice_client.get(f"/sessions/{session.pk}/export/travellers-pdf/").content)
    assert f"Table {first.table.number}: {DEFENDERS}" in text
    assert f"Table {second.table.number}: {DECLARERS}" in text
    alice_client.cookies["django_language"] = "nb"
    text = _pdf_text(alice_client.get(f"/sessions/{session.pk}/export/travellers-pdf/").content)
    assert f"Bord {first.table.number}: 10, 9 + 1 for renonsen" in text


@pytest.mark.django_db
def test_the_workbook_has_a_revoke_column(
    revoked: tuple[Session, Result, Result], alice_client: Client
) -> None:
    session, first, _second = revoked
    data = alice_client.get(f"/sessions/{session.pk}/export/xlsx/").content
    book = load_workbook(io.BytesIO(data))
    travellers = [[cell.value for cell in row] for row in book["Travellers"].iter_rows()]
    assert travellers[0][-1] == "Revoke"
    by_board = {row[0]: row for row in travellers[1:]}
    assert by_board[1][7] == 10  # the tricks scored stay a number
    assert by_board[1][-1] == DEFENDERS
    assert by_board[2][7] == 9
    assert by_board[2][-1] == DECLARERS
    cards = [[cell.value for cell in row] for row in book["Score cards"].iter_rows()]
    assert cards[0][-1] == "Revoke"
    assert sum(row[-1] == DEFENDERS for row in cards) == 2  # both pairs' cards
    assert sum(row[-1] == DECLARERS for row in cards) == 2
    assert first.pk


@pytest.mark.django_db
def test_the_pbn_notes_each_revoke_in_a_comment(
    revoked: tuple[Session, Result, Result], alice_client: Client
) -> None:
    session, first, second = revoked
    text = alice_client.get(f"/sessions/{session.pk}/export/pbn/").content.decode()
    first_declarer = text.split('[Board "1"]', 1)[1].split('[MinibridgeDeclarer "', 1)[1][0]
    assert (
        f"{{Table {first.table.number}: 4S by {first_declarer}, 9 tricks won in play + 1 "
        "for a revoke by the defenders = 10}"
    ) in text
    board_2 = text.split('[Board "2"]', 1)[1].split('[Board "3"]', 1)[0]
    assert f"{{Table {second.table.number}: 3NT by " in board_2
    assert "10 tricks won in play - 1 for a revoke by declarer's side = 9}" in board_2
    # Nothing else has a comment.
    assert text.count("{Table") == 2


def test_a_pbn_comment_cannot_close_itself_early() -> None:
    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    board = PbnBoard(number=1, dealer=Seat.NORTH, deal=deal, comments=("a note",))
    assert "{a note}" in write_pbn([board])
    with pytest.raises(PbnError, match="comment"):
        PbnBoard(number=1, dealer=Seat.NORTH, deal=deal, comments=("a } b",))
