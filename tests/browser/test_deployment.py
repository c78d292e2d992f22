"""A federation's deployment, whole, on this machine and on loopback only: Debian's
nginx (deploy/nginx/minibridge.conf, filled in by minibridge.deploy with this test's
ports and paths) ends TLS with a certificate made here, serves the static files and
keeps the public pages a few seconds, in front of two app servers (`manage.py serve`,
each with its background worker: two workers) on one private PostgreSQL. The browser
only ever speaks HTTPS to nginx.

* An organiser's event: logging in, the event's page, the booklet made by a worker, its
  public link (https and the proxy's host as the browser sees them), the public results
  page and the booklet kept by nginx (MISS, HIT, a 304 from the copy, then REVALIDATED
  with the site's ETag), one copy of each language's page for every visitor, whatever
  their cookies.
* A teacher's lesson: the teacher's grid and four tablets saving results; one app
  server killed (SIGKILL, its whole process group, as a machine lost) mid-round; nginx
  sends everything to the other, no request fails, every acknowledged save is in the
  database once.
* The login throttling counts the client's address as nginx passes it in
  X-Forwarded-For (a client's own X-Forwarded-For is not believed), not the proxy's.
* `check --deploy` is clean with HSTS, secure cookies and BEHIND_PROXY on, and the
  answers through the proxy carry them.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import secrets
import signal
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from email.message import Message
from pathlib import Path
from urllib.parse import urlencode

import psycopg
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from minibridge.local_nginx import LOG_LINE, NGINX, local_nginx
from tests.browser.test_result_entry import enter
from tests.classroom_site import BASE_DIR, Served, free_port
from tests.private_postgres import private_postgres
from tournaments.web.http import SHARED_CACHE_SECONDS

# Its costly module fixture (a database, two app servers, nginx) is made once, in one
# of the suite's worker processes (--dist loadgroup).
pytestmark = pytest.mark.xdist_group("deployment")

PASSWORD = "a-long-federation-password"
#: A documentation address (RFC 5737) a client claims in its own X-Forwarded-For.
FORGED = "192.0.2.1"

SET_UP = f"""
import datetime, json
from django.contrib.auth import get_user_model
from django.utils import timezone
from events.models import Event
from tests.factories import event_school_session, organiser_event, play_round, running_session
kari = get_user_model().objects.create_user(
    username="kari", password={PASSWORD!r}, first_name="Kari"
)
lesson = running_session(kari, seed="deployment")
event = organiser_event(boards=6, name="Federation cup")
organiser = event.organiser.user
organiser.set_password({PASSWORD!r})
organiser.save()
school = event_school_session(event, kari, school="North School")
play_round(school, 1, {{}})
# The event is over: its public link offers the booklet.
yesterday = timezone.localdate() - datetime.timedelta(days=1)
Event.objects.filter(pk=event.pk).update(
    starts_on=yesterday - datetime.timedelta(days=2), ends_on=yesterday
)
print(json.dumps({{
    "session": lesson.pk,
    "tokens": list(lesson.tables.order_by("number").values_list("token", flat=True)),
    "event": event.pk,
    "event_token": event.public_token,
}}))
"""


@dataclass(frozen=True)
class Answer:
    status: int
    headers: Message
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode()

    def cookie(self, name: str) -> str | None:
        for header in self.headers.get_all("Set-Cookie") or []:
            if header.startswith(f"{name}="):
                return header
        return None


@dataclass
class Federation:
    folder: Path
    env: dict[str, str]
    database_url: str
    port: int
    app_ports: list[int]
    servers: list[Served]
    made: dict[str, object]
    primed: dict[str, object] = field(default_factory=dict)

    @property
    def base(self) -> str:
        return f"https://127.0.0.1:{self.port}"

    def manage(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=BASE_DIR,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=180,
            check=False,
        )

    def fetch(
        self,
        path: str,
        *,
        method: str = "GET",
        headers: dict[str, str] | None = None,
        body: str | None = None,
        source: str = "127.0.0.1",
    ) -> Answer:
        """One request over HTTPS to nginx, from ``source`` (an address of loopback)."""
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE  # the certificate made for this test
        connection = http.client.HTTPSConnection(
            "127.0.0.1", self.port, context=context, source_address=(source, 0), timeout=30
        )
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return Answer(response.status, response.headers, response.read())
        finally:
            connection.close()

    def log(self) -> list[dict[str, str]]:
        """The site's access log so far, a dict per line."""
        lines = (self.folder / "nginx" / "minibridge.access.log").read_text().splitlines()
        found = []
        for line in lines:
            match = LOG_LINE.match(line)  # the log_format of deploy/nginx/minibridge.conf
            assert match, line
            found.append(match.groupdict())
        return found

    def upstream(self, n: int) -> str:
        return f"127.0.0.1:{self.app_ports[n]}"

    def query(self, sql: str, *params: object) -> list[tuple[object, ...]]:
        with psycopg.connect(self.database_url) as db:
            return db.execute(sql, params).fetchall()


def _serve(env: dict[str, str], port: int) -> Served:
    """An app server as a federation runs one (fewer threads: two share two cores
    here), in a process group of its own: killed whole, as a machine lost."""
    process = subprocess.Popen(
        [
            sys.executable,
            "manage.py",
            "serve",
            "--port",
            str(port),
            "--workers",
            "1",
            "--threads",
            "8",
            "--task-workers",
            "1",
        ],
        cwd=BASE_DIR,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    return Served(process=process, port=port)


@pytest.fixture(scope="module")
def federation(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Federation]:
    if not Path(NGINX).exists():
        pytest.fail(
            "Debian's nginx is missing: run `make test` (it installs it) "
            "or `apt-get install nginx`."
        )
    folder = tmp_path_factory.mktemp("deployment")
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(folder),
        "LANG": "C.UTF-8",
        "ENV_FILE": "",
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        # What README.md tells a federation to set (its host name is this test's).
        "ALLOW_HTTP": "false",
        "BEHIND_PROXY": "true",
        "ALLOWED_HOSTS": "127.0.0.1",
        # Only printed on table cards and QR codes (never asked for here).
        "PUBLIC_URL": "https://events.federation.example",
        "STATIC_ROOT": str(folder / "static"),
        "LOG_LEVEL": "WARNING",
    }
    # The static files are collected while the database starts (they need none).
    collecting = subprocess.Popen(
        [sys.executable, "manage.py", "collectstatic", "--no-input", "--verbosity", "0"],
        cwd=BASE_DIR,
        env=env,
    )
    with ExitStack() as stack:
        database_url = env["DATABASE_URL"] = stack.enter_context(private_postgres())
        site = Federation(folder, env, database_url, free_port(), [], [], {})
        done = site.manage("migrate", "--no-input", "--verbosity", "0")
        assert done.returncode == 0, done.stdout + done.stderr
        assert collecting.wait(timeout=180) == 0
        done = site.manage("shell", "--no-imports", "-c", SET_UP)
        assert done.returncode == 0, done.stdout + done.stderr
        site.made = json.loads(done.stdout.strip().splitlines()[-1])
        # The boards' analysis and the national results, which the two workers would do
        # first, done now: they would only compete with the browser for the two cores.
        done = site.manage("db_worker", "--batch", "--no-startup-delay", "--no-reload", "-v", "0")
        assert done.returncode == 0, done.stdout + done.stderr

        # The two app servers, started together.
        site.app_ports = [free_port(), free_port()]
        for port in site.app_ports:
            server = _serve(env, port)
            stack.callback(server.stop)
            site.servers.append(server)
        for server in site.servers:
            server.wait_for("Stop with Ctrl")

        # nginx (minibridge.local_nginx), with a certificate made now, in the foreground,
        # its files in the folder.
        stack.enter_context(
            local_nginx(
                folder / "nginx",
                app_servers=[site.upstream(0), site.upstream(1)],
                static_root=folder / "static",
                port=site.port,
            )
        )
        yield site


@pytest.fixture
def context(browser: Browser, federation: Federation) -> Iterator[BrowserContext]:
    context = browser.new_context(
        base_url=federation.base,
        locale="en-GB",
        viewport={"width": 1024, "height": 900},
        ignore_https_errors=True,  # the certificate made for this test
    )
    context.set_default_timeout(20_000)
    yield context
    context.close()


def log_in(page: Page, username: str, welcome: str) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name=welcome)).to_be_visible()


def public_page(federation: Federation, language: str = "en") -> str:
    return f"/events/r/{federation.made['event_token']}/?lang={language}"


#: Three visitors: a new one, one with the site's cookies (a teacher logged in, the
#: other language chosen), one with another browser's language.
VISITORS = [
    {"Accept-Encoding": "gzip"},
    {"Accept-Encoding": "gzip", "Cookie": f"sessionid={'s' * 32}; csrftoken={'x' * 32}"},
    {"Accept-Encoding": "gzip", "Accept-Language": "nb-NO,nb;q=0.9,en;q=0.5"},
]


def prime_public_page(federation: Federation) -> dict[str, object]:
    """Visitors' first looks at the public results page and their first polls of it
    (done once): one copy of each language's page, and of its polled part, kept by
    nginx for every visitor, whatever their cookies or browser."""
    if federation.primed:
        return federation.primed
    pages = {}
    for language in ("en", "nb"):
        first, *others = [
            federation.fetch(public_page(federation, language), headers=visitor)
            for visitor in VISITORS
        ]
        assert first.status == 200
        assert first.headers["X-Cache-Status"] == "MISS"
        assert first.headers.get_all("Set-Cookie") is None  # nothing of the visitor's
        assert first.headers["Cache-Control"] == (
            f"public, max-age=0, s-maxage={SHARED_CACHE_SECONDS}"
        )
        assert first.headers["Content-Language"] == language
        # The others are answered from the first one's copy.
        assert [(o.status, o.headers["X-Cache-Status"]) for o in others] == [(200, "HIT")] * 2
        assert {o.body for o in others} == {first.body}
        pages[language] = first.body
    assert pages["en"] != pages["nb"]  # a copy for each language
    # The visitors' polls (htmx): kept once for all of them too.
    poll = {"HX-Request": "true", **VISITORS[0]}
    kept = federation.fetch(public_page(federation), headers=poll)
    assert (kept.status, kept.headers["X-Cache-Status"]) == (200, "MISS")
    federation.primed = {"at": time.monotonic(), "poll": poll, "body": kept.body}
    for visitor in VISITORS:
        hit = federation.fetch(public_page(federation), headers={**visitor, "HX-Request": "true"})
        assert (hit.status, hit.headers["X-Cache-Status"], hit.body) == (200, "HIT", kept.body)
    # The browser's own copy still good: nginx says so from its copy.
    tag = kept.headers["ETag"]
    same = federation.fetch(public_page(federation), headers={**poll, "If-None-Match": tag})
    assert (same.status, same.headers["X-Cache-Status"]) == (304, "HIT")
    # The link the organiser hands out names no language: a redirect to the visitor's,
    # kept too for visitors alike (no cookie, the same browser language).
    link = public_page(federation).split("?")[0]
    headers = {"Accept-Language": "nb"}
    redirects = [federation.fetch(link, headers=headers) for _ in range(2)]
    assert [(r.status, r.headers["Location"]) for r in redirects] == [(302, f"{link}?lang=nb")] * 2
    assert [r.headers["X-Cache-Status"] for r in redirects] == ["MISS", "HIT"]
    return federation.primed


def test_an_organisers_event_through_the_proxy(
    federation: Federation, context: BrowserContext
) -> None:
    page = context.new_page()
    log_in(page, "federation", "Welcome")
    page.goto(f"/events/organiser/{federation.made['event']}/")
    expect(page.get_by_role("heading", name="Federation cup")).to_be_visible()
    page.get_by_role("link", name="Event booklet").click()
    page.get_by_role("button", name="Make the booklet").click()
    # One of the two app servers' workers makes it; the page polls through the proxy.
    expect(page.get_by_role("link", name="Download the booklet (PDF)")).to_be_visible(
        timeout=60_000
    )
    public = f"/events/booklet/{federation.made['event_token']}/"
    # The site sees the scheme and the host the browser used, through the proxy.
    expect(page.get_by_role("link", name=f"{federation.base}{public}")).to_be_visible()
    [(status, workers)] = federation.query(
        "SELECT status, worker_ids FROM django_tasks_database_dbtaskresult WHERE task_path LIKE %s",
        "%make_event_booklet",
    )
    assert status == "SUCCESSFUL"
    assert isinstance(workers, list)
    assert len(workers) == 1

    # Anybody's download from the public link, kept by nginx.
    first = context.request.get(public)
    assert first.ok
    assert first.body().startswith(b"%PDF")
    assert first.headers["x-cache-status"] == "MISS"
    again = context.request.get(public)
    assert (again.headers["x-cache-status"], again.body()) == ("HIT", first.body())

    # The public results page, as a visitor opens it, with the booklet's link.
    page.goto(public_page(federation))
    expect(page.get_by_role("heading", name="National ranking")).to_be_visible()
    expect(page.get_by_role("link", name=re.compile("The event booklet"))).to_be_visible()
    prime_public_page(federation)


def test_check_deploy_is_clean_and_the_answers_carry_hsts_and_secure_cookies(
    federation: Federation,
) -> None:
    done = federation.manage("check", "--deploy", "--fail-level", "WARNING")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues" in done.stdout
    login = federation.fetch("/accounts/login/")
    assert login.status == 200
    assert login.headers["Strict-Transport-Security"] == (
        "max-age=31536000; includeSubDomains; preload"
    )
    csrf = login.cookie("csrftoken")
    assert csrf is not None
    assert "Secure" in csrf
    # The site takes the request for https (X-Forwarded-Proto): no redirect to it.
    home = federation.fetch("/")
    assert home.status == 302
    assert home.headers["Location"].startswith("/accounts/login/")  # not to https://


def test_nginx_serves_the_static_files_and_both_app_servers_the_pages(
    federation: Federation,
) -> None:
    before = len(federation.log())
    for _ in range(6):
        login = federation.fetch("/accounts/login/")
        assert login.status == 200
    stylesheet = re.search(r'href="(/static/[^"]+\.css)"', login.text)
    assert stylesheet
    css = federation.fetch(stylesheet[1], headers={"Accept-Encoding": "gzip"})
    assert css.status == 200
    assert css.headers["Content-Encoding"] == "gzip"  # the file whitenoise compressed
    assert "max-age=315360000" in css.headers["Cache-Control"]
    lines = federation.log()[before:]
    assert {line["upstream"] for line in lines if line["path"] == "/accounts/login/"} == {
        federation.upstream(0),
        federation.upstream(1),
    }
    [static] = [line for line in lines if line["path"] == stylesheet[1]]
    assert static["upstream"] == "-"  # from the disk, no app server asked


def test_the_login_throttling_counts_the_clients_address_through_the_proxy(
    federation: Federation,
) -> None:
    def log_in(password: str, source: str) -> Answer:
        form = federation.fetch("/accounts/login/", source=source)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.text)
        csrf = form.cookie("csrftoken")
        assert token
        assert csrf
        return federation.fetch(
            "/accounts/login/",
            method="POST",
            body=urlencode(
                {"csrfmiddlewaretoken": token[1], "username": "kari", "password": password}
            ),
            headers={
                "Content-Type": "application/x-www-form-urlencoded",
                "Cookie": csrf.split(";")[0],
                "Origin": federation.base,
                "Referer": f"{federation.base}/accounts/login/",
                # Believed, this would let a client choose the address counted.
                "X-Forwarded-For": FORGED,
            },
            source=source,
        )

    # Five wrong passwords from one client: paused for that username there.
    statuses = [log_in("wrong-password", "127.0.0.5").status for _ in range(5)]
    assert statuses == [200, 200, 200, 200, 429]
    assert log_in(PASSWORD, "127.0.0.5").status == 429
    # Another client behind the same proxy logs in (the proxy's own address, 127.0.0.1,
    # is not what was counted).
    assert log_in(PASSWORD, "127.0.0.6").status == 302
    assert federation.query(
        "SELECT host(ip_address), failures_since_start FROM axes_accessattempt WHERE username = %s",
        "kari",
    ) == [("127.0.0.5", 5)]
    logged = {ip for (ip,) in federation.query("SELECT host(ip_address) FROM axes_accesslog")}
    assert "127.0.0.6" in logged
    assert FORGED not in logged


def test_a_lesson_goes_on_when_an_app_server_is_killed(
    federation: Federation, browser: Browser, context: BrowserContext
) -> None:
    session, tokens = federation.made["session"], federation.made["tokens"]
    assert isinstance(tokens, list)
    teacher = context.new_page()
    log_in(teacher, "kari", "Welcome, Kari")
    teacher.goto(f"/sessions/{session}/")
    expect(teacher.locator('#grid [data-status="missing"]')).to_have_count(8)

    tablets = []
    for number, token in enumerate(tokens, start=1):
        tablet = browser.new_context(
            base_url=federation.base,
            viewport={"width": 800, "height": 1100},
            ignore_https_errors=True,
        ).new_page()
        tablet.set_default_timeout(20_000)
        tablet.goto(f"/t/{token}/")
        expect(tablet.get_by_role("heading", name=f"Table {number} · Round 1 of 3")).to_be_visible()
        tablets.append(tablet)

    def save_a_board(index: int) -> None:
        for tablet in tablets:
            enter(tablet, "No trumps", "Part-score", "8" if index else "7")
            # Acknowledged: the table's page moves on.
            expect(tablet.get_by_text("How the other tables did").nth(index)).to_be_visible()

    save_a_board(0)
    served = {line["upstream"] for line in federation.log()}
    assert {federation.upstream(0), federation.upstream(1)} <= served

    # Mid-round, the first app server is lost: gunicorn, its worker, all at once. The
    # log is counted before the kill: the teacher's grid polls by itself, and its first
    # poll after the kill (nginx trying the lost server, then the other) may come at once.
    killed = federation.servers[0]
    after = len(federation.log())
    os.killpg(killed.process.pid, signal.SIGKILL)
    killed.process.wait(timeout=10)

    save_a_board(1)
    for tablet in tablets:
        expect(tablet.get_by_text("When the round is over")).to_be_visible()
    # The teacher's grid, never reloaded, fills in through the other server.
    expect(teacher.locator('#grid [data-status="entered"]')).to_have_count(8)

    lines = federation.log()[after:]
    assert [line for line in lines if int(line["status"]) >= 500] == []
    # Every request got its answer from the second server; nginx tried the first for
    # a request of the round-robin's turn, found it gone, and moved on.
    assert any(line["upstream"].startswith(f"{federation.upstream(0)}, ") for line in lines)
    assert {line["upstream"].split(", ")[-1] for line in lines if line["upstream"] != "-"} == {
        federation.upstream(1)
    }
    assert any(line["method"] == "POST" and line["path"].startswith("/t/") for line in lines)
    saved = federation.query(
        "SELECT table_id, round, board_number, count(*) FROM tournaments_result "
        "WHERE session_id = %s GROUP BY table_id, round, board_number",
        session,
    )
    assert len(saved) == 8
    assert {count for *_key, count in saved} == {1}


def test_the_public_page_is_revalidated_with_its_etag(federation: Federation) -> None:
    """After its few seconds, the first visitor gets nginx's copy at once (STALE) while
    nginx asks the (surviving) app server again in the background with the ETag of its
    copy: "not modified", and it answers from that copy again."""
    primed = prime_public_page(federation)
    at = primed["at"]
    assert isinstance(at, float)
    time.sleep(max(0.0, at + SHARED_CACHE_SECONDS + 1 - time.monotonic()))
    poll = primed["poll"]
    assert isinstance(poll, dict)
    before = len(federation.log())
    again = federation.fetch(public_page(federation), headers=poll)
    assert (again.status, again.headers["X-Cache-Status"]) == (200, "STALE")
    assert again.body == primed["body"]
    deadline = time.monotonic() + 10
    while True:
        fresh = federation.fetch(public_page(federation), headers=poll)
        if fresh.headers["X-Cache-Status"] == "HIT" or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert (fresh.headers["X-Cache-Status"], fresh.body) == ("HIT", primed["body"])
    # The background update is in the access log (log_subrequest): the app server's 304.
    asked = [line for line in federation.log()[before:] if line["upstream"] != "-"]
    assert [(line["path"], line["upstream_status"]) for line in asked] == [
        (public_page(federation), "304")
    ]
