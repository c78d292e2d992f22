"""The event booklet: made in the background for the event's current results, stored,
made once however many workers are given it, and read back as text from the PDF."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import threading
from typing import cast
from unittest import mock
from urllib.parse import quote

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation
from django_tasks_db.models import DBTaskResult
from pypdf import PdfReader
from pytest_django import DjangoCaptureOnCommitCallbacks
from pytest_django import Settings as SettingsWrapper

from events import labels as event_labels
from events import tasks as event_tasks
from events.booklet import making as booklet_making
from events.booklet import selectors as booklet_selectors
from events.booklet import services as booklet_services
from events.models import Event, EventBooklet
from events.organiser import services as event_services
from events.results.selectors import national_results
from scoring.cards import Seat, Suit
from scoring.feedback import board_lesson
from tests.factories import event_school_session, organiser_event, play_round
from tournaments.boards import analysis
from tournaments.boards import selectors as board_selectors
from tournaments.boards import services as board_services
from tournaments.labels import bridge as bridge_labels
from tournaments.labels import feedback as feedback_labels
from tournaments.models import Board
from tournaments.results import services as result_services


def pdf_text(data: bytes) -> str:
    """The PDF's text with every space and line break taken out: the diagrams set suit
    symbols and ranks as separate runs, so the words are compared without them."""
    pages = PdfReader(io.BytesIO(data)).pages
    return re.sub(r"\s+", "", "".join(page.extract_text() for page in pages))


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def make(event: Event, language: str, capture: DjangoCaptureOnCommitCallbacks) -> EventBooklet:
    """Ask for the booklet; the test's task backend makes it at once after the commit."""
    with capture(execute=True):
        booklet_services.booklet_request(event=event, language=language)
    return EventBooklet.objects.get(event=event)


@pytest.fixture
def played(alice: User) -> Event:
    """An event of 6 boards that one school plays on this site: a Howell of 4 pairs, 3
    rounds of 2 boards, so every board is played at one table (boards 1–6)."""
    event = organiser_event(boards=6)
    school = event_school_session(event, alice, school="North School", rounds=3)
    plans = [
        {(1, 1): ("3NT", 9), (2, 2): ("1S", 9), (1, 2): ("1H", 6)},
        {(2, 3): ("4S", 10), (1, 4): ("1NT", 8)},
        {(1, 5): ("1C", 8), (2, 6): ("3NT", 7)},
    ]
    for round_, plan in enumerate(plans, start=1):
        play_round(school, round_, plan)
    return event


def test_every_board_has_its_hands_table_par_and_why(
    db: None, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    event = organiser_event(boards=4)
    booklet = make(event, "en", django_capture_on_commit_callbacks)
    assert booklet.status == EventBooklet.Status.DONE
    assert (booklet.progress, booklet.boards) == (4, 4)
    text = pdf_text(bytes(booklet.pdf))
    assert "Eventbooklet" in text
    # The worker analysed the boards itself (the set's own analysis had not run).
    boards = list(Board.objects.filter(board_set=event.board_set).order_by("number"))
    assert all(board.dd_tricks for board in boards)
    with translation.override("en"):
        for board in boards:
            facts = board_selectors.board_facts(board, profile=event.profile)
            lesson = board_lesson(
                facts.deal, facts.declaration.declarer, dd=facts.dd, profile="ebu"
            )
            for seat in Seat:
                hand = "".join(
                    suit.symbol + bridge_labels.holding_text(facts.deal[seat].holding(suit))
                    for suit in Suit
                )
                assert squeezed(hand) in text, (board.number, seat)
            assert (
                squeezed(bridge_labels.declares_text(facts.declaration.declarer, lesson.hcp))
                in text
            )
            assert squeezed(bridge_labels.lesson_par_text(lesson)) in text
            assert squeezed(feedback_labels.board_why_text(lesson)) in text
            assert "Tricksdeclarercanmake" in text  # the double-dummy table's heading
    assert text.count("Acrosstheevent:Noresultsyet.") == 4


def test_once_results_are_in_it_counts_each_contract_across_the_event(
    played: Event, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    booklet = make(played, "en", django_capture_on_commit_callbacks)
    national = national_results(played)
    assert booklet.version == national.version == Event.objects.get(pk=played.pk).results_version
    text = pdf_text(bytes(booklet.pdf))
    with translation.override("en"):
        for board in national.boards:
            assert board.contracts
            expected = event_labels.booklet_frequency_text(board.contracts)
            assert squeezed(f"Across the event: {expected}") in text
    assert "3NTatonetable" in text
    assert "4♠atonetable" in text
    assert "Noresultsyet" not in text


def test_it_is_in_the_language_it_was_asked_in(
    played: Event, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    text = pdf_text(bytes(make(played, "nb", django_capture_on_commit_callbacks).pdf))
    assert "Turneringshefte" in text
    assert "Iheleturneringen:" in text
    assert "vedettbord" in text
    assert "Hvorfor:" in text


def test_asking_again_changes_nothing_until_the_results_change(
    played: Event, alice: User, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    first = make(played, "en", django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True) as queued:
        booklet_services.booklet_request(event=played, language="en")
    assert queued == []
    assert EventBooklet.objects.get(pk=first.pk).made_at == first.made_at
    # A school corrects a result: the booklet is of an older version, made again on request.
    session = played.schools.get().session
    assert session is not None  # the school plays on this site
    result = session.results.filter(board_number=1, contract="3NT").get()

    result_services.result_correct(result=result, teacher=alice, contract="1NT", tricks_won=4)
    again = make(played, "en", django_capture_on_commit_callbacks)
    assert again.version is not None
    assert first.version is not None
    assert again.version > first.version
    assert "1NTat" in pdf_text(bytes(again.pdf))
    # Another language is another booklet.
    assert make(played, "nb", django_capture_on_commit_callbacks).made_language == "nb"


def test_until_it_is_made_in_another_language_the_ready_one_is_not_current(
    db: None, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    event = organiser_event(boards=2)
    english = make(event, "en", django_capture_on_commit_callbacks)
    assert booklet_selectors.booklet_is_current(english, event, "en")
    assert not booklet_selectors.booklet_is_current(english, event, "nb")
    with mock.patch.object(booklet_making, "booklet_pdf", side_effect=RuntimeError("no ink")):
        failed = make(event, "nb", django_capture_on_commit_callbacks)
    assert failed.status == EventBooklet.Status.FAILED
    # The English one is still there to download, and still not the Norwegian one.
    assert failed.made_language == "en"
    assert booklet_selectors.booklet_file(event) == bytes(english.pdf)
    assert not booklet_selectors.booklet_is_current(failed, event, "nb")


def test_a_request_while_it_is_being_made_queues_nothing(
    db: None, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    event = organiser_event(boards=2)
    with django_capture_on_commit_callbacks(execute=False) as queued:
        booklet_services.booklet_request(event=event, language="en")
        booklet_services.booklet_request(event=event, language="en")
    assert len(queued) == 1
    assert EventBooklet.objects.get().status == EventBooklet.Status.QUEUED


def test_a_second_worker_given_the_same_booklet_does_nothing(db: None) -> None:
    event = organiser_event(boards=2)
    booklet_services.booklet_request(event=event, language="en")
    with mock.patch.object(
        booklet_making, "booklet_pdf", wraps=booklet_making.booklet_pdf
    ) as drawn:
        assert booklet_making.booklet_make(event_id=event.pk) is True
        assert booklet_making.booklet_make(event_id=event.pk) is False
    assert drawn.call_count == 1
    assert EventBooklet.objects.get().status == EventBooklet.Status.DONE


@pytest.mark.django_db(transaction=True)
def test_two_workers_at_once_make_it_once() -> None:
    """Two threads (each with its own database connection, like two worker processes)
    start the same booklet at the same moment: one claims it, the other finds nothing."""
    event = organiser_event(boards=2)
    analysis.board_set_run_analysis(board_set_id=event.board_set_id)  # DDS: one thread
    # No task: the threads are the workers.
    with mock.patch.object(event_tasks, "queue_event_booklet"):
        booklet_services.booklet_request(event=event, language="en")
    start = threading.Barrier(2)
    outcomes: list[bool] = []

    def worker() -> None:
        try:
            start.wait()
            outcomes.append(booklet_making.booklet_make(event_id=event.pk))
        finally:
            connection.close()

    with mock.patch.object(
        booklet_making, "booklet_pdf", wraps=booklet_making.booklet_pdf
    ) as drawn:
        threads = [threading.Thread(target=worker) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
    assert sorted(outcomes) == [False, True]
    assert drawn.call_count == 1
    assert EventBooklet.objects.get().status == EventBooklet.Status.DONE


@pytest.mark.django_db(transaction=True)
def test_db_worker_runs_each_queued_task_once_and_makes_the_booklet_once(
    settings: SettingsWrapper,
) -> None:
    """With the database task backend (the site's own), the same booklet queued twice
    (two app servers, say) is two tasks: `db_worker --batch` runs both once, and only the
    first makes the booklet."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    event = organiser_event(boards=2)
    booklet_services.booklet_request(event=event, language="en")  # commits: its task is queued
    event_tasks.queue_event_booklet(event.pk)  # a duplicate task for the same booklet
    tasks = DBTaskResult.objects.filter(task_path="events.tasks.make_event_booklet")
    assert tasks.filter(status="READY").count() == 2
    with (
        mock.patch.object(booklet_making, "booklet_pdf", wraps=booklet_making.booklet_pdf) as drawn,
        CaptureQueriesContext(connection) as queries,
    ):
        call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    if connection.vendor == "postgresql":
        # What README.md says: a worker takes a task with SELECT … FOR UPDATE SKIP
        # LOCKED, so another worker's claim skips it instead of waiting for it or
        # taking it too (django_tasks_db/models.py, get_locked).
        claims = [q["sql"] for q in queries if "django_tasks_database_dbtaskresult" in q["sql"]]
        assert any("FOR UPDATE SKIP LOCKED" in sql for sql in claims), claims
    assert list(tasks.values_list("status", "worker_ids")) == [
        ("SUCCESSFUL", [mock.ANY]),
        ("SUCCESSFUL", [mock.ANY]),
    ]
    assert drawn.call_count == 1
    assert EventBooklet.objects.get().status == EventBooklet.Status.DONE


def test_a_failure_is_recorded_and_the_booklet_can_be_asked_for_again(
    db: None, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    event = organiser_event(boards=2)
    # The worker logs the error and marks its task failed; the booklet says why.
    with mock.patch.object(booklet_making, "booklet_pdf", side_effect=RuntimeError("out of paper")):
        make(event, "en", django_capture_on_commit_callbacks)
    failed = EventBooklet.objects.get()
    assert failed.status == EventBooklet.Status.FAILED
    assert failed.error == "RuntimeError: out of paper"
    assert booklet_selectors.booklet_file(event) is None
    assert make(event, "en", django_capture_on_commit_callbacks).status == "done"


def _database_url() -> str:
    """The test database as a DATABASE_URL, for worker processes started by a test."""
    database = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{database['NAME']}"
    password = f":{quote(database['PASSWORD'])}" if database.get("PASSWORD") else ""
    host = f"{database['HOST'] or '127.0.0.1'}:{database['PORT'] or 5432}"
    return f"postgres://{quote(database['USER'])}{password}@{host}/{database['NAME']}"


@pytest.mark.django_db(transaction=True)
def test_two_worker_processes_share_the_queue_and_never_take_one_task_twice(
    settings: SettingsWrapper,
) -> None:
    """What README.md says of `manage.py db_worker`: two worker processes on one queue
    (six booklets, each queued twice) run every task exactly once between them, and each
    booklet is made exactly once."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    events = [
        organiser_event(boards=1, seed=f"queue-{n}", username=f"organiser{n}") for n in range(6)
    ]
    for event in events:
        analysis.board_set_run_analysis(board_set_id=event.board_set_id)
        booklet_services.booklet_request(event=event, language="en")
        event_tasks.queue_event_booklet(event.pk)
    tasks = DBTaskResult.objects.filter(task_path="events.tasks.make_event_booklet")
    assert tasks.count() == 12
    env = {**os.environ, "DATABASE_URL": _database_url(), "DEBUG": "true"}
    command = [sys.executable, "manage.py", "db_worker", "--batch", "--no-reload"]
    workers = [
        subprocess.Popen(
            [*command, "--no-startup-delay", "--worker-id", f"worker-{n}"],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in (1, 2)
    ]
    for worker in workers:
        _out, errors = worker.communicate(timeout=300)
        assert worker.returncode == 0, errors
    ran = list(tasks.values_list("status", "worker_ids", "return_value"))
    assert [status for status, _ids, _made in ran] == ["SUCCESSFUL"] * 12
    assert all(len(ids) == 1 for _status, ids, _made in ran)  # taken by one worker, once
    # Of each booklet's two tasks, one made it and the other found it made.
    # The task returns a bool (stored as JSON, read back as Any).
    assert sorted(cast("bool", made) for _status, _ids, made in ran) == [False] * 6 + [True] * 6
    assert set(EventBooklet.objects.values_list("status", flat=True)) == {"done"}
    made = [booklet.made_at for booklet in EventBooklet.objects.all()]
    assert len(made) == 6
    assert all(made)


def test_another_board_set_before_any_result_makes_it_stale(
    db: None, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    event = organiser_event(boards=2)
    first = make(event, "en", django_capture_on_commit_callbacks)
    assert booklet_selectors.booklet_is_current(first, event, "en")
    other = board_services.board_set_deal(
        teacher=event.organiser.user, name="Other boards", count=3, seed="other"
    )
    event = event_services.event_change_boards(event=event, board_set=other)
    assert not booklet_selectors.booklet_is_current(EventBooklet.objects.get(), event, "en")
    again = make(event, "en", django_capture_on_commit_callbacks)
    assert booklet_selectors.booklet_is_current(again, event, "en")
    assert (again.boards, pdf_text(bytes(again.pdf)).count("Why:")) == (3, 3)
