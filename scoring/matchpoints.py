"""Matchpoints, Neuberg factoring, adjusted scores, percentages and rankings (pairs events).

In a duplicate pairs session every N–S result on a board is compared with every other
N–S result on the same board (and E–W with E–W). Results are compared as *net scores*
from N–S's side: N–S points minus E–W points (docs/rules.md §4.1).

Conventions
-----------
* ``"ebu"`` (international, the default): 2 matchpoints for each result beaten and 1 for
  each tie, so the top on a board with ``n`` results is ``2 × (n − 1)``.
* ``"acbl"`` (North American): 1 for each result beaten and ½ for each tie; the top is
  ``n − 1``. ACBL matchpoints are always exactly half the EBU ones.

E–W get the top minus N–S's matchpoints, and a percentage is matchpoints / top × 100.

Fewer results than the full field: the Neuberg formula
------------------------------------------------------
When a board has ``N`` comparable results but the field is ``E`` (results are missing, or
some tables got an adjusted score instead), each result's matchpoints ``MP`` (scored
among the ``N``) are factored to the full field's top:

* EBU units: ``MP' = (MP + 1) × E / N − 1``
* ACBL units: ``MP' = (MP + ½) × E / N − ½``

Sources: the EBU Laws & Ethics article "The Neuberg Formula – the Principle"
(http://www.ebu.co.uk/lawsandethics/articles/neuberg/principle.htm): a board with 10 of
11 expected results is scored out of 20, "each of the 10 results have occurred 1.1
times", and the sole top gets 19.9, the next 17.7 … the bottom 0.1; and Wikipedia's
"Neuberg formula" (https://en.wikipedia.org/wiki/Neuberg_formula: add 1 — "If the
North American match point system is in use … add a half-point instead" — multiply by
expected over actual, subtract what was added; worked example: 4 of 10 matchpoints on a
board played 6 times out of 7 becomes 4.8333 of 12).
Each factored value is computed as one division of two integers, so equal results get
identical floats and ties are never split by rounding noise.

Adjusted scores
---------------
An adjusted (artificial) score gives each side a fixed share of the *full field's* top:
Average+ 60 %, Average 50 %, Average− 40 %, each side independently (60/40, 50/50,
40/40 …). It is not compared with the real results; the real results are matchpointed
among themselves and factored up (Neuberg) to the full field, which counts the adjusted
tables. This is the EBU's practice ("the artificial scores are not included in the
neuberg calculations … If there is an artificial score then the remaining real scores
have to be neuberged"; Ave+ is 60 % of the normal top "regardless of what else happens on
the board": EBU forum, "Programming Arbitrary Scores",
https://www.ebu.co.uk/forum/discussion/comment/7177/). The percentages are fixed here:
the EBU's "(or session average if higher)" for Average+ (same forum thread) needs the
whole session first and is left to the caller.

Decisions
---------
* A board with a **single real result** gets 50 % each way. This is not a special case:
  Neuberg with ``N = 1`` gives ``(0 + 1) × E / 1 − 1 = E − 1``, exactly half the top.
* A field of one (``E = 1``, one table only) has a top of 0: nothing can be compared, so
  both sides get 0 matchpoints and 50 %.
* A board with **no real result** has only its adjusted scores.
* Ties between pairs (rankings) are judged with an absolute tolerance of ``1e-6``
  (see :func:`rank`).

Example::

    >>> matchpoints([430, 430, 420, 460, 430, 450, -50])
    [6.0, 6.0, 2.0, 12.0, 6.0, 10.0, 0.0]
    >>> matchpoints([430, 420, -50], "acbl")
    [2.0, 1.0, 0.0]
    >>> rank({"Ann & Bo": 61.5, "Cy & Di": 48.0, "Ed & Flo": 61.5})
    {'Ann & Bo': '1=', 'Ed & Flo': '1=', 'Cy & Di': '3'}
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from operator import gt, itemgetter
from typing import TypeAlias, TypeVar

from scoring.errors import RulesError

K = TypeVar("K", bound=Hashable)

AVERAGE_PLUS = 60
AVERAGE = 50
AVERAGE_MINUS = 40
ADJUSTMENT_PERCENTS = frozenset({AVERAGE_PLUS, AVERAGE, AVERAGE_MINUS})

TIE_TOLERANCE = 1e-6
"""Two values closer than this share a place in :func:`rank`."""


class Convention(StrEnum):
    """How many matchpoints a comparison is worth."""

    EBU = "ebu"  # 2 per result beaten, 1 per tie
    ACBL = "acbl"  # 1 per result beaten, ½ per tie

    @classmethod
    def parse(cls, text: str) -> Convention:
        """The convention named ``"ebu"`` or ``"acbl"`` (either case)."""
        name = str(text).strip().lower()
        for convention in cls:
            if convention.value == name:
                return convention
        raise MatchpointError(
            MatchpointErrorCode.CONVENTION_UNKNOWN,
            f"{text!r} is not a matchpoint convention; choose ebu (2 for each result "
            "beaten, 1 for each tie) or acbl (1 for each result beaten, ½ for each tie)",
            convention=text,
        )


class MatchpointErrorCode(StrEnum):
    """What kind of input was refused. The values are stable: the site keys on them."""

    CONVENTION_UNKNOWN = "matchpoint_convention_unknown"
    EXPECTED_TOO_SMALL = "matchpoint_expected_too_small"
    NO_RESULTS = "matchpoint_no_results"
    ADJUSTMENT_PERCENT = "matchpoint_adjustment_percent"
    NO_BOARDS = "matchpoint_no_boards"
    OUT_OF_RANGE = "matchpoint_out_of_range"
    NOT_FINITE = "matchpoint_not_finite"


class MatchpointError(RulesError):
    """A refused input: ``str(error)`` is the English message, ``code`` and ``params``
    let the site build its own (translated) one."""

    codes = MatchpointErrorCode
    code: MatchpointErrorCode

    def __init__(self, code: MatchpointErrorCode, message: str, **params: object) -> None:
        super().__init__(code, message, **params)


# ---------------------------------------------------------------------------
# One board: plain matchpoints
# ---------------------------------------------------------------------------


def board_top(results: int, convention: str = "ebu") -> int:
    """The top on a board with ``results`` comparable results: ``2 × (results − 1)`` in
    EBU units, ``results − 1`` in ACBL units (0 for a board with none).

    >>> board_top(7), board_top(7, "acbl")
    (12, 6)
    """
    conv = Convention.parse(convention)
    comparisons = max(results - 1, 0)
    return 2 * comparisons if conv is Convention.EBU else comparisons


def neuberg(mp: float, *, results: int, expected: int, convention: str = "ebu") -> float:
    """Factor ``mp`` (scored among ``results`` results) up to a field of ``expected``.

    EBU units: ``(mp + 1) × expected / results − 1``; ACBL units:
    ``(mp + ½) × expected / results − ½``.

    >>> round(neuberg(4, results=6, expected=7), 4)  # Wikipedia's example
    4.8333
    >>> neuberg(18, results=10, expected=11)  # the EBU's sole top, 10 of 11 results
    19.9
    """
    conv = Convention.parse(convention)
    _check_expected(expected, results)
    if results < 1:
        raise MatchpointError(
            MatchpointErrorCode.NO_RESULTS,
            "The Neuberg formula needs at least one result on the board",
            results=results,
        )
    if conv is Convention.EBU:
        return ((mp + 1) * expected - results) / results
    return ((2 * mp + 1) * expected - results) / (2 * results)


def matchpoints(
    ns_scores: Sequence[int], convention: str = "ebu", expected: int | None = None
) -> list[float]:
    """The N–S matchpoints for each N–S net score on one board, in input order.

    ``expected`` is the number of results the full field would have given; when it is
    larger than ``len(ns_scores)`` every result is factored up with the Neuberg formula
    (the top is then that of ``expected`` results).

    >>> matchpoints([520, 500, 490, 480, 460, 450, 430, 420, 400, -50], expected=11)
    [19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1]
    """
    conv = Convention.parse(convention)
    field = len(ns_scores) if expected is None else expected
    _check_expected(field, len(ns_scores))
    values = _matchpoint_values(ns_scores, conv, field)
    return [values[score] for score in ns_scores]


def _matchpoint_values(ns_scores: Sequence[int], conv: Convention, field: int) -> dict[int, float]:
    """The N–S matchpoints of each distinct score among ``ns_scores``, factored up to a
    field of ``field``: worked out once a score, however many tables got it (a national
    field has thousands of results and a few dozen scores)."""
    results = len(ns_scores)
    values: dict[int, float] = {}
    below = 0
    for score, count in sorted(Counter(ns_scores).items()):
        # In EBU units: 2 for each result beaten, 1 for each other result tied with.
        units = 2 * below + count - 1
        # One division of two integers, so equal scores give identical floats.
        if conv is Convention.EBU:
            values[score] = ((units + 1) * field - results) / results
        else:
            values[score] = ((units + 1) * field - results) / (2 * results)
        below += count
    return values


def ew_matchpoints(ns_mps: Iterable[float], top: float) -> list[float]:
    """E–W's matchpoints: the top minus N–S's, result by result.

    >>> ew_matchpoints([6.0, 12.0, 0.0], 12)
    [6.0, 0.0, 12.0]
    """
    return [top - mp for mp in ns_mps]


def percentage(mp: float, top: float) -> float:
    """Matchpoints as a percentage of the top; 50 when the top is 0 (a field of one)."""
    return 50.0 if top == 0 else 100 * mp / top


@dataclass(frozen=True)
class BoardMatchpoints:
    """N–S and E–W matchpoints for each result on a board (input order), and the top."""

    ns: tuple[float, ...]
    ew: tuple[float, ...]
    top: int


def board_matchpoints(
    ns_scores: Sequence[int], convention: str = "ebu", expected: int | None = None
) -> BoardMatchpoints:
    """Both sides' matchpoints for each N–S net score on one board.

    >>> board_matchpoints([140, 120, 110], "acbl")
    BoardMatchpoints(ns=(2.0, 1.0, 0.0), ew=(0.0, 1.0, 2.0), top=2)
    """
    ns = matchpoints(ns_scores, convention, expected)
    top = board_top(len(ns_scores) if expected is None else expected, convention)
    return BoardMatchpoints(ns=tuple(ns), ew=tuple(ew_matchpoints(ns, top)), top=top)


# ---------------------------------------------------------------------------
# One board with adjusted scores
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Played:
    """A real result: the N–S net score (N–S points minus E–W points)."""

    ns_net: int


@dataclass(frozen=True)
class Adjusted:
    """An artificial adjusted score: a percentage of the top for each side, independently
    60 (Average+), 50 (Average) or 40 (Average−)."""

    ns_percent: int
    ew_percent: int

    def __post_init__(self) -> None:
        for side, percent in (("North–South", self.ns_percent), ("East–West", self.ew_percent)):
            if percent not in ADJUSTMENT_PERCENTS:
                raise MatchpointError(
                    MatchpointErrorCode.ADJUSTMENT_PERCENT,
                    f"An adjusted score of {percent!r} % for {side} is not allowed; "
                    "give 60 (Average+), 50 (Average) or 40 (Average−)",
                    side=side,
                    percent=percent,
                )


BoardEntry: TypeAlias = Played | Adjusted


@dataclass(frozen=True)
class BoardOutcome:
    """What one table gets on a board: matchpoints and percentages for each side."""

    ns_mp: float
    ew_mp: float
    top: int
    ns_percent: float
    ew_percent: float
    adjusted: bool


def score_board(
    entries: Sequence[BoardEntry], convention: str = "ebu", expected: int | None = None
) -> list[BoardOutcome]:
    """Score one board: one outcome per entry, in the same order (so the caller's table
    and pair identities line up by position).

    The field is ``expected`` results (default: one per entry, adjusted ones included).
    Real results are compared among themselves and factored up to the field (Neuberg);
    adjusted entries get their percentage of the field's top.

    >>> [(o.ns_mp, o.ew_mp) for o in score_board([Played(420), Played(-50), Adjusted(60, 40)])]
    [(3.5, 0.5), (0.5, 3.5), (2.4, 1.6)]
    """
    top, rows = score_board_rows(entries, convention, expected)
    return [
        BoardOutcome(
            ns_mp=ns_mp,
            ew_mp=ew_mp,
            top=top,
            ns_percent=ns_percent,
            ew_percent=ew_percent,
            adjusted=not isinstance(entry, Played),
        )
        for entry, (ns_mp, ew_mp, ns_percent, ew_percent) in zip(entries, rows, strict=True)
    ]


#: One table's figures on a board: N–S and E–W matchpoints, N–S and E–W percentages.
OutcomeRow: TypeAlias = tuple[float, float, float, float]


def score_board_rows(
    entries: Sequence[BoardEntry], convention: str = "ebu", expected: int | None = None
) -> tuple[int, list[OutcomeRow]]:
    """:func:`score_board` as plain figures: the board's top, and for each entry (in
    order) its ``(ns_mp, ew_mp, ns_percent, ew_percent)``. The same figures, made once
    a distinct score (tables with the same score share one tuple): what a national
    field of thousands of results is scored with.

    >>> score_board_rows([Played(420), Played(-50), Adjusted(60, 40)])
    (4, [(3.5, 0.5, 87.5, 12.5), (0.5, 3.5, 12.5, 87.5), (2.4, 1.6, 60.0, 40.0)])
    """
    conv = Convention.parse(convention)
    field = len(entries) if expected is None else expected
    _check_expected(field, len(entries))
    top = board_top(field, conv)
    played = [entry.ns_net for entry in entries if isinstance(entry, Played)]
    by_score: dict[int, OutcomeRow] = {}
    for score, ns_mp in _matchpoint_values(played, conv, field).items():
        ew_mp = top - ns_mp
        by_score[score] = (ns_mp, ew_mp, percentage(ns_mp, top), percentage(ew_mp, top))
    rows: list[OutcomeRow] = []
    for entry in entries:
        if isinstance(entry, Played):
            rows.append(by_score[entry.ns_net])
        else:
            rows.append(
                (
                    entry.ns_percent * top / 100,
                    entry.ew_percent * top / 100,
                    float(entry.ns_percent),
                    float(entry.ew_percent),
                )
            )
    return top, rows


# ---------------------------------------------------------------------------
# A session: percentages, totals, rankings
# ---------------------------------------------------------------------------


def pair_percentage(scores: Iterable[tuple[float, float]]) -> float:
    """A pair's session percentage from its ``(matchpoints, top)`` on each board it
    played: all its matchpoints over the most it could have scored, × 100.

    >>> round(pair_percentage([(12, 12), (6, 12), (2.4, 4)]), 4)
    72.8571
    """
    given = list(scores)
    mps = list(map(itemgetter(0), given))
    tops = list(map(itemgetter(1), given))
    # Checked a column at a time (a national ranking checks 288,000 figures); any doubt,
    # and one by one, for the first wrong one's message.
    if not (
        all(map(math.isfinite, mps))
        and all(map(math.isfinite, tops))
        and min(tops, default=0) >= 0
        and min(mps, default=0) >= -TIE_TOLERANCE
        and not any(map(gt, mps, map(TIE_TOLERANCE.__add__, tops)))
    ):
        _refuse_scores(given)
    if not tops:
        raise MatchpointError(
            MatchpointErrorCode.NO_BOARDS,
            "A pair that has played no boards has no percentage",
        )
    return percentage(math.fsum(mps), math.fsum(tops))


def _refuse_scores(scores: Iterable[tuple[float, float]]) -> None:
    """Raise for the first ``(matchpoints, top)`` that is not a number or out of range."""
    for mp, top in scores:
        if not (math.isfinite(mp) and math.isfinite(top)):
            raise MatchpointError(
                MatchpointErrorCode.NOT_FINITE,
                f"Matchpoints {mp!r} out of a top of {top!r} is not a number",
                mp=mp,
                top=top,
            )
        if top < 0 or mp < -TIE_TOLERANCE or mp > top + TIE_TOLERANCE:
            raise MatchpointError(
                MatchpointErrorCode.OUT_OF_RANGE,
                f"{mp!r} matchpoints out of a top of {top!r} is impossible; a board "
                "gives from 0 up to its top",
                mp=mp,
                top=top,
            )


def aggregate_totals(results: Iterable[tuple[K, K, int]]) -> dict[K, int]:
    """Total-points (aggregate) scoring: each pair's net points summed over the boards it
    played, from ``(ns_pair, ew_pair, ns_net)`` for each played result. The N–S pair adds
    the net score, the E–W pair subtracts it. Rank the totals with :func:`rank` (in a
    Mitchell, N–S pairs and E–W pairs separately).

    >>> aggregate_totals([("A", "B", 420), ("C", "D", -50), ("A", "D", 110)])
    {'A': 530, 'B': -420, 'C': -50, 'D': -60}
    """
    totals: dict[K, int] = {}
    for ns_pair, ew_pair, ns_net in results:
        totals[ns_pair] = totals.get(ns_pair, 0) + ns_net
        totals[ew_pair] = totals.get(ew_pair, 0) - ns_net
    return totals


def rank(
    values: Mapping[K, float],
    *,
    higher_is_better: bool = True,
    tolerance: float = TIE_TOLERANCE,
) -> dict[K, str]:
    """Place labels, best first: ``"1"``, ``"2"``, ``"3="``, ``"3="``, ``"5"`` …

    Tied keys share a place marked ``=`` and the next place skips. Values within
    ``tolerance`` of the best value of a tied group belong to it, so rounding noise in
    factored (Neuberg) sums never splits a tie. Tied keys keep their input order.

    >>> rank({"a": 70.0, "b": 55.0, "c": 55.0, "d": 40.0})
    {'a': '1', 'b': '2=', 'c': '2=', 'd': '4'}
    >>> rank({"a": 3, "b": 1}, higher_is_better=False)
    {'b': '1', 'a': '2'}
    """
    for key, value in values.items():
        if not math.isfinite(value):
            raise MatchpointError(
                MatchpointErrorCode.NOT_FINITE,
                f"Cannot rank {key!r}: its value {value!r} is not a number",
                key=key,
                value=value,
            )
    sign = -1 if higher_is_better else 1
    ordered = sorted(values.items(), key=lambda item: sign * item[1])
    groups: list[tuple[float, list[K]]] = []
    for key, value in ordered:
        if groups and abs(value - groups[-1][0]) <= tolerance:
            groups[-1][1].append(key)
        else:
            groups.append((value, [key]))
    places: dict[K, str] = {}
    for _, keys in groups:
        place = len(places) + 1
        label = f"{place}=" if len(keys) > 1 else str(place)
        for key in keys:
            places[key] = label
    return places


def _check_expected(expected: int, results: int) -> None:
    if expected < results:
        raise MatchpointError(
            MatchpointErrorCode.EXPECTED_TOO_SMALL,
            f"The board has {results} results, so the full field cannot be {expected}; "
            f"give at least {results} expected results",
            expected=expected,
            results=results,
        )
