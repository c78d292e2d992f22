"""The class's term standings: every duplicate session, per pupil and per pair.

The class has the four established pairs of tests.factories.league_class (A1 & A2 …
D1 & D2, pairs 1 to 4) and the two sessions of tests.factories.two_duplicate_sessions:
everybody 50 % on 1 November; on 8 November pairs 2 and 4 58.33 %, pairs 1 and 3
41.67 %. So over the term: B and D pupils 2 sessions, (50 + 58.33) / 2 = 54.17 %, best
58.3 % on 8 November; A and C pupils (50 + 41.67) / 2 = 45.83 %, best 50.0 % on
1 November (equal sessions: the earlier).
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from tests.factories import league_class, two_duplicate_sessions
from tournaments.leagues import services as league_services
from tournaments.models import SchoolClass, Session
from tournaments.standings.term import TermRow, class_term_standings


@pytest.fixture
def term(alice: User) -> SchoolClass:
    school_class, _partnerships = league_class(alice)
    two_duplicate_sessions(school_class, alice)
    return school_class


def _lines(rows: tuple[TermRow, ...]) -> list[tuple[str, str, int, str, str, str]]:
    return [
        (
            row.place,
            row.names,
            row.sessions,
            f"{row.average:.1f}",
            f"{row.best_percent:.1f}",
            row.best_session.date.isoformat(),
        )
        for row in rows
    ]


def test_term_standings_per_pupil_and_per_pair(term: SchoolClass) -> None:
    standings = class_term_standings(term)
    assert [s.date for s in standings.sessions] == [
        datetime.date(2026, 11, 1),
        datetime.date(2026, 11, 8),
    ]
    assert _lines(standings.pairs) == [
        ("1=", "B1 & B2", 2, "54.2", "58.3", "2026-11-08"),
        ("1=", "D1 & D2", 2, "54.2", "58.3", "2026-11-08"),
        ("3=", "A1 & A2", 2, "45.8", "50.0", "2026-11-01"),
        ("3=", "C1 & C2", 2, "45.8", "50.0", "2026-11-01"),
    ]
    pupils = _lines(standings.pupils)
    assert [line[1] for line in pupils] == ["B1", "B2", "D1", "D2", "A1", "A2", "C1", "C2"]
    assert pupils[0] == ("1=", "B1", 2, "54.2", "58.3", "2026-11-08")
    assert pupils[-1] == ("5=", "C2", 2, "45.8", "50.0", "2026-11-01")


def test_a_term_is_a_range_of_dates(term: SchoolClass) -> None:
    standings = class_term_standings(term, start=datetime.date(2026, 11, 5))
    assert len(standings.sessions) == 1
    assert _lines(standings.pairs)[0] == ("1=", "B1 & B2", 1, "58.3", "58.3", "2026-11-08")
    empty = class_term_standings(term, end=datetime.date(2026, 10, 31))
    assert (empty.sessions, empty.pupils, empty.pairs) == ((), (), ())


def test_league_sessions_and_drafts_are_left_out(term: SchoolClass, alice: User) -> None:
    from tests.factories import play_league_round
    from tournaments.sessions import services as session_services

    pupils = list(term.pupils.all())
    session_services.session_create(
        school_class=term, present=pupils, date=datetime.date(2026, 11, 9)
    )
    league = league_services.league_create(
        school_class=term,
        name="Spring",
        partnerships=list(term.partnerships.order_by("pk")),
        deals_per_match=3,
        scoring_profile="target",
        evenings=3,
    )
    evening = league_services.league_evening_start(
        league=league, evening=1, date=datetime.date(2026, 11, 10), teacher=alice
    )
    play_league_round(evening, 1, {(1, 4): "111", (3, 2): "222"})
    assert Session.objects.filter(school_class=term).count() == 4
    assert len(class_term_standings(term).sessions) == 2


def test_it_shows_the_term_standings(term: SchoolClass, alice_client: Client) -> None:
    response = alice_client.get(f"/classes/{term.pk}/term/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Term standings" in page
    assert "Over 2 duplicate sessions." in page
    rows = re.findall(r"<tr>\s*<td>(.*?)</td><td>(.*?)</td><td>(\d+)</td>", page)
    assert rows[0] == ("1=", "B1", "2")
    assert ("3=", "A1 &amp; A2", "2") in rows
    assert "54.2 %" in page
    assert page.count('class="spark-dot"') == 8 * 2 + 4 * 2
    assert 'data-percent="58.3"' in page


def test_it_takes_a_term_and_shrugs_off_bad_dates(term: SchoolClass, alice_client: Client) -> None:
    page = alice_client.get(f"/classes/{term.pk}/term/?from=2026-11-05").content.decode()
    assert "Over 1 duplicate session." in page
    bad = alice_client.get(f"/classes/{term.pk}/term/?from=yesterday&to=2026-13-45")
    assert bad.status_code == 200
    assert "Over 2 duplicate sessions." in bad.content.decode()


def test_it_says_when_there_is_nothing_yet(alice: User, alice_client: Client) -> None:
    school_class, _partnerships = league_class(alice)
    page = alice_client.get(f"/classes/{school_class.pk}/term/").content.decode()
    assert "Over 0 duplicate sessions." in page
    assert page.count("No results yet.") == 2


def test_another_teacher_sees_no_term(term: SchoolClass, bob_client: Client) -> None:
    assert bob_client.get(f"/classes/{term.pk}/term/").status_code == 404


def test_it_rejects_post(term: SchoolClass, alice_client: Client) -> None:
    assert alice_client.post(f"/classes/{term.pk}/term/").status_code == 405


def test_the_term_in_norwegian(term: SchoolClass, alice_client: Client) -> None:
    from django.utils import translation

    alice_client.cookies["django_language"] = "nb"
    with translation.override(None):
        page = alice_client.get(f"/classes/{term.pk}/term/").content.decode()
    assert "Resultatliste for semesteret" in page
    assert "Regnet over 2 turneringsøkter." in page
    assert "Beste økt" in page


def test_an_individual_session_counts_for_each_pupil_and_for_no_pair(
    term: SchoolClass, alice: User
) -> None:
    """On 15 November the eight pupils play one round of an individual session, the
    same result at both tables on both boards: everybody 50 %. Each pupil now has three
    sessions (B and D: (50 + 58.33 + 50) / 3 = 52.78 %; A and C: (50 + 41.67 + 50) / 3
    = 47.22 %); the pairs keep their two sessions."""
    from tournaments.results import services as result_services
    from tournaments.sessions import services as session_services

    draft = session_services.session_create(
        school_class=term,
        present=list(term.pupils.all()),
        date=datetime.date(2026, 11, 15),
        individual_event=True,
    )
    session_services.session_setup_and_start(
        session=draft,
        teacher=alice,
        board_set=None,
        movement_kind="individual",
        movement_style="",
        rounds=1,
        arrow_switch=False,
        boards_per_round=2,
        scoring_profile="ebu",
        convention="ebu",
    )
    for table in draft.tables.all():
        for board in (1, 2):
            result_services.result_record(
                table=table, board_number=board, contract="1NT", tricks_won=7
            )
    standings = class_term_standings(term)
    assert len(standings.sessions) == 3
    pupils = _lines(standings.pupils)
    assert pupils[0] == ("1=", "B1", 3, "52.8", "58.3", "2026-11-08")
    assert pupils[-1] == ("5=", "C2", 3, "47.2", "50.0", "2026-11-01")
    assert [line[2] for line in _lines(standings.pairs)] == [2, 2, 2, 2]


def test_the_charts_text_writes_each_percentage_in_the_languages_numbers(
    term: SchoolClass,
) -> None:
    """The sparkline's text (what a screen reader says) writes its percentages as every
    paper does (``labels.percent_text``): a decimal comma in Norwegian."""
    with translation.override("nb"):
        charts = [row.chart for row in class_term_standings(term).pairs]
    assert any("58,3 %" in chart for chart in charts)
    assert not any("58.3 %" in chart for chart in charts)
    with translation.override("en"):
        charts = [row.chart for row in class_term_standings(term).pairs]
    assert any("58.3 %" in chart for chart in charts)
