"""Writes of result entry: a table saving a board, the teacher entering or correcting
one, marking it not played or adjusting it, the opponents agreeing, a table's flag.

Every write counts a change of the session (``Session.revision``, for the ETags of the
pages polled) and locks the session's row for the rest of its transaction (on SQLite
an ``IMMEDIATE`` transaction holds the database's write lock from its start). The
teacher's writes take the lock first and check after, so nothing they check can go
stale. A table's save, the request a whole class sends at once, checks first and then
writes in a short transaction whose conditional update confirms what the checks saw
(see :func:`result_record`); the unique constraints settle a race with another device.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Exists
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.contracts import Contract
from tournaments.labels.bridge import contract_text
from tournaments.models import Flag, Pair, Result, ResultChange, Session, Table
from tournaments.results.scores import score_result
from tournaments.results.selectors import (
    Slot,
    TableEntry,
    board_for_session,
    slot_for,
    table_entry,
)
from tournaments.sessions import selectors as session_selectors

ADJUSTMENTS = (60, 50, 40)


class SessionNotRunning(ValidationError):
    """The session has not started or is finished: the tables' links are closed."""

    def __init__(self) -> None:
        super().__init__(_("This session is not running."))


class KeyReused(ValidationError):
    """A form's key came back with another board or other answers than the result it
    saved: nothing is saved or changed (the result saved with it stands)."""

    def __init__(self, saved: Result) -> None:
        super().__init__(
            _(
                "This form was already saved for board %(board)s with other answers "
                "(%(contract)s, %(tricks)s tricks). Nothing was changed: if that is "
                "wrong, ask the teacher to correct it."
            )
            % {
                "board": saved.board_number,
                "contract": contract_text(saved.contract),
                "tricks": saved.tricks_won,
            }
        )
        self.saved = saved


class RoundMovedOn(Exception):
    """The teacher started another round after the panel was shown: nothing was saved
    (the answers were for a board of the round before)."""


class ResultConflict(Exception):
    """The board already has a result at this table: nothing is overwritten."""

    def __init__(self, existing: Result) -> None:
        super().__init__(f"Board {existing.board_number} already has a result")
        self.existing = existing


def describe(result: Result) -> str:
    """A short, language-neutral record for the audit trail: "4S 10", "4S 9 rv-def",
    "not played", "60/40"."""
    if result.kind == Result.Kind.NOT_PLAYED:
        return "not played"
    if result.kind == Result.Kind.ADJUSTED:
        return f"{result.ns_adjusted}/{result.ew_adjusted}"
    revoke = {"declaring": " rv-decl", "defending": " rv-def"}.get(result.revoke, "")
    return f"{result.contract} {result.tricks_won}{revoke}"


def _answers(result: Result) -> tuple[str, int | None, str]:
    """What a table answered: the contract, the tricks and any revoke."""
    return result.contract, result.tricks_won, result.revoke


def _locked(session: Session) -> Session:
    """The session read afresh and locked until the transaction ends, its change counted
    (a refused write rolls the count back with the rest)."""
    Session.objects.filter(pk=session.pk).mark_changed()  # takes the row's lock too
    return Session.objects.select_for_update().get(pk=session.pk)


def _standing(session: Session, table: Table, round_: int, board_number: int) -> Result | None:
    return Result.objects.filter(
        session=session, round=round_, table=table, board_number=board_number
    ).first()


# --------------------------------------------------------------------------- a table


def result_record(
    *,
    table: Table,
    board_number: int,
    contract: str | Contract,
    tricks_won: int,
    revoke: str = "",
    idempotency_key: str = "",
    shown_round: int | None = None,
    entered_by: User | None = None,
) -> Result:
    """A table records its result for a board of the current round.

    The same form sent twice (same ``idempotency_key``: a double tap, a retry after the
    network dropped) returns the first result, even once the round or the session has
    moved on or the teacher has corrected it since; the same key with another board or
    other answers raises
    :class:`KeyReused` (a ValidationError) and changes nothing. A board that already
    has a result at this table (another device) raises :class:`ResultConflict` with the
    result that stands, unless it is the same result; nothing is overwritten. A form
    shown in another round than the current one (``shown_round``) raises
    :class:`RoundMovedOn`, a closed session :class:`SessionNotRunning`, and a board not
    played here now a ValidationError.

    Every table of a class saves at the same moment, and on SQLite each write waits for
    the database's one write lock: so the checks read first, outside any transaction,
    and the write is a short transaction of two statements. A conditional UPDATE counts
    the session's change only if the session still runs in the round the checks saw,
    with the setup they read (a pair withdrawn, a pupil replaced since: the teacher's
    services count the setup's change on the session's row in the same transaction)
    and both pairs still playing; it also locks the session's row until the end, so the
    teacher's round change waits. Then the insert (and, for a session in an event, the
    events' listener's question). If anything moved in between (the round, the setup,
    another device, the same form sent twice at once: the unique constraints see to
    those), the checks run once more, holding the session's row, and say what
    happened.
    """
    return _record(
        table=table,
        board_number=board_number,
        contract=contract,
        tricks_won=tricks_won,
        revoke=revoke,
        idempotency_key=idempotency_key,
        shown_round=shown_round,
        entered_by=entered_by,
    ).result


@dataclass(frozen=True)
class Recorded:
    """A result a table's save stands on (saved now, or before) and what the save read
    before it wrote (``entry``: the table's other boards of the round, the board), from
    which its answer is made without reading any of it again."""

    result: Result
    entry: TableEntry


def _record(
    *,
    table: Table,
    board_number: int,
    contract: str | Contract,
    tricks_won: int,
    revoke: str,
    idempotency_key: str,
    shown_round: int | None,
    entered_by: User | None,
    session: Session | None = None,
    again: bool = True,
) -> Recorded:
    """:func:`result_record`, with what its checks read (``session``: the table's, as
    the request read it with the table, else read here; ``again``: the checks may run
    once more, on a fresh read of the session, if the write found it moved on)."""
    entry = table_entry(
        table=table,
        board_number=board_number,
        idempotency_key=idempotency_key,
        contract=contract,
        tricks_won=tricks_won,
        revoke=revoke,
        session=session if again else None,
    )
    session, result = entry.session, entry.sent_before
    answers = (str(contract), tricks_won, revoke)
    if result is not None:
        same = (result.board_number, *_answers(result)) == (board_number, *answers)
        # The form sent before, its answers since corrected by the teacher: it was
        # saved, and the teacher's correction stands.
        if not same and not (result.board_number == board_number and result.changes.exists()):
            raise KeyReused(result)
        return Recorded(result, entry)  # the form sent before
    if session.state != Session.State.RUNNING:
        raise SessionNotRunning
    if shown_round is not None and shown_round != session.current_round:
        raise RoundMovedOn
    slot, board = entry.slot, entry.board
    if slot is None or board is None:
        raise ValidationError(entry.not_here)
    if entry.standing is not None:
        if _answers(entry.standing) == answers:
            # A second tablet at the table sent the same result.
            return Recorded(entry.standing, entry)
        raise ResultConflict(entry.standing)
    if entry.refused is not None:
        raise entry.refused
    scored = entry.scored
    assert scored is not None  # scored, or refused, when the board has no result here
    result = Result(
        session=session,
        table=table,
        round=slot.round,
        board_number=board_number,
        ns_pair=slot.ns_pair,
        ew_pair=slot.ew_pair,
        ns_partner=slot.ns_partner,
        ew_partner=slot.ew_partner,
        kind=Result.Kind.PLAYED,
        contract=str(scored.contract),
        tricks_won=tricks_won,
        revoke=revoke,
        agreed=not session.require_agreement or entered_by is not None,
        idempotency_key=idempotency_key or None,
        entered_by=entered_by,
    )
    # Whether the session plays for a school in an event, from the row the request read
    # (no query then): for a lesson, the events' listener asks nothing inside the write.
    in_event = session_selectors.plays_for_a_school(session)
    try:
        with transaction.atomic():
            # The session still in this round with the setup the checks read, both pairs
            # still playing: one statement, which counts the change when it holds. The
            # setup's revision is what a save racing the teacher's change sees on
            # PostgreSQL: waiting for the row's lock, it checks the row again as it is
            # then, the pairs' subqueries as they were when the statement began.
            still = Session.objects.filter(
                _pair_plays(slot.ns_pair, slot.round),
                _pair_plays(slot.ew_pair, slot.round),
                pk=session.pk,
                state=Session.State.RUNNING,
                current_round=slot.round,
                setup_revision=session.setup_revision,
            )
            if not still.mark_changed(in_event=in_event):
                raise _MovedOn
            result.save()
    except (IntegrityError, _MovedOn):
        if not again:
            raise
        # The checks again, on what is there now: they say what happened. This time
        # holding the session's row, which every change of what they check counts
        # itself on (the teacher's, the analysis coming in): nothing moves before the
        # write, however often the setup changes meanwhile.
        with transaction.atomic():
            list(Session.objects.select_for_update().filter(pk=session.pk).values_list("pk"))
            return _record(
                table=table,
                board_number=board_number,
                contract=contract,
                tricks_won=tricks_won,
                revoke=revoke,
                idempotency_key=idempotency_key,
                shown_round=shown_round if shown_round is not None else slot.round,
                entered_by=entered_by,
                again=False,
            )
    return Recorded(result, entry)


def _pair_plays(pair: Pair, round_: int) -> Exists:
    """The condition that ``pair`` still plays in ``round_`` (not withdrawn by then)."""
    return Exists(Pair.objects.playing_in(round_).filter(pk=pair.pk))


class _MovedOn(Exception):
    """The session, its setup or a pair changed between a save's checks and its write."""


@transaction.atomic
def result_agree(*, result: Result) -> Result:
    """The opponents agree the result; from now on it counts."""
    Session.objects.filter(pk=result.session_id).mark_changed()
    Result.objects.filter(pk=result.pk).update(agreed=True)
    result.agreed = True
    return result


def _raise_flag(result: Result, kind: str, **sent: object) -> Flag:
    """The open flag of this kind on the result, raised now if there is none (a double
    tap, or two tablets at once, raise one: the database keeps one open per kind)."""
    Session.objects.filter(pk=result.session_id).mark_changed()
    try:
        with transaction.atomic():
            flag, _created = Flag.objects.get_or_create(
                result=result,
                kind=kind,
                resolution=Flag.Resolution.OPEN,
                defaults=sent,
            )
    except IntegrityError:  # raised by another request between the read and the write
        flag = Flag.objects.get(result=result, kind=kind, resolution=Flag.Resolution.OPEN)
    return flag


@transaction.atomic
def result_request_correction(*, result: Result) -> Flag:
    """A table asks the teacher to look at a result it disagrees with: an open flag,
    kept until the teacher corrects the result or dismisses the flag."""
    return _raise_flag(result, Flag.Kind.CHECK)


def result_record_from_tablet(
    *,
    table: Table,
    board_number: int,
    contract: str | Contract,
    tricks_won: int,
    revoke: str = "",
    idempotency_key: str = "",
    shown_round: int | None = None,
    session: Session | None = None,
) -> Recorded:
    """A table's tablet sends its result: :func:`result_record` (with what it read, for
    the answer), and when the board already has another result at this table (another
    device), the result that stands stays and the teacher gets an open flag saying what
    this tablet sent, until it is answered; :class:`ResultConflict` is raised still,
    after the flag is saved. ``session``: the table's, as the request read it with the
    table (else read again)."""
    try:
        return _record(
            table=table,
            board_number=board_number,
            contract=contract,
            tricks_won=tricks_won,
            revoke=revoke,
            idempotency_key=idempotency_key,
            shown_round=shown_round,
            entered_by=None,
            session=session,
        )
    except ResultConflict as conflict:
        result_flag_conflict(
            result=conflict.existing, contract=contract, tricks_won=tricks_won, revoke=revoke
        )
        raise


@transaction.atomic
def result_flag_conflict(
    *, result: Result, contract: str | Contract, tricks_won: int, revoke: str = ""
) -> Flag:
    """A second tablet sent other answers for a board that already had a result: the
    result stands, and the teacher gets an open flag saying what the other tablet sent."""
    return _raise_flag(
        result,
        Flag.Kind.CONFLICT,
        sent_contract=str(contract),
        sent_tricks=tricks_won,
        sent_revoke=revoke,
    )


@transaction.atomic
def flag_dismiss(*, flag: Flag, teacher: User, reason: str) -> Flag:
    """The teacher answers a flag without changing the result, saying why."""
    reason = reason.strip()
    if not reason:
        raise ValidationError({"reason": _("Say in a few words why the result stays.")})
    if not flag.is_open:
        return flag  # answered already (a second tap, another device)
    Session.objects.filter(pk=flag.result.session_id).mark_changed()
    flag.resolution = Flag.Resolution.DISMISSED
    flag.reason = reason[:200]
    flag.resolved_by = teacher
    flag.resolved_at = timezone.now()
    flag.full_clean()
    flag.save()
    return flag


# --------------------------------------------------------------------------- the teacher


@transaction.atomic
def result_record_by_teacher(
    *,
    slot: Slot,
    contract: str | Contract,
    tricks_won: int,
    revoke: str,
    teacher: User,
) -> Result:
    """The teacher enters a result for any round (it counts at once). If the board
    already has a result at that table (the table saved it a moment earlier), the
    teacher's entry is a correction of it."""
    session = _locked(slot.table.session)
    standing = _standing(session, slot.table, slot.round, slot.board_number)
    if standing is not None:
        return result_correct(
            result=standing,
            teacher=teacher,
            contract=contract,
            tricks_won=tricks_won,
            revoke=revoke,
        )
    scored = score_result(
        board=board_for_session(session, slot.board_number),
        contract=contract,
        tricks_won=tricks_won,
        revoke=revoke,
        profile=session.profile,
    )
    result = Result.objects.create(
        session=session,
        table=slot.table,
        round=slot.round,
        board_number=slot.board_number,
        ns_pair=slot.ns_pair,
        ew_pair=slot.ew_pair,
        ns_partner=slot.ns_partner,
        ew_partner=slot.ew_partner,
        kind=Result.Kind.PLAYED,
        contract=str(scored.contract),
        tricks_won=tricks_won,
        revoke=revoke,
        entered_by=teacher,
    )
    ResultChange.objects.create(result=result, changed_by=teacher, old="—", new=describe(result))
    return result


@transaction.atomic
def result_correct(
    *,
    result: Result,
    teacher: User,
    contract: str | Contract,
    tricks_won: int,
    revoke: str = "",
) -> Result:
    """The teacher corrects a result; the old and new values go into the audit trail."""
    session = _locked(result.session)
    scored = score_result(
        board=board_for_session(session, result.board_number),
        contract=contract,
        tricks_won=tricks_won,
        revoke=revoke,
        profile=session.profile,
    )
    old = describe(result)
    result.kind = Result.Kind.PLAYED
    result.contract = str(scored.contract)
    result.tricks_won = tricks_won
    result.revoke = revoke
    result.ns_adjusted = result.ew_adjusted = None
    return _save_change(result, teacher, old)


def _save_change(result: Result, teacher: User, old: str) -> Result:
    """Save the teacher's entry; it changes the audit trail if it changed the result,
    and answers the result's open flags either way (corrected, or checked and kept)."""
    result.agreed = True
    result.save()
    new = describe(result)
    if new != old:
        ResultChange.objects.create(result=result, changed_by=teacher, old=old, new=new)
    Flag.objects.filter(result=result, resolution=Flag.Resolution.OPEN).update(
        resolution=Flag.Resolution.CORRECTED if new != old else Flag.Resolution.CHECKED,
        resolved_by=teacher,
        resolved_at=timezone.now(),
    )
    return result


@transaction.atomic
def result_set_not_played(
    *, session: Session, table: Table, board_number: int, round_: int, teacher: User
) -> Result:
    """Mark a board not played at a table (it then counts for nobody)."""
    return _set_outcome(session, table, board_number, round_, teacher, kind=Result.Kind.NOT_PLAYED)


@transaction.atomic
def result_adjust(
    *,
    session: Session,
    table: Table,
    board_number: int,
    round_: int,
    teacher: User,
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
    teacher: User,
    *,
    kind: str,
    ns_adjusted: int | None = None,
    ew_adjusted: int | None = None,
) -> Result:
    session = _locked(session)
    movement = session_selectors.session_movement(session)
    setup = session_selectors.session_setup(session)
    slot = slot_for(setup, movement, table, board_number, round_, allow_withdrawn=True)
    result = _standing(session, table, round_, board_number)
    if result is None:
        result = Result(
            session=session,
            table=table,
            round=round_,
            board_number=board_number,
            ns_pair=slot.ns_pair,
            ew_pair=slot.ew_pair,
            ns_partner=slot.ns_partner,
            ew_partner=slot.ew_partner,
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
    return _save_change(result, teacher, old)
