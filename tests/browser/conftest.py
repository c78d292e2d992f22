"""Playwright driving Debian's chromium (never a downloaded browser) against live_server.

Every browser context a browser test opens is watched for Content-Security-Policy
violations (an inline style or script, an ``on…=`` handler, eval, anything from another
site): the test fails at teardown if the browser reported one.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, sync_playwright
from pytest_django import Settings as SettingsWrapper
from pytest_django.live_server_helper import LiveServer

from tests.browser.classroom import Classroom, build_classroom

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in item.nodeid:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.when == "call":
        item.stash[_FAILED] = report.failed
    return report


_FAILED = pytest.StashKey[bool]()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(
            "Debian's chromium is missing: run `make test` (it installs it) "
            "or `apt-get install chromium`."
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


# Runs in each page before the page's own scripts (Playwright's init scripts are not
# subject to the page's CSP). The browser fires `securitypolicyviolation` for everything
# the policy blocks; each one is passed to the test through a binding Playwright adds.
CSP_LISTENER = """
window.addEventListener("securitypolicyviolation", (event) => {
  const violation = {
    directive: event.effectiveDirective,
    blocked: event.blockedURI,
    source: event.sourceFile,
    line: event.lineNumber,
    sample: event.sample,
    page: document.location.href,
  };
  (window.__csp = window.__csp || []).push(violation);
  window.__reportCspViolation(violation);
}, true);
// htmx refuses eval itself (allowEval is off) rather than let the browser block it:
// an attribute that needs eval (hx-on, js: values, event filters) is reported the same.
document.addEventListener("htmx:evalDisallowedError", (event) => {
  window.__reportCspViolation({
    directive: "htmx allowEval",
    blocked: "eval",
    source: event.target && event.target.outerHTML ? event.target.outerHTML.slice(0, 200) : "",
    line: 0,
    sample: "",
    page: document.location.href,
  });
}, true);
"""


class CspWatch:
    """The CSP violations seen in the browser contexts it watches: from the page's
    `securitypolicyviolation` events and from chromium's console messages about them."""

    def __init__(self) -> None:
        self.violations: list[str] = []
        self.contexts: list[BrowserContext] = []

    def watch(self, context: BrowserContext) -> BrowserContext:
        self.contexts.append(context)
        context.expose_function("__reportCspViolation", self._report)
        context.add_init_script(CSP_LISTENER)
        context.on("console", self._console)
        return context

    def _report(self, violation: dict[str, Any]) -> None:
        self.violations.append(
            f"{violation['directive']} blocked {violation['blocked'] or 'inline'} on "
            f"{violation['page']} ({violation['source']}:{violation['line']}) "
            f"{violation['sample']}".strip()
        )

    def _console(self, message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            self.violations.append(f"console: {message.text} at {message.location}")


@pytest.fixture(autouse=True)
def csp_watch(browser: Browser, monkeypatch: pytest.MonkeyPatch) -> Iterator[CspWatch]:
    """Every context opened in the test (by the `page` fixture or by the test itself,
    for a second tablet) is watched, and closed at its end; any violation fails it."""
    watch = CspWatch()
    new_context: Callable[..., BrowserContext] = browser.new_context

    def watched_context(*args: Any, **kwargs: Any) -> BrowserContext:
        return watch.watch(new_context(*args, **kwargs))

    monkeypatch.setattr(browser, "new_context", watched_context)
    yield watch
    # The contexts a test opened and left open (a second tablet, a phone) are closed
    # with it: the one browser serves the worker's whole session, and a page left open
    # (a projector polls every 10 s) would go on using it in the tests that follow.
    for context in watch.contexts:
        context.close()
    assert watch.violations == [], "Content-Security-Policy violations:\n" + "\n".join(
        watch.violations
    )


@pytest.fixture
def page(
    browser: Browser, live_server: LiveServer, request: pytest.FixtureRequest
) -> Iterator[Page]:
    """A fresh browser tab (English, tablet-sized) with the live server as base URL."""
    context = browser.new_context(
        base_url=live_server.url, locale="en-GB", viewport={"width": 1024, "height": 768}
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    if request.node.stash.get(_FAILED, False):
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    context.close()


@pytest.fixture
def classroom(alice: User, settings: SettingsWrapper) -> Classroom:
    """Alice's class a few weeks into the term (tests/browser/classroom.py), with the
    table cards' address set so the connect pages show their codes."""
    settings.PUBLIC_URL = "http://192.0.2.10:8000"
    return build_classroom(alice)


def log_in_as(page: Page, user: User, base_url: str) -> None:
    """Give the browser a logged-in session without going through the login form."""
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    page.context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": base_url}])
