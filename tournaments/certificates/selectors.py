"""Certificates of a session, a league or a class's term: who gets which, in words.

Every pupil gets one certificate with the one thing they did well
(:func:`scoring.certificates.achievement`, from the figures their side's score card
holds: each board's contract, tricks, double-dummy feedback and matchpoints), and the
pupils of the pairs placed in the first ``places`` places get a place certificate
each. The figures come from the standings (:func:`tournaments.standings.selectors.
stored_standings`, one per session, as its pages have them), so the certificates say
what the standings and the score cards say.

* A **session**: its pupils (those in its pairs), placed as its standings rank them (N–S
  and E–W apart in a Mitchell). A school's session of a simultaneous event is printed
  so by its teacher, under the event's name: the school's own places, full names.
* A **league**: the pupils of its pairs, every evening's boards, the mini-matches won,
  placed as its cross-table ranks them.
* A class's **term** (its page; ``start`` and ``end`` optional, as the term standings
  take them): every pupil of the class, every session's boards (league evenings too),
  placed as the term standings rank pupils (their average percentage over the
  duplicate sessions).

The result is plain values (:class:`CertificateSet`) in the reader's language, which
the page previews and :func:`tournaments.printing.certificates.certificates_pdf` prints.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from django.utils import timezone
from django.utils.formats import date_format

from scoring import certificates as rules
from scoring.certificates import Achievement, BoardPlayed, PupilFacts, Scope
from scoring.feedback import Code as FeedbackCode
from scoring.matchpoints import TIE_TOLERANCE
from scoring.profiles import is_target_profile
from scoring.term import SessionScore, term_lines
from tournaments.labels import certificates as words
from tournaments.labels import people as people_labels
from tournaments.leagues import selectors as league_selectors
from tournaments.models import League, PairMember, Pupil, SchoolClass, Session
from tournaments.sessions import selectors as session_selectors
from tournaments.standings.selectors import ScoreCardLine, Standings, stored_standings
from tournaments.standings.term import term_sessions

K = TypeVar("K", bound=Hashable)

#: The brand every classroom certificate carries above the class's name.
BRAND = "Minibridge"


@dataclass(frozen=True)
class Certificate:
    """One pupil's certificate: their name as printed, the heading ("Well played!",
    "1st place"), the line under the name, and for a place the number on its medal.
    ``achievement`` is the line's code and figures (None on a place certificate);
    ``title``, when given, replaces the set's at its top (an event's names the pupil's
    school)."""

    name: str
    heading: str
    line: str
    place: int | None = None
    achievement: Achievement | None = None
    title: str = ""


@dataclass(frozen=True)
class CertificateSet:
    """Everything the certificates of one occasion print: the class (or event) and what
    they are for (``title``), the date at the foot, the words under the signature's
    line, the place certificates (first place first) and one certificate per pupil (by
    name)."""

    title: str
    date: str
    signature: str
    places: tuple[Certificate, ...] = ()
    pupils: tuple[Certificate, ...] = ()
    #: A file name's stem for the download ("6b-2026-11-22").
    stem: str = "certificates"
    scope: Scope = field(default=Scope.SESSION)
    #: An event's places are each section's, not the national ranking's.
    by_section: bool = False

    @property
    def certificates(self) -> tuple[Certificate, ...]:
        """Every certificate in print order: the places, then every pupil's."""
        return self.places + self.pupils

    @property
    def empty(self) -> bool:
        return not self.pupils


# --------------------------------------------------------------------------- the figures


def board_played(
    card: ScoreCardLine, *, session: int = 0, compared: bool, by_target: bool
) -> BoardPlayed | None:
    """One line of a side's score card as the certificates read it; None for a board
    that was not played (adjusted, or not played at all)."""
    line = card.line
    scored = line.scored
    if scored is None:
        return None
    declared = scored.declarer.side.value == card.direction
    feedback = line.feedback
    above = None
    best = False
    if feedback is not None and feedback.dd_tricks is not None:
        difference = feedback.tricks - feedback.dd_tricks
        above = difference if declared else -difference
        best = (
            declared and feedback.choice is not None and feedback.choice.code is FeedbackCode.BEST
        )
    matchpoints = card.matchpoints
    # The best score of the field: every other result in the pair's direction beaten.
    # (Within the rules' tolerance: a factored board's matchpoints are not whole.)
    top = (
        compared
        and matchpoints is not None
        and line.top > 0
        and matchpoints >= line.top - TIE_TOLERANCE
    )
    return BoardPlayed(
        board=card.board,
        declared=declared,
        made=scored.made,
        kind=scored.contract.kind,
        above_dd=above,
        best_contract=best,
        top=top,
        session=session,
        by_target=by_target,
    )


@dataclass
class _Played:
    """What the standings of some sessions hold for each pupil: their boards, and the
    sessions they played in."""

    boards: dict[int, list[BoardPlayed]] = field(default_factory=lambda: defaultdict(list))
    sessions: dict[int, set[int]] = field(default_factory=lambda: defaultdict(set))


def _members(sessions: Sequence[Session]) -> dict[int, list[int]]:
    """Each pair's pupils, in the pair's order (one query)."""
    found: dict[int, list[int]] = defaultdict(list)
    for pair_id, pupil_id in (
        PairMember.objects.filter(session__in=sessions)
        .order_by("pair_id", "position", "pk")
        .values_list("pair_id", "pupil_id")
    ):
        found[pair_id].append(pupil_id)
    return found


def _played(sessions: Sequence[tuple[Session, Standings]]) -> _Played:
    members = _members([session for session, _standings in sessions])
    played = _Played()
    for index, (session, standings) in enumerate(sessions):
        by_target = is_target_profile(session.profile)
        for pair in standings.pairs:  # everybody in a pair played in the session
            for pupil_id in members.get(pair.pk, ()):
                played.sessions[pupil_id].add(session.pk)
        for pair_id, cards in standings.score_cards.items():
            boards = [
                board
                for card in cards
                if (
                    board := board_played(
                        card, session=index, compared=standings.compared, by_target=by_target
                    )
                )
                is not None
            ]
            for pupil_id in members.get(pair_id, ()):
                played.boards[pupil_id].extend(boards)
    return played


def _facts(played: _Played, pupil_id: int, scope: Scope, *, matches_won: int = 0) -> PupilFacts:
    return PupilFacts(
        scope=scope,
        boards=tuple(played.boards.get(pupil_id, ())),
        sessions=len(played.sessions.get(pupil_id, ())),
        matches_won=matches_won,
    )


# --------------------------------------------------------------------------- the words


class _Names:
    """The pupils' names as the certificates print them: full names, or first names
    only (with a surname's initial where two pupils share a first name, as shared
    screens show them)."""

    def __init__(self, pupils: Iterable[Pupil], *, first_names: bool) -> None:
        listed = list(pupils)
        self.full = {pupil.pk: str(pupil) for pupil in listed}
        self.shown = (
            people_labels.screen_names((p.pk, p.first_name, p.last_name) for p in listed)
            if first_names
            else self.full
        )

    def __getitem__(self, pupil_id: int) -> str:
        return self.shown[pupil_id]

    def order(self, pupil_ids: Iterable[int]) -> list[int]:
        """By name, as the class's list is."""
        return sorted(pupil_ids, key=lambda pk: (self.full[pk].casefold(), pk))


def pupil_certificate(name: str, facts: PupilFacts, *, title: str = "") -> Certificate:
    """A pupil's certificate with the one thing they did well."""
    achievement = rules.achievement(facts)
    return Certificate(
        name=name,
        heading=words.well_played(),
        line=words.achievement_text(achievement),
        achievement=achievement,
        title=title,
    )


def _pupil_certificates(names: _Names, facts: Mapping[int, PupilFacts]) -> tuple[Certificate, ...]:
    return tuple(pupil_certificate(names[pk], facts[pk]) for pk in names.order(facts))


@dataclass(frozen=True)
class Placed(Generic[K]):
    """A side placed in a ranking: its place, its pupils (by the keys their names are
    given by: a pupil's id, or an event's pair and place in it), the ranking's title."""

    place: int
    shared: bool
    pupils: tuple[K, ...]
    title: str = ""
    #: How many were ranked, and whether they are pupils (ranked alone) or pairs.
    field_size: int = 0
    pupils_ranked: bool = False
    order: int = 0


def place_certificates(
    names: Mapping[K, str],
    placed: Iterable[Placed[K]],
    *,
    titles: Mapping[K, str] | None = None,
) -> tuple[Certificate, ...]:
    """Each pupil of each side placed, first place first (N–S before E–W), over the
    partners' names and the ranking's title, or how many were ranked. ``titles`` gives
    a pupil's certificate a title of its own (an event's, with the school)."""
    certificates = []
    for side in sorted(placed, key=lambda p: (p.place, p.order)):
        for pupil_id in side.pupils:
            partners = [names[pk] for pk in side.pupils if pk != pupil_id]
            parts = []
            if partners:
                parts.append(words.partner_text(people_labels.names_text(partners)))
            if side.title:
                parts.append(side.title)
            if not parts and side.field_size:
                parts.append(words.field_text(side.field_size, pupils=side.pupils_ranked))
            certificates.append(
                Certificate(
                    name=names[pupil_id],
                    heading=words.place_text(side.place, shared=side.shared),
                    line=" · ".join(parts),
                    place=side.place,
                    title=(titles or {}).get(pupil_id, ""),
                )
            )
    return tuple(certificates)


def _session_placed(
    standings: Standings, places: int, members: Mapping[int, list[int]]
) -> list[Placed[int]]:
    placed: list[Placed[int]] = []
    for order, ranking in enumerate(standings.rankings):
        ranked = sum(1 for row in ranking.rows if row.ranked)
        for row in ranking.rows:
            found = rules.honoured(row.total_place if standings.by_total else row.place, places)
            pupils = tuple(members.get(row.pair.pk, ()))
            if found is not None and pupils:
                placed.append(
                    Placed(
                        found[0],
                        found[1],
                        pupils,
                        title=ranking.title,
                        field_size=ranked,
                        pupils_ranked=standings.individual,
                        order=order,
                    )
                )
    return placed


def _date_text(date: datetime.date) -> str:
    return date_format(date)


# --------------------------------------------------------------------------- a session


def session_certificates(session: Session, *, places: int, first_names: bool) -> CertificateSet:
    """A session's certificates: a place certificate for each pupil of the sides placed
    in the first ``places`` places, one for every pupil with their line. Queries: the
    standings' four, the pairs' pupils and the pupils."""
    standings = stored_standings(session)
    played = _played([(session, standings)])
    members = _members([session])
    pupil_ids = {pk for pupils in members.values() for pk in pupils}
    names = _Names(Pupil.objects.filter(pk__in=pupil_ids), first_names=first_names)
    facts = {pk: _facts(played, pk, Scope.SESSION) for pk in pupil_ids}
    # A session played for a simultaneous event says so: its school's own certificates.
    event = session_selectors.event_of(session)
    return CertificateSet(
        title=f"{event if event is not None else BRAND} · {session.school_class}",
        date=_date_text(session.date),
        signature=words.signature_text(),
        places=place_certificates(names.shown, _session_placed(standings, places, members)),
        pupils=_pupil_certificates(names, facts),
        stem=f"{session.school_class}-{session.date}",
        scope=Scope.SESSION,
    )


# --------------------------------------------------------------------------- a league


def league_certificates(league: League, *, places: int, first_names: bool) -> CertificateSet:
    """A league's certificates: every pupil of its pairs, over every evening so far,
    placed as the cross-table ranks the pairs. Queries: the cross-table's, and per
    evening the standings' four."""
    evenings = list(
        league.sessions.exclude(state=Session.State.DRAFT).order_by("league_evening", "date")
    )
    played = _played([(session, stored_standings(session)) for session in evenings])
    pairs = {
        pair.number: tuple(pk for pk in (pair.first_id, pair.second_id) if pk is not None)
        for pair in league.pairs.all()
    }
    standings = league_selectors.league_standings(league)
    won = {
        row.pair.number: sum(
            1
            for cell in row.cells
            if cell is not None and cell.points is not None and cell.won > cell.lost
        )
        for row in standings.rows
    }
    pupil_ids = {pk for pupils in pairs.values() for pk in pupils}
    names = _Names(Pupil.objects.filter(pk__in=pupil_ids), first_names=first_names)
    facts = {
        pk: _facts(played, pk, Scope.LEAGUE, matches_won=won.get(number, 0))
        for number, pupils in pairs.items()
        for pk in pupils
    }
    placed = [
        Placed(found[0], found[1], pairs[row.pair.number], field_size=len(standings.rows))
        for row in standings.ranking
        if (found := rules.honoured(row.place, places)) is not None
        and pairs.get(row.pair.number)
        and standings.matches_played  # before the first match every pair is level on 0
    ]
    return CertificateSet(
        title=f"{BRAND} · {league.school_class} · {league.name}",
        date=_date_text(max((s.date for s in evenings), default=timezone.localdate())),
        signature=words.signature_text(),
        places=place_certificates(names.shown, placed),
        pupils=_pupil_certificates(names, facts),
        stem=f"{league.school_class}-{league.name}",
        scope=Scope.LEAGUE,
    )


# --------------------------------------------------------------------------- a term


def class_certificates(
    school_class: SchoolClass,
    *,
    places: int,
    first_names: bool,
    start: datetime.date | None = None,
    end: datetime.date | None = None,
) -> CertificateSet:
    """A class's term certificates: every pupil of the class (those who left too, if
    they played), every session between the dates (league evenings too) for their
    lines, placed as the term standings rank pupils: by their average percentage over
    the duplicate sessions (:mod:`tournaments.standings.term`)."""
    duplicate = term_sessions(school_class, start=start, end=end)
    leagues = school_class.sessions.exclude(state=Session.State.DRAFT).filter(
        movement_kind=Session.Kind.LEAGUE
    )
    if start is not None:
        leagues = leagues.filter(date__gte=start)
    if end is not None:
        leagues = leagues.filter(date__lte=end)
    sessions = sorted([*duplicate, *leagues], key=lambda s: (s.date, s.created_at, s.pk))
    standings = {session.pk: stored_standings(session) for session in sessions}
    played = _played([(session, standings[session.pk]) for session in sessions])
    members = _members(duplicate)
    scores: dict[int, list[SessionScore]] = defaultdict(list)
    for order, session in enumerate(duplicate):
        for ranking in standings[session.pk].rankings:
            for row in ranking.rows:
                if row.percentage is None:
                    continue
                for pupil_id in members.get(row.pair.pk, ()):
                    scores[pupil_id].append(SessionScore(order, row.percentage))
    pupils = [
        pupil
        for pupil in Pupil.objects.filter(school_class=school_class)
        if pupil.active or pupil.pk in played.boards
    ]
    names = _Names(pupils, first_names=first_names)
    lines = term_lines(
        {pk: scores[pk] for pk in names.order(pk for pk in scores if pk in names.full)}
    )
    placed = [
        Placed(found[0], found[1], (line.who,), field_size=len(lines), pupils_ranked=True)
        for line in lines
        if (found := rules.honoured(line.place, places)) is not None
    ]
    facts = {pupil.pk: _facts(played, pupil.pk, Scope.TERM) for pupil in pupils}
    title = f"{BRAND} · {school_class}"
    if sessions:
        first, last = _date_text(sessions[0].date), _date_text(sessions[-1].date)
        title = f"{title} · {words.term_occasion_text(first, last)}"
    return CertificateSet(
        title=title,
        date=_date_text(sessions[-1].date if sessions else timezone.localdate()),
        signature=words.signature_text(),
        places=place_certificates(names.shown, placed),
        pupils=_pupil_certificates(names, facts),
        stem=f"{school_class}-term",
        scope=Scope.TERM,
    )
