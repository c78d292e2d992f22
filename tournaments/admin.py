from __future__ import annotations

from django.contrib import admin

from tournaments.models import Pupil, SchoolClass


class PupilInline(admin.TabularInline[Pupil, SchoolClass]):
    model = Pupil
    extra = 0


@admin.register(SchoolClass)
class SchoolClassAdmin(admin.ModelAdmin[SchoolClass]):
    list_display = ["name", "teacher", "created_at"]
    list_filter = ["teacher"]
    search_fields = ["name"]
    inlines = [PupilInline]


@admin.register(Pupil)
class PupilAdmin(admin.ModelAdmin[Pupil]):
    list_display = ["first_name", "last_name", "school_class", "active"]
    list_filter = ["active", "school_class"]
    search_fields = ["first_name", "last_name"]
