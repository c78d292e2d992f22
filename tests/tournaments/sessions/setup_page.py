"""Reading the session set-up page as a teacher sees it: the suggestion's heading and
sentences, and the form as the browser would send it untouched."""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import unescape
from html.parser import HTMLParser

from django.test import Client


class _FormReader(HTMLParser):
    """The fields of the page's POST form with the values a browser sends when nothing
    is changed: checked radios and checkboxes, inputs' values, selected options."""

    def __init__(self) -> None:
        super().__init__()
        self.data: dict[str, str] = {}
        self._in_form = False
        self._select: str | None = None
        self._first_option: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {key: value or "" for key, value in attrs}
        if tag == "form" and found.get("method", "").lower() == "post":
            self._in_form = True
        if not self._in_form:
            return
        name = found.get("name")
        if tag == "input" and name:
            kind = found.get("type", "text")
            if kind in {"radio", "checkbox"}:
                if "checked" in found:
                    self.data[name] = found.get("value", "on")
            elif kind not in {"submit", "button"}:
                self.data[name] = found.get("value", "")
        elif tag == "select" and name:
            self._select, self._first_option = name, None
        elif tag == "option" and self._select is not None:
            value = found.get("value", "")
            if self._first_option is None:
                self._first_option = value
                self.data.setdefault(self._select, value)
            if "selected" in found:
                self.data[self._select] = value

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        elif tag == "form":
            self._in_form = False


@dataclass(frozen=True)
class SetupPage:
    html: str
    form: dict[str, str]
    heading: str
    sentences: tuple[str, ...]

    @property
    def text(self) -> str:
        return " ".join(self.sentences)


def _plain(fragment: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def read_setup(client: Client, session_id: int) -> SetupPage:
    response = client.get(f"/sessions/{session_id}/setup/")
    assert response.status_code == 200
    html = response.content.decode()
    reader = _FormReader()
    reader.feed(html)
    section = html[html.index('<section class="suggestion') : html.index("</section>")]
    heading = _plain(re.findall(r"<h2[^>]*>(.*?)</h2>", section, re.S)[0])
    sentences = tuple(_plain(p) for p in re.findall(r"<p[^>]*>(.*?)</p>", section, re.S))
    return SetupPage(html=html, form=reader.data, heading=heading, sentences=sentences)


def start_untouched(client: Client, session_id: int) -> tuple[SetupPage, int]:
    """Open the set-up page and press Start without changing anything: the page read,
    and the response's status (302: started)."""
    page = read_setup(client, session_id)
    response = client.post(f"/sessions/{session_id}/setup/", page.form)
    if response.status_code != 302:
        errors = re.findall(r'role="alert">(.*?)</div>', response.content.decode(), re.S)
        raise AssertionError(f"Start refused the suggestion {page.heading}: {errors}")
    return page, response.status_code
