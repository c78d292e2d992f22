"""The .env file beside manage.py: read strictly, never over the environment, never in
the tests; PUBLIC_URL read strictly."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from minibridge import env
from minibridge.env import (
    create_env_file,
    env_bool,
    env_file_path,
    env_origin,
    load_env_file,
    read_env_file,
)

BASE_DIR = Path(__file__).resolve().parents[1]


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_it_reads_names_values_quotes_and_comments(tmp_path: Path) -> None:
    path = write(
        tmp_path / ".env",
        "# made by make run\n\nSECRET_KEY=abc#def=ghi\nexport DEBUG=false\n"
        "TITLE=\"Klasse 6B\"\nEMPTY=\nSINGLE='$HOME stays'\n",
    )
    assert read_env_file(path) == {
        "SECRET_KEY": "abc#def=ghi",
        "DEBUG": "false",
        "TITLE": "Klasse 6B",
        "EMPTY": "",
        "SINGLE": "$HOME stays",
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("DEBUG false\n", "line 1: expected NAME=value"),
        ("# fine\nDE BUG=true\n", "line 2: expected NAME=value"),
        ("A=1\nA=2\n", "line 2: A is set twice"),
        ('A="open\n', "line 1: the quote is never closed"),
    ],
)
def test_it_refuses_a_line_it_cannot_read(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ImproperlyConfigured, match=message):
        read_env_file(write(tmp_path / ".env", text))


def test_the_environment_wins_over_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path / ".env", "SOME_FLAG=perhaps\nOTHER_FLAG=true\n")
    monkeypatch.delenv("ENV_FILE")
    monkeypatch.setenv("OTHER_FLAG", "false")
    monkeypatch.delenv("SOME_FLAG", raising=False)
    monkeypatch.setattr(env, "_FROM_FILE", {})
    assert load_env_file(tmp_path) == tmp_path / ".env"
    assert os.environ["OTHER_FLAG"] == "false"
    # A bad value from the file says where it came from.
    with pytest.raises(ImproperlyConfigured, match=r"not 'perhaps' \(set in .*\.env\)"):
        env_bool("SOME_FLAG", default=False)


def test_env_file_chooses_the_file_or_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path / ".env", "A=1\n")
    other = write(tmp_path / "other.env", "A=2\n")
    monkeypatch.delenv("ENV_FILE")
    assert env_file_path(tmp_path) == tmp_path / ".env"
    assert env_file_path(tmp_path / "empty-folder") is None
    monkeypatch.setenv("ENV_FILE", str(other))
    assert env_file_path(tmp_path) == other
    monkeypatch.setenv("ENV_FILE", "")
    assert env_file_path(tmp_path) is None
    monkeypatch.setenv("ENV_FILE", str(tmp_path / "missing.env"))
    with pytest.raises(ImproperlyConfigured, match="not a file"):
        env_file_path(tmp_path)


def test_the_tests_never_read_a_developers_env_file() -> None:
    # Set by minibridge.pytest_plugin before Django starts; the manage.py subprocesses
    # of tests/test_settings.py inherit it.
    assert os.environ["ENV_FILE"] == ""


def test_a_new_env_file_has_a_fresh_key_and_is_made_once(tmp_path: Path) -> None:
    path = tmp_path / ".env"
    assert create_env_file(path) is True
    first = read_env_file(path)
    assert first["DEBUG"] == "false"
    assert first["ALLOW_HTTP"] == "true"
    assert len(first["SECRET_KEY"]) >= 50
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert create_env_file(path) is False
    assert read_env_file(path) == first
    other = tmp_path / "other.env"
    create_env_file(other)
    assert read_env_file(other)["SECRET_KEY"] != first["SECRET_KEY"]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("http://192.168.1.20:8000", "http://192.168.1.20:8000"),
        ("https://Bridge.School.example/", "https://bridge.school.example"),
        (" http://[fd00::2]:8000 ", "http://[fd00::2]:8000"),
        ("", ""),
    ],
)
def test_env_origin_reads_an_address(
    monkeypatch: pytest.MonkeyPatch, raw: str, expected: str
) -> None:
    monkeypatch.setenv("SOME_URL", raw)
    assert env_origin("SOME_URL") == expected


@pytest.mark.parametrize(
    "raw",
    [
        "192.168.1.20:8000",
        "ftp://bridge.example",
        "http://bridge.example/minibridge",
        "http://bridge.example/?x=1",
        "http://user@bridge.example",
        "http://bridge.example:80000",
        "http://",
    ],
)
def test_env_origin_refuses_anything_else(monkeypatch: pytest.MonkeyPatch, raw: str) -> None:
    monkeypatch.setenv("SOME_URL", raw)
    with pytest.raises(ImproperlyConfigured, match="SOME_URL must look like"):
        env_origin("SOME_URL")


# -- In a copy of the project, as a fresh clone after `make run` would be ---------------


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """manage.py and the settings package in a folder of their own: its .env is theirs."""
    shutil.copy(BASE_DIR / "manage.py", tmp_path / "manage.py")
    shutil.copytree(
        BASE_DIR / "minibridge",
        tmp_path / "minibridge",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    return tmp_path


def show_settings(project: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DEBUG", "SECRET_KEY", "ENV_FILE", "ALLOWED_HOSTS", "ALLOW_HTTP"}
    }
    clean.update(env, DATABASE_URL=f"sqlite:///{project / 'db.sqlite3'}")
    code = "from django.conf import settings as s; print(s.DEBUG, s.ALLOW_HTTP, s.SECRET_KEY)"
    return subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", code],
        cwd=project,
        env=clean,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_a_plain_shell_reads_the_env_file_beside_manage_py(project: Path) -> None:
    assert show_settings(project).returncode != 0  # no key anywhere: refused
    create_env_file(project / ".env")
    key = read_env_file(project / ".env")["SECRET_KEY"]
    result = show_settings(project)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "True", key]
    # The environment wins; ENV_FILE= (empty) reads no file at all.
    assert show_settings(project, DEBUG="true").stdout.split()[0] == "True"
    refused = show_settings(project, ENV_FILE="")
    assert refused.returncode != 0
    assert "SECRET_KEY must be set" in refused.stderr


def test_a_broken_env_file_stops_every_command_with_its_line(project: Path) -> None:
    write(project / ".env", "SECRET_KEY=x\nDEBUG=flase\n")
    result = show_settings(project)
    assert result.returncode != 0
    assert "DEBUG must be true or false, not 'flase' (set in" in result.stderr


def test_env_example_reads_and_documents_every_variable() -> None:
    import re

    example = (BASE_DIR / ".env.example").read_text(encoding="utf-8")
    read_env_file(BASE_DIR / ".env.example")  # it is a valid .env itself
    code = "".join(
        path.read_text(encoding="utf-8")
        for path in [
            BASE_DIR / "minibridge" / "settings.py",
            *(BASE_DIR / "tournaments" / "management" / "commands").glob("*.py"),
            *(BASE_DIR / "events" / "management" / "commands").glob("*.py"),
        ]
    )
    names = set(re.findall(r"env_\w+\(\s*\"([A-Z_]+)\"", code)) | {"ENV_FILE"}
    assert {"DEBUG", "SECRET_KEY", "PUBLIC_URL", "ALLOWED_HOSTS"} <= names
    undocumented = {name for name in names if not re.search(rf"^#? ?{name}=", example, re.M)}
    assert undocumented == set()


@pytest.mark.parametrize(
    ("value", "backend", "location"),
    [
        ("", "django.core.cache.backends.locmem.LocMemCache", None),
        (
            "redis://127.0.0.1:6379/0",
            "django.core.cache.backends.redis.RedisCache",
            "redis://127.0.0.1:6379/0",
        ),
        (
            "memcached://10.0.0.5",
            "django.core.cache.backends.memcached.PyMemcacheCache",
            "10.0.0.5:11211",
        ),
        (
            "memcached://10.0.0.5:11311",
            "django.core.cache.backends.memcached.PyMemcacheCache",
            "10.0.0.5:11311",
        ),
    ],
)
def test_cache_url_names_djangos_own_backends(
    monkeypatch: pytest.MonkeyPatch, value: str, backend: str, location: str | None
) -> None:
    monkeypatch.setenv("CACHE_URL", value)
    cache = env.env_cache("CACHE_URL", max_entries=100)
    assert cache["BACKEND"] == backend
    assert cache.get("LOCATION") == location
    if not value:
        assert cache["OPTIONS"] == {"MAX_ENTRIES": 100}


@pytest.mark.parametrize("value", ["locmem://", "file:///tmp/cache", "redis://", "127.0.0.1:6379"])
def test_cache_url_refuses_what_it_does_not_know(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("CACHE_URL", value)
    with pytest.raises(ImproperlyConfigured, match="CACHE_URL must look like redis://"):
        env.env_cache("CACHE_URL", max_entries=100)
