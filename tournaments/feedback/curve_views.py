"""Curve sheets: how many tricks the class takes with how many points, on screen (SVG)
and on paper (PDF), and the blank worksheet pupils fill in by hand."""

from __future__ import annotations

import datetime
from collections.abc import Mapping

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.formats import date_format
from django.utils.safestring import mark_safe
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from scoring.curves import CurveStats, curve_stats
from tournaments.boards import selectors as board_selectors
from tournaments.classes import selectors as class_selectors
from tournaments.feedback import curves
from tournaments.feedback.charts import curve_svg
from tournaments.labels import feedback as feedback_labels
from tournaments.models import Pair, Pupil, Session
from tournaments.printing.curves import curve_sheet_pdf, worksheet_pdf
from tournaments.sessions import selectors as session_selectors
from tournaments.web.http import TeacherRequest, attachment, paper_size, parse_id


def _date(value: str) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(value) if value else None
    except ValueError:
        return None


def _respond(
    request: TeacherRequest,
    stats: CurveStats,
    *,
    title: str,
    stem: str,
    context: Mapping[str, object],
) -> HttpResponse:
    if request.GET.get("format") == "pdf":
        paper = paper_size(request)
        data = curve_sheet_pdf(
            stats,
            title=title,
            labels=feedback_labels.chart_labels(),
            table_labels=feedback_labels.table_labels(),
            page_size=paper,
        )
        return attachment(data, f"{stem}-curve.pdf", "application/pdf")
    svg = curve_svg(stats, title=title, labels=feedback_labels.chart_labels())
    page = {
        **context,
        "title": title,
        "stats": stats,
        "rows": stats.with_results,
        "svg": mark_safe(svg),  # built from escaped text by tournaments.feedback.charts
    }
    return render(request, "tournaments/feedback/curve.html", page)


@require_GET
@login_required
def class_curve(request: TeacherRequest, class_id: int) -> HttpResponse:
    """The class's curve, for a date range (a term) and optionally one pupil."""
    school_class = class_selectors.get_class_for_teacher(request.user, class_id)
    start = _date(request.GET.get("from", ""))
    end = _date(request.GET.get("to", ""))
    pupil_id = parse_id(request.GET.get("pupil"))
    pupil = (
        get_object_or_404(Pupil, pk=pupil_id, school_class=school_class)
        if pupil_id is not None
        else None
    )
    points = curves.curve_points(
        curves.class_results(school_class, start=start, end=end, pupil=pupil), pupil=pupil
    )
    title = str(school_class) if pupil is None else f"{school_class} · {pupil}"
    if start or end:
        title += " · " + " – ".join(date_format(d) if d else "…" for d in (start, end))
    context = {
        "school_class": school_class,
        "pupils": school_class.pupils.all(),
        "pupil": pupil,
        "start": start,
        "end": end,
        "worksheet_url": request.build_absolute_uri(f"/classes/{school_class.pk}/worksheet/"),
    }
    stem = slugify(str(school_class)) or "class"
    return _respond(request, curve_stats(points), title=title, stem=stem, context=context)


@require_GET
@login_required
def session_curve(request: TeacherRequest, session_id: int) -> HttpResponse:
    """One session's curve, optionally for one pair (the deals it declared)."""
    session = session_selectors.get_session_for_teacher(request.user, session_id)
    if session.state == Session.State.DRAFT:
        raise Http404
    pair_id = parse_id(request.GET.get("pair"))
    pair = get_object_or_404(Pair, pk=pair_id, session=session) if pair_id is not None else None
    points = curves.curve_points(
        curves.session_results(session), pair_id=pair.pk if pair is not None else None
    )
    title = f"{session.school_class} · {date_format(session.date)}"
    context = {"session": session, "school_class": session.school_class, "pair": pair}
    stem = f"{slugify(str(session.school_class))}-{session.date}"
    return _respond(request, curve_stats(points), title=title, stem=stem, context=context)


@require_GET
@login_required
def worksheet(request: TeacherRequest, class_id: int) -> HttpResponse:
    """A blank worksheet; with ?session=ID, pre-filled with that session's boards and
    the declaring side's points."""
    school_class = class_selectors.get_class_for_teacher(request.user, class_id)
    rows: list[tuple[int, int | None]] = []
    session_id = parse_id(request.GET.get("session"))
    if session_id is not None:
        session = get_object_or_404(Session, pk=session_id, school_class=school_class)
        rows = [(board.number, board.side_hcp) for board in board_selectors.session_boards(session)]
    paper = paper_size(request)
    data = worksheet_pdf(
        title=str(school_class),
        labels=feedback_labels.chart_labels(),
        table_labels=feedback_labels.table_labels(),
        rows=rows,
        row_count=max(24, len(rows)),
        page_size=paper,
    )
    filename = f"{slugify(str(school_class)) or 'class'}-worksheet.pdf"
    return attachment(data, filename, "application/pdf")
