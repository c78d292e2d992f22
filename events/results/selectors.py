"""Reads for the national results pages and downloads: the cached national results
(events.results.national) turned into plain figures with the pairs' first names and schools, each
section's ranking, each school's own ranking, and the national results as a USEBIO upload.

The section rankings are not cached: they are the cached national ranking ranked again
within each section (scoring.event.rank_in_sections) as a page reads it, so a school
moved to another section, or a section renamed, shows at once and costs no new
computation of the boards.

Everything here shows first names and the school only: the event stores nothing else.
"""

from __future__ import annotations

import datetime
import threading
from collections import OrderedDict, defaultdict
from collections.abc import Hashable
from dataclasses import dataclass, replace

from django.db import transaction
from django.shortcuts import get_object_or_404
from django.urls import NoReverseMatch, reverse
from django.utils import timezone

from events import tasks
from events.models import Event, EventNational, EventPair, EventSection
from events.results.national import (
    CLAIM_TIMEOUT,
    CachedNational,
    NationalLine,
    NationalPair,
    NationalResults,
    event_field,
    national_current,
    national_lines,
    national_refresh,
)
from events.results.sync import sync_direct_schools
from scoring.cards import Deal
from scoring.event import (
    FieldResult,
    national_upload,
    rank_in_sections,
    school_standings,
    score_event,
)
from scoring.upload import Upload, UploadPair, first_name
from tournaments.labels import bridge as bridge_labels
from tournaments.models import Board
from tournaments.standings.selectors import sides_ranked_apart


def _url(name: str, path: str, **kwargs: object) -> str:
    """The address of a page another part of the events app may not have yet (the
    public results): its URL name when it exists, else the path it is agreed to have."""
    try:
        return reverse(name, kwargs=kwargs)
    except NoReverseMatch:
        return path


def public_results_url(event: Event) -> str:
    return _url(
        "events:public_results", f"/events/r/{event.public_token}/", token=event.public_token
    )


def get_event_by_token(token: str) -> Event:
    """The event whose public link this is; 404 for any other token."""
    return get_object_or_404(Event, public_token=token)


def event_id_for_token(token: str) -> int | None:
    """The id of the event whose public link this is (None for any other token)."""
    return Event.objects.filter(public_token=token).values_list("pk", flat=True).first()


@dataclass(frozen=True)
class RankedPair:
    """A pair in a ranking: its place, first names, school and its school's pair id,
    and its school's section ("" in an event without sections)."""

    place: str
    names: str
    school: str
    key: str
    boards: int
    matchpoints: float
    top: float
    percentage: float
    section: str = ""


@dataclass(frozen=True)
class SectionRanking:
    """One section's ranking: its pairs best first, each with its national percentage
    and its place within the section (``key``: the section's id, as ``?section=`` gives
    it)."""

    key: str
    name: str
    pairs: tuple[RankedPair, ...]


@dataclass(frozen=True)
class SchoolList:
    """One list of a school's own ranking: its N–S or its E–W pairs under the side's
    name, as a session's two rankings are headed, or all its pairs (``title`` "")."""

    title: str
    pairs: tuple[RankedPair, ...]


@dataclass(frozen=True)
class SchoolRanking:
    """A school's own ranking: its pairs matchpointed among themselves only, in two
    lists (N–S, E–W) when the school ranked them apart, else in one."""

    name: str
    lists: tuple[SchoolList, ...]
    section: str = ""

    @property
    def pairs(self) -> tuple[RankedPair, ...]:
        """Every ranked pair of the school, list after list."""
        return tuple(pair for ranking in self.lists for pair in ranking.pairs)


@dataclass(frozen=True)
class BoardFrequencies:
    """A board across the country: how many played it, its top, and how often each N–S
    score (best for N–S first) and each contract (most played first) came up."""

    number: int
    played: int
    top: int
    scores: tuple[tuple[int, int], ...]
    contracts: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class NationalFigures:
    """What the national results pages and downloads show. ``current`` is False while a
    worker computes the results of a newer version (the page says "Updating…")."""

    title: str
    version: int
    current: bool
    schools_taking_part: int
    pairs: tuple[RankedPair, ...]
    boards: tuple[BoardFrequencies, ...]
    schools: tuple[SchoolRanking, ...] = ()
    #: The event's sections in order, each ranked (none: one national ranking).
    sections: tuple[SectionRanking, ...] = ()
    #: The section these figures were narrowed to (section_figures), "" for all.
    section: str = ""

    @property
    def empty(self) -> bool:
        return not self.pairs

    def section_for(self, key: str) -> SectionRanking | None:
        """The section ``?section=`` names (None for none, or one not in the event)."""
        for section in self.sections:
            if section.key == key:
                return section
        return None


def first_names(names: str) -> tuple[str, ...]:
    """A pair's players as the event shows them, first names only: "Emma & Ola" →
    ("Emma", "Ola"). The event stores nothing else, but a name that came with a surname
    is cut here again, so nothing public ever shows one."""
    return tuple(first_name(name) for name in names.split("&") if name.strip())


#: A pair as the pages name it: first names, school, the school's pair id, and the
#: school's section's id (None: no section).
PairName = tuple[str, str, str, int | None]


def _pair_names(event: Event) -> dict[int, PairName]:
    """Every pair of the event: pk → (first names, school, pair id, section id)."""
    return {
        pk: (" & ".join(first_names(names)), school, key, section)
        for pk, names, school, key, section in EventPair.objects.filter(
            school__event=event
        ).values_list("pk", "names", "school__name", "key", "school__section_id")
    }


def national_figures(event: Event, *, with_schools: bool = False) -> NationalFigures:
    """The event's national ranking, each section's ranking and the frequency tables
    from the cache (computed here only when nothing was ever cached); ``with_schools``
    adds each school's own ranking (the organiser's page)."""
    cached: CachedNational = national_for_page(event)
    results = cached.results
    names = _pair_names(event)
    sections = dict(EventSection.objects.filter(event=event).values_list("pk", "name"))

    def ranked(pk: int, place: str, pair: NationalPair) -> RankedPair:
        first, school, key, section = names[pk]
        return RankedPair(
            place=place,
            names=first,
            school=school,
            key=key,
            boards=pair.boards,
            matchpoints=pair.matchpoints,
            top=pair.top,
            percentage=pair.percentage,
            section=sections.get(section, "") if section is not None else "",
        )

    known = [pair for pair in results.pairs if pair.pair in names]
    pairs = tuple(ranked(pair.pair, pair.place, pair) for pair in known)
    by_pk = {pair.pair: pair for pair in known}
    in_sections = rank_in_sections(
        {pair.pair: pair.percentage for pair in known},
        {pair.pair: names[pair.pair][3] for pair in known if names[pair.pair][3] in sections},
    )
    section_rankings = tuple(
        SectionRanking(
            key=str(pk),
            name=name,
            pairs=tuple(
                ranked(pair, place, by_pk[pair]) for pair, place in in_sections.get(pk, {}).items()
            ),
        )
        for pk, name in sections.items()
    )
    boards = tuple(
        BoardFrequencies(board.number, board.played, board.top, board.scores, board.contracts)
        for board in results.boards
    )
    return NationalFigures(
        title=event.name,
        version=results.version,
        current=cached.current,
        schools_taking_part=event.schools.count(),
        pairs=pairs,
        boards=boards,
        schools=school_rankings(event, names, sections) if with_schools else (),
        sections=section_rankings,
    )


def section_figures(figures: NationalFigures, section: SectionRanking) -> NationalFigures:
    """The figures of one section only, for its own download: its ranking (places
    within the section) as the ranking, its schools' own rankings, every board's
    national frequencies (the same boards everywhere)."""
    return replace(
        figures,
        title=f"{figures.title} · {section.name}",
        pairs=section.pairs,
        schools=tuple(school for school in figures.schools if school.section == section.name),
        sections=(),
        section=section.name,
    )


def school_rankings(
    event: Event,
    names: dict[int, PairName] | None = None,
    sections: dict[int, str] | None = None,
) -> tuple[SchoolRanking, ...]:
    """Each school's own ranking, as it was in the school: its pairs matchpointed over
    that school's results only, and ranked as the school ranked them
    (scoring.event.school_standings): a school playing on this site as its session
    ranks (tournaments.standings.selectors.sides_ranked_apart: a Mitchell's N–S and E–W apart),
    an uploaded file as its results show (pairs that each sat one direction: apart).
    Schools in name order."""
    names = _pair_names(event) if names is None else names
    if sections is None:
        sections = dict(EventSection.objects.filter(event=event).values_list("pk", "name"))
    by_school: dict[int, dict[int, list[FieldResult]]] = defaultdict(lambda: defaultdict(list))
    for number, results in event_field(event)[0].items():
        for result in results:
            by_school[int(str(result.school))][number].append(result)
    rankings = []
    for school in event.schools.select_related("session"):
        # A session deleted since (its results stay): decided from the results.
        apart = None if school.session is None else sides_ranked_apart(school.session)
        lists = school_standings(by_school.get(school.pk, {}), event.convention, sides_apart=apart)
        rankings.append(
            SchoolRanking(
                name=school.name,
                section=sections.get(school.section_id, "") if school.section_id else "",
                lists=tuple(
                    SchoolList(
                        title="" if ranked.side is None else bridge_labels.side_name(ranked.side),
                        pairs=tuple(
                            RankedPair(
                                place=pair.place,
                                names=names[int(str(pair.pair))][0],
                                school=school.name,
                                key=names[int(str(pair.pair))][2],
                                boards=pair.boards,
                                matchpoints=pair.matchpoints,
                                top=pair.top,
                                percentage=pair.percentage,
                            )
                            for pair in ranked.pairs
                            # A pair added since the names were read (an upload
                            # meanwhile) waits for the next view.
                            if int(str(pair.pair)) in names
                        ),
                    )
                    for ranked in lists
                ),
            )
        )
    return tuple(rankings)


def national_usebio_upload(event: Event) -> Upload:
    """The national results as one upload for the USEBIO writer: every result with its
    national matchpoints, every pair numbered ``S<school>-<pair id>`` with its national
    percentage and place and its players' first names only, and the event's deals.
    Computed from the event's rows as they are now (schools playing on this site copied
    first), for a federation's software to check the figures against."""
    sync_direct_schools(event)
    scored = score_event(event_field(event)[0], event.convention)
    pairs: dict[tuple[Hashable, Hashable], UploadPair] = {
        (school, pk): UploadPair(f"S{school}-{key}", first_names(names))
        for pk, school, key, names in EventPair.objects.filter(school__event=event).values_list(
            "pk", "school_id", "key", "names"
        )
    }
    deals = {
        number: Deal.from_pbn(deal)
        for number, deal in Board.objects.filter(board_set_id=event.board_set_id).values_list(
            "number", "deal"
        )
    }
    return national_upload(scored, pairs, deals=deals, title=event.name, date=event.starts_on)


# ------------------------------------------------------------------- the cache, for the pages


def national_results(event: Event) -> NationalResults:
    """The event's national results, up to date: schools playing on this site copied
    first, then the cache used if it is of the current version, or the results computed
    and cached (:func:`events.results.national.national_current`). A handful of queries
    however many schools, plus the copies made."""
    sync_direct_schools(event)
    return national_current(event)


def national_results_with_lines(
    event: Event,
) -> tuple[NationalResults, dict[int, tuple[NationalLine, ...]]]:
    """The event's national results with every board's lines (each result's national
    matchpoints), computed from its rows as they are now (schools playing on this site
    copied first), which the cache does not keep: for the certificates, which need each
    result's figures."""
    sync_direct_schools(event)
    version = Event.objects.values_list("results_version", flat=True).get(pk=event.pk)
    return national_lines(event, version)


#: The national results this process last read from the cache row, as read (a results
#: page of a 1,000-school event would otherwise fetch and decode 12,000 pairs at every
#: view): keyed by the row's version and time of computing, which each read
#: asks the database for first, so a row another process wrote since is read anew.
PARSED_SIZE = 4
_parsed: OrderedDict[tuple[int, int, datetime.datetime], NationalResults] = OrderedDict()
_parsed_lock = threading.Lock()


def forget_parsed() -> None:
    """Forget the national results this process keeps (the tests' fresh start)."""
    with _parsed_lock:
        _parsed.clear()


def _stored_national(event: Event) -> NationalResults | None:
    """The national results the cache row holds, stale or not (None: never computed)."""
    stored = EventNational.objects.filter(event=event, data__isnull=False)
    row = stored.values_list("version", "computed_at").first()
    if row is None:
        return None
    key = (event.pk, *row)
    with _parsed_lock:
        found = _parsed.get(key)
        if found is not None:
            _parsed.move_to_end(key)
            return found
    fresh = stored.values_list("version", "computed_at", "data").first()
    if fresh is None or fresh[2] is None:
        return None
    results = NationalResults.from_json(fresh[2])
    with _parsed_lock:
        _parsed[(event.pk, fresh[0], fresh[1])] = results
        while len(_parsed) > PARSED_SIZE:
            _parsed.popitem(last=False)
    return results


def national_for_page(event: Event) -> CachedNational:
    """The event's national results as a page reads them: schools playing on this site
    copied first (their copy queues the worker), then the cache, stale or not; computed
    here only when nothing was ever cached."""
    sync_direct_schools(event)
    version = Event.objects.values_list("results_version", flat=True).get(pk=event.pk)
    results = _stored_national(event)
    if results is None:
        # Never computed: compute now, as a worker would; if a worker is at it this
        # moment, compute here too rather than show nothing.
        national_refresh(event.pk)
        results = _stored_national(event)
        if results is None:
            return CachedNational(national_results(event), True)
    current = results.version >= version
    if not current:
        cached = EventNational.objects.filter(event=event).first()
        if cached is not None:
            _refresh_if_stalled(cached)
    return CachedNational(results, current)


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
        transaction.on_commit(lambda: tasks.queue_compute_national(event_id))


def national_versions(event_id: int) -> tuple[int, int, int]:
    """The event's results version, that of its cache and its sections' version, after
    copying the schools playing on this site: what a polled page's entity tag is made
    of."""
    event = Event.objects.get(pk=event_id)
    sync_direct_schools(event)
    version, sections_version = Event.objects.values_list(
        "results_version", "sections_version"
    ).get(pk=event_id)
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
    return version, cached_version, sections_version
