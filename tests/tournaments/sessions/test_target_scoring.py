"""Target scoring in class (issue 16, part 4): the session's own target table, set and
checked before the start, used for every score; the target wherever the pupils look."""

from __future__ import annotations

import datetime
import io
import re

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import translation
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring.cards import Seat, Strain
from scoring.dd import DDTable
from scoring.profiles import SLIDING_SCALE, TargetProfile, TargetTable, get_profile
from tests.factories import running_session
from tournaments.boards import selectors as board_selectors
from tournaments.feedback.pbn import pbn_feedback
from tournaments.models import Board, Pupil, Result, SchoolClass, Session, Table
from tournaments.results import selectors as result_selectors
from tournaments.results import services as result_services
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services
from tournaments.standings.selectors import session_standings

#: A teacher's own table, stricter than the sliding scale: 21–40 points need 7 + 1
#: trick for each 3 points over 21 (so 26 points need 8, not 9).
OURS = [
    (21, 23, 7),
    (24, 26, 8),
    (27, 29, 9),
    (30, 32, 10),
    (33, 35, 11),
    (36, 38, 12),
    (39, 40, 13),
]


def _draft(teacher: User, name: str = "7C") -> Session:
    school_class = SchoolClass.objects.create(teacher=teacher, name=name)
    present = [
        Pupil.objects.create(school_class=school_class, first_name=f"P{n}") for n in range(8)
    ]
    return session_services.session_create(
        school_class=school_class, present=present, date=datetime.date(2026, 11, 30)
    )


def _where(session: Session, board: int) -> Table:
    movement = session_selectors.session_movement(session)
    for entry in movement.round_entries(1):
        if board in movement.boards(entry.board_set):
            return session.tables.get(number=entry.table)
    raise AssertionError(board)


def _facts(session: Session, number: int) -> board_selectors.BoardFacts:
    board = Board.objects.get(board_set_id=session.board_set_id, number=number)
    return board_selectors.board_facts(board, profile=session.profile)


# --------------------------------------------------------------------------- the service


@pytest.mark.django_db
def test_the_teachers_table_is_stored_and_scores_the_session(alice: User) -> None:
    session = _draft(alice)
    assert session.scoring_profile == "ebu"
    table = session_services.session_target_table_set(session=session, bands=list(reversed(OURS)))
    session.refresh_from_db()
    # Saving a table makes the session score by targets, with that table.
    assert session.scoring_profile == "target"
    assert session.target_table == [list(row) for row in OURS]
    assert table.spec == "21-23:7,24-26:8,27-29:9,30-32:10,33-35:11,36-38:12,39-40:13"
    assert session.profile_key == "target:" + table.spec
    profile = get_profile(session.profile_key)
    assert isinstance(profile, TargetProfile)
    assert profile.table.target_for(26) == 8  # the sliding scale says 9
    assert SLIDING_SCALE.target_for(26) == 9


@pytest.mark.django_db
def test_the_edited_table_scores_entry_travellers_and_standings(alice: User) -> None:
    session = running_session(alice, seed="target-own", target_table=OURS)
    assert session.state == Session.State.RUNNING
    assert session.profile_key.startswith("target:")
    facts = _facts(session, 1)
    ours = TargetTable.from_bands("ours", OURS).target_for(facts.side_hcp)
    assert facts.target == ours
    # Exactly the target: made under the session's table, whatever the sliding scale says.
    table = _where(session, 1)
    result = result_services.result_record(
        table=table, board_number=1, contract="1S", tricks_won=ours
    )
    traveller = result_selectors.traveller(session, 1)
    [row] = [row for row in traveller if row.result.pk == result.pk]
    assert row.scored is not None
    assert row.scored.made
    assert row.scored.ns_net == (1 if facts.declaration.declarer.side.value == "NS" else -1)
    standings = session_standings(session)
    [board] = standings.travellers
    assert board.target == ours
    [line] = board.lines
    assert line.scored == row.scored
    # One trick short of its own target fails, on another board.
    facts_2 = _facts(session, 2)
    assert facts_2.target is not None
    short = result_services.result_record(
        table=_where(session, 2), board_number=2, contract="3NT", tricks_won=facts_2.target - 1
    )
    [row_2] = [r for r in result_selectors.traveller(session, 2) if r.result.pk == short.pk]
    assert row_2.scored is not None
    assert not row_2.scored.made


def _problems(session: Session, bands: list[tuple[int, int, int]]) -> list[str]:
    with pytest.raises(ValidationError) as info:
        session_services.session_target_table_set(session=session, bands=bands)
    return info.value.messages


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("bands", "english", "norwegian"),
    [
        (
            [(21, 25, 7), (24, 40, 9)],
            [
                "24 to 25 points have two targets (7 and 9 tricks): give each count of "
                "points one target."
            ],
            ["24 til 25 poeng har to mål (7 og 9 stikk): gi hvert poengtall ett mål."],
        ),
        (
            [(21, 24, 7), (27, 40, 9)],
            ["No target for 25–26 points: every count from 21 to 40 needs one."],
            ["Ingen mål for 25–26 poeng: hvert poengtall fra 21 til 40 trenger ett."],
        ),
        (
            [(21, 30, 7), (28, 41, 9)],
            [
                "28 to 41 points is not possible: a row runs from the lower count to the "
                "higher one, between 20 and 40 points.",
                "No target for 31–40 points: every count from 21 to 40 needs one.",
            ],
            [
                "28 til 41 poeng går ikke: en rad går fra det laveste poengtallet til det "
                "høyeste, mellom 20 og 40 poeng.",
                "Ingen mål for 31–40 poeng: hvert poengtall fra 21 til 40 trenger ett.",
            ],
        ),
        (
            [(21, 30, 6), (31, 40, 14)],
            [
                "A target of 6 tricks is not possible: a target is from 7 to 13 tricks.",
                "A target of 14 tricks is not possible: a target is from 7 to 13 tricks.",
            ],
            [
                "Et mål på 6 stikk går ikke: et mål er fra 7 til 13 stikk.",
                "Et mål på 14 stikk går ikke: et mål er fra 7 til 13 stikk.",
            ],
        ),
        (
            # Every problem at once: a gap, an overlap and a band backwards.
            [(21, 22, 7), (22, 24, 8), (30, 26, 9), (31, 40, 11)],
            [
                "22 to 22 points have two targets (7 and 8 tricks): give each count of "
                "points one target.",
                "30 to 26 points is not possible: a row runs from the lower count to the "
                "higher one, between 20 and 40 points.",
                "No target for 25–30 points: every count from 21 to 40 needs one.",
            ],
            [
                "22 til 22 poeng har to mål (7 og 8 stikk): gi hvert poengtall ett mål.",
                "30 til 26 poeng går ikke: en rad går fra det laveste poengtallet til det "
                "høyeste, mellom 20 og 40 poeng.",
                "Ingen mål for 25–30 poeng: hvert poengtall fra 21 til 40 trenger ett.",
            ],
        ),
    ],
)
def test_every_problem_gets_its_message_and_nothing_is_saved(
    alice: User,
    bands: list[tuple[int, int, int]],
    english: list[str],
    norwegian: list[str],
) -> None:
    session = _draft(alice)
    session_services.session_target_table_set(session=session, bands=OURS)
    before = Session.objects.values().get(pk=session.pk)
    with translation.override("en"):
        assert _problems(session, bands) == english
    with translation.override("nb"):
        assert _problems(session, bands) == norwegian
    assert Session.objects.values().get(pk=session.pk) == before


@pytest.mark.django_db
def test_after_the_start_the_table_cannot_change(alice: User) -> None:
    session = running_session(alice, seed="target-started", target_table=OURS)
    before = Session.objects.values().get(pk=session.pk)
    with pytest.raises(ValidationError, match="The session has started"):
        session_services.session_target_table_set(session=session, bands=[(21, 40, 7)])
    with pytest.raises(ValidationError, match="The session has started"):
        session_services.session_target_table_reset(session=session, preset="target-french")
    assert Session.objects.values().get(pk=session.pk) == before


@pytest.mark.django_db
def test_a_published_table_again_and_another_scoring_forget_the_teachers(
    alice: User,
) -> None:
    session = _draft(alice)
    session_services.session_target_table_set(session=session, bands=OURS)
    table = session_services.session_target_table_reset(session=session, preset="target-french")
    session.refresh_from_db()
    assert (session.scoring_profile, session.target_table) == ("target-french", None)
    assert session.profile_key == "target-french"
    assert table.target_for(21) == 7
    assert table.target_for(37) == 13
    with pytest.raises(ValidationError):
        session_services.session_target_table_reset(session=session, preset="ebu")
    # Kept through the start when the scoring stays a target one (the factory sets the
    # table, then starts with the scoring it left) …
    kept = running_session(alice, seed="target-kept", class_name="8B", target_table=OURS)
    assert kept.profile_key.startswith("target:")
    # … and dropped when the set-up chooses another scoring.
    other = _draft(alice, name="7D")
    session_services.session_target_table_set(session=other, bands=OURS)
    session_services.session_setup_and_start(
        session=other,
        teacher=alice,
        board_set=None,
        movement_kind="mitchell",
        movement_style="skip",
        rounds=1,
        arrow_switch=False,
        boards_per_round=2,
        scoring_profile="target-french",
        convention="ebu",
    )
    other.refresh_from_db()
    assert other.state == Session.State.RUNNING
    assert (other.target_table, other.profile_key) == (None, "target-french")


# --------------------------------------------------------------------------- the page


@pytest.mark.django_db
def test_the_page_shows_the_table_and_saves_a_good_one(
    alice: User, alice_client: Client, bob_client: Client
) -> None:
    session = _draft(alice)
    url = f"/sessions/{session.pk}/target-table/"
    page = alice_client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    # The sliding scale, one row per target, ready to change.
    assert 'name="low_9" id="id_low_9" value="25"' in html
    assert 'name="high_9" id="id_high_9" value="27"' in html
    assert "Save the table" in html
    assert "This session does not score by targets yet." in html
    assert bob_client.get(url).status_code == 404
    assert alice_client.get(f"/sessions/{session.pk}/setup/").content.decode().count(url) == 1
    form = {f"low_{t}": str(low) for low, _high, t in OURS} | {
        f"high_{t}": str(high) for _low, high, t in OURS
    }
    response = alice_client.post(url, form)
    assert response.status_code == 302
    assert response["Location"] == f"/sessions/{session.pk}/setup/"
    session.refresh_from_db()
    assert session.target_table == [list(row) for row in OURS]
    assert session.scoring_profile == "target"
    assert "This session uses your own table, below." in alice_client.get(url).content.decode()
    # Back to a published table, in one tap.
    response = alice_client.post(url, {"preset": "target-french"})
    assert response.status_code == 302
    html = alice_client.get(url).content.decode()
    assert "The session now uses the published table." in html
    assert (
        "This session uses the published table: Target tricks from the points (French table)."
        in html
    )
    assert 'name="low_7" id="id_low_7" value="20"' in html


@pytest.mark.django_db
def test_the_page_refuses_a_bad_table_with_every_message_and_saves_nothing(
    alice: User, alice_client: Client
) -> None:
    session = _draft(alice)
    url = f"/sessions/{session.pk}/target-table/"
    # 7: 21–24; 8: 24–26 (24 twice); 9 left empty (a gap at 27); 10: half a row;
    # 11: not a number; 12: 28–40.
    form = {
        "low_7": "21",
        "high_7": "24",
        "low_8": "24",
        "high_8": "26",
        "low_10": "30",
        "low_11": "lots",
        "high_11": "33",
        "low_12": "28",
        "high_12": "40",
    }
    before = Session.objects.values().get(pk=session.pk)
    response = alice_client.post(url, form)
    assert response.status_code == 422
    html = response.content.decode()
    assert "Give both counts for 10 tricks, or leave both empty." in html
    assert "Write a whole number of points." in html
    assert Session.objects.values().get(pk=session.pk) == before
    # With the rows themselves complete, the table's problems are named together.
    del form["low_10"], form["low_11"], form["high_11"]
    response = alice_client.post(url, form)
    assert response.status_code == 422
    html = response.content.decode()
    assert "24 to 24 points have two targets (7 and 8 tricks)" in html
    assert "No target for 27 points: every count from 21 to 40 needs one." in html
    assert 'value="24"' in html  # the teacher's answers are kept
    assert Session.objects.values().get(pk=session.pk) == before
    alice_client.cookies["django_language"] = "nb"
    response = alice_client.post(url, form)
    html = response.content.decode()
    assert "Ingen mål for 27 poeng: hvert poengtall fra 21 til 40 trenger ett." in html
    assert "24 til 24 poeng har to mål (7 og 8 stikk)" in html


@pytest.mark.django_db
def test_once_started_the_table_is_shown_and_says_why_it_cannot_change(
    alice: User, alice_client: Client
) -> None:
    session = running_session(alice, seed="target-page", target_table=OURS)
    url = f"/sessions/{session.pk}/target-table/"
    html = alice_client.get(url).content.decode()
    assert "The session has started, so its target table stays as it is" in html
    assert "<td>24–26</td><td>8</td>" in html
    assert 'name="low_7"' not in html
    before = Session.objects.values().get(pk=session.pk)
    response = alice_client.post(url, {"low_7": "21", "high_7": "40"})
    assert response.status_code == 409
    response = alice_client.post(url, {"preset": "target"})
    assert response.status_code == 302
    assert Session.objects.values().get(pk=session.pk) == before
    detail = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert url in detail


# --------------------------------------------------------------------------- where pupils look


@pytest.mark.django_db
def test_the_entry_panel_shows_the_target_and_asks_no_level(alice: User) -> None:
    session = running_session(alice, seed="target-panel", target_table=OURS)
    table = _where(session, 1)
    target = _facts(session, 1).target
    html = Client().get(f"/t/{table.token}/").content.decode()
    assert f"Target: {target} tricks" in html
    assert "Part-score or game" not in html
    assert '<input type="hidden" name="level" value="part-score">' in html
    # The panel saves with the strain and the tricks alone.
    response = Client().post(
        f"/t/{table.token}/boards/1/",
        {"strain": "H", "level": "part-score", "tricks": str(target), "key": "k1", "round": "1"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    saved = Result.objects.get()
    assert saved.contract == "1H"
    # The table's traveller after the save shows the target too.
    assert f"Target: {target} tricks" in response.content.decode()
    # An EBU session's panel still asks.
    ebu = running_session(alice, seed="ebu-panel", class_name="9A")
    html = Client().get(f"/t/{_where(ebu, 1).token}/").content.decode()
    assert "Part-score or game" in html
    assert "Target:" not in html


@pytest.mark.django_db
def test_the_board_page_and_its_par_speak_in_targets(alice: User, alice_client: Client) -> None:
    session = running_session(alice, seed="target-board", target_table=OURS, board_count=8)
    board = Board.objects.get(board_set_id=session.board_set_id, number=1)
    # A made-up analysis: declarer takes 9 tricks in spades, fewer elsewhere.
    facts = _facts(session, 1)
    declarer = facts.declaration.declarer
    ours = (declarer, declarer.partner)
    board.dd_tricks = DDTable(
        {
            (seat, strain): (9 if strain is Strain.SPADES else 6) if seat in ours else 4
            for seat in Seat
            for strain in Strain
        }
    ).to_pbn()
    board.save()
    target = _facts(session, 1).target
    html = alice_client.get(f"/sessions/{session.pk}/boards/1/").content.decode()
    assert f"Target: {target} tricks" in html
    assert target is not None
    # Spades reach 9 tricks; when the target is higher nothing makes, and the par is
    # the cheapest strain's 6 tricks.
    par = f"Target {target}: ♠ makes 9" if target <= 9 else f"Target {target}: ♣ takes only 6"
    assert par in html
    assert "+1" not in re.sub(r"<[^>]+>", "", html).split("Corrections and flags")[0]
    # The exports say it the same way once the board has a result.
    result_services.result_record(
        table=_where(session, 1), board_number=1, contract="1H", tricks_won=6
    )
    data = alice_client.get(f"/sessions/{session.pk}/export/xlsx/").content
    boards = load_workbook(io.BytesIO(data))["Boards"]
    assert boards["B2"].value == par
    pdf = _pdf_text(alice_client.get(f"/sessions/{session.pk}/export/travellers-pdf/").content)
    assert par in pdf
    assert par in alice_client.get(f"/sessions/{session.pk}/feedback/").content.decode()
    # The table's feedback tells the better strain in targets too.
    html = alice_client.get(f"/sessions/{session.pk}/boards/1/").content.decode()
    if target <= 9:  # hearts (6 tricks) fail where spades make
        assert html.count(par) == 3  # the par, the feedback and the cards ("See the cards")


def _pdf_text(data: bytes) -> str:
    return " ".join(
        " ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages
    )


@pytest.mark.django_db
def test_board_slips_curtain_cards_and_travellers_print_the_target(
    alice: User, alice_client: Client
) -> None:
    session = running_session(alice, seed="target-print", target_table=OURS)
    targets = {number: _facts(session, number).target for number in range(1, 9)}
    slips = alice_client.get(f"/sessions/{session.pk}/print/board-slips/")
    assert slips.status_code == 200
    assert slips["Content-Type"] == "application/pdf"
    text = _pdf_text(slips.content)
    for number, target in targets.items():
        assert f"Board {number}" in text
        assert f"Target: {target} tricks" in text
    cards = _pdf_text(alice_client.get(f"/sessions/{session.pk}/print/curtain-cards/").content)
    assert cards.count("Target:") == 32  # every hand of every board
    result_services.result_record(
        table=_where(session, 1), board_number=1, contract="1S", tricks_won=9
    )
    travellers = _pdf_text(
        alice_client.get(f"/sessions/{session.pk}/export/travellers-pdf/").content
    )
    assert f"Target: {targets[1]} tricks" in travellers
    # In Norwegian too.
    alice_client.cookies["django_language"] = "nb"
    text = _pdf_text(alice_client.get(f"/sessions/{session.pk}/print/board-slips/").content)
    assert f"Mål: {targets[1]} stikk" in text
    # The slips that go in the boards, read before play: the targets, not the answers.
    alice_client.cookies["django_language"] = "en"
    Board.objects.filter(board_set_id=session.board_set_id).update(dd_tricks=_dd_all(9).to_pbn())
    answered = _pdf_text(alice_client.get(f"/sessions/{session.pk}/print/board-slips/").content)
    plain = _pdf_text(
        alice_client.get(f"/sessions/{session.pk}/print/board-slips-without-answers/").content
    )
    for target in targets.values():
        assert f"Target: {target} tricks" in plain
    # The teacher's slips say what the cards allow ("Target 8: ♠ makes 9"; with 9 tricks
    # everywhere every strain reaches par: "♣, ♦, ♥, ♠ or NT makes 9"); these do not.
    assert re.search(r"Target \d+: ♣ , ♦ , ♥ , ♠ or NT makes 9", answered)
    assert not re.search(r"makes \d+", plain)
    page = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert "Board slips with the targets, without the answers (PDF)" in page


@pytest.mark.django_db
def test_the_pbn_names_the_sessions_own_table_and_the_feedback_command_reads_it(
    alice: User, alice_client: Client
) -> None:
    session = running_session(alice, seed="target-pbn", target_table=OURS)
    facts = _facts(session, 1)
    assert facts.target is not None
    result_services.result_record(
        table=_where(session, 1), board_number=1, contract="1S", tricks_won=facts.target
    )
    text = alice_client.get(f"/sessions/{session.pk}/export/pbn/").content.decode()
    assert f'[MinibridgeScoring "{session.profile_key}"]' in text
    report = pbn_feedback(text.encode(), analyse=lambda deals: [_dd_all(6) for _ in deals])
    assert report.profile == session.profile_key
    [board] = [board for board in report.boards if board.number == 1]
    assert board.lesson.target == facts.target


def _dd_all(tricks: int) -> DDTable:
    return DDTable({(seat, strain): tricks for seat in Seat for strain in Strain})
