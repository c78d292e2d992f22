"""Writes of board sets: dealing, importing a PBN file, asking for the double-dummy
analysis. Keyword-only arguments, validation before saving, one transaction each."""

from __future__ import annotations

import datetime

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import dealing
from scoring.cards import Seat
from scoring.pbn import PbnStop, read_pbn
from tournaments.boards.tasks import analyse_board_set
from tournaments.labels.bridge import SEAT_NAMES
from tournaments.labels.sessions import pbn_problem_text
from tournaments.models import Board, BoardSet


@transaction.atomic
def board_set_deal(
    *,
    teacher: User,
    name: str,
    count: int,
    seed: str = "",
    preset: str = "",
    name_date: datetime.date | None = None,
) -> BoardSet:
    """Deal a fair set of ``count`` boards and queue its analysis. With a ``seed`` from
    another set, the same boards come out again; without one a new secret seed is made.

    A set without a ``name`` is named after the day it is dealt ("Boards of 30 November
    2026"); with ``name_date`` the name is that day after ``name`` ("6B, 30 November
    2026"). Either way the day is stored, not the words, so the name is shown in each
    reader's language."""
    name = name.strip()
    if not name and name_date is None:
        name_date = timezone.localdate()
    try:
        dealt = dealing.deal_boards(
            count, seed=seed.strip() or dealing.new_seed(), preset=preset or None
        )
    except dealing.PresetUnreachable as error:
        raise ValidationError(
            {
                "preset": _(
                    "Board %(board)s: no deal of this kind turned up in %(tries)s shuffles. "
                    "Choose another kind of deals."
                )
                % {"board": error.board, "tries": error.tries}
            }
        ) from error
    except dealing.DealingError as error:
        raise ValidationError(str(error)) from error
    board_set = BoardSet(
        teacher_id=teacher.pk,
        name=name,
        name_date=name_date,
        source=BoardSet.Source.DEALT,
        seed=dealt.seed,
        preset=dealt.preset or "",
        redeals=dealt.redeals,
    )
    board_set.full_clean()
    board_set.save()
    Board.objects.bulk_create(
        Board(board_set=board_set, number=board.number, deal=board.deal.to_pbn())
        for board in dealt.boards
    )
    board_set_request_analysis(board_set=board_set)
    return board_set


#: A set holds at most 64 boards (board numbers 1 to 64); a bigger file is refused as
#: soon as the reader meets its 65th board, so a huge file is never read to the end.
MAX_IMPORT_BOARDS = 64


#: The problems listed for a refused file; the rest are counted ("and 12 more").
MAX_LISTED_PROBLEMS = 50


class BoardImportRefused(Exception):
    """A PBN file with boards that cannot be used; nothing was saved. ``problems`` lists
    the first :data:`MAX_LISTED_PROBLEMS`; ``more_problems`` counts the others."""

    def __init__(self, problems: list[str], good_count: int, more_problems: int = 0) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems
        self.good_count = good_count
        self.more_problems = more_problems


@transaction.atomic
def board_set_import(
    *, teacher: User, text: str, filename: str, name: str = "", good_only: bool = False
) -> BoardSet:
    """Import the boards of a PBN file. Every deal is checked; unless ``good_only``, a
    single bad board (a 20–20 deal, a malformed deal, a board number outside 1–64 or
    given twice, a dealer that does not follow the board number) refuses the whole
    file. The boards are analysed afresh, whatever analysis the file carries. (The PBN
    reader itself refuses 20–20 deals, malformed deals and repeated board numbers.)
    A file of more than 64 boards, or far longer than 64 boards need, is refused
    whatever ``good_only`` says, as soon as the reader finds out."""
    parsed = read_pbn(text, max_boards=MAX_IMPORT_BOARDS)
    if parsed.stopped is PbnStop.TOO_MANY_BOARDS:
        raise ValidationError(
            _(
                "The file has more than %(count)s boards, and a set holds at most %(count)s. "
                "Split it into smaller files, or keep only the boards you need."
            )
            % {"count": MAX_IMPORT_BOARDS}
        )
    if parsed.stopped is PbnStop.TOO_LONG:
        raise ValidationError(
            _("The file is far longer than %(count)s boards need. Is it a PBN file?")
            % {"count": MAX_IMPORT_BOARDS}
        )
    problems = [pbn_problem_text(problem) for problem in parsed.problems]
    good = []
    for game in parsed.boards:
        board = game.board
        if board.number > 64:
            problems.append(
                _("Board %(number)s: board numbers go from 1 to 64.") % {"number": board.number}
            )
        elif board.dealer is not Seat.dealer_of_board(board.number):
            problems.append(
                _(
                    "Board %(number)s: the file says %(dealer)s deals, but in Minibridge "
                    "board %(number)s is dealt by %(expected)s."
                )
                % {
                    "number": board.number,
                    "dealer": SEAT_NAMES[board.dealer],
                    "expected": SEAT_NAMES[Seat.dealer_of_board(board.number)],
                }
            )
        else:
            good.append(board)
    if not good and not problems:
        raise ValidationError(_("The file has no boards in it. Is it a PBN file?"))
    if problems and (not good_only or not good):
        raise BoardImportRefused(
            problems[:MAX_LISTED_PROBLEMS],
            good_count=len(good),
            more_problems=max(0, len(problems) - MAX_LISTED_PROBLEMS),
        )
    stem = filename.rsplit("/", 1)[-1].removesuffix(".pbn").removesuffix(".PBN")
    board_set = BoardSet(
        teacher_id=teacher.pk,
        # Without a name or a file name it is "Imported boards" in the reader's language.
        name=(name.strip() or stem)[:80],
        source=BoardSet.Source.IMPORTED,
        source_filename=filename[:255],
    )
    board_set.full_clean()
    board_set.save()
    Board.objects.bulk_create(
        Board(board_set=board_set, number=board.number, deal=board.deal.to_pbn())
        for board in sorted(good, key=lambda board: board.number)
    )
    board_set_request_analysis(board_set=board_set)
    return board_set


def board_set_request_analysis(*, board_set: BoardSet) -> None:
    """Queue the double-dummy analysis of a set; it runs in the background worker. A set
    already waiting for it or being analysed is left as it is (one job is enough)."""
    now = timezone.now()
    queued = (
        BoardSet.objects.filter(pk=board_set.pk)
        .exclude(analysis__in=[BoardSet.Analysis.QUEUED, BoardSet.Analysis.RUNNING])
        .update(analysis=BoardSet.Analysis.QUEUED, analysis_error="", analysis_updated_at=now)
    )
    if queued:
        board_set.analysis = BoardSet.Analysis.QUEUED
        board_set.analysis_error = ""
        board_set.analysis_updated_at = now
        board_set_id = board_set.pk
        transaction.on_commit(lambda: analyse_board_set.enqueue(board_set_id))
