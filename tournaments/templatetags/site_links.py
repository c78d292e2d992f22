"""Links to this very page with other values in its query: the sections of a results
page, the public page's language switch (``?lang=``, minibridge/languages.py)."""

from __future__ import annotations

from django import template
from django.http import HttpRequest

register = template.Library()


@register.simple_tag(takes_context=True)
def this_page(context: template.Context, **changes: object) -> str:
    """This page's path with its query's values changed: ``{% this_page section=3 %}``;
    an empty value or None drops that parameter (``section=""``: no section)."""
    request: HttpRequest = context["request"]
    query = request.GET.copy()
    for name, value in changes.items():
        if value is None or value == "":
            query.pop(name, None)
        else:
            query[name] = str(value)
    return f"{request.path}?{query.urlencode()}" if query else request.path
