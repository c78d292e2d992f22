"""The site's own path converters, registered by the project's URLconf
(minibridge.urls) before it includes the apps' addresses."""

from __future__ import annotations


class TokenConverter:
    """A link's token: the URL-safe characters ``secrets.token_urlsafe`` makes (a table's
    link, an event's public results and booklet). Anything else (a NUL byte PostgreSQL
    cannot even compare) is simply no link: 404."""

    regex = "[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value
