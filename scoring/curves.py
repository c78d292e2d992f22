"""The curve sheet (docs/rules.md §13): how many tricks do N points take?

For every deal played, pupils record the declaring side's combined high-card points
(21–40: with 20–20 the deal is redealt, so the declaring side always has more) and the
tricks declarer won (0–13). Plotted over many deals, the expected number of tricks for
each point count emerges, and with it the first step towards bidding: with about
:data:`GAME_GUIDELINE_HCP` combined points a game (:data:`GAME_TARGETS`) is likely.

This module turns the recorded results into the figures a chart and a table need::

    >>> stats = curve_stats([
    ...     CurvePoint(hcp=25, tricks=9, kind="game", made=True),
    ...     CurvePoint(hcp=25, tricks=8, kind="part-score", made=True),
    ... ])
    >>> stats.row(25).mean_tricks, stats.row(25).games_chosen, stats.dots
    (8.5, 1, (Dot(hcp=25, tricks=8, count=1), Dot(hcp=25, tricks=9, count=1)))

Plain Python, no Django: the site builds :class:`CurvePoint` values from its results,
and the SVG chart and the PDF sheet draw :class:`CurveStats`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

#: The declaring side's combined points: more than half of the 40 in the pack.
MIN_HCP = 21
MAX_HCP = 40
#: Every HCP the curve has a place for, in order.
HCP_RANGE = range(MIN_HCP, MAX_HCP + 1)
MAX_TRICKS = 13

#: Contract kinds, as :class:`scoring.contracts.ContractKind` spells them.
KINDS = ("part-score", "game", "slam")
#: Kinds that count as "a game was chosen": a slam is a game and more (it scores the game
#: bonus too), so a pupil who bid 6♠ did bid game.
GAME_KINDS = frozenset({"game", "slam"})

#: Tricks a game needs, by strain family: 3NT, 4♥/4♠, 5♣/5♦.
GAME_TARGETS: dict[str, int] = {"NT": 9, "major": 10, "minor": 11}
#: The rule of thumb taught to pupils: with about 25 combined points, bid a game.
GAME_GUIDELINE_HCP = 25

#: Which double-dummy figure the reference line shows: the tricks in the strain played,
#: or the best of the five strains.
Reference = Literal["played", "best"]


@dataclass(frozen=True)
class CurvePoint:
    """One deal as the curve sheet records it.

    ``kind`` is ``"part-score"``, ``"game"`` or ``"slam"`` (a
    :class:`~scoring.contracts.ContractKind` works too) and ``made`` whether the
    contract made. ``made`` is taken as given, not worked out from ``tricks``: some
    scoring profiles (targets by points) decide it differently.

    ``dd_played`` is the double-dummy tricks for this declarer in the strain played and
    ``dd_best`` the best over the five strains; both None when the deal was not
    analysed. Invalid values raise ValueError.
    """

    hcp: int
    tricks: int
    kind: str
    made: bool
    dd_played: int | None = None
    dd_best: int | None = None

    def __post_init__(self) -> None:
        check_point(self)


def check_point(point: CurvePoint, index: int | None = None) -> None:
    """Raise ValueError, saying what is wrong and what is allowed, unless ``point`` holds
    valid values. ``index`` (the point's place in a list) is named in the message."""
    where = "" if index is None else f"Point {index}: "
    _check_int(point.hcp, "hcp", MIN_HCP, MAX_HCP, where, " (the declaring side's points)")
    _check_int(point.tricks, "tricks", 0, MAX_TRICKS, where, " (tricks declarer won)")
    if point.kind not in KINDS:
        raise ValueError(f"{where}kind must be one of {', '.join(KINDS)}; got {point.kind!r}.")
    if not isinstance(point.made, bool):
        raise ValueError(f"{where}made must be True or False; got {point.made!r}.")
    for name in ("dd_played", "dd_best"):
        value = getattr(point, name)
        if value is not None:
            _check_int(value, name, 0, MAX_TRICKS, where, " or None")
    played, best = point.dd_played, point.dd_best
    if played is not None and best is not None and played > best:
        raise ValueError(
            f"{where}dd_played ({played}) cannot be more than dd_best ({best}), "
            "the best of the five strains."
        )


def _check_int(value: object, name: str, low: int, high: int, where: str, hint: str) -> None:
    # bool is an int in Python, but True points is surely a mistake.
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(
            f"{where}{name} must be a whole number from {low} to {high}{hint}; got {value!r}."
        )


class Dot(NamedTuple):
    """One dot of the scatter chart: ``count`` deals with ``hcp`` points took ``tricks``."""

    hcp: int
    tricks: int
    # Shadows tuple.count(), which nobody calls on a dot; "count" is what it is.
    count: int  # type: ignore[assignment]


@dataclass(frozen=True)
class HcpStats:
    """The results for one combined point count.

    The means are None when there is nothing to average: no result at all
    (``mean_tricks``), or none analysed double-dummy (``mean_dd_*``). ``dd_played_count``
    and ``dd_best_count`` say how many results each double-dummy mean is over.
    """

    hcp: int
    count: int
    mean_tricks: float | None
    games_chosen: int
    games_made: int
    slams_chosen: int
    slams_made: int
    mean_dd_played: float | None
    mean_dd_best: float | None
    dd_played_count: int
    dd_best_count: int

    def mean_reference(self, reference: Reference) -> float | None:
        """The double-dummy mean the reference line uses."""
        return self.mean_dd_played if reference == "played" else self.mean_dd_best


@dataclass(frozen=True)
class CurveStats:
    """Everything a curve chart and its table show.

    ``rows`` has one :class:`HcpStats` per HCP from 21 to 40, in order, empty ones
    included. ``dots`` lists every distinct (hcp, tricks) with its count, sorted.
    ``reference`` is the double-dummy line available: ``"played"`` when every analysed
    result has the tricks in the strain played, else ``"best"``; None when no result
    was analysed.
    """

    rows: tuple[HcpStats, ...]
    dots: tuple[Dot, ...]
    total: int
    reference: Reference | None

    def row(self, hcp: int) -> HcpStats:
        """The figures for ``hcp`` (21–40); ValueError outside that range."""
        if not MIN_HCP <= hcp <= MAX_HCP:
            raise ValueError(f"hcp must be from {MIN_HCP} to {MAX_HCP}; got {hcp!r}.")
        return self.rows[hcp - MIN_HCP]

    @property
    def with_results(self) -> tuple[HcpStats, ...]:
        """The rows that have at least one result."""
        return tuple(row for row in self.rows if row.count)

    @property
    def mean_line(self) -> tuple[tuple[int, float], ...]:
        """(hcp, mean tricks) for every HCP with results: the curve itself."""
        return tuple((row.hcp, row.mean_tricks) for row in self.rows if row.mean_tricks is not None)

    @property
    def reference_line(self) -> tuple[tuple[int, float], ...]:
        """(hcp, mean double-dummy tricks) of :attr:`reference`; empty without one."""
        if self.reference is None:
            return ()
        line = []
        for row in self.rows:
            mean = row.mean_reference(self.reference)
            if mean is not None:
                line.append((row.hcp, mean))
        return tuple(line)

    @property
    def max_count(self) -> int:
        """The largest number of results on one dot (0 with no results)."""
        return max((dot.count for dot in self.dots), default=0)

    @property
    def games_chosen(self) -> int:
        return sum(row.games_chosen for row in self.rows)

    @property
    def games_made(self) -> int:
        return sum(row.games_made for row in self.rows)


def curve_stats(points: Sequence[CurvePoint]) -> CurveStats:
    """Count and average ``points`` per combined point count.

    Every point is checked (ValueError naming the point's place in the list). A game
    "chosen" is a game or slam contract (see :data:`GAME_KINDS`); "made" means that
    contract made.
    """
    for index, point in enumerate(points):
        if not isinstance(point, CurvePoint):
            raise ValueError(f"Point {index}: expected a CurvePoint; got {point!r}.")
        check_point(point, index)
    by_hcp: dict[int, list[CurvePoint]] = {hcp: [] for hcp in HCP_RANGE}
    for point in points:
        by_hcp[point.hcp].append(point)
    rows = tuple(_hcp_stats(hcp, by_hcp[hcp]) for hcp in HCP_RANGE)
    counts = Counter((point.hcp, point.tricks) for point in points)
    dots = tuple(Dot(hcp, tricks, count) for (hcp, tricks), count in sorted(counts.items()))
    return CurveStats(rows=rows, dots=dots, total=len(points), reference=_reference(points))


def _hcp_stats(hcp: int, points: Sequence[CurvePoint]) -> HcpStats:
    games = [point for point in points if point.kind in GAME_KINDS]
    slams = [point for point in points if point.kind == "slam"]
    dd_played = [point.dd_played for point in points if point.dd_played is not None]
    dd_best = [point.dd_best for point in points if point.dd_best is not None]
    return HcpStats(
        hcp=hcp,
        count=len(points),
        mean_tricks=_mean([point.tricks for point in points]),
        games_chosen=len(games),
        games_made=sum(point.made for point in games),
        slams_chosen=len(slams),
        slams_made=sum(point.made for point in slams),
        mean_dd_played=_mean(dd_played),
        mean_dd_best=_mean(dd_best),
        dd_played_count=len(dd_played),
        dd_best_count=len(dd_best),
    )


def _mean(values: Sequence[int]) -> float | None:
    return sum(values) / len(values) if values else None


def _reference(points: Sequence[CurvePoint]) -> Reference | None:
    analysed = [p for p in points if p.dd_played is not None or p.dd_best is not None]
    if not analysed:
        return None
    # The strain played compares like with like (what the pupils chose, played
    # perfectly), so it is preferred, but only when it covers every analysed deal.
    if all(point.dd_played is not None for point in analysed):
        return "played"
    return "best"
