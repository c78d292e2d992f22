"""Import a PBN file as a teacher's board set:
``python manage.py import_boards week3.pbn --teacher kari``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.boards import services as board_services


class Command(BaseCommand):
    help = (
        "Import the boards of a PBN file for a teacher. Every deal is checked; a bad board "
        "refuses the whole file unless --good-only is given."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--teacher", required=True, help="The teacher's username.")
        parser.add_argument("--name", default="", help="The set's name (default: file name).")
        parser.add_argument(
            "--good-only", action="store_true", help="Import the good boards, skip the bad."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        try:
            data = path.read_bytes()
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror}.") from None
        try:
            teacher = get_user_model().objects.get(username=options["teacher"])
        except get_user_model().DoesNotExist:
            raise CommandError(f"There is no teacher called {options['teacher']!r}.") from None
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
        try:
            board_set = board_services.board_set_import(
                teacher=teacher,
                text=text,
                filename=path.name,
                name=options["name"],
                good_only=options["good_only"],
            )
        except board_services.BoardImportRefused as refused:
            lines = "\n".join(f"  {problem}" for problem in refused.problems)
            if refused.more_problems:
                lines += f"\n  … and {refused.more_problems} more."
            hint = " Use --good-only to import the others." if refused.good_count else ""
            raise CommandError(f"Nothing imported.{hint}\n{lines}") from None
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from None
        self.stdout.write(
            f"Imported {board_set.boards.count()} boards as {str(board_set)!r}; the "
            "double-dummy analysis runs in the background worker (manage.py db_worker)."
        )
