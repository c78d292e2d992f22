"""Printable movement papers: table cards, the wall chart and pair cards, as PDF bytes.

Pure reportlab, no database: the print centre builds a :class:`SessionPrint` (the
movement, the pairs' names and each table's entry-page address) and passes it in.
Every word goes through gettext, so the PDF speaks the language that is active when it
is built.

* :func:`table_cards_pdf` — one A4/Letter page per table, to lie on the table all
  session: "Table 3" in large type, a QR code of the table's entry page with the address
  printed beside it, then one line per round: who sits North–South and East–West, which
  boards, and where the boards go afterwards. Sit-outs, arrow switches and shared boards
  are spelt out in a sentence under that round.
* :func:`movement_chart_pdf` — the wall chart: rounds down, tables across, each cell
  "3 v 5" (Mitchell: "N–S 3 v E–W 5") and its boards; landscape and split over pages
  when there are many tables, so the type stays large.
* :func:`pair_cards_pdf` — a small card per pair (six a page, dashed lines to cut
  along): for each round the table, the seats, the opponents and the boards.

Fonts, colours and page helpers come from :mod:`tournaments.printing.common`.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from scoring.movements import (
    BoardsGo,
    BoardsNext,
    Line,
    Movement,
    PairId,
    PairRound,
    TableRound,
    pair_card,
    table_card,
)
from tournaments import labels
from tournaments.printing.common import (
    BLACK,
    GREY,
    LIGHT_GREY,
    STANDARD_FONTS,
    WHITE,
    Align,
    FontSet,
    Rect,
    content_area,
    draw_cut_lines,
    draw_page_header,
    draw_text,
    grid,
    new_canvas,
    page_count,
    text_width,
    winansi,
)
from tournaments.printing.common import page_size as resolve_page_size

__all__ = [
    "CHART_MAX_TABLES_PER_PAGE",
    "CHART_MIN_TABLES_PER_PAGE",
    "CHART_PORTRAIT_MAX_TABLES",
    "PAIR_CARDS_PER_PAGE",
    "QR_SIDE",
    "SessionPrint",
    "boards_go_text",
    "boards_later_text",
    "boards_text",
    "chart_cell_lines",
    "chart_cell_text",
    "chart_page_size",
    "chart_pages",
    "draw_qr",
    "movement_chart_pdf",
    "pair_card_cells",
    "pair_cards_pdf",
    "table_cards_pdf",
    "table_round_notes",
    "wrap_url",
]

#: Side of the QR code on a table card, quiet zone included: 150 pt is 53 mm, which a
#: tablet camera reads from arm's length.
QR_SIDE = 150.0
#: Pair cards: two columns by three rows a page.
PAIR_CARD_COLUMNS, PAIR_CARD_ROWS = 2, 3
PAIR_CARDS_PER_PAGE = PAIR_CARD_COLUMNS * PAIR_CARD_ROWS
#: The wall chart goes landscape above this many tables…
CHART_PORTRAIT_MAX_TABLES = 4
#: …and carries on over more pages above this many, so its type stays large.
CHART_MAX_TABLES_PER_PAGE = 8
#: …but never fewer than this many on a page.
CHART_MIN_TABLES_PER_PAGE = 4

#: Background of a round where a pair has the round off (a light grey that photocopies).
SHADE = HexColor("#E6E6E6")
#: Background of the header row of a table.
HEADER_SHADE = HexColor("#F0F0F0")
#: Quiet zone round the QR code, in modules (the QR standard asks for four).
_QR_QUIET_ZONE = 4


@dataclass(frozen=True)
class SessionPrint:
    """Everything the movement papers print about one session.

    ``pair_names`` gives each pair's names as printed ("Emma H & Oliver S"); a pair
    without names prints its number only. ``table_urls`` maps a table number to the
    absolute address of that table's entry page, which the table card prints as a QR
    code and as text. ``page_size`` is ``"A4"`` or ``"Letter"``.
    """

    title: str
    movement: Movement
    pair_names: Mapping[PairId, str]
    table_urls: Mapping[int, str]
    page_size: str = "A4"

    def names(self, pair: PairId | None) -> str:
        if pair is None:
            return ""
        return self.pair_names.get(pair, "").strip()


# -- Words ----------------------------------------------------------------------------------


def boards_text(boards: range) -> str:
    """``"5–6"`` for boards 5 and 6, ``"5"`` for one board, ``"—"`` for none."""
    if not boards:
        return "—"
    if len(boards) == 1:
        return str(boards[0])
    return f"{boards[0]}–{boards[-1]}"


def _tables_list(tables: Sequence[int]) -> str:
    return " & ".join(str(table) for table in tables)


def boards_go_text(next_: BoardsNext, table: int) -> str:
    """Where the boards go after the round: "table 2", "side table", "collect the boards"."""
    if next_.go is BoardsGo.FINISHED or not next_.tables:
        return _("collect the boards")
    if next_.go is BoardsGo.STAND:
        return _("side table")
    if next_.tables == (table,):
        return _("stay on this table")
    return ngettext("table %(tables)s", "tables %(tables)s", len(next_.tables)) % {
        "tables": _tables_list(next_.tables)
    }


def boards_later_text(next_: BoardsNext) -> str:
    """For boards put on the side table, where and when they are played again."""
    if next_.go is not BoardsGo.STAND or not next_.tables or next_.round is None:
        return ""
    return ngettext(
        "for table %(tables)s in round %(round)s",
        "for tables %(tables)s in round %(round)s",
        len(next_.tables),
    ) % {"tables": _tables_list(next_.tables), "round": next_.round}


def table_round_notes(row: TableRound) -> list[str]:
    """The sentences printed under a round on the table card: who has the round off,
    the arrow switch, shared boards."""
    notes: list[str] = []
    if row.sits_out:
        for pair in (row.ns_pair, row.ew_pair):
            if pair is not None:
                notes.append(
                    _("Pair %(pair)s has this round off")
                    % {"pair": labels.pair_number(pair.number, pair.direction)}
                )
    if row.arrow_switched:
        notes.append(_("Arrow switch: North–South sit East–West for these boards"))
    if row.shared_with:
        notes.append(
            ngettext(
                "Shares boards with table %(tables)s",
                "Shares boards with tables %(tables)s",
                len(row.shared_with),
            )
            % {"tables": _tables_list(row.shared_with)}
        )
    return notes


# -- Shared drawing -------------------------------------------------------------------------


def _start(
    session: SessionPrint, size: tuple[float, float], kind: str
) -> tuple[Canvas, io.BytesIO]:
    buffer = io.BytesIO()
    canvas = new_canvas(
        buffer, size, title=session.title or kind, language=translation.get_language()
    )
    return canvas, buffer


def _fill(canvas: Canvas, rect: Rect, colour: Color) -> None:
    canvas.setFillColor(colour)
    canvas.rect(rect.x, rect.y, rect.width, rect.height, stroke=0, fill=1)
    canvas.setFillColor(BLACK)


def _cell_text(
    canvas: Canvas,
    cell: Rect,
    baseline: float,
    text: str,
    *,
    font: str,
    size: float,
    fonts: FontSet,
    align: Align = "left",
    colour: Color = BLACK,
    pad: float = 6.0,
    min_scale: float = 0.6,
) -> float:
    """``text`` on ``baseline`` inside ``cell`` (left, centred or right), shrunk to fit."""
    x = {"left": cell.x + pad, "centre": cell.x + cell.width / 2, "right": cell.right - pad}[align]
    return draw_text(
        canvas,
        x,
        baseline,
        text,
        font=font,
        size=size,
        fonts=fonts,
        colour=colour,
        align=align,
        max_width=cell.width - 2 * pad,
        min_scale=min_scale,
    )


def _columns(area: Rect, fractions: Sequence[float]) -> list[Rect]:
    """Split ``area`` into side-by-side columns of the given shares of its width."""
    total = sum(fractions)
    columns: list[Rect] = []
    x = area.x
    for fraction in fractions:
        width = area.width * fraction / total
        columns.append(Rect(x, area.y, width, area.height))
        x += width
    return columns


def _row(columns: Sequence[Rect], y: float, height: float) -> list[Rect]:
    return [Rect(column.x, y, column.width, height) for column in columns]


def _rule(canvas: Canvas, x1: float, y: float, x2: float, *, colour: Color = LIGHT_GREY) -> None:
    canvas.setStrokeColor(colour)
    canvas.setLineWidth(0.6)
    canvas.line(x1, y, x2, y)


# -- QR code --------------------------------------------------------------------------------


def draw_qr(canvas: Canvas, value: str, x: float, y: float, side: float) -> None:
    """A QR code of ``value`` in a ``side``-point square whose bottom-left corner is
    (x, y), white quiet zone included. Error correction M survives a crease or a smudge."""
    widget = QrCodeWidget(value, barLevel="M", barBorder=_QR_QUIET_ZONE)
    x0, y0, x1, y1 = widget.getBounds()
    sx, sy = side / (x1 - x0), side / (y1 - y0)
    drawing = Drawing(side, side, transform=[sx, 0, 0, sy, -x0 * sx, -y0 * sy])
    drawing.add(widget)
    canvas.saveState()
    canvas.setFillColor(WHITE)
    canvas.rect(x, y, side, side, stroke=0, fill=1)
    renderPDF.draw(drawing, canvas, x, y)
    canvas.restoreState()


_URL_BREAK = re.compile(r"(?<=[/?&=#.\-_])")


def wrap_url(url: str, font: str, size: float, width: float) -> list[str]:
    """``url`` in lines no wider than ``width``, broken after ``/ ? & = # . - _`` where
    possible and anywhere when a piece is too long by itself."""
    lines: list[str] = []
    line = ""
    for piece in (p for p in _URL_BREAK.split(url) if p):
        if pdfmetrics.stringWidth(line + piece, font, size) <= width:
            line += piece
            continue
        if line:
            lines.append(line)
            line = ""
        for char in piece:
            if line and pdfmetrics.stringWidth(line + char, font, size) > width:
                lines.append(line)
                line = ""
            line += char
    if line:
        lines.append(line)
    return lines


def _draw_url(canvas: Canvas, x: float, top: float, url: str, width: float) -> None:
    """The address under "Scan to enter results": at most three lines of 11 pt, or five
    of 8 pt for a very long one (cut short with "…" beyond that)."""
    size = 11.0
    lines = wrap_url(url, _URL_FONT, size, width)
    if len(lines) > 3:
        size = 8.0
        lines = wrap_url(url, _URL_FONT, size, width)
    if len(lines) > 5:
        lines = [*lines[:4], lines[4][:-1] + "…"]
    canvas.setFont(_URL_FONT, size)
    canvas.setFillColor(BLACK)
    for index, line in enumerate(lines):
        canvas.drawString(x, top - index * (size + 2), line)


# -- Table cards ----------------------------------------------------------------------------

# Shares of the width for the table card's columns: Round, N–S, E–W, Boards, Boards go to.
_TABLE_CARD_COLUMNS = (0.08, 0.27, 0.27, 0.14, 0.24)
_TABLE_CARD_ALIGN: tuple[Align, ...] = ("centre", "left", "left", "centre", "left")
_TABLE_CARD_BAND = QR_SIDE + 14  # the heading and the QR code above the rounds
_TABLE_ROW = 42.0  # a round's line at full size
_TABLE_NOTE = 17.0  # each sentence under a round at full size
_TABLE_HEADER_ROW = 22.0
_TABLE_MAX_SCALE = 1.4
_URL_FONT = "Courier"  # monospace: 1 l I and 0 O look different when typed from paper


def table_cards_pdf(session: SessionPrint, *, fonts: FontSet = STANDARD_FONTS) -> bytes:
    """One page per table, to lie on that table all session, as PDF bytes."""
    size = resolve_page_size(session.page_size)
    kind = _("Table cards")
    canvas, buffer = _start(session, size, kind)
    movement = session.movement
    for table in range(1, movement.tables + 1):
        draw_page_header(
            canvas,
            size,
            title=session.title,
            kind=kind,
            page=table,
            pages=movement.tables,
            fonts=fonts,
        )
        _draw_table_card(canvas, content_area(size), session, table, fonts=fonts)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _draw_table_card(
    canvas: Canvas, area: Rect, session: SessionPrint, table: int, *, fonts: FontSet
) -> None:
    url = session.table_urls.get(table, "")
    room = area.width - (QR_SIDE + 18 if url else 0)  # left of the QR code
    draw_text(
        canvas,
        area.x,
        area.top - 58,
        _("Table %(number)s") % {"number": table},
        font=fonts.bold,
        size=64,
        fonts=fonts,
        max_width=room,
    )
    if url:
        draw_qr(canvas, url, area.right - QR_SIDE, area.top - QR_SIDE, QR_SIDE)
        draw_text(
            canvas,
            area.x,
            area.top - 96,
            _("Scan to enter results"),
            font=fonts.bold,
            size=15,
            fonts=fonts,
            max_width=room,
        )
        _draw_url(canvas, area.x, area.top - 116, winansi(url), room)

    rows = table_card(session.movement, table)
    notes = [table_round_notes(row) for row in rows]
    table_area = Rect(area.x, area.y, area.width, area.height - _TABLE_CARD_BAND)
    needed = sum(_TABLE_ROW + _TABLE_NOTE * len(n) for n in notes)
    # Rows grow (to 1.4×, for reading across a classroom) or shrink to fill the page.
    scale = min(_TABLE_MAX_SCALE, (table_area.height - _TABLE_HEADER_ROW) / needed)
    columns = _columns(table_area, _TABLE_CARD_COLUMNS)
    top = table_area.top

    header = _row(columns, top - _TABLE_HEADER_ROW, _TABLE_HEADER_ROW)
    _fill(canvas, Rect(area.x, header[0].y, area.width, _TABLE_HEADER_ROW), HEADER_SHADE)
    titles = (
        _("Round"),
        labels.side_name(Line.NS),
        labels.side_name(Line.EW),
        _("Boards"),
        _("Boards go to"),
    )
    for cell, title, align in zip(header, titles, _TABLE_CARD_ALIGN, strict=True):
        _cell_text(
            canvas, cell, cell.y + 7, title, font=fonts.bold, size=10.5, fonts=fonts, align=align
        )
    top = header[0].y
    rules = [top]
    # One size for the whole column, so "collect the boards" is as large as "table 4".
    goes = [boards_go_text(row.boards_next, table) for row in rows]
    go_size = _fitting_size(goes, fonts.regular, 12.5 * scale, columns[4].width - 12, fonts)
    for row, row_notes in zip(rows, notes, strict=True):
        height = (_TABLE_ROW + _TABLE_NOTE * len(row_notes)) * scale
        _draw_table_round(
            canvas,
            columns,
            top,
            height,
            row,
            row_notes,
            session,
            scale=scale,
            go_size=go_size,
            fonts=fonts,
        )
        top -= height
        rules.append(top)
    for index, y in enumerate(rules):  # after the shading, so no row hides a rule
        _rule(canvas, area.x, y, area.right, colour=GREY if index == 0 else LIGHT_GREY)


def _draw_table_round(
    canvas: Canvas,
    columns: Sequence[Rect],
    top: float,
    height: float,
    row: TableRound,
    notes: Sequence[str],
    session: SessionPrint,
    *,
    scale: float,
    go_size: float,
    fonts: FontSet,
) -> None:
    """One round: number, the two pairs with their names, the boards, where they go;
    then a sentence for each note."""
    if row.sits_out:
        _fill(
            canvas,
            Rect(columns[0].x, top - height, columns[-1].right - columns[0].x, height),
            SHADE,
        )
    cells = _row(columns, top - _TABLE_ROW * scale, _TABLE_ROW * scale)
    number_line = top - 21 * scale
    names_line = top - 34 * scale
    big = 18 * scale
    small = 10 * scale
    round_cell, ns_cell, ew_cell, boards_cell, go_cell = cells
    _cell_text(
        canvas,
        round_cell,
        number_line,
        str(row.round),
        font=fonts.bold,
        size=big,
        fonts=fonts,
        align="centre",
    )
    for cell, pair in ((ns_cell, row.ns_pair), (ew_cell, row.ew_pair)):
        if pair is None:
            _cell_text(
                canvas, cell, number_line, "—", font=fonts.bold, size=big, fonts=fonts, colour=GREY
            )
            continue
        _cell_text(
            canvas,
            cell,
            number_line,
            labels.pair_number(pair.number, pair.direction),
            font=fonts.bold,
            size=big,
            fonts=fonts,
        )
        names = session.names(pair)
        if names:
            _cell_text(canvas, cell, names_line, names, font=fonts.regular, size=small, fonts=fonts)
    _cell_text(
        canvas,
        boards_cell,
        number_line,
        boards_text(row.boards),
        font=fonts.bold,
        size=big,
        fonts=fonts,
        align="centre",
    )
    if row.sits_out:
        _cell_text(
            canvas,
            boards_cell,
            names_line,
            _("not played"),
            font=fonts.regular,
            size=small,
            fonts=fonts,
            align="centre",
            colour=GREY,
        )
    _cell_text(
        canvas,
        go_cell,
        number_line,
        boards_go_text(row.boards_next, row.table),
        font=fonts.regular,
        size=go_size,
        fonts=fonts,
    )
    later = boards_later_text(row.boards_next)
    if later:
        _cell_text(canvas, go_cell, names_line, later, font=fonts.regular, size=small, fonts=fonts)
    note_left = columns[1].x + 6
    for index, note in enumerate(notes):
        baseline = top - (_TABLE_ROW + _TABLE_NOTE * index + 7) * scale
        draw_text(
            canvas,
            note_left,
            baseline,
            f"» {note}",
            font=fonts.bold,
            size=11 * scale,
            fonts=fonts,
            max_width=columns[-1].right - note_left - 6,
        )


# -- Movement chart -------------------------------------------------------------------------

_CHART_ROUND_COLUMN = 74.0
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
    area = content_area(chart_page_size(session))
    rows = [card for table in range(1, movement.tables + 1) for card in table_card(movement, table)]
    row_height = _chart_row_height(area, movement)
    fewest = page_count(movement.tables, CHART_MAX_TABLES_PER_PAGE)
    best: tuple[float, list[tuple[int, ...]]] = (0.0, [])
    for pages in range(fewest, page_count(movement.tables, CHART_MIN_TABLES_PER_PAGE) + 1):
        split = _split_tables(movement.tables, pages)
        width = _chart_column_width(area, max(len(page) for page in split))
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


def _chart_column_width(area: Rect, tables: int) -> float:
    return (area.width - _CHART_ROUND_COLUMN) / tables


def chart_page_size(session: SessionPrint) -> tuple[float, float]:
    """Portrait for a few tables, landscape for more."""
    width, height = resolve_page_size(session.page_size)
    if session.movement.tables <= CHART_PORTRAIT_MAX_TABLES:
        return width, height
    return height, width


def _chart_pair(pair: PairId) -> str:
    """A pair in a wall-chart cell: ``"3"``, or ``"N–S 3"`` in a Mitchell."""
    return labels.pair_number_line_first(pair.number, pair.direction)


def chart_cell_lines(row: TableRound) -> tuple[str, ...]:
    """The pairs in a chart cell, as the two halves ``("N–S 3", "v E–W 5")`` (Howell
    ``("3", "v 5")``), printed on one line or two; or just the pair that has the round
    off, ``("E–W 5",)``."""
    if row.ns_pair is None or row.ew_pair is None:
        present = row.ns_pair or row.ew_pair
        return (_chart_pair(present),) if present is not None else ()
    versus = pgettext("pair versus pair", "v")
    return _chart_pair(row.ns_pair), f"{versus} {_chart_pair(row.ew_pair)}"


def chart_cell_text(row: TableRound) -> str:
    """The pairs in a chart cell on one line: ``"3 v 5"``, ``"N–S 3 v E–W 5"``."""
    return " ".join(chart_cell_lines(row))


def movement_chart_pdf(session: SessionPrint, *, fonts: FontSet = STANDARD_FONTS) -> bytes:
    """The wall chart: rounds down, tables across, as PDF bytes."""
    size = chart_page_size(session)
    kind = _("Movement")
    canvas, buffer = _start(session, size, kind)
    movement = session.movement
    cards = {table: table_card(movement, table) for table in range(1, movement.tables + 1)}
    pages = chart_pages(session, fonts=fonts)
    for page, tables in enumerate(pages, start=1):
        draw_page_header(
            canvas, size, title=session.title, kind=kind, page=page, pages=len(pages), fonts=fonts
        )
        _draw_chart(canvas, content_area(size), movement, tables, cards, fonts=fonts)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _draw_chart(
    canvas: Canvas,
    area: Rect,
    movement: Movement,
    tables: Sequence[int],
    cards: Mapping[int, Sequence[TableRound]],
    *,
    fonts: FontSet,
) -> None:
    row_height = _chart_row_height(area, movement)
    column_width = _chart_column_width(area, len(tables))
    header_y = area.top - _CHART_HEADER_ROW
    _fill(canvas, Rect(area.x, header_y, area.width, _CHART_HEADER_ROW), HEADER_SHADE)
    for index, table in enumerate(tables):
        cell = Rect(
            area.x + _CHART_ROUND_COLUMN + index * column_width,
            header_y,
            column_width,
            _CHART_HEADER_ROW,
        )
        _cell_text(
            canvas,
            cell,
            cell.y + 9,
            _("Table %(number)s") % {"number": table},
            font=fonts.bold,
            size=15,
            fonts=fonts,
            align="centre",
        )
    arrow_rounds = {e.round for e in movement.entries if e.arrow_switched}
    for round_ in range(1, movement.rounds + 1):
        y = header_y - round_ * row_height
        label = Rect(area.x, y, _CHART_ROUND_COLUMN, row_height)
        middle = y + row_height / 2
        title_size = min(15.0, row_height * 0.4)
        if round_ in arrow_rounds:
            _cell_text(
                canvas,
                label,
                middle + 1,
                _("Round %(number)s") % {"number": round_},
                font=fonts.bold,
                size=title_size,
                fonts=fonts,
            )
            _cell_text(
                canvas,
                label,
                middle - title_size * 0.9,
                _("Arrow switch"),
                font=fonts.bold,
                size=title_size * 0.7,
                fonts=fonts,
            )
        else:
            _cell_text(
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
            _draw_chart_cell(canvas, cell, cards[table][round_ - 1], fonts=fonts)
    # The grid: light lines inside, a darker frame.
    bottom = header_y - movement.rounds * row_height
    canvas.setStrokeColor(LIGHT_GREY)
    canvas.setLineWidth(0.6)
    for round_ in range(movement.rounds):
        canvas.line(
            area.x, header_y - round_ * row_height, area.right, header_y - round_ * row_height
        )
    for index in range(len(tables)):
        x = area.x + _CHART_ROUND_COLUMN + index * column_width
        canvas.line(x, bottom, x, area.top)
    canvas.setStrokeColor(GREY)
    canvas.setLineWidth(1.0)
    canvas.rect(area.x, bottom, area.width, area.top - bottom, stroke=1, fill=0)


def _chart_cell_notes(row: TableRound) -> list[str]:
    """The small lines under the pairs: the boards and sharing, or "Round off"."""
    if row.sits_out:
        return [_("Round off")]
    notes = [_("Boards %(boards)s") % {"boards": boards_text(row.boards)}]
    if row.shared_with:
        notes.append(
            ngettext(
                "shared with table %(tables)s",
                "shared with tables %(tables)s",
                len(row.shared_with),
            )
            % {"tables": _tables_list(row.shared_with)}
        )
    return notes


def _chart_cell_layout(
    row: TableRound, width: float, height: float, fonts: FontSet
) -> tuple[float, list[str], list[str]]:
    """The pairs' type size and lines (one line, or two when that lets them be clearly
    larger) and the small lines under them, for a cell of this size."""
    halves = chart_cell_lines(row)
    notes = _chart_cell_notes(row)
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


def _draw_chart_cell(canvas: Canvas, cell: Rect, row: TableRound, *, fonts: FontSet) -> None:
    """The pairs in large type, the boards under them, and sharing under that. A round
    off is shaded and says so."""
    if row.sits_out:
        _fill(canvas, cell, SHADE)
    big, big_lines, notes = _chart_cell_layout(row, cell.width, cell.height, fonts)
    small = min(15.0, big * _CHART_SMALL)
    note_font = fonts.bold if row.sits_out else fonts.regular
    lines = [(text, fonts.bold, big) for text in big_lines]
    lines += [(text, note_font, small) for text in notes]
    block = sum(size * _LEADING for _text, _font, size in lines)
    baseline = cell.y + cell.height / 2 + block / 2
    for text, font, size in lines:
        baseline -= size * _LEADING
        _cell_text(
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


# -- Pair cards -----------------------------------------------------------------------------

# Shares of the card's width: Round, Table, Direction, Opponents, Boards.
_PAIR_CARD_COLUMNS = (0.09, 0.09, 0.24, 0.42, 0.16)
_PAIR_CARD_ALIGN: tuple[Align, ...] = ("centre", "centre", "left", "left", "centre")
_PAIR_CARD_PAD = 10.0
_PAIR_CARD_MAX_ROW = 20.0


def pair_card_cells(size: tuple[float, float]) -> list[Rect]:
    """Where the pair cards of one page go, in reading order."""
    return grid(content_area(size), rows=PAIR_CARD_ROWS, columns=PAIR_CARD_COLUMNS)


def pair_cards_pdf(session: SessionPrint, *, fonts: FontSet = STANDARD_FONTS) -> bytes:
    """A card for every pair, six a page between dashed cut lines, as PDF bytes."""
    size = resolve_page_size(session.page_size)
    kind = _("Pair cards")
    canvas, buffer = _start(session, size, kind)
    movement = session.movement
    pairs = sorted(movement.pair_ids, key=lambda pair: pair.sort_key)
    cells = pair_card_cells(size)
    pages = page_count(len(pairs), PAIR_CARDS_PER_PAGE)
    for page in range(pages):
        draw_page_header(
            canvas, size, title=session.title, kind=kind, page=page + 1, pages=pages, fonts=fonts
        )
        on_page = pairs[page * PAIR_CARDS_PER_PAGE : (page + 1) * PAIR_CARDS_PER_PAGE]
        for cell, pair in zip(cells, on_page, strict=False):
            _draw_pair_card(canvas, cell, session, pair, fonts=fonts)
        draw_cut_lines(canvas, cells[: len(on_page)])
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _draw_pair_card(
    canvas: Canvas, cell: Rect, session: SessionPrint, pair: PairId, *, fonts: FontSet
) -> None:
    """ "Pair 3 N–S" and the names, then a line per round."""
    left = cell.x + _PAIR_CARD_PAD
    right = cell.right - _PAIR_CARD_PAD
    top = cell.top - _PAIR_CARD_PAD
    heading = _("Pair %(pair)s") % {"pair": labels.pair_number(pair.number, pair.direction)}
    used = draw_text(
        canvas,
        left,
        top - 16,
        heading,
        font=fonts.bold,
        size=18,
        fonts=fonts,
        max_width=(right - left) * 0.6,
    )
    if session.title:
        draw_text(
            canvas,
            right,
            top - 12,
            session.title,
            font=fonts.regular,
            size=8,
            fonts=fonts,
            colour=GREY,
            align="right",
            max_width=right - left - used - 10,
        )
    names = session.names(pair)
    if names:
        draw_text(
            canvas,
            left,
            top - 33,
            names,
            font=fonts.regular,
            size=11.5,
            fonts=fonts,
            max_width=right - left,
        )
    body = Rect(left, cell.y + _PAIR_CARD_PAD, right - left, top - 42 - cell.y - _PAIR_CARD_PAD)
    columns = _columns(body, _PAIR_CARD_COLUMNS)
    header_height = 15.0
    header = _row(columns, body.top - header_height, header_height)
    _fill(canvas, Rect(left, header[0].y, right - left, header_height), HEADER_SHADE)
    titles = (_("Round"), _("Table"), _("Direction"), _("Opponents"), _("Boards"))
    for column, title, align in zip(header, titles, _PAIR_CARD_ALIGN, strict=True):
        _cell_text(
            canvas,
            column,
            column.y + 4.5,
            title,
            font=fonts.bold,
            size=8,
            fonts=fonts,
            align=align,
            pad=1.5,
        )
    rounds = pair_card(session.movement, pair)
    row_height = min(_PAIR_CARD_MAX_ROW, (body.height - header_height) / max(1, len(rounds)))
    size = min(10.5, row_height * 0.62)
    # One size for a whole column, so "North–South" is not smaller than "East–West".
    sides = [labels.side_name(line) for line in Line]
    direction_size = _fitting_size(sides, fonts.regular, size, columns[2].width - 6, fonts)
    boards = [boards_text(row.boards) for row in rounds]
    boards_size = _fitting_size(boards, fonts.regular, size, columns[4].width - 6, fonts)
    top_of_row = header[0].y
    for row in rounds:
        cells = _row(columns, top_of_row - row_height, row_height)
        _draw_pair_round(
            canvas,
            cells,
            row,
            pair,
            session,
            size=size,
            direction_size=direction_size,
            boards_size=boards_size,
            fonts=fonts,
        )
        top_of_row -= row_height
        _rule(canvas, left, top_of_row, right)


def _draw_pair_round(
    canvas: Canvas,
    cells: Sequence[Rect],
    row: PairRound,
    pair: PairId,
    session: SessionPrint,
    *,
    size: float,
    direction_size: float,
    boards_size: float,
    fonts: FontSet,
) -> None:
    """Round, table, seats, opponents (number in bold, then names) and boards."""
    round_cell, table_cell, direction_cell, opponents_cell, boards_cell = cells
    baseline = round_cell.y + (round_cell.height - size) / 2 + size * 0.22

    def put(
        cell: Rect,
        text: str,
        *,
        bold: bool = False,
        align: Align = "left",
        colour: Color = BLACK,
        min_scale: float = 0.6,
        text_size: float = size,
    ) -> float:
        return _cell_text(
            canvas,
            cell,
            baseline,
            text,
            font=fonts.bold if bold else fonts.regular,
            size=text_size,
            fonts=fonts,
            align=align,
            colour=colour,
            pad=3.0,
            min_scale=min_scale,
        )

    if row.sits_out:
        width = boards_cell.right - round_cell.x
        _fill(canvas, Rect(round_cell.x, round_cell.y, width, round_cell.height), SHADE)
    put(round_cell, str(row.round), bold=True, align="centre")
    put(table_cell, str(row.table), bold=True, align="centre")
    if row.sits_out:
        put(direction_cell, "—", colour=GREY)
        put(opponents_cell, _("Round off"), bold=True)
        put(boards_cell, "—", align="centre", colour=GREY)
        return
    # In an arrow-switched round a Mitchell pair sits the other way: bold says so.
    switched = pair.direction is not None and row.direction is not pair.direction
    put(direction_cell, labels.side_name(row.direction), bold=switched, text_size=direction_size)
    if row.opponent is not None:
        width = put(
            opponents_cell,
            labels.pair_number(row.opponent.number, row.opponent.direction),
            bold=True,
        )
        names = session.names(row.opponent)
        if names:
            rest = Rect(
                opponents_cell.x + width + 4,
                opponents_cell.y,
                max(1.0, opponents_cell.width - width - 4),
                opponents_cell.height,
            )
            put(rest, names, min_scale=0.55)
    put(boards_cell, boards_text(row.boards), align="centre", text_size=boards_size)


def _fitting_size(
    texts: Sequence[str], font: str, size: float, width: float, fonts: FontSet
) -> float:
    """The largest size up to ``size`` at which every one of ``texts`` fits ``width``."""
    widest = max((text_width(text, font, size, fonts) for text in texts), default=0.0)
    return size if widest <= width else size * width / widest
