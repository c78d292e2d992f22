"""Term standings: every duplicate session of a class over a term, per pupil and per
pair. Each session's percentages come from its ranking (tournaments.standings.selectors), the
term's arithmetic from the rules library (scoring.term). An individual session counts
for each pupil with their own percentage, and not for any pair. League sessions are left out:
their tables each play their own boards, so they have no matchpoints to compare (the
league has its cross-table)."""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass

from django.utils.formats import date_format
from django.utils.safestring import SafeString, mark_safe

from scoring.term import SessionScore, TermLine, term_lines
from tournaments.feedback import charts
from tournaments.labels import numbers as number_labels
from tournaments.labels import people as people_labels
from tournaments.models import PairMember, Pupil, SchoolClass, Session
from tournaments.standings.selectors import stored_ranking

#: A pupil, as ``(pupil id,)``, or a pair, as its pupils' ids in order.
Who = tuple[int, ...]


@dataclass(frozen=True)
class TermSession:
    pk: int
    date: datetime.date
    label: str  # "30 Nov"


@dataclass(frozen=True)
class TermRow:
    place: str
    names: str  # "Emma Hansen", or a pair's "Emma Hansen & Oliver Smith"
    sessions: int
    average: float
    best_percent: float
    best_session: TermSession
    chart: SafeString  # a small SVG of the percentages, session by session


@dataclass(frozen=True)
class TermStandings:
    sessions: tuple[TermSession, ...]
    pupils: tuple[TermRow, ...]
    pairs: tuple[TermRow, ...]


def term_sessions(
    school_class: SchoolClass, *, start: datetime.date | None, end: datetime.date | None
) -> list[Session]:
    """The class's duplicate sessions that have begun, within the dates, oldest first."""
    found = school_class.sessions.exclude(state=Session.State.DRAFT).exclude(
        movement_kind=Session.Kind.LEAGUE
    )
    if start is not None:
        found = found.filter(date__gte=start)
    if end is not None:
        found = found.filter(date__lte=end)
    return list(found.order_by("date", "created_at", "pk"))


def _rows(
    lines: list[TermLine[tuple[int, ...]]],
    names: dict[tuple[int, ...], str],
    sessions: tuple[TermSession, ...],
) -> tuple[TermRow, ...]:
    rows = []
    for line in lines:
        by_order = {score.order: score.percent for score in line.scores}
        percents = [by_order.get(order) for order in range(len(sessions))]
        desc = ", ".join(
            f"{session.label}: {'—' if p is None else number_labels.percent_text(p, 1)}"
            for session, p in zip(sessions, percents, strict=True)
        )
        svg = charts.percent_sparkline_svg(percents, title=names[line.who], desc=desc)
        rows.append(
            TermRow(
                place=line.place,
                names=names[line.who],
                sessions=line.sessions,
                average=line.average,
                best_percent=line.best.percent,
                best_session=sessions[line.best.order],
                chart=mark_safe(svg),  # built from escaped text by tournaments.feedback.charts
            )
        )
    return tuple(rows)


def class_term_standings(
    school_class: SchoolClass,
    *,
    start: datetime.date | None = None,
    end: datetime.date | None = None,
) -> TermStandings:
    """Per pupil and per pair (the same two or three pupils together): sessions played,
    average percentage, best session and the term's chart."""
    played = term_sessions(school_class, start=start, end=end)
    sessions = tuple(
        TermSession(s.pk, s.date, date_format(s.date, "SHORT_DATE_FORMAT")) for s in played
    )
    members: dict[int, tuple[int, ...]] = defaultdict(tuple)
    for pair_id, pupil_id in (
        PairMember.objects.filter(session__in=played)
        .order_by("pupil_id")
        .values_list("pair_id", "pupil_id")
    ):
        members[pair_id] += (pupil_id,)
    pupil_scores: dict[tuple[int, ...], list[SessionScore]] = defaultdict(list)
    pair_scores: dict[tuple[int, ...], list[SessionScore]] = defaultdict(list)
    for order, session in enumerate(played):
        standings = stored_ranking(session)
        for ranking in standings.rankings:
            for row in ranking.rows:
                if row.percentage is None or not members[row.pair.pk]:
                    continue
                score = SessionScore(order, row.percentage)
                if not standings.individual:  # an individual session ranks pupils alone
                    pair_scores[members[row.pair.pk]].append(score)
                for pupil in members[row.pair.pk]:
                    pupil_scores[(pupil,)].append(score)
    pupils = {pupil.pk: pupil for pupil in Pupil.objects.filter(school_class=school_class)}
    names = {
        who: people_labels.names_text(str(pupils[pk]) for pk in who if pk in pupils)
        for who in (*pupil_scores, *pair_scores)
    }

    def by_name(scores: dict[tuple[int, ...], list[SessionScore]]) -> dict[Who, list[SessionScore]]:
        # Lines level on the average keep this order: by name.
        return dict(sorted(scores.items(), key=lambda item: names[item[0]].casefold()))

    return TermStandings(
        sessions=sessions,
        pupils=_rows(term_lines(by_name(pupil_scores)), names, sessions),
        pairs=_rows(term_lines(by_name(pair_scores)), names, sessions),
    )
