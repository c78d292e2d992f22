from __future__ import annotations

import pytest

from scoring.cards import Deal
from scoring.dealing import deal_boards
from scoring.dup import RECORD_SIZE, DupBoard, DupError, read_dup, write_dup
from scoring.pbn import PbnBoard
from tests.scoring.deals import TWENTY_TWENTY, WORKED_EXAMPLE

# The worked example of Duplimate's "Convert" note (see scoring/dup.py): the BRI digits
# of North, East and South, and the same board sorted in the DGE part.
CONVERT_BRI = "180437272408224221062507175150321516492941264031464543351128302039140152133403"
CONVERT_DGE = "♠J987♥JT7643♦A4♣Q ♠♥KQ2♦QT9♣AK98543 ♠AQ42♥A8♦KJ762♣J2 ♠KT653♥95♦853♣T76"
CONVERT_DEAL = Deal.from_pbn(
    "N:J987.JT7643.A4.Q .KQ2.QT9.AK98543 AQ42.A8.KJ762.J2 KT653.95.853.T76"
)
DOS_SUITS = str.maketrans({"♠": "\x06", "♥": "\x03", "♦": "\x04", "♣": "\x05", " ": None})


def convert_record(settings: str = "YN1  1 32 ") -> bytes:
    return (CONVERT_BRI + CONVERT_DGE.translate(DOS_SUITS) + settings).encode("ascii")


def test_the_worked_example_of_the_duplimate_note_is_read() -> None:
    dup = read_dup(convert_record("YN1  1 1  "))
    assert dup.boards == (DupBoard(number=1, deal=CONVERT_DEAL),)
    assert (dup.random_hands, dup.backwards, dup.copies) == (True, False, 1)


def test_the_worked_example_is_written_byte_for_byte_apart_from_card_order() -> None:
    record = write_dup([DupBoard(1, CONVERT_DEAL)])
    assert len(record) == RECORD_SIZE
    # BRI: each hand's cards in ascending order (the note says any order will do).
    for hand in range(3):
        ours = record[26 * hand : 26 * hand + 26].decode()
        theirs = CONVERT_BRI[26 * hand : 26 * hand + 26]
        assert sorted(ours[i : i + 2] for i in range(0, 26, 2)) == sorted(
            theirs[i : i + 2] for i in range(0, 26, 2)
        )
        assert ours == "".join(sorted(ours[i : i + 2] for i in range(0, 26, 2)))
    assert record[78:146] == CONVERT_DGE.translate(DOS_SUITS).encode("ascii")
    assert record[146:] == b"YN1  1 1  "


def test_a_set_of_32_ends_every_record_as_the_note_says() -> None:
    dealt = deal_boards(32, seed="duplimate")
    data = write_dup(dealt.boards)
    assert len(data) == 32 * RECORD_SIZE
    for start in range(0, len(data), RECORD_SIZE):
        assert data[start + 146 : start + RECORD_SIZE] == b"YN1  1 32 "


def test_round_trip() -> None:
    dealt = deal_boards(20, seed="round trip", first_board=5)
    dup = read_dup(write_dup(reversed(dealt.boards), random_hands=False, backwards=True, copies=12))
    assert [(board.number, board.deal) for board in dup.boards] == [
        (board.number, board.deal) for board in dealt.boards
    ]
    assert (dup.random_hands, dup.backwards, dup.copies) == (False, True, 12)


def test_pbn_boards_can_be_written_too() -> None:
    board = PbnBoard(number=7, dealer=deal_boards(1, seed="p").boards[0].dealer, deal=CONVERT_DEAL)
    assert read_dup(write_dup([board])).boards == (DupBoard(7, CONVERT_DEAL),)


@pytest.mark.parametrize(
    ("boards", "message"),
    [
        ([], "no boards"),
        ([DupBoard(1, CONVERT_DEAL), DupBoard(3, CONVERT_DEAL)], "board 2 is missing"),
        ([DupBoard(1, CONVERT_DEAL), DupBoard(1, CONVERT_DEAL)], "board 1 is given twice"),
        ([DupBoard(0, CONVERT_DEAL)], "boards 1 to 999"),
        ([DupBoard(2, Deal.from_pbn(TWENTY_TWENTY))], "Board 2 is a 20–20 deal"),
    ],
)
def test_boards_that_cannot_be_written(boards: list[DupBoard], message: str) -> None:
    with pytest.raises(DupError, match=message):
        write_dup(boards)


@pytest.mark.parametrize("copies", [0, 100, True])
def test_copies_must_fit_two_digits(copies: int) -> None:
    with pytest.raises(DupError, match="Copies of each board"):
        write_dup([DupBoard(1, CONVERT_DEAL)], copies=copies)


def test_bad_files_are_refused() -> None:
    good = write_dup([DupBoard(1, Deal.from_pbn(WORKED_EXAMPLE)), DupBoard(2, CONVERT_DEAL)])
    with pytest.raises(DupError, match="156-byte boards; this one has 311 bytes"):
        read_dup(good[:-1])
    with pytest.raises(DupError, match="156-byte boards"):
        read_dup(b"")
    tampered = bytearray(good)
    tampered[RECORD_SIZE + 78 + 1] = ord("K")  # board 2: DGE no longer matches BRI
    with pytest.raises(DupError, match="Board 2: the two copies of its cards"):
        read_dup(bytes(tampered))
    repeated = good[:2] + good[:2] + good[4:]  # North's first card twice on board 1
    with pytest.raises(DupError, match="Board 1: its card numbers are not 39 different"):
        read_dup(repeated)
    with pytest.raises(DupError, match="says boards 1 to 2 but holds 1"):
        read_dup(good[:RECORD_SIZE])
    with pytest.raises(DupError, match="Y or N"):
        read_dup(good[:146] + b"XN1  1 1  ")
