from django.urls import path

from tournaments.privacy import views

urlpatterns = [
    path("classes/<int:class_id>/data/", views.class_data, name="class_data"),
    path("classes/<int:class_id>/data/export.json", views.class_export, name="class_export"),
    path(
        "classes/<int:class_id>/pupils/<int:pupil_id>/delete/",
        views.pupil_delete_confirm,
        name="pupil_delete_confirm",
    ),
    path(
        "classes/<int:class_id>/pupils/<int:pupil_id>/delete/confirmed/",
        views.pupil_delete,
        name="pupil_delete",
    ),
    path(
        "classes/<int:class_id>/delete/",
        views.class_delete_confirm,
        name="class_delete_confirm",
    ),
    path(
        "classes/<int:class_id>/delete/confirmed/",
        views.class_delete,
        name="class_delete",
    ),
    path("what-we-store/", views.what_we_store, name="what_we_store"),
]
