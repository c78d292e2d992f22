"""DUP files for Duplimate dealing machines, which sort real cards into the boards.

Sources for the layout (no official specification could be fetched; these agree):

* Duplimate's own note "Convert" (http://www.duplimate.com/DuplimateClub/convert.pdf),
  read through its copy at http://www.docstoc.com/docs/86815766/Convert-Convert-We-will:
  156 bytes per board, a 78-byte "BRI" part, a 68-byte "DGE" part and 10 bytes of
  settings, with a worked example board (used in the tests);
* njhammond/hand_record_utility, ``DESIGN.md`` (GitHub), which restates that note;
* richardschneider/pbn, ``lib/bri-to-pbn.js`` and ``lib/dge-to-pbn.js`` (GitHub), a
  reader of such files: card numbers 01 = ♠A … 52 = ♣2, and the DOS code-page suit
  symbols 0x06 ♠, 0x03 ♥, 0x04 ♦, 0x05 ♣.

One board is 156 bytes, with no separator between boards:

======= ====== =====================================================================
bytes   length what
======= ====== =====================================================================
1–78    78     North's, East's and South's 13 cards, each as two ASCII digits:
               01 ♠A, 02 ♠K … 13 ♠2, 14 ♥A … 26 ♥2, 27 ♦A … 39 ♦2, 40 ♣A … 52 ♣2
               (West has the other 13). Written in ascending order here.
79–146  68     The four hands N, E, S, W in 17 bytes each: the ♠ symbol (0x06) and
               the spades, ♥ (0x03) and hearts, ♦ (0x04), ♣ (0x05), ranks written
               ``AKQJT98765432`` highest first. The machine uses it as a check.
147     1      ``Y`` or ``N``: "Random hands?"
148     1      ``Y`` or ``N``: "Backwards counting?"
149–151 3      The lowest board number in the set, left-aligned, padded with spaces.
152–153 2      Copies of each board, left-aligned, padded with spaces.
154–156 3      The highest board number in the set, left-aligned, padded with spaces.
======= ====== =====================================================================

The boards are stored in order, lowest number first, so a board's number is its place
in the file; the dealer follows from the number as usual (1 North, 2 East …). A set of
32 boards, one copy each, ends every record with ``YN1  1 32 ``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from scoring.cards import HAND_SIZE, Card, Deal, Hand, Seat, Side, Suit, full_deck
from scoring.declaring import HALF_THE_POINTS
from scoring.errors import RulesError

RECORD_SIZE = 156
_BRI_SIZE = 78
_DGE_SIZE = 68
_HAND_BYTES = 17
_MAX_BOARD = 999  # three digits in the settings
_MAX_COPIES = 99  # two digits in the settings

_DECK: tuple[Card, ...] = full_deck()  # ♠A first, ♣2 last: card number = index + 1
_NUMBER_OF: dict[Card, int] = {card: index + 1 for index, card in enumerate(_DECK)}
_SUIT_BYTE: dict[Suit, int] = {
    Suit.SPADES: 0x06,
    Suit.HEARTS: 0x03,
    Suit.DIAMONDS: 0x04,
    Suit.CLUBS: 0x05,
}
_CLOCKWISE: tuple[Seat, ...] = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


class DupErrorCode(StrEnum):
    """What was refused. The values are stable: the site keys on them."""

    REFUSED = "dup_refused"  # the message says what and why


class DupError(RulesError):
    """Boards that cannot be written as DUP, or bytes that are not a DUP file."""

    codes = DupErrorCode
    code: DupErrorCode

    def __init__(self, message: str, **params: object) -> None:
        super().__init__(DupErrorCode.REFUSED, message, **params)


class NumberedDeal(Protocol):
    """Anything with a board number and a deal, e.g. a dealt board or a PBN board."""

    @property
    def number(self) -> int: ...

    @property
    def deal(self) -> Deal: ...


@dataclass(frozen=True)
class DupBoard:
    """A board read from a DUP file."""

    number: int
    deal: Deal


@dataclass(frozen=True)
class DupFile:
    """The boards of a DUP file and the machine settings stored with them."""

    boards: tuple[DupBoard, ...]
    random_hands: bool
    backwards: bool
    copies: int


def write_dup(
    boards: Iterable[NumberedDeal],
    *,
    random_hands: bool = True,
    backwards: bool = False,
    copies: int = 1,
) -> bytes:
    """The boards as a DUP file for a Duplimate machine (layout in the module docstring).

    The boards must be numbered one after another (e.g. 1 to 24, or 17 to 32), since a
    DUP file stores no board numbers, only the lowest and highest. A 20–20 deal is
    refused: it is never a duplicate board.
    """
    ordered = sorted(boards, key=lambda board: board.number)
    if not ordered:
        raise DupError("There are no boards to write")
    lowest, highest = ordered[0].number, ordered[-1].number
    if lowest < 1 or highest > _MAX_BOARD:
        raise DupError(f"DUP files hold boards 1 to {_MAX_BOARD}; these run {lowest} to {highest}")
    expected = list(range(lowest, highest + 1))
    numbers = [board.number for board in ordered]
    if numbers != expected:
        missing = sorted(set(expected) - set(numbers))
        twice = sorted({number for number in numbers if numbers.count(number) > 1})
        detail = f"board {twice[0]} is given twice" if twice else f"board {missing[0]} is missing"
        raise DupError(f"A DUP file needs boards numbered one after another; {detail}")
    if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= _MAX_COPIES:
        raise DupError(f"Copies of each board must be 1 to {_MAX_COPIES}, not {copies!r}")
    settings = (
        ("Y" if random_hands else "N")
        + ("Y" if backwards else "N")
        + f"{lowest:<3}{copies:<2}{highest:<3}"
    ).encode("ascii")
    records = []
    for board in ordered:
        if board.deal.side_hcp(Side.NS) == HALF_THE_POINTS:
            raise DupError(f"Board {board.number} is a 20–20 deal, which is never played")
        records.append(_bri(board.deal) + _dge(board.deal) + settings)
    return b"".join(records)


def _bri(deal: Deal) -> bytes:
    numbers = (sorted(_NUMBER_OF[card] for card in deal[seat].cards) for seat in _CLOCKWISE[:3])
    return "".join(f"{number:02d}" for hand in numbers for number in hand).encode("ascii")


def _dge(deal: Deal) -> bytes:
    out = bytearray()
    for seat in _CLOCKWISE:
        hand = deal[seat]
        for suit in Suit:
            out.append(_SUIT_BYTE[suit])
            out.extend("".join(card.rank.char for card in hand.holding(suit)).encode("ascii"))
    return bytes(out)


def read_dup(data: bytes) -> DupFile:
    """Read a DUP file back. Each record's two copies of the cards (BRI and DGE) must
    agree and the settings must be the same in every record, or :class:`DupError`
    says which board is wrong."""
    if not data or len(data) % RECORD_SIZE:
        raise DupError(
            f"A DUP file is a whole number of {RECORD_SIZE}-byte boards; this one has "
            f"{len(data)} bytes"
        )
    records = [data[start : start + RECORD_SIZE] for start in range(0, len(data), RECORD_SIZE)]
    settings = records[0][_BRI_SIZE + _DGE_SIZE :]
    random_hands, backwards, lowest, copies, highest = _settings(settings)
    if highest - lowest + 1 != len(records):
        raise DupError(
            f"The file says boards {lowest} to {highest} but holds {len(records)} boards"
        )
    boards = []
    for place, record in enumerate(records):
        number = lowest + place
        if record[_BRI_SIZE + _DGE_SIZE :] != settings:
            raise DupError(f"Board {number}: its settings differ from board {lowest}'s")
        deal = _read_bri(record[:_BRI_SIZE], number)
        if _dge(deal) != record[_BRI_SIZE : _BRI_SIZE + _DGE_SIZE]:
            raise DupError(f"Board {number}: the two copies of its cards (BRI and DGE) differ")
        boards.append(DupBoard(number=number, deal=deal))
    return DupFile(
        boards=tuple(boards), random_hands=random_hands, backwards=backwards, copies=copies
    )


def _settings(raw: bytes) -> tuple[bool, bool, int, int, int]:
    text = raw.decode("ascii", errors="replace")
    if text[0] not in "YN" or text[1] not in "YN":
        raise DupError(f"The settings {text!r} do not start with Y or N twice")
    try:
        lowest, copies, highest = int(text[2:5]), int(text[5:7]), int(text[7:10])
    except ValueError:
        raise DupError(f"The settings {text!r} do not hold three numbers") from None
    return text[0] == "Y", text[1] == "Y", lowest, copies, highest


def _read_bri(raw: bytes, number: int) -> Deal:
    text = raw.decode("ascii", errors="replace")
    if not text.isdigit():
        raise DupError(f"Board {number}: its card numbers are not all digits")
    numbers = [int(text[i : i + 2]) for i in range(0, _BRI_SIZE, 2)]
    if any(not 1 <= n <= len(_DECK) for n in numbers) or len(set(numbers)) != len(numbers):
        raise DupError(f"Board {number}: its card numbers are not 39 different ones from 01 to 52")
    hands = {
        seat: Hand.of(_DECK[n - 1] for n in numbers[HAND_SIZE * i : HAND_SIZE * (i + 1)])
        for i, seat in enumerate(_CLOCKWISE[:3])
    }
    used = set(numbers)
    hands[Seat.WEST] = Hand.of(card for card in _DECK if _NUMBER_OF[card] not in used)
    return Deal.from_hands(hands)
