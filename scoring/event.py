"""A simultaneous event: many schools play the same boards, scored as one national field.

An organiser publishes a board set; each school plays it in class, on the organiser's
site or on its own laptop, and then uploads a results file (:mod:`scoring.upload`). This
module holds the rules such an event needs, in three parts.

The deal fingerprint
--------------------
An upload is matched to the event *by the deals themselves*: :func:`deal_fingerprint`
is a SHA-256 of who holds each of the 52 cards (in a fixed card order), so it does not
depend on how a file writes the deal (which seat comes first, the order of the cards in
a suit, upper or lower case). :func:`board_fingerprint` adds the board number, because
the same cards on another board have another dealer. :func:`compare_boards` checks an
upload's boards against the event's and returns *every* problem (a missing board, a
board with other cards — naming the event board it does match, if any — an extra
board, results for a board the event does not have, a pair with two results on one
board), each an
:class:`~scoring.upload.UploadProblem` with a stable code, English text and params. It
never raises. A USEBIO file does not always carry the deals (its HANDSET element is
optional); its boards are then matched by number alone, unless the caller asks for the
deals (``deals_required=True``). :func:`results_fingerprint` is a hash of an upload's
results in any order, so the site can see that a file uploaded again changes nothing.

One field across the country
----------------------------
Each board is matchpointed across every school's results at once: the N–S field is all
N–S net scores in the country on that board (a Howell school's pairs simply take part
in it on the side they sat), and E–W get the complement. The matchpoints, Neuberg
factoring and adjusted scores are those of :mod:`scoring.matchpoints`
(:func:`~scoring.matchpoints.score_board`), not a copy: the field's expected size is the
number of results the board got, "not played" ones included (as in a session), or the
number the organiser gives. A pair's national percentage is all its matchpoints over
all its tops (:func:`~scoring.matchpoints.pair_percentage`), and its place comes from
:func:`~scoring.matchpoints.rank`. Each board also gets its frequency tables: how often
each N–S score and each contract came up.

Incremental by board
--------------------
:func:`score_field_board` is a pure function of one board's results: the same results
give the same :class:`BoardField`, whatever else happened in the event. So a caller can
cache each board's field and recompute only the boards that got new results, then call
:func:`event_standings` on the cached fields; :func:`score_event` is exactly that, from
cold. ``bench/bench_event_scoring.py`` times a national event (200 schools × 6 tables ×
24 boards).

Sections
--------
An event may rank its field in sections too (by age, say: "Years 5–6", "Years 7–8"),
each school's pairs in one. :func:`rank_in_sections` ranks the national percentages
again among each section's pairs: the same boards were played everywhere and are
matchpointed across the whole field, so a pair's percentage is its national one
whichever section it is in, and only its place is counted within the section.

A school's own rankings
-----------------------
:func:`school_standings` matchpoints one school's results among themselves and ranks
them as the school ranked them (docs/rules.md §5.5): a Mitchell's N–S and E–W pairs in two
lists, one field otherwise. A school playing on this site says which from its session;
for an uploaded file :func:`sides_sat_apart` decides it from the results themselves
(every pair only ever sat one direction: two lists).

:func:`field_results` turns an upload into field results; :func:`national_upload` turns
the national results back into one :class:`~scoring.upload.Upload` (national
matchpoints, percentages and places) for the USEBIO writer.
"""

from __future__ import annotations

import datetime
import hashlib
from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from operator import itemgetter
from typing import TypeAlias, TypeVar

from scoring import matchpoints as mp
from scoring.cards import Deal, Seat, Side, full_deck
from scoring.upload import (
    ResultKind,
    Upload,
    UploadBoard,
    UploadPair,
    UploadProblem,
    UploadProblemCode,
    UploadResult,
)

__all__ = [
    "BoardField",
    "BoardScores",
    "EventResults",
    "FieldEntry",
    "FieldLine",
    "FieldResult",
    "NotPlayed",
    "PairStanding",
    "SchoolList",
    "board_fingerprint",
    "compare_boards",
    "deal_fingerprint",
    "event_over",
    "event_standings",
    "field_results",
    "national_upload",
    "pair_standings",
    "rank_in_sections",
    "results_fingerprint",
    "school_standings",
    "score_board_entries",
    "score_event",
    "score_field_board",
    "sides_sat_apart",
]

K = TypeVar("K", bound=Hashable)
S = TypeVar("S", bound=Hashable)

_DECK = full_deck()
_FINGERPRINT_VERSION = "minibridge-deal/1"


def event_over(last_day: datetime.date, today: datetime.date) -> bool:
    """Whether an event whose last day is ``last_day`` is over on ``today``: only once
    that day has passed, since schools may still play the boards on it. Until then
    the boards' hands and how each was played are shown nowhere."""
    return today > last_day


# ---------------------------------------------------------------------------
# Fingerprints
# ---------------------------------------------------------------------------


def _owners(deal: Deal) -> str:
    """52 letters: who holds each card, spades ace first, clubs two last."""
    owner: dict[object, str] = {}
    for seat in Seat:
        for card in deal[seat].cards:
            owner[card] = seat.value
    return "".join(owner[card] for card in _DECK)


def deal_fingerprint(deal: Deal) -> str:
    """A stable hash (64 hex digits) of the cards' owners: the same for every way of
    writing the same deal.

    >>> a = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    >>> b = Deal.from_pbn("E:T98.765.432.AKQJ 567.234.AKQJ.89T 234.AKQJ.89T.567 QJKA.T98.765.432")
    >>> deal_fingerprint(a) == deal_fingerprint(b)
    True
    """
    text = f"{_FINGERPRINT_VERSION}:{_owners(deal)}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def board_fingerprint(number: int, deal: Deal) -> str:
    """A stable hash of a board: its number and its deal."""
    text = f"{_FINGERPRINT_VERSION}:{number}:{_owners(deal)}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def results_fingerprint(upload: Upload) -> str:
    """A hash of an upload's boards, pairs and results, in any order: two files with the
    same content (however written) have the same one, so uploading a file again can be
    seen to change nothing."""
    parts: list[str] = []
    for board in upload.boards:
        deal = _owners(board.deal) if board.deal is not None else "-"
        parts.append(f"B|{board.number}|{deal}")
    for pair in upload.pairs:
        parts.append(f"P|{pair.number}|{'/'.join(pair.names)}|{pair.direction or ''}")
    for r in upload.results:
        fields = (
            r.board,
            r.ns_pair,
            r.ew_pair,
            r.kind.value,
            r.contract or "",
            r.declarer.value if r.declarer else "",
            "" if r.tricks is None else r.tricks,
            "" if r.ns_score is None else r.ns_score,
            "" if r.ns_percent is None else r.ns_percent,
            "" if r.ew_percent is None else r.ew_percent,
        )
        parts.append("R|" + "|".join(str(value) for value in fields))
    digest = hashlib.sha256()
    for part in sorted(parts):
        digest.update(part.encode("utf-8", "surrogatepass"))
        digest.update(b"\n")
    return digest.hexdigest()


def compare_boards(
    event: Mapping[int, Deal],
    upload: Upload,
    *,
    every_board: bool = True,
    deals_required: bool = False,
) -> tuple[UploadProblem, ...]:
    """Every way the upload's boards differ from the event's (``event`` maps board
    numbers to deals); empty when the upload belongs to the event.

    ``every_board``: a board of the event that the file lacks is a problem (a school
    that played only some boards passes False, and then only its results' boards must
    be the event's). ``deals_required``: a board without a deal (a USEBIO file without
    HANDSET) is a problem instead of being matched by its number.
    """
    problems: list[UploadProblem] = []
    by_fingerprint = {deal_fingerprint(deal): number for number, deal in event.items()}
    seen: set[int] = set()
    for board in upload.boards:
        number = board.number
        if number in seen:
            problems.append(
                UploadProblem(
                    UploadProblemCode.BOARD_TWICE,
                    f"Board {number} is in the file twice",
                    {"board": number},
                    board=number,
                )
            )
            continue
        seen.add(number)
        expected = event.get(number)
        if expected is None:
            problems.append(
                UploadProblem(
                    UploadProblemCode.BOARD_EXTRA,
                    f"Board {number} in the file is not one of the event's boards",
                    {"board": number},
                    board=number,
                )
            )
            continue
        if board.deal is None:
            if deals_required:
                problems.append(_no_deal(number))
            continue
        fingerprint = deal_fingerprint(board.deal)
        if fingerprint != deal_fingerprint(expected):
            other = by_fingerprint.get(fingerprint)
            if other is None:
                message = (
                    f"Board {number} in the file has other cards than the event's "
                    f"board {number}: it was not dealt from the event's boards"
                )
            else:
                message = (
                    f"Board {number} in the file has the cards of the event's board "
                    f"{other}: the boards were numbered differently"
                )
            problems.append(
                UploadProblem(
                    UploadProblemCode.BOARD_DIFFERENT,
                    message,
                    {"board": number, "matches_board": other},
                    board=number,
                )
            )
    result_boards = sorted({result.board for result in upload.results})
    if every_board:
        for number in sorted(set(event) - seen):
            problems.append(
                UploadProblem(
                    UploadProblemCode.BOARD_MISSING,
                    f"Board {number} of the event is not in the file",
                    {"board": number},
                    board=number,
                )
            )
    for number in result_boards:
        if number not in event:
            problems.append(
                UploadProblem(
                    UploadProblemCode.RESULT_UNKNOWN_BOARD,
                    f"The file has results for board {number}, which is not one of the "
                    "event's boards",
                    {"board": number},
                    board=number,
                )
            )
        elif number not in seen and not every_board and deals_required:
            # Results on a board the file does not list cannot be checked either.
            problems.append(_no_deal(number))
    problems.extend(_results_twice(upload))
    if not upload.results:
        problems.append(UploadProblem(UploadProblemCode.NO_RESULTS, "The file has no results", {}))
    return tuple(problems)


def _no_deal(number: int) -> UploadProblem:
    return UploadProblem(
        UploadProblemCode.BOARD_NO_DEAL,
        f"Board {number} in the file has no cards, so it cannot be checked against the "
        "event's board",
        {"board": number},
        board=number,
    )


def _results_twice(upload: Upload) -> list[UploadProblem]:
    """A pair plays a board once: a second result for it, or a pair against itself,
    would count twice in the national field."""
    problems: list[UploadProblem] = []
    seen: set[tuple[int, str]] = set()
    for result in upload.results:
        pairs = (result.ns_pair, result.ew_pair)
        if result.ns_pair == result.ew_pair:
            pair = result.ns_pair
            message = f"Board {result.board}: pair {pair} is shown playing against itself"
        else:
            twice = [pair for pair in pairs if (result.board, pair) in seen]
            if not twice:
                seen.update((result.board, pair) for pair in pairs)
                continue
            pair = twice[0]
            message = f"Board {result.board}: pair {pair} has more than one result"
        problems.append(
            UploadProblem(
                UploadProblemCode.RESULT_TWICE,
                message,
                {"board": result.board, "pair": pair},
                board=result.board,
            )
        )
    return problems


# ---------------------------------------------------------------------------
# One field across the country
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class NotPlayed:
    """The board reached the table but was not played: no matchpoints, but it counts in
    the board's expected field (the others are factored up, Neuberg)."""


FieldEntry: TypeAlias = mp.Played | mp.Adjusted | NotPlayed


@dataclass(frozen=True)
class FieldResult:
    """One table's result on a board, anywhere in the country.

    ``school`` and the pair keys are any hashable values (database ids, names); a pair
    is known nationally as ``(school, pair)``. ``entry`` is the N–S net score
    (:class:`~scoring.matchpoints.Played`), an adjusted score or :class:`NotPlayed`;
    ``contract`` (e.g. ``"4S"``) feeds the contract frequency table; ``declarer`` and
    ``tricks`` only travel to the exported travellers (:func:`national_upload`).
    """

    school: Hashable
    ns_pair: Hashable
    ew_pair: Hashable
    entry: FieldEntry
    contract: str | None = None
    declarer: Seat | None = None
    tricks: int | None = None


@dataclass(frozen=True)
class FieldLine:
    """A result with its national matchpoints and percentages (None when not played)."""

    result: FieldResult
    ns_mp: float | None
    ew_mp: float | None
    ns_percent: float | None
    ew_percent: float | None


@dataclass(frozen=True)
class BoardField:
    """One board scored across the whole field.

    ``lines`` are in the order of the results given. ``scores`` is the frequency table
    of N–S net scores, best for N–S first; ``contracts`` that of the contracts, most
    frequent first (ties in contract order). ``top`` is the top of the field of
    ``expected`` results, of which ``played`` were real results.
    """

    number: int
    lines: tuple[FieldLine, ...]
    top: int
    expected: int
    played: int
    scores: tuple[tuple[int, int], ...]
    contracts: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class PairStanding:
    """A pair's national result: matchpoints over its tops on the boards it played."""

    school: Hashable
    pair: Hashable
    boards: int
    matchpoints: float
    top: float
    percentage: float
    place: str


@dataclass(frozen=True)
class EventResults:
    """The national results: each board's field, and the pairs best first."""

    boards: tuple[BoardField, ...]
    pairs: tuple[PairStanding, ...]

    def board(self, number: int) -> BoardField | None:
        for board in self.boards:
            if board.number == number:
                return board
        return None


@dataclass(frozen=True)
class BoardScores:
    """One board scored across the whole field, as plain figures: ``lines`` holds for
    each entry given (in order) its ``(ns_mp, ew_mp, ns_percent, ew_percent)``, or None
    when it was not played; the rest is :class:`BoardField`'s."""

    number: int
    lines: tuple[mp.OutcomeRow | None, ...]
    top: int
    expected: int
    played: int
    scores: tuple[tuple[int, int], ...]
    contracts: tuple[tuple[str, int], ...]


def score_board_entries(
    number: int,
    entries: Sequence[FieldEntry],
    contracts: Sequence[str | None],
    convention: str = "ebu",
    expected: int | None = None,
) -> BoardScores:
    """Matchpoint one board across the field from its entries and their contracts (in
    the same order) alone: :func:`score_field_board`'s figures without a result object
    a table, for a caller that keeps who played each entry itself (a national field of
    thousands of results: tables with the same score share one figures tuple). Raises
    as :func:`score_field_board` does."""
    mp.Convention.parse(convention)
    field = len(entries) if expected is None else expected
    if field < len(entries):
        # The refusal score_board gives, also when every result is "not played".
        raise mp.MatchpointError(
            mp.MatchpointErrorCode.EXPECTED_TOO_SMALL,
            f"Board {number} has {len(entries)} results, so the full field cannot be "
            f"{field}; give at least {len(entries)} expected results",
            expected=field,
            results=len(entries),
        )
    counted = [entry for entry in entries if not isinstance(entry, NotPlayed)]
    top, rows = mp.score_board_rows(counted, convention, expected=field)
    lines: tuple[mp.OutcomeRow | None, ...]
    if len(counted) == len(entries):
        lines = tuple(rows)  # every table played the board or got an adjusted score
    else:
        outcomes = iter(rows)
        lines = tuple(None if isinstance(entry, NotPlayed) else next(outcomes) for entry in entries)
    # Counted from lists (C's counting): a national board has thousands of tables.
    score_counts = Counter([entry.ns_net for entry in counted if isinstance(entry, mp.Played)])
    contract_counts = Counter(
        [
            contract
            for entry, contract in zip(entries, contracts, strict=True)
            if contract and isinstance(entry, mp.Played)
        ]
    )
    return BoardScores(
        number=number,
        lines=tuple(lines),
        top=top,
        expected=field,
        played=sum(score_counts.values()),
        scores=tuple(sorted(score_counts.items(), key=lambda item: -item[0])),
        contracts=tuple(sorted(contract_counts.items(), key=lambda item: (-item[1], item[0]))),
    )


def score_field_board(
    number: int,
    results: Sequence[FieldResult],
    convention: str = "ebu",
    expected: int | None = None,
) -> BoardField:
    """Matchpoint one board across every school's results.

    A pure function of its arguments (no state is kept), so a caller may cache the
    result per board and recompute a board only when it gets new results. The field is
    ``expected`` results (default: one per result given, "not played" included); real
    results are compared among themselves and factored up to it (Neuberg), adjusted
    ones get their percentage of its top (:func:`scoring.matchpoints.score_board`).
    Raises :class:`~scoring.matchpoints.MatchpointError` for an unknown convention or
    an ``expected`` smaller than the number of results.
    """
    board = score_board_entries(
        number,
        [result.entry for result in results],
        [result.contract for result in results],
        convention,
        expected,
    )
    return BoardField(
        number=number,
        lines=tuple(
            FieldLine(result, None, None, None, None) if line is None else FieldLine(result, *line)
            for result, line in zip(results, board.lines, strict=True)
        ),
        top=board.top,
        expected=board.expected,
        played=board.played,
        scores=board.scores,
        contracts=board.contracts,
    )


def event_standings(boards: Iterable[BoardField]) -> EventResults:
    """Every pair's national percentage and place, from the boards' fields (cached or
    fresh). A pair is ``(school, pair)``; boards it did not play (or that were not
    played at its table) do not count for it."""
    fields = tuple(sorted(boards, key=lambda board: board.number))
    scores: dict[tuple[Hashable, Hashable], list[tuple[float, float]]] = defaultdict(list)
    for board in fields:
        for line in board.lines:
            if line.ns_mp is None or line.ew_mp is None:
                continue
            result = line.result
            scores[result.school, result.ns_pair].append((line.ns_mp, board.top))
            scores[result.school, result.ew_pair].append((line.ew_mp, board.top))
    return EventResults(boards=fields, pairs=pair_standings(scores))


def pair_standings(
    scores: Mapping[tuple[Hashable, Hashable], Sequence[tuple[float, float]]],
) -> tuple[PairStanding, ...]:
    """The pairs best first, each ``(school, pair)`` with its national percentage and
    place, from its ``(matchpoints, top)`` on each board it played (what
    :func:`event_standings` gathers from the boards' lines; a caller that scored the
    boards with :func:`score_board_entries` gathers them itself)."""
    percentages = {key: mp.pair_percentage(pair_scores) for key, pair_scores in scores.items()}
    places = mp.rank(percentages)
    return tuple(
        PairStanding(
            school=key[0],
            pair=key[1],
            boards=len(scores[key]),
            matchpoints=sum(map(itemgetter(0), scores[key])),
            top=sum(map(itemgetter(1), scores[key])),
            percentage=percentages[key],
            place=place,
        )
        for key, place in places.items()
    )


def score_event(
    results: Mapping[int, Sequence[FieldResult]],
    convention: str = "ebu",
    expected: Mapping[int, int] | None = None,
) -> EventResults:
    """The national results from cold: each board of ``results`` (board number → every
    result on it) scored by :func:`score_field_board`, then :func:`event_standings`.
    ``expected`` gives a board's full field when it is larger than its results."""
    expected = expected or {}
    return event_standings(
        score_field_board(number, board_results, convention, expected.get(number))
        for number, board_results in results.items()
    )


# ---------------------------------------------------------------------------
# Sections
# ---------------------------------------------------------------------------


def rank_in_sections(
    percentages: Mapping[K, float], sections: Mapping[K, S]
) -> dict[S, dict[K, str]]:
    """Each section's pairs, best first, with their places within the section: the
    national ``percentages`` (pair → percentage, in the national ranking's order)
    ranked again (:func:`~scoring.matchpoints.rank`) among the pairs ``sections`` puts
    in the same section. A pair without a section is in none of them; a section
    without pairs is left out. Tied pairs keep their national order. One pass over the
    ranking and a sort per section: no board is matchpointed again.

    >>> rank_in_sections({"a": 70.0, "b": 60.0, "c": 55.0, "d": 40.0},
    ...                  {"a": "Y5", "b": "Y7", "c": "Y5", "d": "Y7"})
    {'Y5': {'a': '1', 'c': '2'}, 'Y7': {'b': '1', 'd': '2'}}
    """
    grouped: dict[S, dict[K, float]] = {}
    for key, percentage in percentages.items():
        if key in sections:
            grouped.setdefault(sections[key], {})[key] = percentage
    return {section: mp.rank(values) for section, values in grouped.items()}


# ---------------------------------------------------------------------------
# A school's own rankings
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SchoolList:
    """One of a school's own rankings: its N–S pairs or its E–W pairs (``side``), or,
    ``side`` None, all its pairs in one field. Places count within the list."""

    side: Side | None
    pairs: tuple[PairStanding, ...]


def _sides_sat(results: Iterable[FieldResult]) -> dict[Hashable, Counter[Side]]:
    """How often each pair sat each direction (every result, "not played" ones too:
    the pair sat there)."""
    sat: dict[Hashable, Counter[Side]] = defaultdict(Counter)
    for result in results:
        sat[result.ns_pair][Side.NS] += 1
        sat[result.ew_pair][Side.EW] += 1
    return sat


def sides_sat_apart(results: Iterable[FieldResult]) -> bool:
    """Whether a school's results show N–S and E–W as two fields: every pair only ever
    sat one direction (a Mitchell without an arrow switch), so its N–S pairs are ranked
    among themselves and its E–W pairs among themselves (docs/rules.md §5.5). A pair that sat
    both directions (a Howell, an arrow switch) makes one field; no results, one field.

    >>> sides_sat_apart([FieldResult("Ask", "1NS", "1EW", NotPlayed())])
    True
    >>> swapped = [FieldResult("Ask", 1, 2, NotPlayed()), FieldResult("Ask", 2, 1, NotPlayed())]
    >>> sides_sat_apart(swapped)
    False
    """
    sat = _sides_sat(results)
    return bool(sat) and all(len(sides) == 1 for sides in sat.values())


def school_standings(
    results: Mapping[int, Sequence[FieldResult]],
    convention: str = "ebu",
    *,
    sides_apart: bool | None = None,
) -> tuple[SchoolList, ...]:
    """A school's own rankings: its results (board number → its results on the board)
    matchpointed among themselves (:func:`score_event`), then ranked as the school ranks
    them. ``sides_apart`` says how (a school playing on this site: its session's
    movement); None decides it from the results (:func:`sides_sat_apart`). Apart, two
    lists, N–S then E–W, each pair in the one it sat (the one it sat most, N–S on a
    tie, should a pair have sat both); else one list. Percentages as in one field,
    places (:func:`~scoring.matchpoints.rank`) within each list."""
    every = [result for board in results.values() for result in board]
    apart = sides_sat_apart(every) if sides_apart is None else sides_apart
    scored = score_event(results, convention)
    if not apart:
        return (SchoolList(None, scored.pairs),)
    sat = _sides_sat(every)

    def side_of(pair: Hashable) -> Side:
        sides = sat.get(pair, Counter())
        return Side.EW if sides[Side.EW] > sides[Side.NS] else Side.NS

    lists = []
    for side in (Side.NS, Side.EW):
        standings = [pair for pair in scored.pairs if side_of(pair.pair) is side]
        places = mp.rank({(pair.school, pair.pair): pair.percentage for pair in standings})
        lists.append(
            SchoolList(
                side,
                tuple(replace(pair, place=places[pair.school, pair.pair]) for pair in standings),
            )
        )
    return tuple(lists)


def field_results(upload: Upload, school: Hashable) -> dict[int, list[FieldResult]]:
    """An upload's results as field results of ``school``, board by board (pairs keyed
    by the file's pair numbers). A played result counts with the N–S net score the file
    gives; one without a score is left out (the readers report it as a problem)."""
    by_board: dict[int, list[FieldResult]] = defaultdict(list)
    for r in upload.results:
        entry: FieldEntry
        if r.kind is ResultKind.NOT_PLAYED:
            entry = NotPlayed()
        elif r.kind is ResultKind.ADJUSTED:
            if r.ns_percent is None or r.ew_percent is None:
                continue
            try:
                entry = mp.Adjusted(r.ns_percent, r.ew_percent)
            except mp.MatchpointError:
                continue
        else:
            if r.ns_score is None:
                continue
            entry = mp.Played(r.ns_score)
        by_board[r.board].append(
            FieldResult(school, r.ns_pair, r.ew_pair, entry, r.contract, r.declarer, r.tricks)
        )
    return dict(by_board)


def national_upload(
    event: EventResults,
    pairs: Mapping[tuple[Hashable, Hashable], UploadPair],
    *,
    deals: Mapping[int, Deal] | None = None,
    title: str = "",
    date: datetime.date | None = None,
) -> Upload:
    """The national results as one :class:`~scoring.upload.Upload`, for the USEBIO
    writer (:func:`scoring.usebio.write_usebio`): every result line with its national
    matchpoints, every pair with its national percentage and place. The national
    ranking is one list of every pair, whichever side it sat (:func:`event_standings`),
    so the upload's ``winner_type`` is 1 (USEBIO's one ranking).

    ``pairs`` names each ``(school, pair)``: its national pair number (unique in the
    event, e.g. ``"S12-3NS"``) and the names to publish (first names only on anything
    public). A pair the mapping lacks is written under ``"<school>-<pair>"`` without
    names.
    """

    def named(school: Hashable, pair: Hashable) -> UploadPair:
        return pairs.get((school, pair)) or UploadPair(f"{school}-{pair}")

    results: list[UploadResult] = []
    for board in event.boards:
        for line in board.lines:
            r = line.result
            ns, ew = named(r.school, r.ns_pair).number, named(r.school, r.ew_pair).number
            entry = r.entry
            if isinstance(entry, NotPlayed):
                results.append(UploadResult(board.number, ns, ew, ResultKind.NOT_PLAYED))
            elif isinstance(entry, mp.Adjusted):
                results.append(
                    UploadResult(
                        board.number,
                        ns,
                        ew,
                        ResultKind.ADJUSTED,
                        ns_percent=entry.ns_percent,
                        ew_percent=entry.ew_percent,
                        ns_mp=line.ns_mp,
                        ew_mp=line.ew_mp,
                    )
                )
            else:
                results.append(
                    UploadResult(
                        board.number,
                        ns,
                        ew,
                        ResultKind.PLAYED,
                        r.contract,
                        r.declarer,
                        r.tricks,
                        entry.ns_net,
                        ns_mp=line.ns_mp,
                        ew_mp=line.ew_mp,
                    )
                )
    # Ranked pairs best first, then any pair with no ranked result (only "not played").
    standings = {(p.school, p.pair): p for p in event.pairs}
    keys: dict[tuple[Hashable, Hashable], None] = dict.fromkeys(standings)
    for board in event.boards:
        for line in board.lines:
            for pair in (line.result.ns_pair, line.result.ew_pair):
                keys.setdefault((line.result.school, pair))
    out_pairs = []
    for key in keys:
        pair = named(*key)
        standing = standings.get(key)
        out_pairs.append(
            replace(
                pair,
                percentage=standing.percentage if standing else None,
                place=standing.place if standing else None,
            )
        )
    deals = deals or {}
    numbers = sorted({board.number for board in event.boards} | set(deals))
    return Upload(
        boards=tuple(UploadBoard(number, deals.get(number)) for number in numbers),
        pairs=tuple(out_pairs),
        results=tuple(results),
        title=title,
        date=date,
        winner_type=1,
    )
