"""Printable boards: hand records (board slips) and curtain cards, as PDF bytes.

Pure reportlab, no database: views and management commands build :class:`BoardPrint`
values and pass them in. Every word goes through gettext, so the PDF comes out in the
language that is active when it is built (the view activates the user's language).

* :func:`board_slips_pdf` — six boards a page, each as the classic compass diagram
  (North at the top, West left, East right, South at the bottom) with each hand's
  points, declarer and dummy marked in words, and optionally the double-dummy tricks
  and the Minibridge par.
* :func:`curtain_cards_pdf` — one slip per hand (board, seat, the 13 cards, points),
  eight slips a page between dashed cut lines, for teachers who make up boards by hand.

Fonts and colours are explained in :mod:`tournaments.printing.common`.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from scoring.cards import Deal, Seat, Strain, Suit
from scoring.dd import DDTable, Par
from scoring.declaring import Declaration, find_declarer
from tournaments.boards.selectors import BoardFacts
from tournaments.labels import bridge as bridge_labels
from tournaments.printing.common import (
    BLACK,
    GREY,
    LIGHT_GREY,
    STANDARD_FONTS,
    Align,
    FontSet,
    Rect,
    content_area,
    draw_cut_lines,
    draw_holding,
    draw_page_header,
    draw_tag,
    draw_text,
    grid,
    new_canvas,
    page_count,
)
from tournaments.printing.common import page_size as resolve_page_size

#: Hand records: two columns by three rows of boards on A4 and Letter portrait.
SLIP_COLUMNS, SLIP_ROWS = 2, 3
BOARDS_PER_PAGE = SLIP_COLUMNS * SLIP_ROWS
#: Curtain cards: two columns by four rows, that is two boards a page.
CURTAIN_COLUMNS, CURTAIN_ROWS = 2, 4
SLIPS_PER_PAGE = CURTAIN_COLUMNS * CURTAIN_ROWS

_SLIP_GUTTER = 10.0
_PAD = 8.0
# Type sizes (points) and line spacing for a hand in the compass diagram.
_HAND_SIZE = 9.5
_HAND_LEADING = 11.2
_HAND_BLOCK = 66.0  # heading, points and four suits
# The strains in the double-dummy table, cheapest first as bridge players list them.
_DD_STRAINS = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NO_TRUMPS)


@dataclass(frozen=True)
class BoardPrint:
    """Everything printed about one board.

    ``declarer`` is None for a 20–20 deal (a redeal): nobody is marked. ``dd`` and
    ``par`` are the double-dummy analysis, printed only when given. ``target`` is the
    tricks the declaring side needs under a target scoring ("Target: 8 tricks" on the
    slip and on every curtain card), None under the other scorings.
    """

    number: int
    deal: Deal
    dealer: Seat
    declarer: Seat | None
    dd: DDTable | None = None
    par: Par | None = None
    target: int | None = None

    @classmethod
    def from_deal(
        cls,
        number: int,
        deal: Deal,
        *,
        dealer: Seat | None = None,
        dd: DDTable | None = None,
        par: Par | None = None,
    ) -> BoardPrint:
        """A board whose dealer follows its number (unless given) and whose declarer
        the cards decide (docs/rules.md §2)."""
        dealer = dealer or Seat.dealer_of_board(number)
        declaration = find_declarer(deal, dealer)
        declarer = declaration.declarer if isinstance(declaration, Declaration) else None
        return cls(number=number, deal=deal, dealer=dealer, declarer=declarer, dd=dd, par=par)

    @property
    def dummy(self) -> Seat | None:
        return None if self.declarer is None else self.declarer.partner


def board_prints(boards: Iterable[BoardFacts]) -> list[BoardPrint]:
    """What the board slips and curtain cards print of each board; a board read under
    a target scoring (``board_facts(..., profile=session.profile_key)``) carries its
    target."""
    return [
        BoardPrint(
            number=board.number,
            deal=board.deal,
            dealer=board.dealer,
            declarer=board.declaration.declarer,
            dd=board.dd,
            par=board.par,
            target=board.target,
        )
        for board in boards
    ]


# -- Hand records -------------------------------------------------------------------------


def board_cells(size: tuple[float, float]) -> list[Rect]:
    """Where the boards of one hand-record page go, in reading order."""
    return grid(content_area(size), rows=SLIP_ROWS, columns=SLIP_COLUMNS, gutter=_SLIP_GUTTER)


def board_slips_pdf(
    boards: Sequence[BoardPrint],
    *,
    page_size: str = "A4",
    with_analysis: bool = True,
    title: str = "",
    fonts: FontSet = STANDARD_FONTS,
) -> bytes:
    """Hand records for ``boards``, six to a page, as PDF bytes.

    ``page_size`` is ``"A4"`` or ``"Letter"``. With ``with_analysis``, a board's
    double-dummy table and par are printed when it carries them. An empty ``boards``
    gives a single page with just the header.
    """
    size = resolve_page_size(page_size)
    kind = _("Hand records")
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, size, title=title or kind, language=translation.get_language())
    cells = board_cells(size)
    pages = page_count(len(boards), BOARDS_PER_PAGE)
    for page in range(pages):
        draw_page_header(
            canvas, size, title=title, kind=kind, page=page + 1, pages=pages, fonts=fonts
        )
        on_page = boards[page * BOARDS_PER_PAGE : (page + 1) * BOARDS_PER_PAGE]
        for cell, board in zip(cells, on_page, strict=False):
            draw_board(canvas, cell, board, with_analysis=with_analysis, fonts=fonts)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def draw_board(
    canvas: Canvas,
    cell: Rect,
    board: BoardPrint,
    *,
    with_analysis: bool,
    fonts: FontSet = STANDARD_FONTS,
) -> None:
    """One board in its cell: number and dealer top left, the four hands round a small
    table, the analysis bottom right and the par bottom left. The hand records draw
    their boards with it, and so does the lesson pack (``lesson_pack``)."""
    canvas.setStrokeColor(LIGHT_GREY)
    canvas.setLineWidth(0.75)
    canvas.roundRect(cell.x, cell.y, cell.width, cell.height, 6, stroke=1, fill=0)

    left = cell.x + _PAD
    inner = cell.width - 2 * _PAD
    columns = (left, left + inner * 0.36, left + inner * 0.68)
    right = cell.right - _PAD
    top = cell.top - _PAD
    # The three rows of the diagram are spread over the cell's height.
    spare = max(0.0, cell.height - 2 * _PAD - 3 * _HAND_BLOCK)
    row_tops = (top, top - _HAND_BLOCK - spare / 2, top - 2 * _HAND_BLOCK - spare)

    draw_text(
        canvas,
        left,
        top - 11,
        _("Board %(number)s") % {"number": board.number},
        font=fonts.bold,
        size=13,
        fonts=fonts,
        max_width=columns[1] - left - 4,
    )
    draw_text(
        canvas,
        left,
        top - 23,
        _("Dealer: %(seat)s") % {"seat": bridge_labels.seat_name(board.dealer)},
        font=fonts.regular,
        size=8,
        fonts=fonts,
        colour=GREY,
        max_width=columns[1] - left - 4,
    )
    if board.target is not None:
        draw_text(
            canvas,
            left,
            top - 35,
            bridge_labels.target_text(board.target),
            font=fonts.bold,
            size=9,
            fonts=fonts,
            max_width=columns[1] - left - 4,
        )

    places = {
        Seat.NORTH: (columns[1], row_tops[0], columns[2] - columns[1] + (right - columns[2]) / 2),
        Seat.WEST: (columns[0], row_tops[1], columns[1] - columns[0] + 12),
        Seat.EAST: (columns[2], row_tops[1], right - columns[2]),
        Seat.SOUTH: (columns[1], row_tops[2], columns[2] - columns[1] - 4),
    }
    for seat, (x, block_top, width) in places.items():
        _draw_hand(canvas, x, block_top, board, seat, max_width=width, fonts=fonts)

    centre_x = (columns[1] + 12 + columns[2]) / 2
    centre_y = row_tops[1] - _HAND_BLOCK / 2
    _draw_table_square(canvas, centre_x, centre_y, fonts=fonts)

    if with_analysis and board.dd is not None:
        _draw_dd_table(
            canvas,
            Rect(columns[2], cell.y + _PAD, right - columns[2], _HAND_BLOCK + 4),
            board,
            fonts=fonts,
        )
    if with_analysis and board.par is not None:
        _draw_par(canvas, left, cell.y + _PAD + 2, board, board.par, columns[1] - left - 6, fonts)


def _draw_hand(
    canvas: Canvas,
    x: float,
    top: float,
    board: BoardPrint,
    seat: Seat,
    *,
    max_width: float,
    fonts: FontSet,
) -> None:
    """Seat name with its role, the hand's points, then one line per suit."""
    baseline = top - 8.5
    name_width = draw_text(
        canvas,
        x,
        baseline,
        bridge_labels.seat_name(seat),
        font=fonts.bold,
        size=9,
        fonts=fonts,
        max_width=max_width,
    )
    role = _role(board, seat)
    if role is not None:
        word, filled = role
        draw_tag(canvas, x + name_width + 5, baseline, word, size=7, fonts=fonts, filled=filled)
    draw_text(
        canvas,
        x,
        baseline - 9.5,
        _points(board.deal.hcp(seat)),
        font=fonts.regular,
        size=7.5,
        fonts=fonts,
        colour=GREY,
    )
    hand = board.deal[seat]
    for index, suit in enumerate(Suit):
        draw_holding(
            canvas,
            x,
            baseline - 21.5 - index * _HAND_LEADING,
            suit,
            hand.holding(suit),
            size=_HAND_SIZE,
            fonts=fonts,
            max_width=max_width,
        )


def _role(board: BoardPrint, seat: Seat) -> tuple[str, bool] | None:
    """The word that marks declarer (filled tag) or dummy (outlined tag), if any."""
    if seat is board.declarer:
        return _("Declarer"), True
    if seat is board.dummy:
        return _("Dummy"), False
    return None


def _points(hcp: int) -> str:
    return ngettext("%(points)s point", "%(points)s points", hcp) % {"points": hcp}


def _draw_table_square(canvas: Canvas, x: float, y: float, *, fonts: FontSet) -> None:
    """The card table between the hands, with the seats' initials on its edges."""
    half = 17.0
    canvas.setStrokeColor(GREY)
    canvas.setLineWidth(0.75)
    canvas.rect(x - half, y - half, 2 * half, 2 * half, stroke=1, fill=0)
    size = 7.5
    initials: dict[Seat, tuple[float, float, Align]] = {
        Seat.NORTH: (x, y + half - size - 1, "centre"),
        Seat.SOUTH: (x, y - half + 3, "centre"),
        Seat.WEST: (x - half + 3, y - size / 3, "left"),
        Seat.EAST: (x + half - 3, y - size / 3, "right"),
    }
    for seat, (ix, iy, align) in initials.items():
        draw_text(
            canvas,
            ix,
            iy,
            bridge_labels.seat_letter(seat),
            font=fonts.bold,
            size=size,
            fonts=fonts,
            colour=GREY,
            align=align,
        )


def _draw_dd_table(canvas: Canvas, area: Rect, board: BoardPrint, *, fonts: FontSet) -> None:
    """The tricks each seat would take as declarer in each strain, double dummy:
    a heading, then rows N E S W under the columns ♣ ♦ ♥ ♠ NT. Declarer's row is bold."""
    assert board.dd is not None
    size = 7.0
    leading = 8.2
    heading = simpleSplit(
        _("Tricks declarer can make (double dummy)"), fonts.regular, 6.5, area.width
    )
    column = area.width / (len(_DD_STRAINS) + 1)
    # Bottom-anchored: the last row sits on the bottom of the area.
    rows_top = area.y + 5 * leading
    for index, line in enumerate(heading):
        draw_text(
            canvas,
            area.x,
            rows_top + 2 + (len(heading) - index - 1) * 7.2,
            line,
            font=fonts.regular,
            size=6.5,
            fonts=fonts,
            colour=GREY,
        )
    baseline = rows_top - leading + 1.5
    for index, strain in enumerate(_DD_STRAINS):
        draw_text(
            canvas,
            area.x + column * (index + 1.5),
            baseline,
            bridge_labels.strain_text(strain),
            font=fonts.bold,
            size=size,
            fonts=fonts,
            align="centre",
        )
    canvas.setStrokeColor(LIGHT_GREY)
    canvas.setLineWidth(0.5)
    canvas.line(area.x, baseline - 2.5, area.right, baseline - 2.5)
    for row, seat in enumerate(Seat):
        y = baseline - (row + 1) * leading
        font = fonts.bold if seat is board.declarer else fonts.regular
        draw_text(
            canvas,
            area.x + 1,
            y,
            bridge_labels.seat_letter(seat),
            font=font,
            size=size,
            fonts=fonts,
        )
        for index, strain in enumerate(_DD_STRAINS):
            draw_text(
                canvas,
                area.x + column * (index + 1.5),
                y,
                str(board.dd[seat, strain]),
                font=font,
                size=size,
                fonts=fonts,
                colour=BLACK,
                align="centre",
            )


def _draw_par(
    canvas: Canvas,
    x: float,
    y: float,
    board: BoardPrint,
    par: Par,
    max_width: float,
    fonts: FontSet,
) -> None:
    """``Par: 1♥ or 1♠ by South, +110``: every best contract double dummy and its net
    score; under a target scoring ``Target 8: ♠ makes 9``."""
    text = bridge_labels.par_text(par, target=board.target)
    draw_text(canvas, x, y, text, font=fonts.regular, size=7.5, fonts=fonts, max_width=max_width)


# -- Curtain cards ------------------------------------------------------------------------


def curtain_cells(size: tuple[float, float]) -> list[Rect]:
    """Where the slips of one curtain-card page go, in reading order: per board,
    North and East on one row, South and West on the next."""
    return grid(content_area(size), rows=CURTAIN_ROWS, columns=CURTAIN_COLUMNS)


def curtain_cards_pdf(
    boards: Sequence[BoardPrint],
    *,
    page_size: str = "A4",
    title: str = "",
    fonts: FontSet = STANDARD_FONTS,
) -> bytes:
    """One slip per hand of each board (two boards, eight slips a page), with dashed
    lines to cut along, as PDF bytes."""
    size = resolve_page_size(page_size)
    kind = _("Curtain cards")
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, size, title=title or kind, language=translation.get_language())
    cells = curtain_cells(size)
    slips = [(board, seat) for board in boards for seat in Seat]
    pages = page_count(len(slips), SLIPS_PER_PAGE)
    for page in range(pages):
        draw_page_header(
            canvas, size, title=title, kind=kind, page=page + 1, pages=pages, fonts=fonts
        )
        on_page = slips[page * SLIPS_PER_PAGE : (page + 1) * SLIPS_PER_PAGE]
        for cell, (board, seat) in zip(cells, on_page, strict=False):
            _draw_curtain_card(canvas, cell, board, seat, fonts=fonts)
        draw_cut_lines(canvas, cells[: len(on_page)])
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _draw_curtain_card(
    canvas: Canvas, cell: Rect, board: BoardPrint, seat: Seat, *, fonts: FontSet
) -> None:
    """Board number and seat in large type, then dealer and points, then the suits."""
    left = cell.x + 14
    right = cell.right - 14
    baseline = cell.top - 28
    board_width = draw_text(
        canvas,
        left,
        baseline,
        _("Board %(number)s") % {"number": board.number},
        font=fonts.bold,
        size=16,
        fonts=fonts,
    )
    draw_text(
        canvas,
        right,
        baseline,
        bridge_labels.seat_name(seat),
        font=fonts.bold,
        size=16,
        fonts=fonts,
        align="right",
        max_width=right - left - board_width - 12,
    )
    dealer = _("Dealer: %(seat)s") % {"seat": bridge_labels.seat_name(board.dealer)}
    if board.target is not None:
        # Every hand of the board sees the declaring side's target, as at the table.
        dealer = f"{dealer} · {bridge_labels.target_text(board.target)}"
    draw_text(
        canvas,
        left,
        baseline - 14,
        dealer,
        font=fonts.regular,
        size=9,
        fonts=fonts,
        colour=GREY,
        max_width=right - left - 60,
    )
    draw_text(
        canvas,
        right,
        baseline - 14,
        _points(board.deal.hcp(seat)),
        font=fonts.regular,
        size=9,
        fonts=fonts,
        colour=GREY,
        align="right",
    )
    canvas.setStrokeColor(LIGHT_GREY)
    canvas.setLineWidth(0.5)
    canvas.line(left, baseline - 21, right, baseline - 21)
    hand = board.deal[seat]
    first = baseline - 44
    leading = min(26.0, (first - cell.y - 14) / 3)
    for index, suit in enumerate(Suit):
        draw_holding(
            canvas,
            left,
            first - index * leading,
            suit,
            hand.holding(suit),
            size=18,
            fonts=fonts,
            max_width=right - left,
        )
