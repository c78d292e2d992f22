"""A session's standings, travellers, score cards and boards as an Excel workbook.

Pure openpyxl, no database: :func:`standings_workbook` takes the plain
:class:`~tournaments.standings.selectors.Standings` figures and returns the ``.xlsx`` bytes. Every
word goes through gettext, so the workbook comes out in the language that is active when
it is built (the view activates the user's language).

Choices made so that the sheets work as data, not just as pictures of a table:

* every sheet is one table with its column headings in row 1, frozen, bold and repeated
  on every printed page; blocks (the two lines of a Mitchell, the pairs' score cards)
  are set apart by a bold heading row rather than by repeating the headings;
* numbers are stored as numbers: matchpoints as floats (rounded to two decimals),
  points as integers, percentages as fractions (0.5625) shown as ``56.25%``, and places
  as integers, a tie (``"3="``) shown by its number format (``0"="``) so the column
  still sorts; since a number format is lost when the sheet is read as values only, a
  "Tied" column beside each place says TRUE or FALSE (empty for a pair not ranked yet,
  whose place is empty too);
* the Travellers sheet has the net score from N–S's side (N–S points − E–W points),
  the figure a traveller compares, beside the two sides' scores;
* pair numbers are integers in a Howell (``5``) and text in a Mitchell (``"5 N–S"``);
  an individual session ranks pupils by their numbers (integers), a traveller's sides
  are that round's partners as text (``"6 & 4"``), and a pupil's score card names the
  seat, the partner and the opponents;
* contracts are text with the suit symbol (``"4♠"``, ``"3NT"``): every font Excel uses
  has the four suits, and the symbol reads better than a letter;
* text cells are never formulas, even when a pupil's name starts with ``=``.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from django.utils import translation
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell, MergedCell
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from scoring.cards import Side
from scoring.league import roman as rules_roman
from tournaments.labels import bridge as bridge_labels
from tournaments.labels import people as people_labels
from tournaments.labels.bridge import SideHeading
from tournaments.leagues.selectors import LeagueStandings
from tournaments.results.scores import Scored
from tournaments.standings.selectors import (
    BoardTraveller,
    PairInfo,
    Ranking,
    ScoreCardLine,
    StandingRow,
    Standings,
    TravellerLine,
    ranked_by_total,
)

#: What a column holds, which decides its number format and alignment.
ColumnKind = Literal["text", "int", "signed", "number", "percent", "place", "flag"]

PERCENT_FORMAT = "0.00%"
#: Net scores and totals keep their sign: +420, -50, 0.
SIGNED_FORMAT = "+0;-0;0"
#: A tied place: the number 3 shown as "3=".
TIED_PLACE_FORMAT = '0"="'

#: Column widths, in characters: at least the heading, at most this.
MIN_WIDTH = 5
MAX_WIDTH = 40

_HEADER_FONT = Font(bold=True)
_HEADER_FILL = PatternFill("solid", fgColor="D9D9D9")
_HEADING_FONT = Font(bold=True, size=12)
_HEADING_FILL = PatternFill("solid", fgColor="F2F2F2")
# Characters Excel refuses in a sheet's name.
_SHEET_NAME_FORBIDDEN = re.compile(r"[\[\]:*?/\\]")


@dataclass(frozen=True)
class Column:
    """One column of a sheet: its heading and what it holds."""

    header: str
    kind: ColumnKind = "text"


Value = str | int | float | bool | None


def standings_workbook(standings: Standings) -> bytes:
    """The session's figures as ``.xlsx`` bytes: four sheets, Standings, Travellers,
    Score cards and Boards, named and headed in the active language.

    For example ``standings_workbook(session_standings(session))``.
    """
    workbook = Workbook()
    workbook.properties.title = standings.title or _("Standings")
    workbook.properties.creator = "Minibridge Classroom"
    workbook.properties.language = translation.get_language() or ""
    standings_sheet = workbook.active
    assert standings_sheet is not None  # a new workbook always has one sheet
    _fill_standings(_name_sheet(standings_sheet, _("Standings")), standings)
    _fill_travellers(_name_sheet(workbook.create_sheet(), _("Travellers")), standings)
    _fill_score_cards(_name_sheet(workbook.create_sheet(), _("Score cards")), standings)
    _fill_boards(_name_sheet(workbook.create_sheet(), _("Boards")), standings)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def league_workbook(standings: LeagueStandings) -> bytes:
    """A term league as ``.xlsx`` bytes: the cross-table as on the wall (a row per pair,
    a column per opponent with the mini-match as text, "2–1", then the points, the
    place and whether it is shared), and the mini-matches as data, one row per pair and
    opponent with the deals as numbers."""
    workbook = Workbook()
    workbook.properties.title = standings.title
    workbook.properties.creator = "Minibridge Classroom"
    workbook.properties.language = translation.get_language() or ""
    sheet = workbook.active
    assert sheet is not None  # a new workbook always has one sheet
    columns = [
        Column(_("Pair")),
        Column(_("Names")),
        *[Column(pair.label) for pair in standings.pairs],
        Column(_("Points"), "int"),
        Column(_("Place"), "place"),
        Column(_("Tied"), "flag"),
    ]
    table = _Table(_name_sheet(sheet, _("Cross-table")), columns, title=standings.title)
    for row in standings.rows:
        cells: list[Value] = [
            None if cell is None else cell.text if cell.points is not None else f"({cell.text})"
            for cell in row.cells
        ]
        table.row([row.pair.label, row.pair.names, *cells, row.points, *_place_values(row.place)])
    table.finish()
    matches = _Table(
        _name_sheet(workbook.create_sheet(), _("Mini-matches")),
        [
            Column(_("Pair")),
            Column(_("Opponents")),
            Column(_("Deals won"), "number"),
            Column(_("Deals lost"), "number"),
            Column(_("Points"), "int"),
        ],
        title=standings.title,
    )
    for row in standings.rows:
        for cell in row.cells:
            if cell is not None:
                opponent = rules_roman(cell.opponent)
                matches.row([row.pair.label, opponent, cell.won, cell.lost, cell.points])
    matches.finish(filter_rows=True)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


# -- The four sheets ------------------------------------------------------------------------


def standings_columns(
    ranking: str, *, individual: bool = False, compared: bool = True, by_wins: bool = False
) -> list[Column]:
    """The Standings sheet's columns: the session's choice of ranking first. An
    individual session ranks pupils: its column of numbers is headed "Pupil". A session
    that compares no board (``compared`` False) has no matchpoints or percentage, and
    under a target scoring (``by_wins``) the boards won lead."""
    by_matchpoints = [
        Column(_("Matchpoints"), "number"),
        Column(_("Maximum"), "number"),
        Column(_("Percentage"), "percent"),
    ]
    first = [
        Column(_("Place"), "place"),
        Column(_("Tied"), "flag"),
        Column(people_labels.competitor_word(individual=individual)),
        Column(_("Names")),
    ]
    boards = [Column(_("Boards"), "int")]
    if by_wins:
        return [
            *first,
            *boards,
            Column(_("Boards won"), "int"),
            Column(_("Total points"), "signed"),
        ]
    if not compared:
        return [*first, *boards, Column(_("Total points"), "signed")]
    if ranking == "total":
        return [
            *first,
            *boards,
            Column(_("Total points"), "signed"),
            *by_matchpoints,
            Column(_("Place on matchpoints"), "place"),
            Column(_("Tied on matchpoints"), "flag"),
        ]
    return [
        *first,
        *boards,
        *by_matchpoints,
        Column(_("Total points"), "signed"),
        Column(_("Place on points"), "place"),
        Column(_("Tied on points"), "flag"),
    ]


def _fill_standings(sheet: Worksheet, standings: Standings) -> None:
    columns = standings_columns(
        standings.ranking,
        individual=standings.individual,
        compared=standings.compared,
        by_wins=standings.by_wins,
    )
    table = _Table(sheet, columns, title=standings.title)
    if standings.ranking_note:
        # How a session that compares no board is ranked, in one sentence above its rows.
        table.heading(standings.ranking_note)
    for ranking in standings.rankings:
        if len(standings.rankings) > 1 and ranking.title:
            table.heading(ranking.title)
        for row in _ranked_rows(ranking, standings):
            table.row(_standing_values(row, standings))
    table.finish()


def _ranked_rows(ranking: Ranking, standings: Standings) -> Sequence[StandingRow]:
    if standings.by_total:
        return ranked_by_total(ranking, by_wins=standings.by_wins)
    return ranking.rows


def _standing_values(row: StandingRow, standings: Standings) -> list[Value]:
    pair = [pair_value(row.pair.label), row.pair.names, row.boards]
    if not standings.compared:
        won: list[Value] = [row.boards_won or 0] if standings.by_wins else []
        if not row.ranked:
            return [None, None, *pair, *[None] * len(won), None]
        return [*_place_values(row.total_place), *pair, *won, row.total_points]
    by_total = standings.by_total
    if not row.ranked:  # no result yet: no place and no figures
        figures: list[Value] = [None] * 6  # matchpoints, maximum, %, total, place, tied
        return [None, None, *pair, *figures]
    matchpoints = [_number(row.matchpoints), _number(row.top), _fraction(row.percentage)]
    place, total_place = _place_values(row.place), _place_values(row.total_place)
    if by_total:
        return [*total_place, *pair, row.total_points, *matchpoints, *place]
    return [*place, *pair, *matchpoints, row.total_points, *total_place]


def _place_values(place: str) -> list[Value]:
    """A place and whether it is shared: ``"3="`` → ``["3=", True]`` (the place column
    turns the text into the number 3 shown as "3=")."""
    return [place, place.endswith("=")]


def traveller_columns() -> list[Column]:
    """The Travellers sheet's columns: one row per result."""
    return [
        Column(_("Board"), "int"),
        Column(_("Round"), "int"),
        Column(_("Table"), "int"),
        Column(bridge_labels.side_short(Side.NS)),
        Column(bridge_labels.side_short(Side.EW)),
        Column(_("Contract")),
        Column(_("Declarer")),
        Column(_("Tricks"), "int"),
        Column(bridge_labels.side_heading(Side.NS, SideHeading.SCORE), "int"),
        Column(bridge_labels.side_heading(Side.EW, SideHeading.SCORE), "int"),
        Column(bridge_labels.side_heading(Side.NS, SideHeading.NET), "signed"),
        Column(bridge_labels.side_heading(Side.NS, SideHeading.MATCHPOINTS), "number"),
        Column(bridge_labels.side_heading(Side.EW, SideHeading.MATCHPOINTS), "number"),
        Column(bridge_labels.side_heading(Side.NS, SideHeading.PERCENT), "percent"),
        Column(bridge_labels.side_heading(Side.EW, SideHeading.PERCENT), "percent"),
        # Both figures after a revoke ("10, 9 + 1 for the revoke"); Tricks holds the
        # tricks scored, a number to sort and sum.
        Column(_("Revoke")),
    ]


def _fill_travellers(sheet: Worksheet, standings: Standings) -> None:
    table = _Table(sheet, traveller_columns(), title=standings.title)
    for board in standings.travellers:
        for line in board.lines:
            table.row(_traveller_values(board, line))
    table.finish(filter_rows=True)


def _traveller_values(board: BoardTraveller, line: TravellerLine) -> list[Value]:
    values: list[Value] = [
        board.number,
        line.round,
        line.table,
        pair_value(line.ns.label),
        pair_value(line.ew.label),
    ]
    scored = line.scored
    if scored is not None:
        ns_score, ew_score = _side_scores(scored.ns_points, scored.ew_points)
        values += [
            bridge_labels.contract_text(scored.contract),
            bridge_labels.seat_name(scored.declarer),
            scored.tricks,
            ns_score,
            ew_score,
            scored.ns_net,
        ]
    else:
        values += [_outcome_word(line), None, None, None, None, None]
    values += [
        _number(line.ns_mp),
        _number(line.ew_mp),
        _fraction(line.ns_percent),
        _fraction(line.ew_percent),
        _revoke_value(scored),
    ]
    return values


def _revoke_value(scored: Scored | None) -> str | None:
    """The Revoke column: the tricks with both figures when there was a revoke."""
    if scored is None or not scored.revoke:
        return None
    return scored.tricks_text


def score_card_columns(*, individual: bool = False) -> list[Column]:
    """The Score cards sheet's columns: one row per board a pair played. A pupil of an
    individual session changes partners: their rows name the seat and the partner, and
    the opponents by name."""
    partner = [Column(_("Seat")), Column(_("Partner"))] if individual else []
    return [
        Column(_("Board"), "int"),
        Column(_("Round"), "int"),
        Column(_("Table"), "int"),
        Column(_("Direction")),
        *partner,
        Column(_("Opponents")),
        Column(_("Contract")),
        Column(_("Declarer")),
        Column(_("Tricks"), "int"),
        Column(_("Score"), "signed"),
        Column(_("Matchpoints"), "number"),
        Column(_("Percentage"), "percent"),
        Column(_("Revoke")),
    ]


def _fill_score_cards(sheet: Worksheet, standings: Standings) -> None:
    columns = score_card_columns(individual=standings.individual)
    table = _Table(sheet, columns, title=standings.title)
    for pair in _card_pairs(standings):
        table.heading(standings.card_heading(pair))
        for card in standings.score_cards.get(pair.pk, ()):
            table.row(_score_card_values(card, individual=standings.individual))
    table.finish()


def _card_pairs(standings: Standings) -> list[PairInfo]:
    """Every pair, in the session's order; pairs only found on a score card come last."""
    pairs = list(standings.pairs)
    known = {pair.pk for pair in pairs}
    for pk, cards in standings.score_cards.items():
        if pk not in known and cards:
            owner = cards[0].line.ns if cards[0].direction == "NS" else cards[0].line.ew
            pairs.append(owner)
            known.add(pk)
    return pairs


def _score_card_values(card: ScoreCardLine, *, individual: bool = False) -> list[Value]:
    scored = card.line.scored
    played: list[Value] = (
        [
            bridge_labels.contract_text(scored.contract),
            bridge_labels.seat_name(scored.declarer),
            scored.tricks,
        ]
        if scored is not None
        else [_outcome_word(card.line), None, None]
    )
    who: list[Value] = [pair_value(card.opponents.label)]
    if individual:
        who = [
            bridge_labels.seat_name(card.seat) if card.seat else None,
            card.partner.names if card.partner else None,
            card.opponents.names,
        ]
    return [
        card.board,
        card.round,
        card.table,
        bridge_labels.side_short(card.direction),
        *who,
        *played,
        card.points,
        _number(card.matchpoints),
        _fraction(card.percent),
        _revoke_value(scored),
    ]


def board_columns() -> list[Column]:
    """The Boards sheet's columns: one row per board with results."""
    return [
        Column(_("Board"), "int"),
        Column(_("Par contract")),
        Column(_("Par declarer")),
        Column(_("Par score"), "signed"),
        Column(_("Results"), "int"),
    ]


def _fill_boards(sheet: Worksheet, standings: Standings) -> None:
    table = _Table(sheet, board_columns(), title=standings.title)
    for board in standings.travellers:
        par = board.par
        results = sum(1 for line in board.lines if line.kind != "not_played")
        if par is None:
            table.row([board.number, None, None, None, results])
        else:
            table.row(
                [
                    board.number,
                    # Under a target scoring the par speaks in targets: "Target 8: ♠ makes 9";
                    # otherwise every tied contract: "1♥ or 1♠".
                    board.par_text
                    if board.target is not None
                    else bridge_labels.par_contracts_text(par),
                    bridge_labels.seat_name(par.declarer),
                    par.net,
                    results,
                ]
            )
    table.finish(filter_rows=True)


# -- Words and values -----------------------------------------------------------------------


def pair_value(label: str) -> int | str:
    """A pair's label for a cell: a Howell pair's bare number as an integer, a Mitchell
    pair's ``"3 N–S"`` as text."""
    return int(label) if label.isdigit() else label


def _outcome_word(line: TravellerLine) -> str:
    return _("Adjusted") if line.kind == "adjusted" else _("Not played")


def _side_scores(ns_points: int, ew_points: int) -> tuple[int | None, int | None]:
    """The two score columns as a traveller shows them: the side that scored, the other
    blank (both 0 when nobody scored)."""
    if not ns_points and not ew_points:
        return 0, 0
    return (ns_points or None, ew_points or None)


def _number(value: float | None) -> float | None:
    return None if value is None else round(float(value), 2)


def _fraction(percent: float | None) -> float | None:
    """A percentage (56.25) as the fraction Excel formats as one (0.5625)."""
    return None if percent is None else round(percent / 100, 6)


def _place(text: str) -> tuple[int | str, bool]:
    """``"3="`` → ``(3, True)``; ``"1"`` → ``(1, False)``; anything else stays text."""
    tied = text.endswith("=")
    digits = text.removesuffix("=")
    if digits.isdigit():
        return int(digits), tied
    return text, False


def _name_sheet(sheet: Worksheet, name: str) -> Worksheet:
    """Give ``sheet`` a name Excel accepts: no ``[]:*?/\\``, at most 31 characters."""
    sheet.title = _SHEET_NAME_FORBIDDEN.sub("-", name).strip("'")[:31] or "Sheet"
    return sheet


def _display_width(value: Value, kind: ColumnKind) -> int:
    """Roughly how many characters Excel shows for ``value``, with a little air."""
    if value is None:
        return 0
    if kind == "percent":
        shown = 7  # "100.00%"
    elif kind == "flag":
        shown = 5  # "FALSE"
    elif kind in {"signed", "place"}:
        shown = len(str(value)) + 1  # "+420", "3="
    else:
        shown = len(str(value))
    return shown + 2


# -- Writing a table ------------------------------------------------------------------------


class _Table:
    """Writes one sheet: headings in row 1 (frozen, bold, printed on every page), then
    rows and bold block headings; :meth:`finish` sizes the columns from their content."""

    def __init__(self, sheet: Worksheet, columns: Sequence[Column], *, title: str) -> None:
        self.sheet = sheet
        self.columns = list(columns)
        self.widths = [len(column.header) + 2 for column in self.columns]
        for index, column in enumerate(self.columns, start=1):
            cell = sheet.cell(row=1, column=index)
            _set_text(cell, column.header)
            cell.font = _HEADER_FONT
            cell.fill = _HEADER_FILL
            cell.alignment = Alignment(
                horizontal="left" if column.kind == "text" else "right",
                vertical="center",
                wrap_text=False,
            )
        sheet.freeze_panes = "A2"
        sheet.print_title_rows = "1:1"
        if title and sheet.oddHeader is not None:
            sheet.oddHeader.center.text = title.replace("&", "&&")
        self.next_row = 2

    def heading(self, text: str) -> None:
        """A bold row naming the block below it (a line of a Mitchell, a pair)."""
        cell = self.sheet.cell(row=self.next_row, column=1)
        _set_text(cell, text)
        cell.font = _HEADING_FONT
        for index in range(1, len(self.columns) + 1):
            self.sheet.cell(row=self.next_row, column=index).fill = _HEADING_FILL
        self.next_row += 1

    def row(self, values: Iterable[Value]) -> None:
        """One row of values, in the columns' order; None leaves the cell empty."""
        for index, (column, value) in enumerate(zip(self.columns, values, strict=True)):
            if value is None:
                continue
            cell = self.sheet.cell(row=self.next_row, column=index + 1)
            shown: Value = value
            if column.kind == "place" and isinstance(value, str):
                shown, tied = _place(value)
                cell.value = shown
                if tied:
                    cell.number_format = TIED_PLACE_FORMAT
                if isinstance(shown, str):
                    _set_text(cell, shown)
                cell.alignment = Alignment(horizontal="right")
            elif isinstance(value, str):
                _set_text(cell, value)
            else:
                cell.value = value
                if column.kind == "percent":
                    cell.number_format = PERCENT_FORMAT
                elif column.kind == "signed":
                    cell.number_format = SIGNED_FORMAT
            self.widths[index] = max(self.widths[index], _display_width(shown, column.kind))
        self.next_row += 1

    def finish(self, *, filter_rows: bool = False) -> None:
        """Set the column widths; with ``filter_rows``, add Excel's filter buttons."""
        for index, width in enumerate(self.widths, start=1):
            letter = get_column_letter(index)
            self.sheet.column_dimensions[letter].width = min(MAX_WIDTH, max(MIN_WIDTH, width))
        if filter_rows and self.next_row > 2:
            last = get_column_letter(len(self.columns))
            self.sheet.auto_filter.ref = f"A1:{last}{self.next_row - 1}"


def _set_text(cell: Cell | MergedCell, text: str) -> None:
    """Store ``text`` as text: characters XML cannot hold are dropped, and a leading
    ``=`` does not make it a formula."""
    cell.value = ILLEGAL_CHARACTERS_RE.sub("", text)
    cell.data_type = "s"
