"""The settings module reads the environment strictly and passes Django's deploy check."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import connection

from minibridge.env import env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parents[1]
GOOD_KEY = "x" * 20 + "a-long-random-secret-key-for-the-deploy-check-0123456789"


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run manage.py in a clean environment holding only what the test gives."""
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DEBUG", "SECRET_KEY", "DJANGO_ALLOW_ASYNC_UNSAFE", "ALLOWED_HOSTS"}
    }
    clean.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=BASE_DIR,
        env=clean,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("true", True), ("True", True), ("1", True), ("false", False), ("0", False), ("", False)],
)
def test_env_bool_reads_the_usual_spellings(
    monkeypatch: pytest.MonkeyPatch, raw: str, expected: bool
) -> None:
    monkeypatch.setenv("SOME_FLAG", raw)
    assert env_bool("SOME_FLAG", default=False) is expected


@pytest.mark.parametrize("raw", ["maybe", "flase", "2", "yes please"])
def test_env_bool_refuses_anything_else(monkeypatch: pytest.MonkeyPatch, raw: str) -> None:
    monkeypatch.setenv("SOME_FLAG", raw)
    with pytest.raises(ImproperlyConfigured, match="SOME_FLAG must be true or false"):
        env_bool("SOME_FLAG", default=False)


def test_env_str_without_default_is_required(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOME_VALUE", raising=False)
    with pytest.raises(ImproperlyConfigured, match="SOME_VALUE must be set"):
        env_str("SOME_VALUE")


def test_env_list_and_int(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOME_LIST", " a.example, ,b.example ")
    monkeypatch.setenv("SOME_INT", "forty")
    assert env_list("SOME_LIST", default=[]) == ["a.example", "b.example"]
    with pytest.raises(ImproperlyConfigured, match="whole number"):
        env_int("SOME_INT", default=1)


def test_debug_with_junk_stops_the_site() -> None:
    result = run_manage("check", DEBUG="perhaps")
    assert result.returncode != 0
    assert "DEBUG must be true or false" in result.stderr


def test_secret_key_is_required_when_debug_is_off() -> None:
    result = run_manage("check", DEBUG="false")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_an_unknown_database_url_is_refused() -> None:
    result = run_manage("check", DEBUG="true", DATABASE_URL="mysql://u:p@localhost/db")
    assert result.returncode != 0
    assert "sqlite:// or postgres://" in result.stderr


def test_the_deploy_check_passes_with_production_settings() -> None:
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="false",
        SECRET_KEY=GOOD_KEY,
        ALLOWED_HOSTS="bridge.school.example",
    )
    assert result.returncode == 0, result.stderr + result.stdout


def test_allow_http_relaxes_https_for_a_school_network() -> None:
    code = (
        "from django.conf import settings as s; "
        "print(s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE)"
    )
    result = run_manage(
        "shell",
        "--no-imports",
        "-c",
        code,
        DEBUG="false",
        SECRET_KEY=GOOD_KEY,
        ALLOWED_HOSTS="10.0.0.5",
        ALLOW_HTTP="true",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "False", "False"]


def test_sqlite_runs_in_wal_mode_with_immediate_transactions(db: None) -> None:
    if connection.vendor != "sqlite":
        pytest.skip("SQLite only")
    options = settings.DATABASES["default"]["OPTIONS"]
    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] >= 20
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"
