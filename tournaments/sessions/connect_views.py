""" "Connect the tablets": every table's QR code large on screen, with its link, and one
table's code full screen (for a class without a printer, or a lost card)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from tournaments.models import Session, Table
from tournaments.sessions import selectors as session_selectors
from tournaments.web import links
from tournaments.web.http import TeacherRequest
from tournaments.web.links import TableCode, full_screen_context, table_codes


def _full_screen_page(session: Session) -> Callable[[int], str]:
    def page(number: int) -> str:
        return reverse(
            "tournaments:session_connect_table",
            kwargs={"session_id": session.pk, "table_number": number},
        )

    return page


def _codes(address: links.TablesAddress, session: Session, tables: list[Table]) -> list[TableCode]:
    return table_codes(
        address,
        [(table.number, table.token) for table in tables],
        view="tournaments:table_page",
        page=_full_screen_page(session),
    )


def _session_and_tables(request: TeacherRequest, session_id: int) -> tuple[Session, list[Table]]:
    session = session_selectors.get_session_for_teacher(request.user, session_id)
    return session, list(session.tables.order_by("number"))


@require_GET
@login_required
def session_connect(request: TeacherRequest, session_id: int) -> HttpResponse:
    session, tables = _session_and_tables(request, session_id)
    if session.state == Session.State.DRAFT:
        return redirect("tournaments:session_pairs", session_id=session.pk)
    address = links.tables_address(request)
    running = session.state == Session.State.RUNNING
    codes = _codes(address, session, tables) if address.usable and running else []
    context = {"session": session, "address": address, "codes": codes, "running": running}
    return render(request, "tournaments/sessions/connect.html", context)


@require_GET
@login_required
def session_connect_table(
    request: TeacherRequest, session_id: int, table_number: int
) -> HttpResponse:
    session, tables = _session_and_tables(request, session_id)
    numbers = [table.number for table in tables]
    if session.state != Session.State.RUNNING or table_number not in numbers:
        raise Http404
    address = links.tables_address(request)
    if not address.usable:
        return redirect("tournaments:session_connect", session_id=session.pk)
    [code] = _codes(address, session, [tables[numbers.index(table_number)]])
    context = {
        "session": session,
        **full_screen_context(
            code,
            numbers,
            page=_full_screen_page(session),
            all_url=reverse("tournaments:session_connect", kwargs={"session_id": session.pk}),
        ),
    }
    return render(request, "tournaments/sessions/connect_table.html", context)
