from collections.abc import Iterable, Iterator

from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.core.exceptions import ImproperlyConfigured
from django.urls import URLPattern, URLResolver, include, path, register_converter

from minibridge.converters import TokenConverter
from minibridge.login_throttling import refuse_paused_logins

# Registered before the apps' addresses are read (``include`` imports them): a table's
# link, ``<token:token>``, is in the classroom's patterns and the four-deal game's.
register_converter(TokenConverter, "token")

urlpatterns: list[URLPattern | URLResolver] = [
    path("", include("tournaments.urls")),
    # The four-deal game's pages (the ``games`` app), at the site's root like the classes'.
    path("", include("games.urls")),
    path("events/", include("events.urls")),
    path(
        "accounts/login/",
        refuse_paused_logins(auth_views.LoginView.as_view(redirect_authenticated_user=True)),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
]


def _first_segments(patterns: Iterable[URLPattern | URLResolver]) -> Iterator[str]:
    """The first path segment of every page, through the includes at the root."""
    for p in patterns:
        if isinstance(p, URLResolver) and str(p.pattern) == "":
            yield from _first_segments(p.url_patterns)
        else:
            yield str(p.pattern).split("/")[0] + "/"


# ADMIN_PATH (settings) must not take a place the site already uses.
_taken = set(_first_segments(urlpatterns))
if settings.ADMIN_PATH in _taken | {settings.STATIC_URL.strip("/") + "/"}:
    raise ImproperlyConfigured(
        f"ADMIN_PATH {settings.ADMIN_PATH} is a path the site itself uses: choose another."
    )
urlpatterns += [
    # The admin's own login page, behind the same check as the teachers'.
    path(f"{settings.ADMIN_PATH}login/", refuse_paused_logins(admin.site.login)),
    path(settings.ADMIN_PATH, admin.site.urls),
]
