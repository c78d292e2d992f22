"""Pair cards, as PDF: a small card per pair, six a page with dashed lines to cut along.

For each round the card gives the table, the seats, the opponents and the boards. An
individual session has pupil cards instead, laid out alike: for each round the table,
the seat, the partner, the two opponents and the boards.

Pure reportlab, no database: it takes a
:class:`~tournaments.printing.common.SessionPrint`. Every word goes through gettext.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from scoring.cards import Seat
from scoring.individual import IndividualMovement, PupilRound, pupil_card
from scoring.movements import Line, PairId, PairRound, pair_card
from tournaments.labels import bridge as bridge_labels
from tournaments.labels import people as people_labels
from tournaments.printing.common import (
    BLACK,
    GREY,
    HEADER_SHADE,
    SHADE,
    STANDARD_FONTS,
    Align,
    FontSet,
    Rect,
    SessionPrint,
    boards_text,
    cell_text,
    content_area,
    draw_cut_lines,
    draw_page_header,
    draw_rule,
    draw_text,
    fill_rect,
    fitting_size,
    grid,
    page_count,
    page_size,
    row_cells,
    split_columns,
    start_pdf,
)

__all__ = ["PAIR_CARDS_PER_PAGE", "pair_card_cells", "pair_cards_pdf", "pupil_cards_pdf"]

#: Pair cards: two columns by three rows a page.
PAIR_CARD_COLUMNS, PAIR_CARD_ROWS = 2, 3
PAIR_CARDS_PER_PAGE = PAIR_CARD_COLUMNS * PAIR_CARD_ROWS

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
    size = page_size(session.page_size)
    kind = _("Pair cards")
    canvas, buffer = start_pdf(session, size, kind)
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


def _draw_card_head(
    canvas: Canvas,
    left: float,
    right: float,
    top: float,
    heading: str,
    title: str,
    *,
    fonts: FontSet,
) -> None:
    """A card's heading in large type, and the session's title small on the right."""
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
    if title:
        draw_text(
            canvas,
            right,
            top - 12,
            title,
            font=fonts.regular,
            size=8,
            fonts=fonts,
            colour=GREY,
            align="right",
            max_width=right - left - used - 10,
        )


def _draw_pair_card(
    canvas: Canvas, cell: Rect, session: SessionPrint, pair: PairId, *, fonts: FontSet
) -> None:
    """ "Pair 3 N–S" and the names, then a line per round."""
    left = cell.x + _PAIR_CARD_PAD
    right = cell.right - _PAIR_CARD_PAD
    top = cell.top - _PAIR_CARD_PAD
    heading = _("Pair %(pair)s") % {"pair": people_labels.pair_number(pair.number, pair.direction)}
    _draw_card_head(canvas, left, right, top, heading, session.title, fonts=fonts)
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
    columns = split_columns(body, _PAIR_CARD_COLUMNS)
    header_height = 15.0
    header = row_cells(columns, body.top - header_height, header_height)
    fill_rect(canvas, Rect(left, header[0].y, right - left, header_height), HEADER_SHADE)
    titles = (_("Round"), _("Table"), _("Direction"), _("Opponents"), _("Boards"))
    for column, title, align in zip(header, titles, _PAIR_CARD_ALIGN, strict=True):
        cell_text(
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
    sides = [bridge_labels.side_name(line) for line in Line]
    direction_size = fitting_size(sides, fonts.regular, size, columns[2].width - 6, fonts)
    boards = [boards_text(row.boards) for row in rounds]
    boards_size = fitting_size(boards, fonts.regular, size, columns[4].width - 6, fonts)
    top_of_row = header[0].y
    for row in rounds:
        cells = row_cells(columns, top_of_row - row_height, row_height)
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
        draw_rule(canvas, left, top_of_row, right)


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
        return cell_text(
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
        fill_rect(canvas, Rect(round_cell.x, round_cell.y, width, round_cell.height), SHADE)
    put(round_cell, str(row.round), bold=True, align="centre")
    put(table_cell, str(row.table), bold=True, align="centre")
    if row.sits_out:
        put(direction_cell, "—", colour=GREY)
        put(opponents_cell, _("Round off"), bold=True)
        put(boards_cell, "—", align="centre", colour=GREY)
        return
    # In an arrow-switched round a Mitchell pair sits the other way: bold says so.
    switched = pair.direction is not None and row.direction is not pair.direction
    put(
        direction_cell,
        bridge_labels.side_name(row.direction),
        bold=switched,
        text_size=direction_size,
    )
    if row.opponent is not None:
        width = put(
            opponents_cell,
            people_labels.pair_number(row.opponent.number, row.opponent.direction),
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


# -- An individual session's pupil cards ------------------------------------------------------

# Shares of the card's width: Round, Table, Seat, Partner, Opponents, Boards.
_PUPIL_CARD_COLUMNS = (0.08, 0.08, 0.14, 0.19, 0.37, 0.14)
_PUPIL_CARD_ALIGN: tuple[Align, ...] = ("centre", "centre", "left", "left", "left", "centre")


def pupil_cards_pdf(session: SessionPrint, *, fonts: FontSet = STANDARD_FONTS) -> bytes:
    """A card for every pupil of an individual session, six a page between dashed cut
    lines, as PDF bytes (``session.individual`` must be set)."""
    movement = session.individual
    if movement is None:
        raise ValueError("Pupil cards are for an individual session.")
    size = page_size(session.page_size)
    kind = _("Pupil cards")
    canvas, buffer = start_pdf(session, size, kind)
    pupils = list(range(1, movement.pupils + 1))
    cells = pair_card_cells(size)
    pages = page_count(len(pupils), PAIR_CARDS_PER_PAGE)
    for page in range(pages):
        draw_page_header(
            canvas, size, title=session.title, kind=kind, page=page + 1, pages=pages, fonts=fonts
        )
        on_page = pupils[page * PAIR_CARDS_PER_PAGE : (page + 1) * PAIR_CARDS_PER_PAGE]
        for cell, pupil in zip(cells, on_page, strict=False):
            _draw_pupil_card(canvas, cell, session, movement, pupil, fonts=fonts)
        draw_cut_lines(canvas, cells[: len(on_page)])
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _draw_pupil_card(
    canvas: Canvas,
    cell: Rect,
    session: SessionPrint,
    movement: IndividualMovement,
    pupil: int,
    *,
    fonts: FontSet,
) -> None:
    """The pupil's name (or "Pupil 3" when there is none) and "Pupil 3", then a line per
    round."""
    left = cell.x + _PAIR_CARD_PAD
    right = cell.right - _PAIR_CARD_PAD
    top = cell.top - _PAIR_CARD_PAD
    number = _("Pupil %(number)s") % {"number": pupil}
    name = session.names(PairId(pupil))  # "" when the pupil has no name
    _draw_card_head(canvas, left, right, top, name or number, session.title, fonts=fonts)
    if name:
        draw_text(canvas, left, top - 33, number, font=fonts.regular, size=11.5, fonts=fonts)
    body = Rect(left, cell.y + _PAIR_CARD_PAD, right - left, top - 42 - cell.y - _PAIR_CARD_PAD)
    columns = split_columns(body, _PUPIL_CARD_COLUMNS)
    header_height = 15.0
    header = row_cells(columns, body.top - header_height, header_height)
    fill_rect(canvas, Rect(left, header[0].y, right - left, header_height), HEADER_SHADE)
    titles = (_("Round"), _("Table"), _("Seat"), _("Partner"), _("Opponents"), _("Boards"))
    for column, title, align in zip(header, titles, _PUPIL_CARD_ALIGN, strict=True):
        cell_text(
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
    rounds = pupil_card(movement, pupil)
    row_height = min(_PAIR_CARD_MAX_ROW, (body.height - header_height) / max(1, len(rounds)))
    size = min(10.5, row_height * 0.62)
    # One size for a whole column, so "North" is not larger than "South".
    seats = [bridge_labels.seat_name(seat) for seat in Seat]
    seat_size = fitting_size(seats, fonts.regular, size, columns[2].width - 6, fonts)
    boards = [boards_text(row.boards) for row in rounds]
    boards_size = fitting_size(boards, fonts.regular, size, columns[5].width - 6, fonts)
    top_of_row = header[0].y
    for row in rounds:
        cells = row_cells(columns, top_of_row - row_height, row_height)
        _draw_pupil_round(
            canvas,
            cells,
            row,
            session,
            size=size,
            seat_size=seat_size,
            boards_size=boards_size,
            fonts=fonts,
        )
        top_of_row -= row_height
        draw_rule(canvas, left, top_of_row, right)


def _draw_pupil_round(
    canvas: Canvas,
    cells: Sequence[Rect],
    row: PupilRound,
    session: SessionPrint,
    *,
    size: float,
    seat_size: float,
    boards_size: float,
    fonts: FontSet,
) -> None:
    """Round, table, seat, the partner's name, the opponents' names and the boards; a
    round off is shaded and says so."""
    round_cell, table_cell, seat_cell, partner_cell, opponents_cell, boards_cell = cells
    baseline = round_cell.y + (round_cell.height - size) / 2 + size * 0.22

    def put(
        cell: Rect,
        text: str,
        *,
        bold: bool = False,
        align: Align = "left",
        colour: Color = BLACK,
        text_size: float = size,
    ) -> None:
        cell_text(
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
            min_scale=0.55,
        )

    if row.sits_out:
        width = boards_cell.right - round_cell.x
        fill_rect(canvas, Rect(round_cell.x, round_cell.y, width, round_cell.height), SHADE)
    put(round_cell, str(row.round), bold=True, align="centre")
    if row.sits_out:
        put(table_cell, "—", align="centre", colour=GREY)
        put(seat_cell, "—", colour=GREY)
        put(partner_cell, _("Round off"), bold=True)
        put(boards_cell, "—", align="centre", colour=GREY)
        return
    put(table_cell, str(row.table), bold=True, align="centre")
    if row.seat is not None:
        put(seat_cell, bridge_labels.seat_name(row.seat), bold=True, text_size=seat_size)
    if row.partner is not None:
        put(partner_cell, session.pupil_name(row.partner))
    put(opponents_cell, people_labels.names_text(session.pupil_name(p) for p in row.opponents))
    put(boards_cell, boards_text(row.boards), align="centre", text_size=boards_size)
