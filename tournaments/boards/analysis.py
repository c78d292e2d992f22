"""The double-dummy analysis of a board set: the work the background worker does
(``tournaments.boards.tasks.analyse_board_set``), saved batch by batch so a page can show
its progress."""

from __future__ import annotations

import logging

from django.utils import timezone

from scoring import dd
from scoring.cards import Deal
from tournaments.models import Board, BoardSet, Session

logger = logging.getLogger(__name__)

# Boards solved per DDS call in a background analysis: small enough that the progress
# bar moves every second or two, large enough that DDS keeps both cores busy.
ANALYSIS_BATCH = 9


def board_set_run_analysis(*, board_set_id: int) -> None:
    """Solve every board of the set not yet analysed, saving after each batch so the
    page can show progress. A failure is recorded on the set (and re-raised for the
    worker's log), never swallowed."""
    claimed = (
        BoardSet.objects.filter(pk=board_set_id)
        .exclude(analysis=BoardSet.Analysis.DONE)
        .update(
            analysis=BoardSet.Analysis.RUNNING,
            analysis_error="",
            analysis_updated_at=timezone.now(),
        )
    )
    if not claimed:
        return
    boards = list(Board.objects.filter(board_set_id=board_set_id, dd_tricks="").order_by("number"))
    try:
        for start in range(0, len(boards), ANALYSIS_BATCH):
            batch = boards[start : start + ANALYSIS_BATCH]
            tables = dd.analyse([Deal.from_pbn(board.deal) for board in batch])
            for board, table in zip(batch, tables, strict=True):
                board.dd_tricks = table.to_pbn()
            Board.objects.bulk_update(batch, ["dd_tricks"])
            BoardSet.objects.filter(pk=board_set_id).update(analysis_updated_at=timezone.now())
            # The sessions playing the set show what the cards allowed from now on.
            Session.objects.filter(board_set_id=board_set_id).mark_setup_changed()
    except Exception as error:
        logger.exception("Double-dummy analysis of board set %s failed", board_set_id)
        BoardSet.objects.filter(pk=board_set_id).update(
            analysis=BoardSet.Analysis.FAILED,
            analysis_error=f"{type(error).__name__}: {error}",
            analysis_updated_at=timezone.now(),
        )
        raise
    BoardSet.objects.filter(pk=board_set_id).update(
        analysis=BoardSet.Analysis.DONE, analysis_updated_at=timezone.now()
    )
