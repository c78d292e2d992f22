"""Regression tests for the problems a review of result entry and standings found."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import play_round, running_session
from tournaments.models import Pair, Result, ResultChange, SchoolClass, Session, Table
from tournaments.results import selectors as result_selectors
from tournaments.results import services as result_services
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services
from tournaments.standings.selectors import session_standings


@pytest.fixture
def session(alice: User) -> Session:
    return running_session(alice, seed="review")


def table(session: Session, number: int) -> Table:
    return Table.objects.get(session=session, number=number)


def form(**data: Any) -> dict[str, Any]:
    return {"strain": "H", "level": "game", "tricks": 11, "revoke": "", "key": "", **data}


def test_a_save_after_the_round_moved_on_lands_nowhere(session: Session) -> None:
    tab = table(session, 1)
    Session.objects.filter(pk=session.pk).update(current_round=2)
    response = Client().post(f"/t/{tab.token}/boards/2/", form(round=1, key="old-form"))
    assert response.status_code == 409
    html = response.content.decode()
    assert "The teacher has started another round, so nothing was saved." in html
    assert "checked" not in html.split('class="entry-form"')[1]  # the panel starts empty
    assert not Result.objects.exists()


def test_a_table_cannot_flag_or_agree_another_tables_result(session: Session) -> None:
    result_services.result_record(
        table=table(session, 1), board_number=1, contract="4S", tricks_won=10
    )
    other = Result.objects.get()
    intruder = table(session, 2)
    assert Client().post(f"/t/{intruder.token}/results/{other.pk}/flag/").status_code == 404
    assert Client().post(f"/t/{intruder.token}/results/{other.pk}/agree/").status_code == 404
    assert not other.flags.exists()
    # Nor a board that is not at this table this round, nor after the session ends.
    intruders_page = Client().get(f"/t/{intruder.token}/").content.decode()
    assert 'id="panel-heading-1"' not in intruders_page  # board 1 is not on its panel
    Session.objects.filter(pk=session.pk).update(state=Session.State.FINISHED)
    own = table(session, 1)
    assert Client().post(f"/t/{own.token}/results/{other.pk}/agree/").status_code == 404


def test_the_teacher_entering_a_board_the_table_just_saved_corrects_it(
    session: Session,
    alice: User,
) -> None:
    tab = table(session, 1)
    movement = session_selectors.session_movement(session)
    slot = result_selectors.slot_for(session_selectors.session_setup(session), movement, tab, 1, 1)
    result_services.result_record(table=tab, board_number=1, contract="4S", tricks_won=10)
    result_services.result_record_by_teacher(
        slot=slot, contract="4S", tricks_won=9, revoke="", teacher=alice
    )
    result = Result.objects.get()
    assert result.tricks_won == 9
    assert [(c.old, c.new) for c in ResultChange.objects.all()] == [("4S 10", "4S 9")]


def test_the_teachers_first_entry_is_in_the_audit_trail(
    session: Session, alice_client: Client
) -> None:
    alice_client.post(
        f"/sessions/{session.pk}/rounds/1/tables/1/boards/1/",
        {"save": "1", "strain": "NT", "level": "part-score", "tricks": 7, "revoke": ""},
    )
    assert [(c.old, c.new) for c in ResultChange.objects.all()] == [("—", "1NT 7")]


def test_a_pair_that_leaves_keeps_its_entered_results_visible(
    session: Session, alice_client: Client
) -> None:
    tab = table(session, 1)
    result_services.result_record(table=tab, board_number=1, contract="4S", tricks_won=10)
    pair = Pair.objects.get(session=session, line="NS", number=1)
    session_services.pair_withdraw(pair=pair, from_round=1)
    grid = alice_client.get(f"/sessions/{session.pk}/grid/").content.decode()
    assert grid.count('data-status="entered"') == 1
    response = alice_client.get(f"/sessions/{session.pk}/rounds/1/tables/1/boards/1/")
    assert response.status_code == 200  # the teacher can still correct it


def test_a_table_can_enter_its_boards_in_any_order(session: Session) -> None:
    tab = table(session, 1)
    html = Client().get(f"/t/{tab.token}/?board=2").content.decode()
    assert 'action="/t/' in html
    assert f'/t/{tab.token}/boards/2/"' in html
    assert "Boards still to enter" in html


def test_neuberg_factors_a_board_not_played_everywhere(session: Session, alice: User) -> None:
    play_round(session, 1, {})
    play_round(session, 2, {})
    movement = session_selectors.session_movement(session)
    # Board 1 in round 2: mark one table's result "not played".
    entry_table = next(
        t
        for t in session.tables.all()
        if 1 in movement.boards(movement.entry(2, t.number).board_set)
    )
    result_services.result_set_not_played(
        session=session, table=entry_table, board_number=1, round_=2, teacher=alice
    )
    [board1] = [t for t in session_standings(session).travellers if t.number == 1]
    played = [line for line in board1.lines if line.kind == Result.Kind.PLAYED]
    assert len(played) == 1
    assert played[0].top == 2  # the field is the two tables the board reached
    assert played[0].ns_percent == 50.0


def test_ranking_by_total_points_puts_places_in_order(session: Session) -> None:
    play_round(session, 1, {(1, 1): ("3NT", 10), (2, 3): ("4S", 8)})
    Session.objects.filter(pk=session.pk).update(ranking=Session.Ranking.TOTAL)
    session.refresh_from_db()
    for ranking in session_standings(session).rankings:
        totals = [row.total_points for row in ranking.rows]
        assert totals == sorted(totals, reverse=True)
        places = [int(row.total_place.rstrip("=")) for row in ranking.rows]
        assert places == sorted(places)


def test_starting_twice_does_not_fail(alice: User, alice_class: SchoolClass) -> None:
    started = running_session(alice, seed="twice", class_name="Twice")
    stale = Session.objects.get(pk=started.pk)
    stale.state = Session.State.DRAFT  # a second request still holding the draft
    with pytest.raises(Exception, match="has started"):
        session_services.session_setup_and_start(
            session=stale,
            teacher=alice,
            board_set=started.board_set,
            movement_kind="mitchell",
            movement_style="skip",
            rounds=3,
            arrow_switch=False,
            boards_per_round=2,
            scoring_profile="ebu",
            convention="ebu",
        )
    assert started.tables.count() == 4


def test_bad_ids_in_urls_and_forms_are_404_not_500(session: Session, alice_client: Client) -> None:
    assert (
        alice_client.get(f"/sessions/{session.pk}/rounds/99/tables/1/boards/1/").status_code == 404
    )


def test_an_idempotency_key_only_counts_at_its_own_table(session: Session) -> None:
    first = result_services.result_record(
        table=table(session, 1), board_number=1, contract="4S", tricks_won=10, idempotency_key="k"
    )
    second = result_services.result_record(
        table=table(session, 2), board_number=3, contract="1NT", tricks_won=7, idempotency_key="k2"
    )
    assert first.pk != second.pk
    again = result_services.result_record(
        table=table(session, 2), board_number=4, contract="1NT", tricks_won=7, idempotency_key="k"
    )
    assert again.table.number == 2
    assert again.board_number == 4
