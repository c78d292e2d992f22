"""Making the event booklet: every board of an event with its hands, double-dummy
table, par and the "why" of its best contract, and once schools have played, how often
each contract was played across the event.

The booklet is made in the background worker (:func:`events.tasks.make_event_booklet`)
and kept in the database (:class:`events.models.EventBooklet`), so every app server
hands out the same file and none keeps it in memory. Asking for it is
:func:`events.booklet.services.booklet_request`; here is the worker's part:

* :func:`booklet_make` (the worker's job) claims the request with one conditional
  update (``queued`` → ``running``), so of two workers given the same booklet only one
  makes it; the other finds nothing to claim and stops;
* :func:`booklet_print` reads the boards and the national results into words, and
  :func:`booklet_pdf` draws them with the lesson pack's board pages
  (:func:`tournaments.printing.lesson_pack.draw_board_pages`): the same diagrams, par
  and "why" a teacher's lesson pack prints.

Below the task that runs it: nothing here queues a task."""

from __future__ import annotations

import datetime
import io
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.db.models import Q
from django.utils import timezone, translation

from events import labels as event_labels
from events.models import Event, EventBooklet
from events.results.national import national_current
from scoring.feedback import board_lesson
from tournaments.boards import analysis
from tournaments.boards import selectors as board_selectors
from tournaments.labels import bridge as bridge_labels
from tournaments.labels import feedback as feedback_labels
from tournaments.models import Board
from tournaments.printing.boards import BoardPrint
from tournaments.printing.common import STANDARD_FONTS, FontSet, new_canvas, page_count
from tournaments.printing.common import page_size as resolve_page_size
from tournaments.printing.lesson_pack import BOARDS_PER_PAGE, PackBoardPrint, draw_board_pages

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class BookletPrint:
    """Everything the booklet prints, every word already in the reader's language."""

    title: str
    boards: Sequence[PackBoardPrint]


# --------------------------------------------------------------------------- the PDF


def booklet_print(event: Event) -> tuple[BookletPrint, int]:
    """The booklet's words for ``event`` in the active language, and the version of the
    results its frequencies come from."""
    national = national_current(event)
    contracts = {board.number: board.contracts for board in national.boards}
    profile = event.profile
    boards = []
    for board in Board.objects.filter(board_set_id=event.board_set_id).order_by("number"):
        facts = board_selectors.board_facts(board, profile=profile)
        declarer = facts.declaration.declarer
        lesson = board_lesson(facts.deal, declarer, dd=facts.dd, profile=profile)
        boards.append(
            PackBoardPrint(
                board=BoardPrint(
                    number=facts.number,
                    deal=facts.deal,
                    dealer=facts.dealer,
                    declarer=declarer,
                    dd=facts.dd,
                    par=lesson.par,
                    target=facts.target,
                ),
                declares=bridge_labels.declares_text(declarer, lesson.hcp),
                par=bridge_labels.lesson_par_text(lesson)
                if lesson.par is not None
                else event_labels.booklet_not_analysed(),
                why=feedback_labels.board_why_text(lesson),
                at_tables=event_labels.booklet_frequency_text(contracts.get(facts.number, ())),
                at_tables_heading=event_labels.booklet_frequency_heading(),
            )
        )
    return BookletPrint(title=event.name, boards=boards), national.version


def booklet_pdf(
    booklet: BookletPrint,
    *,
    page_size: str = "A4",
    fonts: FontSet = STANDARD_FONTS,
    drawn: Callable[[int], None] | None = None,
) -> bytes:
    """The booklet as PDF bytes: three boards a page, each beside its notes. ``drawn``
    is told how many boards are drawn as the pages are made."""
    size = resolve_page_size(page_size)
    kind = event_labels.booklet_kind()
    buffer = io.BytesIO()
    canvas = new_canvas(
        buffer, size, title=f"{booklet.title} · {kind}", language=translation.get_language()
    )
    draw_board_pages(
        canvas,
        booklet.boards,
        title=booklet.title,
        kind=kind,
        size=size,
        pages=page_count(len(booklet.boards), BOARDS_PER_PAGE),
        fonts=fonts,
        drawn=drawn,
    )
    canvas.save()
    return buffer.getvalue()


# --------------------------------------------------------------------------- making


def made_for(event: Event) -> str:
    """What a booklet's pages follow besides the results: the event's boards (another
    set while no school has a result) and its scoring (the par and the why)."""
    return f"{event.board_set_id}:{event.scoring_profile}"


def booklet_make(*, event_id: int, requested_before: datetime.datetime | None = None) -> bool:
    """Make the booklet asked for (the worker's job). Returns False when there was none
    to make: another worker claimed it first, or it was made already. A failure is
    recorded on the booklet (and re-raised for the worker's log).

    ``requested_before``: this is the task's second attempt, queued then, and the
    worker of the first died (minibridge.task_recovery): a booklet still "being made"
    that was asked for before then is that attempt's, and is made again from the start
    (one asked for later is another request's, with a task of its own)."""
    waiting = Q(status=EventBooklet.Status.QUEUED)
    if requested_before is not None:
        waiting |= Q(status=EventBooklet.Status.RUNNING, requested_at__lte=requested_before)
    claimed = (
        EventBooklet.objects.filter(event_id=event_id)
        .filter(waiting)
        .update(status=EventBooklet.Status.RUNNING, progress=0)
    )
    if not claimed:
        return False
    booklet = EventBooklet.objects.defer("pdf").select_related("event").get(event_id=event_id)
    # Only this request's worker may finish it: a stalled request asked for again has a
    # new time, and the old worker's late result is then dropped.
    mine = EventBooklet.objects.filter(
        pk=booklet.pk, status=EventBooklet.Status.RUNNING, requested_at=booklet.requested_at
    )

    def drawn(boards: int) -> None:
        mine.update(progress=boards)

    try:
        event = booklet.event
        analysis.board_set_run_analysis(board_set_id=event.board_set_id)
        with translation.override(booklet.language):
            words, version = booklet_print(event)
            data = booklet_pdf(words, drawn=drawn)
    except Exception as error:
        logger.exception("The booklet of event %s failed", event_id)
        message = f"{type(error).__name__}: {error}"[:300]
        mine.update(status=EventBooklet.Status.FAILED, error=message)
        raise
    mine.update(
        status=EventBooklet.Status.DONE,
        pdf=data,
        version=version,
        made_language=booklet.language,
        made_for=made_for(event),
        made_at=timezone.now(),
        progress=len(words.boards),
        boards=len(words.boards),
    )
    return True
