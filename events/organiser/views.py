"""The organiser's pages: their events, a new event, an event's page (its join code,
its public link, its boards, the schools that joined) and new boards while nobody has
played them."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods

from events import labels
from events.models import Event
from events.organiser import selectors, services
from events.organiser.forms import BoardsForm, EventForm
from events.results.selectors import public_results_url
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
                )
            except BoardImportRefused as refused:
                context.update(_refused_file(refused))
            except ValidationError as error:
                form.add_error(None, error)
            else:
                messages.success(request, str(labels.EVENT_CREATED))
                return redirect("events:event_detail", event_id=event.pk)
    return render(request, "events/organiser_event_new.html", context, status=status)


def _event_context(request: TeacherRequest, event: Event) -> dict[str, object]:
    public_path = public_results_url(event)
    return {
        "event": event,
        "board_count": event.board_set.boards.count(),
        "schools": selectors.event_schools(event),
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
