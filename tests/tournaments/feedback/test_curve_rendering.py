"""The curve chart (SVG) and the curve sheets (PDF): the right dots, lines and marks in
the right places, every word passed in printed, and landscape pages that render.

The SVG is parsed as XML and positions are compared with one another (a mean halfway
between two dots lies halfway between them), so the checks do not depend on the
chart's exact layout. PDF text is read back with pypdf, with each piece's position.
"""

from __future__ import annotations

import doctest
import io
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypedDict, Unpack

import pytest
from django.utils import translation
from pypdf import PdfReader

import tournaments.feedback.charts
from scoring.curves import CurveStats, curve_stats
from tests.narrow import found
from tests.scoring.test_curves import SIX, point
from tournaments.feedback.charts import ChartLabels, curve_svg, dot_radius
from tournaments.printing.curves import (
    CURVE_TABLE_KEYS,
    WORKSHEET_TABLE_KEYS,
    curve_sheet_pdf,
    worksheet_pdf,
)

SVG = "{http://www.w3.org/2000/svg}"

LABELS = ChartLabels(
    x_axis="Our points",
    y_axis="Tricks won",
    mean="Average tricks",
    reference_played="Perfect play, same contract",
    reference_best="Perfect play, best contract",
    game_nt="game in NT",
    game_major="game in ♥/♠",
    game_minor="game in ♣/♦",
    guideline="25 points: game is likely",
    empty="No results yet",
    dots="Deals (number: how many)",
)

TABLE_LABELS = {
    "sheet": "Curve sheet",
    "hcp": "Points",
    "count": "Deals",
    "mean": "Average tricks",
    "games_chosen": "Games bid",
    "games_made": "Games made",
    "total": "All",
    "worksheet": "Curve worksheet",
    "board": "Board",
    "our_points": "Our points",
    "contract": "Contract",
    "tricks": "Tricks",
    "instructions": "Write your points and tricks, then put a dot on the grid.",
}


# The six hand-computed deals of the library's tests: means 6.5 at 21, 8.67 at 25
# (9, 8, 9: two games bid, one made) and 12 at 30 (a slam, made).


# -- Reading an SVG back ---------------------------------------------------------------------


def _svg(stats: CurveStats, labels: ChartLabels = LABELS, title: str = "Class 6B") -> ET.Element:
    return ET.fromstring(curve_svg(stats, title=title, labels=labels))


def _by_class(root: ET.Element, css: str) -> list[ET.Element]:
    return [el for el in root.iter() if css in (el.get("class") or "").split()]


def _text(element: ET.Element) -> str:
    return "".join(element.itertext())


def _dots(root: ET.Element) -> dict[tuple[int, int], ET.Element]:
    return {
        (int(el.attrib["data-hcp"]), int(el.attrib["data-tricks"])): el
        for el in _by_class(root, "curve-dot")
    }


def _centre(dot: ET.Element) -> tuple[float, float]:
    return float(dot.attrib["cx"]), float(dot.attrib["cy"])


def _polyline(root: ET.Element, css: str) -> list[tuple[float, float]]:
    [line] = _by_class(root, css)
    assert line.tag == f"{SVG}polyline"
    pairs = [pair.split(",") for pair in line.attrib["points"].split()]
    return [(float(x), float(y)) for x, y in pairs]


# -- SVG ---------------------------------------------------------------------------------------


def test_the_svg_is_an_accessible_scalable_image() -> None:
    root = _svg(curve_stats(SIX), title="Class 6B & 6C")
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("width") is None  # scales with its container
    assert len(root.attrib["viewBox"].split()) == 4
    title, desc, *_ = list(root)
    assert title.tag == f"{SVG}title"
    assert title.text == "Class 6B & 6C"
    assert desc.tag == f"{SVG}desc"
    # The figures in words for screen readers.
    assert "Average tricks: 21 → 6.5; 25 → 8.7; 30 → 12.0." in (desc.text or "")
    assert "Perfect play, same contract: 21 → 7.0" in (desc.text or "")


def test_nothing_from_outside() -> None:
    svg = curve_svg(curve_stats(SIX), title="Class 6B", labels=LABELS)
    for needle in ("<script", "href", "@import", "url(", "<style", "<foreignObject", "on"):
        if needle == "on":  # no event handler attributes
            assert " onload=" not in svg
            assert " onclick=" not in svg
        else:
            assert needle not in svg


def test_one_dot_per_points_and_tricks_with_its_count() -> None:
    root = _svg(curve_stats(SIX))
    dots = _dots(root)
    assert {key: int(el.attrib["data-count"]) for key, el in dots.items()} == {
        (21, 6): 1,
        (21, 7): 1,
        (25, 8): 1,
        (25, 9): 2,
        (30, 12): 1,
    }
    assert len(_by_class(root, "curve-dot")) == 5
    # The count is written on a dot of two or more, on the dot.
    [count] = _by_class(root, "curve-dot-count")
    assert _text(count) == "2"
    assert (count.get("data-hcp"), count.get("data-tricks")) == ("25", "9")
    assert float(count.attrib["x"]) == _centre(dots[25, 9])[0]
    # A dot of two is bigger than a dot of one.
    assert float(dots[25, 9].attrib["r"]) > float(dots[25, 8].attrib["r"])


def test_dots_sit_on_their_points_and_tricks() -> None:
    dots = _dots(_svg(curve_stats(SIX)))
    x21, y21_6 = _centre(dots[21, 6])
    _, y21_7 = _centre(dots[21, 7])
    x25, y25_8 = _centre(dots[25, 8])
    x30, y30 = _centre(dots[30, 12])
    assert _centre(dots[21, 7])[0] == x21
    assert x21 < x25 < x30
    # Equal steps per point and per trick (coordinates are rounded to 0.1).
    assert (x25 - x21) / 4 == pytest.approx((x30 - x25) / 5, abs=0.1)
    assert y21_6 > y21_7 > y25_8 > y30  # more tricks higher up
    assert (y21_6 - y21_7) * 4 == pytest.approx(y25_8 - y30, abs=0.5)


def test_the_mean_line() -> None:
    root = _svg(curve_stats(SIX))
    dots = _dots(root)
    line = _polyline(root, "curve-mean")
    assert len(line) == 3  # 21, 25 and 30 have results
    (x21, y21), (x25, y25), (x30, y30) = line
    assert x21 == _centre(dots[21, 6])[0]
    assert x25 == _centre(dots[25, 9])[0]
    assert (x30, y30) == _centre(dots[30, 12])  # one deal: the mean is the dot
    # 6.5 tricks: halfway between the dots at 6 and 7.
    assert y21 == pytest.approx((_centre(dots[21, 6])[1] + _centre(dots[21, 7])[1]) / 2, abs=0.1)
    # 8⅔ tricks: two thirds of the way from 8 up to 9.
    y8, y9 = _centre(dots[25, 8])[1], _centre(dots[25, 9])[1]
    assert y25 == pytest.approx(y8 + (y9 - y8) * 2 / 3, abs=0.1)
    # A mark on every mean, so a lone one shows.
    assert len(list(_by_class(root, "curve-mean-marks")[0])) == 3


def test_the_reference_line_is_dashed_and_says_which_it_is() -> None:
    root = _svg(curve_stats(SIX))
    [line] = _by_class(root, "curve-reference")
    assert line.get("stroke-dasharray")
    assert line.get("data-reference") == "played"
    assert len(_polyline(root, "curve-reference")) == 3
    [legend] = _by_class(root, "curve-legend")
    assert [_text(t) for t in legend.iter(f"{SVG}text")] == [
        "Deals (number: how many)",
        "Average tricks",
        "Perfect play, same contract",
    ]

    best = curve_stats([point(23, 7, dd_played=7, dd_best=8), point(24, 8, dd_best=9)])
    root = _svg(best)
    assert _by_class(root, "curve-reference")[0].get("data-reference") == "best"
    assert "Perfect play, best contract" in _text(_by_class(root, "curve-legend")[0])


def test_no_reference_line_without_analysis() -> None:
    root = _svg(curve_stats([point(22, 7), point(26, 9)]))
    assert _by_class(root, "curve-reference") == []
    assert "Perfect play" not in _text(root)


def test_the_game_marks_and_the_guideline() -> None:
    root = _svg(curve_stats(SIX))
    dots = _dots(root)
    marks = {int(g.attrib["data-tricks"]): g for g in _by_class(root, "curve-game")}
    assert sorted(marks) == [9, 10, 11]
    assert {tricks: _text(g) for tricks, g in marks.items()} == {
        9: "game in NT",
        10: "game in ♥/♠",
        11: "game in ♣/♦",
    }
    ys = {tricks: float(found(g.find(f"{SVG}line")).attrib["y1"]) for tricks, g in marks.items()}
    assert ys[9] == _centre(dots[25, 9])[1]  # the 9-trick mark runs through 9 tricks
    assert ys[9] > ys[10] > ys[11]
    # The red suits are red; the black ones keep the text colour.
    hearts = [t for t in marks[10].iter(f"{SVG}tspan") if t.text == "♥"]
    assert hearts
    assert hearts[0].get("fill") == "#CC3311"
    assert all(t.text in {"♥", "♦"} for t in root.iter(f"{SVG}tspan"))

    [guideline] = _by_class(root, "curve-guideline")
    assert guideline.get("data-hcp") == "25"
    line = guideline.find(f"{SVG}line")
    assert line is not None
    assert float(line.attrib["x1"]) == float(line.attrib["x2"]) == _centre(dots[25, 9])[0]
    assert _text(guideline) == "25 points: game is likely"


def test_the_axes() -> None:
    root = _svg(curve_stats(SIX))
    [ticks] = _by_class(root, "curve-ticks")
    numbers = [_text(t) for t in ticks]
    assert numbers == [str(n) for n in range(21, 41)] + [str(n) for n in range(14)]
    [axes] = _by_class(root, "curve-axis-labels")
    assert [_text(t) for t in axes] == ["Our points", "Tricks won"]
    assert len(_by_class(root, "curve-grid")[0]) == 20 + 14


def test_an_empty_chart() -> None:
    root = _svg(curve_stats([]))
    assert _by_class(root, "curve-dot") == []
    assert _by_class(root, "curve-mean") == _by_class(root, "curve-reference") == []
    assert _by_class(root, "curve-legend") == []
    [empty] = _by_class(root, "curve-empty")
    assert _text(empty) == "No results yet"
    assert len(_by_class(root, "curve-game")) == 3
    assert len(_by_class(root, "curve-guideline")) == 1
    assert "No results yet." in (found(root.find(f"{SVG}desc")).text or "")


def test_a_chart_of_one_deal() -> None:
    root = _svg(curve_stats([point(27, 10, "game", True)]))
    [dot] = _by_class(root, "curve-dot")
    assert dot.attrib["data-count"] == "1"
    assert _by_class(root, "curve-dot-count") == []
    [(x, y)] = _polyline(root, "curve-mean")
    assert (x, y) == _centre(dot)
    assert _by_class(root, "curve-empty") == []


def test_every_word_is_escaped() -> None:
    labels = replace(LABELS, x_axis='Points <&> "both"', empty="<b>none</b>")
    title = "</title><script>alert(1)</script>"
    svg = curve_svg(curve_stats([]), title=title, labels=labels)
    assert "<script>" not in svg
    root = ET.fromstring(svg)
    assert found(root.find(f"{SVG}title")).text == title
    assert _text(_by_class(root, "curve-axis-labels")[0]).startswith('Points <&> "both"')
    assert _text(_by_class(root, "curve-empty")[0]) == "<b>none</b>"


def test_the_description_uses_the_decimal_mark() -> None:
    root = _svg(curve_stats(SIX), labels=replace(LABELS, decimal_mark=","))
    assert "25 → 8,7" in (found(root.find(f"{SVG}desc")).text or "")


def test_dot_sizes() -> None:
    # One deal is the smallest dot; the biggest count (at least 5) fills its place.
    assert dot_radius(1, 20) == pytest.approx(4.4)
    assert dot_radius(5, 20) == pytest.approx(9.4)
    assert dot_radius(50, 20, max_count=50) == pytest.approx(9.4)
    assert dot_radius(2, 20) < dot_radius(3, 20) < dot_radius(4, 20) < dot_radius(5, 20)
    assert dot_radius(5, 20, max_count=50) < dot_radius(6, 20, max_count=50)


# -- Reading a PDF back ---------------------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    """One string drawn on a page, where it starts."""

    x: float
    y: float
    text: str


def _pieces(pdf: bytes, page: int = 0) -> list[Piece]:
    found: list[Piece] = []

    def visit(text: str, cm: list[float], tm: list[float], *_args: object) -> None:
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append(Piece(x, y, text.strip()))

    PdfReader(io.BytesIO(pdf)).pages[page].extract_text(visitor_text=visit)
    return found


def _row(pieces: Sequence[Piece], first: str, *, right_of: float) -> list[str]:
    """The texts on the table row that starts with ``first``, all right of ``right_of``
    (the table's left edge, so nothing of the chart beside it)."""
    table = sorted((p for p in pieces if p.x > right_of), key=lambda p: p.x)
    [start] = [p for p in table if p.text == first]
    return [p.text for p in table if abs(p.y - start.y) < 1]


def _table_left(pieces: Sequence[Piece]) -> float:
    """Just left of the curve sheet's table: its first heading, "Points", is centred
    over a column of numbers that are all narrower."""
    [heading] = [p for p in pieces if p.text == "Points"]
    return heading.x - 1


def _squeeze(text: str) -> str:
    """``text`` without white space. A suit symbol is a text run of its own (in the
    Symbol font), which extractors set on a line of its own or with a space after it,
    and wrapped table headings break lines; without the spaces, words compare."""
    return "".join(text.split())


def _text_of(pdf: bytes) -> str:
    """Every page's text, squeezed (see :func:`_squeeze`)."""
    reader = PdfReader(io.BytesIO(pdf))
    return _squeeze("".join(page.extract_text() for page in reader.pages))


def _sheet(stats: CurveStats | None = None, *, page_size: str = "A4") -> bytes:
    return curve_sheet_pdf(
        curve_stats(SIX) if stats is None else stats,
        title="Class 6B",
        labels=LABELS,
        table_labels=TABLE_LABELS,
        page_size=page_size,
    )


class WorksheetOptions(TypedDict, total=False):
    rows: Sequence[tuple[int, int | None]]
    row_count: int
    page_size: str


def _worksheet(**kwargs: Unpack[WorksheetOptions]) -> bytes:
    return worksheet_pdf(title="Class 6B", labels=LABELS, table_labels=TABLE_LABELS, **kwargs)


# -- The curve sheet ------------------------------------------------------------------------


def test_the_sheet_prints_the_title_and_every_label() -> None:
    text = _text_of(_sheet())
    for words in [
        "Class 6B",
        "Curve sheet",
        "Our points",
        "Tricks won",
        "game in NT",
        "game in ♥/♠",
        "game in ♣/♦",
        "25 points: game is likely",
        "Deals (number: how many)",
        "Average tricks",
        "Perfect play, same contract",
        "Games bid",
        "Games made",
    ]:
        assert _squeeze(words) in text, words
    assert _squeeze("No results yet") not in text


def test_the_sheet_table_has_the_figures() -> None:
    pieces = _pieces(_sheet())
    table_x = _table_left(pieces)
    # Points, deals, average tricks, games bid, games made.
    assert _row(pieces, "21", right_of=table_x) == ["21", "2", "6.5", "0", "0"]
    assert _row(pieces, "25", right_of=table_x) == ["25", "3", "8.7", "2", "1"]
    assert _row(pieces, "30", right_of=table_x) == ["30", "1", "12.0", "1", "1"]
    assert _row(pieces, "All", right_of=table_x) == ["All", "6", "3", "2"]
    # Only the point counts with results have a row.
    assert not [p for p in pieces if p.text == "22" and p.x > table_x]


def test_the_sheet_in_norwegian_uses_a_decimal_comma() -> None:
    with translation.override("nb"):
        text = _text_of(_sheet())
    assert "8,7" in text
    assert "8.7" not in text


def test_the_table_total_row_is_optional() -> None:
    labels = {key: TABLE_LABELS[key] for key in CURVE_TABLE_KEYS}
    pdf = curve_sheet_pdf(curve_stats(SIX), title="6B", labels=LABELS, table_labels=labels)
    assert "All" not in _text_of(pdf)


def test_missing_table_labels_are_named() -> None:
    labels = {key: value for key, value in TABLE_LABELS.items() if key != "games_made"}
    with pytest.raises(ValueError, match="table_labels lacks 'games_made'"):
        curve_sheet_pdf(curve_stats(SIX), title="6B", labels=LABELS, table_labels=labels)


def test_an_empty_sheet() -> None:
    pdf = _sheet(curve_stats([]))
    text = _text_of(pdf)
    assert _squeeze("No results yet") in text
    assert _squeeze("game in NT") in text
    assert _squeeze("Average tricks") in text  # the table's heading
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 1


def test_a_sheet_of_one_deal() -> None:
    pieces = _pieces(_sheet(curve_stats([point(26, 10, "game", True)])))
    assert _row(pieces, "26", right_of=_table_left(pieces)) == ["26", "1", "10.0", "1", "1"]


def test_a_sheet_with_every_point_count() -> None:
    # Twenty rows and a total row still fit on one page.
    points = [point(hcp, min(13, hcp - 14)) for hcp in range(21, 41) for _ in range(3)]
    pdf = _sheet(curve_stats(points), page_size="Letter")
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 1
    pieces = _pieces(pdf)
    table_x = _table_left(pieces)
    assert _row(pieces, "40", right_of=table_x) == ["40", "3", "13.0", "0", "0"]
    assert _row(pieces, "All", right_of=table_x) == ["All", "60", "0", "0"]


@pytest.mark.parametrize(("name", "size"), [("A4", (842, 595)), ("Letter", (792, 612))])
def test_sheets_are_landscape(name: str, size: tuple[int, int]) -> None:
    for pdf in (_sheet(page_size=name), _worksheet(page_size=name)):
        box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
        assert (round(float(box.width)), round(float(box.height))) == size


# -- The worksheet --------------------------------------------------------------------------


def test_the_worksheet_prints_its_words_and_the_boards() -> None:
    pdf = _worksheet(rows=[(1, 24), (2, None), (3, 31)])
    text = _text_of(pdf)
    for words in [
        "Class 6B",
        "Curve worksheet",
        "Board",
        "Our points",
        "Contract",
        "Tricks",
        "game in ♥/♠",
        "25 points: game is likely",
        "Write your points and tricks, then put a dot on the grid.",
    ]:
        assert _squeeze(words) in text, words
    # No results and no legend on a worksheet.
    assert _squeeze("No results yet") not in text
    assert _squeeze("Average tricks") not in text
    pieces = _pieces(pdf)
    [board] = [p for p in pieces if p.text == "Board"]
    assert _row(pieces, "1", right_of=board.x - 10) == ["1", "24"]
    assert _row(pieces, "2", right_of=board.x - 10) == ["2"]
    assert _row(pieces, "3", right_of=board.x - 10) == ["3", "31"]


def test_the_worksheet_without_rows_is_blank() -> None:
    pieces = _pieces(_worksheet())
    [board] = [p for p in pieces if p.text == "Board"]
    below = [p for p in pieces if p.x > board.x - 10 and p.y < board.y - 1]
    assert below == []


@pytest.mark.parametrize(
    ("kwargs", "pages"),
    [
        ({}, 1),
        ({"row_count": 0}, 1),
        ({"row_count": 40}, 2),
        ({"rows": [(n, 21) for n in range(1, 37)]}, 2),
    ],
)
def test_long_worksheets_go_on_over_pages(kwargs: WorksheetOptions, pages: int) -> None:
    pdf = _worksheet(**kwargs)
    assert len(PdfReader(io.BytesIO(pdf)).pages) == pages


def test_every_board_of_a_long_session_is_printed() -> None:
    pdf = _worksheet(rows=[(n, 20 + n % 20) for n in range(1, 37)])
    boards = []
    for page in range(2):
        pieces = _pieces(pdf, page)
        [heading] = [p for p in pieces if p.text == "Board"]
        boards += [
            int(p.text)
            for p in sorted(pieces, key=lambda p: -p.y)
            if abs(p.x - heading.x) < 15 and p.y < heading.y - 1
        ]
    assert boards == list(range(1, 37))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rows": [(0, 25)]}, "Row 0: the board number must be 1 or more"),
        ({"rows": [(1, 25), (2, 41)]}, "Row 1: points must be from 0 to 40 or None"),
        ({"row_count": -1}, "row_count must be a whole number"),
    ],
)
def test_bad_worksheet_rows(kwargs: WorksheetOptions, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        _worksheet(**kwargs)


def test_the_worksheet_needs_its_labels() -> None:
    labels = {key: TABLE_LABELS[key] for key in WORKSHEET_TABLE_KEYS if key != "contract"}
    with pytest.raises(ValueError, match="'contract'"):
        worksheet_pdf(title="6B", labels=LABELS, table_labels=labels)


def test_the_same_input_gives_the_same_bytes() -> None:
    assert _sheet() == _sheet()
    assert _worksheet(rows=[(1, 22)]) == _worksheet(rows=[(1, 22)])


# -- Rendering with poppler -----------------------------------------------------------------


def _need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.fail(f"{tool} is missing: install Debian's poppler-utils (make test does).")
    return path


def _render(pdf: bytes, tmp_path: Path, name: str) -> tuple[int, int]:
    """Page 1 as a PNG at 40 dpi; its (width, height) in pixels."""
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(pdf)
    command = [_need("pdftoppm"), "-r", "40", "-png", "-f", "1", "-l", "1", "-singlefile"]
    subprocess.run([*command, str(path), str(tmp_path / name)], check=True, capture_output=True)
    png = (tmp_path / f"{name}.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    return width, height


@pytest.mark.parametrize(("name", "pixels"), [("A4", (468, 331)), ("Letter", (440, 340))])
def test_page_one_renders(name: str, pixels: tuple[int, int], tmp_path: Path) -> None:
    many = [point(21 + n % 12, 6 + n % 7, "game", n % 3 == 0, 8, 9) for n in range(80)]
    builds = {
        "sheet": _sheet(page_size=name),
        "many": _sheet(curve_stats(many), page_size=name),
        "empty": _sheet(curve_stats([]), page_size=name),
        "worksheet": _worksheet(rows=[(1, 23)], page_size=name),
    }
    for kind, pdf in builds.items():
        width, height = _render(pdf, tmp_path, kind)
        assert abs(width - pixels[0]) <= 1, kind
        assert abs(height - pixels[1]) <= 1, kind


def test_pdftotext_reads_the_suits(tmp_path: Path) -> None:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(_sheet())
    text = subprocess.run(
        [_need("pdftotext"), str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert _squeeze("game in ♥/♠") in _squeeze(text)
    assert _squeeze("game in ♣/♦") in _squeeze(text)


def test_the_doctests() -> None:
    assert doctest.testmod(tournaments.feedback.charts).failed == 0
