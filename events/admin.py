from django.contrib import admin

from events.models import Event, EventSchool, Organiser


@admin.register(Organiser)
class OrganiserAdmin(admin.ModelAdmin[Organiser]):
    list_display = ["name", "user"]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin[Event]):
    list_display = ["name", "organiser", "starts_on", "ends_on"]
    readonly_fields = ["join_code", "public_token", "results_version"]


@admin.register(EventSchool)
class EventSchoolAdmin(admin.ModelAdmin[EventSchool]):
    list_display = ["name", "event", "source", "updated_at"]
