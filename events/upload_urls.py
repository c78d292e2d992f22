"""The upload pages' addresses."""

from django.urls import URLPattern, path

from events import upload_views

urlpatterns: list[URLPattern] = [
    path(
        "schools/<int:school_id>/upload/",
        upload_views.school_upload,
        name="school_upload",
    ),
]
