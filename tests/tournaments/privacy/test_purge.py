"""``manage.py purge``: finished sessions past the retention period, and only those."""

from __future__ import annotations

import datetime
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.utils import timezone
from pytest_django import Settings as SettingsWrapper

from games import services as four_deal_services
from games.models import FourDealGame, FourDealTable
from tests.factories import league_class, play_round, running_session
from tournaments.leagues import services as league_services
from tournaments.models import BoardSet, Pair, Pupil, Result, SchoolClass, Session, Table
from tournaments.sessions import services as session_services


def session_of(teacher: User, *, days_ago: int, state: str, name: str) -> Session:
    session = running_session(teacher, seed=name, class_name=name)
    play_round(session, 1, {})
    if state == Session.State.FINISHED:
        session_services.session_finish(session=session)
    Session.objects.filter(pk=session.pk).update(
        date=timezone.localdate() - datetime.timedelta(days=days_ago)
    )
    session.refresh_from_db()
    return session


@pytest.fixture
def lessons(alice: User) -> dict[str, Session]:
    return {
        "old": session_of(alice, days_ago=400, state=Session.State.FINISHED, name="old"),
        "recent": session_of(alice, days_ago=100, state=Session.State.FINISHED, name="recent"),
        "old running": session_of(alice, days_ago=500, state=Session.State.RUNNING, name="run"),
    }


def purge(*args: str) -> str:
    out = StringIO()
    call_command("purge", *args, stdout=out)
    return out.getvalue()


def remaining() -> set[str]:
    return set(Session.objects.values_list("school_class__name", flat=True))


def test_it_refuses_to_run_without_a_retention_period(
    settings: SettingsWrapper,
    lessons: dict[str, Session],
) -> None:
    settings.RETENTION_DAYS = None
    with pytest.raises(CommandError, match="RETENTION_DAYS is not set, so nothing is removed"):
        purge("--older-than", "30")
    assert remaining() == {"old", "recent", "run"}


def test_it_removes_finished_sessions_past_the_period_with_all_they_hold(
    settings: SettingsWrapper,
    lessons: dict[str, Session],
) -> None:
    settings.RETENTION_DAYS = 365
    old = lessons["old"]
    pupils, board_sets = Pupil.objects.count(), BoardSet.objects.count()
    output = purge()
    assert remaining() == {"recent", "run"}
    assert not Result.objects.filter(session_id=old.pk).exists()
    assert not Pair.objects.filter(session_id=old.pk).exists()
    assert not Table.objects.filter(session_id=old.pk).exists()
    # Pupils, classes and board sets stay: they are not a session's.
    assert (Pupil.objects.count(), BoardSet.objects.count()) == (pupils, board_sets)
    assert SchoolClass.objects.filter(name="old").exists()
    assert f"session {old.pk}): 8 results" in output
    assert "Removed 1 finished sessions" in output
    assert "8 results, 8 pairs" in output


def test_a_running_session_is_never_removed_however_old(
    settings: SettingsWrapper,
    lessons: dict[str, Session],
) -> None:
    settings.RETENTION_DAYS = 1
    purge("--older-than", "1")
    assert remaining() == {"run"}


def test_older_than_can_be_longer_but_never_shorter_than_the_setting(
    settings: SettingsWrapper,
    lessons: dict[str, Session],
) -> None:
    settings.RETENTION_DAYS = 365
    purge("--older-than", "450")
    assert remaining() == {"old", "recent", "run"}
    output = purge("--older-than", "30")
    assert "shorter than RETENTION_DAYS (365)" in output
    assert remaining() == {"recent", "run"}


def test_a_dry_run_lists_what_would_go_and_removes_nothing(
    settings: SettingsWrapper,
    lessons: dict[str, Session],
) -> None:
    settings.RETENTION_DAYS = 30
    output = purge("--dry-run")
    assert "old (session" in output
    assert "recent (session" in output
    assert "run (session" not in output
    assert "Would remove 2 finished sessions" in output
    assert "Nothing was removed" in output
    assert remaining() == {"old", "recent", "run"}


@pytest.mark.django_db
def test_a_bad_number_of_days_is_refused(settings: SettingsWrapper) -> None:
    settings.RETENTION_DAYS = 30
    with pytest.raises(CommandError, match="1 day or more"):
        purge("--older-than", "0")
    with pytest.raises(CommandError, match="invalid int value"):
        purge("--older-than", "a year")


def test_four_deal_games_started_before_the_period_go_with_their_tables_and_deals(
    settings: SettingsWrapper,
    alice: User,
) -> None:
    settings.RETENTION_DAYS = 30
    school_class = SchoolClass.objects.create(teacher=alice, name="4C")
    old, recent = (
        four_deal_services.four_deal_game_start(
            school_class=school_class, tables=2, cards="dealt", seed=seed
        )
        for seed in ("old", "recent")
    )
    FourDealGame.objects.filter(pk=old.pk).update(
        created_at=timezone.now() - datetime.timedelta(days=40)
    )
    output = purge("--dry-run")
    assert "and 1 four-deal games started before it" in output
    assert FourDealGame.objects.count() == 2
    output = purge()
    assert "Removed 1 four-deal games" in output
    assert list(FourDealGame.objects.all()) == [recent]
    assert not FourDealTable.objects.filter(game_id=old.pk).exists()
    assert FourDealTable.objects.filter(game=recent).count() == 2


def test_a_leagues_sessions_stay_however_old(
    settings: SettingsWrapper,
    alice: User,
) -> None:
    settings.RETENTION_DAYS = 30
    school_class, partnerships = league_class(alice)
    league = league_services.league_create(
        school_class=school_class,
        name="Spring",
        partnerships=partnerships,
        deals_per_match=3,
        scoring_profile="ebu",
        evenings=3,
    )
    old = league_services.league_evening_start(
        league=league,
        evening=1,
        date=timezone.localdate() - datetime.timedelta(days=400),
        teacher=alice,
    )
    session_services.session_finish(session=old)
    assert "Would remove 0 finished sessions" in purge("--dry-run")
    purge()
    assert Session.objects.filter(pk=old.pk).exists()
