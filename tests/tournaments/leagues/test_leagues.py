"""The term league: starting one, its evenings as sessions, the cross-table from their
results, the projector and the downloads; bad input and other teachers' leagues.

The league of most tests is the booklet's: four pairs I to IV, best of 3 deals won by
the target, over two evenings. The fixtures (scoring.league.round_robin(4)):
evening 1 plays round 1 (I–IV, III–II) and round 2 (III–I, II–IV), evening 2 round 3
(I–II, IV–III). The results, by deals won: I–II 2–1, I–III 1–2, I–IV 3–0,
II–III 2–1, II–IV 2–1, III–IV 1–2, so (win 2, draw 1, loss 0):

after evening 1   I 2 (4–2)  II 4 (4–2)  III 2 (3–3)  IV 0 (1–5)  → II, I, III, IV
after evening 2   I 4 (6–3)  II 4 (5–4)  III 2 (4–5)  IV 2 (3–6)  → I, II, III, IV
"""

from __future__ import annotations

import datetime
import io
import subprocess
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from openpyxl import load_workbook
from pytest_django import Settings as SettingsWrapper

from tests.factories import league_class, play_league_round
from tournaments.leagues import selectors as league_selectors
from tournaments.leagues import services as league_services
from tournaments.models import League, Partnership, SchoolClass, Session
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services

EVENING_1 = {(1, 4): "111", (3, 2): "232", (3, 1): "313", (2, 4): "242"}
EVENING_2 = {(1, 2): "121", (4, 3): "434"}


@pytest.fixture
def booklet(alice: User) -> League:
    school_class, partnerships = league_class(alice)
    return league_services.league_create(
        school_class=school_class,
        name="Spring league",
        partnerships=partnerships,
        deals_per_match=3,
        scoring_profile="target",
        evenings=2,
    )


def _start(league: League, evening: int, teacher: User) -> Session:
    return league_services.league_evening_start(
        league=league, evening=evening, date=datetime.date(2026, 11, 30), teacher=teacher
    )


def _play(league: League, teacher: User, *, evenings: int = 2) -> None:
    first = _start(league, 1, teacher)
    play_league_round(first, 1, EVENING_1)
    play_league_round(first, 2, EVENING_1)
    session_services.session_finish(session=first)
    if evenings == 2:
        second = _start(league, 2, teacher)
        play_league_round(second, 1, EVENING_2)


def _table(league: League) -> list[tuple[str, int, str, str]]:
    standings = league_selectors.league_standings(league)
    return [(row.pair.label, row.points, row.deals_text, row.place) for row in standings.rows]


# -- Services and the cross-table ----------------------------------------------------------


def test_a_league_numbers_its_pairs_and_plans_its_evenings(booklet: League) -> None:
    assert [str(pair) for pair in booklet.pairs.all()] == [
        "A1 & A2",
        "B1 & B2",
        "C1 & C2",
        "D1 & D2",
    ]
    plans = league_selectors.league_evenings(booklet)
    assert [list(plan.rounds) for plan in plans] == [[1, 2], [3]]
    fixtures = [
        [(f.first.label, f.second.label if f.second else None) for f in plan.fixtures]
        for plan in plans
    ]
    assert fixtures == [
        [("I", "IV"), ("III", "II"), ("III", "I"), ("II", "IV")],
        [("I", "II"), ("IV", "III")],
    ]
    assert all(plan.session is None for plan in plans)


def test_an_evening_is_a_running_session_of_its_fixtures(booklet: League, alice: User) -> None:
    session = _start(booklet, 1, alice)
    assert session.state == Session.State.RUNNING
    assert session.movement_kind == Session.Kind.LEAGUE
    assert session.scoring_profile == "target"
    movement = session_selectors.session_movement(session)
    assert movement.rounds == 2
    assert movement.tables == 2
    assert session.board_set is not None
    assert session.board_set.boards.count() == 12  # 2 rounds × 2 tables × 3 deals
    first = [(str(e.ns_pair), str(e.ew_pair)) for e in movement.round_entries(1)]
    assert first == [("1", "4"), ("3", "2")]
    names = {
        pair.number: sorted(str(m.pupil) for m in pair.members.all())
        for pair in session.pairs.all()
    }
    assert names == {1: ["A1", "A2"], 2: ["B1", "B2"], 3: ["C1", "C2"], 4: ["D1", "D2"]}
    assert league_selectors.league_evenings(booklet)[0].session == session


def test_the_cross_table_after_each_evening(booklet: League, alice: User) -> None:
    assert _table(booklet) == [
        ("I", 0, "0–0", "1="),
        ("II", 0, "0–0", "1="),
        ("III", 0, "0–0", "1="),
        ("IV", 0, "0–0", "1="),
    ]
    _play(booklet, alice, evenings=1)
    assert _table(booklet) == [
        ("I", 2, "4–2", "2"),
        ("II", 4, "4–2", "1"),
        ("III", 2, "3–3", "3"),
        ("IV", 0, "1–5", "4"),
    ]
    second = _start(booklet, 2, alice)
    play_league_round(second, 1, EVENING_2)
    standings = league_selectors.league_standings(booklet)
    assert _table(booklet) == [
        ("I", 4, "6–3", "1"),
        ("II", 4, "5–4", "2"),
        ("III", 2, "4–5", "3"),
        ("IV", 2, "3–6", "4"),
    ]
    assert standings.finished
    assert standings.progress == "Final table"
    first = standings.rows[0]
    assert [None if c is None else (c.text, c.points) for c in first.cells] == [
        None,
        ("2–1", 2),
        ("1–2", 0),
        ("3–0", 2),
    ]
    assert [row.pair.label for row in standings.ranking] == ["I", "II", "III", "IV"]


def test_a_match_half_played_shows_in_brackets_and_earns_nothing(
    booklet: League, alice: User
) -> None:
    session = _start(booklet, 1, alice)
    play_league_round(session, 1, EVENING_1, only=1)  # I–IV only
    standings = league_selectors.league_standings(booklet)
    assert standings.progress == "1 of 6 mini-matches played"
    # III–II has not started: no cell at all.
    assert standings.rows[1].cells[2] is None


def test_by_the_score_the_side_that_scores_more_wins_each_deal(alice: User) -> None:
    school_class, partnerships = league_class(alice)
    league = league_services.league_create(
        school_class=school_class,
        name="By the score",
        partnerships=partnerships,
        deals_per_match=3,
        scoring_profile="ebu",
        evenings=1,
        points_win=3,
    )
    session = _start(league, 1, alice)
    assert session.scoring_profile == "ebu"
    for round_ in (1, 2, 3):
        play_league_round(session, round_, EVENING_1 | EVENING_2)
    assert [(label, points) for label, points, _d, _p in _table(league)] == [
        ("I", 6),
        ("II", 6),
        ("III", 3),
        ("IV", 3),
    ]


def test_an_odd_number_of_pairs_gives_a_bye(alice: User) -> None:
    school_class, partnerships = league_class(alice, pairs=5)
    league = league_services.league_create(
        school_class=school_class,
        name="Five",
        partnerships=partnerships,
        deals_per_match=5,
        scoring_profile="target",
        evenings=5,
    )
    session = _start(league, 1, alice)
    movement = session_selectors.session_movement(session)
    assert movement.tables == 3
    assert movement.entry(1, 3).sits_out
    assert session.board_set is not None
    assert session.board_set.boards.count() == 10  # two matches of five deals
    plan = league_selectors.league_evenings(league)[0]
    assert [f.second is None for f in plan.fixtures] == [False, False, True]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"partnerships": 2}, "A league is for 3 to 16 established pairs; 2 are ticked."),
        ({"evenings": 4}, "4 pairs play 3 rounds: choose 1 to 3 sessions."),
        ({"deals_per_match": 4}, "A mini-match is 3 or 5 deals."),
        ({"scoring_profile": "acbl"}, "Choose how a deal is won."),
        ({"points_win": 1, "points_draw": 2}, "A win must be worth at least a draw"),
    ],
)
def test_league_create_refuses_what_cannot_be_played(
    alice: User, changes: dict[str, int | str], message: str
) -> None:
    from django.core.exceptions import ValidationError

    school_class, partnerships = league_class(alice)
    arguments: dict[str, object] = {
        "school_class": school_class,
        "name": "Spring",
        "partnerships": partnerships,
        "deals_per_match": 3,
        "scoring_profile": "target",
        "evenings": 2,
    }
    for key, value in changes.items():
        arguments[key] = partnerships[: int(value)] if key == "partnerships" else value
    with pytest.raises(ValidationError) as refused:
        league_services.league_create(**arguments)  # type: ignore[arg-type]
    assert message in str(refused.value)
    assert not League.objects.exists()


def test_an_evening_of_too_many_boards_is_refused(alice: User) -> None:
    from django.core.exceptions import ValidationError

    school_class, partnerships = league_class(alice, pairs=16)
    with pytest.raises(ValidationError, match="more than 64 boards"):
        league_services.league_create(
            school_class=school_class,
            name="Big",
            partnerships=partnerships,
            deals_per_match=5,
            scoring_profile="target",
            evenings=1,
        )


def test_a_deleted_pupil_leaves_the_pair_and_its_results(booklet: League, alice: User) -> None:
    from tournaments.privacy import services as privacy_services

    _play(booklet, alice)
    for session in booklet.sessions.filter(state=Session.State.RUNNING):
        session_services.session_finish(session=session)
    pupil = booklet.pairs.get(number=1).first
    assert pupil is not None
    privacy_services.pupil_delete(pupil=pupil)
    assert _table(booklet)[0] == ("I", 4, "6–3", "1")
    assert league_selectors.league_standings(booklet).rows[0].pair.names == "A2"


# -- Views ------------------------------------------------------------------------------------


def _form(partnerships: list[Partnership], **changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "name": "Spring league",
        "partnerships": [p.pk for p in partnerships],
        "deals_per_match": "3",
        "scoring_profile": "target",
        "evenings": "2",
        "points_win": "2",
        "points_draw": "1",
        "points_loss": "0",
    }
    data.update(changes)
    return data


def test_it_shows_the_new_league_form_with_the_pairs_ticked(
    alice: User, alice_client: Client
) -> None:
    school_class, _partnerships = league_class(alice)
    response = alice_client.get(f"/classes/{school_class.pk}/leagues/new/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "A1 &amp; A2" in page
    assert page.count('name="partnerships"') == 4
    assert page.count("checked") >= 4


def test_it_starts_a_league(alice: User, alice_client: Client) -> None:
    school_class, partnerships = league_class(alice)
    response = alice_client.post(
        f"/classes/{school_class.pk}/leagues/new/", _form(partnerships), follow=True
    )
    league = League.objects.get()
    assert response.redirect_chain == [(f"/leagues/{league.pk}/", 302)]
    assert "League Spring league started." in response.content.decode()
    assert league.pairs.count() == 4
    assert (league.deals_per_match, league.scoring_profile, league.evenings) == (3, "target", 2)


def test_it_says_why_a_league_needs_three_pairs(alice: User, alice_client: Client) -> None:
    school_class, partnerships = league_class(alice, pairs=2)
    page = alice_client.get(f"/classes/{school_class.pk}/leagues/new/").content.decode()
    assert "A league needs at least 3 established pairs" in page
    norwegian = alice_client.get(
        f"/classes/{school_class.pk}/leagues/new/", headers={"accept-language": "nb"}
    ).content.decode()
    assert "En liga trenger minst 3 faste par" in norwegian
    three = league_class(alice, pairs=3, class_name="5D")[0]
    enough = alice_client.get(f"/classes/{three.pk}/leagues/new/").content.decode()
    assert "A league needs at least" not in enough
    response = alice_client.post(f"/classes/{school_class.pk}/leagues/new/", _form(partnerships))
    assert response.status_code == 422
    assert "A league is for 3 to 16 established pairs; 2 are ticked." in response.content.decode()
    assert not League.objects.exists()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"name": ""}, "This field is required."),
        ({"evenings": "9"}, "4 pairs play 3 rounds: choose 1 to 3 sessions."),
        ({"evenings": "lots"}, "Enter a whole number."),
        ({"deals_per_match": "4"}, "Select a valid choice."),
        ({"scoring_profile": "acbl"}, "Select a valid choice."),
        ({"points_win": "0"}, "A win must be worth at least a draw"),
        ({"partnerships": ["999999"]}, "Select a valid choice."),
    ],
)
def test_it_refuses_a_bad_league_form(
    alice: User, alice_client: Client, changes: dict[str, object], message: str
) -> None:
    school_class, partnerships = league_class(alice)
    data = _form(partnerships)
    data.update(changes)
    response = alice_client.post(f"/classes/{school_class.pk}/leagues/new/", data)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not League.objects.exists()


def test_another_classes_pairs_cannot_join(alice: User, alice_client: Client) -> None:
    school_class, partnerships = league_class(alice)
    _other, others = league_class(alice, class_name="7D")
    response = alice_client.post(
        f"/classes/{school_class.pk}/leagues/new/", _form(partnerships[:2] + others[:2])
    )
    assert response.status_code == 422
    assert not League.objects.exists()


def test_another_teacher_sees_no_league(booklet: League, alice: User, bob_client: Client) -> None:
    class_id = booklet.school_class_id
    for path in (
        f"/classes/{class_id}/leagues/new/",
        f"/leagues/{booklet.pk}/",
        f"/leagues/{booklet.pk}/projector/",
        f"/leagues/{booklet.pk}/export/pdf/",
        f"/leagues/{booklet.pk}/export/xlsx/",
    ):
        assert bob_client.get(path).status_code == 404, path
    response = bob_client.post(f"/leagues/{booklet.pk}/evenings/1/start/", {"date": "2026-11-30"})
    assert response.status_code == 404
    assert not Session.objects.exists()


def test_it_asks_a_visitor_to_log_in(booklet: League, client: Client) -> None:
    response = client.get(f"/leagues/{booklet.pk}/")
    assert response.status_code == 302
    assert "/login/" in response["Location"]


def test_it_shows_the_league_page(booklet: League, alice: User, alice_client: Client) -> None:
    _play(booklet, alice, evenings=1)
    response = alice_client.get(f"/leagues/{booklet.pk}/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Cross-table" in page
    assert "A1 &amp; A2" in page
    assert "3–0 <strong>2</strong>" in page
    assert "4 of 6 mini-matches played" in page
    assert "Start session 2" in page
    assert "Session 1" in page


def test_it_starts_an_evening(booklet: League, alice_client: Client) -> None:
    response = alice_client.post(f"/leagues/{booklet.pk}/evenings/1/start/", {"date": "2026-12-01"})
    session = Session.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/sessions/{session.pk}/"
    assert session.date == datetime.date(2026, 12, 1)
    assert session.league == booklet
    page = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert "Spring league" in page  # the way back to the league
    assert f'href="/leagues/{booklet.pk}/">Cross-table</a>' in page
    assert f'href="/leagues/{booklet.pk}/projector/"' in page
    assert f'href="/sessions/{session.pk}/standings/"' not in page
    assert "Round 1 of 2" in page


@pytest.mark.parametrize(
    ("evening", "date", "message"),
    [
        (1, "", "This field is required."),
        (1, "31.02.2026", "Enter a valid date."),
        (3, "2026-12-01", "This league has sessions 1 to 2."),
        (0, "2026-12-01", "This league has sessions 1 to 2."),
    ],
)
def test_it_refuses_a_bad_evening(
    booklet: League, alice_client: Client, evening: int, date: str, message: str
) -> None:
    response = alice_client.post(f"/leagues/{booklet.pk}/evenings/{evening}/start/", {"date": date})
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Session.objects.exists()


def test_an_evening_starts_once(booklet: League, alice_client: Client) -> None:
    path = f"/leagues/{booklet.pk}/evenings/1/start/"
    assert alice_client.post(path, {"date": "2026-12-01"}).status_code == 302
    again = alice_client.post(path, {"date": "2026-12-01"})
    assert again.status_code == 422
    assert "This session has started already." in again.content.decode()
    assert Session.objects.count() == 1


@pytest.mark.parametrize(
    "path",
    ["/leagues/{pk}/evenings/1/start/"],
)
def test_it_rejects_get(booklet: League, alice_client: Client, path: str) -> None:
    assert alice_client.get(path.format(pk=booklet.pk)).status_code == 405


@pytest.mark.parametrize("path", ["/leagues/{pk}/", "/leagues/{pk}/projector/"])
def test_it_rejects_post(booklet: League, alice_client: Client, path: str) -> None:
    assert alice_client.post(path.format(pk=booklet.pk)).status_code == 405


def test_the_projector_shows_first_names_and_refreshes(
    booklet: League, alice: User, alice_client: Client
) -> None:
    _play(booklet, alice, evenings=1)
    response = alice_client.get(f"/leagues/{booklet.pk}/projector/")
    assert response.status_code == 200
    page = response.content.decode()
    assert 'hx-trigger="every 10s"' in page
    assert "A1 &amp; A2" in page
    assert "3–0 <strong>2</strong>" in page
    # Nothing changed: "not modified"; a result changes it.
    again = alice_client.get(
        f"/leagues/{booklet.pk}/projector/", HTTP_IF_NONE_MATCH=response["ETag"]
    )
    assert again.status_code == 304
    partial = alice_client.get(f"/leagues/{booklet.pk}/projector/", HTTP_HX_REQUEST="true")
    assert partial.content.decode().lstrip().startswith('<main id="board"')


def test_the_projector_shows_no_surnames(alice: User, alice_client: Client) -> None:
    school_class, partnerships = league_class(alice)
    for partnership in partnerships:
        for pupil in (partnership.first, partnership.second):
            pupil.last_name = "Secret"
            pupil.save()
    league = league_services.league_create(
        school_class=school_class,
        name="Private",
        partnerships=partnerships,
        deals_per_match=3,
        scoring_profile="target",
        evenings=1,
    )
    assert "Secret" in alice_client.get(f"/leagues/{league.pk}/").content.decode()
    assert "Secret" not in alice_client.get(f"/leagues/{league.pk}/projector/").content.decode()


def _pdf_text(data: bytes, tmp_path: Path) -> str:
    path = tmp_path / "league.pdf"
    path.write_bytes(data)
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout


def test_the_pdf_is_the_cross_table(
    booklet: League, alice: User, alice_client: Client, tmp_path: Path
) -> None:
    _play(booklet, alice)
    response = alice_client.get(f"/leagues/{booklet.pk}/export/pdf/")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert 'filename="5c-spring-league.pdf"' in response["Content-Disposition"]
    text = _pdf_text(response.content, tmp_path)
    assert "5C · Spring league" in text
    assert "Final table" in text
    lines = {line.split()[0]: line.split() for line in text.splitlines() if line.strip()}
    assert lines["I"] == ["I", "A1", "&", "A2", "2–1", "2", "1–2", "0", "3–0", "2", "4", "1"]
    assert lines["IV"] == ["IV", "D1", "&", "D2", "0–3", "0", "1–2", "0", "2–1", "2", "2", "4"]


def test_the_pdf_on_letter_paper(booklet: League, alice_client: Client) -> None:
    from pypdf import PdfReader

    response = alice_client.get(f"/leagues/{booklet.pk}/export/pdf/?paper=letter")
    box = PdfReader(io.BytesIO(response.content)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def test_the_workbook_holds_the_cross_table_and_the_matches(
    booklet: League, alice: User, alice_client: Client
) -> None:
    _play(booklet, alice)
    response = alice_client.get(f"/leagues/{booklet.pk}/export/xlsx/")
    assert response.status_code == 200
    workbook = load_workbook(io.BytesIO(response.content))
    assert workbook.sheetnames == ["Cross-table", "Mini-matches"]
    cross = [[cell.value for cell in row] for row in workbook["Cross-table"].iter_rows()]
    assert cross[0] == ["Pair", "Names", "I", "II", "III", "IV", "Points", "Place", "Tied"]
    assert cross[1] == ["I", "A1 & A2", None, "2–1", "1–2", "3–0", 4, 1, False]
    assert cross[4] == ["IV", "D1 & D2", "0–3", "1–2", "2–1", None, 2, 4, False]
    matches = [[cell.value for cell in row] for row in workbook["Mini-matches"].iter_rows()]
    assert matches[0] == ["Pair", "Opponents", "Deals won", "Deals lost", "Points"]
    assert matches[1] == ["I", "II", 2, 1, 2]
    assert len(matches) == 1 + 12


def test_an_unknown_download_is_not_found(booklet: League, alice_client: Client) -> None:
    assert alice_client.get(f"/leagues/{booklet.pk}/export/docx/").status_code == 404


def test_the_league_in_norwegian(
    booklet: League, alice: User, alice_client: Client, tmp_path: Path
) -> None:
    from django.utils import translation

    _play(booklet, alice, evenings=1)
    alice_client.cookies["django_language"] = "nb"
    with translation.override(None):
        page = alice_client.get(f"/leagues/{booklet.pk}/").content.decode()
        assert "Krysstabell" in page
        assert "4 av 6 minikamper spilt" in page
        assert "Start økt 2" in page
        text = _pdf_text(alice_client.get(f"/leagues/{booklet.pk}/export/pdf/").content, tmp_path)
        assert "Krysstabell" in text
        assert "Poeng" in text
        workbook = load_workbook(
            io.BytesIO(alice_client.get(f"/leagues/{booklet.pk}/export/xlsx/").content)
        )
        assert workbook.sheetnames == ["Krysstabell", "Minikamper"]
        form = alice_client.get(f"/classes/{booklet.school_class_id}/leagues/new/").content.decode()
        assert "Ny liga" in form


def test_the_class_page_lists_its_leagues(booklet: League, alice_client: Client) -> None:
    page = alice_client.get(f"/classes/{booklet.school_class_id}/").content.decode()
    assert f'href="/leagues/{booklet.pk}/"' in page
    assert "New league" in page
    assert SchoolClass.objects.count() == 1


def test_the_class_export_holds_its_leagues(booklet: League, alice: User) -> None:
    from tournaments.privacy import selectors as privacy_selectors

    session = _start(booklet, 1, alice)
    data = privacy_selectors.class_export(booklet.school_class)
    [league] = data["leagues"]
    assert (league["name"], league["deals_per_match"], league["sessions"]) == (
        "Spring league",
        3,
        2,
    )
    pupils = {p.pk: str(p) for p in booklet.school_class.pupils.all()}
    assert [pupils[pk] for pk in league["pairs"][0]["pupils"]] == ["A1", "A2"]
    [exported] = data["sessions"]
    assert (exported["league"], exported["league_session"]) == (booklet.pk, 1)
    assert exported["id"] == session.pk


def test_a_league_session_prints_and_shows_like_any_session(
    booklet: League,
    alice: User,
    alice_client: Client,
    settings: SettingsWrapper,
    tmp_path: Path,
) -> None:
    settings.PUBLIC_URL = "http://192.0.2.10:8000"
    session = _start(booklet, 1, alice)
    play_league_round(session, 1, EVENING_1)
    for kind in ("table-cards", "movement-chart", "pair-cards"):
        response = alice_client.get(f"/sessions/{session.pk}/print/{kind}/")
        assert response.status_code == 200, kind
        assert response["Content-Type"] == "application/pdf"
    chart = _pdf_text(
        alice_client.get(f"/sessions/{session.pk}/print/movement-chart/").content, tmp_path
    )
    assert "1-3" in chart.replace("–", "-") or "1–3" in chart
    for path in ("", "grid/", "standings/", "boards/1/", "projector/"):
        assert alice_client.get(f"/sessions/{session.pk}/{path}").status_code == 200, path
