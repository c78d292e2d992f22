"""The events' addresses, room by room. The ``token`` path converter (a public link's
token) is registered by the project's URLconf (minibridge.urls) before it includes
this."""

from django.urls import URLPattern, path

from events.booklet import views as booklet_views
from events.certificates import views as certificate_views
from events.organiser import views as organiser_views
from events.results import views as results_views
from events.schools import views as school_views

app_name = "events"

urlpatterns: list[URLPattern] = [
    # The organiser's pages.
    path("organiser/", organiser_views.organiser_home, name="organiser_home"),
    path("organiser/new/", organiser_views.event_new, name="event_new"),
    path("organiser/<int:event_id>/", organiser_views.event_detail, name="event_detail"),
    path("organiser/<int:event_id>/boards/", organiser_views.event_boards, name="event_boards"),
    path(
        "organiser/<int:event_id>/boards.pbn",
        organiser_views.event_boards_pbn,
        name="event_boards_pbn",
    ),
    # The event's sections, and a school's.
    path("organiser/<int:event_id>/sections/", organiser_views.section_add, name="section_add"),
    path(
        "organiser/<int:event_id>/sections/<int:section_id>/",
        organiser_views.section_rename,
        name="section_rename",
    ),
    path(
        "organiser/<int:event_id>/sections/<int:section_id>/remove/",
        organiser_views.section_remove,
        name="section_remove",
    ),
    path(
        "organiser/<int:event_id>/schools/<int:school_id>/section/",
        organiser_views.school_section,
        name="school_section",
    ),
    # A teacher joining, the teacher's schools, and a school's results file.
    path("join/", school_views.join_start, name="join_start"),
    path("join/<str:code>/", school_views.join_event, name="join_event"),
    path("schools/", school_views.my_events, name="my_events"),
    path("schools/<int:school_id>/", school_views.school_detail, name="school_detail"),
    path(
        "schools/<int:school_id>/section/",
        school_views.school_section_choose,
        name="school_section_choose",
    ),
    path("schools/<int:school_id>/present/", school_views.school_present, name="school_present"),
    path(
        "schools/<int:school_id>/boards.pbn",
        school_views.school_boards_pbn,
        name="school_boards_pbn",
    ),
    path("schools/<int:school_id>/upload/", school_views.school_upload, name="school_upload"),
    # The national results: the organiser's page and downloads, and the public page
    # (its link's token is the only key; no login).
    path("<int:event_id>/national/", results_views.national_results, name="national_results"),
    path(
        "<int:event_id>/national/<slug:kind>/",
        results_views.national_export,
        name="national_export",
    ),
    path("r/<token:token>/", results_views.public_results, name="public_results"),
    # The booklet.
    path("<int:event_id>/booklet/", booklet_views.booklet, name="booklet"),
    path("<int:event_id>/booklet/make/", booklet_views.booklet_make, name="booklet_make"),
    path(
        "<int:event_id>/booklet/download/",
        booklet_views.booklet_download,
        name="booklet_download",
    ),
    path("booklet/<token:token>/", booklet_views.booklet_public, name="booklet_public"),
    # The certificates, for the organiser.
    path(
        "<int:event_id>/certificates/",
        certificate_views.event_certificates,
        name="event_certificates",
    ),
    path(
        "<int:event_id>/certificates/pdf/",
        certificate_views.event_certificates,
        {"pdf": True},
        name="event_certificates_pdf",
    ),
]
