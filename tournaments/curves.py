"""The data behind the curve sheets: every played result as (the declaring side's
points, the tricks declarer won), for a session, a class over a term, or one pupil."""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from django.db.models import Q, QuerySet

from scoring.cards import Strain
from scoring.contracts import Contract
from scoring.curves import CurvePoint
from scoring.results import adjust_for_revokes
from tournaments import selectors
from tournaments.models import Board, Pupil, Result, SchoolClass, Session


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
            Q(ns_pair__members__pupil=pupil) | Q(ew_pair__members__pupil=pupil)
        ).distinct()
    return results


def curve_points(
    results: Iterable[Result], *, pupil: Pupil | None = None, pair_id: int | None = None
) -> list[CurvePoint]:
    """One point per played result (two queries: the results and their boards). With a
    pupil or a pair, only the deals where that side declared count."""
    rows = list(
        results.select_related("session").prefetch_related("ns_pair__members", "ew_pair__members")
        if isinstance(results, QuerySet)
        else results
    )
    keys = {(row.session.board_set_id, row.board_number) for row in rows}
    boards = {
        (board.board_set_id, board.number): selectors.board_facts(board)
        for board in Board.objects.filter(
            board_set_id__in={key[0] for key in keys}, number__in={key[1] for key in keys}
        )
    }
    points = []
    for row in rows:
        board = boards.get((row.session.board_set_id, row.board_number))
        if board is None or row.tricks_won is None:
            continue
        declaring_ns = board.declaration.side.value == "NS"
        declaring_pair = row.ns_pair if declaring_ns else row.ew_pair
        if pair_id is not None and declaring_pair.pk != pair_id:
            continue
        if pupil is not None and pupil.pk not in {
            member.pupil_id for member in declaring_pair.members.all()
        }:
            continue
        contract = Contract.parse(row.contract, slams=True)
        tricks = adjust_for_revokes(
            row.tricks_won,
            by_declarers=1 if row.revoke == Result.Revoke.DECLARING_SIDE else 0,
            by_defenders=1 if row.revoke == Result.Revoke.DEFENDERS else 0,
        )
        declarer = board.declaration.declarer
        dd_played = dd_best = None
        if board.dd is not None:
            dd_played = board.dd[declarer, contract.strain]
            dd_best = max(board.dd[declarer, strain] for strain in Strain)
        points.append(
            CurvePoint(
                hcp=board.side_hcp,
                tricks=tricks,
                kind=contract.kind.value,
                made=tricks >= contract.target,
                dd_played=dd_played,
                dd_best=dd_best,
            )
        )
    return points


def session_results(session: Session) -> QuerySet[Result]:
    return Result.objects.filter(session=session, kind=Result.Kind.PLAYED, agreed=True)
