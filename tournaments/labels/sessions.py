"""The wording of a session's set-up and movement: why a movement is suggested, whether
the boards fit, where pairs and boards go next, board set names, PBN problems."""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from django.utils.formats import date_format
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from scoring.cards import Seat
from scoring.errors import ErrorCode, ScoringError
from scoring.individual import INDIVIDUAL_PUPILS, IndividualReason, IndividualTableRound
from scoring.movements import (
    BoardsGo,
    BoardsNext,
    Line,
    Movement,
    MovementError,
    MovementErrorCode,
    PairId,
    Position,
    ReasonCode,
    Suggestion,
    TableRound,
)
from scoring.pbn import PbnProblem, ProblemCode

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise
from tournaments.labels.bridge import counts_text, seat_name, side_name
from tournaments.labels.people import pair_number


def one_table_note(*, individual: bool, by_wins: bool) -> str:
    """The one sentence a session whose boards are each played at one table only says
    beside its standings (tournaments.sessions.selectors.compares_boards): how it is ranked."""
    if by_wins:
        if individual:
            return gettext(
                "Every board is played at one table only, so no score can be compared with "
                "another: the pupils are ranked by the boards they win against the target, "
                "then by total points."
            )
        return gettext(
            "Every board is played at one table only, so no score can be compared with "
            "another: the pairs are ranked by the boards they win against the target, then "
            "by total points."
        )
    if individual:
        return gettext(
            "Every board is played at one table only, so no score can be compared with "
            "another: the pupils are ranked by total points, not by percentage."
        )
    return gettext(
        "Every board is played at one table only, so no score can be compared with "
        "another: the pairs are ranked by total points, not by percentage."
    )


def one_table_setup_note(*, individual: bool) -> str:
    """The same sentence on the set-up page, before the scoring is chosen."""
    if individual:
        return gettext(
            "Every board is played at one table only, so no score can be compared with "
            "another: the pupils are ranked by total points (under the target scoring, by "
            "the boards they win), not by percentage."
        )
    return gettext(
        "Every board is played at one table only, so no score can be compared with "
        "another: the pairs are ranked by total points (under the target scoring, by the "
        "boards they win), not by percentage."
    )


def boards_to_prepare_text(movement: Movement) -> str:
    """When some tables play the same boards in the same round (an individual session of
    8: both tables play boards 1–2): which boards to make and how many of each, with the
    round where the most tables share as the example. Empty when no tables share."""
    at_once: dict[tuple[int, int], list[int]] = {}
    for entry in movement.entries:
        if not entry.sits_out:
            at_once.setdefault((entry.round, entry.board_set), []).append(entry.table)
    most = max(at_once.items(), key=lambda item: (len(item[1]), -item[0][0]), default=None)
    if most is None or len(most[1]) < 2:
        return ""
    (round_, board_set), tables = most
    boards = movement.boards(board_set)
    return gettext(
        "Boards to prepare: one of each board, 1 to %(last)s. Some tables play the same "
        "boards at the same time (round %(round)s: tables %(tables)s, boards "
        "%(first_board)s–%(last_board)s): each table starts on a different board and "
        "passes it on. Or make %(copies)s copies of those boards, one for each table."
    ) % {
        "last": movement.total_boards,
        "round": round_,
        "tables": tables_text(sorted(tables)),
        "first_board": boards[0],
        "last_board": boards[-1],
        "copies": len(tables),
    }


def event_too_few_boards_text(*, boards: int, tables: int, needed: int) -> str:
    """The set-up page of an event's session when no movement fits the event's boards:
    every table starts on boards of its own, so even one round needs more."""
    return gettext(
        "The event has %(boards)s boards, but with %(tables)s tables even one round needs "
        "%(needed)s, a board for each table to start on. Ask the event's organiser for more "
        "boards, or play with fewer pupils."
    ) % {"boards": boards, "tables": tables, "needed": needed}


def ranked_by_text(*, by_total: bool, by_wins: bool) -> str:
    """What the standings are ranked by, as the page's and the projector's line says."""
    if by_wins:
        return gettext("ranked by boards won")
    if by_total:
        return gettext("ranked by total points")
    return gettext("ranked by matchpoints")


def board_set_name(name: str, day: datetime.date | None, *, imported: bool = False) -> str:
    """A board set's name as the reader sees it. A set dealt without a name of its own
    is called after its day, "Boards of 30 November 2026"; one dealt for a session after
    the class and the day, "6B, 30 November 2026". The day is stored rather than the
    words, so the name follows the reader's language. An imported set without a name is
    "Imported boards"."""
    if day is None:
        if not name and imported:
            return gettext("Imported boards")
        return name
    when = date_format(day)
    if name:
        # Translators: a board set dealt for a session: the class, then the day.
        return gettext("%(class)s, %(date)s") % {"class": name, "date": when}
    return gettext("Boards of %(date)s") % {"date": when}


def progress_text(*, finished: bool, round_: int, rounds: int) -> str:
    """What heads a session's standings: "Final results" once it is finished, else
    "Round 3 of 5" ("" when the rounds are not known)."""
    if finished:
        return gettext("Final results")
    if not rounds:
        return ""
    return gettext("Round %(round)s of %(rounds)s") % {"round": round_, "rounds": rounds}


def tables_text(tables: Iterable[int]) -> str:
    """``"2 & 3"``: tables that share boards or receive them."""
    return " & ".join(str(table) for table in tables)


def pair_moves_text(pair: PairId, seat: Line | None, next_: Position, table: int) -> str:
    """Where a pair sitting at ``table`` (in ``seat``, or None when it has the round
    off) goes for the next round: "Pair 4 E–W goes to table 5.", "Pair 3 N–S stays at
    this table.", "Pair 2 has the next round off, at table 4.". The seats are named when
    the pair cannot know them: always in a Howell, and in a Mitchell when the arrow
    switch turns the pair round."""
    values = {
        "pair": pair_number(pair.number, pair.direction),
        "table": next_.table,
        "seats": side_name(next_.direction),
    }
    if next_.sits_out:
        return gettext("Pair %(pair)s has the next round off, at table %(table)s.") % values
    if next_.table == table:
        # Seats are worth a word only when they change.
        if (seat or pair.direction) == next_.direction:
            return gettext("Pair %(pair)s stays at this table.") % values
        return gettext("Pair %(pair)s stays at this table and sits %(seats)s.") % values
    if pair.direction == next_.direction:
        return gettext("Pair %(pair)s goes to table %(table)s.") % values
    return gettext("Pair %(pair)s goes to table %(table)s and sits %(seats)s.") % values


def pupil_moves_text(name: str, next_seat: Seat | None, next_table: int, table: int) -> str:
    """Where a pupil of an individual session goes for the next round: "Emma goes to
    table 2 and sits South.", "Emma stays at this table and sits West.", "Emma has the
    next round off." (``next_seat`` None). The seat is always named: it changes with the
    partner every round."""
    values = {"name": name, "table": next_table, "seat": seat_name(next_seat or Seat.NORTH)}
    if next_seat is None:
        return gettext("%(name)s has the next round off.") % values
    if next_table == table:
        return gettext("%(name)s stays at this table and sits %(seat)s.") % values
    return gettext("%(name)s goes to table %(table)s and sits %(seat)s.") % values


def boards_move_text(next_: BoardsNext, table: int) -> str:
    """What the table does with its boards after the round: "The boards go to table 2.",
    "The boards stay on this table.", the side table, or back to the teacher."""
    if next_.go is BoardsGo.FINISHED or not next_.tables:
        return gettext("Give the boards to the teacher.")
    values = {"tables": tables_text(next_.tables), "round": next_.round}
    if next_.go is BoardsGo.STAND:
        return (
            ngettext(
                "The boards go onto the side table, for table %(tables)s in round %(round)s.",
                "The boards go onto the side table, for tables %(tables)s in round %(round)s.",
                len(next_.tables),
            )
            % values
        )
    if next_.tables == (table,):
        return gettext("The boards stay on this table.")
    if table in next_.tables:
        others = [other for other in next_.tables if other != table]
        return ngettext(
            "The boards stay on this table, shared with table %(tables)s.",
            "The boards stay on this table, shared with tables %(tables)s.",
            len(others),
        ) % {"tables": tables_text(others)}
    return (
        ngettext(
            "The boards go to table %(tables)s.",
            "The boards go to tables %(tables)s.",
            len(next_.tables),
        )
        % values
    )


def after_round_texts(row: TableRound, *, pairs: Iterable[PairId] | None = None) -> list[str]:
    """Everything a table is told to do when a round is over, one sentence each: where
    each of its pairs goes (none after the last round), then where the boards go. The
    table's page and its printed table card both show exactly these sentences.

    ``pairs`` limits the sentences to those pairs (a page leaves out a pair that has
    stopped playing); by default every pair at the table is told.
    """
    wanted = None if pairs is None else set(pairs)
    texts: list[str] = []
    for pair, seat, next_ in (
        (row.ns_pair, Line.NS, row.ns_next),
        (row.ew_pair, Line.EW, row.ew_next),
    ):
        if pair is None or next_ is None or (wanted is not None and pair not in wanted):
            continue
        texts.append(pair_moves_text(pair, None if row.sits_out else seat, next_, row.table))
    texts.append(boards_move_text(row.boards_next, row.table))
    return texts


def individual_after_round_texts(row: IndividualTableRound, names: Mapping[int, str]) -> list[str]:
    """Everything a table of an individual session is told when a round is over: where
    each of its four pupils goes, in seat order (none after the last round), then where
    the boards go. The table's page and its printed table card both show exactly these
    sentences. ``names`` maps a pupil's number to their name (the number if missing)."""
    texts = [
        pupil_moves_text(
            names.get(move.pupil) or str(move.pupil),
            move.next.seat if move.next else None,
            move.next.table if move.next else row.table,
            row.table,
        )
        for move in row.moves
    ]
    texts.append(boards_move_text(row.boards_next, row.table))
    return texts


# scoring.movements.REASONS in the user's language; the placeholders are the same.
MOVEMENT_REASONS: dict[ReasonCode, StrPromise] = {
    ReasonCode.HOWELL_EVERYONE_MEETS: _(
        "With {pairs} pairs there is time for every pair to play against every other "
        "pair once, which takes {rounds} rounds."
    ),
    ReasonCode.HOWELL_FEW_TABLES: _(
        "With only two tables the pairs change opponents every round, and there is time "
        "for {rounds} of the {full_rounds} rounds it takes to meet everyone."
    ),
    ReasonCode.MITCHELL_ODD_TABLES: _(
        "With {tables} tables the North–South pairs stay at their table and the East–West "
        "pairs move up one table each round, for {rounds} rounds."
    ),
    ReasonCode.MITCHELL_SKIP: _(
        "With {tables} tables the North–South pairs stay at their table and the East–West "
        "pairs move up one table each round, jumping one extra table after round "
        "{skip_after} so that nobody plays the same board twice."
    ),
    ReasonCode.MITCHELL_SKIP_NOT_REACHED: _(
        "With {tables} tables and {rounds} rounds the North–South pairs stay at their "
        "table and the East–West pairs simply move up one table each round."
    ),
    ReasonCode.MITCHELL_RELAY: _(
        "With {tables} tables the North–South pairs stay and the East–West pairs move up "
        "one table each round, while tables 1 and {tables} share their boards and one set "
        "of boards rests on a side table between tables {stand_after} and {stand_before}."
    ),
    ReasonCode.HOWELL_TOO_LONG: _(
        "Playing against every other pair would take {howell_rounds} rounds but only "
        "{max_rounds} fit in the lesson, so the North–South pairs stay at their table and "
        "the East–West pairs move from table to table."
    ),
    ReasonCode.HOWELL_NEEDS_MORE_BOARDS: _(
        "Playing against every other pair would need {min_boards} boards a round, because "
        "in some rounds {min_boards} tables play the same boards. With {boards_per_round} "
        "boards a round the North–South pairs stay at their table and the East–West pairs "
        "move from table to table."
    ),
    ReasonCode.EVENT_ALL_BOARDS: _(
        "The event has {boards} boards: {rounds} rounds of {boards_per_round} at {tables} "
        "tables play every one of them, and each pair plays {per_pair} of them."
    ),
    ReasonCode.EVENT_SOME_BOARDS: _(
        "The event has {boards} boards; with {tables} tables the class plays boards 1 to "
        "{played}: {rounds} rounds of {boards_per_round}, and each pair plays {per_pair} of "
        "them."
    ),
}


# scoring.individual.INDIVIDUAL_REASONS in the user's language; the same placeholders.
INDIVIDUAL_REASONS: dict[IndividualReason, StrPromise] = {
    IndividualReason.EVERYONE_PARTNERS: _(
        "With {pupils} pupils every pupil partners every other pupil once, which takes "
        "{rounds} rounds."
    ),
    IndividualReason.EVERYONE_PARTNERS_ONE_OFF: _(
        "With {pupils} pupils every pupil partners every other pupil once in {rounds} "
        "rounds, and each pupil has one round off."
    ),
    IndividualReason.SIT_OUTS: _(
        "With {pupils} pupils, {sit_outs} of them have each round off, and in {rounds} "
        "rounds every pupil partners {partners} different pupils."
    ),
    IndividualReason.FIRST_ROUNDS: _(
        "Partnering everyone would take {full_rounds} rounds but only {rounds} fit in the "
        "lesson, so the class plays the first {rounds} and nobody partners the same pupil "
        "twice."
    ),
}


def suggestion_reason_text(suggestion: Suggestion) -> str:
    """A suggested pair movement's one-sentence reason in the user's language."""
    return str(MOVEMENT_REASONS[suggestion.reason_code]).format(**suggestion.params)


def individual_reason_text(reason: IndividualReason, params: Mapping[str, object]) -> str:
    """A suggested individual movement's one-sentence reason in the user's language."""
    return str(INDIVIDUAL_REASONS[reason]).format(**params)


def board_fit_text(*, needed: int, available: int, event: bool = False) -> str:
    """What to do when a board set lacks boards the movement plays, in plain words. An
    event's session plays the event's boards and cannot deal others, so it is not told
    to."""
    values = {"needed": needed, "available": available}
    if event:
        return (
            ngettext(
                "This movement plays %(needed)s boards (boards 1 to %(needed)s) but the event "
                "has %(available)s board. The suggestion above says what fits.",
                "This movement plays %(needed)s boards (boards 1 to %(needed)s) but the event "
                "has %(available)s boards. The suggestion above says what fits.",
                available,
            )
            % values
        )
    return (
        ngettext(
            "This movement plays %(needed)s boards (boards 1 to %(needed)s) but the board set "
            "has %(available)s board. Play fewer rounds, fewer boards a round, or deal a new "
            "set now.",
            "This movement plays %(needed)s boards (boards 1 to %(needed)s) but the board set "
            "has %(available)s boards. Play fewer rounds, fewer boards a round, or deal a new "
            "set now.",
            available,
        )
        % values
    )


def movement_error_text(error: MovementError) -> str:
    """A movement's refusal in the user's language (the library speaks English), worded
    from its code and figures; pair and individual movements alike."""
    code = MovementErrorCode
    params = dict(error.params)
    if error.code is code.TOO_FEW_BOARDS_PER_ROUND:
        return gettext(
            "In this movement %(needed)s tables play the same boards at the same time, so "
            "play at least %(needed)s boards a round."
        ) % {"needed": params["needed"]}
    if error.code is code.ROUNDS_OUT_OF_RANGE:
        return gettext("This movement has %(full)s rounds: play between 1 and %(full)s.") % {
            "full": params.get("full_rounds", "?")
        }
    if error.code is code.PAIRS_OUT_OF_RANGE and params.get("individual"):
        return gettext(
            "An individual session is for %(min)s to %(max)s pupils, and %(count)s are playing."
        ) % {
            "min": INDIVIDUAL_PUPILS.start,
            "max": INDIVIDUAL_PUPILS.stop - 1,
            "count": params["pupils"],
        }
    if error.code is code.PAIRS_OUT_OF_RANGE:
        return gettext(
            "This movement is for %(min)s to %(max)s pairs, and %(pairs)s are playing."
        ) % {
            "min": params["min_pairs"],
            "max": params["max_pairs"],
            "pairs": params["pairs"],
        }
    if error.code in {code.STYLE_NOT_FOR_TABLES, code.UNKNOWN_STYLE}:
        return gettext("With an even number of tables choose a skip or a share-and-relay.")
    return str(error)


_PBN_PROBLEMS: dict[ProblemCode, StrPromise] = {
    ProblemCode.NO_BOARD: _("A game in the file at line %(line)s has no board number."),
    ProblemCode.NO_DEAL: _("Board %(board)s has no cards (no Deal tag)."),
    ProblemCode.BAD_DEAL: _("Board %(board)s: its cards are not a whole deal (%(detail)s)."),
    ProblemCode.BAD_DEALER: _("Board %(board)s: its dealer is not North, East, South or West."),
    ProblemCode.TWENTY_TWENTY: _(
        "Board %(board)s is a 20–20 deal (each side holds 20 points), which is never played."
    ),
    ProblemCode.DECLARER_MISMATCH: _(
        "Board %(board)s: the declarer written in the file does not match the cards."
    ),
    ProblemCode.DUPLICATE_BOARD: _("Board %(board)s appears twice in the file."),
}


def pbn_problem_text(problem: PbnProblem) -> str:
    """A problem found in a PBN file, in the user's language where the kind is known."""
    template = _PBN_PROBLEMS.get(problem.code)
    if template is None or (problem.board is None and problem.code is not ProblemCode.NO_BOARD):
        return str(problem)
    detail = problem.reason.removeprefix("its deal cannot be used: ")
    return str(template) % {"board": problem.board, "line": problem.line, "detail": detail}


def target_problem_text(error: ScoringError) -> str:
    """What is wrong with a target table (``scoring.profiles.target_table_problems``),
    in the teacher's words."""
    params = error.params
    if error.code is ErrorCode.TARGET_TABLE_RANGE:
        return gettext(
            "%(low)s to %(high)s points is not possible: a row runs from the lower count "
            "to the higher one, between 20 and 40 points."
        ) % {"low": params["low"], "high": params["high"]}
    if error.code is ErrorCode.TARGET_TABLE_TRICKS:
        return gettext(
            "A target of %(tricks)s tricks is not possible: a target is from 7 to 13 tricks."
        ) % {"tricks": params["tricks"]}
    if error.code is ErrorCode.TARGET_TABLE_OVERLAP:
        both = params["tricks"]
        assert isinstance(both, tuple)
        first, second = both
        return gettext(
            "%(low)s to %(high)s points have two targets (%(first)s and %(second)s "
            "tricks): give each count of points one target."
        ) % {"low": params["low"], "high": params["high"], "first": first, "second": second}
    if error.code is ErrorCode.TARGET_TABLE_GAP:
        missing = params["missing"]
        assert isinstance(missing, list)
        return gettext("No target for %(points)s points: every count from 21 to 40 needs one.") % {
            "points": counts_text(missing)
        }
    return str(error)
