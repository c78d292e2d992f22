"""What the certificates' tests share: PDF pages as text (poppler's pdftotext, as the
printer's text reads), the words no certificate may say, and double-dummy tables
simple enough to work out by hand."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from scoring.cards import Seat, Strain
from scoring.dd import DDTable
from tournaments.models import Board, Session

#: Words of a negative kind, in either language: a certificate never says them.
NEGATIVE_WORDS = (
    "down",
    "lost",
    "lose",
    "fail",
    "missed",
    "wrong",
    "minus",
    "short",
    "not ",
    "bet",
    "tapt",
    "tape",
    "ikke",
    "feil",
    "dårlig",
    "mistet",
    "−",
)


def negative_words(text: str) -> list[str]:
    """The negative words in ``text`` (as whole words, any case; a minus sign anywhere,
    and a hyphen only before a digit, as in "-50")."""
    import re

    found = [
        word
        for word in NEGATIVE_WORDS
        if re.search(rf"(?<![\w]){re.escape(word.strip())}(?![\w])", text, re.IGNORECASE)
    ]
    if re.search(r"(?<![\w–])-\d", text):
        found.append("-digit")
    return found


def need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.fail(f"{tool} is missing: install Debian's poppler-utils (make test does).")
    return path


def pdf_pages(pdf: bytes, folder: Path) -> list[str]:
    """Each page's text as pdftotext reads it, its spaces squeezed."""
    source = folder / "certificates.pdf"
    source.write_bytes(pdf)
    text = subprocess.run(
        [need("pdftotext"), "-layout", str(source), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [" ".join(page.split()) for page in text.split("\f")[:-1]]


def pdf_png(pdf: bytes, folder: Path, *, page: int = 1, dpi: int = 50) -> Path:
    """One page rendered by pdftoppm."""
    source = folder / "render.pdf"
    source.write_bytes(pdf)
    stem = folder / f"page-{page}"
    subprocess.run(
        [need("pdftoppm"), "-r", str(dpi), "-png", "-f", str(page), "-l", str(page),
         "-singlefile", str(source), str(stem)],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return stem.with_suffix(".png")


def uniform_dd(**strains: int) -> str:
    """A double-dummy table (PBN digits) where every seat takes the tricks given per
    strain (C D H S NT) and six in the others."""
    tricks = {(seat, strain): strains.get(strain.value, 6) for seat in Seat for strain in Strain}
    return DDTable(tricks).to_pbn()


def analyse_uniformly(session: Session, **strains: int) -> None:
    """Every board of the session's set analysed as :func:`uniform_dd` says."""
    Board.objects.filter(board_set_id=session.board_set_id).update(dd_tricks=uniform_dd(**strains))
