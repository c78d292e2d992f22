"""A session on freshly dealt boards: the session's page says how far their analysis
is; a table's page says the analysis is running and fills in what the cards allowed
by itself once it is done; an analysis that never moves (no worker) promises nothing
to the pupils and asks the teacher whether the worker runs."""

from __future__ import annotations

import datetime
import html
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from tests.factories import board_set_id, board_set_of, running_session
from tournaments.boards import analysis
from tournaments.boards import selectors as board_selectors
from tournaments.models import Board, BoardSet, Session, Table
from tournaments.results import services as result_services
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services

RUNNING = "What the cards allowed: The cards are being analysed."
NOT_YET = "The cards are not analysed yet"


@pytest.fixture
def session(alice: User) -> Session:
    """A running session whose set was just dealt: its analysis is queued (the test's
    transaction never commits, so nothing runs it until a test does)."""
    session = running_session(alice, seed="analysis-waits")
    assert board_set_of(session).analysis == BoardSet.Analysis.QUEUED
    return session


def _text_of(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def _table_with_board_1(session: Session) -> Table:
    movement = session_selectors.session_movement(session)
    for entry in movement.round_entries(1):
        if 1 in movement.boards(entry.board_set):
            return session.tables.get(number=entry.table)
    raise AssertionError("board 1 is not played in round 1")


def _enter_board_1(session: Session) -> Table:
    table = _table_with_board_1(session)
    result_services.result_record(table=table, board_number=1, contract="1NT", tricks_won=7)
    return table


def _stall(session: Session) -> None:
    """Nothing has moved for longer than the site waits before asking."""
    long_ago = (
        timezone.now() - board_selectors.ANALYSIS_STALLED_AFTER - datetime.timedelta(seconds=5)
    )
    BoardSet.objects.filter(pk=board_set_id(session)).update(analysis_updated_at=long_ago)


def _analyse(session: Session) -> None:
    """What the background worker does (tournaments.boards.tasks.analyse_board_set)."""
    analysis.board_set_run_analysis(board_set_id=board_set_id(session))


# --------------------------------------------------------------------------- the teacher


def test_the_session_page_says_how_far_the_analysis_is(
    session: Session, alice_client: Client
) -> None:
    page = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert "Analysing the cards: 0 of 8 boards" in _text_of(page)
    assert '<progress id="analysis-progress" max="8" value="0">' in page
    polled = f'hx-get="/sessions/{session.pk}/analysis/" hx-trigger="every 2s"'
    assert polled in page

    # Three boards done: the polled part says so, and keeps polling.
    boards = list(Board.objects.filter(board_set_id=session.board_set_id).order_by("number"))
    for board in boards[:3]:
        board.dd_tricks = "7" * 20
    Board.objects.bulk_update(boards[:3], ["dd_tricks"])
    part = alice_client.get(f"/sessions/{session.pk}/analysis/", headers={"HX-Request": "true"})
    assert "Analysing the cards: 3 of 8 boards" in _text_of(part.content.decode())
    assert polled in part.content.decode()

    _analyse(session)
    part = alice_client.get(f"/sessions/{session.pk}/analysis/", headers={"HX-Request": "true"})
    text = _text_of(part.content.decode())
    assert text == "The cards are analysed: the tables see what the cards allowed."
    assert "hx-trigger" not in part.content.decode()  # the polling stops
    page = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert "Analysing the cards" not in page
    assert "analysis/" not in page


def test_the_analysis_page_is_the_teachers_own(session: Session, bob_client: Client) -> None:
    assert bob_client.get(f"/sessions/{session.pk}/analysis/").status_code == 404


@pytest.mark.parametrize(
    ("language", "not_started", "stopped"),
    [
        (
            "en",
            "The analysis has not started: is the site's background worker running?",
            "The analysis has stopped at 2 of 8 boards: is the site's background worker running?",
        ),
        (
            "nb",
            "Analysen har ikke startet: kjører nettstedets bakgrunnsjobb?",
            "Analysen har stoppet ved 2 av 8 spill: kjører nettstedets bakgrunnsjobb?",
        ),
    ],
)
def test_an_analysis_that_never_moves_asks_whether_the_worker_runs(
    session: Session, alice_client: Client, language: str, not_started: str, stopped: str
) -> None:
    alice_client.cookies["django_language"] = language
    _stall(session)
    page = _text_of(alice_client.get(f"/sessions/{session.pk}/").content.decode())
    assert not_started in page
    assert "Analysing the cards" not in page

    # Stopped half-way (the worker died): the page says where.
    boards = list(Board.objects.filter(board_set_id=session.board_set_id).order_by("number"))
    for board in boards[:2]:
        board.dd_tricks = "7" * 20
    Board.objects.bulk_update(boards[:2], ["dd_tricks"])
    BoardSet.objects.filter(pk=board_set_id(session)).update(analysis=BoardSet.Analysis.RUNNING)
    part = alice_client.get(f"/sessions/{session.pk}/analysis/", headers={"HX-Request": "true"})
    assert stopped in _text_of(part.content.decode())
    # It keeps asking, slowly: a worker started now is seen.
    assert 'hx-trigger="every 10s"' in part.content.decode()


def test_a_failed_analysis_says_so(session: Session, alice_client: Client) -> None:
    BoardSet.objects.filter(pk=board_set_id(session)).update(
        analysis=BoardSet.Analysis.FAILED, analysis_error="DDSError: boom"
    )
    page = _text_of(alice_client.get(f"/sessions/{session.pk}/").content.decode())
    assert "The analysis stopped with an error." in page
    assert f"{session.board_set}" in page  # the set's page, to try again


def test_the_analysis_moves_its_clock(session: Session) -> None:
    """Every step of the worker is seen: queued, each batch, done."""
    queued = BoardSet.objects.get(pk=board_set_id(session)).analysis_updated_at
    assert queued is not None
    _stall(session)
    _analyse(session)
    board_set = BoardSet.objects.get(pk=board_set_id(session))
    assert board_set.analysis == BoardSet.Analysis.DONE
    assert board_set.analysis_updated_at is not None
    assert timezone.now() - board_set.analysis_updated_at < datetime.timedelta(seconds=30)
    progress = board_selectors.analysis_progress(session.board_set_id)
    assert progress is not None
    assert (progress.finished, progress.done, progress.total, progress.stalled) == (
        True,
        8,
        8,
        False,
    )


def test_stalled_means_waiting_and_not_moving_for_a_while(session: Session) -> None:
    moved = BoardSet.objects.get(pk=board_set_id(session)).analysis_updated_at
    assert moved is not None
    soon = moved + board_selectors.ANALYSIS_STALLED_AFTER
    later = soon + datetime.timedelta(seconds=1)
    on_time = board_selectors.analysis_progress(session.board_set_id, now=soon)
    late = board_selectors.analysis_progress(session.board_set_id, now=later)
    assert on_time is not None
    assert not on_time.stalled
    assert late is not None
    assert late.stalled
    _analyse(session)
    done = board_selectors.analysis_progress(
        session.board_set_id, now=later + datetime.timedelta(days=1)
    )
    assert done is not None
    assert not done.stalled
    assert board_selectors.analysis_progress(None) is None


# --------------------------------------------------------------------------- the tables


@pytest.mark.parametrize(
    ("language", "running", "answer"),
    [
        ("en", RUNNING, "What the cards allowed:"),
        ("nb", "Hva kortene ga: Kortene analyseres.", "Hva kortene ga:"),
    ],
)
def test_a_table_sees_the_analysis_running_then_the_line_fills_in(
    session: Session, language: str, running: str, answer: str
) -> None:
    table = _enter_board_1(session)
    tablet = Client()
    tablet.cookies["django_language"] = language
    page = tablet.get(f"/t/{table.token}/").content.decode()
    assert running in _text_of(page)
    assert NOT_YET not in page
    assert "Kortene er ikke analysert" not in page
    done_url = f"/t/{table.token}/boards/1/done/"
    assert f'hx-get="{done_url}" hx-trigger="every 3s" hx-swap="outerHTML"' in page

    # Still running: the board comes back the same, still polling.
    part = tablet.get(done_url, headers={"HX-Request": "true"}).content.decode()
    assert running in _text_of(part)
    assert 'hx-trigger="every 3s"' in part

    _analyse(session)
    part = tablet.get(done_url, headers={"HX-Request": "true"}).content.decode()
    line = re.search(r'<p class="feedback-line">(.*?)</p>', part, re.S)
    assert line is not None
    text = _text_of(line.group(1))
    assert text.startswith(answer)
    assert text != answer  # the analysis is in it
    assert running not in _text_of(part)
    assert "hx-trigger" not in part  # no more polling (its "See the cards" asks when tapped)


def test_without_a_worker_the_pupils_see_the_line_without_the_analysis(
    session: Session,
) -> None:
    table = _enter_board_1(session)
    _stall(session)
    page = Client().get(f"/t/{table.token}/").content.decode()
    text = _text_of(page)
    assert "How the other tables did" in text
    assert "The cards are being analysed" not in text
    assert "Being analysed" not in text
    assert NOT_YET not in text
    assert "What the cards allowed:" not in text  # no feedback line at all
    assert "background worker" not in text  # the question is the teacher's
    # The board still asks now and then, so a worker started later fills it in.
    assert 'hx-trigger="every 30s"' in page
    _analyse(session)
    part = Client().get(f"/t/{table.token}/boards/1/done/", headers={"HX-Request": "true"})
    assert "What the cards allowed:" in _text_of(part.content.decode())


def test_an_analysed_board_does_not_poll(session: Session) -> None:
    _analyse(session)
    table = _enter_board_1(session)
    page = Client().get(f"/t/{table.token}/").content.decode()
    assert "/boards/1/done/" not in page
    assert "What the cards allowed:" in _text_of(page)


def test_a_board_no_longer_on_the_page_reloads_it(session: Session) -> None:
    table = _enter_board_1(session)
    session_services.session_change_round(session=session, step=1)
    response = Client().get(f"/t/{table.token}/boards/1/done/", headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert response["HX-Refresh"] == "true"
    # A board the table has not entered, or an unknown link.
    other = Client().get(f"/t/{table.token}/boards/99/done/", headers={"HX-Request": "true"})
    assert other["HX-Refresh"] == "true"
    assert Client().get("/t/no-such-table/boards/1/done/").status_code == 404


def test_a_set_nobody_analyses_says_so_to_the_teacher_and_nothing_to_the_pupils(
    session: Session, alice_client: Client
) -> None:
    BoardSet.objects.filter(pk=board_set_id(session)).update(analysis=BoardSet.Analysis.NOT_STARTED)
    page = _text_of(alice_client.get(f"/sessions/{session.pk}/").content.decode())
    assert (
        "The cards are not analysed: the tables see their results without what the cards allowed."
        in page
    )
    table = _enter_board_1(session)
    tablet = Client().get(f"/t/{table.token}/").content.decode()
    assert "/boards/1/done/" not in tablet  # nothing will come: no polling
    assert "What the cards allowed:" not in _text_of(tablet)
    assert NOT_YET not in tablet


def test_the_board_set_page_asks_too_when_nothing_moves(
    session: Session, alice_client: Client
) -> None:
    url = f"/boards/{session.board_set_id}/"
    page = alice_client.get(url).content.decode()
    assert "The page updates by itself." in page
    assert 'hx-trigger="every 1s"' in page
    _stall(session)
    page = alice_client.get(url).content.decode()
    assert "The page updates by itself." not in page
    assert "The analysis has not started: is the site's background worker running?" in _text_of(
        page
    )
    assert 'hx-trigger="every 10s"' in page
