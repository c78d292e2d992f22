"""Certificates as PDF bytes: one a page, landscape, to take home.

Pure reportlab, no database: the selector builds a
:class:`~tournaments.certificates.selectors.CertificateSet` with every word already in
the reader's language (:mod:`tournaments.labels.certificates`), and
:func:`certificates_pdf` draws it on A4 or Letter, turned to landscape as a
certificate is.

Each page is framed twice (a heavy rule and a thin one inside it), with a suit in each
corner, ♠ ♥ ♦ ♣ set in Symbol like every other paper's suits (so they print and copy
as the characters they are). From the top: the class (or event) and what the
certificates are for, the word "Certificate", the heading ("Well played!", or the place
with a medal bearing its number), the pupil's name as large as fits, a rule of the four
suits, the pupil's line, and at the foot the date and a line for the teacher to sign
on. Only black, greys and the suits' red (mid grey on a black-and-white printer) are
used: nothing relies on colour, and nothing is filled that would soak a page in toner.
"""

from __future__ import annotations

import io

from django.utils import translation
from reportlab.lib.pagesizes import landscape
from reportlab.pdfgen.canvas import Canvas

from scoring.cards import Suit
from tournaments.certificates.selectors import Certificate, CertificateSet
from tournaments.labels import certificates as words
from tournaments.printing.common import (
    BLACK,
    GREY,
    LIGHT_GREY,
    STANDARD_FONTS,
    WHITE,
    FontSet,
    Rect,
    draw_text,
    new_canvas,
    text_width,
    wrap,
)
from tournaments.printing.common import page_size as resolve_page_size

#: The white space round the outer frame, in points (most printers need 5 mm).
_EDGE = 30.0
#: From the outer frame to the inner one.
_INSET = 7.0
#: The suits in the corners: their size and how far in from the inner frame.
_CORNER_SIZE = 30.0
_CORNER_IN = 16.0
#: The line's type, and the most lines it may take.
_LINE_SIZE = 22.0
_LINE_LEADING = 29.0
_LINE_MOST = 3


def certificates_pdf(
    sheet: CertificateSet, *, page_size: str = "A4", fonts: FontSet = STANDARD_FONTS
) -> bytes:
    """The certificates as PDF bytes, one a page (``page_size`` ``"A4"`` or ``"Letter"``,
    landscape). With no certificate at all, one page with the title says so."""
    size = landscape(resolve_page_size(page_size))
    buffer = io.BytesIO()
    canvas = new_canvas(
        buffer,
        size,
        title=f"{words.certificates_word()} · {sheet.title}",
        language=translation.get_language(),
    )
    certificates: tuple[Certificate | None, ...] = sheet.certificates or (None,)
    for certificate in certificates:
        _draw_page(canvas, size, sheet, certificate, fonts)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _frame(size: tuple[float, float]) -> tuple[Rect, Rect]:
    width, height = size
    outer = Rect(_EDGE, _EDGE, width - 2 * _EDGE, height - 2 * _EDGE)
    inner = Rect(
        outer.x + _INSET, outer.y + _INSET, outer.width - 2 * _INSET, outer.height - 2 * _INSET
    )
    return outer, inner


def _draw_frame(canvas: Canvas, outer: Rect, inner: Rect, fonts: FontSet) -> None:
    canvas.setStrokeColor(BLACK)
    canvas.setLineWidth(2.4)
    canvas.rect(outer.x, outer.y, outer.width, outer.height, stroke=1, fill=0)
    canvas.setLineWidth(0.7)
    canvas.rect(inner.x, inner.y, inner.width, inner.height, stroke=1, fill=0)
    corners = (
        (Suit.SPADES, inner.x + _CORNER_IN, inner.top - _CORNER_IN - _CORNER_SIZE * 0.7, "left"),
        (
            Suit.HEARTS,
            inner.right - _CORNER_IN,
            inner.top - _CORNER_IN - _CORNER_SIZE * 0.7,
            "right",
        ),
        (Suit.DIAMONDS, inner.x + _CORNER_IN, inner.y + _CORNER_IN, "left"),
        (Suit.CLUBS, inner.right - _CORNER_IN, inner.y + _CORNER_IN, "right"),
    )
    for suit, x, y, align in corners:
        draw_text(
            canvas,
            x,
            y,
            suit.symbol,
            font=fonts.regular,
            size=_CORNER_SIZE,
            fonts=fonts,
            align="left" if align == "left" else "right",
        )


def _draw_suit_rule(canvas: Canvas, centre: float, y: float, width: float, fonts: FontSet) -> None:
    """The four suits in a row, with a thin rule running out from each side."""
    suits = "  ".join(suit.symbol for suit in Suit)  # ♠ ♥ ♦ ♣
    drawn = text_width(suits, fonts.regular, 16, fonts)
    draw_text(canvas, centre, y, suits, font=fonts.regular, size=16, fonts=fonts, align="centre")
    canvas.setStrokeColor(LIGHT_GREY)
    canvas.setLineWidth(0.8)
    rule_y = y + 5
    gap = drawn / 2 + 12
    canvas.line(centre - width / 2, rule_y, centre - gap, rule_y)
    canvas.line(centre + gap, rule_y, centre + width / 2, rule_y)


def _draw_medal(canvas: Canvas, x: float, y: float, place: int, fonts: FontSet) -> None:
    """A medal for a place: a ring with the number, on two ribbon tails (outlines)."""
    radius = 24.0
    canvas.setStrokeColor(BLACK)
    canvas.setLineWidth(1.2)
    for side in (-1, 1):
        tail = canvas.beginPath()
        tail.moveTo(x + side * 6, y - radius + 4)
        tail.lineTo(x + side * 20, y - radius - 26)
        tail.lineTo(x + side * 13, y - radius - 21)
        tail.lineTo(x + side * 8, y - radius - 28)
        tail.lineTo(x + side * (-4), y - radius + 2)
        canvas.drawPath(tail, stroke=1, fill=0)
    canvas.setFillColor(WHITE)
    canvas.circle(x, y, radius, stroke=1, fill=1)
    canvas.setLineWidth(0.6)
    canvas.circle(x, y, radius - 4, stroke=1, fill=0)
    canvas.setFillColor(BLACK)
    draw_text(canvas, x, y - 8, str(place), font=fonts.bold, size=24, fonts=fonts, align="centre")


#: The heights of the pieces of a certificate's middle, from the top of each to the top
#: of the next: the medal (a place's), the heading, the name and the suits' rule.
_MEDAL_HEIGHT = 92.0
_HEADING_SIZE = 32.0
_HEADING_HEIGHT = 70.0
_NAME_SIZE = 48.0
_NAME_HEIGHT = 50.0
_RULE_HEIGHT = 52.0


def _draw_page(
    canvas: Canvas,
    size: tuple[float, float],
    sheet: CertificateSet,
    certificate: Certificate | None,
    fonts: FontSet,
) -> None:
    outer, inner = _frame(size)
    _draw_frame(canvas, outer, inner, fonts)
    centre = inner.x + inner.width / 2
    room = inner.width - 2 * (_CORNER_IN + _CORNER_SIZE + 20)
    top = inner.top
    draw_text(
        canvas,
        centre,
        top - 44,
        certificate.title if certificate is not None and certificate.title else sheet.title,
        font=fonts.regular,
        size=14,
        fonts=fonts,
        colour=GREY,
        align="centre",
        max_width=room,
    )
    draw_text(
        canvas,
        centre,
        top - 76,
        words.certificate_word().upper(),
        font=fonts.bold,
        size=15,
        fonts=fonts,
        colour=GREY,
        align="centre",
        word_space=0.3,
    )
    if certificate is None:
        return
    line_size = _LINE_SIZE
    lines = _balanced(certificate.line, line_size, room * 0.8, fonts)
    if len(lines) > _LINE_MOST:
        line_size = _LINE_SIZE * 0.8
        lines = _balanced(certificate.line, line_size, room * 0.8, fonts)
    leading = _LINE_LEADING * line_size / _LINE_SIZE
    medal = _MEDAL_HEIGHT if certificate.place is not None else 0.0
    height = medal + _HEADING_HEIGHT + _NAME_HEIGHT + _RULE_HEIGHT + leading * len(lines)
    # The middle sits centred between the word "Certificate" and the signatures.
    space_top, space_bottom = top - 96, inner.y + 96
    y = (space_top + space_bottom) / 2 + height / 2
    if certificate.place is not None:
        _draw_medal(canvas, centre, y - 26, certificate.place, fonts)
        y -= medal
    y -= _HEADING_SIZE * 0.75
    draw_text(
        canvas,
        centre,
        y,
        certificate.heading,
        font=fonts.bold,
        size=_HEADING_SIZE,
        fonts=fonts,
        align="centre",
        max_width=room,
    )
    y -= _HEADING_HEIGHT
    draw_text(
        canvas,
        centre,
        y,
        certificate.name,
        font=fonts.bold,
        size=_NAME_SIZE,
        fonts=fonts,
        align="centre",
        max_width=room,
        min_scale=0.3,
    )
    y -= _NAME_HEIGHT
    _draw_suit_rule(canvas, centre, y + 8, min(room, 440.0), fonts)
    y -= _RULE_HEIGHT - 8
    for text in lines:
        draw_text(
            canvas,
            centre,
            y,
            text,
            font=fonts.regular,
            size=line_size,
            fonts=fonts,
            align="centre",
            max_width=room,
        )
        y -= leading
    _draw_signatures(canvas, inner, sheet, fonts)


def _balanced(text: str, size: float, width: float, fonts: FontSet) -> list[str]:
    """``text`` in as few lines as fit ``width``, and those lines as even as they can be
    (no word left alone on the last line)."""
    lines = wrap(text, fonts.regular, size, width, fonts)
    if len(lines) < 2:
        return lines
    narrow, wide = width / len(lines), width
    while wide - narrow > 1:
        middle = (narrow + wide) / 2
        if len(wrap(text, fonts.regular, size, middle, fonts)) > len(lines):
            narrow = middle
        else:
            wide = middle
    return wrap(text, fonts.regular, size, wide, fonts)


def _draw_signatures(canvas: Canvas, inner: Rect, sheet: CertificateSet, fonts: FontSet) -> None:
    """The date over its rule on the left, the rule to sign on the right, each captioned."""
    width = inner.width * 0.3
    rule_y = inner.y + 62
    for x, above, caption in (
        (inner.x + inner.width * 0.12, sheet.date, words.date_word()),
        (inner.right - inner.width * 0.12 - width, "", sheet.signature),
    ):
        canvas.setStrokeColor(BLACK)
        canvas.setLineWidth(0.7)
        canvas.line(x, rule_y, x + width, rule_y)
        if above:
            draw_text(
                canvas,
                x + width / 2,
                rule_y + 8,
                above,
                font=fonts.regular,
                size=13,
                fonts=fonts,
                align="centre",
                max_width=width,
            )
        draw_text(
            canvas,
            x + width / 2,
            rule_y - 16,
            caption,
            font=fonts.regular,
            size=11,
            fonts=fonts,
            colour=GREY,
            align="centre",
            max_width=width,
        )
