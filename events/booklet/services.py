"""Asking for the event booklet (the organiser's write): made in the background by
:func:`events.tasks.make_event_booklet`, queued here once the request is committed.
Nothing is queued while one is waiting or being made, nor when the ready one is of the
event's current results and in the language asked for."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from events import tasks
from events.booklet.selectors import booklet_in_progress, booklet_is_current
from events.models import Event, EventBooklet
from events.results.sync import sync_direct_schools
from tournaments.models import Board


def booklet_request(*, event: Event, language: str) -> EventBooklet:
    """Ask for the event's booklet in ``language``, made in the background. Requests for
    the same event wait for each other on the event's row; nothing is queued when a
    booklet is already waiting or being made, or when the ready one is of the current
    results and in this language. The schools playing here are copied first, outside
    the request's transaction (each copy locks its school, then the event: inside, the
    event's lock would come first and two requests could wait for each other)."""
    sync_direct_schools(event)
    return _booklet_request(event=event, language=language)


@transaction.atomic
def _booklet_request(*, event: Event, language: str) -> EventBooklet:
    Event.objects.select_for_update().filter(pk=event.pk).first()
    event.refresh_from_db(fields=["results_version", "board_set", "scoring_profile"])
    booklet = EventBooklet.objects.filter(event=event).defer("pdf").first()
    if booklet_in_progress(booklet) or booklet_is_current(booklet, event, language):
        assert booklet is not None
        return booklet
    now = timezone.now()
    fields = {
        "status": EventBooklet.Status.QUEUED,
        "language": language,
        "progress": 0,
        "boards": Board.objects.filter(board_set_id=event.board_set_id).count(),
        "requested_at": now,
        "error": "",
    }
    booklet, _created = EventBooklet.objects.update_or_create(event=event, defaults=fields)
    event_id = event.pk
    transaction.on_commit(lambda: tasks.queue_event_booklet(event_id))
    return booklet
