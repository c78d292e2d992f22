"""Curve sheets from real results: the figures against a small hand-computed session,
the pages, the PDFs (text and a rendered page) and the empty state."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from pypdf import PdfReader

from tests.factories import running_session
from tests.narrow import found
from tournaments.boards import selectors as board_selectors
from tournaments.feedback import curves
from tournaments.models import Board, Session
from tournaments.results import services as result_services
from tournaments.sessions import selectors as session_selectors


@pytest.fixture
def session(alice: User) -> Session:
    return running_session(alice, seed="curves")


def enter_round_one(session: Session) -> dict[int, tuple[int, int]]:
    """Round 1 (each board once): 1NT with 7 + the board's number % 3 tricks. Returns
    board -> (declaring side's points, tricks)."""
    movement = session_selectors.session_movement(session)
    expected = {}
    for table in session.tables.all():
        entry = movement.entry(1, table.number)
        for number in movement.boards(entry.board_set):
            tricks = 7 + number % 3
            result_services.result_record(
                table=table, board_number=number, contract="1NT", tricks_won=tricks
            )
            facts = board_selectors.board_facts(
                Board.objects.get(board_set=session.board_set, number=number)
            )
            expected[number] = (facts.side_hcp, tricks)
    return expected


def test_the_figures_match_a_hand_computed_session(session: Session) -> None:
    expected = enter_round_one(session)
    points = curves.curve_points(curves.session_results(session))
    assert sorted((p.hcp, p.tricks) for p in points) == sorted(expected.values())
    from scoring.curves import curve_stats

    stats = curve_stats(points)
    by_hcp: dict[int, list[int]] = {}
    for hcp, tricks in expected.values():
        by_hcp.setdefault(hcp, []).append(tricks)
    for hcp, all_tricks in by_hcp.items():
        row = stats.row(hcp)
        assert row.count == len(all_tricks)
        assert row.mean_tricks == pytest.approx(sum(all_tricks) / len(all_tricks))
        assert row.games_chosen == 0


def test_the_class_page_shows_the_chart_and_the_table(
    session: Session, alice_client: Client
) -> None:
    enter_round_one(session)
    html = alice_client.get(f"/classes/{session.school_class_id}/curve/").content.decode()
    assert "<svg" in html
    assert html.count('class="curve-dot"') >= 1
    assert "Average tricks" in html


def test_an_empty_class_gets_a_friendly_page(session: Session, alice_client: Client) -> None:
    html = alice_client.get(f"/classes/{session.school_class_id}/curve/").content.decode()
    assert "When the tables enter their results, every deal becomes a dot here." in html
    assert "<svg" in html  # the empty axes still draw


def test_one_pupil_and_one_pair(session: Session, alice_client: Client) -> None:
    enter_round_one(session)
    pair = found(session.pairs.first())
    pupil = found(pair.members.first()).pupil
    url = f"/classes/{session.school_class_id}/curve/?pupil={pupil.pk}"
    assert alice_client.get(url).status_code == 200
    url = f"/sessions/{session.pk}/curve/?pair={pair.pk}"
    assert alice_client.get(url).status_code == 200


def test_the_pdfs_hold_the_figures_and_render(
    session: Session, alice_client: Client, tmp_path: Path
) -> None:
    enter_round_one(session)
    response = alice_client.get(f"/classes/{session.school_class_id}/curve/?format=pdf")
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    width, height = (float(v) for v in reader.pages[0].mediabox[2:])
    assert width > height  # landscape
    text = " ".join(reader.pages[0].extract_text().split())
    assert "Curve sheet" in text
    assert "Average tricks" in text
    worksheet = alice_client.get(
        f"/classes/{session.school_class_id}/worksheet/?session={session.pk}"
    )
    text = " ".join(PdfReader(io.BytesIO(worksheet.content)).pages[0].extract_text().split())
    assert "Our points" in text
    if shutil.which("pdftoppm") is None:
        pytest.fail("pdftoppm is missing: install Debian's poppler-utils (.ci/run does).")
    pdf = tmp_path / "curve.pdf"
    pdf.write_bytes(response.content)
    subprocess.run(
        ["pdftoppm", "-r", "30", "-png", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "page")],
        check=True,
    )
    assert list(tmp_path.glob("page*.png"))


def test_other_teachers_get_404(session: Session, bob_client: Client) -> None:
    assert bob_client.get(f"/classes/{session.school_class_id}/curve/").status_code == 404
    assert bob_client.get(f"/sessions/{session.pk}/curve/").status_code == 404
    assert bob_client.get(f"/classes/{session.school_class_id}/worksheet/").status_code == 404
