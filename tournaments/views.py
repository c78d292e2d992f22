"""Thin views: read through selectors, write through services, render or redirect."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments import selectors, services
from tournaments.forms import PupilForm, SchoolClassForm


@require_GET
@login_required
def home(request: HttpRequest) -> HttpResponse:
    classes = selectors.classes_for_teacher(request.user)
    return render(request, "tournaments/home.html", {"classes": classes})


@require_http_methods(["GET", "POST"])
@login_required
def class_create(request: HttpRequest) -> HttpResponse:
    form = SchoolClassForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            school_class = services.class_create(
                teacher=request.user, name=form.cleaned_data["name"]
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(
                request, _("Class %(name)s created. Now add its pupils.") % {"name": school_class}
            )
            return redirect("tournaments:class_detail", class_id=school_class.pk)
    return render(request, "tournaments/class_form.html", {"form": form})


@require_GET
@login_required
def class_detail(request: HttpRequest, class_id: int) -> HttpResponse:
    school_class = selectors.get_class_for_teacher(request.user, class_id)
    return render(
        request,
        "tournaments/class_detail.html",
        {"school_class": school_class, "pupils": school_class.pupils.all(), "form": PupilForm()},
    )


@require_POST
@login_required
def pupil_add(request: HttpRequest, class_id: int) -> HttpResponse:
    school_class = selectors.get_class_for_teacher(request.user, class_id)
    form = PupilForm(request.POST)
    status = 200
    if form.is_valid():
        try:
            services.pupil_add(school_class=school_class, **form.cleaned_data)
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
    template = "tournaments/class_detail.html"
    if request.htmx:
        template += "#pupils"
    return render(request, template, context, status=status)
