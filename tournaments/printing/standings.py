"""Printable standings and travellers of a session, as PDF bytes.

Pure reportlab, no database: both builders take the plain
:class:`~tournaments.standings.selectors.Standings` figures. Every word goes through gettext and
numbers use the active language's decimal separator, so the PDF comes out in the
language that is active when it is built.

* :func:`standings_pdf` — each ranking (one, or North–South and East–West in a
  Mitchell) as a table in large type for the classroom wall: place, pair (a pupil in an
  individual session), names, percentage, matchpoints and total points, the session's
  choice of ranking first and in bold. The type is as large as still fits everything on
  one page (from 24 points down to 12) with the longest names at no less than 75 %; a
  longer list goes on over more pages with its headings repeated.
* :func:`travellers_pdf` — one block per board: its number and par, then every result:
  table, pairs (that round's partners in an individual session), contract with its
  suit symbol, declarer, tricks, both sides' scores, matchpoints and percentages.
  Boards follow one another down the page; a board is never started at the foot of a
  page, and one too long for what is left goes on overleaf under its heading again.

Fonts and colours are explained in :mod:`tournaments.printing.common`.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.utils import translation
from django.utils.translation import gettext as _
from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from scoring.cards import Side
from tournaments.labels import bridge as bridge_labels
from tournaments.labels import numbers as number_labels
from tournaments.printing.common import (
    BLACK,
    GREY,
    LIGHT_GREY,
    STANDARD_FONTS,
    Align,
    FontSet,
    Rect,
    content_area,
    draw_page_header,
    draw_text,
    new_canvas,
    text_width,
    wrap,
)
from tournaments.printing.common import page_size as resolve_page_size
from tournaments.standings.selectors import (
    UNRANKED,
    BoardTraveller,
    StandingRow,
    Standings,
    TravellerLine,
    ranked_by_total,
)

#: The names column of the standings, and the column of the session's ranking figure.
_NAMES = 2
_CHOSEN = 3
#: Type sizes tried for the wall standings, largest first; the last is the smallest used.
STANDINGS_SIZES = (24.0, 22.0, 20.0, 18.0, 16.0, 14.0, 12.0)
#: The longest names may be set this much smaller than the rest of the row.
NAMES_MIN_SCALE = 0.75
#: Travellers: type size and line spacing of a result.
TRAVELLER_SIZE = 9.0
TRAVELLER_LEADING = 13.0

#: Every other row of the wall standings is tinted, to guide the eye along a row.
_STRIPE = HexColor("#EEEEEE")
_PAD = 4.0

#: Something drawn on a page: called with the canvas once the page count is known.
Draw = Callable[[Canvas], None]


@dataclass(frozen=True)
class _Column:
    """A column of a printed table: heading, share of the table's width, alignment."""

    header: str
    width: float
    align: Align


def _column_edges(area: Rect, columns: Sequence[_Column]) -> list[tuple[float, float]]:
    """The (left, right) of every column, the widths scaled to fill ``area``."""
    total = sum(column.width for column in columns)
    edges = []
    x = area.x
    for column in columns:
        width = area.width * column.width / total
        edges.append((x, x + width))
        x += width
    return edges


def _draw_headers(
    canvas: Canvas,
    columns: Sequence[_Column],
    edges: Sequence[tuple[float, float]],
    top: float,
    area: Rect,
    *,
    type_: _StandingsType,
    fonts: FontSet,
) -> None:
    """A table's column headings in grey below ``top``, ruled off across ``area``."""
    baseline = top - type_.header_size * 1.4
    for column, edge in zip(columns, edges, strict=True):
        _draw_cell(
            canvas,
            edge,
            column.align,
            baseline,
            column.header,
            font=fonts.bold,
            size=type_.header_size,
            fonts=fonts,
            colour=GREY,
        )
    canvas.setStrokeColor(GREY)
    canvas.setLineWidth(1)
    rule = top - type_.header_height + 1
    canvas.line(area.x, rule, area.right, rule)


def _draw_cell(
    canvas: Canvas,
    edges: tuple[float, float],
    align: Align,
    baseline: float,
    text: str,
    *,
    font: str,
    size: float,
    fonts: FontSet,
    colour: Color = BLACK,
    min_scale: float = 0.6,
) -> None:
    """``text`` inside a column, aligned, shrunk (then cut) to fit its width."""
    left, right = edges
    x = {"left": left + _PAD, "centre": (left + right) / 2, "right": right - _PAD}[align]
    draw_text(
        canvas,
        x,
        baseline,
        text,
        font=font,
        size=size,
        fonts=fonts,
        align=align,
        colour=colour,
        max_width=right - left - 2 * _PAD,
        min_scale=min_scale,
    )


# -- Laying blocks out over pages -----------------------------------------------------------


@dataclass(frozen=True)
class _Block:
    """A heading and rows of equal height. The heading is drawn again at the top of a
    page when the rows go on there."""

    heading_height: float
    row_height: float
    rows: int
    #: Draws the heading below the given top edge.
    draw_heading: Callable[[Canvas, float], None]
    #: Draws row ``index`` below the given top edge.
    draw_row: Callable[[Canvas, float, int], None]
    gap_after: float


def _block_height(block: _Block) -> float:
    return block.heading_height + block.rows * block.row_height + block.gap_after


def _flow(blocks: Sequence[_Block], area: Rect, *, keep: int = 3) -> list[list[Draw]]:
    """Place ``blocks`` down the pages: a block starts on a new page unless its heading
    and its first ``keep`` rows fit, and rows that do not fit go on overleaf."""
    pages: list[list[Draw]] = [[]]
    y = area.top
    for block in blocks:
        first = block.heading_height + block.row_height * min(block.rows, keep)
        if y - first < area.y and y < area.top:
            pages.append([])
            y = area.top
        pages[-1].append(_heading_at(block, y))
        y -= block.heading_height
        for index in range(block.rows):
            if y - block.row_height < area.y:
                pages.append([_heading_at(block, area.top)])
                y = area.top - block.heading_height
            pages[-1].append(_row_at(block, y, index))
            y -= block.row_height
        y -= block.gap_after
    return pages


def _heading_at(block: _Block, top: float) -> Draw:
    return lambda canvas: block.draw_heading(canvas, top)


def _row_at(block: _Block, top: float, index: int) -> Draw:
    return lambda canvas: block.draw_row(canvas, top, index)


def _render(
    pages: Sequence[Sequence[Draw]],
    size: tuple[float, float],
    *,
    title: str,
    kind: str,
    fonts: FontSet,
) -> bytes:
    """Draw the laid-out pages under the running header and return the PDF bytes."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, size, title=title or kind, language=translation.get_language())
    for number, page in enumerate(pages, start=1):
        draw_page_header(
            canvas, size, title=title, kind=kind, page=number, pages=len(pages), fonts=fonts
        )
        for draw in page:
            draw(canvas)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


# -- Numbers in words -------------------------------------------------------------------------


# -- Standings ------------------------------------------------------------------------------


def _standings_columns(standings: Standings) -> list[_Column]:
    """The wall standings' columns, their widths still to be fitted to the content;
    the competitor heads the numbers ("Pair", or "Pupil" in an individual session).
    A session that compares no board has no percentage or matchpoints to show."""
    first = [
        _Column(_("Place"), 0.0, "centre"),
        _Column(standings.competitor, 0.0, "left"),
        _Column(_("Names"), 0.0, "left"),
    ]
    percentage = _Column(_("Percentage"), 0.0, "right")
    matchpoints = _Column(_("Matchpoints"), 0.0, "right")
    total = _Column(_("Total points"), 0.0, "right")
    if standings.by_wins:
        return [*first, _Column(_("Boards won"), 0.0, "right"), total]
    if not standings.compared:
        return [*first, total]
    if standings.by_total:
        return [*first, total, percentage, matchpoints]
    return [*first, percentage, matchpoints, total]


def _standings_values(row: StandingRow, standings: Standings) -> list[str]:
    pair = [row.pair.label, row.pair.names]
    if row.percentage is None:  # no result yet: no figures either
        figures, total, won = [UNRANKED, UNRANKED], UNRANKED, UNRANKED
    else:
        figures = [
            number_labels.percent_text(row.percentage),
            number_labels.decimal_text(row.matchpoints),
        ]
        total = bridge_labels.signed_text(row.total_points)
        won = str(row.boards_won or 0)
    if standings.by_wins:
        return [row.total_place, *pair, won, total]
    if not standings.compared:
        return [row.total_place, *pair, total]
    if standings.by_total:
        return [row.total_place, *pair, total, *figures]
    return [row.place, *pair, *figures, total]


def _bold_column(number: int) -> bool:
    """The place and the session's ranking figure are printed bold."""
    return number in (0, _CHOSEN)


@dataclass(frozen=True)
class _StandingsType:
    """Type sizes and spacing of the wall standings, all from one body size."""

    size: float

    @property
    def leading(self) -> float:
        return self.size * 1.6

    @property
    def header_size(self) -> float:
        return max(9.0, self.size * 0.6)

    @property
    def header_height(self) -> float:
        return self.header_size * 2.2

    @property
    def title_size(self) -> float:
        return self.size * 1.15

    @property
    def title_height(self) -> float:
        return self.title_size * 1.9

    @property
    def gap(self) -> float:
        return self.size * 1.2


def _fit_columns(
    columns: Sequence[_Column],
    rows: Sequence[Sequence[str]],
    type_: _StandingsType,
    area: Rect,
    fonts: FontSet,
) -> tuple[list[_Column], float]:
    """The columns with widths (points) for this type size: each as wide as its heading
    and its widest value, the names column taking the rest. Also returns the width the
    longest names would need at full size."""
    widths = []
    for number, column in enumerate(columns):
        if number == _NAMES:
            widths.append(0.0)
            continue
        font = fonts.bold if _bold_column(number) else fonts.regular
        content = max((text_width(row[number], font, type_.size, fonts) for row in rows), default=0)
        header = text_width(column.header, fonts.bold, type_.header_size, fonts)
        widths.append(max(content, header) + 2 * _PAD + type_.size * 0.4)
    widths[_NAMES] = max(area.width - sum(widths), area.width * 0.25)
    names = max(
        (text_width(row[_NAMES], fonts.regular, type_.size, fonts) for row in rows), default=0
    )
    fitted = [
        _Column(column.header, width, column.align)
        for column, width in zip(columns, widths, strict=True)
    ]
    return fitted, names + 2 * _PAD


def standings_pdf(
    standings: Standings, *, page_size: str = "A4", fonts: FontSet = STANDARD_FONTS
) -> bytes:
    """The standings for the classroom wall as PDF bytes, each ranking as a table in
    type as large as fits on one page.

    ``page_size`` is ``"A4"`` or ``"Letter"``. For example
    ``standings_pdf(session_standings(session), page_size="Letter")``.
    """
    size = resolve_page_size(page_size)
    area = content_area(size)
    columns = _standings_columns(standings)
    rankings = [
        (
            ranking.title,
            ranked_by_total(ranking, by_wins=standings.by_wins)
            if standings.by_total
            else list(ranking.rows),
        )
        for ranking in standings.rankings
    ]
    tables = [
        (title, [_standings_values(row, standings) for row in rows]) for title, rows in rankings
    ]
    every_row = [values for _title, rows in tables for values in rows]
    blocks: list[_Block] = []
    for type_size in STANDINGS_SIZES:
        type_ = _StandingsType(type_size)
        fitted, names_width = _fit_columns(columns, every_row, type_, area, fonts)
        blocks = [_ranking_block(title, rows, fitted, area, type_, fonts) for title, rows in tables]
        if standings.ranking_note:
            # How a session that compares no board is ranked, in one sentence on top.
            blocks.insert(0, _note_block(standings.ranking_note, area, type_, fonts))
        fits_down = sum(_block_height(block) for block in blocks) <= area.height
        if fits_down and names_width * NAMES_MIN_SCALE <= fitted[_NAMES].width:
            break
    pages = _flow(blocks, area)
    return _render(pages, size, title=standings.title, kind=standings_kind(standings), fonts=fonts)


def standings_kind(standings: Standings) -> str:
    """What the standings PDF is headed: "Final results" once the session is finished,
    "Standings · Round 3 of 5" while it runs."""
    if standings.finished:
        return standings.progress
    return " · ".join(text for text in (_("Standings"), standings.progress) if text)


def _note_block(text: str, area: Rect, type_: _StandingsType, fonts: FontSet) -> _Block:
    """A sentence above the rankings, wrapped to the page's width in the headings' size."""
    size = type_.header_size * 1.2
    lines = wrap(text, fonts.regular, size, area.width, fonts)
    leading = size * 1.4

    def heading(canvas: Canvas, top: float) -> None:
        for number, line in enumerate(lines):
            baseline = top - size - number * leading
            draw_text(canvas, area.x, baseline, line, font=fonts.regular, size=size, fonts=fonts)

    return _Block(
        heading_height=leading * len(lines),
        row_height=type_.leading,
        rows=0,
        draw_heading=heading,
        draw_row=lambda canvas, top, index: None,
        gap_after=type_.gap,
    )


def _ranking_block(
    title: str,
    values: Sequence[Sequence[str]],
    columns: Sequence[_Column],
    area: Rect,
    type_: _StandingsType,
    fonts: FontSet,
) -> _Block:
    """One ranking: its title (North–South, East–West; none when there is one ranking),
    the column headings and a row per pair, every other row tinted."""
    edges = _column_edges(area, columns)

    def heading(canvas: Canvas, top: float) -> None:
        header_top = top
        if title:
            draw_text(
                canvas,
                area.x,
                top - type_.title_size,
                title,
                font=fonts.bold,
                size=type_.title_size,
                fonts=fonts,
                max_width=area.width,
            )
            header_top -= type_.title_height
        _draw_headers(canvas, columns, edges, header_top, area, type_=type_, fonts=fonts)

    def row(canvas: Canvas, top: float, index: int) -> None:
        if index % 2:
            canvas.setFillColor(_STRIPE)
            canvas.rect(area.x, top - type_.leading, area.width, type_.leading, stroke=0, fill=1)
        baseline = top - type_.leading * 0.68
        for number, (column, edge, text) in enumerate(
            zip(columns, edges, values[index], strict=True)
        ):
            _draw_cell(
                canvas,
                edge,
                column.align,
                baseline,
                text,
                font=fonts.bold if _bold_column(number) else fonts.regular,
                size=type_.size,
                fonts=fonts,
                min_scale=0.4 if number == _NAMES else 0.6,
            )

    return _Block(
        heading_height=(type_.title_height if title else 0.0) + type_.header_height,
        row_height=type_.leading,
        rows=len(values),
        draw_heading=heading,
        draw_row=row,
        gap_after=type_.gap,
    )


# -- Travellers -----------------------------------------------------------------------------

#: Height of a board's title line, and of its two lines of column headings.
_BOARD_TITLE_HEIGHT = 19.0
_TRAVELLER_HEADER_HEIGHT = 22.0
_BOARD_GAP = 14.0
_HEADER_SIZE = 7.5


def _traveller_columns() -> list[_Column]:
    ns = bridge_labels.side_short(Side.NS)
    ew = bridge_labels.side_short(Side.EW)
    return [
        _Column(_("Table"), 0.06, "centre"),
        _Column(ns, 0.10, "left"),
        _Column(ew, 0.10, "left"),
        _Column(_("Contract"), 0.09, "left"),
        _Column(_("Declarer"), 0.08, "centre"),
        _Column(_("Tricks"), 0.06, "centre"),
        _Column(ns, 0.09, "right"),
        _Column(ew, 0.09, "right"),
        _Column(ns, 0.08, "right"),
        _Column(ew, 0.08, "right"),
        _Column(ns, 0.085, "right"),
        _Column(ew, 0.085, "right"),
    ]


#: The first of the pairs of N–S / E–W columns headed Score, Matchpoints, Percentage.
_GROUPS = (6, 8, 10)
#: Where an adjusted or unplayed result's word goes: from the contract column on.
_CONTRACT = 3


def _traveller_values(line: TravellerLine) -> list[str]:
    values = [str(line.table), line.ns.label, line.ew.label]
    scored = line.scored
    if scored is not None:
        values += [
            bridge_labels.contract_text(scored.contract),
            bridge_labels.seat_letter(scored.declarer),
            str(scored.tricks),
            str(scored.ns_points) if scored.ns_points or not scored.ew_points else "",
            str(scored.ew_points) if scored.ew_points or not scored.ns_points else "",
        ]
    else:
        values += ["", "", "", "", ""]
    values += [
        "" if line.ns_mp is None else number_labels.decimal_text(line.ns_mp),
        "" if line.ew_mp is None else number_labels.decimal_text(line.ew_mp),
        ""
        if line.ns_percent is None
        else number_labels.decimal_text(line.ns_percent, 2, strip=False),
        ""
        if line.ew_percent is None
        else number_labels.decimal_text(line.ew_percent, 2, strip=False),
    ]
    return values


def revoke_notes(board: BoardTraveller) -> list[str]:
    """A line under the traveller for each result with a revoke, both figures given:
    "Table 2: 10, 9 + 1 for the revoke"."""
    return [
        # Translators: a table's number, then its tricks: "Table 2: 10, 9 + 1 for the revoke".
        _("Table %(number)s: %(tricks)s")
        % {"number": line.table, "tricks": line.scored.tricks_text}
        for line in board.lines
        if line.scored is not None and line.scored.revoke
    ]


def travellers_pdf(
    standings: Standings, *, page_size: str = "A4", fonts: FontSet = STANDARD_FONTS
) -> bytes:
    """Every board's traveller as PDF bytes, several boards a page.

    ``page_size`` is ``"A4"`` or ``"Letter"``. For example
    ``travellers_pdf(session_standings(session))``.
    """
    size = resolve_page_size(page_size)
    area = content_area(size)
    blocks = [_traveller_block(board, area, fonts=fonts) for board in standings.travellers]
    pages = _flow(blocks, area, keep=4)
    return _render(pages, size, title=standings.title, kind=_("Travellers"), fonts=fonts)


def _traveller_block(board: BoardTraveller, area: Rect, *, fonts: FontSet) -> _Block:
    columns = _traveller_columns()
    edges = _column_edges(area, columns)
    groups = (_("Score"), _("Matchpoints"), _("Percentage"))
    par = board.par_text
    lines = board.lines
    notes = revoke_notes(board)

    def heading(canvas: Canvas, top: float) -> None:
        baseline = top - 13
        title_width = draw_text(
            canvas,
            area.x,
            baseline,
            _("Board %(number)s") % {"number": board.number},
            font=fonts.bold,
            size=13,
            fonts=fonts,
        )
        if par:
            draw_text(
                canvas,
                area.right,
                baseline,
                par,
                font=fonts.regular,
                size=9,
                fonts=fonts,
                colour=GREY,
                align="right",
                max_width=area.width - title_width - 12,
            )
        group_baseline = top - _BOARD_TITLE_HEIGHT - 8
        for first, word in zip(_GROUPS, groups, strict=True):
            span = (edges[first][0], edges[first + 1][1])
            _draw_cell(
                canvas,
                span,
                "centre",
                group_baseline,
                word,
                font=fonts.bold,
                size=_HEADER_SIZE,
                fonts=fonts,
                colour=GREY,
            )
            canvas.setStrokeColor(LIGHT_GREY)
            canvas.setLineWidth(0.5)
            canvas.line(span[0] + _PAD, group_baseline - 2.5, span[1] - _PAD, group_baseline - 2.5)
        label_baseline = group_baseline - 10
        for column, edge in zip(columns, edges, strict=True):
            _draw_cell(
                canvas,
                edge,
                column.align,
                label_baseline,
                column.header,
                font=fonts.bold,
                size=_HEADER_SIZE,
                fonts=fonts,
                colour=GREY,
            )
        canvas.setStrokeColor(GREY)
        canvas.setLineWidth(0.75)
        rule = top - _BOARD_TITLE_HEIGHT - _TRAVELLER_HEADER_HEIGHT + 1
        canvas.line(area.x, rule, area.right, rule)

    def row(canvas: Canvas, top: float, index: int) -> None:
        baseline = top - TRAVELLER_LEADING * 0.72
        if index >= len(lines):  # the revokes' notes, after the results
            draw_text(
                canvas,
                area.x + _PAD,
                baseline,
                notes[index - len(lines)],
                font=fonts.regular,
                size=TRAVELLER_SIZE,
                fonts=fonts,
                colour=GREY,
                max_width=area.width - 2 * _PAD,
            )
            return
        line = lines[index]
        values = _traveller_values(line)
        for number, (column, edge, text) in enumerate(zip(columns, edges, values, strict=True)):
            if text:
                _draw_cell(
                    canvas,
                    edge,
                    column.align,
                    baseline,
                    text,
                    font=fonts.regular,
                    size=TRAVELLER_SIZE,
                    fonts=fonts,
                )
            elif number == _CONTRACT and line.scored is None:
                word = _("Adjusted") if line.kind == "adjusted" else _("Not played")
                last = _GROUPS[0] + 1 if line.kind == "adjusted" else len(edges) - 1
                _draw_cell(
                    canvas,
                    (edge[0], edges[last][1]),
                    "left",
                    baseline,
                    word,
                    font=fonts.regular,
                    size=TRAVELLER_SIZE,
                    fonts=fonts,
                    colour=GREY,
                )
        canvas.setStrokeColor(LIGHT_GREY)
        canvas.setLineWidth(0.3)
        bottom = top - TRAVELLER_LEADING
        canvas.line(area.x, bottom, area.right, bottom)

    return _Block(
        heading_height=_BOARD_TITLE_HEIGHT + _TRAVELLER_HEADER_HEIGHT,
        row_height=TRAVELLER_LEADING,
        rows=len(lines) + len(notes),
        draw_heading=heading,
        draw_row=row,
        gap_after=_BOARD_GAP,
    )
