"""The pages polled every few seconds (the teacher's grid, the projector, a table's round
check) answer "304 Not Modified" while their session has not changed, so a whole class
polling costs the server a query each, not a page."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import running_session
from tournaments.models import Result, Session
from tournaments.results import services as result_services
from tournaments.sessions import services as session_services


@pytest.fixture
def session(alice: User) -> Session:
    return running_session(alice, seed="polling")


def _revalidate(client: Client, url: str, headers: dict[str, str]) -> tuple[int, int]:
    """The first answer's status, then the status of the same request revalidated."""
    first = client.get(url, headers=headers)
    again = client.get(url, headers={**headers, "If-None-Match": first["ETag"]})
    return first.status_code, again.status_code


def test_the_grid_is_not_modified_until_the_session_changes(
    session: Session, alice_client: Client
) -> None:
    url = f"/sessions/{session.pk}/grid/"
    first = alice_client.get(url, headers={"HX-Request": "true"})
    assert first.status_code == 200
    assert "no-cache" in first["Cache-Control"]
    assert "private" in first["Cache-Control"]
    tag = first["ETag"]
    same = alice_client.get(url, headers={"HX-Request": "true", "If-None-Match": tag})
    assert same.status_code == 304
    assert same.content == b""
    # A table saves a result: the grid comes again, with the result in it.
    table = session.tables.get(number=1)
    result_services.result_record(table=table, board_number=1, contract="4S", tricks_won=10)
    changed = alice_client.get(url, headers={"HX-Request": "true", "If-None-Match": tag})
    assert changed.status_code == 200
    assert 'data-status="entered"' in changed.content.decode()
    # Another round asked for, or another language, is another page.
    other_round = alice_client.get(f"{url}?round=2", headers={"If-None-Match": changed["ETag"]})
    assert other_round.status_code == 200
    alice_client.cookies["django_language"] = "nb"
    assert alice_client.get(url, headers={"If-None-Match": changed["ETag"]}).status_code == 200


def test_another_teacher_gets_no_etag_and_no_grid(session: Session, bob_client: Client) -> None:
    response = bob_client.get(f"/sessions/{session.pk}/grid/")
    assert response.status_code == 404
    assert "ETag" not in response


def test_the_projector_is_not_modified_until_the_session_changes(
    session: Session, alice_client: Client
) -> None:
    url = f"/sessions/{session.pk}/projector/"
    assert _revalidate(alice_client, url, {"HX-Request": "true"}) == (200, 304)
    full = alice_client.get(url)
    partial = alice_client.get(url, headers={"HX-Request": "true"})
    # The whole page shows the round clock's time left as it is now: never "not
    # modified" (tests/tournaments/sessions/test_round_clock.py); its standings are.
    assert "ETag" not in full
    assert "ETag" in partial
    assert "HX-Request" in partial["Vary"]
    table = session.tables.get(number=1)
    result_services.result_record(table=table, board_number=1, contract="4S", tricks_won=10)
    again = alice_client.get(url, headers={"HX-Request": "true", "If-None-Match": partial["ETag"]})
    assert again.status_code == 200


def test_a_tables_round_check_is_not_modified_until_the_round_changes(
    session: Session, alice: User
) -> None:
    table = session.tables.get(number=1)
    client = Client()
    url = f"/t/{table.token}/round/?round=1"
    first = client.get(url, headers={"HX-Request": "true"})
    assert first.status_code == 200
    assert "HX-Refresh" not in first
    assert client.get(url, headers={"If-None-Match": first["ETag"]}).status_code == 304
    session_services.session_change_round(session=session, step=1)
    moved = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert moved.status_code == 200
    assert moved["HX-Refresh"] == "true"
    assert Client().get("/t/no-such-table/round/?round=1").status_code == 404


def test_every_change_a_page_shows_counts_in_the_sessions_revision(
    session: Session, alice: User
) -> None:
    def revision() -> int:
        return Session.objects.values_list("revision", flat=True).get(pk=session.pk)

    seen = [revision()]

    def changed() -> None:
        seen.append(revision())
        assert seen[-1] > seen[-2]

    table = session.tables.get(number=1)
    result = result_services.result_record(
        table=table, board_number=1, contract="4S", tricks_won=10
    )
    changed()
    result_services.result_agree(result=result)
    changed()
    flag = result_services.result_request_correction(result=result)
    changed()
    result_services.flag_dismiss(flag=flag, teacher=alice, reason="fine")
    changed()
    result_services.result_correct(result=result, teacher=alice, contract="4S", tricks_won=9)
    changed()
    session_services.pair_withdraw(pair=session.pairs.get(line="EW", number=2), from_round=2)
    changed()
    session_services.session_change_round(session=session, step=1)
    changed()
    assert Result.objects.count() == 1
