"""A teacher joins an event: the code, the event, the school's name and how its class
plays; then "who is here" for a class playing on this site, or the boards to download
for a class playing on its own laptop. And the teacher's own events, and the results
file of a school that played elsewhere."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from events import labels
from events.models import EventSchool
from events.organiser.forms import SchoolSectionForm, add_service_error
from events.organiser.selectors import boards_pbn_file
from events.results.selectors import public_results_url
from events.schools import selectors, services, uploads
from events.schools.forms import EventPresentForm, JoinCodeForm, JoinForm, UploadForm
from events.schools.upload_outcomes import Outcome
from tournaments.labels.bridge import PROFILE_NAMES
from tournaments.models import Session
from tournaments.web import links
from tournaments.web.http import TeacherRequest, attachment


@require_http_methods(["GET", "POST"])
@login_required
def join_start(request: TeacherRequest) -> HttpResponse:
    """Type the event's code (any case; spaces and dashes do not matter)."""
    form = JoinCodeForm(request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            event = selectors.find_event(form.cleaned_data["code"])
            if event is not None:
                return redirect("events:join_event", code=event.join_code)
            form.add_error("code", labels.CODE_UNKNOWN)
    return render(request, "events/join_code.html", {"form": form}, status=status)


@require_http_methods(["GET", "POST"])
@login_required
def join_event(request: TeacherRequest, code: str) -> HttpResponse:
    """The event the code names, and the school's name and how its class plays."""
    event = selectors.find_event(code)
    if event is None:
        raise Http404
    classes = list(selectors.classes_for_event(request.user))
    form = JoinForm(
        request.POST if request.method == "POST" else None,
        classes=classes,
        sections=selectors.sections_of(event),
    )
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            try:
                school = services.event_join(
                    event=event,
                    teacher=request.user,
                    name=form.cleaned_data["name"],
                    source=form.cleaned_data["source"],
                    school_class=form.chosen_class(),
                    today=timezone.localdate(),
                    section=form.chosen_section(),
                )
            except ValidationError as error:
                add_service_error(form, error)
            else:
                messages.success(request, str(labels.SCHOOL_JOINED % {"event": event.name}))
                if school.source == EventSchool.Source.DIRECT:
                    return redirect("events:school_present", school_id=school.pk)
                return redirect("events:school_detail", school_id=school.pk)
    context = {
        "facts": selectors.event_facts(event),
        "event": event,
        "profile": PROFILE_NAMES.get(event.scoring_profile, event.scoring_profile),
        "convention": Session.Convention(event.convention).label,
        "form": form,
        "over": event.is_over(),
    }
    return render(request, "events/join_event.html", context, status=status)


@require_http_methods(["GET", "POST"])
@login_required
def school_present(request: TeacherRequest, school_id: int) -> HttpResponse:
    """Step 1 of the session for the event: who is here. Then the usual wizard (pairs,
    then the movement on the event's boards)."""
    school = selectors.get_school_for_teacher(request.user, school_id)
    if school.session_id is not None:
        return redirect("tournaments:session_pairs", session_id=school.session_id)
    if school.source != EventSchool.Source.DIRECT or school.school_class is None:
        return redirect("events:school_detail", school_id=school.pk)
    pupils = list(school.school_class.pupils.filter(active=True))
    form = EventPresentForm(request.POST if request.method == "POST" else None, pupils=pupils)
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            try:
                session = services.school_session_create(
                    school=school,
                    present=list(form.cleaned_data["present"]),
                    today=timezone.localdate(),
                )
            except ValidationError as error:
                form.add_error(None, error)
            else:
                return redirect("tournaments:session_pairs", session_id=session.pk)
    context = {"school": school, "form": form}
    return render(request, "events/join_present.html", context, status=status)


@require_GET
@login_required
def my_events(request: TeacherRequest) -> HttpResponse:
    schools = [
        (school, public_results_url(school.event))
        for school in selectors.schools_for_teacher(request.user)
    ]
    return render(request, "events/join_my_events.html", {"schools": schools})


def _school_context(
    request: TeacherRequest, school: EventSchool, section_form: SchoolSectionForm | None = None
) -> dict[str, object]:
    public_path = public_results_url(school.event)
    sections = selectors.sections_of(school.event)
    if section_form is None and sections and not school.event.is_over():
        section_form = SchoolSectionForm(sections=sections, initial_section=school.section_id)
    return {
        "school": school,
        "event": school.event,
        "public_url": links.others_url(request, public_path) or public_path,
        "uploads": school.source != EventSchool.Source.DIRECT,
        "section_form": section_form,
    }


@require_GET
@login_required
def school_detail(request: TeacherRequest, school_id: int) -> HttpResponse:
    """A school's page in an event: how its results reach the event, what to do next,
    and its section (which the teacher may change while the event is on)."""
    school = selectors.school_for_page(request.user, school_id)
    return render(request, "events/join_school.html", _school_context(request, school))


@require_POST
@login_required
def school_section_choose(request: TeacherRequest, school_id: int) -> HttpResponse:
    """The teacher moves the school to another of the event's sections."""
    school = selectors.get_school_for_teacher(request.user, school_id)
    form = SchoolSectionForm(request.POST, sections=selectors.sections_of(school.event))
    if form.is_valid():
        try:
            services.school_section_choose(
                school=school, section=form.chosen(), today=timezone.localdate()
            )
        except ValidationError as error:
            add_service_error(form, error)
        else:
            text = labels.SCHOOL_MOVED % {"school": school.name, "section": form.chosen().name}
            messages.success(request, str(text))
            return redirect("events:school_detail", school_id=school.pk)
    context = _school_context(request, school, form)
    return render(request, "events/join_school.html", context, status=422)


@require_GET
@login_required
def school_boards_pbn(request: TeacherRequest, school_id: int) -> HttpResponse:
    school = selectors.get_school_for_teacher(request.user, school_id)
    data, filename = boards_pbn_file(school.event)
    return attachment(data, filename, "text/plain; charset=utf-8")


# --------------------------------------------------------------------------- a results file

#: A hostile file can have thousands of problems: the page lists the first ones.
SHOWN_PROBLEMS = 30


@require_http_methods(["GET", "POST"])
@login_required
def school_upload(request: TeacherRequest, school_id: int) -> HttpResponse:
    school = selectors.get_school_for_upload(request.user, school_id)
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
        if outcome.outcome is not Outcome.REFUSED:
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
