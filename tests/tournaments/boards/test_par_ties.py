"""A par reached by several contracts: every page, PDF and file names each of them, and
a table that chose any of them is told it found the best contract (issue: the best
contract when several tie)."""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from openpyxl import load_workbook
from pypdf import PdfReader
from pytest_django import DjangoCaptureOnCommitCallbacks

from events.booklet import services as booklet_services
from events.models import EventBooklet
from scoring.cards import Seat
from scoring.dd import DDTable, minibridge_par
from scoring.feedback import Code, feedback
from scoring.pbn import read_pbn
from tests.factories import board_set_id, organiser_event, running_session
from tests.tournaments.feedback.test_feedback import table_playing, text_of, uniform_dd
from tournaments.boards import selectors as board_selectors
from tournaments.models import Board, BoardSet, Session
from tournaments.results import services as result_services

# Every seat takes 8 tricks in ♥ and ♠ and 6 elsewhere: 1♥ and 1♠ both make 110 (EBU),
# every other contract goes down. The two tie for the par.
TIE = uniform_dd(H=8, S=8)

WORDS = {
    "en": {
        "best": "Best contract",
        "contracts": "1 ♥ Hearts or 1 ♠ Spades",
        "page": "Best contract: 1 ♥ Hearts or 1 ♠ Spades (8 tricks), 110",
        "board": "1 ♥ Hearts or 1 ♠ Spades (8 tricks) by {declarer}, scoring 110",
        "par": "Par: 1♥ or 1♠ by {declarer}, +110",
        "why": "1♥ or 1♠ makes 8 tricks",
        "found": "One table: 1 found the best contract.",
        "feedback": "With perfect play 1♠ takes 8 tricks too: every trick the cards allow · "
        "Best contract",
        "heading": "What the cards allowed:",
    },
    "nb": {
        "best": "Beste kontrakt",
        "contracts": "1 ♥ Hjerter eller 1 ♠ Spar",
        "page": "Beste kontrakt: 1 ♥ Hjerter eller 1 ♠ Spar (8 stikk), 110",
        "board": "1 ♥ Hjerter eller 1 ♠ Spar (8 stikk) av {declarer}, gir 110",
        "par": "Par: 1♥ eller 1♠ av {declarer}, +110",
        "why": "1♥ eller 1♠ gir 8 stikk",
        "found": "Ett bord: 1 fant beste kontrakt.",
        "feedback": "Med perfekt spill gir 1♠ også 8 stikk: alle stikkene kortene gir · "
        "Beste kontrakt",
        "heading": "Hva kortene ga:",
    },
}


@pytest.fixture
def tied(alice: User) -> Session:
    session = running_session(alice, seed="par ties")
    Board.objects.filter(board_set=session.board_set).update(dd_tricks=TIE)
    BoardSet.objects.filter(pk=board_set_id(session)).update(analysis=BoardSet.Analysis.DONE)
    return session


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def pdf_text(data: bytes) -> str:
    """The PDF's words without any spaces (text extraction splits "1 ♥")."""
    return squeezed("".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages))


def declarer(session: Session, number: int, language: str) -> str:
    board = Board.objects.get(board_set=session.board_set, number=number)
    with translation.override(language):
        return str(board_selectors.board_facts(board).declarer_name)


def play_1s(session: Session) -> None:
    """The table playing board 1 in round 1 chose 1♠, the second of the tied contracts."""
    result_services.result_record(
        table=table_playing(session, 1), board_number=1, contract="1S", tricks_won=8
    )


def test_the_par_lists_both_contracts_and_credits_either() -> None:
    table = DDTable.from_pbn(TIE)
    par = minibridge_par(table, Seat.SOUTH)
    assert [str(c) for c in par.contracts] == ["1H", "1S"]
    for contract in ("1H", "1S"):
        result = feedback(declarer=Seat.SOUTH, dd=table, profile="ebu", contract=contract, tricks=8)
        assert result.choice is not None
        assert result.choice.code is Code.BEST


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_table_that_chose_1s_is_told_it_found_the_best_contract(
    tied: Session, language: str
) -> None:
    table = table_playing(tied, 1)
    client = Client(headers={"HX-Request": "true"})
    client.cookies["django_language"] = language
    form = {"strain": "S", "level": "part-score", "tricks": 8, "revoke": "", "key": "k1"}
    saved = text_of(client.post(f"/t/{table.token}/boards/1/", form).content.decode())
    words = WORDS[language]
    assert re.search(f"{words['heading']} 1♠ [^·]+ · {words['feedback']}", saved)
    # The table's page, loaded again: the board's traveller, "how the other tables did".
    page = Client()
    page.cookies["django_language"] = language
    again = text_of(page.get(f"/t/{table.token}/").content.decode())
    assert re.search(f"{words['heading']} 1♠ [^·]+ · {words['feedback']}", again)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Another suit was better: ♥ or ♠ takes 8 tricks"),
        ("nb", "En annen farge var bedre: ♥ eller ♠ gir 8 stikk"),
    ],
)
def test_a_table_that_missed_is_told_both_better_suits(
    tied: Session, language: str, expected: str
) -> None:
    table = table_playing(tied, 1)
    client = Client(headers={"HX-Request": "true"})
    client.cookies["django_language"] = language
    form = {"strain": "NT", "level": "part-score", "tricks": 6, "revoke": "", "key": "k1"}
    saved = text_of(client.post(f"/t/{table.token}/boards/1/", form).content.decode())
    # What happened (1NT went down), the tricks against the cards', then the choice.
    assert re.search(f"{WORDS[language]['heading']} 1NT [^·]+ · [^·]+ · {expected}", saved)


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_teachers_pages_list_both_contracts(
    tied: Session, alice_client: Client, language: str
) -> None:
    play_1s(tied)
    alice_client.cookies["django_language"] = language
    words = WORDS[language]
    traveller = text_of(alice_client.get(f"/sessions/{tied.pk}/boards/1/").content.decode())
    assert words["page"] in traveller
    assert words["feedback"] in traveller
    board_set = text_of(alice_client.get(f"/boards/{tied.board_set_id}/").content.decode())
    assert words["page"].split(": ", 1)[1] in board_set
    board = text_of(alice_client.get(f"/boards/{tied.board_set_id}/1/").content.decode())
    assert words["board"].format(declarer=declarer(tied, 1, language)) in board
    # The session's feedback, every board: the par, 1 table judged, 1 found it.
    page = text_of(alice_client.get(f"/sessions/{tied.pk}/feedback/").content.decode())
    assert f"1 {words['contracts']} {declarer(tied, 1, language)[0]} 1 1 0 0 0" in page


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_slips_and_the_lesson_pack_print_both_contracts(
    tied: Session, alice_client: Client, language: str
) -> None:
    play_1s(tied)
    alice_client.cookies["django_language"] = language
    words = WORDS[language]
    slips = pdf_text(alice_client.get(f"/sessions/{tied.pk}/print/board-slips/").content)
    for number in range(1, 9):
        par = words["par"].format(declarer=declarer(tied, number, language))
        assert squeezed(par) in slips, number
    pack = pdf_text(alice_client.get(f"/sessions/{tied.pk}/lesson-pack/").content)
    assert squeezed(words["par"].format(declarer=declarer(tied, 1, language))) in pack
    assert squeezed(words["why"]) in pack
    assert squeezed(words["found"]) in pack
    travellers = pdf_text(alice_client.get(f"/sessions/{tied.pk}/export/travellers-pdf/").content)
    assert squeezed(words["par"].format(declarer=declarer(tied, 1, language))) in travellers


def test_the_exports_carry_the_ties(tied: Session, alice_client: Client) -> None:
    play_1s(tied)
    pbn = alice_client.get(f"/sessions/{tied.pk}/export/pbn/").content
    [first, *_] = read_pbn(pbn).boards
    letter = {"North": "N", "East": "E", "South": "S", "West": "W"}[declarer(tied, 1, "en")]
    assert first.tag("MinibridgePar") == f"1H {letter} 110"  # the one-contract form, as before
    assert first.tag("MinibridgeParTies") == "1S"
    sets = alice_client.get(f"/boards/{tied.board_set_id}/download/pbn/").content
    assert all(game.tag("MinibridgeParTies") == "1S" for game in read_pbn(sets).boards)
    book = load_workbook(io.BytesIO(alice_client.get(f"/sessions/{tied.pk}/export/xlsx/").content))
    rows = list(book["Boards"].iter_rows(min_row=2, values_only=True))
    assert rows[0][:4] == (1, "1♥ or 1♠", declarer(tied, 1, "en"), 110)


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_event_booklet_prints_both_contracts(
    db: None, language: str, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    event = organiser_event(boards=2)
    Board.objects.filter(board_set=event.board_set).update(dd_tricks=TIE)
    with django_capture_on_commit_callbacks(execute=True):
        booklet_services.booklet_request(event=event, language=language)
    booklet = EventBooklet.objects.get(event=event)
    assert booklet.status == EventBooklet.Status.DONE
    text = pdf_text(bytes(booklet.pdf))
    words = WORDS[language]
    for board in Board.objects.filter(board_set=event.board_set):
        with translation.override(language):
            name = str(board_selectors.board_facts(board).declarer_name)
        assert squeezed(words["par"].format(declarer=name)) in text, board.number
    assert squeezed(words["why"]) in text
