"""Dealing a board set, its background analysis, and the board pages."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from pytest_django import DjangoCaptureOnCommitCallbacks

from scoring import dealing
from scoring.cards import Deal, Seat
from scoring.declaring import Declaration, find_declarer
from tournaments.boards import services as board_services
from tournaments.models import Board, BoardSet

Capture = Callable[..., AbstractContextManager[Any]]


def deal(client: Client, capture: Capture, **data: Any) -> BoardSet:
    form = {"name": "Tuesday", "count": 8, "preset": "", "seed": "", **data}
    with capture(execute=True):
        response = client.post("/boards/new/", form)
    assert response.status_code == 302, response.content.decode()
    board_set = BoardSet.objects.get()
    assert response["Location"] == f"/boards/{board_set.pk}/"
    return board_set


def test_it_deals_and_analyses_a_set(
    alice_client: Client, django_capture_on_commit_callbacks: Capture
) -> None:
    board_set = deal(alice_client, django_capture_on_commit_callbacks)
    board_set.refresh_from_db()
    assert board_set.source == BoardSet.Source.DEALT
    assert len(board_set.seed) >= 32  # 128 bits or more, in hex
    assert board_set.analysis == BoardSet.Analysis.DONE
    boards = list(board_set.boards.all())
    assert [b.number for b in boards] == list(range(1, 9))
    for board in boards:
        cards = Deal.from_pbn(board.deal)
        # Never a 20–20 board: every board has a declarer.
        assert not hasattr(find_declarer(cards, Seat.dealer_of_board(board.number)), "dealer")
        assert len(board.dd_tricks) == 20


def test_the_same_seed_deals_the_same_boards(
    alice_client: Client, django_capture_on_commit_callbacks: Capture, alice: User
) -> None:
    first = deal(alice_client, django_capture_on_commit_callbacks, seed="school-42", count=4)
    again = board_services.board_set_deal(teacher=alice, name="Again", count=4, seed="school-42")
    assert list(first.boards.values_list("deal", flat=True)) == list(
        again.boards.values_list("deal", flat=True)
    )
    assert first.seed == again.seed == dealing.canonical_seed("school-42")


def test_a_preset_is_kept_and_shown(
    alice_client: Client, django_capture_on_commit_callbacks: Capture
) -> None:
    board_set = deal(alice_client, django_capture_on_commit_callbacks, preset="game_likely")
    assert board_set.preset == "game_likely"
    for board in board_set.boards.all():
        cards = Deal.from_pbn(board.deal)
        declaration = find_declarer(cards, Seat.dealer_of_board(board.number))
        assert isinstance(declaration, Declaration)  # a preset deals no 20–20 board
        assert cards.side_hcp(declaration.side) >= 25
    html = alice_client.get(f"/boards/{board_set.pk}/").content.decode()
    assert "Game is likely" in html


def test_it_refuses_bad_counts_and_keeps_nothing(alice_client: Client) -> None:
    for count in (0, 65, "many"):
        response = alice_client.post("/boards/new/", {"name": "x", "count": count})
        assert response.status_code == 200
    assert not BoardSet.objects.exists()


def test_an_unreachable_preset_gives_a_clear_message(
    alice_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    def impossible(*args: Any, **kwargs: Any) -> None:
        raise dealing.PresetUnreachable("none", board=3, tries=10_000)

    monkeypatch.setattr(dealing, "deal_boards", impossible)
    response = alice_client.post("/boards/new/", {"name": "x", "count": 4, "preset": "game_likely"})
    assert "Board 3: no deal of this kind turned up" in response.content.decode()
    assert not BoardSet.objects.exists()


def test_the_set_page_shows_progress_while_the_analysis_runs(
    alice: User, alice_client: Client
) -> None:
    board_set = board_services.board_set_deal(teacher=alice, name="Tuesday", count=4)
    Board.objects.filter(board_set=board_set, number__lte=3).update(dd_tricks="7" * 20)
    BoardSet.objects.filter(pk=board_set.pk).update(analysis=BoardSet.Analysis.RUNNING)

    response = alice_client.get(f"/boards/{board_set.pk}/", headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="board-set-live"')
    assert 'hx-trigger="every 1s"' in html
    assert '<progress id="analysis-progress" max="4" value="3">' in html
    assert "3 of 4 boards" in html
    # The slips button shows the progress and is no download yet; the slips without
    # the answers are a choice of their own.
    assert "Board slips with the answers (A4): Working out the best contracts: 3 of 4" in html
    assert "/download/slips/" not in html
    assert f"/boards/{board_set.pk}/download/slips-without-answers/" in html

    Board.objects.filter(board_set=board_set).update(dd_tricks="7" * 20)
    BoardSet.objects.filter(pk=board_set.pk).update(analysis=BoardSet.Analysis.DONE)
    html = alice_client.get(
        f"/boards/{board_set.pk}/", headers={"HX-Request": "true"}
    ).content.decode()
    assert "hx-trigger" not in html  # polling stops once the analysis is done
    assert f'href="/boards/{board_set.pk}/download/slips/" download' in html
    assert "Working out" not in html


def test_a_failed_analysis_is_shown_and_can_be_retried(
    alice: User,
    alice_client: Client,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    def broken(deals: Any, **kwargs: Any) -> None:
        raise RuntimeError("solver exploded")

    monkeypatch.setattr("scoring.dd.analyse", broken)
    # The task backend records the exception (the worker logs it); the set says so.
    with django_capture_on_commit_callbacks(execute=True):
        board_services.board_set_deal(teacher=alice, name="Tuesday", count=2)
    board_set = BoardSet.objects.get()
    assert board_set.analysis == BoardSet.Analysis.FAILED
    html = alice_client.get(f"/boards/{board_set.pk}/").content.decode()
    assert "The analysis stopped with an error." in html
    assert "RuntimeError: solver exploded" in html

    monkeypatch.undo()
    with django_capture_on_commit_callbacks(execute=True):
        response = alice_client.post(f"/boards/{board_set.pk}/analyse/")
    assert response.status_code == 302
    board_set.refresh_from_db()
    assert board_set.analysis == BoardSet.Analysis.DONE
    assert not board_set.boards.filter(dd_tricks="").exists()


def test_the_board_page_shows_hands_declarer_and_par(
    alice_client: Client, django_capture_on_commit_callbacks: Capture
) -> None:
    board_set = deal(alice_client, django_capture_on_commit_callbacks, seed="board-page", count=3)
    board = board_set.boards.get(number=2)
    cards = Deal.from_pbn(board.deal)
    declaration = find_declarer(cards, Seat.EAST)
    assert isinstance(declaration, Declaration)
    response = alice_client.get(f"/boards/{board_set.pk}/2/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "Dealer: East" in html
    assert f"{cards.hcp(Seat.NORTH)} point" in html
    declarer_name = {"N": "North", "E": "East", "S": "South", "W": "West"}
    assert f"{declarer_name[declaration.declarer.value]} declares" in html
    assert "Best contract:" in html
    assert 'rel="prev"' in html
    assert 'rel="next"' in html


def test_other_teachers_get_404(
    bob_client: Client, alice: User, django_capture_on_commit_callbacks: Capture
) -> None:
    board_set = board_services.board_set_deal(teacher=alice, name="Alice's", count=1)
    assert bob_client.get(f"/boards/{board_set.pk}/").status_code == 404
    assert bob_client.get(f"/boards/{board_set.pk}/1/").status_code == 404
    assert bob_client.post(f"/boards/{board_set.pk}/analyse/").status_code == 404
    assert b"Alice&#x27;s" not in bob_client.get("/boards/").content


def test_the_list_has_an_empty_state(alice_client: Client) -> None:
    html = alice_client.get("/boards/").content.decode()
    assert "You have no boards yet." in html


def test_norwegian_hand_diagrams_use_norwegian_ranks(alice: User, alice_client: Client) -> None:
    board_set = BoardSet.objects.create(teacher=alice, name="Ranks", source="imported")
    # North: ♠ Q J 5, ♥ A 9 5, ♦ K Q 7, ♣ K J 6 3.
    deal = "N:QJ5.A95.KQ7.KJ63 T9843.J7.T86.A75 AK7.KQ2.AJ93.Q84 62.T8643.542.T92"
    Board.objects.create(board_set=board_set, number=1, deal=deal)
    english = alice_client.get(f"/boards/{board_set.pk}/1/").content.decode()
    assert "</span> Q J 5</li>" in english
    assert "</span> A K 7</li>" in english
    assert "</span> 10 9 8 4 3</li>" in english
    alice_client.cookies["django_language"] = "nb"
    with translation.override(None):  # LocaleMiddleware leaves its language active
        norwegian = alice_client.get(f"/boards/{board_set.pk}/1/").content.decode()
    assert "</span> D Kn 5</li>" in norwegian
    assert "</span> E 9 5</li>" in norwegian
    assert "</span> K D 7</li>" in norwegian
    assert "</span> E K 7</li>" in norwegian
    assert "</span> 10 9 8 4 3</li>" in norwegian
    assert "Q J 5" not in norwegian
