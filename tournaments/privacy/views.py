"""A class's data: download it, delete a pupil or the whole class; and the page that
says what the site stores. Thin views: reads and writes live in ``privacy``."""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournaments.classes import selectors as class_selectors
from tournaments.models import Pupil
from tournaments.privacy import selectors as privacy_selectors
from tournaments.privacy import services as privacy_services
from tournaments.web.http import HtmxHttpRequest, TeacherRequest, attachment


@require_GET
@login_required
def class_data(request: TeacherRequest, class_id: int) -> HttpResponse:
    school_class = class_selectors.get_class_for_teacher(request.user, class_id)
    context = {
        "school_class": school_class,
        "pupils": school_class.pupils.all(),
        "sessions": privacy_selectors.class_sessions_with_results(school_class),
    }
    return render(request, "tournaments/privacy/class_data.html", context)


@require_GET
@login_required
def class_export(request: TeacherRequest, class_id: int) -> HttpResponse:
    school_class = class_selectors.get_class_for_teacher(request.user, class_id)
    data = json.dumps(
        privacy_selectors.class_export(school_class),
        cls=DjangoJSONEncoder,
        ensure_ascii=False,
        indent=2,
    )
    filename = f"{slugify(school_class.name) or 'class'}-{timezone.localdate()}.json"
    return attachment(data.encode("utf-8"), filename, "application/json; charset=utf-8")


@require_GET
@login_required
def pupil_delete_confirm(request: TeacherRequest, class_id: int, pupil_id: int) -> HttpResponse:
    pupil = class_selectors.get_pupil_for_teacher(request.user, class_id, pupil_id)
    return _pupil_page(request, pupil)


@require_POST
@login_required
def pupil_delete(request: TeacherRequest, class_id: int, pupil_id: int) -> HttpResponse:
    pupil = class_selectors.get_pupil_for_teacher(request.user, class_id, pupil_id)
    try:
        privacy_services.pupil_delete(pupil=pupil)
    except ValidationError as error:
        return _pupil_page(request, pupil, errors=error.messages, status=409)
    messages.success(
        request,
        _("%(name)s was deleted from %(class)s.") % {"name": pupil, "class": pupil.school_class},
    )
    return redirect("tournaments:class_data", class_id=class_id)


def _pupil_page(
    request: TeacherRequest, pupil: Pupil, *, errors: list[str] | None = None, status: int = 200
) -> HttpResponse:
    context = {
        "school_class": pupil.school_class,
        "deletion": privacy_selectors.pupil_deletion(pupil),
        "errors": errors or [],
    }
    return render(request, "tournaments/privacy/pupil_delete.html", context, status=status)


@require_GET
@login_required
def class_delete_confirm(request: TeacherRequest, class_id: int) -> HttpResponse:
    school_class = class_selectors.get_class_for_teacher(request.user, class_id)
    context = {
        "school_class": school_class,
        "deletion": privacy_selectors.class_deletion(school_class),
    }
    return render(request, "tournaments/privacy/class_delete.html", context)


@require_POST
@login_required
def class_delete(request: TeacherRequest, class_id: int) -> HttpResponse:
    school_class = class_selectors.get_class_for_teacher(request.user, class_id)
    name = school_class.name
    privacy_services.class_delete(school_class=school_class)
    messages.success(
        request, _("The class %(name)s and everything in it were deleted.") % {"name": name}
    )
    return redirect("tournaments:home")


@require_GET
def what_we_store(request: HtmxHttpRequest) -> HttpResponse:
    """For teachers and parents alike: no login needed."""
    return render(
        request,
        "tournaments/privacy/what_we_store.html",
        {
            "retention_days": settings.RETENTION_DAYS,
            "login_records_days": settings.LOGIN_RECORDS_DAYS,
        },
    )
