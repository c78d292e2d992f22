"""The round clock (issue 30, 2): set at the set-up (7 minutes a board suggested), started
and paused on the session's page, changed during the session, started again with each
round; shown on the tables, the projector and the teacher's page from what is stored, so
no cache or ETag ever hides a change; bad minutes refused with a clear message."""

from __future__ import annotations

import datetime
import json
import re

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import connection
from django.db.models import F
from django.test import Client
from django.test.utils import CaptureQueriesContext
from pytest_django import DjangoAssertNumQueries

from scoring.clock import ClockState
from tests.factories import running_session
from tests.tournaments.sessions.test_sessions import setup_data, start_session
from tournaments.boards import services as board_services
from tournaments.models import Pupil, Result, SchoolClass, Session
from tournaments.results import services as result_services
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services

MINUTES_MESSAGE = "Write the minutes a round as a whole number from 1 to 60."


@pytest.fixture
def session(alice: User) -> Session:
    return running_session(alice, seed="clock")


def _with_clock(session: Session, minutes: int = 14, *, used: float = 0) -> Session:
    """The session's clock set to ``minutes`` a round, ``used`` seconds of it gone."""
    session_services.session_clock_set(session=session, minutes=minutes)
    _move_back(session, used)
    session.refresh_from_db()
    return session


def _move_back(session: Session, seconds: float) -> None:
    """As if the clock had started ``seconds`` earlier (and been paused that much earlier)."""
    back = datetime.timedelta(seconds=seconds)
    Session.objects.filter(pk=session.pk).update(clock_started_at=F("clock_started_at") - back)
    Session.objects.filter(pk=session.pk, clock_paused_at__isnull=False).update(
        clock_paused_at=F("clock_paused_at") - back
    )


def _left(session: Session) -> int:
    session.refresh_from_db()
    left = session_selectors.session_clock(session).left
    assert left is not None
    return left.seconds


def _table_json(client: Client, session: Session, number: int = 1) -> dict[str, object]:
    token = session.tables.get(number=number).token
    response = client.get(f"/t/{token}/clock/")
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    data: dict[str, object] = json.loads(response.content)
    return data


def _post(client: Client, session: Session, htmx: bool = False, **data: str) -> str:
    response = client.post(
        f"/sessions/{session.pk}/clock/", data, headers={"HX-Request": "true"} if htmx else {}
    )
    return f"{response.status_code} {response.content.decode()}"


# --------------------------------------------------------------------------- the set-up


def test_the_setup_suggests_seven_minutes_a_board_and_the_clock_waits_for_the_teacher(
    alice_client: Client, alice_class: SchoolClass, alice: User
) -> None:
    pupils = [Pupil.objects.create(school_class=alice_class, first_name=f"P{n}") for n in range(16)]
    board_set = board_services.board_set_deal(teacher=alice, name="Set", count=8)
    draft = start_session(alice_client, alice_class, pupils)
    html = alice_client.get(f"/sessions/{draft.pk}/setup/").content.decode()
    suggested = re.search(r'name="boards_per_round" value="(\d+)"', html)
    assert suggested is not None
    boards = int(suggested[1])
    assert f'name="round_minutes" value="{boards * 7}"' in html
    assert "About 7 minutes a board" in html
    response = alice_client.post(
        f"/sessions/{draft.pk}/setup/", setup_data(board_set, rounds=3, round_minutes="14")
    )
    assert response.status_code == 302
    draft.refresh_from_db()
    assert (draft.round_minutes, draft.clock_started_at) == (14, None)
    # Round 1's time begins when the teacher starts it (the tablets are connected first).
    clock = session_selectors.session_clock(draft)
    assert clock.left is not None
    assert clock.left.state is ClockState.WAITING
    assert clock.left.seconds == 14 * 60


def test_an_empty_minutes_field_is_no_clock(
    alice_client: Client, alice_class: SchoolClass, alice: User
) -> None:
    pupils = [Pupil.objects.create(school_class=alice_class, first_name=f"P{n}") for n in range(16)]
    board_set = board_services.board_set_deal(teacher=alice, name="Set", count=8)
    draft = start_session(alice_client, alice_class, pupils)
    response = alice_client.post(
        f"/sessions/{draft.pk}/setup/", setup_data(board_set, rounds=3, round_minutes="")
    )
    assert response.status_code == 302
    draft.refresh_from_db()
    assert draft.round_minutes is None
    assert not session_selectors.session_clock(draft).on


@pytest.mark.parametrize("minutes", ["0", "61", "-3", "7.5", "ten", "99999999999999999999"])
def test_the_setup_refuses_minutes_that_are_not_1_to_60(
    alice_client: Client, alice_class: SchoolClass, alice: User, minutes: str
) -> None:
    pupils = [Pupil.objects.create(school_class=alice_class, first_name=f"P{n}") for n in range(16)]
    board_set = board_services.board_set_deal(teacher=alice, name="Set", count=8)
    draft = start_session(alice_client, alice_class, pupils)
    response = alice_client.post(
        f"/sessions/{draft.pk}/setup/", setup_data(board_set, rounds=3, round_minutes=minutes)
    )
    assert response.status_code == 422
    assert MINUTES_MESSAGE in response.content.decode()
    draft.refresh_from_db()
    assert draft.state == Session.State.DRAFT  # nothing started, nothing kept
    assert not draft.tables.exists()


def test_the_service_refuses_impossible_minutes_by_name(alice: User) -> None:
    session = running_session(alice, seed="clock-service")
    with pytest.raises(ValidationError) as refused:
        session_services.session_clock_set(session=session, minutes=0)
    assert refused.value.message_dict == {"minutes": [MINUTES_MESSAGE]}
    session.refresh_from_db()
    assert session.round_minutes is None


# --------------------------------------------------------------------------- the teacher


def test_the_teacher_starts_pauses_resumes_and_starts_again(
    session: Session, alice_client: Client
) -> None:
    page = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert "No clock this session" in page
    assert _post(alice_client, session, action="minutes", minutes="10").startswith("302")
    session.refresh_from_db()
    assert session.round_minutes == 10
    assert session.clock_started_at is not None  # a clock turned on mid-round runs at once
    _move_back(session, 120)
    assert _left(session) == 480
    # Paused: the time stands still, however long the pause.
    assert _post(alice_client, session, action="pause").startswith("302")
    _move_back(session, 300)  # five minutes ago, and paused ever since
    assert _left(session) == 480
    assert _table_json(alice_client, session)["state"] == "paused"
    # Resumed: the 8 minutes are there still.
    assert _post(alice_client, session, action="resume").startswith("302")
    assert 479 <= _left(session) <= 480
    page = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert "The clock runs again." in page  # the notice
    assert "Pause the clock" in page
    # Started again: the whole round.
    _move_back(session, 200)
    assert _post(alice_client, session, action="start").startswith("302")
    assert _left(session) == 600


def test_the_minutes_change_during_the_round_and_the_time_used_stays_used(
    session: Session, alice_client: Client
) -> None:
    _with_clock(session, 14, used=300)
    answer = _post(alice_client, session, htmx=True, action="minutes", minutes="10")
    assert answer.startswith("200")
    assert "The round clock is set to 10 minutes a round." in answer
    assert 299 <= _left(session) <= 300


def test_the_next_round_starts_the_clock_again(session: Session, alice_client: Client) -> None:
    _with_clock(session, 14, used=600)
    session_services.session_clock_pause(session=session)
    alice_client.post(f"/sessions/{session.pk}/round/", {"round": "1", "confirm": "1"})
    session.refresh_from_db()
    assert session.current_round == 2
    assert session.clock_paused_at is None
    assert 839 <= _left(session) <= 840


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize("minutes", ["", "0", "61", "abc", "4.5", "99999999999999999999"])
def test_bad_minutes_get_a_clear_message_beside_the_field_and_change_nothing(
    session: Session, alice_client: Client, minutes: str, htmx: bool
) -> None:
    _with_clock(session, 14, used=60)
    before = Session.objects.values("round_minutes", "clock_started_at").get(pk=session.pk)
    answer = _post(alice_client, session, htmx=htmx, action="minutes", minutes=minutes)
    assert answer.startswith("422")
    assert answer.count(MINUTES_MESSAGE) == 1
    assert 'aria-invalid="true"' in answer
    if htmx:
        assert "<html" not in answer  # the clock's part alone
        assert 'id="round-clock"' in answer
    else:
        assert "Results this round" in answer  # the whole page, the grid too
    assert Session.objects.values("round_minutes", "clock_started_at").get(pk=session.pk) == (
        before
    )


def test_every_button_answers_in_words_with_and_without_htmx(
    session: Session, alice_client: Client
) -> None:
    answers = {
        ("minutes", "14"): "The round clock is set to 14 minutes a round.",
        ("pause", ""): "The clock is paused.",
        ("resume", ""): "The clock runs again.",
        ("start", ""): "The clock has started: 14 minutes for this round.",
        ("sound_on", ""): "The projector beeps when the time is up.",
        ("sound_off", ""): "The projector stays quiet when the time is up.",
        ("off", ""): "The round clock is off.",
    }
    for (action, minutes), words in answers.items():
        answer = _post(alice_client, session, htmx=True, action=action, minutes=minutes)
        assert answer.startswith("200"), answer
        assert f'role="status">{words}</p>' in answer
    for (action, minutes), words in answers.items():
        response = alice_client.post(
            f"/sessions/{session.pk}/clock/", {"action": action, "minutes": minutes}, follow=True
        )
        assert response.redirect_chain[-1][0].endswith("#round-clock")
        assert words in response.content.decode()


def test_a_button_without_a_clock_or_an_unknown_one_is_refused_in_words(
    session: Session, alice_client: Client
) -> None:
    answer = _post(alice_client, session, htmx=True, action="pause")
    assert answer.startswith("422")
    assert "This session has no round clock: set the minutes a round first." in answer
    answer = _post(alice_client, session, htmx=True, action="explode")
    assert answer.startswith("422")
    assert "Choose what to do with the clock." in answer
    response = alice_client.post(f"/sessions/{session.pk}/clock/", {"action": "explode"})
    assert response.status_code == 302
    page = alice_client.get(response["Location"]).content.decode()
    assert "Choose what to do with the clock." in page


def test_a_finished_session_has_no_clock(session: Session, alice_client: Client) -> None:
    _with_clock(session, 14)
    session_services.session_finish(session=session)
    answer = _post(alice_client, session, htmx=True, action="pause")
    assert answer.startswith("422")
    assert "Only a running session has a round clock." in answer
    assert _table_json(alice_client, session) | {"made": 0} == {
        "on": False,
        "state": "off",
        "round": 1,
        "made": 0,
    }
    page = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert 'id="round-clock"' not in page


def test_another_teacher_can_neither_see_nor_change_the_clock(
    session: Session, bob_client: Client
) -> None:
    _with_clock(session, 14)
    assert bob_client.post(f"/sessions/{session.pk}/clock/", {"action": "off"}).status_code == 404
    assert bob_client.get(f"/sessions/{session.pk}/clock/left/").status_code == 404
    session.refresh_from_db()
    assert session.round_minutes == 14


def test_it_rejects_get_on_the_controls(session: Session, alice_client: Client) -> None:
    assert alice_client.get(f"/sessions/{session.pk}/clock/").status_code == 405


# --------------------------------------------------------------------------- the screens


def test_the_tables_and_the_projector_show_the_same_time_from_what_is_stored(
    session: Session, alice_client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    _with_clock(session, 14, used=600)  # 4 minutes left
    token = session.tables.get(number=1).token
    table = Client().get(f"/t/{token}/").content.decode()
    assert re.search(r'data-clock="minutes"[^>]*data-left="24\d"', table)
    assert re.search(r"data-clock-time>4 minutes left</p>", table)
    projector = alice_client.get(f"/sessions/{session.pk}/projector/").content.decode()
    assert re.search(r'data-clock="figures"[^>]*data-left="24\d"', projector)
    assert re.search(r"data-clock-time>(4:00|3:5\d)</span>", projector)
    # The polls: one query each beyond the teacher's login.
    with django_assert_num_queries(1):
        heard = Client().get(f"/t/{token}/clock/")
    table_heard = json.loads(heard.content)
    assert table_heard["on"] is True
    assert table_heard["state"] == "running"
    assert 238 <= table_heard["left"] <= 240
    with django_assert_num_queries(3):  # the login's session row, the user, the clock
        heard = alice_client.get(f"/sessions/{session.pk}/clock/left/")
    assert "no-store" in heard["Cache-Control"]
    assert abs(json.loads(heard.content)["left"] - table_heard["left"]) <= 1


def test_the_table_page_reads_the_clock_with_the_session_it_reads_anyway(
    session: Session, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    token = session.tables.get(number=1).token
    client = Client()
    client.get(f"/t/{token}/")  # the session's setup kept
    with CaptureQueriesContext(connection) as without:
        client.get(f"/t/{token}/")
    _with_clock(session, 14, used=60)
    with django_assert_num_queries(len(without.captured_queries)):
        page = client.get(f"/t/{token}/").content.decode()
    assert "13 minutes left" in page


def test_time_up_tells_the_tables_to_finish_the_board(session: Session) -> None:
    _with_clock(session, 7, used=7 * 60 + 5)
    token = session.tables.get(number=1).token
    page = Client().get(f"/t/{token}/").content.decode()
    assert "Time is up: finish this board" in page
    assert "round-clock-up" in page


def test_a_waiting_clock_is_not_on_the_tables_but_is_on_the_projector(
    session: Session, alice_client: Client
) -> None:
    Session.objects.filter(pk=session.pk).update(round_minutes=14)
    token = session.tables.get(number=1).token
    table = Client().get(f"/t/{token}/").content.decode()
    assert re.search(r'data-clock="minutes" data-state="waiting"[^>]*hidden>', table)
    projector = alice_client.get(f"/sessions/{session.pk}/projector/").content.decode()
    assert "14:00" in projector
    assert "The clock has not started yet" in projector
    page = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert "Start the clock" in page


def test_no_etag_hides_a_clock_change(session: Session, alice_client: Client) -> None:
    """The projector's page is never "not modified" (its time is worked out as it is
    sent); its standings' poll stays so; the grid changes when the time runs out."""
    url = f"/sessions/{session.pk}/projector/"
    first = alice_client.get(url)
    assert "ETag" not in first
    polled = alice_client.get(url, headers={"HX-Request": "true"})
    _with_clock(session, 14)
    again = alice_client.get(url, headers={"If-None-Match": polled["ETag"]})
    assert again.status_code == 200
    assert "14:00" in again.content.decode() or "13:59" in again.content.decode()
    # The standings alone are as they were: no result changed.
    standings = alice_client.get(
        url, headers={"HX-Request": "true", "If-None-Match": polled["ETag"]}
    )
    assert standings.status_code == 304
    # The grid: "not modified" while the time runs, then the tables behind are marked.
    grid = f"/sessions/{session.pk}/grid/"
    tag = alice_client.get(grid, headers={"HX-Request": "true"})["ETag"]
    assert alice_client.get(grid, headers={"If-None-Match": tag}).status_code == 304
    _move_back(session, 14 * 60)
    answer = alice_client.get(grid, headers={"HX-Request": "true", "If-None-Match": tag})
    assert answer.status_code == 200
    assert answer["ETag"] != tag
    assert "behind: the time is up and boards are still to play" in answer.content.decode()


def test_the_grid_marks_the_tables_behind_once_the_time_is_up(
    session: Session, alice_client: Client
) -> None:
    movement = session_selectors.session_movement(session)
    table_1 = session.tables.get(number=1)
    for number in movement.boards(movement.entry(1, 1).board_set):
        result_services.result_record(
            table=table_1, board_number=number, contract="1NT", tricks_won=7
        )
    _with_clock(session, 14, used=60)
    grid = alice_client.get(f"/sessions/{session.pk}/grid/").content.decode()
    assert 'class="behind"' not in grid  # the time is not up yet
    _move_back(session, 14 * 60)
    grid = alice_client.get(f"/sessions/{session.pk}/grid/").content.decode()
    rows = re.findall(r'<tr( class="behind")?>\s*<th scope="row">(\d+)', grid)
    assert [(number, bool(behind)) for behind, number in rows] == [
        ("1", False),  # its boards are in
        ("2", True),
        ("3", True),
        ("4", True),
    ]
    assert "behind</span>" in grid
    # An earlier round's grid marks nobody; nor the next round's, whose time runs anew.
    assert Result.objects.filter(session=session).count() == 2
    session_services.session_change_round(session=session, step=1)
    grid = alice_client.get(f"/sessions/{session.pk}/grid/").content.decode()
    assert 'class="behind"' not in grid
    grid = alice_client.get(f"/sessions/{session.pk}/grid/?round=1").content.decode()
    assert 'class="behind"' not in grid


def test_the_clocks_texts_are_in_norwegian(session: Session, alice_client: Client) -> None:
    _with_clock(session, 14, used=600)
    alice_client.cookies["django_language"] = "nb"
    token = session.tables.get(number=1).token
    table_client = Client()
    table_client.cookies["django_language"] = "nb"
    table = table_client.get(f"/t/{token}/").content.decode()
    assert "4 minutter igjen" in table
    assert 'data-one="1 minutt igjen"' in table
    assert 'data-many="{n} minutter igjen"' in table
    assert "Tiden er ute: gjør ferdig dette spillet" in table
    page = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert "Rundeklokke" in page
    assert "Sett klokken på pause" in page
    answer = _post(alice_client, session, htmx=True, action="minutes", minutes="0")
    assert "Skriv minutter per runde som et helt tall fra 1 til 60." in answer
