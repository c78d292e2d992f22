"""The set-up page says only true things, and Start takes what it suggests.

* A school playing a simultaneous event here gets a suggestion that plays the event's
  boards, every one of them (12, 16 and 20 pupils on an 8-board event), and Start takes
  it as it stands; every board is then played at the tables the movement names.
* For an ordinary lesson of 4 to 30 pupils (pairs and individual) the suggestion starts
  without refusal, and its heading and reason agree with the numbers in the form.
* The reason a Howell is not suggested agrees with the "Boards a round" under it.
* Where tables share boards, the page and the wall chart say which boards to make and
  how many copies.
"""

from __future__ import annotations

import datetime
import io
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from pypdf import PdfReader

from events.schools import services as event_services
from scoring import movements
from tests.factories import organiser_event, play_round
from tests.tournaments.sessions.setup_page import SetupPage, read_setup, start_untouched
from tournaments.labels import sessions as session_labels
from tournaments.models import Pupil, Result, SchoolClass, Session
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services

DAY = datetime.date(2026, 11, 30)


def _class(teacher: User, pupils: int, name: str = "6B") -> SchoolClass:
    school_class = SchoolClass.objects.create(teacher=teacher, name=name)
    for n in range(pupils):
        Pupil.objects.create(school_class=school_class, first_name=f"P{n:02}", last_name="L")
    return school_class


def _event_draft(teacher: User, pupils: int) -> Session:
    """A school of ``pupils`` that joined an 8-board event and plays it here, at the
    set-up step (who is here ticked, the pairs made)."""
    event = organiser_event(boards=8)
    school_class = _class(teacher, pupils)
    school = event_services.school_join(
        event=event,
        teacher=teacher,
        name="Here School",
        school_class=school_class,
    )
    return event_services.school_session_create(
        school=school, present=list(school_class.pupils.all()), today=event.starts_on
    )


def _agrees(page: SetupPage, session: Session) -> None:
    """The heading and the reason say what the form holds and the movement does."""
    form = page.form
    movement = session_selectors.session_movement(session)
    kind = Session.Kind(session.movement_kind).label
    assert page.heading == (
        f"Suggested: {kind}, {movement.tables} tables, {movement.rounds} rounds"
    ), page.heading
    assert int(form["rounds"]) == movement.rounds == session.rounds
    assert int(form["boards_per_round"]) == movement.boards_per_round


@pytest.mark.parametrize(
    ("pupils", "reason"),
    [
        # 6 pairs: a Howell of 4 rounds of 2, every pair plays all 8 boards.
        (12, "The event has 8 boards: 4 rounds of 2 at 3 tables play every one of them, "
         "and each pair plays 8 of them."),
        # 8 pairs: a share-and-relay Mitchell, every pair plays all 8 boards.
        (16, "The event has 8 boards: 4 rounds of 2 at 4 tables play every one of them, "
         "and each pair plays 8 of them."),
        # 10 pairs: 5 tables cannot share 4 sets of 2 in a Mitchell; a Howell of 4
        # rounds of 1 plays all 8 boards (the page used to suggest 10, and Start refused).
        (20, "The event has 8 boards: 4 rounds of 1 at 5 tables play every one of them, "
         "and each pair plays 4 of them."),
    ],
)  # fmt: skip
def test_an_event_school_starts_from_the_suggestion_and_plays_every_board(
    alice: User, alice_client: Client, pupils: int, reason: str
) -> None:
    session = _event_draft(alice, pupils)
    page, _status = start_untouched(alice_client, session.pk)
    assert reason in page.sentences
    session.refresh_from_db()
    assert session.state == Session.State.RUNNING
    _agrees(page, session)
    movement = session_selectors.session_movement(session)
    assert movement.total_boards == 8
    for round_ in range(1, movement.rounds + 1):
        play_round(session, round_, {})
    # Every board of the event is played, once at each table the movement sends it to,
    # by the pairs the movement seats there.
    pairs = {session_selectors.pair_id(pair): pair.pk for pair in session.pairs.all()}
    expected = sorted(
        (e.round, e.table, board, pairs[e.ns_pair], pairs[e.ew_pair])
        for e in movement.entries
        if e.ns_pair is not None and e.ew_pair is not None
        for board in movement.boards(e.board_set)
    )
    played = sorted(
        Result.objects.filter(session=session).values_list(
            "round", "table__number", "board_number", "ns_pair_id", "ew_pair_id"
        )
    )
    assert played == expected
    assert {board for _r, _t, board, _ns, _ew in played} == set(range(1, 9))
    per_pair = int(re.findall(r"each pair plays (\d+)", reason)[0])
    for pk in pairs.values():
        boards = {b for _r, _t, b, ns, ew in played if pk in (ns, ew)}
        assert len(boards) >= per_pair


def _lesson_draft(teacher: User, pupils: int, *, individual: bool) -> Session:
    school_class = _class(teacher, pupils)
    return session_services.session_create(
        school_class=school_class,
        present=list(school_class.pupils.all()),
        date=DAY,
        individual_event=individual,
    )


def _reason_agrees(page: SetupPage, session: Session) -> None:
    """Every number the reason gives is the movement's, and what it claims is so."""
    movement = session_selectors.session_movement(session)
    count = session.pairs.count()
    params: dict[str, int]
    if session.movement_kind == Session.Kind.INDIVIDUAL:
        from scoring import individual

        chosen = individual.suggest_individual(
            count,
            max_rounds=session_selectors.DEFAULT_MAX_ROUNDS,
            boards_per_round=movement.boards_per_round,
        )
        reason = str(session_labels.INDIVIDUAL_REASONS[chosen.reason_code]).format(**chosen.params)
        params = dict(chosen.params)
    else:
        suggestion = movements.suggest_movement(
            count, max_rounds=session_selectors.DEFAULT_MAX_ROUNDS
        )
        reason = session_labels.suggestion_reason_text(suggestion)
        params = dict(suggestion.params)
        if "min_boards" in params:
            # "Playing against every other pair would need N boards a round … With M
            # boards a round": M is the form's, and a Howell with M is indeed refused.
            assert params["boards_per_round"] == movement.boards_per_round
            assert params["min_boards"] > movement.boards_per_round
            with pytest.raises(movements.MovementError):
                movements.howell(count, boards_per_round=movement.boards_per_round)
        if "howell_rounds" in params:
            assert params["howell_rounds"] > session_selectors.DEFAULT_MAX_ROUNDS
    assert reason in page.sentences, (reason, page.sentences)
    assert params["rounds"] == movement.rounds
    assert params.get("tables", movement.tables) == movement.tables
    if "boards_per_round" in params:
        assert params["boards_per_round"] == movement.boards_per_round


@pytest.mark.parametrize(
    ("pupils", "individual"),
    [(n, False) for n in range(6, 31)] + [(n, True) for n in range(4, 25)],
)
def test_a_lesson_starts_from_the_suggestion_and_its_reason_agrees(
    alice: User, alice_client: Client, pupils: int, individual: bool
) -> None:
    session = _lesson_draft(alice, pupils, individual=individual)
    page, _status = start_untouched(alice_client, session.pk)
    session.refresh_from_db()
    assert session.state == Session.State.RUNNING
    _agrees(page, session)
    _reason_agrees(page, session)
    # The boards note is there exactly when tables share boards.
    movement = session_selectors.session_movement(session)
    note = session_labels.boards_to_prepare_text(movement)
    assert (note in page.sentences) == bool(note)
    assert bool(note) == (movements.required_boards_per_round(movement) > 1)


def test_the_reason_for_no_howell_agrees_with_the_boards_a_round(
    alice: User, alice_client: Client
) -> None:
    # 6 pairs: the Howell's last round has all three tables on one set (3 boards), and
    # the lesson plays 2 a round. The page used to say "needs at least 3 boards each
    # round" above a "Boards a round" of 2.
    session = _lesson_draft(alice, 12, individual=False)
    page = read_setup(alice_client, session.pk)
    assert page.form["boards_per_round"] == "2"
    assert page.heading == "Suggested: Mitchell, 3 tables, 3 rounds"
    assert (
        "Playing against every other pair would need 3 boards a round, because in some "
        "rounds 3 tables play the same boards. With 2 boards a round the North–South pairs "
        "stay at their table and the East–West pairs move from table to table."
    ) in page.sentences
    assert "needs at least" not in page.text
    assert movements.required_boards_per_round(movements.howell(6, boards_per_round=3)) == 3


def _pdf_text(data: bytes) -> str:
    return " ".join(
        " ".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(data)).pages).split()
    )


def test_shared_boards_say_how_many_copies_on_the_page_and_the_chart(
    alice: User, alice_client: Client
) -> None:
    # An individual of 8: both tables play the same boards in round 1.
    session = _lesson_draft(alice, 8, individual=True)
    page, _status = start_untouched(alice_client, session.pk)
    session.refresh_from_db()
    movement = session_selectors.session_movement(session)
    first = movement.round_entries(1)
    assert first[0].board_set == first[1].board_set  # the state that makes the sentence
    boards = movement.boards(first[0].board_set)
    note = (
        f"Boards to prepare: one of each board, 1 to {movement.total_boards}. Some tables "
        f"play the same boards at the same time (round 1: tables 1 & 2, boards "
        f"{boards[0]}–{boards[-1]}): each table starts on a different board and passes it "
        "on. Or make 2 copies of those boards, one for each table."
    )
    assert note in page.sentences
    chart = alice_client.get(f"/sessions/{session.pk}/print/movement-chart/")
    assert chart.status_code == 200
    assert note in _pdf_text(chart.content)


def test_no_boards_note_where_no_tables_share(alice: User, alice_client: Client) -> None:
    session = _lesson_draft(alice, 20, individual=False)  # a Mitchell of 5 tables
    page, _status = start_untouched(alice_client, session.pk)
    assert "Boards to prepare" not in page.text
    chart = alice_client.get(f"/sessions/{session.pk}/print/movement-chart/")
    assert "Boards to prepare" not in _pdf_text(chart.content)


def test_an_event_school_asking_for_more_boards_is_not_told_to_deal_a_new_set(
    alice: User, alice_client: Client
) -> None:
    session = _event_draft(alice, 20)
    page = read_setup(alice_client, session.pk)
    form = page.form | {"boards_per_round": "2"}  # 4 rounds of 2 at 5 tables: 16 boards
    response = alice_client.post(f"/sessions/{session.pk}/setup/", form)
    assert response.status_code == 422
    text = " ".join(response.content.decode().split())
    assert "but the event has 8 boards. The suggestion above says what fits." in text
    assert "deal a new set" not in text
    session.refresh_from_db()
    assert session.state == Session.State.DRAFT


def test_an_event_with_fewer_boards_than_tables_says_so_up_front(
    alice: User, alice_client: Client
) -> None:
    session = _event_draft(alice, 36)  # 18 pairs: 9 tables, each starts on a board
    page = read_setup(alice_client, session.pk)
    assert (
        "The event has 8 boards, but with 9 tables even one round needs 9, a board for "
        "each table to start on. Ask the event's organiser for more boards, or play with "
        "fewer pupils."
    ) in page.sentences
    response = alice_client.post(f"/sessions/{session.pk}/setup/", page.form)
    assert response.status_code == 422
    text = " ".join(response.content.decode().split())
    assert "but the event has 8 boards. The suggestion above says what fits." in text
