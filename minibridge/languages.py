"""A page's language named in its address: ``?lang=nb``.

Django's LocaleMiddleware takes the language from the language cookie or the browser's
Accept-Language, and says so in ``Vary: Accept-Language``: a cache shared by many
visitors (nginx, deploy/) must then keep a copy for every browser's way of writing that
header. A page asked for with ``?lang=`` (a language the site speaks) is in that
language whatever the cookie or the browser says, and its answer does not vary by them:
its address alone names it, as Django does for a language in the path (i18n_patterns).
The public results page is such a page (its language switch is two links).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase
from django.middleware.locale import LocaleMiddleware
from django.utils import translation

#: The query parameter that names a page's language.
LANGUAGE_QUERY = "lang"


def language_in_query(request: HttpRequest) -> str | None:
    """The language ``?lang=`` names, if the site speaks it (else None: absent, or a
    code the site does not know)."""
    asked = request.GET.get(LANGUAGE_QUERY, "")
    codes = {code for code, _name in settings.LANGUAGES}
    return asked if asked in codes else None


class QueryLocaleMiddleware(LocaleMiddleware):
    """Django's LocaleMiddleware, and ``?lang=`` before the cookie and the browser."""

    def process_request(self, request: HttpRequest) -> None:
        super().process_request(request)
        language = language_in_query(request)
        if language is not None:
            translation.activate(language)
            request.LANGUAGE_CODE = language

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if language_in_query(request) is None:
            return super().process_response(request, response)
        # The address names the language: no Vary: Accept-Language.
        response.headers.setdefault("Content-Language", translation.get_language())
        return response
