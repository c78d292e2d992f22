"""The organiser pages' addresses, and a teacher joining an event."""

from django.urls import URLPattern, path

from events import join_views, organiser_views

urlpatterns: list[URLPattern] = [
    path("organiser/", organiser_views.organiser_home, name="organiser_home"),
    path("organiser/new/", organiser_views.event_new, name="event_new"),
    path("organiser/<int:event_id>/", organiser_views.event_detail, name="event_detail"),
    path("organiser/<int:event_id>/boards/", organiser_views.event_boards, name="event_boards"),
    path(
        "organiser/<int:event_id>/boards.pbn",
        organiser_views.event_boards_pbn,
        name="event_boards_pbn",
    ),
    path("join/", join_views.join_start, name="join_start"),
    path("join/<str:code>/", join_views.join_event, name="join_event"),
    path("schools/", join_views.my_events, name="my_events"),
    path("schools/<int:school_id>/", join_views.school_detail, name="school_detail"),
    path("schools/<int:school_id>/present/", join_views.school_present, name="school_present"),
    path(
        "schools/<int:school_id>/boards.pbn",
        join_views.school_boards_pbn,
        name="school_boards_pbn",
    ),
]
