"""Result entry: each table's own page (no login) and the teacher's grid, corrections,
not-played boards, adjusted scores and travellers."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRefresh, reselect, reswap, retarget

from scoring.contracts import Contract
from scoring.movements import table_card
from tournaments import entry_sql, results, selectors, sessions
from tournaments.forms import ResultForm
from tournaments.models import Board, Result, ResultChange, Session, Table
from tournaments.standings import session_standings


def _table_at_work(
    token: str, board_number: int | None = None, *, with_results: bool = False
) -> entry_sql.TableAtWork:
    found = entry_sql.table_by_token(token, board_number=board_number, with_results=with_results)
    if found is None:
        raise Http404
    return found


def _table(token: str) -> Table:
    """The table of this link with its session loaded (one query), or 404."""
    return _table_at_work(token).table


def _new_form(session: Session) -> ResultForm:
    return ResultForm(
        profile=session.scoring_profile,
        initial={"key": uuid.uuid4().hex, "round": session.current_round},
    )


def _table_context(
    found: entry_sql.TableAtWork,
    *,
    chosen: int | None = None,
    form: ResultForm | None = None,
    **extra: Any,
) -> dict[str, Any]:
    table, session = found.table, found.session
    movement = sessions.session_movement(session, pairs=found.pair_count)
    round_ = session.current_round
    entry = movement.entry(round_, table.number)
    numbers = list(movement.boards(entry.board_set))
    pairs = results._entry_pairs(results.entry_pairs(session, entry), entry)
    boards = {
        board.number: selectors.board_facts(board, profile=session.scoring_profile)
        for board in Board.objects.filter(board_set_id=session.board_set_id, number__in=numbers)
    }
    own = {
        result.board_number: result
        for result in Result.objects.filter(session=session, table=table, round=round_)
    }
    waiting = [n for n in numbers if n not in own] if pairs else []
    # Tables that share boards start on different ones: any board not yet entered can be
    # chosen; by default the first.
    current = chosen if chosen in waiting else (waiting[0] if waiting else None)
    stray_errors: list[str] = []
    if form is None or extra.get("error_board") != current:
        # Errors about a board that is not the one on screen are shown above the panel,
        # and the panel starts empty (answers never move to another board).
        if form is not None:
            stray_errors = [str(error) for error in form.non_field_errors()]
        form = _new_form(session)
    done = [
        {
            "board": boards[n],
            "result": own[n],
            "traveller": results.traveller(session, n, board=boards[n]),
        }
        for n in numbers
        if n in own
    ]
    card = table_card(movement, table.number)
    this_round = next(line for line in card if line.round == round_)
    ns, ew = pairs if pairs else (None, None)
    return {
        "table": table,
        "session": session,
        "movement": movement,
        "round": round_,
        "numbers": numbers,
        "ns": ns,
        "ew": ew,
        "sits_out": pairs is None,
        "arrow_switched": entry.arrow_switched,
        "current": boards.get(current) if current else None,
        "waiting": waiting,
        "form": form,
        "stray_errors": stray_errors,
        "done": done,
        "round_done": pairs is not None and current is None,
        "next": this_round,
        "movers": [
            (pair, position)
            for pair, position in ((ns, this_round.ns_next), (ew, this_round.ew_next))
            if pair is not None and position is not None
        ],
        "last_round": round_ >= movement.rounds,
        **extra,
    }


@require_GET
def table_page(request: HttpRequest, token: str) -> HttpResponse:
    """A table's own page (its QR code): only this table's boards of the current round,
    one after another; a board's traveller once its own result is in."""
    found = _table_at_work(token)
    if found.session.state != Session.State.RUNNING:
        return render(request, "tournaments/table_closed.html", {"table": found.table}, status=410)
    board = request.GET.get("board", "")
    chosen = int(board) if board.isdigit() else None
    return render(request, "tournaments/table.html", _table_context(found, chosen=chosen))


@require_GET
def table_round_check(request: HttpRequest, token: str) -> HttpResponse:
    """Polled by a table waiting for the next round: reload when the round changes."""
    table = _table(token)
    if str(table.session.current_round) != request.GET.get("round") or (
        table.session.state != Session.State.RUNNING
    ):
        return HttpResponseClientRefresh()
    return HttpResponse(status=204)


@require_POST
def table_result(request: HttpRequest, token: str, board_number: int) -> HttpResponse:
    # The board's results so far come with the table: the traveller sent back after
    # the save needs no second read.
    found = _table_at_work(token, board_number, with_results=True)
    table, session = found.table, found.session
    form = ResultForm(request.POST, profile=session.scoring_profile)
    running = session.state == Session.State.RUNNING
    if not running or (
        form.is_valid() and form.cleaned_data["round"] not in (None, session.current_round)
    ):
        # A form sent again after it was saved (a retry once the round or the session
        # has moved on) answers with its result.
        if sent := results.sent_before(table, request.POST.get("key", "")):
            return _saved(request, found, sent)
        if not running:
            return render(request, "tournaments/table_closed.html", {"table": table}, status=410)
        # The teacher moved the round on while this form was open: never let these
        # answers land on another board.
        return _table_response(request, found, 409, round_changed=True)
    if form.is_valid():
        data = form.cleaned_data
        try:
            contract = results.contract_for(
                data["strain"], data["level"], slams="slam" in dict(form.fields["level"].choices)
            )
            result = results.result_record(
                table=table,
                board_number=board_number,
                contract=contract,
                tricks_won=data["tricks"],
                revoke=data["revoke"],
                idempotency_key=data["key"],
                loaded=found,  # read by this very request
            )
        except results.ResultConflict as conflict:
            return _table_response(request, found, 409, conflict=conflict.existing)
        except results.RoundMovedOn:
            return _table_response(request, found, 409, round_changed=True)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            return _saved(request, found, result)
    return _table_response(
        request, found, 422, chosen=board_number, form=form, error_board=board_number
    )


def _saved(request: HttpRequest, found: entry_sql.TableAtWork, result: Result) -> HttpResponse:
    """After a save: to htmx just the board's traveller, at once (the partial then
    reloads the rest of the page: the next board, Agree); otherwise the table's page.
    The partial needs no request context, and every table sends this at the same time."""
    if request.htmx:
        return HttpResponse(
            render_to_string(
                "tournaments/table_saved.html",
                {"result": result, "traveller": results.saved_traveller(found, result)},
            )
        )
    return redirect(reverse("tournaments:table_page", kwargs={"token": found.table.token}))


def _table_response(
    request: HttpRequest, found: entry_sql.TableAtWork, status: int, **extra: Any
) -> HttpResponse:
    """The whole table page (an error explained); to htmx, in place of the page's main part."""
    response = render(
        request, "tournaments/table.html", _table_context(found, **extra), status=status
    )
    if request.htmx:
        response = reselect(retarget(reswap(response, "outerHTML"), "#table-main"), "#table-main")
    return response


@require_POST
def table_preview(request: HttpRequest, token: str, board_number: int) -> HttpResponse:
    """The score as it will be recorded ("N–S +420"), shown before saving."""
    found = _table_at_work(token, board_number)  # the board comes with the table
    table, session = found.table, found.session
    if session.state != Session.State.RUNNING:
        return HttpResponse(status=410)
    form = ResultForm(request.POST, profile=session.scoring_profile)
    text = ""
    movement = sessions.session_movement(session, pairs=found.pair_count)
    entry = movement.entry(session.current_round, table.number)
    if board_number not in movement.boards(entry.board_set):
        return HttpResponse(status=404)
    if form.is_valid():
        data = form.cleaned_data
        try:
            board = results.loaded_board(found, board_number)
            contract = results.contract_for(
                data["strain"], data["level"], slams="slam" in dict(form.fields["level"].choices)
            )
            scored = results.score_result(
                board=board,
                contract=contract,
                tricks_won=data["tricks"],
                revoke=data["revoke"],
                profile=session.scoring_profile,
            )
        except (ValidationError, Board.DoesNotExist) as error:
            text = " ".join(getattr(error, "messages", [str(error)]))
        else:
            text = results.net_text(scored.ns_net)
    return render(request, "includes/score_preview.html", {"text": text})


def _own_result(table: Table, result_id: int) -> Result:
    """A result of this table in the current round of a running session, or 404."""
    session = table.session
    if session.state != Session.State.RUNNING:
        raise Http404
    return get_object_or_404(Result, pk=result_id, table=table, round=session.current_round)


@require_POST
def table_agree(request: HttpRequest, token: str, result_id: int) -> HttpResponse:
    table = _table(token)
    result = _own_result(table, result_id)
    results.result_agree(result=result)
    return redirect("tournaments:table_page", token=token)


@require_POST
def table_flag(request: HttpRequest, token: str, result_id: int) -> HttpResponse:
    """The table disagrees with a result: the teacher sees a flag on the grid."""
    table = _table(token)
    result = _own_result(table, result_id)
    results.result_request_correction(result=result)
    messages.success(request, _("The teacher has been asked to look at this board."))
    return redirect("tournaments:table_page", token=token)


# --------------------------------------------------------------------------- teacher


@require_GET
@login_required
def session_grid(request: HttpRequest, session_id: int) -> HttpResponse:
    """The round grid on its own, for htmx to refresh every few seconds."""
    session = sessions.get_session_for_teacher(request.user, session_id)
    movement = sessions.session_movement(session)
    grid = results.round_grid(session, movement, session.current_round)
    return render(
        request,
        "tournaments/session_detail.html#grid",
        {"session": session, "movement": movement, "grid": grid},
    )


@require_http_methods(["GET", "POST"])
@login_required
def result_edit(
    request: HttpRequest, session_id: int, round_: int, table_number: int, board_number: int
) -> HttpResponse:
    """Enter, correct, mark not played or adjust one board at one table (teacher)."""
    session = sessions.get_session_for_teacher(request.user, session_id)
    table = get_object_or_404(Table, session=session, number=table_number)
    movement = sessions.session_movement(session)
    if not 1 <= round_ <= movement.rounds:
        raise Http404
    try:
        slot = results.slot_for(
            session, movement, table, board_number, round_, allow_withdrawn=True
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("tournaments:session_detail", session_id=session.pk)
    result = Result.objects.filter(
        session=session, round=round_, table=table, board_number=board_number
    ).first()
    form = ResultForm(
        request.POST if request.method == "POST" and "save" in request.POST else None,
        profile=session.scoring_profile,
        initial=_initial(result),
    )
    status = 200
    action_errors: list[str] = []
    if request.method == "POST":
        try:
            if "not_played" in request.POST:
                results.result_set_not_played(
                    session=session,
                    table=table,
                    board_number=board_number,
                    round_=round_,
                    teacher=request.user,
                )
            elif "adjust" in request.POST:
                results.result_adjust(
                    session=session,
                    table=table,
                    board_number=board_number,
                    round_=round_,
                    teacher=request.user,
                    ns_percent=int(request.POST.get("ns_percent", 0)),
                    ew_percent=int(request.POST.get("ew_percent", 0)),
                )
            elif form.is_valid():
                data = form.cleaned_data
                contract = results.contract_for(
                    data["strain"],
                    data["level"],
                    slams="slam" in dict(form.fields["level"].choices),
                )
                if result is None:
                    results.result_record_by_teacher(
                        slot=slot,
                        contract=contract,
                        tricks_won=data["tricks"],
                        revoke=data["revoke"],
                        teacher=request.user,
                    )
                else:
                    results.result_correct(
                        result=result,
                        teacher=request.user,
                        contract=contract,
                        tricks_won=data["tricks"],
                        revoke=data["revoke"],
                    )
            else:
                raise ValidationError(_("Choose the contract and the tricks."))
        except ValidationError as error:
            action_errors = list(error.messages)
            status = 422
        except ValueError:
            action_errors = [_("Choose Average+ (60 %), Average (50 %) or Average− (40 %).")]
            status = 422
        else:
            messages.success(
                request,
                _("Board %(board)s at table %(table)s saved.")
                % {"board": board_number, "table": table_number},
            )
            return redirect(
                "tournaments:traveller", session_id=session.pk, board_number=board_number
            )
    board = selectors.board_facts(
        Board.objects.get(board_set_id=session.board_set_id, number=board_number),
        profile=session.scoring_profile,
    )
    context = {
        "session": session,
        "table": table,
        "slot": slot,
        "board": board,
        "result": result,
        "form": form,
        "round": round_,
        "action_errors": action_errors,
    }
    return render(request, "tournaments/result_edit.html", context, status=status)


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
def traveller_page(request: HttpRequest, session_id: int, board_number: int) -> HttpResponse:
    session = sessions.get_session_for_teacher(request.user, session_id)
    board = get_object_or_404(Board, board_set_id=session.board_set_id, number=board_number)
    standings = session_standings(session)
    traveller = next((t for t in standings.travellers if t.number == board_number), None)
    changes = (
        ResultChange.objects.filter(result__session=session, result__board_number=board_number)
        .select_related("changed_by", "result__table")
        .order_by("changed_at")
    )
    context = {
        "session": session,
        "board": selectors.board_facts(board, profile=session.scoring_profile),
        "lines": traveller.lines if traveller else (),
        "waiting": Result.objects.filter(
            session=session, board_number=board_number, agreed=False
        ).count(),
        "changes": changes,
    }
    return render(request, "tournaments/traveller.html", context)
