"""Individual movements: every offered size is playable, in full and cut short, the
whist ones have every property of a whist tournament, and the validator catches broken
schedules."""

from __future__ import annotations

import doctest
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import individual as individual_module
from scoring.cards import Seat
from scoring.individual import (
    INDIVIDUAL_PUPILS,
    INDIVIDUAL_REASONS,
    IndividualEntry,
    IndividualError,
    IndividualErrorCode,
    IndividualMovement,
    IndividualReason,
    as_movement,
    individual,
    individual_full_rounds,
    individual_table_card,
    pupil_card,
    required_individual_boards,
    seated_movement,
    suggest_individual,
    validate_individual,
)
from scoring.movements import BoardsGo, Line, MovementError, MovementErrorCode, PairId, SharedBoards

#: Enough boards per round for any sharing any schedule does.
ROOMY = 3


def all_cuts() -> list[tuple[int, int]]:
    return [(p, r) for p in INDIVIDUAL_PUPILS for r in range(1, individual_full_rounds(p) + 1)]


def partners(m: IndividualMovement) -> Counter[frozenset[int]]:
    found: Counter[frozenset[int]] = Counter()
    for e in m.entries:
        found[frozenset((e.north, e.south))] += 1
        found[frozenset((e.east, e.west))] += 1
    return found


def opponents(m: IndividualMovement) -> Counter[frozenset[int]]:
    found: Counter[frozenset[int]] = Counter()
    for e in m.entries:
        for a in (e.north, e.south):
            for b in (e.east, e.west):
                found[frozenset((a, b))] += 1
    return found


def rounds_off(m: IndividualMovement) -> Counter[int]:
    return Counter(p for off in m.sit_outs for p in off)


# ---------------------------------------------------------------------------
# Every offered size is valid, in full and cut short
# ---------------------------------------------------------------------------


def test_the_doctests_pass() -> None:
    assert doctest.testmod(individual_module).failed == 0


@pytest.mark.parametrize(("pupils", "rounds"), all_cuts())
def test_every_offered_movement_passes_the_validator(pupils: int, rounds: int) -> None:
    m = individual(pupils, rounds=rounds, boards_per_round=ROOMY)
    assert validate_individual(m) == []
    assert m.tables == pupils // 4
    assert all(len(off) == pupils % 4 for off in m.sit_outs)


# (pupils, full rounds, tables, pupils off each round, rounds off per pupil, most
#  times two pupils are opponents, whist, biggest N–S/E–W gap, boards per round needed)
SIZES = [
    (4, 3, 1, 0, 0, 2, True, 3, 1),
    (5, 5, 1, 1, 1, 2, True, 0, 1),
    (6, 6, 1, 2, 2, 2, False, 2, 1),
    (7, 7, 1, 3, 3, 2, False, 0, 1),
    (8, 7, 2, 0, 0, 2, True, 1, 2),
    (9, 9, 2, 1, 1, 3, False, 0, 2),
    (10, 10, 2, 2, 2, 3, False, 0, 2),
    (11, 11, 2, 3, 3, 2, False, 0, 2),
    (12, 11, 3, 0, 0, 2, True, 1, 3),
    (13, 13, 3, 1, 1, 2, True, 0, 1),
    (14, 14, 3, 2, 2, 3, False, 0, 1),
    (15, 15, 3, 3, 3, 2, False, 0, 1),
    (16, 15, 4, 0, 0, 2, True, 1, 2),
    (17, 17, 4, 1, 1, 3, False, 0, 1),
    (18, 18, 4, 2, 2, 3, False, 0, 1),
    (19, 19, 4, 3, 3, 3, False, 0, 1),
    (20, 19, 5, 0, 0, 3, False, 1, 1),
    (21, 21, 5, 1, 1, 3, False, 0, 2),
    (22, 22, 5, 2, 2, 2, False, 0, 2),
    (23, 23, 5, 3, 3, 3, False, 0, 2),
    (24, 23, 6, 0, 0, 3, False, 1, 2),
]


def test_the_table_covers_every_offered_size() -> None:
    assert [row[0] for row in SIZES] == list(INDIVIDUAL_PUPILS)


@pytest.mark.parametrize(
    ("pupils", "full", "tables", "off", "each_off", "max_opposed", "whist", "gap", "boards"),
    SIZES,
)
def test_what_each_full_movement_gives(
    pupils: int,
    full: int,
    tables: int,
    off: int,
    each_off: int,
    max_opposed: int,
    whist: bool,
    gap: int,
    boards: int,
) -> None:
    m = individual(pupils, boards_per_round=ROOMY)
    assert (m.rounds, m.full_rounds, m.tables, m.sit_outs_per_round) == (full, full, tables, off)
    assert set(rounds_off(m).values()) <= {each_off}
    assert m.max_opposed == max_opposed
    assert max(opponents(m).values()) <= max_opposed
    assert m.whist is whist
    assert m.max_line_gap == gap
    assert required_individual_boards(m) == boards
    # Nobody partners anyone twice, so each has as many partners as rounds played.
    assert max(partners(m).values()) == 1
    played = Counter(p for e in m.entries for p in e.players)
    for p in range(1, pupils + 1):
        assert played[p] == full - rounds_off(m)[p]
        mates = {e.partner_of(p) for e in m.entries if p in e.players}
        assert len(mates) == played[p]
    assert m.source


@pytest.mark.parametrize("pupils", [p for p in INDIVIDUAL_PUPILS if p % 4 in (0, 1)])
def test_with_at_most_one_off_everyone_partners_everyone_once(pupils: int) -> None:
    m = individual(pupils, boards_per_round=ROOMY)
    together = partners(m)
    assert all(together[frozenset(pair)] == 1 for pair in combinations(range(1, pupils + 1), 2))


@pytest.mark.parametrize(
    "pupils", [p for p in INDIVIDUAL_PUPILS if individual(p, boards_per_round=ROOMY).whist]
)
def test_whist_movements_are_whist_tournaments(pupils: int) -> None:
    m = individual(pupils, boards_per_round=ROOMY)
    against = opponents(m)
    assert all(against[frozenset(pair)] == 2 for pair in combinations(range(1, pupils + 1), 2))


def test_four_pupils_is_the_classic_one_table_individual() -> None:
    """Pupil 4 stays at the table; in three rounds each pupil partners each other once."""
    m = individual(4)
    assert m.tables == 1
    assert m.rounds == 3
    assert all(4 in e.players for e in m.entries)
    assert {frozenset((4, e.partner_of(4) or 0)) for e in m.entries} == {
        frozenset((4, 1)),
        frozenset((4, 2)),
        frozenset((4, 3)),
    }
    assert [e.board_set for e in m.entries] == [1, 2, 3]


Layout = tuple[frozenset[frozenset[frozenset[int]]], frozenset[int]]


@pytest.mark.parametrize("pupils", [p for p in INDIVIDUAL_PUPILS if p != 6])
def test_the_rounds_are_one_cycle(pupils: int) -> None:
    """The cyclic method: moving every pupil on one number mod m (1 → 2 … m → 1; pupil
    m + 1, if any, stays) turns each round (its partnerships at each table, and who sits
    out) into the next round of one cycle through all the rounds. The playing order and
    which line a partnership sits in are chosen afterwards, so they may differ."""
    m = individual(pupils, boards_per_round=ROOMY)
    modulus = pupils - 1 if pupils % 4 == 0 else pupils

    def layout(round_: int) -> Layout:
        tables = frozenset(
            frozenset((frozenset((e.north, e.south)), frozenset((e.east, e.west))))
            for e in m.round_entries(round_)
        )
        return tables, frozenset(m.sit_outs[round_ - 1])

    def move(p: int) -> int:
        return p if p > modulus else p % modulus + 1

    def shift(rounds: Layout) -> Layout:
        tables, off = rounds
        return (
            frozenset(
                frozenset(frozenset(move(p) for p in side) for side in table) for table in tables
            ),
            frozenset(move(p) for p in off),
        )

    every_round = {layout(r) for r in range(1, m.rounds + 1)}
    assert len(every_round) == m.rounds == modulus
    orbit = [layout(1)]
    while (following := shift(orbit[-1])) != orbit[0]:
        orbit.append(following)
    assert set(orbit) == every_round


@pytest.mark.parametrize("pupils", INDIVIDUAL_PUPILS)
def test_stopping_early_keeps_sit_outs_even(pupils: int) -> None:
    """After any number of rounds no pupil has had more than two rounds off more than
    another; two happens only with three pupils off each round, and with 14 and 22
    pupils (their pairs sitting out together form two cycles of odd length, so no order
    of the rounds can give everyone one round off before anyone has two)."""
    worst = 0
    for rounds in range(1, individual_full_rounds(pupils) + 1):
        off = rounds_off(individual(pupils, rounds=rounds, boards_per_round=ROOMY))
        counts = [off[p] for p in range(1, pupils + 1)]
        worst = max(worst, max(counts) - min(counts))
    assert worst == (2 if pupils % 4 == 3 or pupils in (14, 22) else min(pupils % 4, 1))


def test_six_pupils_schedule_as_listed() -> None:
    m = individual(6)
    assert [e.players for e in m.entries] == [
        (1, 2, 3, 4),
        (3, 5, 4, 6),
        (2, 1, 6, 5),
        (2, 4, 5, 6),
        (1, 3, 4, 6),
        (1, 3, 2, 5),
    ]
    assert [set(off) for off in m.sit_outs] == [{5, 6}, {1, 2}, {3, 4}, {1, 3}, {2, 5}, {4, 6}]


def test_seats_and_partners_of_an_entry() -> None:
    e = IndividualEntry(round=1, table=1, north=1, east=2, south=3, west=4, board_set=1)
    assert e.partner_of(1) == 3
    assert e.partner_of(2) == 4
    assert e.partner_of(9) is None
    assert e.line_of(3) is Line.NS
    assert e.line_of(4) is Line.EW
    assert e.line_of(9) is None
    assert e.opponents_of(1) == (2, 4)
    assert e.opponents_of(4) == (1, 3)
    assert e.opponents_of(9) is None


def test_where_a_pupil_is() -> None:
    m = individual(5)
    for r, off in enumerate(m.sit_outs, start=1):
        (resting,) = off
        assert m.entry_for_pupil(resting, r) is None
        assert m.entry(r, 1) == m.round_entries(r)[0]
    with pytest.raises(IndividualError) as raised:
        m.entry(1, 2)
    assert raised.value.code is IndividualErrorCode.UNKNOWN_TABLE


# ---------------------------------------------------------------------------
# Refusals
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("pupils", [0, 3, 25, -4])
def test_sizes_outside_the_range_are_refused(pupils: int) -> None:
    with pytest.raises(IndividualError) as raised:
        individual(pupils)
    assert raised.value.code is IndividualErrorCode.PUPILS_OUT_OF_RANGE
    assert raised.value.params["min_pupils"] == 4


@pytest.mark.parametrize("rounds", [0, -1, 8])
def test_rounds_outside_the_movement_are_refused(rounds: int) -> None:
    with pytest.raises(IndividualError) as raised:
        individual(8, rounds=rounds)
    assert raised.value.code is IndividualErrorCode.ROUNDS_OUT_OF_RANGE
    assert raised.value.params == {"rounds": rounds, "full_rounds": 7}


def test_zero_boards_per_round_is_refused() -> None:
    with pytest.raises(IndividualError) as raised:
        individual(8, boards_per_round=0)
    assert raised.value.code is IndividualErrorCode.BOARDS_PER_ROUND_OUT_OF_RANGE


def test_sharing_tables_need_enough_boards() -> None:
    with pytest.raises(IndividualError) as raised:
        individual(12, boards_per_round=2)
    assert raised.value.code is IndividualErrorCode.TOO_FEW_BOARDS_PER_ROUND
    assert raised.value.params == {"needed": 3, "boards_per_round": 2}
    assert "at least 3 boards per round" in str(raised.value)


def test_shared_sets_are_listed() -> None:
    m = individual(8)
    assert m.shared
    assert all(len(s.tables) == 2 for s in m.shared)
    assert {(s.round, s.board_set) for s in m.shared} == {(e.round, e.board_set) for e in m.entries}


# ---------------------------------------------------------------------------
# Suggestion
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pupils", "max_rounds", "code", "rounds"),
    [
        (4, None, IndividualReason.EVERYONE_PARTNERS, 3),
        (8, None, IndividualReason.EVERYONE_PARTNERS, 7),
        (5, None, IndividualReason.EVERYONE_PARTNERS_ONE_OFF, 5),
        (13, None, IndividualReason.EVERYONE_PARTNERS_ONE_OFF, 13),
        (7, None, IndividualReason.SIT_OUTS, 7),
        (6, None, IndividualReason.SIT_OUTS, 6),
        (10, None, IndividualReason.SIT_OUTS, 10),
        (16, 6, IndividualReason.FIRST_ROUNDS, 6),
        (8, 7, IndividualReason.EVERYONE_PARTNERS, 7),
        (8, 40, IndividualReason.EVERYONE_PARTNERS, 7),
    ],
)
def test_suggestion_reasons(
    pupils: int, max_rounds: int | None, code: IndividualReason, rounds: int
) -> None:
    s = suggest_individual(pupils, max_rounds=max_rounds, boards_per_round=ROOMY)
    assert s.reason_code is code
    assert s.rounds == rounds
    assert s.reason == INDIVIDUAL_REASONS[code].format(**s.params)
    assert validate_individual(s.build()) == []


def test_sit_out_sentence() -> None:
    s = suggest_individual(7)
    assert s.reason == (
        "With 7 pupils, 3 of them have each round off, and in 7 rounds every pupil "
        "partners 4 different pupils."
    )
    assert s.params["partners"] == 4


@pytest.mark.parametrize("pupils", INDIVIDUAL_PUPILS)
def test_every_offered_size_gets_a_suggestion(pupils: int) -> None:
    s = suggest_individual(pupils, boards_per_round=ROOMY)
    assert s.pupils == pupils
    assert s.tables == pupils // 4
    assert s.reason.startswith(("With", "Partnering"))
    assert "{" not in s.reason


def test_suggestion_refuses_no_rounds() -> None:
    with pytest.raises(IndividualError) as raised:
        suggest_individual(8, max_rounds=0)
    assert raised.value.code is IndividualErrorCode.ROUNDS_OUT_OF_RANGE


def test_every_reason_has_a_sentence() -> None:
    assert set(INDIVIDUAL_REASONS) == set(IndividualReason)


# ---------------------------------------------------------------------------
# The validator catches broken schedules
# ---------------------------------------------------------------------------

sizes = st.sampled_from(INDIVIDUAL_PUPILS)


@settings(max_examples=60, deadline=None)
@given(pupils=sizes, data=st.data())
def test_swapping_two_pupils_between_tables_is_caught(pupils: int, data: st.DataObject) -> None:
    """Put one pupil in another's seat in a single round: that pupil is then twice in
    the round (or at a table while sitting out) and the other nowhere."""
    m = individual(pupils, boards_per_round=ROOMY)
    i = data.draw(st.integers(0, len(m.entries) - 1))
    entry = m.entries[i]
    seat = data.draw(st.sampled_from(["north", "east", "south", "west"]))
    others = [p for p in range(1, pupils + 1) if p != getattr(entry, seat)]
    newcomer = data.draw(st.sampled_from(others))
    broken = list(m.entries)
    broken[i] = replace(entry, **{seat: newcomer})
    assert validate_individual(replace(m, entries=tuple(broken)))


full_tables = st.sampled_from([p for p in INDIVIDUAL_PUPILS if p % 4 == 0])


@settings(max_examples=60, deadline=None)
@given(pupils=full_tables, data=st.data())
def test_changing_a_board_set_is_caught(pupils: int, data: st.DataObject) -> None:
    """Give one table a different board set. With nobody sitting out every pupil plays
    every set once, so the table's pupils now meet a set twice (or the set is not one of
    the movement)."""
    m = individual(pupils, boards_per_round=ROOMY)
    i = data.draw(st.integers(0, len(m.entries) - 1))
    entry = m.entries[i]
    new_set = data.draw(st.integers(0, m.board_sets + 1).filter(lambda b: b != entry.board_set))
    broken = list(m.entries)
    broken[i] = replace(entry, board_set=new_set)
    problems = validate_individual(replace(m, entries=tuple(broken)))
    assert any("twice" in p or "is not one of" in p for p in problems), problems


everyone_partners = st.sampled_from([p for p in INDIVIDUAL_PUPILS if p % 4 in (0, 1)])


@settings(max_examples=60, deadline=None)
@given(pupils=everyone_partners, data=st.data())
def test_changing_partners_at_a_table_is_caught(pupils: int, data: st.DataObject) -> None:
    """Swap East and South at one table: North now partners East and South partners
    West. Where every two pupils already partner exactly once, that is a second
    partnership, and the old partners never partner."""
    m = individual(pupils, boards_per_round=ROOMY)
    i = data.draw(st.integers(0, len(m.entries) - 1))
    e = m.entries[i]
    broken = list(m.entries)
    broken[i] = replace(e, east=e.south, south=e.east)
    problems = validate_individual(replace(m, entries=tuple(broken)))
    assert any("partners twice" in p for p in problems)
    assert any("never partners" in p for p in problems)


@settings(max_examples=40, deadline=None)
@given(pupils=sizes, data=st.data())
def test_dropping_a_table_or_a_sit_out_is_caught(pupils: int, data: st.DataObject) -> None:
    m = individual(pupils, boards_per_round=ROOMY)
    i = data.draw(st.integers(0, len(m.entries) - 1))
    without_table = replace(m, entries=m.entries[:i] + m.entries[i + 1 :])
    assert any("nothing to do" in p for p in validate_individual(without_table))
    if m.sit_outs_per_round:
        r = data.draw(st.integers(0, m.rounds - 1))
        sit_outs = list(m.sit_outs)
        sit_outs[r] = sit_outs[r][1:]
        problems = validate_individual(replace(m, sit_outs=tuple(sit_outs)))
        assert any("has no place" in p for p in problems)


@pytest.mark.parametrize(
    ("broken", "expected"),
    [
        (
            lambda m: replace(m, entries=(replace(m.entries[0], board_set=2), *m.entries[1:])),
            "plays board set 2 twice",
        ),
        (lambda m: replace(m, max_opposed=1), "are opponents 2 times"),
        (lambda m: replace(m, max_line_gap=0), "rounds more than the other way"),
        (lambda m: replace(m, rounds=9), "9 rounds is outside 1..3"),
        (lambda m: replace(m, boards_per_round=0), "At least one board"),
        (lambda m: replace(m, tables=2), "4 pupils need 1 tables"),
        (
            lambda m: replace(m, entries=(replace(m.entries[0], north=9), *m.entries[1:])),
            "Pupil 9 at table 1 in round 1 is not in this class",
        ),
        (
            lambda m: replace(
                m, entries=(replace(m.entries[0], north=m.entries[0].south), *m.entries[1:])
            ),
            "A pupil has two seats",
        ),
        (
            lambda m: replace(m, entries=(replace(m.entries[0], table=2), *m.entries[1:])),
            "There is no table 2 in round 1",
        ),
        (lambda m: replace(m, sit_outs=((1,), (), ())), "1 pupils sit out in round 1, not 0"),
    ],
)
def test_each_rule_has_its_message(
    broken: Callable[[IndividualMovement], IndividualMovement], expected: str
) -> None:
    problems = validate_individual(broken(individual(4)))
    assert any(expected in p for p in problems), problems


def test_a_whist_movement_missing_partners_is_caught() -> None:
    m = individual(8)
    a, b = m.entries[0], m.entries[1]
    # Swap North between the two tables of round 1: pupils now partner someone twice
    # or never, and meet others a wrong number of times.
    broken = (replace(a, north=b.north), replace(b, north=a.north), *m.entries[2:])
    problems = validate_individual(replace(m, entries=broken))
    assert any("never partners" in p or "partners twice" in p for p in problems)


def test_unshared_set_at_two_tables_is_caught() -> None:
    m = individual(8)
    assert validate_individual(replace(m, shared=()))  # round 1's set is at both tables
    too_few = replace(m, boards_per_round=1)
    assert any("needs at least 2 boards" in p for p in validate_individual(too_few))


def test_sit_outs_spread_is_checked() -> None:
    m = individual(5)
    problems = validate_individual(replace(m, sit_outs=((1,),) * 5))
    assert any("sit out 5 rounds more than others" in p for p in problems)
    # Cut short, a spread of two is allowed (the 4n + 3 sizes need it), three is not.
    cut = individual(5, rounds=3)
    assert not any(
        "sit out" in p for p in validate_individual(replace(cut, sit_outs=((1,), (1,), (2,))))
    )
    problems = validate_individual(replace(cut, sit_outs=((1,),) * 3))
    assert any("sit out 3 rounds more than others" in p for p in problems)


def test_shared_boards_are_shared_board_records() -> None:
    assert all(isinstance(s, SharedBoards) for s in individual(16).shared)


# --------------------------------------------------------------------------- as_movement


@pytest.mark.parametrize("pupils", list(INDIVIDUAL_PUPILS))
def test_as_movement_files_each_table_under_its_north_and_east_pupils(pupils: int) -> None:
    m = individual(pupils, boards_per_round=3)
    pairs = as_movement(m)
    assert pairs.kind == "individual"
    assert (pairs.tables, pairs.rounds, pairs.total_boards) == (m.tables, m.rounds, m.total_boards)
    assert [p.number for p in pairs.pair_ids] == list(range(1, pupils + 1))
    for e in m.entries:
        entry = pairs.entry(e.round, e.table)
        assert (entry.ns_pair, entry.ew_pair) == (PairId(e.north), PairId(e.east))
        assert entry.board_set == e.board_set
        assert not entry.sits_out
    # The site stores one result per board and North pupil, and per table, board and
    # round: a pupil never plays a board twice, so these never collide.
    filed = [(board, e.north) for e in m.entries for board in m.boards(e.board_set)]
    assert len(filed) == len(set(filed))


# --------------------------------------------------------------------------- cards

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


@pytest.mark.parametrize(
    ("pupils", "pupil", "round_", "expected"),
    [
        # 8 pupils, round 1: table 1 N 6 E 8 S 4 W 7; round 2: table 2 N 2 E 4 S 6 W 3.
        (8, 6, 1, (1, N, 4, (8, 7), range(1, 3))),
        (8, 6, 2, (2, S, 2, (4, 3), range(3, 5))),
        (8, 7, 1, (1, W, 8, (6, 4), range(1, 3))),
        # 11 pupils, round 1: table 1 N 1 E 11 S 6 W 8, table 2 N 3 E 10 S 7 W 9;
        # 2, 4 and 5 have the round off.
        (11, 1, 1, (1, N, 6, (11, 8), range(1, 3))),
        (11, 1, 2, (1, W, 4, (5, 10), range(3, 5))),
        (11, 9, 1, (2, W, 10, (3, 7), range(1, 3))),
        (11, 4, 1, (None, None, None, (), range(0))),
    ],
)
def test_a_pupils_card_by_hand(
    pupils: int, pupil: int, round_: int, expected: tuple[object, ...]
) -> None:
    row = pupil_card(individual(pupils), pupil)[round_ - 1]
    assert (row.table, row.seat, row.partner, row.opponents, row.boards) == expected
    assert row.sits_out is (expected[0] is None)


def test_a_table_card_by_hand() -> None:
    """11 pupils, table 2, round 1: N 3, E 10, S 7, W 9 on boards 1–2, which table 1
    plays too. Next round 3 sits East and 7 North at this table, 10 South at table 1,
    and 9 has the round off."""
    row = individual_table_card(individual(11), 2)[0]
    assert (row.round, row.table, row.entry.players) == (1, 2, (3, 10, 7, 9))
    assert (row.boards, row.shared_with) == (range(1, 3), (1,))
    moves = [(m.seat, m.pupil, m.next and (m.next.table, m.next.seat)) for m in row.moves]
    assert moves == [(N, 3, (2, E)), (E, 10, (1, S)), (S, 7, (2, N)), (W, 9, None)]


@pytest.mark.parametrize(("pupil", "table"), [(0, 0), (9, 3)])
def test_cards_of_unknown_pupils_and_tables_are_refused(pupil: int, table: int) -> None:
    m = individual(8)  # pupils 1–8 at tables 1–2
    with pytest.raises(IndividualError) as raised:
        pupil_card(m, pupil)
    assert raised.value.code is IndividualErrorCode.UNKNOWN_PUPIL
    with pytest.raises(IndividualError) as raised:
        individual_table_card(m, table)
    assert raised.value.code is IndividualErrorCode.UNKNOWN_TABLE


@st.composite
def movements(draw: st.DrawFn) -> IndividualMovement:
    pupils = draw(st.sampled_from(list(INDIVIDUAL_PUPILS)))
    rounds = draw(st.integers(1, individual_full_rounds(pupils)))
    return individual(pupils, rounds=rounds, boards_per_round=draw(st.integers(ROOMY, 4)))


@settings(max_examples=60, deadline=None)
@given(movements())
def test_the_pupil_cards_agree_with_each_other_and_the_movement(m: IndividualMovement) -> None:
    cards = {p: pupil_card(m, p) for p in range(1, m.pupils + 1)}
    for p, card in cards.items():
        assert [row.round for row in card] == list(range(1, m.rounds + 1))
        for row in card:
            if row.sits_out:
                assert (row.seat, row.partner, row.opponents) == (None, None, ())
                assert not row.boards
                continue
            assert row.partner is not None
            assert row.table is not None
            # The partner's card shows them back as partner, at the same table and boards.
            back = cards[row.partner][row.round - 1]
            assert (back.partner, back.table, back.boards) == (p, row.table, row.boards)
            for opponent in row.opponents:
                assert p in cards[opponent][row.round - 1].opponents
            assert m.entry(row.round, row.table).seat_of(p) is row.seat
    off = {(r, p) for r, out in enumerate(m.sit_outs, start=1) for p in out}
    assert {(row.round, p) for p, card in cards.items() for row in card if row.sits_out} == off
    # Nobody's card lists a board twice.
    for card in cards.values():
        boards = [b for row in card for b in row.boards]
        assert len(boards) == len(set(boards))


@settings(max_examples=60, deadline=None)
@given(movements())
def test_the_table_cards_agree_with_the_pupil_cards(m: IndividualMovement) -> None:
    cards = {p: pupil_card(m, p) for p in range(1, m.pupils + 1)}
    tables = {t: individual_table_card(m, t) for t in range(1, m.tables + 1)}
    for t, card in tables.items():
        assert [row.round for row in card] == list(range(1, m.rounds + 1))
        for row in card:
            for seat, pupil in row.entry.seats.items():
                mine = cards[pupil][row.round - 1]
                assert (mine.table, mine.seat, mine.boards) == (t, seat, row.boards)
            if row.round == m.rounds:
                assert row.moves == ()
                assert row.boards_next.go is BoardsGo.FINISHED
                continue
            assert [(move.seat, move.pupil) for move in row.moves] == list(row.entry.seats.items())
            for move in row.moves:
                after = cards[move.pupil][row.round]
                if move.next is None:
                    assert after.sits_out
                else:
                    assert (move.next.table, move.next.seat) == (after.table, after.seat)
            # The boards go where their set is played next.
            if row.boards_next.go is BoardsGo.TABLE:
                for other in row.boards_next.tables:
                    assert tables[other][row.round].board_set == row.board_set


@pytest.mark.parametrize(
    ("pupils", "rounds", "per_round", "code"),
    [
        (3, None, 2, MovementErrorCode.PAIRS_OUT_OF_RANGE),
        (25, None, 2, MovementErrorCode.PAIRS_OUT_OF_RANGE),
        (8, 99, 2, MovementErrorCode.ROUNDS_OUT_OF_RANGE),
    ],
)
def test_a_seated_movement_refuses_as_the_pair_movements_do(
    pupils: int, rounds: int | None, per_round: int, code: MovementErrorCode
) -> None:
    with pytest.raises(MovementError) as refused:
        seated_movement(pupils, rounds=rounds, boards_per_round=per_round)
    assert refused.value.code is code
    assert refused.value.params["individual"] is True
    assert refused.value.params["pupils"] == pupils


@pytest.mark.parametrize("pupils", [4, 8, 13, 24])
def test_a_seated_movement_is_the_individual_movement_as_a_timetable(pupils: int) -> None:
    seated = seated_movement(pupils)
    assert seated.seating == individual(pupils)
    assert seated == as_movement(individual(pupils))
    for entry in seated.entries:
        seat = seated.seating.entry(entry.round, entry.table)
        assert (entry.ns_pair, entry.ew_pair) == (PairId(seat.north), PairId(seat.east))
