"""The movement chart for the wall, as PDF: rounds down, tables across.

Each cell reads "3 v 5" (Mitchell: "N–S 3 v E–W 5") with its boards under it; the chart
goes landscape and over more pages when there are many tables, so the type stays large.
In an individual session a cell names the four pupils by seat, "N 6 S 4 v E 8 W 7", and
a last column lists the pupils who have the round off.

Pure reportlab, no database: it takes a
:class:`~tournaments.printing.common.SessionPrint`. Every word goes through gettext.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from reportlab.pdfgen.canvas import Canvas

from scoring.cards import Seat
from scoring.individual import IndividualTableRound, individual_table_card
from scoring.movements import Movement, PairId, TableRound, table_card
from tournaments.labels import bridge as bridge_labels
from tournaments.labels import people as people_labels
from tournaments.labels import sessions as session_labels
from tournaments.labels.sessions import tables_text
from tournaments.printing.common import (
    GREY,
    HEADER_SHADE,
    LIGHT_GREY,
    SHADE,
    STANDARD_FONTS,
    FontSet,
    Rect,
    SessionPrint,
    boards_text,
    cell_text,
    content_area,
    draw_page_header,
    draw_text,
    fill_rect,
    page_count,
    page_size,
    start_pdf,
    text_width,
    wrap,
)

__all__ = [
    "CHART_MAX_TABLES_PER_PAGE",
    "CHART_MIN_TABLES_PER_PAGE",
    "CHART_PORTRAIT_MAX_TABLES",
    "chart_cell_lines",
    "chart_cell_text",
    "chart_page_size",
    "chart_pages",
    "individual_chart_cell_lines",
    "movement_chart_pdf",
]

#: The wall chart goes landscape above this many tables…
CHART_PORTRAIT_MAX_TABLES = 4
#: …and carries on over more pages above this many, so its type stays large.
CHART_MAX_TABLES_PER_PAGE = 8
#: …but never fewer than this many on a page.
CHART_MIN_TABLES_PER_PAGE = 4

_CHART_ROUND_COLUMN = 74.0
_CHART_OFF_COLUMN = 84.0  # an individual session's pupils with the round off
_CHART_HEADER_ROW = 30.0
_CHART_MAX_ROW = 90.0
_CHART_BIG = 22.0  # the pairs' type size when there is room
_CHART_SMALL = 0.68  # the boards' type size, as a share of the pairs'
_LEADING = 1.18
_CHART_READABLE = 12.5  # bold pairs this size read from the back of a classroom


def chart_pages(session: SessionPrint, *, fonts: FontSet = STANDARD_FONTS) -> list[tuple[int, ...]]:
    """The tables on each page of the wall chart, spread evenly over the pages.

    At most :data:`CHART_MAX_TABLES_PER_PAGE` tables go on a page. When the pairs would
    be printed smaller than 12.5 pt, more pages are used as long as that makes the type
    clearly larger (by a quarter or more), as for a Mitchell with many tables and
    rounds ("N–S 12 v E–W 15" in a narrow cell).
    """
    movement = session.movement
    area = _chart_area(session, chart_page_size(session), fonts)
    rows = [cell for cells in _chart_cells(session).values() for cell in cells]
    row_height = _chart_row_height(area, movement)
    fewest = page_count(movement.tables, CHART_MAX_TABLES_PER_PAGE)
    best: tuple[float, list[tuple[int, ...]]] = (0.0, [])
    for pages in range(fewest, page_count(movement.tables, CHART_MIN_TABLES_PER_PAGE) + 1):
        split = _split_tables(movement.tables, pages)
        width = _chart_column_width(area, max(len(page) for page in split), _off_column(session))
        size = min(_chart_cell_layout(row, width, row_height, fonts)[0] for row in rows)
        if size >= best[0] * 1.25:
            best = (size, split)
        if best[0] >= _CHART_READABLE:
            break
    return best[1]


def _split_tables(tables: int, pages: int) -> list[tuple[int, ...]]:
    per_page = -(-tables // pages)
    return [
        tuple(range(first, min(first + per_page, tables + 1)))
        for first in range(1, tables + 1, per_page)
    ]


def _chart_row_height(area: Rect, movement: Movement) -> float:
    return min(_CHART_MAX_ROW, (area.height - _CHART_HEADER_ROW) / movement.rounds)


def _chart_column_width(area: Rect, tables: int, off_column: float = 0.0) -> float:
    return (area.width - _CHART_ROUND_COLUMN - off_column) / tables


def _off_column(session: SessionPrint) -> float:
    """The width of the column of pupils with the round off: none unless some pupils
    of an individual session sit out."""
    individual = session.individual
    return _CHART_OFF_COLUMN if individual is not None and individual.sit_outs_per_round else 0.0


@dataclass(frozen=True)
class _Cell:
    """What a chart cell says: who plays, in large type on one line or two, and the
    small lines under them."""

    halves: tuple[str, ...]
    notes: tuple[str, ...]
    sits_out: bool = False


def _chart_cells(session: SessionPrint) -> dict[int, list[_Cell]]:
    """Each table's cells, round by round."""
    movement = session.movement
    tables = range(1, movement.tables + 1)
    if session.individual is not None:
        return {
            table: [
                _Cell(individual_chart_cell_lines(row), tuple(_boards_notes(row)))
                for row in individual_table_card(session.individual, table)
            ]
            for table in tables
        }
    return {
        table: [
            _Cell(chart_cell_lines(row), tuple(_chart_cell_notes(row)), row.sits_out)
            for row in table_card(movement, table)
        ]
        for table in tables
    }


def chart_page_size(session: SessionPrint) -> tuple[float, float]:
    """Portrait for a few tables, landscape for more."""
    width, height = page_size(session.page_size)
    if session.movement.tables <= CHART_PORTRAIT_MAX_TABLES:
        return width, height
    return height, width


def chart_cell_lines(row: TableRound) -> tuple[str, ...]:
    """The pairs in a chart cell, as the two halves ``("N–S 3", "v E–W 5")`` (Howell
    ``("3", "v 5")``), printed on one line or two; or just the pair that has the round
    off, ``("E–W 5",)``."""
    if row.ns_pair is None or row.ew_pair is None:
        present = row.ns_pair or row.ew_pair
        return (_chart_pair(present),) if present is not None else ()
    versus = pgettext("pair versus pair", "v")
    return _chart_pair(row.ns_pair), f"{versus} {_chart_pair(row.ew_pair)}"


def _chart_pair(pair: PairId) -> str:
    return people_labels.pair_number_line_first(pair.number, pair.direction)


def individual_chart_cell_lines(row: IndividualTableRound) -> tuple[str, str]:
    """The four pupils of an individual session's chart cell by seat, one partnership
    each half: ``("N 6 S 4", "v E 8 W 7")``."""
    seats = row.entry.seats

    def partnership(first: Seat, second: Seat) -> str:
        return " ".join(
            f"{bridge_labels.seat_letter(seat)} {seats[seat]}" for seat in (first, second)
        )

    versus = pgettext("pair versus pair", "v")
    return partnership(Seat.NORTH, Seat.SOUTH), f"{versus} {partnership(Seat.EAST, Seat.WEST)}"


def chart_cell_text(row: TableRound) -> str:
    """The pairs in a chart cell on one line: ``"3 v 5"``, ``"N–S 3 v E–W 5"``."""
    return " ".join(chart_cell_lines(row))


def movement_chart_pdf(session: SessionPrint, *, fonts: FontSet = STANDARD_FONTS) -> bytes:
    """The wall chart: rounds down, tables across, as PDF bytes."""
    size = chart_page_size(session)
    kind = _("Movement")
    canvas, buffer = start_pdf(session, size, kind)
    movement = session.movement
    cells = _chart_cells(session)
    off = session.individual.sit_outs if _off_column(session) and session.individual else None
    pages = chart_pages(session, fonts=fonts)
    for page, tables in enumerate(pages, start=1):
        draw_page_header(
            canvas, size, title=session.title, kind=kind, page=page, pages=len(pages), fonts=fonts
        )
        _draw_boards_note(canvas, session, size, fonts)
        _draw_chart(
            canvas, _chart_area(session, size, fonts), movement, tables, cells, off, fonts=fonts
        )
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


_NOTE_SIZE = 10.0


def _boards_note_lines(
    session: SessionPrint, size: tuple[float, float], fonts: FontSet
) -> list[str]:
    """Where tables share boards: the sentence saying which boards to make, and how
    many of each (the set-up page's own, ``session_labels.boards_to_prepare_text``), wrapped to
    the page."""
    note = session_labels.boards_to_prepare_text(session.movement)
    if not note:
        return []
    return wrap(note, fonts.regular, _NOTE_SIZE, content_area(size).width, fonts)


def _chart_area(session: SessionPrint, size: tuple[float, float], fonts: FontSet) -> Rect:
    """The grid's part of the page: the content area less the boards note at its foot."""
    area = content_area(size)
    lines = _boards_note_lines(session, size, fonts)
    if not lines:
        return area
    below = len(lines) * _NOTE_SIZE * _LEADING + 6
    return Rect(area.x, area.y + below, area.width, area.height - below)


def _draw_boards_note(
    canvas: Canvas, session: SessionPrint, size: tuple[float, float], fonts: FontSet
) -> None:
    area = content_area(size)
    lines = _boards_note_lines(session, size, fonts)
    # Top line first, so that the PDF's text reads in order.
    for index, line in enumerate(lines):
        draw_text(
            canvas,
            area.x,
            area.y + 2 + (len(lines) - 1 - index) * _NOTE_SIZE * _LEADING,
            line,
            font=fonts.regular,
            size=_NOTE_SIZE,
            fonts=fonts,
        )


def _draw_chart(
    canvas: Canvas,
    area: Rect,
    movement: Movement,
    tables: Sequence[int],
    cells: Mapping[int, Sequence[_Cell]],
    off: Sequence[Sequence[int]] | None,
    *,
    fonts: FontSet,
) -> None:
    """The grid of one page; ``off``: each round's pupils with the round off, in a last
    column (an individual session with sit-outs)."""
    row_height = _chart_row_height(area, movement)
    off_width = _CHART_OFF_COLUMN if off is not None else 0.0
    column_width = _chart_column_width(area, len(tables), off_width)
    header_y = area.top - _CHART_HEADER_ROW
    fill_rect(canvas, Rect(area.x, header_y, area.width, _CHART_HEADER_ROW), HEADER_SHADE)
    titles = [_("Table %(number)s") % {"number": table} for table in tables]
    widths = [column_width] * len(tables)
    if off is not None:
        titles.append(_("Round off"))
        widths.append(off_width)
    x = area.x + _CHART_ROUND_COLUMN
    for title, width in zip(titles, widths, strict=True):
        cell_text(
            canvas,
            Rect(x, header_y, width, _CHART_HEADER_ROW),
            header_y + 9,
            title,
            font=fonts.bold,
            size=15,
            fonts=fonts,
            align="centre",
        )
        x += width
    arrow_rounds = {e.round for e in movement.entries if e.arrow_switched}
    for round_ in range(1, movement.rounds + 1):
        y = header_y - round_ * row_height
        label = Rect(area.x, y, _CHART_ROUND_COLUMN, row_height)
        middle = y + row_height / 2
        title_size = min(15.0, row_height * 0.4)
        if round_ in arrow_rounds:
            cell_text(
                canvas,
                label,
                middle + 1,
                _("Round %(number)s") % {"number": round_},
                font=fonts.bold,
                size=title_size,
                fonts=fonts,
            )
            cell_text(
                canvas,
                label,
                middle - title_size * 0.9,
                _("Arrow switch"),
                font=fonts.bold,
                size=title_size * 0.7,
                fonts=fonts,
            )
        else:
            cell_text(
                canvas,
                label,
                middle - title_size / 3,
                _("Round %(number)s") % {"number": round_},
                font=fonts.bold,
                size=title_size,
                fonts=fonts,
            )
        for index, table in enumerate(tables):
            cell = Rect(
                area.x + _CHART_ROUND_COLUMN + index * column_width, y, column_width, row_height
            )
            _draw_chart_cell(canvas, cell, cells[table][round_ - 1], fonts=fonts)
        if off is not None:
            cell = Rect(area.right - off_width, y, off_width, row_height)
            _draw_off_cell(canvas, cell, off[round_ - 1], fonts=fonts)
    # The grid: light lines inside, a darker frame.
    bottom = header_y - movement.rounds * row_height
    canvas.setStrokeColor(LIGHT_GREY)
    canvas.setLineWidth(0.6)
    for round_ in range(movement.rounds):
        canvas.line(
            area.x, header_y - round_ * row_height, area.right, header_y - round_ * row_height
        )
    for index in range(len(tables) + (1 if off is not None else 0)):
        x = area.x + _CHART_ROUND_COLUMN + index * column_width
        canvas.line(x, bottom, x, area.top)
    canvas.setStrokeColor(GREY)
    canvas.setLineWidth(1.0)
    canvas.rect(area.x, bottom, area.width, area.top - bottom, stroke=1, fill=0)


def _chart_cell_notes(row: TableRound) -> list[str]:
    """The small lines under the pairs: the boards and sharing, or "Round off"."""
    if row.sits_out:
        return [_("Round off")]
    return _boards_notes(row)


def _boards_notes(row: TableRound | IndividualTableRound) -> list[str]:
    """The boards a table plays in a round, and the tables it shares them with."""
    notes = [_("Boards %(boards)s") % {"boards": boards_text(row.boards)}]
    if row.shared_with:
        notes.append(
            ngettext(
                "shared with table %(tables)s",
                "shared with tables %(tables)s",
                len(row.shared_with),
            )
            % {"tables": tables_text(row.shared_with)}
        )
    return notes


def _chart_cell_layout(
    row: _Cell, width: float, height: float, fonts: FontSet
) -> tuple[float, list[str], list[str]]:
    """The pairs' type size and lines (one line, or two when that lets them be clearly
    larger) and the small lines under them, for a cell of this size."""
    halves = row.halves
    notes = list(row.notes)
    inner = width - 10
    best: tuple[float, list[str]] = (0.0, [])
    for big_lines in ([" ".join(halves)], list(halves)):
        units = _LEADING * len(big_lines) + _LEADING * _CHART_SMALL * len(notes)
        size = min(_CHART_BIG, 0.85 * height / units)
        widest = max(text_width(line, fonts.bold, size, fonts) for line in big_lines)
        if widest > inner:
            size *= inner / widest
        if size > best[0] + 0.5:
            best = (size, big_lines)
    return best[0], best[1], notes


def _draw_off_cell(canvas: Canvas, cell: Rect, pupils: Sequence[int], *, fonts: FontSet) -> None:
    """The numbers of the pupils with the round off, shaded like a round off."""
    if not pupils:
        return
    fill_rect(canvas, cell, SHADE)
    size = min(_CHART_BIG * 0.8, cell.height * 0.4)
    cell_text(
        canvas,
        cell,
        cell.y + cell.height / 2 - size / 3,
        ", ".join(str(pupil) for pupil in pupils),
        font=fonts.bold,
        size=size,
        fonts=fonts,
        align="centre",
        pad=5,
        min_scale=0.5,
    )


def _draw_chart_cell(canvas: Canvas, cell: Rect, row: _Cell, *, fonts: FontSet) -> None:
    """The pairs in large type, the boards under them, and sharing under that. A round
    off is shaded and says so."""
    if row.sits_out:
        fill_rect(canvas, cell, SHADE)
    big, big_lines, notes = _chart_cell_layout(row, cell.width, cell.height, fonts)
    small = min(15.0, big * _CHART_SMALL)
    note_font = fonts.bold if row.sits_out else fonts.regular
    lines = [(text, fonts.bold, big) for text in big_lines]
    lines += [(text, note_font, small) for text in notes]
    block = sum(size * _LEADING for _text, _font, size in lines)
    baseline = cell.y + cell.height / 2 + block / 2
    for text, font, size in lines:
        baseline -= size * _LEADING
        cell_text(
            canvas,
            cell,
            baseline + size * 0.3,
            text,
            font=font,
            size=size,
            fonts=fonts,
            align="centre",
            pad=5,
            min_scale=0.5,
        )
