"""Result entry: each table's own page (no login) and the teacher's grid, corrections,
not-played boards, adjusted scores and travellers. Views parse the request, call one
selector or service from ``result_selectors`` / ``result_services`` and render."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import (
    condition,
    require_GET,
    require_http_methods,
    require_POST,
)
from django_htmx.http import HttpResponseClientRefresh, reselect, reswap, retarget

from scoring.contracts import Contract
from scoring.profiles import Profile
from tournaments.boards.selectors import BoardFacts
from tournaments.models import Result, Session
from tournaments.results import card_selectors
from tournaments.results import selectors as result_selectors
from tournaments.results import services as result_services
from tournaments.results.card_selectors import CardsAccess
from tournaments.results.forms import FlagDismissForm, ResultForm
from tournaments.results.selectors import TableAtWork
from tournaments.sessions import selectors as session_selectors
from tournaments.web.http import HtmxHttpRequest, TeacherRequest, etag, parse_id


def _table_at_work(token: str, board_number: int | None = None) -> TableAtWork:
    found = result_selectors.table_at_work(token, board_number=board_number)
    if found is None:
        raise Http404
    return found


def _new_form(session: Session) -> ResultForm:
    return ResultForm(
        profile=session.profile,
        initial={"key": uuid.uuid4().hex, "round": session.current_round},
    )


def _table_context(
    found: TableAtWork,
    *,
    chosen: int | None = None,
    form: ResultForm | None = None,
    error_board: int | None = None,
    **extra: Any,
) -> dict[str, Any]:
    view = result_selectors.table_round_view(found)
    current = view.current(chosen)
    stray_errors: list[str] = []
    if form is None or current is None or error_board != current.number:
        # Errors about a board that is not the one on screen are shown above the panel,
        # and the panel starts empty (answers never move to another board).
        if form is not None:
            stray_errors = [str(error) for error in form.non_field_errors()]
        form = _new_form(found.session)
    return {
        "table": found.table,
        "session": found.session,
        "scores": _scores(current, found.session.profile),
        "view": view,
        "movement": view.movement,
        "round": view.round,
        "numbers": view.numbers,
        "ns": view.ns,
        "ew": view.ew,
        "sits_out": view.sits_out,
        "arrow_switched": view.arrow_switched,
        "screen_names": view.screen_names,
        "individual": view.individual,
        "current": current,
        "waiting": view.waiting,
        "form": form,
        "stray_errors": stray_errors,
        "done": view.done,
        "round_done": not view.sits_out and current is None,
        "last_round": view.last_round,
        "other_panels": _other_panels(view, current, found.session),
        # From the session's row as the page read it: no query.
        "clock": session_selectors.session_clock(found.session),
        "clock_done": view.sits_out or current is None,
        **extra,
    }


def _other_panels(
    view: result_selectors.TableRoundView, current: BoardFacts | None, session: Session
) -> list[dict[str, Any]]:
    """The round's other boards still to enter, each with its own panel (form, key and
    scores): the page holds them all, so a table without the network can enter every
    board of its round (static/js/table-offline.js)."""
    return [
        {"board": board, "form": _new_form(session), "scores": _scores(board, session.profile)}
        for number in view.waiting
        if (board := view.boards[number]) is not current
    ]


@require_GET
def table_page(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """A table's own page (its QR code): only this table's boards of the current round,
    one after another; a board's traveller once its own result is in."""
    found = _table_at_work(token)
    if not found.running:
        return _table_closed(request, found)
    chosen = parse_id(request.GET.get("board"))
    return render(request, "tournaments/results/table.html", _table_context(found, chosen=chosen))


@require_GET
@cache_control(no_cache=True)
def table_service_worker(request: HtmxHttpRequest) -> HttpResponse:
    """The tables' service worker, served under /t/ so that its scope covers every
    table's page: it keeps the last table page and its files for a reload without the
    network. Revalidated on each registration check (no-cache), so a new version is
    picked up at once."""
    return render(request, "tournaments/results/table_sw.js", content_type="text/javascript")


def _round_check_etag(request: HtmxHttpRequest, token: str) -> str | None:
    state = result_selectors.table_round_state(token)
    return etag("round", token, *state, request.GET.get("round", "")) if state else None


@require_GET
@cache_control(private=True, no_cache=True)
@condition(etag_func=_round_check_etag)
def table_round_check(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Polled by a table waiting for the next round: reload when the round changes. The
    answer carries an ETag of the round and the session's state, so while nothing
    changes the tablet's revalidation gets "not modified" without the view running."""
    state = result_selectors.table_round_state(token)
    if state is None:
        raise Http404
    current_round, session_state = state
    if str(current_round) != request.GET.get("round") or session_state != Session.State.RUNNING:
        return HttpResponseClientRefresh()
    return HttpResponse()


@require_GET
@cache_control(no_store=True)
def table_clock(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Polled by a table's page (static/js/round-clock.js): the round clock's seconds
    left, worked out now (one query), never kept by the tablet: the page counts down
    from it."""
    found = result_selectors.table_clock(token)
    if found is None:
        raise Http404
    return JsonResponse(found.as_json())


@require_GET
@cache_control(private=True, no_cache=True)
def table_done_board(request: HtmxHttpRequest, token: str, board_number: int) -> HttpResponse:
    """Polled by a board the table has entered while the cards are being analysed: the
    board again, with its traveller, until what the cards allowed is there. A board no
    longer on the table's page (the round moved on) reloads the page."""
    found = _table_at_work(token, board_number)
    item = result_selectors.done_board(found)
    if item is None:
        return HttpResponseClientRefresh()
    return render(request, "includes/done_board.html", {"item": item, "table": found.table})


@require_GET
@cache_control(private=True, no_store=True)
def table_cards(request: HtmxHttpRequest, token: str, board_number: int) -> HttpResponse:
    """A board's cards ("See the cards"), once the table has entered it in this round:
    to htmx the cards alone, opened below the board's card; otherwise a page of their
    own. Never kept by the browser: the pairs at the table change with the round. A
    board the table may not see yet is a 404 (not entered) or a 403 (the option off, an
    event not over), with a sentence that says why and nothing of the board."""
    found = _table_at_work(token, board_number)
    if not found.running:
        return _table_closed(request, found)
    cards = result_selectors.table_board_cards(found)
    context: dict[str, Any] = {
        "table": found.table,
        "round": found.session.current_round,
        "rounds": found.movement.rounds,
        "number": board_number,
    }
    template = "tournaments/results/table_cards.html"
    if isinstance(cards, CardsAccess):
        context["hidden"] = cards
        status = 404 if cards is CardsAccess.NOT_ENTERED else 403
        return render(request, template, context, status=status)
    context["cards"] = cards
    if request.htmx:
        template += "#cards"
    return render(request, template, context)


@require_POST
def table_result(request: HtmxHttpRequest, token: str, board_number: int) -> HttpResponse:
    found = _table_at_work(token)
    form = ResultForm(request.POST, profile=found.session.profile)
    if form.is_valid():
        data = form.cleaned_data
        try:
            recorded = result_services.result_record_from_tablet(
                table=found.table,
                board_number=board_number,
                contract=data["contract"],
                tricks_won=data["tricks"],
                revoke=data["revoke"],
                idempotency_key=data["key"],
                shown_round=data["round"],
                session=found.session,
            )
        except result_services.SessionNotRunning:
            return _table_closed(request, found)
        except result_services.ResultConflict as conflict:
            # The result that stands stays (the service flagged what this tablet sent).
            return _table_response(request, _fresh(found), 409, conflict=conflict.existing)
        except result_services.RoundMovedOn:
            # The teacher moved the round on while this form was open: these answers
            # never land on another board.
            return _table_response(request, _fresh(found), 409, round_changed=True)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            return _saved(request, found, recorded)
    elif not found.running:
        return _table_closed(request, found)
    return _table_response(
        request, _fresh(found), 422, chosen=board_number, form=form, error_board=board_number
    )


def _fresh(found: TableAtWork) -> TableAtWork:
    """The table read again: the save may have failed because its session moved on."""
    return _table_at_work(found.table.token)


def _table_closed(request: HtmxHttpRequest, found: TableAtWork) -> HttpResponse:
    """The session is over (and where its results are) or not started: 410 Gone."""
    context = {"table": found.table, "closed": result_selectors.closed_table(found.session)}
    return render(request, "tournaments/results/table_closed.html", context, status=410)


def _saved(
    request: HtmxHttpRequest, found: TableAtWork, recorded: result_services.Recorded
) -> HttpResponse:
    """After a save: to htmx, in place of the board's panel, the board entered with its
    traveller (and once the round's boards are all in, what the table does next, in
    place of that part of the page); the page has the panels of the round's other
    boards already. Otherwise a redirect to the table's page."""
    if not request.htmx:
        return redirect("tournaments:table_page", token=found.table.token)
    result = recorded.result
    if found.shows_now(result):
        saved = result_selectors.saved_board(found, recorded.entry, result)
        context = {"table": found.table, "item": saved.item, "view": saved.view}
        return render(request, "tournaments/results/table_saved_board.html", context)
    session = found.session
    # A form sent again once its round or session had moved on: what it saved.
    context = {
        "table": found.table,
        "result": result,
        "traveller": result_selectors.traveller(session, result.board_number),
    }
    return _in_place_of_page(
        request, render(request, "tournaments/results/table_saved.html", context)
    )


def _in_place_of_page(request: HtmxHttpRequest, response: HttpResponse) -> HttpResponse:
    """To htmx, an answer that takes the place of the page's main part (the save button
    aims at its board's panel)."""
    if request.htmx:
        response = reselect(retarget(reswap(response, "outerHTML"), "#table-main"), "#table-main")
    return response


def _scores(board: BoardFacts | None, profile: Profile) -> str:
    """The panel's scores before saving, for static/js/score-preview.js."""
    if board is None:
        return ""
    return result_selectors.score_texts_json(board, profile)


def _table_response(
    request: HtmxHttpRequest, found: TableAtWork, status: int, **extra: Any
) -> HttpResponse:
    """The whole table page (an error explained); to htmx, in place of the page's main part."""
    if not found.running:
        return _table_closed(request, found)
    response = render(
        request, "tournaments/results/table.html", _table_context(found, **extra), status=status
    )
    return _in_place_of_page(request, response)


def _own_result(token: str, result_id: int) -> Result:
    """A result of this table in the current round of a running session, or 404."""
    result = result_selectors.own_result(_table_at_work(token).table, result_id)
    if result is None:
        raise Http404
    return result


@require_POST
def table_agree(request: HtmxHttpRequest, token: str, result_id: int) -> HttpResponse:
    result_services.result_agree(result=_own_result(token, result_id))
    return redirect("tournaments:table_page", token=token)


@require_POST
def table_flag(request: HtmxHttpRequest, token: str, result_id: int) -> HttpResponse:
    """The table disagrees with a result: the teacher sees a flag on the grid."""
    result_services.result_request_correction(result=_own_result(token, result_id))
    messages.success(request, _("The teacher has been asked to look at this board."))
    return redirect("tournaments:table_page", token=token)


# --------------------------------------------------------------------------- teacher


def _grid_etag(request: TeacherRequest, session_id: int) -> str | None:
    state = result_selectors.grid_state(request.user, session_id)
    if state is None:
        return None
    revision, time_up = state
    return etag(
        "grid", session_id, revision, request.GET.get("round", ""), get_language(), int(time_up)
    )


@require_GET
@login_required
@cache_control(private=True, no_cache=True)
@condition(etag_func=_grid_etag)
def session_grid(request: TeacherRequest, session_id: int) -> HttpResponse:
    """The round grid on its own, for htmx to refresh every few seconds ("not modified"
    while the session has not changed)."""
    session = result_selectors.grid_session(request.user, session_id)
    view = result_selectors.grid_view(session, shown_round=parse_id(request.GET.get("round")))
    context = {"session": session, "view": view}
    return render(request, "tournaments/sessions/session_detail.html#grid", context)


@require_http_methods(["GET", "POST"])
@login_required
def result_edit(
    request: TeacherRequest, session_id: int, round_: int, table_number: int, board_number: int
) -> HttpResponse:
    """Enter, correct, mark not played or adjust one board at one table (teacher)."""
    session = session_selectors.get_session_for_teacher(request.user, session_id)
    try:
        slot, result = result_selectors.teacher_slot(session, round_, table_number, board_number)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("tournaments:session_detail", session_id=session.pk)
    form = ResultForm(
        request.POST if request.method == "POST" and "save" in request.POST else None,
        profile=session.profile,
        initial=_initial(result),
    )
    status = 200
    action_errors: list[str] = []
    if request.method == "POST":
        try:
            _apply_teacher_action(request, form, slot, result)
        except ValidationError as error:
            action_errors = list(error.messages)
            status = 422
        else:
            messages.success(
                request,
                _("Board %(board)s at table %(table)s saved.")
                % {"board": board_number, "table": table_number},
            )
            # Back to where the teacher came from: the grid, a traveller, a score card.
            back = _next_url(request)
            if back is not None:
                return HttpResponseRedirect(back)
            return redirect(
                "tournaments:traveller", session_id=session.pk, board_number=board_number
            )
    board = result_selectors.board_for_session(session, board_number)
    context = {
        "session": session,
        "table": slot.table,
        "slot": slot,
        "board": board,
        "result": result,
        "form": form,
        "round": round_,
        "action_errors": action_errors,
        "back_url": _next_url(request) or "",
        "scores": _scores(board, session.profile),
        "individual": result_selectors.seated_at(session, round_, table_number),
    }
    return render(request, "tournaments/results/result_edit.html", context, status=status)


def _next_url(request: TeacherRequest) -> str | None:
    """Where to go after saving (``next`` in the query or the form), if it is a page of
    this site."""
    url = request.POST.get("next") or request.GET.get("next") or ""
    if url.startswith("/") and url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return url
    return None


def _apply_teacher_action(
    request: TeacherRequest,
    form: ResultForm,
    slot: result_selectors.Slot,
    result: Result | None,
) -> None:
    """Call the service the teacher's button asks for (ValidationError when refused)."""
    session, teacher = slot.table.session, request.user
    if "not_played" in request.POST:
        result_services.result_set_not_played(
            session=session,
            table=slot.table,
            board_number=slot.board_number,
            round_=slot.round,
            teacher=teacher,
        )
    elif "adjust" in request.POST:
        result_services.result_adjust(
            session=session,
            table=slot.table,
            board_number=slot.board_number,
            round_=slot.round,
            teacher=teacher,
            # Anything but a number is refused by the service, with its message.
            ns_percent=parse_id(request.POST.get("ns_percent")) or 0,
            ew_percent=parse_id(request.POST.get("ew_percent")) or 0,
        )
    elif not form.is_valid():
        raise ValidationError(_("Choose the contract and the tricks."))
    elif result is None:
        result_services.result_record_by_teacher(
            slot=slot,
            contract=form.cleaned_data["contract"],
            tricks_won=form.cleaned_data["tricks"],
            revoke=form.cleaned_data["revoke"],
            teacher=teacher,
        )
    else:
        result_services.result_correct(
            result=result,
            teacher=teacher,
            contract=form.cleaned_data["contract"],
            tricks_won=form.cleaned_data["tricks"],
            revoke=form.cleaned_data["revoke"],
        )


def _initial(result: Result | None) -> dict[str, Any]:
    if result is None or result.kind != Result.Kind.PLAYED:
        return {}
    contract = Contract.parse(result.contract, slams=True)
    return {
        "strain": contract.strain.value,
        "level": contract.kind.value,
        "tricks": result.tricks_won,
        "revoke": result.revoke,
    }


@require_GET
@login_required
def traveller_page(request: TeacherRequest, session_id: int, board_number: int) -> HttpResponse:
    session = session_selectors.get_session_for_teacher(request.user, session_id)
    report = result_selectors.board_report(session, board_number)
    cards = card_selectors.teacher_board_cards(session, report.board)
    context = {
        "session": session,
        "board": report.board,
        # The board's cards (a BoardCards), or why they are not shown yet (an event).
        "cards": cards,
        "lines": report.lines,
        "waiting": report.waiting,
        "history": report.history,
        # An individual session's traveller names each round's partners.
        "individual": session_selectors.is_individual(session),
    }
    return render(request, "tournaments/results/traveller.html", context)


@require_POST
@login_required
def flag_dismiss(request: TeacherRequest, session_id: int, flag_id: int) -> HttpResponse:
    """The teacher answers a flag without changing the result, saying why."""
    session = session_selectors.get_session_for_teacher(request.user, session_id)
    flag = result_selectors.get_open_flag_for_teacher(session, flag_id)
    form = FlagDismissForm(request.POST)
    try:
        if not form.is_valid():
            raise ValidationError(list(form.errors["reason"]))
        result_services.flag_dismiss(
            flag=flag, teacher=request.user, reason=form.cleaned_data["reason"]
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request,
            _("The flag on board %(board)s at table %(table)s is answered.")
            % {"board": flag.result.board_number, "table": flag.result.table.number},
        )
    return redirect(f"{reverse('tournaments:session_detail', args=[session.pk])}#flags")
