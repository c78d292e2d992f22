from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Deal as EndplayDeal

from scoring.cards import Deal, Seat, Strain
from scoring.dealing import deal_boards
from scoring.pbn import (
    DD_SEAT_ORDER,
    DD_STRAIN_ORDER,
    MANDATORY_TAGS,
    PbnBoard,
    PbnColumn,
    PbnError,
    PbnFile,
    PbnStop,
    PbnTable,
    ProblemCode,
    read_pbn,
    table_section,
    write_pbn,
)
from tests.narrow import found
from tests.scoring.deals import TWENTY_TWENTY, WORKED_EXAMPLE

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
EXAMPLE = Deal.from_pbn(WORKED_EXAMPLE)


def dd_table(base: int = 7) -> dict[tuple[Seat, Strain], int]:
    return {
        (seat, strain): (base + i + j) % 14
        for i, seat in enumerate(Seat)
        for j, strain in enumerate(Strain)
    }


def sample_boards(count: int = 4) -> list[PbnBoard]:
    dealt = deal_boards(count, seed="pbn tests")
    boards = []
    for board in dealt.boards:
        boards.append(
            PbnBoard(
                number=board.number,
                dealer=board.dealer,
                deal=board.deal,
                dd_tricks=dd_table(board.number) if board.number % 2 else None,
                par={1: "4S S 420", 3: "1H S 110"}.get(board.number),
                par_ties="1S 1NT" if board.number == 3 else None,
                extra_tags=(("Annotator", 'Mr "Bo" Ek'), ("Room", "6B \\ hall"))
                if board.number == 2
                else (),
                tables=(
                    PbnTable.of(
                        "ScoreTable",
                        ["PairId_NS\\2R", "PairId_EW\\2R", "Names_NS\\14L", "Score_NS\\6R"],
                        [[1, 2, "Ann; Bo", 420], [3, 4, "Cy", "-"]],
                    ),
                )
                if board.number == 3
                else (),
            )
        )
    return boards


def read_ok(text: str | bytes) -> PbnFile:
    pbn_file = read_pbn(text)
    assert pbn_file.problems == (), [str(p) for p in pbn_file.problems]
    return pbn_file


# ------------------------------------------------------------------- writing


def test_round_trip_keeps_boards_dealers_deals_analysis_and_extra_tags() -> None:
    boards = sample_boards()
    pbn_file = read_ok(write_pbn(boards, event="Spring session", site="Oslo"))
    assert [game.board for game in pbn_file.boards] == boards
    assert [game.board.dealer for game in pbn_file.boards] == [N, E, S, W]
    assert pbn_file.boards[1].board.extra_tags == (
        ("Annotator", 'Mr "Bo" Ek'),
        ("Room", "6B \\ hall"),
    )
    assert pbn_file.boards[0].tag("MinibridgePar") == "4S S 420"
    assert pbn_file.boards[0].tag("MinibridgeParTies") is None
    # Tied contracts have their own tag; the par's tag keeps its one-contract form.
    assert pbn_file.boards[2].tag("MinibridgePar") == "1H S 110"
    assert pbn_file.boards[2].tag("MinibridgeParTies") == "1S 1NT"
    assert pbn_file.boards[0].tag("Event") == "Spring session"
    assert pbn_file.notes == ()


def test_the_written_file_is_read_identically_by_endplay() -> None:
    boards = sample_boards()
    theirs = endplay_pbn.loads(write_pbn(boards))
    assert len(theirs) == len(boards)
    for ours, their in zip(boards, theirs, strict=True):
        assert their.board_num == ours.number
        assert their.deal.to_pbn() == EndplayDeal(ours.deal.to_pbn()).to_pbn()
        assert their.info["MinibridgeDeclarer"] == ours.declaration.declarer.value
        if ours.par is not None:  # a reader of the one-contract par is not put out by ties
            assert their.info["MinibridgePar"] == ours.par


def test_export_format_layout() -> None:
    text = write_pbn(sample_boards(), date=datetime.date(2026, 5, 12))
    assert text.endswith("\r\n")
    assert text.count("\n") == text.count("\r\n")  # every line ends with CR LF
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n")
    games = text.split("\r\n\r\n")
    assert len(games) == 4  # one empty line between games, none elsewhere
    for number, game in enumerate(games, start=1):
        lines = game.split("\r\n")
        tags = [line for line in lines if line.startswith("[")]
        names = [found(re.match(r"\[(\w+) ", line))[1] for line in tags]
        first_tag = lines.index(tags[0])
        assert names[:15] == list(MANDATORY_TAGS)
        # Then the other tags sorted by name, then the tables sorted by name (§3.1).
        supplemental = [name for name in names[15:] if not name.endswith("Table")]
        tables = [name for name in names[15:] if name.endswith("Table")]
        assert names[15:] == sorted(supplemental) + sorted(tables)
        assert tags[3] == f'[Board "{number}"]'
        assert tags[9] == '[Vulnerable "None"]'
        dealer = "NESW"[(number - 1) % 4]
        assert tags[8] == f'[Dealer "{dealer}"]'
        assert tags[10].startswith(f'[Deal "{dealer}:')
        assert tags[2] == '[Date "2026.05.12"]'
        assert tags[4:8] == ['[West ""]', '[North ""]', '[East ""]', '[South ""]']
        assert tags[12:15] == ['[Declarer ""]', '[Contract ""]', '[Result ""]']
        assert "MinibridgeDeclarer" in names
        assert all(line == line.strip() and "  " not in line for line in tags)
        assert first_tag == (4 if number == 1 else 0)  # the % header lines come first


def test_double_dummy_tricks_and_optimum_result_table() -> None:
    tricks = {(seat, strain): 0 for seat in Seat for strain in Strain}
    tricks[N, Strain.NO_TRUMPS] = 13
    tricks[S, Strain.SPADES] = 10
    tricks[E, Strain.CLUBS] = 11
    tricks[W, Strain.HEARTS] = 1
    board = PbnBoard(1, N, Deal.from_pbn(WORKED_EXAMPLE), dd_tricks=tricks)
    text = write_pbn([board])
    # Declarers N, S, E, W; strains NT, S, H, D, C.
    assert '[DoubleDummyTricks "d00000a0000000b00100"]' in text
    section = text.split('[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\r\n')[1]
    rows = section.split("\r\n")[:20]
    assert rows[:2] == ["N NT 13", "N  S  0"]
    assert rows[6] == "S  S 10"
    assert rows[14] == "E  C 11"
    assert rows[17] == "W  H  1"
    assert [row[0] for row in rows] == [seat.value for seat in DD_SEAT_ORDER for _ in range(5)]
    assert [row[1:4].strip() for row in rows[:5]] == [strain.value for strain in DD_STRAIN_ORDER]


BBO_EXTRACTOR_BOARD = """\
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:J8.AK985.AJ6.AJ8 QT4.Q2.9874.9753 A5.JT74.KT32.KQ2 K97632.63.Q5.T64"]
"""


def test_double_dummy_digits_and_rows_agree_as_in_a_bbo_file() -> None:
    # From a BBO Extractor file: the tag and the table give the same figures.
    rows = [
        ("N", "NT", 13), ("N", "S", 8), ("N", "H", 13), ("N", "D", 13), ("N", "C", 10),
        ("S", "NT", 13), ("S", "S", 8), ("S", "H", 13), ("S", "D", 13), ("S", "C", 10),
        ("E", "NT", 0), ("E", "S", 5), ("E", "H", 0), ("E", "D", 0), ("E", "C", 1),
        ("W", "NT", 0), ("W", "S", 5), ("W", "H", 0), ("W", "D", 0), ("W", "C", 1),
    ]  # fmt: skip
    with_digits = read_ok(BBO_EXTRACTOR_BOARD + '[DoubleDummyTricks "d8ddad8dda0500105001"]\n')
    with_table = read_ok(
        BBO_EXTRACTOR_BOARD
        + '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n'
        + "\n".join(f"{seat} {strain} {tricks}" for seat, strain, tricks in rows)
    )
    expected = {(Seat(seat), Strain(strain)): tricks for seat, strain, tricks in rows}
    assert with_digits.boards[0].board.dd_tricks == expected
    assert with_table.boards[0].board.dd_tricks == expected


def test_table_section_helper_quotes_and_pads_cells() -> None:
    lines = table_section(
        "ScoreTable",
        ["PairId_NS\\2R", "Names_NS\\12L", "Contract", "Score_NS\\6R"],
        [[1, "Ann Berg", "4S", 420], [12, 'Bo "Big" Ek', "", "-"]],
    )
    assert lines == [
        '[ScoreTable "PairId_NS\\2R;Names_NS\\12L;Contract;Score_NS\\6R"]',
        ' 1 "Ann Berg"   4S    420',
        '12 "Bo \\"Big\\" Ek" ""      -',
    ]
    total = table_section("TotalScoreTable", ["+Rank\\2R", "PairId\\2R", "Names"], [[1, 3, "Å"]])
    assert total == ['[TotalScoreTable "+Rank\\2R;PairId\\2R;Names"]', ' 1  3 "Å"']


def test_tables_read_back_including_quoted_cells() -> None:
    board = sample_boards(3)[2]
    game = read_ok(write_pbn([board])).boards[0]
    (table,) = game.board.tables
    assert table.tag == "ScoreTable"
    assert table.column("Names_NS") == ["Ann; Bo", "Cy"]
    assert table.column("Score_NS") == ["420", "-"]
    assert table.columns[0] == PbnColumn("PairId_NS", width=2, align="R")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: PbnBoard(0, N, Deal.from_pbn(WORKED_EXAMPLE)), "start at 1"),
        (
            lambda: PbnBoard(1, N, Deal.from_pbn(WORKED_EXAMPLE), extra_tags=(("Deal", "x"),)),
            "written by this module",
        ),
        (
            lambda: PbnBoard(1, N, Deal.from_pbn(WORKED_EXAMPLE), extra_tags=(("bad name", ""),)),
            "cannot be a tag name",
        ),
        (
            lambda: PbnBoard(1, N, Deal.from_pbn(WORKED_EXAMPLE), dd_tricks={(N, Strain.CLUBS): 7}),
            "all four declarers",
        ),
        (
            lambda: PbnBoard(1, N, EXAMPLE, dd_tricks=dd_table() | {(N, Strain.CLUBS): 14}),
            "14 tricks for North in C",
        ),
        (lambda: PbnTable.of("ScoreTable", ["A", "B"], [[1]]), "1 cells for 2 columns"),
        (lambda: PbnColumn.parse("Bad;Name"), "not a PBN column name"),
    ],
)  # fmt: skip
def test_bad_boards_are_refused_in_plain_words(make: Callable[[], object], message: str) -> None:
    with pytest.raises(PbnError, match=message):
        make()


def test_the_writer_refuses_a_twenty_twenty_deal_and_a_repeated_board() -> None:
    twenty = PbnBoard(5, N, Deal.from_pbn(TWENTY_TWENTY))
    with pytest.raises(PbnError, match="Board 5 is a 20–20 deal"):
        write_pbn([twenty])
    board = sample_boards(1)[0]
    with pytest.raises(PbnError, match="Board 1 is given twice"):
        write_pbn([board, board])


# ------------------------------------------------------------------- reading: tolerance

GAME_1 = """[Event "Club"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:KQ65..A732.K8642 32.QT6432.864.AQ AJ84.K85.KQ5.J73 T97.AJ97.JT9.T95"]
"""
GAME_2 = """[Event "#"]
[Board "2"]
[Dealer "E"]
[Vulnerable "Love"]
[Deal "W:JT.A7.KJ9654.AT8 AK862.T652.T7.KQ Q7.K3.AQ2.965432 9543.QJ984.83.J7"]
"""
DEAL_1 = Deal.from_pbn(GAME_1.split('Deal "')[1].split('"')[0])
DEAL_2 = Deal.from_pbn("N:AK862.T652.T7.KQ Q7.K3.AQ2.965432 9543.QJ984.83.J7 JT.A7.KJ9654.AT8")


def assert_two_boards(pbn_file: PbnFile) -> None:
    assert pbn_file.problems == ()
    assert [game.board.number for game in pbn_file.boards] == [1, 2]
    assert [game.board.deal for game in pbn_file.boards] == [DEAL_1, DEAL_2]
    assert [game.board.dealer for game in pbn_file.boards] == [N, E]


def test_plain_lf_file() -> None:
    assert_two_boards(read_pbn(GAME_1 + "\n" + GAME_2))


def test_crlf_and_a_byte_order_mark_in_text_and_bytes() -> None:
    text = "\ufeff" + (GAME_1 + "\n" + GAME_2).replace("\n", "\r\n")
    assert_two_boards(read_pbn(text))
    assert_two_boards(read_pbn(text.encode("utf-8")))
    assert_two_boards(read_pbn((GAME_1 + "\n" + GAME_2).encode("utf-8-sig")))


def test_latin_1_bytes_are_read_too() -> None:
    pbn_file = read_pbn((GAME_1.replace("Club", "Bjørn") + "\n" + GAME_2).encode("latin-1"))
    assert_two_boards(pbn_file)
    assert pbn_file.boards[0].tag("Event") == "Bjørn"


@pytest.mark.parametrize("vulnerable", ["None", "Love", "-", "none", "All", ""])
def test_any_vulnerable_value_is_accepted(vulnerable: str) -> None:
    game = read_ok(GAME_1.replace('"None"', f'"{vulnerable}"')).boards[0]
    assert game.tag("Vulnerable") == vulnerable
    assert game.board.deal == DEAL_1


def test_inherited_tag_values() -> None:
    text = (
        '[Site "##Oslo"]\n[Date "##2026.05.12"]\n'
        + GAME_1
        + "\n"
        + GAME_2
        + '\n[Event "#"]\n[Date "2026.05.13"]\n'
        + GAME_1.split("\n", 1)[1].replace('"1"', '"3"').replace('"N"]', '"S"]')
        + '\n[Event "#"]\n[Site "#"]\n'
        + GAME_2.split("\n", 1)[1].replace('"2"', '"4"').replace('"E"]', '"W"]')
    )
    games = read_ok(text).boards
    assert [game.tag("Event") for game in games] == ["Club"] * 4
    assert [game.tag("Site") for game in games] == ["Oslo"] * 4
    assert [game.tag("Date") for game in games] == ["2026.05.12"] * 2 + ["2026.05.13"] * 2


def test_hash_with_no_earlier_value_is_empty() -> None:
    game = read_ok(GAME_1.replace('[Event "Club"]', '[Event "#"]')).boards[0]
    assert game.tag("Event") == ""


def test_deal_may_start_with_any_seat() -> None:
    for first in Seat:
        text = GAME_1.replace(DEAL_1.to_pbn(), DEAL_1.to_pbn(first))
        assert read_ok(text).boards[0].board.deal == DEAL_1


def test_comments_directives_stray_text_and_several_tags_per_line() -> None:
    text = (
        "% PBN 2.1\n% EXPORT\n%Creator: someone\n"
        "stray words before any game\n"
        "\n"
        '[Event "Club"] ; a line comment with "quotes" and [brackets]\n'
        '{ A commentary\n\nover several lines, with a blank one,\n[Board "99"] inside }\n'
        '[Board "1"] [Dealer "N"]\n'
        '[Vulnerable\n  "None"]\n'
        "; a whole-line comment\n"
        '[Deal "N:KQ65..A732.K8642 32.QT6432.864.AQ AJ84.K85.KQ5.J73 T97.AJ97.JT9.T95"]\n'
        '[Note "1:a {not a comment} ; nor this"]\n'
        "\n\n\n" + GAME_2 + "%   an escaped line at the end\n"
    )
    pbn_file = read_pbn(text)
    assert_two_boards(pbn_file)
    assert pbn_file.boards[0].tag("Vulnerable") == "None"
    assert pbn_file.boards[0].tag("Note") == "1:a {not a comment} ; nor this"
    assert [note.reason for note in pbn_file.notes] == [
        "text outside any tag was skipped: 'stray words before any game'"
    ]


def test_section_data_after_tags_is_kept_for_tables_and_skipped_otherwise() -> None:
    text = (
        GAME_1
        + '[Auction "N"]\n1S Pass 2S Pass\nPass Pass\n'
        + '[ScoreTable "PairId_NS\\2R;Contract\\4L;Score_NS\\6R"]\n'
        + ' 1 4S      420\n 2 "3 S"   170\n'
        + '[TotalScoreTable "Rank;PairId;Names"]\n1 1 "Ann Berg - Bo Ek"\n2\n2 "Cy Dahl"\n'
    )
    game = read_ok(text).boards[0]
    tables = {table.tag: table for table in game.board.tables}
    assert tables["ScoreTable"].rows == (("1", "4S", "420"), ("2", "3 S", "170"))
    # In import format a row may be split over lines; it is regrouped by columns.
    assert tables["TotalScoreTable"].rows == (
        ("1", "1", "Ann Berg - Bo Ek"),
        ("2", "2", "Cy Dahl"),
    )
    assert game.tag("Auction") == "N"


def test_a_repeated_tag_is_ignored() -> None:
    game = read_ok(GAME_1 + '[Event "Other"]\n').boards[0]
    assert game.tag("Event") == "Club"


def test_dealer_defaults_to_the_board_rotation() -> None:
    text = GAME_2.replace('[Dealer "E"]\n', "").replace('[Event "#"]', '[Event "x"]')
    game = read_ok(text).boards[0]
    assert game.board.dealer is E


# ------------------------------------------------------------------- reading: problems


def test_a_twenty_twenty_deal_is_named() -> None:
    text = GAME_1 + "\n" + re.sub(r'\[Deal "[^"]*"\]', f'[Deal "{TWENTY_TWENTY}"]', GAME_2)
    pbn_file = read_pbn(text)
    assert [game.board.number for game in pbn_file.boards] == [1]
    (problem,) = pbn_file.problems
    assert problem.board == 2
    assert "20–20" in problem.reason
    assert str(problem).startswith("Board 2: it is a 20–20 deal")
    assert not pbn_file.ok


@pytest.mark.parametrize(
    ("change", "board", "reason"),
    [
        (lambda g: g.replace("K8642", "K864"), 1, "North holds 12 cards"),
        (lambda g: g.replace("K8642", "K8644"), 1, "lists the ♣4 twice"),
        (lambda g: g.replace("J73", "J72"), 1, "♣2 is in both"),
        (lambda g: g.replace("AJ84.K85.KQ5.J73", "-"), 1, "'-' (unknown)"),
        (lambda g: g.replace("K8642", "K86X2"), 1, "'X' in clubs"),
        (lambda g: g.replace('[Deal "N:', '[Deal "'), 1, "starts with the first seat"),
        (lambda g: re.sub(r"\[Deal .*\n", "", g), 1, "no Deal tag"),
        (lambda g: re.sub(r'Deal ".*"', 'Deal "#"', g), 1, "does not allow inheriting"),
        (lambda g: g.replace('[Board "1"]', '[Board "one"]'), None, "'one' is not a board"),
        (lambda g: g.replace('[Board "1"]\n', ""), None, "no Board tag"),
        (lambda g: g.replace('[Dealer "N"]', '[Dealer "X"]'), 1, "'X' is not N, E, S or W"),
        (lambda g: g + '[MinibridgeDeclarer "N"]\n', 1, "make South declarer"),
        (lambda g: g + '[Note "unclosed]\n', 1, "no closing quote"),
        (lambda g: g + '[Note "x"\n', 1, "no closing ']'"),
    ],
)  # fmt: skip
def test_malformed_boards_are_named_with_a_reason(
    change: Callable[[str], str], board: int | None, reason: str
) -> None:
    text = change(GAME_1) + "\n" + GAME_2
    pbn_file = read_pbn(text)
    assert [game.board.number for game in pbn_file.boards] == [2]  # the good one is kept
    (problem,) = pbn_file.problems
    assert problem.board == board
    assert problem.line == 1
    assert reason in problem.reason


def test_a_board_number_given_twice_is_a_problem() -> None:
    text = GAME_1 + "\n" + GAME_2.replace('"2"', '"1"').replace('"E"]', '"N"]')
    pbn_file = read_pbn(text)
    assert [game.board.number for game in pbn_file.boards] == [1]
    (problem,) = pbn_file.problems
    assert problem.board == 1
    assert problem.reason == "board 1 appears twice; the first one is at line 1"


def test_unreadable_analysis_is_skipped_with_a_note() -> None:
    text = GAME_1 + '[DoubleDummyTricks "zz"]\n'
    pbn_file = read_ok(text)
    assert pbn_file.boards[0].board.dd_tricks is None
    assert "DoubleDummyTricks 'zz'" in pbn_file.notes[0].reason


def test_game_without_board_or_deal_is_not_a_board() -> None:
    pbn_file = read_ok('[Event "##Club night"]\n[Site "##Oslo"]\n\n' + GAME_1)
    assert [game.board.number for game in pbn_file.boards] == [1]
    assert pbn_file.boards[0].tag("Site") == "Oslo"


def test_empty_file() -> None:
    assert read_pbn("") == PbnFile(boards=(), problems=())
    assert read_pbn("% PBN 2.1\r\n\r\n") == PbnFile(boards=(), problems=())


def test_an_unclosed_comment_is_a_problem_for_its_board() -> None:
    pbn_file = read_pbn(GAME_1 + "\n" + GAME_2 + "{ never closed\n\n[Board 3]\n")
    assert [game.board.number for game in pbn_file.boards] == [1]
    (problem,) = pbn_file.problems
    assert (problem.board, problem.reason) == (2, "a '{' comment is never closed")


def test_a_club_file_with_many_quirks() -> None:
    """A file in the style of club scoring programs: BOM, CR LF, ``##`` header tags, a
    comment with an empty line, table rows in N-E-S-W order, and a 20–20 board."""
    data = (Path(__file__).parent / "data" / "club_night.pbn").read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    assert b"\r\n" in data
    pbn_file = read_pbn(data)
    assert [game.board.number for game in pbn_file.boards] == [1, 2]
    assert [game.board.dealer for game in pbn_file.boards] == [N, E]
    assert pbn_file.boards[0].board.deal == EXAMPLE
    assert [game.tag("Event") for game in pbn_file.boards] == ["Club night"] * 2
    assert [game.tag("Date") for game in pbn_file.boards] == ["2026.05.12"] * 2
    assert [game.tag("Vulnerable") for game in pbn_file.boards] == ["-", "Love"]
    dd = pbn_file.boards[0].board.dd_tricks
    assert dd is not None
    assert (dd[N, Strain.SPADES], dd[E, Strain.NO_TRUMPS], dd[W, Strain.CLUBS]) == (5, 3, 4)
    assert pbn_file.boards[1].board.dd_tricks is None
    (scores,) = pbn_file.boards[0].board.tables
    assert scores.column("Contract") == ["4S", "2 S"]
    assert pbn_file.boards[0].declaration.declarer is S
    (problem,) = pbn_file.problems
    assert str(problem) == (
        "Board 3: it is a 20–20 deal (each side holds 20 points), which is never played"
    )


def test_double_dummy_digit_order_checked_against_dds() -> None:
    # Board 2 of the same BBO file, where North and South differ in hearts. endplay's
    # DDS gives N: NT 5, S 3, H 8, D 4, C 6; S: 5 3 9 4 6; E and W: 7 10 4 8 6.
    text = (
        '[Board "2"]\n[Dealer "E"]\n'
        '[Deal "E:QT7642.K.KT73.92 K.AQ732.Q65.KJT5 AJ53.J8.J42.AQ74 98.T9654.A98.863"]\n'
        '[DoubleDummyTricks "53846539467a4867a486"]\n'
    )
    dd = read_ok(text).boards[0].board.dd_tricks
    assert dd is not None
    assert (dd[N, Strain.HEARTS], dd[S, Strain.HEARTS]) == (8, 9)
    assert (dd[E, Strain.SPADES], dd[W, Strain.SPADES], dd[E, Strain.NO_TRUMPS]) == (10, 10, 7)
    board = read_ok(text).boards[0].board
    assert '[DoubleDummyTricks "53846539467a4867a486"]' in write_pbn([board])


def test_problems_carry_a_code_for_translation() -> None:
    text = (Path(__file__).parent / "data" / "club_night.pbn").read_bytes()
    [problem] = read_pbn(text).problems
    assert problem.board == 3
    assert problem.code is ProblemCode.TWENTY_TWENTY
    doubled = read_pbn(write_pbn([]) + '[Board "1"]\r\n[Deal "N:- - - -"]\r\n')
    assert {p.code for p in doubled.problems} == {ProblemCode.BAD_DEAL}


# ------------------------------------------------------------------- reading: limits

BOARD_GAME = '[Board "{n}"]\n[Deal "' + DEAL_1.to_pbn() + '"]\n'


ONE = BOARD_GAME.format(n=1)


def numbered_games(count: int) -> str:
    """``count`` games with boards 1, 2, … (all the same cards; the dealer follows)."""
    return "\n".join(BOARD_GAME.format(n=n) for n in range(1, count + 1))


def big_but_honest_file(count: int) -> str:
    """``count`` analysed boards, each with a ScoreTable of 30 tables and commentary."""
    boards = [
        PbnBoard(
            number=board.number,
            dealer=board.dealer,
            deal=board.deal,
            dd_tricks=dd_table(board.number),
            par="4S S 420",
            extra_tags=(("Annotator", "Kari"), ("Room", "Hall")),
            tables=(
                PbnTable.of(
                    "ScoreTable",
                    ["PairId_NS\\2R", "PairId_EW\\2R", "Names_NS", "Contract", "Score_NS\\6R"],
                    [[n, n + 30, f"Ann {n} - Bo {n}", "4S", 420] for n in range(1, 31)],
                ),
            ),
        )
        for board in deal_boards(count, seed="honest").boards
    ]
    comment = "\r\n{ A long comment about the board,\r\n\r\nover lines }"
    return write_pbn(boards).replace("\r\n\r\n", comment + "\r\n\r\n")


@pytest.mark.parametrize(
    ("text", "max_boards", "stopped", "boards_read"),
    [
        (numbered_games(64), 64, None, 64),
        (numbered_games(65), 64, PbnStop.TOO_MANY_BOARDS, 64),
        (numbered_games(65), None, None, 65),
        (numbered_games(3), 2, PbnStop.TOO_MANY_BOARDS, 2),
        (big_but_honest_file(64), 64, None, 64),
        # Games with a problem count as boards: a file of bad boards stops too.
        ('[Board "1"]\n\n' * 200, 64, PbnStop.TOO_MANY_BOARDS, 0),
        ("[\n\n" * 200, 64, PbnStop.TOO_MANY_BOARDS, 0),
        # Header-only games are not boards.
        ('[Event "##Club"]\n\n' * 3 + numbered_games(2), 2, None, 2),
        # Far more to read than 64 boards need: one endless game, endless junk.
        ('[Board "1"]\n' * 200_000, 64, PbnStop.TOO_LONG, 0),
        ("x\n" * 200_000, 64, PbnStop.TOO_LONG, 0),
        ("x\n\n" * 200_000, 64, PbnStop.TOO_LONG, 0),
        ("%\n\n" * 200_000, 64, PbnStop.TOO_LONG, 0),
        ("; a comment\n" * 200_000, 64, PbnStop.TOO_LONG, 0),
        ("{}" * 200_000, 64, PbnStop.TOO_LONG, 0),
        (ONE + '[ScoreTable "A"]\n' + "1 " * 200_000, 64, PbnStop.TOO_LONG, 0),
        (ONE + '[ScoreTable "' + "A;" * 200_000 + 'A"]\n', 64, PbnStop.TOO_LONG, 0),
        (ONE + '[ScoreTable "A"]\n' + "1\n" * 200_000, 64, PbnStop.TOO_LONG, 0),
        # Long tokens are one step each: read to the end.
        (ONE + '[Event "' + "x" * 1_000_000 + '"]\n', 64, None, 1),
        (ONE + '"' * 1_000_000 + "\n", 64, None, 1),
        (ONE + "{" + "x\n" * 500_000 + "}\n", 64, None, 1),
    ],
    ids=[
        "64 of 64",
        "65 of 64",
        "65 without a limit",
        "3 of 2",
        "64 honest boards with tables and comments",
        "bad board tags",
        "broken tags",
        "header games",
        "one endless game",
        "stray lines",
        "stray games",
        "directive games",
        "comment lines",
        "empty comments",
        "a line of a million cells",
        "a table of a million columns",
        "a table of a million rows",
        "a long tag value",
        "a long line of quotes",
        "a long comment",
    ],
)
def test_a_limited_read_stops_early(
    text: str, max_boards: int | None, stopped: PbnStop | None, boards_read: int
) -> None:
    pbn_file = read_pbn(text, max_boards=max_boards)
    assert pbn_file.stopped is stopped
    assert len(pbn_file.boards) == boards_read
    assert pbn_file.ok is (stopped is None and not pbn_file.problems)


def test_problems_before_the_stop_are_kept() -> None:
    text = numbered_games(2) + "\n" + '[Board "3"]\n' + "\n" + numbered_games(70)
    pbn_file = read_pbn(text, max_boards=4)
    assert pbn_file.stopped is PbnStop.TOO_MANY_BOARDS
    assert [game.board.number for game in pbn_file.boards] == [1, 2]
    assert [(p.board, p.code) for p in pbn_file.problems] == [
        (3, ProblemCode.NO_DEAL),
        (1, ProblemCode.DUPLICATE_BOARD),
    ]


@pytest.mark.parametrize(
    ("row", "cells"),
    [
        ('1 "Ann \\"A\\" Berg" 420', ("1", 'Ann "A" Berg', "420")),
        ('1 "C:\\\\" 420', ("1", "C:\\", "420")),
        ('1 "a;b {c} [d]" 420', ("1", "a;b {c} [d]", "420")),
        ('1 "x\\" 420', ("1", '"x\\"', "420")),  # never closed: the rest of the line as it is
    ],
)  # fmt: skip
def test_string_cells_in_tables(row: str, cells: tuple[str, ...]) -> None:
    text = ONE + '[ScoreTable "PairId_NS;Names;Score_NS"]\n' + row + "\n"
    (table,) = read_ok(text).boards[0].board.tables
    assert table.rows == (cells,)


def test_ties_without_a_par_are_refused_on_writing_and_dropped_on_reading() -> None:
    board = sample_boards(1)[0]
    with pytest.raises(PbnError, match="without a par"):
        PbnBoard(number=1, dealer=board.dealer, deal=board.deal, par_ties="1S")
    text = ONE.replace("[Board", '[MinibridgeParTies "1S"]\n[Board')
    [game] = read_ok(text).boards
    assert (game.board.par, game.board.par_ties) == (None, None)
