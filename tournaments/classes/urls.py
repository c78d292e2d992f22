from django.urls import path

from tournaments.classes import views

urlpatterns = [
    path("", views.home, name="home"),
    path("classes/new/", views.class_create, name="class_create"),
    path("classes/<int:class_id>/", views.class_detail, name="class_detail"),
    path("classes/<int:class_id>/pupils/add/", views.pupil_add, name="pupil_add"),
]
