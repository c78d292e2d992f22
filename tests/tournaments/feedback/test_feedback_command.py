"""``manage.py feedback``: the site's own PBN export with results gets the same feedback
and the same boards to discuss as the site shows; a file without analysis is analysed;
a file without results says so."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import translation

from scoring import dd
from scoring.cards import Deal
from scoring.pbn import read_pbn, write_pbn
from tests.factories import running_session
from tournaments.boards import analysis
from tournaments.feedback import selectors as feedback
from tournaments.feedback.pbn import pbn_feedback
from tournaments.labels import bridge as bridge_labels
from tournaments.labels import feedback as feedback_labels
from tournaments.models import Session
from tournaments.results import services as result_services
from tournaments.sessions import selectors as session_selectors
from tournaments.standings.selectors import session_standings

#: Round 1 (every board once), by board number: a mix of right and wrong choices.
PLAN = {1: ("1NT", 7), 2: ("3NT", 9), 3: ("4S", 10), 4: ("1H", 9), 5: ("4H", 8), 6: ("5D", 11)}


@pytest.fixture
def played(alice: User) -> Session:
    session = running_session(alice, seed="command")
    assert session.board_set_id is not None
    analysis.board_set_run_analysis(board_set_id=session.board_set_id)
    movement = session_selectors.session_movement(session)
    for table in session.tables.all():
        for number in movement.boards(movement.entry(1, table.number).board_set):
            contract, tricks = PLAN.get(number, ("1C", 8))
            result_services.result_record(
                table=table, board_number=number, contract=contract, tricks_won=tricks
            )
    return session


def export(played: Session, client: Client, folder: Path) -> Path:
    path = folder / "lesson.pbn"
    path.write_bytes(client.get(f"/sessions/{played.pk}/export/pbn/").content)
    return path


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("feedback", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_the_site_export_gets_the_sites_feedback(
    played: Session, alice_client: Client, tmp_path: Path
) -> None:
    path = export(played, alice_client, tmp_path)
    assert '[MinibridgeScoring "ebu"]' in path.read_text(encoding="utf-8")
    with translation.override("en"):
        text = run(str(path))
        standings = session_standings(played)
        judged = 0
        for traveller in standings.travellers:
            assert traveller.par is not None
            head = f"Board {traveller.number} · "
            assert head in text
            block = text.split(head, 1)[1].split("\n\n", 1)[0]
            assert bridge_labels.par_text(traveller.par) in block
            for line in traveller.lines:
                assert line.scored is not None
                assert line.feedback is not None
                played_text = (
                    f"{bridge_labels.contract_text(line.scored.contract)} "
                    f"{bridge_labels.seat_letter(line.scored.declarer)} {line.scored.tricks}"
                )
                row = next(
                    r for r in block.splitlines() if r.strip().startswith(f"Table {line.table} ")
                )
                assert played_text in row
                assert row.endswith(feedback_labels.feedback_text(line.feedback))
                judged += 1
        assert judged == 8
        # The boards to discuss are the site's, in the site's order.
        outcomes = feedback.session_outcomes(played)
        expected = [o.number for o in feedback.boards_to_discuss(outcomes, games=True)]
        listed = text.split("Boards to discuss\n", 1)[1]
        assert [int(n) for n in re.findall(r"^  Board (\d+):", listed, re.M)] == expected
        assert expected, "the plan has boards where the level was wrong"


def test_a_file_without_analysis_is_analysed_first(
    played: Session, alice_client: Client, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = export(played, alice_client, tmp_path)
    with_analysis = run(str(path))
    # The same file written again without any analysis.
    games = read_pbn(path.read_bytes()).boards
    bare = tmp_path / "bare.pbn"
    bare.write_text(
        write_pbn([replace(game.board, dd_tricks=None, par=None, par_ties=None) for game in games]),
        encoding="utf-8",
    )
    assert read_pbn(bare.read_bytes()).boards[0].board.dd_tricks is None
    calls: list[int] = []
    solve = dd._solve_batch

    def counting(deals: Sequence[Deal]) -> list[dd.DDTable]:
        calls.append(len(deals))
        return solve(deals)

    monkeypatch.setattr(dd, "_solve_batch", counting)
    assert run(str(bare)) == with_analysis
    assert calls == [8]


def test_in_norwegian_to_a_file(played: Session, alice_client: Client, tmp_path: Path) -> None:
    path = export(played, alice_client, tmp_path)
    output = tmp_path / "feedback.txt"
    printed = run(str(path), "--language", "nb", "--output", str(output))
    assert printed.startswith("Wrote the feedback on 8 boards to")
    text = output.read_text(encoding="utf-8")
    assert "Spill 1 · " in text
    assert "Spill å snakke om" in text
    assert "Beste kontrakt" in text or "Utgang var mulig" in text


def test_a_file_without_results_says_so(tmp_path: Path) -> None:
    path = tmp_path / "week3.pbn"
    call_command(
        "make_boards", "4", "--dd", "--seed", "readme", "--output", str(path), stdout=io.StringIO()
    )
    text = run(str(path))
    assert text.startswith("week3.pbn has no results (no ScoreTable)")
    assert text.count("points together") == 4
    assert "Boards to discuss" not in text


def test_the_profile_comes_from_the_file_unless_given(
    played: Session, alice_client: Client, tmp_path: Path
) -> None:
    data = export(played, alice_client, tmp_path).read_bytes()
    assert pbn_feedback(data).profile == "ebu"
    tricks = pbn_feedback(data, profile="tricks")
    assert tricks.profile == "tricks"
    codes = {
        code for board in tricks.boards for line in board.results for code in line.feedback.codes
    }
    assert not {c for c in codes if "game" in c or "slam" in c}


def test_bad_files_are_refused(tmp_path: Path) -> None:
    empty = tmp_path / "empty.pbn"
    empty.write_text("% nothing here\n", encoding="utf-8")
    with pytest.raises(CommandError, match="No board"):
        run(str(empty))
    with pytest.raises(CommandError, match="Cannot read"):
        run(str(tmp_path / "missing.pbn"))
    with pytest.raises(CommandError, match="does not exist"):
        run(str(empty), "--output", str(tmp_path / "no" / "such" / "folder.txt"))
