"""The term league's cross-table as PDF bytes, for the classroom wall.

Pure reportlab, no database: :func:`cross_table_pdf` takes the plain
:class:`~tournaments.leagues.selectors.LeagueStandings`. Like the booklet's I–IV table, a row per
pair in pair order: the pair, its names, its mini-match against each other pair ("2–1"
from the row pair's side and its points once the match is complete, a match still
being played in brackets, the diagonal shaded), then the total column and the place.
The type is as large as still fits on one page (the sizes of the wall standings); a
long league goes on overleaf with its headings repeated. Built in the active language.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.pdfgen.canvas import Canvas

from tournaments.leagues.selectors import CrossRow, LeagueStandings
from tournaments.printing.common import (
    BLACK,
    GREY,
    LIGHT_GREY,
    STANDARD_FONTS,
    FontSet,
    Rect,
    content_area,
    text_width,
)
from tournaments.printing.common import page_size as resolve_page_size
from tournaments.printing.standings import (
    _PAD,
    _STRIPE,
    STANDINGS_SIZES,
    _Block,
    _block_height,
    _Column,
    _column_edges,
    _draw_cell,
    _draw_headers,
    _flow,
    _render,
    _StandingsType,
)

_NAMES = 1


def _columns(standings: LeagueStandings) -> list[_Column]:
    return [
        _Column(_("Pair"), 0.0, "centre"),
        _Column(_("Names"), 0.0, "left"),
        *[_Column(pair.label, 0.0, "centre") for pair in standings.pairs],
        _Column(_("Points"), 0.0, "right"),
        _Column(_("Place"), 0.0, "centre"),
    ]


def _values(row: CrossRow) -> list[str]:
    cells = []
    for cell in row.cells:
        if cell is None:
            cells.append("")
        elif cell.points is None:
            cells.append(f"({cell.text})")
        else:
            cells.append(f"{cell.text}  {cell.points}")
    return [row.pair.label, row.pair.names, *cells, str(row.points), row.place]


def _fit(
    columns: list[_Column], rows: list[list[str]], type_: _StandingsType, area: Rect, fonts: FontSet
) -> tuple[list[_Column], float]:
    widths = []
    for number, column in enumerate(columns):
        if number == _NAMES:
            widths.append(0.0)
            continue
        content = max(
            (text_width(row[number], fonts.bold, type_.size, fonts) for row in rows), default=0
        )
        header = text_width(column.header, fonts.bold, type_.header_size, fonts)
        widths.append(max(content, header) + 2 * _PAD + type_.size * 0.4)
    widths[_NAMES] = max(area.width - sum(widths), area.width * 0.2)
    names = max(
        (text_width(row[_NAMES], fonts.regular, type_.size, fonts) for row in rows), default=0
    )
    fitted = [_Column(c.header, w, c.align) for c, w in zip(columns, widths, strict=True)]
    return fitted, names + 2 * _PAD


def _block(
    columns: list[_Column],
    values: list[list[str]],
    area: Rect,
    type_: _StandingsType,
    fonts: FontSet,
    title: str,
) -> _Block:
    edges = _column_edges(area, columns)
    last_cell = len(columns) - 3  # the opponents' columns end here

    def heading(canvas: Canvas, top: float) -> None:
        _draw_cell(
            canvas,
            (area.x - _PAD, area.right),
            "left",
            top - type_.title_size,
            title,
            font=fonts.bold,
            size=type_.title_size,
            fonts=fonts,
        )
        _draw_headers(
            canvas, columns, edges, top - type_.title_height, area, type_=type_, fonts=fonts
        )

    def row(canvas: Canvas, top: float, index: int) -> None:
        if index % 2:
            canvas.setFillColor(_STRIPE)
            canvas.rect(area.x, top - type_.leading, area.width, type_.leading, stroke=0, fill=1)
        # The diagonal, where a pair would meet itself, is shaded grey.
        left, right = edges[2 + index]
        canvas.setFillColor(LIGHT_GREY)
        canvas.rect(
            left + 1, top - type_.leading + 1, right - left - 2, type_.leading - 2, stroke=0, fill=1
        )
        baseline = top - type_.leading * 0.68
        for number, (column, edge, text) in enumerate(
            zip(columns, edges, values[index], strict=True)
        ):
            bold = number in (0, len(columns) - 2, len(columns) - 1)
            _draw_cell(
                canvas,
                edge,
                column.align,
                baseline,
                text,
                font=fonts.bold if bold else fonts.regular,
                size=type_.size * (0.8 if 2 <= number <= last_cell else 1.0),
                fonts=fonts,
                colour=GREY if text.startswith("(") else BLACK,
                min_scale=0.4 if number == _NAMES else 0.6,
            )

    return _Block(
        heading_height=type_.title_height + type_.header_height,
        row_height=type_.leading,
        rows=len(values),
        draw_heading=heading,
        draw_row=row,
        gap_after=type_.gap,
    )


def cross_table_pdf(
    standings: LeagueStandings, *, page_size: str = "A4", fonts: FontSet = STANDARD_FONTS
) -> bytes:
    """The league's cross-table as PDF bytes (``page_size`` ``"A4"`` or ``"Letter"``)."""
    size = resolve_page_size(page_size)
    area = content_area(size)
    columns = _columns(standings)
    values = [_values(row) for row in standings.rows]
    title = _("Cross-table")
    block = None
    for type_size in STANDINGS_SIZES:
        type_ = _StandingsType(type_size)
        fitted, names_width = _fit(columns, values, type_, area, fonts)
        block = _block(fitted, values, area, type_, fonts, title)
        if _block_height(block) <= area.height and names_width * 0.75 <= fitted[_NAMES].width:
            break
    assert block is not None
    kind = " · ".join((_("League"), standings.progress))
    return _render(_flow([block], area), size, title=standings.title, kind=kind, fonts=fonts)
