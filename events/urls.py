"""The events' pages: each part has its own module of addresses."""

from django.urls import include, path

app_name = "events"

urlpatterns = [
    path("", include("events.organiser_urls")),
    path("", include("events.upload_urls")),
    path("", include("events.results_urls")),
    path("", include("events.booklet_urls")),
]
