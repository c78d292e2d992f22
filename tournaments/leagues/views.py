"""The term league: start one, its page (sessions and cross-table), start a session,
the projector and the downloads; and the class's term standings beside it."""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Count, Sum
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import (
    condition,
    require_GET,
    require_http_methods,
    require_POST,
)
from django.views.decorators.vary import vary_on_headers

from tournaments.classes import selectors as class_selectors
from tournaments.labels import leagues as league_labels
from tournaments.leagues import selectors as league_selectors
from tournaments.leagues import services as league_services
from tournaments.leagues.forms import LeagueEveningForm, LeagueForm
from tournaments.models import League
from tournaments.printing.league import cross_table_pdf
from tournaments.standings.spreadsheets import league_workbook
from tournaments.standings.term import class_term_standings
from tournaments.web.http import TeacherRequest, attachment, etag, paper_size


@require_http_methods(["GET", "POST"])
@login_required
def league_new(request: TeacherRequest, class_id: int) -> HttpResponse:
    """Start a league of the class's established pairs."""
    school_class = class_selectors.get_class_for_teacher(request.user, class_id)
    league_pairs = league_selectors.league_pairs(school_class)
    partnerships = league_pairs.partnerships
    form = LeagueForm(
        request.POST if request.method == "POST" else None,
        partnerships=partnerships,
        initial={"name": league_labels.league_default_name(timezone.localdate())},
    )
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            data = form.cleaned_data
            chosen = {p.pk for p in data["partnerships"]}
            try:
                league = league_services.league_create(
                    school_class=school_class,
                    name=data["name"],
                    partnerships=[p for p in partnerships if p.pk in chosen],
                    deals_per_match=data["deals_per_match"],
                    scoring_profile=data["scoring_profile"],
                    evenings=data["evenings"],
                    points_win=data["points_win"],
                    points_draw=data["points_draw"],
                    points_loss=data["points_loss"],
                )
            except ValidationError as error:
                form.add_error(None, error)
            else:
                messages.success(request, _("League %(name)s started.") % {"name": league})
                return redirect("tournaments:league_detail", league_id=league.pk)
    context = {"school_class": school_class, "form": form, "league_pairs": league_pairs}
    return render(request, "tournaments/leagues/league_new.html", context, status=status)


@require_GET
@login_required
def league_detail(request: TeacherRequest, league_id: int) -> HttpResponse:
    league = league_selectors.get_league_for_teacher(request.user, league_id)
    return _league_page(request, league, LeagueEveningForm())


def _league_page(
    request: TeacherRequest,
    league: League,
    evening_form: LeagueEveningForm,
    *,
    failed_evening: int | None = None,
    status: int = 200,
) -> HttpResponse:
    context = {
        "league": league,
        "standings": league_selectors.league_standings(league),
        "evenings": league_selectors.league_evenings(league),
        "evening_form": evening_form,
        "failed_evening": failed_evening,
        "today": timezone.localdate(),
    }
    return render(request, "tournaments/leagues/league_detail.html", context, status=status)


@require_POST
@login_required
def league_evening_start(request: TeacherRequest, league_id: int, evening: int) -> HttpResponse:
    """Start one evening of the league: its session runs at once, with its boards."""
    league = league_selectors.get_league_for_teacher(request.user, league_id)
    form = LeagueEveningForm(request.POST)
    if form.is_valid():
        try:
            session = league_services.league_evening_start(
                league=league, evening=evening, date=form.cleaned_data["date"], teacher=request.user
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            return redirect("tournaments:session_detail", session_id=session.pk)
    return _league_page(request, league, form, failed_evening=evening, status=422)


def _projector_etag(request: TeacherRequest, league_id: int) -> str | None:
    found = (
        League.objects.filter(pk=league_id, school_class__teacher_id=request.user.pk)
        .annotate(evenings_started=Count("sessions"), changes=Sum("sessions__revision"))
        .values_list("evenings_started", "changes")
        .first()
    )
    if found is None:
        return None
    return etag("league", league_id, *found, get_language(), bool(request.htmx))


@require_GET
@login_required
@cache_control(private=True, no_cache=True)
@vary_on_headers("HX-Request")
@condition(etag_func=_projector_etag)
def league_projector(request: TeacherRequest, league_id: int) -> HttpResponse:
    """The cross-table in large type for the class projector, first names only;
    refreshes itself (htmx), "not modified" while no evening has changed."""
    league = league_selectors.get_league_for_teacher(request.user, league_id)
    template = "tournaments/leagues/league_projector.html"
    if request.htmx:
        template += "#board"
    context = {"league": league, "standings": league_selectors.league_standings(league)}
    return render(request, template, context)


@require_GET
@login_required
def league_export(request: TeacherRequest, league_id: int, kind: str) -> HttpResponse:
    league = league_selectors.get_league_for_teacher(request.user, league_id)
    standings = league_selectors.league_standings(league)
    stem = slugify(f"{league.school_class} {league.name}") or "league"
    if kind == "pdf":
        data = cross_table_pdf(standings, page_size=paper_size(request))
        return attachment(data, f"{stem}.pdf", "application/pdf")
    if kind == "xlsx":
        content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        return attachment(league_workbook(standings), f"{stem}.xlsx", content_type)
    raise Http404


@require_GET
@login_required
def term_standings(request: TeacherRequest, class_id: int) -> HttpResponse:
    """Every duplicate session of the class over a term (``from`` and ``to``, optional):
    per pupil and per pair, sessions played, average and best percentage, and a small
    chart of the term."""
    school_class = class_selectors.get_class_for_teacher(request.user, class_id)
    start = _date(request.GET.get("from", ""))
    end = _date(request.GET.get("to", ""))
    context = {
        "school_class": school_class,
        "standings": class_term_standings(school_class, start=start, end=end),
        "start": start,
        "end": end,
        "leagues": school_class.leagues.all(),
    }
    return render(request, "tournaments/leagues/term_standings.html", context)


def _date(value: str) -> datetime.date | None:
    """A date sent in the query, or None for none or a wrong one (never an error)."""
    try:
        return datetime.date.fromisoformat(value) if value else None
    except ValueError:
        return None
