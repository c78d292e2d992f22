"""The term league: its pairs, its evenings and its cross-table. Reads first, then writes.

A league evening is an ordinary session whose movement is that evening's fixtures
(``scoring.league.evening_movement``): each table plays one mini-match's deals and
enters them through the same table page as any session. The cross-table is computed
from those sessions' result rows by the rules library; nothing of it is stored.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import league as rules
from tournaments import labels, selectors, services, sessions
from tournaments.models import (
    Board,
    League,
    LeaguePair,
    Pair,
    PairMember,
    Partnership,
    Result,
    SchoolClass,
    Session,
)
from tournaments.scores import score_played

#: The most boards one evening may deal (a board set holds boards 1 to 64).
MAX_EVENING_BOARDS = 64
#: How a deal is won: by the target (the target profile) or by the score (EBU).
DEAL_PROFILES = ("target", "ebu")

# --------------------------------------------------------------------------- reads


def leagues_for_teacher(teacher: User) -> QuerySet[League]:
    return League.objects.filter(school_class__teacher_id=teacher.pk).select_related("school_class")


def get_league_for_teacher(teacher: User, league_id: int) -> League:
    return get_object_or_404(leagues_for_teacher(teacher), pk=league_id)


@dataclass(frozen=True)
class LeaguePairInfo:
    number: int
    label: str  # "III"
    names: str  # "Emma Hansen & Oliver Smith"
    screen_names: str  # "Emma & Oliver": first names for the projector


@dataclass(frozen=True)
class FixtureLine:
    round: int  # the league's round
    first: LeaguePairInfo
    second: LeaguePairInfo | None  # None: ``first`` has a bye


@dataclass(frozen=True)
class EveningPlan:
    number: int
    rounds: range
    fixtures: tuple[FixtureLine, ...]
    session: Session | None

    @property
    def first_round(self) -> int:
        return self.rounds[0]


@dataclass(frozen=True)
class CrossCell:
    """One mini-match from the row pair's side: "2–1", and its points once complete."""

    opponent: int
    text: str
    points: int | None
    won: float
    lost: float

    @property
    def pending(self) -> bool:
        return self.points is None


@dataclass(frozen=True)
class CrossRow:
    pair: LeaguePairInfo
    cells: tuple[CrossCell | None, ...]  # None on the diagonal and before a match
    points: int
    played: int
    deals_won: float
    deals_lost: float
    place: str  # "1", "2="

    @property
    def deals_text(self) -> str:
        return labels.deals_score_text(self.deals_won, self.deals_lost)


@dataclass(frozen=True)
class LeagueStandings:
    """The cross-table as pages, the projector, the PDF and the workbook show it."""

    title: str  # "6B · Spring league"
    pairs: tuple[LeaguePairInfo, ...]
    rows: tuple[CrossRow, ...]  # in pair order, I, II, III…
    ranking: tuple[CrossRow, ...]  # by place
    matches: int
    matches_played: int
    deals_per_match: int
    points: rules.MatchPoints

    @property
    def finished(self) -> bool:
        return self.matches_played == self.matches

    @property
    def progress(self) -> str:
        return labels.league_progress_text(played=self.matches_played, matches=self.matches)


def _pair_infos(league: League) -> dict[int, LeaguePairInfo]:
    pairs = list(league.pairs.select_related("first", "second"))
    pupils = [pupil for pair in pairs for pupil in (pair.first, pair.second) if pupil]
    shown = labels.screen_names((p.pk, p.first_name, p.last_name) for p in pupils)
    infos = {}
    for pair in pairs:
        members = [pupil for pupil in (pair.first, pair.second) if pupil]
        infos[pair.number] = LeaguePairInfo(
            number=pair.number,
            label=rules.roman(pair.number),
            names=labels.names_text(str(pupil) for pupil in members),
            screen_names=labels.names_text(shown[pupil.pk] for pupil in members),
        )
    return infos


def league_rounds(league: League) -> int:
    return len(rules.round_robin(league.pairs.count()))


def league_evenings(league: League) -> list[EveningPlan]:
    """Each evening's fixtures and, once started, its session."""
    infos = _pair_infos(league)
    schedule = rules.round_robin(len(infos))
    played = {s.league_evening: s for s in league.sessions.all()}
    plans = []
    for number, rounds in enumerate(rules.evening_rounds(len(schedule), league.evenings), 1):
        fixtures = tuple(
            FixtureLine(
                round=fixture.round,
                first=infos[fixture.first],
                second=infos[fixture.second] if fixture.second is not None else None,
            )
            for r in rounds
            for fixture in schedule[r - 1]
        )
        plans.append(EveningPlan(number, rounds, fixtures, played.get(number)))
    return plans


def match_points(league: League) -> rules.MatchPoints:
    return rules.MatchPoints(
        win=league.points_win, draw=league.points_draw, loss=league.points_loss
    )


def league_matches(league: League) -> list[rules.MatchScore]:
    """The mini-matches so far, from the league evenings' agreed results. Queries: the
    sessions, their boards and their results."""
    evenings = list(league.sessions.all())
    boards: dict[tuple[int | None, int], Board] = {
        (board.board_set_id, board.number): board
        for board in Board.objects.filter(board_set_id__in=[s.board_set_id for s in evenings])
    }
    by_id = {session.pk: session for session in evenings}
    winners: dict[tuple[int, int], list[rules.DealWinner | None]] = defaultdict(list)
    results = (
        Result.objects.filter(session__in=evenings, agreed=True)
        .select_related("ns_pair", "ew_pair")
        .order_by("session_id", "round", "board_number")
    )
    for result in results:
        session = by_id[result.session_id]
        ns, ew = result.ns_pair.number, result.ew_pair.number
        key = (ns, ew) if (ew, ns) not in winners else (ew, ns)
        winner: rules.DealWinner | None = None
        if result.kind == Result.Kind.ADJUSTED:
            winner = rules.deal_winner(result.ns_adjusted or 0, result.ew_adjusted or 0)
        elif result.kind == Result.Kind.PLAYED:
            board = boards[(session.board_set_id, result.board_number)]
            facts = selectors.board_facts(board, profile=session.profile)
            scored = score_played(result, facts, session.profile)
            if scored is not None:
                winner = rules.deal_winner(scored.ns_points, scored.ew_points)
        if winner is not None and key != (ns, ew):  # seen the other way round before
            winner = {
                rules.DealWinner.FIRST: rules.DealWinner.SECOND,
                rules.DealWinner.SECOND: rules.DealWinner.FIRST,
            }.get(winner, winner)
        winners[key].append(winner)
    return [
        rules.match_score(
            first, second, deals[: league.deals_per_match], deals_per_match=league.deals_per_match
        )
        for (first, second), deals in winners.items()
    ]


def league_standings(league: League) -> LeagueStandings:
    """The cross-table of the league so far."""
    infos = _pair_infos(league)
    order = sorted(infos)
    table = rules.cross_table(order, league_matches(league), match_points(league))
    rows = {
        row.pair: CrossRow(
            pair=infos[row.pair],
            cells=tuple(
                None
                if cell is None
                else CrossCell(
                    opponent=cell.opponent,
                    text=labels.deals_score_text(cell.won, cell.lost),
                    points=cell.points,
                    won=cell.won,
                    lost=cell.lost,
                )
                for cell in row.cells
            ),
            points=row.points,
            played=row.played,
            deals_won=row.deals_won,
            deals_lost=row.deals_lost,
            place=row.place_label,
        )
        for row in table.rows
    }
    return LeagueStandings(
        title=f"{league.school_class} · {league.name}",
        pairs=tuple(infos[n] for n in order),
        rows=tuple(rows[n] for n in order),
        ranking=tuple(rows[row.pair] for row in table.ranking),
        matches=table.matches,
        matches_played=table.matches_played,
        deals_per_match=league.deals_per_match,
        points=match_points(league),
    )


# --------------------------------------------------------------------------- writes


def _evening_boards(pairs: int, evenings: int, deals_per_match: int) -> int:
    """The most boards any evening of such a league deals."""
    schedule = rules.round_robin(pairs)
    matches = pairs // 2
    longest = max(len(r) for r in rules.evening_rounds(len(schedule), evenings))
    return longest * matches * deals_per_match


@transaction.atomic
def league_create(
    *,
    school_class: SchoolClass,
    name: str,
    partnerships: Sequence[Partnership],
    deals_per_match: int,
    scoring_profile: str,
    evenings: int,
    points_win: int = 2,
    points_draw: int = 1,
    points_loss: int = 0,
) -> League:
    """A league of the class's established pairs, numbered I, II, III… in the order
    given, its round robin spread over ``evenings`` evenings."""
    if any(p.school_class_id != school_class.pk for p in partnerships):
        raise ValidationError(_("Only pairs of this class can play in its league."))
    count = len(partnerships)
    if not rules.MIN_PAIRS <= count <= rules.MAX_PAIRS:
        raise ValidationError(
            {
                "partnerships": _(
                    "A league is for %(min)s to %(max)s established pairs; %(count)s are ticked."
                )
                % {"min": rules.MIN_PAIRS, "max": rules.MAX_PAIRS, "count": count}
            }
        )
    if deals_per_match not in rules.DEALS_PER_MATCH:
        raise ValidationError({"deals_per_match": _("A mini-match is 3 or 5 deals.")})
    if scoring_profile not in DEAL_PROFILES:
        raise ValidationError({"scoring_profile": _("Choose how a deal is won.")})
    rounds = len(rules.round_robin(count))
    if not 1 <= evenings <= rounds:
        raise ValidationError(
            {
                "evenings": ngettext(
                    "%(count)s pairs play %(rounds)s round: choose 1 session.",
                    "%(count)s pairs play %(rounds)s rounds: choose 1 to %(rounds)s sessions.",
                    rounds,
                )
                % {"count": count, "rounds": rounds}
            }
        )
    if _evening_boards(count, evenings, deals_per_match) > MAX_EVENING_BOARDS:
        raise ValidationError(
            {
                "evenings": _(
                    "A session would need more than %(max)s boards: choose more sessions "
                    "or 3 deals a mini-match."
                )
                % {"max": MAX_EVENING_BOARDS}
            }
        )
    try:
        rules.MatchPoints(points_win, points_draw, points_loss)
    except rules.LeagueError as error:
        raise ValidationError(
            {"points_win": _("A win must be worth at least a draw, and a draw at least a loss.")}
        ) from error
    league = League(
        school_class=school_class,
        name=name.strip(),
        deals_per_match=deals_per_match,
        scoring_profile=scoring_profile,
        evenings=evenings,
        points_win=points_win,
        points_draw=points_draw,
        points_loss=points_loss,
    )
    league.full_clean()
    league.save()
    LeaguePair.objects.bulk_create(
        LeaguePair(league=league, number=number, first_id=p.first_id, second_id=p.second_id)
        for number, p in enumerate(partnerships, start=1)
    )
    return league


@transaction.atomic
def league_evening_start(
    *, league: League, evening: int, date: datetime.date, teacher: User
) -> Session:
    """Start evening ``evening``: a running session with every league pair (numbered as
    in the league), that evening's fixtures as its movement and a new set of exactly the
    boards it plays. Starting an evening twice is refused."""
    League.objects.select_for_update().filter(pk=league.pk).first()
    plans = league_evenings(league)
    if not 1 <= evening <= len(plans):
        raise ValidationError(_("This league has sessions 1 to %(last)s.") % {"last": len(plans)})
    plan = plans[evening - 1]
    if plan.session is not None:
        raise ValidationError(_("This session has started already."))
    pairs = list(league.pairs.all())
    session = Session(
        school_class=league.school_class,
        date=date,
        league=league,
        league_evening=evening,
        league_first_round=plan.first_round,
        movement_kind=Session.Kind.LEAGUE,
        rounds=len(plan.rounds),
        boards_per_round=league.deals_per_match,
        scoring_profile=league.scoring_profile,
        ranking=Session.Ranking.TOTAL,
    )
    session.full_clean(exclude=["board_set"])
    try:
        with transaction.atomic():
            session.save()
    except IntegrityError as error:  # a second tap while the first one saved
        raise ValidationError(_("This session has started already.")) from error
    pupils = [
        pupil_id for pair in pairs for pupil_id in (pair.first_id, pair.second_id) if pupil_id
    ]
    session.present.set(pupils)
    for league_pair in pairs:
        pair = Pair.objects.create(session=session, number=league_pair.number)
        members = [pupil for pupil in (league_pair.first_id, league_pair.second_id) if pupil]
        PairMember.objects.bulk_create(
            PairMember(session=session, pair=pair, pupil_id=pupil, position=position)
            for position, pupil in enumerate(members, start=1)
        )
    movement = sessions.session_movement(session, pairs=len(pairs))
    session.board_set = services.board_set_deal(
        teacher=teacher,
        name=f"{league.school_class}",
        name_date=date,
        count=movement.total_boards,
    )
    session.save(update_fields=["board_set"])
    sessions.session_start(session=session)
    return session
