"""Result entry: the table's page, the teacher's grid and corrections, and the safety
rules (idempotency, conflicts, validation)."""

from __future__ import annotations

import html as html_lib
import json
import re
from typing import TYPE_CHECKING, Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from scoring.cards import Seat
from tests.factories import running_session
from tournaments.boards import selectors as board_selectors
from tournaments.models import Board, Flag, Result, ResultChange, Session, Table
from tournaments.results import selectors as result_selectors
from tournaments.results import services as result_services

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse


@pytest.fixture
def session(alice: User) -> Session:
    """A running Mitchell: 8 pairs, 4 tables (skip), 3 rounds of 2 boards."""
    return running_session(alice, seed="results")


def table(session: Session, number: int) -> Table:
    return session.tables.get(number=number)


def post_result(client: Client, tab: Table, board: int, **data: Any) -> _MonkeyPatchedWSGIResponse:
    form = {"strain": "S", "level": "game", "tricks": 10, "revoke": "", "key": "", **data}
    return client.post(f"/t/{tab.token}/boards/{board}/", form)


def test_a_table_enters_its_boards_one_after_another(session: Session) -> None:
    tab = table(session, 1)
    client = Client()
    page = client.get(f"/t/{tab.token}/").content.decode()
    assert "Board 1" in page
    assert "How the other tables did" not in page  # no traveller before own result
    response = post_result(client, tab, 1, key="k1")
    assert response.status_code == 302
    result = Result.objects.get()
    assert (result.board_number, result.contract, result.tricks_won) == (1, "4S", 10)
    assert (result.ns_pair.line, result.ew_pair.line) == ("NS", "EW")
    page = client.get(f"/t/{tab.token}/").content.decode()
    assert "How the other tables did" in page
    assert re.search(r"<h2[^>]*>Board 2</h2>", page)


def _panel_scores(html: str) -> dict[str, str]:
    found = re.search(r'data-scores="([^"]*)"', html)
    assert found is not None
    scores: dict[str, str] = json.loads(html_lib.unescape(found.group(1)))
    return scores


def test_the_score_shows_before_saving(session: Session) -> None:
    tab = table(session, 1)
    board = board_selectors.board_facts(Board.objects.get(board_set=session.board_set, number=1))
    side = "N–S" if board.declaration.declarer in (Seat.NORTH, Seat.SOUTH) else "E–W"
    scores = _panel_scores(Client().get(f"/t/{tab.token}/").content.decode())
    assert scores["S|game|10|"] == f"{side} +420"
    other = "E–W" if side == "N–S" else "N–S"
    assert scores["S|game|9|"] == f"{other} +50"
    client = Client()
    client.cookies["django_language"] = "nb"
    norwegian = _panel_scores(client.get(f"/t/{tab.token}/").content.decode())
    assert norwegian["S|game|9|"] == ("Ø–V +50" if other == "E–W" else "N–S +50")


def test_the_same_form_twice_makes_one_result(session: Session) -> None:
    tab = table(session, 1)
    first = post_result(Client(), tab, 1, key="double-tap")
    second = post_result(Client(), tab, 1, key="double-tap")
    assert first.status_code == second.status_code == 302
    assert Result.objects.count() == 1
    assert Result.objects.get().tricks_won == 10


@pytest.mark.parametrize(
    "other",
    [{"tricks": 11}, {"strain": "H"}, {"level": "part-score"}, {"revoke": "defending"}],
)
def test_a_form_key_sent_again_with_other_answers_is_refused(
    session: Session, other: dict[str, Any]
) -> None:
    tab = table(session, 1)
    assert post_result(Client(), tab, 1, key="one-form").status_code == 302
    response = post_result(Client(), tab, 1, key="one-form", **other)
    assert response.status_code == 422
    assert "This form was already saved for board 1 with other answers (4♠, 10 tricks)." in (
        response.content.decode()
    )
    assert Result.objects.count() == 1
    assert (Result.objects.get().contract, Result.objects.get().tricks_won) == ("4S", 10)


def test_a_form_key_sent_again_for_another_board_is_refused(session: Session) -> None:
    tab = table(session, 1)
    post_result(Client(), tab, 1, key="one-form")
    response = post_result(Client(), tab, 2, key="one-form")
    assert response.status_code == 422
    assert "already saved for board 1" in response.content.decode()
    assert list(Result.objects.values_list("board_number", flat=True)) == [1]


def test_a_second_device_sees_the_first_result_and_overwrites_nothing(session: Session) -> None:
    tab = table(session, 1)
    post_result(Client(), tab, 1, key="tablet-a")
    response = post_result(Client(), tab, 1, key="tablet-b", strain="H", tricks=8)
    assert response.status_code == 409
    html = response.content.decode()
    assert "already has a result from another tablet" in html
    assert Result.objects.get().contract == "4S"
    conflict = Result.objects.get()
    # The teacher is told at once, with what the second tablet sent.
    [flag] = conflict.flags.all()
    assert (flag.kind, flag.is_open) == (Flag.Kind.CONFLICT, True)
    assert (flag.sent_contract, flag.sent_tricks) == ("4H", 8)
    Client().post(f"/t/{tab.token}/results/{conflict.pk}/flag/")
    assert conflict.flags.filter(kind=Flag.Kind.CHECK, resolution="").exists()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"tricks": 14}, "Tricks won must be a number from 0 to 13."),
        ({"tricks": -1}, "Tricks won must be a number from 0 to 13."),
        ({"level": "slam"}, "Select a valid choice"),
        ({"strain": "X"}, "Select a valid choice"),
    ],
)
def test_bad_input_is_refused_and_nothing_saved(
    session: Session, data: dict[str, Any], message: str
) -> None:
    response = post_result(Client(), table(session, 1), 1, **data)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Result.objects.exists()


def test_a_game_is_refused_in_a_part_score_lesson(session: Session) -> None:
    Session.objects.filter(pk=session.pk).update(scoring_profile="lesson")
    tab = table(session, 1)
    html = Client().get(f"/t/{tab.token}/").content.decode()
    assert 'value="game"' not in html  # the panel offers part-scores only
    with pytest.raises(Exception, match="no games"):
        result_services.result_record(table=tab, board_number=1, contract="4S", tricks_won=10)
    assert not Result.objects.exists()


def test_a_board_not_at_this_table_this_round_is_refused(session: Session) -> None:
    response = post_result(Client(), table(session, 1), 3)
    assert response.status_code == 422
    assert "Board 3 is not played at table 1 in round 1." in response.content.decode()
    assert not Result.objects.exists()


def test_agreement_when_the_session_asks_for_it(session: Session) -> None:
    Session.objects.filter(pk=session.pk).update(require_agreement=True)
    tab = table(session, 1)
    client = Client()
    post_result(client, tab, 1, key="a")
    result = Result.objects.get()
    assert not result.agreed
    assert "tap Agree" in client.get(f"/t/{tab.token}/").content.decode()
    client.post(f"/t/{tab.token}/results/{result.pk}/agree/")
    result.refresh_from_db()
    assert result.agreed


def test_the_teacher_grid_shows_entered_and_missing(session: Session, alice_client: Client) -> None:
    post_result(Client(), table(session, 1), 1)
    html = alice_client.get(f"/sessions/{session.pk}/grid/", headers={"HX-Request": "true"})
    text = html.content.decode()
    assert text.count('data-status="entered"') == 1
    assert text.count('data-status="missing"') == 7
    assert 'hx-trigger="every 4s"' in text


def test_next_round_warns_when_results_are_missing(session: Session, alice_client: Client) -> None:
    response = alice_client.post(f"/sessions/{session.pk}/round/", {"direction": "next"})
    assert response["Location"].endswith("?confirm_next=1")
    session.refresh_from_db()
    assert session.current_round == 1
    page = alice_client.get(response["Location"]).content.decode()
    assert "Still open before the next round:" in page
    assert page.count(": no result yet</li>") == 8
    alice_client.post(f"/sessions/{session.pk}/round/", {"direction": "next", "confirm": "1"})
    session.refresh_from_db()
    assert session.current_round == 2


def test_a_correction_is_kept_in_the_audit_trail(
    session: Session, alice_client: Client, alice: User
) -> None:
    post_result(Client(), table(session, 1), 1)
    url = f"/sessions/{session.pk}/rounds/1/tables/1/boards/1/"
    response = alice_client.post(
        url, {"save": "1", "strain": "S", "level": "game", "tricks": 9, "revoke": ""}
    )
    assert response.status_code == 302
    result = Result.objects.get()
    assert result.tricks_won == 9
    change = ResultChange.objects.get()
    assert (change.old, change.new, change.changed_by) == ("4S 10", "4S 9", alice)
    traveller = alice_client.get(f"/sessions/{session.pk}/boards/1/").content.decode()
    # Stored language-neutral ("4S 10"), shown with the suit symbol.
    assert "alice changed table 1 from “4♠ 10” to “4♠ 9”" in traveller
    assert "4S 10" not in traveller


def test_the_teacher_marks_not_played_and_awards_averages(
    session: Session, alice_client: Client
) -> None:
    url = f"/sessions/{session.pk}/rounds/1/tables/2/boards/3/"
    alice_client.post(url, {"not_played": "1"})
    result = Result.objects.get()
    assert result.kind == Result.Kind.NOT_PLAYED
    alice_client.post(url, {"adjust": "1", "ns_percent": "60", "ew_percent": "40"})
    result.refresh_from_db()
    assert (result.kind, result.ns_adjusted, result.ew_adjusted) == ("adjusted", 60, 40)
    assert [c.new for c in ResultChange.objects.all()] == ["not played", "60/40"]
    response = alice_client.post(url, {"adjust": "1", "ns_percent": "70", "ew_percent": "40"})
    assert response.status_code == 422
    result.refresh_from_db()
    assert result.ns_adjusted == 60


def test_the_teacher_can_enter_a_result_for_an_earlier_round(
    session: Session, alice_client: Client
) -> None:
    Session.objects.filter(pk=session.pk).update(current_round=2)
    url = f"/sessions/{session.pk}/rounds/1/tables/1/boards/1/"
    response = alice_client.post(
        url, {"save": "1", "strain": "NT", "level": "part-score", "tricks": 8, "revoke": ""}
    )
    assert response.status_code == 302
    assert Result.objects.get().round == 1


def test_a_revoke_moves_one_trick_and_both_figures_are_kept(session: Session) -> None:
    tab = table(session, 1)
    post_result(Client(), tab, 1, tricks=9, revoke="defending")
    result = Result.objects.get()
    assert result.tricks_won == 9
    [row] = result_selectors.traveller(session, 1)
    assert row.scored is not None
    assert row.scored.tricks == 10
    assert row.scored.made


def test_other_teachers_and_strangers_cannot_correct(session: Session, bob_client: Client) -> None:
    post_result(Client(), table(session, 1), 1)
    url = f"/sessions/{session.pk}/rounds/1/tables/1/boards/1/"
    assert bob_client.post(url, {"not_played": "1"}).status_code == 404
    assert Client().post(url, {"not_played": "1"}).status_code == 302  # to the login page
    assert Result.objects.get().kind == Result.Kind.PLAYED


def test_the_tables_page_names_pupils_by_first_name_only(session: Session) -> None:
    """A tablet is a screen the class shares: first names, with an initial only where two
    pupils of the session share one; surnames stay on the teacher's pages."""
    pupils = [member.pupil for pair in session.pairs.all() for member in pair.members.all()]
    pupils[0].last_name, pupils[1].last_name = "Hansen", "Secretsurname"
    pupils[1].first_name = pupils[0].first_name
    pupils[2].last_name = "Private"
    for pupil in pupils[:3]:
        pupil.save()
    html = "".join(
        Client().get(f"/t/{tab.token}/").content.decode() for tab in session.tables.all()
    )
    assert "Secretsurname" not in html
    assert "Private" not in html
    assert "Hansen" not in html
    assert f"{pupils[0].first_name} H" in html  # two share a first name: an initial
    assert f"{pupils[1].first_name} S" in html


def test_a_form_sent_again_after_the_teacher_corrected_it_gets_the_saved_page(
    session: Session, alice_client: Client
) -> None:
    """A double-sent save (its answer lost on the way) that the teacher corrected in
    between: the resend is answered with the saved page, not 422, and the teacher's
    correction stands (issue 27.7, seen once in six races)."""
    tab = table(session, 1)
    assert post_result(Client(), tab, 1, key="lost-answer").status_code == 302
    result = Result.objects.get()
    result_services.result_correct(
        result=result, teacher=session.school_class.teacher, contract="4S", tricks_won=9
    )
    again = post_result(Client(), tab, 1, key="lost-answer")
    assert again.status_code == 302
    page = Client().get(again["Location"]).content.decode()
    assert "How the other tables did" in page
    assert Result.objects.count() == 1
    assert Result.objects.get().tricks_won == 9
    assert ResultChange.objects.filter(result=result).count() == 1
    # Another board with the same key is still refused.
    assert post_result(Client(), tab, 2, key="lost-answer").status_code == 422
