"""Start-up checks (``manage.py check`` and every server start)."""

from __future__ import annotations

import sqlite3
from typing import Any

from django.core.checks import Error, Tags, register
from django.db import connections

# A table's result is saved with INSERT ... RETURNING (tournaments/entry_sql.py).
SQLITE_MINIMUM = (3, 35, 0)


@register(Tags.compatibility)
def sqlite_new_enough(app_configs: Any = None, **kwargs: Any) -> list[Error]:
    if connections["default"].vendor != "sqlite" or sqlite3.sqlite_version_info >= SQLITE_MINIMUM:
        return []
    return [
        Error(
            f"SQLite {sqlite3.sqlite_version} is too old: Minibridge Classroom needs 3.35 or "
            "newer (INSERT ... RETURNING).",
            hint="Use a newer Python/SQLite build, or PostgreSQL through DATABASE_URL.",
            id="tournaments.E001",
        )
    ]
