"""QR codes on screen: an SVG path of exactly the encoder's dark modules, readable back."""

from __future__ import annotations

import re
from pathlib import Path

from PIL import Image, ImageDraw

from tests.qr import read_qr_codes
from tournaments.web.qr import QUIET_ZONE, qr_matrix, qr_svg

URL = "http://192.168.1.20:8000/t/Zx4C0mNqkz9bSxvqFhKxWw/"


def test_the_svg_path_draws_exactly_the_dark_modules() -> None:
    matrix = qr_matrix(URL)
    svg = str(qr_svg(URL, label="Table 1"))
    side = len(matrix) + 2 * QUIET_ZONE
    assert f'viewBox="0 0 {side} {side}"' in svg
    drawn = set()
    for x, y, width in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\d+z", svg):
        drawn |= {(int(y) - QUIET_ZONE, int(x) - QUIET_ZONE + i) for i in range(int(width))}
    dark = {(r, c) for r, row in enumerate(matrix) for c, on in enumerate(row) if on}
    assert drawn == dark


def test_the_code_reads_back_as_the_address(tmp_path: Path) -> None:
    matrix = qr_matrix(URL)
    scale, side = 6, len(matrix) + 2 * QUIET_ZONE
    image = Image.new("L", (side * scale, side * scale), 255)
    draw = ImageDraw.Draw(image)
    for r, row in enumerate(matrix):
        for c, on in enumerate(row):
            if on:
                x, y = (c + QUIET_ZONE) * scale, (r + QUIET_ZONE) * scale
                draw.rectangle([x, y, x + scale - 1, y + scale - 1], fill=0)
    image.save(tmp_path / "code.png")
    assert read_qr_codes(tmp_path / "code.png") == [URL]


def test_the_label_is_escaped_and_there_is_no_style_attribute() -> None:
    svg = str(qr_svg(URL, label='Table "1" <b>'))
    assert 'aria-label="Table &quot;1&quot; &lt;b&gt;"' in svg
    assert "style" not in svg
