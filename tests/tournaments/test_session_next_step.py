"""The session page's "next round or finish" is the selector's (``dashboard``): the
template only shows the step it is given."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.test import Client

from tests.factories import running_session
from tournaments import result_selectors, sessions
from tournaments.models import Session
from tournaments.result_selectors import NextStep


def _step(session: Session) -> tuple[NextStep, int | None]:
    session.refresh_from_db()
    board = result_selectors.dashboard(session)
    return board.next_step, board.back_round


def test_next_round_then_finish_then_finished(alice: AbstractBaseUser) -> None:
    session = running_session(alice, rounds=3)
    assert _step(session) == (NextStep.NEXT_ROUND, None)
    sessions.session_change_round(session=session, step=1)
    assert _step(session) == (NextStep.NEXT_ROUND, 1)
    sessions.session_change_round(session=session, step=1)
    assert _step(session) == (NextStep.FINISH, 2)
    sessions.session_finish(session=session)
    assert _step(session) == (NextStep.FINISHED, None)


def test_the_page_shows_the_step(alice: AbstractBaseUser, alice_client: Client) -> None:
    session = running_session(alice, rounds=2)
    page = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert 'value="next"' in page
    assert "Finish the session" not in page
    assert "Back to round" not in page
    sessions.session_change_round(session=session, step=1)
    page = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert "Finish the session" in page
    assert ">Next round" not in page
    assert "Back to round 1 for every table" in page
    sessions.session_finish(session=session)
    page = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert "This session is finished." in page
    assert "Finish the session" not in page
