"""Every form field of every POST, sent hostile values made by hypothesis: no answer is a
5xx, on SQLite and on PostgreSQL alike.

The forms are not listed by hand: the test builds a class in the middle of everything (a
running session with a result and an open flag, a session still in its set-up, a league,
a four-deal game, an event the class plays in), opens every page of the URLconf as the
teacher, the organiser and a table would, and reads the forms (and htmx ``hx-post``
buttons) off those pages; a test holds that every POST-only view is among them. Each
form is then posted with every value of ``SWEEP`` in every field in turn, the other
fields as the page holds them (once with no button pressed and once with each button
alone, as a browser sends only the button pressed); then ``EXAMPLES`` times more with
every field drawn by hypothesis: the page's value, left out, or a hostile value (ids no
database column holds, NUL bytes and control characters, very long text, unicode
tricks, lists where one value is expected, files where a file is expected). Forms that
end the visit or delete the world (log out, delete) go last.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest
from django.contrib.auth.models import User
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events.organiser import services as event_services
from games import services as four_deal_services
from tests.factories import (
    event_school_session,
    league_class,
    organiser_event,
    running_session,
)
from tests.test_hostile_input import _fill, _patterns
from tournaments.leagues import services as league_services
from tournaments.models import Flag, Pupil, SchoolClass, Session
from tournaments.results import services as result_services
from tournaments.sessions import services as session_services

#: Examples per form: each a POST with every field drawn anew.
EXAMPLES = 6

#: Each is sent in every field of every form in turn, the other fields as the page has
#: them (SWEEP); then hypothesis mixes all of them with its own.
SWEEP = [
    "",
    "-1",
    str(2**63),
    "-" + "9" * 30,
    "9" * 5000,
    "nul\x00byte",
    "bidi\u202espoof",
    "x" * 5000,
    "²",
    "2026-02-30",
]
HOSTILE_VALUES = [
    *SWEEP,
    " ",
    "0",
    str(2**64),
    "1e999",
    "NaN",
    "\x07bell",
    "\u200b",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "Ø✓",
    "99999-12-31",
]
HOSTILE = st.one_of(st.sampled_from(HOSTILE_VALUES), st.text(max_size=40), st.integers().map(str))
HOSTILE_FILE = st.builds(
    lambda content, name: _named(content, name),
    st.one_of(
        st.binary(max_size=200),
        st.sampled_from(
            [
                b"",
                b'<?xml version="1.0" encoding="x-nonsense"?><USEBIO/>',
                b'\xef\xbb\xbf[Event "x"]\r\n[Board "1"]\r\n',
                b"<!DOCTYPE x [<!ENTITY a 'aaaa'>]><x>&a;</x>",
            ]
        ),
    ),
    st.sampled_from(["results.pbn", "results.xml", "x", "\x00.pbn"]),
)


#: A field left out of the POST, as a browser leaves out every submit button but the one
#: pressed (and an unticked checkbox).
ABSENT = object()


def _named(content: bytes, name: str) -> io.BytesIO:
    upload = io.BytesIO(content)
    upload.name = name
    return upload


@dataclass
class Form:
    """A form read off a page: where it posts, and each field's values on the page."""

    action: str
    fields: dict[str, list[str]] = field(default_factory=dict)
    files: set[str] = field(default_factory=set)
    buttons: set[str] = field(default_factory=set)

    @property
    def key(self) -> tuple[str, tuple[str, ...]]:
        return (_shape(self.action), tuple(sorted(self.fields)))


def _shape(url: str) -> str:
    """The route of a URL, its numbers and tokens blanked, to post each kind of form
    once however many pages show it."""
    return re.sub(r"/(?:[0-9]+|[A-Za-z0-9_-]{16,})(?=/|$)", "/*", urlsplit(url).path)


class _FormReader(HTMLParser):
    """The POST forms of a page, and its htmx buttons that post outside any form."""

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.forms: list[Form] = []
        self._form: Form | None = None
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {name: value or "" for name, value in attrs}
        if tag == "form":
            if attr.get("method", "get").lower() == "post" or "hx-post" in attr:
                action = attr.get("hx-post") or attr.get("action") or self.page
                self._form = Form(urljoin(self.page, action))
            return
        if self._form is None:
            if "hx-post" in attr:  # a button or link that posts by itself
                form = Form(urljoin(self.page, attr["hx-post"]))
                if attr.get("name"):
                    form.fields[attr["name"]] = [attr.get("value", "")]
                self.forms.append(form)
            return
        name = attr.get("name")
        if tag == "input" and name:
            kind = attr.get("type", "text")
            if kind == "file":
                self._form.files.add(name)
                self._form.fields.setdefault(name, [])
            elif kind in ("checkbox", "radio"):
                values = self._form.fields.setdefault(name, [])
                if "checked" in attr or not values:
                    values.append(attr.get("value", "on"))
            else:
                self._form.fields.setdefault(name, []).append(attr.get("value", ""))
        elif tag == "button" and name:
            self._form.fields.setdefault(name, [attr.get("value", "")])
            self._form.buttons.add(name)
        elif tag == "select" and name:
            self._select = name
            self._form.fields.setdefault(name, [])
        elif tag == "option" and self._select:
            values = self._form.fields[self._select]
            if "selected" in attr or not values:
                values[:] = [attr.get("value", "")]
        elif tag == "textarea" and name:
            self._textarea = name
            self._form.fields.setdefault(name, [""])

    def handle_data(self, data: str) -> None:
        if self._form is not None and self._textarea:
            self._form.fields[self._textarea] = [data]

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self._form is not None:
            self.forms.append(self._form)
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None


def _forms_on(page: str, html: str) -> list[Form]:
    reader = _FormReader(page)
    reader.feed(html)
    return reader.forms


def _ids(world: World) -> dict[str, str]:
    session = world.session
    table = session.tables.get(number=1)
    ids: dict[str, object] = {
        "session_id": session.pk,
        "class_id": session.school_class_id,
        "board_set_id": session.board_set_id,
        "pair_id": session.pairs.values_list("pk", flat=True).first(),
        "pupil_id": Pupil.objects.filter(school_class=session.school_class)
        .values_list("pk", flat=True)
        .first(),
        "result_id": world.result_id,
        "flag_id": world.flag_id,
        "round_": 1,
        "table_number": 1,
        "board_number": 1,
        "number": 1,
        "game_id": world.game_id,
        "league_id": world.league_id,
        "evening": 1,
        "event_id": world.event_id,
        "section_id": world.section_id,
        "school_id": world.school_id,
        "token": table.token,
        "code": world.join_code,
        "kind": "pdf",
    }
    return {name: str(value) for name, value in ids.items()}


def _pages(world: World) -> Iterator[str]:
    """Every GET route of the URLconf with the world's ids in it (a link token is the
    table's, the four-deal table's or the event's, as the route's place says), the
    set-up wizard of the session not started yet, and the four-deal table's page."""
    from django.urls import get_resolver

    ids = _ids(world)
    values = {"int": "1", "str": "x", "path": "x", "slug": "x", "token": "x"}
    seen = set()
    for route, _pattern in _patterns(get_resolver().url_patterns):
        token = ids["token"]
        if route.startswith("events/"):
            token = world.public_token
        url = _fill(route, {**values, **ids, "token": token})
        if url is None or url in seen or "logout" in url:
            continue
        seen.add(url)
        yield url
    for step in ("pairs", "setup"):
        yield f"/sessions/{world.setup_session_id}/{step}/"
    yield f"/f/{world.four_deal_token}/"


def _states_not_shown(world: World) -> list[Form]:
    """The POST routes whose forms the world's pages do not show in the state they are
    in (the last round's Finish, a Replace with a pupil away, a four-deal table's
    result before its points, a table's Agree before the opponents' entry), with the
    fields their views read."""
    ids = _ids(world)
    pupils = [str(pk) for pk in Pupil.objects.values_list("pk", flat=True)[:2]]
    four_deal = f"/f/{world.four_deal_token}"
    table = f"/t/{ids['token']}/results/{ids['result_id']}"
    fields: dict[str, dict[str, list[str]]] = {
        f"/sessions/{ids['session_id']}/finish/": {"confirm": ["1"]},
        f"/sessions/{ids['session_id']}/replace/": {"old": pupils[:1], "new": pupils[1:]},
        f"/classes/{ids['class_id']}/pupils/{ids['pupil_id']}/delete/confirmed/": {},
        f"/boards/{ids['board_set_id']}/analyse/": {},
        f"{four_deal}/points/": {seat: ["10"] for seat in ("north", "east", "south", "west")},
        f"{four_deal}/redeal/": {"confirm": ["1"]},
        f"{four_deal}/result/": {
            "strain": ["S"],
            "level": ["part-score"],
            "tricks": ["8"],
            "revoke": [""],
        },
        f"{table}/agree/": {},
        f"{table}/flag/": {},
    }
    return [Form(action, dict(values)) for action, values in fields.items()]


@dataclass
class World:
    session: Session
    setup_session_id: int
    result_id: int
    flag_id: int
    game_id: int
    league_id: int
    event_id: int
    section_id: int
    school_id: int
    join_code: str
    organiser_client: Client
    four_deal_token: str
    public_token: str


@pytest.fixture
def world(alice: User) -> World:
    session = running_session(alice, seed="fuzz", class_name="Fuzz")
    table = session.tables.get(number=1)
    result = result_services.result_record(
        table=table, board_number=1, contract="4S", tricks_won=10
    )
    Client().post(f"/t/{table.token}/results/{result.pk}/flag/")
    game = four_deal_services.four_deal_game_start(
        school_class=session.school_class, tables=1, cards="dealt", seed="fuzz"
    )
    pupils = list(Pupil.objects.filter(school_class=session.school_class))
    setup = session_services.session_create(
        school_class=session.school_class, present=pupils, date=session.date
    )
    league_school, partnerships = league_class(alice, class_name="Fuzz league")
    league = league_services.league_create(
        school_class=league_school,
        name="Fuzz league",
        partnerships=partnerships,
        deals_per_match=3,
        scoring_profile="ebu",
        evenings=2,
    )
    event = organiser_event(boards=8, seed="fuzz")
    played = event_school_session(event, alice, school="Fuzz School")
    school = played.event_school
    # Sections by age: the first takes the school; the second gives the school's
    # section forms a choice (and the first a place to send its schools on removal).
    section = event_services.section_add(event=event, name="Years 5-6").section
    event_services.section_add(event=event, name="Years 7-8")
    organiser = Client()
    organiser.force_login(event.organiser.user)
    assert SchoolClass.objects.filter(teacher=alice).count() == 3
    return World(
        session=session,
        setup_session_id=setup.pk,
        result_id=result.pk,
        flag_id=Flag.objects.get().pk,
        game_id=game.pk,
        league_id=league.pk,
        event_id=event.pk,
        section_id=section.pk,
        school_id=school.pk,
        join_code=event.join_code,
        organiser_client=organiser,
        four_deal_token=game.tables.get(number=1).token,
        public_token=event.public_token,
    )


def _collect(client: Client, pages: Iterator[str], also: list[Form] | None = None) -> list[Form]:
    forms: dict[tuple[str, tuple[str, ...]], Form] = {form.key: form for form in also or []}
    for page in pages:
        response = client.get(page)
        assert response.status_code < 500, f"GET {page} -> {response.status_code}"
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        for form in _forms_on(page, response.content.decode()):
            if urlsplit(form.action).netloc:  # off the site
                continue
            forms.setdefault(form.key, form)
    # The forms that end the visit or remove what the others post to: last.
    return sorted(forms.values(), key=lambda form: (_last(form.action), form.action))


def _last(action: str) -> int:
    return 2 if "logout" in action else 1 if any(w in action for w in ("delete", "purge")) else 0


def _send(client: Client, form: Form, data: dict[str, object], failures: list[str]) -> None:
    for upload in data.values():
        if isinstance(upload, io.BytesIO):
            upload.seek(0)
    response = client.post(form.action, data)
    if response.status_code >= 500:
        failures.append(f"POST {form.action} {data!r:.200} -> {response.status_code}")


def _sweep(client: Client, form: Form, failures: list[str]) -> None:
    """Every hostile value in every field, one field at a time, the others as the page
    holds them; once with no button pressed and once with each button alone."""
    fields = {
        name: values if len(values) != 1 else values[0]
        for name, values in form.fields.items()
        if name not in form.buttons and name not in form.files
    }
    presses: list[dict[str, object]] = [{}] + [
        {name: form.fields[name][0]} for name in sorted(form.buttons)
    ]
    for pressed in presses:
        for name in [name for name in fields if name != "csrfmiddlewaretoken"]:
            for value in SWEEP:
                _send(client, form, {**fields, **pressed, name: value}, failures)


def _fuzz(client: Client, form: Form, failures: list[str]) -> None:
    _sweep(client, form, failures)
    strategies = {}
    for name, values in form.fields.items():
        if name == "csrfmiddlewaretoken":
            continue
        if name in form.files:
            strategies[name] = HOSTILE_FILE
            continue
        page_value = st.just(values if len(values) != 1 else values[0])
        strategies[name] = st.one_of(
            page_value,
            st.just(ABSENT),
            HOSTILE,
            st.lists(HOSTILE, min_size=1, max_size=3),
        )

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(st.fixed_dictionaries(strategies))
    def post(drawn: dict[str, object]) -> None:
        _send(client, form, {k: v for k, v in drawn.items() if v is not ABSENT}, failures)

    post()


def _run(client: Client, forms: list[Form]) -> list[str]:
    failures: list[str] = []
    for form in forms:
        _fuzz(client, form, failures)
    return failures


def test_every_post_route_is_reached(world: World, alice_client: Client) -> None:
    """A POST-only view (405 to a GET) that no page's form and no listed state reaches
    would escape the fuzz: the list above must grow with it."""
    reached = {_shape(form.action) for form in _states_not_shown(world)}
    for client in (alice_client, world.organiser_client):
        reached |= {_shape(form.action) for form in _collect(client, _pages(world))}
    post_only = {
        _shape(page)
        for page in _pages(world)
        for client in (alice_client, world.organiser_client)
        if client.get(page).status_code == 405
    }
    assert post_only, "no POST-only route found: the walk is broken"
    assert post_only - reached == set()


def test_every_field_of_every_teachers_form(world: World, alice_client: Client) -> None:
    forms = _collect(alice_client, _pages(world), _states_not_shown(world))
    actions = {_shape(form.action) for form in forms}
    for expected in (  # the forms behind a lesson, a sample of each kind
        "/classes/new/",
        "/classes/*/sessions/new/",
        "/sessions/*/setup/",
        "/sessions/*/round/",
        "/sessions/*/flags/*/dismiss/",
        "/sessions/*/rounds/*/tables/*/boards/*/",
        "/t/*/boards/*/",
        "/leagues/*/evenings/*/start/",
        "/events/join/",
    ):
        assert expected in actions, sorted(actions)
    assert _run(alice_client, forms) == []


def test_every_field_of_every_organisers_form(world: World) -> None:
    forms = _collect(world.organiser_client, _pages(world))
    actions = {_shape(form.action) for form in forms}
    assert {"/events/organiser/new/", "/events/*/booklet/make/"} <= actions, sorted(actions)
    assert _run(world.organiser_client, forms) == []


def test_every_field_of_every_tables_form(world: World) -> None:
    token = world.session.tables.get(number=1).token
    client = Client()
    pages = iter([f"/t/{token}/", f"/t/{token}/?board=2", f"/f/{world.four_deal_token}/"])
    forms = _collect(client, pages, _states_not_shown(world)[-5:])
    assert {"/t/*/boards/*/", "/f/*/points/"} <= {_shape(form.action) for form in forms}
    assert _run(client, forms) == []
