from django.urls import path

from tournaments.results import views

urlpatterns = [
    # A table's own link, from the QR code on its table card: short, no login. First in
    # the list: every table polls and saves through these, so they are matched first.
    path("t/<token:token>/", views.table_page, name="table_page"),
    # The tables' service worker: under t/ so that its scope covers their pages (a
    # token has no dot, so no table is called this).
    path("t/sw.js", views.table_service_worker, name="table_service_worker"),
    path("t/<token:token>/round/", views.table_round_check, name="table_round_check"),
    path("t/<token:token>/clock/", views.table_clock, name="table_clock"),
    path(
        "t/<token:token>/boards/<int:board_number>/",
        views.table_result,
        name="table_result",
    ),
    path(
        "t/<token:token>/boards/<int:board_number>/done/",
        views.table_done_board,
        name="table_done_board",
    ),
    path(
        "t/<token:token>/boards/<int:board_number>/cards/",
        views.table_cards,
        name="table_cards",
    ),
    path(
        "t/<token:token>/results/<int:result_id>/agree/",
        views.table_agree,
        name="table_agree",
    ),
    path("t/<token:token>/results/<int:result_id>/flag/", views.table_flag, name="table_flag"),
    path("sessions/<int:session_id>/grid/", views.session_grid, name="session_grid"),
    path(
        "sessions/<int:session_id>/rounds/<int:round_>/tables/<int:table_number>/boards/"
        "<int:board_number>/",
        views.result_edit,
        name="result_edit",
    ),
    path(
        "sessions/<int:session_id>/flags/<int:flag_id>/dismiss/",
        views.flag_dismiss,
        name="flag_dismiss",
    ),
    path(
        "sessions/<int:session_id>/boards/<int:board_number>/",
        views.traveller_page,
        name="traveller",
    ),
]
