"""A simultaneous event: deal fingerprints, matching an upload, one national field."""

from __future__ import annotations

import doctest
import hashlib
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring.event
from scoring.cards import Deal, Seat, Side, full_deck
from scoring.event import (
    BoardField,
    FieldEntry,
    FieldResult,
    NotPlayed,
    board_fingerprint,
    compare_boards,
    deal_fingerprint,
    event_standings,
    field_results,
    pair_standings,
    rank_in_sections,
    results_fingerprint,
    score_board_entries,
    score_event,
    score_field_board,
)
from scoring.matchpoints import Adjusted, MatchpointError, Played
from scoring.matchpoints import rank as mp_rank
from scoring.upload import (
    ResultKind,
    Upload,
    UploadBoard,
    UploadPair,
    UploadProblem,
    UploadProblemCode,
    UploadResult,
)
from tests.scoring.deals import EW_DECLARE, NS_TIE, WORKED_EXAMPLE, deals, seats


def test_the_docstring_examples() -> None:
    assert doctest.testmod(scoring.event).failed == 0


# ---------------------------------------------------------------------------
# Fingerprints
# ---------------------------------------------------------------------------


def _scrambled(deal: Deal, first: Seat, rng: random.Random) -> str:
    """The deal written from ``first``, every suit's cards in a random order, some
    ranks in lower case: still the same cards."""
    hands = []
    for seat in first.clockwise():
        suits = []
        for holding in deal[seat].to_pbn().split("."):
            ranks = list(holding)
            rng.shuffle(ranks)
            suits.append("".join(r.lower() if rng.random() < 0.3 else r for r in ranks))
        hands.append(".".join(suits))
    return f"{first.value}:" + " ".join(hands)


@pytest.mark.parametrize("text", [WORKED_EXAMPLE, NS_TIE, EW_DECLARE])
@pytest.mark.parametrize("first", list(Seat))
def test_a_fingerprint_does_not_depend_on_how_the_deal_is_written(text: str, first: Seat) -> None:
    deal = Deal.from_pbn(text)
    written = _scrambled(deal, first, random.Random(text + first.value))
    assert written != text
    assert deal_fingerprint(Deal.from_pbn(written)) == deal_fingerprint(deal)
    assert board_fingerprint(3, Deal.from_pbn(written)) == board_fingerprint(3, deal)


@pytest.mark.parametrize(
    ("other", "why"),
    [
        (EW_DECLARE, "another deal"),
        # The worked example with North's ♠K and East's ♠3 swapped.
        (
            "N:Q653..A732.K8642 K2.QT6432.864.AQ AJ84.K85.KQ5.J73 T97.AJ97.JT9.T95",
            "two cards swapped",
        ),
    ],
)
def test_other_cards_give_another_fingerprint(other: str, why: str) -> None:
    assert deal_fingerprint(Deal.from_pbn(other)) != deal_fingerprint(
        Deal.from_pbn(WORKED_EXAMPLE)
    ), why


def test_fingerprints_stay_the_same_from_release_to_release() -> None:
    """The site stores them: a change of the recipe would refuse every stored event's
    uploads. SHA-256 of "minibridge-deal/1:" (and the board number) and 52 owner letters,
    spades ace first."""
    deal = Deal.from_pbn(WORKED_EXAMPLE)
    assert deal_fingerprint(deal) == (
        "cda583df989ec399bf323b80d63bfcf439834f181d5186b93df3341b750d877e"
    )
    assert board_fingerprint(1, deal) == (
        "117d95b9e03e36030b0911c960bae3567ca10080a4e54405a74963ef30e78bb6"
    )
    owners = "".join(seat.value for card in full_deck() for seat in Seat if card in deal[seat])
    assert (
        deal_fingerprint(deal) == hashlib.sha256(f"minibridge-deal/1:{owners}".encode()).hexdigest()
    )


def test_the_board_number_is_part_of_a_board_fingerprint() -> None:
    deal = Deal.from_pbn(WORKED_EXAMPLE)
    assert board_fingerprint(1, deal) != board_fingerprint(2, deal)
    assert len(board_fingerprint(1, deal)) == 64


@given(deals, seats, st.integers(min_value=1, max_value=3))
def test_any_deal_written_from_any_seat_has_one_fingerprint_and_turning_it_changes_it(
    deal: Deal, first: Seat, turns: int
) -> None:
    assert deal_fingerprint(Deal.from_pbn(deal.to_pbn(first))) == deal_fingerprint(deal)
    assert deal_fingerprint(deal.rotated(turns)) != deal_fingerprint(deal)


# ---------------------------------------------------------------------------
# Matching an upload to the event
# ---------------------------------------------------------------------------

D1 = Deal.from_pbn(WORKED_EXAMPLE)
D2 = Deal.from_pbn(NS_TIE)
D3 = Deal.from_pbn(EW_DECLARE)
EVENT = {1: D1, 2: D2, 3: D3}


def _upload(boards: dict[int, Deal | None], result_boards: tuple[int, ...] = (1,)) -> Upload:
    return Upload(
        boards=tuple(UploadBoard(number, deal) for number, deal in boards.items()),
        pairs=(UploadPair("1NS"), UploadPair("1EW")),
        results=tuple(
            UploadResult(board, "1NS", "1EW", contract="1NT", tricks=7, ns_score=90)
            for board in result_boards
        ),
    )


@pytest.mark.parametrize(
    ("boards", "result_boards", "options", "expected"),
    [
        ({1: D1, 2: D2, 3: D3}, (1, 2, 3), {}, []),
        (
            {1: D1, 2: D2},
            (1,),
            {},
            [(UploadProblemCode.BOARD_MISSING, 3, "Board 3 of the event is not in the file")],
        ),
        ({1: D1, 2: D2}, (1,), {"every_board": False}, []),
        (
            {1: D1, 2: D3, 3: D3},
            (1,),
            {},
            [
                (
                    UploadProblemCode.BOARD_DIFFERENT,
                    2,
                    "Board 2 in the file has the cards of the event's board 3: the boards "
                    "were numbered differently",
                )
            ],
        ),
        (
            {1: D1, 2: D1.rotated(), 3: D3},
            (1,),
            {},
            [
                (
                    UploadProblemCode.BOARD_DIFFERENT,
                    2,
                    "Board 2 in the file has other cards than the event's board 2: it was "
                    "not dealt from the event's boards",
                )
            ],
        ),
        (
            {1: D1, 2: D2, 3: D3, 4: D1},
            (1, 4),
            {},
            [
                (
                    UploadProblemCode.BOARD_EXTRA,
                    4,
                    "Board 4 in the file is not one of the event's boards",
                ),
                (
                    UploadProblemCode.RESULT_UNKNOWN_BOARD,
                    4,
                    "The file has results for board 4, which is not one of the event's boards",
                ),
            ],
        ),
        ({1: None, 2: None, 3: None}, (1,), {}, []),
        (
            {1: None, 2: D2, 3: D3},
            (1,),
            {"deals_required": True},
            [
                (
                    UploadProblemCode.BOARD_NO_DEAL,
                    1,
                    "Board 1 in the file has no cards, so it cannot be checked against the "
                    "event's board",
                )
            ],
        ),
        (
            {1: D1, 2: D2, 3: D3},
            (),
            {},
            [(UploadProblemCode.NO_RESULTS, None, "The file has no results")],
        ),
    ],
    ids=[
        "same",
        "missing",
        "some-boards",
        "renumbered",
        "other-cards",
        "extra",
        "no-deals",
        "no-deal-required",
        "no-results",
    ],
)
def test_comparing_an_upload_with_the_event(
    boards: dict[int, Deal | None],
    result_boards: tuple[int, ...],
    options: dict[str, bool],
    expected: list[tuple[UploadProblemCode, int | None, str]],
) -> None:
    problems = compare_boards(EVENT, _upload(boards, result_boards), **options)
    assert [(p.code, p.board, p.message) for p in problems] == expected
    for problem in problems:
        if problem.board is not None:
            assert problem.params["board"] == problem.board


def test_every_problem_is_reported_not_just_the_first() -> None:
    upload = _upload({2: D3, 3: D1.rotated(2), 9: D2}, (9,))
    codes = Counter(p.code for p in compare_boards(EVENT, upload))
    assert codes == {
        UploadProblemCode.BOARD_DIFFERENT: 2,
        UploadProblemCode.BOARD_EXTRA: 1,
        UploadProblemCode.BOARD_MISSING: 1,
        UploadProblemCode.RESULT_UNKNOWN_BOARD: 1,
    }


@pytest.mark.parametrize(
    ("second", "message"),
    [
        (UploadResult(1, "1NS", "2EW", ns_score=90), "Board 1: pair 1NS has more than one result"),
        (UploadResult(1, "2NS", "1EW", ns_score=90), "Board 1: pair 1EW has more than one result"),
        (
            UploadResult(2, "2NS", "2NS", ns_score=90),
            "Board 2: pair 2NS is shown playing against itself",
        ),
    ],
)
def test_a_pair_plays_a_board_once(second: UploadResult, message: str) -> None:
    upload = _upload({1: D1, 2: D2, 3: D3})
    upload = Upload(boards=upload.boards, results=(*upload.results, second))
    problems = compare_boards(EVENT, upload)
    assert [(p.code, p.message) for p in problems] == [(UploadProblemCode.RESULT_TWICE, message)]
    pair = problems[0].params["pair"]
    assert isinstance(pair, str)
    assert pair in message


def test_a_board_given_twice_is_a_problem() -> None:
    upload = Upload(boards=(UploadBoard(1, D1), UploadBoard(1, D2)), results=_upload({}).results)
    problems = compare_boards({1: D1}, upload)
    assert [(p.code, p.board) for p in problems] == [(UploadProblemCode.BOARD_TWICE, 1)]


hostile_uploads = st.builds(
    Upload,
    boards=st.lists(
        st.builds(UploadBoard, st.integers(min_value=-5, max_value=10**12), st.none() | deals),
        max_size=6,
    ).map(tuple),
    results=st.lists(
        st.builds(
            UploadResult,
            st.integers(min_value=-(10**9), max_value=10**9),
            st.text(max_size=5),
            st.text(max_size=5),
        ),
        max_size=6,
    ).map(tuple),
)


@settings(max_examples=60, deadline=None)
@given(hostile_uploads, st.booleans(), st.booleans())
def test_comparing_never_raises_on_a_hostile_upload(
    upload: Upload, every_board: bool, deals_required: bool
) -> None:
    problems = compare_boards(EVENT, upload, every_board=every_board, deals_required=deals_required)
    assert all(isinstance(p, UploadProblem) and p.message for p in problems)


def test_the_results_fingerprint_ignores_order_and_sees_changes() -> None:
    upload = _upload({1: D1, 2: D2, 3: D3}, (1, 2, 3))
    shuffled = Upload(
        boards=upload.boards[::-1], pairs=upload.pairs[::-1], results=upload.results[::-1]
    )
    assert results_fingerprint(shuffled) == results_fingerprint(upload)
    changed = Upload(
        boards=upload.boards,
        pairs=upload.pairs,
        results=(*upload.results[:2], UploadResult(3, "1NS", "1EW", ns_score=-50)),
    )
    assert results_fingerprint(changed) != results_fingerprint(upload)


# ---------------------------------------------------------------------------
# One field across the country
# ---------------------------------------------------------------------------


def _result(school: str, table: int, entry: FieldEntry, contract: str | None = None) -> FieldResult:
    return FieldResult(school, f"{table}NS", f"{table}EW", entry, contract)


def test_a_board_played_in_two_schools_is_one_field() -> None:
    """Four results in two schools: 420, 420, 170, −50. Each school alone would give its
    own tops; the national field compares all four (EBU: top 6)."""
    results = [
        _result("Ask", 1, Played(420), "4S"),
        _result("Ask", 2, Played(170), "1S"),
        _result("Bø", 1, Played(420), "4S"),
        _result("Bø", 2, Played(-50), "4S"),
    ]
    board = score_field_board(7, results)
    assert board.top == 6
    assert [(line.ns_mp, line.ew_mp) for line in board.lines] == [
        (5.0, 1.0),
        (2.0, 4.0),
        (5.0, 1.0),
        (0.0, 6.0),
    ]
    assert board.scores == ((420, 2), (170, 1), (-50, 1))
    assert board.contracts == (("4S", 3), ("1S", 1))
    assert (board.played, board.expected) == (4, 4)


def test_not_played_and_adjusted_results_follow_the_session_rules() -> None:
    """Three real results, one Average+/Average−, one not played: the field is five, the
    real results are factored up (Neuberg) to a top of 8 and the adjusted table gets 60 %
    and 40 % of it."""
    results = [
        _result("Ask", 1, Played(420), "4S"),
        _result("Ask", 2, Played(170), "1S"),
        _result("Bø", 1, Played(-50), "4S"),
        _result("Bø", 2, Adjusted(60, 40)),
        _result("Eik", 1, NotPlayed()),
    ]
    board = score_field_board(2, results)
    assert board.top == 8
    # EBU Neuberg, 3 of 5: (mp + 1) × 5 / 3 − 1 for mp 4, 2, 0.
    assert [line.ns_mp for line in board.lines[:3]] == pytest.approx([22 / 3, 4.0, 2 / 3])
    assert (board.lines[3].ns_mp, board.lines[3].ew_mp) == pytest.approx((4.8, 3.2))
    assert (board.lines[3].ns_percent, board.lines[3].ew_percent) == (60.0, 40.0)
    assert board.lines[4].ns_mp is None
    assert board.lines[4].ns_percent is None
    assert (board.played, board.expected) == (3, 5)
    assert board.scores == ((420, 1), (170, 1), (-50, 1))


def test_a_larger_expected_field_factors_every_result() -> None:
    board = score_field_board(
        1, [_result("Ask", 1, Played(90)), _result("Ask", 2, Played(0))], expected=4
    )
    assert board.top == 6
    assert [line.ns_mp for line in board.lines] == pytest.approx([5.0, 1.0])


def test_a_board_nobody_played() -> None:
    board = score_field_board(1, [_result("Ask", 1, NotPlayed())])
    assert (board.top, board.played, board.scores, board.contracts) == (0, 0, (), ())
    assert score_event({1: [_result("Ask", 1, NotPlayed())]}).pairs == ()


@pytest.mark.parametrize(
    ("results", "expected", "convention"),
    [
        ([_result("Ask", 1, Played(90)), _result("Ask", 2, Played(0))], 1, "ebu"),
        ([_result("Ask", 1, NotPlayed()), _result("Ask", 2, NotPlayed())], 1, "ebu"),
        ([_result("Ask", 1, Played(90))], None, "french"),
    ],
)
def test_impossible_fields_are_refused(
    results: list[FieldResult], expected: int | None, convention: str
) -> None:
    with pytest.raises(MatchpointError):
        score_field_board(1, results, convention, expected)


def test_pairs_get_a_national_percentage_and_place() -> None:
    """Two schools, two boards. Ask 1NS beats everybody on both boards: 100 %."""
    results = {
        1: [
            _result("Ask", 1, Played(420)),
            _result("Ask", 2, Played(170)),
            _result("Bø", 1, Played(140)),
        ],
        2: [
            _result("Ask", 1, Played(400)),
            _result("Ask", 2, Played(-50)),
            _result("Bø", 1, Played(-50)),
        ],
    }
    event = score_event(results)
    standings = {(p.school, p.pair): p for p in event.pairs}
    assert standings["Ask", "1NS"].percentage == 100.0
    assert standings["Ask", "1NS"].place == "1"
    assert standings["Ask", "1EW"].percentage == 0.0
    # Ask 2NS: 2 of 4, then 1 of 4; Bø 1NS: 0 of 4, then 1 of 4.
    assert standings["Ask", "2NS"].percentage == pytest.approx(37.5)
    assert standings["Bø", "1NS"].percentage == pytest.approx(12.5)
    assert standings["Bø", "1EW"].percentage == pytest.approx(87.5)
    assert [p.place for p in event.pairs] == ["1", "2", "3", "4", "5", "6"]
    assert all(p.boards == 2 for p in event.pairs)
    assert event.board(2) is not None
    assert event.board(3) is None


# ---------------------------------------------------------------------------
# Against an independent computation, and board by board
# ---------------------------------------------------------------------------

entries = st.one_of(
    st.integers(min_value=-15, max_value=15).map(lambda n: Played(n * 10)),
    st.sampled_from([Adjusted(60, 40), Adjusted(50, 50), Adjusted(40, 60), Adjusted(60, 60)]),
    st.just(NotPlayed()),
)
board_results = st.lists(
    st.tuples(st.sampled_from(["Ask", "Bø", "Eik", "Lia"]), st.integers(1, 4), entries),
    min_size=1,
    max_size=14,
    unique_by=lambda item: (item[0], item[1]),
)
events = st.dictionaries(st.integers(1, 24), board_results, min_size=1, max_size=5)


def _brute_force(
    results: list[FieldResult], convention: str
) -> list[tuple[float | None, float | None]]:
    """National matchpoints by hand: every real N–S score against every other one
    (EBU 2 a win, 1 a tie; ACBL half that), factored up to the whole field, E–W the
    rest of the top; adjusted tables their share of the top."""
    expected = len(results)
    real = [r.entry.ns_net for r in results if isinstance(r.entry, Played)]
    n = len(real)
    win = 2 if convention == "ebu" else 1
    top = win * (expected - 1)
    out: list[tuple[float | None, float | None]] = []
    for r in results:
        if isinstance(r.entry, NotPlayed):
            out.append((None, None))
        elif isinstance(r.entry, Adjusted):
            out.append((r.entry.ns_percent * top / 100, r.entry.ew_percent * top / 100))
        else:
            mine = r.entry.ns_net
            points = sum(win if mine > o else win / 2 if mine == o else 0 for o in real)
            points -= win / 2  # it tied with itself
            factored = (points + win / 2) * expected / n - win / 2
            out.append((factored, top - factored))
    return out


@settings(max_examples=150, deadline=None)
@given(events, st.sampled_from(["ebu", "acbl"]))
def test_national_matchpoints_equal_a_brute_force_computation(
    raw: dict[int, list[tuple[str, int, FieldEntry]]], convention: str
) -> None:
    results = {
        number: [_result(school, table, entry) for school, table, entry in lines]
        for number, lines in raw.items()
    }
    event = score_event(results, convention)
    totals: dict[tuple[str, str], tuple[float, float]] = {}
    for board in event.boards:
        expected = _brute_force(results[board.number], convention)
        for line, (want_ns, want_ew) in zip(board.lines, expected, strict=True):
            assert (line.ns_mp is None) == (want_ns is None)
            if want_ns is None or want_ew is None:
                continue
            assert line.ns_mp == pytest.approx(want_ns)
            assert line.ew_mp == pytest.approx(want_ew)
            r = line.result
            for pair, value in ((r.ns_pair, want_ns), (r.ew_pair, want_ew)):
                key = (str(r.school), str(pair))
                mps, top = totals.get(key, (0.0, 0.0))
                totals[key] = (mps + value, top + board.top)
    percentages = {key: 50.0 if top == 0 else 100 * mps / top for key, (mps, top) in totals.items()}
    got = {(str(p.school), str(p.pair)): p.percentage for p in event.pairs}
    assert got == pytest.approx(percentages)
    ordered = [p.percentage for p in event.pairs]
    assert ordered == sorted(ordered, reverse=True)


@settings(max_examples=60, deadline=None)
@given(events, events)
def test_board_by_board_equals_the_whole(
    before: dict[int, list[tuple[str, int, FieldEntry]]],
    late: dict[int, list[tuple[str, int, FieldEntry]]],
) -> None:
    """A cache of per-board fields, updated only for the boards that got new results,
    gives the same national results as scoring everything again."""

    def as_results(
        raw: dict[int, list[tuple[str, int, FieldEntry]]], school_suffix: str
    ) -> dict[int, list[FieldResult]]:
        return {
            n: [_result(s + school_suffix, t, e) for s, t, e in lines] for n, lines in raw.items()
        }

    first = as_results(before, "")
    cache: dict[int, BoardField] = {n: score_field_board(n, rs) for n, rs in first.items()}
    assert event_standings(cache.values()) == score_event(first)

    merged = {n: list(rs) for n, rs in first.items()}
    for n, rs in as_results(late, " 2").items():
        merged.setdefault(n, []).extend(rs)
        cache[n] = score_field_board(n, merged[n])  # only the boards with new results
    assert event_standings(cache.values()) == score_event(merged)


def test_an_upload_becomes_field_results() -> None:
    upload = Upload(
        results=(
            UploadResult(1, "1NS", "1EW", contract="4S", ns_score=420),
            UploadResult(1, "2NS", "2EW", ResultKind.ADJUSTED, ns_percent=60, ew_percent=40),
            UploadResult(1, "3NS", "3EW", ResultKind.NOT_PLAYED),
            UploadResult(2, "1NS", "2EW", contract="1NT"),  # no score: left out
            UploadResult(2, "2NS", "1EW", ResultKind.ADJUSTED, ns_percent=70, ew_percent=30),
        )
    )
    assert field_results(upload, "Ask") == {
        1: [
            FieldResult("Ask", "1NS", "1EW", Played(420), "4S"),
            FieldResult("Ask", "2NS", "2EW", Adjusted(60, 40)),
            FieldResult("Ask", "3NS", "3EW", NotPlayed()),
        ]
    }


# ---------------------------------------------------------------------------
# A school's own rankings
# ---------------------------------------------------------------------------


def _seated(pairs: list[tuple[str, str]]) -> list[FieldResult]:
    return [FieldResult("Ask", ns, ew, NotPlayed()) for ns, ew in pairs]


@pytest.mark.parametrize(
    ("seated", "apart", "why"),
    [
        ([("1", "2"), ("3", "4"), ("1", "4"), ("3", "2")], True, "a Mitchell: fixed sides"),
        ([("1NS", "1EW")], True, "one table"),
        ([("1", "2"), ("2", "3"), ("3", "1")], False, "a Howell: pairs change sides"),
        ([("1", "2"), ("3", "4"), ("2", "1")], False, "an arrow switch: pair 1 sat E–W too"),
        ([], False, "no results: one (empty) field"),
    ],
)
def test_the_results_show_whether_the_sides_sat_apart(
    seated: list[tuple[str, str]], apart: bool, why: str
) -> None:
    assert scoring.event.sides_sat_apart(_seated(seated)) is apart, why


def test_a_mitchell_school_is_ranked_in_two_lists() -> None:
    """Two tables, two boards. In one list 2EW (75 %) shares 1st with 1NS and 1EW
    shares 3rd with 2NS; in its side's list each is alone, 1st and 2nd."""
    results = {
        1: [
            _result("Ask", 1, Played(420)),
            _result("Ask", 2, Played(-50)),
        ],
        2: [
            _result("Ask", 1, Played(100)),
            _result("Ask", 2, Played(100)),
        ],
    }
    (one,) = scoring.event.school_standings(results, sides_apart=False)
    assert one.side is None
    assert [(p.pair, p.place) for p in one.pairs] == [
        ("1NS", "1="),
        ("2EW", "1="),
        ("1EW", "3="),
        ("2NS", "3="),
    ]
    ns, ew = scoring.event.school_standings(results)  # decided from the results
    assert (ns.side, ew.side) == (Side.NS, Side.EW)
    assert [(p.pair, p.place, p.percentage) for p in ns.pairs] == [
        ("1NS", "1", 75.0),
        ("2NS", "2", 25.0),
    ]
    assert [(p.pair, p.place, p.percentage) for p in ew.pairs] == [
        ("2EW", "1", 75.0),
        ("1EW", "2", 25.0),
    ]


schools = st.dictionaries(
    st.integers(1, 6),
    st.lists(
        st.tuples(st.integers(1, 5), st.integers(1, 5), entries).filter(lambda t: t[0] != t[1]),
        min_size=1,
        max_size=6,
    ),
    min_size=1,
    max_size=4,
)


@settings(max_examples=100, deadline=None)
@given(schools, st.sampled_from([None, True, False]))
def test_a_schools_lists_rank_its_own_field_within_each_side(
    raw: dict[int, list[tuple[int, int, FieldEntry]]], apart: bool | None
) -> None:
    """Whatever the results: the lists hold exactly the school's ranked pairs with the
    percentages of one field of the school's results, each pair once, the places those
    of its list alone; two lists exactly when asked, or when no pair sat both sides."""
    results = {
        number: [FieldResult("Ask", ns, ew, entry) for ns, ew, entry in lines]
        for number, lines in raw.items()
    }
    field = scoring.event.score_event(results)
    lists = scoring.event.school_standings(results, sides_apart=apart)
    every = [r for board in results.values() for r in board]
    two = scoring.event.sides_sat_apart(every) if apart is None else apart
    sides: list[Side | None] = [Side.NS, Side.EW] if two else [None]
    assert [listed.side for listed in lists] == sides
    listed_pairs = [p for listed in lists for p in listed.pairs]
    # The same pairs as often (what comparing the sorted lists says; pairs are Hashable).
    assert Counter(p.pair for p in listed_pairs) == Counter(p.pair for p in field.pairs)
    percentages = {p.pair: p.percentage for p in field.pairs}
    assert all(p.percentage == percentages[p.pair] for p in listed_pairs)
    for listed in lists:
        assert {p.pair: p.place for p in listed.pairs} == mp_rank(
            {p.pair: p.percentage for p in listed.pairs}
        )
        if listed.side is not None and apart is None:
            # Decided from the results: each pair is in the list of the one side it sat.
            for pair in listed.pairs:
                sat = {Side.NS for r in every if r.ns_pair == pair.pair}
                sat |= {Side.EW for r in every if r.ew_pair == pair.pair}
                assert sat == {listed.side}


# --------------------------------------------------------------------------- sections


@pytest.mark.parametrize(
    ("percentages", "sections", "expected"),
    [
        # Two sections: each pair keeps its percentage, places count within its section.
        (
            {"a": 70.0, "b": 60.0, "c": 55.0, "d": 40.0},
            {"a": "Y5", "b": "Y7", "c": "Y5", "d": "Y7"},
            {"Y5": {"a": "1", "c": "2"}, "Y7": {"b": "1", "d": "2"}},
        ),
        # A tie in the national ranking is a tie in the section; the next place skips.
        (
            {"a": 62.5, "b": 62.5, "c": 50.0, "d": 50.0, "e": 37.5, "f": 37.5},
            {"a": "Y5", "b": "Y7", "c": "Y5", "d": "Y5", "e": "Y5", "f": "Y7"},
            {"Y5": {"a": "1", "c": "2=", "d": "2=", "e": "4"}, "Y7": {"b": "1", "f": "2"}},
        ),
        # A pair without a section is in none; a section without pairs is left out.
        ({"a": 60.0, "b": 40.0}, {"b": "Y7"}, {"Y7": {"b": "1"}}),
        ({}, {}, {}),
    ],
)
def test_sections_rank_the_national_percentages_again(
    percentages: dict[str, float], sections: dict[str, str], expected: dict[str, dict[str, str]]
) -> None:
    ranked = rank_in_sections(percentages, sections)
    assert ranked == expected
    # Best first within each section: the national order.
    for section, places in ranked.items():
        order = [key for key in percentages if sections.get(key) == section]
        assert list(places) == order


@given(st.lists(st.floats(min_value=0, max_value=100), min_size=1, max_size=30), st.randoms())
@settings(max_examples=50, deadline=None)
def test_a_section_s_order_is_the_national_order(values: list[float], rng: random.Random) -> None:
    national = mp_rank(dict(enumerate(values)))
    percentages = {key: values[key] for key in national}
    sections = {key: rng.choice("AB") for key in percentages}
    ranked = rank_in_sections(percentages, sections)
    for section, places in ranked.items():
        assert list(places) == [key for key in national if sections[key] == section]
        # One section holding everybody would have the national places.
        alone = rank_in_sections(percentages, dict.fromkeys(percentages, section))
        assert alone[section] == national


@settings(max_examples=80, deadline=None)
@given(events, st.sampled_from(["ebu", "acbl"]))
def test_boards_scored_as_plain_figures_are_the_fields_figures(
    raw: dict[int, list[tuple[str, int, FieldEntry]]], convention: str
) -> None:
    """score_board_entries (what the site scores a national field with: entries and
    contracts, no result object a table) gives each board's figures exactly as
    score_field_board does, and pair_standings over its lines the same ranking as
    score_event."""
    contracts = ["3NT", "4S", None, "1H"]
    results = {
        number: [
            _result(school, table, entry, contracts[(number + table) % 4])
            for school, table, entry in lines
        ]
        for number, lines in raw.items()
    }
    event = score_event(results, convention)
    scores: dict[tuple[object, object], list[tuple[float, float]]] = {}
    for board in event.boards:
        given_results = results[board.number]
        plain = score_board_entries(
            board.number,
            [r.entry for r in given_results],
            [r.contract for r in given_results],
            convention,
        )
        assert (plain.top, plain.expected, plain.played, plain.scores, plain.contracts) == (
            board.top,
            board.expected,
            board.played,
            board.scores,
            board.contracts,
        )
        assert list(plain.lines) == [
            None
            if line.ns_mp is None
            else (line.ns_mp, line.ew_mp, line.ns_percent, line.ew_percent)
            for line in board.lines
        ]
        for result, figures in zip(given_results, plain.lines, strict=True):
            if figures is not None:
                scores.setdefault((result.school, result.ns_pair), []).append(
                    (figures[0], plain.top)
                )
                scores.setdefault((result.school, result.ew_pair), []).append(
                    (figures[1], plain.top)
                )
    assert pair_standings(scores) == event.pairs


def test_plain_figures_refuse_what_the_field_refuses() -> None:
    with pytest.raises(MatchpointError, match=r"^Board 3 has 2 results"):
        score_board_entries(3, [Played(50), NotPlayed()], ["1NT", None], expected=1)
    with pytest.raises(ValueError, match=r"^'x' is not a matchpoint convention"):
        score_board_entries(3, [Played(50)], ["1NT"], "x")
    with pytest.raises(ValueError, match="zip"):
        score_board_entries(3, [Played(50)], [])  # a contract for each entry
