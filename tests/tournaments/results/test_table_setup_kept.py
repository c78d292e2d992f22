"""What a table's page keeps between requests (sessions.selectors.SessionSetup, kept under
the session's setup: tournaments.sessions.caches) is never shown stale: each service
that changes it counts a change of the setup, and the next request reads it again."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import running_session
from tournaments.boards import analysis
from tournaments.models import Board, Pair, Pupil, Session
from tournaments.results import selectors as result_selectors
from tournaments.sessions import services as session_services


@pytest.fixture
def session(alice: User) -> Session:
    return running_session(alice, seed="kept")


def _page(session: Session, table: int = 1) -> str:
    token = session.tables.get(number=table).token
    return Client().get(f"/t/{token}/").content.decode()


def test_a_pupil_taking_a_place_shows_on_the_next_page(session: Session) -> None:
    table = session.tables.get(number=1)
    entry = result_selectors.table_at_work(table.token)
    assert entry is not None
    ns = result_selectors.table_round_view(entry).ns
    assert ns is not None
    leaving = ns.members.all()[0].pupil
    assert leaving.first_name in _page(session)
    late = Pupil.objects.create(school_class=session.school_class, first_name="Latecomer")
    session_services.pair_replace_pupil(pair=ns, old=leaving, new=late)
    assert "Latecomer" in _page(session)


def test_a_pair_that_stops_playing_leaves_its_table_at_once(session: Session) -> None:
    assert "Boards to play" in _page(session)
    table = session.tables.get(number=1)
    found = result_selectors.table_at_work(table.token)
    assert found is not None
    ns = result_selectors.table_round_view(found).ns
    assert ns is not None
    session_services.pair_withdraw(pair=Pair.objects.get(pk=ns.pk), from_round=1)
    page = _page(session)
    assert "This table has the round off" in page


def test_the_boards_analysis_shows_once_it_is_in(session: Session) -> None:
    """The set's analysis coming in is a change of the setup: the kept boards are read
    again with what the cards allowed."""
    Board.objects.filter(board_set_id=session.board_set_id).update(dd_tricks="")
    table = session.tables.get(number=1)
    before = result_selectors.table_at_work(table.token, board_number=1)
    assert before is not None
    assert before.board is not None
    assert before.board.dd is None
    assert session.board_set_id is not None
    analysis.board_set_run_analysis(board_set_id=session.board_set_id)
    after = result_selectors.table_at_work(table.token, board_number=1)
    assert after is not None
    assert after.board is not None
    assert after.board.dd is not None
    session.refresh_from_db()
    assert session.setup_revision > 0


def test_two_requests_of_one_setup_read_it_once(session: Session) -> None:
    first = result_selectors.table_at_work(session.tables.get(number=1).token)
    second = result_selectors.table_at_work(session.tables.get(number=2).token)
    assert first is not None
    assert second is not None
    assert first.setup is second.setup  # the same value, as this process keeps it
