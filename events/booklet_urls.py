"""The event booklet's addresses."""

from django.urls import path

from events import booklet_views

urlpatterns = [
    path("<int:event_id>/booklet/", booklet_views.booklet, name="booklet"),
    path("<int:event_id>/booklet/make/", booklet_views.booklet_make, name="booklet_make"),
    path(
        "<int:event_id>/booklet/download/",
        booklet_views.booklet_download,
        name="booklet_download",
    ),
    path("booklet/<token:token>/", booklet_views.booklet_public, name="booklet_public"),
]
