"""The national results as PDF and xlsx bytes, from the plain figures of
:mod:`events.results.selectors` (no database here).

Both reuse the classroom's builders rather than copying them: the PDF lays its tables out
with the wall standings' machinery (tournaments.printing.standings: columns, blocks
flowed over pages under the running header), the workbook writes its sheets with the
standings workbook's table writer (tournaments.standings.spreadsheets). Every word goes through
gettext, so they come out in the active language. First names and the school only.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from itertools import zip_longest

from django.utils import translation
from django.utils.translation import gettext as _
from openpyxl import Workbook

from events import labels as event_labels
from events.results.selectors import NationalFigures, RankedPair
from scoring.cards import Side
from tournaments.labels import bridge as bridge_labels
from tournaments.labels import numbers as number_labels
from tournaments.printing.common import STANDARD_FONTS, FontSet, content_area
from tournaments.printing.common import page_size as resolve_page_size
from tournaments.printing.standings import (
    _Block,
    _Column,
    _fit_columns,
    _flow,
    _ranking_block,
    _render,
    _StandingsType,
)
from tournaments.standings.spreadsheets import (
    Column,
    Value,
    _fraction,
    _name_sheet,
    _number,
    _place_values,
    _Table,
)

#: The ranking's type size in the PDF (the frequency tables are smaller).
RANKING_SIZE = 12.0
BOARD_SIZE = 10.0


def _ranking_columns(with_section: bool = False) -> list[_Column]:
    # The wall standings' layout: place (bold), school, names (taking the rest of the
    # width), the national percentage (bold), then the figures behind it; in an event
    # with sections, the school's section last.
    columns = [
        _Column(_("Place"), 0.0, "centre"),
        _Column(_("School"), 0.0, "left"),
        _Column(_("Names"), 0.0, "left"),
        _Column(event_labels.national_percent(), 0.0, "right"),
        _Column(_("Boards"), 0.0, "right"),
        _Column(_("Matchpoints"), 0.0, "right"),
    ]
    if with_section:
        columns.append(_Column(_("Section"), 0.0, "left"))
    return columns


def _ranking_rows(pairs: Sequence[RankedPair], with_section: bool = False) -> list[list[str]]:
    rows = [
        [
            pair.place,
            pair.school,
            pair.names or pair.key,
            number_labels.percent_text(pair.percentage),
            str(pair.boards),
            number_labels.decimal_text(pair.matchpoints),
            *([pair.section or "—"] if with_section else []),
        ]
        for pair in pairs
    ]
    # No results yet: one line says so, in columns fitted as any ranking's are.
    empty = ["", "", _("No results yet."), "", "", "", *([""] if with_section else [])]
    return rows or [empty]


def section_title(name: str) -> str:
    """A section's ranking's heading: "Ranking: Years 5–6"."""
    return _("Ranking: %(name)s") % {"name": name}


def _board_columns() -> list[_Column]:
    return [
        _Column(bridge_labels.side_heading(Side.NS, bridge_labels.SideHeading.SCORE), 1.0, "right"),
        _Column(_("Times"), 1.0, "right"),
        _Column("", 0.5, "left"),
        _Column(_("Contract"), 1.0, "left"),
        _Column(_("Times"), 1.0, "right"),
    ]


def national_pdf(
    figures: NationalFigures, *, page_size: str = "A4", fonts: FontSet = STANDARD_FONTS
) -> bytes:
    """The national ranking, then each board's frequency tables, as PDF bytes."""
    size = resolve_page_size(page_size)
    area = content_area(size)
    type_ = _StandingsType(RANKING_SIZE)
    blocks: list[_Block] = []
    # The national ranking (with each pair's section), then each section's; the file
    # of one section (figures.section) has that section's ranking alone.
    with_section = bool(figures.sections)
    rows = _ranking_rows(figures.pairs, with_section)
    columns, _names_width = _fit_columns(_ranking_columns(with_section), rows, type_, area, fonts)
    title = section_title(figures.section) if figures.section else _("National ranking")
    blocks.append(_ranking_block(title, rows, columns, area, type_, fonts))
    for section in figures.sections:
        rows = _ranking_rows(section.pairs)
        columns, _names_width = _fit_columns(_ranking_columns(), rows, type_, area, fonts)
        blocks.append(
            _ranking_block(section_title(section.name), rows, columns, area, type_, fonts)
        )
    board_type = _StandingsType(BOARD_SIZE)
    for board in figures.boards:
        lines = [
            [
                bridge_labels.signed_text(score[0]) if score else "",
                str(score[1]) if score else "",
                "",
                bridge_labels.contract_text(contract[0]) if contract else "",
                str(contract[1]) if contract else "",
            ]
            for score, contract in zip_longest(board.scores, board.contracts)
        ]
        title = event_labels.board_played_text(board.number, board.played)
        blocks.append(_ranking_block(title, lines, _board_columns(), area, board_type, fonts))
    return _render(
        _flow(blocks, area),
        size,
        title=figures.title,
        kind=_("National results"),
        fonts=fonts,
    )


def national_workbook(figures: NationalFigures) -> bytes:
    """The national results as ``.xlsx`` bytes: the national ranking (with each pair's
    section in an event with sections), each section's ranking, each school's own
    ranking, and the boards' frequencies, one sheet each. The file of one section
    (``figures.section``) has that section's ranking as its first sheet."""
    workbook = Workbook()
    workbook.properties.title = figures.title
    workbook.properties.creator = "Minibridge Classroom"
    workbook.properties.language = translation.get_language() or ""
    sheet = workbook.active
    assert sheet is not None  # a new workbook always has one sheet
    with_section = bool(figures.sections)

    def pair_columns(with_section: bool = False) -> list[Column]:
        return [
            Column(_("Place"), "place"),
            Column(_("Tied"), "flag"),
            Column(_("Names")),
            Column(_("School")),
            *([Column(_("Section"))] if with_section else []),
            Column(_("Pair")),
            Column(_("Boards"), "int"),
            Column(_("Matchpoints"), "number"),
            Column(_("Maximum"), "number"),
            Column(_("Percentage"), "percent"),
        ]

    def pair_values(pair: RankedPair, with_section: bool = False) -> list[Value]:
        return [
            *_place_values(pair.place),
            pair.names,
            pair.school,
            *([pair.section or None] if with_section else []),
            pair.key,
            pair.boards,
            _number(pair.matchpoints),
            _number(pair.top),
            _fraction(pair.percentage),
        ]

    first = figures.section or _("National ranking")
    ranking = _Table(_name_sheet(sheet, first), pair_columns(with_section), title=figures.title)
    for pair in figures.pairs:
        ranking.row(pair_values(pair, with_section))
    ranking.finish(filter_rows=True)
    for section in figures.sections:
        table = _Table(
            _name_sheet(workbook.create_sheet(), section.name),
            pair_columns(),
            title=f"{figures.title} · {section.name}",
        )
        for pair in section.pairs:
            table.row(pair_values(pair))
        table.finish(filter_rows=True)
    if figures.schools:
        schools = _Table(
            _name_sheet(workbook.create_sheet(), _("Schools")), pair_columns(), title=figures.title
        )
        for school in figures.schools:
            schools.heading(f"{school.name} · {school.section}" if school.section else school.name)
            for ranked in school.lists:
                # A Mitchell school's N–S and E–W pairs apart, as in its own session.
                if ranked.title:
                    schools.heading(ranked.title)
                for pair in ranked.pairs:
                    schools.row(pair_values(pair))
        schools.finish()
    boards = _Table(
        _name_sheet(workbook.create_sheet(), _("Boards")),
        [
            Column(_("Board"), "int"),
            Column(bridge_labels.side_heading(Side.NS, bridge_labels.SideHeading.SCORE), "signed"),
            Column(_("Times"), "int"),
            Column(_("Contract")),
            Column(_("Times"), "int"),
        ],
        title=figures.title,
    )
    for board in figures.boards:
        for score, contract in zip_longest(board.scores, board.contracts):
            boards.row(
                [
                    board.number,
                    score[0] if score else None,
                    score[1] if score else None,
                    bridge_labels.contract_text(contract[0]) if contract else None,
                    contract[1] if contract else None,
                ]
            )
    boards.finish(filter_rows=True)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()
