"""The curve sheet's chart as a server-rendered SVG string.

:func:`curve_svg` draws :class:`~scoring.curves.CurveStats` as a scatter chart: the
declaring side's combined points (21–40) across, the tricks declarer won (0–13) up,
one dot per (points, tricks) sized by how many deals landed there, the mean line (the
curve the pupils are discovering), the double-dummy reference line (dashed), the
tricks a game needs (9, 10, 11) and the 25-point guideline.

The SVG needs nothing from outside: no JavaScript, no web fonts, no stylesheet (every
colour and size is an attribute), and a ``viewBox`` without a fixed width, so it fills
its container and scales to any screen or projector. ``role="img"`` with ``<title>``
and ``<desc>`` gives screen readers the title and the figures in words.

No Django here: the caller passes every word, already translated, in
:class:`ChartLabels`. The colours are Paul Tol's colour-blind-safe "vibrant" set, and
every line also differs in form (solid, dashed, dotted), so the chart survives colour
blindness and black-and-white printing. :mod:`tournaments.printing.curves` draws the
same chart for paper with the same colours and geometry.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from scoring.curves import (
    GAME_GUIDELINE_HCP,
    GAME_TARGETS,
    MAX_HCP,
    MAX_TRICKS,
    MIN_HCP,
    CurveStats,
)

# -- Shared with the PDF ------------------------------------------------------------------

#: Dots: a dark grey that prints well, white count inside.
DOT_COLOUR = "#555555"
#: The mean line: Tol's blue, solid.
MEAN_COLOUR = "#0077BB"
#: The double-dummy reference: Tol's orange, dashed.
REFERENCE_COLOUR = "#EE7733"
#: The game targets: mid grey, solid and thin.
GAME_COLOUR = "#888888"
#: The 25-point guideline: Tol's teal, dotted.
GUIDELINE_COLOUR = "#009988"
GRID_COLOUR = "#DDDDDD"
AXIS_COLOUR = "#333333"
TEXT_COLOUR = "#222222"
#: Red suit symbols, as on the printed boards (tournaments.printing.common.SUIT_COLOURS).
RED_SUIT_COLOUR = "#CC3311"
RED_SUITS = frozenset("♥♦")

#: Dots reach full size at this count, or at the chart's biggest count if that is more.
DOT_SCALE_MIN = 5
#: The side of the squares marking each mean on the mean line.
MEAN_MARK = 6.0
#: The dash patterns, in units of the line width's scale (SVG user units / PDF points).
REFERENCE_DASH = (7.0, 4.0)
GUIDELINE_DASH = (2.0, 3.0)

#: Which horizontal mark each game target gets, in the order drawn (bottom up).
GAME_MARKS: tuple[tuple[str, int], ...] = tuple(GAME_TARGETS.items())


@dataclass(frozen=True)
class ChartLabels:
    """The words on a curve chart, already translated by the caller.

    Suit symbols (``"game in ♥/♠"``) are welcome: red suits are drawn in red.
    ``dots`` is the legend entry for the dots (e.g. "Deals (number: how many)") and is
    left out of the legend when empty. ``decimal_mark`` is used when the means are
    written out in the chart's description for screen readers.
    """

    x_axis: str
    y_axis: str
    mean: str
    reference_played: str
    reference_best: str
    game_nt: str
    game_major: str
    game_minor: str
    guideline: str
    empty: str
    dots: str = ""
    decimal_mark: str = "."

    def game(self, family: str) -> str:
        """The label of the game mark for ``"NT"``, ``"major"`` or ``"minor"``."""
        return {"NT": self.game_nt, "major": self.game_major, "minor": self.game_minor}[family]

    def reference(self, reference: str) -> str:
        """The label of the reference line ``"played"`` or ``"best"``."""
        return self.reference_played if reference == "played" else self.reference_best


def dot_radius(count: int, unit: float, max_count: int = 1) -> float:
    """The radius of a dot for ``count`` deals on a chart whose biggest dot holds
    ``max_count``; ``unit`` is the smaller of the spacing between two HCPs and between
    two tricks.

    One deal gets the smallest dot and the biggest count (or 5, whichever is more) a
    dot just short of touching its neighbours; in between the area grows with the
    count. The number written on every dot of two or more says the rest.
    """
    smallest, largest = 0.22 * unit, 0.47 * unit
    scale = max(max_count, DOT_SCALE_MIN) - 1
    share = min(1.0, max(count - 1, 0) / scale)
    return smallest + (largest - smallest) * math.sqrt(share)


def hcp_fraction(hcp: float) -> float:
    """Where ``hcp`` sits across the plot, 0 at the left edge and 1 at the right; the
    HCPs sit in the middle of their columns, so a dot at 21 or 40 is never cut."""
    return (hcp - MIN_HCP + 0.5) / (MAX_HCP - MIN_HCP + 1)


def tricks_fraction(tricks: float) -> float:
    """Where ``tricks`` sits up the plot, 0 at the bottom edge and 1 at the top."""
    return (tricks + 0.5) / (MAX_TRICKS + 1)


def suit_runs(text: str) -> Iterator[tuple[str, bool]]:
    """Split ``text`` into runs, each flagged True when it is one red suit symbol."""
    plain = ""
    for char in text:
        if char in RED_SUITS:
            if plain:
                yield plain, False
                plain = ""
            yield char, True
        else:
            plain += char
    if plain:
        yield plain, False


def format_number(value: float, decimal_mark: str = ".") -> str:
    """``value`` with one decimal: ``8.7``, or ``8,7`` with ``decimal_mark=","``."""
    return f"{value:.1f}".replace(".", decimal_mark)


# -- The SVG ------------------------------------------------------------------------------

WIDTH = 760.0
_LEFT = 62.0
_TOP = 36.0
#: One trick's height; the plot is 14 of them (0–13 plus half a step either end).
_TRICK_STEP = 25.0
_PLOT_HEIGHT = _TRICK_STEP * (MAX_TRICKS + 1)
# The smallest text (the dots' counts) is 12.5 units, so at the chart's narrowest on a
# tablet (about 745 px across for its 760 units) no text is under 12 px.
_FONT = 14.0
_SMALL = 13.0
_COUNT = 12.5
_LEGEND_ROW = 22.0
_LEGEND_SWATCH = 30.0


def curve_svg(stats: CurveStats, *, title: str, labels: ChartLabels) -> str:
    """The curve chart of ``stats`` as an SVG document (a string, no XML declaration, so
    it can be written straight into an HTML page or saved as a ``.svg`` file).

    With no results the axes, the game marks and the guideline are drawn with
    ``labels.empty`` in the middle.

    >>> from scoring.curves import CurvePoint, curve_stats
    >>> labels = ChartLabels("Points", "Tricks", "Average", "Played", "Best", "NT",
    ...                      "♥/♠", "♣/♦", "25 points", "No results yet")
    >>> svg = curve_svg(curve_stats([CurvePoint(25, 9, "game", True)]),
    ...                 title="6B", labels=labels)
    >>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    True
    """
    chart = _Chart(stats, labels)
    return chart.render(title)


class _Chart:
    """The geometry of one chart and the SVG elements drawn on it."""

    def __init__(self, stats: CurveStats, labels: ChartLabels) -> None:
        self.stats = stats
        self.labels = labels
        game_labels = [labels.game(family) for family, _ in GAME_MARKS]
        # The game marks are labelled in a margin right of the plot, wide enough for the
        # longest label (translations vary), so no label ever covers a dot; but never so
        # wide that the plot itself gets cramped.
        widest = max(_text_width(text, _FONT) for text in game_labels)
        right = min(240.0, max(72.0, widest + 18.0))
        self.plot_left = _LEFT
        self.plot_right = WIDTH - right
        self.plot_top = _TOP
        self.plot_bottom = _TOP + _PLOT_HEIGHT
        self.hcp_step = (self.plot_right - self.plot_left) / (MAX_HCP - MIN_HCP + 1)
        self.elements: list[str] = []

    # Coordinates.

    def x(self, hcp: float) -> float:
        return self.plot_left + hcp_fraction(hcp) * (self.plot_right - self.plot_left)

    def y(self, tricks: float) -> float:
        return self.plot_bottom - tricks_fraction(tricks) * _PLOT_HEIGHT

    # Drawing.

    def render(self, title: str) -> str:
        self._grid()
        self._game_marks()
        self._guideline()
        self._dots()
        if self.stats.reference is not None:
            self._line(
                self.stats.reference_line,
                colour=REFERENCE_COLOUR,
                width=2.5,
                dash=REFERENCE_DASH,
                css="curve-reference",
                reference=self.stats.reference,
            )
        self._line(self.stats.mean_line, colour=MEAN_COLOUR, width=3.0, css="curve-mean")
        self._mean_marks()
        self._dot_counts()
        if self.stats.total == 0:
            self._empty()
        height = self._legend(self.plot_bottom + 62.0)
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(WIDTH)} {_n(height)}" '
            f'role="img" font-family="Helvetica, Arial, sans-serif" font-size="{_n(_FONT)}" '
            f'fill="{TEXT_COLOUR}" class="curve-chart">'
        )
        return "\n".join(
            [
                head,
                f"<title>{escape(title)}</title>",
                f"<desc>{escape(self._description())}</desc>",
                f'<rect x="0" y="0" width="{_n(WIDTH)}" height="{_n(height)}" fill="#FFFFFF"/>',
                *self.elements,
                "</svg>",
            ]
        )

    def _add(self, element: str) -> None:
        self.elements.append(element)

    def _grid(self) -> None:
        left, right, top, bottom = self.plot_left, self.plot_right, self.plot_top, self.plot_bottom
        lines = []
        for hcp in range(MIN_HCP, MAX_HCP + 1):
            x = self.x(hcp)
            lines.append(f'<line x1="{_n(x)}" y1="{_n(top)}" x2="{_n(x)}" y2="{_n(bottom)}"/>')
        for tricks in range(MAX_TRICKS + 1):
            y = self.y(tricks)
            lines.append(f'<line x1="{_n(left)}" y1="{_n(y)}" x2="{_n(right)}" y2="{_n(y)}"/>')
        self._add(
            f'<g class="curve-grid" stroke="{GRID_COLOUR}" stroke-width="1">{"".join(lines)}</g>'
        )
        self._add(
            f'<rect class="curve-frame" x="{_n(left)}" y="{_n(top)}" width="{_n(right - left)}" '
            f'height="{_n(bottom - top)}" fill="none" stroke="{AXIS_COLOUR}" stroke-width="1.2"/>'
        )
        ticks = [
            _text(str(hcp), self.x(hcp), bottom + 16, anchor="middle", size=_SMALL)
            for hcp in range(MIN_HCP, MAX_HCP + 1)
        ]
        ticks += [
            _text(str(tricks), left - 8, self.y(tricks) + 4, anchor="end", size=_SMALL)
            for tricks in range(MAX_TRICKS + 1)
        ]
        self._add(f'<g class="curve-ticks">{"".join(ticks)}</g>')
        x_label = _text(
            self.labels.x_axis, (left + right) / 2, bottom + 36, anchor="middle", bold=True
        )
        middle = (top + bottom) / 2
        y_label = _text(
            self.labels.y_axis,
            18,
            middle,
            anchor="middle",
            bold=True,
            extra=f' transform="rotate(-90 18 {_n(middle)})"',
        )
        self._add(f'<g class="curve-axis-labels">{x_label}{y_label}</g>')

    def _game_marks(self) -> None:
        for family, tricks in GAME_MARKS:
            y = self.y(tricks)
            label = self.labels.game(family)
            self._add(
                f'<g class="curve-game" data-tricks="{tricks}">'
                f'<line x1="{_n(self.plot_left)}" y1="{_n(y)}" x2="{_n(self.plot_right + 6)}" '
                f'y2="{_n(y)}" stroke="{GAME_COLOUR}" stroke-width="1.5"/>'
                f"{_text(label, self.plot_right + 10, y + 4)}</g>"
            )

    def _guideline(self) -> None:
        x = self.x(GAME_GUIDELINE_HCP)
        label = self.labels.guideline
        text_y = self.plot_top - 13
        # Centred over the line, but kept inside the picture.
        half = _text_width(label, _FONT) / 2
        centre = min(max(x, half + 4), WIDTH - half - 4)
        self._add(
            f'<g class="curve-guideline" data-hcp="{GAME_GUIDELINE_HCP}">'
            f'<line x1="{_n(x)}" y1="{_n(self.plot_top - 8)}" x2="{_n(x)}" '
            f'y2="{_n(self.plot_bottom)}" stroke="{GUIDELINE_COLOUR}" stroke-width="2" '
            f'stroke-dasharray="{_dash(GUIDELINE_DASH)}"/>'
            f"{_text(label, centre, text_y, anchor='middle', fill=GUIDELINE_COLOUR, bold=True)}"
            "</g>"
        )

    def _unit(self) -> float:
        return min(self.hcp_step, _TRICK_STEP)

    def _dots(self) -> None:
        circles = [
            f'<circle class="curve-dot" data-hcp="{dot.hcp}" data-tricks="{dot.tricks}" '
            f'data-count="{dot.count}" cx="{_n(self.x(dot.hcp))}" cy="{_n(self.y(dot.tricks))}" '
            f'r="{_n(dot_radius(dot.count, self._unit(), self.stats.max_count))}"/>'
            for dot in self.stats.dots
        ]
        if circles:
            self._add(
                f'<g class="curve-dots" fill="{DOT_COLOUR}" fill-opacity="0.9" '
                f'stroke="#FFFFFF" stroke-width="1">{"".join(circles)}</g>'
            )

    def _dot_counts(self) -> None:
        counts = [
            _text(
                str(dot.count),
                self.x(dot.hcp),
                self.y(dot.tricks) + 3.5,
                anchor="middle",
                size=_COUNT,
                bold=True,
                fill="#FFFFFF",
                css="curve-dot-count",
                # A dark halo keeps the number readable where a line crosses the dot.
                extra=(
                    f' data-hcp="{dot.hcp}" data-tricks="{dot.tricks}" stroke="{DOT_COLOUR}" '
                    'stroke-width="2.5" paint-order="stroke"'
                ),
            )
            for dot in self.stats.dots
            if dot.count > 1
        ]
        if counts:
            self._add(f'<g class="curve-dot-counts">{"".join(counts)}</g>')

    def _line(
        self,
        line: Sequence[tuple[int, float]],
        *,
        colour: str,
        width: float,
        css: str,
        dash: tuple[float, float] | None = None,
        reference: str | None = None,
    ) -> None:
        if not line:
            return
        points = " ".join(f"{_n(self.x(hcp))},{_n(self.y(tricks))}" for hcp, tricks in line)
        dashed = f' stroke-dasharray="{_dash(dash)}"' if dash else ""
        which = f' data-reference="{reference}"' if reference else ""
        self._add(
            f'<polyline class="{css}"{which} points="{points}" fill="none" stroke="{colour}" '
            f'stroke-width="{_n(width)}" stroke-linejoin="round" stroke-linecap="round"{dashed}/>'
        )

    def _mean_marks(self) -> None:
        # Small squares on the mean line, so one lone mean still shows and each point of
        # the curve can be read off against the grid. Filled and smaller than a dot, so a
        # dot under a mean still shows round it.
        side = MEAN_MARK
        squares = [
            f'<rect x="{_n(self.x(hcp) - side / 2)}" y="{_n(self.y(tricks) - side / 2)}" '
            f'width="{_n(side)}" height="{_n(side)}"/>'
            for hcp, tricks in self.stats.mean_line
        ]
        if squares:
            self._add(f'<g class="curve-mean-marks" fill="{MEAN_COLOUR}">{"".join(squares)}</g>')

    def _empty(self) -> None:
        text = self.labels.empty
        width = _text_width(text, 16.0) + 24
        cx, cy = (self.plot_left + self.plot_right) / 2, (self.plot_top + self.plot_bottom) / 2
        self._add(
            f'<g class="curve-empty"><rect x="{_n(cx - width / 2)}" y="{_n(cy - 16)}" '
            f'width="{_n(width)}" height="28" rx="4" fill="#FFFFFF" stroke="{GRID_COLOUR}"/>'
            f"{_text(text, cx, cy + 4, anchor='middle', size=16.0)}</g>"
        )

    def _legend(self, top: float) -> float:
        """Draw the legend from ``top`` down, wrapping as needed; return the picture's
        height."""
        entries: list[tuple[str, str]] = []
        if self.stats.dots and self.labels.dots:
            entries.append(("dot", self.labels.dots))
        if self.stats.mean_line:
            entries.append(("mean", self.labels.mean))
        if self.stats.reference is not None:
            entries.append(("reference", self.labels.reference(self.stats.reference)))
        x, y = self.plot_left, top
        items = []
        for kind, label in entries:
            width = _LEGEND_SWATCH + 8 + _text_width(label, _FONT)
            if x > self.plot_left and x + width > WIDTH - 10:
                x, y = self.plot_left, y + _LEGEND_ROW
            items.append(self._legend_entry(kind, label, x, y))
            x += width + 26
        if items:
            self._add(f'<g class="curve-legend">{"".join(items)}</g>')
            return y + 14
        return top - 10

    def _legend_entry(self, kind: str, label: str, x: float, y: float) -> str:
        mid, end = x + _LEGEND_SWATCH / 2, x + _LEGEND_SWATCH
        if kind == "dot":
            radius = dot_radius(1, self._unit())
            swatch = (
                f'<circle cx="{_n(end - 8)}" cy="{_n(y - 4)}" r="{_n(radius)}" '
                f'fill="{DOT_COLOUR}"/>'
            )
        else:
            colour = MEAN_COLOUR if kind == "mean" else REFERENCE_COLOUR
            dash = f' stroke-dasharray="{_dash(REFERENCE_DASH)}"' if kind == "reference" else ""
            swatch = (
                f'<line x1="{_n(x)}" y1="{_n(y - 4)}" x2="{_n(end)}" y2="{_n(y - 4)}" '
                f'stroke="{colour}" stroke-width="3"{dash}/>'
            )
            if kind == "mean":
                swatch += (
                    f'<rect x="{_n(mid - MEAN_MARK / 2)}" y="{_n(y - 4 - MEAN_MARK / 2)}" '
                    f'width="{_n(MEAN_MARK)}" height="{_n(MEAN_MARK)}" fill="{MEAN_COLOUR}"/>'
                )
        return f'<g class="curve-legend-{kind}">{swatch}{_text(label, end + 8, y)}</g>'

    def _description(self) -> str:
        """The chart in words for screen readers: the axes, every mean and the marks."""
        labels, mark = self.labels, self.labels.decimal_mark
        parts = [f"{labels.x_axis}: {MIN_HCP}–{MAX_HCP}", f"{labels.y_axis}: 0–{MAX_TRICKS}"]
        if self.stats.total == 0:
            parts.append(labels.empty)
        else:
            means = "; ".join(
                f"{hcp} → {format_number(tricks, mark)}" for hcp, tricks in self.stats.mean_line
            )
            parts.append(f"{labels.mean}: {means}")
        if self.stats.reference is not None:
            line = "; ".join(
                f"{hcp} → {format_number(tricks, mark)}"
                for hcp, tricks in self.stats.reference_line
            )
            parts.append(f"{labels.reference(self.stats.reference)}: {line}")
        parts += [f"{labels.game(family)}: {tricks}" for family, tricks in GAME_MARKS]
        parts.append(labels.guideline)
        # Each part a sentence, unless the translation already ends one.
        return " ".join(part if part.endswith((".", "!", "?")) else f"{part}." for part in parts)


# -- SVG helpers --------------------------------------------------------------------------


def _n(value: float) -> str:
    """A coordinate, rounded to 0.1 and without a trailing ``.0``."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _dash(dash: tuple[float, float] | None) -> str:
    return " ".join(_n(v) for v in dash or ())


def _attr(value: str) -> str:
    return escape(value, {'"': "&quot;"})


def _text(
    text: str,
    x: float,
    y: float,
    *,
    anchor: str = "start",
    size: float = _FONT,
    bold: bool = False,
    fill: str | None = None,
    css: str | None = None,
    extra: str = "",
) -> str:
    """A ``<text>`` element, escaped, with red suit symbols in ``<tspan>``\\ s."""
    attributes = f'x="{_n(x)}" y="{_n(y)}"'
    if anchor != "start":
        attributes += f' text-anchor="{anchor}"'
    if size != _FONT:
        attributes += f' font-size="{_n(size)}"'
    if bold:
        attributes += ' font-weight="bold"'
    if fill:
        attributes += f' fill="{_attr(fill)}"'
    if css:
        attributes += f' class="{_attr(css)}"'
    body = "".join(
        f'<tspan fill="{RED_SUIT_COLOUR}">{escape(run)}</tspan>' if red else escape(run)
        for run, red in suit_runs(text)
    )
    return f"<text {attributes}{extra}>{body}</text>"


def _text_width(text: str, size: float) -> float:
    """A generous guess at the width of ``text`` in a sans-serif font (no font metrics
    on the server): wide enough that labels never collide."""
    return 0.58 * size * len(text)


# -- A term's feedback, session by session ----------------------------------------------------

#: The three game figures' colours (Tol's vibrant teal and orange, and a light grey); the
#: bars also differ in fill (solid, hatched, outlined) and carry their count, so the
#: chart survives colour blindness and black-and-white printing.
BID_THERE_COLOUR = "#009988"
MISSED_COLOUR = "#EE7733"
COULD_NOT_COLOUR = "#BBBBBB"
#: The play figure's scale: tricks against double dummy, from −3 to +3 on average.
PLAY_RANGE = 3.0


@dataclass(frozen=True)
class TermPoint:
    """One session of a term as the chart draws it: its date (already written out),
    the games bid when game was there, missed, and bid that could not make, and the
    play figure (tricks taken minus double-dummy tricks on average; None when no deal
    was analysed)."""

    label: str
    bid_there: int
    missed: int
    could_not_make: int
    play: float | None


@dataclass(frozen=True)
class TermChartLabels:
    """The words on a term chart, already translated by the caller."""

    games: str
    bid_there: str
    missed: str
    could_not_make: str
    play: str
    as_the_cards: str
    empty: str
    decimal_mark: str = "."


_TERM_WIDTH = 640.0
_TERM_LEFT = 44.0
_TERM_RIGHT = 16.0
_BARS_TOP = 30.0
_BARS_HEIGHT = 110.0
_PLAY_TOP = _BARS_TOP + _BARS_HEIGHT + 44.0
_PLAY_HEIGHT = 96.0


def term_svg(points: Sequence[TermPoint], *, title: str, labels: TermChartLabels) -> str:
    """A small chart of a term, session by session, as an SVG document: above, three
    bars a session (games bid when there, missed, bid that could not make); below, the
    play figure as dots joined by a line round a zero line ("as the cards allow").

    Like :func:`curve_svg` it needs no script, stylesheet or font from outside, and
    ``<title>`` and ``<desc>`` say the figures in words.

    >>> labels = TermChartLabels("Games", "bid", "missed", "could not make", "Play",
    ...                          "as the cards allow", "No deals yet")
    >>> svg = term_svg([TermPoint("1 Sep", 2, 1, 0, -0.5)], title="Emma", labels=labels)
    >>> svg.count('class="term-bar"'), 'data-play="-0.5"' in svg
    (3, True)
    """
    elements: list[str] = []
    plot_left, plot_right = _TERM_LEFT, _TERM_WIDTH - _TERM_RIGHT
    count = max(len(points), 1)
    step = (plot_right - plot_left) / count
    top_count = max(
        [3, *(max(p.bid_there, p.missed, p.could_not_make) for p in points)],
    )
    bars_bottom = _BARS_TOP + _BARS_HEIGHT
    elements.append(
        '<defs><pattern id="term-hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="6" height="6" fill="#FFFFFF"/>'
        f'<line x1="0" y1="0" x2="0" y2="6" stroke="{MISSED_COLOUR}" stroke-width="4"/>'
        "</pattern></defs>"
    )
    elements.append(_text(labels.games, plot_left, _BARS_TOP - 12, bold=True))
    elements.append(
        f'<line x1="{_n(plot_left)}" y1="{_n(bars_bottom)}" x2="{_n(plot_right)}" '
        f'y2="{_n(bars_bottom)}" stroke="{AXIS_COLOUR}" stroke-width="1"/>'
    )
    kinds = (
        ("bid-there", BID_THERE_COLOUR, BID_THERE_COLOUR),
        ("missed", "url(#term-hatch)", MISSED_COLOUR),
        ("could-not-make", "#FFFFFF", "#555555"),
    )
    bar_width = min(22.0, step / 4)
    for index, point in enumerate(points):
        centre = plot_left + step * (index + 0.5)
        values = (point.bid_there, point.missed, point.could_not_make)
        for slot, ((kind, fill, stroke), value) in enumerate(zip(kinds, values, strict=True)):
            x = centre + (slot - 1.5) * bar_width
            height = _BARS_HEIGHT * value / top_count
            elements.append(
                f'<rect class="term-bar" data-kind="{kind}" data-count="{value}" '
                f'x="{_n(x)}" y="{_n(bars_bottom - height)}" width="{_n(bar_width - 2)}" '
                f'height="{_n(height)}" fill="{fill}" stroke="{stroke}" stroke-width="1.2"/>'
            )
            elements.append(
                _text(
                    str(value),
                    x + (bar_width - 2) / 2,
                    bars_bottom - height - 4,
                    anchor="middle",
                    size=_SMALL,
                )
            )
    play_mid = _PLAY_TOP + _PLAY_HEIGHT / 2
    elements.append(_text(labels.play, plot_left, _PLAY_TOP - 12, bold=True))
    elements.append(
        f'<line class="term-zero" x1="{_n(plot_left)}" y1="{_n(play_mid)}" x2="{_n(plot_right)}" '
        f'y2="{_n(play_mid)}" stroke="{GAME_COLOUR}" stroke-width="1.5" '
        f'stroke-dasharray="{_dash(REFERENCE_DASH)}"/>'
    )
    elements.append(_text(labels.as_the_cards, plot_right, play_mid - 5, anchor="end", size=_SMALL))
    for limit, mark in ((PLAY_RANGE, "+"), (-PLAY_RANGE, "-")):
        y = play_mid - limit / PLAY_RANGE * _PLAY_HEIGHT / 2
        elements.append(_text(f"{mark}{int(PLAY_RANGE)}", plot_left - 6, y + 4, anchor="end"))
    dots = []
    for index, point in enumerate(points):
        if point.play is None:
            continue
        clamped = max(-PLAY_RANGE, min(PLAY_RANGE, point.play))
        dots.append(
            (
                plot_left + step * (index + 0.5),
                play_mid - clamped / PLAY_RANGE * _PLAY_HEIGHT / 2,
                point.play,
            )
        )
    if len(dots) > 1:
        line = " ".join(f"{_n(x)},{_n(y)}" for x, y, _ in dots)
        elements.append(
            f'<polyline points="{line}" fill="none" stroke="{MEAN_COLOUR}" stroke-width="2"/>'
        )
    elements.extend(
        f'<circle class="term-play" data-play="{play:.1f}" cx="{_n(x)}" cy="{_n(y)}" r="5" '
        f'fill="{MEAN_COLOUR}"/>'
        for x, y, play in dots
    )
    labels_y = _PLAY_TOP + _PLAY_HEIGHT + 18
    elements.extend(
        _text(point.label, plot_left + step * (index + 0.5), labels_y, anchor="middle", size=_SMALL)
        for index, point in enumerate(points)
    )
    if not points:
        elements.append(
            _text(labels.empty, (plot_left + plot_right) / 2, bars_bottom - 40, anchor="middle")
        )
    height = labels_y + 30
    legend_x = plot_left
    for (kind, fill, stroke), text in zip(
        kinds, (labels.bid_there, labels.missed, labels.could_not_make), strict=True
    ):
        elements.append(
            f'<rect x="{_n(legend_x)}" y="{_n(height - 14)}" width="12" height="12" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="1.2" data-legend="{kind}"/>'
        )
        elements.append(_text(text, legend_x + 17, height - 4, size=_SMALL))
        legend_x += 17 + _text_width(text, _SMALL) + 18
    height += 6
    description = "; ".join(
        f"{point.label}: {labels.bid_there} {point.bid_there}, {labels.missed} {point.missed}, "
        f"{labels.could_not_make} {point.could_not_make}, {labels.play} "
        + ("—" if point.play is None else _signed(point.play, labels.decimal_mark))
        for point in points
    )
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(_TERM_WIDTH)} {_n(height)}" '
        f'role="img" font-family="Helvetica, Arial, sans-serif" font-size="{_n(_FONT)}" '
        f'fill="{TEXT_COLOUR}" class="term-chart">'
    )
    return "\n".join(
        [
            head,
            f"<title>{escape(title)}</title>",
            f"<desc>{escape(description or labels.empty)}</desc>",
            f'<rect x="0" y="0" width="{_n(_TERM_WIDTH)}" height="{_n(height)}" fill="#FFFFFF"/>',
            *elements,
            "</svg>",
        ]
    )


def _signed(value: float, decimal_mark: str) -> str:
    sign = "+" if value > 0.05 else "-" if value < -0.05 else ""
    return sign + format_number(abs(value), decimal_mark)


# -- A term's percentages, session by session -------------------------------------------------

#: A term line's small chart: its size, and the 50 % line (an average session).
SPARK_WIDTH = 160.0
SPARK_HEIGHT = 40.0
_SPARK_PAD = 4.0


def percent_sparkline_svg(percents: Sequence[float | None], *, title: str, desc: str) -> str:
    """A small chart of one pupil's or pair's percentage over a term: a dot a session
    (from 0 % at the foot to 100 % at the top), joined by a line; ``None`` is a session
    not played (a gap); the dashed line is 50 %, an average session. ``title`` and
    ``desc`` (already translated) name it and say the figures in words.

    >>> svg = percent_sparkline_svg([50.0, None, 75.0], title="Emma", desc="50 %, —, 75 %")
    >>> svg.count('class="spark-dot"'), 'data-percent="75.0"' in svg
    (2, True)
    """
    inner_w = SPARK_WIDTH - 2 * _SPARK_PAD
    inner_h = SPARK_HEIGHT - 2 * _SPARK_PAD
    count = max(len(percents), 1)
    step = inner_w / count

    def at(index: int, percent: float) -> tuple[float, float]:
        clamped = max(0.0, min(100.0, percent))
        return (
            _SPARK_PAD + step * (index + 0.5),
            _SPARK_PAD + inner_h * (1 - clamped / 100),
        )

    middle = _SPARK_PAD + inner_h / 2
    elements = [
        f'<line x1="{_n(_SPARK_PAD)}" y1="{_n(middle)}" x2="{_n(SPARK_WIDTH - _SPARK_PAD)}" '
        f'y2="{_n(middle)}" stroke="{GAME_COLOUR}" stroke-width="1" '
        f'stroke-dasharray="{_dash(REFERENCE_DASH)}"/>'
    ]
    runs: list[list[tuple[float, float]]] = [[]]
    dots = []
    for index, percent in enumerate(percents):
        if percent is None:
            runs.append([])
            continue
        x, y = at(index, percent)
        runs[-1].append((x, y))
        dots.append(
            f'<circle class="spark-dot" data-percent="{percent:.1f}" cx="{_n(x)}" cy="{_n(y)}" '
            f'r="3" fill="{MEAN_COLOUR}"/>'
        )
    elements.extend(
        f'<polyline points="{" ".join(f"{_n(x)},{_n(y)}" for x, y in run)}" fill="none" '
        f'stroke="{MEAN_COLOUR}" stroke-width="1.5"/>'
        for run in runs
        if len(run) > 1
    )
    elements.extend(dots)
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(SPARK_WIDTH)} '
            f'{_n(SPARK_HEIGHT)}" width="{_n(SPARK_WIDTH)}" height="{_n(SPARK_HEIGHT)}" '
            'role="img" class="spark-chart">',
            f"<title>{escape(title)}</title>",
            f"<desc>{escape(desc)}</desc>",
            *elements,
            "</svg>",
        ]
    )
