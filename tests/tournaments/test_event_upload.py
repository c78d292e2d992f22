"""A real session's PBN export, read back as a school's upload to a simultaneous event
(scoring.pbn_results, scoring.event): the deals match, the results are the session's,
and the national matchpoints of one school alone are the session's own."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from scoring.cards import Deal
from scoring.event import compare_boards, field_results, score_event
from scoring.pbn_results import read_pbn_results
from scoring.upload import ResultKind, Upload, UploadProblemCode
from tests.factories import board_set_of, play_round, running_session
from tournaments.models import Result, Session
from tournaments.results import services as result_services
from tournaments.standings.selectors import Standings, session_standings


@pytest.fixture
def played(alice: User) -> Session:
    """4 tables, 3 rounds, 2 boards a round; table 2 gets Average+/Average− on its first
    board of round 2, and table 3's first board of round 3 is not played."""
    session = running_session(alice, seed="event-upload")
    play_round(session, 1, {(1, 1): ("3NT", 9), (2, 3): ("4S", 10)})
    play_round(session, 2, {})
    adjusted = session.results.filter(round=2, table__number=2).order_by("board_number").first()
    assert adjusted is not None
    result_services.result_adjust(
        session=session,
        table=adjusted.table,
        board_number=adjusted.board_number,
        round_=2,
        teacher=alice,
        ns_percent=60,
        ew_percent=40,
    )
    play_round(session, 3, {})
    skipped = session.results.filter(round=3, table__number=3).order_by("board_number").first()
    assert skipped is not None
    result_services.result_set_not_played(
        session=session,
        table=skipped.table,
        board_number=skipped.board_number,
        round_=3,
        teacher=alice,
    )
    return session


def _export(session: Session, client: Client) -> Upload:
    response = client.get(f"/sessions/{session.pk}/export/pbn/")
    assert response.status_code == 200
    return read_pbn_results(response.content)


def _deals(session: Session) -> dict[int, Deal]:
    return {board.number: Deal.from_pbn(board.deal) for board in board_set_of(session).boards.all()}


def test_the_export_reads_back_as_the_sessions_results(
    played: Session, alice_client: Client
) -> None:
    upload = _export(played, alice_client)
    assert upload.problems == ()
    assert compare_boards(_deals(played), upload) == ()
    standings: Standings = session_standings(played)
    lines = [
        (traveller.number, line) for traveller in standings.travellers for line in traveller.lines
    ]
    assert len(upload.results) == len(lines) == 4 * 3 * 2
    kinds = [r.kind for r in upload.results]
    assert kinds.count(ResultKind.ADJUSTED) == 1
    assert kinds.count(ResultKind.NOT_PLAYED) == 1
    for result, (number, line) in zip(upload.results, lines, strict=True):
        assert result.board == number
        assert result.table == line.table
        assert result.ns_pair == f"{line.ns.label.split()[0]}NS"
        assert result.ew_pair == f"{line.ew.label.split()[0]}EW"
        if line.kind == Result.Kind.PLAYED:
            assert line.scored is not None
            assert result.kind is ResultKind.PLAYED
            assert result.contract == str(line.scored.contract)
            assert result.declarer == line.scored.declarer
            assert result.tricks == line.scored.tricks
            assert result.ns_score == line.scored.ns_net
        elif line.kind == Result.Kind.ADJUSTED:
            assert (result.kind, result.ns_percent, result.ew_percent) == (
                ResultKind.ADJUSTED,
                60,
                40,
            )
        else:
            assert result.kind is ResultKind.NOT_PLAYED
    names = {pair.number: pair.names for pair in upload.pairs}
    assert names["1NS"] == ("Pupil00", "Pupil01")


def test_one_school_alone_gets_its_own_matchpoints_nationally(
    played: Session, alice_client: Client
) -> None:
    """With one school in the event the national field is the session's own (a Mitchell
    compares N–S with N–S either way), so every matchpoint and percentage agrees."""
    upload = _export(played, alice_client)
    event = score_event(field_results(upload, "Ask skole"))
    standings = session_standings(played)
    for traveller in standings.travellers:
        board = event.board(traveller.number)
        assert board is not None
        assert [line.ns_mp for line in board.lines] == pytest.approx(
            [line.ns_mp for line in traveller.lines]
        )
        assert [line.ew_mp for line in board.lines] == pytest.approx(
            [line.ew_mp for line in traveller.lines]
        )
    national = {pair.pair: pair.percentage for pair in event.pairs}
    for ranking in standings.rankings:
        for row in ranking.rows:
            key = f"{row.pair.label.split()[0]}{row.pair.line}"
            assert round(national[key], 2) == row.percentage  # the site shows two decimals


def test_an_export_of_another_board_set_is_refused(
    played: Session, alice: User, alice_client: Client
) -> None:
    other = running_session(alice, seed="another-set", class_name="8B")
    play_round(other, 1, {})
    upload = _export(other, alice_client)
    problems = compare_boards(_deals(played), upload)
    assert problems
    assert {p.code for p in problems} == {UploadProblemCode.BOARD_DIFFERENT}
    assert problems[0].message.startswith("Board 1 in the file has other cards")
