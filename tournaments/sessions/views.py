"""Session pages: the set-up wizard (present → pairs → movement and boards → start),
the running session's page, its printables, and each table's own page."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring.movements import PairId
from scoring.profiles import is_target_profile
from tournaments.boards import selectors as board_selectors
from tournaments.classes import selectors as class_selectors
from tournaments.classes import services as class_services
from tournaments.classes.forms import PupilForm
from tournaments.labels import bridge as bridge_labels
from tournaments.labels import clock as clock_labels
from tournaments.labels import people as people_labels
from tournaments.models import BoardSet, Pair, PairMember, Pupil, Session
from tournaments.printing.boards import board_prints, board_slips_pdf, curtain_cards_pdf
from tournaments.printing.common import SessionPrint
from tournaments.printing.movement_chart import movement_chart_pdf
from tournaments.printing.pair_cards import pair_cards_pdf, pupil_cards_pdf
from tournaments.printing.table_cards import table_cards_pdf
from tournaments.results import selectors as result_selectors
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services
from tournaments.sessions.forms import (
    ClockMinutesForm,
    PresentForm,
    SessionSetupForm,
    TargetTableForm,
)
from tournaments.web import links
from tournaments.web.http import TeacherRequest, attachment, paper_size, parse_id

SELECTED_KEY = "selected-pupil-%s"


@require_http_methods(["GET", "POST"])
@login_required
def session_new(request: TeacherRequest, class_id: int) -> HttpResponse:
    """Step 1: tick who is here (everybody is ticked), add a pupil on the spot."""
    school_class = class_selectors.get_class_for_teacher(request.user, class_id)
    pupils = list(school_class.pupils.filter(active=True))
    form = PresentForm(request.POST if request.method == "POST" else None, pupils=pupils)
    pupil_form = PupilForm(request.POST if "add_pupil" in request.POST else None)
    status = 200
    if request.method == "POST" and "add_pupil" in request.POST:
        # Add a pupil without losing the ticks: the page comes back with them kept.
        ticked = {pk for pk in map(parse_id, request.POST.getlist("present")) if pk is not None}
        added = None
        if pupil_form.is_valid():
            try:
                pupil, created = class_services.pupil_add_once(
                    school_class=school_class, **pupil_form.cleaned_data
                )
            except ValidationError as error:
                pupil_form.add_error(None, error)
                status = 422
            else:
                added = pupil if created else None
                ticked.add(pupil.pk)
                if created:
                    pupils.append(pupil)
                pupil_form = PupilForm()
        else:
            status = 422
        if request.htmx:
            # Only the new pupil's tile, the errors and a new key come back: ticks
            # changed and a name typed meanwhile stay as they are on the page.
            return render(
                request,
                "tournaments/sessions/session_new.html#pupil-added",
                {"added": added, "pupil_form": pupil_form},
                status=status,
            )
        pupils.sort(key=lambda p: (p.first_name.lower(), p.last_name.lower()))
        form = PresentForm(
            pupils=pupils,
            initial={"present": sorted(ticked), "play": request.POST.get("play", form.PAIRS)},
        )
    elif request.method == "POST" and form.is_valid():
        try:
            session = session_services.session_create(
                school_class=school_class,
                present=list(form.cleaned_data["present"]),
                date=timezone.localdate(),
                individual_event=form.cleaned_data["play"] == PresentForm.INDIVIDUAL,
                mixed=True,
            )
        except ValidationError as error:
            form.add_error(None, error)
            status = 422
        else:
            # An individual session has no pairs to make: straight to its movement.
            step = "session_setup" if session_selectors.is_individual(session) else "session_pairs"
            return redirect(f"tournaments:{step}", session_id=session.pk)
    context = {"school_class": school_class, "form": form, "pupil_form": pupil_form}
    template = "tournaments/sessions/session_new.html"
    if request.htmx:
        template += "#present-form"
    return render(request, template, context, status=status)


@require_http_methods(["GET", "POST"])
@login_required
def session_pairs(request: TeacherRequest, session_id: int) -> HttpResponse:
    """Step 2: the pairs, made from who is here. Tap a pupil, then another, to swap."""
    session = session_selectors.get_session_for_teacher(request.user, session_id)
    if session.state != Session.State.DRAFT:
        return redirect("tournaments:session_detail", session_id=session.pk)
    if session_selectors.is_individual(session):
        return redirect("tournaments:session_setup", session_id=session.pk)
    key = SELECTED_KEY % session.pk
    if request.method == "POST":
        if "keep" in request.POST:
            kept = session_services.session_keep_partnerships(session=session)
            messages.success(
                request,
                _("%(count)s pairs will be kept together in the next sessions.") % {"count": kept},
            )
        elif "pupil" in request.POST:
            pupil = get_object_or_404(
                Pupil, pk=parse_id(request.POST["pupil"]), pair_memberships__session=session
            )
            selected = request.session.pop(key, None)
            if selected is None:
                request.session[key] = pupil.pk
            elif selected != pupil.pk:
                other = get_object_or_404(Pupil, pk=selected, pair_memberships__session=session)
                session_services.session_swap_pupils(session=session, first=other, second=pupil)
        if not request.htmx:
            return redirect("tournaments:session_pairs", session_id=session.pk)
    pairs = session_selectors.session_pairs(session)
    context = {
        "session": session,
        "pairs": pairs,
        "sit_out": session_selectors.pair_sits_out(len(pairs)),
        "selected": request.session.get(key),
    }
    template = "tournaments/sessions/session_pairs.html"
    if request.htmx:
        template += "#pairs"
    return render(request, template, context)


@require_http_methods(["GET", "POST"])
@login_required
def session_setup(request: TeacherRequest, session_id: int) -> HttpResponse:
    """Step 3: the movement (suggested, with its reason) and the boards; then start."""
    session = session_selectors.get_session_for_teacher(request.user, session_id)
    if session.state != Session.State.DRAFT:
        return redirect("tournaments:session_detail", session_id=session.pk)
    pair_count = session.pairs.count()
    individual = session_selectors.is_individual(session)
    event = session_selectors.event_of(session)
    board_sets = []
    fresh: BoardSet | None = None
    if event is not None:
        # A simultaneous event's session plays the event's boards (the form offers
        # nothing else): the suggestion plays them, all of them where it can.
        plan = session_selectors.session_plan(session, event_boards=event.board_set.boards.count())
        fresh = event.board_set
    else:
        plan = session_selectors.session_plan(session)
        board_sets = list(board_selectors.board_sets_for_teacher(request.user))
        # A set the class has not played yet, with the boards the suggestion plays.
        fresh = board_selectors.board_set_for_session(session, board_sets, needed=plan.total_boards)
    initial = {
        "movement_kind": plan.kind,
        "movement_style": plan.style,
        "rounds": plan.rounds,
        "boards_per_round": plan.boards_per_round,
        "round_minutes": session_selectors.suggested_round_minutes(plan.boards_per_round),
        "arrow_switch": False,
        "board_set": str(fresh.pk) if fresh is not None else SessionSetupForm.NEW_SET,
        "scoring_profile": session.scoring_profile,
        "convention": session.convention,
        "ranking": session.ranking,
        "show_cards": session.show_cards,
    }
    form = SessionSetupForm(
        request.POST if request.method == "POST" else None,
        board_sets=board_sets,
        individual=individual,
        event_board_set=event.board_set if event is not None else None,
        compared=plan.compared,
        initial=initial,
    )
    status = 422 if request.method == "POST" else 200
    if request.method == "POST" and form.is_valid():
        status = 200
        data = form.cleaned_data
        try:
            movement = session_services.session_setup_and_start(
                session=session,
                teacher=request.user,
                board_set=form.board_sets.get(data["board_set"]),
                movement_kind=data["movement_kind"],
                movement_style=data.get("movement_style") or "skip",
                rounds=data["rounds"],
                arrow_switch=data.get("arrow_switch", False),
                boards_per_round=data["boards_per_round"],
                # An event's session has no such fields: the service takes the event's.
                scoring_profile=data.get("scoring_profile", session.scoring_profile),
                convention=data.get("convention", session.convention),
                ranking=data.get("ranking", session.ranking),
                require_agreement=data["require_agreement"],
                show_cards=data["show_cards"],
                round_minutes=data["round_minutes"],
            )
        except ValidationError as error:
            form.add_error(None, error)
            status = 422
        else:
            messages.success(
                request,
                _("The session has started: %(tables)s tables, %(rounds)s rounds.")
                % {"tables": movement.tables, "rounds": movement.rounds},
            )
            return redirect("tournaments:session_detail", session_id=session.pk)
    context = {
        "session": session,
        "form": form,
        "plan": plan,
        "kind_name": Session.Kind(plan.kind).label,
        "individual": individual,
        "pair_count": pair_count,
        "even_tables": plan.even_tables,
        "event": event,
        "event_profile": bridge_labels.PROFILE_NAMES.get(event.scoring_profile, "")
        if event
        else "",
        "event_convention": Session.Convention(event.convention).label if event else "",
    }
    return render(request, "tournaments/sessions/session_setup.html", context, status=status)


@require_http_methods(["GET", "POST"])
@login_required
def session_target_table(request: TeacherRequest, session_id: int) -> HttpResponse:
    """The session's target table (combined points → tricks): changed before the
    session starts, shown read-only after (every result is scored with it)."""
    session = session_selectors.get_session_for_teacher(request.user, session_id)
    editable = session.state == Session.State.DRAFT
    table = session_selectors.session_target_table(session)
    bands = [(band.low, band.high, band.tricks) for band in table.bands]
    form = TargetTableForm(initial=TargetTableForm.initial_for(bands))
    status = 200
    if request.method == "POST":
        preset = request.POST.get("preset")
        if preset is not None:
            try:
                session_services.session_target_table_reset(session=session, preset=preset)
            except ValidationError as error:
                messages.error(request, " ".join(error.messages))
                return redirect("tournaments:session_target_table", session_id=session.pk)
            messages.success(request, _("The session now uses the published table."))
            return redirect("tournaments:session_target_table", session_id=session.pk)
        form = TargetTableForm(request.POST)
        if form.is_valid():
            try:
                session_services.session_target_table_set(
                    session=session, bands=form.cleaned_data["bands"]
                )
            except ValidationError as error:
                form.add_error(None, error)
            else:
                messages.success(request, _("The target table is saved."))
                return redirect("tournaments:session_setup", session_id=session.pk)
        status = 409 if not editable else 422
    context = {
        "session": session,
        "form": form,
        "editable": editable,
        "bands": sorted(bands),
        "targets_scoring": is_target_profile(session.scoring_profile),
        "custom": session.target_table is not None,
        "profile_name": bridge_labels.PROFILE_NAMES.get(session.scoring_profile, ""),
    }
    return render(request, "tournaments/sessions/session_target_table.html", context, status=status)


@require_GET
@login_required
def session_detail(request: TeacherRequest, session_id: int) -> HttpResponse:
    """The session's page: the grid of a round (``?round=N``, the current one by
    default), open flags, the round buttons, printing, late pupils and early leavers."""
    session = session_selectors.get_session_for_teacher(request.user, session_id)
    if session.state == Session.State.DRAFT:
        return redirect("tournaments:session_pairs", session_id=session.pk)
    return render(
        request, "tournaments/sessions/session_detail.html", _detail_context(request, session)
    )


def _detail_context(request: TeacherRequest, session: Session, **extra: Any) -> dict[str, Any]:
    """The session page's context (``extra``: the clock's answer to a change)."""
    board = result_selectors.dashboard(session, shown_round=parse_id(request.GET.get("round")))
    movement = session_selectors.session_movement(session)
    return {
        "session": session,
        "movement": movement,
        "view": board.view,
        "flags": board.flags,
        "next_step": board.next_step,
        "back_round": board.back_round,
        "open_results": board.open_results,
        "confirm_next": request.GET.get("confirm_next") == "1",
        "pairs": board.pairs,
        "absent": board.absent,
        "rounds": range(session.current_round, movement.rounds + 1),
        "address": links.tables_address(request),
        "target_scoring": is_target_profile(session.scoring_profile),
        "individual": session_selectors.is_individual(session),
        "analysis": board_selectors.analysis_progress(session.board_set_id),
        **_clock_context(session),
        **extra,
    }


def _clock_context(
    session: Session, form: ClockMinutesForm | None = None, message: str = ""
) -> dict[str, Any]:
    """What the session page's round clock shows: the clock, the minutes' form (the
    minutes set, or the set-up's suggestion) and the answer to the last change."""
    minutes = session.round_minutes or session_selectors.suggested_round_minutes(
        session.boards_per_round
    )
    return {
        "clock": session_selectors.session_clock(session),
        "clock_form": form or ClockMinutesForm(initial={"minutes": minutes}),
        "clock_message": message,
    }


def _clock_change(session: Session, action: str, form: ClockMinutesForm | None) -> str:
    """Call the service the clock's button asks for; what the page answers
    (ValidationError when refused)."""
    if form is not None:
        if not form.is_valid():
            raise ValidationError({"minutes": form.errors["minutes"]})
        minutes = form.cleaned_data["minutes"]
        session_services.session_clock_set(session=session, minutes=minutes)
        return clock_labels.clock_set_text(minutes)
    if action == "start":
        done = session_services.session_clock_start(session=session)
        return clock_labels.clock_started_text(done.round_minutes or 0)
    if action == "pause":
        session_services.session_clock_pause(session=session)
        return clock_labels.clock_paused_text()
    if action == "resume":
        session_services.session_clock_resume(session=session)
        return clock_labels.clock_resumed_text()
    if action == "off":
        session_services.session_clock_off(session=session)
        return clock_labels.clock_off_text()
    if action in ("sound_on", "sound_off"):
        on = action == "sound_on"
        session_services.session_clock_sound(session=session, on=on)
        return clock_labels.clock_sound_text(on=on)
    raise ValidationError(clock_labels.clock_action_unknown_text())


@require_POST
@login_required
def session_clock(request: TeacherRequest, session_id: int) -> HttpResponse:
    """The round clock's controls: set or change the minutes a round, start the round's
    time (again), pause, resume, turn the clock off, the projector's beep on or off.
    To htmx, the clock's part of the page with the answer in it; otherwise back to the
    page with the answer as a notice. Refused (minutes that are not 1 to 60, a session
    not running): the clock's part or the whole page, the message beside the minutes
    or in the clock's answer, 422, nothing changed."""
    session = session_selectors.get_session_for_teacher(request.user, session_id)
    action = request.POST.get("action", "")
    form = ClockMinutesForm(request.POST) if action == "minutes" else None
    try:
        message = _clock_change(session, action, form)
    except ValidationError as error:
        return _clock_refused(request, session, form, error)
    session.refresh_from_db()
    if request.htmx:
        context = {"session": session, **_clock_context(session, message=message)}
        return render(request, "tournaments/sessions/session_detail.html#clock", context)
    messages.success(request, message)
    url = reverse("tournaments:session_detail", kwargs={"session_id": session.pk})
    return redirect(f"{url}#round-clock")


def _clock_refused(
    request: TeacherRequest,
    session: Session,
    form: ClockMinutesForm | None,
    error: ValidationError,
) -> HttpResponse:
    minutes_refused = form is not None and hasattr(error, "error_dict")
    if form is not None and minutes_refused and "minutes" not in form.errors:
        form.add_error("minutes", error.error_dict["minutes"])  # the service's own check
    message = "" if minutes_refused else " ".join(error.messages)
    clock = {
        **_clock_context(session, form=form if minutes_refused else None, message=message),
        "clock_refused": True,
    }
    if request.htmx:
        return render(
            request,
            "tournaments/sessions/session_detail.html#clock",
            {"session": session, **clock},
            status=422,
        )
    if not minutes_refused or session.state != Session.State.RUNNING:
        messages.error(request, message or " ".join(error.messages))
        return redirect("tournaments:session_detail", session_id=session.pk)
    return render(
        request,
        "tournaments/sessions/session_detail.html",
        _detail_context(request, session, **clock),
        status=422,
    )


@require_GET
@login_required
@cache_control(no_store=True)
def session_clock_left(request: TeacherRequest, session_id: int) -> HttpResponse:
    """The session's round clock for the projector's script to count down from
    (static/js/round-clock.js): the seconds left, worked out now, never kept."""
    found = session_selectors.teacher_clock(request.user, session_id)
    if found is None:
        raise Http404
    return JsonResponse(found.as_json())


@require_GET
@login_required
def session_analysis(request: TeacherRequest, session_id: int) -> HttpResponse:
    """How far the analysis of the session's boards is, polled by the session's page
    while it waits: the progress, or the question whether the worker runs."""
    session = session_selectors.get_session_for_teacher(request.user, session_id)
    context = {
        "session": session,
        "analysis": board_selectors.analysis_progress(session.board_set_id),
        "polled": True,
    }
    return render(request, "includes/analysis_progress.html", context)


@require_POST
@login_required
def session_round(request: TeacherRequest, session_id: int) -> HttpResponse:
    """Move the whole session to the next (or back to the previous) round."""
    session = session_selectors.get_session_for_teacher(request.user, session_id)
    step = -1 if request.POST.get("direction") == "back" else 1
    if (
        step == 1
        and not request.POST.get("confirm")
        and result_selectors.round_change_warnings(session)
    ):
        # A warning, not a block: the teacher confirms on the page.
        url = reverse("tournaments:session_detail", kwargs={"session_id": session.pk})
        return redirect(f"{url}?confirm_next=1")
    try:
        session_services.session_change_round(
            session=session, step=step, from_round=parse_id(request.POST.get("round"))
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    return redirect("tournaments:session_detail", session_id=session.pk)


@require_POST
@login_required
def session_finish(request: TeacherRequest, session_id: int) -> HttpResponse:
    session = session_selectors.get_session_for_teacher(request.user, session_id)
    try:
        session_services.session_finish(session=session)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("The session is finished. The table links are closed."))
    return redirect("tournaments:session_detail", session_id=session.pk)


@require_POST
@login_required
def pair_replace(request: TeacherRequest, session_id: int) -> HttpResponse:
    """A pupil who arrives late takes the place of one who is away or leaves."""
    session = session_selectors.get_session_for_teacher(request.user, session_id)
    member = get_object_or_404(
        PairMember.objects.select_related("pair", "pupil"),
        session=session,
        pupil_id=parse_id(request.POST.get("old")),
    )
    pair, old = member.pair, member.pupil
    new = get_object_or_404(
        Pupil, pk=parse_id(request.POST.get("new")), school_class=session.school_class
    )
    try:
        session_services.pair_replace_pupil(pair=pair, old=old, new=new)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request,
            _("%(new)s plays in pair %(pair)s instead of %(old)s.")
            % {"new": new, "old": old, "pair": people_labels.pair_number(pair.number, pair.line)},
        )
    return redirect("tournaments:session_detail", session_id=session.pk)


@require_POST
@login_required
def pair_withdraw(request: TeacherRequest, session_id: int) -> HttpResponse:
    """A pair stops playing from a round (a pupil leaves early)."""
    session = session_selectors.get_session_for_teacher(request.user, session_id)
    pair = get_object_or_404(Pair, pk=parse_id(request.POST.get("pair")), session=session)
    from_round = parse_id(request.POST.get("from_round"))
    try:
        if from_round is None:
            raise ValidationError(_("Choose the round the pair stops playing."))
        session_services.pair_withdraw(pair=pair, from_round=from_round)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request,
            _("Pair %(pair)s sits out from round %(round)s; their opponents have those rounds off.")
            % {"pair": people_labels.pair_number(pair.number, pair.line), "round": from_round},
        )
    return redirect("tournaments:session_detail", session_id=session.pk)


@require_GET
@login_required
def session_print(request: TeacherRequest, session_id: int, kind: str) -> HttpResponse:
    session = session_selectors.get_session_for_teacher(request.user, session_id)
    if session.state == Session.State.DRAFT:
        raise Http404
    if kind in {"board-slips", "board-slips-without-answers", "curtain-cards"}:
        return _session_boards_print(request, session, kind)
    individual = session_selectors.is_individual(session)
    builders: dict[str, Callable[[SessionPrint], bytes]] = {
        "table-cards": table_cards_pdf,
        "movement-chart": movement_chart_pdf,
    }
    # An individual session's pupils each keep a card of their own instead of a pair's.
    if individual:
        builders["pupil-cards"] = pupil_cards_pdf
    else:
        builders["pair-cards"] = pair_cards_pdf
    if kind not in builders:
        raise Http404
    address = links.tables_address(request)
    if kind == "table-cards" and not address.usable:
        # A card whose QR code leads nowhere is worse than none: the session page says
        # why there is no address and what to do.
        messages.error(
            request,
            _("No table cards: the tablets cannot reach this computer yet (see below)."),
        )
        return redirect("tournaments:session_detail", session_id=session.pk)
    movement = session_selectors.session_movement(session)
    names: dict[PairId, str] = {
        session_selectors.pair_id(pair): people_labels.names_text(
            people_labels.pupil_short_name(member.pupil.first_name, member.pupil.last_name)
            for member in pair.members.all()
        )
        for pair in session_selectors.session_pairs(session)
    }
    urls = (
        {table.number: address.table_url(table.token) for table in session.tables.all()}
        if address.usable
        else {}
    )
    paper = paper_size(request)
    title = f"{session.school_class} · {date_format(session.date)}"
    data = builders[kind](
        SessionPrint(
            title=title,
            movement=movement,
            pair_names=names,
            table_urls=urls,
            page_size=paper,
            individual=session_selectors.session_individual_movement(session)
            if individual
            else None,
        )
    )
    filename = f"{slugify(str(session.school_class))}-{session.date}-{kind}.pdf"
    return attachment(data, filename, "application/pdf")


def _session_boards_print(request: TeacherRequest, session: Session, kind: str) -> HttpResponse:
    """The session's boards as board slips (the teacher's, with the answers where
    analysed, or the ones that go in the boards, without them) or curtain cards, read
    under the session's scoring: a target session's show each board's target."""
    prints = board_prints(board_selectors.session_boards(session))
    paper = paper_size(request)
    title = f"{session.school_class} · {date_format(session.date)}"
    if kind in {"board-slips", "board-slips-without-answers"}:
        data = board_slips_pdf(
            prints, page_size=paper, title=title, with_analysis=kind == "board-slips"
        )
    else:
        data = curtain_cards_pdf(prints, page_size=paper, title=title)
    filename = f"{slugify(str(session.school_class))}-{session.date}-{kind}.pdf"
    return attachment(data, filename, "application/pdf")
