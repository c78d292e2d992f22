"""Reading a PBN file with results (the site's session export) into an upload.

The site exports a played session as PBN 2.1 with results (``tournaments/standings/pbn.py``
``session_pbn``, built on :func:`scoring.pbn.write_pbn`): every board with its ``Deal``
and a ``ScoreTable`` (PBN 2.1 §5.3) of the tables' results —
``Table;PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;MP_NS;MP_EW`` —
and, on the last board, a ``TotalScoreTable`` (§5.4) with each pair's rank, direction,
percentage and names. :func:`read_pbn_results` reads such a file (through
:func:`scoring.pbn.read_pbn`, so every tolerance of that reader applies) into the same
:class:`~scoring.upload.Upload` as the USEBIO reader, with its problems reported the
same way.

How the rows read:

* A row with a contract is a played result: ``Result`` is declarer's tricks and the
  N–S net score is ``Score_NS − Score_EW`` (a file with only one of the two columns
  gives it from that side).
* A row without a contract (``-``) and without matchpoints is a board that was not
  played at that table.
* A row without a contract but with matchpoints is an adjusted score. PBN has no column
  for its percentages, so they are worked out from the matchpoints and the board's top
  (the ``MP_NS + MP_EW`` of its played rows or, on a board with no played row, the top
  of its rows in EBU or ACBL units), and must come out at 60, 50 or 40 for each side;
  otherwise the row is refused with a message saying so. One case cannot be told: an
  adjusted score that is a board's only row has a top of 0; it is read as Average
  (50 % each) and ``upload.notes`` says so.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from dataclasses import dataclass

from scoring.cards import Seat
from scoring.contracts import Contract
from scoring.errors import ScoringError
from scoring.pbn import PbnGame, PbnStop, PbnTable, ProblemCode, read_pbn
from scoring.upload import (
    ResultKind,
    Upload,
    UploadBoard,
    UploadPair,
    UploadProblem,
    UploadProblemCode,
    UploadResult,
)

__all__ = ["MAX_BOARDS", "MAX_BYTES", "read_pbn_results"]

MAX_BYTES = 4_000_000
#: A session never has more boards than this (the read stops beyond it).
MAX_BOARDS = 200
_REQUIRED = ("PairId_NS", "PairId_EW", "Contract", "Declarer", "Result")
_NO_VALUE = ("", "-")
_ADJUSTMENTS = (40, 50, 60)

_PROBLEM_CODES = {
    ProblemCode.NO_BOARD: UploadProblemCode.BOARD_NUMBER,
    ProblemCode.DUPLICATE_BOARD: UploadProblemCode.BOARD_TWICE,
    ProblemCode.NO_DEAL: UploadProblemCode.BAD_DEAL,
    ProblemCode.BAD_DEAL: UploadProblemCode.BAD_DEAL,
    ProblemCode.BAD_DEALER: UploadProblemCode.BAD_DEAL,
    ProblemCode.TWENTY_TWENTY: UploadProblemCode.BAD_DEAL,
    ProblemCode.DECLARER_MISMATCH: UploadProblemCode.BAD_DEAL,
    ProblemCode.OTHER: UploadProblemCode.NOT_READABLE,
}


def read_pbn_results(
    source: str | bytes, *, max_bytes: int = MAX_BYTES, max_boards: int = MAX_BOARDS
) -> Upload:
    """Read a PBN file with results (an upload: untrusted) into an
    :class:`~scoring.upload.Upload`. Never raises; ``upload.problems`` is empty when
    everything in the file could be used."""
    size = len(source.encode("utf-8", "surrogatepass")) if isinstance(source, str) else len(source)
    if size > max_bytes:
        return Upload(
            problems=(
                UploadProblem(
                    UploadProblemCode.TOO_LARGE,
                    f"The file is {size:,} bytes; a results file can be at most {max_bytes:,}",
                    {"size": size, "limit": max_bytes},
                ),
            )
        )
    try:
        pbn = read_pbn(source, max_boards=max_boards)
    except (ValueError, UnicodeError, RecursionError) as error:  # read_pbn reports, not raises
        return Upload(
            problems=(
                UploadProblem(
                    UploadProblemCode.NOT_READABLE,
                    f"The file is not readable PBN: {error}",
                    {"error": str(error)},
                ),
            )
        )
    problems = [
        UploadProblem(
            _PROBLEM_CODES.get(problem.code, UploadProblemCode.NOT_READABLE),
            str(problem),
            {"reason": problem.reason, "line": problem.line},
            board=problem.board,
        )
        for problem in pbn.problems
    ]
    if pbn.stopped is not None:
        problems.append(
            UploadProblem(
                UploadProblemCode.TOO_MANY_ITEMS,
                f"The file has more than {max_boards} boards or is too long for one session; "
                "it was not read to the end"
                if pbn.stopped is PbnStop.TOO_MANY_BOARDS
                else "The file is too long for one session; it was not read to the end",
                {"boards": max_boards},
            )
        )
    if not pbn.boards and not problems:
        problems.append(
            UploadProblem(
                UploadProblemCode.NOT_READABLE,
                "The file has no boards: it is not a PBN file with results",
                {},
            )
        )
    reader = _Reader(problems)
    boards = tuple(
        UploadBoard(game.board.number, game.board.deal, game.board.dealer) for game in pbn.boards
    )
    results = [result for game in pbn.boards for result in reader.results(game)]
    pairs = reader.pairs(pbn.boards, results)
    first = pbn.boards[0] if pbn.boards else None
    return Upload(
        boards=boards,
        pairs=pairs,
        results=tuple(results),
        title=(first.tag("Event") or "").strip() if first else "",
        date=_date(first.tag("Date") if first else None),
        problems=tuple(reader.problems),
        notes=tuple(reader.notes),
    )


def _date(text: str | None) -> datetime.date | None:
    try:
        return datetime.datetime.strptime((text or "").strip(), "%Y.%m.%d").date()
    except ValueError:
        return None


def _table(game: PbnGame, tag: str) -> PbnTable | None:
    for table in game.board.tables:
        if table.tag == tag:
            return table
    return None


def _cells(table: PbnTable, name: str) -> list[str] | None:
    try:
        return [cell.strip() for cell in table.column(name)]
    except KeyError:
        return None


def _int(text: str) -> int | None:
    # ASCII digits only: str.isdigit() also takes "²", which int() refuses.
    return int(text) if re.fullmatch(r"[+-]?[0-9]{1,6}", text) else None


def _float(text: str) -> float | None:
    if text in _NO_VALUE or len(text) > 20:
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    return value if value == value and abs(value) != float("inf") else None


@dataclass
class _Row:
    """One ScoreTable row, its cells by column name."""

    cells: dict[str, str]

    def get(self, name: str) -> str:
        return self.cells.get(name, "").strip()


class _Reader:
    def __init__(self, problems: list[UploadProblem]) -> None:
        self.problems = problems
        self.notes: list[UploadProblem] = []

    def bad(self, board: int, where: str, what: str, **params: object) -> None:
        self.problems.append(
            UploadProblem(
                UploadProblemCode.BAD_RESULT,
                f"Board {board}{where}: {what}",
                {"board": board, "reason": what, **params},
                board=board,
            )
        )

    def results(self, game: PbnGame) -> list[UploadResult]:
        number = game.board.number
        table = _table(game, "ScoreTable")
        if table is None:
            return []
        missing = [name for name in _REQUIRED if _cells(table, name) is None]
        if missing:
            self.bad(number, "", f"its ScoreTable has no {missing[0]} column", column=missing[0])
            return []
        rows = [
            _Row(dict(zip((c.name for c in table.columns), row, strict=True))) for row in table.rows
        ]
        tops = [
            ns + ew
            for row in rows
            if row.get("Contract") not in _NO_VALUE
            and (ns := _float(row.get("MP_NS"))) is not None
            and (ew := _float(row.get("MP_EW"))) is not None
        ]
        out: list[UploadResult] = []
        for row in rows:
            # The field is every row, "not played" ones included (as the site scores).
            result = self.row(number, row, max(tops) if tops else None, len(rows))
            if result is not None:
                out.append(result)
        return out

    def row(self, board: int, row: _Row, top: float | None, field: int) -> UploadResult | None:
        ns_pair, ew_pair = row.get("PairId_NS"), row.get("PairId_EW")
        where = f", pairs {ns_pair or '?'} and {ew_pair or '?'}"
        if ns_pair in _NO_VALUE or ew_pair in _NO_VALUE:
            self.bad(board, where, "a row does not name both pairs")
            return None
        table_number = _int(row.get("Table"))
        ns_mp, ew_mp = _float(row.get("MP_NS")), _float(row.get("MP_EW"))
        base = UploadResult(
            board,
            ns_pair,
            ew_pair,
            table=table_number if table_number and table_number > 0 else None,
            ns_mp=ns_mp,
            ew_mp=ew_mp,
        )
        contract_text = row.get("Contract")
        if contract_text in _NO_VALUE:
            if ns_mp is None or ew_mp is None:
                return _replace_kind(base, ResultKind.NOT_PLAYED)
            percents = _adjusted_percents(ns_mp, ew_mp, top, field)
            if percents is None and field == 1 and ns_mp == ew_mp == 0:
                # A board scored at one table only has a top of 0: its matchpoints
                # cannot tell the percentages. Read as Average, and say so.
                self.notes.append(
                    UploadProblem(
                        UploadProblemCode.ADJUSTED_AS_AVERAGE,
                        f"Board {board}{where}: the adjusted score was the board's only "
                        "result, so the file cannot tell its percentages; it was read as "
                        "Average (50 % each)",
                        {"board": board, "ns_pair": ns_pair, "ew_pair": ew_pair},
                        board=board,
                    )
                )
                percents = (50, 50)
            if percents is None:
                self.bad(
                    board,
                    where,
                    f"the adjusted score ({ns_mp:g} and {ew_mp:g} matchpoints) is not "
                    "60, 50 or 40 % for each side",
                )
                return None
            return UploadResult(
                board,
                ns_pair,
                ew_pair,
                ResultKind.ADJUSTED,
                ns_percent=percents[0],
                ew_percent=percents[1],
                table=base.table,
                ns_mp=ns_mp,
                ew_mp=ew_mp,
            )
        try:
            contract = Contract.parse(contract_text, slams=True)
        except ScoringError:
            self.bad(board, where, f"the contract {contract_text!r} is not a Minibridge contract")
            return None
        try:
            declarer = Seat.parse(row.get("Declarer"))
        except ScoringError:
            self.bad(board, where, f"the declarer {row.get('Declarer')!r} is not N, E, S or W")
            return None
        tricks = _int(row.get("Result"))
        if tricks is None or not 0 <= tricks <= 13:
            self.bad(
                board, where, f"the tricks {row.get('Result')!r} are not a number from 0 to 13"
            )
            return None
        ns_points, ew_points = _int(row.get("Score_NS")), _int(row.get("Score_EW"))
        if ns_points is None and ew_points is None:
            self.bad(board, where, "the row has no score (Score_NS or Score_EW)")
            return None
        ns_score = (ns_points or 0) - (ew_points or 0)
        return UploadResult(
            board,
            ns_pair,
            ew_pair,
            ResultKind.PLAYED,
            str(contract),
            declarer,
            tricks,
            ns_score,
            table=base.table,
            ns_mp=ns_mp,
            ew_mp=ew_mp,
        )

    def pairs(
        self, games: Sequence[PbnGame], results: Sequence[UploadResult]
    ) -> tuple[UploadPair, ...]:
        pairs: dict[str, UploadPair] = {}
        for game in games:
            total = _table(game, "TotalScoreTable")
            if total is None or _cells(total, "PairId") is None:
                continue
            columns = [c.name for c in total.columns]
            for row in total.rows:
                cells = _Row(dict(zip(columns, row, strict=True)))
                number = cells.get("PairId")
                if number in _NO_VALUE:
                    continue
                if number in pairs:
                    self.problems.append(
                        UploadProblem(
                            UploadProblemCode.PAIR_TWICE,
                            f"Pair {number} is in the file's TotalScoreTable twice",
                            {"pair": number},
                        )
                    )
                    continue
                direction = cells.get("Direction").upper()
                names = tuple(
                    name.strip() for name in cells.get("Names").split("&") if name.strip()
                )
                percentage = cells.get("TotalPercentage")
                place = cells.get("Rank")
                pairs[number] = UploadPair(
                    number=number,
                    names=names,
                    direction=direction if direction in ("NS", "EW") else None,
                    percentage=_float(percentage),
                    place=None if place in _NO_VALUE else place,
                )
        for result in results:
            for number in (result.ns_pair, result.ew_pair):
                pairs.setdefault(number, UploadPair(number))
        return tuple(pairs.values())


def _replace_kind(result: UploadResult, kind: ResultKind) -> UploadResult:
    return UploadResult(result.board, result.ns_pair, result.ew_pair, kind, table=result.table)


def _adjusted_percents(
    ns_mp: float, ew_mp: float, top: float | None, field: int
) -> tuple[int, int] | None:
    """The adjusted score's percentages from its matchpoints and the board's top: that
    of its played rows, else that of a field of ``field`` in EBU or ACBL units."""
    candidates = [top] if top is not None else [2.0 * (field - 1), float(field - 1)]
    for candidate in candidates:
        if candidate <= 0:
            continue
        ns, ew = 100 * ns_mp / candidate, 100 * ew_mp / candidate
        found = (
            [p for p in _ADJUSTMENTS if abs(p - ns) < 0.5],
            [p for p in _ADJUSTMENTS if abs(p - ew) < 0.5],
        )
        if found[0] and found[1]:
            return found[0][0], found[1][0]
    return None
