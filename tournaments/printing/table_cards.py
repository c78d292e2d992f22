"""Table cards: one A4/Letter page per table, to lie on the table all session, as PDF.

"Table 3" in large type, a QR code of the table's entry page with the address printed
beside it, then one line per round: who sits North–South and East–West, which boards,
and where the boards go afterwards. Sit-outs, arrow switches and shared boards are
spelt out in a sentence under that round.

Pure reportlab, no database: the print centre builds a
:class:`~tournaments.printing.common.SessionPrint` and passes it in. Every word goes
through gettext, so the PDF speaks the language that is active when it is built.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from scoring.movements import BoardsGo, BoardsNext, Line, TableRound, table_card
from tournaments import labels
from tournaments.printing.common import (
    BLACK,
    GREY,
    HEADER_SHADE,
    LIGHT_GREY,
    SHADE,
    STANDARD_FONTS,
    WHITE,
    Align,
    FontSet,
    Rect,
    SessionPrint,
    boards_text,
    cell_text,
    content_area,
    draw_page_header,
    draw_rule,
    draw_text,
    fill_rect,
    fitting_size,
    page_size,
    row_cells,
    split_columns,
    start_pdf,
    tables_text,
    winansi,
)

__all__ = [
    "QR_SIDE",
    "boards_go_text",
    "boards_later_text",
    "draw_qr",
    "table_cards_pdf",
    "table_round_notes",
    "wrap_url",
]

#: Side of the QR code on a table card, quiet zone included: 150 pt is 53 mm, which a
#: tablet camera reads from arm's length.
QR_SIDE = 150.0
#: Quiet zone round the QR code, in modules (the QR standard asks for four).
_QR_QUIET_ZONE = 4


# -- Words ----------------------------------------------------------------------------------


def boards_go_text(next_: BoardsNext, table: int) -> str:
    """Where the boards go after the round: "table 2", "side table", "collect the boards"."""
    if next_.go is BoardsGo.FINISHED or not next_.tables:
        return _("collect the boards")
    if next_.go is BoardsGo.STAND:
        return _("side table")
    if next_.tables == (table,):
        return _("stay on this table")
    return ngettext("table %(tables)s", "tables %(tables)s", len(next_.tables)) % {
        "tables": tables_text(next_.tables)
    }


def boards_later_text(next_: BoardsNext) -> str:
    """For boards put on the side table, where and when they are played again."""
    if next_.go is not BoardsGo.STAND or not next_.tables or next_.round is None:
        return ""
    return ngettext(
        "for table %(tables)s in round %(round)s",
        "for tables %(tables)s in round %(round)s",
        len(next_.tables),
    ) % {"tables": tables_text(next_.tables), "round": next_.round}


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
            % {"tables": tables_text(row.shared_with)}
        )
    return notes


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
    size = page_size(session.page_size)
    kind = _("Table cards")
    canvas, buffer = start_pdf(session, size, kind)
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
    columns = split_columns(table_area, _TABLE_CARD_COLUMNS)
    top = table_area.top

    header = row_cells(columns, top - _TABLE_HEADER_ROW, _TABLE_HEADER_ROW)
    fill_rect(canvas, Rect(area.x, header[0].y, area.width, _TABLE_HEADER_ROW), HEADER_SHADE)
    titles = (
        _("Round"),
        labels.side_name(Line.NS),
        labels.side_name(Line.EW),
        _("Boards"),
        _("Boards go to"),
    )
    for cell, title, align in zip(header, titles, _TABLE_CARD_ALIGN, strict=True):
        cell_text(
            canvas, cell, cell.y + 7, title, font=fonts.bold, size=10.5, fonts=fonts, align=align
        )
    top = header[0].y
    rules = [top]
    # One size for the whole column, so "collect the boards" is as large as "table 4".
    goes = [boards_go_text(row.boards_next, table) for row in rows]
    go_size = fitting_size(goes, fonts.regular, 12.5 * scale, columns[4].width - 12, fonts)
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
        draw_rule(canvas, area.x, y, area.right, colour=GREY if index == 0 else LIGHT_GREY)


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
        fill_rect(
            canvas,
            Rect(columns[0].x, top - height, columns[-1].right - columns[0].x, height),
            SHADE,
        )
    cells = row_cells(columns, top - _TABLE_ROW * scale, _TABLE_ROW * scale)
    number_line = top - 21 * scale
    names_line = top - 34 * scale
    big = 18 * scale
    small = 10 * scale
    round_cell, ns_cell, ew_cell, boards_cell, go_cell = cells
    cell_text(
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
            cell_text(
                canvas, cell, number_line, "—", font=fonts.bold, size=big, fonts=fonts, colour=GREY
            )
            continue
        cell_text(
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
            cell_text(canvas, cell, names_line, names, font=fonts.regular, size=small, fonts=fonts)
    cell_text(
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
        cell_text(
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
    cell_text(
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
        cell_text(canvas, go_cell, names_line, later, font=fonts.regular, size=small, fonts=fonts)
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
