"""The one home of the site's wording for bridge terms, in the user's language."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import TYPE_CHECKING, TypeVar

from django.utils.functional import lazy
from django.utils.text import get_text_list
from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.cards import Card, Rank, Seat, Side, Strain, Suit
from scoring.contracts import Contract
from scoring.dd import Par
from scoring.feedback import BoardLesson

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise


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


def counts_text(counts: Iterable[int]) -> str:
    """Counts of points as runs: ``[21, 22, 23, 27]`` is ``"21–23, 27"``."""
    runs: list[list[int]] = []
    for count in sorted(counts):
        if runs and count == runs[-1][-1] + 1:
            runs[-1].append(count)
        else:
            runs.append([count])
    return ", ".join(f"{run[0]}–{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs)


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
