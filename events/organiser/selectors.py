"""Reads for the organisers' pages: each object fetched for the user who may see it
(404 for anybody else, as the classroom's pages do)."""

from __future__ import annotations

import datetime

from django.contrib.auth.models import User
from django.db.models import Count, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.text import slugify

from events import labels
from events.models import Event, EventSchool, EventSection, Organiser
from events.results.sync import sync_direct_schools
from tournaments.boards import files as board_files
from tournaments.boards import selectors as board_selectors


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
    sync_direct_schools(event)
    return (
        EventSchool.objects.filter(event=event)
        .select_related("section")
        .annotate(result_count=Count("results"))
    )


def event_sections(event: Event) -> list[EventSection]:
    """The event's sections in order, each with how many schools are in it
    (``school_count``)."""
    return list(EventSection.objects.filter(event=event).annotate(school_count=Count("schools")))


def section_of_event(event: Event, section_id: int) -> EventSection | None:
    """One of the event's sections (None for any other id: one removed meanwhile, in
    another tab)."""
    return EventSection.objects.filter(pk=section_id, event=event).first()


def get_school_of_event(event: Event, school_id: int) -> EventSchool:
    """One of the event's schools; 404 for any other."""
    return get_object_or_404(EventSchool, pk=school_id, event=event)


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


def boards_pbn_file(event: Event) -> tuple[bytes, str]:
    """The event's boards as a PBN file (its bytes and name), to play them on a school's
    own laptop."""
    boards = [board_selectors.board_facts(board) for board in event.board_set.boards.all()]
    text = board_files.board_set_pbn(event.board_set, boards)
    return text.encode("utf-8"), f"{slugify(event.name) or 'boards'}.pbn"
