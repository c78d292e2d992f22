"""Printable PDFs for the print centre, built with reportlab from plain dataclasses.

Each module takes values, not querysets, and returns PDF bytes; the words come out in
the active language. Shared page, font and colour helpers live in :mod:`.common`.
"""

from __future__ import annotations

from tournaments.printing.boards import BoardPrint, board_slips_pdf, curtain_cards_pdf
from tournaments.printing.common import PAGE_SIZES, page_size

__all__ = ["PAGE_SIZES", "BoardPrint", "board_slips_pdf", "curtain_cards_pdf", "page_size"]
