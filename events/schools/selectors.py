"""Reads for a teacher's events: the event a join code names, the teacher's schools
(404 for anybody else's, as the classroom's pages do) and what a teacher reads before
joining."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import Count, Q, QuerySet
from django.shortcuts import get_object_or_404

from events.models import Event, EventSchool, EventSection
from events.results.sync import sync_direct_schools
from tournaments.models import SchoolClass


def normalise_code(text: str) -> str:
    """A code as typed ("a3k9 7xqm", "A3K9-7XQM") as it is stored ("A3K97XQM")."""
    return "".join(ch for ch in text.upper() if ch.isalnum())


def find_event(code: str) -> Event | None:
    """The event a join code names, however it was typed (None if there is none)."""
    return Event.objects.filter(join_code=normalise_code(code)).first()


def schools_for_teacher(teacher: User) -> QuerySet[EventSchool]:
    """A teacher's schools in events, newest event first."""
    return (
        EventSchool.objects.filter(teacher_id=teacher.pk)
        .select_related("event", "event__organiser", "school_class", "session", "section")
        .annotate(result_count=Count("results"))
        .order_by("-event__starts_on", "-pk")
    )


def get_school_for_teacher(teacher: User, school_id: int) -> EventSchool:
    return get_object_or_404(schools_for_teacher(teacher), pk=school_id)


def school_for_page(teacher: User, school_id: int) -> EventSchool:
    """A teacher's school as its page shows it: a school playing on this site has its
    results copied into the event first, so its count is the national results' own."""
    school = get_school_for_teacher(teacher, school_id)
    if school.session_id is not None and sync_direct_schools(school.event):
        school = get_school_for_teacher(teacher, school_id)
    return school


def sections_of(event: Event) -> list[EventSection]:
    """The event's sections in order (none: the event has one national ranking)."""
    return list(EventSection.objects.filter(event=event))


def classes_for_event(teacher: User) -> QuerySet[SchoolClass]:
    return SchoolClass.objects.filter(teacher_id=teacher.pk)


@dataclass(frozen=True)
class EventFacts:
    """What a teacher reads about an event before joining it."""

    event: Event
    board_count: int


def event_facts(event: Event) -> EventFacts:
    return EventFacts(event=event, board_count=event.board_set.boards.count())


def get_school_for_upload(user: User, school_id: int) -> EventSchool:
    """A school of the event, for its teacher or the event's organiser; 404 for anyone
    else (as for another teacher's things)."""
    return get_object_or_404(
        EventSchool.objects.select_related("event", "event__organiser"),
        Q(teacher=user) | Q(event__organiser__user=user),
        pk=school_id,
    )
