"""Movements: every supported schedule is playable, cut short or not, and the validator
catches broken ones."""

from __future__ import annotations

import doctest
from collections import Counter
from dataclasses import replace
from itertools import combinations, pairwise
from typing import TypedDict

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import movements
from scoring.movements import (
    HOWELL_TABLES,
    MITCHELL_TABLES,
    REASONS,
    BoardsGo,
    Entry,
    Line,
    MitchellStyle,
    Movement,
    MovementError,
    MovementErrorCode,
    MovementKind,
    PairId,
    ReasonCode,
    SharedBoards,
    boards_for,
    full_rounds,
    howell,
    mitchell,
    pair_card,
    required_boards_per_round,
    suggest_movement,
    table_card,
    validate,
)
from tests.narrow import found


def ns(n: int) -> PairId:
    return PairId(n, Line.NS)


def ew(n: int) -> PairId:
    return PairId(n, Line.EW)


def mitchell_cases() -> list[tuple[int, str, bool]]:
    """(pairs, even-table style, arrow switch) for every table count, with and without a
    phantom pair."""
    cases = []
    for tables in MITCHELL_TABLES:
        styles = ["skip", "relay"] if tables % 2 == 0 else ["skip"]  # ignored when odd
        for pairs in (2 * tables - 1, 2 * tables):
            for style in styles:
                for arrow in (False, True):
                    cases.append((pairs, style, arrow))
    return cases


def howell_pairs() -> list[int]:
    return [p for tables in HOWELL_TABLES for p in (2 * tables - 1, 2 * tables)]


def boards_needed(kind: str, pairs: int, style: str = "skip") -> int:
    """Enough boards per round for any sharing the movement does."""
    if kind == "howell":
        return required_boards_per_round(howell(pairs, boards_per_round=3))
    built = mitchell(pairs, even_tables=style, boards_per_round=2)
    return required_boards_per_round(built)


# ---------------------------------------------------------------------------
# Every supported movement is valid, in full and cut short
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(("pairs", "style", "arrow"), mitchell_cases())
def test_every_mitchell_is_valid_for_every_number_of_rounds(
    pairs: int, style: str, arrow: bool
) -> None:
    bpr = boards_needed("mitchell", pairs, style)
    full = full_rounds("mitchell", pairs, even_tables=style)
    for rounds in range(1, full + 1):
        movement = mitchell(
            pairs, even_tables=style, rounds=rounds, arrow_switch=arrow, boards_per_round=bpr
        )
        assert validate(movement) == [], (pairs, style, arrow, rounds)
        assert movement.rounds == rounds
        assert movement.full_rounds == full
        assert movement.arrow_switch_round == (rounds if arrow else None)


@pytest.mark.parametrize("pairs", howell_pairs())
def test_every_howell_is_valid_for_every_number_of_rounds(pairs: int) -> None:
    bpr = boards_needed("howell", pairs)
    full = 2 * ((pairs + 1) // 2) - 1
    for rounds in range(1, full + 1):
        movement = howell(pairs, rounds=rounds, boards_per_round=bpr)
        assert validate(movement) == [], (pairs, rounds)
        assert movement.kind is MovementKind.HOWELL
        assert movement.rounds == rounds


@given(
    pairs=st.integers(3, 30),
    style=st.sampled_from(["skip", "relay"]),
    arrow=st.booleans(),
    bpr=st.integers(1, 4),
    data=st.data(),
)
def test_mitchell_property(
    pairs: int, style: str, arrow: bool, bpr: int, data: st.DataObject
) -> None:
    full = full_rounds("mitchell", pairs, even_tables=style)
    rounds = data.draw(st.integers(1, full))
    # Only a relay whose two sharing tables both play needs two boards a round.
    needs_two = style == "relay" and pairs % 2 == 0 and (pairs + 1) // 2 % 2 == 0
    if bpr == 1 and needs_two:
        with pytest.raises(MovementError, match="at least 2 boards per round"):
            mitchell(pairs, even_tables=style, rounds=rounds, boards_per_round=bpr)
        return
    movement = mitchell(
        pairs, even_tables=style, rounds=rounds, arrow_switch=arrow, boards_per_round=bpr
    )
    assert validate(movement) == []
    assert movement.pairs == pairs


@given(pairs=st.integers(3, 14), bpr=st.integers(1, 4), data=st.data())
def test_howell_property(pairs: int, bpr: int, data: st.DataObject) -> None:
    rounds = data.draw(st.integers(1, 2 * ((pairs + 1) // 2) - 1))
    # 2 tables share every round, 3 tables share in round 5 (all three when 6 pairs).
    needed = {4: 2, 5: 2 if rounds == 5 else 1, 6: 3 if rounds == 5 else 1}.get(pairs, 1)
    if bpr < needed:
        with pytest.raises(MovementError, match=f"at least {needed} boards per round"):
            howell(pairs, rounds=rounds, boards_per_round=bpr)
        return
    movement = howell(pairs, rounds=rounds, boards_per_round=bpr)
    assert validate(movement) == []
    assert movement.pairs == pairs


def test_movements_doc_examples() -> None:
    assert doctest.testmod(movements).failed == 0


# ---------------------------------------------------------------------------
# Mitchell details
# ---------------------------------------------------------------------------


def meetings(movement: Movement) -> Counter[frozenset[PairId]]:
    return Counter(frozenset(e.players) for e in movement.entries if not e.sits_out)


def test_standard_mitchell_round_one_and_the_moves() -> None:
    m = mitchell(10)
    assert (m.tables, m.rounds, m.board_sets, m.style) == (5, 5, 5, MitchellStyle.STANDARD)
    first = m.round_entries(1)
    assert [(e.ns_pair, e.ew_pair, e.board_set) for e in first] == [
        (ns(t), ew(t), t) for t in range(1, 6)
    ]
    # E–W up one table, boards down one table.
    assert m.entry(2, 3).ew_pair == ew(2)
    assert m.entry(2, 1).ew_pair == ew(5)
    assert m.entry(2, 3).board_set == 4
    assert m.entry(2, 5).board_set == 1
    card = table_card(m, 3)
    assert card[0].boards_next.go is BoardsGo.TABLE
    assert card[0].boards_next.tables == (2,)
    assert card[0].ns_next is not None
    assert (card[0].ns_next.table, card[0].ns_next.direction) == (3, Line.NS)
    assert card[0].ew_next is not None
    assert (card[0].ew_next.table, card[0].ew_next.direction) == (4, Line.EW)
    assert card[-1].boards_next.go is BoardsGo.FINISHED
    assert card[-1].ns_next is None
    assert table_card(m, 1)[0].boards_next.tables == (5,)


@pytest.mark.parametrize("tables", [t for t in MITCHELL_TABLES if t % 2])
def test_odd_mitchell_everyone_meets_every_other_line_once(tables: int) -> None:
    m = mitchell(2 * tables)
    assert meetings(m) == Counter(
        {frozenset((ns(a), ew(b))): 1 for a in range(1, tables + 1) for b in range(1, tables + 1)}
    )
    # Every pair plays every board set once.
    for pair in m.pair_ids:
        sets = [row.board_set for row in pair_card(m, pair)]
        assert sorted(found(s) for s in sets) == list(range(1, tables + 1))


@pytest.mark.parametrize("tables", [t for t in MITCHELL_TABLES if t % 2 == 0])
def test_skip_mitchell_jumps_after_half_the_rounds(tables: int) -> None:
    m = mitchell(2 * tables, even_tables="skip")
    half = tables // 2
    assert m.rounds == tables - 1
    assert m.board_sets == tables
    for r in range(1, m.rounds + 1):
        ew1 = m.entry_for_pair(ew(1), r)
        assert ew1 is not None
        expected = (r - 1 + (1 if r > half else 0)) % tables + 1
        assert ew1.table == expected
    assert m.shared == ()
    assert required_boards_per_round(m) == 1


@pytest.mark.parametrize("tables", [t for t in MITCHELL_TABLES if t % 2 == 0])
def test_relay_mitchell_shares_tables_one_and_last_with_a_bye_stand(tables: int) -> None:
    m = mitchell(2 * tables, even_tables="relay")
    half = tables // 2
    assert m.rounds == tables
    assert m.bye_stand == (half, half + 1)
    # Round 1 as published: set k on table k for the first half, the next set on the
    # bye stand, the rest on the next tables, and the last table shares set 1.
    expected = [*range(1, half + 1), *range(half + 2, tables + 1), 1]
    assert [e.board_set for e in m.round_entries(1)] == expected
    for r in range(1, m.rounds + 1):
        entries = m.round_entries(r)
        assert entries[0].board_set == entries[-1].board_set
        assert SharedBoards(r, entries[0].board_set, (1, tables)) in m.shared
        # Exactly one set sits on the bye stand each round.
        assert len({e.board_set for e in entries}) == tables - 1
    assert meetings(m) == Counter(
        {frozenset((ns(a), ew(b))): 1 for a in range(1, tables + 1) for b in range(1, tables + 1)}
    )
    if tables >= 4:  # the boards of table N/2 + 1 wait one round on the bye stand
        card = table_card(m, half + 1)
        assert card[0].boards_next.go is BoardsGo.STAND
        assert card[0].boards_next.tables == (half,)
        assert card[0].boards_next.round == 3
    assert table_card(m, 1)[0].shared_with == (tables,)
    with pytest.raises(MovementError) as raised:
        mitchell(2 * tables, even_tables="relay", boards_per_round=1)
    assert raised.value.code is MovementErrorCode.TOO_FEW_BOARDS_PER_ROUND


def test_phantom_in_a_relay_mitchell_removes_the_share() -> None:
    m = mitchell(15, even_tables="relay", boards_per_round=1)
    assert m.phantom == ns(8)
    assert all(m.entry(r, 8).sits_out for r in range(1, m.rounds + 1))
    assert validate(m) == []


def test_arrow_switch_swaps_seats_in_the_last_round_played() -> None:
    m = mitchell(10, rounds=3, arrow_switch=True)
    for e in m.round_entries(3):
        assert e.arrow_switched
        assert e.ns_pair is not None
        assert e.ns_pair.direction == Line.EW
    assert not any(e.arrow_switched for e in m.entries if e.round < 3)
    row = pair_card(m, ew(1))[2]
    assert row.direction is Line.NS
    before = pair_card(m, ew(1))[1]
    assert before.next is not None
    assert before.next.direction is Line.NS


def test_mitchell_phantom_is_the_last_north_south_pair() -> None:
    m = mitchell(9)
    assert m.tables == 5
    assert m.phantom == ns(5)
    assert ns(5) not in m.pair_ids
    assert m.pairs == 9
    rests = Counter(p for e in m.entries if e.sits_out for p in e.players)
    assert rests == Counter({ew(n): 1 for n in range(1, 6)})
    resting = [row for row in pair_card(m, ew(1)) if row.sits_out]
    assert len(resting) == 1
    assert resting[0].opponent is None
    assert resting[0].board_set is None
    assert list(resting[0].boards) == []
    row = next(r for r in table_card(m, 5) if r.round == 1)
    assert row.sits_out
    assert row.ns_pair is None
    assert row.shared_with == ()


def test_mitchell_refuses_bad_requests() -> None:
    with pytest.raises(MovementError) as raised:
        mitchell(31)
    assert raised.value.code is MovementErrorCode.PAIRS_OUT_OF_RANGE
    assert raised.value.params["max_pairs"] == 30
    with pytest.raises(MovementError) as raised:
        mitchell(2)
    assert raised.value.code is MovementErrorCode.PAIRS_OUT_OF_RANGE
    with pytest.raises(MovementError) as raised:
        mitchell(10, rounds=6)
    assert raised.value.code is MovementErrorCode.ROUNDS_OUT_OF_RANGE
    with pytest.raises(MovementError) as raised:
        mitchell(12, even_tables="standard")
    assert raised.value.code is MovementErrorCode.STYLE_NOT_FOR_TABLES
    with pytest.raises(MovementError) as raised:
        mitchell(12, even_tables="hesitation")
    assert raised.value.code is MovementErrorCode.UNKNOWN_STYLE
    with pytest.raises(MovementError) as raised:
        mitchell(12, boards_per_round=0)
    assert raised.value.code is MovementErrorCode.BOARDS_PER_ROUND_OUT_OF_RANGE
    with pytest.raises(MovementError) as raised:
        mitchell(9, even_tables="anything")
    assert raised.value.code is MovementErrorCode.UNKNOWN_STYLE
    assert mitchell(9, even_tables="relay").style is MitchellStyle.STANDARD


# ---------------------------------------------------------------------------
# Howell details
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("tables", list(HOWELL_TABLES))
def test_complete_howell_everyone_meets_everyone_and_plays_every_set(tables: int) -> None:
    pairs = 2 * tables
    m = howell(pairs, boards_per_round=3)
    assert m.rounds == m.full_rounds == m.board_sets == pairs - 1
    assert meetings(m) == Counter({frozenset(two): 1 for two in combinations(m.pair_ids, 2)})
    for pair in m.pair_ids:
        sets = [row.board_set for row in pair_card(m, pair)]
        assert sorted(found(s) for s in sets) == list(range(1, pairs))
    assert m.source


@pytest.mark.parametrize("tables", list(HOWELL_TABLES))
def test_howell_with_a_phantom_gives_each_pair_one_round_off(tables: int) -> None:
    pairs = 2 * tables - 1
    m = howell(pairs)
    assert m.phantom == PairId(2 * tables)
    assert [p.number for p in m.pair_ids] == list(range(1, pairs + 1))
    rests = Counter(p for e in m.entries if e.sits_out for p in e.players)
    assert rests == Counter(dict.fromkeys(m.pair_ids, 1))
    assert sum(1 for e in m.entries if e.sits_out) == m.rounds  # one rest table a round


@pytest.mark.parametrize(
    ("pairs", "shares", "needed"),
    [(4, 3, 2), (3, 0, 1), (6, 1, 3), (5, 1, 2), (8, 0, 1), (10, 0, 1), (12, 0, 1), (14, 0, 1)],
)
def test_howell_board_sharing(pairs: int, shares: int, needed: int) -> None:
    m = howell(pairs, boards_per_round=3)
    shared_now = [
        (r, s)
        for (r, s), n in Counter(
            (e.round, e.board_set) for e in m.entries if not e.sits_out
        ).items()
        if n > 1
    ]
    assert len(shared_now) == shares
    assert required_boards_per_round(m) == needed


def test_three_table_howell_matches_the_published_schedule() -> None:
    m = howell(6, boards_per_round=3)
    # BridgeWx "5howel06.1-1": set 1 stays at table 1 for three rounds; all tables
    # share set 5 in the last round.
    assert [m.entry(r, 1).board_set for r in range(1, 6)] == [1, 1, 1, 3, 5]
    assert m.shared == (SharedBoards(5, 5, (1, 2, 3)),)
    assert (m.entry(2, 2).ns_pair, m.entry(2, 2).ew_pair) == (PairId(5), PairId(2))
    assert "BridgeWx" in m.source
    assert table_card(m, 1)[0].boards_next == movements.BoardsNext(BoardsGo.TABLE, (1,), 2)
    assert table_card(m, 1)[4].shared_with == (2, 3)
    with pytest.raises(MovementError) as raised:
        howell(6)
    assert raised.value.params == {"needed": 3, "boards_per_round": 2}
    # The first four rounds share nothing, so two boards a round are enough.
    assert validate(howell(6, rounds=4)) == []


def test_four_table_howell_stationary_pair_is_eight() -> None:
    m = howell(8)
    assert all(m.entry(r, 1).ns_pair == PairId(8) for r in range(1, 8))
    assert m.shared == ()


def test_seven_table_howell_boards_move_down_with_one_relay() -> None:
    m = howell(14)
    for r in range(1, m.rounds):
        for t in range(2, 8):
            assert m.entry(r + 1, t - 1).board_set == m.entry(r, t).board_set
    row = table_card(m, 1)[0]
    assert row.boards_next.go is BoardsGo.STAND
    assert row.boards_next.tables == (7,)
    assert row.boards_next.round == 8
    assert [m.entry(1, t).board_set for t in range(1, 8)] == list(range(1, 8))


def test_howell_refuses_bad_requests() -> None:
    with pytest.raises(MovementError) as raised:
        howell(15)
    assert raised.value.code is MovementErrorCode.PAIRS_OUT_OF_RANGE
    with pytest.raises(MovementError) as raised:
        howell(8, rounds=0)
    assert raised.value.code is MovementErrorCode.ROUNDS_OUT_OF_RANGE
    with pytest.raises(MovementError):
        howell(4, boards_per_round=1)


def test_cut_short_movements_number_the_sets_in_use() -> None:
    m = howell(6, rounds=2)
    assert m.board_sets == 4
    assert {e.board_set for e in m.entries} == {1, 2, 3, 4}
    assert m.total_boards == 8


# ---------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "movement",
    [
        mitchell(9, arrow_switch=True),
        mitchell(16, even_tables="relay"),
        mitchell(13, even_tables="skip"),
        howell(7),
        howell(12),
        howell(5, rounds=3),
    ],
    ids=["mitchell9-arrow", "relay16", "skip13", "howell7", "howell12", "howell5-short"],
)
def test_cards_agree_with_the_schedule(movement: Movement) -> None:
    for pair in movement.pair_ids:
        card = pair_card(movement, pair)
        assert [row.round for row in card] == list(range(1, movement.rounds + 1))
        for row, following in pairwise(card):
            assert row.next is not None
            assert (row.next.table, row.next.direction, row.next.sits_out) == (
                following.table,
                following.direction,
                following.sits_out,
            )
        assert card[-1].next is None
        for row in card:
            e = movement.entry(row.round, row.table)
            assert e.seat_of(pair) is row.direction
            if not row.sits_out:
                assert list(row.boards) == list(movement.boards(e.board_set))
    for table in range(1, movement.tables + 1):
        for line in table_card(movement, table):
            nxt = line.boards_next
            if nxt.go is BoardsGo.FINISHED:
                assert all(
                    e.board_set != line.board_set for e in movement.entries if e.round > line.round
                )
            else:
                assert nxt.round is not None
                at = {
                    e.table
                    for e in movement.round_entries(nxt.round)
                    if e.board_set == line.board_set
                }
                assert set(nxt.tables) == at
                assert (nxt.go is BoardsGo.TABLE) == (nxt.round == line.round + 1)


def test_card_lookups_refuse_unknown_tables_and_pairs() -> None:
    m = howell(8)
    with pytest.raises(MovementError) as raised:
        table_card(m, 5)
    assert raised.value.code is MovementErrorCode.UNKNOWN_TABLE
    with pytest.raises(MovementError) as raised:
        pair_card(m, PairId(9))
    assert raised.value.code is MovementErrorCode.UNKNOWN_PAIR
    with pytest.raises(MovementError):
        pair_card(mitchell(10), PairId(1))  # Mitchell pairs belong to a line
    with pytest.raises(MovementError):
        m.entry(8, 1)


def test_boards_for() -> None:
    assert list(boards_for(1, 2)) == [1, 2]
    assert list(boards_for(3, 2)) == [5, 6]
    assert list(boards_for(4, 3)) == [10, 11, 12]
    with pytest.raises(ValueError, match="numbered from 1"):
        boards_for(0, 2)
    with pytest.raises(MovementError):
        boards_for(1, 0)


def test_pair_labels() -> None:
    assert str(ns(3)) == "3 N–S"
    assert str(ew(3)) == "3 E–W"
    assert str(PairId(3)) == "3"
    assert PairId(3, "NS") == ns(3)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# The validator catches broken movements
# ---------------------------------------------------------------------------


def swap_board_set(m: Movement, round_: int, table: int, board_set: int) -> Movement:
    entries = tuple(
        replace(e, board_set=board_set) if (e.round, e.table) == (round_, table) else e
        for e in m.entries
    )
    return replace(m, entries=entries)


def test_validator_catches_a_pair_playing_a_board_set_twice() -> None:
    m = mitchell(10)
    # N–S 1 played set 1 in round 1; give table 1 set 1 again in round 3.
    broken = swap_board_set(m, 3, 1, 1)
    problems = validate(broken)
    assert any("plays board set 1 twice" in p for p in problems)


def test_validator_catches_a_board_set_at_two_tables_in_one_round() -> None:
    m = howell(10)
    other = m.entry(4, 2).board_set
    broken = swap_board_set(m, 4, 1, other)
    problems = validate(broken)
    assert any(f"Board set {other} is at tables 1 and 2 in round 4." == p for p in problems)


def test_validator_catches_sharing_without_enough_boards() -> None:
    m = mitchell(8, even_tables="relay")
    assert validate(m) == []
    problems = validate(replace(m, boards_per_round=1))
    assert any("share board set" in p and "at least 2 boards" in p for p in problems)
    # Undeclared sharing is caught even with enough boards.
    problems = validate(replace(m, shared=()))
    assert any("is at tables 1 and 4" in p for p in problems)


def test_validator_catches_a_pair_at_two_tables_and_repeat_meetings() -> None:
    m = howell(8)
    e1, e2 = m.entry(1, 1), m.entry(1, 2)
    doubled = replace(e2, ew_pair=e1.ew_pair)
    entries = tuple(doubled if e == e2 else e for e in m.entries)
    problems = validate(replace(m, entries=entries))
    assert any(f"Pair {e1.ew_pair} is at tables 1 and 2 in round 1." == p for p in problems)
    assert any(f"Pair {e2.ew_pair} has no place in round 1." == p for p in problems)
    assert any("never meet" in p for p in problems)


def test_validator_catches_pairs_meeting_twice() -> None:
    m = mitchell(10, rounds=2)
    first = m.entry(1, 1)
    entries = tuple(
        replace(e, ew_pair=first.ew_pair)
        if (e.round, e.table) == (2, 1)
        else replace(e, ew_pair=m.entry(2, 1).ew_pair)
        if (e.round, e.table) == (2, 2)
        else e
        for e in m.entries
    )
    problems = validate(replace(m, entries=entries))
    assert any("meet twice" in p for p in problems)


def test_validator_catches_missing_tables_and_wrong_seating() -> None:
    m = mitchell(10, rounds=2)
    problems = validate(replace(m, entries=m.entries[1:]))
    assert "Table 1 has nothing to do in round 1." in problems
    swapped = replace(m.entries[0], ns_pair=m.entries[0].ew_pair, ew_pair=m.entries[0].ns_pair)
    problems = validate(replace(m, entries=(swapped, *m.entries[1:])))
    assert "At table 1 in round 1 the pairs sit the wrong way round." in problems
    same_line = replace(m.entries[0], ew_pair=ns(2))
    problems = validate(replace(m, entries=(same_line, *m.entries[1:])))
    assert any("two pairs of the same line meet" in p for p in problems)


def test_validator_catches_unknown_pairs_sets_and_empty_tables() -> None:
    m = howell(8, rounds=1)
    bad = Entry(1, 1, PairId(99), None, 42)
    problems = validate(replace(m, entries=(bad, *m.entries[1:])))
    assert any("not one of 1.." in p for p in problems)
    assert any("Pair 99" in p and "not in this movement" in p for p in problems)
    empty = Entry(1, 1, None, None, 1)
    assert "Nobody sits at table 1 in round 1." in validate(
        replace(m, entries=(empty, *m.entries[1:]))
    )
    assert any("outside" in p for p in validate(replace(m, rounds=9)))


def test_validator_catches_uneven_sit_outs() -> None:
    m = howell(7)
    # Make pair 1 sit out a second time: put the phantom in pair 1's round-2 seat.
    e = m.entry_for_pair(PairId(1), 2)
    assert e is not None
    assert not e.sits_out
    seat = e.seat_of(PairId(1))
    emptied = replace(e, ns_pair=None) if seat is Line.NS else replace(e, ew_pair=None)
    problems = validate(replace(m, entries=tuple(emptied if x == e else x for x in m.entries)))
    assert any("sits out 2 rounds instead of one" in p for p in problems)


# ---------------------------------------------------------------------------
# suggest_movement
# ---------------------------------------------------------------------------


class SuggestOptions(TypedDict, total=False):
    max_rounds: int
    boards_per_round: int
    even_tables: str


@pytest.mark.parametrize(
    ("pairs", "options", "kind", "style", "rounds", "code"),
    [
        (8, {}, "howell", None, 7, ReasonCode.HOWELL_EVERYONE_MEETS),
        (7, {}, "howell", None, 7, ReasonCode.HOWELL_EVERYONE_MEETS),
        (6, {"boards_per_round": 3}, "howell", None, 5, ReasonCode.HOWELL_EVERYONE_MEETS),
        (6, {}, "mitchell", "standard", 3, ReasonCode.HOWELL_NEEDS_MORE_BOARDS),
        (8, {"max_rounds": 5}, "mitchell", "skip", 3, ReasonCode.HOWELL_TOO_LONG),
        (4, {"max_rounds": 2}, "howell", None, 2, ReasonCode.HOWELL_FEW_TABLES),
        (3, {}, "howell", None, 3, ReasonCode.HOWELL_EVERYONE_MEETS),
        (10, {}, "mitchell", "standard", 5, ReasonCode.MITCHELL_ODD_TABLES),
        (12, {}, "mitchell", "skip", 5, ReasonCode.MITCHELL_SKIP),
        (12, {"even_tables": "relay"}, "mitchell", "relay", 6, ReasonCode.MITCHELL_RELAY),
        (
            12,
            {"even_tables": "relay", "boards_per_round": 1},
            "mitchell",
            "skip",
            5,
            ReasonCode.MITCHELL_SKIP,
        ),
        (20, {"max_rounds": 4}, "mitchell", "skip", 4, ReasonCode.MITCHELL_SKIP_NOT_REACHED),
        (30, {"max_rounds": 6}, "mitchell", "standard", 6, ReasonCode.MITCHELL_ODD_TABLES),
    ],
)
def test_suggest_movement_rules(
    pairs: int,
    options: SuggestOptions,
    kind: str,
    style: str | None,
    rounds: int,
    code: ReasonCode,
) -> None:
    s = suggest_movement(pairs, **options)
    assert (s.kind, s.style, s.rounds, s.reason_code) == (kind, style, rounds, code)
    assert s.tables == (pairs + 1) // 2
    assert s.sit_out == (pairs % 2 == 1)
    assert s.reason == REASONS[code].format(**s.params)
    assert validate(s.build()) == []


def test_suggestion_offers_the_other_even_table_style() -> None:
    assert suggest_movement(12).alternatives == (MitchellStyle.RELAY,)
    assert suggest_movement(12, even_tables="relay").alternatives == (MitchellStyle.SKIP,)
    assert suggest_movement(10).alternatives == ()
    assert suggest_movement(12, boards_per_round=1).alternatives == ()


def test_suggestion_reason_is_plain_english() -> None:
    s = suggest_movement(8)
    assert s.reason == (
        "With 8 pairs there is time for every pair to play against every other pair "
        "once, which takes 7 rounds."
    )
    assert s.params["rounds"] == 7
    jargon = ("Howell", "Mitchell", "relay", "phantom", "movement")
    for template in REASONS.values():
        assert template.endswith(".")
        assert not any(word in template for word in jargon)


def test_suggest_movement_refuses_bad_requests() -> None:
    for pairs in (0, 2, 31):
        with pytest.raises(MovementError) as raised:
            suggest_movement(pairs)
        assert raised.value.code is MovementErrorCode.PAIRS_OUT_OF_RANGE
    with pytest.raises(MovementError):
        suggest_movement(10, max_rounds=0)
    with pytest.raises(MovementError):
        suggest_movement(10, boards_per_round=0)


@given(
    pairs=st.integers(3, 30),
    max_rounds=st.none() | st.integers(1, 16),
    bpr=st.integers(1, 4),
    even_tables=st.sampled_from(["skip", "relay"]),
    arrow=st.booleans(),
)
def test_suggestions_always_build_valid_movements(
    pairs: int, max_rounds: int | None, bpr: int, even_tables: str, arrow: bool
) -> None:
    s = suggest_movement(
        pairs,
        max_rounds=max_rounds,
        boards_per_round=bpr,
        even_tables=even_tables,
        arrow_switch=arrow,
    )
    movement = s.build()
    assert validate(movement) == []
    assert movement.rounds == s.rounds
    assert max_rounds is None or s.rounds <= max_rounds
    assert movement.pairs == pairs
    assert s.reason == REASONS[s.reason_code].format(**s.params)
    if s.kind is MovementKind.HOWELL and s.tables > 2:
        assert movement.complete
