"""The event booklet: every board of an event with its hands, double-dummy table, par
and the "why" of its best contract, and once schools have played, how often each
contract was played across the event.

The booklet is made in the background worker (``events.booklet_tasks``) and kept in
the database (:class:`events.models.EventBooklet`), so every app server hands out the
same file and none keeps it in memory:

* :func:`booklet_request` (the organiser's write) asks for it: nothing is queued
  while one is waiting or being made, nor when the ready one is of the event's current
  results and in the language asked for;
* :func:`booklet_make` (the worker's job) claims the request with one conditional
  update (``queued`` → ``running``), so of two workers given the same booklet only one
  makes it; the other finds nothing to claim and stops;
* :func:`booklet_print` reads the boards and the national results into words, and
  :func:`booklet_pdf` draws them with the lesson pack's board pages
  (:func:`tournaments.printing.lesson_pack.draw_board_pages`): the same diagrams, par
  and "why" a teacher's lesson pack prints.
"""

from __future__ import annotations

import datetime
import io
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils import timezone, translation

from events import labels as event_labels
from events.models import Event, EventBooklet
from events.national import national_results, sync_direct_schools
from scoring.feedback import board_lesson
from tournaments import analysis, labels, selectors
from tournaments.models import Board
from tournaments.printing.boards import BoardPrint
from tournaments.printing.common import STANDARD_FONTS, FontSet, new_canvas, page_count
from tournaments.printing.common import page_size as resolve_page_size
from tournaments.printing.lesson_pack import BOARDS_PER_PAGE, PackBoardPrint, draw_board_pages

logger = logging.getLogger(__name__)

#: A booklet still "being made" after this long was left by a worker that stopped (a
#: restart, a crash): it may be asked for again. Making one takes seconds.
STALLED_AFTER = datetime.timedelta(minutes=10)


@dataclass(frozen=True)
class BookletPrint:
    """Everything the booklet prints, every word already in the reader's language."""

    title: str
    boards: Sequence[PackBoardPrint]


# --------------------------------------------------------------------------- the PDF


def booklet_print(event: Event) -> tuple[BookletPrint, int]:
    """The booklet's words for ``event`` in the active language, and the version of the
    results its frequencies come from."""
    national = national_results(event)
    contracts = {board.number: board.contracts for board in national.boards}
    profile = event.profile
    boards = []
    for board in Board.objects.filter(board_set_id=event.board_set_id).order_by("number"):
        facts = selectors.board_facts(board, profile=profile)
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
                declares=labels.declares_text(declarer, lesson.hcp),
                par=labels.lesson_par_text(lesson)
                if lesson.par is not None
                else event_labels.booklet_not_analysed(),
                why=labels.board_why_text(lesson),
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


# --------------------------------------------------------------------------- asking, making


def made_for(event: Event) -> str:
    """What a booklet's pages follow besides the results: the event's boards (another
    set while no school has a result) and its scoring (the par and the why)."""
    return f"{event.board_set_id}:{event.scoring_profile}"


def booklet_is_current(booklet: EventBooklet | None, event: Event, language: str) -> bool:
    """Whether a ready booklet shows the event's current boards and results
    (``event.results_version`` as last read) in ``language``."""
    return (
        booklet is not None
        and booklet.made_at is not None
        and booklet.version == event.results_version
        and booklet.made_language == language
        and booklet.made_for == made_for(event)
    )


def booklet_in_progress(booklet: EventBooklet | None) -> bool:
    """Whether a booklet is waiting for a worker or being made (and not stalled)."""
    if booklet is None or booklet.status not in (
        EventBooklet.Status.QUEUED,
        EventBooklet.Status.RUNNING,
    ):
        return False
    return timezone.now() - booklet.requested_at < STALLED_AFTER


def booklet_state(event: Event) -> EventBooklet | None:
    """The event's booklet row (None before the first request), with ``event``'s
    results version brought up to date (schools playing here copied first)."""
    sync_direct_schools(event)
    event.refresh_from_db(fields=["results_version", "board_set", "scoring_profile"])
    return EventBooklet.objects.filter(event=event).defer("pdf").first()


def booklet_request(*, event: Event, language: str) -> EventBooklet:
    """Ask for the event's booklet in ``language``, made in the background. Requests for
    the same event wait for each other on the event's row; nothing is queued when a
    booklet is already waiting or being made, or when the ready one is of the current
    results and in this language. The schools playing here are copied first, outside
    the request's transaction (each copy locks its school, then the event: inside, the
    event's lock would come first and two requests could wait for each other)."""
    sync_direct_schools(event)
    return _booklet_request(event=event, language=language)


@transaction.atomic
def _booklet_request(*, event: Event, language: str) -> EventBooklet:
    Event.objects.select_for_update().filter(pk=event.pk).first()
    event.refresh_from_db(fields=["results_version", "board_set", "scoring_profile"])
    booklet = EventBooklet.objects.filter(event=event).defer("pdf").first()
    if booklet_in_progress(booklet) or booklet_is_current(booklet, event, language):
        assert booklet is not None
        return booklet
    now = timezone.now()
    fields = {
        "status": EventBooklet.Status.QUEUED,
        "language": language,
        "progress": 0,
        "boards": Board.objects.filter(board_set_id=event.board_set_id).count(),
        "requested_at": now,
        "error": "",
    }
    booklet, _created = EventBooklet.objects.update_or_create(event=event, defaults=fields)
    event_id = event.pk
    transaction.on_commit(lambda: _enqueue(event_id))
    return booklet


def _enqueue(event_id: int) -> None:
    from events.booklet_tasks import make_event_booklet

    make_event_booklet.enqueue(event_id)


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


def booklet_file(event: Event) -> bytes | None:
    """The ready booklet's PDF bytes, None when there is none yet."""
    row = (
        EventBooklet.objects.filter(event=event, made_at__isnull=False)
        .values_list("pdf", flat=True)
        .first()
    )
    return None if row is None else bytes(row)


def public_booklet_open(event: Event) -> bool:
    """Whether anybody may have the booklet from the event's public link: only once the
    event is over (it shows every hand, so never while schools may still play)."""
    return event.is_over()


def public_booklet_ready(event: Event) -> bool:
    """Whether the public link has a booklet to give now (one query)."""
    return (
        public_booklet_open(event)
        and EventBooklet.objects.filter(event=event, made_at__isnull=False).exists()
    )


def public_booklet_file(event: Event) -> bytes | None:
    """The booklet for the public link: None before the event is over or before one is
    made."""
    return booklet_file(event) if public_booklet_open(event) else None
