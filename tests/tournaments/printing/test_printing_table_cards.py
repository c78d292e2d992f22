"""Table cards: one per table with its number, the QR code of its address (readable),
every round of the movement where it belongs, and the sit-outs, arrow switches and
shared boards spelt out. Expected texts come from
:mod:`tests.tournaments.printing.movement_papers`."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics

from scoring.movements import Line, MitchellStyle, Movement, PairId, howell, mitchell
from tests.tournaments.printing.movement_papers import (
    HOWELL_7,
    MITCHELL_9,
    MOVEMENTS,
    _all_text,
    _reader,
    _render,
    _session,
    _table_row,
    _text,
    _url,
)
from tournaments.printing.common import SessionPrint
from tournaments.printing.table_cards import table_cards_pdf, wrap_url


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
        header = " Round North–South East–West Boards When the round is over "
        rows = [_table_row(session, table, r) for r in range(1, movement.rounds + 1)]
        assert header + " ".join(rows) + " " in text, f"table {table}"


def test_the_mitchell_phantom_table_says_who_has_the_round_off() -> None:
    session = _session(MITCHELL_9)
    pdf = table_cards_pdf(session)
    # Round 1 at table 5: nobody North–South, E–W 5 waits and then goes to table 1,
    # boards 9–10 move on to table 4.
    assert (
        " 1 — 5 E–W Sara J & Magnus E 9–10 not played Pair 5 E–W goes to table 1."
        " The boards go to table 4. » Pair 5 E–W has this round off "
    ) in _text(pdf, 4)
    # Round 4 at table 4: E–W 2 comes to table 5 next, where it has the round off.
    assert " Pair 2 E–W has the next round off, at table 5. " in _text(pdf, 3)
    for round_, pair in enumerate((5, 4, 3, 2, 1), start=1):
        assert f"» Pair {pair} E–W has this round off" in _text(pdf, 4), round_
    for page in range(4):  # tables 1 to 4 always play
        assert "this round off" not in _text(pdf, page)
        assert "not played" not in _text(pdf, page)
    for page in range(3):  # and only table 4 sends its E–W pair to the round off
        assert "round off" not in _text(pdf, page)
    assert _text(pdf, 3).count("E–W has the next round off, at table 5.") == 4


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
        " 8 2 E–W Thea F & Aksel W 1 N–S Emma H & Oliver S 15–16 Give the boards to the teacher."
        " » Arrow switch: North–South sit East–West for these boards"
        " » Shares boards with table 8 "
    ) in first
    assert first.count("Shares boards with table 8") == relay.rounds
    # The bye stand is between tables 4 and 5: table 5's boards wait a round on the side
    # table, then table 4 plays them.
    assert (
        " 11–12 Pair 5 N–S stays at this table. Pair 5 E–W goes to table 6."
        " The boards go onto the side table, for table 4 in round 3. "
    ) in _text(pdf, 4)
    # Before the switch round, the pairs are told they will sit the other way.
    assert (
        " Pair 1 N–S stays at this table and sits East–West."
        " Pair 3 E–W goes to table 2 and sits North–South. "
    ) in first


def test_boards_that_stay_and_boards_shared_by_three_tables() -> None:
    session = _session(howell(6, boards_per_round=3))
    text = _text(table_cards_pdf(session), 0)
    assert " 1–3 Pair 1 goes to table 3 and sits North–South." in text
    assert " The boards stay on this table. " in text
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
    assert " 1 1 N–S 1 E–W 1–2 Pair 1 N–S stays at this table. Pair 1 E–W goes to table 2." in text
    # The QR code is drawn as hundreds of little squares ("re" operators).
    with_qr = table_cards_pdf(SessionPrint("", MITCHELL_9, {}, {1: _url(1)}))
    assert _rectangles(with_qr) > _rectangles(bare) + 100


def _rectangles(pdf: bytes) -> int:
    contents = _reader(pdf).pages[0].get_contents()
    assert contents is not None
    return contents.get_data().count(b" re ")


# -- QR codes -------------------------------------------------------------------------------


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
