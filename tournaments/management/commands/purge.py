"""Remove finished sessions (and four-deal games) past the school's retention period:
``python manage.py purge [--older-than DAYS] [--dry-run]`` (e.g. nightly from cron)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from minibridge.login_throttling import login_records_purge
from tournaments.privacy import selectors as privacy_selectors
from tournaments.privacy import services as privacy_services


class Command(BaseCommand):
    help = (
        "Remove finished sessions, with their pairs, tables, results and corrections, "
        "dated more than DAYS days ago. Needs RETENTION_DAYS in the environment; sessions "
        "younger than RETENTION_DAYS are never removed, and sessions being set up or "
        "running never are. Four-deal games started more than DAYS days ago go too, with "
        "the names typed at their tables, and the records of logins older than "
        "LOGIN_RECORDS_DAYS. Pupils, classes and board sets stay."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--older-than",
            type=int,
            metavar="DAYS",
            help="Remove sessions more than DAYS days old (default and minimum: RETENTION_DAYS).",
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="List what would be removed; remove nothing."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        retention: int | None = settings.RETENTION_DAYS
        if retention is None:
            raise CommandError(
                "RETENTION_DAYS is not set, so nothing is removed. Set it to the number of "
                "days the school keeps finished sessions (see .env.example)."
            )
        days: int = retention if options["older_than"] is None else options["older_than"]
        if days < 1:
            raise CommandError(f"--older-than must be 1 day or more, not {days}.")
        if days < retention:
            self.stdout.write(
                f"--older-than {days} is shorter than RETENTION_DAYS ({retention}): sessions "
                f"younger than {retention} days are kept, so {retention} is used."
            )
            days = retention
        before = privacy_selectors.purge_cutoff(older_than_days=days)
        sessions = list(privacy_selectors.sessions_to_purge(before=before))
        for item in sessions:
            self.stdout.write(
                f"  {item.date}  {item.class_name} (session {item.session_id}): "
                f"{item.results} results"
            )
        if options["dry_run"]:
            others = "".join(
                f" and {part.to_purge(before)} {part.purge_noun} started before it"
                for part in privacy_selectors.class_data_parts()
                if part.to_purge is not None
            )
            self.stdout.write(
                f"Would remove {len(sessions)} finished sessions dated before {before}"
                f"{others}. Nothing was removed (--dry-run)."
            )
            return
        logins = login_records_purge()
        self.stdout.write(
            f"Removed {logins} records of logins older than {settings.LOGIN_RECORDS_DAYS} days."
        )
        removed = privacy_services.sessions_purge(before=before)
        self.stdout.write(
            f"Removed {removed.sessions} finished sessions dated before {before}: "
            f"{removed.results} results, {removed.pairs} pairs, {removed.changes} corrections."
        )
        for part in privacy_selectors.class_data_parts():
            if part.purge is None:
                continue
            removed_count = part.purge(before)
            self.stdout.write(f"Removed {removed_count} {part.purge_noun} started before {before}.")
