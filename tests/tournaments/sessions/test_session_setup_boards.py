"""The set-up offers a board set the class has not played yet, with enough boards for
the suggested movement; otherwise "deal a new set now"."""

from __future__ import annotations

import datetime
import re

from django.contrib.auth.models import User
from django.test import Client

from tournaments.boards import services as board_services
from tournaments.models import BoardSet, Pupil, SchoolClass, Session
from tournaments.sessions import services as session_services


def _class(teacher: User, name: str = "6B") -> SchoolClass:
    school_class = SchoolClass.objects.create(teacher=teacher, name=name)
    for n in range(8):  # 4 pairs: a Howell of 2 tables, 3 rounds, 6 boards
        Pupil.objects.create(school_class=school_class, first_name=f"P{n}")
    return school_class


def _draft(school_class: SchoolClass, day: int = 30) -> Session:
    return session_services.session_create(
        school_class=school_class,
        present=list(school_class.pupils.all()),
        date=datetime.date(2026, 11, day),
    )


def _play(teacher: User, school_class: SchoolClass, board_set: BoardSet) -> None:
    session_services.session_setup_and_start(
        session=_draft(school_class, day=23),
        teacher=teacher,
        board_set=board_set,
        movement_kind="howell",
        movement_style="",
        rounds=3,
        arrow_switch=False,
        boards_per_round=2,
        scoring_profile="ebu",
        convention="ebu",
    )


def _offered(client: Client, session: Session) -> str:
    html = client.get(f"/sessions/{session.pk}/setup/").content.decode()
    found: list[str] = re.findall(r'<option value="([^"]+)" selected>', _board_select(html))
    [chosen] = found
    return chosen


def _board_select(html: str) -> str:
    return html[html.index('name="board_set"') :].split("</select>")[0]


def _set(teacher: User, name: str, count: int) -> BoardSet:
    return board_services.board_set_deal(teacher=teacher, name=name, count=count, seed=name)


def test_a_set_the_class_has_played_is_not_offered_first(alice: User, alice_client: Client) -> None:
    school_class = _class(alice)
    older = _set(alice, "Older", 8)
    newer = _set(alice, "Newer", 8)
    session = _draft(school_class)
    assert _offered(alice_client, session) == str(newer.pk)  # the newest, unplayed
    _play(alice, school_class, newer)
    assert _offered(alice_client, session) == str(older.pk)
    _play(alice, school_class, older)
    assert _offered(alice_client, session) == "new"  # deal a new set now


def test_a_set_another_class_played_is_still_offered(alice: User, alice_client: Client) -> None:
    board_set = _set(alice, "Shared", 8)
    _play(alice, _class(alice, "7C"), board_set)
    assert _offered(alice_client, _draft(_class(alice))) == str(board_set.pk)


def test_a_set_with_too_few_boards_is_not_offered(alice: User, alice_client: Client) -> None:
    # The suggested Howell plays 3 rounds of 2 boards: boards 1 to 6.
    enough = _set(alice, "Enough", 6)
    _set(alice, "Short", 5)
    assert _offered(alice_client, _draft(_class(alice))) == str(enough.pk)


def test_the_draft_itself_does_not_count_as_played(alice: User, alice_client: Client) -> None:
    board_set = _set(alice, "Only", 8)
    session = _draft(_class(alice))
    Session.objects.filter(pk=session.pk).update(board_set=board_set)
    assert _offered(alice_client, session) == str(board_set.pk)
