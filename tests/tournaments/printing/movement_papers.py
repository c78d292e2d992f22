"""What the three movement papers (table cards, movement chart, pair cards) must say,
written out here from the movement's own data (``table_card`` and ``pair_card``), not
with the printing modules' helpers, so a wrong word or number is caught; and how the
tests read the PDFs back.

The text is read back with pypdf, whitespace collapsed to single spaces; each row is
drawn in reading order, so a row's pieces come out as one run of text.
"""

from __future__ import annotations

import io
import shutil
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from pypdf import PdfReader

from scoring.movements import (
    BoardsGo,
    Line,
    Movement,
    PairId,
    TableRound,
    howell,
    mitchell,
    pair_card,
    table_card,
)
from tournaments.printing.common import SessionPrint

Build = Callable[[SessionPrint], bytes]

NAMES = [
    "Emma H & Oliver S",
    "Nora B & Jakob L",
    "Sofie Ø & Åsmund Æ",
    "Ingrid K & Lars P",
    "Maja T & Filip N",
    "Ella R & Noah G",
    "Leah S & William D",
    "Olivia M & Henrik V",
    "Sara J & Magnus E",
    "Thea F & Aksel W",
]
SHORT = {Line.NS: "N–S", Line.EW: "E–W"}
SIDE = {Line.NS: "North–South", Line.EW: "East–West"}


def _url(table: int) -> str:
    return f"https://minibridge.example.no/s/7f3k9q/table/{table}/"


def _session(
    movement: Movement, *, page_size: str = "A4", title: str = "6B Tuesday"
) -> SessionPrint:
    pairs = sorted(movement.pair_ids, key=lambda pair: pair.sort_key)
    return SessionPrint(
        title=title,
        movement=movement,
        pair_names={pair: NAMES[index % len(NAMES)] for index, pair in enumerate(pairs)},
        table_urls={table: _url(table) for table in range(1, movement.tables + 1)},
        page_size=page_size,
    )


MITCHELL_9 = mitchell(9)  # 5 tables; N–S 5 is the phantom, so table 5 always sits out
HOWELL_7 = howell(7)  # 4 tables, 7 rounds; pair 8 is the phantom
MOVEMENTS = pytest.mark.parametrize(
    "movement", [MITCHELL_9, HOWELL_7], ids=["mitchell-9-pairs", "howell-7-pairs"]
)


# -- Reading the PDFs back ------------------------------------------------------------------


def _reader(pdf: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(pdf))


def _text(pdf: bytes, page: int) -> str:
    """A page's text with whitespace collapsed, padded with a space at both ends so
    ``f" {words} "`` finds whole words only."""
    return " " + " ".join(_reader(pdf).pages[page].extract_text().split()) + " "


def _all_text(pdf: bytes) -> str:
    return "".join(_text(pdf, page) for page in range(len(_reader(pdf).pages)))


def _sizes(pdf: bytes) -> list[tuple[float, float]]:
    return [(float(p.mediabox.width), float(p.mediabox.height)) for p in _reader(pdf).pages]


# -- What the movement says, written out by hand ---------------------------------------------


def _number(pair: PairId) -> str:
    return str(pair.number) if pair.direction is None else f"{pair.number} {SHORT[pair.direction]}"


def _boards(boards: range) -> str:
    return str(boards[0]) if len(boards) == 1 else f"{boards[0]}–{boards[-1]}"


def _with_names(session: SessionPrint, pair: PairId | None) -> str:
    if pair is None:
        return "—"
    names = session.pair_names.get(pair)
    return f"{_number(pair)} {names}" if names else _number(pair)


def _tables(tables: Sequence[int]) -> str:
    return ("table " if len(tables) == 1 else "tables ") + " & ".join(map(str, tables))


def _after_round(row: TableRound) -> list[str]:
    """What a table is told when the round is over, in English, as the table's page and
    its card must both say it."""
    texts = []
    for pair, seat, nxt in (
        (row.ns_pair, Line.NS, row.ns_next),
        (row.ew_pair, Line.EW, row.ew_next),
    ):
        if pair is None or nxt is None:
            continue
        name = f"Pair {_number(pair)}"
        sat = None if row.sits_out else seat
        if nxt.sits_out:
            texts.append(f"{name} has the next round off, at table {nxt.table}.")
        elif nxt.table == row.table:
            turned = (sat or pair.direction) != nxt.direction
            texts.append(
                f"{name} stays at this table{f' and sits {SIDE[nxt.direction]}' * turned}."
            )
        else:
            turned = pair.direction != nxt.direction
            texts.append(
                f"{name} goes to table {nxt.table}{f' and sits {SIDE[nxt.direction]}' * turned}."
            )
    boards = row.boards_next
    if boards.go is BoardsGo.FINISHED:
        texts.append("Give the boards to the teacher.")
    elif boards.go is BoardsGo.STAND:
        later = f"{_tables(boards.tables)} in round {boards.round}"
        texts.append(f"The boards go onto the side table, for {later}.")
    elif boards.tables == (row.table,):
        texts.append("The boards stay on this table.")
    elif row.table in boards.tables:
        others = [t for t in boards.tables if t != row.table]
        texts.append(f"The boards stay on this table, shared with {_tables(others)}.")
    else:
        texts.append(f"The boards go to {_tables(boards.tables)}.")
    return texts


def _table_row(session: SessionPrint, table: int, round_: int) -> str:
    """A table card's line for one round, as it must read."""
    row = table_card(session.movement, table)[round_ - 1]
    boards = _boards(row.boards) + (" not played" if row.sits_out else "")
    text = (
        f"{row.round} {_with_names(session, row.ns_pair)} "
        f"{_with_names(session, row.ew_pair)} {boards} {' '.join(_after_round(row))}"
    )
    for pair in (row.ns_pair, row.ew_pair):
        if row.sits_out and pair is not None:
            text += f" » Pair {_number(pair)} has this round off"
    if row.arrow_switched:
        text += " » Arrow switch: North–South sit East–West for these boards"
    if row.shared_with:
        text += f" » Shares boards with {_tables(row.shared_with)}"
    return text


def _chart_pair(pair: PairId) -> str:
    return str(pair.number) if pair.direction is None else f"{SHORT[pair.direction]} {pair.number}"


def _chart_cell(movement: Movement, table: int, round_: int) -> str:
    row = table_card(movement, table)[round_ - 1]
    if row.sits_out:
        present = row.ns_pair or row.ew_pair
        assert present is not None
        return f"{_chart_pair(present)} Round off"
    assert row.ns_pair is not None
    assert row.ew_pair is not None
    text = f"{_chart_pair(row.ns_pair)} v {_chart_pair(row.ew_pair)} Boards {_boards(row.boards)}"
    if row.shared_with:
        word = "table" if len(row.shared_with) == 1 else "tables"
        text += f" shared with {word} {' & '.join(map(str, row.shared_with))}"
    return text


def _pair_row(session: SessionPrint, pair: PairId, round_: int) -> str:
    row = pair_card(session.movement, pair)[round_ - 1]
    if row.sits_out:
        return f"{row.round} {row.table} — Round off —"
    opponent = _with_names(session, row.opponent)
    return f"{row.round} {row.table} {SIDE[row.direction]} {opponent} {_boards(row.boards)}"


# -- Rendering ----------------------------------------------------------------------------


def _need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.fail(f"{tool} is missing: install Debian's poppler-utils (make test does).")
    return path


def _render(pdf: bytes, page: int, tmp_path: Path, dpi: int) -> Path:
    path = tmp_path / "movement.pdf"
    path.write_bytes(pdf)
    command = [_need("pdftoppm"), "-r", str(dpi), "-png", "-f", str(page), "-l", str(page)]
    subprocess.run(
        [*command, "-singlefile", str(path), str(tmp_path / "page")],
        check=True,
        capture_output=True,
    )
    return tmp_path / "page.png"
