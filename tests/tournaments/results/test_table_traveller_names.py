"""An individual session's tablet traveller ("How the other tables did", after a board)
names each side's partners by first name, as the entry panel does, never by the pupils'
numbers, which they do not know (issue "Nothing false on any screen", point 6). The
names come from labels.screen_names: a whole name typed in the first-name field shows
as the first name alone. A pairs session keeps its pair numbers."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from tests.factories import individual_session, running_session
from tournaments.models import Pupil, Session
from tournaments.results import services as result_services

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Fi", "Gus", "Hal"]


def _page(token: str, language: str) -> str:
    client = Client()
    client.cookies["django_language"] = language
    with translation.override(None):
        response = client.get(f"/t/{token}/")
    assert response.status_code == 200
    assert f'<html lang="{language}">' in response.text
    return response.content.decode().replace("&amp;", "&")


def _traveller_sides(page: str) -> list[tuple[str, str]]:
    """The N–S and E–W cells of each row of the first traveller on the page."""
    start = page.index('class="data-table traveller"')
    body = page[page.index("<tbody>", start) : page.index("</tbody>", start)]
    cell = r"<td[^>]*>([^<]*)</td>"
    rows = re.findall(rf"<tr[^>]*>\s*<td>\d+</td>\s*{cell}\s*{cell}", body)
    return [(ns.strip(), ew.strip()) for ns, ew in rows]


@pytest.fixture
def played(alice: User) -> Session:
    """Round 1 of an individual session, board 1 entered at both tables. Table 1 has
    N 6 (Fi), E 8 (Hal), S 4 (Di), W 7 (Gus); table 2 N 1 (Ada), E 3 (Cy), S 5 (Ed),
    W 2 (Bo). Fi's whole name was typed in the first-name field."""
    session = individual_session(alice, names=NAMES)
    Pupil.objects.filter(school_class=session.school_class, first_name="Fi").update(
        first_name="Fi Nordmann"
    )
    for table in session.tables.order_by("number"):
        result_services.result_record(table=table, board_number=1, contract="1NT", tricks_won=7)
    return session


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_tablets_traveller_names_the_partners_by_first_name(
    played: Session, language: str
) -> None:
    page = _page(played.tables.get(number=1).token, language)
    assert _traveller_sides(page) == [("Fi & Di", "Hal & Gus"), ("Ada & Ed", "Cy & Bo")]
    assert "Nordmann" not in page
    assert not re.search(r"<td[^>]*>\d+ & \d+</td>", page)  # no "6 & 4" anywhere


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_pairs_sessions_tablet_traveller_keeps_the_pair_numbers(
    alice: User,
    language: str,
) -> None:
    session = running_session(alice, seed="pair numbers")
    table = session.tables.get(number=1)
    result_services.result_record(table=table, board_number=1, contract="1NT", tricks_won=7)
    [(ns, ew)] = _traveller_sides(_page(table.token, language))
    assert re.fullmatch(r"\d+ N–S", ns)
    assert re.fullmatch(r"\d+ (E–W|Ø–V)", ew)
