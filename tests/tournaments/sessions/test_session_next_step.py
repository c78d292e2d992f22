"""The session pages' rules are the selectors' and the session's: "next round or finish"
(``dashboard``), a pair off each round, a Mitchell's even tables. The
templates only show what they are given."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import running_session
from tournaments.models import Session
from tournaments.results import selectors as result_selectors
from tournaments.results.selectors import NextStep
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services


def _step(session: Session) -> tuple[NextStep, int | None]:
    session.refresh_from_db()
    board = result_selectors.dashboard(session)
    return board.next_step, board.back_round


def test_next_round_then_finish_then_finished(alice: User) -> None:
    session = running_session(alice, rounds=3)
    assert _step(session) == (NextStep.NEXT_ROUND, None)
    session_services.session_change_round(session=session, step=1)
    assert _step(session) == (NextStep.NEXT_ROUND, 1)
    session_services.session_change_round(session=session, step=1)
    assert _step(session) == (NextStep.FINISH, 2)
    session_services.session_finish(session=session)
    assert _step(session) == (NextStep.FINISHED, None)


def test_the_page_shows_the_step(alice: User, alice_client: Client) -> None:
    session = running_session(alice, rounds=2)
    page = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert 'value="next"' in page
    assert "Finish the session" not in page
    assert "Back to round" not in page
    session_services.session_change_round(session=session, step=1)
    page = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert "Finish the session" in page
    assert ">Next round" not in page
    assert "Back to round 1 for every table" in page
    session_services.session_finish(session=session)
    page = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert "This session is finished." in page
    assert "Finish the session" not in page


@pytest.mark.parametrize(("pairs", "sits_out"), [(3, True), (4, False), (7, True), (8, False)])
def test_an_odd_number_of_pairs_has_one_pair_off_each_round(pairs: int, sits_out: bool) -> None:
    """The pairs page's note comes from the session rule, not from the template."""
    assert session_selectors.pair_sits_out(pairs) is sits_out


@pytest.mark.parametrize(("tables", "even"), [(1, False), (2, True), (3, False), (4, True)])
def test_the_plan_says_whether_its_tables_are_even(tables: int, even: bool) -> None:
    plan = session_selectors.Plan(
        kind="mitchell",
        style="skip",
        rounds=3,
        boards_per_round=2,
        tables=tables,
        total_boards=6,
        reason="",
    )
    assert plan.even_tables is even
