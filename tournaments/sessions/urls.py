from django.urls import path

from tournaments.sessions import connect_views, views

urlpatterns = [
    path("classes/<int:class_id>/sessions/new/", views.session_new, name="session_new"),
    path("sessions/<int:session_id>/", views.session_detail, name="session_detail"),
    path(
        "sessions/<int:session_id>/analysis/",
        views.session_analysis,
        name="session_analysis",
    ),
    path("sessions/<int:session_id>/pairs/", views.session_pairs, name="session_pairs"),
    path("sessions/<int:session_id>/setup/", views.session_setup, name="session_setup"),
    path(
        "sessions/<int:session_id>/target-table/",
        views.session_target_table,
        name="session_target_table",
    ),
    path("sessions/<int:session_id>/round/", views.session_round, name="session_round"),
    path("sessions/<int:session_id>/finish/", views.session_finish, name="session_finish"),
    path("sessions/<int:session_id>/clock/", views.session_clock, name="session_clock"),
    path(
        "sessions/<int:session_id>/clock/left/",
        views.session_clock_left,
        name="session_clock_left",
    ),
    path("sessions/<int:session_id>/replace/", views.pair_replace, name="pair_replace"),
    path("sessions/<int:session_id>/withdraw/", views.pair_withdraw, name="pair_withdraw"),
    path(
        "sessions/<int:session_id>/print/<str:kind>/",
        views.session_print,
        name="session_print",
    ),
    path(
        "sessions/<int:session_id>/connect/", connect_views.session_connect, name="session_connect"
    ),
    path(
        "sessions/<int:session_id>/connect/<int:table_number>/",
        connect_views.session_connect_table,
        name="session_connect_table",
    ),
]
