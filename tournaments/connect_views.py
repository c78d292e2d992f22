""" "Connect the tablets": every table's QR code large on screen, with its link, and one
table's code full screen (for a class without a printer, or a lost card)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournaments import links, sessions
from tournaments.http import TeacherRequest
from tournaments.models import Session, Table
from tournaments.qr import qr_svg


@dataclass(frozen=True)
class TableCode:
    number: int
    url: str
    svg: SafeString


def _codes(address: links.TablesAddress, tables: list[Table]) -> list[TableCode]:
    codes = []
    for table in tables:
        url = address.table_url(table.token)
        label = _("QR code for table %(number)s: %(url)s") % {"number": table.number, "url": url}
        codes.append(TableCode(number=table.number, url=url, svg=qr_svg(url, label=label)))
    return codes


def _session_and_tables(request: TeacherRequest, session_id: int) -> tuple[Session, list[Table]]:
    session = sessions.get_session_for_teacher(request.user, session_id)
    return session, list(session.tables.order_by("number"))


@require_GET
@login_required
def session_connect(request: TeacherRequest, session_id: int) -> HttpResponse:
    session, tables = _session_and_tables(request, session_id)
    if session.state == Session.State.DRAFT:
        return redirect("tournaments:session_pairs", session_id=session.pk)
    address = links.tables_address(request)
    running = session.state == Session.State.RUNNING
    codes = _codes(address, tables) if address.usable and running else []
    context = {"session": session, "address": address, "codes": codes, "running": running}
    return render(request, "tournaments/connect.html", context)


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
    index = numbers.index(table_number)
    context = {
        "session": session,
        "code": _codes(address, [tables[index]])[0],
        "previous": numbers[index - 1] if index > 0 else None,
        "next": numbers[index + 1] if index + 1 < len(numbers) else None,
    }
    return render(request, "tournaments/connect_table.html", context)
