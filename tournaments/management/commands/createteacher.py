"""Create a teacher account: ``python manage.py createteacher USERNAME [--password ...]``."""

from __future__ import annotations

import getpass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser


class Command(BaseCommand):
    help = "Create a teacher account that can log in to the site (not the admin)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument("--first-name", default="")
        parser.add_argument("--email", default="")
        parser.add_argument(
            "--password",
            help="The password; asked for when left out. Avoid it on shared machines: "
            "it stays in the shell's history.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        user_model = get_user_model()
        username = options["username"].strip()
        if not username:
            raise CommandError("The username must not be empty.")
        if user_model.objects.filter(username__iexact=username).exists():
            raise CommandError(f"A user called {username!r} exists already.")
        password = options["password"]
        if password is None:
            password = getpass.getpass("Password: ")
            if password != getpass.getpass("Password (again): "):
                raise CommandError("The passwords do not match.")
        user = user_model(username=username, first_name=options["first_name"])
        user.email = options["email"]
        try:
            validate_password(password, user)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from None
        user.set_password(password)
        user.save()
        self.created(user, options)

    def created(self, user: Any, options: dict[str, Any]) -> None:
        """Said once the account exists (an organiser's command adds to it)."""
        self.stdout.write(self.style.SUCCESS(f"Teacher {user.username!r} created."))
