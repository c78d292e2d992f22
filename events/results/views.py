"""The national results: the organiser's page and downloads, and the public page.

The pages read the national results cached by the worker (events.tasks); while a newer
version is being computed they show the last one with "Updating…" and poll for it.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.text import slugify
from django.utils.translation import get_language
from django.views.decorators.http import condition, require_GET
from django.views.decorators.vary import vary_on_headers

from events.booklet import selectors as booklet_selectors
from events.organiser import selectors as organiser_selectors
from events.results import exports
from events.results import selectors as results_selectors
from events.results.selectors import NationalFigures
from scoring.usebio import write_usebio
from tournaments.web.http import (
    HtmxHttpRequest,
    TeacherRequest,
    attachment,
    etag,
    language_in_address,
    paper_size,
    shared_briefly,
)

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
#: How often the public page asks whether the results changed (a browser test shortens it).
PUBLIC_POLL_SECONDS = 30


def _section_shown(request: HttpRequest, figures: NationalFigures) -> dict[str, object]:
    """The section ``?section=`` asks for (None: the national ranking), and whether it
    asked for one the event does not have (a removed section's old link: the page
    says so and shows the national ranking). An event without sections ignores it."""
    asked = request.GET.get("section", "")
    section = figures.section_for(asked) if asked else None
    return {"section": section, "section_unknown": bool(asked and figures.sections and not section)}


@require_GET
@login_required
def national_results(request: TeacherRequest, event_id: int) -> HttpResponse:
    """The national ranking or one section's, each school's own ranking and the
    boards' frequencies."""
    event = organiser_selectors.get_event_for_organiser(request.user, event_id)
    figures = results_selectors.national_figures(event, with_schools=True)
    template = "events/results.html"
    if request.htmx:
        template += "#national"
    context = {"event": event, "figures": figures, **_section_shown(request, figures)}
    return render(request, template, context)


@require_GET
@login_required
def national_export(request: TeacherRequest, event_id: int, kind: str) -> HttpResponse:
    """The national results as PDF, xlsx or USEBIO 1.2 (first names only in each); the
    PDF and xlsx of every section, or (``?section=``) of one section only."""
    event = organiser_selectors.get_event_for_organiser(request.user, event_id)
    stem = slugify(event.name) or "event"
    if kind == "usebio":
        upload = results_selectors.national_usebio_upload(event)
        data = write_usebio(upload, club=event.organiser.name)
        return attachment(data, f"{stem}-usebio.xml", "application/xml")
    if kind not in {"pdf", "xlsx"}:
        raise Http404
    figures = results_selectors.national_figures(event, with_schools=True)
    asked = request.GET.get("section", "")
    if asked:
        section = figures.section_for(asked)
        if section is None:
            raise Http404  # a section the event does not have (any more)
        figures = results_selectors.section_figures(figures, section)
        stem = f"{stem}-{slugify(section.name) or section.key}"
    if kind == "pdf":
        pdf = exports.national_pdf(figures, page_size=paper_size(request))
        return attachment(pdf, f"{stem}-national.pdf", "application/pdf")
    return attachment(exports.national_workbook(figures), f"{stem}-national.xlsx", XLSX)


def _public_etag(request: HtmxHttpRequest, token: str) -> str | None:
    event_id = results_selectors.event_id_for_token(token)
    if event_id is None:
        return None
    version, cached, sections = results_selectors.national_versions(event_id)
    # The boards' play and the booklet's link appear once the event is over.
    booklet = booklet_selectors.public_booklet_stamp(event_id=event_id)
    # Only an id goes into the header; anything else shows the national ranking.
    asked = request.GET.get("section", "")
    section = asked if asked.isascii() and asked.isdigit() else "other" if asked else ""
    return etag(
        "national",
        event_id,
        version,
        cached,
        booklet,
        sections,
        section,
        get_language(),
        bool(request.htmx),
    )


@require_GET
@shared_briefly
@language_in_address
@vary_on_headers("HX-Request")
@condition(etag_func=_public_etag)
def public_results(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The public results page: no login, first names and the school only; the
    national ranking or (``?section=``) one section's; it refreshes by itself as
    schools finish ("not modified" while nothing changed). Its address names its
    language (``?lang=``; without it, a redirect there), and it reads no cookie and
    sets none: a cache in front of the site (nginx, deploy/) keeps one copy of it for
    every visitor a few seconds, and asks again with the ETag."""
    event = results_selectors.get_event_by_token(token)
    figures = results_selectors.national_figures(event)
    template = "events/public_results.html"
    if request.htmx:
        template += "#national"
    context = {
        "event": event,
        "figures": figures,
        **_section_shown(request, figures),
        "poll_seconds": PUBLIC_POLL_SECONDS,
        "booklet": booklet_selectors.public_booklet_ready(event),
        # How each board was played shows the hands' secrets: not while schools may
        # still play them.
        "boards_shown": event.is_over(),
    }
    return render(request, template, context)
