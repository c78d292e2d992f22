"""The one home of the site's wording for bridge terms, in the user's language.

The rules library speaks English codes (``Seat.NORTH``, ``Strain.SPADES``, ``"NS"``);
everything a page, a PDF or a workbook shows for them comes from here: seat names and
letters, side names, suit and strain names, contracts with their suit symbols, pair
numbers ("3 N–S"), a pair's names ("Emma H & Oliver S") and net scores ("N–S +420").
Each term has exactly one msgid; phrases that contain a term ("N–S score") take it as a
placeholder, so the Norwegian for a term is written once. Template filters
(``tournaments.templatetags.bridge``) are one-line wrappers round these functions.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, TypeVar

from django.utils.formats import date_format, get_format, number_format
from django.utils.functional import lazy
from django.utils.text import get_text_list
from django.utils.translation import gettext, gettext_noop, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.cards import Card, Rank, Seat, Side, Strain, Suit
from scoring.contracts import Contract, ContractKind
from scoring.curves import GAME_GUIDELINE_HCP
from scoring.dd import Par
from scoring.errors import ErrorCode, ScoringError
from scoring.feedback import FIT_LENGTH, BoardLesson, Code, Feedback, Verdict
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
from scoring.profiles import ScoreUnit
from scoring.upload import first_name as first_word
from tournaments.charts import ChartLabels, TermChartLabels

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise

# -- Seats --------------------------------------------------------------------------------

SEAT_NAMES: dict[Seat, StrPromise] = {
    Seat.NORTH: _("North"),
    Seat.EAST: _("East"),
    Seat.SOUTH: _("South"),
    Seat.WEST: _("West"),
}
# One-letter seat names for compasses and tables: N E S W / N Ø S V.
SEAT_LETTERS: dict[Seat, StrPromise] = {
    Seat.NORTH: pgettext_lazy("seat letter", "N"),
    Seat.EAST: pgettext_lazy("seat letter", "E"),
    Seat.SOUTH: pgettext_lazy("seat letter", "S"),
    Seat.WEST: pgettext_lazy("seat letter", "W"),
}


def seat_name(seat: Seat | str) -> str:
    """``"North"`` / ``"Nord"``, for ``Seat.NORTH`` or ``"N"``."""
    return str(SEAT_NAMES[Seat(seat)])


def seat_letter(seat: Seat | str) -> str:
    """``"E"`` / ``"Ø"``: N E S W in English, N Ø S V in Norwegian."""
    return str(SEAT_LETTERS[Seat(seat)])


# -- Sides --------------------------------------------------------------------------------

#: A side as ``Side``, ``scoring.movements.Line``, ``Pair.Line`` or ``"NS"`` / ``"EW"``.
SideLike = Side | str

SIDE_NAMES: dict[Side, StrPromise] = {
    Side.NS: _("North–South"),
    Side.EW: _("East–West"),
}
# The short names: N–S and E–W, in Norwegian N–S and Ø–V.
SIDE_SHORT: dict[Side, StrPromise] = {
    Side.NS: pgettext_lazy("short side", "N–S"),
    Side.EW: pgettext_lazy("short side", "E–W"),
}


def side_name(side: SideLike) -> str:
    """``"North–South"`` / ``"Nord–Syd"``."""
    return str(SIDE_NAMES[Side(side)])


def side_short(side: SideLike) -> str:
    """``"N–S"``, ``"E–W"`` / ``"Ø–V"``."""
    return str(SIDE_SHORT[Side(side)])


class SideHeading(StrEnum):
    """The column headings that name a side: "N–S score", "E–W %"."""

    SCORE = "score"
    MATCHPOINTS = "matchpoints"
    PERCENT = "percent"
    ADJUSTED = "adjusted"
    NET = "net"


# The side comes in as its short name (SIDE_SHORT), so each heading has one msgid for
# both sides and the Norwegian for "E–W" is written once.
_SIDE_HEADINGS: dict[SideHeading, StrPromise] = {
    # Translators: a column heading; %(side)s is "N–S" or "E–W".
    SideHeading.SCORE: _("%(side)s score"),
    # Translators: a column heading; %(side)s is "N–S" or "E–W".
    SideHeading.MATCHPOINTS: _("%(side)s matchpoints"),
    # Translators: a column heading, a side's percentage; %(side)s is "N–S" or "E–W".
    SideHeading.PERCENT: _("%(side)s %%"),
    # Translators: a side's adjusted percentage; %(side)s is "N–S" or "E–W".
    SideHeading.ADJUSTED: _("%(side)s adjusted %%"),
    # Translators: a column heading, the net score from a side's point of view (its
    # points minus the other side's); %(side)s is "N–S" or "E–W".
    SideHeading.NET: _("%(side)s net"),
}


def side_heading(side: SideLike, heading: SideHeading | str) -> str:
    """A column heading naming a side: ``side_heading("NS", "score")`` is ``"N–S score"``."""
    return str(_SIDE_HEADINGS[SideHeading(heading)]) % {"side": side_short(side)}


#: :func:`side_heading` evaluated when shown, for model fields and other module constants.
side_heading_lazy = lazy(side_heading, str)


def net_text(ns_net: int) -> str:
    """A net score as the table reads it: ``"N–S +420"``, ``"E–W +50"`` or ``"0"``."""
    if not ns_net:
        return "0"
    side = Side.NS if ns_net > 0 else Side.EW
    # Translators: a net score, "N–S +420"; %(side)s is "N–S" or "E–W".
    return gettext("%(side)s +%(points)s") % {"side": side_short(side), "points": abs(ns_net)}


# -- Suits, strains and contracts ---------------------------------------------------------

SUIT_NAMES: dict[Suit, StrPromise] = {
    Suit.SPADES: _("Spades"),
    Suit.HEARTS: _("Hearts"),
    Suit.DIAMONDS: _("Diamonds"),
    Suit.CLUBS: _("Clubs"),
}
STRAIN_NAMES: dict[Strain, StrPromise] = {
    Strain.CLUBS: _("Clubs"),
    Strain.DIAMONDS: _("Diamonds"),
    Strain.HEARTS: _("Hearts"),
    Strain.SPADES: _("Spades"),
    Strain.NO_TRUMPS: _("No trumps"),
}

#: "NT" as written in a contract (Norwegian writes NT too, and says "grand").
NO_TRUMPS_SHORT = pgettext_lazy("no trumps", "NT")
#: No trumps named in a sentence: "NT game makes 9 tricks" (Norwegian says "grand").
NO_TRUMPS_WORD = pgettext_lazy("no trumps in a sentence", "NT")


def suit_name(suit: Suit | str) -> str:
    """``"Spades"`` / ``"Spar"``."""
    return str(SUIT_NAMES[Suit(suit)])


def strain_name(strain: Strain | str) -> str:
    """``"Hearts"`` / ``"Hjerter"``, ``"No trumps"`` / ``"Grand"``."""
    return str(STRAIN_NAMES[Strain(strain)])


def strain_text(strain: Strain | str) -> str:
    """``"♠"`` … ``"♣"`` for a suit, ``"NT"`` (in the user's letters) for no trumps."""
    strain = Strain(strain)
    return str(NO_TRUMPS_SHORT) if strain is Strain.NO_TRUMPS else strain.symbol


def strain_word(strain: Strain | str) -> str:
    """A strain named in a sentence: the suit's symbol, or no trumps as it is said
    (``"NT"`` in English, ``"grand"`` in Norwegian, which writes NT only in a contract:
    "utgang i grand gir 9 stikk")."""
    strain = Strain(strain)
    return str(NO_TRUMPS_WORD) if strain is Strain.NO_TRUMPS else strain.symbol


def as_contract(contract: Contract | str) -> Contract:
    """A contract, or one in the notation results are stored in (``"4S"``, ``"1NT"``)."""
    return contract if isinstance(contract, Contract) else Contract.parse(contract, slams=True)


def contract_text(contract: Contract | str) -> str:
    """A contract as shown: ``"4♠"``, ``"1♣"``, ``"3NT"``; ``""`` for no contract."""
    if contract == "":
        return ""
    contract = as_contract(contract)
    return f"{contract.level}{strain_text(contract.strain)}"


# The revoke marks of result_services.describe, the audit trail's language-neutral record.
_RECORDED_REVOKES = ("rv-decl", "rv-def")


def recorded_result_text(record: str) -> str:
    """A result as the audit trail stores it (``result_services.describe``: ``"4S 10"``,
    ``"4S 9 rv-def"``, ``"not played"``, ``"60/40"``, ``"—"``) in the user's words:
    ``"4♠ 10"``, ``"4♠ 9 (revoke)"``, ``"Not played"``, ``"Adjusted 60/40"``. A record
    in any other form is shown as it is."""
    if record == "not played":
        return gettext("Not played")
    words = record.split()
    if len(words) == 1 and "/" in record:
        return f"{gettext('Adjusted')} {record}"
    if len(words) in (2, 3) and words[1].isdigit():
        if len(words) == 3 and words[2] not in _RECORDED_REVOKES:
            return record
        try:
            contract = contract_text(words[0])
        except ValueError:
            return record
        text = f"{contract} {words[1]}"
        return f"{text} ({gettext('revoke')})" if len(words) == 3 else text
    return record


def signed_text(points: int) -> str:
    """``"+420"``, ``"-50"``, ``"0"``."""
    return f"{points:+d}" if points else "0"


def declares_text(declarer: Seat, points: int) -> str:
    """``"South declares · North–South hold 26 points"``."""
    return gettext("%(seat)s declares · %(side)s hold %(points)s points") % {
        "seat": seat_name(declarer),
        "side": side_name(declarer.side),
        "points": points,
    }


def or_text(items: Iterable[str]) -> str:
    """Alternatives as a list: ``"1♥"``, ``"1♥ or 1♠"``, ``"1♥, 1♠ or 1NT"`` (``"1♥
    eller 1♠"``). The one place the site joins alternatives (Django's
    ``get_text_list``, with the site's own word for "or")."""
    # Translators: the word before the last of a list of alternatives: "1♥, 1♠ or 1NT".
    return get_text_list([str(item) for item in items], gettext("or"))


def par_contracts_text(par: Par, contract: Callable[[Contract], str] | None = None) -> str:
    """Every contract that reaches par: ``"4♠"``, ``"1♥ or 1♠"``. ``contract`` writes
    one contract (:func:`contract_text` unless given, e.g. a page's HTML)."""
    write = contract_text if contract is None else contract
    return or_text(write(choice) for choice in par.contracts)


def par_tricks_text(par: Par, contract: Callable[[Contract], str] | None = None) -> str:
    """The par's contracts with their tricks: ``"4♠ (10 tricks)"``, ``"1♥ or 1♠ (8
    tricks)"``, ``"1♣ (9 tricks) or 1♥ (8 tricks)"`` when tied contracts take
    different tricks."""
    write = contract_text if contract is None else contract
    return or_text(
        # Translators: %(contracts)s is one contract or several: "1♥ or 1♠ (8 tricks)".
        ngettext("%(contracts)s (%(count)s trick)", "%(contracts)s (%(count)s tricks)", tricks)
        % {"contracts": or_text(write(item) for item in contracts), "count": tricks}
        for tricks, contracts in _by_tricks((c.tricks, c.contract) for c in par.choices)
    )


def par_text(par: Par | None, *, target: int | None = None) -> str:
    """The one text that names a board's par, or under a target scoring its target:
    every screen and paper that names it calls this (standings, travellers, feedback,
    board slips, booklet, spreadsheet). ``target`` is the tricks the declaring side
    needs under a target scoring, None under the others.

    - ``"Par: 4♠ by South, +420"``, ``"Par: 1♥ or 1♠ by South, +110"``: every best
      contract double dummy and its net score;
    - under a target scoring the par in targets: ``"Target 8: ♥ or ♠ makes 9"``;
    - a board not analysed yet (``par`` None): ``"Target: 8 tricks"`` under a target
      scoring, ``""`` otherwise."""
    if par is None:
        return "" if target is None else target_text(target)
    if target is not None:
        return _target_choices_text(target, [(c.contract.strain, c.tricks) for c in par.choices])
    return gettext("Par: %(contract)s by %(seat)s, %(score)s") % {
        "contract": par_contracts_text(par),
        "seat": seat_name(par.declarer),
        "score": signed_text(par.net),
    }


def lesson_par_text(lesson: BoardLesson) -> str:
    """A board's par in the words of its scoring (:func:`par_text`): "Par: 4♠ by South,
    +420", under a target scoring "Target 8: ♠ makes 9" (``lesson.par`` must be given;
    a lesson's target counts only where the scoring is by targets)."""
    assert lesson.par is not None
    return par_text(lesson.par, target=lesson.target if lesson.targets_by_points else None)


_Item = TypeVar("_Item")


def _by_tricks(items: Iterable[tuple[int, _Item]]) -> list[tuple[int, list[_Item]]]:
    """Items grouped by their tricks, in the order they first come, each item once:
    ``[(8, [1♥, 1♠]), (7, [1NT])]``."""
    groups: dict[int, list[_Item]] = {}
    for tricks, item in items:
        group = groups.setdefault(tricks, [])
        if item not in group:
            group.append(item)
    return list(groups.items())


# -- Pairs --------------------------------------------------------------------------------


def pair_number(number: int, line: SideLike | None) -> str:
    """How a pair is named after the word "Pair": ``"3"`` in a Howell, ``"3 N–S"`` /
    ``"3 Ø–V"`` in a Mitchell (whose two lines are numbered apart). ``line`` is
    ``None`` or ``""`` for a Howell pair."""
    if not line:
        return str(number)
    return f"{number} {side_short(line)}"


def competitor_word(*, individual: bool) -> str:
    """Who a ranking lists, as its column heading: ``"Pair"``, or ``"Pupil"`` in an
    individual session, where each pupil is ranked alone."""
    return gettext("Pupil") if individual else gettext("Pair")


def one_table_note(*, individual: bool, by_wins: bool) -> str:
    """The one sentence a session whose boards are each played at one table only says
    beside its standings (tournaments.sessions.compares_boards): how it is ranked."""
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


def score_card_heading(label: str, names: str, *, individual: bool) -> str:
    """A score card's heading: ``"Pair 3 N–S: Emma Hansen & Oliver Smith"``; in an
    individual session, whose pupils change partners, ``"Score card: Emma Hansen"``."""
    if individual:
        return gettext("Score card: %(name)s") % {"name": names or label}
    pair = gettext("Pair %(pair)s") % {"pair": label}
    return f"{pair}: {names}" if names else pair


def pair_number_line_first(number: int, line: SideLike | None) -> str:
    """The same, line first, for a cell of the movement chart: ``"N–S 3"``, ``"3"``."""
    if not line:
        return str(number)
    return f"{side_short(line)} {number}"


def pupil_short_name(first_name: str, last_name: str) -> str:
    """A pupil as the printed cards name them: ``"Emma H"``. The first name as a shared
    screen shows it (:func:`pupil_first_name`), and the surname's initial: from the
    surname field, or, when it is empty and the whole name went into the first name's
    (``"Kari Nordmann"``, ``"Nordmann, Kari"``), from the rest of that."""
    shown = pupil_first_name(first_name)
    rest = last_name.strip() or first_name.replace(shown, "", 1).strip(" ,")
    return f"{shown} {rest[:1]}".strip()


def pupil_first_name(first_name: str) -> str:
    """The first name alone, however it was typed: ``"Kari Nordmann"`` and
    ``"Nordmann, Kari"`` → ``"Kari"``. The rule the events apply to names in uploaded
    files (``scoring.upload.first_name``), so that no screen the class shares shows a
    surname typed into the first name's field."""
    return first_word(first_name)


def screen_names(pupils: Iterable[tuple[int, str, str]]) -> dict[int, str]:
    """The names a screen the class shares shows (a table's tablet, the projector), for
    pupils given as (id, first name, surname): the first name alone, ``"Emma"``, or with
    the surname's initial, ``"Emma H"``, when another of these pupils has the same first
    name (:func:`pupil_first_name`, :func:`pupil_short_name`). The one place every
    shared screen takes pupils' names from; surnames stay on the teacher's own pages
    and printouts."""
    listed = [(pk, pupil_first_name(first), first, last) for pk, first, last in pupils]
    counts: dict[str, int] = {}
    for _pk, shown, _first, _last in listed:
        counts[shown.casefold()] = counts.get(shown.casefold(), 0) + 1
    return {
        pk: pupil_short_name(first, last) if counts[shown.casefold()] > 1 else shown
        for pk, shown, first, last in listed
    }


def names_text(names: Iterable[str]) -> str:
    """A pair's names: ``"Emma"``, ``"Emma & Oliver"``, three: ``"Emma, Oliver & Nora"``."""
    listed = list(names)
    if len(listed) <= 1:
        return "".join(listed)
    return ", ".join(listed[:-1]) + " & " + listed[-1]


# -- Cards --------------------------------------------------------------------------------


# The honours as hand diagrams write them: A K Q J in English, E K D Kn in Norwegian
# (ess, konge, dame, knekt). The spot cards are figures in every language.
RANK_LETTERS: dict[Rank, StrPromise] = {
    Rank.ACE: pgettext_lazy("card rank", "A"),
    Rank.KING: pgettext_lazy("card rank", "K"),
    Rank.QUEEN: pgettext_lazy("card rank", "Q"),
    Rank.JACK: pgettext_lazy("card rank", "J"),
}


def rank_text(rank: Rank) -> str:
    """A rank as pupils read it, in their language: ``"10"`` rather than PBN's ``"T"``,
    ``"A"`` / ``"E"``, ``"Q"`` / ``"D"``, ``"J"`` / ``"Kn"``."""
    if rank is Rank.TEN:
        return "10"
    letter = RANK_LETTERS.get(rank)
    return rank.char if letter is None else str(letter)


def holding_text(cards: Iterable[Card]) -> str:
    """One suit's cards as shown: ``"A K 10 7"`` (``"E K 10 7"`` in Norwegian), or
    ``"—"`` for a void."""
    return " ".join(rank_text(card.rank) for card in cards) or "—"


# -- Board sets ----------------------------------------------------------------------------


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


# -- How far a session is ---------------------------------------------------------------


def progress_text(*, finished: bool, round_: int, rounds: int) -> str:
    """What heads a session's standings: "Final results" once it is finished, else
    "Round 3 of 5" ("" when the rounds are not known)."""
    if finished:
        return gettext("Final results")
    if not rounds:
        return ""
    return gettext("Round %(round)s of %(rounds)s") % {"round": round_, "rounds": rounds}


# -- Where everybody goes after a round -----------------------------------------------------


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


# The scoring profiles of scoring.profiles.PROFILES, as a teacher chooses them.
PROFILE_NAMES: dict[str, StrPromise] = {
    "ebu": _("EBU scoring (the usual: part-score 50, game 300)"),
    "acbl": _("ACBL scoring (10 a trick, game 300)"),
    "ebu-slam": _("EBU scoring with slams"),
    "lesson": _("Lesson: part-scores only"),
    "lesson-nt": _("Lesson: no trumps only"),
    "tricks": _("Tricks only (each side scores its tricks)"),
    "target": _("Target tricks from the points (sliding scale)"),
    "target-french": _("Target tricks from the points (French table)"),
}


# -- The term league -------------------------------------------------------------------------

# How a deal of a mini-match is won: the league's scoring profile (tournaments.leagues).
DEAL_WINNER_NAMES: dict[str, StrPromise] = {
    "target": _(
        "By the target: declarer’s side wins the deal if it takes the target tricks for "
        "its points, otherwise the defenders win it"
    ),
    "ebu": _("By the score: the side that scores more on the deal (EBU scoring) wins it"),
}


def league_default_name(today: datetime.date) -> str:
    """A new league's name before the teacher types one: the term it starts in,
    "Autumn league 2026" from July, "Spring league 2027" until June."""
    if today.month >= 7:
        return gettext("Autumn league %(year)s") % {"year": today.year}
    return gettext("Spring league %(year)s") % {"year": today.year}


def deals_text(deals: float) -> str:
    """A count of deals won, with a halved deal as ½: ``"2"``, ``"1½"``."""
    whole = int(deals)
    if deals == whole:
        return str(whole)
    return f"{whole or ''}½"


def deals_score_text(won: float, lost: float) -> str:
    """A mini-match from one pair's side: deals won – deals lost, ``"2–1"``."""
    return f"{deals_text(won)}–{deals_text(lost)}"


def league_progress_text(*, played: int, matches: int) -> str:
    """How far a league is: "4 of 6 mini-matches played", or "Final table"."""
    if matches and played == matches:
        return gettext("Final table")
    return ngettext(
        "%(played)s of %(matches)s mini-match played",
        "%(played)s of %(matches)s mini-matches played",
        matches,
    ) % {"played": played, "matches": matches}


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


# -- Teaching feedback (scoring.feedback) ---------------------------------------------------

#: The verdicts with no figures: one msgid each. The choice verdicts speak of the cards
#: (double dummy), "with perfect defence", never of the table: a game that failed
#: double dummy may have made at the table.
_VERDICTS: dict[Code, StrPromise] = {
    Code.NO_ANALYSIS: _("The cards are not analysed yet"),
    Code.BEST: _("Best contract"),
    Code.GAME_FAILED: _("With perfect defence no game makes: a part-score was best"),
    Code.SLAM_FAILED: _("With perfect defence no slam makes: a game was best"),
}
# Translators: %(choices)s is what the game makes: "♥ game makes 10 tricks", or
# several joined by "or".
_GAME_MISSED = _("Game was there: %(choices)s")
# Translators: %(strain)s is a suit symbol (♥), NT, or several: "♥ or ♠".
_GAME_MAKES = _("%(strain)s game makes %(tricks)s tricks")
# Translators: %(choices)s is what the slam makes: "♥ slam makes 12 tricks", or
# several joined by "or".
_SLAM_MISSED = _("Slam was there: %(choices)s")
# Translators: %(strain)s is a suit symbol (♥), NT, or several: "♥ or ♠".
_SLAM_MAKES = _("%(strain)s slam makes %(tricks)s tricks")
# Translators: %(strain)s is a suit symbol (♠), or several: "♥ or ♠".
_STRAIN_TAKES = _("%(strain)s takes %(tricks)s tricks")
# A better strain: the suit's symbol comes in as %(strain)s; no trumps has its own words.
_BETTER_SUIT: dict[ContractKind, StrPromise] = {
    # Translators: %(strain)s is a suit symbol, ♠.
    ContractKind.GAME: _("Another suit was better: %(strain)s game makes"),
    # Translators: %(strain)s is a suit symbol, ♠.
    ContractKind.SLAM: _("Another suit was better: %(strain)s slam makes"),
    # Translators: %(choices)s is what the suit takes: "♠ takes 8 tricks", or several
    # joined by "or".
    ContractKind.PART_SCORE: _("Another suit was better: %(choices)s"),
}
_BETTER_NO_TRUMPS: dict[ContractKind, StrPromise] = {
    ContractKind.GAME: _("No trumps was better: NT game makes"),
    ContractKind.SLAM: _("No trumps was better: NT slam makes"),
    # Translators: %(tricks)s is a number of tricks.
    ContractKind.PART_SCORE: _("No trumps was better: NT takes %(tricks)s tricks"),
}


def verdict_text(verdict: Verdict) -> str:
    """One choice verdict (or ``NO_ANALYSIS``) in the pupil's words: "Best contract",
    "Game was there: ♥ game makes 10 tricks". The play verdicts need the result's
    figures: :func:`play_text`."""
    code = verdict.code
    if code in _VERDICTS:
        return str(_VERDICTS[code])
    count = verdict.tricks or 0
    # A better contract: its strain and kind are given, and the strains that tie with it.
    assert verdict.strain is not None
    assert verdict.kind is not None
    if code is Code.GAME_MISSED:
        return _better_text(_GAME_MISSED, _GAME_MAKES, verdict.choices)
    if code is Code.SLAM_MISSED:
        return _better_text(_SLAM_MISSED, _SLAM_MAKES, verdict.choices)
    strains = [strain for strain, _tricks in verdict.choices]
    if all(strain is Strain.NO_TRUMPS for strain in strains):
        # No trumps alone: "No trumps was better: NT takes 8 tricks".
        return str(_BETTER_NO_TRUMPS[verdict.kind]) % {"tricks": count}
    words = _BETTER_SUIT[verdict.kind]
    if verdict.kind is ContractKind.PART_SCORE:
        return _better_text(words, _STRAIN_TAKES, verdict.choices)
    # "♥ or ♠ game makes": no tricks, so every strain in one list.
    return str(words) % {"strain": or_text(strain_word(strain) for strain in strains)}


def _better_text(words: StrPromise, item: StrPromise, choices: Iterable[tuple[Strain, int]]) -> str:
    """``words`` with what the better strains take, grouped by their tricks: "Game was
    there: ♥ or ♠ game makes 10 tricks", "Another suit was better: ♣ takes 9 tricks or
    ♥ takes 8 tricks"."""
    groups = _by_tricks((tricks, strain) for strain, tricks in choices)
    return str(words) % {
        "choices": or_text(
            str(item) % {"strain": or_text(strain_word(s) for s in strains), "tricks": tricks}
            for tricks, strains in groups
        )
    }


def feedback_text(feedback: Feedback | None) -> str:
    """A result's feedback on one line: first what happened at the table, then what the
    cards allowed (the tricks with perfect play, then the choice of contract):
    "4♥ made with 10 tricks: N–S score 420 · With perfect defence 4♥ takes only 6
    tricks and goes down: the defenders gave away 4 tricks · With perfect defence no
    game makes: a part-score was best"; "" for no feedback (a board not played, an
    adjusted score)."""
    if feedback is None:
        return ""
    parts = [result_text(feedback)]
    if not feedback.analysed:
        parts.append(verdict_text(Verdict(Code.NO_ANALYSIS)))
        return " · ".join(parts)
    parts.append(play_text(feedback))
    if feedback.choice is not None:
        parts.append(_choice_text(feedback, feedback.choice))
    return " · ".join(parts)


def result_text(feedback: Feedback) -> str:
    """What happened at the table, as the profile scored it: "4♥ made with 10 tricks:
    N–S score 420", "4♥ made with 11 tricks, 1 more than needed: N–S score 450", "4♥
    went down with 8 tricks, 2 short: E–W score 100"; under a target scoring "Target 8:
    1♠ made with 9 tricks, 1 more than needed: N–S win the deal" (the contract as
    entered: the level does not count there, the points set the tricks needed)."""
    values: dict[str, object] = {
        "contract": contract_text(feedback.contract),
        "tricks": feedback.tricks,
        "count": abs(feedback.margin),
    }
    if not feedback.made:
        result = ngettext(
            # Translators: "4♥ went down with 8 tricks, 2 short" (2 tricks fewer than the
            # contract needs).
            "%(contract)s went down with %(tricks)s trick, %(count)s short",
            "%(contract)s went down with %(tricks)s tricks, %(count)s short",
            feedback.tricks,
        )
    elif feedback.margin:
        result = ngettext(
            # Translators: "4♥ made with 11 tricks, 1 more than needed".
            "%(contract)s made with %(tricks)s trick, %(count)s more than needed",
            "%(contract)s made with %(tricks)s tricks, %(count)s more than needed",
            feedback.tricks,
        )
    else:
        result = ngettext(
            # Translators: "4♥ made with 10 tricks" (exactly the tricks it needs).
            "%(contract)s made with %(tricks)s trick",
            "%(contract)s made with %(tricks)s tricks",
            feedback.tricks,
        )
    text = result % values
    if feedback.target is not None:
        text = gettext("Target %(target)s: %(choices)s") % {
            "target": feedback.target,
            "choices": text,
        }
    # Translators: what happened at the table, then the score: "4♥ made with 10 tricks:
    # N–S score 420".
    return gettext("%(result)s: %(score)s") % {"result": text, "score": _score_text(feedback)}


def _score_text(feedback: Feedback) -> str:
    """The side that scored and what: "N–S score 420", "E–W score 100", "N–S score 8
    tricks" (tricks only), "N–S win the deal" (target)."""
    score = feedback.score
    declarers = feedback.declarer.side
    if feedback.unit is ScoreUnit.TRICKS:
        return ngettext(
            # Translators: the tricks-only scoring: "N–S score 8 tricks".
            "%(side)s score %(count)s trick",
            "%(side)s score %(count)s tricks",
            score.declarers,
        ) % {"side": side_short(declarers), "count": score.declarers}
    side = declarers if score.made else declarers.other
    if feedback.unit is ScoreUnit.DEALS:
        # Translators: the target scoring, where a side wins or loses each deal: "N–S win
        # the deal".
        return gettext("%(side)s win the deal") % {"side": side_short(side)}
    points = score.declarers if score.made else score.defenders
    # Translators: the side that scored and its points: "N–S score 420".
    return gettext("%(side)s score %(points)s") % {"side": side_short(side), "points": points}


def play_text(feedback: Feedback) -> str:
    """The tricks the cards allow in the contract played (double dummy) against the
    table's: "With perfect defence 4♥ takes only 6 tricks and goes down: the defenders
    gave away 4 tricks", "With perfect play 4♥ takes 10 tricks too: every trick the
    cards allow", "With perfect play 4♥ makes with 10 tricks: declarer could have taken
    2 more tricks". It says "goes down" or "makes" where the cards and the table
    differ on it."""
    assert feedback.dd_tricks is not None
    difference = feedback.tricks - feedback.dd_tricks
    values: dict[str, object] = {
        "contract": contract_text(feedback.contract),
        "dd": feedback.dd_tricks,
        "count": abs(difference),
    }
    if difference > 0 and feedback.made and not feedback.dd_made:
        words = ngettext(
            # Translators: the table made the contract, but perfect defence beats it; %(dd)s
            # is the tricks with perfect play on both sides.
            "With perfect defence %(contract)s takes only %(dd)s tricks and goes down: "
            "the defenders gave away %(count)s trick",
            "With perfect defence %(contract)s takes only %(dd)s tricks and goes down: "
            "the defenders gave away %(count)s tricks",
            abs(difference),
        )
    elif difference > 0:
        words = ngettext(
            # Translators: %(dd)s is the tricks with perfect play on both sides.
            "With perfect defence %(contract)s takes only %(dd)s tricks: the defenders "
            "gave away %(count)s trick",
            "With perfect defence %(contract)s takes only %(dd)s tricks: the defenders "
            "gave away %(count)s tricks",
            abs(difference),
        )
    elif difference < 0 and not feedback.made and feedback.dd_made:
        words = ngettext(
            # Translators: the contract went down at the table, but it makes with perfect
            # play; %(dd)s is the tricks with perfect play on both sides.
            "With perfect play %(contract)s makes with %(dd)s tricks: declarer could "
            "have taken %(count)s more trick",
            "With perfect play %(contract)s makes with %(dd)s tricks: declarer could "
            "have taken %(count)s more tricks",
            abs(difference),
        )
    elif difference < 0:
        words = ngettext(
            # Translators: %(dd)s is the tricks with perfect play on both sides.
            "With perfect play %(contract)s takes %(dd)s tricks: declarer could have "
            "taken %(count)s more trick",
            "With perfect play %(contract)s takes %(dd)s tricks: declarer could have "
            "taken %(count)s more tricks",
            abs(difference),
        )
    else:
        words = gettext(
            # Translators: the table took the tricks of perfect play on both sides, %(dd)s.
            "With perfect play %(contract)s takes %(dd)s tricks too: every trick the cards allow"
        )
    return words % values


def _choice_text(feedback: Feedback, verdict: Verdict) -> str:
    # Under a target scoring a better strain is told in targets: "Target 8: ♠ makes 9".
    if (
        feedback.target is not None
        and verdict.code is Code.BETTER_STRAIN
        and verdict.strain is not None
        and verdict.tricks is not None
    ):
        return _target_choices_text(feedback.target, verdict.choices)
    return verdict_text(verdict)


def decimal_text(value: float, places: int = 2, *, strip: bool = True) -> str:
    """``value`` with at most ``places`` decimals (``strip``: trailing zeros dropped) and
    the active language's decimal separator: ``12.5`` / ``12,5``. The one number text of
    the papers and files (standings, travellers, curves, an event's results)."""
    text = f"{value:.{places}f}"
    if strip and "." in text:
        text = text.rstrip("0").rstrip(".")
    if text in {"-0", "-0.00"}:
        text = text.removeprefix("-")
    return text.replace(".", str(get_format("DECIMAL_SEPARATOR")))


def percent_text(percent: float, places: int = 2) -> str:
    """``"56.25 %"`` (``"56,25 %"`` in Norwegian); ``places`` decimals, always shown."""
    return f"{decimal_text(percent, places, strip=False)} %"


def play_figure_text(difference: float | None) -> str:
    """The "play" figure, tricks taken against double dummy on average: "+0.3",
    "-1.0", "0.0" (with the language's decimal mark); "—" with nothing analysed."""
    if difference is None:
        return "—"
    if round(difference, 1) == 0:
        return number_format(0.0, decimal_pos=1)
    return ("+" if difference > 0 else "-") + number_format(abs(difference), decimal_pos=1)


def board_why_text(lesson: BoardLesson) -> str:
    """A board's "why" in one sentence, from its own figures: the 25-point guideline,
    the longest fit, and what the par makes. "26 points together (25 or more: look for
    a game) and 9 cards in ♠, a trump fit: 4♠ makes 10 tricks." """
    values: dict[str, object] = {
        "points": lesson.hcp,
        "guideline": GAME_GUIDELINE_HCP,
        "count": lesson.fit_length,
        "suit": lesson.fit_suit.symbol,
        "fit": FIT_LENGTH,
    }
    if not lesson.games_count:
        points = gettext("%(points)s points together") % values
    elif lesson.guideline:
        points = (
            gettext("%(points)s points together (%(guideline)s or more: look for a game)") % values
        )
    else:
        points = (
            gettext("%(points)s points together (fewer than %(guideline)s: a part-score is usual)")
            % values
        )
    if lesson.fit:
        # Translators: %(count)s cards of the suit %(suit)s (a symbol, ♠) between declarer
        # and dummy.
        fit = gettext("%(count)s cards in %(suit)s, a trump fit") % values
    elif lesson.par is not None and lesson.par.contract.strain.suit is lesson.fit_suit:
        # Translators: %(count)s cards of the suit %(suit)s (a symbol, ♠) between declarer
        # and dummy, fewer than a good trump suit needs.
        fit = gettext("only %(count)s cards in %(suit)s") % values
    else:
        fit = gettext("no suit with %(fit)s cards") % values
    outcome = _why_outcome(lesson)
    if outcome is None:
        # Translators: "26 points together (…) and 9 cards in ♠, a trump fit."
        return gettext("%(points)s and %(fit)s.") % {"points": points, "fit": fit}
    # Translators: "26 points together (…) and 9 cards in ♠, a trump fit: 4♠ makes 10
    # tricks."
    return gettext("%(points)s and %(fit)s: %(outcome)s.") % {
        "points": points,
        "fit": fit,
        "outcome": outcome,
    }


def _why_outcome(lesson: BoardLesson) -> str | None:
    """What the par makes; with tied contracts, each: "1♥ or 1♠ makes 8 tricks"."""
    par = lesson.par
    if par is None:
        return None
    if lesson.targets_by_points:
        groups = _by_tricks((c.tricks, c.contract.strain) for c in par.choices)
        values: dict[str, object] = {"target": lesson.target}
        if lesson.par_makes:
            values["outcome"] = or_text(
                # Translators: %(strain)s is a suit symbol (♠), NT, or several: "♥ or ♠".
                gettext("%(strain)s takes %(tricks)s")
                % {"strain": or_text(strain_word(s) for s in strains), "tricks": tricks}
                for tricks, strains in groups
            )
            # Translators: %(outcome)s is what the best strain takes: "♠ takes 9".
            return gettext("the target is %(target)s tricks, and %(outcome)s") % values
        values["outcome"] = or_text(
            _strains_take(strains, tricks, lesson.target or 0) for tricks, strains in groups
        )
        # Translators: %(outcome)s is what the best strain takes: "♠ takes only 7".
        return gettext("the target is %(target)s tricks, and even %(outcome)s") % values
    if not lesson.par_makes:
        words = gettext_noop("nothing makes: %(contract)s takes %(tricks)s tricks")
    elif lesson.game_there and not lesson.guideline:
        words = gettext_noop("even so %(contract)s makes %(tricks)s tricks")
    elif lesson.game_there is False and lesson.guideline:
        words = gettext_noop("but no game makes: %(contract)s takes %(tricks)s tricks")
    else:
        words = gettext_noop("%(contract)s makes %(tricks)s tricks")
    return or_text(
        gettext(words)
        % {"contract": or_text(contract_text(c) for c in contracts), "tricks": tricks}
        for tricks, contracts in _by_tricks((c.tricks, c.contract) for c in par.choices)
    )


def board_outcome_text(*, judged: int, best: int, missed: int, could_not_make: int) -> str:
    """How the field did on a board: "4 tables: 1 found the best contract, 2 chose a
    part-score with game there, 1 chose a game that could not make." ("" for none)."""
    if not judged:
        return ""
    other = judged - best - missed - could_not_make
    items = []
    if best:
        items.append(gettext("%(count)s found the best contract") % {"count": best})
    if missed:
        items.append(gettext("%(count)s chose a part-score with game there") % {"count": missed})
    if could_not_make:
        items.append(
            gettext("%(count)s chose a game that could not make") % {"count": could_not_make}
        )
    if other:
        items.append(gettext("%(count)s chose another contract") % {"count": other})
    tables = ngettext("One table", "%(count)s tables", judged) % {"count": judged}
    # Translators: "4 tables: 1 found the best contract, 3 chose …."
    return gettext("%(tables)s: %(outcomes)s.") % {"tables": tables, "outcomes": ", ".join(items)}


# -- Target scoring -------------------------------------------------------------------------


def target_text(tricks: int) -> str:
    """A board's target under the target scoring: "Target: 8 tricks"."""
    return ngettext("Target: %(count)s trick", "Target: %(count)s tricks", tricks) % {
        "count": tricks
    }


def target_par_text(target: int, strain: Strain, tricks: int) -> str:
    """A strain under the target scoring, in targets: "Target 8: ♠ makes 9" or, when
    nothing reaches it, "Target 8: ♠ takes only 7"."""
    return _target_choices_text(target, [(strain, tricks)])


def _target_choices_text(target: int, choices: Iterable[tuple[Strain, int]]) -> str:
    """ "Target 8: ♠ makes 9", "Target 8: ♥ or ♠ makes 9", "Target 8: ♥ makes 9 or ♠
    makes 10": the strains (each once) with their tricks."""
    groups = _by_tricks((tricks, strain) for strain, tricks in choices)
    # Translators: %(choices)s is what the best strains take: "♥ or ♠ makes 9".
    return gettext("Target %(target)s: %(choices)s") % {
        "target": target,
        "choices": or_text(_strains_take(strains, tricks, target) for tricks, strains in groups),
    }


def _strains_take(strains: Iterable[Strain], tricks: int, target: int) -> str:
    values = {"strain": or_text(strain_word(strain) for strain in strains), "tricks": tricks}
    if tricks >= target:
        # Translators: %(strain)s is a suit symbol (♠), NT, or several: "♥ or ♠".
        return gettext("%(strain)s makes %(tricks)s") % values
    # Translators: %(strain)s is a suit symbol (♠), NT, or several: "♥ or ♠".
    return gettext("%(strain)s takes only %(tricks)s") % values


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


def counts_text(counts: Iterable[int]) -> str:
    """Counts of points as runs: ``[21, 22, 23, 27]`` is ``"21–23, 27"``."""
    runs: list[list[int]] = []
    for count in sorted(counts):
        if runs and count == runs[-1][-1] + 1:
            runs[-1].append(count)
        else:
            runs.append([count])
    return ", ".join(f"{run[0]}–{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs)


# -- Revokes ----------------------------------------------------------------------------------


def tricks_text(tricks: int, tricks_won: int, *, revoke: bool = False) -> str:
    """Declarer's tricks as scored, with the revoke's trick shown beside them: "10",
    "10, 9 + 1 for the revoke" (a defender revoked), "9, 10 - 1 for the revoke" (the
    declaring side did), "13 (revoke)" when there was no trick to move."""
    if tricks > tricks_won:
        # Translators: the tricks scored, then the tricks won in play and the trick a
        # defender's revoke gave declarer: "10, 9 + 1 for the revoke".
        return gettext("%(tricks)s, %(won)s + %(moved)s for the revoke") % {
            "tricks": tricks,
            "won": tricks_won,
            "moved": tricks - tricks_won,
        }
    if tricks < tricks_won:
        # Translators: the tricks scored, then the tricks won in play and the trick the
        # declaring side's revoke gave the defenders: "9, 10 - 1 for the revoke".
        return gettext("%(tricks)s, %(won)s - %(moved)s for the revoke") % {
            "tricks": tricks,
            "won": tricks_won,
            "moved": tricks_won - tricks,
        }
    if revoke:
        return f"{tricks} ({gettext('revoke')})"
    return str(tricks)


# -- Charts ------------------------------------------------------------------------------


def chart_labels() -> ChartLabels:
    """The curve chart's words, in the reader's language."""
    return ChartLabels(
        x_axis=gettext("Points of the declaring side"),
        y_axis=gettext("Tricks won by declarer"),
        mean=gettext("Average tricks"),
        reference_played=gettext("Perfect play, in the suit played"),
        reference_best=gettext("Perfect play, in the best suit"),
        game_nt=gettext("game in NT"),
        game_major=gettext("game in ♥/♠"),
        game_minor=gettext("game in ♣/♦"),
        guideline=gettext("25 points: game is likely"),
        empty=gettext("No results yet"),
        dots=gettext("Deals (the number says how many)"),
        decimal_mark=str(get_format("DECIMAL_SEPARATOR")),
    )


def table_labels() -> dict[str, str]:
    """The curve sheet's and worksheet's table words, in the reader's language."""
    return {
        "sheet": gettext("Curve sheet"),
        "hcp": gettext("Points"),
        "count": gettext("Deals"),
        "mean": gettext("Average tricks"),
        "games_chosen": gettext("Games chosen"),
        "games_made": gettext("Games made"),
        "total": gettext("All"),
        "worksheet": gettext("Curve worksheet"),
        "board": gettext("Board"),
        "our_points": gettext("Our points"),
        "contract": gettext("Contract"),
        "tricks": gettext("Tricks"),
        "instructions": gettext(
            "After each board, write down your side's points and the tricks, then put a "
            "dot on the grid."
        ),
    }


def term_chart_labels() -> TermChartLabels:
    """The term chart's words, in the reader's language."""
    return TermChartLabels(
        games=gettext("Games"),
        bid_there=gettext("bid when it was there"),
        missed=gettext("missed"),
        could_not_make=gettext("could not make"),
        play=gettext("Play: tricks against what the cards allow"),
        as_the_cards=gettext("as the cards allow"),
        empty=gettext("No deals yet"),
        decimal_mark=str(get_format("DECIMAL_SEPARATOR")),
    )


# -- What a round still waits for (result_selectors.round_open_results) ---------------------


class OpenKind(StrEnum):
    """Why a result of a round is still open when the teacher moves on."""

    MISSING = "missing"  # no result entered
    WAITING = "waiting"  # entered, the opponents have not tapped Agree
    CHECK = "check"  # the table asked the teacher to check it
    CONFLICT = "conflict"  # a second tablet sent another result


def open_result_text(
    *, table: int, board: int, kind: OpenKind, round_: int | None = None, side: Side | None = None
) -> str:
    """One open result as the round-change warning says it: "Table 2, board 5: no result
    yet". ``round_`` is named for a flag of an earlier round; ``side`` is who has to
    agree (the defenders), when it is known."""
    if round_ is None:
        where = gettext("Table %(table)s, board %(board)s") % {"table": table, "board": board}
    else:
        where = gettext("Table %(table)s, board %(board)s (round %(round)s)") % {
            "table": table,
            "board": board,
            "round": round_,
        }
    if kind is OpenKind.MISSING:
        what = gettext("no result yet")
    elif kind is OpenKind.WAITING and side is not None:
        what = gettext("waiting for %(side)s to agree") % {"side": SIDE_NAMES[side]}
    elif kind is OpenKind.WAITING:
        what = gettext("waiting for the opponents to agree")
    elif kind is OpenKind.CHECK:
        what = gettext("flagged — the table asked you to check it")
    else:
        what = gettext("flagged — a second tablet sent another result")
    # Translators: %(where)s is "Table 2, board 5"; %(what)s says why it is open.
    return gettext("%(where)s: %(what)s") % {"where": where, "what": what}
