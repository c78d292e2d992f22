"""QR codes on screen, as inline SVG: the same encoder (reportlab's) and error
correction as the printed table cards, so a code on screen and on paper are alike.

reportlab is already here for the PDFs; drawing its module matrix as one SVG path is a
few lines, so no second QR library is needed.
"""

from __future__ import annotations

from django.utils.html import format_html
from django.utils.safestring import SafeString
from reportlab.graphics.barcode.qrencoder import QRCode, QRErrorCorrectLevel

#: White border round the code, in modules: the QR standard asks for four.
QUIET_ZONE = 4


def qr_matrix(text: str) -> list[list[bool]]:
    """The code's modules, row by row (True is dark); error correction M, as printed."""
    code = QRCode(None, QRErrorCorrectLevel.M)
    code.addData(text)
    code.make()
    # types-reportlab leaves these two methods unannotated.
    size: int = code.getModuleCount()  # type: ignore[no-untyped-call]
    return [
        [bool(code.isDark(row, col)) for col in range(size)]  # type: ignore[no-untyped-call]
        for row in range(size)
    ]


def _path(matrix: list[list[bool]]) -> str:
    """One SVG path: a rectangle per run of dark modules in a row."""
    parts: list[str] = []
    for row, modules in enumerate(matrix):
        col = 0
        while col < len(modules):
            if not modules[col]:
                col += 1
                continue
            start = col
            while col < len(modules) and modules[col]:
                col += 1
            x, y = start + QUIET_ZONE, row + QUIET_ZONE
            parts.append(f"M{x} {y}h{col - start}v1h-{col - start}z")
    return "".join(parts)


def qr_svg(text: str, *, label: str) -> SafeString:
    """``text`` as a QR code in an ``<svg>`` that scales to its box (CSS sets the
    size); ``label`` is what a screen reader says for it."""
    matrix = qr_matrix(text)
    side = len(matrix) + 2 * QUIET_ZONE
    return format_html(
        '<svg class="qr-code" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" '
        'role="img" aria-label="{label}" shape-rendering="crispEdges">'
        '<rect width="{side}" height="{side}" fill="#fff"/>'
        '<path fill="#000" d="{path}"/></svg>',
        side=side,
        label=label,
        path=_path(matrix),
    )
