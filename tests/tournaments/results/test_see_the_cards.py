""" "See the cards" (issue 30, point 1): once a table has entered a board, its page offers
the board's four hands with their points, who declares, the tricks with perfect play,
the best contract and why; never before the entry, never for another board, not when
the teacher turned the option off, and in an event not before the event is over. The
teacher's traveller shows the same cards (an event's only once it is over)."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone, translation
from pytest_django import DjangoAssertNumQueries

from events.models import Event
from scoring.event import event_over
from tests.factories import (
    board_set_id,
    event_school_session,
    organiser_event,
    running_session,
)
from tournaments.boards import analysis
from tournaments.boards import selectors as board_selectors
from tournaments.models import Board, BoardSet, Result, Session, Table
from tournaments.results import services as result_services
from tournaments.results.card_selectors import CardsAccess, cards_access
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services

TODAY = datetime.date(2026, 12, 2)

# What only the cards show: the hands, the tricks table, the best contract and why.
CARDS_MARKS = ['class="compass"', 'class="holding"', "dd-table", "Best contract:", "Why:"]


def _shows_no_cards(html: str) -> None:
    for mark in CARDS_MARKS:
        assert mark not in html, mark


def _shows_the_cards(html: str) -> None:
    for mark in CARDS_MARKS:
        assert mark in html, mark


# --------------------------------------------------------------------------- the rule


@pytest.mark.parametrize(
    ("entered", "show_cards", "ends_on", "expected"),
    [
        (False, True, None, CardsAccess.NOT_ENTERED),
        (False, False, TODAY - datetime.timedelta(days=1), CardsAccess.NOT_ENTERED),
        (True, False, None, CardsAccess.TURNED_OFF),
        (True, True, None, CardsAccess.SHOWN),
        (True, True, TODAY + datetime.timedelta(days=3), CardsAccess.EVENT_ON),
        # Schools may still play on the event's last day.
        (True, True, TODAY, CardsAccess.EVENT_ON),
        (True, True, TODAY - datetime.timedelta(days=1), CardsAccess.SHOWN),
        (True, False, TODAY - datetime.timedelta(days=1), CardsAccess.TURNED_OFF),
    ],
)
def test_the_cards_show_only_after_the_entry_with_the_option_on_and_no_event_running(
    entered: bool,
    show_cards: bool,
    ends_on: datetime.date | None,
    expected: CardsAccess,
) -> None:
    access = cards_access(
        entered=entered, show_cards=show_cards, event_ends_on=ends_on, today=TODAY
    )
    assert access is expected


def test_an_event_is_over_once_its_last_day_has_passed() -> None:
    last = datetime.date(2026, 12, 4)
    assert not event_over(last, datetime.date(2026, 12, 3))
    assert not event_over(last, last)
    assert event_over(last, datetime.date(2026, 12, 5))


# --------------------------------------------------------------------------- a lesson


@pytest.fixture
def session(alice: User) -> Session:
    """A running Mitchell: 8 pairs at 4 tables, 3 rounds of 2 boards, analysed."""
    session = running_session(alice, seed="see-the-cards")
    analysis.board_set_run_analysis(board_set_id=board_set_id(session))  # DDS, 8 boards
    return session


def _boards(session: Session, table: Table, round_: int) -> list[int]:
    movement = session_selectors.session_movement(session)
    return list(movement.boards(movement.entry(round_, table.number).board_set))


def _table(session: Session, number: int = 1) -> Table:
    return session.tables.get(number=number)


def _enter(table: Table, board: int) -> Result:
    return result_services.result_record(
        table=table, board_number=board, contract="1NT", tricks_won=7
    )


def _cards(table: Table, board: int, *, htmx: bool = True, language: str = "en") -> str:
    client = Client()
    client.cookies["django_language"] = language
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.get(f"/t/{table.token}/boards/{board}/cards/", headers=headers)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def _page(table: Table) -> str:
    response = Client().get(f"/t/{table.token}/")
    assert response.status_code == 200
    return response.content.decode()


def test_before_the_entry_the_table_sees_no_cards(session: Session) -> None:
    table = _table(session)
    first = _boards(session, table, 1)[0]
    page = _page(table)
    assert "See the cards" not in page
    _shows_no_cards(page)
    response = Client().get(f"/t/{table.token}/boards/{first}/cards/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "once this table has entered its result in this round" in html
    _shows_no_cards(html)


def test_after_the_entry_the_table_sees_the_hands_the_tricks_and_the_best_contract(
    session: Session,
) -> None:
    table = _table(session)
    first, second = _boards(session, table, 1)
    _enter(table, first)
    page = _page(table)
    link = f'href="/t/{table.token}/boards/{first}/cards/"'
    assert link in page
    assert f'hx-target="#cards-{first}"' in page
    assert f'<div class="cards-slot" id="cards-{first}"></div>' in page
    # The page offers the cards; it does not carry them.
    _shows_no_cards(page)
    assert f"/boards/{second}/cards/" not in page

    html = _cards(table, first)
    assert html.lstrip().startswith('<details class="card board-cards" open>')
    assert f"Board {first}: all four hands" in html
    _shows_the_cards(html)
    board = board_selectors.board_facts(
        Board.objects.get(board_set_id=session.board_set_id, number=first),
        profile=session.profile,
    )
    assert html.count('class="hand hand-') == 4
    for hand in board.hands:
        assert f"{hand.hcp} points" in html or (hand.hcp == 1 and "1 point" in html)
    assert "Declarer</span>" in html
    assert "Dummy</span>" in html
    assert f"{board.declarer_name} declares with {board.dummy_name} as dummy" in html
    assert board.par is not None
    assert f"scoring {board.par.net}" in html
    # The tricks with perfect play: a row per hand, a column per strain.
    assert html.count('<th scope="row">') == 4
    assert "No trumps" in html


def test_the_cards_are_a_page_of_their_own_without_htmx_and_never_kept(
    session: Session,
) -> None:
    table = _table(session)
    first = _boards(session, table, 1)[0]
    _enter(table, first)
    response = Client().get(f"/t/{table.token}/boards/{first}/cards/")
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    html = response.content.decode()
    assert f"Table {table.number} · Round 1 of 3" in html
    assert "Back to the table" in html
    _shows_the_cards(html)


def test_the_hands_use_the_norwegian_letters_in_norwegian(session: Session) -> None:
    """As the board slips print them: E K D Kn, and 10 for the ten."""
    table = _table(session)
    first = _boards(session, table, 1)[0]
    _enter(table, first)
    html = _cards(table, first, language="nb")
    assert f"Spill {first}: alle fire hendene" in html
    assert "Stikk med perfekt spill" in html
    assert "Beste kontrakt:" in html
    assert "Hvorfor:" in html
    board = board_selectors.board_facts(
        Board.objects.get(board_set_id=session.board_set_id, number=first)
    )
    with translation.override("nb"):
        holdings = [cards for hand in board.hands for _suit, _name, cards in hand.suits]
    assert any(letter in " ".join(holdings) for letter in ("E", "D", "Kn"))
    for cards in holdings:
        assert f"</span> {cards}</li>" in html
        assert not {"A", "Q", "J", "T"} & set(cards.split())


def test_the_save_offers_the_cards_without_sending_them(session: Session) -> None:
    table = _table(session)
    first = _boards(session, table, 1)[0]
    client = Client()
    page = client.get(f"/t/{table.token}/").content.decode()
    assert "See the cards" not in page
    response = client.post(
        f"/t/{table.token}/boards/{first}/",
        {"strain": "NT", "level": "part-score", "tricks": "7", "key": "cards-1", "round": "1"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "See the cards" in html
    assert f'<div class="cards-slot" id="cards-{first}"></div>' in html
    _shows_no_cards(html)


def test_a_save_with_the_cards_on_reads_nothing_more(
    session: Session, django_assert_max_num_queries: DjangoAssertNumQueries
) -> None:
    """The option and the event come from the session and its kept setup: a save's
    answer costs what it cost before (tests/tournaments/results/test_result_save.py)."""
    table, other = _table(session, 1), _table(session, 2)
    Client().get(f"/t/{other.token}/")  # the setup read once, for the session
    first = _boards(session, table, 1)[0]
    with django_assert_max_num_queries(9):
        response = Client().post(
            f"/t/{table.token}/boards/{first}/",
            {"strain": "NT", "level": "part-score", "tricks": "7", "key": "few", "round": "1"},
            HTTP_HX_REQUEST="true",
        )
    assert "See the cards" in response.content.decode()


def test_another_boards_cards_cannot_be_reached_by_their_address(session: Session) -> None:
    """Only the board entered: not the round's other board, not a board of another round
    or another table, not one the set does not have; each a 404 saying nothing of it."""
    table = _table(session)
    first, second = _boards(session, table, 1)
    _enter(table, first)
    elsewhere = _boards(session, _table(session, 3), 1)[0]
    _enter(_table(session, 3), elsewhere)
    later = _boards(session, table, 2)[0]
    for board in (second, elsewhere, later, 999, 0):
        response = Client().get(f"/t/{table.token}/boards/{board}/cards/")
        assert response.status_code == 404, board
        html = response.content.decode()
        assert "once this table has entered its result in this round" in html
        _shows_no_cards(html)
    assert Client().get(f"/t/no-such-table/boards/{first}/cards/").status_code == 404


def test_an_earlier_rounds_board_is_not_shown_once_the_round_has_moved_on(
    session: Session,
) -> None:
    """The pairs at the table change with the round: one of them may play that board later."""
    table = _table(session)
    first = _boards(session, table, 1)[0]
    _enter(table, first)
    session_services.session_change_round(session=session, step=1)
    assert Client().get(f"/t/{table.token}/boards/{first}/cards/").status_code == 404


def test_a_finished_session_shows_its_table_link_closed(session: Session) -> None:
    table = _table(session)
    first = _boards(session, table, 1)[0]
    _enter(table, first)
    session_services.session_finish(session=session)
    assert Client().get(f"/t/{table.token}/boards/{first}/cards/").status_code == 410


def test_with_the_option_off_the_table_sees_no_cards(session: Session) -> None:
    Session.objects.filter(pk=session.pk).update(show_cards=False)
    table = _table(session)
    first = _boards(session, table, 1)[0]
    _enter(table, first)
    page = _page(table)
    assert "How the other tables did" in page
    assert "See the cards" not in page
    assert "cards-slot" not in page
    response = Client().get(f"/t/{table.token}/boards/{first}/cards/")
    assert response.status_code == 403
    html = response.content.decode()
    assert "The teacher has not turned on the cards for this session." in html
    _shows_no_cards(html)


def test_before_the_analysis_the_hands_show_and_the_computer_is_still_working(
    session: Session,
) -> None:
    Board.objects.filter(board_set_id=session.board_set_id).update(dd_tricks="")
    BoardSet.objects.filter(pk=board_set_id(session)).update(
        analysis=BoardSet.Analysis.RUNNING, analysis_updated_at=timezone.now()
    )
    Session.objects.filter(pk=session.pk).mark_setup_changed()
    table = _table(session)
    first = _boards(session, table, 1)[0]
    _enter(table, first)
    html = _cards(table, first)
    assert html.count('class="hand hand-') == 4
    assert "points together" in html
    assert "The computer is still working out the best contract" in html
    assert "dd-table" not in html
    assert "Best contract:" not in html


def test_cards_never_analysed_say_so(session: Session) -> None:
    Board.objects.filter(board_set_id=session.board_set_id).update(dd_tricks="")
    BoardSet.objects.filter(pk=board_set_id(session)).update(analysis=BoardSet.Analysis.FAILED)
    Session.objects.filter(pk=session.pk).mark_setup_changed()
    table = _table(session)
    first = _boards(session, table, 1)[0]
    _enter(table, first)
    html = _cards(table, first)
    assert html.count('class="hand hand-') == 4
    assert "have not been worked out for these boards" in html


def test_the_teachers_traveller_shows_the_cards(session: Session, alice_client: Client) -> None:
    html = alice_client.get(f"/sessions/{session.pk}/boards/1/").content.decode()
    assert '<details class="card board-cards">' in html
    assert "<summary>See the cards</summary>" in html
    _shows_the_cards(html)


def test_the_teachers_traveller_shows_the_cards_with_the_option_off_too(
    session: Session, alice_client: Client
) -> None:
    """The option is the tables': the teacher has the board slips."""
    Session.objects.filter(pk=session.pk).update(show_cards=False)
    html = alice_client.get(f"/sessions/{session.pk}/boards/1/").content.decode()
    _shows_the_cards(html)


# --------------------------------------------------------------------------- an event


def _event_session(alice: User, *, ends_on: datetime.date) -> Session:
    """A school's session of an event whose last day is ``ends_on``."""
    event = organiser_event()
    Event.objects.filter(pk=event.pk).update(
        starts_on=ends_on - datetime.timedelta(days=4), ends_on=ends_on
    )
    event.refresh_from_db()
    analysis.board_set_run_analysis(board_set_id=event.board_set_id)  # DDS, 8 boards
    return event_school_session(event, alice, school="Nordby")


@pytest.mark.parametrize("days_left", [3, 0], ids=["before its last day", "on its last day"])
def test_an_events_table_sees_no_cards_while_the_event_is_on(
    alice: User, alice_client: Client, days_left: int
) -> None:
    session = _event_session(
        alice, ends_on=timezone.localdate() + datetime.timedelta(days=days_left)
    )
    table = _table(session)
    first = _boards(session, table, 1)[0]
    _enter(table, first)
    page = _page(table)
    assert "How the other tables did" in page
    assert "See the cards" not in page
    assert "once the event is over: other schools play the same boards" in page
    _shows_no_cards(page)
    response = Client().get(f"/t/{table.token}/boards/{first}/cards/")
    assert response.status_code == 403
    html = response.content.decode()
    assert "once the event is over" in html
    _shows_no_cards(html)
    # Nor on the teacher's traveller, which the class may see on the projector (its
    # line of the best contract was there before, for the teacher).
    traveller = alice_client.get(f"/sessions/{session.pk}/boards/{first}/").content.decode()
    assert "once the event is over" in traveller
    assert "See the cards" not in traveller
    for mark in CARDS_MARKS:
        if mark != "Best contract:":
            assert mark not in traveller, mark


def test_an_events_table_sees_the_cards_once_the_event_is_over(
    alice: User, alice_client: Client
) -> None:
    session = _event_session(alice, ends_on=timezone.localdate() - datetime.timedelta(days=1))
    table = _table(session)
    first = _boards(session, table, 1)[0]
    _enter(table, first)
    assert "See the cards" in _page(table)
    _shows_the_cards(_cards(table, first))
    traveller = alice_client.get(f"/sessions/{session.pk}/boards/{first}/").content.decode()
    _shows_the_cards(traveller)


# --------------------------------------------------------------------------- the option


def test_the_set_up_form_offers_the_option_ticked(alice: User, alice_client: Client) -> None:
    session = running_session(alice, seed="option")
    draft = session_services.session_create(
        school_class=session.school_class,
        present=list(session.school_class.pupils.all()),
        date=datetime.date(2026, 12, 6),
    )
    html = alice_client.get(f"/sessions/{draft.pk}/setup/").content.decode()
    assert "Show the cards after each board" in html
    assert re.search(r'<input type="checkbox" name="show_cards"[^>]* checked>', html)
    assert "In an event, only once the event is over." in html
    client = Client()
    client.force_login(alice)
    client.cookies["django_language"] = "nb"
    norsk = client.get(f"/sessions/{draft.pk}/setup/").content.decode()
    assert "Vis kortene etter hvert spill" in norsk


@pytest.mark.parametrize(("ticked", "expected"), [(True, True), (False, False)])
def test_the_teacher_chooses_the_option_when_starting(
    alice: User, alice_client: Client, ticked: bool, expected: bool
) -> None:
    session = running_session(alice, seed="option")
    draft = session_services.session_create(
        school_class=session.school_class,
        present=list(session.school_class.pupils.all()),
        date=datetime.date(2026, 12, 6),
    )
    form = {
        "movement_kind": "mitchell",
        "movement_style": "skip",
        "rounds": "3",
        "boards_per_round": "2",
        "board_set": "new",
        "scoring_profile": "ebu",
        "convention": "ebu",
        "ranking": "matchpoints",
    }
    if ticked:
        form["show_cards"] = "on"
    response = alice_client.post(f"/sessions/{draft.pk}/setup/", form)
    assert response.status_code == 302
    draft.refresh_from_db()
    assert draft.state == Session.State.RUNNING
    assert draft.show_cards is expected


def test_a_new_session_shows_the_cards_by_default(session: Session) -> None:
    assert session.show_cards is True
