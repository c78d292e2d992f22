from django.urls import path

from tournaments.boards import views

urlpatterns = [
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
]
