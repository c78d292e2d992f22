from django.urls import path

from tournaments.feedback import curve_views, views

urlpatterns = [
    path("classes/<int:class_id>/curve/", curve_views.class_curve, name="class_curve"),
    path("classes/<int:class_id>/worksheet/", curve_views.worksheet, name="curve_worksheet"),
    path("sessions/<int:session_id>/curve/", curve_views.session_curve, name="session_curve"),
    path("classes/<int:class_id>/feedback/", views.class_feedback, name="class_feedback"),
    path(
        "classes/<int:class_id>/pupils/<int:pupil_id>/",
        views.pupil_feedback,
        name="pupil_feedback",
    ),
    path(
        "sessions/<int:session_id>/feedback/",
        views.session_feedback,
        name="session_feedback",
    ),
    path("sessions/<int:session_id>/lesson-pack/", views.lesson_pack, name="lesson_pack"),
]
