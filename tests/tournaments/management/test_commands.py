from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client

from tournaments.models import BoardSet, Pupil, Result, SchoolClass, Session


@pytest.mark.django_db
def test_createteacher_makes_a_teacher_who_can_log_in(client: Client) -> None:
    call_command("createteacher", "kari", "--password", "a-long-pass-phrase", verbosity=0)
    user = get_user_model().objects.get(username="kari")
    assert not user.is_staff
    response = client.post(
        "/accounts/login/", {"username": "kari", "password": "a-long-pass-phrase"}
    )
    assert response.status_code == 302
    assert "_auth_user_id" in client.session


@pytest.mark.django_db
def test_createteacher_refuses_a_weak_password() -> None:
    with pytest.raises(CommandError, match="too short"):
        call_command("createteacher", "kari", "--password", "abc")
    assert not get_user_model().objects.exists()


def test_createteacher_refuses_a_taken_username(alice: User) -> None:
    with pytest.raises(CommandError, match="exists already"):
        call_command("createteacher", "ALICE", "--password", "a-long-pass-phrase")


@pytest.mark.django_db
def test_load_demo_is_idempotent(capsys: pytest.CaptureFixture[str]) -> None:
    call_command("load_demo")
    call_command("load_demo")
    assert get_user_model().objects.count() == 1
    assert SchoolClass.objects.count() == 1
    assert Pupil.objects.count() == 20
    assert BoardSet.objects.get().boards.count() == 16
    session = Session.objects.get()  # the finished demo lesson, made once
    assert session.state == Session.State.FINISHED
    # 20 pupils: 10 pairs at 5 tables, 5 rounds of 2 boards.
    assert Result.objects.filter(session=session).count() == 5 * 5 * 2
    assert "teacher / minibridge-demo" in capsys.readouterr().out
