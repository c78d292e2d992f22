"""Project-wide checks: migrations are in step with the models, the system check is clean."""

from __future__ import annotations

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_models_and_migrations_are_in_step() -> None:
    # Exits non-zero (SystemExit) if a model change has no migration.
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


def test_system_check_is_clean() -> None:
    call_command("check", fail_level="WARNING")
