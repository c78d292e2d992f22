"""Board slips (hand records) and curtain cards: the right cards under the right seat of
the right board, the roles in words, page sizes, languages, and that the PDFs render.

Text is read back with pypdf together with each piece's position on the page, so a
check can ask "what is printed in board 3's box, under the word South".
"""

from __future__ import annotations

import io
import shutil
import struct
import subprocess
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
import reportlab
from django.utils import translation
from pypdf import PdfReader

from scoring.cards import Deal, Rank, Seat, Strain, Suit
from scoring.contracts import Contract
from scoring.dd import DDTable, Par
from tournaments.printing.boards import (
    BoardPrint,
    board_cells,
    board_slips_pdf,
    curtain_cards_pdf,
    curtain_cells,
)
from tournaments.printing.common import (
    STANDARD_FONTS,
    Rect,
    draw_text,
    page_size,
    register_ttf_fonts,
    winansi,
)

#: South (19 points) holds ♠A K 7 ♥K Q 2 ♦A J 9 3 ♣Q 8 4 and declares; North (16) is dummy.
SOUTH_DECLARES = "N:QJ5.A95.KQ7.KJ63 T9843.J7.T86.A75 AK7.KQ2.AJ93.Q84 62.T8643.542.T92"
#: The worked example (docs/rules.md §4.8): N 12, E 8, S 14, W 6; North is void in hearts.
WORKED_EXAMPLE = "N:KQ65..A732.K8642 32.QT6432.864.AQ AJ84.K85.KQ5.J73 T97.AJ97.JT9.T95"
#: N 12, E 11, S 4, W 13: East–West declare, West has more.
EW_DECLARE = "N:AK862.T652.T7.KQ Q7.K3.AQ2.965432 9543.QJ984.83.J7 JT.A7.KJ9654.AT8"
#: N 7, E 8, S 13, W 12: 20–20, a redeal, so nobody declares.
TWENTY_TWENTY = "N:AQJ.T93.97653.94 K432.5.T842.KQT8 986.KJ64.AJ.A732 T75.AQ872.KQ.J65"

#: Double-dummy tricks, PBN order (declarers N E S W; strains NT S H D C each).
DD_DIGITS = "9a7879a787a8a6a9b8a9"

SUIT_SYMBOLS = {suit.symbol: suit for suit in Suit}

Build = Callable[..., bytes]


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
            found.append(Piece(x, y, text.rstrip("\n")))

    PdfReader(io.BytesIO(pdf)).pages[page].extract_text(visitor_text=visit)
    return found


def _inside(pieces: Sequence[Piece], rect: Rect) -> list[Piece]:
    return [p for p in pieces if rect.contains(p.x, p.y)]


def _texts(pieces: Sequence[Piece]) -> list[str]:
    return [p.text.strip() for p in pieces]


def _line(pieces: Sequence[Piece], y: float) -> list[Piece]:
    """The pieces on the baseline ``y``, left to right."""
    return sorted((p for p in pieces if abs(p.y - y) < 0.5), key=lambda p: p.x)


@dataclass(frozen=True)
class PrintedHand:
    heading: Piece
    role: str | None
    points: str
    suits: dict[Suit, str]


def _hand(pieces: Sequence[Piece], seat_name: str) -> PrintedHand:
    """The hand printed under the heading ``seat_name`` among ``pieces`` (one board):
    the role tag right of the heading, the points line below, then the four suit lines,
    each a suit symbol followed by the ranks, starting at the heading's left edge."""
    [heading] = [p for p in pieces if p.text.strip() == seat_name]
    same_line = [p for p in _line(pieces, heading.y) if heading.x < p.x < heading.x + 60]
    role = same_line[0].text.strip() if same_line else None
    below = sorted(
        (p for p in pieces if abs(p.x - heading.x) < 0.5 and heading.y - 70 < p.y < heading.y),
        key=lambda p: -p.y,
    )
    points, *suit_pieces = below
    suits = {}
    for symbol in suit_pieces[:4]:
        following = [p for p in _line(pieces, symbol.y) if p.x > symbol.x]
        suits[SUIT_SYMBOLS[symbol.text.strip()]] = following[0].text.strip()
    return PrintedHand(heading, role, points.text.strip(), suits)


def _expected_holding(deal: Deal, seat: Seat, suit: Suit) -> str:
    """Written here independently of the code under test: ranks high to low, 10 for T."""
    ranks = [card.rank for card in deal[seat].holding(suit)]
    return " ".join("10" if rank is Rank.TEN else rank.char for rank in ranks) or "—"


def _dd() -> DDTable:
    return DDTable.from_pbn(DD_DIGITS)


def _boards(*pbns: str, analysed: bool = False) -> list[BoardPrint]:
    boards = []
    for number, pbn in enumerate(pbns, start=1):
        board = BoardPrint.from_deal(number, Deal.from_pbn(pbn))
        if analysed and board.declarer is not None:
            par = Par(Contract.parse("4S"), board.declarer, tricks=10, net=420)
            board = BoardPrint.from_deal(number, board.deal, dd=_dd(), par=par)
        boards.append(board)
    return boards


# -- BoardPrint -----------------------------------------------------------------------------


def test_from_deal_takes_the_dealer_from_the_number_and_the_declarer_from_the_cards() -> None:
    board = BoardPrint.from_deal(3, Deal.from_pbn(SOUTH_DECLARES))
    assert board.dealer is Seat.SOUTH
    assert board.declarer is Seat.SOUTH
    assert board.dummy is Seat.NORTH


def test_from_deal_leaves_a_twenty_twenty_board_without_declarer() -> None:
    board = BoardPrint.from_deal(1, Deal.from_pbn(TWENTY_TWENTY))
    assert board.declarer is None
    assert board.dummy is None


# -- Hand records ---------------------------------------------------------------------------


def test_it_prints_board_3s_south_hand_under_south_in_board_3s_box() -> None:
    boards = _boards(WORKED_EXAMPLE, EW_DECLARE, SOUTH_DECLARES)
    pdf = board_slips_pdf(boards)
    box = _inside(_pieces(pdf), board_cells(page_size("A4"))[2])
    assert "Board 3" in _texts(box)
    assert "Dealer: South" in _texts(box)
    south = _hand(box, "South")
    assert south.suits == {
        Suit.SPADES: "A K 7",
        Suit.HEARTS: "K Q 2",
        Suit.DIAMONDS: "A J 9 3",
        Suit.CLUBS: "Q 8 4",
    }
    assert south.points == "19 points"
    assert south.role == "Declarer"
    assert _hand(box, "North").role == "Dummy"
    assert _hand(box, "East").role is None
    assert _hand(box, "West").role is None


@pytest.mark.parametrize("pbn", [WORKED_EXAMPLE, EW_DECLARE, SOUTH_DECLARES, TWENTY_TWENTY])
def test_every_hand_of_every_board_is_printed_in_full(pbn: str) -> None:
    [board] = _boards(pbn)
    box = _inside(_pieces(board_slips_pdf([board])), board_cells(page_size("A4"))[0])
    for seat, name in zip(Seat, ["North", "East", "South", "West"], strict=True):
        hand = _hand(box, name)
        assert hand.suits == {suit: _expected_holding(board.deal, seat, suit) for suit in Suit}, (
            name
        )
        points = board.deal.hcp(seat)
        assert hand.points == (f"{points} point" if points == 1 else f"{points} points")


def test_the_diagram_is_a_compass() -> None:
    box = _inside(
        _pieces(board_slips_pdf(_boards(SOUTH_DECLARES))), board_cells(page_size("A4"))[0]
    )
    north, east, south, west = (
        _hand(box, name).heading for name in ["North", "East", "South", "West"]
    )
    assert north.y > west.y > south.y
    assert abs(west.y - east.y) < 0.5
    assert west.x < north.x < east.x
    assert abs(north.x - south.x) < 0.5


def test_a_void_is_a_dash_and_a_ten_is_10() -> None:
    box = _inside(
        _pieces(board_slips_pdf(_boards(WORKED_EXAMPLE))), board_cells(page_size("A4"))[0]
    )
    assert _hand(box, "North").suits[Suit.HEARTS] == "—"
    assert _hand(box, "East").suits[Suit.HEARTS] == "Q 10 6 4 3 2"


def test_a_redeal_marks_nobody() -> None:
    texts = _texts(_pieces(board_slips_pdf(_boards(TWENTY_TWENTY))))
    assert "Declarer" not in texts
    assert "Dummy" not in texts


def test_the_analysis_shows_the_tricks_table_and_the_par() -> None:
    [board] = _boards(SOUTH_DECLARES, analysed=True)
    box = _inside(_pieces(board_slips_pdf([board])), board_cells(page_size("A4"))[0])
    text = " ".join(_texts(box))
    assert "Tricks declarer can make" in text
    assert "(double dummy)" in text
    # The par line: "Par: 4", "♠", " by South, +420" drawn one after the other.
    [par] = [p for p in box if p.text.startswith("Par:")]
    south = _hand(box, "South").heading
    assert "".join(p.text for p in _line(box, par.y) if p.x < south.x) == ("Par: 4♠ by South, +420")
    # The column headings, then one row per seat: its initial, then ♣ ♦ ♥ ♠ NT.
    [nt] = [p for p in box if p.text.strip() == "NT"]
    headings = _line(box, nt.y)
    assert _texts(headings) == ["♣", "♦", "♥", "♠", "NT"]
    table = DDTable.from_pbn(DD_DIGITS)
    strains = [Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NO_TRUMPS]
    for seat in Seat:
        [initial] = [
            p for p in box if p.text.strip() == seat.value and p.x < headings[0].x and p.y < nt.y
        ]
        row = _texts(_line(box, initial.y))
        assert row == [seat.value, *(str(table[seat, strain]) for strain in strains)]


def test_without_analysis_there_is_no_table_and_no_par() -> None:
    boards = _boards(SOUTH_DECLARES, analysed=True)
    text = " ".join(_texts(_pieces(board_slips_pdf(boards, with_analysis=False))))
    assert "Tricks declarer can make" not in text
    assert "Par:" not in text


def test_boards_without_a_double_dummy_table_print_no_analysis() -> None:
    text = " ".join(_texts(_pieces(board_slips_pdf(_boards(SOUTH_DECLARES)))))
    assert "Tricks declarer can make" not in text


def test_six_boards_a_page_with_page_numbers_and_the_title() -> None:
    deals = [WORKED_EXAMPLE, EW_DECLARE, SOUTH_DECLARES, TWENTY_TWENTY] * 2  # 8 boards
    pdf = board_slips_pdf(_boards(*deals), title="6B — Bjørn og Åse")
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 2
    first, second = _texts(_pieces(pdf, 0)), _texts(_pieces(pdf, 1))
    assert "Page 1 of 2" in first
    assert "Page 2 of 2" in second
    assert "6B — Bjørn og Åse" in first
    assert "Hand records" in first
    assert [t for t in first if t.startswith("Board ")] == [f"Board {n}" for n in range(1, 7)]
    assert [t for t in second if t.startswith("Board ")] == ["Board 7", "Board 8"]
    # Board 7 sits in the first box of page 2.
    box = _inside(_pieces(pdf, 1), board_cells(page_size("A4"))[0])
    assert _hand(box, "South").suits[Suit.SPADES] == "A K 7"


def test_no_boards_gives_one_page_with_the_header() -> None:
    pdf = board_slips_pdf([])
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 1
    assert "Page 1 of 1" in _texts(_pieces(pdf))


def test_the_same_boards_give_the_same_bytes() -> None:
    boards = _boards(SOUTH_DECLARES, analysed=True)
    assert board_slips_pdf(boards) == board_slips_pdf(boards)


# -- Curtain cards --------------------------------------------------------------------------


def test_curtain_cards_hold_four_slips_of_thirteen_cards_per_board() -> None:
    boards = _boards(WORKED_EXAMPLE, EW_DECLARE, SOUTH_DECLARES)
    pdf = curtain_cards_pdf(boards)
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 2  # 12 slips, 8 a page
    cells = curtain_cells(page_size("A4"))
    slips = [(page, cell) for page in (0, 1) for cell in cells][:12]
    seen: Counter[str] = Counter()
    for index, (page, cell) in enumerate(slips):
        board = boards[index // 4]
        seat = list(Seat)[index % 4]
        name = ["North", "East", "South", "West"][index % 4]
        slip = _inside(_pieces(pdf, page), cell)
        texts = _texts(slip)
        seen[texts[0]] += 1
        assert texts[:2] == [f"Board {board.number}", name]
        assert f"{board.deal.hcp(seat)} points" in texts
        symbols = [p for p in slip if p.text.strip() in SUIT_SYMBOLS]
        assert [p.text.strip() for p in symbols] == ["♠", "♥", "♦", "♣"]
        cards = 0
        for symbol in symbols:
            holding = _line(slip, symbol.y)[1].text.strip()
            suit = SUIT_SYMBOLS[symbol.text.strip()]
            assert holding == _expected_holding(board.deal, seat, suit)
            cards += 0 if holding == "—" else len(holding.split())
        assert cards == 13
    assert seen == {"Board 1": 4, "Board 2": 4, "Board 3": 4}


def test_curtain_cards_have_dashed_cut_lines() -> None:
    pdf = curtain_cards_pdf(_boards(SOUTH_DECLARES))
    content = PdfReader(io.BytesIO(pdf)).pages[0].get_contents()
    assert content is not None
    assert b"[4 3] 0 d" in content.get_data()


# -- Page sizes and languages ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "width", "height"), [("A4", 595.28, 841.89), ("Letter", 612.0, 792.0)]
)
@pytest.mark.parametrize("build", [board_slips_pdf, curtain_cards_pdf])
def test_page_sizes(build: Build, name: str, width: float, height: float) -> None:
    pdf = build(_boards(SOUTH_DECLARES, analysed=True), page_size=name)
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((width, height), abs=0.01)


def test_letter_pages_still_hold_every_card() -> None:
    pdf = board_slips_pdf(_boards(SOUTH_DECLARES, analysed=True), page_size="Letter")
    box = _inside(_pieces(pdf), board_cells(page_size("Letter"))[0])
    assert _hand(box, "South").suits[Suit.SPADES] == "A K 7"


@pytest.mark.parametrize("name", ["A5", "", "letter-ish"])
def test_an_unknown_page_size_is_refused(name: str) -> None:
    with pytest.raises(ValueError, match="A4, Letter"):
        board_slips_pdf(_boards(SOUTH_DECLARES), page_size=name)
    with pytest.raises(ValueError, match="A4, Letter"):
        curtain_cards_pdf(_boards(SOUTH_DECLARES), page_size=name)


def test_in_norwegian_both_pdfs_still_render() -> None:
    with translation.override("nb"):
        slips = board_slips_pdf(_boards(SOUTH_DECLARES, analysed=True), title="Klasse 6B")
        curtains = curtain_cards_pdf(_boards(SOUTH_DECLARES))
    for pdf in (slips, curtains):
        reader = PdfReader(io.BytesIO(pdf))
        assert reader.pages
        assert "♠" in reader.pages[0].extract_text()
    assert b"/Lang (nb)" in slips


NORWEGIAN_RANKS = {Rank.ACE: "E", Rank.KING: "K", Rank.QUEEN: "D", Rank.JACK: "Kn", Rank.TEN: "10"}


def _norwegian_holding(deal: Deal, seat: Seat, suit: Suit) -> str:
    """Norwegian hand diagrams: E K D Kn for A K Q J (ess, konge, dame, knekt)."""
    ranks = [card.rank for card in deal[seat].holding(suit)]
    return " ".join(NORWEGIAN_RANKS.get(rank, rank.char) for rank in ranks) or "—"


def test_norwegian_hand_diagrams_use_norwegian_ranks() -> None:
    board = _boards(SOUTH_DECLARES)
    with translation.override("nb"):
        slips = board_slips_pdf(board, with_analysis=False)
        curtains = curtain_cards_pdf(board)
    box = _inside(_pieces(slips), board_cells(page_size("A4"))[0])
    for seat, name in zip(Seat, ["Nord", "Øst", "Syd", "Vest"], strict=True):
        printed = _hand(box, name).suits
        for suit in Suit:
            assert printed[suit] == _norwegian_holding(board[0].deal, seat, suit), (name, suit)
    # North holds ♠ Q J 5 and ♦ K Q 7: D Kn 5 and K D 7.
    assert _hand(box, "Nord").suits[Suit.SPADES] == "D Kn 5"
    assert _hand(box, "Nord").suits[Suit.DIAMONDS] == "K D 7"
    for index, cell in enumerate(curtain_cells(page_size("A4"))[:4]):
        slip = _inside(_pieces(curtains), cell)
        seat = list(Seat)[index]
        for symbol in (p for p in slip if p.text.strip() in SUIT_SYMBOLS):
            holding = _line(slip, symbol.y)[1].text.strip()
            suit = SUIT_SYMBOLS[symbol.text.strip()]
            assert holding == _norwegian_holding(board[0].deal, seat, suit)


def test_norwegian_letters_print_and_other_letters_are_simplified() -> None:
    texts = _texts(_pieces(board_slips_pdf([], title="Bjørn, Æsa og Åse — Łukasz")))
    assert "Bjørn, Æsa og Åse — Lukasz" in texts


# -- Text extraction and rendering with poppler ---------------------------------------------


def _need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.fail(f"{tool} is missing: install Debian's poppler-utils (make test does).")
    return path


def test_pdftotext_reads_the_suits_and_the_cards(tmp_path: Path) -> None:
    pdf = tmp_path / "slips.pdf"
    pdf.write_bytes(board_slips_pdf(_boards(SOUTH_DECLARES)))
    text = subprocess.run(
        [_need("pdftotext"), str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    for line in ["♠ A K 7", "♥ K Q 2", "♦ A J 9 3", "♣ Q 8 4", "19 points", "Declarer"]:
        assert line in text


@pytest.mark.parametrize("build", [board_slips_pdf, curtain_cards_pdf])
def test_page_one_rasterises(build: Build, tmp_path: Path) -> None:
    pdf = tmp_path / "boards.pdf"
    pdf.write_bytes(build(_boards(SOUTH_DECLARES, analysed=True)))
    command = [_need("pdftoppm"), "-r", "50", "-png", "-f", "1", "-l", "1", "-singlefile"]
    subprocess.run(
        [*command, str(pdf), str(tmp_path / "page")],
        check=True,
        capture_output=True,
    )
    png = (tmp_path / "page.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (pytest.approx(413, abs=1), pytest.approx(585, abs=1))  # A4


# -- Shared helpers -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "printable"),
    [
        ("Bjørn Æsa Åse", "Bjørn Æsa Åse"),
        ("Łukasz Nguyễn", "Lukasz Nguyen"),
        ("4♠ – ok", "4♠ – ok"),
        ("日本", "??"),
    ],
)
def test_winansi_keeps_what_helvetica_prints(text: str, printable: str) -> None:
    assert winansi(text) == printable


@pytest.mark.parametrize("name", ["A4", "a4", "Letter", "LETTER"])
def test_page_size_accepts_either_case(name: str) -> None:
    assert page_size(name) in (page_size("A4"), page_size("Letter"))


def test_draw_text_shrinks_then_cuts_what_is_too_wide() -> None:
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(io.BytesIO())
    width = draw_text(
        canvas, 0, 0, "A very long title " * 10, font="Helvetica", size=10, max_width=100
    )
    assert width <= 100.01


def test_a_truetype_font_without_suits_keeps_symbol_for_them() -> None:
    vera = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"
    bold = vera.with_name("VeraBd.ttf")
    fonts = register_ttf_fonts("Vera", str(vera), str(bold))
    assert (fonts.regular, fonts.bold, fonts.suits, fonts.unicode) == (
        "Vera",
        "Vera-Bold",
        "Symbol",
        True,
    )
    assert fonts != STANDARD_FONTS
    pdf = board_slips_pdf(_boards(SOUTH_DECLARES), fonts=fonts)
    box = _inside(_pieces(pdf), board_cells(page_size("A4"))[0])
    assert _hand(box, "South").suits[Suit.SPADES] == "A K 7"
