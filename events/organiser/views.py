"""The organiser's pages: their events, a new event, an event's page (its join code,
its public link, its boards, its sections, the schools that joined and their sections)
and new boards while nobody has played them."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from events import labels
from events.models import Event, EventSchool, EventSection
from events.organiser import selectors, services
from events.organiser.forms import (
    BoardsForm,
    EventForm,
    SchoolSectionForm,
    SectionForm,
    SectionRemoveForm,
    add_service_error,
)
from events.results.selectors import public_results_url
from events.schools import services as school_services
from tournaments.boards.services import BoardImportRefused
from tournaments.labels.bridge import PROFILE_NAMES
from tournaments.models import Session
from tournaments.web import links
from tournaments.web.http import TeacherRequest, attachment


@require_GET
@login_required
def organiser_home(request: TeacherRequest) -> HttpResponse:
    organiser = selectors.organiser_for_user(request.user)
    events = selectors.events_for_organiser(organiser)
    return render(request, "events/organiser_home.html", {"organiser": organiser, "events": events})


def _refused_file(refused: BoardImportRefused) -> dict[str, object]:
    return {
        "problems": refused.problems,
        "more_problems": refused.more_problems,
        "problem_count": len(refused.problems) + refused.more_problems,
    }


@require_http_methods(["GET", "POST"])
@login_required
def event_new(request: TeacherRequest) -> HttpResponse:
    organiser = selectors.organiser_for_user(request.user)
    form = EventForm(
        request.POST if request.method == "POST" else None,
        request.FILES if request.method == "POST" else None,
        initial=selectors.new_event_initial(timezone.localdate()),
    )
    context: dict[str, object] = {"form": form}
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            data = form.cleaned_data
            try:
                event = services.event_create_with_boards(
                    organiser=organiser,
                    name=data["name"],
                    starts_on=data["starts_on"],
                    ends_on=data["ends_on"],
                    boards=form.chosen_boards(),
                    scoring_profile=data["scoring_profile"],
                    convention=data["convention"],
                    sections=data["sections"],
                )
            except BoardImportRefused as refused:
                context.update(_refused_file(refused))
            except ValidationError as error:
                add_service_error(form, error)
            else:
                messages.success(request, str(labels.EVENT_CREATED))
                return redirect("events:event_detail", event_id=event.pk)
    return render(request, "events/organiser_event_new.html", context, status=status)


def _event_context(
    request: TeacherRequest,
    event: Event,
    *,
    add_form: SectionForm | None = None,
    bound: SectionForm | SectionRemoveForm | None = None,
    bound_section: int | None = None,
    bound_school: tuple[int, SchoolSectionForm] | None = None,
) -> dict[str, object]:
    """The event's page; a refused form (``bound``, for the section ``bound_section``,
    or a school's) shows again with its message where it was sent from."""
    public_path = public_results_url(event)
    sections = selectors.event_sections(event)
    section_rows = []
    for section in sections:
        rename = SectionForm(prefix=f"rename-{section.pk}", initial={"name": section.name})
        remove = SectionRemoveForm(
            prefix=f"remove-{section.pk}", section=section, sections=sections
        )
        if bound_section == section.pk:
            if isinstance(bound, SectionForm):
                rename = bound
            elif isinstance(bound, SectionRemoveForm):
                remove = bound
        section_rows.append((section, rename, remove))
    school_rows: list[tuple[EventSchool, SchoolSectionForm | None]] = []
    for school in selectors.event_schools(event):
        move = None
        if bound_school is not None and bound_school[0] == school.pk:
            move = bound_school[1]
        elif sections:
            move = SchoolSectionForm(
                prefix=f"school-{school.pk}", sections=sections, initial_section=school.section_id
            )
        school_rows.append((school, move))
    return {
        "event": event,
        "board_count": event.board_set.boards.count(),
        "schools": school_rows,
        "sections": section_rows,
        "add_section_form": add_form or SectionForm(prefix="new-section"),
        "boards_locked": services.event_boards_locked(event),
        # The address the others open (PUBLIC_URL or the LAN), as the table cards carry:
        # never the 127.0.0.1 the organiser may be browsing with.
        "public_url": links.others_url(request, public_path),
        "public_path": public_path,
        "profile": PROFILE_NAMES.get(event.scoring_profile, event.scoring_profile),
        "convention": Session.Convention(event.convention).label,
    }


@require_GET
@login_required
def event_detail(request: TeacherRequest, event_id: int) -> HttpResponse:
    event = selectors.get_event_for_organiser(request.user, event_id)
    return render(request, "events/organiser_event.html", _event_context(request, event))


def _refused(request: TeacherRequest, event: Event, **bound: Any) -> HttpResponse:
    context = _event_context(request, event, **bound)
    return render(request, "events/organiser_event.html", context, status=422)


def _to_sections(event: Event) -> HttpResponse:
    return redirect(f"{reverse('events:event_detail', kwargs={'event_id': event.pk})}#sections")


def _section_or_gone(request: TeacherRequest, event: Event, section_id: int) -> EventSection | None:
    section = selectors.section_of_event(event, section_id)
    if section is None:
        messages.error(request, str(labels.SECTION_GONE))
    return section


@require_POST
@login_required
def section_add(request: TeacherRequest, event_id: int) -> HttpResponse:
    event = selectors.get_event_for_organiser(request.user, event_id)
    form = SectionForm(request.POST, prefix="new-section")
    if form.is_valid():
        try:
            added = services.section_add(event=event, name=form.cleaned_data["name"])
        except ValidationError as error:
            add_service_error(form, error)
        else:
            text = labels.section_added_text(added.section.name, added.schools)
            messages.success(request, text)
            return _to_sections(event)
    return _refused(request, event, add_form=form)


@require_POST
@login_required
def section_rename(request: TeacherRequest, event_id: int, section_id: int) -> HttpResponse:
    event = selectors.get_event_for_organiser(request.user, event_id)
    section = _section_or_gone(request, event, section_id)
    if section is None:
        return _to_sections(event)
    form = SectionForm(request.POST, prefix=f"rename-{section.pk}")
    if form.is_valid():
        try:
            renamed = services.section_rename(section=section, name=form.cleaned_data["name"])
        except ValidationError as error:
            add_service_error(form, error)
        else:
            messages.success(request, str(labels.SECTION_RENAMED % {"name": renamed.name}))
            return _to_sections(event)
    return _refused(request, event, bound=form, bound_section=section.pk)


@require_POST
@login_required
def section_remove(request: TeacherRequest, event_id: int, section_id: int) -> HttpResponse:
    event = selectors.get_event_for_organiser(request.user, event_id)
    section = _section_or_gone(request, event, section_id)
    if section is None:
        return _to_sections(event)
    form = SectionRemoveForm(
        request.POST,
        prefix=f"remove-{section.pk}",
        section=section,
        sections=selectors.event_sections(event),
    )
    if form.is_valid():
        try:
            removed = services.section_remove(
                section=section, move_to=form.destination(), end_sections=form.ends_sections()
            )
        except ValidationError as error:
            add_service_error(form, error)
        else:
            moved_to = removed.moved_to.name if removed.moved_to else None
            messages.success(
                request, labels.section_removed_text(removed.name, removed.schools, moved_to)
            )
            return _to_sections(event)
    return _refused(request, event, bound=form, bound_section=section.pk)


@require_POST
@login_required
def school_section(request: TeacherRequest, event_id: int, school_id: int) -> HttpResponse:
    """The organiser moves a school (all its pairs) to another section."""
    event = selectors.get_event_for_organiser(request.user, event_id)
    school: EventSchool = selectors.get_school_of_event(event, school_id)
    form = SchoolSectionForm(
        request.POST, prefix=f"school-{school.pk}", sections=selectors.event_sections(event)
    )
    if form.is_valid():
        try:
            moved = school_services.school_section_set(school=school, section=form.chosen())
        except ValidationError as error:
            add_service_error(form, error)
        else:
            text = labels.SCHOOL_MOVED % {
                "school": moved.name,
                "section": form.chosen().name,
            }
            messages.success(request, str(text))
            return redirect(
                f"{reverse('events:event_detail', kwargs={'event_id': event.pk})}#schools"
            )
    return _refused(request, event, bound_school=(school.pk, form))


@require_GET
@login_required
def event_boards_pbn(request: TeacherRequest, event_id: int) -> HttpResponse:
    event = selectors.get_event_for_organiser(request.user, event_id)
    data, filename = selectors.boards_pbn_file(event)
    return attachment(data, filename, "text/plain; charset=utf-8")


@require_http_methods(["GET", "POST"])
@login_required
def event_boards(request: TeacherRequest, event_id: int) -> HttpResponse:
    """New boards for the event, while no school has played them."""
    event = selectors.get_event_for_organiser(request.user, event_id)
    form = BoardsForm(
        request.POST if request.method == "POST" else None,
        request.FILES if request.method == "POST" else None,
    )
    context: dict[str, object] = {
        "event": event,
        "form": form,
        "boards_locked": services.event_boards_locked(event),
    }
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            try:
                services.event_replace_boards(event=event, boards=form.chosen_boards())
            except BoardImportRefused as refused:
                context.update(_refused_file(refused))
            except ValidationError as error:
                form.add_error(None, error)
            else:
                messages.success(request, str(labels.BOARDS_CHANGED))
                return redirect("events:event_detail", event_id=event.pk)
    return render(request, "events/organiser_boards.html", context, status=status)
