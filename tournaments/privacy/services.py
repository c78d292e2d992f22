"""Privacy's writes: deleting a pupil or a whole class, and removing finished sessions
past the school's retention period; each is one transaction.

What deleting a pupil means (the "right to erasure", as a school would expect it) is
said in :mod:`tournaments.privacy.selectors`."""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable

from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from tournaments.models import (
    Pair,
    PairMember,
    Partnership,
    Pupil,
    Result,
    ResultChange,
    SchoolClass,
    Session,
    Table,
)
from tournaments.privacy.selectors import (
    _CLASS_DATA,
    SessionsCount,
    _purgeable,
    _sessions_with,
    sessions_count,
)
from tournaments.sessions.services import make_pairs, mix_key


def _delete_sessions(sessions: QuerySet[Session]) -> SessionsCount:
    """Delete the sessions and all they hold, in the order the PROTECTed references
    need: corrections, results, then pairs and tables, then the sessions."""
    count = sessions_count(sessions)
    ResultChange.objects.filter(result__session__in=sessions).delete()
    Result.objects.filter(session__in=sessions).delete()
    PairMember.objects.filter(session__in=sessions).delete()
    Pair.objects.filter(session__in=sessions).delete()
    Table.objects.filter(session__in=sessions).delete()
    sessions.delete()  # and the "who is here" ticks with them
    return count


@transaction.atomic
def class_delete(*, school_class: SchoolClass) -> SessionsCount:
    """Delete a class with everything linked to it: its sessions (pairs, tables,
    results, corrections), its partnerships and its pupils. The teacher's board sets
    stay: they are not the class's and hold only cards."""
    school_class = SchoolClass.objects.select_for_update().get(pk=school_class.pk)
    # Lock the sessions too: a table saving a result waits, then finds nothing.
    list(Session.objects.select_for_update().filter(school_class=school_class))
    count = _delete_sessions(Session.objects.filter(school_class=school_class))
    Partnership.objects.filter(school_class=school_class).delete()
    pupils = list(Pupil.objects.filter(school_class=school_class))
    _forget_in_admin_log(pupils, school_class, whole_class=True)
    Pupil.objects.filter(school_class=school_class).delete()
    school_class.delete()
    _sessions_gone()
    return count


def _sessions_gone() -> None:
    """What other apps copied of deleted sessions goes too (the events' pair names)."""
    for part in _CLASS_DATA.values():
        if part.sessions_gone is not None:
            part.sessions_gone()


def _forget_in_admin_log(
    pupils: Iterable[Pupil], school_class: SchoolClass, *, whole_class: bool = False
) -> None:
    """The admin site's history names the pupils it changed ("Nora H"), also in its
    class's entries ("Added pupil “Nora H”"): those entries go with the pupils. A class
    entry naming the pupil's first name, or any name the pupil's own entries recorded,
    goes too (names change; a little too much history lost is the safe side)."""
    pupil_type = ContentType.objects.get_for_model(Pupil)
    class_type = ContentType.objects.get_for_model(SchoolClass)
    class_entries = LogEntry.objects.filter(content_type=class_type, object_id=str(school_class.pk))
    for pupil in pupils:
        own = LogEntry.objects.filter(content_type=pupil_type, object_id=str(pupil.pk))
        names = {pupil.first_name, *own.values_list("object_repr", flat=True)}
        mentions = Q()
        for name in filter(None, names):
            # Change messages are JSON with non-ASCII letters escaped ("\u00c5se").
            mentions |= Q(change_message__contains=name)
            mentions |= Q(change_message__contains=json.dumps(name)[1:-1])
        class_entries.filter(mentions).delete()
        own.delete()
    if whole_class:
        class_entries.delete()


@transaction.atomic
def pupil_delete(*, pupil: Pupil) -> None:
    """Delete a pupil as the module's docstring says. Refused, with nothing changed,
    while a session the pupil is in is running."""
    pupil = Pupil.objects.select_for_update().get(pk=pupil.pk)
    sessions = list(Session.objects.select_for_update().filter(pk__in=_sessions_with(pupil)))
    running = [session for session in sessions if session.state == Session.State.RUNNING]
    if running:
        raise ValidationError(
            _(
                "%(name)s is in the session of %(date)s, which is running. Finish that "
                "session first, then delete %(name)s."
            )
            % {"name": pupil, "date": date_format(running[0].date)}
        )
    PairMember.objects.filter(pupil=pupil).delete()
    # A finished session's projector and standings no longer name the pupil.
    Session.objects.filter(pk__in=[session.pk for session in sessions]).mark_changed(setup=True)
    drafts = [session for session in sessions if session.state == Session.State.DRAFT]
    for session in drafts:
        session.present.remove(pupil)
        _make_pairs_again(session, session.present.exclude(pk=pupil.pk))
    Partnership.objects.filter(Q(first=pupil) | Q(second=pupil)).delete()
    for part in _CLASS_DATA.values():
        if part.forget_pupil is not None:
            part.forget_pupil(pupil)
    _forget_in_admin_log([pupil], pupil.school_class)
    pupil.delete()  # and the pupil's "who is here" ticks
    for part in _CLASS_DATA.values():
        if part.pupil_gone is not None:
            part.pupil_gone(pupil.school_class_id)


def _make_pairs_again(session: Session, present: Iterable[Pupil]) -> None:
    """The pairs of a session being set up, made afresh as the teacher's pages make
    them: mixed (sessions.make_pairs)."""
    known = Partnership.objects.filter(school_class_id=session.school_class_id).values_list(
        "first_id", "second_id"
    )
    groups = make_pairs(list(present), list(known), mix=mix_key(session))
    session.pairs.all().delete()
    for number, group in enumerate(groups, start=1):
        pair = Pair.objects.create(session=session, number=number)
        PairMember.objects.bulk_create(
            PairMember(session=session, pair=pair, pupil=pupil, position=position)
            for position, pupil in enumerate(group, start=1)
        )


@transaction.atomic
def sessions_purge(*, before: datetime.date) -> SessionsCount:
    """Delete the finished sessions dated before ``before``, with their pairs, tables,
    results and corrections. Pupils, classes and board sets stay."""
    count = _delete_sessions(_purgeable(before))
    _sessions_gone()
    return count
