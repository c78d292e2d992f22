"""Each school's own ranking in an event ranks as the school did (docs/rules.md §14): a school
playing on this site as its session's standings rank (a Mitchell without an arrow switch:
N–S and E–W apart; otherwise one field), an uploaded file as its results show. The
organiser's page and the spreadsheet head a Mitchell school's two lists as a session's
standings head them."""

from __future__ import annotations

import io
import random
import re
from html import unescape

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from events.models import Event, EventSchool
from events.results.copying import pair_key
from events.results.selectors import SchoolRanking, school_rankings
from events.results.sync import sync_direct_schools
from events.schools.services import school_join
from events.schools.upload_outcomes import Outcome
from events.schools.uploads import event_boards, school_upload
from scoring.cards import Side
from scoring.upload import Upload, UploadBoard, UploadPair, UploadResult
from scoring.usebio import write_usebio
from tests.factories import (
    board_set_of,
    event_school_session,
    organiser_event,
    play_round,
    running_session,
)
from tournaments.labels import bridge as bridge_labels
from tournaments.models import Pair, Session
from tournaments.privacy import services as privacy_services
from tournaments.standings.selectors import Standings, session_standings

CONTRACTS = ["1NT", "1S", "1H", "1C", "1D", "3NT", "4H", "4S", "5C", "5D"]


def play(session: Session, rounds: int, *, seed: int) -> None:
    """Every table of every round plays a contract from a spread, seeded, so the pairs'
    percentages differ."""
    rng = random.Random(seed)
    tables = session.tables.count()
    boards = board_set_of(session).boards.count()
    for round_ in range(1, rounds + 1):
        plan = {
            (table, board): (rng.choice(CONTRACTS), rng.randint(4, 12))
            for table in range(1, tables + 1)
            for board in range(1, boards + 1)
        }
        play_round(session, round_, plan)


def as_shown(
    standings: Standings, session: Session
) -> list[tuple[str, list[tuple[str, str, float]]]]:
    """The session's own rankings: each list's heading, then (place, pair id in the
    event, percentage) for its ranked pairs."""
    keys = {
        pair.pk: pair_key(pair.number, pair.line) for pair in Pair.objects.filter(session=session)
    }
    return [
        (
            ranking.title,
            sorted(
                (row.place, keys[row.pair.pk], row.percentage)
                for row in ranking.rows
                if row.ranked and row.percentage is not None
            ),
        )
        for ranking in standings.rankings
    ]


def in_event(ranking: SchoolRanking) -> list[tuple[str, list[tuple[str, str, float]]]]:
    """The event's ranking of a school in the same terms."""
    return [
        (
            listed.title,
            sorted((pair.place, pair.key, round(pair.percentage, 2)) for pair in listed.pairs),
        )
        for listed in ranking.lists
    ]


def school(event: Event, name: str) -> SchoolRanking:
    return next(ranking for ranking in school_rankings(event) if ranking.name == name)


def has_a_winner(places: list[str]) -> bool:
    return bool({"1", "1="} & set(places))


# --------------------------------------------------------------------------- played here


@pytest.mark.parametrize(
    ("movement_kind", "arrow_switch", "pupils", "headings"),
    [
        ("mitchell", False, 16, ["North–South", "East–West"]),
        ("mitchell", True, 16, [""]),
        ("howell", False, 8, [""]),
    ],
)
def test_a_school_playing_here_is_ranked_as_its_session_ranks(
    alice: User, movement_kind: str, arrow_switch: bool, pupils: int, headings: list[str]
) -> None:
    """The session's own standings and the event's ranking of the school, from the same
    results: list for list, place for place, pair for pair, percentage for percentage."""
    event = organiser_event(boards=12)
    session = event_school_session(
        event,
        alice,
        school="Hill School",
        pupils=pupils,
        rounds=3,
        movement_kind=movement_kind,
        arrow_switch=arrow_switch,
    )
    play(session, 3, seed=7)
    sync_direct_schools(event)
    with translation.override("en"):
        shown = as_shown(session_standings(session), session)
        ranked = in_event(school(event, "Hill School"))
    assert [title for title, _rows in shown] == headings
    assert ranked == shown
    assert sum(len(rows) for _title, rows in ranked) == pupils // 2  # every pair is ranked
    if len(headings) == 2:
        # Each side has its own winner: in one list N–S and E–W would share the places.
        assert all(has_a_winner([place for place, _k, _p in rows]) for _title, rows in ranked)


def test_a_six_table_mitchell_ranks_each_side_apart(alice: User) -> None:
    """The issue's case: a 6-table Mitchell school's E–W pair is placed among the E–W
    pairs only, as in its session, not among all twelve pairs."""
    event = organiser_event(boards=12)
    session = event_school_session(
        event, alice, school="Lake School", pupils=24, rounds=5, movement_kind="mitchell"
    )
    play(session, 5, seed=11)
    sync_direct_schools(event)
    with translation.override("en"):
        shown = as_shown(session_standings(session), session)
        ranked = school(event, "Lake School")
    assert in_event(ranked) == shown
    assert [len(listed.pairs) for listed in ranked.lists] == [6, 6]
    keys = [{pair.key for pair in listed.pairs} for listed in ranked.lists]
    assert all(key.endswith("NS") for key in keys[0])
    assert all(key.endswith("EW") for key in keys[1])


def test_the_headings_follow_the_language(alice: User) -> None:
    event = organiser_event(boards=12)
    session = event_school_session(
        event, alice, school="Hill School", pupils=12, rounds=3, movement_kind="mitchell"
    )
    play(session, 3, seed=3)
    sync_direct_schools(event)
    with translation.override("nb"):
        titles = [listed.title for listed in school(event, "Hill School").lists]
    with translation.override("nb"):
        assert titles == [bridge_labels.side_name(Side.NS), bridge_labels.side_name(Side.EW)]
    assert titles[0] != "North–South"


def test_a_deleted_session_keeps_its_two_lists(alice: User) -> None:
    """The session deleted (its results stay in the event without names): the rows show
    a Mitchell, so the school stays ranked in two lists."""
    event = organiser_event(boards=12)
    session = event_school_session(
        event, alice, school="Hill School", pupils=12, rounds=3, movement_kind="mitchell"
    )
    play(session, 3, seed=5)
    sync_direct_schools(event)
    with translation.override("en"):
        before = in_event(school(event, "Hill School"))
        privacy_services.class_delete(school_class=session.school_class)
        after = school(event, "Hill School")
    assert EventSchool.objects.get(name="Hill School").session is None
    assert [title for title, _rows in before] == ["North–South", "East–West"]
    assert [(listed.title, len(listed.pairs)) for listed in after.lists] == [
        ("North–South", 3),
        ("East–West", 3),
    ]


# --------------------------------------------------------------------------- uploaded


def test_an_uploaded_mitchell_is_ranked_in_two_lists(alice: User, alice_client: Client) -> None:
    """The site's PBN export of a Mitchell played on a laptop: every pair sat one
    direction, so two lists, each as the laptop's own standings rank it."""
    event = organiser_event(boards=8, seed="event")
    joined = school_join(event=event, teacher=alice, name="Ask skole", source="pbn")
    laptop = running_session(alice, seed="event", board_count=8, class_name="7L")
    play(laptop, 3, seed=13)
    data = alice_client.get(f"/sessions/{laptop.pk}/export/pbn/").content
    assert school_upload(school=joined, data=data).outcome is Outcome.TAKEN
    with translation.override("en"):
        ranked = in_event(school(event, "Ask skole"))
        shown = as_shown(session_standings(laptop), laptop)
    assert [title for title, _rows in ranked] == ["North–South", "East–West"]
    assert ranked == shown


def _usebio(event: Event, pairs: list[tuple[str, str]]) -> bytes:
    """Boards 1–4 in USEBIO, each played by the (N–S, E–W) pairs given for it."""
    facts = event_boards(event)
    return write_usebio(
        Upload(
            boards=tuple(UploadBoard(n, facts[n].deal, facts[n].dealer) for n in range(1, 5)),
            pairs=tuple(UploadPair(str(n), (f"Kid{n}a", f"Kid{n}b")) for n in range(1, 5)),
            results=tuple(
                UploadResult(
                    n,
                    ns,
                    ew,
                    contract=contract,
                    declarer=facts[n].declaration.declarer,
                    tricks=tricks,
                    ns_score=0,  # scored again by the event
                )
                for n in range(1, 5)
                for (ns, ew), contract, tricks in zip(
                    pairs[2 * n - 2 : 2 * n], ("1NT", "3NT"), (7 + n % 3, 9 - n % 2), strict=True
                )
            ),
        )
    )


def test_an_uploaded_howell_is_one_field(alice: User) -> None:
    """Pairs that sat both directions (a Howell): one list, places among all pairs."""
    event = organiser_event(boards=8, seed="event")
    joined = school_join(event=event, teacher=alice, name="Berg skole", source="usebio")
    howell = [("1", "2"), ("3", "4"), ("2", "3"), ("4", "1"), ("1", "3"), ("2", "4")]
    howell += [("4", "2"), ("3", "1")]
    assert school_upload(school=joined, data=_usebio(event, howell)).outcome is Outcome.TAKEN
    ranked = school(event, "Berg skole")
    assert [listed.title for listed in ranked.lists] == [""]
    assert len(ranked.pairs) == 4
    assert has_a_winner([pair.place for pair in ranked.pairs])


def test_an_uploaded_file_with_fixed_sides_is_two_lists(alice: User) -> None:
    event = organiser_event(boards=8, seed="event")
    joined = school_join(event=event, teacher=alice, name="Berg skole", source="usebio")
    fixed = [("1", "2"), ("3", "4"), ("1", "4"), ("3", "2")] * 2
    assert school_upload(school=joined, data=_usebio(event, fixed)).outcome is Outcome.TAKEN
    with translation.override("en"):
        ranked = school(event, "Berg skole")
    assert [listed.title for listed in ranked.lists] == ["North–South", "East–West"]
    assert [{pair.key for pair in listed.pairs} for listed in ranked.lists] == [
        {"1", "3"},
        {"2", "4"},
    ]
    for listed in ranked.lists:
        assert has_a_winner([pair.place for pair in listed.pairs])


# --------------------------------------------------------------------------- page and sheet


@pytest.fixture
def two_schools(alice: User, bob: User) -> Event:
    """A Mitchell school and a Howell school play the event here."""
    event = organiser_event(boards=12)
    mitchell = event_school_session(
        event, alice, school="Mitchell School", pupils=12, rounds=3, movement_kind="mitchell"
    )
    howell = event_school_session(event, bob, school="Howell School", rounds=3)
    play(mitchell, 3, seed=17)
    play(howell, 3, seed=19)
    return event


def _organiser(event: Event) -> Client:
    client = Client()
    client.force_login(event.organiser.user)
    return client


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


@pytest.mark.parametrize(
    ("language", "north_south", "east_west"),
    [("en", "North–South", "East–West"), ("nb", "Nord–Syd", "Øst–Vest")],
)
def test_the_organisers_page_heads_a_mitchell_schools_two_lists(
    two_schools: Event, language: str, north_south: str, east_west: str
) -> None:
    client = _organiser(two_schools)
    client.cookies["django_language"] = language
    response = client.get(reverse("events:national_results", kwargs={"event_id": two_schools.pk}))
    assert response.status_code == 200
    html = response.content.decode()
    mitchell = html.split(">Mitchell School</h3>", 1)[1].split("</h3>", 1)[0]
    howell = html.split(">Howell School</h3>", 1)[1].split("<h3", 1)[0]
    assert re.findall(r"<h4[^>]*>(.*?)</h4>", mitchell) == [north_south, east_west]
    assert mitchell.count('school-ranking"') == 2
    assert "<h4" not in howell
    assert howell.count('school-ranking"') == 1
    with translation.override(language):
        ranked = school(two_schools, "Mitchell School")
    for listed, section in zip(ranked.lists, mitchell.split("<h4")[1:], strict=True):
        body = section.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
        rows = [
            [_text(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
        ]
        assert [row[0] for row in rows] == [pair.place for pair in listed.pairs]
        assert [row[2] for row in rows] == [
            f"{pair.percentage:.2f} %".replace(".", "," if language == "nb" else ".")
            for pair in listed.pairs
        ]


def test_the_spreadsheet_heads_a_mitchell_schools_two_lists(two_schools: Event) -> None:
    client = _organiser(two_schools)
    url = reverse("events:national_export", kwargs={"event_id": two_schools.pk, "kind": "xlsx"})
    response = client.get(url)
    assert response.status_code == 200
    sheet = load_workbook(io.BytesIO(response.content))["Schools"]
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    firsts = [row[0] for row in rows]
    # Schools in name order: the Howell one list, the Mitchell N–S then E–W.
    howell = firsts.index("Howell School")
    mitchell = firsts.index("Mitchell School")
    assert firsts[mitchell + 1] == "North–South"
    assert "North–South" not in firsts[howell:mitchell]
    east_west = firsts.index("East–West")
    north_south = rows[mitchell + 2 : east_west]
    east_west_rows = rows[east_west + 1 :]
    with translation.override("en"):
        ranked = school(two_schools, "Mitchell School")
    for listed, sheet_rows in zip(ranked.lists, (north_south, east_west_rows), strict=True):
        assert [row[4] for row in sheet_rows] == [pair.key for pair in listed.pairs]
        assert [row[0] for row in sheet_rows] == [
            int(pair.place.removesuffix("=")) for pair in listed.pairs
        ]
        assert [row[8] for row in sheet_rows] == [
            pytest.approx(pair.percentage / 100, abs=1e-4) for pair in listed.pairs
        ]
