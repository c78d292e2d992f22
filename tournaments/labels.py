"""Translated words for the rules library's enums. The library speaks English codes;
the site shows these, in the user's language."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring.cards import Card, Rank, Seat, Side, Strain, Suit
from scoring.movements import ReasonCode
from scoring.pbn import PbnProblem, ProblemCode

SEAT_NAMES: dict[Seat, Promise] = {
    Seat.NORTH: _("North"),
    Seat.EAST: _("East"),
    Seat.SOUTH: _("South"),
    Seat.WEST: _("West"),
}
# One-letter seat names for compasses and tables: N E S W / N Ø S V.
SEAT_LETTERS: dict[Seat, Promise] = {
    Seat.NORTH: pgettext_lazy("seat letter", "N"),
    Seat.EAST: pgettext_lazy("seat letter", "E"),
    Seat.SOUTH: pgettext_lazy("seat letter", "S"),
    Seat.WEST: pgettext_lazy("seat letter", "W"),
}
SIDE_NAMES: dict[Side, Promise] = {
    Side.NS: _("North–South"),
    Side.EW: _("East–West"),
}
SUIT_NAMES: dict[Suit, Promise] = {
    Suit.SPADES: _("Spades"),
    Suit.HEARTS: _("Hearts"),
    Suit.DIAMONDS: _("Diamonds"),
    Suit.CLUBS: _("Clubs"),
}
STRAIN_NAMES: dict[Strain, Promise] = {
    Strain.CLUBS: _("Clubs"),
    Strain.DIAMONDS: _("Diamonds"),
    Strain.HEARTS: _("Hearts"),
    Strain.SPADES: _("Spades"),
    Strain.NO_TRUMPS: _("No trumps"),
}

NO_TRUMPS_SHORT = pgettext_lazy("no trumps", "NT")


def rank_text(rank: Rank) -> str:
    """A rank as pupils read it: ``"10"`` rather than PBN's ``"T"``."""
    return "10" if rank is Rank.TEN else rank.char


def holding_text(cards: Iterable[Card]) -> str:
    """One suit's cards as shown: ``"A K 10 7"``, or ``"—"`` for a void."""
    return " ".join(rank_text(card.rank) for card in cards) or "—"


# scoring.movements.REASONS in the user's language; the placeholders are the same.
MOVEMENT_REASONS: dict[ReasonCode, Promise] = {
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
        "Playing against every other pair needs at least {min_boards} boards each round at "
        "every table, so the North–South pairs stay at their table and the East–West pairs "
        "move from table to table."
    ),
}


# The scoring profiles of scoring.profiles.PROFILES, as a teacher chooses them.
PROFILE_NAMES: dict[str, Promise] = {
    "ebu": _("EBU scoring (the usual: part-score 50, game 300)"),
    "acbl": _("ACBL scoring (10 a trick, game 300)"),
    "ebu-slam": _("EBU scoring with slams"),
    "lesson": _("Lesson: part-scores only"),
    "lesson-nt": _("Lesson: no trumps only"),
    "tricks": _("Tricks only (each side scores its tricks)"),
    "target": _("Target tricks from the points (sliding scale)"),
    "target-french": _("Target tricks from the points (French table)"),
}


_PBN_PROBLEMS: dict[ProblemCode, Promise] = {
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
