"""The national results of an event: every school's results in one field per board.

The rows come from :class:`events.models.EventResult`, whatever way they reached the
event. A school that plays on this site has its session's results copied into those
rows whenever the session has changed since the last copy (its ``revision``), so the
national results follow the classes as they play and finish. The arithmetic is the
rules library's (:func:`scoring.event.score_event`). The results are cached in the
database (:class:`events.models.EventNational`) for the event's ``results_version``:
any app server or worker reads the same cache, and any change of results (a copy, an
upload) bumps the version, so the next reader computes them again. Nothing is kept in
process memory.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F, Q, QuerySet
from django.utils import timezone

from events.models import Event, EventNational, EventPair, EventResult, EventSchool
from scoring import matchpoints as mp
from scoring.cards import Seat
from scoring.event import FieldEntry, FieldResult, NotPlayed, score_event
from scoring.upload import first_name
from tournaments import selectors, sessions
from tournaments.models import Board, PairMember, Result, Session
from tournaments.scores import score_played

# --------------------------------------------------------------------------- the figures


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


@dataclass(frozen=True)
class NationalBoard:
    """One board across the country: its field's top, the results and the frequency of
    each N–S score (best for N–S first) and of each contract (most played first)."""

    number: int
    top: int
    expected: int
    played: int
    scores: tuple[tuple[int, int], ...]
    contracts: tuple[tuple[str, int], ...]
    lines: tuple[NationalLine, ...]


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


@dataclass(frozen=True)
class NationalResults:
    """The national results for ``version`` of the event's results: the boards, and the
    pairs best first."""

    version: int
    boards: tuple[NationalBoard, ...]
    pairs: tuple[NationalPair, ...]

    def to_json(self) -> dict[str, Any]:
        """Plain lists, not dictionaries: 28,800 lines are written and read back in a
        fraction of the time (the cache is read on every page view)."""
        return {
            "version": self.version,
            "boards": [
                [
                    b.number,
                    b.top,
                    b.expected,
                    b.played,
                    [list(score) for score in b.scores],
                    [list(contract) for contract in b.contracts],
                    [
                        [
                            line.result,
                            line.school,
                            line.ns_pair,
                            line.ew_pair,
                            line.ns_mp,
                            line.ew_mp,
                            line.ns_percent,
                            line.ew_percent,
                        ]
                        for line in b.lines
                    ],
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
        return cls(
            version=data["version"],
            boards=tuple(
                NationalBoard(
                    number=number,
                    top=top,
                    expected=expected,
                    played=played,
                    scores=tuple((score, count) for score, count in scores),
                    contracts=tuple((contract, count) for contract, count in contracts),
                    lines=tuple(NationalLine(*line) for line in lines),
                )
                for number, top, expected, played, scores, contracts, lines in data["boards"]
            ),
            pairs=tuple(NationalPair(*pair) for pair in data["pairs"]),
        )


# --------------------------------------------------------------------------- copying a session


def pair_key(number: int, line: str) -> str:
    """A session pair's id in the event: "3NS", "3EW" (Mitchell), "5" (Howell); the
    same in every language."""
    return f"{number}{line}"


def _first_names(members: Sequence[PairMember]) -> str:
    return " & ".join(first_name(member.pupil.first_name) for member in members)


def sync_direct_schools(event: Event) -> int:
    """Copy into the event the results of each school that plays on this site and whose
    session has changed since its last copy (one query when none has). Returns how many
    schools were copied."""
    return _sync_stale(EventSchool.objects.filter(event=event))


def class_schools_sync(*, school_class_id: int) -> int:
    """Copy again, into every event, each session of the class that has changed since
    its last copy: when a pupil is deleted, the pupil's first name leaves the events'
    pairs in the same transaction, not when somebody next opens the results."""
    return _sync_stale(EventSchool.objects.filter(session__school_class_id=school_class_id))


def _sync_stale(schools: QuerySet[EventSchool]) -> int:
    stale = list(
        schools.filter(session__isnull=False)
        .exclude(synced_revision=F("session__revision"))
        .values_list("pk", flat=True)
    )
    for school_id in stale:
        school_sync_session(school_id)
    return len(stale)


@transaction.atomic
def school_sync_session(school_id: int) -> None:
    """Replace a school's rows in the event with its session's agreed results (pairs by
    their numbers, first names only; played results scored with the session's scoring,
    the event's own). Two workers copying the same school wait for each other on the
    school's row; the second finds it up to date and does nothing."""
    school = (
        EventSchool.objects.select_for_update(of=("self",))
        .select_related("session")
        .get(pk=school_id)
    )
    session = school.session
    if session is None:
        return
    revision = Session.objects.values_list("revision", flat=True).get(pk=session.pk)
    if school.synced_revision == revision:
        return
    school.results.all().delete()
    pairs = _school_pairs(school, session)
    # Scored as the event scores, whatever the session was set to: uploads are too.
    profile = school.event.profile
    boards = {
        board.number: selectors.board_facts(board, profile=profile)
        for board in Board.objects.filter(board_set_id=session.board_set_id)
    }
    rows = []
    for result in Result.objects.filter(session=session, agreed=True):
        row = EventResult(
            school=school,
            board_number=result.board_number,
            ns_pair=pairs[result.ns_pair_id],
            ew_pair=pairs[result.ew_pair_id],
            kind=result.kind,
        )
        scored = score_played(result, boards[result.board_number], profile)
        if scored is not None:
            row.contract = str(scored.contract)
            row.declarer = scored.declarer.value
            row.tricks = scored.tricks
            row.ns_score = scored.ns_net
        elif result.kind == Result.Kind.ADJUSTED:
            row.ns_percent, row.ew_percent = result.ns_adjusted, result.ew_adjusted
        rows.append(row)
    EventResult.objects.bulk_create(rows)
    school.synced_revision = revision
    school.updated_at = timezone.now()
    school.save(update_fields=["synced_revision", "updated_at"])
    results_changed(school.event_id)


#: How long a worker waits before computing the national results after a change: the
#: changes of many schools meanwhile are computed together, once (a national event's
#: uploads come seconds apart; each computation takes a good part of a second).
REFRESH_DELAY = datetime.timedelta(seconds=5)
#: A claim older than this is a worker that died: another may take the job.
CLAIM_TIMEOUT = datetime.timedelta(minutes=5)


def keep_school_pairs(school: EventSchool, wanted: dict[str, str]) -> dict[str, EventPair]:
    """The school's pairs in the event, ``wanted`` as key → first names: the ones it has
    are kept as they are (the cached national results name pairs by their rows, so a
    school whose results change keeps its place on the pages while a worker computes
    them again), their names brought up to date; new ones are added, gone ones removed
    (with their results). Call it after removing the school's results."""
    kept = {pair.key: pair for pair in school.pairs.all()}
    pairs: dict[str, EventPair] = {}
    renamed: list[EventPair] = []
    for key, names in wanted.items():
        known = kept.pop(key, None)
        if known is None:
            known = EventPair(school=school, key=key, names=names)
        elif known.names != names:
            known.names = names
            renamed.append(known)
        pairs[key] = known
    EventPair.objects.filter(pk__in=[pair.pk for pair in kept.values()]).delete()
    EventPair.objects.bulk_update(renamed, ["names"])
    EventPair.objects.bulk_create(pair for pair in pairs.values() if pair.pk is None)
    return pairs


def _school_pairs(school: EventSchool, session: Session) -> dict[int, EventPair]:
    """The school's pairs in the event, by the session's pair pks."""
    keys = {}
    wanted = {}
    for pair in sessions.session_pairs(session):
        keys[pair.pk] = pair_key(pair.number, pair.line)
        wanted[keys[pair.pk]] = _first_names(list(pair.members.all()))
    kept = keep_school_pairs(school, wanted)
    return {pk: kept[key] for pk, key in keys.items()}


def results_changed(event_id: int) -> None:
    """Count a change of an event's results: its cached national results are stale, and
    a worker computes them again once the change is committed (events.tasks). While a
    refresh is queued and has not started, further changes queue nothing more: it will
    compute them all."""
    Event.objects.filter(pk=event_id).update(results_version=F("results_version") + 1)
    if Event.objects.filter(pk=event_id, national_queued=False).update(national_queued=True):
        transaction.on_commit(lambda: _queue_refresh(event_id))


def _queue_refresh(event_id: int) -> None:
    from events.tasks import compute_national as compute_task

    task = compute_task
    if task.get_backend().supports_defer:
        task = task.using(run_after=timezone.now() + REFRESH_DELAY)
    task.enqueue(event_id)


# --------------------------------------------------------------------------- computing


def _entry(kind: str, ns_score: int | None, ns_pct: int | None, ew_pct: int | None) -> FieldEntry:
    if kind == EventResult.Kind.PLAYED and ns_score is not None:
        return mp.Played(ns_score)
    if kind == EventResult.Kind.ADJUSTED and ns_pct is not None and ew_pct is not None:
        return mp.Adjusted(ns_pct, ew_pct)
    return NotPlayed()


def event_field(event: Event) -> tuple[dict[int, list[FieldResult]], dict[int, list[int]]]:
    """Every result of the event as the rules library takes it, board by board (schools
    and pairs by their pks; declarer and tricks for the travellers), and the results'
    pks in the same order (one query, plain rows)."""
    by_board: dict[int, list[FieldResult]] = defaultdict(list)
    ids: dict[int, list[int]] = defaultdict(list)
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
                Seat(declarer) if declarer else None,
                tricks,
            )
        )
        ids[board].append(pk)
    return dict(by_board), dict(ids)


def compute_national(event: Event, version: int) -> NationalResults:
    """The national results from the event's rows (one query for the rows)."""
    by_board, ids = event_field(event)
    scored = score_event(by_board, event.convention)
    boards = tuple(
        NationalBoard(
            number=board.number,
            top=board.top,
            expected=board.expected,
            played=board.played,
            scores=board.scores,
            contracts=board.contracts,
            lines=tuple(
                NationalLine(
                    result=pk,
                    school=int(str(line.result.school)),
                    ns_pair=int(str(line.result.ns_pair)),
                    ew_pair=int(str(line.result.ew_pair)),
                    ns_mp=line.ns_mp,
                    ew_mp=line.ew_mp,
                    ns_percent=line.ns_percent,
                    ew_percent=line.ew_percent,
                )
                for pk, line in zip(ids[board.number], board.lines, strict=True)
            ),
        )
        for board in scored.boards
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
        for pair in scored.pairs
    )
    return NationalResults(version=version, boards=boards, pairs=pairs)


def national_results(event: Event) -> NationalResults:
    """The event's national results, up to date: schools playing on this site copied
    first, then the cache used if it is of the current version, or the results computed
    and cached. A handful of queries however many schools, plus the copies made."""
    sync_direct_schools(event)
    version = Event.objects.values_list("results_version", flat=True).get(pk=event.pk)
    cached = EventNational.objects.filter(event=event, version=version, data__isnull=False).first()
    if cached is not None and cached.data is not None:
        return NationalResults.from_json(cached.data)
    results = compute_national(event, version)
    # Another server may have cached a newer version meanwhile: never go back.
    updated = (
        EventNational.objects.filter(event=event)
        .filter(Q(version__lt=version) | Q(data__isnull=True))
        .update(version=version, data=results.to_json(), computed_at=timezone.now())
    )
    if not updated:
        EventNational.objects.get_or_create(
            event=event, defaults={"version": version, "data": results.to_json()}
        )
    return results


# --------------------------------------------------------------------------- the cache


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


def national_for_page(event: Event) -> CachedNational:
    """The event's national results as a page reads them: schools playing on this site
    copied first (their copy queues the worker), then the cache, stale or not; computed
    here only when nothing was ever cached."""
    sync_direct_schools(event)
    version = Event.objects.values_list("results_version", flat=True).get(pk=event.pk)
    cached = EventNational.objects.filter(event=event, data__isnull=False).first()
    if cached is None or cached.data is None:
        # Never computed: compute now, as a worker would; if a worker is at it this
        # moment, compute here too rather than show nothing.
        national_refresh(event.pk)
        cached = EventNational.objects.filter(event=event, data__isnull=False).first()
        if cached is None or cached.data is None:
            return CachedNational(national_results(event), True)
    current = cached.version >= version
    if not current:
        _refresh_if_stalled(cached)
    return CachedNational(NationalResults.from_json(cached.data), current)


def _refresh_if_stalled(cached: EventNational) -> None:
    """A stale cache with no refresh queued and no worker at it (one failed, or died):
    queue a refresh, so the pages do not say "Updating…" until the next change."""
    now = timezone.now()
    working = (
        cached.claimed_version > cached.version
        and cached.claimed_at is not None
        and cached.claimed_at >= now - CLAIM_TIMEOUT
    )
    event_id = cached.event_id
    if not working and Event.objects.filter(pk=event_id, national_queued=False).update(
        national_queued=True
    ):
        transaction.on_commit(lambda: _queue_refresh(event_id))


def national_versions(event_id: int) -> tuple[int, int]:
    """The event's results version and that of its cache, after copying the schools
    playing on this site: what a polled page's entity tag is made of."""
    event = Event.objects.get(pk=event_id)
    sync_direct_schools(event)
    version = Event.objects.values_list("results_version", flat=True).get(pk=event_id)
    cached = EventNational.objects.filter(event_id=event_id, data__isnull=False).values_list(
        "version", flat=True
    )
    cached_version = cached.first()
    if cached_version is None:
        # Nothing cached yet: the page would compute it now, so do it here first and
        # the tag names what the page shows.
        if not national_refresh(event_id):
            national_results(event)  # a worker is at it this moment: compute here too
        cached_version = cached.get()
    return version, cached_version
