"""The four-deal game: the teacher starts it and watches every table; each table plays
on its own page (its QR code, no login). Views parse, call one service or selector
(``games.services`` / ``games.selectors``) and render."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import papers, selectors, services
from games.forms import (
    FourDealGameForm,
    FourDealPointsForm,
    FourDealRedealForm,
    FourDealResultForm,
    FourDealTableForm,
)
from games.models import FourDealGame, FourDealTable
from scoring.cards import Seat
from tournaments.classes.selectors import get_class_for_teacher
from tournaments.printing.table_cards import four_deal_cards_pdf
from tournaments.web import links
from tournaments.web.http import HtmxHttpRequest, TeacherRequest, attachment, paper_size
from tournaments.web.links import TableCode, full_screen_context, table_codes

# -- The teacher's pages -------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@login_required
def four_deal_new(request: TeacherRequest, class_id: int) -> HttpResponse:
    school_class = get_class_for_teacher(request.user, class_id)
    form = FourDealGameForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        try:
            game = services.four_deal_game_start(
                school_class=school_class,
                tables=form.cleaned_data["tables"],
                cards=form.cleaned_data["cards"],
                seed=form.cleaned_data["seed"],
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            return redirect("games:four_deal_game", game_id=game.pk)
    status = 422 if form.is_bound else 200
    context = {"school_class": school_class, "form": form}
    return render(request, "games/four_deal_new.html", context, status=status)


@require_GET
@login_required
@cache_control(private=True, no_cache=True)
def four_deal_game(request: TeacherRequest, game_id: int) -> HttpResponse:
    """Every table at a glance (which deal, the totals, who won), refreshing itself."""
    game = selectors.get_game_for_teacher(request.user, game_id)
    template = "games/four_deal_game.html"
    if request.htmx:
        template += "#tables"
    tables = selectors.game_tables(game)
    context = {
        "game": game,
        "tables": tables,
        "all_finished": all(state.finished for state in tables),
    }
    return render(request, template, context)


@require_http_methods(["GET", "POST"])
@login_required
def four_deal_table_edit(request: TeacherRequest, game_id: int, number: int) -> HttpResponse:
    table = selectors.get_table_for_teacher(request.user, game_id, number)
    initial = {
        "players": table.players,
        "north": table.north,
        "east": table.east,
        "south": table.south,
        "west": table.west,
    }
    form = FourDealTableForm(request.POST if request.method == "POST" else None, initial=initial)
    if form.is_valid():
        try:
            services.four_deal_table_update(table=table, **form.cleaned_data)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            return redirect("games:four_deal_game", game_id=game_id)
    status = 422 if form.is_bound else 200
    context = {"game": table.game, "table": table, "form": form}
    return render(request, "games/four_deal_table_edit.html", context, status=status)


def _full_screen_page(game: FourDealGame) -> Callable[[int], str]:
    def page(number: int) -> str:
        return reverse(
            "games:four_deal_connect_table", kwargs={"game_id": game.pk, "number": number}
        )

    return page


def _codes(
    request: HttpRequest, game: FourDealGame, tables: list[FourDealTable]
) -> tuple[links.TablesAddress, list[TableCode]]:
    address = links.tables_address(request)
    if not address.usable:
        return address, []
    codes = table_codes(
        address,
        [(table.number, table.token) for table in tables],
        view="games:four_deal_table",
        page=_full_screen_page(game),
    )
    return address, codes


@require_GET
@login_required
def four_deal_connect(request: TeacherRequest, game_id: int) -> HttpResponse:
    """Every table's QR code on screen, each one tap from full screen."""
    game = selectors.get_game_for_teacher(request.user, game_id)
    address, codes = _codes(request, game, list(game.tables.order_by("number")))
    context = {"game": game, "address": address, "codes": codes}
    return render(request, "games/four_deal_connect.html", context)


@require_GET
@login_required
def four_deal_connect_table(request: TeacherRequest, game_id: int, number: int) -> HttpResponse:
    table = selectors.get_table_for_teacher(request.user, game_id, number)
    _address, codes = _codes(request, table.game, [table])
    if not codes:
        return redirect("games:four_deal_connect", game_id=game_id)
    numbers = list(table.game.tables.order_by("number").values_list("number", flat=True))
    context = {
        "game": table.game,
        **full_screen_context(
            codes[0],
            numbers,
            page=_full_screen_page(table.game),
            all_url=reverse("games:four_deal_connect", kwargs={"game_id": game_id}),
        ),
    }
    return render(request, "tournaments/sessions/connect_table.html", context)


# -- A table's own pages -------------------------------------------------------------------


def _table(token: str) -> FourDealTable:
    table = selectors.get_table_by_token(token)
    if table is None:
        raise Http404
    return table


def _table_page(
    request: HttpRequest,
    table: FourDealTable,
    *,
    status: int = 200,
    points_form: FourDealPointsForm | None = None,
    result_form: FourDealResultForm | None = None,
    **extra: Any,
) -> HttpResponse:
    state = selectors.table_state(table)
    if points_form is None:
        points_form = FourDealPointsForm(initial={"sequence": state.next_sequence})
    points_form.relabel({seat: state.seat_label(seat) for seat in Seat})
    if result_form is None:
        result_form = FourDealResultForm(
            profile=state.game.profile, initial={"sequence": state.next_sequence}
        )
    context = {
        "state": state,
        "table": state.table,
        "current": state.current,
        "points_form": points_form,
        "form": result_form,
        "scores": selectors.score_texts(state),
        **extra,
    }
    return render(request, "games/four_deal_table.html", context, status=status)


@require_GET
@cache_control(private=True, no_cache=True)
def four_deal_table(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The table's page: its deals so far and the totals, then the deal it plays now."""
    return _table_page(request, _table(token))


def _already(request: HttpRequest, table: FourDealTable) -> HttpResponse:
    return _table_page(request, table, status=409, already=True)


@require_POST
def four_deal_table_points(request: HtmxHttpRequest, token: str) -> HttpResponse:
    table = _table(token)
    form = FourDealPointsForm(request.POST)
    if form.is_valid():
        try:
            services.four_deal_points(
                table=table,
                sequence=form.cleaned_data["sequence"],
                points=form.cleaned_data["points"],
            )
        except services.AlreadyEntered:
            return _already(request, table)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            return redirect("games:four_deal_table", token=token)
    return _table_page(request, table, status=422, points_form=form)


@require_POST
def four_deal_table_redeal(request: HtmxHttpRequest, token: str) -> HttpResponse:
    table = _table(token)
    form = FourDealRedealForm(request.POST)
    if not form.is_valid():
        return _table_page(request, table, status=422, redeal_form=form)
    try:
        services.four_deal_redeal(table=table, sequence=form.cleaned_data["sequence"])
    except services.AlreadyEntered:
        return _already(request, table)
    return redirect("games:four_deal_table", token=token)


@require_POST
def four_deal_table_result(request: HtmxHttpRequest, token: str) -> HttpResponse:
    table = _table(token)
    form = FourDealResultForm(request.POST, profile=table.game.profile)
    if form.is_valid():
        data = form.cleaned_data
        try:
            services.four_deal_result(
                table=table,
                sequence=data["sequence"],
                contract=data["contract"],
                tricks_won=data["tricks"],
                revoke=data["revoke"],
            )
        except services.AlreadyEntered:
            return _already(request, table)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            return redirect("games:four_deal_table", token=token)
    return _table_page(request, table, status=422, result_form=form)


@require_GET
@login_required
def four_deal_cards(request: TeacherRequest, game_id: int) -> HttpResponse:
    """The table cards as a PDF: each table's number, QR code, players and the rules."""
    game = selectors.get_game_for_teacher(request.user, game_id)
    tables = list(game.tables.order_by("number"))
    address = links.tables_address(request)
    if not address.usable:
        return redirect("games:four_deal_connect", game_id=game_id)
    cards = papers.game_print(
        game,
        tables,
        urls={
            table.number: address.table_url(table.token, view="games:four_deal_table")
            for table in tables
        },
        paper=paper_size(request),
    )
    filename = f"{slugify(str(game.school_class))}-{game.created_at.date()}-four-deal-cards.pdf"
    return attachment(four_deal_cards_pdf(cards), filename, "application/pdf")
