"""Standings, the projector, score cards and the session's downloads."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.text import slugify
from django.utils.translation import get_language
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition, require_GET
from django.views.decorators.vary import vary_on_headers

from tournaments.boards import selectors as board_selectors
from tournaments.models import Pair, Session
from tournaments.printing.standings import standings_pdf, travellers_pdf
from tournaments.results import selectors as result_selectors
from tournaments.sessions import selectors as session_selectors
from tournaments.standings import pbn as standings_pbn
from tournaments.standings.selectors import stored_ranking, stored_standings
from tournaments.standings.spreadsheets import standings_workbook
from tournaments.web.http import TeacherRequest, attachment, etag, paper_size


def _session(request: TeacherRequest, session_id: int) -> Session:
    session = session_selectors.get_session_for_teacher(request.user, session_id)
    if session.state == Session.State.DRAFT:
        raise Http404
    return session


@require_GET
@login_required
def standings_page(request: TeacherRequest, session_id: int) -> HttpResponse:
    session = _session(request, session_id)
    standings = stored_standings(session)
    return render(
        request,
        "tournaments/standings/standings.html",
        {"session": session, "standings": standings},
    )


def _projector_etag(request: TeacherRequest, session_id: int) -> str | None:
    if not request.htmx:
        # The whole page shows the round clock's time left as it is now: never "not
        # modified" (its standings, polled, are).
        return None
    revision = result_selectors.session_revision(request.user, session_id)
    if revision is None:
        return None
    return etag("projector", session_id, revision, get_language(), True)


@require_GET
@login_required
@cache_control(private=True, no_cache=True)
@vary_on_headers("HX-Request")
@condition(etag_func=_projector_etag)
def projector(request: TeacherRequest, session_id: int) -> HttpResponse:
    """Standings in large type for the class projector, and the round clock; the
    standings refresh themselves (htmx), "not modified" while the session has not
    changed. It shows the rankings alone, kept once per revision of the session
    (``stored_ranking``); the clock counts down by itself and polls its own time left
    (``session_clock_left``)."""
    session = _session(request, session_id)
    context = {
        "session": session,
        "standings": stored_ranking(session),
        "clock": session_selectors.session_clock(session),
    }
    template = "tournaments/standings/projector.html"
    if request.htmx:
        template += "#board"
    return render(request, template, context)


@require_GET
@login_required
def score_card(request: TeacherRequest, session_id: int, pair_id: int) -> HttpResponse:
    session = _session(request, session_id)
    pair = get_object_or_404(Pair, pk=pair_id, session=session)
    standings = stored_standings(session)
    info = next(p for p in standings.pairs if p.pk == pair.pk)
    row = next(
        (row for ranking in standings.rankings for row in ranking.rows if row.pair.pk == pair.pk),
        None,
    )
    context = {
        "session": session,
        "standings": standings,
        "pair": info,
        "heading": standings.card_heading(info),
        "row": row,
        "lines": standings.score_cards.get(pair.pk, ()),
    }
    return render(request, "tournaments/standings/score_card.html", context)


@require_GET
@login_required
def session_export(request: TeacherRequest, session_id: int, kind: str) -> HttpResponse:
    session = _session(request, session_id)
    standings = stored_standings(session)
    stem = f"{slugify(str(session.school_class))}-{session.date}"
    paper = paper_size(request)
    if kind == "xlsx":
        data = standings_workbook(standings)
        content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        filename = f"{stem}.xlsx"
    elif kind == "standings-pdf":
        data, content_type = standings_pdf(standings, page_size=paper), "application/pdf"
        filename = f"{stem}-standings.pdf"
    elif kind == "travellers-pdf":
        data, content_type = travellers_pdf(standings, page_size=paper), "application/pdf"
        filename = f"{stem}-travellers.pdf"
    elif kind == "pbn":
        boards = board_selectors.session_boards(session)
        data = standings_pbn.session_pbn(session, standings, boards).encode("utf-8")
        content_type, filename = "text/plain; charset=utf-8", f"{stem}.pbn"
    else:
        raise Http404
    return attachment(data, filename, content_type)
