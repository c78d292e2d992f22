from django.urls import include, path

app_name = "tournaments"

urlpatterns = [
    path("", include("tournaments.results.urls")),
    path("", include("tournaments.classes.urls")),
    path("", include("tournaments.boards.urls")),
    path("", include("tournaments.sessions.urls")),
    path("", include("tournaments.standings.urls")),
    path("", include("tournaments.privacy.urls")),
    path("", include("tournaments.leagues.urls")),
    path("", include("tournaments.feedback.urls")),
    path("", include("tournaments.certificates.urls")),
]
