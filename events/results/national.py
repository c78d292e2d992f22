"""The national results of an event: every school's results in one field per board,
computed from the event's rows and cached.

The rows come from :class:`events.models.EventResult`, whatever way they reached the
event (a session copied by :mod:`events.results.copying`, a file taken by
:mod:`events.schools.uploads`). The arithmetic is the rules library's
(:func:`scoring.event.score_board_entries` a board, :func:`scoring.event.pair_standings`
the ranking: the figures of :func:`scoring.event.score_event` without a result object a
table). The cache keeps what the pages read, the ranking and each board's top and
frequencies, not each result's line (144,000 at 1,000 schools): the certificates, which
need them, compute them from the rows (:func:`national_lines`). The results are cached
in the database (:class:`events.models.EventNational`) for the event's ``results_version``: any app
server or worker reads the same cache, and any change of results (a copy, an upload)
bumps the version, so the next reader computes them again. The pages' reads
(:func:`events.results.selectors.national_for_page`) keep the last rows they decoded,
by the row's version and time of computing, which they ask the database for first.

This module is the work, below the task that runs it (:func:`events.tasks.
compute_national`): it copies no session and queues nothing, so it imports neither."""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q
from django.utils import timezone

from events.models import Event, EventNational, EventResult
from scoring import matchpoints as mp
from scoring.cards import Seat
from scoring.event import (
    BoardScores,
    FieldEntry,
    FieldResult,
    NotPlayed,
    pair_standings,
    score_board_entries,
)


@dataclass(frozen=True)
class NationalBoard:
    """One board across the country: its field's top, the results and the frequency of
    each N–S score (best for N–S first) and of each contract (most played first). Its
    lines (each result's matchpoints) are not kept: :func:`national_lines` computes
    them for the one reader that needs them (the certificates)."""

    number: int
    top: int
    expected: int
    played: int
    scores: tuple[tuple[int, int], ...]
    contracts: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class NationalPair:
    """A pair's national result."""

    school: int
    pair: int  # EventPair pk
    boards: int
    matchpoints: float
    top: float
    percentage: float
    place: str


#: The stored payload's layout. 1 (no "format" key) also held every board's lines
#: (144,000 at 1,000 schools, the most of 12 MB): it still reads, its lines unread.
PAYLOAD_FORMAT = 2


@dataclass(frozen=True)
class NationalResults:
    """The national results for ``version`` of the event's results: the boards, and the
    pairs best first: what the pages, the downloads and the booklet read."""

    version: int
    boards: tuple[NationalBoard, ...]
    pairs: tuple[NationalPair, ...]

    def to_json(self) -> dict[str, Any]:
        """Plain lists, not dictionaries: the 12,000 pairs of 1,000 schools are written
        and read back in a fraction of the time."""
        return {
            "format": PAYLOAD_FORMAT,
            "version": self.version,
            "boards": [
                [
                    b.number,
                    b.top,
                    b.expected,
                    b.played,
                    [list(score) for score in b.scores],
                    [list(contract) for contract in b.contracts],
                ]
                for b in self.boards
            ],
            "pairs": [
                [p.school, p.pair, p.boards, p.matchpoints, p.top, p.percentage, p.place]
                for p in self.pairs
            ],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> NationalResults:
        """The results a payload of either format holds (format 1's lines skipped)."""
        return cls(
            version=data["version"],
            boards=tuple(
                NationalBoard(
                    number=board[0],
                    top=board[1],
                    expected=board[2],
                    played=board[3],
                    scores=tuple((score, count) for score, count in board[4]),
                    contracts=tuple((contract, count) for contract, count in board[5]),
                )
                for board in data["boards"]
            ),
            pairs=tuple(NationalPair(*pair) for pair in data["pairs"]),
        )


# --------------------------------------------------------------------------- computing


def _entry(kind: str, ns_score: int | None, ns_pct: int | None, ew_pct: int | None) -> FieldEntry:
    if kind == EventResult.Kind.PLAYED and ns_score is not None:
        return mp.Played(ns_score)
    if kind == EventResult.Kind.ADJUSTED and ns_pct is not None and ew_pct is not None:
        return mp.Adjusted(ns_pct, ew_pct)
    return NotPlayed()


#: A result's row and who played it: its pk, the school's and the two pairs' pks.
RowIds = tuple[int, int, int, int]
_SEATS = {seat.value: seat for seat in Seat}


def event_field(event: Event) -> tuple[dict[int, list[FieldResult]], dict[int, list[RowIds]]]:
    """Every result of the event as the rules library takes it, board by board (schools
    and pairs by their pks; declarer and tricks for the travellers), and the results'
    pks, schools and pairs in the same order (one query, plain rows)."""
    by_board: dict[int, list[FieldResult]] = defaultdict(list)
    ids: dict[int, list[RowIds]] = defaultdict(list)
    rows = EventResult.objects.filter(school__event=event).order_by("board_number", "pk")
    for (
        pk,
        board,
        school,
        ns,
        ew,
        kind,
        contract,
        declarer,
        tricks,
        score,
        ns_pct,
        ew_pct,
    ) in rows.values_list(
        "pk",
        "board_number",
        "school_id",
        "ns_pair_id",
        "ew_pair_id",
        "kind",
        "contract",
        "declarer",
        "tricks",
        "ns_score",
        "ns_percent",
        "ew_percent",
    ):
        by_board[board].append(
            FieldResult(
                school,
                ns,
                ew,
                _entry(kind, score, ns_pct, ew_pct),
                contract or None,
                _SEATS[declarer] if declarer else None,
                tricks,
            )
        )
        ids[board].append((pk, school, ns, ew))
    return dict(by_board), dict(ids)


@dataclass
class _Board:
    """One board's rows as the national computation reads them, in the same order:
    each result's entry, its contract, and who played it."""

    entries: list[FieldEntry] = field(default_factory=list)
    contracts: list[str | None] = field(default_factory=list)
    ids: list[RowIds] = field(default_factory=list)


def _scored_boards(event: Event) -> list[tuple[BoardScores, list[RowIds]]]:
    """Every board of the event scored across the field, with who played each line:
    one query of the columns the national results need (no declarer, no tricks), an
    entry made once a distinct score (the tables with one score share it) and no
    result object a table (scoring.event.score_board_entries)."""
    boards: dict[int, _Board] = defaultdict(_Board)
    entries: dict[tuple[str, int | None, int | None, int | None], FieldEntry] = {}
    # In the results' order only, each board's lines in it: ordered by board too, the
    # database sorted 144,000 rows on disk first (1,000 schools), about 0.3 s.
    rows = EventResult.objects.filter(school__event=event).order_by("pk")
    for pk, number, school, ns, ew, kind, contract, score, ns_pct, ew_pct in rows.values_list(
        "pk",
        "board_number",
        "school_id",
        "ns_pair_id",
        "ew_pair_id",
        "kind",
        "contract",
        "ns_score",
        "ns_percent",
        "ew_percent",
    ):
        key = (kind, score, ns_pct, ew_pct)
        entry = entries.get(key)
        if entry is None:
            entry = entries[key] = _entry(kind, score, ns_pct, ew_pct)
        board = boards[number]
        board.entries.append(entry)
        board.contracts.append(contract or None)
        board.ids.append((pk, school, ns, ew))
    return [
        (score_board_entries(number, board.entries, board.contracts, event.convention), board.ids)
        for number, board in sorted(boards.items())
    ]


def _national(version: int, scored: list[tuple[BoardScores, list[RowIds]]]) -> NationalResults:
    """The national results from the scored boards: each pair's matchpoints and tops
    gathered line by line, its percentage and place (scoring.event.pair_standings)."""
    scores: dict[tuple[Hashable, Hashable], list[tuple[float, float]]] = defaultdict(list)
    for board, ids in scored:
        top = board.top
        for (_pk, school, ns, ew), line in zip(ids, board.lines, strict=True):
            if line is not None:
                scores[school, ns].append((line[0], top))
                scores[school, ew].append((line[1], top))
    boards = tuple(
        NationalBoard(
            number=board.number,
            top=board.top,
            expected=board.expected,
            played=board.played,
            scores=board.scores,
            contracts=board.contracts,
        )
        for board, _ids in scored
    )
    pairs = tuple(
        NationalPair(
            school=int(str(pair.school)),
            pair=int(str(pair.pair)),
            boards=pair.boards,
            matchpoints=pair.matchpoints,
            top=pair.top,
            percentage=pair.percentage,
            place=pair.place,
        )
        for pair in pair_standings(scores)
    )
    return NationalResults(version=version, boards=boards, pairs=pairs)


def compute_national(event: Event, version: int) -> NationalResults:
    """The national results from the event's rows (one query for the rows)."""
    return _national(version, _scored_boards(event))


@dataclass(frozen=True)
class NationalLine:
    """One result with its national matchpoints and percentages (None: not played)."""

    result: int  # EventResult pk
    school: int
    ns_pair: int  # EventPair pks
    ew_pair: int
    ns_mp: float | None
    ew_mp: float | None
    ns_percent: float | None
    ew_percent: float | None


def national_lines(
    event: Event, version: int
) -> tuple[NationalResults, dict[int, tuple[NationalLine, ...]]]:
    """The national results from the event's rows, with every board's lines (board
    number → each result with its national matchpoints), from the same rows: for a
    reader that needs each result's figures (the certificates' tops), which the cache
    does not keep."""
    scored = _scored_boards(event)
    lines = {
        board.number: tuple(
            NationalLine(pk, school, ns, ew, None, None, None, None)
            if line is None
            else NationalLine(pk, school, ns, ew, *line)
            for (pk, school, ns, ew), line in zip(ids, board.lines, strict=True)
        )
        for board, ids in scored
    }
    return _national(version, scored), lines


def national_current(event: Event) -> NationalResults:
    """The event's national results for its current version, from its rows as they are
    (no school copied first: :func:`events.results.selectors.national_results` copies
    them, then asks here): the cache used if it is of that version, or the results
    computed and cached. The booklet's worker reads them so (the request copied the
    schools before it was queued)."""
    version = Event.objects.values_list("results_version", flat=True).get(pk=event.pk)
    cached = EventNational.objects.filter(event=event, version=version, data__isnull=False).first()
    if cached is not None and cached.data is not None:
        return NationalResults.from_json(cached.data)
    results = compute_national(event, version)
    payload = results.to_json()  # made once and sent once: 12,000 pairs at 1,000 schools
    stored = EventNational.objects.filter(event=event)
    if not stored.exists():
        _row, created = EventNational.objects.only("pk").get_or_create(
            event=event, defaults={"version": version, "data": payload}
        )
        if created:
            return results
    # Another server may have cached a newer version meanwhile: never go back.
    stored.filter(Q(version__lt=version) | Q(data__isnull=True)).update(
        version=version, data=payload, computed_at=timezone.now()
    )
    return results


# --------------------------------------------------------------------------- the cache


#: A claim older than this is a worker that died: another may take the job.
CLAIM_TIMEOUT = datetime.timedelta(minutes=5)


def national_refresh(event_id: int, *, claimed_before: datetime.datetime | None = None) -> bool:
    """Compute the event's national results for its current version and cache them,
    unless the cache already holds that version (True when it cached them). The worker's
    job (events.tasks).

    Two workers never compute the same version: each first claims it with one
    conditional UPDATE of the cache row (only one UPDATE can move ``claimed_version``
    up to it), and the one that did not get it leaves. The computation itself runs in
    no transaction and holds no lock, so the tablets' saves and the schools' uploads go
    on meanwhile (on SQLite a transaction that writes holds the database's one write
    lock); the result is written by a conditional UPDATE that never goes back to an
    older version. A claim older than CLAIM_TIMEOUT (its worker died) may be taken, and
    so may one made before ``claimed_before``: the task's second attempt passes the
    time it started, the worker of its first attempt having died (minibridge.
    task_recovery); at worst a live worker's claim is taken and the version computed
    twice, which the conditional write allows."""
    # From here on, a new change queues a new refresh: this one may miss it.
    Event.objects.filter(pk=event_id, national_queued=True).update(national_queued=False)
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return False  # the event was deleted meanwhile
    version = event.results_version
    EventNational.objects.get_or_create(event=event, defaults={"version": 0, "data": None})
    now = timezone.now()
    dead_before = now - CLAIM_TIMEOUT
    if claimed_before is not None:
        dead_before = max(dead_before, claimed_before)
    claimed = (
        EventNational.objects.filter(event=event)
        .filter(Q(version__lt=version) | Q(data__isnull=True))
        .filter(
            Q(claimed_version__lt=version)
            | Q(claimed_at__isnull=True)
            | Q(claimed_at__lt=dead_before)
        )
        .update(claimed_version=version, claimed_at=now)
    )
    if not claimed:
        return False  # done already, or another worker is at it
    results = compute_national(event, version)
    return bool(
        EventNational.objects.filter(event=event)
        .filter(Q(version__lt=version) | Q(data__isnull=True))
        .update(version=version, data=results.to_json(), computed_at=timezone.now())
    )


@dataclass(frozen=True)
class CachedNational:
    """The national results a page shows: the cached ones, and whether they are of the
    event's current version (if not, a worker is computing the new ones)."""

    results: NationalResults
    current: bool
