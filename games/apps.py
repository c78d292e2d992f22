from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    """The four-deal game (docs/rules.md §8), tied only to a class: it uses the classes of
    ``tournaments`` and the rules of ``scoring``; ``tournaments`` never imports it."""

    name = "games"
    verbose_name = _("Four-deal games")

    def ready(self) -> None:
        # What a class's four-deal games hold goes with the class's privacy pages and
        # the purge: registered there, so that tournaments need not import this app.
        from games import privacy

        privacy.register()
