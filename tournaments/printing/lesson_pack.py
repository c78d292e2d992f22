"""The lesson pack of a session, as PDF bytes: what to talk about after the lesson.

Pure reportlab, no database: the view builds a :class:`LessonPackPrint` (every word
already in the reader's language) and passes it in. The pack is made of the pieces
the other printables draw, not drawn again:

* the boards, three a page (portrait): each board's hand diagram exactly as the hand
  records draw it (:func:`~tournaments.printing.boards.draw_board`: hands, points,
  declarer and dummy, the double-dummy table and the par), and beside it who declares
  with how many points, the par, a one-line "why" from the board's own figures, how
  the tables did, and a "to discuss" mark on the boards most often missed;
* the session's curve sheet (:func:`~tournaments.printing.curves.draw_curve_sheet`);
* the answers to the curve worksheet (:func:`~tournaments.printing.curves.draw_worksheet`
  with every row filled in and the answers dotted on its grid).

The pages are numbered through the whole pack.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from django.utils import translation
from django.utils.translation import gettext as _
from reportlab.pdfgen.canvas import Canvas

from scoring.curves import CurveStats
from tournaments.feedback.charts import ChartLabels
from tournaments.printing.boards import BoardPrint, draw_board
from tournaments.printing.common import (
    BLACK,
    GREY,
    STANDARD_FONTS,
    FontSet,
    Rect,
    content_area,
    draw_page_header,
    draw_tag,
    draw_text,
    new_canvas,
    page_count,
    wrap,
)
from tournaments.printing.common import page_size as resolve_page_size
from tournaments.printing.curves import (
    WorksheetCells,
    draw_curve_sheet,
    draw_worksheet,
    worksheet_page_count,
)

#: Boards on a page of the pack, one under the other.
BOARDS_PER_PAGE = 3
_GUTTER = 10.0
_TEXT_SIZE = 9.0
_LEADING = 11.5


@dataclass(frozen=True)
class PackBoardPrint:
    """One board of the pack, with its words already written.

    ``declares`` says who declares with how many points, ``par`` the par (or that
    the board is not analysed yet), ``why`` the one-line reason, ``at_tables`` how the
    tables did ("" when nobody played it) under ``at_tables_heading`` (None: "At the
    tables:"); ``discuss`` marks a board most often missed.
    """

    board: BoardPrint
    declares: str
    par: str
    why: str
    at_tables: str = ""
    discuss: bool = False
    at_tables_heading: str | None = None


@dataclass(frozen=True)
class LessonPackPrint:
    """Everything the pack prints. ``chart_labels`` and ``table_labels`` are the curve
    sheet's and the worksheet's words (:mod:`tournaments.printing.curves`);
    ``answers`` holds a row per board (board, points, the par, its tricks) and
    ``answer_dots`` the same answers as dots for the worksheet's grid."""

    title: str
    boards: Sequence[PackBoardPrint]
    curve: CurveStats
    answers: Sequence[WorksheetCells]
    answer_dots: CurveStats
    chart_labels: ChartLabels
    table_labels: Mapping[str, str]


def lesson_pack_pdf(
    pack: LessonPackPrint, *, page_size: str = "A4", fonts: FontSet = STANDARD_FONTS
) -> bytes:
    """The lesson pack as PDF bytes, on A4 or Letter (``page_size``)."""
    size = resolve_page_size(page_size)
    kind = _("Lesson pack")
    answers_kind = _("Worksheet answers")
    answer_labels = {
        **pack.table_labels,
        "instructions": _(
            "The answers: for each board the declaring side's points, the best contract "
            "and the tricks the cards allow."
        ),
    }
    board_pages = page_count(len(pack.boards), BOARDS_PER_PAGE)
    answer_pages = worksheet_page_count(
        len(pack.answers), page_size=page_size, table_labels=answer_labels, fonts=fonts
    )
    pages = board_pages + 1 + answer_pages
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, size, title=pack.title or kind, language=translation.get_language())
    draw_board_pages(
        canvas, pack.boards, title=pack.title, kind=kind, size=size, pages=pages, fonts=fonts
    )
    draw_curve_sheet(
        canvas,
        pack.curve,
        title=pack.title,
        labels=pack.chart_labels,
        table_labels=pack.table_labels,
        page_size=page_size,
        fonts=fonts,
        page=board_pages + 1,
        pages=pages,
    )
    draw_worksheet(
        canvas,
        title=pack.title,
        labels=pack.chart_labels,
        table_labels=answer_labels,
        cells=pack.answers,
        row_count=len(pack.answers),
        page_size=page_size,
        fonts=fonts,
        kind=answers_kind,
        dots=pack.answer_dots,
        first_page=board_pages + 2,
        pages=pages,
    )
    canvas.save()
    return buffer.getvalue()


def draw_board_pages(
    canvas: Canvas,
    boards: Sequence[PackBoardPrint],
    *,
    title: str,
    kind: str,
    size: tuple[float, float],
    pages: int,
    fonts: FontSet,
    first_page: int = 1,
    drawn: Callable[[int], None] | None = None,
) -> None:
    """The boards, :data:`BOARDS_PER_PAGE` a page from page ``first_page`` of ``pages``:
    each board's diagram with its analysis, and its notes beside it. ``drawn`` is told
    how many boards are drawn after each page (a progress bar's figure). The lesson pack
    and the event booklet (``events.booklet.making``) print their boards with it."""
    area = content_area(size)
    row_height = (area.height - (BOARDS_PER_PAGE - 1) * _GUTTER) / BOARDS_PER_PAGE
    slip_width = (area.width - _GUTTER) / 2
    for page in range(page_count(len(boards), BOARDS_PER_PAGE)):
        canvas.setPageSize(size)
        draw_page_header(
            canvas, size, title=title, kind=kind, page=first_page + page, pages=pages, fonts=fonts
        )
        on_page = boards[page * BOARDS_PER_PAGE : (page + 1) * BOARDS_PER_PAGE]
        for index, item in enumerate(on_page):
            top = area.top - index * (row_height + _GUTTER)
            cell = Rect(area.x, top - row_height, slip_width, row_height)
            draw_board(canvas, cell, item.board, with_analysis=True, fonts=fonts)
            notes = Rect(
                cell.right + _GUTTER, cell.y, area.right - cell.right - _GUTTER, row_height
            )
            _draw_notes(canvas, notes, item, fonts)
        canvas.showPage()
        if drawn is not None:
            drawn(min(len(boards), (page + 1) * BOARDS_PER_PAGE))


def _draw_notes(canvas: Canvas, box: Rect, item: PackBoardPrint, fonts: FontSet) -> None:
    """Beside a board, from the top: the "to discuss" mark, who declares, the par, why,
    and how the tables did."""
    y = box.top - 12
    if item.discuss:
        draw_tag(canvas, box.x, y, _("To discuss first"), size=8, fonts=fonts, filled=True)
        y -= 17
    for text, font in ((item.declares, fonts.bold), (item.par, fonts.regular)):
        for line in wrap(text, font, _TEXT_SIZE + 0.5, box.width, fonts):
            draw_text(canvas, box.x, y, line, font=font, size=_TEXT_SIZE + 0.5, fonts=fonts)
            y -= _LEADING + 1
    for heading, text, colour in (
        (_("Why:"), item.why, BLACK),
        (item.at_tables_heading or _("At the tables:"), item.at_tables, GREY),
    ):
        if not text:
            continue
        y -= 4
        draw_text(canvas, box.x, y, heading, font=fonts.bold, size=_TEXT_SIZE, fonts=fonts)
        y -= _LEADING
        for line in wrap(text, fonts.regular, _TEXT_SIZE, box.width, fonts):
            if y < box.y + 2:
                break  # never over the next board; the board's own box shows the rest
            draw_text(
                canvas,
                box.x,
                y,
                line,
                font=fonts.regular,
                size=_TEXT_SIZE,
                fonts=fonts,
                colour=colour,
            )
            y -= _LEADING
