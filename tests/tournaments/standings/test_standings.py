"""Standings, travellers, score cards, the projector and the PBN export."""

from __future__ import annotations

import io
import re
from typing import cast

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from pypdf import PdfReader
from pytest_django import DjangoAssertNumQueries

from scoring.pbn import read_pbn
from tests.factories import large_results_session, play_round, running_session
from tests.narrow import found
from tournaments.models import Session
from tournaments.results import services as result_services
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services
from tournaments.standings.selectors import session_standings


@pytest.fixture
def played(alice: User) -> Session:
    """4 tables, 3 rounds, 2 boards a round: every board is played three times."""
    session = running_session(alice, seed="standings")
    play_round(session, 1, {(1, 1): ("3NT", 9)})
    play_round(session, 2, {})
    play_round(session, 3, {})
    return session


def test_a_board_is_matchpointed_by_hand(played: Session) -> None:
    """Board 1 was played at three tables: one 3NT made (the best N–S or E–W score
    depending on who declares) and two 1NT making 7. EBU: 2 per score beaten, 1 per
    tie; top 4. The 3NT table gets 4 for its side and 0 for the other; the two equal
    results share 1 each way... computed here from the scores themselves."""
    standings = session_standings(played)
    [board1] = [t for t in standings.travellers if t.number == 1]
    assert len(board1.lines) == 3
    nets = [found(line.scored).ns_net for line in board1.lines]
    for line in board1.lines:
        net = found(line.scored).ns_net
        beaten = sum(1 for other in nets if other < net)
        tied = sum(1 for other in nets if other == net) - 1
        assert line.ns_mp == 2 * beaten + tied
        assert found(line.ns_mp) + found(line.ew_mp) == 4
        assert line.top == 4
        assert found(line.ns_percent) + found(line.ew_percent) == pytest.approx(100)


def test_a_mitchell_ranks_north_south_and_east_west_apart(played: Session) -> None:
    standings = session_standings(played)
    assert [r.title for r in standings.rankings] == ["North–South", "East–West"]
    for ranking in standings.rankings:
        assert len(ranking.rows) == 4
        assert all(row.boards == 6 for row in ranking.rows)
        percentages = [row.percentage for row in ranking.rows]
        assert None not in percentages  # every pair played its 6 boards
        ranked = cast("list[float]", percentages)
        assert ranked == sorted(ranked, reverse=True)
        assert sum(row.matchpoints for row in ranking.rows) == pytest.approx(
            sum(row.top for row in ranking.rows) / 2
        )


def test_an_arrow_switch_gives_one_ranking(played: Session) -> None:
    Session.objects.filter(pk=played.pk).update(arrow_switch=True)
    played.refresh_from_db()
    [ranking] = session_standings(played).rankings
    assert len(ranking.rows) == 8


def test_shared_places(played: Session) -> None:
    rows = [row for r in session_standings(played).rankings for row in r.rows]
    places = {row.place for row in rows}
    assert all(place.rstrip("=").isdigit() for place in places)


def _half_played(teacher: User) -> Session:
    """Round 1 of 3 with only tables 1 and 2 in: N–S 3, N–S 4, E–W 3 and E–W 4 have no
    result yet."""
    session = running_session(teacher, seed="unranked")
    movement = session_selectors.session_movement(session)
    for table in session.tables.filter(number__in=[1, 2]):
        for board in movement.boards(movement.entry(1, table.number).board_set):
            result_services.result_record(
                table=table, board_number=board, contract="1NT", tricks_won=7 + table.number
            )
    return session


def test_pairs_without_a_result_stay_unranked_and_come_last(alice: User) -> None:
    for ranking in session_standings(_half_played(alice)).rankings:
        labels = [row.pair.label.split()[0] for row in ranking.rows]
        assert labels[2:] == ["3", "4"]
        for row in ranking.rows[:2]:
            assert row.ranked
            assert row.place == "1="  # one result a board so far: 50 % each
        for row in ranking.rows[2:]:
            assert not row.ranked
            assert (row.place, row.total_place, row.percentage) == ("—", "—", None)
            assert row.boards == 0


def test_unranked_pairs_show_a_dash_not_zero_percent(alice: User, alice_client: Client) -> None:
    session = _half_played(alice)
    html = alice_client.get(f"/sessions/{session.pk}/standings/").content.decode()
    assert html.count("<td>—</td>") == 4 * 4  # four pairs: place and three figures
    projector = alice_client.get(f"/sessions/{session.pk}/projector/").content.decode()
    assert ">0.0 %" not in projector
    assert projector.count('<span class="p-place">—</span>') == 4
    assert projector.count('<span class="p-score">—</span>') == 4
    pdf = alice_client.get(f"/sessions/{session.pk}/export/standings-pdf/").content
    text = " ".join(PdfReader(io.BytesIO(pdf)).pages[0].extract_text().split())
    assert " 0.00 %" not in text
    assert len(re.findall(r"— \d N–S|— \d E–W", text)) == 4  # the place
    assert len(re.findall(r"Pupil\d\d & Pupil\d\d — — —", text)) == 4  # the figures
    pair = session.pairs.get(line="NS", number=3)
    card = alice_client.get(f"/sessions/{session.pk}/pairs/{pair.pk}/card/").content.decode()
    assert "No results yet." in card
    assert "Place —" not in card


def test_a_finished_session_is_headed_final_results(played: Session, alice_client: Client) -> None:
    def pdf_text() -> str:
        pdf = alice_client.get(f"/sessions/{played.pk}/export/standings-pdf/").content
        return " ".join(PdfReader(io.BytesIO(pdf)).pages[0].extract_text().split())

    projector = alice_client.get(f"/sessions/{played.pk}/projector/").content.decode()
    assert "<h1>8A · Round 3 of 3</h1>" in projector
    page = alice_client.get(f"/sessions/{played.pk}/standings/").content.decode()
    assert '<h1 id="standings-heading">Standings</h1>' in page
    assert "Round 3 of 3" in page
    assert "Standings · Round 3 of 3" in pdf_text()

    session_services.session_finish(session=played)
    projector = alice_client.get(f"/sessions/{played.pk}/projector/").content.decode()
    assert "<h1>8A · Final results</h1>" in projector
    partial = alice_client.get(
        f"/sessions/{played.pk}/projector/", headers={"HX-Request": "true"}
    ).content.decode()
    assert "<h1>8A · Final results</h1>" in partial
    page = alice_client.get(f"/sessions/{played.pk}/standings/").content.decode()
    assert '<h1 id="standings-heading">Final results</h1>' in page
    assert "Round 3" not in page
    assert "Final results" in pdf_text()
    assert "Round 3" not in pdf_text()
    alice_client.cookies["django_language"] = "nb"
    with translation.override(None):  # LocaleMiddleware leaves its language active
        projector = alice_client.get(f"/sessions/{played.pk}/projector/").content.decode()
    assert "<h1>8A · Endelig resultatliste</h1>" in projector


def test_the_standings_page_and_the_projector(played: Session, alice_client: Client) -> None:
    html = alice_client.get(f"/sessions/{played.pk}/standings/").content.decode()
    assert "North–South" in html
    assert "East–West" in html
    assert "Pupil00 &amp; Pupil01" in html or "Pupil00" in html
    projector = alice_client.get(
        f"/sessions/{played.pk}/projector/", headers={"HX-Request": "true"}
    ).content.decode()
    assert projector.lstrip().startswith('<main id="board"')
    assert 'hx-trigger="every 10s"' in projector


def test_first_names_only_on_the_projector(alice: User, alice_client: Client) -> None:
    session = running_session(alice, seed="names")
    pair = session.pairs.first()
    assert pair is not None
    member = pair.members.first()
    assert member is not None
    member.pupil.last_name = "Secretsurname"
    member.pupil.save()
    full = alice_client.get(f"/sessions/{session.pk}/standings/").content.decode()
    short = alice_client.get(f"/sessions/{session.pk}/projector/").content.decode()
    assert "Secretsurname" in full  # the teacher's own page
    assert "Secretsurname" not in short  # the class's screen, whatever the address says
    assert (
        "Secretsurname"
        not in alice_client.get(f"/sessions/{session.pk}/projector/?first_names=0").content.decode()
    )


def test_a_score_card(played: Session, alice_client: Client) -> None:
    pair = played.pairs.get(line="NS", number=1)
    html = alice_client.get(f"/sessions/{played.pk}/pairs/{pair.pk}/card/").content.decode()
    assert html.count("<tr>") >= 6  # six boards played
    assert "Place" in html


def test_the_pbn_export_reads_back(played: Session, alice_client: Client) -> None:
    response = alice_client.get(f"/sessions/{played.pk}/export/pbn/")
    parsed = read_pbn(response.content)
    assert parsed.ok
    assert len(parsed.boards) == 8
    first = parsed.boards[0].board
    [score_table] = [t for t in first.tables if t.tag == "ScoreTable"]
    assert len(score_table.rows) == 3
    last = parsed.boards[-1].board
    [total] = [t for t in last.tables if t.tag == "TotalScoreTable"]
    assert len(total.rows) == 8
    names = total.column("Names")
    assert all(" & " in name for name in names)


def test_other_teachers_get_404(played: Session, bob_client: Client) -> None:
    for url in ["standings/", "projector/", "export/pbn/"]:
        assert bob_client.get(f"/sessions/{played.pk}/{url}").status_code == 404


@pytest.mark.django_db
def test_queries_stay_bounded_for_30_tables_and_27_boards(
    alice: User, alice_client: Client, django_assert_max_num_queries: DjangoAssertNumQueries
) -> None:
    session = large_results_session(alice)
    with django_assert_max_num_queries(4):
        standings = session_standings(session)
    assert sum(len(t.lines) for t in standings.travellers) == 30 * 27
    with django_assert_max_num_queries(10):
        response = alice_client.get(f"/sessions/{session.pk}/standings/")
    assert response.status_code == 200
