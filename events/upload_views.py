"""The upload page: a school's teacher (or the event's organiser) sends the school's
results file and reads what became of it."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from events import labels, uploads
from events.models import EventSchool
from tournaments.http import TeacherRequest

#: A hostile file can have thousands of problems: the page lists the first ones.
SHOWN_PROBLEMS = 30


class UploadForm(forms.Form):
    file = forms.FileField(
        label=_("Results file"),
        help_text=_("The PBN file with results that the site exports, or a USEBIO file (XML)."),
    )


def _get_school_for_user(request: TeacherRequest, school_id: int) -> EventSchool:
    """A school of the event, for its teacher or the event's organiser; 404 for anyone
    else (as for another teacher's things)."""
    return get_object_or_404(
        EventSchool.objects.select_related("event", "event__organiser"),
        Q(teacher=request.user) | Q(event__organiser__user=request.user),
        pk=school_id,
    )


@require_http_methods(["GET", "POST"])
@login_required
def school_upload(request: TeacherRequest, school_id: int) -> HttpResponse:
    school = _get_school_for_user(request, school_id)
    form = UploadForm(
        request.POST if request.method == "POST" else None,
        request.FILES if request.method == "POST" else None,
    )
    problems: list[str] = []
    more_problems = 0
    if request.method == "POST" and form.is_valid():
        file = form.cleaned_data["file"]
        if file.size is not None and file.size > uploads.MAX_BYTES:
            # Refused before a byte of it is read.
            outcome = uploads.too_large(file.size)
        else:
            outcome = uploads.school_upload(school=school, data=file.read(), filename=file.name)
        if outcome.outcome is not uploads.Outcome.REFUSED:
            messages.success(request, labels.upload_outcome_text(outcome))
            for note in outcome.notes:
                messages.info(request, labels.upload_problem_text(note))
            return redirect("events:school_upload", school_id=school.pk)
        problems = [
            labels.upload_problem_text(problem) for problem in outcome.problems[:SHOWN_PROBLEMS]
        ]
        more_problems = len(outcome.problems) - len(problems)
    status = 422 if problems or form.errors else 200
    context = {
        "school": school,
        "event": school.event,
        "form": form,
        "problems": problems,
        "more_problems": more_problems,
        "results": school.results.count(),
        "plays_here": school.session_id is not None,
    }
    return render(request, "events/upload.html", context, status=status)
