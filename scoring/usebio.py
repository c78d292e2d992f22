"""USEBIO 1.2: the bridge world's open XML format for results, written and read.

USEBIO is the English Bridge Union's open XML format that scoring programs use to
send results to federations; files name its DTD as
``http://www.ebu.co.uk/usebio/usebio_v1_2.dtd``. The specification itself could not be
read here, so the elements, their order and their forms follow real USEBIO 1.2 files
and their readers: the Australian Bridge Federation's results site
(github.com/abftech/cobalt), whose ``results/tests/test_files/`` holds real files
written by the Compscore3 scoring program (``mp_pairs_mitchell_adjusted_02.xml``,
``mp_pairs_howell.xml`` …), read by ``results/views/usebio.py`` and
``results/views/results_views.py``; PyPI's ``scorer-to-usebio`` (0.3) writes the same
PROGRAM_NAME, PROGRAM_VERSION, WINNER_TYPE and ``A6040``. A matchpointed
pairs file, as Compscore3 writes it, is::

    <USEBIO Version="1.2">
      <CLUB><CLUB_NAME>…</CLUB_NAME></CLUB>
      <EVENT EVENT_TYPE="MP_PAIRS">
        <EVENT_DESCRIPTION>…</EVENT_DESCRIPTION>
        <PROGRAM_NAME>…</PROGRAM_NAME><PROGRAM_VERSION>…</PROGRAM_VERSION>
        <WINNER_TYPE>2</WINNER_TYPE> <DATE>dd/mm/yyyy</DATE>
        <SESSION_COUNT>1</SESSION_COUNT><SECTION_COUNT>1</SECTION_COUNT> …
        <PARTICIPANTS EVENT_TYPE="MP_PAIRS">
          <PAIR><PAIR_NUMBER>1NS</PAIR_NUMBER><DIRECTION>NS</DIRECTION>
                <PERCENTAGE>45.50</PERCENTAGE><PLACE>15</PLACE>
                <PLAYER><PLAYER_NAME>…</PLAYER_NAME></PLAYER> …</PAIR> …
        </PARTICIPANTS>
        <BOARD EVENT_TYPE="MP_PAIRS"><BOARD_NUMBER>1</BOARD_NUMBER>
          <TRAVELLER_LINE><NS_PAIR_NUMBER>…</NS_PAIR_NUMBER><EW_PAIR_NUMBER>…</EW_PAIR_NUMBER>
            <CONTRACT>4S</CONTRACT><PLAYED_BY>S</PLAYED_BY><LEAD>TH</LEAD><TRICKS>10</TRICKS>
            <SCORE>420</SCORE><NS_MATCH_POINTS>…</NS_MATCH_POINTS>…</TRAVELLER_LINE>
          <TRAVELLER_LINE><NS_PAIR_NUMBER>…</NS_PAIR_NUMBER><EW_PAIR_NUMBER>…</EW_PAIR_NUMBER>
            <SCORE>A6040</SCORE><NS_MATCH_POINTS>…</NS_MATCH_POINTS>…</TRAVELLER_LINE> …
        </BOARD> …
      </EVENT>
      <HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
        <HAND><DIRECTION>North</DIRECTION><CLUBS>…</CLUBS><DIAMONDS>…</DIAMONDS>
              <HEARTS>…</HEARTS><SPADES>…</SPADES></HAND> …</BOARD> …</HANDSET>
    </USEBIO>

``SCORE`` is N–S's net score; ``TRICKS`` the tricks declarer took. ``WINNER_TYPE`` is
1 for one ranking of every pair (a Howell; the event's national ranking) and 2 for N–S
and E–W ranked apart (a Mitchell); a Howell pair's ``DIRECTION`` is empty. Percentages
and matchpoints are written with 2 decimals. An artificial adjusted score is a line
with no contract, declarer or tricks and ``<SCORE>A6040</SCORE>``: ``A``, then N–S's
and E–W's percentages, two digits each (``A5050``, ``A6060`` … as Compscore3 writes
them); the reader also takes the ``A60/40`` this site wrote before. Some files wrap the
participants and boards in ``SESSION`` and ``SECTION`` elements; the reader accepts
both.

Deals: USEBIO carries them only in the optional ``HANDSET`` element (no dealer: it
follows from the board number). A file with a HANDSET is matched to an event by its
deals (:func:`scoring.event.compare_boards`); a file without one is matched by board
numbers against the event's own deals, and the caller may insist on the deals
(``deals_required``). This writer always writes the HANDSET when it has the deals.

One thing the files we could read do not show, so this module decides it and says so:
a board that reached a table but was not played is a line with ``<SCORE>NP</SCORE>``
and nothing else; the reader takes it back, and refuses any other non-numeric score
with a clear message rather than guess.

Reading is of untrusted uploads (:func:`read_usebio`): the file is size-limited, parsed
with expat through handlers that refuse any entity declaration or internal DTD subset
(no entity expansion; an external DTD is never fetched), its elements are counted and
its depth bounded, and every problem comes back as an
:class:`~scoring.upload.UploadProblem` with a code — no exception escapes (an XML
declaration naming an encoding Python does not know is ``UNKNOWN_ENCODING``).
"""

from __future__ import annotations

import datetime
import importlib.metadata
import re
import xml.etree.ElementTree as ET
import xml.parsers.expat
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from scoring.cards import Deal, Seat, Suit
from scoring.contracts import Contract
from scoring.errors import RulesError, ScoringError
from scoring.upload import (
    ResultKind,
    Upload,
    UploadBoard,
    UploadPair,
    UploadProblem,
    UploadProblemCode,
    UploadResult,
)

__all__ = [
    "DOCTYPE",
    "EVENT_TYPE",
    "MAX_BYTES",
    "MAX_ELEMENTS",
    "PROGRAM_NAME",
    "program_version",
    "read_usebio",
    "winner_type",
    "write_usebio",
]

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
#: A school's file is a few kilobytes; a national one with 28,800 lines about 10 MB.
MAX_BYTES = 16_000_000
MAX_ELEMENTS = 600_000
MAX_DEPTH = 32
MAX_BOARD = 999
#: A matchpointed pairs event, as real files name it.
EVENT_TYPE = "MP_PAIRS"
PROGRAM_NAME = "Minibridge Classroom"
#: The distribution whose version goes into PROGRAM_VERSION (pyproject.toml's name).
_DISTRIBUTION = "minibridge-classroom"
ONE_RANKING, BY_DIRECTION = 1, 2

_DIRECTION_NAMES = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}
_SUIT_ELEMENTS = {
    Suit.SPADES: "SPADES",
    Suit.HEARTS: "HEARTS",
    Suit.DIAMONDS: "DIAMONDS",
    Suit.CLUBS: "CLUBS",
}
# Real writers' "A6040" (two digits a side), and this site's older "A60/40".
_ADJUSTED = (re.compile(r"A([0-9]{2})([0-9]{2})"), re.compile(r"A([0-9]{1,3})/([0-9]{1,3})"))
_ENCODING = re.compile(rb"""\s*<\?xml[^>]*?encoding\s*=\s*["']([^"']{0,40})""")
_NUMBER = re.compile(r"[0-9]{1,6}")
NOT_PLAYED = "NP"
# Characters XML 1.0 cannot hold at all (control characters other than tab and line
# breaks, surrogates, U+FFFE/U+FFFF): the writer leaves them out.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


# ---------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------


def program_version() -> str:
    """This site's version, from its package metadata (``pip install -e .`` puts it
    there), or ``"unknown"`` when the code runs without being installed."""
    try:
        return importlib.metadata.version(_DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def winner_type(upload: Upload) -> int:
    """How the results are ranked, as WINNER_TYPE: the upload's own ``winner_type``
    when it has one; else 2 (N–S and E–W apart) when every pair sits N–S or E–W and
    both sides have pairs, as in a Mitchell, and 1 (one ranking) otherwise."""
    if upload.winner_type is not None:
        return upload.winner_type
    directions = [pair.direction for pair in upload.pairs]
    if directions and set(directions) == {"NS", "EW"}:
        return BY_DIRECTION
    return ONE_RANKING


def write_usebio(
    upload: Upload,
    *,
    club: str = "",
    program: str = PROGRAM_NAME,
    version: str | None = None,
    winner: int | None = None,
) -> bytes:
    """The results as a USEBIO 1.2 matchpointed pairs file (UTF-8 bytes), laid out as
    real scoring programs write it (see the module's docstring).

    ``upload`` holds the boards (their deals go into the HANDSET), the pairs and every
    result line with its matchpoints; the event's national results are turned into one
    by the caller (:func:`scoring.event.national_upload`). ``version`` defaults to
    :func:`program_version`, ``winner`` (WINNER_TYPE) to :func:`winner_type`.
    Percentages and matchpoints get 2 decimals. Characters XML cannot hold are left out
    of the text.
    """
    root = ET.Element("USEBIO", {"Version": "1.2"})
    if club:
        _child(ET.SubElement(root, "CLUB"), "CLUB_NAME", club)
    event = ET.SubElement(root, "EVENT", {"EVENT_TYPE": EVENT_TYPE})
    _child(event, "EVENT_DESCRIPTION", upload.title)
    _child(event, "PROGRAM_NAME", program)
    _child(event, "PROGRAM_VERSION", program_version() if version is None else version)
    _child(event, "WINNER_TYPE", str(winner_type(upload) if winner is None else winner))
    if upload.date is not None:
        _child(event, "DATE", upload.date.strftime("%d/%m/%Y"))
    _child(event, "SESSION_COUNT", "1")
    _child(event, "SECTION_COUNT", "1")
    _child(event, "BOARD_SCORING_METHOD", "MATCH_POINTS")
    numbers = sorted({b.number for b in upload.boards} | {r.board for r in upload.results})
    _child(event, "BOARDS_PLAYED", str(len(numbers)))
    participants = ET.SubElement(event, "PARTICIPANTS", {"EVENT_TYPE": EVENT_TYPE})
    for pair in upload.pairs:
        element = ET.SubElement(participants, "PAIR")
        _child(element, "PAIR_NUMBER", pair.number)
        _child(element, "DIRECTION", pair.direction or "")
        if pair.percentage is not None:
            _child(element, "PERCENTAGE", _two_decimals(pair.percentage))
        if pair.place is not None:
            _child(element, "PLACE", pair.place)
        for name in pair.names:
            _child(ET.SubElement(element, "PLAYER"), "PLAYER_NAME", name)
    for number in numbers:
        board = ET.SubElement(event, "BOARD", {"EVENT_TYPE": EVENT_TYPE})
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
    # An empty element as real files write it: <SPADES></SPADES>, <DIRECTION></DIRECTION>.
    body = ET.tostring(root, encoding="unicode", short_empty_elements=False)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{body}\n'.encode()


def _child(parent: ET.Element, tag: str, text: str) -> ET.Element:
    element = ET.SubElement(parent, tag)
    element.text = _NOT_XML.sub("", text)
    return element


def _two_decimals(value: float) -> str:
    """A percentage or matchpoints as real files write them: ``45.50``, ``2.00``."""
    return f"{value:.2f}"


def _percent(value: int | None) -> str:
    """One side's percentage in an adjusted score: two digits (``60``)."""
    return "" if value is None else f"{value:02d}"


def _traveller_line(board: ET.Element, result: UploadResult) -> None:
    line = ET.SubElement(board, "TRAVELLER_LINE")
    _child(line, "NS_PAIR_NUMBER", result.ns_pair)
    _child(line, "EW_PAIR_NUMBER", result.ew_pair)
    if result.kind is ResultKind.PLAYED:
        _child(line, "CONTRACT", result.contract or "")
        _child(line, "PLAYED_BY", result.declarer.value if result.declarer else "")
        _child(line, "TRICKS", "" if result.tricks is None else str(result.tricks))
        _child(line, "SCORE", "" if result.ns_score is None else str(result.ns_score))
    elif result.kind is ResultKind.ADJUSTED:
        # As Compscore3 writes it: no contract, declarer or tricks; "A" and each side's %.
        score = f"A{_percent(result.ns_percent)}{_percent(result.ew_percent)}"
        _child(line, "SCORE", score)
    else:
        _child(line, "SCORE", NOT_PLAYED)
    if result.ns_mp is not None:
        _child(line, "NS_MATCH_POINTS", _two_decimals(result.ns_mp))
    if result.ew_mp is not None:
        _child(line, "EW_MATCH_POINTS", _two_decimals(result.ew_mp))


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


class _Refused(RulesError):
    """Raised inside the expat handlers to stop parsing an unsafe or oversized file."""

    codes = UploadProblemCode
    code: UploadProblemCode

    def __init__(self, problem: UploadProblem) -> None:
        super().__init__(problem.code, problem.message, **problem.params)

    @property
    def problem(self) -> UploadProblem:
        return UploadProblem(self.code, str(self), self.params)


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
    except LookupError as error:
        # expat asks Python's codecs for an encoding it does not know itself; a name
        # no codec has ("x-nonsense") or one that is no text encoding ("rot13").
        encoding = _declared_encoding(data)
        return _refused(
            UploadProblemCode.UNKNOWN_ENCODING,
            f"The file says it is written in the encoding {encoding!r}, which is not known "
            f"here ({error}); save it as UTF-8",
            encoding=encoding,
        )
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


def _declared_encoding(data: bytes | str) -> str:
    """The encoding the XML declaration names (at most 40 characters), or ""."""
    head = data[:200].encode("utf-8", "replace") if isinstance(data, str) else data[:200]
    found = _ENCODING.match(head)
    return found[1].decode("ascii", "replace") if found else ""


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
            winner_type=_winner_type(_text(event, "WINNER_TYPE")),
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
        adjusted = _ADJUSTED[0].fullmatch(score.upper()) or _ADJUSTED[1].fullmatch(score.upper())
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


def _winner_type(text: str | None) -> int | None:
    """WINNER_TYPE 1 or 2; anything else (missing, or a kind this site does not rank)
    is None: the results are read all the same."""
    return {"1": ONE_RANKING, "2": BY_DIRECTION}.get(text or "")


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
