"""Strict readers for settings that come from the environment, and the ``.env`` file.

Every helper refuses values it does not understand instead of guessing: a typo in
``DEBUG=flase`` must stop the site, not quietly run it in debug mode.

``.env`` (beside manage.py, git-ignored) holds what ``make run`` made once: the secret
key, ``DEBUG=false``, ``ALLOW_HTTP=true``. The settings read it first, so every later
command (``manage.py make_boards ...``, gunicorn, the worker) sees the same values
without exporting anything. A variable already in the environment wins over the file.
The reader is a few lines of our own rather than python-dotenv: that library skips a
line it cannot parse with a warning and expands ``${VARIABLES}``; here a bad line stops
the site with its line number, and a value is taken exactly as written.
"""

from __future__ import annotations

import os
import re
import secrets
import sys
from pathlib import Path
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"true", "1", "yes", "on"}
_FALSE = {"false", "0", "no", "off"}

#: ``NAME=value``, optionally after ``export `` (so the file can also be sourced).
_LINE = re.compile(r"(?:export\s+)?(?P<name>[A-Za-z_][A-Za-z0-9_]*)=(?P<value>.*)")

#: Variables that came from the ``.env`` file, and which file: error messages say so.
_FROM_FILE: dict[str, Path] = {}


def _where(name: str) -> str:
    path = _FROM_FILE.get(name)
    return f" (set in {path})" if path is not None else ""


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
    raise ImproperlyConfigured(f"{name} must be true or false, not {raw!r}{_where(name)}.")


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
        raise ImproperlyConfigured(
            f"{name} must be a whole number, not {raw!r}{_where(name)}."
        ) from None


def env_days_or_none(name: str) -> int | None:
    """Read an optional number of days: unset or empty is None (the feature is off);
    anything but a whole number from 1 up is an error."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return None
    try:
        days = int(raw.strip())
    except ValueError:
        raise ImproperlyConfigured(
            f"{name} must be a whole number of days, not {raw!r}{_where(name)}."
        ) from None
    if days < 1:
        raise ImproperlyConfigured(f"{name} must be 1 day or more, not {raw!r}{_where(name)}.")
    return days


def env_origin(name: str) -> str:
    """Read a web address made of a scheme, a host and maybe a port
    (``https://bridge.school.example``, ``http://192.168.1.20:8000``), returned without
    a trailing slash; ``""`` when unset. A path, query, user name or another scheme is
    an error: the site builds its own paths after it."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return ""
    value = raw.strip()
    problem = f"{name} must look like http://192.168.1.20:8000 or https://bridge.example, "
    try:
        parts = urlsplit(value)
        port = parts.port
    except ValueError:
        raise ImproperlyConfigured(f"{problem}not {raw!r}{_where(name)}.") from None
    if (
        parts.scheme not in {"http", "https"}
        or not parts.hostname
        or parts.username is not None
        or parts.path not in {"", "/"}
        or parts.query
        or parts.fragment
        or value.endswith(("?", "#"))
    ):
        raise ImproperlyConfigured(f"{problem}not {raw!r}{_where(name)}.")
    host = parts.hostname
    if ":" in host:
        host = f"[{host}]"
    return f"{parts.scheme}://{host}" + (f":{port}" if port is not None else "")


#: The shared caches ``CACHE_URL`` may name, and Django's backend for each.
_CACHE_BACKENDS = {
    "redis": "django.core.cache.backends.redis.RedisCache",
    "rediss": "django.core.cache.backends.redis.RedisCache",
    "memcached": "django.core.cache.backends.memcached.PyMemcacheCache",
}


def env_cache(name: str, *, max_entries: int) -> dict[str, object]:
    """Read the cache the site keeps its pages' shared parts in: unset, memory in each
    server process (Django's local-memory cache, up to ``max_entries`` keys); where
    several servers run, one they share, ``redis://host:6379/0`` (Django's Redis cache;
    the ``redis`` package) or ``memcached://host:11211`` (Django's PyMemcache cache; the
    ``pymemcache`` package). Anything else is an error."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": max_entries},
        }
    try:
        parts = urlsplit(raw)
        port = parts.port
    except ValueError:
        parts, port = None, None
    if parts is None or parts.scheme not in _CACHE_BACKENDS or not parts.hostname:
        raise ImproperlyConfigured(
            f"{name} must look like redis://127.0.0.1:6379/0 or memcached://127.0.0.1:11211, "
            f"not {raw!r}{_where(name)}."
        )
    location = f"{parts.hostname}:{port or 11211}" if parts.scheme == "memcached" else raw
    return {"BACKEND": _CACHE_BACKENDS[parts.scheme], "LOCATION": location}


def env_positive_int(name: str, default: int) -> int:
    """Read a whole number of at least 1 (a limit, a number of minutes): 0 or a negative
    number would quietly switch off what it measures, so it is an error."""
    value = env_int(name, default)
    if value < 1:
        raise ImproperlyConfigured(
            f"{name} must be a whole number of at least 1, not {os.environ.get(name)!r}"
            f"{_where(name)}."
        )
    return value


#: One segment of a URL path and its slash: letters, digits and ``-._~``, not starting
#: with a dot (so never ``./`` or ``../``).
_PATH_SEGMENT = re.compile(r"[A-Za-z0-9_~-][A-Za-z0-9._~-]*/")


def env_path_segment(name: str, default: str) -> str:
    """Read one segment of a URL path with its trailing slash (``admin/``,
    ``staff-7f3k/``), as Django's ``path()`` takes it: no leading slash, no second
    segment, nothing a browser would encode."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    value = raw.strip()
    if not _PATH_SEGMENT.fullmatch(value):
        raise ImproperlyConfigured(
            f"{name} must be one path segment ending with a slash, like staff-7f3k/, "
            f"not {raw!r}{_where(name)}."
        )
    return value


# -- The .env file ----------------------------------------------------------------------


def read_env_file(path: Path) -> dict[str, str]:
    """The variables of a ``.env`` file: ``NAME=value`` lines, ``#`` comment lines and
    blank lines. A value runs to the end of its line (no comment after it) and may be
    wrapped in single or double quotes, taken literally; nothing is expanded. Any other
    line, or a name given twice, is an error naming the line."""
    values: dict[str, str] = {}
    text = path.read_text(encoding="utf-8-sig")
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        match = _LINE.fullmatch(stripped)
        if match is None:
            raise ImproperlyConfigured(
                f"{path}, line {number}: expected NAME=value, not {stripped!r}."
            )
        name, value = match["name"], match["value"].strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        elif value[:1] in {"'", '"'}:
            raise ImproperlyConfigured(f"{path}, line {number}: the quote is never closed.")
        if name in values:
            raise ImproperlyConfigured(f"{path}, line {number}: {name} is set twice.")
        values[name] = value
    return values


def env_file_path(base_dir: Path) -> Path | None:
    """Which file to read: ``ENV_FILE`` when set (empty: none), else ``.env`` beside
    manage.py when it exists."""
    chosen = os.environ.get("ENV_FILE")
    if chosen is None:
        default = base_dir / ".env"
        return default if default.is_file() else None
    if chosen.strip() == "":
        return None
    path = Path(chosen.strip())
    if not path.is_file():
        raise ImproperlyConfigured(f"ENV_FILE names {path}, which is not a file.")
    return path


def load_env_file(base_dir: Path) -> Path | None:
    """Put the ``.env`` file's variables into the environment, each one only if the
    environment does not have it already. Returns the file read, if any."""
    path = env_file_path(base_dir)
    if path is None:
        return None
    for name, value in read_env_file(path).items():
        if name not in os.environ:
            os.environ[name] = value
            _FROM_FILE[name] = path
    return path


def new_env_file_text() -> str:
    """What ``make run`` writes to a missing ``.env``: a key made here, once."""
    return (
        "# Made by `make run` for this computer; keep it out of git (it is ignored).\n"
        "# Every variable is explained in .env.example. The environment wins over this file.\n"
        f"SECRET_KEY={secrets.token_urlsafe(50)}\n"
        "DEBUG=false\n"
        "# A classroom has no TLS: the site is served over plain http on the school network.\n"
        "ALLOW_HTTP=true\n"
    )


def create_env_file(path: Path) -> bool:
    """Write a new ``.env`` at ``path`` unless one exists; True if one was written. The
    file is readable by its owner only: it holds the secret key."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return False
    with os.fdopen(fd, "w", encoding="utf-8") as file:
        file.write(new_env_file_text())
    return True


def main(argv: list[str]) -> int:
    """``python -m minibridge.env create PATH``: make ``.env`` once (``make run`` does)."""
    if len(argv) != 2 or argv[0] != "create":
        print("usage: python -m minibridge.env create PATH", file=sys.stderr)
        return 2
    path = Path(argv[1])
    if create_env_file(path):
        print(f"Made {path} with a new secret key (DEBUG=false, ALLOW_HTTP=true).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
