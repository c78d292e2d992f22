"""An individual session's printed papers (issue 19): table cards naming the four pupils
by seat with the table page's own after-round sentences, a card per pupil, and the
movement chart by seat with each round's sit-outs; in English and in Norwegian, for 8
pupils (nobody sits out) and 11 (three sit out each round, and the cards go on over
two pages a table).

What each paper must say is written out here from the individual movement's entries
(who sits where), not with the printing modules' or the labels' helpers, and the PDFs
are downloaded through the site and read back with pypdf.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from typing import TypedDict

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from pytest_django import Settings as SettingsWrapper

from scoring.cards import Seat
from scoring.individual import IndividualMovement
from tests.factories import individual_session, running_session
from tests.tournaments.printing.movement_papers import _all_text, _reader, _text
from tournaments.models import Session
from tournaments.results import services as result_services
from tournaments.sessions import selectors as session_selectors

EIGHT = ["Ada", "Bo", "Cy", "Di", "Ed", "Fi", "Gus", "Hal"]
ELEVEN = [*EIGHT, "Ivo", "Jo", "Kåre"]
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


class Words(TypedDict):
    seat: dict[Seat, str]
    letter: dict[Seat, str]
    goes: str
    stays: str
    off: str
    teacher: str
    shares: str
    table: str
    page: str
    table_header: str
    pupil: str
    pupil_header: str
    round_off: str
    v: str
    boards: str
    shared: str
    round: str
    kinds: tuple[str, str, str]
    title: str


#: The words of the papers, in each language, written out here.
WORDS: dict[str, Words] = {
    "en": {
        "seat": {N: "North", E: "East", S: "South", W: "West"},
        "letter": {N: "N", E: "E", S: "S", W: "W"},
        "goes": "{name} goes to table {table} and sits {seat}.",
        "stays": "{name} stays at this table and sits {seat}.",
        "off": "{name} has the next round off.",
        "teacher": "Give the boards to the teacher.",
        "shares": "» Shares boards with table {table}",
        "table": "Table {table}",
        "page": "Page {page} of {pages}",
        "table_header": "Round North–South East–West Boards When the round is over",
        "pupil": "Pupil {number}",
        "pupil_header": "Round Table Seat Partner Opponents Boards",
        "round_off": "Round off",
        "v": "v",
        "boards": "Boards {boards}",
        "shared": "shared with table {table}",
        "round": "Round {round}",
        "kinds": ("Table cards", "Pupil cards", "Movement"),
        "title": "7C · Nov. 30, 2026",
    },
    "nb": {
        "seat": {N: "Nord", E: "Øst", S: "Syd", W: "Vest"},
        "letter": {N: "N", E: "Ø", S: "S", W: "V"},
        "goes": "{name} går til bord {table} og sitter {seat}.",
        "stays": "{name} blir ved dette bordet og sitter {seat}.",
        "off": "{name} har fri neste runde.",
        "teacher": "Gi mappene til læreren.",
        "shares": "» Deler mapper med bord {table}",
        "table": "Bord {table}",
        "page": "Side {page} av {pages}",
        "table_header": "Runde Nord–Syd Øst–Vest Spill Når runden er ferdig",
        "pupil": "Elev {number}",
        "pupil_header": "Runde Bord Retning Makker Motstandere Spill",
        "round_off": "Fri runde",
        "v": "mot",
        "boards": "Spill {boards}",
        "shared": "delt med bord {table}",
        "round": "Runde {round}",
        "kinds": ("Bordkort", "Elevkort", "Bevegelse"),
        "title": "7C · 30. november 2026",
    },
}
LANGUAGES = pytest.mark.parametrize("language", ["en", "nb"])
SIZES = pytest.mark.parametrize("names", [EIGHT, ELEVEN], ids=["8-pupils", "11-pupils"])


@pytest.fixture(autouse=True)
def public_url(settings: SettingsWrapper) -> None:
    # The table cards carry the tables' address: give the site one.
    settings.PUBLIC_URL = "http://192.0.2.10:8000"


@pytest.fixture(autouse=True)
def language_afterwards() -> Iterator[None]:
    # A Norwegian request leaves Norwegian active in this thread: later tests that build
    # papers without a request must not inherit it.
    language = translation.get_language()
    yield
    translation.activate(language)


def _start(teacher: User, names: list[str]) -> Session:
    # Every round of the movement (8 pupils: 7, 11 pupils: 11), 2 boards a round.
    return individual_session(teacher, names=names)


def _download(client: Client, session: Session, kind: str, language: str) -> bytes:
    client.cookies["django_language"] = language
    response = client.get(f"/sessions/{session.pk}/print/{kind}/")
    assert response.status_code == 200, kind
    assert response["Content-Type"] == "application/pdf"
    assert f"-{kind}.pdf" in response["Content-Disposition"]
    return response.content


def _movement(session: Session) -> IndividualMovement:
    movement = session_selectors.session_individual_movement(session)
    # In both sizes the tables of a round share one board set that is played in that
    # round only, so the boards always go back to the teacher after the round.
    for entry in movement.entries:
        assert {e.round for e in movement.entries if e.board_set == entry.board_set} == {
            entry.round
        }
    return movement


def _names(session: Session) -> dict[int, str]:
    return {pair.number: pair.members.get().pupil.first_name for pair in session.pairs.all()}


def _boards(movement: IndividualMovement, board_set: int) -> str:
    boards = movement.boards(board_set)
    return f"{boards[0]}–{boards[-1]}"


def _seat_of(movement: IndividualMovement, pupil: int, round_: int) -> tuple[int, Seat] | None:
    for entry in movement.entries:
        if entry.round == round_:
            for seat, who in zip((N, E, S, W), entry.players, strict=True):
                if who == pupil:
                    return entry.table, seat
    return None


def _table_row(
    movement: IndividualMovement, names: dict[int, str], table: int, round_: int, language: str
) -> str:
    """A table card's line for one round, as it must read."""
    words = WORDS[language]
    [entry] = [e for e in movement.entries if (e.round, e.table) == (round_, table)]
    seats = dict(zip((N, E, S, W), entry.players, strict=True))
    text = f"{round_}"
    for seat in (N, S, E, W):  # North–South, then East–West
        text += f" {words['letter'][seat]} {seats[seat]} {names[seats[seat]]}"
    text += f" {_boards(movement, entry.board_set)}"
    if round_ < movement.rounds:
        for seat in (N, E, S, W):
            pupil = seats[seat]
            after = _seat_of(movement, pupil, round_ + 1)
            if after is None:
                sentence = words["off"].format(name=names[pupil])
            elif after[0] == table:
                sentence = words["stays"].format(name=names[pupil], seat=words["seat"][after[1]])
            else:
                sentence = words["goes"].format(
                    name=names[pupil], table=after[0], seat=words["seat"][after[1]]
                )
            text += f" {sentence}"
    text += f" {words['teacher']}"
    others = [
        e.table
        for e in movement.entries
        if e.round == round_ and e.board_set == entry.board_set and e.table != table
    ]
    if others:
        text += " " + words["shares"].format(table=" & ".join(map(str, others)))
    return text


def _pupil_row(
    movement: IndividualMovement, names: dict[int, str], pupil: int, round_: int, language: str
) -> str:
    """A pupil card's line for one round, as it must read."""
    words = WORDS[language]
    if pupil in movement.sit_outs[round_ - 1]:
        return f"{round_} — — {words['round_off']} —"
    [entry] = [e for e in movement.entries if e.round == round_ and pupil in e.players]
    seats = dict(zip((N, E, S, W), entry.players, strict=True))
    seat = next(s for s, who in seats.items() if who == pupil)
    partner = seats[{N: S, S: N, E: W, W: E}[seat]]
    opponents = (seats[E], seats[W]) if seat in (N, S) else (seats[N], seats[S])
    return (
        f"{round_} {entry.table} {words['seat'][seat]} {names[partner]} "
        f"{names[opponents[0]]} & {names[opponents[1]]} {_boards(movement, entry.board_set)}"
    )


def _chart_cell(movement: IndividualMovement, table: int, round_: int, language: str) -> str:
    words = WORDS[language]
    [entry] = [e for e in movement.entries if (e.round, e.table) == (round_, table)]
    letter = words["letter"]
    text = (
        f"{letter[N]} {entry.north} {letter[S]} {entry.south} {words['v']} "
        f"{letter[E]} {entry.east} {letter[W]} {entry.west} "
        + words["boards"].format(boards=_boards(movement, entry.board_set))
    )
    others = [
        e.table
        for e in movement.entries
        if e.round == round_ and e.board_set == entry.board_set and e.table != table
    ]
    if others:
        text += " " + words["shared"].format(table=" & ".join(map(str, others)))
    return text


# -- Table cards ----------------------------------------------------------------------------


@LANGUAGES
@SIZES
def test_the_table_cards_name_the_four_pupils_by_seat_and_where_each_goes(
    alice: User, alice_client: Client, names: list[str], language: str
) -> None:
    session = _start(alice, names)
    movement, pupils = _movement(session), _names(session)
    pdf = _download(alice_client, session, "table-cards", language)
    words = WORDS[language]
    # 7 rounds fit on a page; 11 go on over a second page for each table.
    per_table = 1 if movement.rounds <= 7 else 2
    pages = movement.tables * per_table
    assert len(_reader(pdf).pages) == pages
    tokens = list(session.tables.order_by("number").values_list("token", flat=True))
    rows_seen: dict[int, str] = {}
    for page in range(pages):
        text = _text(pdf, page)
        table = page // per_table + 1
        assert words["page"].format(page=page + 1, pages=pages) in text
        assert f" {words['table'].format(table=table)} " in text
        assert f"http://192.0.2.10:8000/t/{tokens[table - 1]}/" in text
        assert f" {words['table_header']} " in text
        rows_seen[table] = rows_seen.get(table, "") + text
    for table in range(1, movement.tables + 1):
        rows = [
            _table_row(movement, pupils, table, round_, language)
            for round_ in range(1, movement.rounds + 1)
        ]
        for row in rows:
            assert f" {row} " in rows_seen[table], row
    if language == "en" and names == EIGHT:
        # One line by hand (see test_individual_sessions): round 1 at table 1.
        assert (
            " 1 N 6 Fi S 4 Di E 8 Hal W 7 Gus 1–2 Fi goes to table 2 and sits South. Hal stays "
            "at this table and sits East. Di goes to table 2 and sits East. Gus stays at this "
            "table and sits North. Give the boards to the teacher. » Shares boards with table 2 "
        ) in rows_seen[1]


def test_the_table_card_says_the_same_as_the_table_page(
    alice: User, alice_client: Client, client: Client
) -> None:
    session = _start(alice, ELEVEN)
    pdf = _download(alice_client, session, "table-cards", "en")
    table = session.tables.get(number=2)
    for number in (1, 2):  # round 1 is done at table 2: the page says what comes next
        result_services.result_record(
            table=table, board_number=number, contract="1NT", tricks_won=7
        )
    page = client.get(f"/t/{table.token}/").content.decode()
    listed = page.split('id="next-heading"')[1].split("</ul>")[0]
    said = [html.unescape(item.split("</li>")[0]) for item in listed.split("<li>")[1:]]
    assert len(said) == 5  # four pupils, then the boards
    assert said[0] == "Cy stays at this table and sits East."  # pupil 3, North
    assert f" 1 N 3 Cy S 7 Gus E 10 Jo W 9 Ivo 1–2 {' '.join(said)} " in _text(pdf, 2)


# -- Pupil cards ----------------------------------------------------------------------------


@LANGUAGES
@SIZES
def test_every_pupil_has_a_card_with_every_round(
    alice: User, alice_client: Client, names: list[str], language: str
) -> None:
    session = _start(alice, names)
    movement, pupils = _movement(session), _names(session)
    pdf = _download(alice_client, session, "pupil-cards", language)
    words = WORDS[language]
    assert len(_reader(pdf).pages) == -(-len(names) // 6)  # six cards a page
    text = _all_text(pdf)
    assert words["kinds"][1] in text
    for pupil in range(1, movement.pupils + 1):
        rows = [
            _pupil_row(movement, pupils, pupil, round_, language)
            for round_ in range(1, movement.rounds + 1)
        ]
        heading = f" {pupils[pupil]} {words['title']} {words['pupil'].format(number=pupil)} "
        assert heading + words["pupil_header"] + " " + " ".join(rows) + " " in text, pupil
    assert text.count(words["round_off"]) == sum(len(out) for out in movement.sit_outs)
    if language == "en" and names == EIGHT:
        # Fi (6): round 1 North at table 1 with Di against Hal and Gus; round 2 South
        # at table 2 with Bo (2) against Di (4) and Cy (3).
        assert " Fi 7C · Nov. 30, 2026 Pupil 6 Round Table Seat Partner Opponents Boards " in text
        assert " 1 1 North Di Hal & Gus 1–2 2 2 South Bo Di & Cy 3–4 " in text


# -- Movement chart -------------------------------------------------------------------------


@LANGUAGES
@SIZES
def test_the_chart_shows_every_table_by_seat_and_the_sit_outs(
    alice: User, alice_client: Client, names: list[str], language: str
) -> None:
    session = _start(alice, names)
    movement = _movement(session)
    pdf = _download(alice_client, session, "movement-chart", language)
    words = WORDS[language]
    assert len(_reader(pdf).pages) == 1
    text = _text(pdf, 0)
    tables = " ".join(words["table"].format(table=t) for t in range(1, movement.tables + 1))
    sit_outs = len(names) % 4 != 0
    header = tables + (f" {words['round_off']}" if sit_outs else "")
    # The chart's title, then (the boards to prepare between them) its header row.
    assert f" {words['kinds'][2]} " in text
    assert f" {header} " in text.split(f" {words['kinds'][2]} ", 1)[1]
    for round_ in range(1, movement.rounds + 1):
        cells = " ".join(
            _chart_cell(movement, table, round_, language)
            for table in range(1, movement.tables + 1)
        )
        off = ", ".join(map(str, movement.sit_outs[round_ - 1]))
        line = f" {words['round'].format(round=round_)} {cells} " + (f"{off} " if sit_outs else "")
        assert line in text, line
    if language == "en" and names == ELEVEN:
        assert " Round 1 N 1 S 6 v E 11 W 8 Boards 1–2 shared with table 2 " in text
        assert " shared with table 1 2, 4, 5 Round 2 " in text


# -- The session page and the other kind of session -----------------------------------------


def test_the_session_page_offers_pupil_cards_instead_of_pair_cards(
    alice: User, alice_client: Client
) -> None:
    session = _start(alice, EIGHT)
    html = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert f'href="/sessions/{session.pk}/print/pupil-cards/"' in html
    assert "Pupil cards (PDF)" in html
    assert "print/pair-cards/" not in html
    # An individual session has no pair cards, and a pair session no pupil cards.
    assert alice_client.get(f"/sessions/{session.pk}/print/pair-cards/").status_code == 404
    pairs = running_session(alice, seed="pairs", class_name="6B")
    html = alice_client.get(f"/sessions/{pairs.pk}/").content.decode()
    assert f'href="/sessions/{pairs.pk}/print/pair-cards/"' in html
    assert "print/pupil-cards/" not in html
    assert alice_client.get(f"/sessions/{pairs.pk}/print/pupil-cards/").status_code == 404


def test_in_norwegian_the_session_page_links_elevkort(alice: User, alice_client: Client) -> None:
    session = _start(alice, EIGHT)
    alice_client.cookies["django_language"] = "nb"
    html = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert "Elevkort (PDF)" in html
