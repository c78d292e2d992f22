"""An individual session's movement papers, built directly (no database): long sessions
go on over more pages without leaving the page or shrinking below a readable size,
Letter paper, pupils without names, letters outside the standard fonts. What a site's
session prints, line by line, is checked in test_individual_papers.py."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import replace

import pytest
from pypdf import PdfReader

from scoring.individual import IndividualMovement, as_movement, individual, pupil_card
from scoring.movements import PairId
from tests.tournaments.printing.movement_papers import _all_text, _reader, _sizes, _text
from tournaments.printing.common import MARGIN, SessionPrint
from tournaments.printing.movement_chart import movement_chart_pdf
from tournaments.printing.pair_cards import pupil_cards_pdf
from tournaments.printing.table_cards import table_cards_pdf

BUILDERS = pytest.mark.parametrize("build", [table_cards_pdf, pupil_cards_pdf, movement_chart_pdf])


def _print(
    movement: IndividualMovement, names: dict[int, str] | None = None, page_size: str = "A4"
) -> SessionPrint:
    chosen = names if names is not None else {p: f"Name{p}" for p in range(1, movement.pupils + 1)}
    return SessionPrint(
        title="7C",
        movement=as_movement(movement),
        pair_names={PairId(pupil): name for pupil, name in chosen.items()},
        table_urls={t: f"https://minibridge.example.no/t/{t}/" for t in range(1, 7)},
        page_size=page_size,
        individual=movement,
    )


def _lowest_text_and_smallest_size(pdf: bytes, page: int) -> tuple[float, float]:
    """Where the lowest text on a page sits, and the smallest type size on it."""
    lowest, smallest = 1e9, 1e9

    def visit(text: str, cm: list[float], tm: list[float], _font: object, size: float) -> None:
        nonlocal lowest, smallest
        if text.strip():
            lowest = min(lowest, tm[4] * cm[1] + tm[5] * cm[3] + cm[5])
            smallest = min(smallest, size * tm[0])

    PdfReader(io.BytesIO(pdf)).pages[page].extract_text(visitor_text=visit)
    return lowest, smallest


@pytest.mark.parametrize(("pupils", "per_round"), [(8, 2), (16, 3), (20, 3), (23, 3), (24, 3)])
@pytest.mark.parametrize("page_size", ["A4", "Letter"])
def test_a_long_session_goes_on_over_more_pages_and_stays_readable(
    pupils: int, per_round: int, page_size: str
) -> None:
    movement = individual(pupils, boards_per_round=per_round)  # every round
    pdf = table_cards_pdf(_print(movement, page_size=page_size))
    pages = len(_reader(pdf).pages)
    assert pages >= movement.tables
    # Each table's rounds come in order, on its own pages.
    rounds_seen: dict[int, list[int]] = {}
    for page in range(pages):
        text = _text(pdf, page)
        [table] = [t for t in range(1, movement.tables + 1) if f" Table {t} " in text]
        for round_ in range(1, movement.rounds + 1):
            board_set = movement.entry(round_, table).board_set
            north = movement.entry(round_, table).north
            if f" {round_} N {north} Name{north} " in text:
                assert f" {movement.boards(board_set)[0]}–" in text
                rounds_seen.setdefault(table, []).append(round_)
        lowest, smallest = _lowest_text_and_smallest_size(pdf, page)
        assert lowest >= MARGIN - 1, (page, lowest)
        assert smallest >= 6.9, (page, smallest)  # 10 pt sentences at 70 % at least
    assert rounds_seen == {
        t: list(range(1, movement.rounds + 1)) for t in range(1, movement.tables + 1)
    }
    if movement.rounds <= 7:
        assert pages == movement.tables  # a lesson's worth fits on one page a table


@BUILDERS
@pytest.mark.parametrize("page_size", ["A4", "Letter"])
def test_individual_papers_print_on_both_paper_sizes_and_give_the_same_bytes(
    build: Callable[[SessionPrint], bytes], page_size: str
) -> None:
    session = _print(individual(11), page_size=page_size)
    pdf = build(session)
    assert pdf == build(session)
    expected = (612.0, 792.0) if page_size == "Letter" else (595.2756, 841.8898)
    assert _sizes(pdf)[0] == pytest.approx(expected, abs=0.01)


def test_pupils_without_names_are_named_by_number() -> None:
    movement = individual(8)
    session = _print(movement, names={})
    tables = _text(table_cards_pdf(session), 0)
    # Round 1 at table 1: N 6, E 8, S 4, W 7.
    assert " 1 N 6 S 4 E 8 W 7 1–2 Pupil 6 goes to table 2 and sits South. " in tables
    cards = _all_text(pupil_cards_pdf(session))
    assert " Pupil 6 7C Round Table Seat Partner Opponents Boards 1 1 North Pupil 4 " in cards
    assert " Pupil 8 & Pupil 7 1–2 " in cards


def test_letters_outside_the_standard_fonts_are_simplified() -> None:
    movement = individual(8)
    names = {p: f"Åse{p}" for p in range(1, 9)} | {4: "Łukasz"}
    session = _print(movement, names=names)
    tables = _text(table_cards_pdf(session), 0)
    assert " S 4 Lukasz " in tables
    assert " Lukasz goes to table 2 and sits East. " in tables
    cards = _all_text(pupil_cards_pdf(session))
    assert " 1 1 North Lukasz Åse8 & Åse7 1–2 " in cards


def test_each_pupil_card_has_one_line_per_round_and_the_round_offs() -> None:
    movement = individual(11, rounds=6)  # a lesson's six rounds
    pdf = pupil_cards_pdf(_print(movement))
    text = _all_text(pdf)
    assert len(_reader(pdf).pages) == 2
    rounds_off = sum(1 for p in range(1, 12) for row in pupil_card(movement, p) if row.sits_out)
    assert rounds_off == 6 * 3
    assert text.count("Round off") == rounds_off
    last = text.split(" Name11 7C Pupil 11 ")[1]  # pupil 11's card, the last one
    assert [f" {r} " in last for r in (5, 6, 7)] == [True, True, False]


def test_pupil_cards_are_for_an_individual_session_only() -> None:
    with pytest.raises(ValueError, match="individual session"):
        pupil_cards_pdf(replace(_print(individual(8)), individual=None))
