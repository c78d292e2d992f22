"""The events' pages: each part has its own module of addresses."""

from django.urls import include, path

# The "token" path converter: a link's token is URL-safe characters only, so anything
# else (a NUL byte PostgreSQL cannot even compare) is no link but a 404. Registered by
# tournaments.urls, imported here so these addresses never depend on the include order.
import tournaments.urls  # noqa: F401

app_name = "events"

urlpatterns = [
    path("", include("events.organiser_urls")),
    path("", include("events.upload_urls")),
    path("", include("events.results_urls")),
    path("", include("events.booklet_urls")),
]
