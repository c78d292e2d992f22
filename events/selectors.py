"""Reads for the organisers' pages and a teacher's events: each object fetched for the
user who may see it (404 for anybody else, as the classroom's pages do)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import Count, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import NoReverseMatch, reverse

from events import labels, national
from events.models import Event, EventSchool, Organiser
from tournaments.models import SchoolClass


def organiser_for_user(user: User) -> Organiser:
    """The user's organiser account; a user without one gets a 404, never a hint."""
    try:
        return Organiser.objects.get(user_id=user.pk)
    except Organiser.DoesNotExist:
        raise Http404 from None


def events_for_organiser(organiser: Organiser) -> QuerySet[Event]:
    return (
        Event.objects.filter(organiser=organiser)
        .select_related("board_set")
        .annotate(school_count=Count("schools", distinct=True))
    )


def get_event_for_organiser(user: User, event_id: int) -> Event:
    organiser = organiser_for_user(user)
    return get_object_or_404(
        Event.objects.select_related("board_set", "organiser"), pk=event_id, organiser=organiser
    )


def event_schools(event: Event) -> QuerySet[EventSchool]:
    """The schools that joined, with how many results each has sent: counted from the
    rows the national results are computed from, after copying in the schools playing
    on this site (as the national results page does), so the two pages agree."""
    national.sync_direct_schools(event)
    return EventSchool.objects.filter(event=event).annotate(result_count=Count("results"))


def schools_for_teacher(teacher: User) -> QuerySet[EventSchool]:
    """A teacher's schools in events, newest event first."""
    return (
        EventSchool.objects.filter(teacher_id=teacher.pk)
        .select_related("event", "event__organiser", "school_class", "session")
        .annotate(result_count=Count("results"))
        .order_by("-event__starts_on", "-pk")
    )


def get_school_for_teacher(teacher: User, school_id: int) -> EventSchool:
    return get_object_or_404(schools_for_teacher(teacher), pk=school_id)


def school_for_page(teacher: User, school_id: int) -> EventSchool:
    """A teacher's school as its page shows it: a school playing on this site has its
    results copied into the event first, so its count is the national results' own."""
    school = get_school_for_teacher(teacher, school_id)
    if school.session_id is not None and national.sync_direct_schools(school.event):
        school = get_school_for_teacher(teacher, school_id)
    return school


def classes_for_event(teacher: User) -> QuerySet[SchoolClass]:
    return SchoolClass.objects.filter(teacher_id=teacher.pk)


@dataclass(frozen=True)
class EventFacts:
    """What a teacher reads about an event before joining it."""

    event: Event
    board_count: int


def event_facts(event: Event) -> EventFacts:
    return EventFacts(event=event, board_count=event.board_set.boards.count())


def _url(name: str, path: str, **kwargs: object) -> str:
    """The address of a page another part of the events app may not have yet (the
    public results): its URL name when it exists, else the path it is agreed to have."""
    try:
        return reverse(name, kwargs=kwargs)
    except NoReverseMatch:
        return path


def public_results_url(event: Event) -> str:
    return _url(
        "events:public_results", f"/events/r/{event.public_token}/", token=event.public_token
    )


#: A new event's days before the organiser chooses them: a week, from today.
EVENT_DAYS = 7


def new_event_initial(today: datetime.date) -> dict[str, object]:
    """What the new event form shows before the organiser types anything: a name with
    its first day, "Simultaneous 2026-12-01", and a week of days from today."""
    return {
        "name": str(labels.EVENT_DEFAULT_NAME % {"date": today.isoformat()}),
        "starts_on": today,
        "ends_on": today + datetime.timedelta(days=EVENT_DAYS - 1),
    }
