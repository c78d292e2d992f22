from django.urls import path

from tournaments.standings import views

urlpatterns = [
    path(
        "sessions/<int:session_id>/standings/",
        views.standings_page,
        name="standings",
    ),
    path("sessions/<int:session_id>/projector/", views.projector, name="projector"),
    path(
        "sessions/<int:session_id>/pairs/<int:pair_id>/card/",
        views.score_card,
        name="score_card",
    ),
    path(
        "sessions/<int:session_id>/export/<str:kind>/",
        views.session_export,
        name="session_export",
    ),
]
