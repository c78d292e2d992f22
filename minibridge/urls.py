from importlib import import_module

from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.core.exceptions import ImproperlyConfigured
from django.urls import URLPattern, URLResolver, include, path, register_converter

from minibridge.converters import TokenConverter
from minibridge.login_throttling import refuse_paused_logins

# Registered before the apps' addresses are imported: their patterns use it.
register_converter(TokenConverter, "token")
site_urls = import_module("tournaments.urls")

urlpatterns: list[URLPattern | URLResolver] = [
    path("", include(site_urls)),
    path("events/", include("events.urls")),
    path(
        "accounts/login/",
        refuse_paused_logins(auth_views.LoginView.as_view(redirect_authenticated_user=True)),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
]

# ADMIN_PATH (settings) must not take a place the site already uses.
_taken = {str(p.pattern).split("/")[0] + "/" for p in [*site_urls.urlpatterns, *urlpatterns]}
if settings.ADMIN_PATH in _taken | {settings.STATIC_URL.strip("/") + "/"}:
    raise ImproperlyConfigured(
        f"ADMIN_PATH {settings.ADMIN_PATH} is a path the site itself uses: choose another."
    )
urlpatterns += [
    # The admin's own login page, behind the same check as the teachers'.
    path(f"{settings.ADMIN_PATH}login/", refuse_paused_logins(admin.site.login)),
    path(settings.ADMIN_PATH, admin.site.urls),
]
