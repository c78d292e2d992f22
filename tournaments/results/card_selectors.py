"""A board's cards once it is over ("See the cards"): whether they may be shown, and what
is shown then: the four hands with each hand's points and who declares, the tricks each
hand takes in each strain with perfect play, the best contract (every contract that
reaches it) and why, in a pupil's words (``labels.feedback.board_why_text``, the lesson
pack's "why").

A table sees a board's cards only once it has entered the board in the current round
(the pairs sitting there have played it; another board's, or an earlier round's, may
still be played by a pair now at the table), only while the teacher's session option
``Session.show_cards`` is on, and in a simultaneous event only once the event is over:
other schools play the same cards until its last day has passed
(``scoring.event.event_over``). The teacher's traveller shows them whatever the option
(the teacher has the board slips), but not before an event is over either."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from enum import StrEnum

from django.utils import timezone

from scoring.event import event_over
from scoring.feedback import BoardLesson, board_lesson
from tournaments.boards import selectors as board_selectors
from tournaments.labels import feedback as feedback_labels
from tournaments.models import Session
from tournaments.sessions import selectors as session_selectors


class CardsAccess(StrEnum):
    """Whether a board's cards are shown, and if not, why."""

    SHOWN = "shown"
    #: The table has not entered the board in the current round (or the session has
    #: no such board): nothing about it is said.
    NOT_ENTERED = "not-entered"
    #: The teacher turned "Show the cards after each board" off for the session.
    TURNED_OFF = "turned-off"
    #: The session plays an event that is not over yet.
    EVENT_ON = "event-on"


def cards_access(
    *,
    entered: bool,
    show_cards: bool,
    event_ends_on: datetime.date | None,
    today: datetime.date | None = None,
) -> CardsAccess:
    """Whether a board's cards may be shown: ``entered`` (the table has entered the
    board in the current round), ``show_cards`` (the session's option) and, for a
    session of an event, the event's last day (``event_ends_on``; None for a lesson),
    on ``today`` (the site's date unless given)."""
    if not entered:
        return CardsAccess.NOT_ENTERED
    if not show_cards:
        return CardsAccess.TURNED_OFF
    if event_ends_on is not None and not event_over(event_ends_on, today or timezone.localdate()):
        return CardsAccess.EVENT_ON
    return CardsAccess.SHOWN


def event_ends_on(session: Session) -> datetime.date | None:
    """The last day of the event the session plays (``sessions.selectors.event_of``),
    None for a lesson: two queries."""
    event = session_selectors.event_of(session)
    return None if event is None else event.ends_on


@dataclass(frozen=True)
class BoardCards:
    """What "See the cards" shows of a board, as the session scores it: its facts (the
    hands, points, declarer, double-dummy tricks, par), the figures of its "why", and
    while the board waits for its analysis, how far the set's analysis is."""

    board: board_selectors.BoardFacts
    lesson: BoardLesson
    analysis: board_selectors.AnalysisProgress | None = None

    @property
    def analysed(self) -> bool:
        return self.board.dd is not None

    @property
    def analysis_coming(self) -> bool:
        """Not analysed yet, but the analysis is queued or under way."""
        return not self.analysed and self.analysis is not None and self.analysis.waiting

    @property
    def dd_heading_id(self) -> str:
        """The id of the tricks table's heading: one per board on a page."""
        return f"dd-heading-{self.board.number}"

    @property
    def why(self) -> str:
        """Why the best contract is best, in one sentence (the lesson pack's words)."""
        return feedback_labels.board_why_text(self.lesson)


def board_cards(board: board_selectors.BoardFacts, *, board_set_id: int | None) -> BoardCards:
    """A board's :class:`BoardCards` (one query, for the set's analysis, only while the
    board has none)."""
    lesson = board_lesson(
        board.deal, board.declaration.declarer, dd=board.dd, profile=board.profile
    )
    analysis = None if board.dd is not None else board_selectors.analysis_progress(board_set_id)
    return BoardCards(board=board, lesson=lesson, analysis=analysis)


def teacher_board_cards(
    session: Session, board: board_selectors.BoardFacts
) -> BoardCards | CardsAccess:
    """A board's cards on the teacher's traveller: shown, unless the session plays an
    event that is not over yet (``CardsAccess.EVENT_ON``)."""
    access = cards_access(entered=True, show_cards=True, event_ends_on=event_ends_on(session))
    if access is not CardsAccess.SHOWN:
        return access
    return board_cards(board, board_set_id=session.board_set_id)
