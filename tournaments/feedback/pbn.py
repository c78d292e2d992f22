"""Teaching feedback from a PBN file with results, for ``manage.py feedback``: a lesson
scored elsewhere (or the site's own "PBN with results" download) gets the same
feedback per result, and the same boards to discuss, as a session on the site.

The file's ``ScoreTable`` gives each table's contract, declarer and tricks (the site's
export writes the tricks after any revoke). Boards without ``DoubleDummyTricks`` (or an
``OptimumResultTable``) are analysed here, at most 40 deals a DDS call. The scoring
profile is the one given, else the file's ``MinibridgeScoring`` tag (the site writes
it), else EBU. Nothing here touches the database.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from scoring import dd
from scoring.cards import Deal, Seat
from scoring.contracts import Contract
from scoring.dd import DDTable, Par
from scoring.errors import ScoringError
from scoring.feedback import BoardLesson, Feedback, board_lesson, feedback, games_count
from scoring.pbn import PbnGame, PbnTable, read_pbn
from scoring.profiles import DEFAULT_PROFILE, PROFILES, Profile, get_profile
from tournaments.feedback.selectors import BoardOutcome, board_outcome, boards_to_discuss
from tournaments.labels import bridge as bridge_labels
from tournaments.labels import feedback as feedback_labels
from tournaments.standings.pbn import SCORING_TAG

#: The columns of a ScoreTable this reads (the site's export writes them all).
NEEDED_COLUMNS = ("Contract", "Declarer", "Result")


@dataclass(frozen=True)
class ResultLine:
    """One table's result on a board, with its feedback."""

    table: str
    ns: str
    ew: str
    contract: Contract
    declarer: Seat
    tricks: int
    feedback: Feedback


@dataclass(frozen=True)
class BoardReport:
    number: int
    declarer: Seat
    lesson: BoardLesson
    results: tuple[ResultLine, ...]
    outcome: BoardOutcome

    @property
    def par(self) -> Par | None:
        return self.lesson.par


@dataclass(frozen=True)
class PbnReport:
    """The feedback for a file: its boards, whether any had results, the profile used,
    how many boards were analysed here, and notes on what was skipped."""

    boards: tuple[BoardReport, ...]
    profile: str
    has_results: bool
    analysed_here: int
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def to_discuss(self) -> list[BoardOutcome]:
        outcomes = [board.outcome for board in self.boards]
        return boards_to_discuss(outcomes, games=games_count(self.profile))


class PbnFeedbackError(ValueError):
    """The file cannot be used at all (no board could be read); the message says why."""


def pbn_feedback(
    source: str | bytes,
    *,
    profile: str | None = None,
    analyse: Callable[[Sequence[Deal]], list[DDTable]] = dd.analyse,
) -> PbnReport:
    """Read ``source`` (a PBN file's text or bytes) and judge every result in it."""
    parsed = read_pbn(source)
    notes = [str(problem) for problem in (*parsed.problems, *parsed.notes)]
    games = list(parsed.boards)
    if not games:
        raise PbnFeedbackError(
            "No board in the file could be read" + (f": {notes[0]}" if notes else ".")
        )
    chosen = profile or _file_profile(games) or DEFAULT_PROFILE
    try:
        # A registered name, or a session's own target table ("target:21-22:7,…").
        scoring = get_profile(chosen)
    except ScoringError:
        raise PbnFeedbackError(
            f"{chosen!r} is not a scoring profile; choose one of {', '.join(PROFILES)}."
        ) from None
    tables = _analysis(games, analyse)
    boards = []
    has_results = False
    for game, table in zip(games, tables, strict=True):
        declarer = game.declaration.declarer
        lesson = board_lesson(game.board.deal, declarer, dd=table, profile=scoring)
        results = []
        for score_table in game.board.tables:
            if score_table.tag != "ScoreTable":
                continue
            has_results = True
            results += _results(game, score_table, table, scoring, lesson.hcp, notes)
        boards.append(
            BoardReport(
                number=game.board.number,
                declarer=declarer,
                lesson=lesson,
                results=tuple(results),
                outcome=board_outcome(
                    game.board.number, lesson.par, (line.feedback for line in results)
                ),
            )
        )
    return PbnReport(
        boards=tuple(boards),
        profile=chosen,
        has_results=has_results,
        analysed_here=sum(game.board.dd_tricks is None for game in games),
        notes=tuple(notes),
    )


def _file_profile(games: Sequence[PbnGame]) -> str | None:
    for game in games:
        value = (game.tag(SCORING_TAG) or "").strip().lower()
        if value:
            return value
    return None


def _analysis(
    games: Sequence[PbnGame], analyse: Callable[[Sequence[Deal]], list[DDTable]]
) -> list[DDTable]:
    """Each board's table: from the file, or solved here for those without one."""
    missing = [game for game in games if game.board.dd_tricks is None]
    solved = iter(analyse([game.board.deal for game in missing]) if missing else [])
    return [
        DDTable(dict(game.board.dd_tricks)) if game.board.dd_tricks is not None else next(solved)
        for game in games
    ]


def _results(
    game: PbnGame, table: PbnTable, dd_table: DDTable, profile: Profile, hcp: int, notes: list[str]
) -> list[ResultLine]:
    names = {column.name for column in table.columns}
    if not set(NEEDED_COLUMNS) <= names:
        notes.append(
            f"Board {game.board.number}: its ScoreTable has no "
            + ", ".join(sorted(set(NEEDED_COLUMNS) - names))
            + " column, so its results were skipped"
        )
        return []

    def column(name: str) -> list[str]:
        return table.column(name) if name in names else [""] * len(table.rows)

    declarer = game.declaration.declarer
    lines = []
    for number, (contract_text, seat_text, tricks_text, table_no, ns, ew) in enumerate(
        zip(
            column("Contract"),
            column("Declarer"),
            column("Result"),
            column("Table"),
            column("PairId_NS"),
            column("PairId_EW"),
            strict=True,
        ),
        start=1,
    ):
        if contract_text.strip() in ("", "-", "Pass", "PASS", "AP"):
            continue  # not played, or an adjusted score: nothing to judge
        where = f"Board {game.board.number}, row {number}"
        try:
            result = feedback(
                declarer=declarer,
                dd=dd_table,
                profile=profile,
                contract=contract_text,
                tricks=int(tricks_text),
                hcp=hcp,
            )
        except (ScoringError, ValueError) as error:
            notes.append(f"{where} was skipped: {error}")
            continue
        if seat_text.strip() and seat_text.strip().upper() != declarer.value:
            notes.append(
                f"{where}: the file says {seat_text.strip()} declared, but the cards make "
                f"{declarer.label} declarer; judged as {declarer.label}'s"
            )
        lines.append(
            ResultLine(
                table=table_no,
                ns=ns,
                ew=ew,
                contract=result.contract,
                declarer=declarer,
                tricks=result.tricks,
                feedback=result,
            )
        )
    return lines


# --------------------------------------------------------------------------- as text


def report_text(report: PbnReport, *, name: str) -> str:
    """The report as plain text in the active language: each board (who declares, the
    par, why, each result's feedback), then the boards to discuss."""
    lines: list[str] = []
    if not report.has_results:
        lines.append(
            _(
                "%(file)s has no results (no ScoreTable): here is what the cards allow on "
                "each board. The site's “PBN with results” download has them."
            )
            % {"file": name}
        )
        lines.append("")
    for board in report.boards:
        par = board.par
        head = [
            _("Board %(number)s") % {"number": board.number},
            bridge_labels.declares_text(board.declarer, board.lesson.hcp),
            _("The cards are not analysed yet")
            if par is None
            else bridge_labels.lesson_par_text(board.lesson),
        ]
        lines.append(" · ".join(head))
        lines.append("  " + feedback_labels.board_why_text(board.lesson))
        for result in board.results:
            where = _("Table %(number)s") % {"number": result.table} if result.table else ""
            played = (
                f"{bridge_labels.contract_text(result.contract)} "
                f"{bridge_labels.seat_letter(result.declarer)} {result.tricks}"
            )
            said = feedback_labels.feedback_text(result.feedback)
            lines.append(f"  {where:<9} {played:<9} {said}".rstrip())
        if board.outcome.judged:
            lines.append("  " + board.outcome.text)
        lines.append("")
    if report.has_results:
        lines.append(_("Boards to discuss"))
        discuss = report.to_discuss
        if not discuss:
            lines.append("  " + _("None: every table chose the best level."))
        for outcome in discuss:
            lines.append(
                "  " + _("Board %(number)s") % {"number": outcome.number} + ": " + outcome.text
            )
    return "\n".join(lines).rstrip() + "\n"
