"""Strict readers for settings that come from the environment.

Every helper refuses values it does not understand instead of guessing: a typo in
``DEBUG=flase`` must stop the site, not quietly run it in debug mode.
"""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"true", "1", "yes", "on"}
_FALSE = {"false", "0", "no", "off"}


def env_bool(name: str, default: bool) -> bool:
    """Read a true/false variable; anything other than the usual spellings is an error."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {raw!r}.")


def env_str(name: str, default: str | None = None) -> str:
    """Read a string variable; without a default the variable is required."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        if default is None:
            raise ImproperlyConfigured(f"{name} must be set (see .env.example).")
        return default
    return raw.strip()


def env_list(name: str, default: list[str]) -> list[str]:
    """Read a comma-separated list; empty items are dropped."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw.strip())
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}.") from None


def env_days_or_none(name: str) -> int | None:
    """Read an optional number of days: unset or empty is None (the feature is off);
    anything but a whole number from 1 up is an error."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return None
    try:
        days = int(raw.strip())
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number of days, not {raw!r}.") from None
    if days < 1:
        raise ImproperlyConfigured(f"{name} must be 1 day or more, not {raw!r}.")
    return days
