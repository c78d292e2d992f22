"""Login throttling with django-axes: what the settings point axes at.

axes counts each failed login (the teachers' page and the admin's) in the database and,
over the limit, its backend refuses the next ones before any password is hashed. Two
pieces are ours:

* ``UsernameAndAddressHandler``: one limit per username and address together
  (``AXES_FAILURE_LIMIT``), a higher one per address (``LOGIN_ADDRESS_FAILURE_LIMIT``)
  and a higher still per username from anywhere (``LOGIN_USERNAME_FAILURE_LIMIT``);
  axes has a single limit for every lockout parameter. See the settings for why.
* ``lockout_response``: the page a refused login gets, in the visitor's language, with
  status 429 and ``Retry-After``, saying which limit was reached.

``login_records_purge`` deletes axes' records of logins (each with the username, the
address and the browser) once they are ``LOGIN_RECORDS_DAYS`` old: at every successful
login, and when ``manage.py purge`` runs.

``refuse_paused_logins`` puts axes' check in front of a login view, so that a paused
login is refused before its form, the authentication and axes' bookkeeping run.
"""

from __future__ import annotations

import functools
import math
import threading
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum
from typing import Any, TypeVar, cast

from axes.attempts import get_cool_off_threshold
from axes.decorators import axes_dispatch
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_cool_off
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.conf import settings
from django.db import connections
from django.db.models import Q, Sum
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

View = TypeVar("View", bound=Callable[..., HttpResponseBase])
_USERNAME_LENGTH = AccessAttempt._meta.get_field("username").max_length


def refuse_paused_logins(view: View) -> View:
    """``view`` behind axes' own check (``axes_dispatch``): a paused username or address
    gets the lockout page at once. axes' backend would refuse it too, before hashing,
    but only after the login form, and then it writes to the database; refused here, a
    flood of wrong passwords costs the server as little as a page can
    (bench/bench_login_flood.py). Like the rest of axes, it stands aside when
    ``AXES_ENABLED`` is off (axes' own decorator does not look)."""
    checked = axes_dispatch(view)  # type: ignore[no-untyped-call]

    @functools.wraps(view)
    def login(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not getattr(settings, "AXES_ENABLED", True):  # set by axes.conf
            return view(request, *args, **kwargs)
        return cast(HttpResponseBase, checked(request, *args, **kwargs))

    return cast(View, login)


def login_username(request: HttpRequest, credentials: dict[str, Any] | None = None) -> str | None:
    """The username axes counts (``AXES_USERNAME_CALLABLE``): the one authenticated, or,
    checked before the login form, the one posted, cleaned as the form cleans it
    (stripped, NFKC), so both checks see the same name. One with a NUL byte is no
    username: no account has one, and PostgreSQL cannot even compare it. A long one is
    cut to axes' column (Django's login form does not check the length, and PostgreSQL
    refuses a longer value); no account's name is that long."""
    raw = credentials.get("username") if credentials else request.POST.get("username")
    if not isinstance(raw, str):
        return None
    username = unicodedata.normalize("NFKC", raw.strip())[:_USERNAME_LENGTH]
    return username if username and "\x00" not in username else None


@dataclass(frozen=True)
class Failures:
    """The failed logins counted in the cool-off: for the username from this address,
    for the username from anywhere, and from this address for any username."""

    here: int
    username: int
    address: int

    @property
    def pause(self) -> Pause | None:
        """Which limit pauses the next login, if any: the username from this address
        first, as that is what the person at this device did."""
        if self.here >= settings.AXES_FAILURE_LIMIT:
            return Pause.HERE
        if self.username >= settings.LOGIN_USERNAME_FAILURE_LIMIT:
            return Pause.USERNAME
        if self.address >= settings.LOGIN_ADDRESS_FAILURE_LIMIT:
            return Pause.ADDRESS
        return None


class Pause(StrEnum):
    HERE = "here"  # this username from this address
    USERNAME = "username"  # this username from anywhere
    ADDRESS = "address"  # any username from this address


def failures(request: HttpRequest, credentials: dict[str, Any] | None = None) -> Failures:
    """The failures counted for this login attempt (one query)."""
    username = get_client_username(request, credentials)
    address = request.axes_ip_address  # type: ignore[attr-defined]
    if username:
        mine = Q(username=username)
        here = mine & Q(ip_address=address)
    else:  # no username: nothing to count for one
        mine = here = Q(pk__in=[])
    totals = AccessAttempt.objects.filter(
        mine | Q(ip_address=address), attempt_time__gte=get_cool_off_threshold(request)
    ).aggregate(
        here=Sum("failures_since_start", filter=here),
        username=Sum("failures_since_start", filter=mine),
        address=Sum("failures_since_start", filter=Q(ip_address=address)),
    )
    return Failures(**{name: int(total or 0) for name, total in totals.items()})


class UsernameAndAddressHandler(AxesDatabaseHandler):
    """axes' database handler, with three limits (:class:`Failures`).

    axes compares ``get_failures`` with ``AXES_FAILURE_LIMIT`` both to refuse a login
    and to lock after a failure, so this returns the failures for the username from
    this address, or the limit itself once another limit is reached."""

    def get_failures(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        counted = failures(request, credentials)
        if counted.pause is None:
            return counted.here
        return max(counted.here, settings.AXES_FAILURE_LIMIT)

    def user_logged_in(self, sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
        """axes' bookkeeping of a login, then the old login records go: the site has no
        scheduler of its own, and a login is when axes already cleans up."""
        super().user_logged_in(sender, request, user, **kwargs)  # type: ignore[no-untyped-call]
        login_records_purge()


def login_records_purge() -> int:
    """Delete every record of a login (failed attempts counted, successful logins,
    failures logged) older than ``LOGIN_RECORDS_DAYS``; returns how many. A failed
    attempt counts for the cool-off only, long shorter than that."""
    before = timezone.now() - timedelta(days=settings.LOGIN_RECORDS_DAYS)
    removed = 0
    for model in (AccessAttempt, AccessLog, AccessFailureLog):
        count, _by_model = model.objects.filter(attempt_time__lt=before).delete()
        removed += count
    return removed


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
        "pause": failures(request, credentials).pause,
        "minutes": max(1, math.ceil(seconds / 60)),
        "admin": admin,
        "login_url": reverse("admin:login") if admin else reverse("login"),
    }
    response = render(request, "registration/locked_out.html", context, status=429)
    response["Retry-After"] = str(seconds)
    _hold_back()
    return response


#: How many refused logins one server process holds back at once: half of the threads
#: `manage.py serve` gives it (SERVE_THREADS; none of a process of one thread), so that
#: the other half always serves the tablets.
HELD_BACK_AT_MOST = settings.SERVE_THREADS // 2
_held_back = threading.BoundedSemaphore(HELD_BACK_AT_MOST)


def _hold_back() -> None:
    """Wait ``LOGIN_PAUSED_ANSWER_DELAY`` seconds before answering a refused login.

    A script posting passwords in a loop sends its next one only when answered: held
    back a second, each of its connections held back sends one a second instead of
    hundreds (up to HELD_BACK_AT_MOST in each process), and the server spends its time
    on the tablets rather than on refusals, however cheap each is
    (bench/bench_login_flood.py). A waiting thread costs no processor time, and its
    database connection is closed first. Past HELD_BACK_AT_MOST waiting at once, the
    answer goes at once: more connections than that must not take every thread."""
    delay = settings.LOGIN_PAUSED_ANSWER_DELAY
    if delay and _held_back.acquire(blocking=False):
        try:
            connections.close_all()
            time.sleep(delay)
        finally:
            _held_back.release()
