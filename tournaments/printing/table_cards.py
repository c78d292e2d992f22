"""Table cards: one A4/Letter page per table, to lie on the table all session, as PDF.

"Table 3" in large type, a QR code of the table's entry page with the address printed
beside it, then one line per round: who sits North–South and East–West, which boards,
and what happens when the round is over (where each pair and the boards go). Those
sentences are :func:`tournaments.labels.sessions.after_round_texts`, exactly what the table's
page shows, so the card and the page never disagree. Sit-outs, arrow switches and
shared boards are spelt out in a sentence under that round.

In an individual session each round names the four pupils by seat, North and South
under North–South and East and West under East–West, and the sentences are
:func:`tournaments.labels.sessions.individual_after_round_texts`, again the table page's own.
Those sentences take more room (one per pupil), so a long session's card goes on over
more pages rather than print smaller than 70 %.

Pure reportlab, no database: the print centre builds a
:class:`~tournaments.printing.common.SessionPrint` and passes it in. Every word goes
through gettext, so the PDF speaks the language that is active when it is built.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from scoring.cards import Seat
from scoring.individual import IndividualMovement, IndividualTableRound, individual_table_card
from scoring.movements import Line, PairId, TableRound, table_card
from tournaments.labels import bridge as bridge_labels
from tournaments.labels import people as people_labels
from tournaments.labels import sessions as session_labels
from tournaments.labels.sessions import tables_text
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
    new_canvas,
    page_size,
    row_cells,
    split_columns,
    start_pdf,
    winansi,
)

__all__ = [
    "QR_SIDE",
    "FourDealCard",
    "FourDealPrint",
    "draw_qr",
    "four_deal_cards_pdf",
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


def table_round_notes(row: TableRound) -> list[str]:
    """The sentences printed under a round on the table card: who has the round off,
    the arrow switch, shared boards."""
    notes: list[str] = []
    if row.sits_out:
        for pair in (row.ns_pair, row.ew_pair):
            if pair is not None:
                notes.append(
                    _("Pair %(pair)s has this round off")
                    % {"pair": people_labels.pair_number(pair.number, pair.direction)}
                )
    if row.arrow_switched:
        notes.append(_("Arrow switch: North–South sit East–West for these boards"))
    if row.shared_with:
        notes.append(_shared_note(row.shared_with))
    return notes


def _shared_note(tables: Sequence[int]) -> str:
    return ngettext(
        "Shares boards with table %(tables)s",
        "Shares boards with tables %(tables)s",
        len(tables),
    ) % {"tables": tables_text(tables)}


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

# Shares of the width for the table card's columns: Round, N–S, E–W, Boards, and what
# happens when the round is over.
_TABLE_CARD_COLUMNS = (0.07, 0.19, 0.19, 0.12, 0.43)
_TABLE_CARD_ALIGN: tuple[Align, ...] = ("centre", "left", "left", "centre", "left")
_TABLE_CARD_BAND = QR_SIDE + 14  # the heading and the QR code above the rounds
_TABLE_ROW = 42.0  # a round's line at full size, at least
_TABLE_NOTE = 17.0  # each sentence under a round at full size
_TABLE_HEADER_ROW = 22.0
# Sizes at which the card is tried, largest first: rows grow (for reading across a
# classroom) or shrink to fill the page.
_TABLE_SCALES = tuple(step / 20 for step in range(28, 9, -1))  # 1.4 down to 0.5
# The sentences of the last column: type size, line spacing and first baseline.
_AFTER_SIZE = 10.0
_AFTER_LEADING = 12.5
_AFTER_FIRST = 16.0
_AFTER_PAD = 8.0  # below the last line
_URL_FONT = "Courier"  # monospace: 1 l I and 0 O look different when typed from paper


def table_cards_pdf(session: SessionPrint, *, fonts: FontSet = STANDARD_FONTS) -> bytes:
    """One page per table, to lie on that table all session, as PDF bytes."""
    size = page_size(session.page_size)
    kind = _("Table cards")
    canvas, buffer = start_pdf(session, size, kind)
    if session.individual is not None:
        _individual_table_cards(canvas, size, session, session.individual, kind, fonts=fonts)
        canvas.save()
        return buffer.getvalue()
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
    _draw_table_heading(canvas, area, session, table, fonts=fonts)
    rows = table_card(session.movement, table)
    notes = [table_round_notes(row) for row in rows]
    afters = [session_labels.after_round_texts(row) for row in rows]
    table_area = Rect(area.x, area.y, area.width, area.height - _TABLE_CARD_BAND)
    columns = split_columns(table_area, _TABLE_CARD_COLUMNS)
    room = table_area.height - _TABLE_HEADER_ROW
    after_width = columns[4].width - 12

    def measure(scale: float) -> tuple[list[list[str]], list[float]]:
        lines = [_after_lines(texts, scale, after_width, fonts) for texts in afters]
        heights = [
            _round_height(len(after), len(row_notes)) * scale
            for after, row_notes in zip(lines, notes, strict=True)
        ]
        return lines, heights

    scale = _largest_scale(lambda scale: sum(measure(scale)[1]) <= room)
    lines, heights = measure(scale)
    top = _draw_table_header_row(canvas, area, columns, table_area.top, fonts=fonts)
    rules = [top]
    # One size for the whole column, so boards 10–12 are as large as boards 1–3.
    boards = [boards_text(row.boards) for row in rows]
    boards_size = fitting_size(boards, fonts.bold, 18 * scale, columns[3].width - 12, fonts)
    for row, row_notes, after, height in zip(rows, notes, lines, heights, strict=True):
        _draw_table_round(
            canvas,
            columns,
            top,
            height,
            row,
            row_notes,
            after,
            session,
            scale=scale,
            boards_size=boards_size,
            fonts=fonts,
        )
        top -= height
        rules.append(top)
    _draw_rules(canvas, area, rules)


def _draw_rules(canvas: Canvas, area: Rect, rules: Sequence[float]) -> None:
    for index, y in enumerate(rules):  # after the shading, so no row hides a rule
        draw_rule(canvas, area.x, y, area.right, colour=GREY if index == 0 else LIGHT_GREY)


def _draw_table_header_row(
    canvas: Canvas, area: Rect, columns: Sequence[Rect], top: float, *, fonts: FontSet
) -> float:
    """The shaded row of column titles under ``top``; returns where the rounds start."""
    header = row_cells(columns, top - _TABLE_HEADER_ROW, _TABLE_HEADER_ROW)
    fill_rect(canvas, Rect(area.x, header[0].y, area.width, _TABLE_HEADER_ROW), HEADER_SHADE)
    titles = (
        _("Round"),
        bridge_labels.side_name(Line.NS),
        bridge_labels.side_name(Line.EW),
        _("Boards"),
        _("When the round is over"),
    )
    for cell, title, align in zip(header, titles, _TABLE_CARD_ALIGN, strict=True):
        cell_text(
            canvas, cell, cell.y + 7, title, font=fonts.bold, size=10.5, fonts=fonts, align=align
        )
    return header[0].y


def _draw_table_heading(
    canvas: Canvas, area: Rect, session: SessionPrint, table: int, *, fonts: FontSet
) -> None:
    """ "Table 3" in large type and, when the table has an address, its QR code and the
    address."""
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


def _largest_scale(fits: Callable[[float], bool]) -> float:
    """The largest of :data:`_TABLE_SCALES` at which ``fits``, or the smallest when none
    does. The rounds only grow with the type (more lines, each taller), so a binary
    search finds it in five measurements instead of up to nineteen."""
    low, high = 0, len(_TABLE_SCALES) - 1  # the answer's index lies in [low, high]
    while low < high:
        middle = (low + high) // 2
        if fits(_TABLE_SCALES[middle]):
            high = middle
        else:
            low = middle + 1
    return _TABLE_SCALES[low]


def _after_lines(texts: Sequence[str], scale: float, width: float, fonts: FontSet) -> list[str]:
    """The sentences of the last column broken into lines that fit its width."""
    return [
        line
        for text in texts
        for line in simpleSplit(fonts.clean(text), fonts.regular, _AFTER_SIZE * scale, width)
    ]


def _main_height(after_lines: int) -> float:
    """A round's line at full size: room for the pairs and for every line of what
    happens after the round."""
    return max(_TABLE_ROW, _AFTER_FIRST + _AFTER_LEADING * (after_lines - 1) + _AFTER_PAD)


def _round_height(after_lines: int, notes: int) -> float:
    return _main_height(after_lines) + _TABLE_NOTE * notes


def _draw_after(
    canvas: Canvas, cell: Rect, top: float, after: Sequence[str], scale: float, fonts: FontSet
) -> None:
    """What the table does when the round is over, a line each, in its column."""
    for index, line in enumerate(after):
        draw_text(
            canvas,
            cell.x + 6,
            top - (_AFTER_FIRST + _AFTER_LEADING * index) * scale,
            line,
            font=fonts.regular,
            size=_AFTER_SIZE * scale,
            fonts=fonts,
        )


def _draw_table_round(
    canvas: Canvas,
    columns: Sequence[Rect],
    top: float,
    height: float,
    row: TableRound,
    notes: Sequence[str],
    after: Sequence[str],
    session: SessionPrint,
    *,
    scale: float,
    boards_size: float,
    fonts: FontSet,
) -> None:
    """One round: number, the two pairs with their names, the boards, what happens when
    the round is over (already broken into lines); then a sentence for each note."""
    if row.sits_out:
        fill_rect(
            canvas,
            Rect(columns[0].x, top - height, columns[-1].right - columns[0].x, height),
            SHADE,
        )
    main = _main_height(len(after)) * scale
    cells = row_cells(columns, top - main, main)
    number_line = top - 21 * scale
    names_line = top - 34 * scale
    big = 18 * scale
    small = 10 * scale
    round_cell, ns_cell, ew_cell, boards_cell, after_cell = cells
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
            people_labels.pair_number(pair.number, pair.direction),
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
        size=boards_size,
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
    _draw_after(canvas, after_cell, top, after, scale, fonts)
    note_left = columns[1].x + 6
    for index, note in enumerate(notes):
        baseline = top - main - (_TABLE_NOTE * index + 7) * scale
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


# -- An individual session's table cards ----------------------------------------------------

#: A long individual session's card goes on over more pages rather than shrink below this.
_INDIVIDUAL_MIN_SCALE = 0.7
_SEAT_SIZE = 13.0  # a seat's letter, pupil number and name, at full size


def _individual_table_cards(
    canvas: Canvas,
    size: tuple[float, float],
    session: SessionPrint,
    movement: IndividualMovement,
    kind: str,
    *,
    fonts: FontSet,
) -> None:
    """A page per table (more when the rounds do not fit): each round the four pupils
    by seat under their partnership, the boards, and the table page's own sentences
    for when the round is over."""
    area = content_area(size)
    table_area = Rect(area.x, area.y, area.width, area.height - _TABLE_CARD_BAND)
    columns = split_columns(table_area, _TABLE_CARD_COLUMNS)
    room = table_area.height - _TABLE_HEADER_ROW
    names = {pupil: session.pupil_name(pupil) for pupil in range(1, movement.pupils + 1)}
    # Each page: its table, the scale, and its rounds with their lines and notes.
    pages: list[tuple[int, float, list[tuple[IndividualTableRound, list[str], list[str]]]]] = []
    for table in range(1, movement.tables + 1):
        rows = individual_table_card(movement, table)
        afters = [session_labels.individual_after_round_texts(row, names) for row in rows]
        notes = [[_shared_note(row.shared_with)] if row.shared_with else [] for row in rows]
        scale, lines, chunks = _fit_rounds(afters, notes, room, columns[4].width - 12, fonts)
        for chunk in chunks:
            pages.append((table, scale, [(rows[i], lines[i], notes[i]) for i in chunk]))
    for page, (table, scale, rounds) in enumerate(pages, start=1):
        draw_page_header(
            canvas, size, title=session.title, kind=kind, page=page, pages=len(pages), fonts=fonts
        )
        _draw_table_heading(canvas, area, session, table, fonts=fonts)
        top = _draw_table_header_row(canvas, area, columns, table_area.top, fonts=fonts)
        rules = [top]
        # One size for the page's boards column, as on a pair session's card.
        boards = [boards_text(row.boards) for row, _lines, _notes in rounds]
        boards_size = fitting_size(boards, fonts.bold, 18 * scale, columns[3].width - 12, fonts)
        for row, after, row_notes in rounds:
            _draw_individual_round(
                canvas,
                columns,
                top,
                row,
                row_notes,
                after,
                session,
                scale=scale,
                boards_size=boards_size,
                fonts=fonts,
            )
            top -= _round_height(len(after), len(row_notes)) * scale
            rules.append(top)
        _draw_rules(canvas, area, rules)
        canvas.showPage()


def _fit_rounds(
    afters: Sequence[Sequence[str]],
    notes: Sequence[Sequence[str]],
    room: float,
    width: float,
    fonts: FontSet,
) -> tuple[float, list[list[str]], list[range]]:
    """The scale, the after-round sentences broken into lines, and the rounds on each
    page: all on one page at the largest scale that fits, or over the fewest pages
    (an even share of the rounds each) that fit at :data:`_INDIVIDUAL_MIN_SCALE` or
    more."""
    count = len(afters)
    measured: dict[float, tuple[list[list[str]], list[float]]] = {}

    def measure(scale: float) -> tuple[list[list[str]], list[float]]:
        """The lines and heights at ``scale``, worked out once for every page count."""
        if scale not in measured:
            lines = [_after_lines(texts, scale, width, fonts) for texts in afters]
            heights = [
                _round_height(len(after), len(row_notes)) * scale
                for after, row_notes in zip(lines, notes, strict=True)
            ]
            measured[scale] = lines, heights
        return measured[scale]

    for pages in range(1, count + 1):
        per_page = -(-count // pages)
        chunks = [range(first, min(first + per_page, count)) for first in range(0, count, per_page)]
        for scale in _TABLE_SCALES:
            if scale < _INDIVIDUAL_MIN_SCALE and per_page > 1:
                break
            lines, heights = measure(scale)
            if all(sum(heights[i] for i in chunk) <= room for chunk in chunks):
                return scale, lines, chunks
    # One round a page always fits at the smallest scale.
    scale = _TABLE_SCALES[-1]
    return (
        scale,
        [_after_lines(t, scale, width, fonts) for t in afters],
        [range(i, i + 1) for i in range(count)],
    )


def _draw_individual_round(
    canvas: Canvas,
    columns: Sequence[Rect],
    top: float,
    row: IndividualTableRound,
    notes: Sequence[str],
    after: Sequence[str],
    session: SessionPrint,
    *,
    scale: float,
    boards_size: float,
    fonts: FontSet,
) -> None:
    """One round: number; North and South under North–South, East and West under
    East–West, each as seat letter and number in bold and the name; the boards; what
    happens when the round is over (already broken into lines); then the notes."""
    main = _main_height(len(after)) * scale
    round_cell, ns_cell, ew_cell, boards_cell, after_cell = row_cells(columns, top - main, main)
    number_line = top - 21 * scale
    cell_text(
        canvas,
        round_cell,
        number_line,
        str(row.round),
        font=fonts.bold,
        size=18 * scale,
        fonts=fonts,
        align="centre",
    )
    seat_size = _SEAT_SIZE * scale
    for cell, seats in ((ns_cell, (Seat.NORTH, Seat.SOUTH)), (ew_cell, (Seat.EAST, Seat.WEST))):
        for index, seat in enumerate(seats):
            pupil = row.entry.seats[seat]
            baseline = top - (19 + 16 * index) * scale
            label = f"{bridge_labels.seat_letter(seat)} {pupil}"
            used = cell_text(
                canvas, cell, baseline, label, font=fonts.bold, size=seat_size, fonts=fonts
            )
            name = session.names(PairId(pupil))  # none: the number says it all
            if name:
                rest = Rect(cell.x + used + 4, cell.y, max(1.0, cell.width - used - 4), cell.height)
                cell_text(
                    canvas,
                    rest,
                    baseline,
                    name,
                    font=fonts.regular,
                    size=seat_size,
                    fonts=fonts,
                    min_scale=0.55,
                )
    cell_text(
        canvas,
        boards_cell,
        number_line,
        boards_text(row.boards),
        font=fonts.bold,
        size=boards_size,
        fonts=fonts,
        align="centre",
    )
    _draw_after(canvas, after_cell, top, after, scale, fonts)
    note_left = columns[1].x + 6
    for index, note in enumerate(notes):
        draw_text(
            canvas,
            note_left,
            top - main - (_TABLE_NOTE * index + 7) * scale,
            f"» {note}",
            font=fonts.bold,
            size=11 * scale,
            fonts=fonts,
            max_width=columns[-1].right - note_left - 6,
        )


# -- The four-deal game's table cards -------------------------------------------------------


@dataclass(frozen=True)
class FourDealCard:
    """One table of a four-deal game: its number, its page's address, who sits where
    (each seat's name and pupil, "" for none), whether three play and, if so, whether
    the dealer and the dummy are a side (docs/rules.md §7 B) or the highest hand declares (A)."""

    number: int
    url: str
    seats: tuple[tuple[str, str], ...]
    three_players: bool = False
    dealer_and_dummy: bool = False


@dataclass(frozen=True)
class FourDealPrint:
    title: str
    tables: tuple[FourDealCard, ...]
    page_size: str = "A4"


def four_deal_cards_pdf(game: FourDealPrint, *, fonts: FontSet = STANDARD_FONTS) -> bytes:
    """One page per table of a four-deal game: the table's number, its QR code and
    address, who sits where and the game's rules in a few lines, as PDF bytes."""
    size = page_size(game.page_size)
    kind = _("Table cards")
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, size, title=game.title or kind, language=get_language())
    for page, table in enumerate(game.tables, start=1):
        draw_page_header(
            canvas,
            size,
            title=game.title,
            kind=kind,
            page=page,
            pages=len(game.tables),
            fonts=fonts,
        )
        _draw_four_deal_card(canvas, content_area(size), table, fonts=fonts)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _draw_four_deal_card(
    canvas: Canvas, area: Rect, table: FourDealCard, *, fonts: FontSet
) -> None:
    room = area.width - (QR_SIDE + 18 if table.url else 0)
    draw_text(
        canvas,
        area.x,
        area.top - 58,
        _("Table %(number)s") % {"number": table.number},
        font=fonts.bold,
        size=64,
        fonts=fonts,
        max_width=room,
    )
    if table.url:
        draw_qr(canvas, table.url, area.right - QR_SIDE, area.top - QR_SIDE, QR_SIDE)
        draw_text(
            canvas,
            area.x,
            area.top - 96,
            _("Scan to play the four-deal game"),
            font=fonts.bold,
            size=15,
            fonts=fonts,
            max_width=room,
        )
        _draw_url(canvas, area.x, area.top - 116, winansi(table.url), room)
    top = area.top - QR_SIDE - 40
    for seat, name in table.seats:
        draw_text(canvas, area.x, top, seat, font=fonts.bold, size=18, fonts=fonts)
        if name:
            draw_text(
                canvas,
                area.x + 110,
                top,
                name,
                font=fonts.regular,
                size=18,
                fonts=fonts,
                max_width=area.width - 110,
            )
        top -= 28
    top -= 12
    rules = [
        _("Each player deals once: North, East, South, then West."),
        _("A 20–20 deal does not count: the same player deals again."),
        _("After four deals the side with more points wins; equal points are a draw."),
    ]
    if table.three_players:
        rules = [
            _(
                "Three players: nobody sits at West, whose hand is dealt as the dummy. North, "
                "East and South each deal once."
            ),
            _(
                "The dealer and the dummy play against the other two: the side with more "
                "points declares, and the table's page says who plays which hand. A 20–20 "
                "deal does not count: the same player deals again."
            )
            if table.dealer_and_dummy
            else _(
                "The player with the most points declares with the dummy. With fewer than 21 "
                "points together the deal does not count: the same player deals again."
            ),
            _("Each player keeps their own points; the most points wins."),
        ]
    for rule in rules:
        for line in simpleSplit(fonts.clean(rule), fonts.regular, 13, area.width):
            draw_text(canvas, area.x, top, line, font=fonts.regular, size=13, fonts=fonts)
            top -= 18
