"""A teacher's classes and pupils: the home page, a class's page, a new class, a pupil
added. Thin views: read through selectors, write through services, render or redirect."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments.classes import selectors as class_selectors
from tournaments.classes import services as class_services
from tournaments.classes.forms import PupilForm, SchoolClassForm
from tournaments.web.http import TeacherRequest


@require_GET
@login_required
def home(request: TeacherRequest) -> HttpResponse:
    classes = class_selectors.classes_for_teacher(request.user)
    return render(request, "tournaments/classes/home.html", {"classes": classes})


@require_http_methods(["GET", "POST"])
@login_required
def class_create(request: TeacherRequest) -> HttpResponse:
    form = SchoolClassForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            school_class = class_services.class_create(
                teacher=request.user, name=form.cleaned_data["name"]
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(
                request, _("Class %(name)s created. Now add its pupils.") % {"name": school_class}
            )
            return redirect("tournaments:class_detail", class_id=school_class.pk)
    return render(request, "tournaments/classes/class_form.html", {"form": form})


@require_GET
@login_required
def class_detail(request: TeacherRequest, class_id: int) -> HttpResponse:
    school_class = class_selectors.get_class_for_teacher(request.user, class_id)
    return render(
        request,
        "tournaments/classes/class_detail.html",
        {
            "school_class": school_class,
            "pupils": school_class.pupils.all(),
            "form": PupilForm(),
            "sessions": school_class.sessions.all()[:12],
            "leagues": school_class.leagues.all(),
        },
    )


@require_POST
@login_required
def pupil_add(request: TeacherRequest, class_id: int) -> HttpResponse:
    """Add a pupil. To htmx only the list, the form's errors and a new key for the next
    pupil come back: whatever the teacher typed meanwhile stays in the fields."""
    school_class = class_selectors.get_class_for_teacher(request.user, class_id)
    form = PupilForm(request.POST)
    status = 200
    if form.is_valid():
        try:
            class_services.pupil_add(school_class=school_class, **form.cleaned_data)
        except ValidationError as error:
            form.add_error(None, error)
            status = 422
        else:
            form = PupilForm()
    else:
        status = 422
    if status == 200 and not request.htmx:
        return redirect("tournaments:class_detail", class_id=school_class.pk)
    context = {"school_class": school_class, "pupils": school_class.pupils.all(), "form": form}
    template = "tournaments/classes/class_detail.html"
    if request.htmx:
        template += "#pupil-added"
    return render(request, template, context, status=status)
