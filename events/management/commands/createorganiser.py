"""Create an organiser's account: ``python manage.py createorganiser USERNAME --name
"Norwegian Bridge Federation" [--password ...]``. An organiser runs simultaneous events
(a federation or a school network); teachers join them with the event's code."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandError, CommandParser
from django.db import transaction

from events.models import Organiser
from tournaments.management.commands import createteacher


class Command(createteacher.Command):
    help = "Create an organiser's account (a federation or a school network) that runs events."

    def add_arguments(self, parser: CommandParser) -> None:
        super().add_arguments(parser)
        parser.add_argument(
            "--name", required=True, help="The organiser's name, as schools see it."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if not options["name"].strip():
            raise CommandError("The organiser's name must not be empty.")
        with transaction.atomic():
            super().handle(*args, **options)

    def created(self, user: Any, options: dict[str, Any]) -> None:
        Organiser.objects.create(user=user, name=options["name"].strip())
        self.stdout.write(self.style.SUCCESS(f"Organiser {user.username!r} created."))
