"""The hand-written SQL of a table's result save (tournaments/entry_sql.py) gives what the
ORM gives, on SQLite and on PostgreSQL, and the save built on it keeps every rule:
pairs that stopped playing, double submissions, second devices, retries."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.test import Client

from scoring.movements import PairId
from tests.factories import running_session
from tournaments import entry_sql, results, sessions
from tournaments.forms import ResultForm
from tournaments.models import Board, Pair, Result, Session, Table


@pytest.fixture
def session(alice) -> Session:  # type: ignore[no-untyped-def]
    """A running Mitchell: 8 pairs, 4 tables (skip), 3 rounds of 2 boards."""
    return running_session(alice, seed="entry-sql")


def _values(instance: object) -> dict[str, object]:
    return {
        field.attname: getattr(instance, field.attname)
        for field in type(instance)._meta.concrete_fields  # type: ignore[attr-defined]
    }


def _where(session: Session, board: int, round_: int) -> tuple[Table, PairId, PairId]:
    """The table that plays ``board`` in ``round_``, and its pairs."""
    movement = sessions.session_movement(session)
    for entry in movement.round_entries(round_):
        if board in movement.boards(entry.board_set):
            assert entry.ns_pair is not None
            assert entry.ew_pair is not None
            return session.tables.get(number=entry.table), entry.ns_pair, entry.ew_pair
    raise AssertionError(f"board {board} is not played in round {round_}")


def _record(table: Table, board: int, key: str = "", **changes: object) -> Result:
    data: dict[str, object] = {"contract": "4S", "tricks_won": 10, "idempotency_key": key}
    data.update(changes)
    return results.result_record(table=table, board_number=board, **data)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- reads


def test_the_table_query_gives_what_the_orm_gives(session: Session) -> None:
    table = session.tables.get(number=2)
    found = entry_sql.table_by_token(table.token, board_number=3)
    assert found is not None
    assert _values(found.session) == _values(Session.objects.get(pk=session.pk))
    assert found.session.date == session.date  # a date, not SQLite's text
    assert found.session.require_agreement is False  # a bool, not SQLite's 0
    assert (found.table.pk, found.table.number, found.table.token) == (
        table.pk,
        2,
        table.token,
    )
    assert found.table.session is found.session
    assert found.pair_count == Pair.objects.filter(session=session).count() == 8
    assert found.board is not None
    orm_board = Board.objects.get(board_set=session.board_set, number=3)
    assert _values(found.board) == _values(orm_board)
    assert found.board_results == ()


def test_the_table_query_without_a_board_or_with_a_board_not_in_the_set(
    session: Session,
) -> None:
    table = session.tables.get(number=1)
    without = entry_sql.table_by_token(table.token)
    assert without is not None
    assert without.board is None
    missing = entry_sql.table_by_token(table.token, board_number=99, with_results=True)
    assert missing is not None
    assert missing.board is None
    assert missing.board_results == ()
    assert entry_sql.table_by_token("no-such-token") is None


def test_the_board_results_come_with_the_table_in_traveller_order(session: Session) -> None:
    first_table, _, _ = _where(session, 1, 1)
    _record(first_table, 1)
    Session.objects.filter(pk=session.pk).update(current_round=2)
    second_table, ns, ew = _where(session, 1, 2)
    _record(second_table, 1, contract="3NT", tricks_won=8)

    found = entry_sql.table_by_token(first_table.token, board_number=1, with_results=True)
    assert found is not None
    rows = found.board_results
    orm = list(Result.objects.filter(session=session, board_number=1).order_by("round"))
    assert [_values(row) for row in rows] == [_values(result) for result in orm]
    assert [(row.round, row.table.number) for row in rows] == [
        (1, first_table.number),
        (2, second_table.number),
    ]
    second = rows[1]
    assert (second.ns_pair.number, second.ns_pair.line) == (ns.number, "NS")
    assert (second.ew_pair.number, second.ew_pair.line) == (ew.number, "EW")
    assert second.created_at == orm[1].created_at  # an aware datetime, as the ORM's
    assert entry_sql.board_results(session, 1) == list(rows)


def test_board_results_can_leave_out_results_not_yet_agreed(session: Session) -> None:
    table, _, _ = _where(session, 1, 1)
    result = _record(table, 1)
    Result.objects.filter(pk=result.pk).update(agreed=False)
    assert entry_sql.board_results(session, 1) == [result]
    assert entry_sql.board_results(session, 1, agreed_only=True) == []


# --------------------------------------------------------------------------- write


def test_the_insert_saves_what_save_would_and_finds_the_pairs(session: Session) -> None:
    table, ns, ew = _where(session, 1, 1)
    result = _record(table, 1, key="k1")
    stored = Result.objects.get()
    assert result.pk == stored.pk
    assert not result._state.adding
    assert _values(result) == _values(stored)
    assert stored.created_at is not None
    assert stored.updated_at is not None
    assert stored.ns_pair == Pair.objects.get(session=session, line="NS", number=ns.number)
    assert stored.ew_pair == Pair.objects.get(session=session, line="EW", number=ew.number)
    assert (result.ns_pair.number, result.ew_pair.number) == (ns.number, ew.number)


def test_a_pair_that_stopped_playing_is_not_found_by_the_insert(session: Session) -> None:
    table, ns, ew = _where(session, 1, 1)
    Pair.objects.filter(session=session, line="EW", number=ew.number).update(withdrawn_from_round=1)
    result = Result(
        session=session,
        table=table,
        round=1,
        board_number=1,
        kind=Result.Kind.PLAYED,
        contract="4S",
        tricks_won=10,
    )
    with pytest.raises(IntegrityError):
        entry_sql.insert_result(result, ns=ns, ew=ew)
    assert not Result.objects.exists()


def test_a_refused_insert_inside_a_transaction_leaves_it_usable(session: Session) -> None:
    table, _, _ = _where(session, 1, 1)
    _record(table, 1, key="first")
    with transaction.atomic():
        with pytest.raises(results.ResultConflict):
            _record(table, 1, key="second")
        # On PostgreSQL a failed statement outside a savepoint would break this query.
        assert Result.objects.count() == 1


# --------------------------------------------------------------------------- the save


def test_a_pair_that_stopped_playing_since_the_page_was_shown_is_refused_plainly(
    session: Session,
) -> None:
    table, _, ew = _where(session, 1, 1)
    loaded = entry_sql.table_by_token(table.token, board_number=1)  # the page is open
    Pair.objects.filter(session=session, line="EW", number=ew.number).update(withdrawn_from_round=1)
    with pytest.raises(ValidationError, match="Board 1 is not played at table"):
        results.result_record(
            table=table, board_number=1, contract="4S", tricks_won=10, loaded=loaded
        )
    assert not Result.objects.exists()


def test_a_retry_after_the_round_moved_on_answers_with_the_saved_result(
    session: Session,
) -> None:
    table, _, _ = _where(session, 1, 1)
    saved = _record(table, 1, key="sent-once")
    Session.objects.filter(pk=session.pk).update(current_round=2)
    assert _record(table, 1, key="sent-once") == saved
    Session.objects.filter(pk=session.pk).update(state=Session.State.FINISHED)
    assert _record(table, 1, key="sent-once") == saved
    with pytest.raises(ValidationError):
        _record(table, 1, key="never-sent")
    assert Result.objects.count() == 1


def test_a_second_device_gets_the_standing_result(session: Session) -> None:
    table, _, _ = _where(session, 1, 1)
    first = _record(table, 1, key="tablet-a")
    with pytest.raises(results.ResultConflict) as conflict:
        _record(table, 1, key="tablet-b", contract="1H", tricks_won=8)
    assert conflict.value.existing == first
    assert Result.objects.get().contract == "4S"


def test_the_saved_traveller_is_the_board_so_far_and_this_result(session: Session) -> None:
    table, _, _ = _where(session, 1, 1)
    _record(table, 1)
    Session.objects.filter(pk=session.pk).update(current_round=2)
    later, _, _ = _where(session, 1, 2)
    loaded = entry_sql.table_by_token(later.token, board_number=1, with_results=True)
    assert loaded is not None
    result = results.result_record(
        table=later, board_number=1, contract="1NT", tricks_won=7, loaded=loaded
    )
    rows = results.saved_traveller(loaded, result)
    assert [row.result.table.number for row in rows] == [table.number, later.number]
    assert rows[1].result == result
    assert rows[1].scored is not None
    assert rows[1].scored.tricks == 7
    assert [row.result for row in rows] == [
        row.result for row in results.traveller(Session.objects.get(pk=session.pk), 1)
    ]


# --------------------------------------------------------------------------- the page


def _post(client: Client, table: Table, board: int, **data: str):  # type: ignore[no-untyped-def]
    form = {"strain": "S", "level": "game", "tricks": "10", "key": "", "round": "1", **data}
    return client.post(f"/t/{table.token}/boards/{board}/", form, headers={"HX-Request": "true"})


def test_the_tablet_gets_the_traveller_back_and_then_the_rest_of_the_page(
    session: Session,
) -> None:
    table, _, _ = _where(session, 1, 1)
    response = _post(Client(), table, 1, key="htmx-1")
    assert response.status_code == 200
    html = response.content.decode()
    assert "How the other tables did" in html
    assert 'class="own-result"' in html
    assert "<form" not in html  # Agree and "ask the teacher" come with the page
    # ... which the partial loads at once: hx-get="" is the page the tablet is on.
    assert (
        '<div hidden hx-get="" hx-trigger="load" hx-target="#table-main"'
        ' hx-select="#table-main" hx-swap="outerHTML"></div>'
    ) in html
    assert Result.objects.get().idempotency_key == "htmx-1"


def test_a_retry_after_the_round_moved_on_gets_its_traveller_not_an_error(
    session: Session,
) -> None:
    table, _, _ = _where(session, 1, 1)
    assert _post(Client(), table, 1, key="retry").status_code == 200
    Session.objects.filter(pk=session.pk).update(current_round=2)
    again = _post(Client(), table, 1, key="retry")
    assert again.status_code == 200
    assert 'class="own-result"' in again.content.decode()
    other = _post(Client(), table, 1, key="not-sent-before")
    assert other.status_code == 409
    assert "nothing was saved" in other.content.decode()
    Session.objects.filter(pk=session.pk).update(state=Session.State.FINISHED)
    assert _post(Client(), table, 1, key="retry").status_code == 200
    assert _post(Client(), table, 1, key="late").status_code == 410
    assert Result.objects.count() == 1


def test_a_round_started_between_the_checks_and_the_save_saves_nothing(
    session: Session,
) -> None:
    table, _, _ = _where(session, 1, 1)
    loaded = entry_sql.table_by_token(table.token, board_number=1)  # checks pass on this
    Session.objects.filter(pk=session.pk).update(current_round=2)
    with pytest.raises(results.RoundMovedOn):
        results.result_record(
            table=table, board_number=1, contract="4S", tricks_won=10, loaded=loaded
        )
    Session.objects.filter(pk=session.pk).update(current_round=1, state=Session.State.FINISHED)
    with pytest.raises(ValidationError, match="not running"):
        results.result_record(
            table=table, board_number=1, contract="4S", tricks_won=10, loaded=loaded
        )
    assert not Result.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_outside_a_transaction_the_save_is_its_own_and_refusals_leave_nothing(
    alice,  # type: ignore[no-untyped-def]
) -> None:
    """As in production: no surrounding transaction, the INSERT commits by itself."""
    live = running_session(alice, seed="autocommit")
    table, _, ew = _where(live, 1, 1)
    assert not transaction.get_connection().in_atomic_block
    first = _record(table, 1, key="a")
    assert _record(table, 1, key="a") == first  # the same form again
    with pytest.raises(results.ResultConflict):
        _record(table, 1, key="b")  # another device
    Pair.objects.filter(session=live, line="EW", number=ew.number).update(withdrawn_from_round=1)
    with pytest.raises(ValidationError, match="Board 2 is not played at table"):
        _record(table, 2, key="c")
    assert list(Result.objects.values_list("idempotency_key", flat=True)) == ["a"]
    assert Result.objects.get().created_at is not None


def test_the_traveller_sent_back_is_in_the_tablets_language(session: Session) -> None:
    table, _, _ = _where(session, 1, 1)
    client = Client()
    client.cookies["django_language"] = "nb"
    html = client.post(
        f"/t/{table.token}/boards/1/",
        {"strain": "S", "level": "game", "tricks": "10", "key": "nb-1"},
        headers={"HX-Request": "true"},
    ).content.decode()
    assert '<th scope="col">Bord</th>' in html
    assert "Spar" in html
    # The headings are made once per language: English is still English.
    english = Client().get(f"/t/{table.token}/").content.decode()
    assert '<th scope="col">Table</th>' in english


# --------------------------------------------------------------------------- the form


def test_each_profile_gets_its_own_choices_and_forms_do_not_share_changes() -> None:
    lesson = ResultForm(profile="lesson-nt")
    assert [value for value, _ in lesson.fields["strain"].choices] == ["NT"]  # type: ignore[attr-defined]
    assert [value for value, _ in lesson.fields["level"].choices] == ["part-score"]  # type: ignore[attr-defined]
    assert lesson.fields["level"].initial == "part-score"
    full = ResultForm(profile="ebu")
    assert len(full.fields["strain"].choices) == 5  # type: ignore[attr-defined]
    full.fields["tricks"].choices = [(7, "7")]  # type: ignore[attr-defined]
    full.fields["strain"].widget.attrs["data-x"] = "1"
    with pytest.raises(AttributeError):  # shared between forms, so unchangeable
        full.fields["level"].choices.append(("x", "x"))  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        full.fields["revoke"].widget.choices.append(("x", "x"))  # type: ignore[attr-defined]
    again = ResultForm(profile="ebu")
    assert len(again.fields["tricks"].choices) == 14  # type: ignore[attr-defined]
    assert "data-x" not in again.fields["strain"].widget.attrs
    assert ResultForm(
        {"strain": "NT", "level": "game", "tricks": "9"}, profile="lesson-nt"
    ).errors == {"level": ["Select a valid choice. game is not one of the available choices."]}


def test_an_sqlite_too_old_for_the_save_is_named_at_start_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tournaments import checks

    monkeypatch.setattr(checks.sqlite3, "sqlite_version_info", (3, 34, 1))
    monkeypatch.setattr(checks.sqlite3, "sqlite_version", "3.34.1")
    monkeypatch.setattr(checks, "connections", {"default": type("C", (), {"vendor": "sqlite"})()})
    [error] = checks.sqlite_new_enough()
    assert error.id == "tournaments.E001"
    assert "3.34.1" in error.msg
    monkeypatch.setattr(checks.sqlite3, "sqlite_version_info", (3, 35, 0))
    assert checks.sqlite_new_enough() == []


def test_an_unknown_scoring_profile_is_a_bug_not_a_refused_contract(session: Session) -> None:
    from scoring.errors import ScoringError

    table, _, _ = _where(session, 1, 1)
    loaded = entry_sql.table_by_token(table.token, board_number=1)
    assert loaded is not None
    loaded.session.scoring_profile = "no-such-profile"
    with pytest.raises(ScoringError):
        results.result_record(
            table=table, board_number=1, contract="4S", tricks_won=10, loaded=loaded
        )


def test_the_score_preview_needs_one_query(session: Session, django_assert_num_queries) -> None:  # type: ignore[no-untyped-def]
    """Sent on every tap of the entry panel: the table, its session, the pair count and
    the board come in the one query."""
    table, _, _ = _where(session, 1, 1)
    client = Client()
    with django_assert_num_queries(1):
        response = client.post(
            f"/t/{table.token}/boards/1/preview/", {"strain": "S", "level": "game", "tricks": 10}
        )
    assert "+" in response.content.decode()
