"""USEBIO 1.2: the bridge world's open XML format for results, written and read.

USEBIO is the English Bridge Union's open XML format that scoring programs use to
send results to federations; files name its DTD as
``http://www.ebu.co.uk/usebio/usebio_v1_2.dtd``. The specification itself could not be
read here, so the element names follow real USEBIO 1.2 files and readers: the
Australian Bridge Federation's results site (github.com/abftech/cobalt) — its test file
``results/tests/test_files/butler_mitchell.xml`` (written by the Compscore3 scoring
program: ``USEBIO``, ``CLUB``, ``EVENT``, ``PARTICIPANTS``, ``PAIR``, ``PLAYER``,
``BOARD``, ``TRAVELLER_LINE``, ``HANDSET``, ``HAND`` …) and its reader
(``results/views/usebio.py``, and ``results/views/core.py`` for the hands:
``USEBIO/HANDSET/BOARD/HAND`` with ``DIRECTION`` North … and one element per suit).
A pairs file is::

    <USEBIO Version="1.2">
      <CLUB><CLUB_NAME>…</CLUB_NAME></CLUB>
      <EVENT EVENT_TYPE="PAIRS">
        <EVENT_DESCRIPTION>…</EVENT_DESCRIPTION> <DATE>dd/mm/yyyy</DATE>
        <BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD> …
        <PARTICIPANTS>
          <PAIR><PAIR_NUMBER>1NS</PAIR_NUMBER><DIRECTION>NS</DIRECTION>
                <PERCENTAGE>…</PERCENTAGE><PLACE>…</PLACE>
                <PLAYER><PLAYER_NAME>…</PLAYER_NAME></PLAYER> …</PAIR> …
        </PARTICIPANTS>
        <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
          <TRAVELLER_LINE><NS_PAIR_NUMBER>…</NS_PAIR_NUMBER><EW_PAIR_NUMBER>…</EW_PAIR_NUMBER>
            <CONTRACT>4S</CONTRACT><PLAYED_BY>S</PLAYED_BY><TRICKS>10</TRICKS>
            <SCORE>420</SCORE><NS_MATCH_POINTS>…</NS_MATCH_POINTS>…</TRAVELLER_LINE> …
        </BOARD> …
      </EVENT>
      <HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
        <HAND><DIRECTION>North</DIRECTION><CLUBS>…</CLUBS><DIAMONDS>…</DIAMONDS>
              <HEARTS>…</HEARTS><SPADES>…</SPADES></HAND> …</BOARD> …</HANDSET>
    </USEBIO>

``SCORE`` is N–S's net score; ``TRICKS`` the tricks declarer took. Some files wrap the
participants and boards in ``SESSION`` and ``SECTION`` elements; the reader accepts
both.

Deals: USEBIO carries them only in the optional ``HANDSET`` element (no dealer: it
follows from the board number). A file with a HANDSET is matched to an event by its
deals (:func:`scoring.event.compare_boards`); a file without one is matched by board
numbers against the event's own deals, and the caller may insist on the deals
(``deals_required``). This writer always writes the HANDSET when it has the deals.

Two things the files we could read do not show, so this module decides them and says
so: an artificial adjusted score is written ``<SCORE>A60/40</SCORE>`` (N–S's and E–W's
percentages) with an empty contract, and a board that reached a table but was not
played ``<SCORE>NP</SCORE>``; the reader takes both back, and refuses any other
non-numeric score with a clear message rather than guess.

Reading is of untrusted uploads (:func:`read_usebio`): the file is size-limited, parsed
with expat through handlers that refuse any entity declaration or internal DTD subset
(no entity expansion; an external DTD is never fetched), its elements are counted and
its depth bounded, and every problem comes back as an
:class:`~scoring.upload.UploadProblem` with a code — no exception escapes.
"""

from __future__ import annotations

import datetime
import re
import xml.etree.ElementTree as ET
import xml.parsers.expat
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from scoring.cards import Deal, Seat, Suit
from scoring.contracts import Contract
from scoring.errors import ScoringError
from scoring.upload import (
    ResultKind,
    Upload,
    UploadBoard,
    UploadPair,
    UploadProblem,
    UploadProblemCode,
    UploadResult,
)

__all__ = ["DOCTYPE", "MAX_BYTES", "MAX_ELEMENTS", "read_usebio", "write_usebio"]

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
#: A school's file is a few kilobytes; a national one with 28,800 lines about 10 MB.
MAX_BYTES = 16_000_000
MAX_ELEMENTS = 600_000
MAX_DEPTH = 32
MAX_BOARD = 999

_DIRECTION_NAMES = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}
_SUIT_ELEMENTS = {
    Suit.SPADES: "SPADES",
    Suit.HEARTS: "HEARTS",
    Suit.DIAMONDS: "DIAMONDS",
    Suit.CLUBS: "CLUBS",
}
_ADJUSTED = re.compile(r"A([0-9]{1,3})/([0-9]{1,3})")
_NUMBER = re.compile(r"[0-9]{1,6}")
NOT_PLAYED = "NP"
# Characters XML 1.0 cannot hold at all (control characters other than tab and line
# breaks, surrogates, U+FFFE/U+FFFF): the writer leaves them out.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


# ---------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------


def write_usebio(upload: Upload, *, club: str = "", program: str = "Minibridge classroom") -> bytes:
    """The results as a USEBIO 1.2 pairs file (UTF-8 bytes).

    ``upload`` holds the boards (their deals go into the HANDSET), the pairs and every
    result line with its matchpoints; the event's national results are turned into one
    by the caller. Characters XML cannot hold are left out of the text.
    """
    root = ET.Element("USEBIO", {"Version": "1.2"})
    if club:
        _child(ET.SubElement(root, "CLUB"), "CLUB_NAME", club)
    event = ET.SubElement(root, "EVENT", {"EVENT_TYPE": "PAIRS"})
    _child(event, "EVENT_DESCRIPTION", upload.title)
    _child(event, "PROGRAM_NAME", program)
    if upload.date is not None:
        _child(event, "DATE", upload.date.strftime("%d/%m/%Y"))
    _child(event, "BOARD_SCORING_METHOD", "MATCH_POINTS")
    _child(event, "SESSION_COUNT", "1")
    _child(event, "SECTION_COUNT", "1")
    numbers = sorted({b.number for b in upload.boards} | {r.board for r in upload.results})
    _child(event, "BOARDS_PLAYED", str(len(numbers)))
    participants = ET.SubElement(event, "PARTICIPANTS")
    for pair in upload.pairs:
        element = ET.SubElement(participants, "PAIR")
        _child(element, "PAIR_NUMBER", pair.number)
        if pair.direction:
            _child(element, "DIRECTION", pair.direction)
        if pair.percentage is not None:
            _child(element, "PERCENTAGE", _number(pair.percentage))
        if pair.place is not None:
            _child(element, "PLACE", pair.place)
        for name in pair.names:
            _child(ET.SubElement(element, "PLAYER"), "PLAYER_NAME", name)
    for number in numbers:
        board = ET.SubElement(event, "BOARD")
        _child(board, "BOARD_NUMBER", str(number))
        for result in upload.results:
            if result.board == number:
                _traveller_line(board, result)
    with_deals = [b for b in upload.boards if b.deal is not None]
    if with_deals:
        handset = ET.SubElement(root, "HANDSET")
        for board_with_deal in sorted(with_deals, key=lambda b: b.number):
            _hand_board(handset, board_with_deal)
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{body}\n'.encode()


def _child(parent: ET.Element, tag: str, text: str) -> ET.Element:
    element = ET.SubElement(parent, tag)
    element.text = _NOT_XML.sub("", text)
    return element


def _number(value: float) -> str:
    """Two decimals when that is exact, else every digit (so a reader gets the figure)."""
    short = f"{value:.2f}"
    return short if float(short) == value else repr(float(value))


def _traveller_line(board: ET.Element, result: UploadResult) -> None:
    line = ET.SubElement(board, "TRAVELLER_LINE")
    _child(line, "NS_PAIR_NUMBER", result.ns_pair)
    _child(line, "EW_PAIR_NUMBER", result.ew_pair)
    if result.kind is ResultKind.PLAYED:
        _child(line, "CONTRACT", result.contract or "")
        _child(line, "PLAYED_BY", result.declarer.value if result.declarer else "")
        _child(line, "TRICKS", "" if result.tricks is None else str(result.tricks))
        _child(line, "SCORE", "" if result.ns_score is None else str(result.ns_score))
    else:
        _child(line, "CONTRACT", "")
        if result.kind is ResultKind.ADJUSTED:
            _child(line, "SCORE", f"A{result.ns_percent}/{result.ew_percent}")
        else:
            _child(line, "SCORE", NOT_PLAYED)
    if result.ns_mp is not None:
        _child(line, "NS_MATCH_POINTS", _number(result.ns_mp))
    if result.ew_mp is not None:
        _child(line, "EW_MATCH_POINTS", _number(result.ew_mp))


def _hand_board(handset: ET.Element, board: UploadBoard) -> None:
    assert board.deal is not None
    element = ET.SubElement(handset, "BOARD")
    _child(element, "BOARD_NUMBER", str(board.number))
    for seat in Seat:
        hand = ET.SubElement(element, "HAND")
        _child(hand, "DIRECTION", _DIRECTION_NAMES[seat])
        for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES):
            ranks = "".join(card.rank.char for card in board.deal[seat].holding(suit))
            _child(hand, _SUIT_ELEMENTS[suit], ranks)


# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------


class _Refused(Exception):
    """Raised inside the expat handlers to stop parsing an unsafe or oversized file."""

    def __init__(self, problem: UploadProblem) -> None:
        super().__init__(problem.message)
        self.problem = problem


def _parse(data: bytes | str, max_elements: int) -> ET.Element:
    """The document's root, built with expat: no entity declarations, no internal DTD
    subset, no external entities, at most ``max_elements`` elements, ``MAX_DEPTH`` deep."""
    builder = ET.TreeBuilder()
    parser = xml.parsers.expat.ParserCreate()
    parser.buffer_text = True
    counts = {"elements": 0, "depth": 0}

    def unsafe(what: str) -> None:
        raise _Refused(
            UploadProblem(
                UploadProblemCode.UNSAFE,
                f"The file declares {what}, which a results file never needs; it was not read",
                {"what": what},
            )
        )

    def doctype(name: str, sysid: str | None, pubid: str | None, internal: int) -> None:
        if internal:
            unsafe("its own document type definition")

    def entity(*args: object) -> None:
        unsafe("an entity")

    def external(*args: object) -> int:
        unsafe("an external entity")
        return 0

    def start(tag: str, attributes: dict[str, str]) -> None:
        counts["elements"] += 1
        counts["depth"] += 1
        if counts["elements"] > max_elements or counts["depth"] > MAX_DEPTH:
            raise _Refused(
                UploadProblem(
                    UploadProblemCode.TOO_MANY_ITEMS,
                    f"The file has more than {max_elements} elements or is nested more "
                    f"than {MAX_DEPTH} deep; it is not a results file of one event",
                    {"elements": max_elements, "depth": MAX_DEPTH},
                )
            )
        builder.start(tag, attributes)

    def end(tag: str) -> None:
        counts["depth"] -= 1
        builder.end(tag)

    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.UnparsedEntityDeclHandler = entity
    parser.ExternalEntityRefHandler = external
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = builder.data
    parser.Parse(data, True)
    return builder.close()


def read_usebio(
    data: bytes | str, *, max_bytes: int = MAX_BYTES, max_elements: int = MAX_ELEMENTS
) -> Upload:
    """Read a USEBIO 1.2 pairs file (an upload: untrusted) into an
    :class:`~scoring.upload.Upload`. Never raises; ``upload.problems`` says what is
    wrong, and is empty when everything in the file could be used."""
    size = len(data.encode("utf-8", "surrogatepass")) if isinstance(data, str) else len(data)
    if size > max_bytes:
        return _refused(
            UploadProblemCode.TOO_LARGE,
            f"The file is {size:,} bytes; a results file can be at most {max_bytes:,}",
            size=size,
            limit=max_bytes,
        )
    try:
        root = _parse(data, max_elements)
    except _Refused as refused:
        return Upload(problems=(refused.problem,))
    except (xml.parsers.expat.ExpatError, ValueError, UnicodeError, RecursionError) as error:
        return _refused(
            UploadProblemCode.NOT_READABLE,
            f"The file is not readable XML: {error}",
            error=str(error),
        )
    if root.tag != "USEBIO":
        return _refused(
            UploadProblemCode.NOT_USEBIO,
            f"The file is XML but not USEBIO: it starts with <{root.tag[:40]}>, not <USEBIO>",
            tag=root.tag[:40],
        )
    return _Reader().read(root)


def _refused(code: UploadProblemCode, message: str, **params: object) -> Upload:
    return Upload(problems=(UploadProblem(code, message, params),))


def _text(element: ET.Element | None, tag: str) -> str | None:
    """The stripped text of ``element``'s first ``tag`` child, or None without one."""
    if element is None:
        return None
    child = element.find(tag)
    if child is None:
        return None
    return "".join(child.itertext()).strip()


@dataclass
class _Reader:
    problems: list[UploadProblem] = field(default_factory=list)

    def problem(
        self, code: UploadProblemCode, message: str, board: int | None = None, **params: object
    ) -> None:
        self.problems.append(UploadProblem(code, message, params, board=board))

    def read(self, root: ET.Element) -> Upload:
        events = root.findall("EVENT")
        if len(events) != 1:
            self.problem(
                UploadProblemCode.NOT_USEBIO,
                "The file has no EVENT, so no results"
                if not events
                else f"The file holds {len(events)} events; upload one event's results",
                events=len(events),
            )
            return Upload(problems=tuple(self.problems))
        event = events[0]
        pairs = self.pairs(event)
        known = {pair.number for pair in pairs}
        results: list[UploadResult] = []
        numbers: list[int] = []
        for board in _event_boards(event):
            number = self.board_number(board)
            if number is None:
                continue
            if number not in numbers:
                numbers.append(number)
            for line in board.iter("TRAVELLER_LINE"):
                result = self.result(number, line, known)
                if result is not None:
                    results.append(result)
        deals = self.deals(root)
        boards = tuple(
            UploadBoard(number, deals.get(number)) for number in sorted(set(numbers) | set(deals))
        )
        return Upload(
            boards=boards,
            pairs=tuple(pairs),
            results=tuple(results),
            title=_text(event, "EVENT_DESCRIPTION") or "",
            date=_date(_text(event, "DATE")),
            problems=tuple(self.problems),
        )

    def pairs(self, event: ET.Element) -> list[UploadPair]:
        pairs: list[UploadPair] = []
        seen: set[str] = set()
        for element in event.iter("PAIR"):
            number = _text(element, "PAIR_NUMBER")
            if not number:
                self.problem(UploadProblemCode.BAD_RESULT, "A pair in the file has no PAIR_NUMBER")
                continue
            if number in seen:
                self.problem(
                    UploadProblemCode.PAIR_TWICE,
                    f"Pair {number} is in the file twice",
                    pair=number,
                )
                continue
            seen.add(number)
            direction = (_text(element, "DIRECTION") or "").upper()
            names = tuple(
                name
                for player in element.findall("PLAYER")
                if (name := _text(player, "PLAYER_NAME"))
            )
            pairs.append(
                UploadPair(
                    number=number,
                    names=names,
                    direction=direction if direction in ("NS", "EW") else None,
                    percentage=_float(_text(element, "PERCENTAGE")),
                    place=_text(element, "PLACE") or None,
                )
            )
        return pairs

    def board_number(self, board: ET.Element) -> int | None:
        text = _text(board, "BOARD_NUMBER")
        if text is not None and _NUMBER.fullmatch(text) and 1 <= int(text) <= MAX_BOARD:
            return int(text)
        self.problem(
            UploadProblemCode.BOARD_NUMBER,
            f"A board's number {text!r} is not a board number (1 to {MAX_BOARD})"
            if text is not None
            else "A board in the file has no BOARD_NUMBER",
            number=text,
        )
        return None

    def result(self, board: int, line: ET.Element, known: set[str]) -> UploadResult | None:
        ns_pair = _text(line, "NS_PAIR_NUMBER") or ""
        ew_pair = _text(line, "EW_PAIR_NUMBER") or ""
        where = f"Board {board}, pairs {ns_pair or '?'} and {ew_pair or '?'}"

        def bad(what: str) -> None:
            self.problem(
                UploadProblemCode.BAD_RESULT,
                f"{where}: {what}",
                board=board,
                ns_pair=ns_pair,
                ew_pair=ew_pair,
                reason=what,
            )

        missing = [pair for pair in (ns_pair, ew_pair) if pair not in known]
        if missing:
            self.problem(
                UploadProblemCode.UNKNOWN_PAIR,
                f"{where}: pair {missing[0] or '(none)'} is not among the file's pairs",
                board=board,
                pair=missing[0],
            )
            return None
        score = _text(line, "SCORE") or ""
        ns_mp = _float(_text(line, "NS_MATCH_POINTS"))
        ew_mp = _float(_text(line, "EW_MATCH_POINTS"))
        base = UploadResult(board, ns_pair, ew_pair, ns_mp=ns_mp, ew_mp=ew_mp)
        adjusted = _ADJUSTED.fullmatch(score)
        if adjusted:
            ns, ew = int(adjusted[1]), int(adjusted[2])
            if ns not in (40, 50, 60) or ew not in (40, 50, 60):
                bad(f"the adjusted score {score!r} is not 60, 50 or 40 % for each side")
                return None
            return replace(base, kind=ResultKind.ADJUSTED, ns_percent=ns, ew_percent=ew)
        if score.upper() == NOT_PLAYED:
            return replace(base, kind=ResultKind.NOT_PLAYED)
        if not re.fullmatch(r"[+-]?[0-9]{1,5}", score):
            bad(f"the score {score!r} is not a number of points")
            return None
        contract_text = _text(line, "CONTRACT") or ""
        try:
            contract = Contract.parse(contract_text, slams=True)
        except ScoringError:
            bad(f"the contract {contract_text!r} is not a Minibridge contract")
            return None
        declarer_text = _text(line, "PLAYED_BY") or ""
        try:
            declarer = Seat.parse(declarer_text)
        except ScoringError:
            bad(f"the declarer {declarer_text!r} is not N, E, S or W")
            return None
        tricks_text = _text(line, "TRICKS") or ""
        if not _NUMBER.fullmatch(tricks_text) or int(tricks_text) > 13:
            bad(f"the tricks {tricks_text!r} are not a number from 0 to 13")
            return None
        return replace(
            base,
            contract=str(contract),
            declarer=declarer,
            tricks=int(tricks_text),
            ns_score=int(score),
        )

    def deals(self, root: ET.Element) -> dict[int, Deal]:
        deals: dict[int, Deal] = {}
        for handset in root.findall("HANDSET"):
            for board in handset.findall("BOARD"):
                number = self.board_number(board)
                if number is None:
                    continue
                if number in deals:
                    self.problem(
                        UploadProblemCode.BOARD_TWICE,
                        f"Board {number} has two sets of hands in the file",
                        board=number,
                    )
                    continue
                deal = self.deal(number, board)
                if deal is not None:
                    deals[number] = deal
        return deals

    def deal(self, number: int, board: ET.Element) -> Deal | None:
        hands: dict[Seat, str] = {}
        for hand in board.findall("HAND"):
            direction = (_text(hand, "DIRECTION") or "").strip()
            seat = _seat_named(direction)
            if seat is None:
                self.problem(
                    UploadProblemCode.BAD_DEAL,
                    f"Board {number}: a hand's direction {direction!r} is not North, East, "
                    "South or West",
                    board=number,
                    direction=direction,
                )
                return None
            suits = [_text(hand, _SUIT_ELEMENTS[suit]) or "" for suit in Suit]
            hands[seat] = ".".join(suits)
        if set(hands) != set(Seat):
            reason = "it does not have the four hands North, East, South and West"
        else:
            try:
                return Deal.from_pbn("N:" + " ".join(hands[seat] for seat in Seat))
            except ScoringError as error:
                reason = str(error)
        self.problem(
            UploadProblemCode.BAD_DEAL,
            f"Board {number}: the hands cannot be used: {reason}",
            board=number,
            reason=reason,
        )
        return None


def _event_boards(event: ET.Element) -> Iterator[ET.Element]:
    """The EVENT's boards, directly under it or inside SESSION / SECTION elements."""
    yield from event.findall("BOARD")
    yield from event.findall("SESSION/BOARD")
    yield from event.findall("SESSION/SECTION/BOARD")
    yield from event.findall("SECTION/BOARD")


def _seat_named(text: str) -> Seat | None:
    for seat, name in _DIRECTION_NAMES.items():
        if text.upper() in (name.upper(), seat.value):
            return seat
    return None


def _float(text: str | None) -> float | None:
    if not text:
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    return value if value == value and abs(value) != float("inf") else None


def _date(text: str | None) -> datetime.date | None:
    for pattern in ("%d/%m/%Y", "%d-%m-%Y", "%d.%m.%Y"):
        try:
            return datetime.datetime.strptime(text or "", pattern).date()
        except ValueError:
            continue
    return None
