"""Copying a school's session into its event: a school that plays on this site has its
session's results copied into the event's rows (:class:`events.models.EventResult`)
whenever the session has changed since the last copy (its ``revision``), so the
national results follow the classes as they play and finish.

Each change of an event's results (a copy here, an upload in
:mod:`events.schools.uploads`) goes through :func:`results_changed`, which queues the
worker that computes the national results again (:mod:`events.tasks`, below this)."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.db.models import F, QuerySet
from django.utils import timezone

from events import tasks
from events.models import Event, EventPair, EventResult, EventSchool
from scoring.upload import first_name
from tournaments.boards import selectors as board_selectors
from tournaments.models import Board, PairMember, Result, Session
from tournaments.privacy import selectors as privacy_selectors
from tournaments.results.scores import score_played
from tournaments.sessions import selectors as session_selectors


def pair_key(number: int, line: str) -> str:
    """A session pair's id in the event: "3NS", "3EW" (Mitchell), "5" (Howell); the
    same in every language."""
    return f"{number}{line}"


def _first_names(members: Sequence[PairMember]) -> str:
    return " & ".join(first_name(member.pupil.first_name) for member in members)


def sync_direct_schools(event: Event) -> int:
    """Copy into the event the results of each school that plays on this site and whose
    session has changed since its last copy (one query when none has). Returns how many
    schools were copied."""
    return _sync_stale(EventSchool.objects.filter(event=event))


def class_schools_sync(*, school_class_id: int) -> int:
    """Copy again, into every event, each session of the class that has changed since
    its last copy: when a pupil is deleted, the pupil's first name leaves the events'
    pairs in the same transaction, not when somebody next opens the results."""
    return _sync_stale(EventSchool.objects.filter(session__school_class_id=school_class_id))


def _sync_stale(schools: QuerySet[EventSchool]) -> int:
    stale = list(
        schools.filter(session__isnull=False)
        .exclude(synced_revision=F("session__revision"))
        .values_list("pk", flat=True)
    )
    for school_id in stale:
        school_sync_session(school_id)
    return len(stale)


@transaction.atomic
def school_sync_session(school_id: int) -> None:
    """Replace a school's rows in the event with its session's agreed results (pairs by
    their numbers, first names only; played results scored with the session's scoring,
    the event's own). Two workers copying the same school wait for each other on the
    school's row; the second finds it up to date and does nothing."""
    school = (
        EventSchool.objects.select_for_update(of=("self",))
        .select_related("session")
        .get(pk=school_id)
    )
    session = school.session
    if session is None:
        return
    revision = Session.objects.values_list("revision", flat=True).get(pk=session.pk)
    if school.synced_revision == revision:
        return
    school.results.all().delete()
    pairs = _school_pairs(school, session)
    # Scored as the event scores, whatever the session was set to: uploads are too.
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
    school.updated_at = timezone.now()
    school.save(update_fields=["synced_revision", "updated_at"])
    results_changed(school.event_id)


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


def _school_pairs(school: EventSchool, session: Session) -> dict[int, EventPair]:
    """The school's pairs in the event, by the session's pair pks."""
    keys = {}
    wanted = {}
    for pair in session_selectors.session_pairs(session):
        keys[pair.pk] = pair_key(pair.number, pair.line)
        wanted[keys[pair.pk]] = _first_names(list(pair.members.all()))
    kept = keep_school_pairs(school, wanted)
    return {pk: kept[key] for pk, key in keys.items()}


def results_changed(event_id: int) -> None:
    """Count a change of an event's results: its cached national results are stale, and
    a worker computes them again once the change is committed (events.tasks). While a
    refresh is queued and has not started, further changes queue nothing more: it will
    compute them all."""
    Event.objects.filter(pk=event_id).update(results_version=F("results_version") + 1)
    if Event.objects.filter(pk=event_id, national_queued=False).update(national_queued=True):
        transaction.on_commit(lambda: tasks.queue_compute_national(event_id))


# ------------------------------------------------------------------ the classroom's deletions


def forget_names_without_session() -> int:
    """Take the first names out of every school that played on this site and whose
    session is gone (deleted with its class, or purged): its results stay in the event,
    under the school, without names. Called by the classroom's deletions that take
    sessions (:func:`register`); how many pairs lost their names."""
    return (
        EventPair.objects.filter(school__source=EventSchool.Source.DIRECT, school__session=None)
        .exclude(names="")
        .update(names="")
    )


def register() -> None:
    """Hand the events' part of a class's data to ``tournaments.privacy``: a pupil's
    deletion copies the class's sessions into their events again (the first name leaves
    the event's pairs, the partner's and the results stay), and a deletion that takes
    sessions (the class, the purge) takes their names out of the events, each in the
    deletion's own transaction."""
    privacy_selectors.register_class_data(
        privacy_selectors.ClassData(
            key="events", pupil_gone=_pupil_gone, sessions_gone=_sessions_gone
        )
    )


def _pupil_gone(school_class_id: int) -> None:
    class_schools_sync(school_class_id=school_class_id)


def _sessions_gone() -> None:
    forget_names_without_session()
