"""Page sizes, fonts, colours and text helpers shared by every printable.

Board slips, curtain cards, table cards, standings and curve sheets all draw with
reportlab's canvas through these helpers, so they look alike and handle suit symbols and
Norwegian letters the same way. The last section holds what the three movement papers
(table cards, movement chart, pair cards) share. Their words (seats, sides, pairs,
contracts) come from :mod:`tournaments.labels`.

Fonts
-----
The text is set in Helvetica and the suit symbols ♠ ♥ ♦ ♣ in **Symbol**, two of the 14
standard PDF fonts. The PDF standard requires every viewer to provide them, so nothing
has to be installed on the server (a fresh machine with only the PyPI packages works)
and nothing is embedded, which keeps the files small and quick to build. The options
weighed:

* Symbol (chosen): its glyphs are named ``spade``, ``heart``, ``diamond``, ``club`` in the
  Adobe Glyph List, so every text extractor maps them back to U+2660 ♠, U+2665 ♥,
  U+2666 ♦ and U+2663 ♣; pypdf and pdftotext both return ``"♠ A K 7"``.
* ZapfDingbats (reportlab's own fallback for ♠ in Helvetica) renders the same, but its
  glyph names (``a168``–``a171``) need a special table; pypdf's layout mode lost the space
  after the symbol.
* A TrueType font with the suits (DejaVu Sans, which only arrives through matplotlib as a
  dependency of endplay; reportlab's bundled Vera has no suit glyphs) extracts just as
  well, but must be found on disk and embedded in every file. :func:`register_ttf_fonts`
  keeps that door open for printables that need letters outside Windows-1252.
* Suits drawn as vector shapes would print well but extract as nothing at all.

Helvetica uses the WinAnsi (Windows-1252) encoding: æ ø å Æ Ø Å, é, ü, – and — all
print. Any other letter (a pupil called Łukasz, say) is simplified by :func:`winansi` to
the nearest WinAnsi letter rather than printed as a black box.
"""

from __future__ import annotations

import functools
import io
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, Literal

from django.utils import translation
from django.utils.translation import gettext as _
from reportlab.lib.colors import Color, HexColor
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from scoring.cards import Card, Suit
from scoring.individual import IndividualMovement
from scoring.movements import Movement, PairId
from tournaments.labels.bridge import holding_text

# -- Page sizes ---------------------------------------------------------------------------

#: The paper sizes the print centre offers, in points (1/72 inch), portrait.
PAGE_SIZES: dict[str, tuple[float, float]] = {"A4": A4, "Letter": LETTER}
#: Their names, as a view passes them on (``tournaments.web.http.paper_size``).
PaperSize = Literal["A4", "Letter"]

#: White space kept clear round the page edge; most office printers need about 5 mm.
MARGIN = 28.0
#: Height of the running header (title and page number) above the content.
HEADER_HEIGHT = 26.0


def page_size(name: str) -> tuple[float, float]:
    """The (width, height) of ``"A4"`` or ``"Letter"`` (any case); ValueError otherwise."""
    for key, size in PAGE_SIZES.items():
        if key.lower() == name.strip().lower():
            return size
    raise ValueError(f"Unknown page size {name!r}; choose one of: {', '.join(PAGE_SIZES)}.")


@dataclass(frozen=True)
class Rect:
    """A rectangle on the page, reportlab style: (x, y) is the bottom-left corner."""

    x: float
    y: float
    width: float
    height: float

    @property
    def top(self) -> float:
        return self.y + self.height

    @property
    def right(self) -> float:
        return self.x + self.width

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x <= self.right and self.y <= y <= self.top


def content_area(size: tuple[float, float]) -> Rect:
    """The part of the page inside the margins and below the running header."""
    width, height = size
    return Rect(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN - HEADER_HEIGHT)


def grid(area: Rect, *, rows: int, columns: int, gutter: float = 0.0) -> list[Rect]:
    """``rows`` × ``columns`` equal cells filling ``area``, in reading order
    (left to right, then top to bottom), ``gutter`` points apart."""
    cell_width = (area.width - (columns - 1) * gutter) / columns
    cell_height = (area.height - (rows - 1) * gutter) / rows
    return [
        Rect(
            area.x + column * (cell_width + gutter),
            area.top - (row + 1) * cell_height - row * gutter,
            cell_width,
            cell_height,
        )
        for row in range(rows)
        for column in range(columns)
    ]


def page_count(items: int, per_page: int) -> int:
    """Pages needed for ``items`` things at ``per_page`` a page (at least one page)."""
    return max(1, -(-items // per_page))


# -- Fonts --------------------------------------------------------------------------------


@dataclass(frozen=True)
class FontSet:
    """The reportlab font names a printable draws with."""

    regular: str = "Helvetica"
    bold: str = "Helvetica-Bold"
    suits: str = "Symbol"
    #: False for the standard fonts, whose WinAnsi encoding needs :func:`winansi`.
    unicode: bool = False

    def clean(self, text: str) -> str:
        """``text`` made printable in these fonts."""
        return text if self.unicode else winansi(text)


#: Standard PDF fonts: always available, never embedded (see the module docstring).
STANDARD_FONTS = FontSet()


def register_ttf_fonts(family: str, regular: str, bold: str | None = None) -> FontSet:
    """Register a TrueType family with reportlab (once) and return its :class:`FontSet`.

    ``regular`` and ``bold`` are paths to .ttf files. The suits come from the same font
    when it has all four suit glyphs, otherwise from Symbol. TrueType fonts are embedded
    (as a subset) in each PDF and print any letter they contain.
    """
    bold_name = f"{family}-Bold" if bold else family
    registered = set(pdfmetrics.getRegisteredFontNames())
    if family not in registered:
        pdfmetrics.registerFont(TTFont(family, regular))
    if bold and bold_name not in registered:
        pdfmetrics.registerFont(TTFont(bold_name, bold))
    font = pdfmetrics.getFont(family)
    assert isinstance(font, TTFont)
    face = font.face
    has_suits = all(ord(suit.symbol) in face.charToGlyph for suit in Suit)
    return FontSet(
        regular=family, bold=bold_name, suits=family if has_suits else "Symbol", unicode=True
    )


# Letters that Unicode does not decompose into a base letter plus an accent.
_PLAIN_LETTERS = str.maketrans(
    {"Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "Ħ": "H", "ħ": "h", "ı": "i", "ŀ": "l"}
)


def winansi(text: str) -> str:
    """``text`` with every character outside Windows-1252 (Helvetica's encoding)
    replaced by its plain letter (``"Łukasz Nguyễn"`` → ``"Lukasz Nguyen"``) or ``"?"``.

    Suit symbols are left alone: :func:`draw_text` sets them in the suit font.
    """
    if text.isascii():  # most of what a PDF prints; ASCII is all in Windows-1252
        return text
    return "".join(_winansi_char(char) for char in text)


@functools.cache
def _winansi_char(char: str) -> str:
    """One character as :func:`winansi` prints it (a PDF sets thousands of them, from a
    few dozen distinct ones: each is worked out once)."""
    if char in SUIT_BY_SYMBOL or _encodable(char):
        return char
    plain = unicodedata.normalize("NFKD", char.translate(_PLAIN_LETTERS))
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return plain if plain and all(_encodable(c) for c in plain) else "?"


def _encodable(char: str) -> bool:
    try:
        char.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


# -- Colours ------------------------------------------------------------------------------

BLACK = HexColor("#000000")
#: Secondary text (points, page numbers) and cell borders: still dark enough to photocopy.
GREY = HexColor("#555555")
LIGHT_GREY = HexColor("#B0B0B0")
WHITE = HexColor("#FFFFFF")

#: Suits keep the red and black of the cards the pupils hold, so a printed hand looks
#: like the real one. The red is the one from Paul Tol's colour-blind-safe "vibrant"
#: scheme: with red–green colour blindness it still reads clearly lighter than black,
#: and it prints as mid grey. Only the symbol is coloured and it is always printed, so colour merely
#: helps; card ranks stay black for contrast.
SUIT_COLOURS: dict[Suit, Color] = {
    Suit.SPADES: BLACK,
    Suit.HEARTS: HexColor("#CC3311"),
    Suit.DIAMONDS: HexColor("#CC3311"),
    Suit.CLUBS: BLACK,
}

SUIT_BY_SYMBOL: dict[str, Suit] = {suit.symbol: suit for suit in Suit}


# -- Drawing text with suit symbols ---------------------------------------------------------

#: Where a drawn string's ``x`` is: its left end, its centre or its right end.
Align = Literal["left", "centre", "right"]


def text_runs(text: str) -> Iterator[tuple[str, Suit | None]]:
    """Split ``text`` into runs of plain text and single suit symbols."""
    plain = ""
    for char in text:
        suit = SUIT_BY_SYMBOL.get(char)
        if suit is None:
            plain += char
            continue
        if plain:
            yield plain, None
            plain = ""
        yield char, suit
    if plain:
        yield plain, None


def text_width(
    text: str,
    font: str,
    size: float,
    fonts: FontSet = STANDARD_FONTS,
    *,
    word_space: float = 0.0,
) -> float:
    """The width in points of ``text`` as :func:`draw_text` would set it."""
    return sum(
        _run_width(run, suit, font, size, fonts, word_space) for run, suit in text_runs(text)
    )


# Symbol's suit glyphs have almost no side bearing: a little air after each keeps
# "♠A" from touching while the text itself stays "♠ A" for copy and paste.
_SUIT_AIR = 0.12


def _run_width(
    run: str, suit: Suit | None, font: str, size: float, fonts: FontSet, word_space: float
) -> float:
    if suit is not None:
        return float(pdfmetrics.stringWidth(run, fonts.suits, size)) + _SUIT_AIR * size
    extra = run.count(" ") * word_space * size
    return float(pdfmetrics.stringWidth(fonts.clean(run), font, size)) + extra


def draw_text(
    canvas: Canvas,
    x: float,
    y: float,
    text: str,
    *,
    font: str,
    size: float,
    fonts: FontSet = STANDARD_FONTS,
    colour: Color = BLACK,
    align: Align = "left",
    max_width: float | None = None,
    min_scale: float = 0.6,
    word_space: float = 0.0,
) -> float:
    """Draw ``text`` on the baseline ``y``, suit symbols in the suit font and colour.

    ``align`` places ``x`` at the left end, the centre or the right end of the text.
    With ``max_width``, text that would be wider is set smaller to fit, down to
    ``min_scale`` × ``size``, and beyond that cut short with "…". ``word_space`` widens
    every space by that fraction of ``size``. Returns the width drawn.
    """
    width = text_width(text, font, size, fonts, word_space=word_space)
    if max_width is not None and width > max_width > 0:
        size = max(size * min_scale, size * max_width / width)
        width = text_width(text, font, size, fonts, word_space=word_space)
        while width > max_width + 0.01 and len(text) > 1:  # 0.01: rounding
            text = text[:-2].rstrip() + "…"
            width = text_width(text, font, size, fonts, word_space=word_space)
    if align == "centre":
        x -= width / 2
    elif align == "right":
        x -= width
    for run, suit in text_runs(text):
        canvas.setFont(fonts.suits if suit else font, size)
        canvas.setFillColor(SUIT_COLOURS[suit] if suit else colour)
        if suit:
            canvas.drawString(x, y, run)
        else:
            canvas.drawString(x, y, fonts.clean(run), wordSpace=word_space * size or None)
        x += _run_width(run, suit, font, size, fonts, word_space)
    canvas.setFillColor(BLACK)
    return width


#: Extra space between the cards of a holding, as a fraction of the type size.
CARD_SPACING = 0.25


def draw_holding(
    canvas: Canvas,
    x: float,
    y: float,
    suit: Suit,
    cards: Iterable[Card],
    *,
    size: float,
    fonts: FontSet = STANDARD_FONTS,
    max_width: float | None = None,
) -> float:
    """Draw one suit of a hand, ``"♠ A K 7"`` (``"♠ —"`` for a void), on baseline ``y``.

    The symbol and the ranks are separate text runs with a space between them, so text
    extraction reads ``"♠ A K 7"``. The spaces are widened by a quarter of the type
    size: the cards read better apart, and pdftotext no longer takes ``"A K 7"`` for
    one letter-spaced word (``"AK7"``). A suit too long for ``max_width`` is set smaller
    rather than cut: a hand record must show every card. Returns the width drawn.
    """
    return draw_text(
        canvas,
        x,
        y,
        f"{suit.symbol} {holding_text(cards)}",
        font=fonts.regular,
        size=size,
        fonts=fonts,
        max_width=max_width,
        min_scale=0.3,
        word_space=CARD_SPACING,
    )


def draw_tag(
    canvas: Canvas,
    x: float,
    y: float,
    text: str,
    *,
    size: float,
    fonts: FontSet = STANDARD_FONTS,
    filled: bool,
) -> float:
    """A word in a small box on baseline ``y`` (white on black when ``filled``), to mark a
    role such as declarer in a way that survives black-and-white printing."""
    pad = size * 0.35
    width = text_width(text, fonts.bold, size, fonts) + 2 * pad
    canvas.setLineWidth(0.6)
    canvas.setStrokeColor(BLACK)
    canvas.setFillColor(BLACK if filled else WHITE)
    canvas.roundRect(x, y - size * 0.3, width, size * 1.25, size * 0.25, stroke=1, fill=1)
    draw_text(
        canvas,
        x + pad,
        y,
        text,
        font=fonts.bold,
        size=size,
        fonts=fonts,
        colour=WHITE if filled else BLACK,
    )
    return width


# -- Page furniture -----------------------------------------------------------------------


def new_canvas(
    buffer: IO[bytes], size: tuple[float, float], *, title: str, language: str | None
) -> Canvas:
    """A canvas with the document's metadata set. ``invariant`` leaves out timestamps
    and random ids, so the same input always gives the same bytes."""
    canvas = Canvas(buffer, pagesize=size, invariant=True, lang=language)
    canvas.setTitle(title)
    canvas.setCreator("Minibridge Classroom")
    return canvas


def draw_page_header(
    canvas: Canvas,
    size: tuple[float, float],
    *,
    title: str,
    kind: str,
    page: int,
    pages: int,
    fonts: FontSet = STANDARD_FONTS,
) -> None:
    """The running header: the title (or just the kind of sheet) on the left, the kind
    after it, and "Page 1 of 3" on the right, with a rule underneath."""
    width, height = size
    baseline = height - MARGIN - 13
    page_label = _("Page %(page)s of %(pages)s") % {"page": page, "pages": pages}
    page_width = draw_text(
        canvas,
        width - MARGIN,
        baseline,
        page_label,
        font=fonts.regular,
        size=9,
        fonts=fonts,
        colour=GREY,
        align="right",
    )
    room = width - 2 * MARGIN - page_width - 12
    if title:
        kind_width = text_width(kind, fonts.regular, 10, fonts) + 8
        used = draw_text(
            canvas,
            MARGIN,
            baseline,
            title,
            font=fonts.bold,
            size=13,
            fonts=fonts,
            max_width=room - kind_width,
        )
        draw_text(
            canvas,
            MARGIN + used + 8,
            baseline,
            kind,
            font=fonts.regular,
            size=10,
            fonts=fonts,
            colour=GREY,
        )
    else:
        draw_text(canvas, MARGIN, baseline, kind, font=fonts.bold, size=13, fonts=fonts)
    canvas.setStrokeColor(LIGHT_GREY)
    canvas.setLineWidth(0.5)
    rule = height - MARGIN - HEADER_HEIGHT + 6
    canvas.line(MARGIN, rule, width - MARGIN, rule)


def draw_cut_lines(canvas: Canvas, cells: Sequence[Rect]) -> None:
    """Dashed lines round every slip or card (to cut along); shared edges are drawn once."""
    canvas.setStrokeColor(GREY)
    canvas.setLineWidth(0.6)
    canvas.setDash(4, 3)
    edges: set[tuple[float, float, float, float]] = set()
    for cell in cells:
        x1, y1, x2, y2 = (round(v, 2) for v in (cell.x, cell.y, cell.right, cell.top))
        edges |= {(x1, y1, x2, y1), (x1, y2, x2, y2), (x1, y1, x1, y2), (x2, y1, x2, y2)}
    for x1, y1, x2, y2 in sorted(edges):
        canvas.line(x1, y1, x2, y2)
    canvas.setDash()


# -- Movement papers: table cards, movement chart, pair cards ------------------------------

#: Background of a round where a pair has the round off (a light grey that photocopies).
SHADE = HexColor("#E6E6E6")
#: Background of the header row of a table.
HEADER_SHADE = HexColor("#F0F0F0")


@dataclass(frozen=True)
class SessionPrint:
    """Everything the movement papers print about one session.

    ``pair_names`` gives each pair's names as printed ("Emma H & Oliver S"); a pair
    without names prints its number only. ``table_urls`` maps a table number to the
    absolute address of that table's entry page, which the table card prints as a QR
    code and as text. ``page_size`` is ``"A4"`` or ``"Letter"``.

    In an individual session ``individual`` is its movement (who sits in which seat;
    ``movement`` is then its pair timetable, ``scoring.individual.as_movement``), each
    "pair" is one pupil and ``pair_names`` holds that pupil's name.
    """

    title: str
    movement: Movement
    pair_names: Mapping[PairId, str]
    table_urls: Mapping[int, str]
    page_size: str = "A4"
    individual: IndividualMovement | None = None

    def names(self, pair: PairId | None) -> str:
        if pair is None:
            return ""
        return self.pair_names.get(pair, "").strip()

    def pupil_name(self, number: int) -> str:
        """An individual session's pupil by their number: their name, or "Pupil 3"."""
        return self.names(PairId(number)) or _("Pupil %(number)s") % {"number": number}


def boards_text(boards: range) -> str:
    """``"5–6"`` for boards 5 and 6, ``"5"`` for one board, ``"—"`` for none."""
    if not boards:
        return "—"
    if len(boards) == 1:
        return str(boards[0])
    return f"{boards[0]}–{boards[-1]}"


def start_pdf(
    session: SessionPrint, size: tuple[float, float], kind: str
) -> tuple[Canvas, io.BytesIO]:
    """A new PDF for one of the session's papers, and the buffer it is written to."""
    buffer = io.BytesIO()
    canvas = new_canvas(
        buffer, size, title=session.title or kind, language=translation.get_language()
    )
    return canvas, buffer


def fill_rect(canvas: Canvas, rect: Rect, colour: Color) -> None:
    """Shade ``rect`` (no border)."""
    canvas.setFillColor(colour)
    canvas.rect(rect.x, rect.y, rect.width, rect.height, stroke=0, fill=1)
    canvas.setFillColor(BLACK)


def cell_text(
    canvas: Canvas,
    cell: Rect,
    baseline: float,
    text: str,
    *,
    font: str,
    size: float,
    fonts: FontSet,
    align: Align = "left",
    colour: Color = BLACK,
    pad: float = 6.0,
    min_scale: float = 0.6,
) -> float:
    """``text`` on ``baseline`` inside ``cell`` (left, centred or right), shrunk to fit."""
    x = {"left": cell.x + pad, "centre": cell.x + cell.width / 2, "right": cell.right - pad}[align]
    return draw_text(
        canvas,
        x,
        baseline,
        text,
        font=font,
        size=size,
        fonts=fonts,
        colour=colour,
        align=align,
        max_width=cell.width - 2 * pad,
        min_scale=min_scale,
    )


def split_columns(area: Rect, fractions: Sequence[float]) -> list[Rect]:
    """Split ``area`` into side-by-side columns of the given shares of its width."""
    total = sum(fractions)
    columns: list[Rect] = []
    x = area.x
    for fraction in fractions:
        width = area.width * fraction / total
        columns.append(Rect(x, area.y, width, area.height))
        x += width
    return columns


def row_cells(columns: Sequence[Rect], y: float, height: float) -> list[Rect]:
    """One row of ``columns``: the cells between ``y`` and ``y + height``."""
    return [Rect(column.x, y, column.width, height) for column in columns]


def draw_rule(
    canvas: Canvas, x1: float, y: float, x2: float, *, colour: Color = LIGHT_GREY
) -> None:
    """A thin horizontal line between rows."""
    canvas.setStrokeColor(colour)
    canvas.setLineWidth(0.6)
    canvas.line(x1, y, x2, y)


def fitting_size(
    texts: Sequence[str], font: str, size: float, width: float, fonts: FontSet
) -> float:
    """The largest size up to ``size`` at which every one of ``texts`` fits ``width``."""
    widest = max((text_width(text, font, size, fonts) for text in texts), default=0.0)
    return size if widest <= width else size * width / widest


def wrap(text: str, font: str, size: float, width: float, fonts: FontSet) -> list[str]:
    """``text`` broken into lines no wider than ``width``, measured as
    :func:`draw_text` sets them (suit symbols included)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if current and text_width(trial, font, size, fonts) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines
