from django.urls import path

from tournaments.certificates import views

urlpatterns = [
    path(
        "sessions/<int:session_id>/certificates/",
        views.session_certificates,
        name="session_certificates",
    ),
    path(
        "sessions/<int:session_id>/certificates/pdf/",
        views.session_certificates,
        {"pdf": True},
        name="session_certificates_pdf",
    ),
    path(
        "leagues/<int:league_id>/certificates/",
        views.league_certificates,
        name="league_certificates",
    ),
    path(
        "leagues/<int:league_id>/certificates/pdf/",
        views.league_certificates,
        {"pdf": True},
        name="league_certificates_pdf",
    ),
    path(
        "classes/<int:class_id>/certificates/",
        views.class_certificates,
        name="class_certificates",
    ),
    path(
        "classes/<int:class_id>/certificates/pdf/",
        views.class_certificates,
        {"pdf": True},
        name="class_certificates_pdf",
    ),
]
