from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EventsConfig(AppConfig):
    name = "events"
    verbose_name = _("Simultaneous events")

    def ready(self) -> None:
        # The classroom's deletions reach the names copied into the events through what
        # is registered there, so that tournaments need not import this app.
        from events.results import sync

        sync.register()
