"""The results pages' addresses."""

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
