"""Exports of a session's standings: the Excel workbook (numbers as numbers in the right
cells, formats, frozen headings, sheet names in the active language) and the wall
standings and travellers PDFs (the pairs, percentages and contracts can be read back,
page sizes, page breaks).

A realistic :class:`Standings` comes from a running Mitchell whose first two rounds are
entered (so every board has two results to compare); edge cases (adjusted and unplayed
boards, ties, a Howell, par, awkward names) use figures built by hand.
"""

from __future__ import annotations

import io
import re
from dataclasses import replace
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import translation
from django.utils.translation import gettext
from openpyxl import load_workbook
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4, LETTER

from scoring.cards import Seat, Side
from scoring.contracts import Contract
from scoring.dd import Par
from tests.factories import running_session
from tournaments.labels.bridge import SIDE_NAMES
from tournaments.models import Session
from tournaments.printing.standings import standings_pdf, travellers_pdf
from tournaments.results import selectors as result_selectors
from tournaments.results import services as result_services
from tournaments.results.scores import Scored
from tournaments.sessions import selectors as session_selectors
from tournaments.standings.selectors import (
    BoardTraveller,
    PairInfo,
    Ranking,
    ScoreCardLine,
    StandingRow,
    Standings,
    TravellerLine,
    session_standings,
)
from tournaments.standings.spreadsheets import (
    MAX_WIDTH,
    PERCENT_FORMAT,
    TIED_PLACE_FORMAT,
    standings_workbook,
)

SHEETS = ["Standings", "Travellers", "Score cards", "Boards"]
_LEVEL_AND_SUIT = re.compile(r"(\d) ([♠♥♦♣])")

# -- A played session ---------------------------------------------------------------------


def _play_two_rounds(session: Session, teacher: User) -> None:
    """Round 1 as the tables enter it (4♠ making ten tricks), round 2 as the teacher
    enters it (3NT two down): every board then has two results to compare."""
    movement = session_selectors.session_movement(session)
    tables = list(session.tables.order_by("number"))
    for table in tables:
        entry = movement.entry(1, table.number)
        for board in movement.boards(entry.board_set):
            result_services.result_record(
                table=table, board_number=board, contract="4S", tricks_won=10
            )
    for table in tables:
        entry = movement.entry(2, table.number)
        for board in movement.boards(entry.board_set):
            slot = result_selectors.slot_for(
                session_selectors.session_setup(session), movement, table, board, 2
            )
            result_services.result_record_by_teacher(
                slot=slot, contract="3NT", tricks_won=7, revoke="", teacher=teacher
            )


@pytest.fixture
def played(alice: User) -> Session:
    """A Mitchell (4 tables, 8 boards) with rounds 1 and 2 entered."""
    session = running_session(alice, seed="exports")
    _play_two_rounds(session, alice)
    return session


@pytest.fixture
def standings(played: Session) -> Standings:
    return session_standings(played)


# -- Figures built by hand ------------------------------------------------------------------


def _pair(pk: int, label: str, names: str, line: str = "") -> PairInfo:
    return PairInfo(pk=pk, label=label, line=line, names=names, screen_names=names)


ANNA = _pair(1, "1", "Anna Berg & Ola Dahl")
BO = _pair(2, "2", "=SUM(1,1) & Åse Ødegård")
CAT = _pair(3, "3", "Cat Lee & Dan Roe")
DEV = _pair(4, "4", "Dev Patel & Eve Moe")


def _scored(contract: str, declarer: Seat, tricks: int, ns: int, ew: int) -> Scored:
    return Scored(
        contract=Contract.parse(contract),
        declarer=declarer,
        tricks_won=tricks,
        tricks=tricks,
        made=True,
        ns_points=ns,
        ew_points=ew,
    )


def _line(
    ns: PairInfo,
    ew: PairInfo,
    *,
    table: int,
    kind: str = "played",
    scored: Scored | None = None,
    ns_mp: float | None = None,
    top: float = 2,
) -> TravellerLine:
    ew_mp = None if ns_mp is None else top - ns_mp
    return TravellerLine(
        round=1,
        table=table,
        ns=ns,
        ew=ew,
        kind=kind,
        scored=scored,
        ns_mp=ns_mp,
        ew_mp=ew_mp,
        top=top,
        ns_percent=None if ns_mp is None else 100 * ns_mp / top,
        ew_percent=None if ew_mp is None else 100 * ew_mp / top,
    )


def _row(place: str, pair: PairInfo, mp: float, total: int, total_place: str) -> StandingRow:
    return StandingRow(
        place=place,
        pair=pair,
        boards=3,
        matchpoints=mp,
        top=6,
        percentage=round(100 * mp / 6, 2),
        total_points=total,
        total_place=total_place,
    )


def _howell(ranking: str = "matchpoints") -> Standings:
    """A Howell of four pairs: board 1 with a 3NT, a 1♥ and an adjusted score, board 2
    not played at one table, board 3 analysed (par 3NT by South, +400)."""
    board_1 = BoardTraveller(
        number=1,
        par=None,
        lines=(
            _line(ANNA, BO, table=1, scored=_scored("3NT", Seat.SOUTH, 9, 400, 0), ns_mp=4, top=4),
            _line(CAT, DEV, table=2, scored=_scored("1H", Seat.WEST, 8, 0, 90), ns_mp=1, top=4),
            _line(ANNA, DEV, table=3, kind="adjusted", ns_mp=2.4, top=4),
        ),
    )
    board_2 = BoardTraveller(
        number=2,
        par=None,
        lines=(
            _line(ANNA, CAT, table=1, scored=_scored("4S", Seat.NORTH, 10, 420, 0), ns_mp=1),
            _line(BO, DEV, table=2, kind="not_played"),
        ),
    )
    board_3 = BoardTraveller(
        number=3,
        par=Par(contract=Contract.parse("3NT"), declarer=Seat.SOUTH, tricks=9, net=400),
        lines=(_line(ANNA, BO, table=1, scored=_scored("1NT", Seat.SOUTH, 7, 90, 0), ns_mp=0),),
    )
    travellers = (board_1, board_2, board_3)
    cards: dict[int, list[ScoreCardLine]] = {}
    for board in travellers:
        for line in board.lines:
            if line.kind == "not_played":
                continue
            for direction, pair, other in (("NS", line.ns, line.ew), ("EW", line.ew, line.ns)):
                cards.setdefault(pair.pk, []).append(
                    ScoreCardLine(board.number, line.round, line.table, direction, other, line)
                )
    rows = (
        _row("1", ANNA, 4.5, -60, "3"),
        _row("2=", BO, 3, 500, "1"),
        _row("2=", CAT, 3, 90, "2"),
        _row("4", DEV, 1.5, -530, "4"),
    )
    return Standings(
        title="6B · 2026-12-03",
        ranking=ranking,
        convention="ebu",
        rankings=(Ranking(title="", rows=rows),),
        travellers=travellers,
        score_cards={pk: tuple(lines) for pk, lines in cards.items()},
        pairs=(ANNA, BO, CAT, DEV),
    )


# -- Reading the files back ---------------------------------------------------------------


def _workbook(data: bytes) -> Workbook:
    return load_workbook(io.BytesIO(data))


def _rows(sheet: Worksheet) -> list[list[Any]]:
    return [[cell.value for cell in row] for row in sheet.iter_rows()]


def _header(sheet: Worksheet) -> list[Any]:
    return _rows(sheet)[0]


def _row_of(sheet: Worksheet, column: int, value: Any) -> int:
    """The 1-based sheet row whose ``column`` (0-based) holds ``value``."""
    for index, row in enumerate(_rows(sheet), start=1):
        if row[column] == value:
            return index
    raise AssertionError(f"{value!r} is not in column {column} of {sheet.title}")


def _page_texts(pdf: bytes) -> list[str]:
    """Each page's text, whitespace normalised. pypdf puts every change of font on a
    new line, so a contract's level and its suit (set in Symbol) are joined again:
    ``"4\n♠"`` → ``"4♠"``, as pdftotext reads it."""
    pages = PdfReader(io.BytesIO(pdf)).pages
    texts = [" ".join(page.extract_text().split()) for page in pages]
    return [_LEVEL_AND_SUIT.sub(r"\1\2", text) for text in texts]


def _text(pdf: bytes) -> str:
    return " ".join(_page_texts(pdf))


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


# -- The workbook -------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_workbook_has_four_sheets_and_the_session_title(standings: Standings) -> None:
    book = _workbook(standings_workbook(standings))
    assert book.sheetnames == SHEETS
    assert book.properties.title == standings.title == "8A · Nov. 29, 2026"
    assert book.properties.creator == "Minibridge Classroom"
    for sheet in book.worksheets:
        assert sheet.freeze_panes == "A2"
        assert all(cell.font.bold for cell in sheet[1])
        assert sheet.print_title_rows == "$1:$1"


@pytest.mark.django_db
def test_the_standings_sheet_holds_each_pairs_figures_as_numbers(standings: Standings) -> None:
    sheet = _workbook(standings_workbook(standings))["Standings"]
    assert _header(sheet) == [
        "Place",
        "Tied",
        "Pair",
        "Names",
        "Boards",
        "Matchpoints",
        "Maximum",
        "Percentage",
        "Total points",
        "Place on points",
        "Tied on points",
    ]
    # A Mitchell ranks each line apart, each under its heading.
    column_a = [row[0] for row in _rows(sheet)]
    assert column_a.index("North–South") < column_a.index("East–West")
    assert sheet.cell(_row_of(sheet, 0, "North–South"), 1).font.bold
    checked = 0
    for ranking in standings.rankings:
        heading = _row_of(sheet, 0, ranking.title)
        for offset, row in enumerate(ranking.rows, start=1):
            number = heading + offset
            cells = sheet[number]
            assert row.percentage is not None
            assert cells[2].value == row.pair.label
            assert cells[3].value == row.pair.names
            assert cells[4].value == row.boards == 4
            assert cells[5].value == pytest.approx(row.matchpoints)
            assert cells[6].value == pytest.approx(row.top)
            assert cells[7].value == pytest.approx(row.percentage / 100)
            assert cells[7].number_format == PERCENT_FORMAT
            assert cells[8].value == row.total_points
            for cell in (cells[0], *cells[4:10]):
                assert _is_number(cell.value), (cell.coordinate, cell.value)
            place = int(row.place.rstrip("="))
            assert cells[0].value == place
            tied = TIED_PLACE_FORMAT if row.place.endswith("=") else "General"
            assert cells[0].number_format == tied
            assert cells[1].value is row.place.endswith("=")
            assert cells[10].value is row.total_place.endswith("=")
            checked += 1
    assert checked == 8
    # Round 1: 4♠ made by whoever declares; round 2: 3NT two down. 4 N–S won both.
    north_south = standings.rankings[0].rows
    assert [row.percentage for row in north_south] == [75.0, 50.0, 50.0, 25.0]
    first = _row_of(sheet, 2, north_south[0].pair.label)
    assert sheet.cell(first, 8).value == pytest.approx(0.75)


@pytest.mark.django_db
def test_the_travellers_sheet_has_a_row_per_result(standings: Standings) -> None:
    sheet = _workbook(standings_workbook(standings))["Travellers"]
    assert _header(sheet) == [
        "Board",
        "Round",
        "Table",
        "N–S",
        "E–W",
        "Contract",
        "Declarer",
        "Tricks",
        "N–S score",
        "E–W score",
        "N–S net",
        "N–S matchpoints",
        "E–W matchpoints",
        "N–S %",
        "E–W %",
        "Revoke",
    ]
    rows = _rows(sheet)[1:]
    lines = [(board, line) for board in standings.travellers for line in board.lines]
    assert len(rows) == len(lines) == 16
    assert sheet.auto_filter.ref == "A1:P17"
    for number, (row, (board, line)) in enumerate(zip(rows, lines, strict=True), start=2):
        assert line.scored is not None
        assert line.ns_percent is not None
        assert line.ew_percent is not None
        assert row[:5] == [board.number, line.round, line.table, line.ns.label, line.ew.label]
        assert row[5] == ("4♠" if line.round == 1 else "3NT")
        assert row[6] in {"North", "East", "South", "West"}
        assert row[7] == line.scored.tricks
        assert row[8] == (line.scored.ns_points or None)
        assert row[9] == (line.scored.ew_points or None)
        assert row[10] == line.scored.ns_net == line.scored.ns_points - line.scored.ew_points
        assert row[11] == pytest.approx(line.ns_mp)
        assert row[12] == pytest.approx(line.ew_mp)
        assert row[13] == pytest.approx(line.ns_percent / 100)
        assert row[14] == pytest.approx(line.ew_percent / 100)
        for column in (1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15):
            value = sheet.cell(number, column).value
            assert value is None or _is_number(value)
        assert sheet.cell(number, 11).number_format == "+0;-0;0"
        assert sheet.cell(number, 14).number_format == PERCENT_FORMAT


@pytest.mark.django_db
def test_the_score_cards_sheet_has_a_block_per_pair(standings: Standings) -> None:
    sheet = _workbook(standings_workbook(standings))["Score cards"]
    assert _header(sheet)[:5] == ["Board", "Round", "Table", "Direction", "Opponents"]
    assert _header(sheet)[-4:] == ["Score", "Matchpoints", "Percentage", "Revoke"]
    rows = _rows(sheet)
    for pair in standings.pairs:
        heading = _row_of(sheet, 0, f"Pair {pair.label}: {pair.names}")
        assert sheet.cell(heading, 1).font.bold
        cards = standings.score_cards[pair.pk]
        assert len(cards) == 4
        for offset, card in enumerate(cards, start=1):
            row = rows[heading - 1 + offset]
            assert card.percent is not None
            assert row[0] == card.board
            assert row[3] == ("N–S" if card.direction == "NS" else "E–W")
            assert row[4] == card.opponents.label
            assert row[8] == card.points
            assert row[9] == pytest.approx(card.matchpoints)
            assert row[10] == pytest.approx(card.percent / 100)
            assert sheet.cell(heading + offset, 11).number_format == PERCENT_FORMAT


@pytest.mark.django_db
def test_the_boards_sheet_counts_results(standings: Standings) -> None:
    sheet = _workbook(standings_workbook(standings))["Boards"]
    assert _header(sheet) == ["Board", "Par contract", "Par declarer", "Par score", "Results"]
    assert _rows(sheet)[1:] == [[number, None, None, None, 2] for number in range(1, 9)]


def test_adjusted_and_unplayed_results_and_par_by_hand() -> None:
    book = _workbook(standings_workbook(_howell()))
    travellers = _rows(book["Travellers"])[1:]
    # A Howell's pair numbers are numbers.
    assert travellers[0][:8] == [1, 1, 1, 1, 2, "3NT", "South", 9]
    assert travellers[0][8:13] == [400, None, 400, 4, 0]
    assert travellers[1][5:11] == ["1♥", "West", 8, None, 90, -90]
    adjusted = travellers[2]
    assert adjusted[5:11] == ["Adjusted", None, None, None, None, None]
    assert adjusted[11:] == [pytest.approx(2.4), pytest.approx(1.6), 0.6, 0.4, None]
    not_played = travellers[4]
    assert not_played[:5] == [2, 1, 2, 2, 4]
    assert not_played[5:] == ["Not played", *[None] * 10]
    boards = _rows(book["Boards"])[1:]
    assert boards == [
        [1, None, None, None, 3],
        [2, None, None, None, 1],
        [3, "3NT", "South", 400, 1],
    ]
    assert book["Boards"]["D4"].number_format == "+0;-0;0"
    # Anna's score card: the adjusted board has no contract and no score, but its
    # matchpoints and percentage.
    cards = book["Score cards"]
    heading = _row_of(cards, 0, f"Pair 1: {ANNA.names}")
    rows = _rows(cards)[heading:]
    assert rows[0][:5] == [1, 1, 1, "N–S", 2]
    assert rows[1][3:11] == ["N–S", 4, "Adjusted", None, None, None, pytest.approx(2.4), 0.6]


def test_places_ties_and_a_name_that_looks_like_a_formula() -> None:
    book = _workbook(standings_workbook(_howell()))
    sheet = book["Standings"]
    rows = _rows(sheet)[1:]
    # One ranking: no heading row.
    assert [row[0] for row in rows] == [1, 2, 2, 4]
    assert [sheet.cell(n, 1).number_format for n in range(2, 6)] == [
        "General",
        TIED_PLACE_FORMAT,
        TIED_PLACE_FORMAT,
        "General",
    ]
    assert [row[1] for row in rows] == [False, True, True, False]
    assert rows[1][3] == "=SUM(1,1) & Åse Ødegård"
    assert sheet["D3"].data_type == "s"
    heading = _row_of(book["Score cards"], 0, "Pair 2: =SUM(1,1) & Åse Ødegård")
    assert book["Score cards"].cell(heading, 1).data_type == "s"


@pytest.mark.parametrize("ranking", ["matchpoints", "total"])
def test_ties_and_unranked_pairs_survive_a_values_only_read(ranking: str) -> None:
    """Read as plain values (no number formats, as pandas or a CSV export sees them),
    a shared place still says it is shared, and a pair with no result has no place."""
    figures = _howell(ranking=ranking)
    newcomer = _pair(5, "5", "Finn Aas & Gro Bu")
    unranked = StandingRow("—", newcomer, 0, 0.0, 0, None, 0, "—")
    rows = (*figures.rankings[0].rows, unranked)
    figures = replace(figures, rankings=(Ranking(title="", rows=rows),))
    data = standings_workbook(figures)
    sheet = load_workbook(io.BytesIO(data), data_only=True, read_only=True)["Standings"]
    values = list(sheet.iter_rows(values_only=True))
    header, *lines = values
    place, tied = header.index("Place"), header.index("Tied")
    by_pair = {line[header.index("Pair")]: line for line in lines}
    if ranking == "matchpoints":
        assert [(by_pair[n][place], by_pair[n][tied]) for n in (1, 2, 3, 4)] == [
            (1, False),
            (2, True),
            (2, True),
            (4, False),
        ]
        other, other_tied = header.index("Place on points"), header.index("Tied on points")
    else:
        assert [(by_pair[n][place], by_pair[n][tied]) for n in (2, 3, 1, 4)] == [
            (1, False),
            (2, False),
            (3, False),
            (4, False),
        ]
        other = header.index("Place on matchpoints")
        other_tied = header.index("Tied on matchpoints")
    assert by_pair[2][other_tied] is (ranking == "total")
    assert by_pair[2][other] == (2 if ranking == "total" else 1)
    # The newcomer comes last, named, with no place and no figures.
    assert lines[-1][header.index("Pair")] == 5
    assert lines[-1][header.index("Names")] == "Finn Aas & Gro Bu"
    assert lines[-1][header.index("Boards")] == 0
    blank = [name for name in header if name not in {"Pair", "Names", "Boards"}]
    assert [lines[-1][header.index(name)] for name in blank] == [None] * len(blank)


def test_ranked_by_total_points_puts_them_first() -> None:
    sheet = _workbook(standings_workbook(_howell(ranking="total")))["Standings"]
    assert _header(sheet) == [
        "Place",
        "Tied",
        "Pair",
        "Names",
        "Boards",
        "Total points",
        "Matchpoints",
        "Maximum",
        "Percentage",
        "Place on matchpoints",
        "Tied on matchpoints",
    ]
    rows = _rows(sheet)[1:]
    assert [row[2] for row in rows] == [2, 3, 1, 4]
    assert [row[5] for row in rows] == [500, 90, -60, -530]
    assert [row[0] for row in rows] == [1, 2, 3, 4]
    assert [row[1] for row in rows] == [False] * 4
    assert [row[9] for row in rows] == [2, 2, 1, 4]
    assert [row[10] for row in rows] == [True, True, False, False]
    assert sheet["I2"].number_format == PERCENT_FORMAT
    assert sheet["F2"].number_format == "+0;-0;0"


def test_column_widths_follow_the_content_up_to_a_limit() -> None:
    long_names = replace(ANNA, names="Maximiliana Gudbrandsdalen-Oppegård & " * 3)
    figures = _howell()
    rows = (replace(figures.rankings[0].rows[0], pair=long_names), *figures.rankings[0].rows[1:])
    figures = replace(figures, rankings=(Ranking(title="", rows=rows),))
    sheet = _workbook(standings_workbook(figures))["Standings"]
    widths = {key: dim.width for key, dim in sheet.column_dimensions.items()}
    assert widths["D"] == MAX_WIDTH
    assert len("Place on points") < widths["J"] < MAX_WIDTH
    assert widths["E"] >= len("Boards")


def test_an_empty_session_still_builds() -> None:
    empty = Standings(
        title="", ranking="matchpoints", convention="acbl", rankings=(), travellers=()
    )
    book = _workbook(standings_workbook(empty))
    assert book.sheetnames == SHEETS
    assert all(sheet.max_row == 1 for sheet in book.worksheets)
    assert "Page 1 of 1" in _text(standings_pdf(empty))
    assert "Page 1 of 1" in _text(travellers_pdf(empty))


@pytest.mark.django_db
def test_the_workbook_in_norwegian(played: Session) -> None:
    with translation.override("nb"):
        figures = session_standings(played)
        book = _workbook(standings_workbook(figures))
        expected = [gettext(name) for name in SHEETS]
    # The sheet names follow the catalogue (English until it has the words).
    assert book.sheetnames == expected
    assert book.sheetnames[3] == "Spill"
    travellers = book[expected[1]]
    assert _header(travellers)[:6] == ["Spill", "Runde", "Bord", "N–S", "Ø–V", "Kontrakt"]
    assert _rows(travellers)[1][3:7] == ["1 N–S", "1 Ø–V", "4♠", "Vest"]
    assert _rows(book[expected[0]])[2][7] == 0.75


# -- The PDFs -------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "size"), [("A4", A4), ("Letter", LETTER)])
def test_the_standings_pdf_names_every_pair_with_its_percentage(
    standings: Standings, name: str, size: tuple[float, float]
) -> None:
    pdf = standings_pdf(standings, page_size=name)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(size)
    assert reader.metadata is not None
    assert reader.metadata.title == standings.title
    text = _text(pdf)
    assert "8A · Nov. 29, 2026 Standings" in text
    assert "Page 1 of 1" in text
    assert text.index("North–South") < text.index("East–West")
    for ranking in standings.rankings:
        for row in ranking.rows:
            assert f"{row.pair.label} {row.pair.names} {row.percentage:.2f} %" in text
    best = standings.rankings[0].rows[0]
    assert f"1 {best.pair.label} {best.pair.names} 75.00 % 6 +840" in text


def test_the_standings_pdf_ranked_by_total_points() -> None:
    text = _text(standings_pdf(_howell(ranking="total")))
    assert "Place Pair Names Total points Percentage Matchpoints" in text
    order = [text.index(pair.names) for pair in (BO, CAT, ANNA, DEV)]
    assert order == sorted(order)
    assert "1 2 =SUM(1,1) & Åse Ødegård +500 50.00 % 3" in text


def test_a_long_list_of_pairs_goes_on_overleaf_with_its_headings() -> None:
    pairs = [_pair(n, str(n), f"Pupil {n:02} & Partner {n:02}") for n in range(1, 61)]
    rows = tuple(_row(str(n), pair, 3, 0, str(n)) for n, pair in enumerate(pairs, start=1))
    figures = Standings(
        title="Big",
        ranking="matchpoints",
        convention="ebu",
        rankings=(Ranking(title="", rows=rows),),
        travellers=(),
    )
    pages = _page_texts(standings_pdf(figures))
    assert len(pages) == 2
    for page in pages:
        assert "Place Pair Names Percentage Matchpoints Total points" in page
    text = " ".join(pages)
    assert all(pair.names in text for pair in pairs)
    assert "Page 2 of 2" in pages[1]


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "size"), [("A4", A4), ("Letter", LETTER)])
def test_the_travellers_pdf_shows_every_board_and_contract(
    standings: Standings, name: str, size: tuple[float, float]
) -> None:
    pdf = travellers_pdf(standings, page_size=name)
    reader = PdfReader(io.BytesIO(pdf))
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(size)
    text = _text(pdf)
    assert "8A · Nov. 29, 2026 Travellers" in text
    assert "Table N–S E–W Contract Declarer Tricks" in text
    positions = [text.index(f"Board {board.number} ") for board in standings.travellers]
    assert positions == sorted(positions)
    for board in standings.travellers:
        for line in board.lines:
            assert line.scored is not None
            contract = "4♠" if line.round == 1 else "3NT"
            declarer = line.scored.declarer.value
            assert f"{line.table} {line.ns.label} {line.ew.label} {contract} {declarer}" in text
    assert text.count("4♠") == 8
    assert text.count("3NT") == 8


def test_the_travellers_pdf_shows_par_and_adjusted_and_unplayed_boards() -> None:
    text = _text(travellers_pdf(_howell()))
    assert "Board 3 Par: 3NT by South, +400" in text
    assert "1 1 2 3NT S 9 400 4 0 100.00 0.00" in text
    assert "2 3 4 1♥ W 8 90 1 3 25.00 75.00" in text
    assert "3 1 4 Adjusted 2.4 1.6 60.00 40.00" in text
    assert "2 2 4 Not played" in text


def test_many_boards_share_pages_and_a_long_board_goes_on_overleaf() -> None:
    figures = _howell()
    many = tuple(replace(figures.travellers[0], number=n) for n in range(1, 25))
    pages = _page_texts(travellers_pdf(replace(figures, travellers=many)))
    assert 1 < len(pages) < 24
    assert all("Board" in page for page in pages)
    assert f"Page 1 of {len(pages)}" in pages[0]
    long_board = replace(figures.travellers[0], lines=figures.travellers[0].lines * 30)
    pages = _page_texts(travellers_pdf(replace(figures, travellers=(long_board,))))
    assert len(pages) == 2
    assert all(page.count("Board 1 ") == 1 for page in pages)
    assert all("Table N–S E–W Contract" in page for page in pages)
    assert sum(page.count("Adjusted") for page in pages) == 30


@pytest.mark.django_db
def test_the_pdfs_in_norwegian(played: Session) -> None:
    with translation.override("nb"):
        figures = session_standings(played)
        standings_text = _text(standings_pdf(figures))
        travellers_text = _text(travellers_pdf(figures))
    assert "Side 1 av 1" in standings_text
    assert "75,00 %" in standings_text  # the Norwegian decimal comma
    assert str(SIDE_NAMES[Side.NS]) not in standings_text  # English, not Norwegian
    assert figures.rankings[0].title in standings_text
    assert "Spill 1 " in travellers_text
    assert "Bord" in travellers_text
    assert "1 1 N–S 1 Ø–V 4♠" in travellers_text
