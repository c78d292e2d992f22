"""Reading a PBN file with results (the site's session export) into an upload."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import Deal, Seat
from scoring.event import compare_boards
from scoring.matchpoints import Adjusted, Played, score_board
from scoring.pbn import PbnBoard, PbnTable, write_pbn
from scoring.pbn_results import read_pbn_results
from scoring.upload import ResultKind, Upload, UploadPair, UploadProblemCode, UploadResult
from tests.scoring.deals import EW_DECLARE, NS_TIE, WORKED_EXAMPLE

#: The columns of the site's export (tournaments/standings/pbn.py SCORE_COLUMNS, TOTAL_COLUMNS).
SCORE = [
    "Table\\2R",
    "PairId_NS\\4R",
    "PairId_EW\\4R",
    "Contract\\4L",
    "Declarer\\1R",
    "Result\\2R",
    "Score_NS\\5R",
    "Score_EW\\5R",
    "MP_NS\\5R",
    "MP_EW\\5R",
]
TOTAL = [
    "Rank\\3R",
    "PairId\\4R",
    "Direction\\2R",
    "TotalScoreMP\\6R",
    "TotalPercentage\\6R",
    "TotalScore\\6R",
    "Names\\40L",
]
DEALS = {1: Deal.from_pbn(WORKED_EXAMPLE), 2: Deal.from_pbn(EW_DECLARE), 3: Deal.from_pbn(NS_TIE)}


def session_file(rows: dict[int, list[list[object]]], totals: list[list[object]]) -> str:
    """A PBN with results laid out as the site's session export."""
    boards = []
    for number, deal in DEALS.items():
        tables = [PbnTable.of("ScoreTable", SCORE, rows[number])] if number in rows else []
        if number == max(DEALS):
            tables.append(PbnTable.of("TotalScoreTable", TOTAL, totals))
        boards.append(
            PbnBoard(
                number=number,
                dealer=Seat.dealer_of_board(number),
                deal=deal,
                extra_tags=(("MinibridgeScoring", "ebu"),),
                tables=tuple(tables),
            )
        )
    return write_pbn(boards, event="8A", date=datetime.date(2026, 11, 30), scoring="MP")


ROWS: dict[int, list[list[object]]] = {
    # Board 1: South declares. 4S made, 4S one off, an Average+/Average−.
    1: [
        [1, "1NS", "1EW", "4S", "S", 10, 420, 0, "4.00", "0.00"],
        [2, "2NS", "2EW", "4S", "S", 9, 0, 50, "0.00", "4.00"],
        [3, "3NS", "3EW", "-", "-", "-", "-", "-", "2.40", "1.60"],
    ],
    # Board 2: West declares; one table did not play it.
    2: [
        [1, "1NS", "2EW", "1NT", "W", 7, 0, 90, "0.00", "0.00"],
        [2, "2NS", "3EW", "-", "-", "-", "-", "-", "-", "-"],
    ],
}
TOTALS: list[list[object]] = [
    [1, "1NS", "NS", "4.00", "66.67", 330, "Emma Hansen & Ola Nordmann"],
    ["2=", "2NS", "NS", "0.00", "-", -50, "Kari & Per"],
    ["-", "3NS", "NS", "2.40", "60.00", 0, "Nils"],
]


def test_a_session_export_is_read() -> None:
    upload = read_pbn_results(session_file(ROWS, TOTALS))
    assert upload.problems == ()
    assert (upload.title, upload.date) == ("8A", datetime.date(2026, 11, 30))
    assert [(b.number, b.deal, b.dealer) for b in upload.boards] == [
        (n, d, Seat.dealer_of_board(n)) for n, d in DEALS.items()
    ]
    assert upload.results == (
        UploadResult(
            1, "1NS", "1EW", ResultKind.PLAYED, "4S", Seat.SOUTH, 10, 420, table=1, ns_mp=4, ew_mp=0
        ),
        UploadResult(
            1, "2NS", "2EW", ResultKind.PLAYED, "4S", Seat.SOUTH, 9, -50, table=2, ns_mp=0, ew_mp=4
        ),
        UploadResult(
            1,
            "3NS",
            "3EW",
            ResultKind.ADJUSTED,
            ns_percent=60,
            ew_percent=40,
            table=3,
            ns_mp=2.4,
            ew_mp=1.6,
        ),
        UploadResult(
            2, "1NS", "2EW", ResultKind.PLAYED, "1NT", Seat.WEST, 7, -90, table=1, ns_mp=0, ew_mp=0
        ),
        UploadResult(2, "2NS", "3EW", ResultKind.NOT_PLAYED, table=2),
    )
    assert upload.pairs[:3] == (
        UploadPair("1NS", ("Emma Hansen", "Ola Nordmann"), "NS", 66.67, "1"),
        UploadPair("2NS", ("Kari", "Per"), "NS", None, "2="),
        UploadPair("3NS", ("Nils",), "NS", 60.0, None),
    )
    assert upload.pairs[0].first_names == ("Emma", "Ola")
    # Pairs only in the travellers are there too, without names.
    assert {p.number for p in upload.pairs[3:]} == {"1EW", "2EW", "3EW"}
    assert compare_boards(DEALS, upload) == ()


def test_the_same_file_read_as_bytes_with_a_byte_order_mark() -> None:
    text = session_file(ROWS, TOTALS)
    assert read_pbn_results(b"\xef\xbb\xbf" + text.encode("utf-8")) == read_pbn_results(text)


def test_an_adjusted_score_on_a_board_with_no_played_result() -> None:
    """The top comes from the number of results: 2 results, EBU top 2."""
    rows = {
        1: [
            [1, "1NS", "1EW", "-", "-", "-", "-", "-", "1.00", "1.00"],
            [2, "2NS", "2EW", "-", "-", "-", "-", "-", "1.20", "0.80"],
        ]
    }
    upload = read_pbn_results(session_file(rows, []))
    assert upload.problems == ()
    assert [(r.ns_percent, r.ew_percent) for r in upload.results] == [(50, 50), (60, 40)]


@pytest.mark.parametrize(
    ("row", "message"),
    [
        (
            [1, "1NS", "1EW", "2S", "S", 8, 110, 0, "-", "-"],
            "Board 1, pairs 1NS and 1EW: the contract '2S' is not a Minibridge contract",
        ),
        (
            [1, "1NS", "1EW", "4S", "Q", 10, 420, 0, "-", "-"],
            "the declarer 'Q' is not N, E, S or W",
        ),
        (
            [1, "1NS", "1EW", "4S", "S", 14, 420, 0, "-", "-"],
            "the tricks '14' are not a number from 0 to 13",
        ),
        ([1, "1NS", "1EW", "4S", "S", 10, "-", "-", "-", "-"], "the row has no score"),
        (
            [1, "1NS", "1EW", "-", "-", "-", "-", "-", "3.00", "0.20"],
            "the adjusted score (3 and 0.2 matchpoints) is not 60, 50 or 40 %",
        ),
        ([1, "-", "1EW", "4S", "S", 10, 420, 0, "-", "-"], "a row does not name both pairs"),
    ],
    ids=["contract", "declarer", "tricks", "score", "adjusted", "pair"],
)
def test_a_bad_row_is_refused_with_a_clear_message(row: list[object], message: str) -> None:
    rows = {1: [[2, "2NS", "2EW", "4S", "S", 10, 420, 0, "1.00", "1.00"], row]}
    upload = read_pbn_results(session_file(rows, []))
    assert [p.code for p in upload.problems] == [UploadProblemCode.BAD_RESULT]
    assert message in upload.problems[0].message
    assert upload.problems[0].board == 1
    assert len(upload.results) == 1


def test_a_score_table_without_a_needed_column() -> None:
    board = PbnBoard(
        number=1,
        dealer=Seat.NORTH,
        deal=DEALS[1],
        tables=(
            PbnTable.of("ScoreTable", ["PairId_NS", "PairId_EW", "Score_NS"], [["1", "2", "420"]]),
        ),
    )
    upload = read_pbn_results(write_pbn([board]))
    assert [p.message for p in upload.problems] == [
        "Board 1: its ScoreTable has no Contract column"
    ]


@pytest.mark.parametrize(
    ("source", "code", "message"),
    [
        ("", UploadProblemCode.NOT_READABLE, "The file has no boards"),
        ("<USEBIO/>", UploadProblemCode.NOT_READABLE, "it is not a PBN file with results"),
        ('[Board "1"]\n[Deal "N:AKQ.JT9.876.5432 - - -"]\n', UploadProblemCode.BAD_DEAL, "Board 1"),
        (
            f'[Board "1"]\n[Deal "{WORKED_EXAMPLE}"]\n\n[Board "1"]\n[Deal "{WORKED_EXAMPLE}"]\n',
            UploadProblemCode.BOARD_TWICE,
            "board 1 appears twice",
        ),
    ],
    ids=["empty", "not-pbn", "bad-deal", "board-twice"],
)
def test_a_bad_file_is_refused(source: str, code: UploadProblemCode, message: str) -> None:
    upload = read_pbn_results(source)
    assert code in [p.code for p in upload.problems]
    assert any(message in p.message for p in upload.problems), upload.problems


def test_the_size_and_the_number_of_boards_are_limited() -> None:
    text = session_file(ROWS, TOTALS)
    assert [p.code for p in read_pbn_results(text, max_bytes=100).problems] == [
        UploadProblemCode.TOO_LARGE
    ]
    assert UploadProblemCode.TOO_MANY_ITEMS in [
        p.code for p in read_pbn_results(text, max_boards=2).problems
    ]


def test_a_different_deal_is_found_by_the_event_check() -> None:
    upload = read_pbn_results(session_file(ROWS, TOTALS))
    event = {**DEALS, 2: DEALS[1].rotated()}
    problems = compare_boards(event, upload)
    assert [(p.code, p.board) for p in problems] == [(UploadProblemCode.BOARD_DIFFERENT, 2)]


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 2000), st.integers(0, 40), st.text(max_size=10))
def test_nothing_escapes_from_a_damaged_file(start: int, length: int, junk: str) -> None:
    text = session_file(ROWS, TOTALS)
    upload = read_pbn_results(text[:start] + junk + text[start + length :])
    assert isinstance(upload, Upload)
    assert all(p.message for p in upload.problems)


played_rows = st.tuples(
    st.sampled_from(["1NT", "3NT", "4S", "1H", "5C"]),
    st.sampled_from(list(Seat)),
    st.integers(0, 13),
    st.integers(0, 600),
    st.integers(0, 600),
)
row_kinds = st.one_of(
    played_rows,
    st.sampled_from([(60, 40), (50, 50), (40, 60), (60, 60), (40, 40)]),
    st.none(),
)


@settings(max_examples=80, deadline=None)
@given(st.dictionaries(st.sampled_from([1, 2, 3]), st.lists(row_kinds, min_size=1, max_size=6)))
def test_any_traveller_the_site_could_write_reads_back(
    boards: dict[int, list[tuple[str, Seat, int, int, int] | tuple[int, int] | None]],
) -> None:
    """Rows laid out as the site writes them, matchpoints by scoring.matchpoints (EBU,
    "not played" rows in the field): every row reads back as it was, adjusted
    percentages included."""
    rows: dict[int, list[list[object]]] = {}
    expected: list[UploadResult] = []
    for number, lines in sorted(boards.items()):
        entries = [
            Played(line[3] - line[4]) if len(line) == 5 else Adjusted(line[0], line[1])
            for line in lines
            if line is not None
        ]
        outcomes = iter(score_board(entries, "ebu", expected=len(lines)) if entries else [])
        rows[number] = []
        for table, line in enumerate(lines, start=1):
            ns, ew = f"{table}NS", f"{table}EW"
            if line is None:
                rows[number].append([table, ns, ew, "-", "-", "-", "-", "-", "-", "-"])
                expected.append(UploadResult(number, ns, ew, ResultKind.NOT_PLAYED, table=table))
                continue
            outcome = next(outcomes)
            mps = [f"{outcome.ns_mp:.2f}", f"{outcome.ew_mp:.2f}"]
            read_mps = {"ns_mp": float(mps[0]), "ew_mp": float(mps[1])}
            if len(line) == 5:
                contract, declarer, tricks, ns_points, ew_points = line
                rows[number].append(
                    [table, ns, ew, contract, declarer.value, tricks, ns_points, ew_points, *mps]
                )
                expected.append(
                    UploadResult(
                        number,
                        ns,
                        ew,
                        ResultKind.PLAYED,
                        contract,
                        declarer,
                        tricks,
                        ns_points - ew_points,
                        table=table,
                        ns_mp=read_mps["ns_mp"],
                        ew_mp=read_mps["ew_mp"],
                    )
                )
            else:
                rows[number].append([table, ns, ew, "-", "-", "-", "-", "-", *mps])
                # A board's only row has a top of 0: read as Average (and noted).
                percents = (50, 50) if len(lines) == 1 else line
                expected.append(
                    UploadResult(
                        number,
                        ns,
                        ew,
                        ResultKind.ADJUSTED,
                        ns_percent=percents[0],
                        ew_percent=percents[1],
                        table=table,
                        ns_mp=read_mps["ns_mp"],
                        ew_mp=read_mps["ew_mp"],
                    )
                )
    upload = read_pbn_results(session_file(rows, []))
    assert upload.problems == ()
    assert upload.results == tuple(expected)
    alone = [
        n for n, lines in boards.items() if len(lines) == 1 and lines[0] and len(lines[0]) == 2
    ]
    assert [note.board for note in upload.notes] == sorted(alone)
    assert all(note.code is UploadProblemCode.ADJUSTED_AS_AVERAGE for note in upload.notes)


cell_texts = st.text("0123456789-+.²٣ANTSHDCWE", min_size=1, max_size=6)


@settings(max_examples=200, deadline=None)
@given(st.lists(cell_texts, min_size=10, max_size=10))
def test_nothing_escapes_from_odd_values_in_a_score_table(row: list[str]) -> None:
    cells: list[object] = list(row)
    upload = read_pbn_results(session_file({1: [cells]}, [cells[:7]]))
    assert isinstance(upload, Upload)
    assert all(p.message for p in upload.problems)
