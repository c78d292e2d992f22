"""Results: recording what a table played, scoring it, correcting it, and the reads the
round grid and the travellers need. Writes are services (one transaction each)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Prefetch, Q
from django.utils.translation import gettext as _

from scoring import results as rules
from scoring.cards import Seat, Strain
from scoring.contracts import Contract, ContractKind
from scoring.errors import ErrorCode, ScoringError
from scoring.movements import Entry as MovementEntry
from scoring.movements import Movement, PairId
from scoring.profiles import get_profile
from tournaments import entry_sql, selectors, sessions
from tournaments.labels import SEAT_NAMES
from tournaments.models import Pair, PairMember, Result, ResultChange, Session, Table

# --------------------------------------------------------------------------- scoring


@dataclass(frozen=True)
class Scored:
    """A played result as the rules score it."""

    contract: Contract
    declarer: Seat
    tricks_won: int  # as entered
    tricks: int  # after any revoke
    made: bool
    ns_points: int
    ew_points: int

    @property
    def ns_net(self) -> int:
        return self.ns_points - self.ew_points


def contract_for(strain: str, level: str, *, slams: bool) -> Contract:
    """The contract from the panel's two choices: a strain and part-score/game/slam."""
    kind = ContractKind(level)
    if kind is ContractKind.SLAM and not slams:
        raise ValidationError(_("Slams are not played in this session's scoring."))
    return Contract(Strain(strain), kind)


def score_result(
    *,
    board: selectors.BoardFacts,
    contract: str | Contract,
    tricks_won: int,
    revoke: str,
    profile: str,
) -> Scored:
    """Score one result; refuses (ValidationError, in the user's language) a contract the
    profile does not have and tricks outside 0–13."""
    if not 0 <= tricks_won <= 13:
        raise ValidationError(_("Tricks won must be a number from 0 to 13."))
    get_profile(profile)  # a session with an unknown profile is a bug, not a refusal
    try:
        return _scored(
            str(contract), tricks_won, revoke, profile, board.side_hcp, board.declaration.declarer
        )
    except ScoringError as error:
        raise ValidationError(_contract_refusal(error, str(contract))) from error


@functools.lru_cache(maxsize=8192)
def _scored(
    contract: str, tricks_won: int, revoke: str, profile: str, side_hcp: int, declarer: Seat
) -> Scored:
    # Pure in its arguments, and a class's results repeat (every traveller rescored
    # on each save and page), so each distinct result is scored once.
    scoring_profile = get_profile(profile)
    admitted = scoring_profile.admit(contract)
    entry = rules.Result(
        admitted,
        tricks_won,
        revokes_by_declarers=1 if revoke == Result.Revoke.DECLARING_SIDE else 0,
        revokes_by_defenders=1 if revoke == Result.Revoke.DEFENDERS else 0,
    )
    score = entry.score(scoring_profile, hcp=side_hcp)
    return Scored(
        contract=admitted,
        declarer=declarer,
        tricks_won=tricks_won,
        tricks=entry.tricks,
        made=score.made,
        ns_points=score.ns_points(declarer),
        ew_points=score.ew_points(declarer),
    )


def _contract_refusal(error: ScoringError, contract: str) -> str:
    if error.code is ErrorCode.CONTRACT_SLAM_OFF:
        return _("Slams are not played in this session's scoring.")
    if error.code is ErrorCode.CONTRACT_NOT_IN_PROFILE:
        if error.params.get("profile") == "lesson-nt":
            return _("This lesson is played in no trumps only: choose 1NT.")
        return _("This lesson has no games: the target is always 7 tricks, so choose a part-score.")
    return _("%(contract)s is not a Minibridge contract.") % {"contract": contract}


def net_text(ns_net: int) -> str:
    """The score as the table reads it: "N–S +420", "E–W +50" or "0"."""
    if ns_net > 0:
        return _("N–S +%(points)s") % {"points": ns_net}
    if ns_net < 0:
        return _("E–W +%(points)s") % {"points": -ns_net}
    return "0"


def describe(result: Result) -> str:
    """A short, language-neutral record for the audit trail: "4S 10", "4S 9+rv",
    "not played", "60/40"."""
    if result.kind == Result.Kind.NOT_PLAYED:
        return "not played"
    if result.kind == Result.Kind.ADJUSTED:
        return f"{result.ns_adjusted}/{result.ew_adjusted}"
    revoke = {"declaring": " rv-decl", "defending": " rv-def"}.get(result.revoke, "")
    return f"{result.contract} {result.tricks_won}{revoke}"


# --------------------------------------------------------------------------- reads


@dataclass(frozen=True)
class Slot:
    """Where a board is played this round: table, round, pairs."""

    table: Table
    round: int
    board_number: int
    ns_pair: Pair
    ew_pair: Pair


def pairs_by_id(pairs: Sequence[Pair]) -> dict[PairId, Pair]:
    return {sessions.pair_id(pair): pair for pair in pairs}


def entry_pairs(
    session: Session, entry: MovementEntry, *, with_pupils: bool = True
) -> dict[PairId, Pair]:
    """Just the two pairs of a movement entry (with their pupils: two queries)."""
    wanted = Q(pk__in=[])
    for ident in (entry.ns_pair, entry.ew_pair):
        if ident is not None:
            line = ident.direction.value if ident.direction else ""
            wanted |= Q(line=line, number=ident.number)
    found = session.pairs.filter(wanted)
    if with_pupils:
        members = PairMember.objects.select_related("pupil").order_by("position")
        found = found.prefetch_related(Prefetch("members", queryset=members))
    return pairs_by_id(list(found))


def _entry_pairs(
    by_id: dict[PairId, Pair], entry: MovementEntry, *, allow_withdrawn: bool = False
) -> tuple[Pair, Pair] | None:
    if entry.ns_pair is None or entry.ew_pair is None:
        return None
    ns, ew = by_id.get(entry.ns_pair), by_id.get(entry.ew_pair)
    if ns is None or ew is None:
        return None
    if allow_withdrawn:
        return ns, ew
    for pair in (ns, ew):
        if pair.withdrawn_from_round is not None and pair.withdrawn_from_round <= entry.round:
            return None
    return ns, ew


def slot_for(
    session: Session,
    movement: Movement,
    table: Table,
    board_number: int,
    round_: int,
    by_id: dict[PairId, Pair] | None = None,
    *,
    allow_withdrawn: bool = False,
) -> Slot:
    """The slot, or a ValidationError when the board is not played at this table then.
    The teacher (``allow_withdrawn``) may still reach a board whose pair has since
    stopped playing, e.g. to correct a result entered before the pupil left."""
    entry = scheduled_entry(movement, table, board_number, round_)
    if by_id is None:
        by_id = entry_pairs(session, entry)
    pairs = _entry_pairs(by_id, entry, allow_withdrawn=allow_withdrawn)
    if pairs is None:
        raise ValidationError(_not_played_here(table, board_number, round_))
    return Slot(table, round_, board_number, pairs[0], pairs[1])


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
        raise ValidationError(_not_played_here(table, board_number, round_))
    return entry


def _not_played_here(table: Table, board_number: int, round_: int) -> str:
    return _("Board %(board)s is not played at table %(table)s in round %(round)s.") % {
        "board": board_number,
        "table": table.number,
        "round": round_,
    }


# --------------------------------------------------------------------------- writes


class RoundMovedOn(Exception):
    """The teacher started another round between the checks and the save: nothing was
    saved (the answers were for a board of the round before)."""


class ResultConflict(Exception):
    """The board already has a result at this table: nothing is overwritten."""

    def __init__(self, existing: Result) -> None:
        super().__init__(f"Board {existing.board_number} already has a result")
        self.existing = existing


def _board(session: Session, number: int) -> selectors.BoardFacts:
    return selectors.board_facts(
        entry_sql.board(session.board_set_id, number), profile=session.scoring_profile
    )


def loaded_board(loaded: entry_sql.TableAtWork, number: int) -> selectors.BoardFacts:
    """The facts of board ``number``, from the row read with the table when it is that
    board."""
    if loaded.board is not None and loaded.board.number == number:
        return selectors.board_facts(loaded.board, profile=loaded.session.scoring_profile)
    return _board(loaded.session, number)


def result_record(
    *,
    table: Table,
    board_number: int,
    contract: str | Contract,
    tricks_won: int,
    revoke: str = "",
    idempotency_key: str = "",
    entered_by: AbstractBaseUser | None = None,
    loaded: entry_sql.TableAtWork | None = None,
) -> Result:
    """Record a table's result for a board of the current round.

    The same form sent twice (same ``idempotency_key``) returns the first result. A
    different device entering a board that already has a result gets
    :class:`ResultConflict` with the result that stands; nothing is overwritten.

    This is the request every table sends at once, so its reads and its write are the
    plain SQL of :mod:`tournaments.entry_sql`. A view that has just read the table,
    its session and the board (``entry_sql.table_by_token``) passes that as ``loaded``;
    otherwise they are read here.
    """
    # The checks read outside any transaction; the one write below is its own
    # transaction, and the unique constraints settle a race with another device.
    if loaded is None:
        # Read afresh: the round or the state may have changed since the table was loaded.
        loaded = entry_sql.table_by_token(table.token, board_number=board_number)
        if loaded is None:
            raise ValidationError(_("This session is not running."))
    table, session = loaded.table, loaded.session
    try:
        if session.state != Session.State.RUNNING:
            raise ValidationError(_("This session is not running."))
        movement = sessions.session_movement(session, pairs=loaded.pair_count)
        entry = scheduled_entry(movement, table, board_number, session.current_round)
        scored = score_result(
            board=loaded_board(loaded, board_number),
            contract=contract,
            tricks_won=tricks_won,
            revoke=revoke,
            profile=session.scoring_profile,
        )
    except ValidationError:
        # A form sent again after it was saved (a retry once the round or the session
        # has moved on) still answers with its result.
        if sent := sent_before(table, idempotency_key):
            return sent
        raise
    assert entry.ns_pair is not None
    assert entry.ew_pair is not None
    result = Result(
        session=session,
        table=table,
        round=session.current_round,
        board_number=board_number,
        kind=Result.Kind.PLAYED,
        contract=str(scored.contract),
        tricks_won=tricks_won,
        revoke=revoke,
        agreed=not session.require_agreement or entered_by is not None,
        idempotency_key=idempotency_key or None,
        entered_by=entered_by,
    )
    try:
        # No read first: the table's unique constraints answer "was this form sent
        # already?" and "does this board at this table have a result?", and the round,
        # the session's state and the pairs are checked, in the same statement as the
        # write, so nothing that changes in between (another device, the teacher
        # starting the next round) can slip between a check and the write.
        entry_sql.insert_result(result, ns=entry.ns_pair, ew=entry.ew_pair)
    except IntegrityError:
        if sent := sent_before(table, idempotency_key):
            return sent  # the same form, sent twice (a double tap, a retry)
        standing = Result.objects.filter(
            session=session, round=result.round, table=table, board_number=board_number
        ).first()
        if standing is not None:
            raise ResultConflict(standing) from None
        # Neither: the session or the round moved on since the checks, or a pair of
        # this table stopped playing. Say which, as the checks do.
        fresh = Session.objects.get(pk=session.pk)
        if fresh.state != Session.State.RUNNING:
            raise ValidationError(_("This session is not running.")) from None
        if fresh.current_round != result.round:
            raise RoundMovedOn from None
        slot_for(fresh, movement, table, board_number, result.round)
        raise
    return result


def sent_before(table: Table, idempotency_key: str) -> Result | None:
    """The result this table saved from the form with this key, if any."""
    if not idempotency_key:
        return None
    return Result.objects.filter(table=table, idempotency_key=idempotency_key).first()


@transaction.atomic
def result_record_by_teacher(
    *,
    slot: Slot,
    contract: str | Contract,
    tricks_won: int,
    revoke: str,
    teacher: AbstractBaseUser,
) -> Result:
    """The teacher enters a result for any round (it counts at once). If the table
    saved the board a moment earlier, the teacher's entry becomes a correction of it."""
    session = slot.table.session
    standing = Result.objects.filter(
        session=session, round=slot.round, table=slot.table, board_number=slot.board_number
    ).first()
    if standing is not None:
        return result_correct(
            result=standing,
            teacher=teacher,
            contract=contract,
            tricks_won=tricks_won,
            revoke=revoke,
        )
    scored = score_result(
        board=_board(session, slot.board_number),
        contract=contract,
        tricks_won=tricks_won,
        revoke=revoke,
        profile=session.scoring_profile,
    )
    result = Result(
        session=session,
        table=slot.table,
        round=slot.round,
        board_number=slot.board_number,
        ns_pair=slot.ns_pair,
        ew_pair=slot.ew_pair,
        kind=Result.Kind.PLAYED,
        contract=str(scored.contract),
        tricks_won=tricks_won,
        revoke=revoke,
        entered_by=teacher,
    )
    try:
        with transaction.atomic():
            result.save()
    except IntegrityError:
        # The table's save won the race: correct that one instead.
        standing = Result.objects.get(
            session=session, round=slot.round, table=slot.table, board_number=slot.board_number
        )
        return result_correct(
            result=standing,
            teacher=teacher,
            contract=contract,
            tricks_won=tricks_won,
            revoke=revoke,
        )
    ResultChange.objects.create(result=result, changed_by=teacher, old="—", new=describe(result))
    return result


@transaction.atomic
def result_correct(
    *,
    result: Result,
    teacher: AbstractBaseUser,
    contract: str | Contract,
    tricks_won: int,
    revoke: str = "",
) -> Result:
    """The teacher corrects a result; the old and new values go into the audit trail."""
    session = result.session
    scored = score_result(
        board=_board(session, result.board_number),
        contract=contract,
        tricks_won=tricks_won,
        revoke=revoke,
        profile=session.scoring_profile,
    )
    old = describe(result)
    result.kind = Result.Kind.PLAYED
    result.contract = str(scored.contract)
    result.tricks_won = tricks_won
    result.revoke = revoke
    result.ns_adjusted = result.ew_adjusted = None
    return _save_change(result, teacher, old)


def _save_change(result: Result, teacher: AbstractBaseUser, old: str) -> Result:
    result.agreed = True
    result.correction_requested = False
    result.save()
    new = describe(result)
    if new != old:
        ResultChange.objects.create(result=result, changed_by=teacher, old=old, new=new)
    return result


@transaction.atomic
def result_set_not_played(
    *, session: Session, table: Table, board_number: int, round_: int, teacher: AbstractBaseUser
) -> Result:
    """Mark a board not played at a table (it then counts for nobody)."""
    return _set_outcome(session, table, board_number, round_, teacher, kind=Result.Kind.NOT_PLAYED)


ADJUSTMENTS = (60, 50, 40)


@transaction.atomic
def result_adjust(
    *,
    session: Session,
    table: Table,
    board_number: int,
    round_: int,
    teacher: AbstractBaseUser,
    ns_percent: int,
    ew_percent: int,
) -> Result:
    """Award Average+ (60 %), Average (50 %) or Average− (40 %) to each side."""
    if ns_percent not in ADJUSTMENTS or ew_percent not in ADJUSTMENTS:
        raise ValidationError(_("Choose Average+ (60 %), Average (50 %) or Average− (40 %)."))
    return _set_outcome(
        session,
        table,
        board_number,
        round_,
        teacher,
        kind=Result.Kind.ADJUSTED,
        ns_adjusted=ns_percent,
        ew_adjusted=ew_percent,
    )


def _set_outcome(
    session: Session,
    table: Table,
    board_number: int,
    round_: int,
    teacher: AbstractBaseUser,
    *,
    kind: str,
    ns_adjusted: int | None = None,
    ew_adjusted: int | None = None,
) -> Result:
    movement = sessions.session_movement(session)
    slot = slot_for(session, movement, table, board_number, round_, allow_withdrawn=True)
    result = Result.objects.filter(
        session=session, round=round_, table=table, board_number=board_number
    ).first()
    if result is None:
        result = Result(
            session=session,
            table=table,
            round=round_,
            board_number=board_number,
            ns_pair=slot.ns_pair,
            ew_pair=slot.ew_pair,
            entered_by=teacher,
        )
        old = "—"
    else:
        old = describe(result)
    result.kind = kind
    result.contract = ""
    result.tricks_won = None
    result.revoke = ""
    result.ns_adjusted, result.ew_adjusted = ns_adjusted, ew_adjusted
    if result.pk is None:
        try:
            with transaction.atomic():
                return _save_change(result, teacher, old)
        except IntegrityError:
            # The table saved this board a moment ago: change that result instead.
            return _set_outcome(
                session,
                table,
                board_number,
                round_,
                teacher,
                kind=kind,
                ns_adjusted=ns_adjusted,
                ew_adjusted=ew_adjusted,
            )
    return _save_change(result, teacher, old)


@transaction.atomic
def result_agree(*, result: Result) -> Result:
    """The opponents agree the result; from now on it counts."""
    Result.objects.filter(pk=result.pk).update(agreed=True)
    result.agreed = True
    return result


@transaction.atomic
def result_request_correction(*, result: Result) -> Result:
    """A table asks the teacher to look at a result it disagrees with."""
    Result.objects.filter(pk=result.pk).update(correction_requested=True)
    result.correction_requested = True
    return result


def declarer_name(seat: Seat) -> str:
    return str(SEAT_NAMES[seat])


__all__: Sequence[str] = (
    "ResultConflict",
    "Scored",
    "contract_for",
    "describe",
    "net_text",
    "result_adjust",
    "result_agree",
    "result_correct",
    "result_record",
    "result_request_correction",
    "result_set_not_played",
    "score_result",
    "slot_for",
)


# --------------------------------------------------------------------------- travellers


@dataclass(frozen=True)
class TravellerRow:
    result: Result
    scored: Scored | None  # None when not played or adjusted

    @property
    def ns_net(self) -> int | None:
        return self.scored.ns_net if self.scored else None


def traveller(
    session: Session,
    board_number: int,
    *,
    agreed_only: bool = False,
    board: selectors.BoardFacts | None = None,
) -> list[TravellerRow]:
    """Every result on a board so far, scored, table by table."""
    board = board or _board(session, board_number)
    return [
        _traveller_row(session, result, board)
        for result in entry_sql.board_results(session, board_number, agreed_only=agreed_only)
    ]


def saved_traveller(loaded: entry_sql.TableAtWork, result: Result) -> list[TravellerRow]:
    """The traveller a table sees the moment it has saved ``result``: the board's
    results read with the table just before the save (``with_results``), and this one.
    (A result another table saved in between shows on the page that follows.)"""
    rows = [other for other in loaded.board_results if other.pk != result.pk]
    rows.append(result)
    rows.sort(key=lambda row: (row.round, row.table.number))
    board = loaded_board(loaded, result.board_number)
    return [_traveller_row(loaded.session, row, board) for row in rows]


def _traveller_row(session: Session, result: Result, board: selectors.BoardFacts) -> TravellerRow:
    scored = None
    if result.kind == Result.Kind.PLAYED and result.tricks_won is not None:
        scored = score_result(
            board=board,
            contract=result.contract,
            tricks_won=result.tricks_won,
            revoke=result.revoke,
            profile=session.scoring_profile,
        )
    return TravellerRow(result=result, scored=scored)


@dataclass(frozen=True)
class GridCell:
    board_number: int
    result: Result | None

    @property
    def status(self) -> str:
        if self.result is None:
            return "missing"
        if self.result.correction_requested:
            return "correction"
        if not self.result.agreed:
            return "waiting"
        return "entered"


@dataclass(frozen=True)
class GridRow:
    table: Table
    ns: Pair | None
    ew: Pair | None
    cells: tuple[GridCell, ...]
    sits_out: bool
    arrow_switched: bool


def round_grid(session: Session, movement: Movement, round_: int) -> list[GridRow]:
    """Tables × boards of a round with each result's state, in two queries."""
    tables = {table.number: table for table in session.tables.all()}
    pairs = {sessions.pair_id(pair): pair for pair in sessions.session_pairs(session)}
    results = {
        (result.table_id, result.board_number): result
        for result in Result.objects.filter(session=session, round=round_)
    }
    rows = []
    for entry in movement.round_entries(round_):
        table = tables[entry.table]
        ns = pairs.get(entry.ns_pair) if entry.ns_pair else None
        ew = pairs.get(entry.ew_pair) if entry.ew_pair else None
        sits_out = (
            ns is None
            or ew is None
            or any(
                p.withdrawn_from_round is not None and p.withdrawn_from_round <= round_
                for p in (ns, ew)
                if p is not None
            )
        )
        cells = tuple(
            GridCell(number, results.get((table.pk, number)))
            for number in movement.boards(entry.board_set)
        )
        if sits_out:
            # A pair that stopped playing keeps the results it entered before leaving.
            cells = tuple(cell for cell in cells if cell.result is not None)
        rows.append(
            GridRow(
                table=table,
                ns=ns,
                ew=ew,
                cells=cells,
                sits_out=sits_out,
                arrow_switched=entry.arrow_switched,
            )
        )
    return rows


def missing_count(grid: Sequence[GridRow]) -> int:
    return sum(1 for row in grid for cell in row.cells if cell.status != "entered")
