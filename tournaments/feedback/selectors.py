"""Teaching feedback over a term and for one session: reads, no writes.

Each result's feedback (:mod:`scoring.feedback`, through
:func:`tournaments.results.scores.contract_feedback`) is added up here:

* per pupil and per pair over a term (the deals their side declared): games bid when
  game was there, games missed, games bid that could not make, and the "play" figure,
  the tricks taken against the double-dummy tricks in the strain played, on average;
* per session for the teacher: the boards the field most often got wrong, to discuss
  at the start of the next lesson, and the figures the lesson pack prints.

The term figures are made from exactly the rows and the analysis the curve sheets use
(:func:`tournaments.feedback.curves.declared_deals`): the deals declared are the curve's
points, the games bid and made its "games chosen" and "games made", and the play
figure compares the same tricks with the same double-dummy line.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.curves import CurvePoint, CurveStats, curve_stats
from scoring.dd import Par
from scoring.feedback import GAME_KINDS, BoardLesson, Code, Feedback, board_lesson, games_count
from tournaments.boards import selectors as board_selectors
from tournaments.feedback import curves
from tournaments.feedback.curves import DeclaredDeal
from tournaments.labels import bridge as bridge_labels
from tournaments.labels import feedback as feedback_labels
from tournaments.labels import people as people_labels
from tournaments.models import Board, Pupil, SchoolClass, Session
from tournaments.results.scores import contract_feedback
from tournaments.sessions import selectors as session_selectors
from tournaments.standings.selectors import stored_standings

# --------------------------------------------------------------------------- the figures


@dataclass(frozen=True)
class Figures:
    """What a side did with the deals it declared (see the module's docstring).

    ``declared`` counts every deal, ``analysed`` those whose board has its double-dummy
    analysis. The game figures count analysed deals under a scoring with games (EBU,
    ACBL): ``games_there`` = ``games_bid_there`` + ``games_missed``. ``games_bid`` and
    ``games_made`` count every deal, like the curve sheet's columns. ``tricks`` and
    ``dd_tricks`` add up the tricks taken (after any revoke) and declarer's
    double-dummy tricks in the strain played, over the analysed deals.
    """

    declared: int = 0
    analysed: int = 0
    best: int = 0
    judged: int = 0
    games_there: int = 0
    games_bid_there: int = 0
    games_missed: int = 0
    games_could_not_make: int = 0
    games_bid: int = 0
    games_made: int = 0
    tricks: int = 0
    dd_tricks: int = 0

    @property
    def play(self) -> float | None:
        """Tricks taken minus double-dummy tricks, on average a deal; None with none
        analysed. Above 0: more than the cards promise (the defenders helped)."""
        return (self.tricks - self.dd_tricks) / self.analysed if self.analysed else None

    @property
    def mean_tricks(self) -> float | None:
        """Average tricks taken on the analysed deals."""
        return self.tricks / self.analysed if self.analysed else None

    @property
    def mean_dd_tricks(self) -> float | None:
        """Average double-dummy tricks in the strain played on the analysed deals."""
        return self.dd_tricks / self.analysed if self.analysed else None

    @property
    def play_text(self) -> str:
        return feedback_labels.play_figure_text(self.play)


def deal_feedback(deal: DeclaredDeal) -> Feedback | None:
    """A declared deal's feedback under its session's scoring; None for a contract that
    scoring does not have (a result kept from before a change)."""
    try:
        return contract_feedback(deal.board, deal.contract, deal.tricks)
    except ValueError:
        return None


def figures_of(deals: Iterable[tuple[DeclaredDeal, Feedback | None]]) -> Figures:
    """Add up declared deals and their feedback."""
    counts: dict[str, int] = defaultdict(int)
    for deal, feedback in deals:
        counts["declared"] += 1
        counts["games_bid"] += deal.contract.kind in GAME_KINDS
        counts["games_made"] += deal.contract.kind in GAME_KINDS and deal.made
        if feedback is None or feedback.dd_tricks is None:
            continue
        counts["analysed"] += 1
        counts["tricks"] += feedback.tricks
        counts["dd_tricks"] += feedback.dd_tricks
        if feedback.choice is not None:
            counts["judged"] += 1
            counts["best"] += feedback.choice.code is Code.BEST
        if feedback.game_there is not None:
            counts["games_there"] += feedback.game_there
            counts["games_bid_there"] += feedback.game_bid_when_there
            counts["games_missed"] += feedback.game_missed
            counts["games_could_not_make"] += feedback.game_could_not_make
    return Figures(**counts)


def curve_stats_of(deals: Iterable[DeclaredDeal]) -> CurveStats:
    """The curve sheet of these deals (the same rows as the figures)."""
    return curve_stats([curves.curve_point(deal) for deal in deals])


# --------------------------------------------------------------------------- a pupil


@dataclass(frozen=True)
class SessionFigures:
    """A side's figures in one session of the term."""

    session: Session
    figures: Figures


@dataclass(frozen=True)
class DealLine:
    """One deal a side declared, with its feedback."""

    deal: DeclaredDeal
    feedback: Feedback | None

    @property
    def date(self) -> datetime.date:
        return self.deal.result.session.date

    @property
    def feedback_text(self) -> str:
        return feedback_labels.feedback_text(self.feedback)


@dataclass(frozen=True)
class PupilTerm:
    """A pupil's term: the figures, session by session (oldest first), every deal."""

    pupil: Pupil
    figures: Figures
    sessions: tuple[SessionFigures, ...]
    deals: tuple[DealLine, ...]


def pupil_term(
    school_class: SchoolClass,
    pupil: Pupil,
    *,
    start: datetime.date | None = None,
    end: datetime.date | None = None,
) -> PupilTerm:
    """The deals ``pupil``'s side declared in the class's sessions between the dates,
    with the figures over them and per session (two queries, and one per board set)."""
    results = curves.class_results(school_class, start=start, end=end, pupil=pupil)
    deals = curves.declared_deals(results, pupil=pupil)
    lines = sorted(
        (DealLine(deal, deal_feedback(deal)) for deal in deals),
        key=lambda line: (
            line.date,
            line.deal.result.session_id,
            line.deal.result.board_number,
        ),
    )
    by_session: dict[int, list[DealLine]] = defaultdict(list)
    for line in lines:
        by_session[line.deal.result.session_id].append(line)
    return PupilTerm(
        pupil=pupil,
        figures=figures_of((line.deal, line.feedback) for line in lines),
        sessions=tuple(
            SessionFigures(
                session=group[0].deal.result.session,
                figures=figures_of((line.deal, line.feedback) for line in group),
            )
            for group in by_session.values()
        ),
        deals=tuple(lines),
    )


# --------------------------------------------------------------------------- a class


@dataclass(frozen=True)
class TermRow:
    """A pupil's or a pair's line in the class's term figures."""

    name: str
    figures: Figures
    pupil: Pupil | None = None


@dataclass(frozen=True)
class ClassTerm:
    """A class's term: every pupil (those who declared nothing too), every pair of
    pupils who declared together, and the whole class."""

    pupils: tuple[TermRow, ...]
    pairs: tuple[TermRow, ...]
    figures: Figures


def class_term(
    school_class: SchoolClass,
    *,
    start: datetime.date | None = None,
    end: datetime.date | None = None,
) -> ClassTerm:
    """The figures of each pupil and each pair over the class's sessions between the
    dates. A pair over a term is the same pupils playing together, in any session."""
    pupils = {pupil.pk: pupil for pupil in school_class.pupils.all()}
    deals = [
        (deal, deal_feedback(deal))
        for deal in curves.declared_deals(curves.class_results(school_class, start=start, end=end))
    ]
    per_pupil: dict[int, list[tuple[DeclaredDeal, Feedback | None]]] = defaultdict(list)
    per_pair: dict[frozenset[int], list[tuple[DeclaredDeal, Feedback | None]]] = defaultdict(list)
    pair_order: dict[frozenset[int], list[int]] = {}
    for deal, feedback in deals:
        members = deal.declaring_pupils()
        for pupil_id in members:
            per_pupil[pupil_id].append((deal, feedback))
        key = frozenset(members)
        per_pair[key].append((deal, feedback))
        pair_order.setdefault(key, members)
    pair_rows = [
        TermRow(
            name=people_labels.names_text(
                str(pupils[pk]) for pk in pair_order[key] if pk in pupils
            ),
            figures=figures_of(group),
        )
        for key, group in per_pair.items()
    ]
    return ClassTerm(
        pupils=tuple(
            TermRow(name=str(pupil), figures=figures_of(per_pupil.get(pk, [])), pupil=pupil)
            for pk, pupil in pupils.items()
        ),
        pairs=tuple(sorted(pair_rows, key=lambda row: row.name.casefold())),
        figures=figures_of(deals),
    )


# --------------------------------------------------------------------------- a session


@dataclass(frozen=True)
class BoardOutcome:
    """How the field did on one board of a session, against what the cards allowed.

    ``judged`` counts the results whose contract could be judged (played, board
    analysed); ``missed`` those in a part-score with game there, ``could_not_make``
    those in a game where no game makes, ``other`` the other choices that were not
    best (another strain, a slam).
    """

    number: int
    par: Par | None
    judged: int
    best: int
    missed: int
    could_not_make: int
    #: The tricks the declaring side needs under a target scoring; None otherwise.
    target: int | None = None

    @property
    def target_par_text(self) -> str:
        """Under a target scoring, the par in targets ("Target 8: ♥ or ♠ makes 9",
        ``bridge_labels.par_text``); else "" (the page shows the par's contracts with their
        tricks, or that the cards are not analysed yet)."""
        if self.target is None or self.par is None:
            return ""
        return bridge_labels.par_text(self.par, target=self.target)

    @property
    def other(self) -> int:
        return self.judged - self.best - self.missed - self.could_not_make

    @property
    def wrong_level(self) -> int:
        """Results that chose the wrong level: part-score with game there, or the reverse."""
        return self.missed + self.could_not_make

    @property
    def text(self) -> str:
        return feedback_labels.board_outcome_text(
            judged=self.judged,
            best=self.best,
            missed=self.missed,
            could_not_make=self.could_not_make,
        )


def board_outcome(
    number: int, par: Par | None, feedbacks: Iterable[Feedback], *, target: int | None = None
) -> BoardOutcome:
    """Count a board's results by what their feedback says."""
    judged = [f for f in feedbacks if f.choice is not None]
    return BoardOutcome(
        number=number,
        par=par,
        target=target,
        judged=len(judged),
        best=sum(f.choice is not None and f.choice.code is Code.BEST for f in judged),
        missed=sum(f.game_missed for f in judged),
        could_not_make=sum(f.game_could_not_make for f in judged),
    )


def session_outcomes(session: Session) -> list[BoardOutcome]:
    """Every board of the session with results, by number (the standings' queries)."""
    return [
        board_outcome(
            traveller.number,
            traveller.par,
            (line.feedback for line in traveller.lines if line.feedback is not None),
            target=traveller.target,
        )
        for traveller in stored_standings(session).travellers
    ]


def boards_to_discuss(outcomes: Sequence[BoardOutcome], *, games: bool) -> list[BoardOutcome]:
    """The boards most often missed, most first. Under a scoring with games (``games``):
    where tables chose a part-score with game there, or a game with none. Under the
    others: where tables chose another strain than the best. Boards everybody got right
    are left out."""
    if games:
        wrong = [o for o in outcomes if o.wrong_level]
        return sorted(wrong, key=lambda o: (-o.wrong_level, -o.missed, o.number))
    return sorted((o for o in outcomes if o.other), key=lambda o: (-o.other, o.number))


# --------------------------------------------------------------------------- lesson pack


@dataclass(frozen=True)
class PackBoard:
    """One board of the lesson pack: its facts, the figures of its "why", and how the
    field did (None when nobody played it)."""

    facts: board_selectors.BoardFacts
    lesson: BoardLesson
    outcome: BoardOutcome | None


@dataclass(frozen=True)
class SessionPack:
    """Everything the lesson pack prints: the boards played, the session's curve, and
    the worksheet's answers (per board: the declaring side's points, the par and the
    tricks it takes), with the answers as dots for the worksheet's grid."""

    session: Session
    boards: tuple[PackBoard, ...]
    curve: CurveStats
    answers: CurveStats

    @property
    def to_discuss(self) -> list[int]:
        """The boards most often missed (:func:`boards_to_discuss`)."""
        outcomes = [board.outcome for board in self.boards if board.outcome]
        games = games_count(self.session.profile)
        return [outcome.number for outcome in boards_to_discuss(outcomes, games=games)]


def session_pack(session: Session) -> SessionPack:
    """The lesson pack's figures for a running or finished session."""
    movement = session_selectors.session_movement(session)
    numbers = sorted(
        {
            number
            for round_ in range(1, movement.rounds + 1)
            for entry in movement.round_entries(round_)
            for number in movement.boards(entry.board_set)
        }
    )
    outcomes = {outcome.number: outcome for outcome in session_outcomes(session)}
    boards = []
    for board in Board.objects.filter(board_set_id=session.board_set_id, number__in=numbers):
        facts = board_selectors.board_facts(board, profile=session.profile)
        lesson = board_lesson(
            facts.deal, facts.declaration.declarer, dd=facts.dd, profile=session.profile
        )
        boards.append(PackBoard(facts=facts, lesson=lesson, outcome=outcomes.get(board.number)))
    answers = [
        CurvePoint(
            hcp=board.lesson.hcp,
            tricks=board.lesson.par.tricks,
            kind=board.lesson.par.contract.kind.value,
            made=board.lesson.par_makes,
        )
        for board in boards
        if board.lesson.par is not None
    ]
    deals = curves.declared_deals(curves.session_results(session))
    return SessionPack(
        session=session,
        boards=tuple(boards),
        curve=curve_stats_of(deals),
        answers=curve_stats(answers),
    )
