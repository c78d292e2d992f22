"""Reads of board sets and boards: a teacher's sets (another teacher's is a 404), the
analysis's progress, and a board's facts as a session scores it (dealer, declarer,
points, double-dummy tricks, par and target), computed once and shared."""

from __future__ import annotations

import datetime
import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.contrib.auth.models import User
from django.db.models import Count, Q, QuerySet
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.functional import cached_property

from scoring.cards import Deal, Hand, Seat, Strain, Suit
from scoring.dd import DDTable, Par, minibridge_par
from scoring.declaring import Declaration, Redeal, find_declarer
from scoring.profiles import DEFAULT_PROFILE, Profile, TargetProfile, get_profile
from tournaments.labels.bridge import SEAT_NAMES, SUIT_NAMES, holding_text, par_text, target_text
from tournaments.models import Board, BoardSet, Session

if TYPE_CHECKING:
    from typing import TypedDict

    from django_stubs_ext import StrPromise, WithAnnotations

    class _BoardCounts(TypedDict):
        board_count: int
        analysed_count: int

    CountedBoardSet = WithAnnotations[BoardSet, _BoardCounts]


def board_sets_for_teacher(teacher: User) -> QuerySet[CountedBoardSet]:
    return BoardSet.objects.filter(teacher_id=teacher.pk).annotate(
        board_count=Count("boards"),
        analysed_count=Count("boards", filter=~Q(boards__dd_tricks="")),
    )


def analysis_running(board_set: BoardSet) -> bool:
    """The set's double-dummy analysis is waiting to start or under way."""
    return board_set.analysis in {BoardSet.Analysis.QUEUED, BoardSet.Analysis.RUNNING}


#: How long an analysis may wait without moving (queued and not started, or stopped
#: between two batches) before the teacher is asked whether the background worker runs.
#: A batch takes a second or two (tournaments/boards/analysis.py); the worker may first finish
#: another job (a booklet, the national results).
ANALYSIS_STALLED_AFTER = datetime.timedelta(minutes=1)


#: The scoring a board is read with when none is given.
DEFAULT_SCORING: Profile = get_profile(DEFAULT_PROFILE)


@dataclass(frozen=True)
class AnalysisProgress:
    """How far the double-dummy analysis of a set is: its state, the boards analysed
    out of all, and whether it has stopped moving (``stalled``: it waits, and nothing
    has happened for ``ANALYSIS_STALLED_AFTER``)."""

    state: str  # a BoardSet.Analysis value
    done: int
    total: int
    stalled: bool = False

    @property
    def waiting(self) -> bool:
        """The analysis is queued or under way (the boards will get their answers)."""
        return self.state in {BoardSet.Analysis.QUEUED, BoardSet.Analysis.RUNNING}

    @property
    def started(self) -> bool:
        return self.state != BoardSet.Analysis.QUEUED or self.done > 0

    @property
    def failed(self) -> bool:
        return self.state == BoardSet.Analysis.FAILED

    @property
    def finished(self) -> bool:
        return self.state == BoardSet.Analysis.DONE and self.done == self.total


def analysis_progress(
    board_set_id: int | None, *, now: datetime.datetime | None = None
) -> AnalysisProgress | None:
    """The analysis of the set (None without a set), in one query."""
    row = (
        BoardSet.objects.filter(pk=board_set_id)
        .annotate(
            board_count=Count("boards"),
            analysed_count=Count("boards", filter=~Q(boards__dd_tricks="")),
        )
        .values("analysis", "analysis_updated_at", "board_count", "analysed_count")
        .first()
        if board_set_id is not None
        else None
    )
    if row is None:
        return None
    waiting = row["analysis"] in {BoardSet.Analysis.QUEUED, BoardSet.Analysis.RUNNING}
    moved = row["analysis_updated_at"]
    stalled = waiting and (
        moved is None or (now or timezone.now()) - moved > ANALYSIS_STALLED_AFTER
    )
    return AnalysisProgress(
        state=row["analysis"],
        done=row["analysed_count"],
        total=row["board_count"],
        stalled=stalled,
    )


def answers_ready(board_set: CountedBoardSet) -> bool:
    """Every board of the set has its best contracts worked out."""
    return (
        board_set.analysis == BoardSet.Analysis.DONE
        and board_set.analysed_count == board_set.board_count
    )


def board_set_for_session(
    session: Session, board_sets: Iterable[CountedBoardSet], *, needed: int
) -> CountedBoardSet | None:
    """The set a new session is offered first: the newest of ``board_sets`` with at least
    ``needed`` boards that the class has not played in another session; None when there
    is none (then "deal a new set now" is offered)."""
    played = set(
        Session.objects.filter(school_class_id=session.school_class_id, board_set__isnull=False)
        .exclude(pk=session.pk)
        .exclude(state=Session.State.DRAFT)
        .values_list("board_set_id", flat=True)
    )
    newest_first = sorted(board_sets, key=lambda bs: (bs.created_at, bs.pk), reverse=True)
    fresh = (bs for bs in newest_first if bs.pk not in played and bs.board_count >= needed)
    return next(fresh, None)


def get_board_set_for_teacher(teacher: User, board_set_id: int) -> CountedBoardSet:
    return get_object_or_404(board_sets_for_teacher(teacher), pk=board_set_id)


def get_board_for_teacher(teacher: User, board_set_id: int, number: int) -> Board:
    return get_object_or_404(
        Board.objects.select_related("board_set"),
        board_set_id=board_set_id,
        board_set__teacher_id=teacher.pk,
        number=number,
    )


@dataclass(frozen=True)
class HandFacts:
    seat: Seat
    hand: Hand
    hcp: int
    role: str  # "declarer", "dummy" or "" (a defender)

    @property
    def name(self) -> StrPromise:
        return SEAT_NAMES[self.seat]

    @property
    def suits(self) -> list[tuple[Suit, StrPromise, str]]:
        """(suit, its name, the cards as "A K 7" or "—") in PBN order ♠ ♥ ♦ ♣."""
        return [
            (
                suit,
                SUIT_NAMES[suit],
                holding_text(self.hand.holding(suit)),
            )
            for suit in Suit
        ]


@dataclass(frozen=True)
class BoardFacts:
    """Everything the site shows about a board, derived from its number and cards."""

    number: int
    deal: Deal
    dealer: Seat
    declaration: Declaration
    dd: DDTable | None
    profile: Profile = DEFAULT_SCORING

    @cached_property
    def par(self) -> Par | None:
        """The Minibridge par under the profile, once analysed (worked out when asked:
        saving a result does not need it)."""
        if self.dd is None:
            return None
        return minibridge_par(
            self.dd, self.declaration.declarer, profile=self.profile, hcp=self.side_hcp
        )

    @property
    def target(self) -> int | None:
        """The tricks the declaring side needs under a target scoring (from its combined
        points and the session's table); None under the other scorings."""
        if not isinstance(self.profile, TargetProfile):
            return None
        return self.profile.table.target_for(self.side_hcp)

    @property
    def target_text(self) -> str:
        """ "Target: 8 tricks" under a target scoring, else ""."""
        target = self.target
        return "" if target is None else target_text(target)

    @property
    def par_text(self) -> str:
        """The par in the words of the scoring (``labels.par_text``, as every page and
        paper words it): "Par: 4♠ by South, +420"; under a target scoring "Target 8: ♥
        or ♠ makes 9" ("Target: 8 tricks" before the analysis)."""
        return par_text(self.par, target=self.target)

    @property
    def dealer_name(self) -> StrPromise:
        return SEAT_NAMES[self.dealer]

    @property
    def declarer_name(self) -> StrPromise:
        return SEAT_NAMES[self.declaration.declarer]

    @property
    def dummy_name(self) -> StrPromise:
        return SEAT_NAMES[self.declaration.dummy]

    @property
    def side_hcp(self) -> int:
        return self.deal.side_hcp(self.declaration.side)

    def hand(self, seat: Seat) -> HandFacts:
        role = ""
        if seat is self.declaration.declarer:
            role = "declarer"
        elif seat is self.declaration.dummy:
            role = "dummy"
        return HandFacts(seat=seat, hand=self.deal[seat], hcp=self.deal.hcp(seat), role=role)

    @property
    def hands(self) -> list[HandFacts]:
        return [self.hand(seat) for seat in Seat]

    @property
    def north(self) -> HandFacts:
        return self.hand(Seat.NORTH)

    @property
    def east(self) -> HandFacts:
        return self.hand(Seat.EAST)

    @property
    def south(self) -> HandFacts:
        return self.hand(Seat.SOUTH)

    @property
    def west(self) -> HandFacts:
        return self.hand(Seat.WEST)

    @property
    def dd_rows(self) -> list[tuple[StrPromise, list[int]]]:
        """Rows N E S W of tricks in ♣ ♦ ♥ ♠ NT, for the makeable-tricks table."""
        if self.dd is None:
            return []
        return [(SEAT_NAMES[seat], [self.dd[seat, strain] for strain in Strain]) for seat in Seat]


def session_boards(session: Session) -> list[BoardFacts]:
    """The boards of the session's set, in order, as the session scores them (a target
    session's carry each board's target): what its board slips, curtain cards, PBN file
    and worksheet print. One query."""
    return [
        board_facts(board, profile=session.profile)
        for board in Board.objects.filter(board_set_id=session.board_set_id).order_by("number")
    ]


def board_facts(board: Board, *, profile: Profile = DEFAULT_SCORING) -> BoardFacts:
    """Dealer, declarer, points, analysis and par of a board, from its number and cards."""
    return _facts(board.number, board.deal, board.dd_tricks, profile)


def board_facts_of(number: int, deal: str, dd_tricks: str, profile: Profile) -> BoardFacts:
    """:func:`board_facts` of a board given by its number, PBN deal and analysis."""
    return _facts(number, deal, dd_tricks, profile)


@functools.lru_cache(maxsize=4096)
def _facts(number: int, deal_text: str, dd_tricks: str, profile: Profile) -> BoardFacts:
    # Pure in its arguments (a board's cards never change; a new analysis changes
    # dd_tricks and so the key), and shared by every request that shows the board.
    board = Board(number=number, deal=deal_text, dd_tricks=dd_tricks)
    deal = Deal.from_pbn(board.deal)
    dealer = Seat.dealer_of_board(board.number)
    declaration = find_declarer(deal, dealer)
    if isinstance(declaration, Redeal):
        # Boards are checked when they are dealt or imported; this is a broken row.
        raise ValueError(f"Board {board.number} is a 20–20 deal and cannot be played.")
    dd = DDTable.from_pbn(board.dd_tricks) if board.dd_tricks else None
    return BoardFacts(
        number=board.number,
        deal=deal,
        dealer=dealer,
        declaration=declaration,
        dd=dd,
        profile=profile,
    )
