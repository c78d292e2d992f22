"""Numbers as the user's language writes them: decimals and percentages."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.formats import get_format

if TYPE_CHECKING:
    pass


def decimal_text(value: float, places: int = 2, *, strip: bool = True) -> str:
    """``value`` with at most ``places`` decimals (``strip``: trailing zeros dropped) and
    the active language's decimal separator: ``12.5`` / ``12,5``. The one number text of
    the papers and files (standings, travellers, curves, an event's results)."""
    text = f"{value:.{places}f}"
    if strip and "." in text:
        text = text.rstrip("0").rstrip(".")
    if text in {"-0", "-0.00"}:
        text = text.removeprefix("-")
    return text.replace(".", str(get_format("DECIMAL_SEPARATOR")))


def percent_text(percent: float, places: int = 2) -> str:
    """``"56.25 %"`` (``"56,25 %"`` in Norwegian); ``places`` decimals, always shown."""
    return f"{decimal_text(percent, places, strip=False)} %"
