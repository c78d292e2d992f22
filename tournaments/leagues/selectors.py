"""Reads of a term league: its pairs, its evenings and fixtures, its cross-table and its
standing."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from scoring import league as rules
from tournaments.boards import selectors as board_selectors
from tournaments.labels import leagues as league_labels
from tournaments.labels import people as people_labels
from tournaments.models import (
    Board,
    League,
    Partnership,
    Result,
    SchoolClass,
    Session,
)
from tournaments.results.scores import score_played


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
        return league_labels.deals_score_text(self.deals_won, self.deals_lost)


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
        return league_labels.league_progress_text(played=self.matches_played, matches=self.matches)


def _pair_infos(league: League) -> dict[int, LeaguePairInfo]:
    pairs = list(league.pairs.select_related("first", "second"))
    pupils = [pupil for pair in pairs for pupil in (pair.first, pair.second) if pupil]
    shown = people_labels.screen_names((p.pk, p.first_name, p.last_name) for p in pupils)
    infos = {}
    for pair in pairs:
        members = [pupil for pupil in (pair.first, pair.second) if pupil]
        infos[pair.number] = LeaguePairInfo(
            number=pair.number,
            label=rules.roman(pair.number),
            names=people_labels.names_text(str(pupil) for pupil in members),
            screen_names=people_labels.names_text(shown[pupil.pk] for pupil in members),
        )
    return infos


@dataclass(frozen=True)
class LeaguePairs:
    """The class's established pairs a new league can take, and whether there are
    enough of them for a league (``scoring.league.MIN_PAIRS``)."""

    partnerships: list[Partnership]
    min_pairs: int = rules.MIN_PAIRS

    @property
    def enough(self) -> bool:
        return len(self.partnerships) >= self.min_pairs


def league_pairs(school_class: SchoolClass) -> LeaguePairs:
    """The class's established pairs, in the order they were made, with their pupils."""
    return LeaguePairs(
        list(
            Partnership.objects.filter(school_class=school_class)
            .select_related("first", "second")
            .order_by("pk")
        )
    )


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
            facts = board_selectors.board_facts(board, profile=session.profile)
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
                    text=league_labels.deals_score_text(cell.won, cell.lost),
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
