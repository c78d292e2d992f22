"""Small sentences checked against the state that should produce them: the first
table to play a board, a finished session's table link, the four-deal game's links to
its tables, mixed pairs, a new league's name and the PBN's players' names."""

from __future__ import annotations

import datetime
import re
from html import unescape

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from games import services as four_deal_services
from scoring.pbn import read_pbn
from tests.factories import event_school_session, organiser_event, running_session
from tournaments.labels import leagues as league_labels
from tournaments.models import Partnership, Pupil, SchoolClass, Session, Table
from tournaments.results import services as result_services
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services

FIRST = {
    "en": "You are the first table to play this board: the others' results show here as they "
    "come in.",
    "nb": "Dere er det første bordet som spiller dette spillet: de andres resultater kommer "
    "her etter hvert.",
}


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _tablet(language: str) -> Client:
    client = Client()
    client.cookies["django_language"] = language
    return client


def _tables_playing(session: Session, board: int, round_: int) -> list[Table]:
    movement = session_selectors.session_movement(session)
    return [
        session.tables.get(number=entry.table)
        for entry in movement.round_entries(round_)
        if board in movement.boards(entry.board_set)
    ]


# --------------------------------------------------------------------------- the first table


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_first_table_to_play_a_board_is_told_so_and_the_next_is_not(
    alice: User, language: str
) -> None:
    session = running_session(alice, seed="first-table")
    [first] = _tables_playing(session, 1, 1)
    result_services.result_record(table=first, board_number=1, contract="3NT", tricks_won=9)
    page = _text(_tablet(language).get(f"/t/{first.token}/").content.decode())
    assert FIRST[language] in page
    # Round by round until another table plays board 1: its page says nothing of the kind.
    assert session.rounds is not None
    for round_ in range(2, session.rounds + 1):
        session = session_services.session_change_round(session=session, step=1)
        others = [table for table in _tables_playing(session, 1, round_) if table != first]
        if others:
            break
    else:
        pytest.fail("no other table plays board 1")
    second = others[0]
    result_services.result_record(table=second, board_number=1, contract="3NT", tricks_won=8)
    page = _text(_tablet(language).get(f"/t/{second.token}/").content.decode())
    assert FIRST[language] not in page
    assert ("How the other tables did" if language == "en" else "Slik gikk det ved") in page


# --------------------------------------------------------------------------- a finished session


@pytest.mark.parametrize(
    ("language", "over", "where"),
    [
        ("en", "This session is over: thank you for playing.", "The final results are on"),
        ("nb", "Denne økten er ferdig: takk for at dere spilte.", "Den endelige resultatlisten"),
    ],
)
def test_a_finished_lessons_table_link_says_it_is_over_and_where_the_results_are(
    alice: User, language: str, over: str, where: str
) -> None:
    session = running_session(alice, seed="finished")
    session_services.session_finish(session=session)
    table = session.tables.first()
    assert table is not None
    response = _tablet(language).get(f"/t/{table.token}/")
    assert response.status_code == 410
    html = response.content.decode()
    assert over in _text(html)
    assert where in _text(html)
    assert f'href="/sessions/{session.pk}/projector/"' in html
    assert "bordkort" not in html
    assert "table card" not in html


def test_a_finished_event_sessions_link_leads_to_the_events_public_results(
    alice: User,
) -> None:
    event = organiser_event()
    session = event_school_session(event, alice, school="North School")
    session_services.session_finish(session=session)
    table = session.tables.first()
    assert table is not None
    html = Client().get(f"/t/{table.token}/").content.decode()
    assert f'href="/events/r/{event.public_token}/"' in html
    assert "The event's results" in html


def test_a_session_not_started_still_asks_for_todays_table_card(alice: User) -> None:
    session = running_session(alice, seed="draft")
    Session.objects.filter(pk=session.pk).update(state=Session.State.DRAFT)
    table = session.tables.first()
    assert table is not None
    page = _text(_tablet("nb").get(f"/t/{table.token}/").content.decode())
    assert "Denne økten er ikke i gang. Spør læreren om dagens bordkort." in page


# --------------------------------------------------------------------------- four-deal game


def test_the_four_deal_games_page_links_each_tables_page(
    alice_client: Client, alice_class: SchoolClass
) -> None:
    game = four_deal_services.four_deal_game_start(
        school_class=alice_class, tables=3, cards="dealt", seed="links"
    )
    html = alice_client.get(f"/four-deal/{game.pk}/").content.decode()
    for table in game.tables.all():
        link = re.search(rf'<a href="/f/{table.token}/">(.*?)</a>', html, re.S)
        assert link is not None
        assert _text(link.group(1)) == f"{table.number} · Open the table's page"


# --------------------------------------------------------------------------- mixed pairs


NAMES = ["Aksel", "Amelia", "Ella", "Emma", "Filip", "George", "Harry", "Ingrid", "Isla", "Jack"]


def _pairs(session: Session) -> list[set[str]]:
    return [
        {member.pupil.first_name for member in pair.members.all()}
        for pair in session_selectors.session_pairs(session)
    ]


def _new_session(client: Client, school_class: SchoolClass) -> Session:
    present = [pupil.pk for pupil in school_class.pupils.all()]
    response = client.post(f"/classes/{school_class.pk}/sessions/new/", {"present": present})
    assert response.status_code == 302
    return Session.objects.latest("pk")


def test_the_wizard_mixes_the_pairs_and_keeps_partnerships(
    alice_client: Client, alice_class: SchoolClass
) -> None:
    pupils = {
        name: Pupil.objects.create(school_class=alice_class, first_name=name) for name in NAMES
    }
    Partnership.objects.create(
        school_class=alice_class, first=pupils["Aksel"], second=pupils["Jack"]
    )
    first = _new_session(alice_client, alice_class)
    second = _new_session(alice_client, alice_class)
    alphabetical = [set(NAMES[i : i + 2]) for i in range(2, len(NAMES) - 1, 2)]
    for session in (first, second):
        pairs = _pairs(session)
        assert pairs[0] == {"Aksel", "Jack"}  # the partnership, kept
        assert sorted(name for pair in pairs for name in pair) == sorted(NAMES)
        assert pairs[1:] != alphabetical
    assert _pairs(first) != _pairs(second)  # another session, another mix
    # The page the teacher sees names the kept partnership as its first pair.
    page = _text(alice_client.get(f"/sessions/{first.pk}/pairs/").content.decode())
    assert "Aksel" in page
    assert "Jack" in page


def test_mixing_is_the_same_for_the_same_key_and_keeps_partnerships(
    alice_class: SchoolClass,
) -> None:
    pupils = [Pupil.objects.create(school_class=alice_class, first_name=name) for name in NAMES]
    known = [(pupils[0].pk, pupils[9].pk)]
    once = session_services.make_pairs(pupils, known, mix="session-7")
    again = session_services.make_pairs(list(reversed(pupils)), known, mix="session-7")
    assert [set(p) for p in once] == [set(p) for p in again]
    assert set(once[0]) == {pupils[0], pupils[9]}
    plain = session_services.make_pairs(pupils, known)
    assert plain[1:] == [[pupils[i], pupils[i + 1]] for i in range(1, 9, 2)]


# --------------------------------------------------------------------------- a new league


@pytest.mark.parametrize(
    ("today", "language", "name"),
    [
        (datetime.date(2026, 9, 1), "en", "Autumn league 2026"),
        (datetime.date(2027, 2, 1), "en", "Spring league 2027"),
        (datetime.date(2026, 9, 1), "nb", "Høstliga 2026"),
        (datetime.date(2027, 2, 1), "nb", "Vårliga 2027"),
    ],
)
def test_a_leagues_name_is_the_terms(today: datetime.date, language: str, name: str) -> None:
    from django.utils import translation

    with translation.override(language):
        assert league_labels.league_default_name(today) == name


def test_the_new_league_form_offers_the_terms_name(
    alice_client: Client, alice_class: SchoolClass
) -> None:
    html = alice_client.get(f"/classes/{alice_class.pk}/leagues/new/").content.decode()
    field = re.search(r'<input[^>]*name="name"[^>]*>', html)
    assert field is not None
    expected = league_labels.league_default_name(timezone.localdate())
    assert f'value="{expected}"' in field.group(0)


# --------------------------------------------------------------------------- the PBN's names


def test_the_pbn_with_results_names_the_players_by_first_name(
    alice: User, alice_client: Client
) -> None:
    session = running_session(alice, pupils=12, rounds=1, seed="pbn-names")
    for n, pupil in enumerate(Pupil.objects.filter(school_class=session.school_class)):
        pupil.last_name = "Secretsurname"
        pupil.first_name = f"Kid{n:02}"
        pupil.save()
    response = alice_client.get(f"/sessions/{session.pk}/export/pbn/")
    text = response.content.decode()
    assert "Secretsurname" not in text
    parsed = read_pbn(response.content)
    totals = next(t for t in parsed.boards[-1].board.tables if t.tag == "TotalScoreTable")
    names = totals.column("Names")
    expected = {
        " & ".join(sorted(member.pupil.first_name for member in pair.members.all()))
        for pair in session_selectors.session_pairs(session)
    }
    assert {" & ".join(sorted(name.split(" & "))) for name in names} == expected
