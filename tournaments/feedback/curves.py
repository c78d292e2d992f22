"""The data behind the curve sheets: every played result as (the declaring side's
points, the tricks declarer won), for a session, a class over a term, or one pupil."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Q, QuerySet

from scoring.cards import Seat, Strain
from scoring.contracts import Contract
from scoring.curves import CurvePoint
from scoring.profiles import Profile
from scoring.results import adjust_for_revokes
from tournaments.boards import selectors as board_selectors
from tournaments.models import Board, Pair, Pupil, Result, SchoolClass, Session


def class_results(
    school_class: SchoolClass,
    *,
    start: datetime.date | None = None,
    end: datetime.date | None = None,
    pupil: Pupil | None = None,
) -> QuerySet[Result]:
    """Played results of a class's sessions, optionally within dates and for one pupil
    (the deals the pupil's side declared)."""
    results = Result.objects.filter(
        session__school_class=school_class, kind=Result.Kind.PLAYED, agreed=True
    )
    if start is not None:
        results = results.filter(session__date__gte=start)
    if end is not None:
        results = results.filter(session__date__lte=end)
    if pupil is not None:
        results = results.filter(
            Q(ns_pair__members__pupil=pupil)
            | Q(ew_pair__members__pupil=pupil)
            | Q(ns_partner__members__pupil=pupil)  # South or West in an individual session
            | Q(ew_partner__members__pupil=pupil)
        ).distinct()
    return results


@dataclass(frozen=True)
class DeclaredDeal:
    """A played result seen from the side that declared it: the board (its facts under
    the session's scoring profile), the declaring pair, the contract and the tricks
    declarer took after any revoke. The curve sheets and the teaching figures
    (:mod:`tournaments.feedback.selectors`) are both made from these, so they agree."""

    result: Result
    board: board_selectors.BoardFacts
    declaring_pair: Pair
    contract: Contract
    tricks: int
    #: In an individual session: the declaring pupil's partner this round (both are
    #: pairs of one); None in a pair session.
    declaring_partner: Pair | None = None

    @property
    def declarer(self) -> Seat:
        return self.board.declaration.declarer

    @property
    def made(self) -> bool:
        return self.tricks >= self.contract.target

    @property
    def dd_played(self) -> int | None:
        """Declarer's double-dummy tricks in the strain played (None: not analysed)."""
        return None if self.board.dd is None else self.board.dd[self.declarer, self.contract.strain]

    @property
    def dd_best(self) -> int | None:
        """Declarer's double-dummy tricks in the best strain (None: not analysed)."""
        dd = self.board.dd
        return None if dd is None else max(dd[self.declarer, strain] for strain in Strain)

    def pupil_ids(self) -> set[int]:
        """The declaring side's pupils (prefetched with the result)."""
        return set(self.declaring_pupils())

    def declaring_pupils(self) -> list[int]:
        """The declaring side's pupils in the pair's order: the pair's, or in an
        individual session the two partners of the round."""
        sides = [self.declaring_pair, *([self.declaring_partner] if self.declaring_partner else [])]
        return [member.pupil_id for side in sides for member in side.members.all()]


def declared_deals(
    results: Iterable[Result], *, pupil: Pupil | None = None, pair_id: int | None = None
) -> list[DeclaredDeal]:
    """Every played result with its board (two queries: the results and their boards).
    With a pupil or a pair, only the deals where that side declared."""
    rows = list(
        results.select_related("session").prefetch_related(
            "ns_pair__members", "ew_pair__members", "ns_partner__members", "ew_partner__members"
        )
        if isinstance(results, QuerySet)
        else results
    )
    keys = {(row.session.board_set_id, row.board_number) for row in rows}
    boards = {
        (board.board_set_id, board.number): board
        for board in Board.objects.filter(
            board_set_id__in={key[0] for key in keys}, number__in={key[1] for key in keys}
        )
    }
    deals = []
    # Each row has its own copy of its session: resolve each session's profile once.
    profiles: dict[int, Profile] = {}
    for row in rows:
        board = boards.get((row.session.board_set_id, row.board_number))
        if board is None or row.tricks_won is None:
            continue
        profile = profiles.get(row.session_id)
        if profile is None:
            profile = profiles[row.session_id] = row.session.profile
        facts = board_selectors.board_facts(board, profile=profile)
        declaring_ns = facts.declaration.side.value == "NS"
        declaring_pair = row.ns_pair if declaring_ns else row.ew_pair
        partner = row.ns_partner if declaring_ns else row.ew_partner
        deal = DeclaredDeal(
            result=row,
            board=facts,
            declaring_pair=declaring_pair,
            declaring_partner=partner,
            contract=Contract.parse(row.contract, slams=True),
            tricks=adjust_for_revokes(
                row.tricks_won,
                by_declarers=1 if row.revoke == Result.Revoke.DECLARING_SIDE else 0,
                by_defenders=1 if row.revoke == Result.Revoke.DEFENDERS else 0,
            ),
        )
        if pair_id is not None and pair_id not in {declaring_pair.pk, partner and partner.pk}:
            continue
        if pupil is not None and pupil.pk not in deal.pupil_ids():
            continue
        deals.append(deal)
    return deals


def curve_point(deal: DeclaredDeal) -> CurvePoint:
    """A declared deal as the curve sheet records it."""
    return CurvePoint(
        hcp=deal.board.side_hcp,
        tricks=deal.tricks,
        kind=deal.contract.kind.value,
        made=deal.made,
        dd_played=deal.dd_played,
        dd_best=deal.dd_best,
    )


def curve_points(
    results: Iterable[Result], *, pupil: Pupil | None = None, pair_id: int | None = None
) -> list[CurvePoint]:
    """One point per played result (two queries: the results and their boards). With a
    pupil or a pair, only the deals where that side declared count."""
    return [curve_point(deal) for deal in declared_deals(results, pupil=pupil, pair_id=pair_id)]


def session_results(session: Session) -> QuerySet[Result]:
    return Result.objects.filter(session=session, kind=Result.Kind.PLAYED, agreed=True)
