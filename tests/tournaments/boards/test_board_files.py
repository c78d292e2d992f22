"""Board files: make_boards and import_boards, the PBN upload, and the downloads."""

from __future__ import annotations

import io
from io import StringIO
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import translation
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Deal as EndplayDeal
from pypdf import PdfReader
from pytest_django import DjangoCaptureOnCommitCallbacks

from scoring import dealing
from scoring.cards import Deal, Seat, Suit
from scoring.dup import read_dup
from scoring.pbn import read_pbn
from tests.narrow import found
from tournaments.boards import services as board_services
from tournaments.labels.bridge import holding_text
from tournaments.models import BoardSet

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse


CLUB_NIGHT = Path(__file__).parents[2] / "scoring" / "data" / "club_night.pbn"


def make_boards(tmp_path: Path, *args: str) -> tuple[str, str]:
    output = tmp_path / "boards.pbn"
    out = StringIO()
    call_command("make_boards", *args, "--output", str(output), stdout=out)
    return output.read_bytes().decode("utf-8"), out.getvalue()


def test_make_boards_writes_pbn_that_both_readers_agree_on(tmp_path: Path) -> None:
    text, report = make_boards(tmp_path, "8", "--seed", "lesson-7", "--dd")
    assert "seed lesson-7" in report
    assert "\r\n" in text
    assert "\n" not in text.replace("\r\n", "")  # every line ends in CRLF
    ours = read_pbn(text)
    assert ours.ok
    expected = dealing.deal_boards(8, seed="lesson-7")
    assert [game.board.deal for game in ours.boards] == [board.deal for board in expected.boards]
    assert [game.board.dealer for game in ours.boards] == [
        Seat.dealer_of_board(n) for n in range(1, 9)
    ]
    for game in ours.boards:
        assert game.tag("Vulnerable") == "None"
        assert found(game.tag("Deal")).startswith(f"{found(game.board.dealer).value}:")
        assert game.tag("MinibridgeDeclarer") == game.declaration.declarer.value
        assert game.tag("MinibridgePar") is not None
        assert game.tag("DoubleDummyTricks") is not None
    theirs = endplay_pbn.loads(text)
    assert [board.deal.to_pbn() for board in theirs] == [
        EndplayDeal(game.board.deal.to_pbn()).to_pbn() for game in ours.boards
    ]


def test_make_boards_without_analysis_has_no_par(tmp_path: Path) -> None:
    text, _ = make_boards(tmp_path, "3")
    assert "MinibridgeDeclarer" in text
    assert "MinibridgePar" not in text
    assert "DoubleDummyTricks" not in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["0"], "1 to 64"),
        (["65"], "1 to 64"),
        (["4", "--preset", "slams"], "invalid choice"),
    ],
)
def test_make_boards_refuses_bad_arguments(tmp_path: Path, args: list[str], message: str) -> None:
    with pytest.raises(CommandError, match=message):
        make_boards(tmp_path, *args)


def test_make_boards_refuses_a_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="does not exist"):
        call_command("make_boards", "2", "--output", str(tmp_path / "nope" / "b.pbn"))


def test_import_boards_names_the_twenty_twenty_board(alice: User) -> None:
    with pytest.raises(CommandError, match="Board 3 is a 20–20 deal"):
        call_command("import_boards", str(CLUB_NIGHT), "--teacher", "alice")
    assert not BoardSet.objects.exists()
    call_command(
        "import_boards", str(CLUB_NIGHT), "--teacher", "alice", "--good-only", stdout=StringIO()
    )
    board_set = BoardSet.objects.get()
    assert board_set.source == BoardSet.Source.IMPORTED
    assert board_set.name == "club_night"
    assert list(board_set.boards.values_list("number", flat=True)) == [1, 2]


@pytest.mark.django_db
def test_import_boards_refuses_an_unknown_teacher() -> None:
    with pytest.raises(CommandError, match="no teacher called 'nobody'"):
        call_command("import_boards", str(CLUB_NIGHT), "--teacher", "nobody")


def upload(client: Client, content: bytes, **data: object) -> _MonkeyPatchedWSGIResponse:
    file = SimpleUploadedFile("week.pbn", content, content_type="application/octet-stream")
    return client.post("/boards/import/", {"file": file, "name": "", **data})


def test_the_upload_names_the_bad_board_and_saves_nothing(alice_client: Client) -> None:
    response = upload(alice_client, CLUB_NIGHT.read_bytes())
    assert response.status_code == 422
    html = response.content.decode()
    assert "Board 3 is a 20–20 deal (each side holds 20 points)" in html
    assert "import the 2 good boards only" in html
    assert not BoardSet.objects.exists()


def test_the_upload_can_take_the_good_boards_only(
    alice_client: Client, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = upload(alice_client, CLUB_NIGHT.read_bytes(), good_only="on")
    board_set = BoardSet.objects.get()
    assert response.status_code == 302
    assert board_set.boards.count() == 2
    board_set.refresh_from_db()
    assert board_set.analysis == BoardSet.Analysis.DONE


def test_the_upload_refuses_a_dealer_that_does_not_follow_the_board_number(
    alice_client: Client,
) -> None:
    text = CLUB_NIGHT.read_text(encoding="utf-8-sig").replace('[Dealer "E"]', '[Dealer "W"]')
    html = upload(alice_client, text.encode("latin-1", "replace")).content.decode()
    assert "the file says West deals, but in Minibridge board 2 is dealt by East" in html


def test_the_upload_refuses_an_empty_file(alice_client: Client) -> None:
    response = upload(alice_client, b"% just a comment\r\n")
    assert "The file has no boards in it." in response.content.decode()


def test_the_upload_speaks_norwegian(alice_client: Client) -> None:
    alice_client.post("/i18n/setlang/", {"language": "nb", "next": "/"})
    html = upload(alice_client, CLUB_NIGHT.read_bytes()).content.decode()
    assert "spill i denne filen kan ikke brukes" in html
    assert "Spill 3 er en 20–20-giv" in html


def test_the_upload_refuses_more_than_64_boards(alice_client: Client) -> None:
    deals = [board.deal.to_pbn() for board in dealing.deal_boards(64, seed="many").boards]
    text = "\n".join(f'[Board "{n}"]\n[Deal "{deals[(n - 1) % 64]}"]\n' for n in range(1, 66))
    response = upload(alice_client, text.encode(), good_only="on")
    assert response.status_code == 422
    assert "The file has more than 64 boards, and a set holds at most 64." in (
        response.content.decode()
    )
    assert not BoardSet.objects.exists()


def test_a_huge_file_of_board_tags_is_refused_in_a_short_page(alice_client: Client) -> None:
    data = b'[Board "1"]\n\n' * 161_000  # just under 2 MB
    response = upload(alice_client, data)
    assert response.status_code == 422
    assert len(response.content) < 20_000
    assert "more than 64 boards" in response.content.decode()
    assert not BoardSet.objects.exists()


def test_a_file_far_longer_than_64_boards_need_is_refused(alice_client: Client) -> None:
    response = upload(alice_client, b"x\n" * 1_000_000)
    assert response.status_code == 422
    assert "The file is far longer than 64 boards need. Is it a PBN file?" in (
        response.content.decode()
    )


def test_at_most_50_problems_are_listed(alice_client: Client) -> None:
    # 64 games of board 1 without cards: 64 × "no cards" and 63 × "appears twice".
    response = upload(alice_client, b'[Board "1"]\n\n' * 64)
    html = response.content.decode()
    assert response.status_code == 422
    assert html.count("<li>Board 1") == 50
    assert "… and 77 more problems." in html
    assert "127 boards in this file cannot be used" in html


def test_the_limits_speak_norwegian(alice_client: Client) -> None:
    alice_client.post("/i18n/setlang/", {"language": "nb", "next": "/"})
    assert "mer enn 64 spill" in upload(alice_client, b'[Board "1"]\n\n' * 100).content.decode()
    html = upload(alice_client, b'[Board "1"]\n\n' * 64).content.decode()
    assert "… og 77 problemer til." in html


def test_import_boards_refuses_more_than_64_boards(alice: User, tmp_path: Path) -> None:
    path = tmp_path / "huge.pbn"
    path.write_bytes(b'[Board "1"]\n\n' * 100_000)
    with translation.override("en"), pytest.raises(CommandError, match="more than 64 boards"):
        call_command("import_boards", str(path), "--teacher", "alice")
    assert not BoardSet.objects.exists()


def test_import_boards_lists_50_problems_and_counts_the_rest(alice: User, tmp_path: Path) -> None:
    path = tmp_path / "bad.pbn"
    path.write_bytes(b'[Board "1"]\n\n' * 64)
    with translation.override("en"), pytest.raises(CommandError, match="and 77 more") as refused:
        call_command("import_boards", str(path), "--teacher", "alice")
    assert str(refused.value).count("Board 1") == 50


@pytest.fixture
def analysed_set(
    alice: User, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> BoardSet:
    with django_capture_on_commit_callbacks(execute=True):
        board_set = board_services.board_set_deal(
            teacher=alice, name="Week 3", count=6, seed="files"
        )
    board_set.refresh_from_db()
    return board_set


def test_the_pbn_download_reads_back_as_the_set(
    alice_client: Client, analysed_set: BoardSet
) -> None:
    response = alice_client.get(f"/boards/{analysed_set.pk}/download/pbn/")
    assert response["Content-Disposition"] == 'attachment; filename="week-3.pbn"'
    parsed = read_pbn(response.content)
    assert parsed.ok
    assert [game.board.deal.to_pbn() for game in parsed.boards] == list(
        analysed_set.boards.values_list("deal", flat=True)
    )
    assert all(game.tag("MinibridgePar") for game in parsed.boards)


def test_the_dup_download_holds_the_same_deals(
    alice_client: Client, analysed_set: BoardSet
) -> None:
    response = alice_client.get(f"/boards/{analysed_set.pk}/download/dup/")
    assert len(response.content) == 6 * 156
    deals = [board.deal for board in read_dup(response.content).boards]
    assert [deal.to_pbn() for deal in deals] == list(
        analysed_set.boards.values_list("deal", flat=True)
    )


def test_the_slips_pdf_holds_the_cards(alice_client: Client, analysed_set: BoardSet) -> None:
    response = alice_client.get(f"/boards/{analysed_set.pk}/download/slips/?paper=letter")
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    assert [round(float(v)) for v in reader.pages[0].mediabox[2:]] == [612, 792]
    text = " ".join(reader.pages[0].extract_text().split())
    first = Deal.from_pbn(analysed_set.boards.get(number=1).deal)
    assert "Board 1" in text
    assert "Week 3" in text
    for suit in Suit:
        assert f"{suit.symbol} {holding_text(first[Seat.NORTH].holding(suit))}" in text


def test_the_curtain_cards_pdf_has_a_slip_per_hand(
    alice_client: Client, analysed_set: BoardSet
) -> None:
    response = alice_client.get(f"/boards/{analysed_set.pk}/download/curtain-cards/")
    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 3  # 6 boards × 4 hands, 8 slips a page


def test_an_unknown_download_is_404(alice_client: Client, analysed_set: BoardSet) -> None:
    assert alice_client.get(f"/boards/{analysed_set.pk}/download/xls/").status_code == 404


def test_downloads_are_404_for_another_teacher(bob_client: Client, analysed_set: BoardSet) -> None:
    assert bob_client.get(f"/boards/{analysed_set.pk}/download/pbn/").status_code == 404


def test_slips_for_the_tables_leave_out_the_answers(
    alice_client: Client, analysed_set: BoardSet
) -> None:
    with_answers = alice_client.get(f"/boards/{analysed_set.pk}/download/slips/")
    without = alice_client.get(f"/boards/{analysed_set.pk}/download/slips-without-answers/")
    text_with = PdfReader(io.BytesIO(with_answers.content)).pages[0].extract_text()
    text_without = PdfReader(io.BytesIO(without.content)).pages[0].extract_text()
    assert "Par:" in text_with
    assert "Par:" not in text_without
    assert "Board 1" in text_without
    # Two different files, named for what they hold.
    assert with_answers["Content-Disposition"] == 'attachment; filename="week-3-slips.pdf"'
    assert without["Content-Disposition"] == (
        'attachment; filename="week-3-slips-without-answers.pdf"'
    )


@pytest.mark.parametrize(
    ("analysis", "analysed", "message"),
    [
        ("running", 2, "the best contracts are being worked out (2 of 6)"),
        ("queued", 0, "the best contracts are being worked out (0 of 6)"),
        ("not_started", 0, "need the best contracts: work them out first"),
        ("failed", 3, "need the best contracts: work them out first"),
    ],
)
def test_slips_with_the_answers_are_refused_until_every_board_is_analysed(
    alice_client: Client, alice: User, analysis: str, analysed: int, message: str
) -> None:
    board_set = board_services.board_set_deal(teacher=alice, name="Week 4", count=6, seed="slips")
    board_set.boards.filter(number__gt=analysed).update(dd_tricks="")
    board_set.boards.filter(number__lte=analysed).update(dd_tricks="7" * 20)
    BoardSet.objects.filter(pk=board_set.pk).update(analysis=analysis)
    response = alice_client.get(f"/boards/{board_set.pk}/download/slips/")
    assert response.status_code == 302
    assert response["Location"] == f"/boards/{board_set.pk}/"
    page = alice_client.get(response["Location"]).content.decode()
    assert message in page
    # The slips without the answers are there all along.
    without = alice_client.get(f"/boards/{board_set.pk}/download/slips-without-answers/")
    assert without["Content-Type"] == "application/pdf"
