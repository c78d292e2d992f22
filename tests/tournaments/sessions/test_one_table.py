"""A session that compares no board (every board played at one table only: an individual
session of 4 to 7 pupils, 3 pairs, a Mitchell of one round) gets 50 % for every
result, so it is ranked by total points, or under the target scoring by the boards won,
and says so in one sentence at set-up, on the standings page, the projector, the PDF,
the workbook and the PBN file, in English and Norwegian.

The played session: 5 pupils at one table, two rounds of two boards. Round 1: North
Bo (2), East Di (4), South Ed (5), West Cy (3), Ada has the round off; boards 1 and 2
are declared by East. Round 2: North Cy (3), East Ed (5), South Ada (1), West Di (4),
Bo has the round off; boards 3 and 4 are declared by North. Each board is 1NT:

=====  ========  =====  ====================================
board  declarer  tricks  EBU points
=====  ========  =====  ====================================
1      East      9      Di, Cy +150; Bo, Ed −150
2      East      6      Bo, Ed +50; Di, Cy −50
3      North     8      Cy, Ada +120; Ed, Di −120
4      North     5      Ed, Di +100; Cy, Ada −100
=====  ========  =====  ====================================

Totals: Cy 120, Di 80, Ada 20, Bo −100, Ed −120 — places 1 to 5, where every
percentage is 50 and the percentages would put all five at "1=".
"""

from __future__ import annotations

import io
import re
from typing import cast

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring import individual, movements
from scoring.pbn import read_pbn
from tests.factories import individual_session, play_round
from tournaments.models import Pupil, SchoolClass, Session
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services
from tournaments.standings.selectors import Standings, session_standings

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed"]
#: (round, board) → tricks declarer takes in 1NT.
TRICKS = {(1, 1): 9, (1, 2): 6, (2, 3): 8, (2, 4): 5}
#: By total points: pupil, total.
BY_TOTAL = [("Cy", 120), ("Di", 80), ("Ada", 20), ("Bo", -100), ("Ed", -120)]

SENTENCE = {
    "en": (
        "Every board is played at one table only, so no score can be compared with "
        "another: the pupils are ranked by total points, not by percentage."
    ),
    "nb": (
        "Hvert spill spilles bare ved ett bord, så ingen resultater kan sammenlignes: "
        "elevene rangeres etter sum poeng, ikke etter prosent."
    ),
}
WINS_SENTENCE = {
    "en": (
        "Every board is played at one table only, so no score can be compared with "
        "another: the pupils are ranked by the boards they win against the target, then "
        "by total points."
    ),
    "nb": (
        "Hvert spill spilles bare ved ett bord, så ingen resultater kan sammenlignes: "
        "elevene rangeres etter hvor mange spill de vinner mot målet, deretter "
        "etter sum poeng."
    ),
}
SETUP_SENTENCE = {
    "en": (
        "Every board is played at one table only, so no score can be compared with "
        "another: the pupils are ranked by total points (under the target scoring, by the "
        "boards they win), not by percentage."
    ),
    "nb": (
        "Hvert spill spilles bare ved ett bord, så ingen resultater kan sammenlignes: "
        "elevene rangeres etter sum poeng (når det telles etter mål: etter hvor "
        "mange spill de vinner), ikke etter prosent."
    ),
}


def _play(session: Session) -> None:
    for round_ in (1, 2):
        play_round(
            session,
            round_,
            {(1, board): ("1NT", tricks) for (r, board), tricks in TRICKS.items() if r == round_},
        )


@pytest.fixture
def five(alice: User) -> Session:
    session = individual_session(alice, names=NAMES, rounds=2)
    _play(session)
    return session


def _number(name: str) -> int:
    return NAMES.index(name) + 1


def _flat(text: str) -> str:
    return " ".join(text.split())


def _get(client: Client, url: str, language: str) -> str:
    client.cookies["django_language"] = language
    with translation.override(None):  # LocaleMiddleware leaves its language active
        response = client.get(url)
    assert response.status_code == 200
    return _flat(response.content.decode())


def _download(client: Client, session: Session, kind: str, language: str) -> bytes:
    client.cookies["django_language"] = language
    with translation.override(None):
        response = client.get(f"/sessions/{session.pk}/export/{kind}/")
    assert response.status_code == 200
    return response.content


def _headings(html: str) -> list[str]:
    return re.findall(r'<th scope="col">([^<]*)</th>', html)


def _order(standings: Standings) -> list[tuple[str, str, int]]:
    [ranking] = standings.rankings
    return [(row.total_place, row.pair.names, row.total_points) for row in ranking.rows]


# -- The rule ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("movement", "compared"),
    [
        *[(f"individual {n}", n >= 8) for n in range(4, 10)],
        ("howell 3", False),  # one table plays the phantom every round
        ("mitchell 3", False),
        ("howell 4", True),
        ("mitchell 4", False),  # two tables, one round: each plays its own boards
        ("mitchell 8", True),
        ("mitchell 8 rounds 1", False),
        ("howell 4 rounds 1", True),  # two tables share the first round's boards
        ("howell 8 rounds 1", False),  # four tables, each on a set of its own
    ],
)
def test_a_movement_compares_boards_only_when_two_tables_play_one(
    movement: str, compared: bool
) -> None:
    kind, count, *rest = movement.split()
    rounds = int(rest[1]) if rest else None
    if kind == "individual":
        built: movements.Movement = individual.as_movement(
            individual.individual(int(count), rounds=rounds)
        )
    elif kind == "howell":
        built = movements.howell(int(count), rounds=rounds)
    else:
        built = movements.mitchell(int(count), rounds=rounds)
    assert session_selectors.compares_boards(built) is compared


def test_one_table_ranks_by_total_points_whatever_was_chosen(five: Session) -> None:
    assert five.ranking == Session.Ranking.MATCHPOINTS  # the teacher's choice, kept
    standings = session_standings(five)
    assert (standings.ranking, standings.compared, standings.by_wins) == ("total", False, False)
    assert _order(standings) == [
        (str(place), name, total) for place, (name, total) in enumerate(BY_TOTAL, start=1)
    ]
    [ranking] = standings.rankings
    # Every result got 50 %: by percentage all five would share the first place.
    assert {row.percentage for row in ranking.rows} == {50.0}
    assert {row.place for row in ranking.rows} == {"1="}


def test_eight_pupils_at_two_tables_still_rank_by_percentage(alice: User) -> None:
    session = individual_session(alice, names=[*NAMES, "Fi", "Gus", "Hal"], rounds=1)
    play_round(session, 1, {(1, 1): ("1NT", 9), (2, 1): ("1NT", 6)})
    standings = session_standings(session)
    assert (standings.ranking, standings.compared, standings.ranking_note) == (
        "matchpoints",
        True,
        "",
    )
    [ranking] = standings.rankings
    percentages = [row.percentage for row in ranking.rows]
    assert None not in percentages  # every pair is ranked
    ranked = cast("list[float]", percentages)
    assert ranked == sorted(ranked, reverse=True)
    assert {row.percentage for row in ranking.rows} != {50.0}


# -- Set-up ------------------------------------------------------------------------------


def _draft(teacher_class: SchoolClass, count: int) -> Session:
    pupils = [
        Pupil.objects.create(school_class=teacher_class, first_name=f"P{n}") for n in range(count)
    ]
    import datetime

    return session_services.session_create(
        school_class=teacher_class,
        present=pupils,
        date=datetime.date(2026, 11, 30),
        individual_event=True,
    )


@pytest.mark.parametrize("count", [4, 5, 6, 7, 8])
@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_set_up_says_so_in_one_sentence_for_4_to_7_pupils(
    alice_client: Client, alice_class: SchoolClass, count: int, language: str
) -> None:
    session = _draft(alice_class, count)
    page = _get(alice_client, f"/sessions/{session.pk}/setup/", language)
    one_table = count < 8
    assert (SETUP_SENTENCE[language] in page) is one_table
    # Nothing to choose when only total points can rank the pupils.
    assert ('name="ranking"' in page) is not one_table
    with translation.override(language):
        plan = session_selectors.session_plan(session)
    assert plan.compared is not one_table
    assert plan.ranking_note.count(".") == (1 if one_table else 0)  # one sentence


def test_a_one_table_session_starts_from_the_set_up_page(
    alice_client: Client, alice_class: SchoolClass
) -> None:
    session = _draft(alice_class, 5)
    form = alice_client.get(f"/sessions/{session.pk}/setup/").context["form"]
    data = {name: form[name].value() for name in form.fields}
    data["require_agreement"] = ""
    response = alice_client.post(f"/sessions/{session.pk}/setup/", data)
    assert response.status_code == 302, response.content.decode()
    session.refresh_from_db()
    assert session.state == Session.State.RUNNING
    assert session_standings(session).ranking == "total"


# -- Pages -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "points", "boards", "ranked_by"),
    [
        ("en", "Total points", "Boards", "ranked by total points"),
        ("nb", "Sum poeng", "Spill", "rangert etter sum poeng"),
    ],
)
def test_the_standings_page_says_so_and_shows_no_percentage(
    alice_client: Client, five: Session, language: str, points: str, boards: str, ranked_by: str
) -> None:
    page = _get(alice_client, f"/sessions/{five.pk}/standings/", language)
    assert SENTENCE[language] in page
    assert ranked_by in page
    assert _headings(page)[3:] == [points, boards]
    rows = re.findall(r"<tr> <td>([^<]*)</td> <td><a [^>]*>(\d+)</a></td> <td>([^<]*)</td>", page)
    assert rows == [
        (str(place), str(_number(name)), name) for place, (name, _total) in enumerate(BY_TOTAL, 1)
    ]
    for name, total in BY_TOTAL:
        assert f'<td>{name}</td> <td class="big-number">{total}</td>' in page
    assert "50,00" not in page
    assert "50.00" not in page


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_projector_says_so_and_shows_total_points(
    alice_client: Client, five: Session, language: str
) -> None:
    page = _get(alice_client, f"/sessions/{five.pk}/projector/", language)
    assert SENTENCE[language] in page
    places = re.findall(
        r'<span class="p-place">(\S+)</span> <span class="p-names">(\w+)</span> '
        r'<span class="p-score">([^<]*)</span>',
        page,
    )
    assert places == [
        (str(place), name, str(total)) for place, (name, total) in enumerate(BY_TOTAL, 1)
    ]
    assert " %" not in re.sub(r"<[^>]+>", "", page.split("<body", 1)[1])


def _pdf_text(pdf: bytes) -> str:
    return _flat(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages))


@pytest.mark.parametrize(
    ("language", "headings"),
    [("en", "Place Pupil Names Total points"), ("nb", "Plass Elev Navn Sum poeng")],
)
def test_the_standings_pdf_says_so_and_ranks_by_points(
    alice_client: Client, five: Session, language: str, headings: str
) -> None:
    text = _pdf_text(_download(alice_client, five, "standings-pdf", language))
    assert SENTENCE[language] in text
    assert f"{headings} 1 " in text
    assert "Percentage" not in text
    assert "Prosent" not in text
    rows = [
        f"{place} {_number(name)} {name} {total:+d}"
        for place, (name, total) in enumerate(BY_TOTAL, 1)
    ]
    assert " ".join(rows) in text


@pytest.mark.parametrize(
    ("language", "sheet", "header"),
    [
        ("en", "Standings", ["Place", "Tied", "Pupil", "Names", "Boards", "Total points"]),
        ("nb", "Resultatliste", ["Plass", "Delt plass", "Elev", "Navn", "Spill", "Sum poeng"]),
    ],
)
def test_the_workbook_says_so_and_ranks_by_points(
    alice_client: Client, five: Session, language: str, sheet: str, header: list[str]
) -> None:
    workbook = load_workbook(io.BytesIO(_download(alice_client, five, "xlsx", language)))
    rows = [list(row) for row in workbook[sheet].iter_rows(values_only=True)]
    assert rows[0] == header
    assert rows[1][0] == SENTENCE[language]
    assert [(row[0], row[3], row[5]) for row in rows[2:]] == [
        (place, name, total) for place, (name, total) in enumerate(BY_TOTAL, 1)
    ]


def test_the_pbn_ranks_by_total_points(alice_client: Client, five: Session) -> None:
    parsed = read_pbn(_download(alice_client, five, "pbn", "en"))
    assert parsed.ok, parsed.problems
    last = parsed.boards[-1]
    assert last.tag("Scoring") == "Total"
    totals = next(table for table in last.board.tables if table.tag == "TotalScoreTable")
    names = [column.name for column in totals.columns]
    assert [
        (row[names.index("Rank")], row[names.index("Names")], row[names.index("TotalScore")])
        for row in totals.rows
    ] == [(str(place), name, str(total)) for place, (name, total) in enumerate(BY_TOTAL, 1)]


# -- Under the target scoring ------------------------------------------------------------

#: Under the sliding scale boards 1–3 need 7 tricks (21 points), board 4 needs 8 (23):
#: board 1 East wins (Di, Cy), board 2 East wins again (9 tricks), board 3 North wins
#: (Cy, Ada), board 4 East–West win (Ed, Di: North takes 5).
TARGET_TRICKS = {(1, 1): 9, (1, 2): 9, (2, 3): 8, (2, 4): 5}
#: place, pupil, boards won, total points (won − lost). By total points alone Ed and
#: Bo would share 4th; Ed won a board and is 3rd, level with Ada, who lost fewer.
BY_WINS = [("1=", "Cy", 3, 2), ("1=", "Di", 3, 2), ("3=", "Ada", 1, 0), ("3=", "Ed", 1, -2)]
BY_WINS += [("5", "Bo", 0, -2)]


@pytest.fixture
def five_target(alice: User) -> Session:
    session = individual_session(alice, names=NAMES, rounds=2, scoring_profile="target")
    for round_ in (1, 2):
        play_round(
            session,
            round_,
            {
                (1, board): ("1NT", tricks)
                for (r, board), tricks in TARGET_TRICKS.items()
                if r == round_
            },
        )
    return session


def test_under_the_target_scoring_one_table_ranks_by_boards_won(five_target: Session) -> None:
    standings = session_standings(five_target)
    assert (standings.ranking, standings.by_wins) == ("total", True)
    [ranking] = standings.rankings
    assert [
        (row.total_place, row.pair.names, row.boards_won, row.total_points) for row in ranking.rows
    ] == BY_WINS


@pytest.mark.parametrize(
    ("language", "won", "ranked_by"),
    [("en", "Boards won", "ranked by boards won"), ("nb", "Spill vunnet", "rangert etter")],
)
def test_the_target_standings_say_so_on_the_page_pdf_and_workbook(
    alice_client: Client, five_target: Session, language: str, won: str, ranked_by: str
) -> None:
    page = _get(alice_client, f"/sessions/{five_target.pk}/standings/", language)
    assert WINS_SENTENCE[language] in page
    assert ranked_by in page
    assert _headings(page)[3] == won
    for _place, name, boards_won, total in BY_WINS:
        assert f'<td>{name}</td> <td class="big-number">{boards_won}</td><td>{total}</td>' in page
    projector = _get(alice_client, f"/sessions/{five_target.pk}/projector/", language)
    assert WINS_SENTENCE[language] in projector
    text = _pdf_text(_download(alice_client, five_target, "standings-pdf", language))
    assert WINS_SENTENCE[language] in text
    assert f" {won} " in text
    workbook = load_workbook(io.BytesIO(_download(alice_client, five_target, "xlsx", language)))
    rows = [list(row) for row in workbook.worksheets[0].iter_rows(values_only=True)]
    assert rows[0][5:] == [won, "Total points" if language == "en" else "Sum poeng"]
    assert rows[1][0] == WINS_SENTENCE[language]
    assert [(row[3], row[5], row[6]) for row in rows[2:]] == [
        (name, boards_won, total) for _place, name, boards_won, total in BY_WINS
    ]
