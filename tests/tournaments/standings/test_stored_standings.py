"""The standings and the projector's ranking, stored once per revision of the session
(tournaments.sessions.caches) and shared by every request at that revision: never stale
after a change, computed once, and the same figures as computed afresh."""

from __future__ import annotations

import contextlib
import pickle
from collections.abc import Callable, Iterator
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.utils import translation
from pytest_django import DjangoAssertNumQueries

from tests.factories import individual_session, play_round, running_session
from tournaments.boards import analysis
from tournaments.classes import services as class_services
from tournaments.models import Board, Result, Session
from tournaments.results import services as result_services
from tournaments.sessions import caches
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services
from tournaments.standings import selectors as standings_selectors
from tournaments.standings.selectors import (
    session_ranking,
    session_standings,
    stored_ranking,
    stored_standings,
)


def _fresh(session: Session) -> Session:
    """The session as a request reads it (its revision as the database has it now)."""
    return Session.objects.select_related("school_class").get(pk=session.pk)


def _forget_stored() -> None:
    """Nothing stored any more, in the cache or kept by this process: the next request
    computes afresh."""
    cache.clear()
    caches.forget_local()


def _projector(client: Client, session: Session, **headers: str) -> str:
    response = client.get(f"/sessions/{session.pk}/projector/", headers=headers)
    assert response.status_code == 200
    return response.content.decode()


@contextlib.contextmanager
def _counting(name: str) -> Iterator[mock.MagicMock]:
    """The selector ``name`` wrapped, so a test counts how often it is computed."""
    with mock.patch.object(
        standings_selectors, name, wraps=getattr(standings_selectors, name)
    ) as wrapped:
        yield wrapped


@pytest.fixture
def session(alice: User) -> Session:
    """Round 1 of 3 of a Mitchell (8 pairs at 4 tables), nothing entered yet."""
    return running_session(alice, seed="stored")


def _enter(session: Session, table_number: int, contract: str = "3NT", tricks: int = 9) -> None:
    """One result at a table, of the first board it plays in the current round."""
    session = _fresh(session)
    movement = session_selectors.session_movement(session)
    table = session.tables.get(number=table_number)
    board = movement.boards(movement.entry(session.current_round, table_number).board_set)[0]
    result_services.result_record(
        table=table, board_number=board, contract=contract, tricks_won=tricks
    )


# --------------------------------------------------------------------------- the projector


def test_the_projector_makes_four_queries_at_most_once_its_ranking_is_stored(
    session: Session, alice_client: Client, django_assert_max_num_queries: DjangoAssertNumQueries
) -> None:
    _enter(session, 1)
    first = _projector(alice_client, session, **{"HX-Request": "true"})
    # The login (its session row, the user), the revision (the ETag), the session.
    with _counting("session_ranking") as computed, django_assert_max_num_queries(4):
        again = _projector(alice_client, session, **{"HX-Request": "true"})
    assert computed.call_count == 0
    assert again == first


def test_a_304_loads_nothing_but_the_login_and_the_revision(
    session: Session, alice_client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    url = f"/sessions/{session.pk}/projector/"
    polled = {"HX-Request": "true"}  # the standings the page polls (not the clock's page)
    tag = alice_client.get(url, headers=polled)["ETag"]
    with (
        _counting("session_ranking") as ranked,
        _counting("session_standings") as standings,
        django_assert_num_queries(3),  # the login's session row, the user, the revision
    ):
        response = alice_client.get(url, headers={**polled, "If-None-Match": tag})
    assert response.status_code == 304
    assert (ranked.call_count, standings.call_count) == (0, 0)


def test_a_new_result_changes_the_projector_at_once(session: Session, alice_client: Client) -> None:
    before = _projector(alice_client, session)
    assert before.count('<span class="p-score">—</span>') == 8  # nobody ranked yet
    _enter(session, 1)
    # The standings as the page polls them (the whole page also holds the round clock's
    # time, worked out as it is sent).
    polled = {"HX-Request": "true"}
    after = _projector(alice_client, session, **polled)
    assert after.count('<span class="p-score">—</span>') == 6  # table 1's pairs are ranked
    assert after.count('<span class="p-score">50.0 %</span>') == 2  # one result: 50 % each
    _forget_stored()
    assert _projector(alice_client, session, **polled) == after  # what a fresh computation shows


def test_a_correction_changes_the_projector_at_once(
    session: Session, alice: User, alice_client: Client
) -> None:
    play_round(session, 1, {})
    play_round(session, 2, {})  # every board so far 1NT making 7: all pairs level
    level = _projector(alice_client, session)
    assert level.count('<span class="p-score">50.0 %</span>') == 8
    result = Result.objects.filter(session=session, round=2, table__number=1).first()
    assert result is not None
    result_services.result_correct(result=result, teacher=alice, contract="3NT", tricks_won=10)
    corrected = _projector(alice_client, session, **{"HX-Request": "true"})
    assert corrected.count('<span class="p-score">50.0 %</span>') < 8
    _forget_stored()
    # What a fresh computation shows (the standings the page polls).
    assert _projector(alice_client, session, **{"HX-Request": "true"}) == corrected


def test_a_pupil_replaced_in_a_pair_shows_at_once(session: Session, alice_client: Client) -> None:
    _enter(session, 1)
    pair = session.pairs.get(line="NS", number=1)
    old = pair.members.get(position=1).pupil
    projector = _projector(alice_client, session)
    page = alice_client.get(f"/sessions/{session.pk}/standings/").content.decode()
    assert old.first_name in projector
    assert old.first_name in page
    late = class_services.pupil_add(school_class=session.school_class, first_name="Latecomer")
    session_services.pair_replace_pupil(pair=pair, old=old, new=late)
    projector = _projector(alice_client, session)
    page = alice_client.get(f"/sessions/{session.pk}/standings/").content.decode()
    assert "Latecomer" in projector
    assert old.first_name not in projector
    assert "Latecomer" in page
    card = alice_client.get(f"/sessions/{session.pk}/pairs/{pair.pk}/card/").content.decode()
    assert "Latecomer" in card


def test_the_boards_analysis_shows_in_the_standings_once_it_is_in(session: Session) -> None:
    Board.objects.filter(board_set_id=session.board_set_id).update(dd_tricks="")
    _enter(session, 1)
    [traveller] = stored_standings(_fresh(session)).travellers
    assert traveller.par is None
    assert session.board_set_id is not None
    analysis.board_set_run_analysis(board_set_id=session.board_set_id)
    [traveller] = stored_standings(_fresh(session)).travellers
    assert traveller.par is not None


def test_the_projector_in_another_language_has_its_own_words(
    session: Session, alice_client: Client
) -> None:
    _enter(session, 1)
    assert "<h2>North–South</h2>" in _projector(alice_client, session)
    assert "1 E–W" in alice_client.get(f"/sessions/{session.pk}/standings/").content.decode()
    alice_client.cookies["django_language"] = "nb"
    with translation.override(None):  # LocaleMiddleware leaves its language active
        norwegian = _projector(alice_client, session)
        page = alice_client.get(f"/sessions/{session.pk}/standings/").content.decode()
    assert "<h2>Nord–Syd</h2>" in norwegian
    assert "North–South" not in norwegian
    assert "Nord–Syd" in page
    assert "North–South" not in page
    assert "1 Ø–V" in page  # a pair's label names its line in the language
    assert "E–W" not in page


# --------------------------------------------------------------------------- shared


def test_the_ranking_is_computed_once_per_revision_for_every_projector(
    session: Session, alice_client: Client
) -> None:
    _enter(session, 1)
    with _counting("session_ranking") as computed:
        _projector(alice_client, session)
        _projector(alice_client, session, **{"HX-Request": "true"})  # the page's own poll
        assert computed.call_count == 1
        _enter(session, 2)
        _projector(alice_client, session, **{"HX-Request": "true"})
        caches.forget_local()  # another server process
        _projector(alice_client, session)
        assert computed.call_count == 2
    assert stored_ranking(_fresh(session)) == session_ranking(_fresh(session))


def test_the_standings_are_computed_once_per_revision_for_every_page_and_download(
    session: Session, alice_client: Client
) -> None:
    _enter(session, 1)
    pair = session.pairs.get(line="NS", number=1)
    board = Result.objects.filter(session=session).get().board_number
    urls = [
        f"/sessions/{session.pk}/standings/",
        f"/sessions/{session.pk}/boards/{board}/",
        f"/sessions/{session.pk}/pairs/{pair.pk}/card/",
        f"/sessions/{session.pk}/export/xlsx/",
        f"/sessions/{session.pk}/export/standings-pdf/",
        f"/sessions/{session.pk}/export/travellers-pdf/",
        f"/sessions/{session.pk}/export/pbn/",
    ]
    with _counting("session_standings") as computed:
        for url in urls:
            assert alice_client.get(url).status_code == 200, url
        assert computed.call_count == 1
    # Each process keeps what it read as it is: no page or download changed it.
    assert stored_standings(_fresh(session)) == session_standings(_fresh(session))
    with _counting("session_standings") as computed:
        _enter(session, 2)
        for url in urls:
            # As if each request went to another server process: read from the cache
            # they share (pickled), not computed again.
            caches.forget_local()
            assert alice_client.get(url).status_code == 200, url
        assert computed.call_count == 1


# --------------------------------------------------------------------------- the figures


def _sessions(teacher: User) -> dict[str, Callable[[], Session]]:
    """Sessions of every kind the standings rank, with results of every kind."""

    def mitchell() -> Session:
        session = running_session(teacher, seed="kinds-mitchell", class_name="M")
        play_round(session, 1, {(1, 1): ("3NT", 9), (2, 3): ("4S", 8)})
        play_round(session, 2, {(3, 2): ("2H", 9)})
        return session

    def arrow_switch() -> Session:
        session = mitchell()
        Session.objects.filter(pk=session.pk).update(arrow_switch=True)
        return session

    def by_total() -> Session:
        session = mitchell()
        Session.objects.filter(pk=session.pk).update(ranking=Session.Ranking.TOTAL)
        return session

    def half_played() -> Session:
        session = running_session(teacher, seed="kinds-half", class_name="H")
        _enter(session, 1)
        _enter(session, 2, "1NT", 8)
        return session

    def adjusted_and_not_played() -> Session:
        session = running_session(teacher, seed="kinds-adjusted", class_name="A")
        play_round(session, 1, {})
        movement = session_selectors.session_movement(session)
        for table_number, adjust in ((2, True), (3, False)):
            table = session.tables.get(number=table_number)
            board = movement.boards(movement.entry(1, table_number).board_set)[0]
            if adjust:
                result_services.result_adjust(
                    session=session,
                    table=table,
                    board_number=board,
                    round_=1,
                    teacher=teacher,
                    ns_percent=60,
                    ew_percent=40,
                )
            else:
                result_services.result_set_not_played(
                    session=session, table=table, board_number=board, round_=1, teacher=teacher
                )
        return session

    def target() -> Session:
        session = running_session(
            teacher, seed="kinds-target", class_name="T", scoring_profile="target"
        )
        play_round(session, 1, {(1, 1): ("1NT", 9), (2, 3): ("1S", 6)})
        return session

    def individual() -> Session:
        session = individual_session(teacher, seed="kinds-individual", class_name="I")
        play_round(session, 1, {})
        play_round(session, 2, {(1, 3): ("4H", 10)})
        return session

    return {
        "mitchell": mitchell,
        "arrow switch": arrow_switch,
        "by total": by_total,
        "half played": half_played,
        "adjusted and not played": adjusted_and_not_played,
        "target": target,
        "individual": individual,
    }


KINDS = [
    "mitchell",
    "arrow switch",
    "by total",
    "half played",
    "adjusted and not played",
    "target",
    "individual",
]


@pytest.mark.parametrize("kind", KINDS)
def test_the_ranking_alone_is_the_standings_ranking(alice: User, kind: str) -> None:
    session = _fresh(_sessions(alice)[kind]())
    standings = session_standings(session)
    ranking = session_ranking(session)
    assert ranking.rankings == standings.rankings
    assert any(row.ranked for r in ranking.rankings for row in r.rows)
    for attribute in ("ranking", "by_total", "by_wins", "progress", "ranking_note"):
        assert getattr(ranking, attribute) == getattr(standings, attribute), attribute


@pytest.mark.parametrize("kind", KINDS)
def test_what_is_stored_pickles_and_reads_back_the_same(alice: User, kind: str) -> None:
    session = _fresh(_sessions(alice)[kind]())
    standings = session_standings(session)
    assert pickle.loads(pickle.dumps(standings)) == standings
    ranking = session_ranking(session)
    assert pickle.loads(pickle.dumps(ranking)) == ranking
    # Read back from the cache (which pickles), and the same as computed afresh.
    assert stored_standings(session) == standings
    assert stored_standings(session) == standings
    assert stored_ranking(session) == ranking
    assert stored_ranking(session) == ranking
