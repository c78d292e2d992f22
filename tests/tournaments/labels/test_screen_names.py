"""A whole name typed into a pupil's first-name field ("Kari Nordmann", "Nordmann,
Kari") shows as the first name alone on every screen the class shares: the projector
and a table's tablet, in English and in Norwegian (people_labels.screen_names, the rule the
events apply to names in uploaded files). The teacher's own pages keep the name as
typed, and the pupil form says what goes where."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from scoring.movements import table_card
from tests.factories import running_session
from tournaments.labels import people as people_labels
from tournaments.models import Pupil, SchoolClass, Session
from tournaments.sessions import selectors as session_selectors

FIRST_NAMES = [
    "Kari", "Ola", "Emma", "Nora", "Jonas", "Sofie", "Lukas", "Ingrid",
    "Henrik", "Maja", "Sander", "Thea", "Filip", "Ella", "Aksel", "Frida",
]  # fmt: skip


def _typed(n: int, first: str) -> str:
    """Half the class typed first name first, half surname first."""
    return f"{first} Nordmann" if n % 2 == 0 else f"Nordmann, {first}"


@pytest.fixture
def session(alice: User) -> Session:
    session = running_session(alice, seed="screen-names")
    pupils = Pupil.objects.filter(school_class=session.school_class).order_by("pk")
    for n, (pupil, first) in enumerate(zip(pupils, FIRST_NAMES, strict=True)):
        pupil.first_name = _typed(n, first)
        pupil.save(update_fields=["first_name"])
    return session


def _get(client: Client, url: str, language: str) -> str:
    client.cookies["django_language"] = language
    with translation.override(None):  # LocaleMiddleware leaves its language active
        response = client.get(url)
    assert response.status_code == 200
    assert f'<html lang="{language}">' in response.text
    return response.text


def _at_table_one(session: Session) -> list[str]:
    """The first names of the pupils at table 1 in round 1 (its N–S and E–W pairs)."""
    entry = table_card(session_selectors.session_movement(session), 1)[0]
    at_table = {
        session_selectors.pair_id(pair): pair for pair in session_selectors.session_pairs(session)
    }
    pairs = [at_table[pair] for pair in (entry.ns_pair, entry.ew_pair) if pair is not None]
    return [
        people_labels.pupil_first_name(m.pupil.first_name) for p in pairs for m in p.members.all()
    ]


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_projector_shows_first_names_only(
    session: Session, alice_client: Client, language: str
) -> None:
    projector = _get(alice_client, f"/sessions/{session.pk}/projector/", language)
    assert "Nordmann" not in projector
    for first in FIRST_NAMES:
        assert first in projector
    # The teacher's own standings keep the names as typed.
    standings = _get(alice_client, f"/sessions/{session.pk}/standings/", language)
    assert "Kari Nordmann" in standings
    assert "Nordmann, Ola" in standings


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_tables_tablet_shows_first_names_only(session: Session, language: str) -> None:
    token = session.tables.get(number=1).token
    page = _get(Client(), f"/t/{token}/", language)
    assert "Nordmann" not in page
    shown = _at_table_one(session)
    assert len(shown) == 4
    for first in shown:
        assert first in page


def test_the_session_page_the_teacher_sees_keeps_the_name_as_typed(
    session: Session, alice_client: Client
) -> None:
    page = _get(alice_client, f"/sessions/{session.pk}/", "en")
    assert "Kari Nordmann" in page


@pytest.mark.parametrize(
    ("pupils", "shown"),
    [
        ([(1, "Kari Nordmann", ""), (2, "Ola", "")], {1: "Kari", 2: "Ola"}),
        ([(1, "Nordmann, Kari", ""), (2, "Ola", "")], {1: "Kari", 2: "Ola"}),
        # Two Karis: the initial comes from the surname field, or the rest of the name.
        (
            [(1, "Kari Nordmann", ""), (2, "Hansen, Kari", ""), (3, "Kari", "Berg")],
            {1: "Kari N", 2: "Kari H", 3: "Kari B"},
        ),
        ([(1, "  Kari   Nordmann ", "")], {1: "Kari"}),
    ],
)
def test_a_whole_name_in_the_first_name_field(
    pupils: list[tuple[int, str, str]], shown: dict[int, str]
) -> None:
    assert people_labels.screen_names(pupils) == shown


@pytest.mark.parametrize(
    ("first", "last", "short"),
    [
        ("Kari Nordmann", "", "Kari N"),
        ("Nordmann, Kari", "", "Kari N"),
        ("Kari Nordmann", "Berg", "Kari B"),
        ("Kari", "", "Kari"),
    ],
)
def test_the_printed_cards_show_the_first_name_and_an_initial(
    first: str, last: str, short: str
) -> None:
    assert people_labels.pupil_short_name(first, last) == short


@pytest.mark.parametrize(
    ("language", "first", "last"),
    [
        ("en", "show only the first name", "The whole surname shows only on your own pages"),
        ("nb", "viser bare fornavnet", "Hele etternavnet vises bare på dine egne sider"),
    ],
)
def test_the_pupil_form_says_what_goes_where(
    alice_class: SchoolClass, alice_client: Client, language: str, first: str, last: str
) -> None:
    page = " ".join(_get(alice_client, f"/classes/{alice_class.pk}/", language).split())
    assert first in page
    assert last in page
