"""Login throttling with django-axes: what the settings point axes at.

axes counts each failed login (the teachers' page and the admin's) in the database and,
over the limit, its backend refuses the next ones before any password is hashed. Two
pieces are ours:

* ``UsernameAndAddressHandler``: one limit per username (``AXES_FAILURE_LIMIT``) and a
  higher one per address (``LOGIN_ADDRESS_FAILURE_LIMIT``); axes has a single limit for
  every lockout parameter. See the settings for why.
* ``lockout_response``: the page a refused login gets, in the visitor's language, with
  status 429 and ``Retry-After``.
"""

from __future__ import annotations

import math
from typing import Any

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_cool_off
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import QuerySet, Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse


def _failures(attempts: QuerySet[Any]) -> int:
    total = attempts.aggregate(total=Sum("failures_since_start"))["total"]
    return int(total or 0)


class UsernameAndAddressHandler(AxesDatabaseHandler):
    """axes' database handler, with a limit per username and another per address.

    axes compares ``get_failures`` with ``AXES_FAILURE_LIMIT`` both to refuse a login
    and to lock after a failure, so this returns the username's failures, or the
    limit itself once the address has reached its own limit."""

    def get_failures(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        recent = AccessAttempt.objects.filter(attempt_time__gte=get_cool_off_threshold(request))
        username = get_client_username(request, credentials)
        by_username = _failures(recent.filter(username=username)) if username else 0
        by_address = _failures(recent.filter(ip_address=request.axes_ip_address))  # type: ignore[attr-defined]
        if by_address >= settings.LOGIN_ADDRESS_FAILURE_LIMIT:
            return max(by_username, settings.AXES_FAILURE_LIMIT)
        return by_username


def lockout_response(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, Any] | None = None,
) -> HttpResponse:
    """The answer to a login refused by axes (``AXES_LOCKOUT_CALLABLE``).

    429 Too Many Requests rather than 403: nothing is forbidden for good, the visitor
    only has to wait, and ``Retry-After`` says for how long. A refused attempt does not
    restart the pause (``AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT``), so waiting
    the whole cool-off from now is always enough."""
    cool_off = get_cool_off(request)
    seconds = int(cool_off.total_seconds()) if cool_off is not None else 0
    admin = request.path.startswith(reverse("admin:index"))
    context = {
        "minutes": max(1, math.ceil(seconds / 60)),
        "admin": admin,
        "login_url": reverse("admin:login") if admin else reverse("login"),
    }
    response = render(request, "registration/locked_out.html", context, status=429)
    response["Retry-After"] = str(seconds)
    return response
