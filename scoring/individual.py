"""Individual movements: every pupil partners many others and is ranked alone.

In an *individual* competition nobody keeps a partner. Each round the pupils sit four to
a table (North and South partners against East and West) with a new partner. Over a full
movement no two pupils are partners twice, so each pupil has as many different partners
as rounds played, and nobody plays a board set twice. Boards travel between tables as
in the pair movements (:mod:`scoring.movements`); where two tables play the same board
set in the same round they share it by design (:class:`~scoring.movements.SharedBoards`:
each starts on a different board of the set and passes it on), so that needs at least
as many boards per round as tables sharing.

Every class size from 4 to 24 pupils is offered (:data:`INDIVIDUAL_PUPILS`), with
``pupils // 4`` tables; the ``pupils % 4`` pupils left over have the round off, other
pupils each round: over the full movement every pupil has the same number of rounds
off, and when a lesson stops early no pupil has had more than two rounds off more than
another (at most one more, except with 7, 11, 14, 15, 19, 22 and 23 pupils).

The schedules
-------------
They come from *whist tournaments*, the designs made for exactly this problem in
duplicate whist (E. H. Moore, "Tactical memoranda I–III", American Journal of
Mathematics 18 (1896); I. Anderson, *Combinatorial Designs and Tournaments*, Oxford
1997, chapter 7). A whist tournament Wh(v) seats v players four to a table so that
every two players are partners exactly once and opponents exactly twice. We build them
by the *cyclic* method: a first round is written on numbers mod m, and in round r every
number x stands for pupil (x + r) mod m + 1 (a number ∞, if used, is pupil m + 1 and
stays at table 1). If the partner pairs of the first round have every difference ±d
once, every two pupils are partners once; the opponent pairs' differences say how often
two pupils are opponents.

* **4n pupils** (4, 8, …, 24): mod m = 4n − 1 with ∞. Every two pupils are partners
  exactly once. With 4, 8, 12 and 16 pupils they are also opponents exactly twice (a
  whist tournament); with 20 and 24 at most three times (our search found no whist first
  round for those in the time it had). 4 pupils is the classic one-table individual:
  pupil 4 stays, the others rotate, each pupil partners each other once in three rounds.
* **4n + 1 pupils** (5, 9, 13, 17, 21): mod m = 4n + 1, number 0 has the round off, so
  each pupil has one round off and partners every other pupil exactly once. 5 and 13
  are whist tournaments; with 9, 17 and 21 two pupils are opponents at most three times.
* **4n + 3 pupils** (7, 11, …, 23): the schedule for 4n + 4 with ∞ as an absent
  (*phantom*) pupil: each round the three pupils at ∞'s table have the round off. Each
  pupil sits out three rounds (once as ∞'s partner, twice as its opponent) and partners
  4n different pupils in the other 4n rounds.
* **4n + 2 pupils** (10, 14, 18, 22): no whist tournament exists for these sizes. Mod
  m = 4n + 2, two numbers have the round off; the partner differences are 1…2n, so every
  pupil partners every other pupil once except the one opposite them (difference
  2n + 1); two pupils are opponents at most three times (at most twice with 22).
* **6 pupils** (one table, two sit out each round): the cyclic layouts mod 6 either
  make two pupils partners twice or let the sit-outs drift apart, so the six rounds are
  listed, found by a small backtracking search: each pupil plays four rounds with four
  different partners and sits out two, two pupils are opponents at most twice, and
  after any number of rounds no pupil has sat out two rounds more than another.

How the data was made: the first rounds and the board offsets (each table of the first
round plays board set (r + offset) mod m + 1 in round r; tables with equal offsets share
their set) were found by a computer search for this module; they are not copied from a
publication (published first rounds exist in the works above, but we could not consult
them). Two steps run when a movement is built: the rounds are put in an order that
spreads the sit-outs (:func:`_even_sit_outs`), and some tables' partnerships swap lines
to even out North–South against East–West (:func:`_balance_lines`; partners, opponents
and boards stay the same). :func:`validate_individual` checks every property above for
every size and every number of rounds, in the tests.

:func:`individual` builds a movement, :func:`validate_individual` lists everything wrong
with one in plain English, and :func:`suggest_individual` picks one for a class and
says why in one sentence (with a code and parameters for translation).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cache
from itertools import combinations
from types import MappingProxyType

from scoring.cards import Seat
from scoring.errors import RulesError
from scoring.movements import (
    DEFAULT_BOARDS_PER_ROUND,
    BoardsNext,
    Entry,
    Line,
    Movement,
    MovementError,
    MovementErrorCode,
    MovementKind,
    PairId,
    SharedBoards,
    Timetable,
    table_card,
)

__all__ = [
    "INDIVIDUAL_PUPILS",
    "INDIVIDUAL_REASONS",
    "IndividualEntry",
    "IndividualError",
    "IndividualErrorCode",
    "IndividualMovement",
    "IndividualReason",
    "IndividualSuggestion",
    "IndividualTableRound",
    "PupilMove",
    "PupilPlace",
    "PupilRound",
    "SeatedMovement",
    "as_movement",
    "individual",
    "individual_full_rounds",
    "individual_table_card",
    "pupil_card",
    "required_individual_boards",
    "seated_movement",
    "suggest_individual",
    "validate_individual",
]

#: Class sizes an individual movement is offered for (inclusive).
INDIVIDUAL_PUPILS = range(4, 25)

#: Seats in the order the schedules list them.
_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


class IndividualErrorCode(StrEnum):
    """What kind of request was refused. The values are stable: the site keys on them."""

    PUPILS_OUT_OF_RANGE = "individual_pupils_out_of_range"
    ROUNDS_OUT_OF_RANGE = "individual_rounds_out_of_range"
    BOARDS_PER_ROUND_OUT_OF_RANGE = "individual_boards_per_round_out_of_range"
    TOO_FEW_BOARDS_PER_ROUND = "individual_too_few_boards_per_round"
    UNKNOWN_TABLE = "individual_unknown_table"
    UNKNOWN_PUPIL = "individual_unknown_pupil"


class IndividualError(RulesError):
    """A refused request: ``str(error)`` is the English message, ``code`` and ``params``
    let the site build its own (translated) one."""

    codes = IndividualErrorCode
    code: IndividualErrorCode

    def __init__(self, code: IndividualErrorCode, message: str, **params: object) -> None:
        super().__init__(code, message, **params)


# ---------------------------------------------------------------------------
# Data model
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class IndividualEntry:
    """One table in one round: the pupil in each seat and the board set played.

    North and South are partners, East and West are partners."""

    round: int
    table: int
    north: int
    east: int
    south: int
    west: int
    board_set: int

    @property
    def players(self) -> tuple[int, int, int, int]:
        """The pupils in seat order N, E, S, W."""
        return (self.north, self.east, self.south, self.west)

    @property
    def seats(self) -> Mapping[Seat, int]:
        return MappingProxyType(dict(zip(_SEATS, self.players, strict=True)))

    def seat_of(self, pupil: int) -> Seat | None:
        for seat, who in zip(_SEATS, self.players, strict=True):
            if who == pupil:
                return seat
        return None

    def line_of(self, pupil: int) -> Line | None:
        seat = self.seat_of(pupil)
        if seat is None:
            return None
        return Line.NS if seat in (Seat.NORTH, Seat.SOUTH) else Line.EW

    def partner_of(self, pupil: int) -> int | None:
        partners = {
            self.north: self.south,
            self.south: self.north,
            self.east: self.west,
            self.west: self.east,
        }
        return partners.get(pupil)

    def opponents_of(self, pupil: int) -> tuple[int, int] | None:
        line = self.line_of(pupil)
        if line is None:
            return None
        return (self.east, self.west) if line is Line.NS else (self.north, self.south)


@dataclass(frozen=True)
class IndividualMovement(Timetable[IndividualEntry]):
    """A complete individual timetable. Build one with :func:`individual`; check one with
    :func:`validate_individual`.

    ``sit_outs[r - 1]`` are the pupils who have round ``r`` off. ``max_opposed`` is how
    often two pupils may at most be opponents in the full schedule (2 in all of ours);
    ``whist`` says the full schedule is a whist tournament (every two pupils partners
    exactly once, opponents exactly twice). Board sets are numbered ``1..board_sets``.
    """

    pupils: int
    tables: int
    rounds: int
    full_rounds: int
    board_sets: int
    boards_per_round: int
    entries: tuple[IndividualEntry, ...]
    sit_outs: tuple[tuple[int, ...], ...]
    shared: tuple[SharedBoards, ...] = ()
    max_opposed: int = 2
    whist: bool = False
    #: In the full schedule no pupil sits North–South more than this many rounds more
    #: than East–West, or the other way round.
    max_line_gap: int = 1
    #: Where the schedule comes from (a citation, or how it was built).
    source: str = ""

    @property
    def sit_outs_per_round(self) -> int:
        return self.pupils - 4 * self.tables

    def _no_table(self, round_: int, table: int) -> ValueError:
        return IndividualError(
            IndividualErrorCode.UNKNOWN_TABLE,
            f"There is no table {table} in round {round_}.",
            round=round_,
            table=table,
        )

    def entry_for_pupil(self, pupil: int, round_: int) -> IndividualEntry | None:
        """Where ``pupil`` plays in ``round_``, or ``None`` when they have the round off."""
        return self._entry_with(pupil, round_)


# ---------------------------------------------------------------------------
# Schedules
# ---------------------------------------------------------------------------

#: The stationary number ∞ of a Wh(4n) in the schedule data below.
_INF = -1


@dataclass(frozen=True)
class _Cyclic:
    """A first round developed cyclically mod ``modulus``.

    ``layout`` rows are tables in seat order (N, E, S, W) holding numbers 0…m−1 or
    ``_INF``; numbers missing from the layout have the round off. In round r (from 0)
    number x is pupil ``(x + r) mod m + 1`` and ∞ is pupil ``m + 1``. The table of row i
    plays board set ``(r + offsets[i]) mod m + 1``; rows with equal offsets share.
    """

    modulus: int
    layout: tuple[tuple[int, int, int, int], ...]
    offsets: tuple[int, ...]
    #: How often two pupils are at most opponents (2 in a whist tournament).
    max_opposed: int = 2


@dataclass(frozen=True)
class _Listed:
    """A schedule written out round by round: each round is its one table (N, E, S, W);
    round r plays board set r."""

    rounds: tuple[tuple[int, int, int, int], ...]
    max_opposed: int = 2


_CYCLIC_SOURCE = (
    "Cyclic {what} mod {m} (method: E. H. Moore, Tactical memoranda, Amer. J. Math. 18 "
    "(1896); I. Anderson, Combinatorial Designs and Tournaments, Oxford 1997, ch. 7); "
    "first round and board offsets found by a computer search here and checked by "
    "validate_individual() in the tests.{extra}"
)
_SIX_SOURCE = (
    "Listed here, found by a backtracking computer search (one table, two pupils sit "
    "out each round); checked by validate_individual() in the tests."
)

#: 4n pupils, mod 4n − 1 with ∞ (also used with ∞ absent for 4n − 1 pupils).
_WHIST_4N: dict[int, _Cyclic] = {
    4: _Cyclic(3, ((_INF, 1, 2, 0),), (0,)),
    8: _Cyclic(7, ((_INF, 5, 6, 3), (0, 2, 4, 1)), (0, 0)),
    12: _Cyclic(11, ((_INF, 1, 4, 3), (0, 10, 5, 7), (2, 9, 6, 8)), (0, 0, 0)),
    16: _Cyclic(
        15,
        ((_INF, 5, 13, 12), (0, 4, 9, 7), (1, 10, 11, 14), (2, 8, 3, 6)),
        (0, 0, 8, 7),
    ),
    20: _Cyclic(
        19,
        ((_INF, 4, 11, 0), (1, 6, 10, 8), (2, 18, 5, 12), (3, 14, 17, 13), (7, 16, 15, 9)),
        (0, 17, 3, 16, 2),
        max_opposed=3,
    ),
    24: _Cyclic(
        23,
        (
            (_INF, 8, 11, 10),
            (0, 18, 14, 1),
            (2, 9, 20, 6),
            (3, 4, 19, 16),
            (5, 22, 15, 7),
            (12, 21, 13, 17),
        ),
        (0, 2, 2, 13, 13, 16),
        max_opposed=3,
    ),
}

#: 4n + 1 pupils, mod 4n + 1: number 0 sits out.
_WHIST_4N1: dict[int, _Cyclic] = {
    5: _Cyclic(5, ((1, 3, 4, 2),), (0,)),
    9: _Cyclic(9, ((1, 7, 6, 5), (2, 4, 8, 3)), (0, 0), max_opposed=3),
    13: _Cyclic(13, ((1, 10, 5, 8), (2, 11, 3, 4), (6, 12, 9, 7)), (0, 4, 3)),
    17: _Cyclic(
        17,
        ((1, 8, 5, 10), (2, 14, 11, 13), (3, 15, 6, 4), (7, 9, 12, 16)),
        (0, 7, 6, 13),
        max_opposed=3,
    ),
    21: _Cyclic(
        21,
        ((1, 18, 10, 8), (2, 4, 9, 5), (3, 16, 6, 14), (7, 19, 20, 13), (11, 12, 15, 17)),
        (0, 9, 12, 0, 6),
        max_opposed=3,
    ),
}

#: 4n + 2 pupils, mod 4n + 2: the two numbers missing from the first round sit out.
_NEAR_WHIST: dict[int, _Cyclic] = {
    10: _Cyclic(10, ((1, 8, 7, 9), (2, 6, 4, 3)), (0, 0), max_opposed=3),
    14: _Cyclic(14, ((1, 12, 4, 10), (3, 11, 7, 6), (5, 8, 13, 9)), (0, 12, 2), max_opposed=3),
    18: _Cyclic(
        18,
        ((1, 13, 17, 5), (2, 14, 7, 15), (3, 4, 6, 11), (8, 10, 12, 16)),
        (0, 4, 15, 8),
        max_opposed=3,
    ),
    22: _Cyclic(
        22,
        ((1, 20, 13, 5), (3, 8, 7, 9), (4, 14, 17, 12), (6, 21, 11, 15), (10, 16, 18, 19)),
        (0, 0, 15, 11, 4),
    ),
}

_SIX = _Listed(
    rounds=((1, 2, 3, 4), (3, 5, 4, 6), (2, 1, 6, 5), (2, 4, 5, 6), (1, 3, 4, 6), (1, 3, 2, 5))
)


def _schedule_for(pupils: int) -> tuple[_Cyclic | _Listed, bool, str]:
    """The schedule for ``pupils``, whether ∞ is an absent pupil, and its source."""
    rest = pupils % 4
    if pupils == 6:
        return _SIX, False, _SIX_SOURCE
    if rest == 0:
        schedule, phantom = _WHIST_4N[pupils], False
    elif rest == 1:
        schedule, phantom = _WHIST_4N1[pupils], False
    elif rest == 3:
        schedule, phantom = _WHIST_4N[pupils + 1], True
    else:
        schedule, phantom = _NEAR_WHIST[pupils], False
    players = schedule.modulus + (1 if rest in (0, 3) else 0)
    if rest == 2:
        what = "individual movement (no whist tournament exists for this size)"
    elif schedule.max_opposed == 2:
        what = f"whist tournament Wh({players})"
    else:
        what = (
            f"schedule for {players} players (partners once, opponents at most "
            f"{schedule.max_opposed} times)"
        )
    extra = f" Player {players} is absent: their table sits out." if phantom else ""
    return (
        schedule,
        phantom,
        _CYCLIC_SOURCE.format(what=what, m=schedule.modulus, extra=extra),
    )


_Round = tuple[list[tuple[int, int, int, int, int]], list[int]]


def _cyclic_rounds(schedule: _Cyclic, phantom: bool) -> list[_Round]:
    """Each round of the cyclic schedule (in cyclic order): its tables as (N, E, S, W,
    board set) and the pupils with the round off. With ``phantom`` the first table
    (∞'s) sits out."""
    m = schedule.modulus
    placed = {x for row in schedule.layout for x in row}
    resting = sorted(set(range(m)) - placed)
    rounds: list[_Round] = []
    for r in range(m):

        def pupil(x: int, r: int = r) -> int:
            return m + 1 if x == _INF else (x + r) % m + 1

        tables: list[tuple[int, int, int, int, int]] = []
        off: list[int] = [pupil(x) for x in resting]
        for i, row in enumerate(schedule.layout):
            n, e, s, w = (pupil(x) for x in row)
            if i == 0 and phantom:
                off += [p for p in (n, e, s, w) if p != m + 1]
                continue
            tables.append((n, e, s, w, (r + schedule.offsets[i]) % m + 1))
        rounds.append((tables, sorted(off)))
    return rounds


def _even_sit_outs(rounds: list[_Round]) -> list[_Round]:
    """The same rounds in an order that spreads the sit-outs: each time, the first
    remaining round whose pupils sitting out have sat out least so far."""
    rested: Counter[int] = Counter()
    left = list(rounds)
    ordered: list[_Round] = []
    while left:
        best = min(
            range(len(left)),
            key=lambda i: (
                max((rested[p] for p in left[i][1]), default=0),
                sum(rested[p] for p in left[i][1]),
                i,
            ),
        )
        chosen = left.pop(best)
        rested.update(chosen[1])
        ordered.append(chosen)
    return ordered


def _line_unevenness(rounds: list[_Round], flips: list[list[bool]]) -> tuple[int, int]:
    """How unevenly the pupils sit North–South and East–West when the tables marked in
    ``flips`` swap lines: the worst gap at the end, then the sum over every pupil and
    every round of the squared gap so far."""
    lean: Counter[int] = Counter()
    total = 0
    for (tables, _), flipped in zip(rounds, flips, strict=True):
        for (n, e, s, w, _), flip in zip(tables, flipped, strict=True):
            sign = -1 if flip else 1
            for p in (n, s):
                lean[p] += sign
            for p in (e, w):
                lean[p] -= sign
        total += sum(v * v for v in lean.values())
    return (max((abs(v) for v in lean.values()), default=0), total)


def _balance_lines(rounds: list[_Round]) -> list[_Round]:
    """Let some tables' partnerships swap lines (North–South sit East–West and the other
    way round; partners, opponents and boards stay) so each pupil sits North–South about
    as often as East–West, at the end and after every round: starting from no swaps,
    keep making the first swap (round by round, table by table) that makes
    :func:`_line_unevenness` smaller, until none does."""
    flips = [[False] * len(tables) for tables, _ in rounds]
    score = _line_unevenness(rounds, flips)
    improved = True
    while improved:
        improved = False
        for row in flips:
            for t in range(len(row)):
                row[t] = not row[t]
                trial = _line_unevenness(rounds, flips)
                if trial < score:
                    score, improved = trial, True
                else:
                    row[t] = not row[t]
    balanced: list[_Round] = []
    for (tables, off), flipped in zip(rounds, flips, strict=True):
        seated = [
            (e, n, w, s, b) if flip else (n, e, s, w, b)
            for (n, e, s, w, b), flip in zip(tables, flipped, strict=True)
        ]
        balanced.append((seated, off))
    return balanced


def _listed_rounds(schedule: _Listed, pupils: int) -> list[_Round]:
    rounds: list[_Round] = []
    for r, (n, e, s, w) in enumerate(schedule.rounds, start=1):
        rounds.append(([(n, e, s, w, r)], sorted(set(range(1, pupils + 1)) - {n, e, s, w})))
    return rounds


def _line_gap(rounds: Iterable[_Round]) -> int:
    lean: Counter[int] = Counter()
    for tables, _ in rounds:
        for n, e, s, w, _ in tables:
            lean.update((n, s))
            lean.subtract((e, w))
    return max((abs(v) for v in lean.values()), default=0)


@cache
def _full_schedule(pupils: int) -> tuple[_Round, ...]:
    schedule, phantom, _ = _schedule_for(pupils)
    if isinstance(schedule, _Listed):
        return tuple(_listed_rounds(schedule, pupils))
    return tuple(_balance_lines(_even_sit_outs(_cyclic_rounds(schedule, phantom))))


def _check_pupils(pupils: int) -> None:
    if pupils not in INDIVIDUAL_PUPILS:
        low, high = INDIVIDUAL_PUPILS.start, INDIVIDUAL_PUPILS[-1]
        raise IndividualError(
            IndividualErrorCode.PUPILS_OUT_OF_RANGE,
            f"An individual movement needs {low} to {high} pupils, not {pupils}.",
            pupils=pupils,
            min_pupils=low,
            max_pupils=high,
        )


def individual_full_rounds(pupils: int) -> int:
    """How many rounds the whole individual movement for ``pupils`` has.

    >>> [individual_full_rounds(p) for p in (4, 5, 6, 7, 8, 24)]
    [3, 5, 6, 7, 7, 23]
    """
    _check_pupils(pupils)
    schedule, _, _ = _schedule_for(pupils)
    return len(schedule.rounds) if isinstance(schedule, _Listed) else schedule.modulus


def individual(
    pupils: int,
    *,
    rounds: int | None = None,
    boards_per_round: int = DEFAULT_BOARDS_PER_ROUND,
) -> IndividualMovement:
    """An individual movement for ``pupils`` pupils (4–24) on ``pupils // 4`` tables.

    Pupils are numbered 1…``pupils``. Played in full, no two pupils are partners twice
    (so each pupil has as many different partners as rounds played), nobody plays a
    board set twice, two pupils are opponents at most ``max_opposed`` times (2 or 3),
    and each pupil sits North–South and East–West equally often, or one round more of
    one when the number of rounds they play is odd (``max_line_gap``). Two exceptions:
    with 4 pupils someone sits in the same line in all three rounds (no choice of lines
    avoids it), and with 6 pupils the gap is two rounds (the best our search found).
    ``rounds`` plays only the first rounds.

    Where two tables play the same board set in a round they share it (each starts on
    a different board), so that needs at least as many boards per round as tables
    sharing; :class:`IndividualError` says so otherwise.

    >>> m = individual(8)
    >>> m.tables, m.rounds, m.entry(1, 1).players
    (2, 7, (6, 8, 4, 7))
    """
    _check_pupils(pupils)
    if boards_per_round < 1:
        raise IndividualError(
            IndividualErrorCode.BOARDS_PER_ROUND_OUT_OF_RANGE,
            "At least one board must be played each round.",
            boards_per_round=boards_per_round,
        )
    schedule, _, source = _schedule_for(pupils)
    laid_out = _full_schedule(pupils)
    full = len(laid_out)
    played = full if rounds is None else rounds
    if not 1 <= played <= full:
        raise IndividualError(
            IndividualErrorCode.ROUNDS_OUT_OF_RANGE,
            f"This movement has {full} rounds, so play between 1 and {full}, not {played}.",
            rounds=played,
            full_rounds=full,
        )
    entries: list[IndividualEntry] = []
    sit_outs: list[tuple[int, ...]] = []
    for r, (tables, off) in enumerate(laid_out[:played], start=1):
        for t, (north, east, south, west, board_set) in enumerate(tables, start=1):
            entries.append(IndividualEntry(r, t, north, east, south, west, board_set))
        sit_outs.append(tuple(off))
    # Number the board sets in use 1..S in the order they are first played.
    number: dict[int, int] = {}
    for e in entries:
        number.setdefault(e.board_set, len(number) + 1)
    entries = [replace(e, board_set=number[e.board_set]) for e in entries]
    by_set: dict[tuple[int, int], list[int]] = defaultdict(list)
    for e in entries:
        by_set[(e.round, e.board_set)].append(e.table)
    shared = tuple(
        SharedBoards(r, board_set, tuple(sorted(at)))
        for (r, board_set), at in sorted(by_set.items())
        if len(at) > 1
    )
    movement = IndividualMovement(
        pupils=pupils,
        tables=pupils // 4,
        rounds=played,
        full_rounds=full,
        board_sets=len(number),
        boards_per_round=boards_per_round,
        entries=tuple(entries),
        sit_outs=tuple(sit_outs),
        shared=shared,
        max_opposed=schedule.max_opposed,
        whist=pupils % 4 in (0, 1) and schedule.max_opposed == 2,
        max_line_gap=_line_gap(laid_out),
        source=source,
    )
    needed = required_individual_boards(movement)
    if boards_per_round < needed:
        raise IndividualError(
            IndividualErrorCode.TOO_FEW_BOARDS_PER_ROUND,
            f"In this movement {needed} tables play the same boards at the same time, "
            f"so play at least {needed} boards per round, not {boards_per_round}.",
            needed=needed,
            boards_per_round=boards_per_round,
        )
    return movement


@dataclass(frozen=True)
class SeatedMovement(Movement):
    """An individual movement as a pair movement's timetable (:func:`as_movement`), with
    the individual movement itself beside it: who sits South and West, and who has the
    round off, are read from ``seating``."""

    seating: IndividualMovement | None = None


def as_movement(movement: IndividualMovement) -> SeatedMovement:
    """The individual movement as a pair movement's timetable, for what does not care who
    partners whom: which boards a table plays in a round, where they go next, which
    results a table enters. Each pupil is a "pair" of one (``PairId(pupil)``), and at each
    table North stands for the North–South partnership and East for the East–West one,
    so a result is filed under its North and East pupils. South and West, and the pupils
    with the round off, are only in the individual movement itself.

    >>> m = individual(8)
    >>> e = as_movement(m).entry(1, 1)
    >>> (e.ns_pair.number, e.ew_pair.number) == (m.entry(1, 1).north, m.entry(1, 1).east)
    True
    """
    return SeatedMovement(
        kind=MovementKind.INDIVIDUAL,
        style=None,
        tables=movement.tables,
        rounds=movement.rounds,
        full_rounds=movement.full_rounds,
        pair_ids=tuple(PairId(pupil) for pupil in range(1, movement.pupils + 1)),
        phantom=None,
        board_sets=movement.board_sets,
        boards_per_round=movement.boards_per_round,
        entries=tuple(
            Entry(e.round, e.table, PairId(e.north), PairId(e.east), e.board_set)
            for e in movement.entries
        ),
        shared=movement.shared,
        source=movement.source,
        seating=movement,
    )


def seated_movement(
    pupils: int, *, rounds: int | None = None, boards_per_round: int = DEFAULT_BOARDS_PER_ROUND
) -> SeatedMovement:
    """The individual movement for ``pupils`` pupils (:func:`individual`) as a pair
    movement's timetable with its seating (:func:`as_movement`); its refusals as the
    pair movements' (a :class:`~scoring.movements.MovementError` with
    ``individual=True``), so that a site words both kinds alike."""
    try:
        seating = individual(pupils, rounds=rounds, boards_per_round=boards_per_round)
    except IndividualError as error:
        # The individual refusal's own params ("pupils" among them), marked individual.
        params = {**error.params, "individual": True, "pupils": pupils}
        raise MovementError(_AS_MOVEMENT_CODES[error.code], str(error), **params) from error
    return as_movement(seating)


_AS_MOVEMENT_CODES = {
    IndividualErrorCode.PUPILS_OUT_OF_RANGE: MovementErrorCode.PAIRS_OUT_OF_RANGE,
    IndividualErrorCode.ROUNDS_OUT_OF_RANGE: MovementErrorCode.ROUNDS_OUT_OF_RANGE,
    IndividualErrorCode.TOO_FEW_BOARDS_PER_ROUND: MovementErrorCode.TOO_FEW_BOARDS_PER_ROUND,
    IndividualErrorCode.BOARDS_PER_ROUND_OUT_OF_RANGE: (
        MovementErrorCode.BOARDS_PER_ROUND_OUT_OF_RANGE
    ),
    IndividualErrorCode.UNKNOWN_TABLE: MovementErrorCode.UNKNOWN_TABLE,
}


def required_individual_boards(movement: IndividualMovement) -> int:
    """The most tables that play one board set at the same time: each of them needs a
    board of the set to start on."""
    at_once = Counter((e.round, e.board_set) for e in movement.entries)
    return max(at_once.values(), default=1)


# ---------------------------------------------------------------------------
# Validation
# ---------------------------------------------------------------------------


def _pair_name(pair: frozenset[int]) -> str:
    a, b = sorted(pair)
    return f"Pupils {a} and {b}"


def validate_individual(movement: IndividualMovement) -> list[str]:
    """Every reason the individual movement can't be played as written, in plain
    English; an empty list means it is valid.

    Checks: every table has exactly one entry each round, with four different pupils of
    the class; every pupil is at exactly one table or has the round off, every round;
    exactly ``pupils − 4·tables`` pupils have each round off and no pupil has two more
    rounds off than another; nobody plays a board set twice; a board set is at two
    tables in one round only where the movement shares it by design and there are enough
    boards per round; no two pupils are partners twice, nor opponents more than
    ``max_opposed`` times; in a complete movement with at most one pupil sitting out
    each round every two pupils are partners once, and in a whist movement also
    opponents exactly twice; in a complete movement no pupil sits
    North–South more than one round more than East–West, or the other way round (cut
    short: two rounds).
    """
    m = movement
    problems: list[str] = []
    pupils = range(1, m.pupils + 1)
    if m.rounds < 1 or m.rounds > m.full_rounds:
        problems.append(f"{m.rounds} rounds is outside 1..{m.full_rounds}.")
    if m.boards_per_round < 1:
        problems.append("At least one board must be played each round.")
    if m.tables != m.pupils // 4:
        problems.append(f"{m.pupils} pupils need {m.pupils // 4} tables, not {m.tables}.")
    if len(m.sit_outs) != m.rounds:
        problems.append(f"The list of who sits out has {len(m.sit_outs)} rounds, not {m.rounds}.")

    cells: Counter[tuple[int, int]] = Counter()
    places: dict[tuple[int, int], list[str]] = defaultdict(list)
    for e in m.entries:
        cells[(e.round, e.table)] += 1
        where = f"table {e.table} in round {e.round}"
        if not 1 <= e.round <= m.rounds or not 1 <= e.table <= m.tables:
            problems.append(f"There is no {where} in this movement.")
        if not 1 <= e.board_set <= m.board_sets:
            problems.append(f"Board set {e.board_set} at {where} is not one of 1..{m.board_sets}.")
        if len(set(e.players)) != 4:
            problems.append(f"A pupil has two seats at {where}.")
        for p in e.players:
            if p not in pupils:
                problems.append(f"Pupil {p} at {where} is not in this class.")
        for p in set(e.players):
            places[(p, e.round)].append(f"table {e.table}")
    for r, off in enumerate(m.sit_outs, start=1):
        if len(off) != m.sit_outs_per_round:
            problems.append(f"{len(off)} pupils sit out in round {r}, not {m.sit_outs_per_round}.")
        for p in off:
            if p not in pupils:
                problems.append(f"Pupil {p} sits out in round {r} but is not in this class.")
            places[(p, r)].append("sitting out")
    for r in range(1, m.rounds + 1):
        for t in range(1, m.tables + 1):
            if cells[(r, t)] == 0:
                problems.append(f"Table {t} has nothing to do in round {r}.")
            elif cells[(r, t)] > 1:
                problems.append(f"Table {t} is listed {cells[(r, t)]} times in round {r}.")
        for p in pupils:
            at = places.get((p, r), [])
            if not at:
                problems.append(f"Pupil {p} has no place in round {r}.")
            elif len(at) > 1:
                problems.append(f"Pupil {p} is at {' and '.join(sorted(at))} in round {r}.")

    rests = Counter(p for off in m.sit_outs for p in off)
    spread = max(rests[p] for p in pupils) - min(rests[p] for p in pupils) if m.pupils else 0
    if spread > (1 if m.complete else 2):
        problems.append(f"Some pupils sit out {spread} rounds more than others.")

    # Boards: nobody plays a set twice; sets at two tables at once only by design.
    seen: dict[tuple[int, int], list[int]] = defaultdict(list)
    at_once: dict[tuple[int, int], list[int]] = defaultdict(list)
    for e in m.entries:
        at_once[(e.round, e.board_set)].append(e.table)
        for p in set(e.players):
            seen[(p, e.board_set)].append(e.round)
    for (p, board_set), in_rounds in sorted(seen.items()):
        if len(in_rounds) > 1:
            problems.append(
                f"Pupil {p} plays board set {board_set} twice "
                f"(rounds {', '.join(map(str, sorted(in_rounds)))})."
            )
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

    # Partners and opponents.
    partners: dict[frozenset[int], list[int]] = defaultdict(list)
    opposed: Counter[frozenset[int]] = Counter()
    for e in m.entries:
        for a, b in ((e.north, e.south), (e.east, e.west)):
            if a != b:
                partners[frozenset((a, b))].append(e.round)
        for a in (e.north, e.south):
            for b in (e.east, e.west):
                if a != b:
                    opposed[frozenset((a, b))] += 1
    for pair, in_rounds in sorted(partners.items(), key=lambda item: sorted(item[0])):
        if len(in_rounds) > 1:
            problems.append(
                f"{_pair_name(pair)} are partners twice "
                f"(rounds {', '.join(map(str, sorted(in_rounds)))})."
            )
    for pair, times in sorted(opposed.items(), key=lambda item: sorted(item[0])):
        if times > m.max_opposed:
            problems.append(f"{_pair_name(pair)} are opponents {times} times.")
    if m.complete and m.sit_outs_per_round <= 1:
        for a, b in combinations(pupils, 2):
            pair = frozenset((a, b))
            if pair not in partners:
                problems.append(f"{_pair_name(pair)} are never partners.")
            if m.whist and opposed[pair] != 2:
                problems.append(
                    f"{_pair_name(pair)} are opponents {opposed[pair]} times, not twice."
                )

    # North–South against East–West, over the full schedule.
    if m.complete:
        lean: Counter[int] = Counter()
        for e in m.entries:
            lean.update((e.north, e.south))
            lean.subtract((e.east, e.west))
        for p in pupils:
            if abs(lean[p]) > m.max_line_gap:
                line = "North–South" if lean[p] > 0 else "East–West"
                problems.append(
                    f"Pupil {p} sits {line} {abs(lean[p])} rounds more than the other way, "
                    f"not at most {m.max_line_gap}."
                )
    return problems


# ---------------------------------------------------------------------------
# Suggestion
# ---------------------------------------------------------------------------


class IndividualReason(StrEnum):
    """Why :func:`suggest_individual` chose what it chose. Stable: the site translates
    ``INDIVIDUAL_REASONS[code].format(**params)``."""

    EVERYONE_PARTNERS = "individual_everyone_partners"
    EVERYONE_PARTNERS_ONE_OFF = "individual_everyone_partners_one_off"
    SIT_OUTS = "individual_sit_outs"
    FIRST_ROUNDS = "individual_first_rounds"


#: The English sentence for each reason; placeholders come from
#: ``IndividualSuggestion.params``.
INDIVIDUAL_REASONS: Mapping[IndividualReason, str] = MappingProxyType(
    {
        IndividualReason.EVERYONE_PARTNERS: (
            "With {pupils} pupils every pupil partners every other pupil once, which "
            "takes {rounds} rounds."
        ),
        IndividualReason.EVERYONE_PARTNERS_ONE_OFF: (
            "With {pupils} pupils every pupil partners every other pupil once in {rounds} "
            "rounds, and each pupil has one round off."
        ),
        IndividualReason.SIT_OUTS: (
            "With {pupils} pupils, {sit_outs} of them have each round off, and in "
            "{rounds} rounds every pupil partners {partners} different pupils."
        ),
        IndividualReason.FIRST_ROUNDS: (
            "Partnering everyone would take {full_rounds} rounds but only {rounds} fit in "
            "the lesson, so the class plays the first {rounds} and nobody partners the "
            "same pupil twice."
        ),
    }
)


@dataclass(frozen=True)
class IndividualSuggestion:
    """An individual movement for a class, with a one-sentence reason.

    ``reason`` is English; ``reason_code`` and ``params`` let the site translate it.
    """

    pupils: int
    tables: int
    rounds: int
    full_rounds: int
    boards_per_round: int
    sit_outs_per_round: int
    reason_code: IndividualReason
    reason: str
    params: Mapping[str, int] = field(default_factory=dict, hash=False)

    def build(self) -> IndividualMovement:
        return individual(self.pupils, rounds=self.rounds, boards_per_round=self.boards_per_round)


def suggest_individual(
    pupils: int,
    *,
    max_rounds: int | None = None,
    boards_per_round: int = DEFAULT_BOARDS_PER_ROUND,
) -> IndividualSuggestion:
    """Pick the individual movement for ``pupils`` pupils (4–24) and say why.

    There is one movement per class size; ``max_rounds`` caps the rounds (the first
    rounds are played). :class:`IndividualError` says what is wrong with the request
    (too few or too many pupils, no rounds, too few boards per round for the tables
    that share boards).

    >>> s = suggest_individual(8)
    >>> s.rounds, s.reason_code.value
    (7, 'individual_everyone_partners')
    >>> s = suggest_individual(11, max_rounds=6)
    >>> s.reason_code.value, s.params["full_rounds"]
    ('individual_first_rounds', 11)
    """
    _check_pupils(pupils)
    if max_rounds is not None and max_rounds < 1:
        raise IndividualError(
            IndividualErrorCode.ROUNDS_OUT_OF_RANGE,
            f"A lesson needs at least one round, not {max_rounds}.",
            rounds=max_rounds,
            full_rounds=individual_full_rounds(pupils),
        )
    full = individual_full_rounds(pupils)
    rounds = full if max_rounds is None else min(full, max_rounds)
    movement = individual(pupils, rounds=rounds, boards_per_round=boards_per_round)
    sit_outs = movement.sit_outs_per_round
    params: dict[str, int] = {
        "pupils": pupils,
        "tables": movement.tables,
        "rounds": rounds,
        "full_rounds": full,
        "sit_outs": sit_outs,
    }
    if max_rounds is not None:
        params["max_rounds"] = max_rounds
    if rounds < full:
        code = IndividualReason.FIRST_ROUNDS
    elif sit_outs == 0:
        code = IndividualReason.EVERYONE_PARTNERS
    elif movement.whist:
        code = IndividualReason.EVERYONE_PARTNERS_ONE_OFF
    else:
        code = IndividualReason.SIT_OUTS
        rested = Counter(p for off in movement.sit_outs for p in off)
        params["partners"] = min(full - rested[p] for p in range(1, pupils + 1))
    return IndividualSuggestion(
        pupils=pupils,
        tables=movement.tables,
        rounds=rounds,
        full_rounds=full,
        boards_per_round=boards_per_round,
        sit_outs_per_round=sit_outs,
        reason_code=code,
        reason=INDIVIDUAL_REASONS[code].format(**params),
        params=MappingProxyType(params),
    )


# ---------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PupilPlace:
    """Where a pupil plays in a round: a table and a seat."""

    round: int
    table: int
    seat: Seat


@dataclass(frozen=True)
class PupilMove:
    """Where the pupil in ``seat`` goes when the round is over: ``next`` is ``None`` when
    they have the next round off."""

    seat: Seat
    pupil: int
    next: PupilPlace | None


@dataclass(frozen=True)
class IndividualTableRound:
    """One line of an individual table card: who sits in which seat at this table in
    this round (``entry``), which boards, and where the four pupils (``moves``, in seat
    order N, E, S, W; none after the last round) and the boards go next."""

    round: int
    table: int
    entry: IndividualEntry
    board_set: int
    boards: range
    shared_with: tuple[int, ...]
    boards_next: BoardsNext
    moves: tuple[PupilMove, ...]


@dataclass(frozen=True)
class PupilRound:
    """One line of a pupil's card: table, seat, partner, the two opponents and the
    boards; all empty (``table`` None, no boards) for a round the pupil has off."""

    round: int
    table: int | None
    seat: Seat | None
    partner: int | None
    opponents: tuple[int, ...]
    board_set: int | None
    boards: range

    @property
    def sits_out(self) -> bool:
        return self.table is None


def _place(movement: IndividualMovement, pupil: int, round_: int) -> PupilPlace | None:
    entry = movement.entry_for_pupil(pupil, round_)
    if entry is None:
        return None
    seat = entry.seat_of(pupil)
    assert seat is not None
    return PupilPlace(round_, entry.table, seat)


def individual_table_card(
    movement: IndividualMovement, table: int
) -> tuple[IndividualTableRound, ...]:
    """The card that lies on ``table`` in an individual session: for each round the
    pupil in each seat, the boards, and where each pupil and the boards go next. The
    boards move as in the pair timetable (:func:`as_movement`, :func:`table_card`).

    >>> row = individual_table_card(individual(8), 1)[0]
    >>> row.entry.players, [(m.pupil, m.next.table, m.next.seat.value) for m in row.moves]
    ((6, 8, 4, 7), [(6, 2, 'S'), (8, 1, 'E'), (4, 2, 'E'), (7, 1, 'N')])
    """
    if not 1 <= table <= movement.tables:
        raise IndividualError(
            IndividualErrorCode.UNKNOWN_TABLE,
            f"This movement has tables 1 to {movement.tables}, not {table}.",
            table=table,
            tables=movement.tables,
        )
    rows: list[IndividualTableRound] = []
    for line in table_card(as_movement(movement), table):
        entry = movement.entry(line.round, table)
        last = line.round == movement.rounds
        rows.append(
            IndividualTableRound(
                round=line.round,
                table=table,
                entry=entry,
                board_set=entry.board_set,
                boards=line.boards,
                shared_with=line.shared_with,
                boards_next=line.boards_next,
                moves=()
                if last
                else tuple(
                    PupilMove(seat, pupil, _place(movement, pupil, line.round + 1))
                    for seat, pupil in entry.seats.items()
                ),
            )
        )
    return tuple(rows)


def pupil_card(movement: IndividualMovement, pupil: int) -> tuple[PupilRound, ...]:
    """The card a pupil keeps: for each round the table, seat, partner, opponents and
    boards, or a round off.

    >>> [(r.table, r.seat.value, r.partner, r.opponents) for r in pupil_card(individual(8), 6)[:2]]
    [(1, 'N', 4, (8, 7)), (2, 'S', 2, (4, 3))]
    """
    if not 1 <= pupil <= movement.pupils:
        raise IndividualError(
            IndividualErrorCode.UNKNOWN_PUPIL,
            f"Pupil {pupil} does not play in this movement.",
            pupil=pupil,
        )
    rows: list[PupilRound] = []
    for round_ in range(1, movement.rounds + 1):
        entry = movement.entry_for_pupil(pupil, round_)
        if entry is None:
            rows.append(PupilRound(round_, None, None, None, (), None, range(0)))
            continue
        rows.append(
            PupilRound(
                round=round_,
                table=entry.table,
                seat=entry.seat_of(pupil),
                partner=entry.partner_of(pupil),
                opponents=entry.opponents_of(pupil) or (),
                board_set=entry.board_set,
                boards=movement.boards(entry.board_set),
            )
        )
    return tuple(rows)
