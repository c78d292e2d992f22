from django.urls import path

from tournaments.leagues import views

urlpatterns = [
    path("classes/<int:class_id>/leagues/new/", views.league_new, name="league_new"),
    path("classes/<int:class_id>/term/", views.term_standings, name="term_standings"),
    path("leagues/<int:league_id>/", views.league_detail, name="league_detail"),
    path(
        "leagues/<int:league_id>/evenings/<int:evening>/start/",
        views.league_evening_start,
        name="league_evening_start",
    ),
    path(
        "leagues/<int:league_id>/projector/",
        views.league_projector,
        name="league_projector",
    ),
    path(
        "leagues/<int:league_id>/export/<str:kind>/",
        views.league_export,
        name="league_export",
    ),
]
