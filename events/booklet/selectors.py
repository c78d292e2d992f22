"""Reads of the event booklet: whether the ready one is current, whether one is being
made, and the file for the organiser and for the public link."""

from __future__ import annotations

import datetime

from django.utils import timezone

from events.booklet.making import made_for
from events.models import Event, EventBooklet
from events.results.sync import sync_direct_schools

#: A booklet still "being made" after this long was left by a worker that stopped (a
#: restart, a crash): it may be asked for again. Making one takes seconds.
STALLED_AFTER = datetime.timedelta(minutes=10)


def booklet_is_current(booklet: EventBooklet | None, event: Event, language: str) -> bool:
    """Whether a ready booklet shows the event's current boards and results
    (``event.results_version`` as last read) in ``language``."""
    return (
        booklet is not None
        and booklet.made_at is not None
        and booklet.version == event.results_version
        and booklet.made_language == language
        and booklet.made_for == made_for(event)
    )


def booklet_in_progress(booklet: EventBooklet | None) -> bool:
    """Whether a booklet is waiting for a worker or being made (and not stalled)."""
    if booklet is None or booklet.status not in (
        EventBooklet.Status.QUEUED,
        EventBooklet.Status.RUNNING,
    ):
        return False
    return timezone.now() - booklet.requested_at < STALLED_AFTER


def booklet_state(event: Event) -> EventBooklet | None:
    """The event's booklet row (None before the first request), with ``event``'s
    results version brought up to date (schools playing here copied first)."""
    sync_direct_schools(event)
    event.refresh_from_db(fields=["results_version", "board_set", "scoring_profile"])
    return EventBooklet.objects.filter(event=event).defer("pdf").first()


def booklet_file(event: Event) -> bytes | None:
    """The ready booklet's PDF bytes, None when there is none yet."""
    row = (
        EventBooklet.objects.filter(event=event, made_at__isnull=False)
        .values_list("pdf", flat=True)
        .first()
    )
    return None if row is None else bytes(row)


def public_booklet_open(event: Event) -> bool:
    """Whether anybody may have the booklet from the event's public link: only once the
    event is over (it shows every hand, so never while schools may still play)."""
    return event.is_over()


def public_booklet_ready(event: Event) -> bool:
    """Whether the public link has a booklet to give now (one query)."""
    return (
        public_booklet_open(event)
        and EventBooklet.objects.filter(event=event, made_at__isnull=False).exists()
    )


def public_booklet_stamp(*, event_id: int | None = None, token: str | None = None) -> str | None:
    """What the event's public link gives now, as a short text that changes with it (for
    the ETags of the public results page and of the booklet): "" while the event is not
    over (no booklet), "over" while none is made, else the ready booklet's version,
    language and time of making. The event by its id or its public token; None for no
    such event. One query."""
    if token is not None:
        events = Event.objects.filter(public_token=token)
    elif event_id is not None:
        events = Event.objects.filter(pk=event_id)
    else:
        raise TypeError("public_booklet_stamp needs an event id or a public token")
    found = events.values_list(
        "ends_on", "booklet__made_at", "booklet__version", "booklet__made_language"
    ).first()
    if found is None:
        return None
    ends_on, made_at, version, language = found
    if not Event(ends_on=ends_on).is_over():
        return ""
    if made_at is None:
        return "over"
    return f"{version}.{language}.{made_at.timestamp():.6f}"


def public_booklet_file(event: Event) -> bytes | None:
    """The booklet for the public link: None before the event is over or before one is
    made."""
    return booklet_file(event) if public_booklet_open(event) else None
