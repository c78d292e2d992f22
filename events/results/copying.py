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
    whatever the session was set to). Two workers copying the same school wait for each
    other on the school's row; the second finds it up to date and does nothing.

    Returns the event's id when its national results are to be computed again once
    this is committed (:func:`count_change`), else None."""
    school = (
        EventSchool.objects.select_for_update(of=("self",))
        .select_related("session")
        .get(pk=school_id)
    )
    session = school.session
    if session is None:
        return None
    revision = Session.objects.values_list("revision", flat=True).get(pk=session.pk)
    if school.synced_revision == revision:
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
