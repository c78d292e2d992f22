"""Standings, travellers and score cards of a session, computed from its result rows by
the rules library in a fixed, small number of queries. The output is plain dataclasses:
pages, the projector and the PDF, Excel and PBN builders all take the same figures.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from django.db.models import Prefetch
from django.utils.formats import date_format
from django.utils.translation import get_language

from scoring import matchpoints as mp
from scoring.cards import Seat, Side
from scoring.contracts import Contract
from scoring.dd import Par
from scoring.feedback import Feedback
from scoring.profiles import is_target_profile
from tournaments.boards import selectors as board_selectors
from tournaments.labels import bridge as bridge_labels
from tournaments.labels import people as people_labels
from tournaments.labels import sessions as session_labels
from tournaments.models import Board, Pair, PairMember, Result, Session
from tournaments.results.scores import Scored, result_feedback, score_result
from tournaments.sessions import caches
from tournaments.sessions import selectors as session_selectors

# --------------------------------------------------------------------------- the figures


@dataclass(frozen=True)
class PairInfo:
    pk: int
    label: str  # "3 N–S", "5"
    line: str  # "NS", "EW" or "" (Howell)
    names: str  # "Emma Hansen & Oliver Smith"
    screen_names: (
        str  # "Emma & Oliver H": first names for the projector (people_labels.screen_names)
    )


@dataclass(frozen=True)
class TravellerLine:
    """One result on a board, with its matchpoints."""

    round: int
    table: int
    ns: PairInfo
    ew: PairInfo
    kind: str  # Result.Kind
    scored: Scored | None
    ns_mp: float | None
    ew_mp: float | None
    top: float
    ns_percent: float | None
    ew_percent: float | None
    #: What the cards allowed (scoring.feedback); None when not played or adjusted.
    feedback: Feedback | None = None
    #: In an individual session: the four pupils, North, East, South and West.
    pupils: tuple[PairInfo, ...] = ()

    @property
    def contract(self) -> Contract | None:
        return self.scored.contract if self.scored else None


@dataclass(frozen=True)
class BoardTraveller:
    number: int
    par: Par | None
    lines: tuple[TravellerLine, ...]
    #: The tricks the declaring side needs under a target scoring; None otherwise.
    target: int | None = None

    @property
    def par_text(self) -> str:
        """The par in the scoring's words, every tied contract in it: "Par: 1♥ or 1♠ by
        South, +110"; under a target scoring "Target 8: ♠ makes 9" ("Target: 8 tricks"
        before the analysis); "" for a board not analysed (``bridge_labels.par_text``)."""
        return bridge_labels.par_text(self.par, target=self.target)


@dataclass(frozen=True)
class ScoreCardLine:
    board: int
    round: int
    table: int
    direction: str  # "NS" or "EW": where the pair sat for this board
    opponents: PairInfo
    line: TravellerLine
    #: In an individual session: the pupil's seat and this board's partner.
    seat: Seat | None = None
    partner: PairInfo | None = None

    @property
    def points(self) -> int | None:
        """The pair's own net score on the board."""
        if self.line.scored is None:
            return None
        net = self.line.scored.ns_net
        return net if self.direction == "NS" else -net

    @property
    def matchpoints(self) -> float | None:
        return self.line.ns_mp if self.direction == "NS" else self.line.ew_mp

    @property
    def percent(self) -> float | None:
        return self.line.ns_percent if self.direction == "NS" else self.line.ew_percent


#: The place of a pair that has no result counted yet: it is not ranked.
UNRANKED = "—"


@dataclass(frozen=True)
class StandingRow:
    """A pair's line in a ranking. A pair without any counted result yet is not ranked:
    its places are :data:`UNRANKED`, its percentage None, and it comes after every
    ranked pair (never "3=" with 0.0 %)."""

    place: str  # "1", "3=", or UNRANKED
    pair: PairInfo
    boards: int
    matchpoints: float
    top: float
    percentage: float | None  # None while the pair has no counted result
    total_points: int
    #: The place by total points; in a session ranked by boards won (``by_wins``), by
    #: the boards won.
    total_place: str
    #: Under a target scoring: the boards won against the target; None otherwise.
    boards_won: int | None = None

    @property
    def ranked(self) -> bool:
        return self.percentage is not None


@dataclass(frozen=True)
class Ranking:
    title: str  # "North–South", "East–West", or "" when there is one ranking
    rows: tuple[StandingRow, ...]


@dataclass(frozen=True)
class Standings:
    """A session's figures. ``ranking`` is what it is ranked by (Session.Ranking),
    which every page and download puts first: the teacher's choice, or total points
    when no board is compared (``compared`` False: every board is played at one table
    only, so each result gets 50 % and no percentage is shown; under a target scoring
    such a session is ranked by the boards won, ``by_wins``). The rule is
    ``session_selectors.ranked_by_total``."""

    title: str
    ranking: str  # Session.Ranking: what the rows are ordered and placed by
    convention: str
    rankings: tuple[Ranking, ...]
    travellers: tuple[BoardTraveller, ...]
    score_cards: dict[int, tuple[ScoreCardLine, ...]] = field(default_factory=dict)
    pairs: tuple[PairInfo, ...] = ()
    #: How far the session is: its current round of how many, or finished.
    round: int = 0
    rounds: int = 0
    finished: bool = False
    #: An individual session: each "pair" is one pupil, ranked alone, and a traveller's
    #: sides are that round's partners.
    individual: bool = False
    #: Some board is played at more than one table (session_selectors.compares_boards).
    compared: bool = True
    #: Not compared, under a target scoring: ranked by boards won, then total points.
    by_wins: bool = False

    @property
    def by_total(self) -> bool:
        """Ranked by total points (or by boards won), not by percentage."""
        return self.ranking == Session.Ranking.TOTAL

    @property
    def ranked_by(self) -> str:
        """ "ranked by total points", "ranked by boards won" or "ranked by matchpoints"."""
        return session_labels.ranked_by_text(by_total=self.by_total, by_wins=self.by_wins)

    @property
    def ranking_note(self) -> str:
        """One sentence when no board is compared, saying how the session is ranked;
        "" otherwise."""
        if self.compared:
            return ""
        return session_labels.one_table_note(individual=self.individual, by_wins=self.by_wins)

    @property
    def progress(self) -> str:
        """ "Final results" once the session is finished, else "Round 3 of 5"."""
        return session_labels.progress_text(
            finished=self.finished, round_=self.round, rounds=self.rounds
        )

    @property
    def competitor(self) -> str:
        """The heading of the ranked column: "Pair", or "Pupil" in an individual session."""
        return people_labels.competitor_word(individual=self.individual)

    def card_heading(self, pair: PairInfo) -> str:
        """A score card's heading: "Pair 3 N–S: Emma & Oliver", or "Score card: Emma
        Hansen" for a pupil of an individual session."""
        return people_labels.score_card_heading(pair.label, pair.names, individual=self.individual)


@dataclass(frozen=True)
class SessionRanking:
    """A session's rankings alone, without its travellers, score cards and feedback:
    what the class projector shows and a term's standings count. Computed from the same
    figures by the same functions as :class:`Standings`, so its ``rankings`` are equal
    to those of :func:`session_standings`; its headings the same."""

    ranking: str  # Session.Ranking, as Standings.ranking
    rankings: tuple[Ranking, ...]
    round: int = 0
    rounds: int = 0
    finished: bool = False
    individual: bool = False
    compared: bool = True
    by_wins: bool = False

    @property
    def by_total(self) -> bool:
        return self.ranking == Session.Ranking.TOTAL

    @property
    def ranking_note(self) -> str:
        """As :attr:`Standings.ranking_note`."""
        if self.compared:
            return ""
        return session_labels.one_table_note(individual=self.individual, by_wins=self.by_wins)

    @property
    def progress(self) -> str:
        """As :attr:`Standings.progress`."""
        return session_labels.progress_text(
            finished=self.finished, round_=self.round, rounds=self.rounds
        )


# --------------------------------------------------------------------------- stored


def stored_standings(session: Session) -> Standings:
    """:func:`session_standings`, computed once per revision of the session and shared
    by every page, download and report that shows them (``tournaments.sessions.caches``:
    a change of the session is a new revision, so never stale). Per language too: the
    figures hold words (the rankings' titles, a Mitchell pair's line, the date) and
    pairs tied on every figure are listed by their label in the language."""
    return caches.per_revision(
        session, "standings", lambda: session_standings(session), get_language()
    )


def stored_ranking(session: Session) -> SessionRanking:
    """:func:`session_ranking`, once per revision of the session (and language), as
    :func:`stored_standings`."""
    return caches.per_revision(session, "ranking", lambda: session_ranking(session), get_language())


# --------------------------------------------------------------------------- computing


class _Row(NamedTuple):
    """A result as the standings read it (``_ROW_FIELDS``, in this order)."""

    pk: int
    board_number: int
    round: int
    table: int
    kind: str
    contract: str
    tricks_won: int | None
    revoke: str
    ns_adjusted: int | None
    ew_adjusted: int | None
    ns_pair_id: int
    ew_pair_id: int
    ns_partner_id: int | None
    ew_partner_id: int | None


_ROW_FIELDS = (
    "pk",
    "board_number",
    "round",
    "table__number",
    "kind",
    "contract",
    "tricks_won",
    "revoke",
    "ns_adjusted",
    "ew_adjusted",
    "ns_pair_id",
    "ew_pair_id",
    "ns_partner_id",
    "ew_partner_id",
)


class _Credit(NamedTuple):
    """What one counted result gives a pair (or a pupil of an individual session) in
    its ranking: its matchpoints of the board's top, and its own net score (None for an
    adjusted score)."""

    matchpoints: float | None
    top: float
    points: int | None


class _Figures(NamedTuple):
    """What a session's figures are computed from: its pairs named (in pair order), the
    boards as it scores them, its results (agreed ones, unless asked otherwise) by
    board, each board's by round and table."""

    pairs: dict[int, PairInfo]
    boards: dict[int, board_selectors.BoardFacts]
    by_board: dict[int, list[_Row]]


class _Ranked(NamedTuple):
    rankings: tuple[Ranking, ...]
    ranking: str  # Session.Ranking
    compared: bool
    by_wins: bool


def _pair_info(pair: Pair, shown: dict[int, str]) -> PairInfo:
    pupils = [member.pupil for member in pair.members.all()]
    return PairInfo(
        pk=pair.pk,
        label=people_labels.pair_number(pair.number, pair.line),
        line=pair.line,
        names=people_labels.names_text(str(pupil) for pupil in pupils),
        screen_names=people_labels.names_text(shown[pupil.pk] for pupil in pupils),
    )


def _partners(a: PairInfo, b: PairInfo) -> PairInfo:
    """Two pupils of an individual session as the side they formed for a board."""
    return PairInfo(
        pk=a.pk,
        label=people_labels.names_text([a.label, b.label]),
        line="",
        names=people_labels.names_text([a.names, b.names]),
        screen_names=people_labels.names_text([a.screen_names, b.screen_names]),
    )


def _named_pairs(session: Session) -> dict[int, PairInfo]:
    members = PairMember.objects.select_related("pupil").order_by("position")
    in_pairs = list(session.pairs.all().prefetch_related(Prefetch("members", queryset=members)))
    shown = people_labels.screen_names(
        (member.pupil.pk, member.pupil.first_name, member.pupil.last_name)
        for pair in in_pairs
        for member in pair.members.all()
    )
    return {pair.pk: _pair_info(pair, shown) for pair in in_pairs}


def _figures(session: Session, *, agreed_only: bool) -> _Figures:
    # The pairs and their pupils change only with the session's setup (a pupil
    # replaced, one forgotten: mark_changed(setup=True)), not with a result: kept per
    # setup, and per language (a Mitchell pair's label names its line).
    pairs = caches.per_setup(
        session, "standings-pairs", lambda: _named_pairs(session), get_language()
    )
    rows = Result.objects.filter(session=session).order_by("board_number", "round", "table__number")
    if agreed_only:
        rows = rows.filter(agreed=True)
    by_board: dict[int, list[_Row]] = defaultdict(list)
    for values in rows.values_list(*_ROW_FIELDS):
        row = _Row(*values)
        by_board[row.board_number].append(row)
    # The boards' cards and analysis change only with the setup too (a new analysis:
    # mark_changed(setup=True), another set: another key).
    dealt = caches.per_setup(session, "standings-boards", lambda: _dealt_boards(session))
    profile = session.profile
    boards = {
        number: board_selectors.board_facts_of(number, deal, dd_tricks, profile)
        for number, (deal, dd_tricks) in dealt.items()
        if number in by_board
    }
    return _Figures(pairs, boards, by_board)


def _dealt_boards(session: Session) -> dict[int, tuple[str, str]]:
    """The session's boards: number → PBN deal and double-dummy tricks."""
    rows = Board.objects.filter(board_set_id=session.board_set_id)
    return {
        number: (deal, dd_tricks)
        for number, deal, dd_tricks in rows.values_list("number", "deal", "dd_tricks")
    }


def _board_scores(
    session: Session, board: board_selectors.BoardFacts, results: Sequence[_Row]
) -> tuple[dict[int, Scored], dict[int, mp.BoardOutcome]]:
    """Each played result of a board scored, and each counted one's matchpoints, by the
    result's id."""
    counted = [r for r in results if r.kind != Result.Kind.NOT_PLAYED]
    entries: list[mp.BoardEntry] = []
    scored: dict[int, Scored] = {}
    for result in counted:
        if result.kind == Result.Kind.ADJUSTED:
            entries.append(mp.Adjusted(result.ns_adjusted or 50, result.ew_adjusted or 50))
        else:
            scored[result.pk] = score_result(
                board=board,
                contract=result.contract,
                tricks_won=result.tricks_won or 0,
                revoke=result.revoke,
                profile=session.profile,
            )
            entries.append(mp.Played(scored[result.pk].ns_net))
    outcomes = dict(
        zip(
            (r.pk for r in counted),
            # The field is every table the board reached, "not played" ones included, so
            # a board that could not be played everywhere is factored up (Neuberg).
            mp.score_board(entries, session.convention, expected=len(results)) if entries else [],
            strict=True,
        )
    )
    return scored, outcomes


def _board_credits(
    results: Sequence[_Row], scored: dict[int, Scored], outcomes: dict[int, mp.BoardOutcome]
) -> Iterator[tuple[int, _Credit]]:
    """What each counted result of a board gives each pair (in an individual session,
    both pupils of each side), by pair id."""
    for result in results:
        if result.kind == Result.Kind.NOT_PLAYED:
            continue
        outcome = outcomes.get(result.pk)
        played = scored.get(result.pk)
        top = outcome.top if outcome else 0
        ns = _Credit(outcome.ns_mp if outcome else None, top, played.ns_net if played else None)
        ew = _Credit(outcome.ew_mp if outcome else None, top, -played.ns_net if played else None)
        for pk in (result.ns_pair_id, result.ns_partner_id):
            if pk is not None:
                yield pk, ns
        for pk in (result.ew_pair_id, result.ew_partner_id):
            if pk is not None:
                yield pk, ew


def _ranked(
    session: Session, pairs: dict[int, PairInfo], credits: Mapping[int, Sequence[_Credit]]
) -> _Ranked:
    groups = _ranking_groups(session, list(pairs.values()))
    compared = session_selectors.session_compares_boards(session, pairs=len(pairs))
    by_total = session_selectors.ranked_by_total(session, compared=compared)
    target = is_target_profile(session.profile)
    by_wins = target and not compared
    rankings = tuple(
        _ranking(title, group, credits, by_total=by_total, by_wins=by_wins, target=target)
        for title, group in groups
    )
    ranking = Session.Ranking.TOTAL if by_total else Session.Ranking.MATCHPOINTS
    return _Ranked(rankings, ranking, compared, by_wins)


def session_ranking(session: Session) -> SessionRanking:
    """The session's rankings (:class:`SessionRanking`), as :func:`session_standings`
    ranks it, without building its travellers, score cards or feedback. Queries: as
    :func:`session_standings`."""
    figures = _figures(session, agreed_only=True)
    credits: dict[int, list[_Credit]] = defaultdict(list)
    for number in sorted(figures.by_board):
        results = figures.by_board[number]
        scored, outcomes = _board_scores(session, figures.boards[number], results)
        for pk, credit in _board_credits(results, scored, outcomes):
            credits[pk].append(credit)
    ranked = _ranked(session, figures.pairs, credits)
    return SessionRanking(
        ranking=ranked.ranking,
        rankings=ranked.rankings,
        round=session.current_round,
        rounds=session.rounds or 0,
        finished=session.state == Session.State.FINISHED,
        individual=session_selectors.is_individual(session),
        compared=ranked.compared,
        by_wins=ranked.by_wins,
    )


def session_standings(session: Session, *, agreed_only: bool = True) -> Standings:
    """Everything about a session's scores. Queries: the results, and once per setup of
    the session the pairs, their pupils and the boards (four at most, whatever the size
    of the session).

    In an individual session each result's matchpoints go to both pupils of each side
    (compared with every North–South score on the board, and every East–West one), and
    each pupil is ranked alone."""
    figures = _figures(session, agreed_only=agreed_only)
    pairs = figures.pairs
    travellers = []
    cards: dict[int, list[ScoreCardLine]] = defaultdict(list)
    credits: dict[int, list[_Credit]] = defaultdict(list)
    for number in sorted(figures.by_board):
        results = figures.by_board[number]
        board = figures.boards[number]
        scored, outcomes = _board_scores(session, board, results)
        for pk, credit in _board_credits(results, scored, outcomes):
            credits[pk].append(credit)
        traveller = _board_traveller(board, results, pairs, scored, outcomes)
        travellers.append(traveller)
        for result, line in zip(results, traveller.lines, strict=True):
            if line.kind == Result.Kind.NOT_PLAYED:
                continue
            for direction, sides, opponents, seats in (
                (
                    "NS",
                    (result.ns_pair_id, result.ns_partner_id),
                    line.ew,
                    (Seat.NORTH, Seat.SOUTH),
                ),
                ("EW", (result.ew_pair_id, result.ew_partner_id), line.ns, (Seat.EAST, Seat.WEST)),
            ):
                # Both pupils of a side of an individual session; a pair otherwise.
                credited = [pk for pk in sides if pk is not None]
                for index, pk in enumerate(credited):
                    # An individual side is two pupils: each one's card names the other.
                    partner = pairs[credited[1 - index]] if len(credited) == 2 else None
                    cards[pk].append(
                        ScoreCardLine(
                            number,
                            line.round,
                            line.table,
                            direction,
                            opponents,
                            line,
                            seat=seats[index] if partner else None,
                            partner=partner,
                        )
                    )

    ranked = _ranked(session, pairs, credits)
    return Standings(
        # The date in the user's language, as on every other page and paper.
        title=f"{session.school_class} · {date_format(session.date)}",
        ranking=ranked.ranking,
        convention=session.convention,
        rankings=ranked.rankings,
        travellers=tuple(travellers),
        score_cards={pk: tuple(lines) for pk, lines in cards.items()},
        pairs=tuple(pairs.values()),
        round=session.current_round,
        rounds=session.rounds or 0,
        finished=session.state == Session.State.FINISHED,
        individual=session_selectors.is_individual(session),
        compared=ranked.compared,
        by_wins=ranked.by_wins,
    )


def _board_traveller(
    board: board_selectors.BoardFacts,
    results: Sequence[_Row],
    pairs: dict[int, PairInfo],
    scored: dict[int, Scored],
    outcomes: dict[int, mp.BoardOutcome],
) -> BoardTraveller:
    lines = []
    for result in results:
        outcome = outcomes.get(result.pk)
        played = scored.get(result.pk)
        ns, ew = pairs[result.ns_pair_id], pairs[result.ew_pair_id]
        pupils: tuple[PairInfo, ...] = ()
        if result.ns_partner_id is not None and result.ew_partner_id is not None:
            # An individual session: the sides are this round's partners.
            south, west = pairs[result.ns_partner_id], pairs[result.ew_partner_id]
            pupils = (ns, ew, south, west)
            ns, ew = _partners(ns, south), _partners(ew, west)
        lines.append(
            TravellerLine(
                round=result.round,
                table=result.table,
                ns=ns,
                ew=ew,
                kind=result.kind,
                scored=played,
                ns_mp=outcome.ns_mp if outcome else None,
                ew_mp=outcome.ew_mp if outcome else None,
                top=outcome.top if outcome else 0,
                ns_percent=outcome.ns_percent if outcome else None,
                ew_percent=outcome.ew_percent if outcome else None,
                feedback=result_feedback(board, played) if played is not None else None,
                pupils=pupils,
            )
        )
    return BoardTraveller(
        number=board.number, par=board.par, lines=tuple(lines), target=board.target
    )


def sides_ranked_apart(session: Session) -> bool:
    """Whether the session ranks its N–S and E–W pairs apart (docs/rules.md §5.5): a Mitchell
    does, unless the arrow switch makes one field; a Howell is one field. The one home
    of the rule: the session's standings and an event's ranking of the school
    (events.results.selectors) both ask it."""
    return session.movement_kind == Session.Kind.MITCHELL and not session.arrow_switch


def _ranking_groups(session: Session, pairs: list[PairInfo]) -> list[tuple[str, list[PairInfo]]]:
    """N–S and E–W ranked apart, each under its side's name, or one field."""
    if sides_ranked_apart(session):
        return [
            (bridge_labels.side_name(side), [p for p in pairs if p.line == side.value])
            for side in (Side.NS, Side.EW)
        ]
    return [("", pairs)]


def _ranking(
    title: str,
    pairs: list[PairInfo],
    credits: Mapping[int, Sequence[_Credit]],
    *,
    by_total: bool,
    by_wins: bool = False,
    target: bool = False,
) -> Ranking:
    """The pairs in order of the session's ranking (percentage, or total points), with
    places from exactly the figures they are sorted by. Pairs with no counted result
    are not ranked and come last.

    Under a target scoring (``target``) each board is won or lost against the target,
    and a board's points are +1 to the winners and -1 to the losers, so total points
    are boards won minus boards lost. A session that compares no board (``by_wins``)
    is ranked by the boards won, as the target scoring counts them (docs/rules.md §4.7,
    "each deal is a win or a loss"); pairs with as many wins share the place and are
    listed by total points, that is the one with fewer boards lost first (a pupil who
    had more rounds off in a lesson cut short is not behind for it)."""
    figures = {}
    for pair in pairs:
        lines = credits.get(pair.pk, ())
        scores = [
            (line.matchpoints or 0.0, line.top) for line in lines if line.matchpoints is not None
        ]
        mps = sum(m for m, _top in scores)
        top = sum(t for _m, t in scores)
        percentage = mp.pair_percentage(scores) if scores else None
        total = sum(line.points or 0 for line in lines)
        won = sum(1 for line in lines if (line.points or 0) > 0) if target else None
        figures[pair.pk] = (pair, len(lines), mps, top, percentage, total, won)
    ranked = {pk: f for pk, f in figures.items() if f[4] is not None}
    places = mp.rank({pk: f[4] for pk, f in ranked.items() if f[4] is not None})
    total_places = mp.rank(
        {pk: float((f[6] or 0) if by_wins else f[5]) for pk, f in ranked.items()}
    )
    rows = [
        StandingRow(
            place=places.get(pk, UNRANKED),
            pair=pair,
            boards=boards,
            matchpoints=round(mps, 2),
            top=top,
            percentage=None if percentage is None else round(percentage, 2),
            total_points=total,
            total_place=total_places.get(pk, UNRANKED),
            boards_won=won,
        )
        for pk, (pair, boards, mps, top, percentage, total, won) in figures.items()
    ]
    rows.sort(key=_by_wins if by_wins else _by_total if by_total else _by_percentage)
    return Ranking(title=title, rows=tuple(rows))


def _by_percentage(row: StandingRow) -> tuple[bool, float, int, str]:
    return (not row.ranked, -(row.percentage or 0.0), -row.total_points, row.pair.label)


def _by_total(row: StandingRow) -> tuple[bool, int, float, str]:
    return (not row.ranked, -row.total_points, -(row.percentage or 0.0), row.pair.label)


def _by_wins(row: StandingRow) -> tuple[bool, int, int, str]:
    return (not row.ranked, -(row.boards_won or 0), -row.total_points, row.pair.label)


def ranked_by_total(ranking: Ranking, *, by_wins: bool = False) -> list[StandingRow]:
    """The ranking's rows by total points (``by_wins``: by boards won, then total
    points), pairs not ranked yet last."""
    if by_wins:
        return sorted(ranking.rows, key=_by_wins)
    return sorted(ranking.rows, key=lambda row: (not row.ranked, -row.total_points, row.pair.label))
