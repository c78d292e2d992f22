"""Certificates: the one thing each pupil did well, found in the figures, and the places
honoured.

Every pupil takes a certificate home with one line on it, and that line is never a
negative: no "down", nothing lost, no minus. :func:`achievement` reads what the pupil's
side did on each board they played (:class:`BoardPlayed`, over one session, an event, a
league or a term: :class:`PupilFacts`) and picks exactly one :class:`Achievement`, the
first of an order of codes (:data:`ORDER`) that the figures bear out. The last code of
every order, ``TOOK_PART``, needs nothing, so a pupil who never declared, or whose pair
played no board, still gets a true and kind line.

What each code asks of the figures ("the side" is the pupil's pair, or in an individual
session the pupil and that board's partner; a board counts when it was played, not
when it was adjusted or not played):

==================== =========================================================================
``SLAMS_MADE``       the side declared a slam and made it
``TOP_BOARD``        the side had the best score of the field on a board (every other result
                     in its direction beaten: the top of the board's matchpoints)
``ABOVE_DD``         declaring, the side took more tricks than the double-dummy analysis gives
                     declarer in the strain played ("more tricks than the cards promised")
``DEFENCE_ABOVE_DD`` defending, the side took more tricks than the cards promised it
                     (declarer took fewer than double dummy)
``MATCHES_WON``      a league: mini-matches won (complete, more deals won than lost)
``GAMES_MADE``       the side declared a game (or a slam) and made it
``BEST_CONTRACT``    the side declared the best contract the cards allowed (the choice verdict
                     of :mod:`scoring.feedback` is ``BEST``)
``DEFENDED_WELL``    defending, the side kept declarer from making the contract
``TARGET_DENIED``    the same under a target scoring: declarer did not reach the target
``AS_DD``            declaring, the side took every trick the cards allowed (exactly double
                     dummy)
``CONTRACTS_MADE``   the side made the contract it declared
``TARGETS_REACHED``  the same under a target scoring: the side reached the target
``DECLARED``         the side declared
``DEFENDED``         the side defended
``BOARDS_PLAYED``    the pupil played boards
``SESSIONS_PLAYED``  a term: the pupil played in sessions
``TOOK_PART``        always
==================== =========================================================================

Over one session (or an event) a board-by-board code names its board when there is one
("on board 5"), else it counts them ("on 3 boards"); over a league or a term it counts,
since board 5 of which evening would not say. The order puts the rarer and greater
things first: a slam before a game, a board nobody did better on before a contract
made. Over several sessions the boards played come before the smallest counts ("played
12 boards this term" says more than "declared 4 boards").

:func:`place_number` reads a ranking's place ("1", "3=", "—") for the place certificates:
the places the teacher chose to honour (:func:`honoured`).

Plain Python, no Django: the site words each code in ``tournaments.labels.certificates``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from scoring.contracts import ContractKind


class Scope(StrEnum):
    """What the certificates are for: one lesson's session, one simultaneous event, a
    league's evenings, or a class's sessions over a term."""

    SESSION = "session"
    EVENT = "event"
    LEAGUE = "league"
    TERM = "term"

    @property
    def one_session(self) -> bool:
        """A board number means one board: each pupil played it once."""
        return self in (Scope.SESSION, Scope.EVENT)


@dataclass(frozen=True)
class BoardPlayed:
    """One board a pupil played, from their side's seats.

    ``declared``: the pupil's side declared it. ``made``: the contract made at the table
    (its target reached, under a target scoring: ``by_target``), whoever declared. ``kind``: the
    contract's kind. ``above_dd``: the tricks the pupil's side took above what the cards
    promised it (double dummy, in the strain played): declaring, tricks taken minus
    declarer's double-dummy tricks; defending, the other way round; None when the board
    is not analysed. ``best_contract``: declaring, the contract was the best the cards
    allowed. ``top``: the side's score was the best of the field on the board.
    ``session`` orders the boards of a league or a term (0 in one session).
    """

    board: int
    declared: bool
    made: bool
    kind: ContractKind
    above_dd: int | None = None
    best_contract: bool = False
    top: bool = False
    session: int = 0
    by_target: bool = False


@dataclass(frozen=True)
class PupilFacts:
    """What one pupil did over the certificates' scope: every board they played, the
    sessions they played in, and in a league the mini-matches their pair won."""

    scope: Scope
    boards: tuple[BoardPlayed, ...] = ()
    sessions: int = 0
    matches_won: int = 0


class Code(StrEnum):
    """What a certificate's line says. The values are stable: the site keys its words on
    them. None of them is a negative."""

    SLAMS_MADE = "slams_made"
    TOP_BOARD = "top_board"
    ABOVE_DD = "above_dd"
    DEFENCE_ABOVE_DD = "defence_above_dd"
    MATCHES_WON = "matches_won"
    GAMES_MADE = "games_made"
    BEST_CONTRACT = "best_contract"
    DEFENDED_WELL = "defended_well"
    TARGET_DENIED = "target_denied"
    AS_DD = "as_dd"
    CONTRACTS_MADE = "contracts_made"
    TARGETS_REACHED = "targets_reached"
    DECLARED = "declared"
    DEFENDED = "defended"
    BOARDS_PLAYED = "boards_played"
    SESSIONS_PLAYED = "sessions_played"
    TOOK_PART = "took_part"


@dataclass(frozen=True)
class Achievement:
    """A certificate's line: its code, how many times (always 1 or more, 0 only for
    ``TOOK_PART``), and the board it happened on when it names one."""

    code: Code
    scope: Scope
    count: int = 0
    board: int | None = None


# --------------------------------------------------------------------------- the codes

_Test = Callable[[BoardPlayed], bool]

#: The codes found board by board, each with what a board must show.
BOARD_TESTS: dict[Code, _Test] = {
    Code.SLAMS_MADE: lambda b: b.declared and b.made and b.kind is ContractKind.SLAM,
    Code.TOP_BOARD: lambda b: b.top,
    Code.ABOVE_DD: lambda b: b.declared and (b.above_dd or 0) > 0,
    Code.DEFENCE_ABOVE_DD: lambda b: not b.declared and (b.above_dd or 0) > 0,
    Code.GAMES_MADE: lambda b: (
        b.declared and b.made and b.kind in (ContractKind.GAME, ContractKind.SLAM)
    ),
    Code.BEST_CONTRACT: lambda b: b.declared and b.best_contract,
    Code.DEFENDED_WELL: lambda b: not b.declared and not b.made and not b.by_target,
    Code.TARGET_DENIED: lambda b: not b.declared and not b.made and b.by_target,
    Code.AS_DD: lambda b: b.declared and b.above_dd == 0,
    Code.CONTRACTS_MADE: lambda b: b.declared and b.made and not b.by_target,
    Code.TARGETS_REACHED: lambda b: b.declared and b.made and b.by_target,
    Code.DECLARED: lambda b: b.declared,
    Code.DEFENDED: lambda b: not b.declared,
    Code.BOARDS_PLAYED: lambda b: True,
}

#: The codes that may name their board ("on board 5") over one session. Games and
#: slams made, boards declared, defended and played always count ("made 2 games").
NAMES_ITS_BOARD = frozenset(
    {
        Code.TOP_BOARD,
        Code.ABOVE_DD,
        Code.DEFENCE_ABOVE_DD,
        Code.BEST_CONTRACT,
        Code.DEFENDED_WELL,
        Code.TARGET_DENIED,
        Code.AS_DD,
        Code.TARGETS_REACHED,
        Code.CONTRACTS_MADE,
    }
)

#: One session or an event, where a board number names one board.
_ONE_SESSION: tuple[Code, ...] = (
    Code.SLAMS_MADE,
    Code.TOP_BOARD,
    Code.ABOVE_DD,
    Code.DEFENCE_ABOVE_DD,
    Code.GAMES_MADE,
    Code.BEST_CONTRACT,
    Code.DEFENDED_WELL,
    Code.TARGET_DENIED,
    Code.AS_DD,
    Code.CONTRACTS_MADE,
    Code.TARGETS_REACHED,
    Code.DECLARED,
    Code.DEFENDED,
    Code.BOARDS_PLAYED,
    Code.TOOK_PART,
)

#: The order the codes are tried in, first that holds wins, for each scope.
ORDER: dict[Scope, tuple[Code, ...]] = {
    Scope.SESSION: _ONE_SESSION,
    Scope.EVENT: _ONE_SESSION,
    Scope.LEAGUE: (
        Code.SLAMS_MADE,
        Code.MATCHES_WON,
        Code.GAMES_MADE,
        Code.TOP_BOARD,
        Code.ABOVE_DD,
        Code.DEFENCE_ABOVE_DD,
        Code.BEST_CONTRACT,
        Code.DEFENDED_WELL,
        Code.TARGET_DENIED,
        Code.BOARDS_PLAYED,
        Code.AS_DD,
        Code.CONTRACTS_MADE,
        Code.TARGETS_REACHED,
        Code.DECLARED,
        Code.DEFENDED,
        Code.TOOK_PART,
    ),
    Scope.TERM: (
        Code.SLAMS_MADE,
        Code.GAMES_MADE,
        Code.TOP_BOARD,
        Code.ABOVE_DD,
        Code.DEFENCE_ABOVE_DD,
        Code.BEST_CONTRACT,
        Code.DEFENDED_WELL,
        Code.TARGET_DENIED,
        Code.BOARDS_PLAYED,
        Code.AS_DD,
        Code.CONTRACTS_MADE,
        Code.TARGETS_REACHED,
        Code.DECLARED,
        Code.DEFENDED,
        Code.SESSIONS_PLAYED,
        Code.TOOK_PART,
    ),
}


def _try(code: Code, facts: PupilFacts) -> Achievement | None:
    if code is Code.TOOK_PART:
        return Achievement(code, facts.scope)
    if code is Code.MATCHES_WON:
        won = facts.matches_won
        return Achievement(code, facts.scope, won) if won > 0 else None
    if code is Code.SESSIONS_PLAYED:
        played = facts.sessions
        return Achievement(code, facts.scope, played) if played > 0 else None
    boards = [board for board in facts.boards if BOARD_TESTS[code](board)]
    if not boards:
        return None
    named = None
    if len(boards) == 1 and facts.scope.one_session and code in NAMES_ITS_BOARD:
        named = boards[0].board
    return Achievement(code, facts.scope, len(boards), named)


def achievement(facts: PupilFacts) -> Achievement:
    """The one thing the pupil did well: the first code of the scope's order the
    figures bear out (``TOOK_PART`` when none does)."""
    for code in ORDER[facts.scope]:
        found = _try(code, facts)
        if found is not None:
            return found
    raise AssertionError("TOOK_PART always holds")  # pragma: no cover


# --------------------------------------------------------------------------- places


def place_number(place: str) -> tuple[int, bool] | None:
    """A ranking's place as (number, shared): ``"1"`` → (1, False), ``"3="`` →
    (3, True); None for a pair not ranked (``"—"``) or anything else."""
    text = place.strip()
    shared = text.endswith("=")
    digits = text.rstrip("=")
    if not digits.isascii() or not digits.isdigit() or int(digits) < 1:
        return None
    return int(digits), shared


def honoured(place: str, places: int) -> tuple[int, bool] | None:
    """The place, as :func:`place_number` reads it, when it is one of the first
    ``places`` (the teacher's choice: 3 honours 1st, 2nd and 3rd); None otherwise."""
    found = place_number(place)
    if found is None or found[0] > places:
        return None
    return found
