"""A board set's name is not frozen in the language it was made in: a set named after
its day (or after the class and the day, for a session) keeps the day and is shown in
the reader's language."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.utils import timezone, translation
from django.utils.formats import date_format

from tests.factories import running_session
from tournaments.boards import services as board_services
from tournaments.models import BoardSet, Pupil, SchoolClass, Session
from tournaments.sessions import services as session_services

DAY = datetime.date(2026, 11, 30)


def _names(board_set: BoardSet) -> tuple[str, str]:
    with translation.override("en"):
        english = str(board_set)
    with translation.override("nb"):
        norwegian = str(board_set)
    return english, norwegian


def test_a_set_named_after_its_day_follows_the_readers_language(alice: User) -> None:
    board_set = board_services.board_set_deal(teacher=alice, name="", count=1, name_date=DAY)
    assert (board_set.name, board_set.name_date) == ("", DAY)
    assert _names(board_set) == ("Boards of Nov. 30, 2026", "Spill 30. november 2026")


def test_a_set_dealt_without_a_name_is_named_after_today(alice: User) -> None:
    board_set = board_services.board_set_deal(teacher=alice, name="  ", count=1)
    assert board_set.name_date == timezone.localdate()
    named = board_services.board_set_deal(teacher=alice, name="Week 3", count=1)
    assert named.name_date is None
    assert _names(named) == ("Week 3", "Week 3")


def test_a_set_dealt_for_a_session_is_named_after_the_class_and_the_day(
    alice: User,
) -> None:
    school_class = SchoolClass.objects.create(teacher=alice, name="6B")
    present = [
        Pupil.objects.create(school_class=school_class, first_name=f"P{n}") for n in range(8)
    ]
    session = session_services.session_create(school_class=school_class, present=present, date=DAY)
    session_services.session_setup_and_start(
        session=session,
        teacher=alice,
        board_set=None,  # "deal a new set now"
        movement_kind="howell",
        movement_style="",
        rounds=3,
        arrow_switch=False,
        boards_per_round=2,
        scoring_profile="ebu",
        convention="ebu",
    )
    session.refresh_from_db()
    assert session.board_set is not None
    assert _names(session.board_set) == ("6B, Nov. 30, 2026", "6B, 30. november 2026")


def test_an_imported_set_without_a_name_is_imported_boards(alice: User) -> None:
    deal = "N:QJ5.A95.KQ7.KJ63 T9843.J7.T86.A75 AK7.KQ2.AJ93.Q84 62.T8643.542.T92"
    pbn = f'[Board "1"]\n[Dealer "N"]\n[Deal "{deal}"]\n'
    board_set = board_services.board_set_import(teacher=alice, text=pbn, filename="")
    assert board_set.name == ""
    assert _names(board_set) == ("Imported boards", "Importerte spill")
    from_file = board_services.board_set_import(teacher=alice, text=pbn, filename="week3.pbn")
    assert _names(from_file) == ("week3", "week3")


def test_pages_and_paper_show_the_name_in_the_readers_language(
    alice: User, alice_client: Client
) -> None:
    board_set = board_services.board_set_deal(teacher=alice, name="", count=2, name_date=DAY)
    english = alice_client.get("/boards/").content.decode()
    assert "Boards of Nov. 30, 2026" in english
    alice_client.cookies["django_language"] = "nb"
    with translation.override(None):  # LocaleMiddleware leaves its language active
        listing = alice_client.get("/boards/").content.decode()
        page = alice_client.get(f"/boards/{board_set.pk}/").content.decode()
        board = alice_client.get(f"/boards/{board_set.pk}/1/").content.decode()
        slips = alice_client.get(f"/boards/{board_set.pk}/download/slips-without-answers/")
        form = alice_client.get("/boards/new/").content.decode()
    for html in (listing, page, board):
        assert "Spill 30. november 2026" in html
        assert "Boards of" not in html
    assert b"Spill 30. november 2026" in slips.content  # the PDF's title
    assert "spill-30-november-2026" in slips["Content-Disposition"]
    today = timezone.localdate()
    with translation.override("nb"):
        assert f'placeholder="Spill {date_format(today)}"' in form
    assert 'value="Spill' not in form  # nothing typed for the teacher: the day is kept


def test_the_session_setup_offers_the_sets_in_the_readers_language(
    alice: User, alice_client: Client
) -> None:
    board_services.board_set_deal(teacher=alice, name="", count=16, name_date=DAY)
    session = running_session(alice, seed="names")  # its own set is named "8A boards"
    draft = session_services.session_create(
        school_class=session.school_class,
        present=list(session.school_class.pupils.all()),
        date=DAY,
    )
    alice_client.cookies["django_language"] = "nb"
    with translation.override(None):
        html = alice_client.get(f"/sessions/{draft.pk}/setup/").content.decode()
    assert ">Spill 30. november 2026</option>" in html


@pytest.mark.django_db(transaction=True)
def test_the_migration_turns_default_names_back_into_days(alice: User) -> None:
    executor = MigrationExecutor(connection)
    executor.migrate([("tournaments", "0001_initial")])
    apps = executor.loader.project_state([("tournaments", "0001_initial")]).apps
    OldSet = apps.get_model("tournaments", "BoardSet")
    OldClass = apps.get_model("tournaments", "SchoolClass")
    OldSession = apps.get_model("tournaments", "Session")
    made = timezone.localdate()
    with translation.override("en"):
        english_day = _formatted(made)
        english_session = _formatted(DAY)
    with translation.override("nb"):
        norwegian_day = _formatted(made)
    kept = {
        "english": OldSet.objects.create(
            teacher_id=alice.pk, name=f"Boards of {english_day}", source="dealt"
        ),
        "norwegian": OldSet.objects.create(
            teacher_id=alice.pk, name=f"Spill {norwegian_day}", source="dealt"
        ),
        "own": OldSet.objects.create(teacher_id=alice.pk, name="Week 3", source="dealt"),
        "imported": OldSet.objects.create(
            teacher_id=alice.pk, name="Importerte spill", source="imported"
        ),
        "session": OldSet.objects.create(
            teacher_id=alice.pk, name=f"6B, {english_session}", source="dealt"
        ),
    }
    school_class = OldClass.objects.create(teacher_id=alice.pk, name="6B")
    OldSession.objects.create(
        school_class=school_class, date=DAY, board_set=kept["session"], state="running"
    )
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    found = {key: BoardSet.objects.get(pk=old.pk) for key, old in kept.items()}
    assert (found["english"].name, found["english"].name_date) == ("", made)
    assert (found["norwegian"].name, found["norwegian"].name_date) == ("", made)
    assert (found["own"].name, found["own"].name_date) == ("Week 3", None)
    assert (found["imported"].name, found["imported"].name_date) == ("", None)
    assert (found["session"].name, found["session"].name_date) == ("6B", DAY)
    with translation.override("nb"):
        assert str(found["english"]) == f"Spill {norwegian_day}"
        assert str(found["session"]) == "6B, 30. november 2026"
        assert str(found["imported"]) == "Importerte spill"
    Session.objects.all().delete()


def _formatted(day: datetime.date) -> str:
    return date_format(day)
