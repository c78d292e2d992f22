"""The results pages' addresses: the organiser's national results and downloads, and the
public results page (its link's token is the only key; no login)."""

from django.urls import URLPattern, path

from events import results_views

urlpatterns: list[URLPattern] = [
    path(
        "<int:event_id>/national/",
        results_views.national_results,
        name="national_results",
    ),
    path(
        "<int:event_id>/national/<slug:kind>/",
        results_views.national_export,
        name="national_export",
    ),
    path("r/<token:token>/", results_views.public_results, name="public_results"),
]
