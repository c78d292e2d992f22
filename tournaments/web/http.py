"""Small request and response helpers the views share: numbers sent in a form or a query,
the paper size of a printable, a file to download."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import wraps
from typing import TypeVar, cast

from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.cache import patch_vary_headers
from django.utils.http import content_disposition_header
from django.utils.translation import get_language
from django.views.decorators.cache import cache_control
from django_htmx.middleware import HtmxDetails

from minibridge.languages import LANGUAGE_QUERY, language_in_query
from tournaments.printing.common import PaperSize


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it: ``request.htmx`` says whether
    htmx sent it (the type django-htmx's documentation suggests for type checking)."""

    htmx: HtmxDetails


class TeacherRequest(HtmxHttpRequest):
    """A request to a teacher's page: ``@login_required`` lets only a logged-in teacher
    through, so ``request.user`` is a user, never anonymous."""

    user: User


ID = re.compile(r"[0-9]{1,18}")


def parse_id(value: str | None) -> int | None:
    """A number sent in a form or a query (a database id, a round): plain digits that fit
    the database's integers, or None for anything else (never an error page)."""
    if value is None or not ID.fullmatch(value):
        return None
    return int(value)


def paper_size(request: HttpRequest) -> PaperSize:
    """The paper a printable is made for: ``?paper=letter`` (any case) gives Letter,
    anything else A4."""
    return "Letter" if request.GET.get("paper", "").lower() == "letter" else "A4"


def attachment(data: bytes, filename: str, content_type: str) -> HttpResponse:
    """``data`` as a file to download under ``filename``."""
    return HttpResponse(
        data,
        content_type=content_type,
        headers={"Content-Disposition": content_disposition_header(True, filename)},
    )


#: Seconds a cache shared by many visitors (nginx in front of several app servers,
#: deploy/nginx/minibridge.conf) may answer with its copy of a public page before it
#: asks again with the page's ETag. Browsers ask every time (max-age=0), as before.
SHARED_CACHE_SECONDS = 10

#: For a public page with an ETag (the public results, the public booklet): a shared
#: cache may keep it for SHARED_CACHE_SECONDS (apart for each value of the headers in its
#: Vary), a browser revalidates it at each use.
shared_briefly = cache_control(public=True, max_age=0, s_maxage=SHARED_CACHE_SECONDS)


View = TypeVar("View", bound=Callable[..., HttpResponse])


def language_in_address(view: View) -> View:
    """For a public page that a shared cache keeps: its address names its language
    (``?lang=``, minibridge/languages.py), so one copy serves every visitor of that
    language, whatever their cookies or their browser's Accept-Language. Asked for
    without it (the link the organiser hands out) or with a language the site does not
    speak, it redirects to its own address with the language the visitor's cookie or
    browser chose (that redirect varies by them, and says so)."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        if language_in_query(request) is not None:
            return view(request, *args, **kwargs)
        query = request.GET.copy()
        query[LANGUAGE_QUERY] = get_language()
        response = HttpResponseRedirect(f"{request.path}?{query.urlencode()}")
        # The language cookie (LocaleMiddleware adds Accept-Language itself).
        patch_vary_headers(response, ("Cookie",))
        return response

    return cast(View, wrapped)


def etag(*parts: object) -> str:
    """A weak-free entity tag for a page polled every few seconds, made from what the
    page shows (a session's revision, the round asked for, the language, whether htmx
    asked for a partial)."""
    return "-".join(str(part) for part in parts)
