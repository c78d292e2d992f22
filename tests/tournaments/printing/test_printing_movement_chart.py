"""The movement chart: every round at every table, Mitchell lines and the phantom, the
arrow switch and shared boards, landscape and more pages for many tables."""

from __future__ import annotations

import pytest
from reportlab.lib.pagesizes import A4

from scoring.movements import MitchellStyle, Movement, mitchell, suggest_movement
from tests.tournaments.printing.movement_papers import (
    MITCHELL_9,
    MOVEMENTS,
    _all_text,
    _chart_cell,
    _reader,
    _session,
    _sizes,
    _text,
)
from tournaments.printing.movement_chart import movement_chart_pdf


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
