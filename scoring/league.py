"""The term league (docs/rules.md §10): established pairs play mini-matches against each other
over a term, and a cross-table of the results with a total column ranks them.

The English Bridge Union booklet (001) describes it: "Imagine four pairs at school, I to
IV, who play in a mini-match against each of the others, say the best of three or five
deals, during the course of a term. The result of each mini-match is entered in the
table and, when all the encounters are over, the total column should reveal an overall
winner."

What this module decides, in plain Python:

* **Fixtures**: a round robin by the circle method (pair 1 stays, the others turn one
  place a round); an odd number of pairs gets a bye, so each pair has one round off.
  The rounds are spread over the term's evenings as evenly as possible, the earlier
  evenings taking any extra round.
* **An evening as a movement**: each table plays one fixture's deals; every table has
  its own boards (no copies needed), and a pair with a bye sits out at the last table,
  as a Howell's phantom does. The site enters results through this movement as in any
  session.
* **A deal's winner**: the side that scored more on it (with the target profile the
  side that made or beat the target scores 1, so "won by the target" and "won by the
  score" are the same rule); equal scores halve the deal.
* **A mini-match**: every deal is played (a best of three is three deals); the pair that
  won more deals wins it, equal counts draw. Points: win 2, draw 1, loss 0 unless the
  teacher sets others.
* **The cross-table**: pairs × pairs, each cell the mini-match from the row pair's
  side, and a total column; pairs are ranked by points, then by deals won minus deals
  lost; pairs level on both share a place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from scoring.errors import RulesError
from scoring.movements import Entry, Movement, MovementKind, PairId

__all__ = [
    "DEALS_PER_MATCH",
    "MAX_PAIRS",
    "MIN_PAIRS",
    "CrossTable",
    "CrossTableCell",
    "CrossTableRow",
    "DealWinner",
    "Fixture",
    "LeagueError",
    "LeagueErrorCode",
    "MatchPoints",
    "MatchScore",
    "cross_table",
    "deal_winner",
    "evening_movement",
    "evening_rounds",
    "match_score",
    "roman",
    "round_robin",
]

#: A mini-match is the best of three or five deals (the booklet's example).
DEALS_PER_MATCH = (3, 5)
MIN_PAIRS = 3
MAX_PAIRS = 16


class LeagueErrorCode(StrEnum):
    """What was refused. The values are stable: the site keys on them."""

    REFUSED = "league_refused"  # the message says what and why


class LeagueError(RulesError):
    """A league that cannot be played as asked (English; the site words its own)."""

    codes = LeagueErrorCode
    code: LeagueErrorCode

    def __init__(self, message: str, **params: object) -> None:
        super().__init__(LeagueErrorCode.REFUSED, message, **params)


# ---------------------------------------------------------------------------
# Fixtures
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Fixture:
    """One mini-match of a round robin. ``first`` sits North–South; ``second`` is
    ``None`` for a bye (``first`` has the round off)."""

    round: int
    first: int
    second: int | None

    @property
    def is_bye(self) -> bool:
        return self.second is None


def _check_pairs(pairs: int) -> None:
    if not MIN_PAIRS <= pairs <= MAX_PAIRS:
        raise LeagueError(f"A league is for {MIN_PAIRS} to {MAX_PAIRS} pairs, not {pairs}.")


def round_robin(pairs: int) -> tuple[tuple[Fixture, ...], ...]:
    """Every pair meets every other pair once, by the circle method: pair 1 keeps its
    place and the others turn one place each round. With an odd number of pairs the
    empty place is a bye. Each round lists its matches first, the bye last; pairs
    alternate North–South and East–West from round to round as far as the circle allows.

    >>> [[(f.first, f.second) for f in r] for r in round_robin(4)]
    [[(1, 4), (3, 2)], [(3, 1), (2, 4)], [(1, 2), (4, 3)]]
    """
    _check_pairs(pairs)
    places: list[int | None] = list(range(1, pairs + 1))
    if pairs % 2:
        places.append(None)
    size = len(places)
    rounds: list[tuple[Fixture, ...]] = []
    for number in range(1, size):
        matches: list[Fixture] = []
        byes: list[Fixture] = []
        for i in range(size // 2):
            a, b = places[i], places[size - 1 - i]
            # Pair 1 changes seats every round; the others by their place in the circle.
            if (i == 0 and number % 2 == 0) or (i > 0 and i % 2 == 1):
                a, b = b, a
            if a is None:
                a, b = b, a
            if a is None:
                continue
            if b is None:
                byes.append(Fixture(number, a, None))
            else:
                matches.append(Fixture(number, a, b))
        rounds.append(tuple(matches + byes))
        places = [places[0], places[-1], *places[1:-1]]
    return tuple(rounds)


def evening_rounds(rounds: int, evenings: int) -> tuple[range, ...]:
    """The round-robin rounds each evening plays (1-based), spread as evenly as
    possible, the earlier evenings taking any extra round.

    >>> [list(r) for r in evening_rounds(5, 2)]
    [[1, 2, 3], [4, 5]]
    """
    if rounds < 1:
        raise LeagueError("A league has at least one round.")
    if not 1 <= evenings <= rounds:
        raise LeagueError(f"{rounds} rounds can be spread over 1 to {rounds} evenings.")
    base, extra = divmod(rounds, evenings)
    spread: list[range] = []
    start = 1
    for evening in range(evenings):
        count = base + (1 if evening < extra else 0)
        spread.append(range(start, start + count))
        start += count
    return tuple(spread)


def evening_movement(
    pairs: int, *, first_round: int, rounds: int, deals_per_match: int
) -> Movement:
    """An evening of the league as a movement: round ``first_round`` of the round robin
    is its round 1, and so on for ``rounds`` rounds. Each playing table has its own
    board set (``deals_per_match`` boards), numbered table by table and round by round;
    a bye sits out at the last table.

    >>> m = evening_movement(4, first_round=3, rounds=1, deals_per_match=3)
    >>> [(str(e.ns_pair), str(e.ew_pair), list(m.boards(e.board_set))) for e in m.entries]
    [('1', '2', [1, 2, 3]), ('4', '3', [4, 5, 6])]
    """
    if deals_per_match < 1:
        raise LeagueError("A mini-match has at least one deal.")
    schedule = round_robin(pairs)
    last = first_round + rounds - 1
    if rounds < 1 or first_round < 1 or last > len(schedule):
        raise LeagueError(f"The round robin has rounds 1 to {len(schedule)}.")
    entries: list[Entry] = []
    board_set = 0
    tables = (pairs + 1) // 2
    for number, fixtures in enumerate(schedule[first_round - 1 : last], start=1):
        for table, fixture in enumerate(fixtures, start=1):
            if fixture.second is None:
                # A bye plays no boards; like a Howell's phantom table it names a set of
                # this round that is played elsewhere.
                entries.append(Entry(number, table, PairId(fixture.first), None, board_set))
                continue
            board_set += 1
            entries.append(
                Entry(number, table, PairId(fixture.first), PairId(fixture.second), board_set)
            )
    return Movement(
        kind=MovementKind.LEAGUE,
        style=None,
        tables=tables,
        rounds=rounds,
        full_rounds=rounds,
        pair_ids=tuple(PairId(n) for n in range(1, pairs + 1)),
        phantom=PairId(pairs + 1) if pairs % 2 else None,
        board_sets=board_set,
        boards_per_round=deals_per_match,
        entries=tuple(entries),
        source="Round robin by the circle method (scoring.league).",
    )


# ---------------------------------------------------------------------------
# Deals, mini-matches, the cross-table
# ---------------------------------------------------------------------------


class DealWinner(StrEnum):
    """Who won one deal of a mini-match."""

    FIRST = "first"
    SECOND = "second"
    HALVED = "halved"


def deal_winner(first: float, second: float) -> DealWinner:
    """The side that scored more wins the deal; equal scores halve it. Scores are the
    profile's own (points, tricks, a 1 for the target made or beaten) or, for an
    adjusted deal, the two percentages.

    >>> deal_winner(420, 0), deal_winner(0, 1), deal_winner(50, 50)
    (<DealWinner.FIRST: 'first'>, <DealWinner.SECOND: 'second'>, <DealWinner.HALVED: 'halved'>)
    """
    if first > second:
        return DealWinner.FIRST
    if second > first:
        return DealWinner.SECOND
    return DealWinner.HALVED


@dataclass(frozen=True)
class MatchScore:
    """A mini-match between ``first`` and ``second``: deals won by each (a halved deal
    counts half to both) and how many deals have a result so far."""

    first: int
    second: int
    first_deals: float
    second_deals: float
    deals: int
    deals_per_match: int

    @property
    def complete(self) -> bool:
        return self.deals >= self.deals_per_match

    def deals_of(self, pair: int) -> tuple[float, float]:
        """(won, lost) from ``pair``'s side."""
        if pair == self.first:
            return self.first_deals, self.second_deals
        if pair == self.second:
            return self.second_deals, self.first_deals
        raise LeagueError(f"Pair {pair} did not play this mini-match.")


def match_score(
    first: int,
    second: int,
    winners: Sequence[DealWinner | None],
    *,
    deals_per_match: int,
) -> MatchScore:
    """Add up a mini-match's deals. ``None`` is a deal that was not played: it has a
    result (the match can be complete without it) but nobody wins it.

    >>> s = match_score(1, 2, [DealWinner.FIRST, DealWinner.SECOND, DealWinner.FIRST],
    ...                 deals_per_match=3)
    >>> s.first_deals, s.second_deals, s.complete
    (2, 1, True)
    """
    if first == second:
        raise LeagueError(f"Pair {first} cannot play itself.")
    if len(winners) > deals_per_match:
        raise LeagueError(f"A mini-match has {deals_per_match} deals, not {len(winners)}.")
    a: float = 0
    b: float = 0
    for winner in winners:
        if winner is DealWinner.FIRST:
            a += 1
        elif winner is DealWinner.SECOND:
            b += 1
        elif winner is DealWinner.HALVED:
            a += 0.5
            b += 0.5
    return MatchScore(first, second, a, b, len(winners), deals_per_match)


@dataclass(frozen=True)
class MatchPoints:
    """What a mini-match is worth: 2 for a win, 1 for a draw, 0 for a loss unless the
    teacher sets other points."""

    win: int = 2
    draw: int = 1
    loss: int = 0

    def __post_init__(self) -> None:
        if min(self.win, self.draw, self.loss) < 0:
            raise LeagueError("Points for a mini-match cannot be negative.")
        if not self.win >= self.draw >= self.loss:
            raise LeagueError("A win must be worth at least a draw, and a draw at least a loss.")

    def for_deals(self, won: float, lost: float) -> int:
        if won > lost:
            return self.win
        if won < lost:
            return self.loss
        return self.draw


@dataclass(frozen=True)
class CrossTableCell:
    """One mini-match from the row pair's side. ``points`` is ``None`` until the match
    is complete (the deals so far still show)."""

    opponent: int
    won: float
    lost: float
    points: int | None


@dataclass(frozen=True)
class CrossTableRow:
    """One pair's row: a cell per other pair (``None`` on the diagonal and for a
    match not started), and the total column."""

    pair: int
    cells: tuple[CrossTableCell | None, ...]
    points: int
    played: int
    deals_won: float
    deals_lost: float
    place: int
    tied: bool

    @property
    def place_label(self) -> str:
        return f"{self.place}=" if self.tied else str(self.place)


@dataclass(frozen=True)
class CrossTable:
    """The booklet's I–IV table: ``rows`` in pair order; :attr:`ranking` by place."""

    pairs: tuple[int, ...]
    rows: tuple[CrossTableRow, ...]
    matches: int
    matches_played: int

    @property
    def ranking(self) -> tuple[CrossTableRow, ...]:
        return tuple(sorted(self.rows, key=lambda row: (row.place, row.pair)))

    @property
    def finished(self) -> bool:
        return self.matches_played == self.matches


def cross_table(
    pairs: Sequence[int],
    matches: Sequence[MatchScore],
    points: MatchPoints | None = None,
) -> CrossTable:
    """The cross-table of ``pairs`` from the mini-matches so far. Only complete matches
    earn points; an incomplete one shows its deals so far. Each pair of pairs meets at
    most once.

    >>> s = match_score(1, 2, [DealWinner.FIRST] * 2 + [DealWinner.SECOND], deals_per_match=3)
    >>> t = cross_table([1, 2, 3], [s])
    >>> [(r.pair, r.points, r.place_label) for r in t.ranking]
    [(1, 2, '1'), (3, 0, '2'), (2, 0, '3')]
    """
    points = points or MatchPoints()
    order = tuple(pairs)
    if len(set(order)) != len(order):
        raise LeagueError("A pair is listed twice.")
    known = set(order)
    by_meeting: dict[frozenset[int], MatchScore] = {}
    for match in matches:
        if match.first not in known or match.second not in known:
            raise LeagueError(f"Pairs {match.first} and {match.second} are not both in the league.")
        meeting = frozenset((match.first, match.second))
        if meeting in by_meeting:
            raise LeagueError(f"Pairs {match.first} and {match.second} meet twice.")
        by_meeting[meeting] = match

    totals: dict[int, tuple[int, int, float, float]] = {}
    cells_of: dict[int, tuple[CrossTableCell | None, ...]] = {}
    for pair in order:
        cells: list[CrossTableCell | None] = []
        total = played = 0
        won_all: float = 0
        lost_all: float = 0
        for other in order:
            found = by_meeting.get(frozenset((pair, other))) if other != pair else None
            if found is None:
                cells.append(None)
                continue
            won, lost = found.deals_of(pair)
            earned = points.for_deals(won, lost) if found.complete else None
            cells.append(CrossTableCell(other, won, lost, earned))
            if earned is not None:
                total += earned
                played += 1
                won_all += won
                lost_all += lost
        cells_of[pair] = tuple(cells)
        totals[pair] = (total, played, won_all, lost_all)

    def standing(pair: int) -> tuple[int, float]:
        total, _, won, lost = totals[pair]
        return (-total, -(won - lost))

    ranked = sorted(order, key=lambda p: (standing(p), order.index(p)))
    places: dict[int, tuple[int, bool]] = {}
    for pair in ranked:
        level = [p for p in ranked if standing(p) == standing(pair)]
        places[pair] = (ranked.index(level[0]) + 1, len(level) > 1)
    rows = tuple(
        CrossTableRow(
            pair=pair,
            cells=cells_of[pair],
            points=totals[pair][0],
            played=totals[pair][1],
            deals_won=totals[pair][2],
            deals_lost=totals[pair][3],
            place=places[pair][0],
            tied=places[pair][1],
        )
        for pair in order
    )
    count = len(order)
    return CrossTable(
        pairs=order,
        rows=rows,
        matches=count * (count - 1) // 2,
        matches_played=sum(1 for m in by_meeting.values() if m.complete),
    )


_ROMAN = (
    (1000, "M"),
    (900, "CM"),
    (500, "D"),
    (400, "CD"),
    (100, "C"),
    (90, "XC"),
    (50, "L"),
    (40, "XL"),
    (10, "X"),
    (9, "IX"),
    (5, "V"),
    (4, "IV"),
    (1, "I"),
)


def roman(number: int) -> str:
    """The booklet names league pairs I, II, III, IV…

    >>> roman(4), roman(9), roman(14)
    ('IV', 'IX', 'XIV')
    """
    if number < 1:
        raise LeagueError(f"Pairs are numbered from 1, not {number}.")
    out = []
    for value, letters in _ROMAN:
        while number >= value:
            out.append(letters)
            number -= value
    return "".join(out)


def meetings(pairs: int) -> Mapping[frozenset[int], Fixture]:
    """Each meeting of the round robin, by the two pairs."""
    return {
        frozenset((f.first, f.second)): f
        for fixtures in round_robin(pairs)
        for f in fixtures
        if f.second is not None
    }
