"""Writes of a school in an event: a teacher's school joining (into a section, when the
event has sections), its section changed, and its class's session for the event. Reads
first, then one short transaction each."""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from events import labels
from events.models import Event, EventSchool, EventSection
from events.organiser.services import sections_changed
from tournaments.models import Pupil, SchoolClass, Session
from tournaments.sessions.services import session_create


@transaction.atomic
def school_join(
    *,
    event: Event,
    teacher: User,
    name: str,
    school_class: SchoolClass | None = None,
    source: str = EventSchool.Source.DIRECT,
    section: EventSection | None = None,
) -> EventSchool:
    """A teacher's school takes part in the event (once under each name), in one of its
    sections when it has sections (then ``section`` is needed)."""
    name = name.strip()
    if not name:
        raise ValidationError(_("Give your school's name: it is shown with your pupils' results."))
    if school_class is not None and school_class.teacher_id != teacher.pk:
        raise ValidationError(_("Choose one of your own classes."))
    section = _section_of(event, section)
    taken = ValidationError(
        _("A school called %(name)s has joined this event already: add the town or the class.")
        % {"name": name}
    )
    if EventSchool.objects.filter(event=event, name__iexact=name).exists():
        raise taken
    try:
        with transaction.atomic():
            return EventSchool.objects.create(
                event=event,
                name=name,
                teacher=teacher,
                school_class=school_class,
                source=source,
                section=section,
            )
    except IntegrityError:  # the same name at the same moment (a double tap)
        raise taken from None


@transaction.atomic
def event_join(
    *,
    event: Event,
    teacher: User,
    name: str,
    source: str,
    school_class: SchoolClass | None,
    today: datetime.date,
    section: EventSection | None = None,
) -> EventSchool:
    """A teacher's school joins the event while it is on (or before it starts): a class
    playing here names its class; an upload needs none. In an event with sections the
    school chooses its section."""
    if event.is_over(today):
        raise ValidationError(
            labels.EVENT_OVER % {"day": date_format(event.ends_on, "DATE_FORMAT")}
        )
    if source == EventSchool.Source.DIRECT and school_class is None:
        raise ValidationError({"school_class": labels.CLASS_NEEDED})
    return school_join(
        event=event,
        teacher=teacher,
        name=name,
        school_class=school_class if source == EventSchool.Source.DIRECT else None,
        source=source,
        section=section,
    )


def _section_of(event: Event, section: EventSection | None) -> EventSection | None:
    """The section a school of ``event`` may be in: one of the event's, and one is
    needed when the event has any (none when it has none)."""
    if section is None:
        if EventSection.objects.filter(event=event).exists():
            raise ValidationError({"section": labels.SECTION_NEEDED})
        return None
    if section.event_id != event.pk:
        raise ValidationError({"section": labels.SECTION_NOT_IN_EVENT})
    if not EventSection.objects.filter(pk=section.pk).exists():
        raise ValidationError({"section": labels.SECTION_GONE})
    return section


@transaction.atomic
def school_section_set(*, school: EventSchool, section: EventSection) -> EventSchool:
    """The school (all its pairs) moves to another section of its event: the
    organiser's, at any time. Its results stay; the section rankings follow."""
    school = EventSchool.objects.select_for_update().select_related("event").get(pk=school.pk)
    moved_to = _section_of(school.event, section)
    if school.section_id != section.pk:
        school.section = moved_to
        school.save(update_fields=["section"])
        sections_changed(school.event_id)
    return school


@transaction.atomic
def school_section_choose(
    *, school: EventSchool, section: EventSection, today: datetime.date
) -> EventSchool:
    """The school's teacher chooses another section, while the event is on (or before
    it starts); after its last day only the organiser moves a school."""
    event = Event.objects.get(pk=school.event_id)
    if event.is_over(today):
        raise ValidationError(
            {
                "section": labels.SECTION_CHANGE_OVER
                % {"day": date_format(event.ends_on, "DATE_FORMAT")}
            }
        )
    return school_section_set(school=school, section=section)


@transaction.atomic
def school_session_create(
    *, school: EventSchool, present: Sequence[Pupil], today: datetime.date
) -> Session:
    """The class's draft session for the event (pairs, never individual), linked to the
    school so its results reach the event."""
    school = EventSchool.objects.select_for_update().select_related("event").get(pk=school.pk)
    if school.event.is_over(today):
        raise ValidationError(
            labels.EVENT_OVER_PLAY % {"day": date_format(school.event.ends_on, "DATE_FORMAT")}
        )
    if school.session_id is not None:
        raise ValidationError(labels.SESSION_EXISTS)
    if school.source != EventSchool.Source.DIRECT or school.school_class is None:
        raise ValidationError(labels.UPLOADS_PLAY_ELSEWHERE)
    session = session_create(
        school_class=school.school_class, present=present, date=today, mixed=True
    )
    school.session = session
    school.synced_revision = None  # a new session is copied whatever its revision
    school.save(update_fields=["session", "synced_revision"])
    return session
