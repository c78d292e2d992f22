"""A table's result save (tournaments/results/services.py ``result_record``) and the reads
around it (tournaments/results/selectors.py), on SQLite and on PostgreSQL: pairs that
stopped playing, double submissions, second devices, retries, rounds that moved on."""

from __future__ import annotations

import html as html_lib
import json
import re
import threading
from typing import TYPE_CHECKING, TypedDict, Unpack

import pytest
from django import forms
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import connections, transaction
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from scoring.errors import ScoringError
from scoring.movements import PairId
from scoring.profiles import get_profile
from tests.factories import running_session
from tests.narrow import found
from tournaments.labels import bridge as bridge_labels
from tournaments.models import Board, Flag, Pair, Result, Session, Table
from tournaments.results import selectors as result_selectors
from tournaments.results import services as result_services
from tournaments.results.forms import ResultForm
from tournaments.results.scores import score_result
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse


@pytest.fixture
def session(alice: User) -> Session:
    """A running Mitchell: 8 pairs, 4 tables (skip), 3 rounds of 2 boards."""
    return running_session(alice, seed="entry-sql")


def _where(session: Session, board: int, round_: int) -> tuple[Table, PairId, PairId]:
    """The table that plays ``board`` in ``round_``, and its pairs."""
    movement = session_selectors.session_movement(session)
    for entry in movement.round_entries(round_):
        if board in movement.boards(entry.board_set):
            assert entry.ns_pair is not None
            assert entry.ew_pair is not None
            return session.tables.get(number=entry.table), entry.ns_pair, entry.ew_pair
    raise AssertionError(f"board {board} is not played in round {round_}")


class _Entry(TypedDict, total=False):
    contract: str
    tricks_won: int
    shown_round: int | None


def _record(table: Table, board: int, key: str = "", **changes: Unpack[_Entry]) -> Result:
    return result_services.result_record(
        table=table,
        board_number=board,
        contract=changes.get("contract", "4S"),
        tricks_won=changes.get("tricks_won", 10),
        idempotency_key=key,
        shown_round=changes.get("shown_round"),
    )


# --------------------------------------------------------------------------- reads


def test_the_table_is_found_by_its_link_with_its_session_pairs_and_board(
    session: Session,
) -> None:
    table = session.tables.get(number=2)
    found = result_selectors.table_at_work(table.token, board_number=3)
    assert found is not None
    assert found.table == table
    assert found.session == Session.objects.get(pk=session.pk)
    assert found.running
    assert found.pair_count == Pair.objects.filter(session=session).count() == 8
    assert found.board is not None
    orm_board = Board.objects.get(board_set=session.board_set, number=3)
    assert found.board.number == 3
    assert found.board.deal.to_pbn() == orm_board.deal
    assert found.movement == session_selectors.session_movement(session)


def test_the_table_without_a_board_or_with_a_board_not_in_the_set(session: Session) -> None:
    table = session.tables.get(number=1)
    without = result_selectors.table_at_work(table.token)
    assert without is not None
    assert without.board is None
    missing = result_selectors.table_at_work(table.token, board_number=99)
    assert missing is not None
    assert missing.board is None
    assert result_selectors.table_at_work("no-such-token") is None


def test_the_traveller_is_in_round_and_table_order_with_its_pairs(session: Session) -> None:
    first_table, _, _ = _where(session, 1, 1)
    _record(first_table, 1)
    Session.objects.filter(pk=session.pk).update(current_round=2)
    second_table, ns, ew = _where(session, 1, 2)
    _record(second_table, 1, contract="3NT", tricks_won=8)

    rows = result_selectors.traveller(session, 1)
    assert [(row.result.round, row.result.table.number) for row in rows] == [
        (1, first_table.number),
        (2, second_table.number),
    ]
    second = rows[1].result
    assert (second.ns_pair.number, second.ns_pair.line) == (ns.number, "NS")
    assert (second.ew_pair.number, second.ew_pair.line) == (ew.number, "EW")
    assert rows[1].scored is not None
    assert rows[1].scored.tricks == 8


def test_the_traveller_can_leave_out_results_not_yet_agreed(session: Session) -> None:
    table, _, _ = _where(session, 1, 1)
    result = _record(table, 1)
    Result.objects.filter(pk=result.pk).update(agreed=False)
    assert [row.result for row in result_selectors.traveller(session, 1)] == [result]
    assert result_selectors.traveller(session, 1, agreed_only=True) == []


def test_pairs_still_playing_in_a_round(session: Session) -> None:
    pair = Pair.objects.get(session=session, line="EW", number=1)
    assert pair.plays_in(1)
    pair.withdrawn_from_round = 2
    pair.save()
    assert pair.plays_in(1)
    assert not pair.plays_in(2)
    assert not pair.plays_in(3)
    playing = Pair.objects.filter(session=session).playing_in(2)
    assert pair not in playing
    assert playing.count() == 7
    assert pair in Pair.objects.filter(session=session).playing_in(1)


# --------------------------------------------------------------------------- the save


def test_the_save_stores_the_result_with_its_pairs(session: Session) -> None:
    table, ns, ew = _where(session, 1, 1)
    result = _record(table, 1, key="k1")
    stored = Result.objects.get()
    assert result == stored
    assert (stored.round, stored.board_number, stored.contract, stored.tricks_won) == (
        1,
        1,
        "4S",
        10,
    )
    assert stored.idempotency_key == "k1"
    assert stored.created_at is not None
    assert stored.updated_at is not None
    assert stored.ns_pair == Pair.objects.get(session=session, line="NS", number=ns.number)
    assert stored.ew_pair == Pair.objects.get(session=session, line="EW", number=ew.number)


def test_a_pair_that_stopped_playing_is_refused_plainly(session: Session) -> None:
    table, _, ew = _where(session, 1, 1)
    Pair.objects.filter(session=session, line="EW", number=ew.number).update(withdrawn_from_round=1)
    with pytest.raises(ValidationError, match="Board 1 is not played at table"):
        _record(table, 1)
    assert not Result.objects.exists()


@pytest.mark.parametrize("line", ["NS", "EW"])
def test_the_write_finds_a_pair_on_either_side_withdrawn_since_the_setup_was_kept(
    session: Session, line: str
) -> None:
    """The kept setup (read by another table's page) still has the pair playing; the
    write's own check finds it withdrawn and the save is refused, nothing saved."""
    table, ns, ew = _where(session, 1, 1)
    other, _, _ = _where(session, 2, 1)
    Client().get(f"/t/{other.token}/")
    number = ns.number if line == "NS" else ew.number
    Pair.objects.filter(session=session, line=line, number=number).update(withdrawn_from_round=1)
    found_before = result_selectors.table_at_work(table.token)
    assert found_before is not None
    assert found_before.setup.pairs[ns].plays_in(1)  # the kept setup: still playing
    assert found_before.setup.pairs[ew].plays_in(1)
    response = _post(Client(), table, 1, key="withdrawn")
    assert response.status_code == 422
    assert "Board 1 is not played at table" in response.content.decode()
    assert not Result.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_save_racing_the_teachers_withdrawal_of_its_pair_is_refused(
    alice: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The teacher withdraws a pair while its table's save is between its checks and its
    write: the save waits for the teacher's change (on PostgreSQL its UPDATE waits for
    the session's row, which the withdrawal locked; on SQLite its transaction waits for
    the write lock) and, once that is committed, is refused; nothing is saved. On
    PostgreSQL the waiting UPDATE checks the session's row again as it is then (its
    setup revision), not the pairs' subqueries, which see what was there before."""
    checked = threading.Event()
    plays_for_a_school = session_selectors.plays_for_a_school

    def past_the_checks(session: Session) -> bool:
        checked.set()  # the save has read and checked everything: its write comes next
        return plays_for_a_school(session)

    monkeypatch.setattr(session_selectors, "plays_for_a_school", past_the_checks)
    live = running_session(alice, seed="race")
    table, _, ew = _where(live, 1, 1)
    tablet = result_selectors.table_at_work(table.token)  # the request read its table
    assert tablet is not None
    pair = Pair.objects.get(session=live, line="EW", number=ew.number)
    outcome: list[object] = []

    def save() -> None:
        try:
            result_services.result_record_from_tablet(
                table=tablet.table,
                board_number=1,
                contract="4S",
                tricks_won=10,
                idempotency_key="racing",
                session=tablet.session,
            )
            outcome.append("saved")
        except ValidationError as refused:
            outcome.append(refused.messages)
        except BaseException as error:  # the main thread reports it
            outcome.append(error)
        finally:
            connections.close_all()

    saver = threading.Thread(target=save)
    with transaction.atomic():
        session_services.pair_withdraw(pair=pair, from_round=1)
        saver.start()
        assert checked.wait(30), f"the save did not reach its write: {outcome}"
        saver.join(0.5)  # its write begins, and waits for the teacher's change
        assert saver.is_alive(), f"the save did not wait for the teacher's change: {outcome}"
    saver.join(30)
    assert len(outcome) == 1
    assert isinstance(outcome[0], list), outcome
    assert "Board 1 is not played at table" in outcome[0][0]
    assert not Result.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_save_is_saved_however_often_the_setup_changes_meanwhile(
    alice: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each time the save goes from its checks to its write, another request counts a
    change of the session's setup (the analysis coming in, say): the first write finds
    it moved on; the second try holds the session's row, so the next change waits for
    it, and the result is saved (no error for the tablet to send again)."""
    live = running_session(alice, seed="setup-changes")
    table, _, _ = _where(live, 1, 1)
    others: list[threading.Thread] = []

    def another_change() -> None:
        try:
            Session.objects.filter(pk=live.pk).mark_setup_changed()
        finally:
            connections.close_all()

    def between_checks_and_write(session: Session) -> bool:
        other = threading.Thread(target=another_change)
        others.append(other)
        other.start()
        other.join(1)  # committed at once, unless the save holds the session's row
        return False

    monkeypatch.setattr(session_selectors, "plays_for_a_school", between_checks_and_write)
    response = _post(Client(), table, 1, key="meanwhile")
    for other in others:
        other.join(30)
    assert response.status_code == 200
    assert Result.objects.filter(session=live, board_number=1).count() == 1
    assert len(others) == 2  # the first write found the change; the second held the row
    assert not any(other.is_alive() for other in others)
    assert Session.objects.get(pk=live.pk).setup_revision == live.setup_revision + 2


def test_a_refused_save_inside_a_transaction_leaves_it_usable(session: Session) -> None:
    table, _, _ = _where(session, 1, 1)
    _record(table, 1, key="first")
    with transaction.atomic():
        with pytest.raises(result_services.ResultConflict):
            _record(table, 1, key="second", tricks_won=9)
        # On PostgreSQL a failed statement outside a savepoint would break this query.
        assert Result.objects.count() == 1


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


def test_a_second_device_sending_the_same_result_is_not_a_conflict(session: Session) -> None:
    table, _, _ = _where(session, 1, 1)
    first = _record(table, 1, key="tablet-a")
    assert _record(table, 1, key="tablet-b") == first
    assert Result.objects.count() == 1
    assert not Flag.objects.exists()


def test_a_second_device_gets_the_standing_result(session: Session) -> None:
    table, _, _ = _where(session, 1, 1)
    first = _record(table, 1, key="tablet-a")
    with pytest.raises(result_services.ResultConflict) as conflict:
        _record(table, 1, key="tablet-b", contract="1H", tricks_won=8)
    assert conflict.value.existing == first
    assert Result.objects.get().contract == "4S"


def test_a_tablets_conflicting_result_is_flagged_by_the_service(session: Session) -> None:
    """One service call decides it all: the standing result stays, the teacher gets a
    flag with what the second tablet sent, and the conflict is still told."""
    table, _, _ = _where(session, 1, 1)
    first = _record(table, 1, key="tablet-a")
    with pytest.raises(result_services.ResultConflict) as conflict:
        result_services.result_record_from_tablet(
            table=table, board_number=1, contract="1H", tricks_won=8, idempotency_key="b"
        )
    assert conflict.value.existing == first
    assert Result.objects.get().contract == "4S"
    flag = Flag.objects.get()
    assert (flag.result, flag.kind, flag.sent_contract, flag.sent_tricks) == (
        first,
        Flag.Kind.CONFLICT,
        "1H",
        8,
    )
    # The same result from another tablet is no conflict, and raises no flag.
    same = result_services.result_record_from_tablet(
        table=table, board_number=1, contract="4S", tricks_won=10, idempotency_key="c"
    )
    assert same.result == first
    assert Flag.objects.count() == 1


def test_a_form_shown_before_the_round_moved_on_saves_nothing(session: Session) -> None:
    table, _, _ = _where(session, 1, 1)
    Session.objects.filter(pk=session.pk).update(current_round=2)
    with pytest.raises(result_services.RoundMovedOn):
        _record(table, 1, shown_round=1)
    Session.objects.filter(pk=session.pk).update(current_round=1, state=Session.State.FINISHED)
    with pytest.raises(ValidationError, match="not running"):
        _record(table, 1, shown_round=1)
    assert not Result.objects.exists()


def test_the_round_change_waits_for_the_session_lock(session: Session) -> None:
    """The teacher's round change and a table's save both lock the session's row, so a
    save checked in round 1 is stored in round 1 (and a second "Next round" tap from a
    page that showed round 1 changes nothing more)."""
    table, _, _ = _where(session, 1, 1)
    _record(table, 1, shown_round=1)
    session_services.session_change_round(session=session, step=1, from_round=1)
    session_services.session_change_round(session=session, step=1, from_round=1)  # a double tap
    session.refresh_from_db()
    assert session.current_round == 2
    assert Result.objects.get().round == 1
    session_services.session_change_round(session=session, step=-1, from_round=2)
    session.refresh_from_db()
    assert session.current_round == 1


# --------------------------------------------------------------------------- the page


def _post(client: Client, table: Table, board: int, **data: str) -> _MonkeyPatchedWSGIResponse:
    form = {"strain": "S", "level": "game", "tricks": "10", "key": "", "round": "1", **data}
    return client.post(f"/t/{table.token}/boards/{board}/", form, headers={"HX-Request": "true"})


def test_the_tablet_gets_the_traveller_back_with_what_comes_next(
    session: Session,
) -> None:
    """The save's answer is the board entered, in place of its panel: the board's
    traveller, Agree and "ask the teacher"; the next board's panel is on the page
    already, so the answer carries no panel; nothing more to load."""
    table, _, _ = _where(session, 1, 1)
    response = _post(Client(), table, 1, key="htmx-1")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section class="card done-board" aria-labelledby="done-1"')
    assert "How the other tables did" in html
    assert 'class="own-result"' in html
    assert "Something is wrong: ask the teacher" in html
    assert "entry-panel" not in html
    assert 'id="table-main"' not in html
    assert 'id="table-next"' not in html  # board 2 is still to enter
    assert 'hx-trigger="load"' not in html  # no second request for the rest
    assert Result.objects.get().idempotency_key == "htmx-1"


def test_the_rounds_last_board_comes_back_with_what_the_table_does_next(
    session: Session,
) -> None:
    """The round's last board at the table: its traveller, and in place of the page's
    "when the round is over" part, the same part polling for the next round."""
    table, _, _ = _where(session, 1, 1)
    assert _post(Client(), table, 1, key="first").status_code == 200
    html = _post(Client(), table, 2, key="second").content.decode()
    assert html.lstrip().startswith('<section class="card done-board" aria-labelledby="done-2"')
    oob = re.search(r'<div id="table-next" hx-swap-oob="true">(.*?)</div>\s*$', html, re.S)
    assert oob is not None
    assert "When the round is over" in oob.group(1)
    assert f'hx-get="/t/{table.token}/round/?round=1"' in oob.group(1)
    page = Client().get(f"/t/{table.token}/").content.decode()
    assert '<div id="table-next">' in page  # the page says the same when loaded
    assert f'hx-get="/t/{table.token}/round/?round=1"' in page


def test_a_save_reads_nothing_twice(
    session: Session, django_assert_max_num_queries: DjangoAssertNumQueries
) -> None:
    """A save with the session's setup kept (another table's request read it): the
    table and its session (with the school it plays for in an event: none, so the
    events' listener asks nothing), the table's results, the write (its savepoint, its
    lock with the check that the round and both pairs still play, the insert, the
    release), the board's traveller, and the set's analysis, which this board still
    waits for."""
    table, _, _ = _where(session, 1, 1)
    other, _, _ = _where(session, 2, 1)
    Client().get(f"/t/{other.token}/")  # the setup read once, for the session
    with django_assert_max_num_queries(8):
        assert _post(Client(), table, 1, key="few").status_code == 200


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


@pytest.mark.django_db(transaction=True)
def test_outside_a_transaction_the_save_is_its_own_and_refusals_leave_nothing(
    alice: User,
) -> None:
    """As in production: no surrounding transaction, the INSERT commits by itself."""
    live = running_session(alice, seed="autocommit")
    table, _, ew = _where(live, 1, 1)
    assert not transaction.get_connection().in_atomic_block
    first = _record(table, 1, key="a")
    assert _record(table, 1, key="a") == first  # the same form again
    with pytest.raises(result_services.ResultConflict):
        _record(table, 1, key="b", tricks_won=9)  # another device, another result
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


def _choice_field(form: ResultForm, name: str) -> forms.ChoiceField:
    field = form.fields[name]
    assert isinstance(field, forms.ChoiceField)
    return field


def _choices(form: ResultForm, name: str) -> list[tuple[object, object]]:
    """The field's own list of choices (Django keeps them normalised, as a list)."""
    choices = _choice_field(form, name).choices
    assert isinstance(choices, list)
    return choices


def test_each_profile_gets_its_own_choices_and_forms_do_not_share_changes() -> None:
    lesson = ResultForm(profile=get_profile("lesson-nt"))
    assert [value for value, _ in _choices(lesson, "strain")] == ["NT"]
    assert [value for value, _ in _choices(lesson, "level")] == ["part-score"]
    assert lesson.fields["level"].initial == "part-score"
    full = ResultForm(profile=get_profile("ebu"))
    assert len(_choices(full, "strain")) == 5
    _choice_field(full, "tricks").choices = [(7, "7")]
    full.fields["strain"].widget.attrs["data-x"] = "1"
    _choices(full, "level").append(("x", "x"))
    again = ResultForm(profile=get_profile("ebu"))
    assert len(_choices(again, "tricks")) == 14
    assert "data-x" not in again.fields["strain"].widget.attrs
    assert ("x", "x") not in _choices(again, "level")
    assert ResultForm(
        {"strain": "NT", "level": "game", "tricks": "9"}, profile=get_profile("lesson-nt")
    ).errors == {"level": ["Select a valid choice. game is not one of the available choices."]}


def test_an_unknown_scoring_profile_is_a_bug_not_a_refused_contract(session: Session) -> None:
    table, _, _ = _where(session, 1, 1)
    Session.objects.filter(pk=session.pk).update(scoring_profile="no-such-profile")
    table.session.refresh_from_db()
    with pytest.raises(ScoringError):
        _record(table, 1)
    assert not Result.objects.exists()


def test_the_panel_carries_every_answers_score_so_a_tap_asks_nothing(session: Session) -> None:
    """The score shown before saving is worked out by the server once per board and
    carried by the panel (data-scores): a tap on the tablet sends no request at all."""
    table, _, _ = _where(session, 1, 1)
    html = Client().get(f"/t/{table.token}/").content.decode()
    scores = json.loads(
        html_lib.unescape(found(re.search(r'data-scores="([^"]*)"', html)).group(1))
    )
    board = result_selectors.board_for_session(session, 1)
    assert len(scores) == 5 * 2 * 14 * 3  # strains, part-score/game, tricks, revokes
    for key, contract, tricks, revoke in [
        ("S|game|10|", "4S", 10, ""),
        ("NT|part-score|8|", "1NT", 8, ""),
        ("H|game|9|defending", "4H", 9, "defending"),
        ("C|part-score|0|declaring", "1C", 0, "declaring"),
    ]:
        scored = score_result(
            board=board,
            contract=contract,
            tricks_won=tricks,
            revoke=revoke,
            profile=get_profile("ebu"),
        )
        assert scores[key] == bridge_labels.net_text(scored.ns_net)
    assert 'hx-post="/t/' not in html.split('class="entry-form"')[1].split(">")[0]


def test_a_new_panels_taps_are_made_once_per_language_and_scoring(session: Session) -> None:
    """The taps of a new panel come from the cache after the first page: each language
    still gets its own words, and a panel with answers chosen is never the kept one."""
    table, _, _ = _where(session, 1, 1)
    english = Client().get(f"/t/{table.token}/").content.decode()
    norwegian = Client(headers={"Cookie": "django_language=nb"}).get(f"/t/{table.token}/")
    again = Client().get(f"/t/{table.token}/").content.decode()
    assert "Tricks won by declarer" in english
    assert again.count("Tricks won by declarer") == english.count("Tricks won by declarer")
    nb_page = norwegian.content.decode()
    assert "Stikk tatt av spillefører" in nb_page
    assert "Tricks won by declarer" not in nb_page
    # A refused answer comes back with what was chosen, not the empty taps.
    refused = _post(Client(), table, 1, key="refused", tricks="14").content.decode()
    assert 'value="S" checked' in refused
