"""Back up the site's database while it runs: ``python manage.py backup FILE``."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connections

from tournaments.privacy import backups


class Command(BaseCommand):
    help = (
        "Make a consistent copy of the SQLite database in FILE, with SQLite's online "
        "backup API, while the site runs (tablets may keep saving). The file holds "
        "children's names: it is readable by its owner only; keep it as safe as the site. "
        "On PostgreSQL it prints the pg_dump command to use instead and exits with status 1."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="Where to write the backup.")

    def handle(self, *args: Any, **options: Any) -> None:
        target: Path = options["file"]
        database = connections["default"].settings_dict
        if connections["default"].vendor == "postgresql":
            dump, restore = backups.postgres_commands(database, str(target))
            self.stdout.write(
                "This site runs on PostgreSQL: back it up with PostgreSQL's own tool, which "
                "makes a consistent copy while the site runs (give the password in "
                "PGPASSWORD or ~/.pgpass):\n\n"
                f"  {dump}\n\nand bring it back with (stop the site first):\n\n  {restore}\n"
            )
            raise CommandError("No backup was made: use pg_dump as shown above.")
        start = time.perf_counter()
        try:
            summary = backups.sqlite_backup(source=Path(database["NAME"]), target=target)
        except backups.BackupError as error:
            raise CommandError(str(error)) from None
        size = target.stat().st_size
        self.stdout.write(
            f"Backed up {database['NAME']} to {target} ({size / 1024:.0f} KiB, {summary}) "
            f"in {time.perf_counter() - start:.1f} s. It holds children's names: keep it "
            "as safe as the site, and delete old backups."
        )
