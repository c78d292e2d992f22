from django.urls import path

from tournaments import (
    connect_views,
    curve_views,
    feedback_views,
    league_views,
    privacy_views,
    result_views,
    session_views,
    standings_views,
    views,
)

app_name = "tournaments"

urlpatterns = [
    # A table's own link, from the QR code on its table card: short, no login. First in
    # the list: every table polls and saves through these, so they are matched first.
    path("t/<token:token>/", result_views.table_page, name="table_page"),
    # The tables' service worker: under t/ so that its scope covers their pages (a
    # token has no dot, so no table is called this).
    path("t/sw.js", result_views.table_service_worker, name="table_service_worker"),
    path("t/<token:token>/round/", result_views.table_round_check, name="table_round_check"),
    path(
        "t/<token:token>/boards/<int:board_number>/",
        result_views.table_result,
        name="table_result",
    ),
    path(
        "t/<token:token>/boards/<int:board_number>/done/",
        result_views.table_done_board,
        name="table_done_board",
    ),
    path(
        "t/<token:token>/results/<int:result_id>/agree/",
        result_views.table_agree,
        name="table_agree",
    ),
    path(
        "t/<token:token>/results/<int:result_id>/flag/", result_views.table_flag, name="table_flag"
    ),
    path("", views.home, name="home"),
    path("classes/new/", views.class_create, name="class_create"),
    path("classes/<int:class_id>/", views.class_detail, name="class_detail"),
    path("classes/<int:class_id>/pupils/add/", views.pupil_add, name="pupil_add"),
    path("boards/", views.board_set_list, name="board_set_list"),
    path("boards/new/", views.board_set_create, name="board_set_create"),
    path("boards/import/", views.board_set_import, name="board_set_import"),
    path("boards/<int:board_set_id>/", views.board_set_detail, name="board_set_detail"),
    path("boards/<int:board_set_id>/analyse/", views.board_set_analyse, name="board_set_analyse"),
    path(
        "boards/<int:board_set_id>/download/<str:kind>/",
        views.board_set_download,
        name="board_set_download",
    ),
    path("boards/<int:board_set_id>/<int:number>/", views.board_detail, name="board_detail"),
    path("classes/<int:class_id>/sessions/new/", session_views.session_new, name="session_new"),
    path("sessions/<int:session_id>/", session_views.session_detail, name="session_detail"),
    path(
        "sessions/<int:session_id>/analysis/",
        session_views.session_analysis,
        name="session_analysis",
    ),
    path("sessions/<int:session_id>/pairs/", session_views.session_pairs, name="session_pairs"),
    path("sessions/<int:session_id>/setup/", session_views.session_setup, name="session_setup"),
    path(
        "sessions/<int:session_id>/target-table/",
        session_views.session_target_table,
        name="session_target_table",
    ),
    path("sessions/<int:session_id>/round/", session_views.session_round, name="session_round"),
    path("sessions/<int:session_id>/finish/", session_views.session_finish, name="session_finish"),
    path("sessions/<int:session_id>/replace/", session_views.pair_replace, name="pair_replace"),
    path("sessions/<int:session_id>/withdraw/", session_views.pair_withdraw, name="pair_withdraw"),
    path(
        "sessions/<int:session_id>/print/<str:kind>/",
        session_views.session_print,
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
    path("sessions/<int:session_id>/grid/", result_views.session_grid, name="session_grid"),
    path(
        "sessions/<int:session_id>/rounds/<int:round_>/tables/<int:table_number>/boards/"
        "<int:board_number>/",
        result_views.result_edit,
        name="result_edit",
    ),
    path(
        "sessions/<int:session_id>/flags/<int:flag_id>/dismiss/",
        result_views.flag_dismiss,
        name="flag_dismiss",
    ),
    path(
        "sessions/<int:session_id>/boards/<int:board_number>/",
        result_views.traveller_page,
        name="traveller",
    ),
    path(
        "sessions/<int:session_id>/standings/",
        standings_views.standings_page,
        name="standings",
    ),
    path("sessions/<int:session_id>/projector/", standings_views.projector, name="projector"),
    path(
        "sessions/<int:session_id>/pairs/<int:pair_id>/card/",
        standings_views.score_card,
        name="score_card",
    ),
    path(
        "sessions/<int:session_id>/export/<str:kind>/",
        standings_views.session_export,
        name="session_export",
    ),
    path("classes/<int:class_id>/data/", privacy_views.class_data, name="class_data"),
    path(
        "classes/<int:class_id>/data/export.json", privacy_views.class_export, name="class_export"
    ),
    path(
        "classes/<int:class_id>/pupils/<int:pupil_id>/delete/",
        privacy_views.pupil_delete_confirm,
        name="pupil_delete_confirm",
    ),
    path(
        "classes/<int:class_id>/pupils/<int:pupil_id>/delete/confirmed/",
        privacy_views.pupil_delete,
        name="pupil_delete",
    ),
    path(
        "classes/<int:class_id>/delete/",
        privacy_views.class_delete_confirm,
        name="class_delete_confirm",
    ),
    path(
        "classes/<int:class_id>/delete/confirmed/",
        privacy_views.class_delete,
        name="class_delete",
    ),
    path("classes/<int:class_id>/leagues/new/", league_views.league_new, name="league_new"),
    path("classes/<int:class_id>/term/", league_views.term_standings, name="term_standings"),
    path("leagues/<int:league_id>/", league_views.league_detail, name="league_detail"),
    path(
        "leagues/<int:league_id>/evenings/<int:evening>/start/",
        league_views.league_evening_start,
        name="league_evening_start",
    ),
    path(
        "leagues/<int:league_id>/projector/",
        league_views.league_projector,
        name="league_projector",
    ),
    path(
        "leagues/<int:league_id>/export/<str:kind>/",
        league_views.league_export,
        name="league_export",
    ),
    path("what-we-store/", privacy_views.what_we_store, name="what_we_store"),
    path("classes/<int:class_id>/curve/", curve_views.class_curve, name="class_curve"),
    path("classes/<int:class_id>/worksheet/", curve_views.worksheet, name="curve_worksheet"),
    path("sessions/<int:session_id>/curve/", curve_views.session_curve, name="session_curve"),
    path("classes/<int:class_id>/feedback/", feedback_views.class_feedback, name="class_feedback"),
    path(
        "classes/<int:class_id>/pupils/<int:pupil_id>/",
        feedback_views.pupil_feedback,
        name="pupil_feedback",
    ),
    path(
        "sessions/<int:session_id>/feedback/",
        feedback_views.session_feedback,
        name="session_feedback",
    ),
    path("sessions/<int:session_id>/lesson-pack/", feedback_views.lesson_pack, name="lesson_pack"),
]
