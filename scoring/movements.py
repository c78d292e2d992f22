"""Movements for a duplicate Minibridge session: who sits where, and which boards they play.

In duplicate bridge every table plays the same boards (pre-dealt hands in wallets), so a
pair's score can be compared with the other pairs who played the same cards. A
*movement* is the timetable that makes this work: after each round the pairs change
tables (so they meet new opponents) and the boards change tables (so every pair gets
new cards), and nobody ever plays the same board twice.

Two families are supported:

* **Mitchell** (2–15 tables). The North–South (N–S) pairs stay at their table all
  session; the East–West (E–W) pairs move up one table each round and the boards move
  down one table. N–S pairs are ranked against N–S pairs and E–W against E–W (two
  winners), unless the teacher asks for an *arrow switch* in the last round: then the
  pairs swap seats for that round's boards and there is one overall ranking.

  - An odd number of tables works by itself (:attr:`MitchellStyle.STANDARD`).
  - With an even number of tables the E–W pairs would come back to boards they have
    already played, so the teacher picks one of two fixes:
    :attr:`MitchellStyle.SKIP` – halfway through, the E–W pairs jump one extra table
    (one round fewer is played), or :attr:`MitchellStyle.RELAY` – tables 1 and the last
    table share one set of boards, and a spare "bye stand" between the two middle tables
    holds a set that nobody plays that round.

* **Howell** (2–7 tables, 3–14 pairs). Everybody moves and every pair plays against
  every other pair exactly once, so there is one overall ranking. A complete Howell for
  ``2n`` pairs has ``2n − 1`` rounds and as many board sets; each set is played at
  several tables in different rounds. With 2 or 3 tables some tables must play the same
  set in the same round (they *share*: each table starts on a different board of the set
  and passes it on), so those need enough boards per round.

An odd number of pairs gets a *phantom* pair: whoever is drawn against it has that round
off. In the schedule the phantom is ``None`` and the entry is a sit-out.

Every schedule can be cut short to its first ``rounds`` rounds for a short lesson.
:func:`validate` proves a movement is playable; :func:`suggest_movement` picks one for a
class and says why in one plain sentence (with a code and parameters for translation).

Where the schedules come from
-----------------------------
* Mitchell (all styles) is generated from the standard rules: N–S stationary, E–W up
  one table, boards down one table. Share-and-relay layout as described at
  https://bridgecentral.com/Relay.htm ("set one on table one … exactly half the sets …
  the next set is placed on a relay table … this last table … will share boards with the
  first table"); the skip after half the rounds and the round count (tables − 1) as in
  the EBU list at http://www.bridgewebs.com/exeter/info.html ("10 tables Mitchell
  (skip), 9 rounds … skip after round 5"); the phantom as the N–S pair of the last table
  as advised at http://www.bridgecentral.com/MvtHTML/halftableconsiderations.htm.
* Howell schedules: see :data:`_HOWELL_SCHEDULES` below; 3, 4 and 5 tables are copied
  from published tables, 2, 6 and 7 tables are built by the classic cyclic method (the
  reasoning is next to the data).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import lru_cache
from types import MappingProxyType
from typing import Generic, Protocol, TypeVar

from scoring.errors import RulesError

__all__ = [
    "DEFAULT_BOARDS_PER_ROUND",
    "HOWELL_SUGGESTED_MAX_TABLES",
    "HOWELL_TABLES",
    "MITCHELL_TABLES",
    "REASONS",
    "BoardsGo",
    "BoardsNext",
    "Entry",
    "Line",
    "MitchellStyle",
    "Movement",
    "MovementError",
    "MovementErrorCode",
    "MovementKind",
    "PairId",
    "PairRound",
    "Position",
    "ReasonCode",
    "SharedBoards",
    "Suggestion",
    "TableRound",
    "Timetable",
    "boards_for",
    "full_rounds",
    "howell",
    "mitchell",
    "pair_card",
    "playable_movements",
    "required_boards_per_round",
    "suggest_for_boards",
    "suggest_movement",
    "table_card",
    "validate",
]

#: Table counts each family supports (inclusive).
MITCHELL_TABLES = range(2, 16)
HOWELL_TABLES = range(2, 8)
#: Minibridge lessons usually play two boards a round.
DEFAULT_BOARDS_PER_ROUND = 2
#: :func:`suggest_movement` offers a Howell up to this many tables.
HOWELL_SUGGESTED_MAX_TABLES = 4


class MovementKind(StrEnum):
    MITCHELL = "mitchell"
    HOWELL = "howell"
    LEAGUE = "league"  # an evening of a term league (scoring.league)
    INDIVIDUAL = "individual"  # pupils change partners every round (scoring.individual)


class MitchellStyle(StrEnum):
    """How a Mitchell copes with the number of tables (see the module docstring)."""

    STANDARD = "standard"  # odd number of tables
    SKIP = "skip"  # even: E–W pairs jump one extra table after half the rounds
    RELAY = "relay"  # even: tables 1 and N share boards, a bye stand holds one set


class Line(StrEnum):
    """A pair of seats at a table: North–South or East–West."""

    NS = "NS"
    EW = "EW"


class MovementErrorCode(StrEnum):
    """What kind of request was refused. The values are stable: the site keys on them."""

    PAIRS_OUT_OF_RANGE = "movement_pairs_out_of_range"
    ROUNDS_OUT_OF_RANGE = "movement_rounds_out_of_range"
    BOARDS_PER_ROUND_OUT_OF_RANGE = "movement_boards_per_round_out_of_range"
    TOO_FEW_BOARDS_PER_ROUND = "movement_too_few_boards_per_round"
    STYLE_NOT_FOR_TABLES = "movement_style_not_for_tables"
    UNKNOWN_STYLE = "movement_unknown_style"
    UNKNOWN_TABLE = "movement_unknown_table"
    UNKNOWN_PAIR = "movement_unknown_pair"


class MovementError(RulesError):
    """A refused request: ``str(error)`` is the English message, ``code`` and ``params``
    let the site build its own (translated) one."""

    codes = MovementErrorCode
    code: MovementErrorCode

    def __init__(self, code: MovementErrorCode, message: str, **params: object) -> None:
        super().__init__(code, message, **params)


# ---------------------------------------------------------------------------
# Data model
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PairId:
    """A pair as the players know it.

    In a Mitchell the N–S and E–W pairs are numbered separately ("pair 3 North–South",
    "pair 3 East–West"), so ``direction`` is :attr:`Line.NS` or :attr:`Line.EW` — the
    line the pair belongs to for the whole session (even in an arrow-switched round). In a
    Howell pairs are simply numbered 1, 2, 3, … and ``direction`` is ``None``.
    """

    number: int
    direction: Line | None = None

    def __str__(self) -> str:
        if self.direction is None:
            return str(self.number)
        return f"{self.number} {'N–S' if self.direction == Line.NS else 'E–W'}"

    @property
    def sort_key(self) -> tuple[int, int]:
        return (0 if self.direction in (None, Line.NS) else 1, self.number)


@dataclass(frozen=True)
class Entry:
    """One table in one round: who sits North–South, who sits East–West, which boards.

    ``ns_pair``/``ew_pair`` are the pairs actually in those seats this round (after an
    arrow switch the E–W pair sits North–South). ``None`` is the phantom pair: the other
    pair has the round off and the boards at this table are not played this round.
    """

    round: int
    table: int
    ns_pair: PairId | None
    ew_pair: PairId | None
    board_set: int
    arrow_switched: bool = False

    @property
    def sits_out(self) -> bool:
        return self.ns_pair is None or self.ew_pair is None

    @property
    def players(self) -> tuple[PairId, ...]:
        return tuple(p for p in (self.ns_pair, self.ew_pair) if p is not None)

    def seat_of(self, pair: PairId) -> Line | None:
        if pair == self.ns_pair:
            return Line.NS
        if pair == self.ew_pair:
            return Line.EW
        return None

    def opponent_of(self, pair: PairId) -> PairId | None:
        return self.ew_pair if pair == self.ns_pair else self.ns_pair


@dataclass(frozen=True)
class SharedBoards:
    """By design, ``tables`` play board set ``board_set`` at the same time in ``round``.

    Each table starts on a different board of the set and passes it to the other table
    when done, so the set needs at least as many boards as tables sharing it.
    """

    round: int
    board_set: int
    tables: tuple[int, ...]


class _Placed(Protocol):
    """A table in a round: what every timetable's entries have."""

    @property
    def round(self) -> int: ...

    @property
    def table(self) -> int: ...

    @property
    def players(self) -> tuple[Hashable, ...]: ...


E = TypeVar("E", bound=_Placed)


class Timetable(Generic[E]):
    """What a pair movement and an individual one (scoring.individual) share: their
    entries, table by table and round by round, and the boards of a board set. The
    subclasses are dataclasses holding these fields and saying how to refuse a table
    that is not there."""

    rounds: int
    full_rounds: int
    board_sets: int
    boards_per_round: int
    entries: tuple[E, ...]

    @property
    def complete(self) -> bool:
        return self.rounds == self.full_rounds

    @property
    def total_boards(self) -> int:
        return self.board_sets * self.boards_per_round

    def boards(self, board_set: int) -> range:
        return boards_for(board_set, self.boards_per_round)

    def round_entries(self, round_: int) -> tuple[E, ...]:
        return tuple(sorted((e for e in self.entries if e.round == round_), key=_by_table))

    def entry(self, round_: int, table: int) -> E:
        for e in self.entries:
            if e.round == round_ and e.table == table:
                return e
        raise self._no_table(round_, table)

    def _no_table(self, round_: int, table: int) -> ValueError:
        raise NotImplementedError

    def _entry_with(self, player: Hashable, round_: int) -> E | None:
        """Where ``player`` (a pair, or a pupil) plays in ``round_``; None: not at all."""
        for e in self.entries:
            if e.round == round_ and player in e.players:
                return e
        return None


def _by_table(entry: _Placed) -> int:
    return entry.table


@dataclass(frozen=True)
class Movement(Timetable[Entry]):
    """A complete timetable. Build one with :func:`mitchell`, :func:`howell` or
    :meth:`Suggestion.build`; check one with :func:`validate`.

    ``full_rounds`` is the length of the whole movement; ``rounds`` may be fewer when a
    lesson plays only the first rounds. Board sets are numbered ``1..board_sets`` and
    :func:`boards_for` turns a set into board numbers.
    """

    kind: MovementKind
    style: MitchellStyle | None
    tables: int
    rounds: int
    full_rounds: int
    pair_ids: tuple[PairId, ...]
    phantom: PairId | None
    board_sets: int
    boards_per_round: int
    entries: tuple[Entry, ...]
    shared: tuple[SharedBoards, ...] = ()
    arrow_switch_round: int | None = None
    #: Relay Mitchell: the bye stand stands between these two tables.
    bye_stand: tuple[int, int] | None = None
    #: Where the schedule comes from (a citation, or how it was built).
    source: str = ""

    @property
    def pairs(self) -> int:
        """How many real pairs play (the phantom not counted)."""
        return len(self.pair_ids)

    def _no_table(self, round_: int, table: int) -> ValueError:
        return MovementError(
            MovementErrorCode.UNKNOWN_TABLE,
            f"There is no table {table} in round {round_}.",
            round=round_,
            table=table,
        )

    def entry_for_pair(self, pair: PairId, round_: int) -> Entry | None:
        return self._entry_with(pair, round_)


def boards_for(board_set: int, boards_per_round: int) -> range:
    """The board numbers in a set: with 2 boards a round, set 1 is boards 1–2, set 3 is
    boards 5–6.

    >>> list(boards_for(3, 2))
    [5, 6]
    """
    if board_set < 1:
        raise ValueError(f"Board sets are numbered from 1, not {board_set}.")
    if boards_per_round < 1:
        raise MovementError(
            MovementErrorCode.BOARDS_PER_ROUND_OUT_OF_RANGE,
            "At least one board must be played each round.",
            boards_per_round=boards_per_round,
        )
    first = (board_set - 1) * boards_per_round + 1
    return range(first, first + boards_per_round)


# ---------------------------------------------------------------------------
# Howell schedules
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _PublishedHowell:
    """A Howell copied from BridgeWx's schedule format.

    ``sets[t][r]`` is the board set at table ``t+1`` in round ``r+1``; a negative number
    ``-k`` means "the set of table k" (the two tables share). ``seats[p][r]`` is where
    published pair ``p+1`` sits in round ``r+1``: table ``+k`` North–South, ``-k``
    East–West. ``numbers[p]`` is the number we give published pair ``p+1``; the last pair
    number is the one that becomes the phantom when the number of pairs is odd.
    """

    source: str
    sets: tuple[tuple[int, ...], ...]
    seats: tuple[tuple[int, ...], ...]
    numbers: tuple[int, ...]


@dataclass(frozen=True)
class _CyclicHowell:
    """A Howell built by the cyclic ("circle") method for ``m = 2·tables − 1``.

    Pairs 1..m move, pair ``2·tables`` stays put. In round ``r`` (from 0) the pair numbered
    ``((x + r) mod m) + 1`` sits in the place of *element* ``x`` of the starting layout:
    the stationary pair meets element 0 at ``stationary_table``; each row
    ``(table, ns_element, ew_element, offset)`` puts element ``ns_element`` N–S and
    ``ew_element`` E–W at ``table``. The board set at a place is
    ``((r + offset) mod m) + 1``.

    Why that is a valid Howell: the differences ``±(ns_element − ew_element)`` of the
    rows cover every non-zero residue mod m exactly once, so over the m rounds every
    moving pair meets every other moving pair exactly once (and the stationary pair
    once); and the numbers ``offset − element`` (taking element 0 for the stationary
    place) are all different mod m, so a pair, which passes through every element once,
    plays every board set exactly once. Rows with different offsets never hold the same
    set in the same round; rows with equal offsets share their set by design.
    """

    source: str
    stationary_table: int
    stationary_offset: int
    rows: tuple[tuple[int, int, int, int], ...]


_BRIDGEWX = (
    "BusyHarry/BridgeWx, src/schemaData.cpp (MIT licence), schedule {name!r}; "
    "https://github.com/BusyHarry/BridgeWx"
)
_CYCLIC = (
    "Built here by the cyclic Howell method (pairs 1..{m} rotate one place a round, pair "
    "{top} stays put), as explained at "
    "http://www.bridgecentral.com/MvtHTML/derivinghowellmovements.htm; the board offsets "
    "were found by a computer search and are checked by validate() in the tests. {note}"
)

#: Howell timetables by number of tables.
_HOWELL_SCHEDULES: dict[int, _PublishedHowell | _CyclicHowell] = {
    # 2 tables, 4 pairs, 3 rounds: pair 4 stays at table 1 N–S and both tables play the
    # same set each round, sharing it (with 4 pairs there is no other way: two pairs who
    # played a set together can't meet again to play another table's set). This is the
    # ACBL 2-table Howell ("one stationary pair, #4 at table 1 NS … in round one, pair 3
    # is NS, pair 2 EW … both tables sharing boards in each round", as described at
    # https://paperzz.com/doc/8210044/ ).
    2: _CyclicHowell(
        source=_CYCLIC.format(
            m=3,
            top=4,
            note="This is the standard 2-table Howell: both tables share the set each round.",
        ),
        stationary_table=1,
        stationary_offset=0,
        rows=((2, 2, 1, 0),),
    ),
    # 3 tables, 6 pairs, 5 rounds. No 6-pair Howell can avoid sharing (there is no Room
    # square of side 5); this published one shares only once: all three tables play set
    # 5 in the last round, so a full 6-pair session needs 3 boards a round.
    3: _PublishedHowell(
        source=_BRIDGEWX.format(name="5howel06.1-1"),
        sets=(
            (1, 1, 1, 3, 5),
            (2, 4, 4, 4, -1),
            (3, 3, 2, 2, -1),
        ),
        seats=(
            (1, 3, 2, 3, 1),
            (-1, -2, 3, -1, 2),
            (2, -3, 1, -2, -2),
            (-2, 1, -2, 1, 3),
            (3, 2, -1, -3, -3),
            (-3, -1, -3, 2, -1),
        ),
        numbers=(1, 2, 3, 4, 5, 6),
    ),
    # 4 tables, 8 pairs, 7 rounds, no shared boards. Published pair 1 (stationary at
    # table 1 N–S) is our pair 8, published pairs 2..8 are our 1..7.
    4: _PublishedHowell(
        source=_BRIDGEWX.format(name="7howel08.1-1")
        + " (pairs renumbered so the stationary pair is 8)",
        sets=(
            (1, 6, 7, 2, 5, 3, 4),
            (2, 5, 3, 4, 1, 6, 7),
            (3, 4, 1, 6, 7, 2, 5),
            (4, 1, 6, 7, 2, 5, 3),
        ),
        seats=(
            (1, 1, 1, 1, 1, 1, 1),
            (-1, 3, 2, -4, 4, -2, -3),
            (2, -4, 4, -2, -3, -1, 3),
            (-2, -3, -1, 3, 2, -4, 4),
            (3, 2, -4, 4, -2, -3, -1),
            (-3, -1, 3, 2, -4, 4, -2),
            (4, -2, -3, -1, 3, 2, -4),
            (-4, 4, -2, -3, -1, 3, 2),
        ),
        numbers=(8, 1, 2, 3, 4, 5, 6, 7),
    ),
    # 5 tables, 10 pairs, 9 rounds, no shared boards; pair 10 stays at table 5 E–W.
    5: _PublishedHowell(
        source=_BRIDGEWX.format(name="9howel10.1-1"),
        sets=(
            (1, 2, 5, 3, 4, 6, 7, 8, 9),
            (2, 5, 3, 4, 6, 7, 8, 9, 1),
            (3, 4, 6, 7, 8, 9, 1, 2, 5),
            (4, 6, 7, 8, 9, 1, 2, 5, 3),
            (5, 3, 4, 6, 7, 8, 9, 1, 2),
        ),
        seats=(
            (1, -4, 2, 4, -1, -2, 5, 3, -3),
            (-1, -2, 5, 3, -3, 1, -4, 2, 4),
            (2, 4, -1, -2, 5, 3, -3, 1, -4),
            (-2, 5, 3, -3, 1, -4, 2, 4, -1),
            (3, -3, 1, -4, 2, 4, -1, -2, 5),
            (-3, 1, -4, 2, 4, -1, -2, 5, 3),
            (4, -1, -2, 5, 3, -3, 1, -4, 2),
            (-4, 2, 4, -1, -2, 5, 3, -3, 1),
            (5, 3, -3, 1, -4, 2, 4, -1, -2),
            (-5, -5, -5, -5, -5, -5, -5, -5, -5),
        ),
        numbers=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
    ),
    # 6 tables, 12 pairs, 11 rounds, no shared boards. (BridgeWx's "11howe12.2-1" shares
    # boards in five rounds, so we use a cyclic one that never shares.) Boards move down
    # one table; one set waits between tables 5 and 4, four sets between tables 1 and 6.
    6: _CyclicHowell(
        source=_CYCLIC.format(
            m=11,
            top=12,
            note="Boards go down one table, via a side table between tables 5 and 4 "
            "(one set) and between tables 1 and 6 (four sets).",
        ),
        stationary_table=2,
        stationary_offset=1,
        rows=((6, 1, 3, 6), (1, 2, 9, 0), (4, 4, 10, 3), (5, 5, 8, 5), (3, 6, 7, 2)),
    ),
    # 7 tables, 14 pairs, 13 rounds, no shared boards. Boards simply move down one table
    # with six sets waiting on a side table between tables 1 and 7 — the layout of the
    # EBU's 7-table Howell ("13 sets of 2 boards, 6 relays between tables 7 & 1",
    # http://www.bridgewebs.com/exeter/info.html).
    7: _CyclicHowell(
        source=_CYCLIC.format(
            m=13,
            top=14,
            note="Boards go down one table; six sets wait on a side table between tables 1 and 7.",
        ),
        stationary_table=4,
        stationary_offset=3,
        rows=(
            (2, 1, 3, 1),
            (7, 2, 5, 6),
            (1, 4, 11, 0),
            (6, 6, 10, 5),
            (5, 7, 12, 4),
            (3, 8, 9, 2),
        ),
    ),
}


def _published_entries(
    schedule: _PublishedHowell,
) -> tuple[list[Entry], list[SharedBoards]]:
    entries: list[Entry] = []
    shared: list[SharedBoards] = []
    rounds = len(schedule.sets[0])
    for r in range(rounds):
        resolved: dict[int, int] = {}
        sharers: dict[int, set[int]] = defaultdict(set)
        for t, row in enumerate(schedule.sets, start=1):
            value = row[r]
            if value < 0:
                board_set = schedule.sets[-value - 1][r]
                sharers[board_set].update((t, -value))
            else:
                board_set = value
            resolved[t] = board_set
        for board_set, tables in sorted(sharers.items()):
            shared.append(SharedBoards(r + 1, board_set, tuple(sorted(tables))))
        seated: dict[int, dict[Line, PairId]] = defaultdict(dict)
        for p, row in enumerate(schedule.seats):
            where = row[r]
            line = Line.NS if where > 0 else Line.EW
            seated[abs(where)][line] = PairId(schedule.numbers[p])
        for t in sorted(resolved):
            entries.append(
                Entry(r + 1, t, seated[t].get(Line.NS), seated[t].get(Line.EW), resolved[t])
            )
    return entries, shared


def _cyclic_entries(tables: int, schedule: _CyclicHowell) -> tuple[list[Entry], list[SharedBoards]]:
    m = 2 * tables - 1
    entries: list[Entry] = []
    shared: list[SharedBoards] = []
    places: list[tuple[int, int | None, int, int]] = [
        (schedule.stationary_table, None, 0, schedule.stationary_offset)
    ]
    places += [(table, ns, ew, offset) for table, ns, ew, offset in schedule.rows]
    for r in range(m):
        by_set: dict[int, list[int]] = defaultdict(list)
        for table, ns, ew, offset in places:
            ns_pair = PairId(2 * tables) if ns is None else PairId((ns + r) % m + 1)
            ew_pair = PairId((ew + r) % m + 1)
            board_set = (r + offset) % m + 1
            by_set[board_set].append(table)
            entries.append(Entry(r + 1, table, ns_pair, ew_pair, board_set))
        for board_set, at in sorted(by_set.items()):
            if len(at) > 1:
                shared.append(SharedBoards(r + 1, board_set, tuple(sorted(at))))
    entries.sort(key=lambda e: (e.round, e.table))
    return entries, shared


# ---------------------------------------------------------------------------
# Builders
# ---------------------------------------------------------------------------


def _tables_for(pairs: int, allowed: range, family: str) -> int:
    low, high = 2 * allowed.start - 1, 2 * allowed[-1]
    if not low <= pairs <= high:
        raise MovementError(
            MovementErrorCode.PAIRS_OUT_OF_RANGE,
            f"A {family} movement needs {low} to {high} pairs, not {pairs}.",
            family=family,
            pairs=pairs,
            min_pairs=low,
            max_pairs=high,
        )
    return (pairs + 1) // 2


def _check_rounds(rounds: int | None, full: int) -> int:
    if rounds is None:
        return full
    if not 1 <= rounds <= full:
        raise MovementError(
            MovementErrorCode.ROUNDS_OUT_OF_RANGE,
            f"This movement has {full} rounds, so play between 1 and {full}, not {rounds}.",
            rounds=rounds,
            full_rounds=full,
        )
    return rounds


def _mitchell_style(tables: int, even_tables: MitchellStyle | str) -> MitchellStyle:
    try:
        style = MitchellStyle(even_tables)
    except ValueError:
        raise MovementError(
            MovementErrorCode.UNKNOWN_STYLE,
            f"Choose 'skip' or 'relay' for an even number of tables, not {even_tables!r}.",
            style=str(even_tables),
        ) from None
    if tables % 2:
        return MitchellStyle.STANDARD
    if style is MitchellStyle.STANDARD:
        raise MovementError(
            MovementErrorCode.STYLE_NOT_FOR_TABLES,
            f"With {tables} tables (an even number) choose a skip or a relay Mitchell.",
            tables=tables,
            style=str(style),
        )
    return style


def full_rounds(
    kind: MovementKind | str, pairs: int, *, even_tables: MitchellStyle | str = "skip"
) -> int:
    """How many rounds the whole movement has.

    >>> full_rounds("howell", 8), full_rounds("mitchell", 9), full_rounds("mitchell", 16)
    (7, 5, 7)
    >>> full_rounds("mitchell", 16, even_tables="relay")
    8
    """
    if MovementKind(kind) is MovementKind.HOWELL:
        return 2 * _tables_for(pairs, HOWELL_TABLES, "Howell") - 1
    tables = _tables_for(pairs, MITCHELL_TABLES, "Mitchell")
    style = _mitchell_style(tables, even_tables)
    return tables - 1 if style is MitchellStyle.SKIP else tables


def _relay_place(table: int, tables: int) -> int:
    """Place of a table (0-based) on the board circuit of a relay Mitchell: tables
    1..N/2, then the bye stand, then tables N/2+1..N−1; table N shares with table 1."""
    if table == tables - 1:
        return 0
    return table if table < tables // 2 else table + 1


def mitchell(
    pairs: int,
    *,
    even_tables: MitchellStyle | str = MitchellStyle.SKIP,
    rounds: int | None = None,
    arrow_switch: bool = False,
    boards_per_round: int = DEFAULT_BOARDS_PER_ROUND,
) -> Movement:
    """A Mitchell for ``pairs`` pairs (3–30), i.e. ``ceil(pairs / 2)`` tables.

    N–S pair *k* sits at table *k* all session. In round 1 E–W pair *k* is at table *k*
    too; after each round E–W pairs move up one table (from the last table back to
    table 1) and the boards move down one table (from table 1 to the last table).

    With an even number of tables, ``even_tables`` picks the fix: ``"skip"`` (after
    half the rounds the E–W pairs move up two tables instead of one; tables − 1 rounds)
    or ``"relay"`` (tables 1 and N share boards; a bye stand between tables N/2 and
    N/2 + 1 holds a set nobody plays that round; N rounds). It has no effect with an
    odd number of tables.

    With an odd number of pairs the N–S pair of the last table is the phantom: the E–W
    pair that comes to that table has the round off.

    ``rounds`` plays only the first rounds; ``arrow_switch`` makes the pairs swap seats
    in the last round played, so N–S and E–W can be ranked together.

    >>> m = mitchell(10)
    >>> m.style, m.rounds, m.entry(2, 1).ew_pair
    (<MitchellStyle.STANDARD: 'standard'>, 5, PairId(number=5, direction=<Line.EW: 'EW'>))
    """
    tables = _tables_for(pairs, MITCHELL_TABLES, "Mitchell")
    style = _mitchell_style(tables, even_tables)
    full = tables - 1 if style is MitchellStyle.SKIP else tables
    played = _check_rounds(rounds, full)
    entries: list[Entry] = []
    shared: list[SharedBoards] = []
    for r in range(full):
        jump = 1 if style is MitchellStyle.SKIP and r >= tables // 2 else 0
        for t in range(tables):
            place = _relay_place(t, tables) if style is MitchellStyle.RELAY else t
            ew = (t - r - jump) % tables
            board_set = (place + r) % tables + 1
            entries.append(
                Entry(r + 1, t + 1, PairId(t + 1, Line.NS), PairId(ew + 1, Line.EW), board_set)
            )
        if style is MitchellStyle.RELAY:
            shared.append(SharedBoards(r + 1, r % tables + 1, (1, tables)))
    if style is MitchellStyle.SKIP:
        source = (
            "Skip Mitchell: standard Mitchell whose E–W pairs jump one extra table after "
            f"round {tables // 2}; {full} rounds (as in the EBU table at "
            "http://www.bridgewebs.com/exeter/info.html)."
        )
    elif style is MitchellStyle.RELAY:
        source = (
            "Share-and-relay Mitchell as described at https://bridgecentral.com/Relay.htm: "
            f"tables 1 and {tables} share, bye stand between tables {tables // 2} and "
            f"{tables // 2 + 1}."
        )
    else:
        source = "Standard Mitchell: N–S stay, E–W up one table, boards down one table."
    phantom = PairId(tables, Line.NS) if pairs % 2 else None
    return _finish(
        kind=MovementKind.MITCHELL,
        style=style,
        tables=tables,
        full=full,
        played=played,
        pair_ids=_mitchell_pairs(tables, phantom),
        phantom=phantom,
        entries=entries,
        shared=shared,
        boards_per_round=boards_per_round,
        arrow_switch=arrow_switch,
        bye_stand=(tables // 2, tables // 2 + 1) if style is MitchellStyle.RELAY else None,
        source=source,
    )


def _mitchell_pairs(tables: int, phantom: PairId | None) -> tuple[PairId, ...]:
    ids = [PairId(n, line) for line in (Line.NS, Line.EW) for n in range(1, tables + 1)]
    return tuple(p for p in ids if p != phantom)


def howell(
    pairs: int,
    *,
    rounds: int | None = None,
    boards_per_round: int = DEFAULT_BOARDS_PER_ROUND,
) -> Movement:
    """A Howell for ``pairs`` pairs (3–14), i.e. ``ceil(pairs / 2)`` tables.

    Everybody moves; the table cards say where each pair and each board set goes next.
    Played in full (``2·tables − 1`` rounds), every pair meets every other pair exactly
    once and plays every board set once. With an odd number of pairs the highest pair
    number is the phantom: each pair has one round off. ``rounds`` plays only the first
    rounds.

    With 2 tables (4 pairs) both tables share the same set every round, and with 3
    tables (6 pairs) all three share in the last round, so those need at least 2 and 3
    boards per round; :class:`MovementError` says so otherwise.

    >>> m = howell(8)
    >>> m.rounds, m.board_sets, str(m.entry(1, 1).ns_pair), str(m.entry(1, 1).ew_pair)
    (7, 7, '8', '1')
    """
    tables = _tables_for(pairs, HOWELL_TABLES, "Howell")
    full = 2 * tables - 1
    played = _check_rounds(rounds, full)
    schedule = _HOWELL_SCHEDULES[tables]
    if isinstance(schedule, _PublishedHowell):
        entries, shared = _published_entries(schedule)
    else:
        entries, shared = _cyclic_entries(tables, schedule)
    phantom = PairId(2 * tables) if pairs % 2 else None
    return _finish(
        kind=MovementKind.HOWELL,
        style=None,
        tables=tables,
        full=full,
        played=played,
        pair_ids=tuple(PairId(n) for n in range(1, pairs + 1)),
        phantom=phantom,
        entries=entries,
        shared=shared,
        boards_per_round=boards_per_round,
        arrow_switch=False,
        bye_stand=None,
        source=schedule.source,
    )


def _finish(
    *,
    kind: MovementKind,
    style: MitchellStyle | None,
    tables: int,
    full: int,
    played: int,
    pair_ids: tuple[PairId, ...],
    phantom: PairId | None,
    entries: Iterable[Entry],
    shared: Iterable[SharedBoards],
    boards_per_round: int,
    arrow_switch: bool,
    bye_stand: tuple[int, int] | None,
    source: str,
) -> Movement:
    """Cut to the rounds played, replace the phantom by ``None``, apply the arrow
    switch, number the board sets in use 1..S (keeping their order) and check the
    boards per round is enough for the sharing that actually happens."""
    if boards_per_round < 1:
        raise MovementError(
            MovementErrorCode.BOARDS_PER_ROUND_OUT_OF_RANGE,
            "At least one board must be played each round.",
            boards_per_round=boards_per_round,
        )
    kept: list[Entry] = []
    for e in entries:
        if e.round > played:
            continue
        ns = None if e.ns_pair == phantom else e.ns_pair
        ew = None if e.ew_pair == phantom else e.ew_pair
        if arrow_switch and e.round == played and ns is not None and ew is not None:
            kept.append(replace(e, ns_pair=ew, ew_pair=ns, arrow_switched=True))
        else:
            kept.append(replace(e, ns_pair=ns, ew_pair=ew))
    in_use = sorted({e.board_set for e in kept})
    number = {old: new for new, old in enumerate(in_use, start=1)}
    kept = [replace(e, board_set=number[e.board_set]) for e in kept]
    kept.sort(key=lambda e: (e.round, e.table))
    shares = tuple(
        replace(s, board_set=number[s.board_set])
        for s in shared
        if s.round <= played and s.board_set in number
    )
    movement = Movement(
        kind=kind,
        style=style,
        tables=tables,
        rounds=played,
        full_rounds=full,
        pair_ids=tuple(sorted(pair_ids, key=lambda p: p.sort_key)),
        phantom=phantom,
        board_sets=len(in_use),
        boards_per_round=boards_per_round,
        entries=tuple(kept),
        shared=shares,
        arrow_switch_round=played if arrow_switch else None,
        bye_stand=bye_stand,
        source=source,
    )
    needed = required_boards_per_round(movement)
    if boards_per_round < needed:
        raise MovementError(
            MovementErrorCode.TOO_FEW_BOARDS_PER_ROUND,
            f"In this movement {needed} tables play the same boards at the same time, "
            f"so play at least {needed} boards per round, not {boards_per_round}.",
            needed=needed,
            boards_per_round=boards_per_round,
        )
    return movement


def required_boards_per_round(movement: Movement) -> int:
    """The most tables that play one board set at the same time (sit-outs don't play):
    each of them needs a board of the set to start on.

    >>> required_boards_per_round(howell(4)), required_boards_per_round(howell(3))
    (2, 1)
    """
    at_once = Counter((e.round, e.board_set) for e in movement.entries if not e.sits_out)
    return max(at_once.values(), default=1)


# ---------------------------------------------------------------------------
# Validation
# ---------------------------------------------------------------------------


def validate(movement: Movement) -> list[str]:
    """Every reason the movement can't be played as written, in plain English; an empty
    list means it is valid.

    Checks: every table has exactly one entry each round and every pair exactly one
    place (playing or sitting out); no pair plays a board set twice; no two pairs meet
    twice; a board set is at two tables in one round only where the movement shares it
    by design and there are enough boards per round for each sharing table to start on
    its own board; every pair plays (or sits out) every round, and sit-outs are spread
    evenly; in a Mitchell every table has one N–S-line and one E–W-line pair, seated
    the right way round; a complete Howell has every pair meet every other exactly once.
    """
    m = movement
    problems: list[str] = []
    real = set(m.pair_ids)
    if m.rounds < 1 or m.rounds > m.full_rounds:
        problems.append(f"{m.rounds} rounds is outside 1..{m.full_rounds}.")
    if m.boards_per_round < 1:
        problems.append("At least one board must be played each round.")
    if m.phantom is not None and m.phantom in real:
        problems.append(f"Pair {m.phantom} is both a real pair and the phantom.")

    cells: Counter[tuple[int, int]] = Counter()
    for e in m.entries:
        cells[(e.round, e.table)] += 1
        where = f"table {e.table} in round {e.round}"
        if not 1 <= e.round <= m.rounds or not 1 <= e.table <= m.tables:
            problems.append(f"There is no {where} in this movement.")
        if not 1 <= e.board_set <= m.board_sets:
            problems.append(f"Board set {e.board_set} at {where} is not one of 1..{m.board_sets}.")
        if e.ns_pair is None and e.ew_pair is None:
            problems.append(f"Nobody sits at {where}.")
        if e.ns_pair is not None and e.ns_pair == e.ew_pair:
            problems.append(f"Pair {e.ns_pair} plays against itself at {where}.")
        for p in e.players:
            if p not in real:
                problems.append(f"Pair {p} at {where} is not in this movement.")
        if e.arrow_switched and e.round != m.arrow_switch_round:
            problems.append(f"Pairs swap seats at {where}, which is not the switch round.")
    for r in range(1, m.rounds + 1):
        for t in range(1, m.tables + 1):
            if cells[(r, t)] == 0:
                problems.append(f"Table {t} has nothing to do in round {r}.")
            elif cells[(r, t)] > 1:
                problems.append(f"Table {t} is listed {cells[(r, t)]} times in round {r}.")

    # Every pair is somewhere, once, every round; equal rounds played (sit-outs aside).
    places: dict[tuple[PairId, int], list[int]] = defaultdict(list)
    for e in m.entries:
        for p in e.players:
            places[(p, e.round)].append(e.table)
    sit_outs: Counter[PairId] = Counter()
    played_rounds: Counter[PairId] = Counter()
    for e in m.entries:
        for p in e.players:
            (sit_outs if e.sits_out else played_rounds)[p] += 1
    for p in sorted(real, key=lambda q: q.sort_key):
        for r in range(1, m.rounds + 1):
            at = places.get((p, r), [])
            if not at:
                problems.append(f"Pair {p} has no place in round {r}.")
            elif len(at) > 1:
                listed = " and ".join(str(t) for t in sorted(at))
                problems.append(f"Pair {p} is at tables {listed} in round {r}.")
        if played_rounds[p] + sit_outs[p] != m.rounds:
            problems.append(
                f"Pair {p} plays {played_rounds[p]} rounds and sits out {sit_outs[p]}, "
                f"not {m.rounds} rounds in all."
            )
    if real and max(sit_outs[p] for p in real) - min(sit_outs[p] for p in real) > 1:
        problems.append("Some pairs sit out two rounds more than others.")

    # No pair plays a board set twice; no two pairs meet twice.
    seen_sets: dict[tuple[PairId, int], list[int]] = defaultdict(list)
    meetings: dict[frozenset[PairId], list[int]] = defaultdict(list)
    for e in m.entries:
        if e.sits_out:
            continue
        for p in e.players:
            seen_sets[(p, e.board_set)].append(e.round)
        meetings[frozenset(e.players)].append(e.round)
    for (p, board_set), in_rounds in sorted(
        seen_sets.items(), key=lambda item: (item[0][0].sort_key, item[0][1])
    ):
        if len(in_rounds) > 1:
            problems.append(
                f"Pair {p} plays board set {board_set} twice "
                f"(rounds {', '.join(map(str, sorted(in_rounds)))})."
            )
    for pair_set, in_rounds in meetings.items():
        if len(in_rounds) > 1:
            a, b = sorted(pair_set, key=lambda q: q.sort_key)
            problems.append(
                f"Pairs {a} and {b} meet twice (rounds {', '.join(map(str, in_rounds))})."
            )

    # A board set at two tables at once only when shared by design, with enough boards.
    at_once: dict[tuple[int, int], list[int]] = defaultdict(list)
    for e in m.entries:
        if not e.sits_out:
            at_once[(e.round, e.board_set)].append(e.table)
    for (r, board_set), tables in sorted(at_once.items()):
        if len(tables) < 2:
            continue
        names = " and ".join(str(t) for t in sorted(tables))
        by_design = any(
            s.round == r and s.board_set == board_set and set(tables) <= set(s.tables)
            for s in m.shared
        )
        if not by_design:
            problems.append(f"Board set {board_set} is at tables {names} in round {r}.")
        elif m.boards_per_round < len(tables):
            problems.append(
                f"Tables {names} share board set {board_set} in round {r}, which needs at "
                f"least {len(tables)} boards per round, not {m.boards_per_round}."
            )

    if m.kind is MovementKind.MITCHELL:
        problems += _mitchell_problems(m)
    elif m.kind is MovementKind.HOWELL:
        problems += _howell_problems(m, meetings, sit_outs)
    return problems


def _mitchell_problems(m: Movement) -> list[str]:
    problems: list[str] = []
    for p in m.pair_ids:
        if p.direction is None:
            problems.append(f"Mitchell pair {p} has no line (N–S or E–W).")
    for e in m.entries:
        if e.sits_out:
            continue
        assert e.ns_pair is not None
        assert e.ew_pair is not None
        lines = {e.ns_pair.direction, e.ew_pair.direction}
        where = f"table {e.table} in round {e.round}"
        if lines != {Line.NS, Line.EW}:
            problems.append(f"At {where} two pairs of the same line meet.")
        elif (e.ns_pair.direction == Line.NS) == e.arrow_switched:
            problems.append(f"At {where} the pairs sit the wrong way round.")
    return problems


def _howell_problems(
    m: Movement, meetings: Mapping[frozenset[PairId], list[int]], sit_outs: Counter[PairId]
) -> list[str]:
    problems: list[str] = []
    for p in m.pair_ids:
        if p.direction is not None:
            problems.append(f"Howell pair {p} should not belong to a line.")
    if not m.complete:
        return problems
    ordered = sorted(m.pair_ids, key=lambda q: q.sort_key)
    for i, a in enumerate(ordered):
        for b in ordered[i + 1 :]:
            if frozenset((a, b)) not in meetings:
                problems.append(f"Pairs {a} and {b} never meet.")
        if m.phantom is not None and sit_outs[a] != 1:
            problems.append(f"Pair {a} sits out {sit_outs[a]} rounds instead of one.")
    return problems


# ---------------------------------------------------------------------------
# Table cards and pair cards
# ---------------------------------------------------------------------------


class BoardsGo(StrEnum):
    """Where a board set goes after a round."""

    TABLE = "table"  # to the table(s) in ``BoardsNext.tables`` for the next round
    STAND = "stand"  # onto the side table (bye stand / relay) to wait
    FINISHED = "finished"  # not needed again: collect it


@dataclass(frozen=True)
class BoardsNext:
    """What to do with the boards after the round.

    ``TABLE``: take them to ``tables`` (the same table means they stay) for round
    ``round``. ``STAND``: put them on the side table; they come back into play in round
    ``round`` at ``tables``.
    """

    go: BoardsGo
    tables: tuple[int, ...] = ()
    round: int | None = None


@dataclass(frozen=True)
class Position:
    """Where a pair sits in a round: table and seats. ``sits_out``: they have the round
    off (their opponent would be the phantom) and just wait at that table's place."""

    round: int
    table: int
    direction: Line
    sits_out: bool = False


@dataclass(frozen=True)
class TableRound:
    """One line of a table card: this round at this table."""

    round: int
    table: int
    ns_pair: PairId | None
    ew_pair: PairId | None
    board_set: int
    boards: range
    sits_out: bool
    arrow_switched: bool
    shared_with: tuple[int, ...]
    boards_next: BoardsNext
    ns_next: Position | None
    ew_next: Position | None


@dataclass(frozen=True)
class PairRound:
    """One line of a pair's card. When ``sits_out`` the pair plays no boards that round
    (``board_set`` is ``None`` and ``boards`` is empty)."""

    round: int
    table: int
    direction: Line
    opponent: PairId | None
    board_set: int | None
    boards: range
    sits_out: bool
    next: Position | None


def _next_places(m: Movement, board_set: int, after: int) -> BoardsNext:
    for r in range(after + 1, m.rounds + 1):
        tables = tuple(
            sorted(e.table for e in m.entries if e.round == r and e.board_set == board_set)
        )
        if tables:
            go = BoardsGo.TABLE if r == after + 1 else BoardsGo.STAND
            return BoardsNext(go, tables, r)
    return BoardsNext(BoardsGo.FINISHED)


def _position(m: Movement, pair: PairId | None, round_: int) -> Position | None:
    if pair is None:
        return None
    e = m.entry_for_pair(pair, round_)
    if e is None:
        return None
    seat = e.seat_of(pair)
    assert seat is not None
    return Position(round_, e.table, seat, e.sits_out)


def table_card(movement: Movement, table: int) -> tuple[TableRound, ...]:
    """The card that lies on ``table``: for each round who plays, which boards, and where
    the boards and both pairs go next.

    >>> card = table_card(mitchell(10), 3)
    >>> card[0].boards_next.tables, card[0].ew_next.table
    ((2,), 4)
    """
    if not 1 <= table <= movement.tables:
        raise MovementError(
            MovementErrorCode.UNKNOWN_TABLE,
            f"This movement has tables 1 to {movement.tables}, not {table}.",
            table=table,
            tables=movement.tables,
        )
    rows: list[TableRound] = []
    for r in range(1, movement.rounds + 1):
        e = movement.entry(r, table)
        shared_with = tuple(
            sorted(
                x.table
                for x in movement.entries
                if x.round == r
                and x.board_set == e.board_set
                and x.table != table
                and not x.sits_out
            )
        )
        rows.append(
            TableRound(
                round=r,
                table=table,
                ns_pair=e.ns_pair,
                ew_pair=e.ew_pair,
                board_set=e.board_set,
                boards=movement.boards(e.board_set),
                sits_out=e.sits_out,
                arrow_switched=e.arrow_switched,
                shared_with=() if e.sits_out else shared_with,
                boards_next=_next_places(movement, e.board_set, r),
                ns_next=_position(movement, e.ns_pair, r + 1),
                ew_next=_position(movement, e.ew_pair, r + 1),
            )
        )
    return tuple(rows)


def pair_card(movement: Movement, pair: PairId) -> tuple[PairRound, ...]:
    """The card a pair keeps: for each round the table, seats, opponents and boards.

    >>> [(r.table, r.direction.value, str(r.opponent)) for r in pair_card(howell(4), PairId(1))]
    [(1, 'EW', '4'), (2, 'NS', '3'), (2, 'EW', '2')]
    """
    if pair not in movement.pair_ids:
        raise MovementError(
            MovementErrorCode.UNKNOWN_PAIR,
            f"Pair {pair} does not play in this movement.",
            pair=str(pair),
        )
    rows: list[PairRound] = []
    for r in range(1, movement.rounds + 1):
        e = movement.entry_for_pair(pair, r)
        if e is None:  # an invalid movement; validate() explains
            continue
        seat = e.seat_of(pair)
        assert seat is not None
        rows.append(
            PairRound(
                round=r,
                table=e.table,
                direction=seat,
                opponent=e.opponent_of(pair),
                board_set=None if e.sits_out else e.board_set,
                boards=range(0) if e.sits_out else movement.boards(e.board_set),
                sits_out=e.sits_out,
                next=_position(movement, pair, r + 1),
            )
        )
    return tuple(rows)


# ---------------------------------------------------------------------------
# Suggestion
# ---------------------------------------------------------------------------


class ReasonCode(StrEnum):
    """Why :func:`suggest_movement` chose what it chose. Stable: the site translates
    ``REASONS[code].format(**params)``."""

    HOWELL_EVERYONE_MEETS = "howell_everyone_meets"
    HOWELL_FEW_TABLES = "howell_few_tables"
    MITCHELL_ODD_TABLES = "mitchell_odd_tables"
    MITCHELL_SKIP = "mitchell_skip"
    MITCHELL_SKIP_NOT_REACHED = "mitchell_skip_not_reached"
    MITCHELL_RELAY = "mitchell_relay"
    HOWELL_TOO_LONG = "howell_too_long"
    HOWELL_NEEDS_MORE_BOARDS = "howell_needs_more_boards"
    EVENT_ALL_BOARDS = "event_all_boards"
    EVENT_SOME_BOARDS = "event_some_boards"


#: The English sentence for each reason; placeholders come from ``Suggestion.params``.
REASONS: Mapping[ReasonCode, str] = MappingProxyType(
    {
        ReasonCode.HOWELL_EVERYONE_MEETS: (
            "With {pairs} pairs there is time for every pair to play against every other "
            "pair once, which takes {rounds} rounds."
        ),
        ReasonCode.HOWELL_FEW_TABLES: (
            "With only two tables the pairs change opponents every round, and there is "
            "time for {rounds} of the {full_rounds} rounds it takes to meet everyone."
        ),
        ReasonCode.MITCHELL_ODD_TABLES: (
            "With {tables} tables the North–South pairs stay at their table and the "
            "East–West pairs move up one table each round, for {rounds} rounds."
        ),
        ReasonCode.MITCHELL_SKIP: (
            "With {tables} tables the North–South pairs stay at their table and the "
            "East–West pairs move up one table each round, jumping one extra table after "
            "round {skip_after} so that nobody plays the same board twice."
        ),
        ReasonCode.MITCHELL_SKIP_NOT_REACHED: (
            "With {tables} tables and {rounds} rounds the North–South pairs stay at their "
            "table and the East–West pairs simply move up one table each round."
        ),
        ReasonCode.MITCHELL_RELAY: (
            "With {tables} tables the North–South pairs stay and the East–West pairs move "
            "up one table each round, while tables 1 and {tables} share their boards and "
            "one set of boards rests on a side table between tables {stand_after} and "
            "{stand_before}."
        ),
        ReasonCode.HOWELL_TOO_LONG: (
            "Playing against every other pair would take {howell_rounds} rounds but only "
            "{max_rounds} fit in the lesson, so the North–South pairs stay at their table "
            "and the East–West pairs move from table to table."
        ),
        ReasonCode.HOWELL_NEEDS_MORE_BOARDS: (
            "Playing against every other pair would need {min_boards} boards a round, "
            "because in some rounds {min_boards} tables play the same boards. With "
            "{boards_per_round} boards a round the North–South pairs stay at their table "
            "and the East–West pairs move from table to table."
        ),
        ReasonCode.EVENT_ALL_BOARDS: (
            "The event has {boards} boards: {rounds} rounds of {boards_per_round} at "
            "{tables} tables play every one of them, and each pair plays {per_pair} of them."
        ),
        ReasonCode.EVENT_SOME_BOARDS: (
            "The event has {boards} boards; with {tables} tables the class plays boards 1 "
            "to {played}: {rounds} rounds of {boards_per_round}, and each pair plays "
            "{per_pair} of them."
        ),
    }
)


@dataclass(frozen=True)
class Suggestion:
    """A movement for a class, with a one-sentence reason.

    ``reason`` is English; ``reason_code`` and ``params`` let the site translate it.
    ``alternatives`` lists the other Mitchell style the teacher may choose instead;
    ``sit_out`` says that one pair has a round off each round (odd number of pairs).
    """

    kind: MovementKind
    style: MitchellStyle | None
    pairs: int
    tables: int
    rounds: int
    full_rounds: int
    boards_per_round: int
    arrow_switch: bool
    sit_out: bool
    reason_code: ReasonCode
    reason: str
    params: Mapping[str, int] = field(default_factory=dict, hash=False)
    alternatives: tuple[MitchellStyle, ...] = ()

    def build(self) -> Movement:
        if self.kind is MovementKind.HOWELL:
            return howell(self.pairs, rounds=self.rounds, boards_per_round=self.boards_per_round)
        return mitchell(
            self.pairs,
            even_tables=self.style or MitchellStyle.SKIP,
            rounds=self.rounds,
            arrow_switch=self.arrow_switch,
            boards_per_round=self.boards_per_round,
        )


def _howell_boards_needed(pairs: int, rounds: int) -> int:
    return required_boards_per_round(howell(pairs, rounds=rounds, boards_per_round=pairs))


def _relay_boards_needed(pairs: int, rounds: int) -> int:
    relay = mitchell(pairs, even_tables=MitchellStyle.RELAY, rounds=rounds, boards_per_round=pairs)
    return required_boards_per_round(relay)


def suggest_movement(
    pairs: int,
    *,
    max_rounds: int | None = None,
    boards_per_round: int = DEFAULT_BOARDS_PER_ROUND,
    even_tables: MitchellStyle | str = MitchellStyle.SKIP,
    arrow_switch: bool = False,
) -> Suggestion:
    """Pick a movement for ``pairs`` pairs (3–30).

    The rules, in order:

    1. Up to 4 tables (8 pairs), a Howell — everyone plays everyone, one ranking — when
       all its rounds fit in ``max_rounds`` and ``boards_per_round`` is enough for its
       shared boards. This also holds for an odd number of pairs (each pair then has one
       round off), because a small Mitchell would give far fewer rounds.
    2. With 2 tables (3–4 pairs) a Howell even when it does not fit: a Mitchell on two
       tables lasts only one or two rounds. The lesson plays its first rounds.
    3. Otherwise a Mitchell: plain with an odd number of tables; with an even number,
       ``even_tables`` ("skip" by default — the simplest for pupils; "relay" is offered
       as the alternative). A relay that would need more boards per round than given
       falls back to the skip.
    4. ``max_rounds`` caps the rounds (the first rounds are played).

    >>> s = suggest_movement(8)
    >>> s.kind.value, s.rounds, s.reason_code.value
    ('howell', 7, 'howell_everyone_meets')
    >>> s = suggest_movement(20, max_rounds=6)
    >>> s.style.value, s.rounds, s.reason_code.value, s.params["skip_after"]
    ('skip', 6, 'mitchell_skip', 5)
    """
    if boards_per_round < 1:
        raise MovementError(
            MovementErrorCode.BOARDS_PER_ROUND_OUT_OF_RANGE,
            "At least one board must be played each round.",
            boards_per_round=boards_per_round,
        )
    if max_rounds is not None and max_rounds < 1:
        raise MovementError(
            MovementErrorCode.ROUNDS_OUT_OF_RANGE,
            f"A lesson needs at least one round, not {max_rounds}.",
            rounds=max_rounds,
        )
    tables = _tables_for(pairs, MITCHELL_TABLES, "Mitchell")
    params: dict[str, int] = {"pairs": pairs, "tables": tables}
    if max_rounds is not None:
        params["max_rounds"] = max_rounds

    def cap(full: int) -> int:
        return full if max_rounds is None else min(full, max_rounds)

    fallback: ReasonCode | None = None
    if tables <= HOWELL_SUGGESTED_MAX_TABLES:
        full = full_rounds(MovementKind.HOWELL, pairs)
        rounds = cap(full)
        needed = _howell_boards_needed(pairs, rounds)
        fits = rounds == full or tables == 2
        if fits and needed <= boards_per_round:
            code = (
                ReasonCode.HOWELL_EVERYONE_MEETS if rounds == full else ReasonCode.HOWELL_FEW_TABLES
            )
            params |= {"rounds": rounds, "full_rounds": full}
            return Suggestion(
                kind=MovementKind.HOWELL,
                style=None,
                pairs=pairs,
                tables=tables,
                rounds=rounds,
                full_rounds=full,
                boards_per_round=boards_per_round,
                arrow_switch=False,
                sit_out=pairs % 2 == 1,
                reason_code=code,
                reason=REASONS[code].format(**params),
                params=MappingProxyType(params),
            )
        if not fits:
            fallback = ReasonCode.HOWELL_TOO_LONG
            params["howell_rounds"] = full
        else:
            fallback = ReasonCode.HOWELL_NEEDS_MORE_BOARDS
            params |= {"min_boards": needed, "boards_per_round": boards_per_round}

    style = _mitchell_style(tables, even_tables)
    if style is MitchellStyle.RELAY:
        rounds = cap(full_rounds(MovementKind.MITCHELL, pairs, even_tables=style))
        if _relay_boards_needed(pairs, rounds) > boards_per_round:
            style = MitchellStyle.SKIP
    full = full_rounds(MovementKind.MITCHELL, pairs, even_tables=style)
    rounds = cap(full)
    params |= {"rounds": rounds}
    if fallback is not None:
        code = fallback
    elif style is MitchellStyle.STANDARD:
        code = ReasonCode.MITCHELL_ODD_TABLES
    elif style is MitchellStyle.RELAY:
        code = ReasonCode.MITCHELL_RELAY
        params |= {"stand_after": tables // 2, "stand_before": tables // 2 + 1}
    elif rounds > tables // 2:
        code = ReasonCode.MITCHELL_SKIP
        params["skip_after"] = tables // 2
    else:
        code = ReasonCode.MITCHELL_SKIP_NOT_REACHED
    params["full_rounds"] = full
    alternatives: tuple[MitchellStyle, ...] = ()
    if style is MitchellStyle.RELAY:
        alternatives = (MitchellStyle.SKIP,)
    elif style is MitchellStyle.SKIP:
        relay_rounds = cap(full_rounds(MovementKind.MITCHELL, pairs, even_tables="relay"))
        if _relay_boards_needed(pairs, relay_rounds) <= boards_per_round:
            alternatives = (MitchellStyle.RELAY,)
    return Suggestion(
        kind=MovementKind.MITCHELL,
        style=style,
        pairs=pairs,
        tables=tables,
        rounds=rounds,
        full_rounds=full,
        boards_per_round=boards_per_round,
        arrow_switch=arrow_switch,
        sit_out=pairs % 2 == 1,
        reason_code=code,
        reason=REASONS[code].format(**params),
        params=MappingProxyType(params),
        alternatives=alternatives,
    )


def _plays_per_pair(movement: Movement) -> int:
    """The fewest boards any pair plays in the movement (a pair with a round off plays
    fewer)."""
    rounds = Counter(p for e in movement.entries for p in e.players)
    return min(rounds[p] for p in movement.pair_ids) * movement.boards_per_round


def playable_movements(pairs: int, max_boards_per_round: int) -> Iterable[Movement]:
    """Every movement the site can start for ``pairs`` pairs: Howell, skip and relay
    Mitchell, each cut to any number of rounds, with 1 to ``max_boards_per_round``
    boards a round (those with too few boards for their shared boards left out)."""
    tables = (pairs + 1) // 2
    builders: list[tuple[MovementKind, MitchellStyle | None]] = []
    if tables in HOWELL_TABLES:
        builders.append((MovementKind.HOWELL, None))
    builders.append((MovementKind.MITCHELL, MitchellStyle.SKIP))
    if tables % 2 == 0:
        builders.append((MovementKind.MITCHELL, MitchellStyle.RELAY))
    for kind, style in builders:
        full = full_rounds(kind, pairs, even_tables=style or MitchellStyle.SKIP)
        for rounds in range(1, full + 1):
            for per_round in range(1, max_boards_per_round + 1):
                try:
                    if kind is MovementKind.HOWELL:
                        yield howell(pairs, rounds=rounds, boards_per_round=per_round)
                    else:
                        yield mitchell(
                            pairs,
                            even_tables=style or MitchellStyle.SKIP,
                            rounds=rounds,
                            boards_per_round=per_round,
                        )
                except MovementError:
                    continue


@lru_cache(maxsize=256)  # pure; the set-up page asks again on every visit
def suggest_for_boards(pairs: int, boards: int, *, max_boards_per_round: int = 8) -> Suggestion:
    """Pick a movement for ``pairs`` pairs that plays a fixed set of ``boards`` boards
    (a simultaneous event's): every one of them when some movement can, otherwise as
    many as can be played; then the most boards for each pair, then one where boards
    are compared, then the most rounds (more opponents, fewer boards at a time), then a
    Mitchell rather than a Howell.

    The suggestion never needs a board the set does not have (boards 1 to
    ``boards``), so starting it is never refused for the boards.

    >>> s = suggest_for_boards(10, 8)
    >>> s.kind.value, s.tables, s.rounds, s.boards_per_round, s.reason_code.value
    ('howell', 5, 4, 1, 'event_all_boards')
    >>> s = suggest_for_boards(8, 8)
    >>> s.style.value, s.rounds, s.boards_per_round, s.params["per_pair"]
    ('relay', 4, 2, 8)
    """
    tables = _tables_for(pairs, MITCHELL_TABLES, "Mitchell")
    if boards < 1:
        raise MovementError(
            MovementErrorCode.BOARDS_PER_ROUND_OUT_OF_RANGE,
            "A set of boards needs at least one board.",
            boards=boards,
        )

    def rank(m: Movement) -> tuple[bool, int, int, bool, int, bool]:
        compared = any(
            n > 1 for n in Counter(e.board_set for e in m.entries if not e.sits_out).values()
        )
        return (
            m.total_boards == boards,
            m.total_boards,
            _plays_per_pair(m),
            compared,
            m.rounds,
            m.kind is MovementKind.MITCHELL,
        )

    playable = playable_movements(pairs, max_boards_per_round)
    fitting = [m for m in playable if m.total_boards <= boards]
    if not fitting:
        needed = min(m.total_boards for m in playable_movements(pairs, max_boards_per_round))
        raise MovementError(
            MovementErrorCode.TOO_FEW_BOARDS_PER_ROUND,
            f"With {tables} tables even one round needs {needed} boards, not {boards}.",
            boards=boards,
            tables=tables,
            needed=needed,
        )
    best = max(fitting, key=rank)
    code = (
        ReasonCode.EVENT_ALL_BOARDS if best.total_boards == boards else ReasonCode.EVENT_SOME_BOARDS
    )
    params: dict[str, int] = {
        "pairs": pairs,
        "tables": tables,
        "boards": boards,
        "rounds": best.rounds,
        "full_rounds": best.full_rounds,
        "boards_per_round": best.boards_per_round,
        "played": best.total_boards,
        "per_pair": _plays_per_pair(best),
    }
    return Suggestion(
        kind=best.kind,
        style=best.style,
        pairs=pairs,
        tables=tables,
        rounds=best.rounds,
        full_rounds=best.full_rounds,
        boards_per_round=best.boards_per_round,
        arrow_switch=False,
        sit_out=pairs % 2 == 1,
        reason_code=code,
        reason=REASONS[code].format(**params),
        params=MappingProxyType(params),
    )
