"""The Content-Security-Policy in chromium: every page a teacher or a table opens comes
with it and nothing on them breaks it (the `csp_watch` fixture of conftest.py fails any
browser test on a violation; here every page is visited on purpose), and the watch
itself is shown to catch what the policy forbids."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Response, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.classroom import Classroom, enter_a_result, visit
from tests.browser.conftest import CspWatch, log_in_as
from tests.test_security_headers import POLICY, policy

# What this checks is the page: .ci/run's PostgreSQL run leaves it out (pyproject's
# `screen` marker).
pytestmark = pytest.mark.screen


def wait_for_reports(page: Page, watch: CspWatch, count: int) -> None:
    """The page reports violations to the test asynchronously: give it a moment."""
    for _ in range(50):
        if len(watch.violations) >= count:
            return
        page.wait_for_timeout(100)


def test_every_page_sends_the_policy_and_breaks_none_of_it(
    page: Page,
    classroom: Classroom,
    csp_watch: CspWatch,
    live_server: LiveServer,
) -> None:
    documents: list[Response] = []
    page.on(
        "response",
        lambda response: (
            documents.append(response) if response.request.resource_type == "document" else None
        ),
    )
    visit(page, "/accounts/login/")
    log_in_as(page, classroom.teacher, live_server.url)
    for _name, path in classroom.teacher_pages():
        visit(page, path)
        # htmx is loaded as a file, evaluates nothing, and adds no <style> of its own.
        assert page.evaluate(
            "() => [window.htmx.config.allowEval, window.htmx.config.includeIndicatorStyles,"
            " document.querySelectorAll('style, [style]').length]"
        ) == [False, False, 0]
    # The grid refreshes itself through htmx: a swap under the policy too.
    visit(page, f"/sessions/{classroom.running.pk}/")
    with page.expect_response(lambda response: "/grid/" in response.url):
        pass
    page.locator("details.dismiss summary").first.click()

    # A table: the page, a save through htmx, the traveller, the round over.
    visit(page, f"/t/{classroom.fresh_table.token}/")
    enter_a_result(page, "NT", 8)
    expect(page.locator(".done-board")).to_have_count(1)
    expect(page.locator(".entry-panel")).to_have_count(1)
    enter_a_result(page, "H", 7)
    expect(page.locator(".next-card")).to_be_visible()

    assert len(documents) >= len(classroom.teacher_pages()) + 2
    for response in documents:
        header = response.header_value("content-security-policy")
        assert header is not None, response.url
        assert policy(header) == POLICY, response.url
    assert csp_watch.violations == []


def test_the_watch_catches_inline_style_inline_script_and_eval(
    page: Page, csp_watch: CspWatch
) -> None:
    """What the site must never need, done on purpose on a real page of it: each is
    blocked by the browser and reported to the test."""
    visit(page, "/accounts/login/")
    page.evaluate(
        """() => {
            document.body.insertAdjacentHTML("beforeend", '<p style="color: red">red</p>');
            const script = document.createElement("script");
            script.textContent = "window.inlineRan = true;";
            document.body.append(script);
        }"""
    )
    # Playwright's own evaluate may compile code; the page's scripts may not. A timer
    # runs as the page's own code.
    page.evaluate(
        """() => setTimeout(() => {
            try { window.evalResult = Function("return 'ran'")(); }
            catch (error) { window.evalResult = error.name; }
        }, 0)"""
    )
    page.wait_for_function("() => window.evalResult !== undefined")
    assert page.evaluate("() => window.evalResult") == "EvalError"
    assert page.evaluate("() => window.inlineRan === undefined")
    wait_for_reports(page, csp_watch, 3)
    seen = "\n".join(csp_watch.violations)
    assert "style-src-attr blocked inline" in seen
    assert "script-src-elem blocked inline" in seen
    assert "blocked eval" in seen
    csp_watch.violations.clear()

    # An attribute that would need eval (an event filter) is refused by htmx and
    # reported all the same.
    page.evaluate(
        """() => {
            const button = document.createElement("button");
            button.setAttribute("hx-get", "/what-we-store/");
            button.setAttribute("hx-trigger", "click[ctrlKey]");
            document.body.append(button);
            htmx.process(button);
            button.click();
        }"""
    )
    wait_for_reports(page, csp_watch, 1)
    assert "htmx allowEval blocked eval" in "\n".join(csp_watch.violations)
    csp_watch.violations.clear()  # caused on purpose: the test's teardown must not fail
