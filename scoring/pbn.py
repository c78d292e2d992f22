"""Reading and writing PBN files, the bridge world's common format for deals.

PBN (Portable Bridge Notation) 2.1 is the standard at https://www.tistis.nl/pbn/pbn_v21.txt
(a Markdown copy of chapters 3–5 of it was read for this module). A PBN file is plain
text: *games* (boards) separated by an empty line, each a list of *tags* such as
``[Board "2"]`` or ``[Deal "E:AKQ.J9.…"]``, some followed by lines of table data.

Writing (:func:`write_pbn`) uses the standard's strict *export format*: the 15
mandatory tags in the standard's order (§3.4) with ``""`` for what a dealing program
cannot know (players, contract, result), then the other tags sorted by name, then the
tables (§3.1, §5); the Deal starts with the dealer's seat (§3.4.11); lines end with
CR LF and games are separated by one empty line (§2, §3). Nobody is vulnerable in
Minibridge, so every board says ``[Vulnerable "None"]``. Two tags of our own are added:
``[MinibridgeDeclarer "S"]`` (who declares, from the cards) and, when known,
``[MinibridgePar "4S S 420"]`` (contract, declarer, net score for the declaring side),
with ``[MinibridgeParTies "4H"]`` when other contracts reach the same par
(:mod:`scoring.dd` says why the ties have their own tag).

``DoubleDummyTricks`` is not part of PBN 2.1 but is written by BridgeComposer, Bridgewebs
and BBO: 20 hexadecimal digits (``0``–``d`` for 0–13 tricks), declarers in the order
North, South, East, West and, for each, strains NT, ♠, ♥, ♦, ♣. That order is the one
of published files whose ``OptimumResultTable`` (PBN 2.1 §5.7) gives the same figures
row by row, e.g. https://pastebin.com/WyunCpPs (BBO Extractor: ``"d8ddad8dda0500105001"``
next to rows ``N NT 13 … S NT 13 … E NT 0``) and the Bridgewebs guide
https://www.bridgewebs.com/guideus/page41.html. Both tags are written when double-dummy
figures are given.

Reading (:func:`read_pbn`) is tolerant of what real files contain: a UTF-8 byte-order
mark, CR LF or LF line ends, ``"Love"``/``"-"``/``"None"`` for no vulnerability, tag
values ``"#"`` and ``"##…"`` inherited from earlier games (§4.8), a Deal starting with
any seat, ``%`` lines, ``{…}`` comments over several lines, ``;`` comments, several tags
on a line, table rows after a tag, and stray text. Every deal is checked (52 different
cards, 13 in each hand, not 20–20) and every refused board is named with the reason, so
the caller can import all or nothing (``if pbn_file.problems``) or the good boards only
(``pbn_file.boards``).
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from scoring.cards import Deal, Seat, Strain
from scoring.declaring import Declaration, find_declarer
from scoring.errors import RulesError, ScoringError

#: The Mandatory Tag Set in export order (PBN 2.1 §3.4).
MANDATORY_TAGS: tuple[str, ...] = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)
#: Supplemental sections that hold tables (PBN 2.1 §5).
TABLE_TAGS = frozenset(
    {
        "ActionTable",
        "AuctionTimeTable",
        "InstantScoreTable",
        "OptimumPlayTable",
        "OptimumResultTable",
        "PlayTimeTable",
        "ScoreTable",
        "TotalScoreTable",
    }
)
DECLARER_TAG = "MinibridgeDeclarer"
PAR_TAG = "MinibridgePar"
PAR_TIES_TAG = "MinibridgeParTies"
DD_TAG = "DoubleDummyTricks"
OPTIMUM_TAG = "OptimumResultTable"
#: Tags this module writes itself; they cannot be given as extra tags.
RESERVED_TAGS = frozenset(MANDATORY_TAGS) | {
    DECLARER_TAG,
    PAR_TAG,
    PAR_TIES_TAG,
    DD_TAG,
    OPTIMUM_TAG,
}

#: Declarers and strains in the order of the ``DoubleDummyTricks`` digits.
DD_SEAT_ORDER: tuple[Seat, ...] = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
DD_STRAIN_ORDER: tuple[Strain, ...] = (
    Strain.NO_TRUMPS,
    Strain.SPADES,
    Strain.HEARTS,
    Strain.DIAMONDS,
    Strain.CLUBS,
)
_DD_KEYS = tuple((seat, strain) for seat in DD_SEAT_ORDER for strain in DD_STRAIN_ORDER)

_NAME = re.compile(r"[A-Za-z0-9_]+")
_TAG_NAME = re.compile(r"[A-Z][A-Za-z0-9_]*")
_SECTION_TOKEN = re.compile(r"[!#-$&-:<-Z\\^-z|~]+")  # ASCII 33–126 but [ ] { } ; " %
_COLUMN = re.compile(r"(?P<order>[+-]?)(?P<name>[^\\;]*)(?:\\(?P<width>\d+)(?P<align>[LRlr]?))?")
_CRLF = "\r\n"


class PbnErrorCode(StrEnum):
    """What was refused. The values are stable: the site keys on them."""

    REFUSED = "pbn_refused"  # the message says what and why


class PbnError(RulesError):
    """Something that cannot be written as PBN; the message says what and why."""

    codes = PbnErrorCode
    code: PbnErrorCode

    def __init__(self, message: str, **params: object) -> None:
        super().__init__(PbnErrorCode.REFUSED, message, **params)


# --------------------------------------------------------------------------- tables


@dataclass(frozen=True)
class PbnColumn:
    """One column of a PBN table: its name and, for neat files, a minimum width.

    In the table's tag value a column is written ``Name\\width`` plus ``L`` or ``R``
    for left or right alignment, e.g. ``PairId_NS\\2R``; a leading ``+`` or ``-`` says
    the rows are sorted on it, highest or lowest first (PBN 2.1 §5.2).
    """

    name: str
    width: int | None = None
    align: str | None = None  # "L" or "R"
    order: str | None = None  # "+" or "-"

    def __post_init__(self) -> None:
        if not self.name or ";" in self.name or "\\" in self.name or _has_control(self.name):
            raise PbnError(f"{self.name!r} cannot be a column name (no ';', '\\' or line breaks)")
        if self.width is not None and self.width < 1:
            raise PbnError(f"Column {self.name}: a width must be at least 1, not {self.width}")
        if self.align not in (None, "L", "R") or (self.align and self.width is None):
            raise PbnError(f"Column {self.name}: alignment is 'L' or 'R', after a width")
        if self.order not in (None, "+", "-"):
            raise PbnError(f"Column {self.name}: the sort mark is '+' or '-'")

    @property
    def header(self) -> str:
        text = (self.order or "") + self.name
        if self.width is not None:
            text += f"\\{self.width}{self.align or ''}"
        return text

    @classmethod
    def parse(cls, text: str) -> PbnColumn:
        match = _COLUMN.fullmatch(text.strip())
        if match is None or not match["name"]:
            raise PbnError(f"{text!r} is not a PBN column name")
        width = match["width"]
        return cls(
            name=match["name"],
            width=int(width) if width else None,
            align=(match["align"] or "").upper() or None,
            order=match["order"] or None,
        )

    def pad(self, cell: str) -> str:
        if self.width is None or len(cell) >= self.width:
            return cell
        return cell.rjust(self.width) if self.align == "R" else cell.ljust(self.width)


@dataclass(frozen=True)
class PbnTable:
    """A PBN table section (PBN 2.1 §5): a tag naming the columns, then rows of cells,
    e.g. ``PbnTable.of("ScoreTable", ["PairId_NS\\2R", "Score_NS\\6R"], [[1, 420]])``."""

    tag: str
    columns: tuple[PbnColumn, ...]
    rows: tuple[tuple[str, ...], ...] = ()

    def __post_init__(self) -> None:
        if not _TAG_NAME.fullmatch(self.tag):
            raise PbnError(f"{self.tag!r} cannot be a tag name (letters, digits and _ only)")
        if not self.columns:
            raise PbnError(f"The {self.tag} table needs at least one column")
        for number, row in enumerate(self.rows, start=1):
            if len(row) != len(self.columns):
                raise PbnError(
                    f"Row {number} of the {self.tag} table has {len(row)} cells "
                    f"for {len(self.columns)} columns"
                )
            for cell in row:
                if _has_control(cell):
                    raise PbnError(f"A cell of the {self.tag} table has a line break or tab")

    @classmethod
    def of(
        cls, tag: str, columns: Iterable[str | PbnColumn], rows: Iterable[Iterable[object]] = ()
    ) -> PbnTable:
        """A table from column headers such as ``"Score_NS\\6R"`` and rows of values
        (numbers are written as text)."""
        return cls(
            tag=tag,
            columns=tuple(c if isinstance(c, PbnColumn) else PbnColumn.parse(c) for c in columns),
            rows=tuple(tuple(str(cell) for cell in row) for row in rows),
        )

    @property
    def header(self) -> str:
        """The tag value: the column headers separated by semicolons."""
        return ";".join(column.header for column in self.columns)

    def column(self, name: str) -> list[str]:
        """The cells of one column, top to bottom."""
        for index, column in enumerate(self.columns):
            if column.name == name:
                return [row[index] for row in self.rows]
        raise KeyError(name)

    def lines(self) -> list[str]:
        """The section as export-format lines: the tag, then one line per row."""
        lines = [_tag_line(self.tag, self.header)]
        for row in self.rows:
            cells = (
                column.pad(_table_cell(cell))
                for column, cell in zip(self.columns, row, strict=True)
            )
            lines.append(" ".join(cells))
        return lines


def table_section(
    tag: str, columns: Iterable[str | PbnColumn], rows: Iterable[Iterable[object]]
) -> list[str]:
    """The lines of a table section, e.g. a ``ScoreTable`` for one board::

    table_section("ScoreTable", ["PairId_NS\\2R", "Score_NS\\6R"], [[1, 420]])
    == ['[ScoreTable "PairId_NS\\2R;Score_NS\\6R"]', ' 1    420']
    """
    return PbnTable.of(tag, columns, rows).lines()


# --------------------------------------------------------------------------- boards


@dataclass(frozen=True)
class PbnBoard:
    """One board as PBN holds it: number, dealer, cards and optional analysis.

    ``dd_tricks`` gives, for each declarer and strain, the tricks declarer wins double
    dummy (all 20 pairs, or None). ``par`` is the Minibridge par as text, e.g.
    ``"4S S 420"``, and ``par_ties`` the other contracts that reach it, e.g. ``"4H"``
    (:attr:`scoring.dd.Par.ties_pbn`). ``extra_tags`` are further ``(name, value)``
    tags, kept sorted by name; ``tables`` are further table sections such as a
    ``ScoreTable``; ``comments`` are lines of commentary written after them as ``{…}``
    (PBN 2.1 §3.8).
    """

    number: int
    dealer: Seat
    deal: Deal
    dd_tricks: Mapping[tuple[Seat, Strain], int] | None = None
    par: str | None = None
    par_ties: str | None = None
    extra_tags: tuple[tuple[str, str], ...] = ()
    tables: tuple[PbnTable, ...] = ()
    comments: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or not isinstance(self.number, int) or self.number < 1:
            raise PbnError(f"Board numbers start at 1; {self.number!r} is not one")
        if self.dd_tricks is not None:
            object.__setattr__(self, "dd_tricks", MappingProxyType(_checked_dd(self.dd_tricks)))
        if self.par is not None and (_has_control(self.par) or not self.par.strip()):
            raise PbnError(
                f"Board {self.number}: the par {self.par!r} is empty or has a line break"
            )
        if self.par_ties is not None and (
            self.par is None or _has_control(self.par_ties) or not self.par_ties.strip()
        ):
            raise PbnError(
                f"Board {self.number}: the par's ties {self.par_ties!r} are empty, have a "
                "line break or come without a par"
            )
        extra = tuple(sorted((str(name), str(value)) for name, value in self.extra_tags))
        names = [name for name, _ in extra] + [table.tag for table in self.tables]
        for name in names:
            if not _TAG_NAME.fullmatch(name):
                raise PbnError(
                    f"{name!r} cannot be a tag name (a capital, then letters, digits, _)"
                )
            if name in RESERVED_TAGS:
                raise PbnError(f"Board {self.number}: the {name} tag is written by this module")
        duplicates = sorted({name for name in names if names.count(name) > 1})
        if duplicates:
            raise PbnError(f"Board {self.number}: the {duplicates[0]} tag is given twice")
        for name, value in extra:
            if _has_control(value):
                raise PbnError(f"Board {self.number}: the {name} tag has a line break or tab")
        object.__setattr__(self, "extra_tags", extra)
        object.__setattr__(self, "tables", tuple(self.tables))
        for comment in self.comments:
            if "}" in comment or _has_control(comment):
                raise PbnError(f"Board {self.number}: a comment cannot hold a '}}' or a line break")
        object.__setattr__(self, "comments", tuple(self.comments))

    @property
    def declaration(self) -> Declaration:
        """Who declares (docs/rules.md §2). A 20–20 deal has no declarer and is refused."""
        outcome = find_declarer(self.deal, self.dealer)
        if not isinstance(outcome, Declaration):
            raise PbnError(
                f"Board {self.number} is a 20–20 deal, which is never played: deal it again"
            )
        return outcome


def _checked_dd(tricks: Mapping[tuple[Seat, Strain], int]) -> dict[tuple[Seat, Strain], int]:
    if set(tricks) != set(_DD_KEYS):
        raise PbnError("Double-dummy tricks need all four declarers in all five strains")
    checked = {}
    for key in _DD_KEYS:
        value = tricks[key]
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 13:
            seat, strain = key
            raise PbnError(f"{value!r} tricks for {seat.label} in {strain.value} is not 0 to 13")
        checked[key] = value
    return checked


# --------------------------------------------------------------------------- writing


def write_pbn(
    boards: Iterable[PbnBoard],
    *,
    event: str = "",
    site: str = "",
    date: str | datetime.date = "",
    scoring: str = "",
) -> str:
    """The boards as a PBN 2.1 file in export format (module docstring), as text.

    Encode the text as UTF-8 (the file says so in its header). ``date`` is a
    :class:`datetime.date` or PBN's ``"YYYY.MM.DD"``. A 20–20 deal or a board number
    given twice is refused with a :class:`PbnError`.
    """
    if isinstance(date, datetime.date):
        date = date.strftime("%Y.%m.%d")
    for name, value in (("Event", event), ("Site", site), ("Date", date), ("Scoring", scoring)):
        if _has_control(value):
            raise PbnError(f"The {name} has a line break or tab")
    lines = [
        "% PBN 2.1",
        "% EXPORT",
        "%Content-type: text/x-pbn; charset=UTF-8",
        "%Creator: Minibridge classroom",
    ]
    seen: set[int] = set()
    for index, board in enumerate(boards):
        if board.number in seen:
            raise PbnError(f"Board {board.number} is given twice")
        seen.add(board.number)
        if index:
            lines.append("")
        lines.extend(_game_lines(board, event=event, site=site, date=date, scoring=scoring))
    return _CRLF.join(lines) + _CRLF


def _game_lines(board: PbnBoard, *, event: str, site: str, date: str, scoring: str) -> list[str]:
    declaration = board.declaration
    mandatory = {
        "Event": event,
        "Site": site,
        "Date": date,
        "Board": str(board.number),
        "West": "",
        "North": "",
        "East": "",
        "South": "",
        "Dealer": board.dealer.value,
        "Vulnerable": "None",
        "Deal": board.deal.to_pbn(board.dealer),
        "Scoring": scoring,
        "Declarer": "",
        "Contract": "",
        "Result": "",
    }
    lines = [_tag_line(name, mandatory[name]) for name in MANDATORY_TAGS]
    supplemental = {DECLARER_TAG: declaration.declarer.value, **dict(board.extra_tags)}
    if board.par is not None:
        supplemental[PAR_TAG] = board.par
    if board.par_ties is not None:
        supplemental[PAR_TIES_TAG] = board.par_ties
    tables = list(board.tables)
    if board.dd_tricks is not None:
        supplemental[DD_TAG] = "".join(format(board.dd_tricks[key], "x") for key in _DD_KEYS)
        tables.append(
            PbnTable.of(
                OPTIMUM_TAG,
                ["Declarer", "Denomination\\2R", "Result\\2R"],
                [
                    [seat.value, strain.value, board.dd_tricks[seat, strain]]
                    for seat, strain in _DD_KEYS
                ],
            )
        )
    lines.extend(_tag_line(name, supplemental[name]) for name in sorted(supplemental))
    for table in sorted(tables, key=lambda table: table.tag):
        lines.extend(table.lines())
    lines.extend(f"{{{comment}}}" for comment in board.comments)
    return lines


def _tag_line(name: str, value: str) -> str:
    return f'[{name} "{_escape(value)}"]'


def _escape(value: str) -> str:
    """A string token's inside (PBN 2.1 §3.2): a quote is written ``\\"``; a backslash
    is doubled only where a reader could mistake it (before a quote or a backslash, or
    at the end), so column headers keep their customary single ``\\2R``."""
    out = []
    for index, char in enumerate(value):
        if char == '"':
            out.append('\\"')
        elif char == "\\" and (index + 1 == len(value) or value[index + 1] in '"\\'):
            out.append("\\\\")
        else:
            out.append(char)
    return "".join(out)


def _table_cell(cell: str) -> str:
    return cell if _SECTION_TOKEN.fullmatch(cell) else f'"{_escape(cell)}"'


def _has_control(text: str) -> bool:
    return any(ord(char) < 32 or char == "\x7f" for char in text)


# --------------------------------------------------------------------------- reading


class ProblemCode(StrEnum):
    """What kind of problem a board has; stable, so the site can say it in its language."""

    NO_BOARD = "no_board"
    NO_DEAL = "no_deal"
    BAD_DEAL = "bad_deal"
    BAD_DEALER = "bad_dealer"
    TWENTY_TWENTY = "twenty_twenty"
    DECLARER_MISMATCH = "declarer_mismatch"
    DUPLICATE_BOARD = "duplicate_board"
    OTHER = "other"  # the file's syntax, tag inheritance, a stray line …


class _Reason(str):
    """A reason's English text, carrying its :class:`ProblemCode`."""

    code: ProblemCode

    def __new__(cls, code: ProblemCode, text: str) -> _Reason:
        reason = super().__new__(cls, text)
        reason.code = code
        return reason


class PbnStop(StrEnum):
    """Why :func:`read_pbn` stopped before the end of a file, when given ``max_boards``."""

    TOO_MANY_BOARDS = "too_many_boards"  # a game with board max_boards + 1 was found
    TOO_LONG = "too_long"  # more to read than max_boards boards could need


@dataclass(frozen=True)
class PbnProblem:
    """Why a board (or a stretch of the file) was not read, in plain English, with a
    code for translation."""

    board: int | None  # the board number, when the game had a readable one
    line: int  # where the game (or the stray text) starts, counting from 1
    reason: str
    code: ProblemCode = ProblemCode.OTHER

    def __str__(self) -> str:
        where = f"Board {self.board}" if self.board is not None else f"The game at line {self.line}"
        return f"{where}: {self.reason}"


@dataclass(frozen=True)
class PbnGame:
    """A board read from a file, with every tag the file gave it."""

    board: PbnBoard
    declaration: Declaration
    tags: tuple[tuple[str, str], ...]  # in file order, inherited values filled in
    line: int

    def tag(self, name: str) -> str | None:
        """The value of a tag, or None when the game has no such tag."""
        for tag_name, value in self.tags:
            if tag_name == name:
                return value
        return None


@dataclass(frozen=True)
class PbnFile:
    """What :func:`read_pbn` found: the good boards, and the refused ones with reasons.

    ``notes`` lists things that were skipped without refusing a board (a stray line, an
    unreadable analysis tag); showing them is optional. ``stopped`` says why reading
    stopped before the end of the file (see :func:`read_pbn`); the boards and problems
    then cover only the part of the file read.
    """

    boards: tuple[PbnGame, ...]
    problems: tuple[PbnProblem, ...]
    notes: tuple[PbnProblem, ...] = ()
    stopped: PbnStop | None = None

    @property
    def ok(self) -> bool:
        """True when the whole file was read and every board in it could be used."""
        return not self.problems and self.stopped is None


@dataclass
class _Tag:
    name: str
    value: str
    line: int
    data: list[tuple[str, int]] = field(default_factory=list)  # lines after the tag


@dataclass
class _RawGame:
    line: int
    tags: list[_Tag] = field(default_factory=list)
    stray: list[tuple[str, int]] = field(default_factory=list)
    errors: list[tuple[str, int]] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.tags or self.stray or self.errors)


#: Reading with ``max_boards`` stops as too long after ``STEPS_PER_BOARD`` steps for each
#: board allowed (a step is a tag, a line of text, a comment or a table cell): a board
#: with its analysis, a ScoreTable for 30 tables and some commentary takes a few hundred.
STEPS_PER_BOARD = 2000

_BLANK_LINES = re.compile(r"[^\S\n]*(?:\n[^\S\n]*)*(?:\n|\Z)")  # semi-empty lines (§3)
#: Plain text and whole string tokens, up to a line end, a comment, a tag or a quote
#: that is not closed on its line. Inside a string ``\"`` and ``\\`` are escapes (§3.2).
_DATA = re.compile(r'(?:[^\n{;\["]++|"(?:[^"\\\n]|\\["\\]|\\(?!["\\]))*+")++')
_STRING_INSIDE = re.compile(r'(?:[^"\\\n]|\\["\\]|\\(?!["\\]))*+')
_SPACE = re.compile(r"[ \t\n]*+")
_TAG = re.compile(
    r'\[[ \t\n]*+(?P<name>[A-Za-z0-9_]++)[ \t\n]*+"(?P<value>(?:[^"\\\n]|\\["\\]|\\(?!["\\]))*+)"'
    r"[ \t\n]*+\]"
)


@dataclass
class _Budget:
    """Steps left before reading stops (``math.inf``: no limit)."""

    left: float

    @property
    def spent(self) -> bool:
        return self.left < 0


def read_pbn(source: str | bytes, *, max_boards: int | None = None) -> PbnFile:
    """Read a PBN file (text, or bytes in UTF-8 or Latin-1) into boards and problems.

    With ``max_boards`` the time spent on a file is bounded, whatever is in it: reading
    stops as soon as a game with board ``max_boards + 1`` (good or bad) turns up, and
    also after ``STEPS_PER_BOARD`` steps for each board allowed. ``stopped`` then says
    which (:class:`PbnStop`). Without it the whole file is read.
    """
    if isinstance(source, bytes):
        try:
            text = source.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = source.decode("latin-1")  # PBN's own character set (§2.2)
    else:
        text = source
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    budget = _Budget(math.inf if max_boards is None else (max_boards + 1) * STEPS_PER_BOARD)

    boards: list[PbnGame] = []
    problems: list[PbnProblem] = []
    notes: list[PbnProblem] = []

    def result(stopped: PbnStop | None = None) -> PbnFile:
        return PbnFile(
            boards=tuple(boards), problems=tuple(problems), notes=tuple(notes), stopped=stopped
        )

    first_line_of: dict[int, int] = {}
    last_value: dict[str, str] = {}
    defaults: dict[str, str] = {}
    board_games = 0
    for raw in _scan(text, budget):
        tags, inheritance_errors = _resolve(raw, last_value, defaults)
        names = {name for name, _ in tags}
        if raw.errors or "Board" in names or "Deal" in names:
            board_games += 1
            if max_boards is not None and board_games > max_boards:
                return result(PbnStop.TOO_MANY_BOARDS)
        for text_line, number in raw.stray:
            notes.append(
                PbnProblem(None, number, f"text outside any tag was skipped: {text_line!r}")
            )
        if not raw.errors and "Board" not in names and "Deal" not in names:
            continue  # not a board, e.g. a game holding only ## header tags
        board_number = _board_number(dict(tags).get("Board"))
        errors = [reason for reason, _ in raw.errors] + inheritance_errors
        game, reasons, game_notes = (
            _build(raw, tags, board_number, budget) if not errors else (None, errors, [])
        )
        if budget.spent:
            break
        notes.extend(PbnProblem(board_number, raw.line, note) for note in game_notes)
        if board_number is not None and board_number in first_line_of:
            reasons.append(
                _Reason(
                    ProblemCode.DUPLICATE_BOARD,
                    f"board {board_number} appears twice; the first one is at line "
                    f"{first_line_of[board_number]}",
                )
            )
        elif board_number is not None:
            first_line_of[board_number] = raw.line
        if reasons or game is None:
            problems.extend(
                PbnProblem(
                    board_number,
                    raw.line,
                    str(reason),
                    getattr(reason, "code", ProblemCode.OTHER),
                )
                for reason in reasons
            )
        else:
            boards.append(game)
    return result(PbnStop.TOO_LONG if budget.spent else None)


def _scan(text: str, budget: _Budget) -> Iterator[_RawGame]:
    """Split the text into games of tags, following PBN 2.1 §2–§3 leniently; one game
    at a time, so that the reader can stop early. Each turn of the loop is a step of
    the budget; plain text, string tokens and runs of empty lines are taken whole by
    regular expressions, not character by character."""
    game = _RawGame(line=1)
    data: list[str] = []
    position, line, size = 0, 1, len(text)
    at_line_start = True

    def end_line() -> None:
        chunk = "".join(data).strip()
        data.clear()
        if chunk:
            if game.tags:
                game.tags[-1].data.append((chunk, line))
            else:
                game.stray.append((chunk, line))

    while position < size:
        budget.left -= 1
        if budget.spent:
            return
        if at_line_start:
            blank = _BLANK_LINES.match(text, position)
            if blank is not None:  # semi-empty lines end the game
                if not game.empty:
                    yield game
                line += blank.group().count("\n")
                position = blank.end()
                game = _RawGame(line=line)
                continue
            if text.startswith("%", position):  # a directive or an escaped line (§2.4)
                end = text.find("\n", position)
                position, line = (size if end < 0 else end + 1), line + 1
                if game.empty:
                    game.line = line
                continue
            at_line_start = False
            if game.empty:
                game.line = line
        plain = _DATA.match(text, position)
        if plain is not None:
            data.append(plain.group())
            position = plain.end()
            continue
        char = text[position]
        if char == "\n":
            end_line()
            position, line, at_line_start = position + 1, line + 1, True
        elif char == "{":  # commentary, possibly over several lines (§3.8)
            close = text.find("}", position + 1)
            if close < 0:
                game.errors.append(("a '{' comment is never closed", line))
                close = size - 1
            line += text.count("\n", position, close)
            position = close + 1
        elif char == ";":  # commentary to the end of the line
            end = text.find("\n", position)
            position = size if end < 0 else end
        elif char == "[":
            parsed = _parse_tag(text, position)
            if isinstance(parsed, str):
                game.errors.append((f"line {line}: {parsed}", line))
                end = text.find("\n", position)
                position = size if end < 0 else end
            else:
                name, value, after = parsed
                end_line()
                game.tags.append(_Tag(name, value, line))
                line += text.count("\n", position, after)
                position = after
        else:  # a '"' never closed on its line: keep the rest of the line as it is
            end = text.find("\n", position)
            end = size if end < 0 else end
            data.append(text[position:end])
            position = end
    end_line()
    if not game.empty:
        yield game


def _parse_tag(text: str, start: int) -> tuple[str, str, int] | str:
    """Parse ``[Name "value"]`` from ``start``; white space (even line breaks) may
    separate the tokens (§3.3). Returns name, value and the position after ``]``, or
    what is wrong."""
    whole = _TAG.match(text, start)
    if whole is not None:  # the usual, well-formed tag in one go
        return whole["name"], _unescape(whole["value"]), whole.end()
    position = _skip_space(text, start + 1)
    match = _NAME.match(text, position)
    if match is None:
        return "a '[' is not followed by a tag name"
    name = match.group()
    position = _skip_space(text, match.end())
    if position >= len(text) or text[position] != '"':
        return f"the {name} tag has no value in quotes"
    close = _string_end(text, position)
    if close < 0:
        return f"the value of the {name} tag has no closing quote on its line"
    value = _unescape(text[position + 1 : close])
    position = _skip_space(text, close + 1)
    if position >= len(text) or text[position] != "]":
        return f"the {name} tag has no closing ']'"
    return name, value, position + 1


def _skip_space(text: str, position: int) -> int:
    match = _SPACE.match(text, position)
    return position if match is None else match.end()


def _string_end(text: str, start: int) -> int:
    """The index of the quote closing the string that opens at ``start``, or -1 when
    the line ends first."""
    match = _STRING_INSIDE.match(text, start + 1)
    end = start + 1 if match is None else match.end()
    return end if end < len(text) and text[end] == '"' else -1


def _unescape(inside: str) -> str:
    return re.sub(r'\\(["\\])', r"\1", inside)


def _resolve(
    raw: _RawGame, last_value: dict[str, str], defaults: dict[str, str]
) -> tuple[list[tuple[str, str]], list[str]]:
    """Fill in ``#`` and ``##`` values (PBN 2.1 §4.8); a repeated tag is ignored (§3.4)."""
    tags: list[tuple[str, str]] = []
    errors: list[str] = []
    seen: set[str] = set()
    for tag in raw.tags:
        if tag.name in seen:
            continue
        seen.add(tag.name)
        value = tag.value
        if value == "#" or value.startswith("##"):
            if tag.name in ("Deal", "Dealer"):
                errors.append(
                    f"its {tag.name} tag says {value!r}; PBN does not allow inheriting it"
                )
            elif value.startswith("##"):
                value = defaults[tag.name] = value[2:]
            elif value == "#":
                value = last_value.get(tag.name, "")
        elif tag.name in defaults:  # a header value redefined mid-file holds from here on
            defaults[tag.name] = value
        tags.append((tag.name, value))
    for name, value in defaults.items():
        if name not in seen:
            tags.append((name, value))
    last_value.update(tags)
    return tags, errors


def _board_number(value: str | None) -> int | None:
    if value is None or not value.strip().isdigit():
        return None
    number = int(value.strip())
    return number if number >= 1 else None


def _build(
    raw: _RawGame, tags: list[tuple[str, str]], number: int | None, budget: _Budget
) -> tuple[PbnGame | None, list[str], list[str]]:
    """The board of one game, or the reasons it cannot be read; plus notes."""
    values = dict(tags)
    reasons: list[str] = []
    notes: list[str] = []
    if number is None:
        board_value = values.get("Board")
        reasons.append(
            _Reason(
                ProblemCode.NO_BOARD,
                "it has no Board tag"
                if board_value is None
                else f"its Board tag {board_value!r} is not a board number (1, 2, 3 …)",
            )
        )
    deal: Deal | None = None
    deal_value = values.get("Deal")
    if deal_value is None:
        reasons.append(_Reason(ProblemCode.NO_DEAL, "it has no Deal tag, so its cards are unknown"))
    else:
        try:
            deal = Deal.from_pbn(deal_value)
        except ScoringError as error:
            reasons.append(_Reason(ProblemCode.BAD_DEAL, f"its deal cannot be used: {error}"))
    dealer_value = values.get("Dealer", "").strip()
    dealer: Seat | None = None
    if dealer_value in ("", "?"):
        dealer = Seat.dealer_of_board(number) if number is not None else None
    else:
        try:
            dealer = Seat.parse(dealer_value)
        except ScoringError:
            reasons.append(
                _Reason(
                    ProblemCode.BAD_DEALER, f"its Dealer tag {dealer_value!r} is not N, E, S or W"
                )
            )
    if reasons or deal is None or dealer is None or number is None:
        return None, reasons, notes
    outcome = find_declarer(deal, dealer)
    if not isinstance(outcome, Declaration):
        reasons.append(
            _Reason(
                ProblemCode.TWENTY_TWENTY,
                "it is a 20–20 deal (each side holds 20 points), which is never played",
            )
        )
        return None, reasons, notes
    claimed = values.get(DECLARER_TAG, "").strip()
    if claimed and claimed.upper() != outcome.declarer.value:
        reasons.append(
            _Reason(
                ProblemCode.DECLARER_MISMATCH,
                f"its {DECLARER_TAG} tag says {claimed!r} but the cards make "
                f"{outcome.declarer.label} declarer",
            )
        )
        return None, reasons, notes

    sections: dict[str, _Tag] = {}
    for tag in raw.tags:
        sections.setdefault(tag.name, tag)  # a repeated tag is ignored (§3.4)
    tables: list[PbnTable] = []
    for tag in raw.tags:
        if tag.name in TABLE_TAGS and tag.name != OPTIMUM_TAG and sections.get(tag.name) is tag:
            try:
                tables.append(_read_table(tag, budget))
            except PbnError as error:
                notes.append(f"its {tag.name} was skipped: {error}")
        elif tag.data and tag.name not in TABLE_TAGS and tag.name not in ("Auction", "Play"):
            notes.append(f"{len(tag.data)} line(s) after its {tag.name} tag were skipped")
    dd_tricks = _read_dd(values, sections.get(OPTIMUM_TAG), notes, budget)
    extra = tuple(
        (name, value)
        for name, value in tags
        if name not in RESERVED_TAGS and name not in TABLE_TAGS
    )
    par = values.get(PAR_TAG)
    par = par if par and par.strip() else None
    ties = values.get(PAR_TIES_TAG)
    try:
        board = PbnBoard(
            number=number,
            dealer=dealer,
            deal=deal,
            dd_tricks=dd_tricks,
            par=par,
            par_ties=ties if par and ties and ties.strip() else None,
            extra_tags=extra,
            tables=tuple(tables),
        )
    except PbnError as error:
        return None, [str(error)], notes
    return PbnGame(board=board, declaration=outcome, tags=tuple(tags), line=raw.line), [], notes


def _read_table(tag: _Tag, budget: _Budget) -> PbnTable:
    """A table section; each column and cell is a step of the budget (a line of 2 MB
    may hold a million cells). When the budget runs out the table is cut short, and
    the caller stops reading."""
    budget.left -= tag.value.count(";") + 1
    if budget.spent:
        raise PbnError("the file is too long")
    columns = tuple(PbnColumn.parse(part) for part in tag.value.split(";"))
    rows = []
    cells: list[str] = []
    for text, _ in tag.data:
        found = _cells(text, limit=max(0, int(min(budget.left, len(text)))) + 1)
        budget.left -= len(found)
        if budget.spent:
            raise PbnError("the file is too long")
        cells.extend(found)
    # In import format rows may be split over lines (§5.2): regroup by column count.
    for start in range(0, len(cells), len(columns)):
        row = cells[start : start + len(columns)]
        if len(row) != len(columns):
            raise PbnError(f"its last row has {len(row)} of {len(columns)} cells")
        rows.append(tuple(row))
    return PbnTable(tag=tag.name, columns=columns, rows=tuple(rows))


_CELL = re.compile(r'"((?:\\["\\]|[^"\\]|\\(?!["\\]))*)"|(\S+)')


def _cells(text: str, *, limit: int) -> list[str]:
    """The cells of a line of table data, at most ``limit`` of them."""
    cells: list[str] = []
    for match in _CELL.finditer(text):
        if len(cells) >= limit:
            break
        cells.append(_unescape(match[1]) if match[1] is not None else match[2])
    return cells


def _read_dd(
    values: Mapping[str, str], optimum: _Tag | None, notes: list[str], budget: _Budget
) -> dict[tuple[Seat, Strain], int] | None:
    digits = values.get(DD_TAG)
    if digits is not None and digits.strip():
        text = digits.strip()
        if len(text) == 20 and all(char in "0123456789abcdefABCDEF" for char in text):
            tricks = [int(char, 16) for char in text]
            if all(value <= 13 for value in tricks):
                return dict(zip(_DD_KEYS, tricks, strict=True))
        notes.append(f"its {DD_TAG} {text!r} is not 20 digits 0–d and was skipped")
    if optimum is None:
        return None
    try:
        table = _read_table(optimum, budget)
        seats = table.column("Declarer")
        strains = table.column("Denomination")
        results = table.column("Result")
        found = {}
        for seat_text, strain_text, result in zip(seats, strains, results, strict=True):
            strain = Strain("NT" if strain_text.upper() in ("N", "NT") else strain_text.upper())
            found[Seat.parse(seat_text), strain] = int(result)
        return _checked_dd(found)
    except (KeyError, ValueError) as error:
        notes.append(f"its {OPTIMUM_TAG} was skipped: {error}")
        return None
