"""Teaching feedback pages: a class's term, one pupil's term, a session's boards to
discuss, and the session's printable lesson pack. Reads through
:mod:`tournaments.feedback.selectors`; nothing is written."""

from __future__ import annotations

import datetime

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.formats import date_format
from django.utils.safestring import mark_safe
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scoring.feedback import games_count
from tournaments.classes import selectors as class_selectors
from tournaments.feedback import selectors as feedback
from tournaments.feedback.charts import TermPoint, term_svg
from tournaments.labels import bridge as bridge_labels
from tournaments.labels import feedback as feedback_labels
from tournaments.models import Session
from tournaments.printing.boards import BoardPrint
from tournaments.printing.lesson_pack import LessonPackPrint, PackBoardPrint, lesson_pack_pdf
from tournaments.sessions import selectors as session_selectors
from tournaments.web.http import TeacherRequest, attachment, paper_size


def _date(value: str) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(value) if value else None
    except ValueError:
        return None


def _session(request: TeacherRequest, session_id: int) -> Session:
    session = session_selectors.get_session_for_teacher(request.user, session_id)
    if session.state == Session.State.DRAFT:
        raise Http404
    return session


@require_GET
@login_required
def class_feedback(request: TeacherRequest, class_id: int) -> HttpResponse:
    """Every pupil's and every pair's figures over a term (``?from=&to=``)."""
    school_class = class_selectors.get_class_for_teacher(request.user, class_id)
    start, end = _date(request.GET.get("from", "")), _date(request.GET.get("to", ""))
    term = feedback.class_term(school_class, start=start, end=end)
    context = {"school_class": school_class, "term": term, "start": start, "end": end}
    return render(request, "tournaments/feedback/class_feedback.html", context)


@require_GET
@login_required
def pupil_feedback(request: TeacherRequest, class_id: int, pupil_id: int) -> HttpResponse:
    """One pupil's term: the figures, a small chart session by session, every deal."""
    pupil = class_selectors.get_pupil_for_teacher(request.user, class_id, pupil_id)
    school_class = pupil.school_class
    start, end = _date(request.GET.get("from", "")), _date(request.GET.get("to", ""))
    term = feedback.pupil_term(school_class, pupil, start=start, end=end)
    points = [
        TermPoint(
            label=date_format(row.session.date, "SHORT_DATE_FORMAT"),
            bid_there=row.figures.games_bid_there,
            missed=row.figures.games_missed,
            could_not_make=row.figures.games_could_not_make,
            play=row.figures.play,
        )
        for row in term.sessions
    ]
    svg = term_svg(points, title=str(pupil), labels=feedback_labels.term_chart_labels())
    context = {
        "school_class": school_class,
        "pupil": pupil,
        "term": term,
        "start": start,
        "end": end,
        "svg": mark_safe(svg),  # built from escaped text by tournaments.feedback.charts
    }
    return render(request, "tournaments/feedback/pupil_feedback.html", context)


@require_GET
@login_required
def session_feedback(request: TeacherRequest, session_id: int) -> HttpResponse:
    """The boards the tables most often got wrong, to discuss at the next lesson, and
    how the field did on every board."""
    session = _session(request, session_id)
    outcomes = feedback.session_outcomes(session)
    games = games_count(session.profile)
    context = {
        "session": session,
        "outcomes": outcomes,
        "to_discuss": feedback.boards_to_discuss(outcomes, games=games),
        "games_count": games,
    }
    return render(request, "tournaments/feedback/session_feedback.html", context)


@require_GET
@login_required
def lesson_pack(request: TeacherRequest, session_id: int) -> HttpResponse:
    """The session's lesson pack as a PDF (``?paper=letter`` for Letter)."""
    session = _session(request, session_id)
    title = f"{session.school_class} · {date_format(session.date)}"
    data = lesson_pack_pdf(
        pack_print(feedback.session_pack(session), title=title), page_size=paper_size(request)
    )
    filename = f"{slugify(str(session.school_class))}-{session.date}-lesson-pack.pdf"
    return attachment(data, filename, "application/pdf")


def pack_print(pack: feedback.SessionPack, *, title: str) -> LessonPackPrint:
    """The pack's figures in the reader's words."""
    discuss = set(pack.to_discuss)
    boards = []
    answers = []
    for item in pack.boards:
        facts, lesson = item.facts, item.lesson
        par = lesson.par
        boards.append(
            PackBoardPrint(
                board=BoardPrint(
                    number=facts.number,
                    deal=facts.deal,
                    dealer=facts.dealer,
                    declarer=facts.declaration.declarer,
                    dd=facts.dd,
                    par=par,
                    target=facts.target,
                ),
                declares=bridge_labels.declares_text(facts.declaration.declarer, lesson.hcp),
                par=_("The cards are not analysed yet")
                if par is None
                else bridge_labels.lesson_par_text(lesson),
                why=feedback_labels.board_why_text(lesson),
                at_tables=item.outcome.text if item.outcome else "",
                discuss=facts.number in discuss,
            )
        )
        answers.append(
            (
                str(facts.number),
                str(lesson.hcp),
                "" if par is None else bridge_labels.par_contracts_text(par),
                # Tied contracts may take different tricks: "9 or 8".
                ""
                if par is None
                else bridge_labels.or_text(dict.fromkeys(str(c.tricks) for c in par.choices)),
            )
        )
    return LessonPackPrint(
        title=title,
        boards=boards,
        curve=pack.curve,
        answers=answers,
        answer_dots=pack.answers,
        chart_labels=feedback_labels.chart_labels(),
        table_labels=feedback_labels.table_labels(),
    )
