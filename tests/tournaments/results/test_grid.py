"""The teacher's round grid, polled every few seconds: an answer reads the round's results
and the open flags and little else (what no result changes is kept per setup of the
session, tournaments.sessions.caches), and a change of the pairs shows at once."""

from __future__ import annotations

import html
import re
from urllib.parse import quote

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from tests.factories import big_session, individual_session, play_round, running_session
from tournaments.models import Pair, Pupil, Session
from tournaments.results import services as result_services
from tournaments.sessions import selectors as session_selectors

HTMX = {"HX-Request": "true"}


def _grid(
    client: Client, session: Session, *, tag: str = "", query: str = ""
) -> tuple[int, str, str]:
    """The grid's status, its HTML and its ETag, revalidating ``tag`` if given."""
    headers = {**HTMX, "If-None-Match": tag} if tag else HTMX
    response = client.get(f"/sessions/{session.pk}/grid/{query}", headers=headers)
    return response.status_code, response.content.decode(), response.get("ETag", "")


def test_a_grid_answer_makes_a_few_queries_however_many_tables(
    alice: User, alice_client: Client, django_assert_max_num_queries: DjangoAssertNumQueries
) -> None:
    session = big_session(alice)  # 15 tables, 3 boards a round
    play_round(session, 1, {})
    # The first answer of a setup also reads the tables and the pairs with their pupils.
    with django_assert_max_num_queries(9):
        status, page, tag = _grid(alice_client, session)
    assert status == 200
    assert page.count('data-status="entered"') == 45
    # Not modified: the login's session and user, and the session's revision.
    with django_assert_max_num_queries(3):
        assert _grid(alice_client, session, tag=tag)[0] == 304
    table = session.tables.get(number=1)
    result_services.result_request_correction(result=table.results.get(board_number=1))
    # After a change: the login, the revision, the session, its results and its flags.
    with django_assert_max_num_queries(6):
        status, page, _tag = _grid(alice_client, session, tag=tag)
    assert status == 200
    assert page.count('data-status="correction"') == 1
    assert page.count('data-status="entered"') == 44
    assert "1 open flag" in page


def test_every_board_links_to_its_page_at_its_table_and_back_to_the_round(
    alice: User, alice_client: Client
) -> None:
    session = running_session(alice, seed="grid-links")
    play_round(session, 1, {})
    Session.objects.filter(pk=session.pk).update(current_round=2)
    page = _grid(alice_client, session, query="?round=1")[1]
    back = reverse("tournaments:session_detail", kwargs={"session_id": session.pk})
    movement = session_selectors.session_movement(session)
    wanted = {
        reverse(
            "tournaments:result_edit",
            kwargs={
                "session_id": session.pk,
                "round_": 1,
                "table_number": entry.table,
                "board_number": board,
            },
        )
        + f"?next={quote(back)}%3Fround%3D1"
        for entry in movement.round_entries(1)
        for board in movement.boards(entry.board_set)
    }
    links = {
        html.unescape(link)
        for link in re.findall(r'class="cell cell-\w+"[^>]*href="([^"]+)"', page)
    }
    assert links == wanted
    tables = set(re.findall(r'href="(/t/[^"]+/)"', page))
    assert tables == {
        reverse("tournaments:table_page", kwargs={"token": table.token})
        for table in session.tables.all()
    }


def test_a_pupil_swapped_in_is_on_the_grid_at_once(alice: User, alice_client: Client) -> None:
    session = running_session(alice, seed="grid-swap")
    status, page, tag = _grid(alice_client, session)
    assert status == 200
    assert "Pupil00 &amp; Pupil01" in page
    late = Pupil.objects.create(
        school_class=session.school_class, first_name="Late", last_name="Lia"
    )
    old = session.pairs.get(line="NS", number=1).members.get(position=1).pupil
    alice_client.post(f"/sessions/{session.pk}/replace/", {"old": old.pk, "new": late.pk})
    status, page, _tag = _grid(alice_client, session, tag=tag)
    assert status == 200
    assert "Late Lia &amp; Pupil01" in page
    assert "Pupil00" not in page
    # The session's page, which shows the same grid, too.
    assert "Late Lia &amp; Pupil01" in alice_client.get(f"/sessions/{session.pk}/").content.decode()


def test_a_pair_sitting_out_is_on_the_grid_at_once(alice: User, alice_client: Client) -> None:
    session = running_session(alice, seed="grid-withdraw")
    status, page, tag = _grid(alice_client, session)
    assert status == 200
    assert 'class="sits-out"' not in page
    pair = session.pairs.get(line="NS", number=1)
    alice_client.post(f"/sessions/{session.pk}/withdraw/", {"pair": pair.pk, "from_round": 1})
    assert Pair.objects.get(pk=pair.pk).withdrawn_from_round == 1
    status, page, _tag = _grid(alice_client, session, tag=tag)
    assert status == 200
    assert page.count('class="sits-out"') == 1
    assert "Round off" in page


@pytest.mark.parametrize("first", ["en", "nb"])
def test_the_grid_kept_in_one_language_answers_in_the_other(
    alice: User, alice_client: Client, first: str
) -> None:
    session = running_session(alice, seed="grid-language")
    alice_client.cookies["django_language"] = first
    _grid(alice_client, session)
    alice_client.cookies["django_language"] = "nb" if first == "en" else "en"
    page = _grid(alice_client, session)[1]
    assert ("Ø–V" in page) == (first == "en")
    assert ("E–W" in page) == (first == "nb")


def test_an_individual_grid_names_the_rounds_partners_after_a_swap(
    alice: User, alice_client: Client
) -> None:
    session = individual_session(alice, pupils=9, names=[*"ABCDEFGHI"])
    status, page, tag = _grid(alice_client, session)
    assert status == 200
    assert "Round off: " in page
    absent = Pupil.objects.create(school_class=session.school_class, first_name="Zed")
    old = session.pairs.get(number=1).members.get().pupil
    alice_client.post(f"/sessions/{session.pk}/replace/", {"old": old.pk, "new": absent.pk})
    page = _grid(alice_client, session, tag=tag)[1]
    assert "Zed" in page
