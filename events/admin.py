from django.contrib import admin

from events.models import Event, EventSchool, EventSection, Organiser


@admin.register(Organiser)
class OrganiserAdmin(admin.ModelAdmin[Organiser]):
    list_display = ["name", "user"]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin[Event]):
    list_display = ["name", "organiser", "starts_on", "ends_on"]
    readonly_fields = ["join_code", "public_token", "results_version"]


@admin.register(EventSchool)
class EventSchoolAdmin(admin.ModelAdmin[EventSchool]):
    list_display = ["name", "event", "section", "source", "updated_at"]


@admin.register(EventSection)
class EventSectionAdmin(admin.ModelAdmin[EventSection]):
    list_display = ["name", "event", "order"]
