"""Printable curve sheets, as PDF bytes: the class's curve, and a blank worksheet.

Pure reportlab, no database: the builders take :class:`~scoring.curves.CurveStats` and
plain values. Every word comes in already translated, in a
:class:`~tournaments.feedback.charts.ChartLabels` (the chart's words, shared with the SVG on the
site) and a ``table_labels`` dict (the table's words and the kind of sheet); only the
running header's "Page 1 of 1" comes from :mod:`.common`. Numbers use the active
language's decimal separator.

* :func:`curve_sheet_pdf` — one landscape page: the chart on the left (a dot per
  points/tricks sized by how many deals, the mean line, the dashed double-dummy line,
  the tricks a game needs and the 25-point guideline, with a legend), and on the right
  a table with, for each point count that has results, how many deals, the average
  tricks, how often a game was bid and how often it made.
* :func:`worksheet_pdf` — the same grid left empty for pupils to dot in by hand, and a
  table to fill in (board, our points, contract, tricks), optionally with the session's
  board numbers and points already printed.

The chart is drawn straight on the canvas rather than with ``reportlab.graphics``:
:func:`~tournaments.printing.common.draw_text` is what sets the suit symbols of
"game in ♥/♠" in the Symbol font, and it works on a canvas. Colours, dash patterns and
dot sizes are the SVG chart's (:mod:`tournaments.feedback.charts`), so screen and paper match.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.utils import translation
from reportlab.lib.colors import Color, HexColor
from reportlab.lib.pagesizes import landscape
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from scoring.curves import (
    GAME_GUIDELINE_HCP,
    MAX_HCP,
    MAX_TRICKS,
    MIN_HCP,
    CurveStats,
    curve_stats,
)
from tournaments.feedback.charts import (
    AXIS_COLOUR,
    DOT_COLOUR,
    GAME_COLOUR,
    GAME_MARKS,
    GUIDELINE_COLOUR,
    GUIDELINE_DASH,
    MEAN_COLOUR,
    MEAN_MARK,
    REFERENCE_COLOUR,
    REFERENCE_DASH,
    ChartLabels,
    dot_radius,
    hcp_fraction,
    tricks_fraction,
)
from tournaments.labels.numbers import decimal_text
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
    draw_page_header,
    draw_text,
    new_canvas,
    page_count,
    text_width,
)
from tournaments.printing.common import page_size as resolve_page_size

#: The keys :func:`curve_sheet_pdf` needs in ``table_labels``.
CURVE_TABLE_KEYS = ("sheet", "hcp", "count", "mean", "games_chosen", "games_made")
#: The keys :func:`worksheet_pdf` needs in ``table_labels``.
WORKSHEET_TABLE_KEYS = ("worksheet", "board", "our_points", "contract", "tricks")
# Keys used when present: "total" (the table's total row), "instructions" (a line under
# the worksheet's grid).

#: The worksheet's rows are never made shorter than this (about 6 mm to write in): more
#: rows than fit go on over more pages.
MIN_WRITING_ROW = 17.0
#: And never taller than this (about 8 mm).
MAX_WRITING_ROW = 23.0

_GAP = 18.0
_CURVE_TABLE_WIDTH = 262.0
_WORKSHEET_TABLE_WIDTH = 230.0
_STRIPE = HexColor("#F2F2F2")
_WORKSHEET_GRID = HexColor("#BBBBBB")
_CHART_GRID = HexColor("#DDDDDD")


def _colour(hex_code: str) -> Color:
    return HexColor(hex_code)


# -- The builders -------------------------------------------------------------------------


def curve_sheet_pdf(
    stats: CurveStats,
    *,
    title: str,
    labels: ChartLabels,
    table_labels: Mapping[str, str],
    page_size: str = "A4",
    fonts: FontSet = STANDARD_FONTS,
) -> bytes:
    """The curve sheet of ``stats`` on one landscape page, as PDF bytes.

    ``page_size`` is ``"A4"`` or ``"Letter"``. ``table_labels`` needs the keys in
    :data:`CURVE_TABLE_KEYS` (ValueError naming any missing) and may have ``"total"``
    for a total row. With no results the chart shows ``labels.empty``.
    """
    _require(table_labels, CURVE_TABLE_KEYS)
    size = landscape(resolve_page_size(page_size))
    buffer = io.BytesIO()
    canvas = new_canvas(
        buffer, size, title=title or table_labels["sheet"], language=translation.get_language()
    )
    draw_curve_sheet(
        canvas,
        stats,
        title=title,
        labels=labels,
        table_labels=table_labels,
        page_size=page_size,
        fonts=fonts,
    )
    canvas.save()
    return buffer.getvalue()


def draw_curve_sheet(
    canvas: Canvas,
    stats: CurveStats,
    *,
    title: str,
    labels: ChartLabels,
    table_labels: Mapping[str, str],
    page_size: str = "A4",
    fonts: FontSet = STANDARD_FONTS,
    page: int = 1,
    pages: int = 1,
) -> None:
    """The curve sheet as one landscape page of ``canvas`` (a longer document, such as
    the lesson pack, passes its own ``page`` of ``pages``)."""
    _require(table_labels, CURVE_TABLE_KEYS)
    size = landscape(resolve_page_size(page_size))
    canvas.setPageSize(size)
    kind = table_labels["sheet"]
    draw_page_header(canvas, size, title=title, kind=kind, page=page, pages=pages, fonts=fonts)
    area = content_area(size)
    table_width = min(_CURVE_TABLE_WIDTH, area.width * 0.36)
    chart = Rect(area.x, area.y, area.width - table_width - _GAP, area.height)
    table = Rect(chart.right + _GAP, area.y, table_width, area.height - 6)
    _Chart(canvas, chart, labels, fonts, worksheet=False).draw(stats)
    _draw_curve_table(canvas, table, stats, labels, table_labels, fonts)
    canvas.showPage()


def worksheet_pdf(
    *,
    title: str,
    labels: ChartLabels,
    table_labels: Mapping[str, str],
    rows: Sequence[tuple[int, int | None]] = (),
    row_count: int = 24,
    page_size: str = "A4",
    fonts: FontSet = STANDARD_FONTS,
) -> bytes:
    """A blank curve worksheet for pupils, landscape, as PDF bytes.

    The empty grid (with the game marks and the guideline, faint) and a table with
    ``row_count`` rows to fill in, or one per entry of ``rows`` if there are more.
    ``rows`` pre-fills (board number, our points) pairs in order; points may be None to
    leave them for the pupil. Rows that do not fit one page go on over more pages, each
    with its own grid. ``table_labels`` needs the keys in :data:`WORKSHEET_TABLE_KEYS`
    and may have ``"instructions"``, printed under the grid.
    """
    _require(table_labels, WORKSHEET_TABLE_KEYS)
    _check_rows(rows, row_count)
    size = landscape(resolve_page_size(page_size))
    total = max(row_count, len(rows))
    cells = [(str(board), "" if points is None else str(points), "", "") for board, points in rows]
    buffer = io.BytesIO()
    canvas = new_canvas(
        buffer, size, title=title or table_labels["worksheet"], language=translation.get_language()
    )
    draw_worksheet(
        canvas,
        title=title,
        labels=labels,
        table_labels=table_labels,
        cells=cells,
        row_count=total,
        page_size=page_size,
        fonts=fonts,
    )
    canvas.save()
    return buffer.getvalue()


#: A worksheet row as printed: board, our points, contract, tricks ("" left to fill in).
WorksheetCells = tuple[str, str, str, str]


def _worksheet_geometry(
    size: tuple[float, float], table_labels: Mapping[str, str], fonts: FontSet
) -> tuple[Rect, Rect, int]:
    """The chart's box, the table's box and how many rows fit the table."""
    area = content_area(size)
    table_width = min(_WORKSHEET_TABLE_WIDTH, area.width * 0.32)
    chart = Rect(area.x, area.y, area.width - table_width - _GAP, area.height)
    table = Rect(chart.right + _GAP, area.y, table_width, area.height - 6)
    fit = max(1, int(table.height // MIN_WRITING_ROW) - 1)  # less the heading row
    return chart, table, fit


def worksheet_page_count(
    row_count: int,
    *,
    page_size: str = "A4",
    table_labels: Mapping[str, str],
    fonts: FontSet = STANDARD_FONTS,
) -> int:
    """The pages a worksheet of ``row_count`` rows takes."""
    size = landscape(resolve_page_size(page_size))
    return page_count(row_count, _worksheet_geometry(size, table_labels, fonts)[2])


def draw_worksheet(
    canvas: Canvas,
    *,
    title: str,
    labels: ChartLabels,
    table_labels: Mapping[str, str],
    cells: Sequence[WorksheetCells],
    row_count: int,
    page_size: str = "A4",
    fonts: FontSet = STANDARD_FONTS,
    kind: str | None = None,
    dots: CurveStats | None = None,
    first_page: int = 1,
    pages: int | None = None,
) -> None:
    """The worksheet's landscape pages on ``canvas``: ``row_count`` rows, the first
    ``len(cells)`` filled in with ``cells``. ``dots`` puts deals on the grid (the
    answers); ``kind`` replaces the running header's "Curve worksheet"; a longer
    document numbers the pages from ``first_page`` of ``pages``."""
    _require(table_labels, WORKSHEET_TABLE_KEYS)
    size = landscape(resolve_page_size(page_size))
    kind = kind or table_labels["worksheet"]
    chart, table, fit = _worksheet_geometry(size, table_labels, fonts)
    total = max(row_count, len(cells))
    own_pages = page_count(total, fit)
    # Shared out evenly: 40 rows are 20 + 20, not 29 + 11.
    per_page = page_count(total, own_pages)
    shown = dots if dots is not None else curve_stats([])
    for page in range(own_pages):
        canvas.setPageSize(size)
        draw_page_header(
            canvas,
            size,
            title=title,
            kind=kind,
            page=first_page + page,
            pages=pages if pages is not None else own_pages,
            fonts=fonts,
        )
        first = page * per_page
        on_page = min(per_page, total - first)
        _Chart(
            canvas, chart, labels, fonts, worksheet=True, note=table_labels.get("instructions")
        ).draw(shown)
        _draw_worksheet_table(
            canvas,
            table,
            table_labels,
            [cells[i] if i < len(cells) else None for i in range(first, first + on_page)],
            fonts,
        )
        canvas.showPage()


def _require(table_labels: Mapping[str, str], keys: Sequence[str]) -> None:
    missing = [key for key in keys if key not in table_labels]
    if missing:
        raise ValueError(f"table_labels lacks {', '.join(map(repr, missing))}.")


def _check_rows(rows: Sequence[tuple[int, int | None]], row_count: int) -> None:
    if isinstance(row_count, bool) or not isinstance(row_count, int) or row_count < 0:
        raise ValueError(f"row_count must be a whole number, 0 or more; got {row_count!r}.")
    for index, row in enumerate(rows):
        board, points = row
        if isinstance(board, bool) or not isinstance(board, int) or board < 1:
            raise ValueError(f"Row {index}: the board number must be 1 or more; got {board!r}.")
        if points is not None and (
            isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= 40
        ):
            raise ValueError(f"Row {index}: points must be from 0 to 40 or None; got {points!r}.")


# -- The chart ------------------------------------------------------------------------------

_TICK_SIZE = 8.0
_AXIS_SIZE = 9.5
_MARK_SIZE = 9.0
_LEGEND_SIZE = 9.0
_COUNT_SIZE = 7.5


@dataclass
class _Chart:
    """The chart drawn in ``box``: points across, tricks up, the marks and the legend.

    ``worksheet`` draws the empty grid a pupil dots in by hand: darker grid lines, the
    marks fainter, no legend, and ``note`` (instructions) where the legend would be.
    """

    canvas: Canvas
    box: Rect
    labels: ChartLabels
    fonts: FontSet
    worksheet: bool
    note: str | None = None

    def __post_init__(self) -> None:
        box = self.box
        widest = max(
            text_width(self.labels.game(family), self.fonts.regular, _MARK_SIZE, self.fonts)
            for family, _tricks in GAME_MARKS
        )
        # Below the plot: the HCP numbers, the axis label and a line for the legend.
        bottom = 62.0
        self.plot = Rect(
            box.x + 40,
            box.y + bottom,
            box.width - 40 - max(52.0, widest + 14),
            box.height - bottom - 24,
        )

    def x(self, hcp: float) -> float:
        return self.plot.x + hcp_fraction(hcp) * self.plot.width

    def y(self, tricks: float) -> float:
        return self.plot.y + tricks_fraction(tricks) * self.plot.height

    @property
    def unit(self) -> float:
        """The smaller of one HCP's width and one trick's height."""
        return min(self.plot.width / (MAX_HCP - MIN_HCP + 1), self.plot.height / (MAX_TRICKS + 1))

    def draw(self, stats: CurveStats) -> None:
        canvas = self.canvas
        canvas.saveState()
        self._grid()
        self._game_marks()
        self._guideline()
        self._dots(stats)
        if stats.reference is not None:
            self._line(stats.reference_line, REFERENCE_COLOUR, 2.0, REFERENCE_DASH)
        self._line(stats.mean_line, MEAN_COLOUR, 2.4, None)
        self._mean_marks(stats)
        self._dot_counts(stats)
        if stats.total == 0 and not self.worksheet:
            self._empty()
        if self.worksheet:
            if self.note:
                draw_text(
                    canvas,
                    self.plot.x,
                    self.box.y + 6,
                    self.note,
                    font=self.fonts.regular,
                    size=_LEGEND_SIZE,
                    fonts=self.fonts,
                    colour=GREY,
                    max_width=self.box.right - self.plot.x,
                )
        else:
            self._legend(stats)
        canvas.restoreState()

    def _grid(self) -> None:
        canvas, plot, fonts = self.canvas, self.plot, self.fonts
        canvas.setLineWidth(0.6 if self.worksheet else 0.5)
        canvas.setStrokeColor(_WORKSHEET_GRID if self.worksheet else _CHART_GRID)
        for hcp in range(MIN_HCP, MAX_HCP + 1):
            canvas.line(self.x(hcp), plot.y, self.x(hcp), plot.top)
        for tricks in range(MAX_TRICKS + 1):
            canvas.line(plot.x, self.y(tricks), plot.right, self.y(tricks))
        canvas.setStrokeColor(_colour(AXIS_COLOUR))
        canvas.setLineWidth(0.9)
        canvas.rect(plot.x, plot.y, plot.width, plot.height, stroke=1, fill=0)
        for hcp in range(MIN_HCP, MAX_HCP + 1):
            draw_text(
                canvas,
                self.x(hcp),
                plot.y - 11,
                str(hcp),
                font=fonts.regular,
                size=_TICK_SIZE,
                fonts=fonts,
                align="centre",
            )
        for tricks in range(MAX_TRICKS + 1):
            draw_text(
                canvas,
                plot.x - 5,
                self.y(tricks) - _TICK_SIZE / 3,
                str(tricks),
                font=fonts.regular,
                size=_TICK_SIZE,
                fonts=fonts,
                align="right",
            )
        draw_text(
            canvas,
            plot.x + plot.width / 2,
            plot.y - 27,
            self.labels.x_axis,
            font=fonts.bold,
            size=_AXIS_SIZE,
            fonts=fonts,
            align="centre",
            max_width=plot.width,
        )
        canvas.saveState()
        canvas.translate(self.box.x + 12, plot.y + plot.height / 2)
        canvas.rotate(90)
        draw_text(
            canvas,
            0,
            0,
            self.labels.y_axis,
            font=fonts.bold,
            size=_AXIS_SIZE,
            fonts=fonts,
            align="centre",
            max_width=plot.height,
        )
        canvas.restoreState()

    def _game_marks(self) -> None:
        canvas, plot = self.canvas, self.plot
        for family, tricks in GAME_MARKS:
            y = self.y(tricks)
            canvas.setStrokeColor(_colour(GAME_COLOUR))
            canvas.setLineWidth(0.8 if self.worksheet else 1.1)
            canvas.line(plot.x, y, plot.right + 4, y)
            draw_text(
                canvas,
                plot.right + 7,
                y - _MARK_SIZE / 3,
                self.labels.game(family),
                font=self.fonts.regular,
                size=_MARK_SIZE,
                fonts=self.fonts,
                max_width=self.box.right - plot.right - 7,
            )

    def _guideline(self) -> None:
        canvas, plot, fonts = self.canvas, self.plot, self.fonts
        x = self.x(GAME_GUIDELINE_HCP)
        canvas.setStrokeColor(_colour(GUIDELINE_COLOUR))
        canvas.setLineWidth(1.0 if self.worksheet else 1.4)
        canvas.setDash(*GUIDELINE_DASH)
        canvas.line(x, plot.y, x, plot.top + 5)
        canvas.setDash()
        label = self.labels.guideline
        half = text_width(label, fonts.bold, _MARK_SIZE, fonts) / 2
        centre = min(max(x, self.box.x + half), self.box.right - half)
        draw_text(
            canvas,
            centre,
            plot.top + 9,
            label,
            font=fonts.bold,
            size=_MARK_SIZE,
            fonts=fonts,
            colour=_colour(GUIDELINE_COLOUR),
            align="centre",
            max_width=self.box.width,
        )

    def _dots(self, stats: CurveStats) -> None:
        canvas = self.canvas
        canvas.setFillColor(_colour(DOT_COLOUR))
        canvas.setStrokeColor(WHITE)
        canvas.setLineWidth(0.8)
        for dot in stats.dots:
            radius = dot_radius(dot.count, self.unit, stats.max_count)
            canvas.circle(self.x(dot.hcp), self.y(dot.tricks), radius, stroke=1, fill=1)

    def _dot_counts(self, stats: CurveStats) -> None:
        canvas = self.canvas
        for dot in stats.dots:
            if dot.count > 1:
                # The middle of the dot again, over the lines, so the number stays legible
                # where the mean line crosses it.
                radius = dot_radius(dot.count, self.unit, stats.max_count) * 0.62
                canvas.setFillColor(_colour(DOT_COLOUR))
                canvas.circle(self.x(dot.hcp), self.y(dot.tricks), radius, stroke=0, fill=1)
                draw_text(
                    self.canvas,
                    self.x(dot.hcp),
                    self.y(dot.tricks) - _COUNT_SIZE * 0.35,
                    str(dot.count),
                    font=self.fonts.bold,
                    size=_COUNT_SIZE,
                    fonts=self.fonts,
                    colour=WHITE,
                    align="centre",
                )

    def _line(
        self,
        line: Sequence[tuple[int, float]],
        colour: str,
        width: float,
        dash: tuple[float, float] | None,
    ) -> None:
        if len(line) < 2:
            return
        canvas = self.canvas
        canvas.setStrokeColor(_colour(colour))
        canvas.setLineWidth(width)
        canvas.setLineJoin(1)
        canvas.setLineCap(0 if dash else 1)
        if dash:
            canvas.setDash(*dash)
        path = canvas.beginPath()
        (hcp, tricks), *rest = line
        path.moveTo(self.x(hcp), self.y(tricks))
        for hcp, tricks in rest:
            path.lineTo(self.x(hcp), self.y(tricks))
        canvas.drawPath(path, stroke=1, fill=0)
        canvas.setDash()

    def _mean_marks(self, stats: CurveStats) -> None:
        canvas = self.canvas
        canvas.setFillColor(_colour(MEAN_COLOUR))
        side = MEAN_MARK * 0.75
        for hcp, tricks in stats.mean_line:
            canvas.rect(self.x(hcp) - side / 2, self.y(tricks) - side / 2, side, side, 0, 1)

    def _empty(self) -> None:
        canvas, plot, fonts = self.canvas, self.plot, self.fonts
        text = self.labels.empty
        size = 12.0
        width = min(text_width(text, fonts.regular, size, fonts) + 20, plot.width - 20)
        cx, cy = plot.x + plot.width / 2, plot.y + plot.height / 2
        canvas.setFillColor(WHITE)
        canvas.setStrokeColor(LIGHT_GREY)
        canvas.setLineWidth(0.6)
        canvas.roundRect(cx - width / 2, cy - 11, width, 24, 4, stroke=1, fill=1)
        draw_text(
            canvas,
            cx,
            cy - 3,
            text,
            font=fonts.regular,
            size=size,
            fonts=fonts,
            align="centre",
            max_width=width - 10,
        )

    def _legend(self, stats: CurveStats) -> None:
        entries: list[tuple[str, str]] = []
        if stats.dots and self.labels.dots:
            entries.append(("dot", self.labels.dots))
        if stats.mean_line:
            entries.append(("mean", self.labels.mean))
        if stats.reference is not None:
            entries.append(("reference", self.labels.reference(stats.reference)))
        if not entries:
            return
        canvas, fonts = self.canvas, self.fonts
        swatch, gap = 24.0, 16.0
        widths = [
            swatch + 5 + text_width(label, fonts.regular, _LEGEND_SIZE, fonts)
            for _kind, label in entries
        ]
        room = self.box.right - self.plot.x
        # One line, shrunk to fit if the translations are long.
        scale = min(1.0, (room - gap * (len(entries) - 1)) / sum(widths))
        x, y = self.plot.x, self.box.y + 6
        for (kind, label), width in zip(entries, widths, strict=True):
            mid = y + _LEGEND_SIZE / 3
            if kind == "dot":
                canvas.setFillColor(_colour(DOT_COLOUR))
                canvas.circle(x + swatch - 6, mid, dot_radius(1, self.unit), stroke=0, fill=1)
            else:
                colour = MEAN_COLOUR if kind == "mean" else REFERENCE_COLOUR
                canvas.setStrokeColor(_colour(colour))
                canvas.setLineWidth(2.2)
                if kind == "reference":
                    canvas.setDash(*REFERENCE_DASH)
                canvas.line(x, mid, x + swatch, mid)
                canvas.setDash()
                if kind == "mean":
                    side = MEAN_MARK * 0.75
                    canvas.setFillColor(_colour(MEAN_COLOUR))
                    canvas.rect(x + swatch / 2 - side / 2, mid - side / 2, side, side, 0, 1)
            draw_text(
                canvas,
                x + swatch + 5,
                y,
                label,
                font=fonts.regular,
                size=_LEGEND_SIZE,
                fonts=fonts,
                max_width=(width - swatch - 5) * scale,
            )
            x += width * scale + gap


# -- The tables -----------------------------------------------------------------------------

_TABLE_SIZE = 9.5
_HEAD_SIZE = 8.5


@dataclass(frozen=True)
class _Column:
    key: str
    share: float
    align: Align


def _draw_curve_table(
    canvas: Canvas,
    box: Rect,
    stats: CurveStats,
    labels: ChartLabels,
    table_labels: Mapping[str, str],
    fonts: FontSet,
) -> None:
    """Per point count with results: deals, average tricks, games bid, games made."""
    columns = [
        _Column("hcp", 0.18, "centre"),
        _Column("count", 0.18, "centre"),
        _Column("mean", 0.24, "centre"),
        _Column("games_chosen", 0.2, "centre"),
        _Column("games_made", 0.2, "centre"),
    ]
    body: list[list[str]] = [
        [
            str(row.hcp),
            str(row.count),
            "" if row.mean_tricks is None else decimal_text(row.mean_tricks, 1, strip=False),
            str(row.games_chosen),
            str(row.games_made),
        ]
        for row in stats.with_results
    ]
    total = None
    if "total" in table_labels and body:
        total = [
            table_labels["total"],
            str(stats.total),
            "",
            str(stats.games_chosen),
            str(stats.games_made),
        ]
    head_height = _head_height(columns, box.width, table_labels, fonts)
    lines = max(1, len(body) + (total is not None))
    row_height = min(19.0, (box.height - head_height) / lines)
    top = box.top
    _draw_head(canvas, box.x, top, box.width, head_height, columns, table_labels, fonts)
    y = top - head_height
    if not body:
        draw_text(
            canvas,
            box.x + box.width / 2,
            y - row_height + 6,
            labels.empty,
            font=fonts.regular,
            size=_TABLE_SIZE,
            fonts=fonts,
            colour=GREY,
            align="centre",
            max_width=box.width - 8,
        )
        _rule(canvas, box.x, y - row_height, box.width, LIGHT_GREY)
        return
    for index, cells in enumerate(body):
        if index % 2:
            canvas.setFillColor(_STRIPE)
            canvas.rect(box.x, y - row_height, box.width, row_height, stroke=0, fill=1)
        _draw_cells(canvas, box.x, y, box.width, row_height, columns, cells, fonts, bold=False)
        y -= row_height
    _rule(canvas, box.x, y, box.width, GREY)
    if total is not None:
        _draw_cells(canvas, box.x, y, box.width, row_height, columns, total, fonts, bold=True)


def _draw_worksheet_table(
    canvas: Canvas,
    box: Rect,
    table_labels: Mapping[str, str],
    rows: Sequence[WorksheetCells | None],
    fonts: FontSet,
) -> None:
    """Columns to fill in by hand, with what is known printed (the board number and
    points; on the answer page everything)."""
    columns = [
        _Column("board", 0.22, "centre"),
        _Column("our_points", 0.26, "centre"),
        _Column("contract", 0.3, "centre"),
        _Column("tricks", 0.22, "centre"),
    ]
    head_height = _head_height(columns, box.width, table_labels, fonts)
    row_height = min(MAX_WRITING_ROW, (box.height - head_height) / max(len(rows), 1))
    top = box.top
    _draw_head(canvas, box.x, top, box.width, head_height, columns, table_labels, fonts)
    y = top - head_height
    for row in rows:
        cells = list(row) if row is not None else ["", "", "", ""]
        _draw_cells(canvas, box.x, y, box.width, row_height, columns, cells, fonts, bold=False)
        y -= row_height
        _rule(canvas, box.x, y, box.width, _WORKSHEET_GRID)
    # Column lines, so each answer has its box.
    canvas.setStrokeColor(_WORKSHEET_GRID)
    canvas.setLineWidth(0.6)
    x = box.x
    for column in columns[:-1]:
        x += column.share * box.width
        canvas.line(x, y, x, top - head_height)
    canvas.rect(box.x, y, box.width, top - head_height - y, stroke=1, fill=0)


def _head_height(
    columns: Sequence[_Column], width: float, table_labels: Mapping[str, str], fonts: FontSet
) -> float:
    lines = max(
        len(_wrap(table_labels[column.key], column.share * width - 4, fonts)) for column in columns
    )
    return 8 + lines * (_HEAD_SIZE + 1.5)


def _wrap(text: str, width: float, fonts: FontSet) -> list[str]:
    """``text`` broken into lines no wider than ``width`` (at most three)."""
    lines: list[str] = simpleSplit(fonts.clean(text), fonts.bold, _HEAD_SIZE, width) or [""]
    return lines[:3]


def _draw_head(
    canvas: Canvas,
    x: float,
    top: float,
    width: float,
    height: float,
    columns: Sequence[_Column],
    table_labels: Mapping[str, str],
    fonts: FontSet,
) -> None:
    """The column headings, wrapped over as many lines as the longest needs, on the
    bottom line of the heading row, and a rule under them."""
    left = x
    for column in columns:
        cell_width = column.share * width
        lines = _wrap(table_labels[column.key], cell_width - 4, fonts)
        baseline = top - height + 5 + (len(lines) - 1) * (_HEAD_SIZE + 1.5)
        for line in lines:
            draw_text(
                canvas,
                left + cell_width / 2,
                baseline,
                line,
                font=fonts.bold,
                size=_HEAD_SIZE,
                fonts=fonts,
                align="centre",
                max_width=cell_width - 2,
            )
            baseline -= _HEAD_SIZE + 1.5
        left += cell_width
    _rule(canvas, x, top - height, width, BLACK, 0.9)


def _draw_cells(
    canvas: Canvas,
    x: float,
    top: float,
    width: float,
    height: float,
    columns: Sequence[_Column],
    cells: Sequence[str],
    fonts: FontSet,
    *,
    bold: bool,
) -> None:
    baseline = top - height / 2 - _TABLE_SIZE / 3
    left = x
    for column, text in zip(columns, cells, strict=True):
        cell_width = column.share * width
        anchor = {"left": left + 4, "centre": left + cell_width / 2, "right": left + cell_width - 4}
        if text:
            draw_text(
                canvas,
                anchor[column.align],
                baseline,
                text,
                font=fonts.bold if bold else fonts.regular,
                size=_TABLE_SIZE,
                fonts=fonts,
                align=column.align,
                max_width=cell_width - 4,
            )
        left += cell_width


def _rule(
    canvas: Canvas, x: float, y: float, width: float, colour: Color, line_width: float = 0.5
) -> None:
    canvas.setStrokeColor(colour)
    canvas.setLineWidth(line_width)
    canvas.line(x, y, x + width, y)
