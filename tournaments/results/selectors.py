"""Reads of result entry: a table found by its link, where a board is played, a table's
page for the round, travellers and the teacher's round grid. No writes here."""

from __future__ import annotations

import datetime
import functools
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from urllib.parse import quote

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.cards import Seat, Side
from scoring.contracts import Contract
from scoring.feedback import Feedback
from scoring.individual import IndividualMovement, SeatedMovement, individual_table_card
from scoring.movements import Entry as MovementEntry
from scoring.movements import Line, Movement, PairId, TableRound, table_card
from scoring.profiles import Profile
from tournaments.boards import selectors as board_selectors
from tournaments.labels import bridge as bridge_labels
from tournaments.labels import people as people_labels
from tournaments.labels import results as result_labels
from tournaments.labels import sessions as session_labels
from tournaments.models import (
    Board,
    Flag,
    Pair,
    PairMember,
    Pupil,
    Result,
    ResultChange,
    Session,
    Table,
)
from tournaments.results import card_selectors
from tournaments.results.card_selectors import BoardCards, CardsAccess
from tournaments.results.scores import Scored, result_feedback, score_played, score_result
from tournaments.sessions import caches
from tournaments.sessions import selectors as session_selectors
from tournaments.standings.selectors import TravellerLine, stored_standings

# --------------------------------------------------------------------------- ETags


def session_revision(teacher: User, session_id: int) -> int | None:
    """The revision of one of the teacher's sessions (None if there is no such session
    of theirs): what the ETags of its polled pages are made from."""
    return (
        Session.objects.filter(pk=session_id, school_class__teacher_id=teacher.pk)
        .values_list("revision", flat=True)
        .order_by()  # one row: the sessions' order would only cost
        .first()
    )


def grid_session(teacher: User, session_id: int) -> Session:
    """One of the teacher's sessions (Http404 otherwise) as the polled grid needs it: the
    session's own row, without the class, board set and league the session's pages
    show (``session_selectors.sessions_for_teacher`` decides whose it is)."""
    found = session_selectors.sessions_for_teacher(teacher).select_related(None)
    return get_object_or_404(found, pk=session_id)


def grid_state(teacher: User, session_id: int) -> tuple[int, bool] | None:
    """The revision of one of the teacher's sessions and whether its round's time is up
    (None if there is no such session of theirs), in one query: what the grid's ETag is
    made from (the grid marks the tables behind once the time is up)."""
    values = (
        Session.objects.filter(pk=session_id, school_class__teacher_id=teacher.pk)
        .values_list("revision", *session_selectors.CLOCK_FIELDS)
        .order_by()
        .first()
    )
    if values is None:
        return None
    revision, *clock_values = values
    left = session_selectors.clock_from_values(*clock_values).left
    return revision, left is not None and left.up


def table_clock(token: str) -> session_selectors.ClockView | None:
    """The round clock of the session of the table with this link (one query)."""
    values = (
        Table.objects.filter(token=token)
        .values_list(*(f"session__{name}" for name in session_selectors.CLOCK_FIELDS))
        .order_by()  # one row: the tables' order would join their sessions
        .first()
    )
    return session_selectors.clock_from_values(*values) if values is not None else None


def table_round_state(token: str) -> tuple[int, str] | None:
    """The current round and state of the session of the table with this link."""
    return (
        Table.objects.filter(token=token)
        .values_list("session__current_round", "session__state")
        .order_by()  # one row: the tables' order would join their sessions
        .first()
    )


# --------------------------------------------------------------------------- the table


@dataclass(frozen=True)
class TableAtWork:
    """A table found by its link, with its session, and, when asked for, one board of the
    session's set (by its number; ``board`` is None if the set has no such board)."""

    table: Table
    board_number: int | None = None

    @property
    def session(self) -> Session:
        return self.table.session

    @cached_property
    def setup(self) -> session_selectors.SessionSetup:
        return session_selectors.session_setup(self.session)

    @cached_property
    def board(self) -> board_selectors.BoardFacts | None:
        if self.board_number is None:
            return None
        return self.setup.board(self.board_number, self.session.profile)

    @property
    def pair_count(self) -> int:
        """The number of pairs in the session (the movement is built from it)."""
        return len(self.setup.pairs)

    @property
    def movement(self) -> Movement:
        return session_selectors.session_movement(self.session, pairs=self.pair_count)

    @property
    def running(self) -> bool:
        return self.session.state == Session.State.RUNNING

    def shows_now(self, result: Result) -> bool:
        """Whether the table's page shows this result now: a result of the current round
        of a running session (one saved before the round or the session moved on is
        only on its traveller)."""
        return self.running and result.round == self.session.current_round

    def cards_access(self, *, entered: bool) -> CardsAccess:
        """Whether the table sees the cards of a board it has (``entered``) or has not
        entered in the current round (``card_selectors.cards_access``), from the
        session and its setup: no query."""
        return card_selectors.cards_access(
            entered=entered,
            show_cards=self.session.show_cards,
            event_ends_on=self.setup.event_ends_on,
        )


def table_at_work(token: str, *, board_number: int | None = None) -> TableAtWork | None:
    """The table with this link and its session, with the school it plays for in an
    event if any (one query: a save tells the event's listener whether to ask,
    ``session_selectors.plays_for_a_school``), and (given its number) that board of the
    session's set; None for an unknown link."""
    try:
        # get(), not first(): one row, and the tables' order would join the sessions.
        table = Table.objects.select_related("session__event_school").get(token=token)
    except Table.DoesNotExist:
        return None
    return TableAtWork(table=table, board_number=board_number)


def board_for_session(session: Session, number: int) -> board_selectors.BoardFacts:
    """A board of the session's set, as the session scores it (Board.DoesNotExist if the
    set has no such board)."""
    board = Board.objects.get(board_set_id=session.board_set_id, number=number)
    return board_selectors.board_facts(board, profile=session.profile)


# ------------------------------------------------------------------ where a board is played


@dataclass(frozen=True)
class Slot:
    """Where a board is played: table, round, pairs (in an individual session, the
    North and East pupils' pairs of one, and their partners South and West)."""

    table: Table
    round: int
    board_number: int
    ns_pair: Pair
    ew_pair: Pair
    ns_partner: Pair | None = None
    ew_partner: Pair | None = None


def scheduled_entry(
    movement: Movement, table: Table, board_number: int, round_: int
) -> MovementEntry:
    """The movement's entry for the table in the round, or a ValidationError when the
    board is not played there then (or the table has the round off)."""
    entry = movement.entry(round_, table.number)
    if (
        board_number not in movement.boards(entry.board_set)
        or entry.ns_pair is None
        or entry.ew_pair is None
    ):
        raise ValidationError(not_played_here(table, board_number, round_))
    return entry


def not_played_here(table: Table, board_number: int, round_: int) -> str:
    return _("Board %(board)s is not played at table %(table)s in round %(round)s.") % {
        "board": board_number,
        "table": table.number,
        "round": round_,
    }


def _playing_pairs(
    by_id: dict[PairId, Pair], entry: MovementEntry, *, allow_withdrawn: bool = False
) -> tuple[Pair, Pair] | None:
    """The entry's N–S and E–W pairs, or None when the table has the round off or (unless
    ``allow_withdrawn``) one of them no longer plays."""
    if entry.ns_pair is None or entry.ew_pair is None:
        return None
    ns, ew = by_id.get(entry.ns_pair), by_id.get(entry.ew_pair)
    if ns is None or ew is None:
        return None
    if not allow_withdrawn and not (ns.plays_in(entry.round) and ew.plays_in(entry.round)):
        return None
    return ns, ew


def slot_for(
    setup: session_selectors.SessionSetup,
    movement: Movement,
    table: Table,
    board_number: int,
    round_: int,
    *,
    allow_withdrawn: bool = False,
) -> Slot:
    """The slot, or a ValidationError when the board is not played at this table then
    (the pairs from the session's ``setup``).
    The teacher (``allow_withdrawn``) may still reach a board whose pair has since
    stopped playing, e.g. to correct a result entered before the pupil left."""
    entry = scheduled_entry(movement, table, board_number, round_)
    # An individual session: its South and West pupils too, from the movement's seating.
    partner_ids: tuple[PairId, ...] = ()
    if isinstance(movement, SeatedMovement) and movement.seating is not None:
        seated = movement.seating.entry(round_, table.number)
        partner_ids = (PairId(seated.south), PairId(seated.west))
    by_id = setup.pairs
    pairs = _playing_pairs(by_id, entry, allow_withdrawn=allow_withdrawn)
    if pairs is None:
        raise ValidationError(not_played_here(table, board_number, round_))
    partners: tuple[Pair | None, Pair | None] = (None, None)
    if partner_ids:
        partners = (by_id[partner_ids[0]], by_id[partner_ids[1]])
    return Slot(table, round_, board_number, pairs[0], pairs[1], *partners)


@dataclass(frozen=True)
class TableEntry:
    """What a table's save reads before it writes, in one place: the session, the
    result this form's key saved before (a resend), the result the board already has
    at this table in the current round (another device), the boards the table has
    entered in the current round (``entered``), and, while the session runs, where the
    board is played now (``slot``; None with the reason in ``not_here``) and the board
    as the session scores it, with the answer's score (``scored``; None with the
    refusal in ``refused`` for a contract or tricks the session's scoring does not
    have) when the board has no result here yet."""

    session: Session
    sent_before: Result | None
    standing: Result | None
    entered: frozenset[int] = frozenset()
    slot: Slot | None = None
    not_here: str = ""
    board: board_selectors.BoardFacts | None = None
    scored: Scored | None = None
    refused: ValidationError | None = None


def table_entry(
    *,
    table: Table,
    board_number: int,
    idempotency_key: str,
    contract: str | Contract,
    tricks_won: int,
    revoke: str,
    session: Session | None = None,
) -> TableEntry:
    """Everything :func:`~tournaments.results.services.result_record` checks about the
    table's answer, read and scored in one pass (no transaction: the write confirms
    what matters): the session (unless given, as the request read it with the table),
    one query for the table's results, the session's pairs and boards from its setup
    (:func:`~tournaments.sessions.selectors.session_setup`). Without a session given,
    everything is read afresh, the setup too (the checks again, after a write found
    something moved on)."""
    fresh = session is None
    if session is None:
        session = Session.objects.get(pk=table.session_id)
    wanted = Q(round=session.current_round)
    if idempotency_key:
        wanted |= Q(idempotency_key=idempotency_key)
    sent_before = standing = None
    entered = set()
    for result in Result.objects.filter(wanted, table=table).order_by():
        if idempotency_key and result.idempotency_key == idempotency_key:
            sent_before = result
        if result.round == session.current_round:
            entered.add(result.board_number)
            if result.board_number == board_number and result is not sent_before:
                standing = result
    done = frozenset(entered)
    if sent_before is not None or session.state != Session.State.RUNNING:
        return TableEntry(session, sent_before, standing, done)
    setup = session_selectors.session_setup(session, fresh=fresh)
    movement = session_selectors.session_movement(session, pairs=len(setup.pairs))
    try:
        slot = slot_for(setup, movement, table, board_number, session.current_round)
    except ValidationError as refusal:
        return TableEntry(session, None, standing, done, not_here=refusal.messages[0])
    board = setup.board(board_number, session.profile)
    if board is None:
        return TableEntry(
            session,
            None,
            standing,
            done,
            not_here=not_played_here(table, board_number, session.current_round),
        )
    if standing is not None:
        return TableEntry(session, None, standing, done, slot, board=board)
    try:
        scored = score_result(
            board=board,
            contract=contract,
            tricks_won=tricks_won,
            revoke=revoke,
            profile=session.profile,
        )
    except ValidationError as refused:
        return TableEntry(session, None, None, done, slot, board=board, refused=refused)
    return TableEntry(session, None, None, done, slot, board=board, scored=scored)


def teacher_slot(
    session: Session, round_: int, table_number: int, board_number: int
) -> tuple[Slot, Result | None]:
    """Where the teacher enters or corrects a board (any round, a pair that has since
    stopped playing included) and the result it has there, if any. Http404 for a
    table or round the session does not have; a ValidationError when the board is not
    played at that table in that round."""
    table = get_object_or_404(Table, session=session, number=table_number)
    movement = session_selectors.session_movement(session)
    if not 1 <= round_ <= movement.rounds:
        raise Http404
    setup = session_selectors.session_setup(session)
    slot = slot_for(setup, movement, table, board_number, round_, allow_withdrawn=True)
    result = Result.objects.filter(
        session=session, round=round_, table=table, board_number=board_number
    ).first()
    return slot, result


# ------------------------------------------------------------------- scores shown before saving


def score_texts(board: board_selectors.BoardFacts, profile: Profile) -> dict[str, str]:
    """The score every answer the entry panel allows would record, as the panel shows it
    before saving ("N–S +420"), keyed "strain|level|tricks|revoke": the panel carries
    them, so a tap asks the server nothing (static/js/score-preview.js)."""
    return dict(_score_texts(board.number, board.deal.to_pbn(), profile, get_language()))


def score_texts_json(board: board_selectors.BoardFacts, profile: Profile) -> str:
    """:func:`score_texts` as the panel carries them (JSON), made once per board,
    scoring and language in each process."""
    return _score_texts_json(board.number, board.deal.to_pbn(), profile, get_language())


@functools.lru_cache(maxsize=1024)
def _score_texts_json(number: int, deal: str, profile: Profile, language: str) -> str:
    return json.dumps(dict(_score_texts(number, deal, profile, language)), ensure_ascii=False)


@functools.lru_cache(maxsize=1024)
def _score_texts(
    number: int, deal: str, profile: Profile, language: str
) -> tuple[tuple[str, str], ...]:
    # Pure in the board's cards, the profile and the language; every table of a session
    # shows the same boards, so each is worked out once.
    board = board_selectors.board_facts(Board(number=number, deal=deal), profile=profile)
    texts = []
    for contract in profile.contracts():
        for tricks in range(14):
            for revoke in (choice for choice, _label in Result.Revoke.choices):
                scored = score_result(
                    board=board,
                    contract=contract,
                    tricks_won=tricks,
                    revoke=revoke,
                    profile=profile,
                )
                key = f"{contract.strain.value}|{contract.kind.value}|{tricks}|{revoke}"
                texts.append((key, bridge_labels.net_text(scored.ns_net)))
    return tuple(texts)


# --------------------------------------------------------------------------- travellers


@dataclass(frozen=True)
class TravellerRow:
    result: Result
    scored: Scored | None  # None when not played or adjusted
    #: What the cards allowed (scoring.feedback); None when not played or adjusted.
    feedback: Feedback | None = None
    #: Who sat North–South and East–West: "3 N–S", "5", or in an individual session
    #: that round's partners by first name, "Fi & Di" (people_labels.screen_names).
    ns: str = ""
    ew: str = ""

    @property
    def ns_net(self) -> int | None:
        return self.scored.ns_net if self.scored else None


def _side_label(pair: Pair, partner: Pair | None, names: dict[int, str]) -> str:
    """ "3 N–S", "5", or an individual session's partners by name, "Fi & Di" (``names``:
    pair id → the name a shared screen gives its pupil; the number if it has none)."""
    if partner is None:
        return people_labels.pair_number(pair.number, pair.line)
    return people_labels.names_text([names.get(p.pk, str(p.number)) for p in (pair, partner)])


def traveller(
    session: Session,
    board_number: int,
    *,
    agreed_only: bool = False,
    board: board_selectors.BoardFacts | None = None,
    setup: session_selectors.SessionSetup | None = None,
) -> list[TravellerRow]:
    """Every result on a board so far, scored and with what the cards allowed, by round
    and table: one query, one more for the board unless it is given; the tables and
    pairs from the session's setup (``setup``, or read)."""
    board = board or board_for_session(session, board_number)
    setup = setup or session_selectors.session_setup(session)
    # Sorted here: the default order would join the tables.
    rows = Result.objects.filter(session=session, board_number=board_number).order_by()
    if agreed_only:
        rows = rows.filter(agreed=True)
    listed = []
    for row in rows:
        # The tables and pairs as the setup has them (the same rows): no join.
        row.table = setup.tables[row.table_id]
        row.ns_pair, row.ew_pair = setup.by_pk[row.ns_pair_id], setup.by_pk[row.ew_pair_id]
        row.ns_partner = setup.by_pk[row.ns_partner_id] if row.ns_partner_id else None
        row.ew_partner = setup.by_pk[row.ew_partner_id] if row.ew_partner_id else None
        listed.append(row)
    listed.sort(key=lambda row: (row.round, row.table.number))
    traveller_rows = []
    for row in listed:
        scored = score_played(row, board, session.profile)
        ns = _side_label(row.ns_pair, row.ns_partner, setup.pair_names)
        ew = _side_label(row.ew_pair, row.ew_partner, setup.pair_names)
        traveller_rows.append(
            TravellerRow(
                result=row,
                scored=scored,
                feedback=result_feedback(board, scored) if scored is not None else None,
                ns=ns,
                ew=ew,
            )
        )
    return traveller_rows


@dataclass(frozen=True)
class HistoryEntry:
    """One line of a board's history: a correction, or a flag raised or answered."""

    at: datetime.datetime
    table: int
    change: ResultChange | None = None
    flag: Flag | None = None
    answered: bool = False  # the line is the teacher's answer to ``flag``


@dataclass(frozen=True)
class BoardReport:
    """The teacher's view of a board: its traveller with matchpoints, how many results
    wait for the opponents' Agree, and its history: every correction and every flag."""

    board: board_selectors.BoardFacts
    lines: tuple[TravellerLine, ...]
    waiting: int
    history: list[HistoryEntry]


def board_report(session: Session, board_number: int) -> BoardReport:
    """Http404 when the session's set has no such board."""
    try:
        board = board_for_session(session, board_number)
    except Board.DoesNotExist:
        raise Http404 from None
    travellers = stored_standings(session).travellers  # shared per revision
    traveller = next((t for t in travellers if t.number == board_number), None)
    on_board = {"result__session": session, "result__board_number": board_number}
    history = [
        HistoryEntry(at=change.changed_at, table=change.result.table.number, change=change)
        for change in ResultChange.objects.filter(**on_board).select_related(
            "changed_by", "result__table"
        )
    ]
    for flag in Flag.objects.filter(**on_board).select_related("resolved_by", "result__table"):
        history.append(HistoryEntry(at=flag.raised_at, table=flag.result.table.number, flag=flag))
        if flag.resolved_at is not None:
            history.append(
                HistoryEntry(
                    at=flag.resolved_at, table=flag.result.table.number, flag=flag, answered=True
                )
            )
    history.sort(key=lambda entry: entry.at)
    return BoardReport(
        board=board,
        lines=traveller.lines if traveller else (),
        waiting=Result.objects.filter(
            session=session, board_number=board_number, agreed=False
        ).count(),
        history=history,
    )


# --------------------------------------------------------------------------- a table's page


@dataclass(frozen=True)
class ClosedTable:
    """What a table's link says when its session is not running: ``finished`` (it is
    over, and the results are at ``projector``, the class screen's final results, and
    for an event's school at ``event_results`` too, which anybody may open) or not
    started yet."""

    finished: bool
    projector: str = ""
    event_results: str = ""


def closed_table(session: Session) -> ClosedTable:
    if session.state != Session.State.FINISHED:
        return ClosedTable(finished=False)
    if session.league_id is not None:
        projector = reverse("tournaments:league_projector", kwargs={"league_id": session.league_id})
    else:
        projector = reverse("tournaments:projector", kwargs={"session_id": session.pk})
    event = session_selectors.event_of(session)
    event_results = ""
    if event is not None:
        event_results = reverse("events:public_results", kwargs={"token": event.public_token})
    return ClosedTable(finished=True, projector=projector, event_results=event_results)


@dataclass(frozen=True)
class DoneBoard:
    board: board_selectors.BoardFacts
    result: Result
    traveller: list[TravellerRow]
    flagged: bool  # the table asked the teacher to check it, and no answer yet
    #: The analysis of the session's set (None: the session has no set).
    analysis: board_selectors.AnalysisProgress | None = None
    #: Whether the table may open the board's cards ("See the cards"), and if not why.
    cards: CardsAccess = CardsAccess.TURNED_OFF

    @property
    def answers_awaited(self) -> bool:
        """The board has no answers yet, but its set's analysis is queued or under way:
        the page asks again until they come (tournaments.results.views.table_done_board)."""
        return self.board.dd is None and self.analysis is not None and self.analysis.waiting

    @property
    def answers_coming(self) -> bool:
        """The answers are awaited and the analysis is moving: the page may say they
        are on their way. A stalled analysis (no worker) promises nothing."""
        return self.answers_awaited and self.analysis is not None and not self.analysis.stalled

    @property
    def first_to_play(self) -> bool:
        """No other table has a result on this board yet: this table's is the only one."""
        return all(row.result.pk == self.result.pk for row in self.traveller)


@dataclass(frozen=True)
class SeatedPupil:
    """A pupil at a table of an individual session this round."""

    seat: Seat
    number: int
    name: str  # as the tablet names them (people_labels.screen_names)


@dataclass(frozen=True)
class Partnership:
    """This round's partners at a table of an individual session: North and South, or
    East and West."""

    side: Side
    pupils: tuple[SeatedPupil, SeatedPupil]


@dataclass(frozen=True)
class IndividualTable:
    """Who sits where at a table of an individual session in a round, and what each
    of them and the boards do when the round is over."""

    partnerships: tuple[Partnership, Partnership]
    #: One sentence each, as the printed table card says them
    #: (``session_labels.individual_after_round_texts``).
    after_round: tuple[str, ...]


def individual_table(
    session: Session, round_: int, table: int, setup: session_selectors.SessionSetup
) -> IndividualTable:
    """The four pupils at ``table`` in ``round_`` of an individual session, by seat, and
    the sentences that send each to their next table and say where the boards go, by
    the names a shared screen gives them (``setup``: the session's)."""
    movement = session_selectors.session_individual_movement(session, pupils=len(setup.pairs))
    row = individual_table_card(movement, table)[round_ - 1]
    by_number = {
        pair.number: setup.screen_names.get(member.pupil_id, str(member.pupil))
        for pair in setup.pairs.values()
        for member in pair.members.all()
    }
    seated = {
        seat: SeatedPupil(seat, number, by_number.get(number, str(number)))
        for seat, number in row.entry.seats.items()
    }
    return IndividualTable(
        partnerships=(
            Partnership(Side.NS, (seated[Seat.NORTH], seated[Seat.SOUTH])),
            Partnership(Side.EW, (seated[Seat.EAST], seated[Seat.WEST])),
        ),
        after_round=tuple(session_labels.individual_after_round_texts(row, by_number)),
    )


def seated_at(session: Session, round_: int, table: int) -> IndividualTable | None:
    """Who sits where at ``table`` in ``round_`` when the session is an individual one
    (None for pairs), by the names a shared screen uses."""
    if not session_selectors.is_individual(session):
        return None
    return individual_table(session, round_, table, session_selectors.session_setup(session))


@dataclass(frozen=True)
class TableRoundView:
    """What a table's page shows in the current round: its boards, its pairs, the
    boards it has entered (each with its traveller), those still to enter, and where
    everybody goes next."""

    found: TableAtWork
    movement: Movement
    round: int
    numbers: list[int]
    ns: Pair | None
    ew: Pair | None
    boards: dict[int, board_selectors.BoardFacts]
    done: list[DoneBoard]
    waiting: list[int]
    next: TableRound
    arrow_switched: bool
    #: The session's pupils as the tablet names them: first names (people_labels.screen_names).
    screen_names: dict[int, str]
    #: The table's pairs that still play next round: the ones told where to go.
    going_on: frozenset[PairId] = frozenset()
    #: In an individual session: the four pupils by seat, and where each goes next.
    individual: IndividualTable | None = None

    @property
    def sits_out(self) -> bool:
        return self.ns is None

    @property
    def last_round(self) -> bool:
        return self.round >= self.movement.rounds

    @property
    def after_round(self) -> list[str]:
        """What the table does when the round is over, one sentence each: the same
        sentences as on its printed table card."""
        if self.individual is not None:
            return list(self.individual.after_round)
        return session_labels.after_round_texts(self.next, pairs=self.going_on)

    def current(self, chosen: int | None) -> board_selectors.BoardFacts | None:
        """The board on the panel: the one chosen if it is still to be entered (tables
        that share boards start on different ones), otherwise the first to enter."""
        number = chosen if chosen in self.waiting else (self.waiting[0] if self.waiting else None)
        return self.boards.get(number) if number is not None else None


def table_round_view(found: TableAtWork) -> TableRoundView:
    """The table's page in its session's current round: the session's setup from the
    cache, the table's results of the round read, and each entered board's traveller."""
    table, session, setup = found.table, found.session, found.setup
    movement = found.movement
    round_ = session.current_round
    entry = movement.entry(round_, table.number)
    numbers = list(movement.boards(entry.board_set))
    pairs = _playing_pairs(setup.pairs, entry)
    boards = {
        number: board
        for number in numbers
        if (board := setup.board(number, session.profile)) is not None
    }
    own = {
        result.board_number: result
        for result in Result.objects.filter(session=session, table=table, round=round_).order_by()
    }
    flagged = _flagged(own.values(), kind=Flag.Kind.CHECK) if own else set()
    analysis = _analysis_if_awaited(session, [boards[n] for n in own if n in boards])
    cards = found.cards_access(entered=True)
    done = [
        DoneBoard(
            board=boards[number],
            result=own[number],
            traveller=traveller(session, number, board=boards[number], setup=setup),
            flagged=own[number].pk in flagged,
            analysis=analysis,
            cards=cards,
        )
        for number in numbers
        if number in own
    ]
    return _round_view(found, entry, numbers, pairs, boards, done, set(own))


def _analysis_if_awaited(
    session: Session, boards: Iterable[board_selectors.BoardFacts]
) -> board_selectors.AnalysisProgress | None:
    """The analysis of the session's set when one of these boards still waits for it
    (one query then, none otherwise)."""
    if all(board.dd is not None for board in boards):
        return None
    return board_selectors.analysis_progress(session.board_set_id)


def _round_view(
    found: TableAtWork,
    entry: MovementEntry,
    numbers: list[int],
    pairs: tuple[Pair, Pair] | None,
    boards: dict[int, board_selectors.BoardFacts],
    done: list[DoneBoard],
    entered: set[int] | frozenset[int],
) -> TableRoundView:
    table, session, setup = found.table, found.session, found.setup
    movement = found.movement
    round_ = session.current_round
    this_round = next(line for line in table_card(movement, table.number) if line.round == round_)
    ns, ew = pairs if pairs else (None, None)
    return TableRoundView(
        found=found,
        movement=movement,
        round=round_,
        numbers=numbers,
        ns=ns,
        ew=ew,
        boards=boards,
        done=done,
        waiting=[n for n in numbers if n not in entered] if pairs else [],
        next=this_round,
        arrow_switched=entry.arrow_switched,
        screen_names=setup.screen_names,
        going_on=frozenset(
            ident
            for ident in (entry.ns_pair, entry.ew_pair)
            if ident is not None
            and (pair := setup.pairs.get(ident)) is not None
            and pair.plays_in(min(round_ + 1, movement.rounds))
        ),
        individual=(
            individual_table(session, round_, table.number, setup)
            if session_selectors.is_individual(session)
            else None
        ),
    )


@dataclass(frozen=True)
class SavedBoard:
    """What a table's page shows once a board is saved, in place of its panel: the board
    entered, with its traveller, and when it was the round's last board at the table,
    what the table does next (``view``; None while boards of the round are still to
    enter: the page has their panels already)."""

    item: DoneBoard
    view: TableRoundView | None


def saved_board(found: TableAtWork, entry: TableEntry, result: Result) -> SavedBoard:
    """The answer to a table's save of ``result`` in the current round, from what the
    save read (``entry``): one query for the board's traveller (and one for the set's
    analysis while the board waits for it)."""
    session, setup = found.session, found.setup
    board = entry.board or setup.board(result.board_number, session.profile)
    assert board is not None  # a result saved here is on a board of the set
    item = DoneBoard(
        board=board,
        result=result,
        traveller=traveller(session, board.number, board=board, setup=setup),
        flagged=False,  # just saved: nobody has flagged it yet
        analysis=_analysis_if_awaited(session, [board]),
        cards=found.cards_access(entered=True),
    )
    movement = found.movement
    table_entry_now = movement.entry(session.current_round, found.table.number)
    numbers = list(movement.boards(table_entry_now.board_set))
    entered = entry.entered | {result.board_number}
    if any(number not in entered for number in numbers):
        return SavedBoard(item=item, view=None)
    pairs = _playing_pairs(setup.pairs, table_entry_now)
    view = _round_view(found, table_entry_now, numbers, pairs, {}, [], entered)
    return SavedBoard(item=item, view=view)


def done_board(found: TableAtWork) -> DoneBoard | None:
    """One board the table has entered in the current round (``found`` carries the
    board), as its page shows it; None when it has no result there (the round moved
    on, the session closed, the teacher removed the result)."""
    table, session, board = found.table, found.session, found.board
    if not found.running or board is None:
        return None
    result = Result.objects.filter(
        session=session, table=table, round=session.current_round, board_number=board.number
    ).first()
    if result is None:
        return None
    return DoneBoard(
        board=board,
        result=result,
        traveller=traveller(session, board.number, board=board, setup=found.setup),
        flagged=bool(_flagged([result], kind=Flag.Kind.CHECK)),
        analysis=board_selectors.analysis_progress(session.board_set_id),
        cards=found.cards_access(entered=True),
    )


def table_board_cards(found: TableAtWork) -> BoardCards | CardsAccess:
    """The cards of the board ``found`` carries, as its table may see them: the
    :class:`BoardCards` once the table has entered the board in the current round of
    its running session (one query for that, one more for the set's analysis while the
    board has none); otherwise why not (``CardsAccess``). A board the table has not
    entered, or the set does not have, is ``NOT_ENTERED`` alike: nothing is said of it."""
    table, session, board = found.table, found.session, found.board
    entered = (
        found.running
        and board is not None
        and Result.objects.filter(
            session=session, table=table, round=session.current_round, board_number=board.number
        ).exists()
    )
    access = found.cards_access(entered=entered)
    if access is not CardsAccess.SHOWN or board is None:
        return access
    return card_selectors.board_cards(board, board_set_id=session.board_set_id)


def own_result(table: Table, result_id: int) -> Result | None:
    """A result of this table in the current round of its running session."""
    session = table.session
    if session.state != Session.State.RUNNING:
        return None
    return Result.objects.filter(pk=result_id, table=table, round=session.current_round).first()


# --------------------------------------------------------------------------- the grid


def _flagged(results: Iterable[Result], *, kind: str | None = None) -> set[int]:
    """The ids of those results that have an open flag (of ``kind``, or any)."""
    flags = Flag.objects.filter(
        result__in=[result.pk for result in results], resolution=Flag.Resolution.OPEN
    )
    if kind is not None:
        flags = flags.filter(kind=kind)
    return set(flags.values_list("result_id", flat=True))


def open_flags(session: Session) -> list[Flag]:
    """Every flag of the session the teacher has not answered yet, oldest first, with
    its result's table (any round: they outlive round changes and the finish)."""
    return list(
        Flag.objects.filter(result__session=session, resolution=Flag.Resolution.OPEN)
        .select_related("result__table")
        .order_by("raised_at", "pk")
    )


def get_open_flag_for_teacher(session: Session, flag_id: int) -> Flag:
    return get_object_or_404(
        Flag.objects.select_related("result__table"), pk=flag_id, result__session=session
    )


# The grid is polled every few seconds by the teacher's page. What no result changes in
# a round (the tables and their links, the pairs and their pupils' names) is read once
# per setup of the session (:func:`_grid_setup`); each answer reads only the round's
# results and the open flags, as plain rows, and makes every board's link from one
# pattern (:func:`_path_pattern`).

#: More digits than any id or number in a path of this site (a BigAutoField's id has at
#: most 19): where one of these marks stands in a reversed path, nothing else does.
_MARK = 10**19


def _path_pattern(viewname: str, **kwargs: object) -> str:
    """The path ``reverse(viewname, kwargs=kwargs)`` as a :meth:`str.format` pattern in
    which each keyword given as None is a field, ``{name}``: one reverse() for all the
    links of a page that differ only in those values, the route staying urls.py's alone
    (no path written out a second time here). The other keywords are ids and numbers."""
    marks = {name: str(_MARK + i) for i, name in enumerate(kwargs) if kwargs[name] is None}
    path = reverse(
        viewname, kwargs={name: marks.get(name, value) for name, value in kwargs.items()}
    )
    for name, mark in marks.items():
        # reverse() quotes braces (%7B): the only ones in the pattern are its fields.
        path = path.replace(mark, f"{{{name}}}")
    return path


@dataclass(frozen=True)
class GridPair:
    """A pair as the teacher's grid names it: its number and line ("3 N–S", the
    ``pair_number_html`` filter writes them) and its pupils ("Emma Hansen & Ola Berg")."""

    number: int
    line: str
    names: str
    withdrawn_from_round: int | None = None

    def plays_in(self, round_: int) -> bool:
        """As :meth:`tournaments.models.Pair.plays_in`."""
        return self.withdrawn_from_round is None or self.withdrawn_from_round > round_


@dataclass(frozen=True)
class _GridSetup:
    """What the grid shows that no result changes, kept once per setup of the session
    (``caches.per_setup``: a pupil swapped in or a pair sitting out is a new setup).
    It holds no words of the site's (pupils' names are not translated), so one value
    serves every language."""

    pairs: dict[PairId, GridPair]
    #: The tables by number: each one's id (the results name it) and its link.
    tables: dict[int, tuple[int, str]]
    #: A board's page at a table in a round (``result_edit``), going back to the
    #: session's page at that round afterwards (``?next=``): a :meth:`str.format`
    #: pattern of ``round_``, ``table_number`` and ``board_number``.
    result_link: str


def _grid_setup(session: Session) -> _GridSetup:
    return caches.per_setup(session, "grid", functools.partial(_read_grid_setup, session))


def _read_grid_setup(session: Session) -> _GridSetup:
    """Three queries: the pupils of the pairs, the pairs, the tables."""
    names: dict[int, list[str]] = {}
    members = PairMember.objects.filter(session=session).order_by("position")
    for pair, first, last in members.values_list(
        "pair_id", "pupil__first_name", "pupil__last_name"
    ):
        names.setdefault(pair, []).append(people_labels.pupil_name(first, last))
    pairs = {
        # The pair's place in the movement, as session_selectors.pair_id makes it.
        PairId(number, Line(line) if line else None): GridPair(
            number, line, people_labels.names_text(names.get(pk, ())), withdrawn
        )
        for pk, number, line, withdrawn in session.pairs.values_list(
            "pk", "number", "line", "withdrawn_from_round"
        )
    }
    table_link = _path_pattern("tournaments:table_page", token=None)
    # As the template's urlencode filter quotes it: braces too, so the fields stay ours.
    back = quote(reverse("tournaments:session_detail", kwargs={"session_id": session.pk}))
    return _GridSetup(
        pairs=pairs,
        tables={
            number: (pk, table_link.format(token=token))
            for pk, number, token in session.tables.values_list("pk", "number", "token")
        },
        result_link=_path_pattern(
            "tournaments:result_edit",
            session_id=session.pk,
            round_=None,
            table_number=None,
            board_number=None,
        )
        + f"?next={back}%3Fround%3D{{round_}}",
    )


def _open_flag_results(session: Session) -> list[int]:
    """The result of each flag of the session (any round) with no answer yet."""
    return list(
        Flag.objects.filter(result__session=session, resolution=Flag.Resolution.OPEN)
        .order_by()
        .values_list("result_id", flat=True)
    )


@dataclass(frozen=True)
class GridCell:
    """A board at a table in the round, with its result if it has one."""

    board_number: int
    #: The board's page at this table in this round (``result_edit``), which goes back
    #: to the session's page at this round afterwards.
    link: str
    entered: bool = False
    agreed: bool = False
    flagged: bool = False
    kind: str = ""
    contract: str = ""
    tricks_won: int | None = None

    @cached_property  # the grid's template asks for it up to six times
    def status(self) -> str:
        if not self.entered:
            return "missing"
        if self.flagged:
            return "correction"
        if not self.agreed:
            return "waiting"
        return "entered"


@dataclass(frozen=True)
class GridRow:
    #: The table's number.
    table: int
    #: The path of the table's own page.
    table_link: str
    ns: GridPair | None
    ew: GridPair | None
    cells: tuple[GridCell, ...]
    sits_out: bool
    arrow_switched: bool
    #: An individual session: this round's partners at the table, North–South then
    #: East–West ("Emma Hansen & Ola Berg").
    partners: tuple[str, str] | None = None
    #: The round's time is up and the table still has boards to play.
    behind: bool = False


@dataclass(frozen=True)
class IndividualRound:
    """Who partners whom at each table in a round of an individual session, and who has
    the round off, by the pupils' names."""

    partners: dict[int, tuple[str, str]]
    sit_outs: tuple[str, ...]


def individual_round(
    seating: IndividualMovement, names: Mapping[int, str], round_: int
) -> IndividualRound:
    """The partners at each table in ``round_`` of an individual session and the pupils
    with the round off (``names``: each pupil's name by their number in ``seating``)."""
    return IndividualRound(
        partners={
            e.table: (
                people_labels.names_text([names[e.north], names[e.south]]),
                people_labels.names_text([names[e.east], names[e.west]]),
            )
            for e in seating.round_entries(round_)
        },
        sit_outs=tuple(names[number] for number in seating.sit_outs[round_ - 1]),
    )


def _round_rows(
    session: Session,
    setup: _GridSetup,
    movement: Movement,
    round_: int,
    flagged: set[int],
    individual: IndividualRound | None = None,
    *,
    time_up: bool = False,
) -> list[GridRow]:
    """Tables × boards of a round with each result's state (one query: the results;
    ``flagged``: the results with an open flag; ``time_up``: the round's time is up, so
    the tables still playing are behind)."""
    results = {
        (table_id, board): (pk, agreed, kind, contract, tricks)
        for pk, table_id, board, agreed, kind, contract, tricks in Result.objects.filter(
            session=session, round=round_
        ).values_list("pk", "table_id", "board_number", "agreed", "kind", "contract", "tricks_won")
    }

    def cell(table_id: int, table_number: int, number: int) -> GridCell:
        link = setup.result_link.format(
            round_=round_, table_number=table_number, board_number=number
        )
        found = results.get((table_id, number))
        if found is None:
            return GridCell(number, link)
        pk, agreed, kind, contract, tricks = found
        return GridCell(
            number,
            link,
            entered=True,
            agreed=agreed,
            flagged=pk in flagged,
            kind=kind,
            contract=contract,
            tricks_won=tricks,
        )

    rows = []
    for entry in movement.round_entries(round_):
        table_id, table_link = setup.tables[entry.table]
        ns = setup.pairs.get(entry.ns_pair) if entry.ns_pair else None
        ew = setup.pairs.get(entry.ew_pair) if entry.ew_pair else None
        sits_out = ns is None or ew is None or not (ns.plays_in(round_) and ew.plays_in(round_))
        cells = tuple(
            cell(table_id, entry.table, number) for number in movement.boards(entry.board_set)
        )
        if sits_out:
            # A pair that stopped playing keeps the results it entered before leaving.
            cells = tuple(found for found in cells if found.entered)
        rows.append(
            GridRow(
                table=entry.table,
                table_link=table_link,
                ns=ns,
                ew=ew,
                cells=cells,
                sits_out=sits_out,
                arrow_switched=entry.arrow_switched,
                partners=individual.partners[entry.table] if individual else None,
                behind=time_up and not sits_out and not all(found.entered for found in cells),
            )
        )
    return rows


def round_grid(session: Session, round_: int) -> list[GridRow]:
    """Tables × boards of a round with each result's state (two queries: the results and
    the open flags; three more once per setup of the session)."""
    setup = _grid_setup(session)
    movement = session_selectors.session_movement(session, pairs=len(setup.pairs))
    return _round_rows(session, setup, movement, round_, set(_open_flag_results(session)))


@dataclass(frozen=True)
class OpenResult:
    """A result the round still waits for, or a flag still open (of any round), as the
    round-change warning names it: the one place its sentences come from."""

    table: int
    board: int
    kind: result_labels.OpenKind
    #: The round, named for a flag of an earlier round than the current one.
    round: int | None = None
    #: Who has to agree a result waiting for the opponents: the defenders.
    side: Side | None = None

    @property
    def text(self) -> str:
        return result_labels.open_result_text(
            table=self.table, board=self.board, kind=self.kind, round_=self.round, side=self.side
        )


def open_results(
    session: Session, grid: Sequence[GridRow], flags: Sequence[Flag]
) -> list[OpenResult]:
    """What the current round's ``grid`` still waits for (no result yet, or not agreed
    yet) and the session's open ``flags`` (``open_flags``), by round, table and board."""
    missing: list[OpenResult] = []
    waiting: list[tuple[GridRow, GridCell]] = []
    for row in grid:
        for cell in row.cells:
            if not cell.entered:
                missing.append(
                    OpenResult(row.table, cell.board_number, result_labels.OpenKind.MISSING)
                )
            elif not cell.agreed:
                waiting.append((row, cell))
    numbers = {cell.board_number for _row, cell in waiting}
    boards = {
        board.number: board_selectors.board_facts(board, profile=session.profile)
        for board in Board.objects.filter(board_set_id=session.board_set_id, number__in=numbers)
    }
    agreeing = [
        OpenResult(
            row.table,
            cell.board_number,
            result_labels.OpenKind.WAITING,
            side=_defenders(cell.kind, boards.get(cell.board_number)),
        )
        for row, cell in waiting
    ]
    flagged = [
        OpenResult(
            flag.result.table.number,
            flag.result.board_number,
            result_labels.OpenKind.CHECK
            if flag.kind == Flag.Kind.CHECK
            else result_labels.OpenKind.CONFLICT,
            round=flag.result.round if flag.result.round != session.current_round else None,
        )
        for flag in flags
    ]
    current = session.current_round
    return sorted(
        [*missing, *agreeing, *flagged],
        key=lambda item: (
            item.round or current,
            item.table,
            item.board,
            list(result_labels.OpenKind).index(item.kind),
        ),
    )


def _defenders(kind: str, board: board_selectors.BoardFacts | None) -> Side | None:
    """The side that checks a played result (``kind``) and taps Agree: the declarer's
    opponents."""
    if board is None or kind != Result.Kind.PLAYED:
        return None
    return board.declaration.side.other


def round_open_results(session: Session) -> list[OpenResult]:
    """What the session's current round still waits for, and the open flags."""
    return open_results(session, round_grid(session, session.current_round), open_flags(session))


@dataclass(frozen=True)
class GridView:
    """The grid of one round (the current one unless the teacher picks another) and how
    many flags of the session, of every round, wait for an answer."""

    shown_round: int
    rounds: range
    grid: list[GridRow]
    open_flags: int
    #: An individual session: the pupils with the shown round off.
    sit_outs: tuple[str, ...] = ()
    #: The shown round is the current one and its time is up (the round clock).
    time_up: bool = False


def grid_view(session: Session, *, shown_round: int | None = None) -> GridView:
    """Two queries (the round's results, the open flags), and three more once per setup
    of the session (:func:`_grid_setup`)."""
    setup = _grid_setup(session)
    movement = session_selectors.session_movement(session, pairs=len(setup.pairs))
    rounds = range(1, movement.rounds + 1)
    shown = session.current_round
    if shown_round is not None and shown_round in rounds:
        shown = shown_round
    individual = None
    if isinstance(movement, SeatedMovement) and movement.seating is not None:
        # An individual session: its pairs are its pupils, numbered as the seating is.
        names = {pair.number: pair.names for pair in setup.pairs.values()}
        individual = individual_round(movement.seating, names, shown)
    flagged = _open_flag_results(session)
    left = session_selectors.session_clock(session).left
    time_up = shown == session.current_round and left is not None and left.up
    return GridView(
        shown_round=shown,
        rounds=rounds,
        grid=_round_rows(
            session, setup, movement, shown, set(flagged), individual, time_up=time_up
        ),
        open_flags=len(flagged),
        sit_outs=individual.sit_outs if individual else (),
        time_up=time_up,
    )


class NextStep(StrEnum):
    """What the session page offers the teacher next: another round, to finish (in the
    last round), or nothing more (a finished session; a draft has no such page)."""

    NEXT_ROUND = "next_round"
    FINISH = "finish"
    FINISHED = "finished"
    NONE = ""


def next_step(session: Session, rounds: int) -> NextStep:
    """The session's next step, its movement playing ``rounds`` rounds."""
    if session.state == Session.State.FINISHED:
        return NextStep.FINISHED
    if session.state != Session.State.RUNNING:
        return NextStep.NONE
    return NextStep.NEXT_ROUND if session.current_round < rounds else NextStep.FINISH


@dataclass(frozen=True)
class Dashboard:
    """The session page: the grid, the open flags, what the current round still waits
    for, the pairs, and the class's pupils who are not playing."""

    view: GridView
    #: Every flag of the session the teacher has not answered yet (``open_flags``).
    flags: list[Flag]
    #: The current round's missing and not agreed results, and every open flag.
    open_results: list[OpenResult]
    pairs: list[Pair]
    absent: list[Pupil]
    #: Next round, or finish: the buttons the page shows.
    next_step: NextStep = NextStep.NONE
    #: The round "back" takes every table to, in a running session past its first
    #: round; None otherwise.
    back_round: int | None = None


def dashboard(session: Session, *, shown_round: int | None = None) -> Dashboard:
    view = grid_view(session, shown_round=shown_round)
    flags = open_flags(session)
    current = view.grid
    if view.shown_round != session.current_round:
        current = round_grid(session, session.current_round)
    running = session.state == Session.State.RUNNING
    return Dashboard(
        view=view,
        flags=flags,
        next_step=next_step(session, len(view.rounds)),
        back_round=session.current_round - 1 if running and session.current_round > 1 else None,
        open_results=open_results(session, current, flags),
        pairs=session_selectors.session_pairs(session),
        absent=list(
            session.school_class.pupils.filter(active=True).exclude(
                pair_memberships__session=session
            )
        ),
    )


def round_change_warnings(session: Session) -> bool:
    """Whether "Next round" should first ask: results of this round are missing or not
    agreed, or a flag is still open."""
    return bool(round_open_results(session))
