"""The event booklet's pages: the organiser's page (ask for it, watch it being made,
download it) and the public download once the event is over."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.text import slugify
from django.views.decorators.http import condition, require_GET, require_POST

from events.booklet import selectors as booklets
from events.booklet import services as booklet_services
from events.models import Event
from events.organiser import selectors as organiser_selectors
from tournaments.web.http import TeacherRequest, attachment, etag, shared_briefly


def _filename(event: Event) -> str:
    return f"{slugify(event.name) or 'event'}-booklet.pdf"


@require_GET
@login_required
def booklet(request: TeacherRequest, event_id: int) -> HttpResponse:
    """The booklet's page: ask for it, "Being made…" with progress while it is made
    (htmx polls the ``#live`` part), the download when it is ready."""
    event = organiser_selectors.get_event_for_organiser(request.user, event_id)
    row = booklets.booklet_state(event)
    language = translation.get_language()
    template = "events/booklet.html"
    if request.htmx:
        template += "#live"
    context = {
        "event": event,
        "booklet": row,
        "making": booklets.booklet_in_progress(row),
        "current": booklets.booklet_is_current(row, event, language),
        "ready": row is not None and row.made_at is not None,
        "failed": row is not None and row.status == row.Status.FAILED,
        "over": event.is_over(),
    }
    return render(request, template, context)


@require_POST
@login_required
def booklet_make(request: TeacherRequest, event_id: int) -> HttpResponse:
    """Ask for the booklet (again, when the results or the language changed)."""
    event = organiser_selectors.get_event_for_organiser(request.user, event_id)
    booklet_services.booklet_request(event=event, language=translation.get_language())
    return redirect("events:booklet", event_id=event.pk)


@require_GET
@login_required
def booklet_download(request: TeacherRequest, event_id: int) -> HttpResponse:
    """The ready booklet; back to its page while there is none yet."""
    event = organiser_selectors.get_event_for_organiser(request.user, event_id)
    data = booklets.booklet_file(event)
    if data is None:
        return redirect("events:booklet", event_id=event.pk)
    return attachment(data, _filename(event), "application/pdf")


def _public_etag(request: HttpRequest, token: str) -> str | None:
    stamp = booklets.public_booklet_stamp(token=token)
    return etag("booklet", stamp) if stamp and stamp != "over" else None


@require_GET
@shared_briefly
@condition(etag_func=_public_etag)
def booklet_public(request: HttpRequest, token: str) -> HttpResponse:
    """The booklet from the event's public link, once the event is over: it shows every
    hand, so never while schools may still play the boards. No names are in it. Its
    ETag names the booklet made, so a browser or nginx (deploy/) asking again with it
    is answered "not modified" without the file being read."""
    event = get_object_or_404(Event, public_token=token)
    data = booklets.public_booklet_file(event)
    if data is None:
        raise Http404
    return attachment(data, _filename(event), "application/pdf")
