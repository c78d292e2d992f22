"""The headers and cookies the site really sends, in the two ways it is deployed: on the
internet over HTTPS (DEBUG and ALLOW_HTTP off) and in a classroom over plain http
(ALLOW_HTTP=true). Each mode is a manage.py of its own with exactly that environment,
its own database and its collected static files, answering through the whole
middleware stack."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

BASE_DIR = Path(__file__).resolve().parents[1]
SECRET = "y" * 20 + "a-long-random-secret-key-for-the-header-check-0123456789"
HOST = "bridge.school.example"

POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
}

# Run inside `manage.py shell`: a teacher, then the site asked over http and over
# https (SECURE says which the mode uses) for a page, a login and a language.
PROBE = """
import json
from django.core.management import call_command
from django.contrib.auth import get_user_model
from django.test import Client

call_command("migrate", verbosity=0)
get_user_model().objects.create_user("kari", password="a-teacher-password-9")
client = Client(HTTP_HOST="bridge.school.example")
plain = client.get("/accounts/login/")
page = client.get("/accounts/login/", secure=SECURE)
login = client.post(
    "/accounts/login/", {"username": "kari", "password": "a-teacher-password-9"}, secure=SECURE
)
language = client.post("/i18n/setlang/", {"language": "nb", "next": "/"}, secure=SECURE)
table = client.get("/t/no-such-table/", secure=SECURE)

def cookie(response, name):
    morsel = response.cookies[name]
    return {"secure": bool(morsel["secure"]), "httponly": bool(morsel["httponly"])}

print(json.dumps({
    "plain": {"status": plain.status_code, "location": plain.get("Location", "")},
    "page": {"status": page.status_code, "headers": dict(page.headers)},
    "login": {"status": login.status_code, "headers": dict(login.headers)},
    "table_404": {"status": table.status_code, "headers": dict(table.headers)},
    "csrf_cookie": cookie(page, "csrftoken"),
    "session_cookie": cookie(login, "sessionid"),
    "language_cookie": cookie(language, "django_language"),
}))
"""


# The suite's worker processes (pytest-xdist, --dist loadgroup) run this file's tests in
# one process: the static files (a module fixture) are collected once.
pytestmark = pytest.mark.xdist_group("security_headers")


@pytest.fixture(scope="module")
def static_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The static files collected once, as `make run` collects them (their manifest is
    what {% static %} reads with DEBUG off)."""
    root = tmp_path_factory.mktemp("static")
    result = subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--no-input", "--verbosity", "0"],
        cwd=BASE_DIR,
        env=_environment(root, DEBUG="false", ALLOW_HTTP="true"),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return root


def _environment(static_root: Path, **env: str) -> dict[str, str]:
    clean = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "ALLOW_HTTP", "DATABASE_URL"}
        and not key.startswith(("SECURE_", "DJANGO_"))
    }
    clean.update(
        ENV_FILE="",  # nothing from a .env beside manage.py
        SECRET_KEY=SECRET,
        ALLOWED_HOSTS=HOST,
        STATIC_ROOT=str(static_root),
        **env,
    )
    return clean


def probe(static_root: Path, tmp_path: Path, *, secure: bool, **env: str) -> dict[str, Any]:
    database = tmp_path / "db.sqlite3"
    result = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "shell",
            "--no-imports",
            "-c",
            PROBE.replace("SECURE", str(secure)),
        ],
        cwd=BASE_DIR,
        env=_environment(static_root, DATABASE_URL=f"sqlite:///{database}", **env),
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    answer: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return answer


def policy(header: str) -> dict[str, list[str]]:
    """A Content-Security-Policy header as {directive: sources}."""
    parts = [part.split() for part in header.split(";") if part.strip()]
    return {part[0]: part[1:] for part in parts}


def assert_common_headers(headers: dict[str, str]) -> None:
    """What every answer carries in either mode."""
    assert policy(headers["Content-Security-Policy"]) == POLICY
    assert "Content-Security-Policy-Report-Only" not in headers
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Cross-Origin-Opener-Policy"] == "same-origin"


def test_over_https_every_header_is_sent_and_every_cookie_is_secure(
    static_root: Path, tmp_path: Path
) -> None:
    sent = probe(static_root, tmp_path, secure=True, DEBUG="false")
    # Plain http is sent to https.
    assert sent["plain"]["status"] == 301
    assert sent["plain"]["location"] == f"https://{HOST}/accounts/login/"
    assert sent["page"]["status"] == 200
    assert sent["login"]["status"] == 302
    assert sent["table_404"]["status"] == 404
    for answer in ("page", "login", "table_404"):
        headers = sent[answer]["headers"]
        assert_common_headers(headers)
        assert headers["Strict-Transport-Security"] == (
            "max-age=31536000; includeSubDomains; preload"
        )
    assert sent["csrf_cookie"] == {"secure": True, "httponly": False}
    assert sent["session_cookie"] == {"secure": True, "httponly": True}
    assert sent["language_cookie"]["secure"] is True


def test_with_allow_http_the_classroom_gets_the_same_policy_without_https(
    static_root: Path, tmp_path: Path
) -> None:
    sent = probe(static_root, tmp_path, secure=False, DEBUG="false", ALLOW_HTTP="true")
    # Plain http is served as it is: a classroom has no TLS.
    assert sent["plain"]["status"] == 200
    assert sent["page"]["status"] == 200
    assert sent["login"]["status"] == 302
    assert sent["table_404"]["status"] == 404
    for answer in ("page", "login", "table_404"):
        headers = sent[answer]["headers"]
        assert_common_headers(headers)
        # No HSTS: it would lock the tablets out of a site that has no https.
        assert "Strict-Transport-Security" not in headers
    assert sent["csrf_cookie"] == {"secure": False, "httponly": False}
    assert sent["session_cookie"] == {"secure": False, "httponly": True}
    assert sent["language_cookie"]["secure"] is False


# Written into a template, each would be blocked by the policy (or need eval in htmx).
FORBIDDEN_IN_TEMPLATES = {
    "an inline script": re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE),
    "a <style> element": re.compile(r"<style\b", re.IGNORECASE),
    "a style attribute": re.compile(r"\sstyle\s*=", re.IGNORECASE),
    "an on… handler": re.compile(r"\son[a-z]+\s*=", re.IGNORECASE),
    "a javascript: URL": re.compile(r"javascript:", re.IGNORECASE),
    "hx-on (needs eval)": re.compile(r"\s(data-)?hx-on", re.IGNORECASE),
    "js: values (need eval)": re.compile(r"hx-(vals|vars)\s*=\s*['\"]\s*js:", re.IGNORECASE),
}


TEMPLATE_COMMENT = re.compile(r"\{#.*?#\}|\{% comment %\}.*?\{% endcomment %\}", re.DOTALL)


def test_no_template_holds_what_the_policy_forbids() -> None:
    templates = sorted((BASE_DIR / "templates").rglob("*.html"))
    assert len(templates) > 30
    found = [
        f"{path.relative_to(BASE_DIR)}: {what}"
        for path in templates
        for what, pattern in FORBIDDEN_IN_TEMPLATES.items()
        if pattern.search(TEMPLATE_COMMENT.sub("", path.read_text(encoding="utf-8")))
    ]
    assert found == []
    # The check itself finds what it looks for.
    sample = '<p style="color: red" onclick="go()"><script>go()</script>{# <style> #}</p>'
    hits = {
        what
        for what, p in FORBIDDEN_IN_TEMPLATES.items()
        if p.search(TEMPLATE_COMMENT.sub("", sample))
    }
    assert hits == {"an inline script", "a style attribute", "an on… handler"}
