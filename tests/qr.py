"""Reading QR codes back in tests: from a PDF page (rendered by Debian's poppler-utils,
which `make test` installs) or from a PNG, decoded by zxing-cpp."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image


def pdf_page_png(pdf: bytes, page: int, folder: Path, *, dpi: int = 100) -> Path:
    """Page ``page`` (from 1) of ``pdf`` as a PNG file."""
    pdftoppm = shutil.which("pdftoppm")
    if pdftoppm is None:
        pytest.fail("pdftoppm is missing: install Debian's poppler-utils (make test does it).")
    source = folder / f"qr-{page}.pdf"
    source.write_bytes(pdf)
    stem = folder / f"qr-{page}"
    pages = ["-f", str(page), "-l", str(page), "-singlefile"]
    subprocess.run(
        [pdftoppm, "-r", str(dpi), "-png", *pages, str(source), str(stem)],
        check=True,
        capture_output=True,
    )
    return stem.with_suffix(".png")


def read_qr_codes(png: Path | bytes) -> list[str]:
    """The texts of every QR code in a picture (a file, or PNG bytes)."""
    if isinstance(png, bytes):
        import io

        with Image.open(io.BytesIO(png)) as image:
            return [result.text for result in zxingcpp.read_barcodes(image)]
    with Image.open(png) as image:
        return [result.text for result in zxingcpp.read_barcodes(image)]
