"""The four-deal game's pages, at the paths they have always had (a table's QR code
printed before the game moved to this app still opens): a table's own link ``f/…``
(no login) and the teacher's ``four-deal/…`` pages. The ``token`` path converter is
the site's, registered by the URLconf of ``tournaments`` (``minibridge.urls`` imports
it before this one)."""

from django.urls import path

from games import views

app_name = "games"

urlpatterns = [
    # A four-deal table's own link (its QR code), no login.
    path("f/<token:token>/", views.four_deal_table, name="four_deal_table"),
    path(
        "f/<token:token>/points/",
        views.four_deal_table_points,
        name="four_deal_table_points",
    ),
    path(
        "f/<token:token>/redeal/",
        views.four_deal_table_redeal,
        name="four_deal_table_redeal",
    ),
    path(
        "f/<token:token>/result/",
        views.four_deal_table_result,
        name="four_deal_table_result",
    ),
    path("classes/<int:class_id>/four-deal/new/", views.four_deal_new, name="four_deal_new"),
    path("four-deal/<int:game_id>/", views.four_deal_game, name="four_deal_game"),
    path(
        "four-deal/<int:game_id>/tables/<int:number>/",
        views.four_deal_table_edit,
        name="four_deal_table_edit",
    ),
    path(
        "four-deal/<int:game_id>/cards/",
        views.four_deal_cards,
        name="four_deal_cards",
    ),
    path(
        "four-deal/<int:game_id>/connect/",
        views.four_deal_connect,
        name="four_deal_connect",
    ),
    path(
        "four-deal/<int:game_id>/connect/<int:number>/",
        views.four_deal_connect_table,
        name="four_deal_connect_table",
    ),
]
