"""Sections of an event (by age, say): the national results ranked within each section
and overall, on the public page, the organiser's page and in the downloads.

Three schools play two boards, one table each (pair 1 N–S against pair 2 E–W); the
N–S scores are chosen so the national percentages are easy to check by hand (EBU
matchpoints, a top of 4 on each board):

========  =======  =======  ==========================
school    board 1  board 2  national % (pair 1 / 2)
========  =======  =======  ==========================
Ask       +420     +110     62.5 / 37.5
Berg      +110     +110     37.5 / 62.5
Dal       −50      +420     50.0 / 50.0
========  =======  =======  ==========================

National places: Ask 1 and Berg 2 share 1=, Dal's pairs 3=, Ask 2 and Berg 1 share 5=.
"""

from __future__ import annotations

import io
import re
from html import unescape

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from events.models import Event, EventPair, EventResult, EventSchool, EventSection
from events.organiser import services as organiser_services
from events.results.selectors import national_figures
from events.schools import services as school_services
from tests.factories import organiser_event

#: N–S net scores on boards 1 and 2 at each school's one table.
SCORES = {"Ask": (420, 110), "Berg": (110, 110), "Dal": (-50, 420)}
#: Each pair's national percentage and place, whatever the sections.
NATIONAL = {
    ("Ask", "1"): (62.5, "1="),
    ("Berg", "2"): (62.5, "1="),
    ("Dal", "1"): (50.0, "3="),
    ("Dal", "2"): (50.0, "3="),
    ("Ask", "2"): (37.5, "5="),
    ("Berg", "1"): (37.5, "5="),
}


def _event_with_field(teacher: User, sections: dict[str, str]) -> Event:
    """The event, its sections (in the order first named), and the three schools with
    their pairs and results; ``sections`` maps each school to its section's name."""
    event = organiser_event(boards=2)
    made: dict[str, EventSection] = {}
    for name in dict.fromkeys(sections.values()):
        made[name] = organiser_services.section_add(event=event, name=name).section
    for school_name, (first, second) in SCORES.items():
        school = school_services.school_join(
            event=event,
            teacher=teacher,
            name=school_name,
            source=EventSchool.Source.USEBIO,
            section=made[sections[school_name]],
        )
        ns = EventPair.objects.create(school=school, key="1", names=f"{school_name}a & Kari")
        ew = EventPair.objects.create(school=school, key="2", names=f"{school_name}b & Per")
        for board, score in ((1, first), (2, second)):
            EventResult.objects.create(
                school=school,
                board_number=board,
                ns_pair=ns,
                ew_pair=ew,
                contract="3NT",
                declarer="N",
                tricks=9,
                ns_score=score,
            )
    Event.objects.filter(pk=event.pk).update(results_version=1)
    return event


CASES = [
    pytest.param(
        {"Ask": "Years 5–6", "Berg": "Years 7–8", "Dal": "Years 5–6"},
        {
            "Years 5–6": [
                ("Ask", "1", "1"),
                ("Dal", "1", "2="),
                ("Dal", "2", "2="),
                ("Ask", "2", "4"),
            ],
            "Years 7–8": [("Berg", "2", "1"), ("Berg", "1", "2")],
        },
        id="Ask and Dal together",
    ),
    pytest.param(
        {"Ask": "Years 5–6", "Berg": "Years 5–6", "Dal": "Years 7–8"},
        {
            "Years 5–6": [
                ("Ask", "1", "1="),
                ("Berg", "2", "1="),
                ("Ask", "2", "3="),
                ("Berg", "1", "3="),
            ],
            "Years 7–8": [("Dal", "1", "1="), ("Dal", "2", "1=")],
        },
        id="Ask and Berg together",
    ),
]


@pytest.mark.parametrize(("sections", "expected"), CASES)
def test_the_national_results_are_ranked_within_each_section_and_overall(
    alice: User, sections: dict[str, str], expected: dict[str, list[tuple[str, str, str]]]
) -> None:
    figures = national_figures(_event_with_field(alice, sections))
    # Overall: every pair, its national percentage and place, its school's section.
    overall = {(pair.school, pair.key): (pair.percentage, pair.place) for pair in figures.pairs}
    assert overall == NATIONAL
    assert {(pair.school, pair.section) for pair in figures.pairs} == set(sections.items())
    # Within each section, in the sections' order: places counted among its pairs, the
    # national percentage kept.
    assert [section.name for section in figures.sections] == list(expected)
    for section in figures.sections:
        assert [(p.school, p.key, p.place) for p in section.pairs] == expected[section.name]
        for pair in section.pairs:
            assert pair.percentage == NATIONAL[pair.school, pair.key][0]
            assert pair.section == section.name


def test_a_school_moved_to_another_section_is_ranked_there_at_once(alice: User) -> None:
    """The section rankings are read from the cached national ranking: no new
    computation, the move shows on the next read."""
    event = _event_with_field(alice, {"Ask": "Y5", "Berg": "Y7", "Dal": "Y5"})
    national_figures(event)
    berg = EventSchool.objects.get(name="Berg")
    y5 = EventSection.objects.get(name="Y5")
    school_services.school_section_set(school=berg, section=y5)
    figures = national_figures(event)
    y5_ranking, y7_ranking = figures.sections
    assert [(p.school, p.key, p.place) for p in y5_ranking.pairs][:2] == [
        ("Ask", "1", "1="),
        ("Berg", "2", "1="),
    ]
    assert y7_ranking.pairs == ()
    event.refresh_from_db()
    assert event.results_version == 1  # the boards were not scored again


def test_an_event_without_sections_has_the_national_ranking_alone(alice: User) -> None:
    event = organiser_event(boards=2)
    school_services.school_join(event=event, teacher=alice, name="Ask", source="usebio")
    figures = national_figures(event)
    assert figures.sections == ()


# --------------------------------------------------------------------------- the pages


@pytest.fixture
def event(alice: User) -> Event:
    return _event_with_field(alice, {"Ask": "Years 5–6", "Berg": "Years 7–8", "Dal": "Years 5–6"})


def _public(event: Event, query: str = "") -> str:
    path = reverse("events:public_results", kwargs={"token": event.public_token})
    response = Client().get(path + query, follow=True)  # to its address with ?lang=
    assert response.status_code == 200
    return response.content.decode()


def _rows(html: str) -> list[list[str]]:
    table = html.split('national-ranking"', 1)[1].split("</table>", 1)[0]
    body = table.split("<tbody>", 1)[1]
    return [
        [
            " ".join(unescape(re.sub(r"<[^>]+>", " ", cell)).split())
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


def test_the_public_page_shows_the_national_ranking_with_each_pairs_section(
    event: Event,
) -> None:
    html = _public(event)
    # The picker: the national ranking (shown) and each section, as plain links.
    picker = html.split('class="section-picker', 1)[1].split("</nav>", 1)[0]
    y5, y7 = EventSection.objects.order_by("order")
    assert 'aria-current="true">National ranking</a>' in picker
    assert f'&amp;section={y5.pk}">Years 5–6</a>' in picker  # and the page's language
    assert f'&amp;section={y7.pk}">Years 7–8</a>' in picker
    rows = _rows(html)
    assert [(row[0], row[3], row[4]) for row in rows] == [
        ("1=", "Ask", "Years 5–6"),
        ("1=", "Berg", "Years 7–8"),
        ("3=", "Dal", "Years 5–6"),
        ("3=", "Dal", "Years 5–6"),
        ("5=", "Ask", "Years 5–6"),
        ("5=", "Berg", "Years 7–8"),
    ]


def test_the_public_page_shows_one_sections_ranking_with_its_own_places(event: Event) -> None:
    y5 = EventSection.objects.get(name="Years 5–6")
    html = _public(event, f"?section={y5.pk}")
    assert "Ranking: Years 5–6" in html
    assert f'section={y5.pk}&amp;lang=en" aria-current="true">Years 5–6</a>' in html
    rows = _rows(html)
    # No section column: every pair is in this one.
    assert [(row[0], row[1], row[2], row[3]) for row in rows] == [
        ("1", "Aska & Kari", "62.50 %", "Ask"),
        ("2=", "Dala & Kari", "50.00 %", "Dal"),
        ("2=", "Dalb & Per", "50.00 %", "Dal"),
        ("4", "Askb & Per", "37.50 %", "Ask"),
    ]
    assert all(len(row) == 5 for row in rows)
    assert "Berg" not in html.split('national-ranking"', 1)[1].split("</table>", 1)[0]


@pytest.mark.parametrize("asked", ["999999", "abc", "1\n2"])
def test_a_section_the_event_does_not_have_shows_the_national_ranking(
    event: Event, asked: str
) -> None:
    from urllib.parse import quote

    html = _public(event, f"?section={quote(asked)}")
    assert "This section is no longer in the event: the national ranking is shown." in html
    assert len(_rows(html)) == 6


def test_the_public_page_is_in_norwegian_too(event: Event) -> None:
    y7 = EventSection.objects.get(name="Years 7–8")
    path = reverse("events:public_results", kwargs={"token": event.public_token})
    html = (
        Client()
        .get(f"{path}?section={y7.pk}", headers={"Accept-Language": "nb"}, follow=True)
        .content.decode()
    )
    assert "Resultatliste: Years 7–8" in html
    assert "Plasseringer innen puljen" in html
    assert "Resultatlister per pulje" in html


def test_the_public_pages_tag_changes_when_a_school_moves_section(event: Event) -> None:
    """A browser holding the page (polling it with its entity tag) gets the new
    rankings after a move, though no result changed."""
    path = reverse("events:public_results", kwargs={"token": event.public_token}) + "?lang=en"
    client = Client()
    tag = client.get(path, headers={"HX-Request": "true"})["ETag"]
    again = client.get(path, headers={"HX-Request": "true", "If-None-Match": tag})
    assert again.status_code == 304
    y5 = EventSection.objects.get(name="Years 5–6")
    assert client.get(f"{path}&section={y5.pk}")["ETag"] != client.get(path)["ETag"]
    school_services.school_section_set(school=EventSchool.objects.get(name="Berg"), section=y5)
    moved = client.get(path, headers={"HX-Request": "true", "If-None-Match": tag})
    assert moved.status_code == 200
    assert "Years 7–8" not in " ".join(row[4] for row in _rows(moved.content.decode()))


def test_a_public_page_without_sections_is_as_it_was(alice: User) -> None:
    event = _event_with_field(alice, {"Ask": "All", "Berg": "All", "Dal": "All"})
    EventSchool.objects.update(section=None)
    EventSection.objects.all().delete()
    html = _public(event)
    assert "section-picker" not in html
    assert "Section" not in html
    assert all(len(row) == 5 for row in _rows(html))


def test_the_organisers_page_shows_a_section_and_its_downloads(event: Event) -> None:
    client = Client()
    client.force_login(event.organiser.user)
    y7 = EventSection.objects.get(name="Years 7–8")
    path = reverse("events:national_results", kwargs={"event_id": event.pk})
    html = client.get(f"{path}?section={y7.pk}").content.decode()
    assert "Ranking: Years 7–8" in html
    assert [row[0] for row in _rows(html)] == ["1", "2"]
    assert f'pdf/?section={y7.pk}" download>Years 7–8 only (PDF)' in html
    assert f'xlsx/?section={y7.pk}" download>Years 7–8 only (Excel)' in html
    # Each school's own ranking: only the section's schools, under their section.
    assert ">Berg · Years 7–8</h3>" in html
    assert ">Ask · Years 5–6</h3>" not in html
    assert ">Ask · Years 5–6</h3>" in client.get(path).content.decode()


# --------------------------------------------------------------------------- downloads


def _download(event: Event, kind: str, query: str = "") -> bytes:
    client = Client()
    client.force_login(event.organiser.user)
    path = reverse("events:national_export", kwargs={"event_id": event.pk, "kind": kind})
    response = client.get(path + query)
    assert response.status_code == 200
    return response.content


def test_the_workbook_has_a_section_column_and_a_sheet_for_each_section(event: Event) -> None:
    workbook = load_workbook(io.BytesIO(_download(event, "xlsx")))
    assert workbook.sheetnames == [
        "National ranking",
        "Years 5–6",
        "Years 7–8",
        "Schools",
        "Boards",
    ]
    national = list(workbook["National ranking"].iter_rows(values_only=True))
    assert national[0][:5] == ("Place", "Tied", "Names", "School", "Section")
    assert [(row[0], row[3], row[4]) for row in national[1:]] == [
        (1, "Ask", "Years 5–6"),
        (1, "Berg", "Years 7–8"),
        (3, "Dal", "Years 5–6"),
        (3, "Dal", "Years 5–6"),
        (5, "Ask", "Years 5–6"),
        (5, "Berg", "Years 7–8"),
    ]
    y5 = list(workbook["Years 5–6"].iter_rows(values_only=True))
    assert "Section" not in y5[0]
    assert [(row[0], row[1], row[3], row[4]) for row in y5[1:]] == [
        (1, False, "Ask", "1"),
        (2, True, "Dal", "1"),
        (2, True, "Dal", "2"),
        (4, False, "Ask", "2"),
    ]
    schools = [row[0] for row in workbook["Schools"].iter_rows(values_only=True)]
    assert "Ask · Years 5–6" in schools


def test_one_sections_workbook_and_pdf_have_its_ranking_alone(event: Event) -> None:
    y7 = EventSection.objects.get(name="Years 7–8")
    workbook = load_workbook(io.BytesIO(_download(event, "xlsx", f"?section={y7.pk}")))
    assert workbook.sheetnames == ["Years 7–8", "Schools", "Boards"]
    rows = list(workbook["Years 7–8"].iter_rows(values_only=True))
    assert [(row[0], row[3], row[4]) for row in rows[1:]] == [(1, "Berg", "2"), (2, "Berg", "1")]
    schools = [row[0] for row in workbook["Schools"].iter_rows(values_only=True)]
    assert "Berg · Years 7–8" in schools
    assert not any(str(name).startswith("Ask") for name in schools)
    pdf = _download(event, "pdf", f"?section={y7.pk}")
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Ranking: Years 7–8" in text
    assert "National ranking" not in text
    assert "Berga & Kari" in text
    assert "Aska" not in text


def test_the_pdf_has_the_national_ranking_then_each_section(event: Event) -> None:
    pdf = _download(event, "pdf")
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    national, y5, y7 = (
        text.index("National ranking"),
        text.index("Ranking: Years 5–6"),
        text.index("Ranking: Years 7–8"),
    )
    assert national < y5 < y7


def test_a_download_of_a_section_the_event_does_not_have_is_404(event: Event) -> None:
    client = Client()
    client.force_login(event.organiser.user)
    path = reverse("events:national_export", kwargs={"event_id": event.pk, "kind": "pdf"})
    assert client.get(f"{path}?section=999999").status_code == 404


def test_a_section_named_as_a_sheet_is_still_its_own_sheet(alice: User) -> None:
    event = _event_with_field(alice, {"Ask": "Boards", "Berg": "Schools", "Dal": "Boards"})
    workbook = load_workbook(io.BytesIO(_download(event, "xlsx")))
    assert len(workbook.sheetnames) == 5
    assert len({name.casefold() for name in workbook.sheetnames}) == 5
