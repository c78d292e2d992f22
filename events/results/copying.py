"""Copying a school's session into its event: the session's agreed results become the
event's rows (:class:`events.models.EventResult`), its pairs the event's pairs, so the
national results follow the classes as they play and finish.

This is a job (it queues nothing): the caller queues the national results' computation
once the copy is committed, for the events :func:`count_change` says need it
(:mod:`events.results.sync` in a request, :mod:`events.tasks` in a worker)."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from events.models import Event, EventPair, EventResult, EventSchool
from scoring.upload import first_name
from tournaments.boards import selectors as board_selectors
from tournaments.models import Board, PairMember, Result, Session
from tournaments.results.scores import score_played
from tournaments.sessions import selectors as session_selectors


def pair_key(number: int, line: str) -> str:
    """A session pair's id in the event: "3NS", "3EW" (Mitchell), "5" (Howell); the
    same in every language."""
    return f"{number}{line}"


def count_change(event_id: int) -> bool:
    """Count a change of an event's results: its cached national results are stale.
    True when the caller is to queue their computation once the change is committed;
    False while a computation is queued and has not started (it will compute this
    change too)."""
    Event.objects.filter(pk=event_id).update(results_version=F("results_version") + 1)
    return bool(
        Event.objects.filter(pk=event_id, national_queued=False).update(national_queued=True)
    )


@transaction.atomic
def school_copy(school_id: int) -> int | None:
    """Replace a school's rows in the event with its session's agreed results (pairs by
    their numbers, first names only; played results scored with the event's scoring,
    whatever the session was set to), and take down its ``copy_queued`` flag.

    The session's row is locked first, then the school's: the order a change of the
    session takes them (``mark_changed``, then :func:`events.results.sync.
    sessions_changed`), so a change is either in this copy or committed after it and
    finds the flag down (it queues another copy); two copies of the same school wait
    for each other and the second finds it up to date. A school gone meanwhile (or an
    uploading one) is left as it is.

    Returns the event's id when its national results are to be computed again once
    this is committed (:func:`count_change`), else None."""
    session_id = (
        EventSchool.objects.filter(pk=school_id).values_list("session_id", flat=True).first()
    )
    revision = (
        None
        if session_id is None
        else Session.objects.select_for_update()
        .filter(pk=session_id)
        .values_list("revision", flat=True)
        .first()
    )
    school = (
        EventSchool.objects.select_for_update(of=("self",))
        .select_related("session")
        .filter(pk=school_id)
        .first()
    )
    if school is None:
        return None
    session = school.session
    if session is None or session.pk != session_id or school.synced_revision == revision:
        # Nothing to copy (or the school changed sessions meanwhile: that session's
        # changes queue their own copy, and the pages copy whatever is behind).
        if school.copy_queued:
            EventSchool.objects.filter(pk=school.pk).update(copy_queued=False)
        return None
    school.results.all().delete()
    pairs = _school_pairs(school, session)
    profile = school.event.profile
    boards = {
        board.number: board_selectors.board_facts(board, profile=profile)
        for board in Board.objects.filter(board_set_id=session.board_set_id)
    }
    rows = []
    for result in Result.objects.filter(session=session, agreed=True):
        row = EventResult(
            school=school,
            board_number=result.board_number,
            ns_pair=pairs[result.ns_pair_id],
            ew_pair=pairs[result.ew_pair_id],
            kind=result.kind,
        )
        scored = score_played(result, boards[result.board_number], profile)
        if scored is not None:
            row.contract = str(scored.contract)
            row.declarer = scored.declarer.value
            row.tricks = scored.tricks
            row.ns_score = scored.ns_net
        elif result.kind == Result.Kind.ADJUSTED:
            row.ns_percent, row.ew_percent = result.ns_adjusted, result.ew_adjusted
        rows.append(row)
    EventResult.objects.bulk_create(rows)
    school.synced_revision = revision
    school.copy_queued = False
    school.updated_at = timezone.now()
    school.save(update_fields=["synced_revision", "copy_queued", "updated_at"])
    return school.event_id if count_change(school.event_id) else None


def keep_school_pairs(school: EventSchool, wanted: dict[str, str]) -> dict[str, EventPair]:
    """The school's pairs in the event, ``wanted`` as key → first names: the ones it has
    are kept as they are (the cached national results name pairs by their rows, so a
    school whose results change keeps its place on the pages while a worker computes
    them again), their names brought up to date; new ones are added, gone ones removed
    (with their results). Call it after removing the school's results."""
    kept = {pair.key: pair for pair in school.pairs.all()}
    pairs: dict[str, EventPair] = {}
    renamed: list[EventPair] = []
    for key, names in wanted.items():
        known = kept.pop(key, None)
        if known is None:
            known = EventPair(school=school, key=key, names=names)
        elif known.names != names:
            known.names = names
            renamed.append(known)
        pairs[key] = known
    EventPair.objects.filter(pk__in=[pair.pk for pair in kept.values()]).delete()
    EventPair.objects.bulk_update(renamed, ["names"])
    EventPair.objects.bulk_create(pair for pair in pairs.values() if pair.pk is None)
    return pairs


def _first_names(members: Sequence[PairMember]) -> str:
    return " & ".join(first_name(member.pupil.first_name) for member in members)


def _school_pairs(school: EventSchool, session: Session) -> dict[int, EventPair]:
    """The school's pairs in the event, by the session's pair pks."""
    keys = {}
    wanted = {}
    for pair in session_selectors.session_pairs(session):
        keys[pair.pk] = pair_key(pair.number, pair.line)
        wanted[keys[pair.pk]] = _first_names(list(pair.members.all()))
    kept = keep_school_pairs(school, wanted)
    return {pk: kept[key] for pk, key in keys.items()}
