"""What the three movement papers share: page sizes, the language, the same bytes for the
same session."""

from __future__ import annotations

import pytest
from django.utils import translation
from reportlab.lib.pagesizes import A4, LETTER

from tests.tournaments.printing.movement_papers import (
    HOWELL_7,
    MITCHELL_9,
    Build,
    _all_text,
    _chart_cell,
    _pair_row,
    _session,
    _sizes,
    _table_row,
    _text,
)
from tournaments.printing.movement_chart import movement_chart_pdf
from tournaments.printing.pair_cards import pair_cards_pdf
from tournaments.printing.table_cards import table_cards_pdf

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
