"""Table cards, the movement chart and pair cards: every round of the movement printed
where it belongs, the sit-outs, arrow switches and shared boards spelt out, the QR code
readable, page sizes, and that the PDFs render.

Expected texts are written out here from the movement's own data (``table_card`` and
``pair_card``), not with the module's helpers, so a wrong word or number is caught.
The text is read back with pypdf, whitespace collapsed to single spaces; each row is
drawn in reading order, so a row's pieces come out as one run of text.
"""

from __future__ import annotations

import io
import math
import shutil
import struct
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from django.utils import translation
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.pdfbase import pdfmetrics

from scoring.movements import (
    BoardsGo,
    Line,
    MitchellStyle,
    Movement,
    PairId,
    howell,
    mitchell,
    pair_card,
    suggest_movement,
    table_card,
)
from tournaments.printing.movement import (
    SessionPrint,
    movement_chart_pdf,
    pair_cards_pdf,
    table_cards_pdf,
    wrap_url,
)

Build = Callable[[SessionPrint], bytes]

NAMES = [
    "Emma H & Oliver S",
    "Nora B & Jakob L",
    "Sofie Ø & Åsmund Æ",
    "Ingrid K & Lars P",
    "Maja T & Filip N",
    "Ella R & Noah G",
    "Leah S & William D",
    "Olivia M & Henrik V",
    "Sara J & Magnus E",
    "Thea F & Aksel W",
]
SHORT = {Line.NS: "N–S", Line.EW: "E–W"}
SIDE = {Line.NS: "North–South", Line.EW: "East–West"}


def _url(table: int) -> str:
    return f"https://minibridge.example.no/s/7f3k9q/table/{table}/"


def _session(
    movement: Movement, *, page_size: str = "A4", title: str = "6B Tuesday"
) -> SessionPrint:
    pairs = sorted(movement.pair_ids, key=lambda pair: pair.sort_key)
    return SessionPrint(
        title=title,
        movement=movement,
        pair_names={pair: NAMES[index % len(NAMES)] for index, pair in enumerate(pairs)},
        table_urls={table: _url(table) for table in range(1, movement.tables + 1)},
        page_size=page_size,
    )


MITCHELL_9 = mitchell(9)  # 5 tables; N–S 5 is the phantom, so table 5 always sits out
HOWELL_7 = howell(7)  # 4 tables, 7 rounds; pair 8 is the phantom
MOVEMENTS = pytest.mark.parametrize(
    "movement", [MITCHELL_9, HOWELL_7], ids=["mitchell-9-pairs", "howell-7-pairs"]
)


# -- Reading the PDFs back ------------------------------------------------------------------


def _reader(pdf: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(pdf))


def _text(pdf: bytes, page: int) -> str:
    """A page's text with whitespace collapsed, padded with a space at both ends so
    ``f" {words} "`` finds whole words only."""
    return " " + " ".join(_reader(pdf).pages[page].extract_text().split()) + " "


def _all_text(pdf: bytes) -> str:
    return "".join(_text(pdf, page) for page in range(len(_reader(pdf).pages)))


def _sizes(pdf: bytes) -> list[tuple[float, float]]:
    return [(float(p.mediabox.width), float(p.mediabox.height)) for p in _reader(pdf).pages]


# -- What the movement says, written out by hand ---------------------------------------------


def _number(pair: PairId) -> str:
    return str(pair.number) if pair.direction is None else f"{pair.number} {SHORT[pair.direction]}"


def _boards(boards: range) -> str:
    return str(boards[0]) if len(boards) == 1 else f"{boards[0]}–{boards[-1]}"


def _with_names(session: SessionPrint, pair: PairId | None) -> str:
    if pair is None:
        return "—"
    names = session.pair_names.get(pair)
    return f"{_number(pair)} {names}" if names else _number(pair)


def _table_row(session: SessionPrint, table: int, round_: int) -> str:
    """A table card's line for one round, as it must read."""
    row = table_card(session.movement, table)[round_ - 1]
    nxt = row.boards_next
    if nxt.go is BoardsGo.FINISHED:
        goes = "collect the boards"
    elif nxt.go is BoardsGo.STAND:
        word = "table" if len(nxt.tables) == 1 else "tables"
        goes = f"side table for {word} {' & '.join(map(str, nxt.tables))} in round {nxt.round}"
    elif nxt.tables == (table,):
        goes = "stay on this table"
    else:
        goes = ("table " if len(nxt.tables) == 1 else "tables ") + " & ".join(map(str, nxt.tables))
    boards = _boards(row.boards) + (" not played" if row.sits_out else "")
    text = (
        f"{row.round} {_with_names(session, row.ns_pair)} "
        f"{_with_names(session, row.ew_pair)} {boards} {goes}"
    )
    for pair in (row.ns_pair, row.ew_pair):
        if row.sits_out and pair is not None:
            text += f" » Pair {_number(pair)} has this round off"
    if row.arrow_switched:
        text += " » Arrow switch: North–South sit East–West for these boards"
    if row.shared_with:
        word = "table" if len(row.shared_with) == 1 else "tables"
        text += f" » Shares boards with {word} {' & '.join(map(str, row.shared_with))}"
    return text


def _chart_pair(pair: PairId) -> str:
    return str(pair.number) if pair.direction is None else f"{SHORT[pair.direction]} {pair.number}"


def _chart_cell(movement: Movement, table: int, round_: int) -> str:
    row = table_card(movement, table)[round_ - 1]
    if row.sits_out:
        present = row.ns_pair or row.ew_pair
        assert present is not None
        return f"{_chart_pair(present)} Round off"
    assert row.ns_pair is not None
    assert row.ew_pair is not None
    text = f"{_chart_pair(row.ns_pair)} v {_chart_pair(row.ew_pair)} Boards {_boards(row.boards)}"
    if row.shared_with:
        word = "table" if len(row.shared_with) == 1 else "tables"
        text += f" shared with {word} {' & '.join(map(str, row.shared_with))}"
    return text


def _pair_row(session: SessionPrint, pair: PairId, round_: int) -> str:
    row = pair_card(session.movement, pair)[round_ - 1]
    if row.sits_out:
        return f"{row.round} {row.table} — Round off —"
    opponent = _with_names(session, row.opponent)
    return f"{row.round} {row.table} {SIDE[row.direction]} {opponent} {_boards(row.boards)}"


# -- Table cards ----------------------------------------------------------------------------


@MOVEMENTS
def test_one_table_card_per_table_with_its_number_and_address(movement: Movement) -> None:
    pdf = table_cards_pdf(_session(movement))
    assert len(_reader(pdf).pages) == movement.tables
    for table in range(1, movement.tables + 1):
        text = _text(pdf, table - 1)
        assert f" Table {table} " in text
        assert f" Scan to enter results {_url(table)} " in text
        assert f"Page {table} of {movement.tables}" in text
        for other in set(range(1, movement.tables + 1)) - {table}:
            assert _url(other) not in text


@MOVEMENTS
def test_every_round_of_the_table_card_is_the_movements(movement: Movement) -> None:
    session = _session(movement)
    pdf = table_cards_pdf(session)
    for table in range(1, movement.tables + 1):
        text = _text(pdf, table - 1)
        header = " Round North–South East–West Boards Boards go to "
        rows = [_table_row(session, table, r) for r in range(1, movement.rounds + 1)]
        assert header + " ".join(rows) + " " in text, f"table {table}"


def test_the_mitchell_phantom_table_says_who_has_the_round_off() -> None:
    session = _session(MITCHELL_9)
    pdf = table_cards_pdf(session)
    # Round 1 at table 5: nobody North–South, E–W 5 waits, boards 9–10 move on to table 4.
    assert " 1 — 5 E–W Sara J & Magnus E 9–10 not played table 4 " in _text(pdf, 4)
    for round_, pair in enumerate((5, 4, 3, 2, 1), start=1):
        assert f"» Pair {pair} E–W has this round off" in _text(pdf, 4), round_
    for page in range(4):  # tables 1 to 4 always play
        assert "round off" not in _text(pdf, page)
        assert "not played" not in _text(pdf, page)


def test_in_the_howell_every_pair_has_exactly_one_round_off_on_the_table_cards() -> None:
    text = _all_text(table_cards_pdf(_session(HOWELL_7)))
    for number in range(1, 8):
        assert text.count(f" Pair {number} has this round off ") == 1
    assert "Pair 8" not in text  # the phantom is nobody


def test_arrow_switch_shared_boards_and_the_side_table_are_spelt_out() -> None:
    relay = mitchell(16, even_tables=MitchellStyle.RELAY, arrow_switch=True)
    session = _session(relay)
    pdf = table_cards_pdf(session)
    first = _text(pdf, 0)
    # Last round at table 1: E–W 2 sits North–South, N–S 1 sits East–West.
    assert (
        " 8 2 E–W Thea F & Aksel W 1 N–S Emma H & Oliver S 15–16 collect the boards"
        " » Arrow switch: North–South sit East–West for these boards"
        " » Shares boards with table 8 "
    ) in first
    assert first.count("Shares boards with table 8") == relay.rounds
    # The bye stand is between tables 4 and 5: table 5's boards wait a round on the side
    # table, then table 4 plays them.
    assert " 11–12 side table for table 4 in round 3 " in _text(pdf, 4)


def test_boards_that_stay_and_boards_shared_by_three_tables() -> None:
    session = _session(howell(6, boards_per_round=3))
    text = _text(table_cards_pdf(session), 0)
    assert " 1–3 stay on this table " in text
    assert " » Shares boards with tables 2 & 3 " in text


def test_a_short_lesson_prints_only_the_rounds_played() -> None:
    session = _session(mitchell(9, rounds=3))
    text = _text(table_cards_pdf(session), 0)
    assert _table_row(session, 1, 3) in text
    assert " 3 1 N–S Emma H & Oliver S 4 E–W" in text
    assert " 4 1 N–S" not in text


def test_a_table_without_an_address_has_no_qr_code_and_a_pair_without_names_its_number() -> None:
    bare = table_cards_pdf(SessionPrint("", MITCHELL_9, pair_names={}, table_urls={}))
    text = _text(bare, 0)
    assert "Scan to enter results" not in text
    assert " 1 1 N–S 1 E–W 1–2 table 5 " in text
    # The QR code is drawn as hundreds of little squares ("re" operators).
    with_qr = table_cards_pdf(SessionPrint("", MITCHELL_9, {}, {1: _url(1)}))
    assert _rectangles(with_qr) > _rectangles(bare) + 100


def _rectangles(pdf: bytes) -> int:
    contents = _reader(pdf).pages[0].get_contents()
    assert contents is not None
    return contents.get_data().count(b" re ")


# -- QR codes -------------------------------------------------------------------------------


def _need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.fail(f"{tool} is missing: install Debian's poppler-utils (make test does).")
    return path


def _render(pdf: bytes, page: int, tmp_path: Path, dpi: int) -> Path:
    path = tmp_path / "movement.pdf"
    path.write_bytes(pdf)
    command = [_need("pdftoppm"), "-r", str(dpi), "-png", "-f", str(page), "-l", str(page)]
    subprocess.run(
        [*command, "-singlefile", str(path), str(tmp_path / "page")],
        check=True,
        capture_output=True,
    )
    return tmp_path / "page.png"


@pytest.mark.parametrize("page_size", ["A4", "Letter"])
def test_the_qr_code_reads_back_as_the_tables_address(page_size: str, tmp_path: Path) -> None:
    import zxingcpp
    from PIL import Image

    pdf = table_cards_pdf(_session(HOWELL_7, page_size=page_size))
    # 72 dpi: a plain scan or a photo of the card is at least this sharp.
    with Image.open(_render(pdf, 3, tmp_path, dpi=72)) as image:
        found = [result.text for result in zxingcpp.read_barcodes(image)]
    assert found == [_url(3)]


def test_a_long_address_still_makes_a_readable_qr_code(tmp_path: Path) -> None:
    import zxingcpp
    from PIL import Image

    long_url = "https://minibridge.skolen.example.no/sessions/2026-11-29/" + "x" * 120 + "/t/1/"
    session = SessionPrint("", HOWELL_7, {}, {1: long_url})
    pdf = table_cards_pdf(session)
    with Image.open(_render(pdf, 1, tmp_path, dpi=100)) as image:
        assert [r.text for r in zxingcpp.read_barcodes(image)] == [long_url]
    # The address is printed in full over several lines, cut after a slash or a dot.
    text = _text(pdf, 0)
    assert long_url not in text  # wrapped…
    assert "".join(text.split("Scan to enter results")[1].split()).startswith(long_url)


def test_wrap_url_keeps_every_character_and_breaks_after_separators() -> None:
    url = "https://minibridge.example.no/sessions/abcdef/table/12/?lang=nb"
    lines = wrap_url(url, "Courier", 11, 140)
    assert "".join(lines) == url
    assert all(pdfmetrics.stringWidth(line, "Courier", 11) <= 140 for line in lines)
    assert lines[0].endswith(("/", ".")), lines
    assert wrap_url("x" * 50, "Courier", 10, 60) == ["x" * 10] * 5


# -- Movement chart -------------------------------------------------------------------------


@MOVEMENTS
def test_the_chart_holds_every_round_at_every_table(movement: Movement) -> None:
    pdf = movement_chart_pdf(_session(movement))
    assert len(_reader(pdf).pages) == 1
    text = _text(pdf, 0)
    header = " ".join(f"Table {t}" for t in range(1, movement.tables + 1))
    assert f" Movement {header} " in text
    for round_ in range(1, movement.rounds + 1):
        cells = " ".join(_chart_cell(movement, t, round_) for t in range(1, movement.tables + 1))
        assert f" Round {round_} {cells} " in text


def test_the_chart_spells_out_mitchell_lines_and_the_phantom() -> None:
    text = _text(movement_chart_pdf(_session(MITCHELL_9)), 0)
    assert " Round 2 N–S 1 v E–W 5 Boards 3–4 N–S 2 v E–W 1 Boards 5–6 " in text
    assert " E–W 4 Round off " in text
    assert text.count("Round off") == MITCHELL_9.rounds


def test_the_chart_marks_the_arrow_switch_round_and_shared_boards() -> None:
    relay = mitchell(16, even_tables=MitchellStyle.RELAY, arrow_switch=True)
    text = _all_text(movement_chart_pdf(_session(relay)))
    assert " Round 8 Arrow switch E–W 2 v N–S 1 Boards 15–16 shared with table 8 " in text
    for round_ in range(1, relay.rounds + 1):
        for table in range(1, relay.tables + 1):
            assert f" {_chart_cell(relay, table, round_)} " in text


def test_a_big_mitchell_chart_goes_landscape_over_pages_with_every_cell() -> None:
    big = mitchell(30)  # 15 tables, 15 rounds
    pdf = movement_chart_pdf(_session(big))
    pages = len(_reader(pdf).pages)
    assert 2 <= pages <= 4
    assert all(width > height for width, height in _sizes(pdf))
    text = _all_text(pdf)
    for table in range(1, big.tables + 1):
        assert text.count(f" Table {table} ") == 1
        for round_ in range(1, big.rounds + 1):
            assert text.count(f" {_chart_cell(big, table, round_)} ") == 1
    # Every page repeats the round numbers down its side.
    assert text.count(" Round 15 ") == pages


@pytest.mark.parametrize(("pairs", "landscape"), [(7, False), (8, False), (9, True), (20, True)])
def test_the_chart_is_portrait_for_up_to_four_tables(pairs: int, landscape: bool) -> None:
    pdf = movement_chart_pdf(_session(suggest_movement(pairs).build()))
    width, height = _sizes(pdf)[0]
    assert (width > height) is landscape
    assert {round(width), round(height)} == {round(A4[0]), round(A4[1])}


# -- Pair cards -----------------------------------------------------------------------------


@MOVEMENTS
def test_every_pair_has_a_card_with_each_of_its_rounds(movement: Movement) -> None:
    session = _session(movement)
    pdf = pair_cards_pdf(session)
    assert len(_reader(pdf).pages) == math.ceil(movement.pairs / 6)
    text = _all_text(pdf)
    header = "Round Table Direction Opponents Boards"
    for pair in movement.pair_ids:
        rows = " ".join(_pair_row(session, pair, r) for r in range(1, movement.rounds + 1))
        card = f" Pair {_number(pair)} 6B Tuesday {session.pair_names[pair]} {header} {rows} "
        assert card in text, pair


def test_a_pair_card_reads_like_the_movement() -> None:
    session = _session(MITCHELL_9)
    text = _all_text(pair_cards_pdf(session))
    # E–W 3 starts at table 3 against N–S 3, then moves up a table each round, and has
    # round 3 off at table 5 (where the phantom sits North–South).
    assert (
        " Pair 3 E–W 6B Tuesday Leah S & William D Round Table Direction Opponents Boards"
        " 1 3 East–West 3 N–S Sofie Ø & Åsmund Æ 5–6"
        " 2 4 East–West 4 N–S Ingrid K & Lars P 9–10"
        " 3 5 — Round off —"
    ) in text
    assert text.count("Round off") == 5  # each E–W pair once
    assert "Pair 5 N–S" not in text  # the phantom gets no card


def test_pair_cards_have_dashed_cut_lines() -> None:
    content = _reader(pair_cards_pdf(_session(MITCHELL_9))).pages[0].get_contents()
    assert content is not None
    assert b"[4 3] 0 d" in content.get_data()


# -- Page sizes, languages, bytes -----------------------------------------------------------

BUILDERS = pytest.mark.parametrize("build", [table_cards_pdf, pair_cards_pdf, movement_chart_pdf])


@BUILDERS
@pytest.mark.parametrize(("name", "size"), [("A4", A4), ("Letter", LETTER), ("letter", LETTER)])
def test_page_sizes(build: Build, name: str, size: tuple[float, float]) -> None:
    pdf = build(_session(HOWELL_7, page_size=name))
    assert _sizes(pdf)[0] == pytest.approx(size, abs=0.01)  # 4 tables: portrait


def test_letter_pages_still_hold_everything() -> None:
    session = _session(MITCHELL_9, page_size="Letter")
    tables = _all_text(table_cards_pdf(session))
    chart = _all_text(movement_chart_pdf(session))
    pairs = _all_text(pair_cards_pdf(session))
    for round_ in range(1, MITCHELL_9.rounds + 1):
        for table in range(1, MITCHELL_9.tables + 1):
            assert _table_row(session, table, round_) in tables
            assert f" {_chart_cell(MITCHELL_9, table, round_)} " in chart
        for pair in MITCHELL_9.pair_ids:
            assert f" {_pair_row(session, pair, round_)} " in pairs


@BUILDERS
def test_an_unknown_page_size_is_refused(build: Build) -> None:
    with pytest.raises(ValueError, match="A4, Letter"):
        build(_session(HOWELL_7, page_size="A3"))


@BUILDERS
def test_the_same_session_gives_the_same_bytes(build: Build) -> None:
    assert build(_session(HOWELL_7)) == build(_session(HOWELL_7))


def test_in_norwegian_all_three_render_and_carry_the_language() -> None:
    session = _session(MITCHELL_9, title="Klasse 6B — tirsdag")
    with translation.override("nb"):
        pdfs = [table_cards_pdf(session), movement_chart_pdf(session), pair_cards_pdf(session)]
    for pdf in pdfs:
        assert b"/Lang (nb)" in pdf
        assert "Klasse 6B — tirsdag" in _text(pdf, 0)


def test_norwegian_letters_print_and_other_letters_are_simplified() -> None:
    session = SessionPrint(
        "Bjørn, Æsa og Åse",
        MITCHELL_9,
        pair_names={PairId(1, Line.NS): "Bjørn Æ & Łukasz W"},
        table_urls={1: _url(1)},
    )
    text = _text(table_cards_pdf(session), 0)
    assert "Bjørn, Æsa og Åse" in text
    assert " 1 N–S Bjørn Æ & Lukasz W " in text


def test_page_one_rasterises_at_a4(tmp_path: Path) -> None:
    png = _render(table_cards_pdf(_session(MITCHELL_9)), 1, tmp_path, dpi=50).read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (pytest.approx(413, abs=1), pytest.approx(585, abs=1))
