"""The national results pages: the organiser's page, the public page (no login, first
names and the school only, polled with an entity tag) and the downloads read back."""

from __future__ import annotations

import datetime
import io
import re
import xml.etree.ElementTree as ET
from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.http import HttpResponseBase
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from openpyxl import load_workbook
from pypdf import PdfReader
from pytest_django import DjangoCaptureOnCommitCallbacks

from events.models import Event, EventNational, EventSchool
from events.results.selectors import national_results, national_results_with_lines
from scoring.usebio import program_version, read_usebio
from tests.factories import event_school_session, organiser_event, play_round
from tournaments.labels.bridge import signed_text
from tournaments.results import services as result_services

SURNAME = "Surname"  # every pupil's surname in event_school_session


@pytest.fixture
def event(alice: User, bob: User) -> Event:
    """Two schools play the event on this site (as in tests/events/results/test_national.py)."""
    event = organiser_event(boards=12)
    north = event_school_session(event, alice, school="North School", rounds=3)
    south = event_school_session(event, bob, school="South School", pupils=12, rounds=2)
    play_round(north, 1, {(1, 1): ("3NT", 9), (2, 2): ("1S", 9), (1, 2): ("1H", 6)})
    play_round(north, 2, {(2, 3): ("4S", 10), (1, 4): ("1NT", 8)})
    play_round(south, 1, {(1, 1): ("3NT", 10), (2, 2): ("1S", 7)})
    play_round(south, 2, {(1, 3): ("1H", 8)})
    return event


@pytest.fixture
def organiser_client(event: Event) -> Client:
    client = Client()
    client.force_login(event.organiser.user)
    return client


def _url(event: Event, name: str = "national_results", **kwargs: str) -> str:
    if name == "public_results":
        # The address a visitor polls: it names its language (without it, a redirect).
        path = reverse("events:public_results", kwargs={"token": event.public_token})
        return f"{path}?lang={kwargs.get('lang', 'en')}"
    return reverse(f"events:{name}", kwargs={"event_id": event.pk, **kwargs})


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _ranking_rows(html: str) -> list[list[str]]:
    """The national ranking table's rows as text cells."""
    table = html.split('national-ranking"', 1)[1].split("</table>", 1)[0]
    body = table.split("<tbody>", 1)[1]
    return [
        [_text(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


# -- The organiser's page ---------------------------------------------------------------


def test_it_shows_the_national_ranking_as_the_national_results_have_it(
    event: Event, organiser_client: Client
) -> None:
    response = organiser_client.get(_url(event))
    assert response.status_code == 200
    html = response.content.decode()
    results = national_results(event)
    rows = _ranking_rows(html)
    assert len(rows) == len(results.pairs) == 4 + 6
    pairs = {pair.pk: pair for school in event.schools.all() for pair in school.pairs.all()}
    for row, pair in zip(rows, results.pairs, strict=True):
        place, names, percent, school, boards = row
        assert place == pair.place
        assert names == pairs[pair.pair].names
        assert school == pairs[pair.pair].school.name
        assert int(boards) == pair.boards
        assert percent == f"{pair.percentage:.2f} %"
    assert SURNAME not in html


def test_it_shows_each_schools_own_ranking_and_the_boards_frequencies(
    event: Event, organiser_client: Client
) -> None:
    html = organiser_client.get(_url(event)).content.decode()
    text = _text(html)
    assert "Each school's own ranking" in text
    assert "North School" in text
    assert "South School" in text
    assert html.count('school-ranking"') == 2
    results = national_results(event)
    board = next(b for b in results.boards if b.number == 1)
    # Board 1: 3NT was bid in both schools.
    assert dict(board.contracts)["3NT"] == 2
    section = html.split('id="board-1"', 1)[1].split("</section>", 1)[0]
    for score, count in board.scores:
        assert f'<td>{signed_text(score)}</td><td class="num">{count}</td>' in section


def test_a_schools_own_ranking_stays_as_it_was(event: Event, organiser_client: Client) -> None:
    """North's own ranking is North's pairs matchpointed among themselves: the same
    places as the school's standings in its own session."""
    from tournaments.standings.selectors import session_standings

    north = EventSchool.objects.get(name="North School")
    assert north.session is not None
    html = organiser_client.get(_url(event)).content.decode()
    section = html.split(">North School</h3>", 1)[1].split("</table>", 1)[0]
    shown = [
        [_text(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr>(.*?)</tr>", section.split("<tbody>", 1)[1], re.S)
    ]
    standings = session_standings(north.session)
    in_class = [
        (row.place, f"{row.percentage:.2f} %") for row in standings.rankings[0].rows if row.ranked
    ]
    assert [(place, percent) for place, _names, percent in shown] == in_class


def test_another_user_gets_404(event: Event, alice_client: Client) -> None:
    # Alice is a teacher in the event, not its organiser.
    assert alice_client.get(_url(event)).status_code == 404
    assert alice_client.get(_url(event, "national_export", kind="pdf")).status_code == 404


def test_another_organiser_gets_404(event: Event) -> None:
    other = organiser_event(username="other-federation", seed="other")
    client = Client()
    client.force_login(other.organiser.user)
    assert client.get(_url(event)).status_code == 404


def test_it_needs_a_login(event: Event) -> None:
    response = Client().get(_url(event))
    assert response.status_code == 302
    assert "/login" in response["Location"]


def test_it_rejects_post(event: Event, organiser_client: Client) -> None:
    assert organiser_client.post(_url(event)).status_code == 405
    assert organiser_client.post(_url(event, "public_results")).status_code == 405


def test_a_stale_cache_is_shown_with_updating_and_polled(
    event: Event, organiser_client: Client
) -> None:
    national_results(event)
    Event.objects.filter(pk=event.pk).update(results_version=999)  # a worker is on it
    response = organiser_client.get(_url(event))
    html = response.content.decode()
    assert "Updating…" in html
    assert 'hx-trigger="every 5s"' in html
    assert _ranking_rows(html)  # the last results are still shown
    fresh = organiser_client.get(_url(event), headers={"HX-Request": "true"}).content.decode()
    assert "<html" not in fresh
    assert "Updating…" in fresh


# -- The public page --------------------------------------------------------------------


def test_the_public_page_needs_no_login_and_shows_first_names_and_schools(
    event: Event,
) -> None:
    response = Client().get(_url(event, "public_results"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Nor00" in html
    assert "North School" in html
    assert SURNAME not in html
    results = national_results(event)
    rows = _ranking_rows(html)
    assert [row[0] for row in rows] == [pair.place for pair in results.pairs]
    assert [row[2] for row in rows] == [f"{pair.percentage:.2f} %" for pair in results.pairs]
    assert 'hx-trigger="every 30s"' in html
    assert "Each school's own ranking" not in html


def test_the_public_page_never_shows_a_surname_even_a_distinct_one(alice: User) -> None:
    from tournaments.models import Pupil

    event = organiser_event(boards=6)
    session = event_school_session(event, alice, school="Hill School", rounds=3)
    Pupil.objects.filter(school_class=session.school_class).update(last_name="Kristiansen")
    play_round(session, 1, {})
    html = Client().get(_url(event, "public_results")).content.decode()
    assert "Hil00" in html
    assert "Kristiansen" not in html


def test_an_unknown_token_is_404(event: Event) -> None:
    response = Client().get(
        reverse("events:public_results", kwargs={"token": "nope"}), {"lang": "en"}
    )
    assert response.status_code == 404


def test_the_public_page_before_any_result_says_so(alice: User) -> None:
    event = organiser_event(boards=6)
    html = Client().get(_url(event, "public_results")).content.decode()
    assert "No results yet. They appear here as schools finish." in html
    assert 'national-ranking"' not in html


def test_the_public_page_answers_not_modified_until_a_school_changes_a_result(
    event: Event,
    alice: User,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    client = Client()
    first = client.get(_url(event, "public_results"), headers={"HX-Request": "true"})
    tag = first["ETag"]
    again = client.get(
        _url(event, "public_results"), headers={"HX-Request": "true", "If-None-Match": tag}
    )
    assert again.status_code == 304
    north = EventSchool.objects.get(name="North School").session
    assert north is not None
    result = north.results.get(board_number=1, round=1, table__number=1)
    result_services.result_correct(result=result, teacher=alice, contract="1NT", tricks_won=4)
    with django_capture_on_commit_callbacks(execute=True):
        changed = client.get(
            _url(event, "public_results"), headers={"HX-Request": "true", "If-None-Match": tag}
        )
    assert changed.status_code == 200
    assert changed["ETag"] != tag
    assert "<html" not in changed.content.decode()  # the partial only
    # The copy queued the worker (run at once in tests), which computed the new version.
    assert EventNational.objects.get(event=event).version == event_version(event)
    now = client.get(_url(event, "public_results"), headers={"HX-Request": "true"})
    assert "Updating…" not in now.content.decode()


def event_version(event: Event) -> int:
    return Event.objects.values_list("results_version", flat=True).get(pk=event.pk)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["National ranking", "How each board was played", "schools taking part"]),
        ("nb", ["Nasjonal resultatliste", "Slik ble hvert spill spilt", "skoler deltar"]),
    ],
)
def test_the_pages_speak_both_languages(
    event: Event, organiser_client: Client, language: str, words: list[str]
) -> None:
    organiser_client.cookies["django_language"] = language
    organiser = organiser_client.get(_url(event)).content.decode()
    public = Client(headers={"Accept-Language": language}).get(
        reverse("events:public_results", kwargs={"token": event.public_token}), follow=True
    )
    for word in words:
        assert word in organiser
        assert word in public.content.decode()


# -- Downloads --------------------------------------------------------------------------


def test_the_pdf_has_the_ranking_and_the_frequencies_and_no_surname(
    event: Event, organiser_client: Client
) -> None:
    response = organiser_client.get(_url(event, "national_export", kind="pdf"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    text = " ".join(text.split())
    assert "National ranking" in text
    assert "North School" in text
    assert "South School" in text
    assert SURNAME not in text
    results = national_results(event)
    best = results.pairs[0]
    assert f"{best.percentage:.2f} %" in text
    assert "Board 1 · played at" in text


def test_the_workbook_reads_back_as_the_national_results(
    event: Event, organiser_client: Client
) -> None:
    response = organiser_client.get(_url(event, "national_export", kind="xlsx"))
    assert response.status_code == 200
    workbook = load_workbook(io.BytesIO(response.content))
    assert workbook.sheetnames == ["National ranking", "Schools", "Boards"]
    rows = list(workbook["National ranking"].iter_rows(min_row=2, values_only=True))
    results = national_results(event)
    assert len(rows) == len(results.pairs)
    for row, pair in zip(rows, results.pairs, strict=True):
        assert row[0] == int(pair.place.removesuffix("="))
        assert row[1] is pair.place.endswith("=")
        assert row[8] == pytest.approx(pair.percentage / 100, abs=1e-4)
    every_cell = " ".join(
        str(value)
        for sheet in workbook.worksheets
        for row in sheet.iter_rows(values_only=True)
        for value in row
        if value is not None
    )
    assert SURNAME not in every_cell
    boards = list(workbook["Boards"].iter_rows(min_row=2, values_only=True))
    board_1 = next(b for b in results.boards if b.number == 1)
    assert [(r[1], r[2]) for r in boards if r[0] == 1 and r[1] is not None] == list(board_1.scores)


def test_the_usebio_file_reads_back_with_the_national_figures(
    event: Event, organiser_client: Client
) -> None:
    response = organiser_client.get(_url(event, "national_export", kind="usebio"))
    assert response.status_code == 200
    assert SURNAME.encode() not in response.content
    upload = read_usebio(response.content)
    assert upload.ok, upload.problems
    # As real scoring programs write it: one national ranking, the site's version,
    # percentages to 2 decimals.
    assert upload.winner_type == 1
    assert b"<WINNER_TYPE>1</WINNER_TYPE>" in response.content
    assert f"<PROGRAM_VERSION>{program_version()}</PROGRAM_VERSION>".encode() in response.content
    percentages = re.findall(rb"<PERCENTAGE>([^<]*)</PERCENTAGE>", response.content)
    assert percentages
    assert all(re.fullmatch(rb"[0-9]+\.[0-9]{2}", figure) for figure in percentages)
    results = national_results(event)
    assert len(upload.pairs) == len(results.pairs)
    by_number = {pair.number: pair for pair in upload.pairs}
    pairs = {p.pk: p for s in event.schools.all() for p in s.pairs.all()}
    for standing in results.pairs:
        pair = pairs[standing.pair]
        read = by_number[f"S{pair.school_id}-{pair.key}"]
        assert read.percentage == pytest.approx(standing.percentage, abs=0.01)
        assert read.place == standing.place
        assert " & ".join(read.names) == pair.names
    lines = {(r.board, r.ns_pair, r.ew_pair): r for r in upload.results}
    assert len(lines) == sum(len(board) for board in national_results_with_lines(event)[1].values())
    assert all(board.deal is not None for board in upload.boards)
    root = ET.fromstring(response.content.split(b"\n", 2)[2])
    assert root.get("Version") == "1.2"


def test_an_unknown_download_is_404(event: Event, organiser_client: Client) -> None:
    assert organiser_client.get(_url(event, "national_export", kind="doc")).status_code == 404


def test_a_user_without_an_organiser_gets_404_even_with_an_event_id(event: Event) -> None:
    user = get_user_model().objects.create_user(username="carol", password="x" * 20)
    client = Client()
    client.force_login(user)
    assert client.get(_url(event, "national_export", kind="usebio")).status_code == 404


def test_an_unchanged_public_page_costs_a_handful_of_queries(event: Event) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = Client()
    tag = client.get(_url(event, "public_results"), headers={"HX-Request": "true"})["ETag"]
    with CaptureQueriesContext(connection) as queries:
        response = client.get(
            _url(event, "public_results"), headers={"HX-Request": "true", "If-None-Match": tag}
        )
    assert response.status_code == 304
    assert len(queries) <= 6  # the token, the schools to copy, the two versions


def test_a_surname_that_reached_the_event_is_still_never_shown(
    event: Event, organiser_client: Client
) -> None:
    """The event keeps first names only; should a full name ever reach it (an upload
    read carelessly), the pages and files still cut it to the first name."""
    national_results(event)
    pair = EventSchool.objects.get(name="North School").pairs.first()
    assert pair is not None
    pair.names = "Emma Kristiansen & Ola Nordmann"
    pair.save()
    pages = [
        Client().get(_url(event, "public_results")).content,
        organiser_client.get(_url(event)).content,
        organiser_client.get(_url(event, "national_export", kind="usebio")).content,
    ]
    for page in pages:
        assert b"Emma" in page
        assert b"Kristiansen" not in page
        assert b"Nordmann" not in page
    pdf = organiser_client.get(_url(event, "national_export", kind="pdf")).content
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Emma & Ola" in text
    assert "Kristiansen" not in text
    xlsx = organiser_client.get(_url(event, "national_export", kind="xlsx")).content
    cells = [
        str(value)
        for sheet in load_workbook(io.BytesIO(xlsx)).worksheets
        for row in sheet.iter_rows(values_only=True)
        for value in row
    ]
    assert "Emma & Ola" in cells
    assert not any("Kristiansen" in cell for cell in cells)


def _vary(response: HttpResponseBase) -> set[str]:
    return {part.strip() for part in response.get("Vary", "").split(",") if part.strip()}


#: Two visitors as unlike as can be: one new, one logged in elsewhere on the site with
#: the other language chosen, a CSRF cookie and a browser asking for the other language.
VISITORS = [
    {},
    {
        "Cookie": "sessionid=" + "s" * 32 + "; csrftoken=" + "x" * 32 + "; django_language={other}",
        "Accept-Language": "{other}",
    },
]


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("htmx", [False, True])
def test_the_public_page_is_the_same_bytes_for_every_visitor_of_a_language(
    event: Event, language: str, htmx: bool
) -> None:
    """One copy of the page (a language named in its address, ?lang=) serves everybody
    that a shared cache (nginx, deploy/) answers: no cookie set, no CSRF token in it, no
    login or session read, so no Vary: Cookie; and no Vary: Accept-Language either."""
    other = "nb" if language == "en" else "en"
    answers = []
    for visitor in VISITORS:
        headers = {name: value.format(other=other) for name, value in visitor.items()}
        if htmx:
            headers["HX-Request"] = "true"
        response = Client().get(_url(event, "public_results", lang=language), headers=headers)
        assert response.status_code == 200
        assert response.cookies == {}
        assert "Set-Cookie" not in response.headers
        assert "csrf" not in response.content.decode().lower()
        assert _vary(response) == {"HX-Request", "Accept-Encoding"}
        assert response["Cache-Control"] == "public, max-age=0, s-maxage=10"
        assert response["Content-Language"] == language
        answers.append(response)
    assert answers[0].content == answers[1].content
    assert answers[0]["ETag"] == answers[1]["ETag"]
    words = {"en": "National ranking", "nb": "Nasjonal resultatliste"}
    assert words[language] in answers[0].content.decode()


@pytest.mark.parametrize(
    ("headers", "language"),
    [
        ({}, "en"),
        ({"Accept-Language": "nb"}, "nb"),
        ({"Cookie": "django_language=nb", "Accept-Language": "en"}, "nb"),
    ],
)
def test_the_public_link_without_a_language_goes_to_the_visitors_one(
    event: Event, headers: dict[str, str], language: str
) -> None:
    """The link the organiser hands out names no language: it redirects to the page in
    the language the visitor's cookie or browser chose, section and all, and says what
    it depends on (a shared cache keeps it apart for each)."""
    path = reverse("events:public_results", kwargs={"token": event.public_token})
    response = Client().get(f"{path}?section=7", headers=headers)
    assert response.status_code == 302
    assert response["Location"] == f"{path}?section=7&lang={language}"
    assert {"Cookie", "Accept-Language"} <= _vary(response)
    assert response.cookies == {}
    # A language the site does not speak is not an error: the visitor's instead.
    wrong = Client().get(f"{path}?lang=xx", headers=headers)
    assert wrong.status_code == 302
    assert wrong["Location"] == f"{path}?lang={language}"


def test_the_public_pages_language_switch_is_two_links_that_keep_the_section(
    event: Event,
) -> None:
    """A visitor switches between English and Norwegian with links (no form, no cookie);
    the page in the new language polls its own address, so it stays in it."""
    path = reverse("events:public_results", kwargs={"token": event.public_token})
    html = Client().get(f"{path}?section=7&lang=en").content.decode()
    switch = re.search(r'<div class="language-switcher">(.*?)</div>', html, re.S)
    assert switch
    links = dict(re.findall(r'href="([^"]+)" hreflang="(\w+)"', switch[1]))
    assert links == {f"{path}?section=7&amp;lang=en": "en", f"{path}?section=7&amp;lang=nb": "nb"}
    assert re.search(r'hreflang="en"[^>]*aria-current="true"', switch[1])
    norwegian = Client().get(unescape(next(k for k, v in links.items() if v == "nb")))
    page = norwegian.content.decode()
    assert norwegian.status_code == 200
    assert '<html lang="nb">' in page
    assert "Nasjonal resultatliste" in page
    assert f'hx-get="{path}?section=7&amp;lang=nb"' in page
    assert "<form" not in page


def test_the_teachers_pages_keep_the_language_form(event: Event, organiser_client: Client) -> None:
    """Logged-in pages switch language by the form (POST, CSRF) as before."""
    html = organiser_client.get(_url(event)).content.decode()
    assert 'action="/i18n/setlang/"' in html
    assert "X-CSRFToken" in html


def test_the_public_page_changes_its_etag_when_the_event_is_over(event: Event) -> None:
    """After the last day the page shows how each board was played: a copy kept with the
    old tag (a browser's, nginx's) is not "not modified" any more."""
    client = Client()
    before = client.get(_url(event, "public_results"), headers={"HX-Request": "true"})
    assert "Shown after" in before.content.decode()
    tag = before["ETag"]
    yesterday = timezone.localdate() - datetime.timedelta(days=1)
    Event.objects.filter(pk=event.pk).update(starts_on=yesterday, ends_on=yesterday)
    after = client.get(
        _url(event, "public_results"), headers={"HX-Request": "true", "If-None-Match": tag}
    )
    assert after.status_code == 200
    assert "Shown after" not in after.content.decode()
