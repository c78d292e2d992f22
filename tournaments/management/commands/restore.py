"""Bring back a backup: ``python manage.py restore FILE [--yes]``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connections

from tournaments.privacy import backups


class Command(BaseCommand):
    help = (
        "Replace the site's SQLite database with a backup made by `manage.py backup`. The "
        "file is checked first (a Minibridge database, intact, not from a newer version). "
        "It is safe while the site runs (the database switches at once), but whatever "
        "was saved after the backup is lost: stopping the site first is best. Asks for "
        "confirmation unless --yes is given. On PostgreSQL it prints the pg_restore "
        "command to use instead and exits with status 1."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="A backup made by `manage.py backup`.")
        parser.add_argument("--yes", action="store_true", help="Do not ask for confirmation.")

    def handle(self, *args: Any, **options: Any) -> None:
        backup: Path = options["file"]
        database = connections["default"].settings_dict
        if connections["default"].vendor == "postgresql":
            _dump, restore = backups.postgres_commands(database, str(backup))
            self.stdout.write(
                "This site runs on PostgreSQL: restore a pg_dump backup with PostgreSQL's "
                "own tool, with the site stopped (give the password in PGPASSWORD or "
                f"~/.pgpass):\n\n  {restore}\n"
            )
            raise CommandError("Nothing was restored: use pg_restore as shown above.")
        target = Path(database["NAME"])
        try:
            summary = backups.check_sqlite_backup(backup)
        except backups.BackupError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"The backup {backup} holds {summary}.")
        if not options["yes"]:
            question = (
                f"Replace everything in {target} with it? Whatever was saved since the "
                "backup is lost. Type yes to go on: "
            )
            try:
                answer = input(question)
            except EOFError:
                answer = ""
            if answer.strip().lower() != "yes":
                raise CommandError("Nothing was restored.")
        connections.close_all()  # this process's own connection sees the new database
        try:
            backups.sqlite_restore(backup=backup, target=target)
        except backups.BackupError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"Restored {backup} into {target}.")
        if summary.missing_migrations:
            self.stdout.write(
                "The backup is from an older version of the site: run "
                "`python manage.py migrate` now."
            )
