"""What a school's results file holds, whichever format it came in: one plain type.

A school that played a simultaneous event on its own laptop uploads its results as the
site's PBN export with results (:mod:`scoring.pbn_results`) or as USEBIO 1.2 XML
(:mod:`scoring.usebio`). Both readers return an :class:`Upload`: the boards (with their
deals when the file carries them), the pairs (names exactly as the file gives them) and
every result line. The USEBIO writer takes the same type, so a round trip is a plain
equality.

Nothing here raises on a bad file: every problem is an :class:`UploadProblem` with a
stable :class:`UploadProblemCode`, an English message and the values that went into it
(``params``), so the site can say it in the user's language — the pattern of
:class:`scoring.movements.MovementError` and :class:`scoring.pbn.PbnProblem`.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from scoring.cards import Deal, Seat

__all__ = [
    "ResultKind",
    "Upload",
    "UploadBoard",
    "UploadPair",
    "UploadProblem",
    "UploadProblemCode",
    "UploadResult",
    "first_name",
]


class UploadProblemCode(StrEnum):
    """What is wrong with an upload. The values are stable: the site keys on them."""

    # The file itself
    TOO_LARGE = "upload_too_large"
    NOT_READABLE = "upload_not_readable"  # not XML / not PBN, or broken
    UNSAFE = "upload_unsafe"  # an XML entity declaration or internal DTD subset
    NOT_USEBIO = "upload_not_usebio"
    TOO_MANY_ITEMS = "upload_too_many_items"
    UNKNOWN_ENCODING = "upload_unknown_encoding"  # an XML declaration's unknown encoding
    # Boards
    BOARD_NUMBER = "upload_board_number"
    BOARD_TWICE = "upload_board_twice"
    BAD_DEAL = "upload_bad_deal"
    # Pairs and results
    PAIR_TWICE = "upload_pair_twice"
    BAD_RESULT = "upload_bad_result"
    UNKNOWN_PAIR = "upload_unknown_pair"
    # Matching the upload to an event (scoring.event.compare_boards)
    BOARD_MISSING = "upload_board_missing"
    BOARD_DIFFERENT = "upload_board_different"
    BOARD_EXTRA = "upload_board_extra"
    BOARD_NO_DEAL = "upload_board_no_deal"
    RESULT_UNKNOWN_BOARD = "upload_result_unknown_board"
    RESULT_TWICE = "upload_result_twice"  # a pair with two results on one board
    NO_RESULTS = "upload_no_results"
    # Notes: read, but the reader had to decide something (Upload.notes)
    ADJUSTED_AS_AVERAGE = "upload_adjusted_as_average"


@dataclass(frozen=True)
class UploadProblem:
    """One thing wrong with an upload: ``message`` in plain English, ``code`` and
    ``params`` for the site's own (translated) wording; ``board`` when it is about one."""

    code: UploadProblemCode
    message: str
    params: Mapping[str, object] = field(default_factory=dict)
    board: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    def __str__(self) -> str:
        return self.message


class ResultKind(StrEnum):
    """What a table reports on a board (the site's ``Result.Kind``)."""

    PLAYED = "played"
    ADJUSTED = "adjusted"  # an artificial score: a percentage for each side
    NOT_PLAYED = "not_played"  # the board reached the table but was not played


@dataclass(frozen=True)
class UploadBoard:
    """A board of the file: its number and, when the file carries it, its deal.

    USEBIO files carry deals in a HANDSET element only sometimes; a board without a
    deal is matched to the event by its number (see :func:`scoring.event.compare_boards`).
    """

    number: int
    deal: Deal | None = None
    dealer: Seat | None = None


@dataclass(frozen=True)
class UploadPair:
    """A pair as the file names it: ``number`` is the file's own pair id (``"3"``,
    ``"3NS"``), unique within the file; ``names`` are the players' names exactly as
    given. ``direction`` is ``"NS"``, ``"EW"`` or None (a Howell pair moves).
    ``percentage`` and ``place`` are the file's own figures, when it has them."""

    number: str
    names: tuple[str, ...] = ()
    direction: str | None = None
    percentage: float | None = None
    place: str | None = None

    @property
    def first_names(self) -> tuple[str, ...]:
        """Each player's first name only (the word before the first space), for any
        page the public sees."""
        return tuple(first_name(name) for name in self.names)


def first_name(name: str) -> str:
    """The first name of a name as a results file writes it: the first word
    (``"Emma Hansen"`` → ``"Emma"``), or, when a comma puts the surname first, the first
    word after it (``"Hansen, Emma"`` → ``"Emma"``). A name that is only a surname and a
    comma gives ``""``: nothing is better than a surname on a public page."""
    if "," in name:
        name = name.split(",", 1)[1]
    words = name.split()
    return words[0] if words else ""


@dataclass(frozen=True)
class UploadResult:
    """One line of a board's traveller.

    A played result gives the contract (``"4S"``), declarer, the tricks declarer won
    (after any revoke) and ``ns_score``, the N–S net score (N–S points minus E–W
    points). An adjusted one gives each side's percentage (60, 50 or 40). ``ns_mp`` and
    ``ew_mp`` are the file's own matchpoints, when it has them; the event recomputes its
    own across the field.
    """

    board: int
    ns_pair: str
    ew_pair: str
    kind: ResultKind = ResultKind.PLAYED
    contract: str | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    ns_score: int | None = None
    ns_percent: int | None = None
    ew_percent: int | None = None
    table: int | None = None
    ns_mp: float | None = None
    ew_mp: float | None = None


@dataclass(frozen=True)
class Upload:
    """Everything read from one results file.

    ``problems`` is empty when the whole file could be used; otherwise the boards,
    pairs and results hold what could be read and the caller refuses the file (an
    upload is taken whole or not at all). ``notes`` are things the reader had to decide
    without refusing anything; showing them is up to the caller.

    ``winner_type`` is how the results are ranked, as USEBIO's ``WINNER_TYPE`` says it:
    1 for one ranking of every pair, 2 for N–S and E–W ranked apart (a Mitchell), None
    when the file does not say (a PBN file, or a USEBIO file without it).
    """

    boards: tuple[UploadBoard, ...] = ()
    pairs: tuple[UploadPair, ...] = ()
    results: tuple[UploadResult, ...] = ()
    title: str = ""
    date: datetime.date | None = None
    problems: tuple[UploadProblem, ...] = ()
    notes: tuple[UploadProblem, ...] = ()
    winner_type: int | None = None

    @property
    def ok(self) -> bool:
        return not self.problems

    def board(self, number: int) -> UploadBoard | None:
        for board in self.boards:
            if board.number == number:
                return board
        return None
