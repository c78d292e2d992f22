"""Privacy for a site that holds children's names: a class's data as one file, deleting
a pupil or a whole class, and removing finished sessions past the school's retention
period. These are its reads: the class's data as one file, what a deletion would take, what
the purge would remove; the writes are in :mod:`tournaments.privacy.services`.

What deleting a pupil means (the "right to erasure", as a school would expect it): the
pupil's name goes, from the class list, the partnership, every session, the seats of
the class's four-deal games where the teacher typed it, and the admin site's history.
The results of the boards the pupil played stay, because they are just as much the
results of the partner and the opponents; the pupil's pair is shown without the name
from then on. A session being set up is made again without the pupil; while a session
with the pupil in it is running, nothing is deleted (finish it first).

What another app keeps of a class as copied text goes in the same transaction: each
deletion calls what the app registered (:class:`ClassData`): the names typed at the
four-deal game's tables (``games``), the pupils' first names copied into the
simultaneous events (``events``).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Prefetch, Q, QuerySet
from django.utils import timezone

from tournaments.models import (
    Board,
    BoardSet,
    Flag,
    Pair,
    PairMember,
    Partnership,
    Pupil,
    Result,
    ResultChange,
    SchoolClass,
    Session,
    Table,
)

EXPORT_FORMAT = "minibridge-class-export"


EXPORT_VERSION = 1


@dataclass(frozen=True)
class ClassData:
    """What another app keeps about a class and its pupils (the four-deal games of
    ``games``, the simultaneous events' copies of the class's sessions), for this
    module's export, deletions and purge: that app registers it
    (:func:`register_class_data`, from its ``AppConfig.ready``), so that this module never
    imports it; each deletion here calls what is registered, in its own transaction.
    Rows linked to the class go by their foreign keys' cascade; these are for what an
    app keeps as copied text (names typed at a table, names copied into an event)."""

    #: Its part of the class's export (``"four_deal_games"``).
    key: str
    #: What the part holds for a class, as JSON-ready data, links left out.
    export: Callable[[SchoolClass], list[dict[str, Any]]] | None = None
    #: Forget a pupil being deleted, before the pupil's rows go.
    forget_pupil: Callable[[Pupil], None] | None = None
    #: After a pupil of the class (the class's id) is deleted: bring up to date what the
    #: app copied from the class's sessions (the pupil's first name leaves the events).
    pupil_gone: Callable[[int], None] | None = None
    #: After sessions were deleted (a class, the purge): forget what was copied of them.
    sessions_gone: Callable[[], None] | None = None
    #: What the purge removes, for its report (``"four-deal games"``: the command's
    #: own words are English).
    purge_noun: str = ""
    #: How many of its records were started before a date; and delete those.
    to_purge: Callable[[datetime.date], int] | None = None
    purge: Callable[[datetime.date], int] | None = None


_CLASS_DATA: dict[str, ClassData] = {}


def register_class_data(part: ClassData) -> None:
    """Add (or, registered again, replace) another app's part of a class's data."""
    _CLASS_DATA[part.key] = part


def class_data_parts() -> tuple[ClassData, ...]:
    """The other apps' parts of a class's data, in the order registered."""
    return tuple(_CLASS_DATA.values())


@dataclass(frozen=True)
class SessionsCount:
    """What a set of sessions holds: what deleting them removes."""

    sessions: int = 0
    pairs: int = 0
    results: int = 0
    changes: int = 0  # corrections in the audit trail


def sessions_count(sessions: QuerySet[Session]) -> SessionsCount:
    return SessionsCount(
        sessions=sessions.count(),
        pairs=Pair.objects.filter(session__in=sessions).count(),
        results=Result.objects.filter(session__in=sessions).count(),
        changes=ResultChange.objects.filter(result__session__in=sessions).count(),
    )


@dataclass(frozen=True)
class ClassDeletion:
    """What deleting a class removes, and what stays (the teacher's board sets)."""

    school_class: SchoolClass
    pupils: int
    partnerships: int
    held: SessionsCount
    running: list[Session]
    board_sets_kept: int


def class_deletion(school_class: SchoolClass) -> ClassDeletion:
    sessions = Session.objects.filter(school_class=school_class)
    return ClassDeletion(
        school_class=school_class,
        pupils=school_class.pupils.count(),
        partnerships=school_class.partnerships.count(),
        held=sessions_count(sessions),
        running=list(sessions.filter(state=Session.State.RUNNING)),
        board_sets_kept=BoardSet.objects.filter(sessions__in=sessions).distinct().count(),
    )


@dataclass(frozen=True)
class PupilDeletion:
    """What deleting a pupil removes and what stays (see the module's docstring)."""

    pupil: Pupil
    partner: Pupil | None  # the partnership goes
    sessions_played: int  # sessions (running or finished) with the pupil in a pair
    results_kept: int  # the results of those pairs, which stay
    drafts: list[Session]  # sessions being set up: made again without the pupil
    running: list[Session]  # while any, nothing is deleted

    @property
    def blocked(self) -> bool:
        return bool(self.running)


def pupil_deletion(pupil: Pupil) -> PupilDeletion:
    partnership = (
        Partnership.objects.filter(Q(first=pupil) | Q(second=pupil))
        .select_related("first", "second")
        .first()
    )
    partner = None
    if partnership is not None:
        partner = partnership.second if partnership.first_id == pupil.pk else partnership.first
    played = Session.objects.filter(
        ~Q(state=Session.State.DRAFT), pairs__members__pupil=pupil
    ).distinct()
    pairs = Pair.objects.filter(members__pupil=pupil, session__in=played)
    results = Result.objects.filter(
        Q(ns_pair__in=pairs)
        | Q(ew_pair__in=pairs)
        | Q(ns_partner__in=pairs)
        | Q(ew_partner__in=pairs)
    )
    return PupilDeletion(
        pupil=pupil,
        partner=partner,
        sessions_played=played.count(),
        results_kept=results.count(),
        drafts=list(_sessions_with(pupil).filter(state=Session.State.DRAFT)),
        running=list(_sessions_with(pupil).filter(state=Session.State.RUNNING)),
    )


def _sessions_with(pupil: Pupil) -> QuerySet[Session]:
    """The sessions the pupil is ticked present in or plays in, oldest first."""
    return (
        Session.objects.filter(Q(present=pupil) | Q(pairs__members__pupil=pupil))
        .distinct()
        .order_by("date", "pk")
    )


def class_sessions_with_results(school_class: SchoolClass) -> QuerySet[Session]:
    """The class's sessions that have standings (each has its own Excel workbook)."""
    return (
        school_class.sessions.exclude(state=Session.State.DRAFT)
        .annotate(result_count=Count("results"))
        .order_by("-date", "-created_at")
    )


def class_export(school_class: SchoolClass) -> dict[str, Any]:
    """Everything the site holds about a class, as plain JSON-ready data: the class,
    its pupils and partnerships, its sessions with their pairs, tables, results and
    corrections, the board sets they used, its leagues with their pairs, and its
    four-deal games with the names typed at their tables and their deals. Table
    links (secrets that let a tablet enter results) are left out; ids tie the parts
    together."""
    members = PairMember.objects.order_by("position")
    changes = ResultChange.objects.select_related("changed_by")
    flags = Flag.objects.select_related("resolved_by")
    sessions = list(
        school_class.sessions.order_by("date", "created_at", "pk").prefetch_related(
            "present",
            Prefetch(
                "pairs",
                queryset=Pair.objects.all().prefetch_related(Prefetch("members", queryset=members)),
            ),
            Prefetch("tables", queryset=Table.objects.order_by("number")),
            Prefetch(
                "results",
                queryset=Result.objects.select_related("table", "entered_by")
                .prefetch_related(
                    Prefetch("changes", queryset=changes), Prefetch("flags", queryset=flags)
                )
                .order_by("round", "table__number", "board_number"),
            ),
        )
    )
    board_sets = BoardSet.objects.filter(
        pk__in={session.board_set_id for session in sessions if session.board_set_id}
    ).prefetch_related(Prefetch("boards", queryset=Board.objects.order_by("number")))
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "exported_at": timezone.now(),
        "class": {
            "id": school_class.pk,
            "name": school_class.name,
            "created_at": school_class.created_at,
        },
        "pupils": [
            {
                "id": pupil.pk,
                "first_name": pupil.first_name,
                "last_name": pupil.last_name,
                "active": pupil.active,
            }
            for pupil in school_class.pupils.all()
        ],
        "partnerships": [
            {"first": partnership.first_id, "second": partnership.second_id}
            for partnership in school_class.partnerships.order_by("pk")
        ],
        "sessions": [_session_export(session) for session in sessions],
        "board_sets": [_board_set_export(board_set) for board_set in board_sets],
        "leagues": [
            {
                "id": league.pk,
                "name": league.name,
                "created_at": league.created_at,
                "deals_per_match": league.deals_per_match,
                "scoring_profile": league.scoring_profile,
                "sessions": league.evenings,
                "points": [league.points_win, league.points_draw, league.points_loss],
                "pairs": [
                    {"number": pair.number, "pupils": [pair.first_id, pair.second_id]}
                    for pair in league.pairs.all()
                ],
            }
            for league in school_class.leagues.order_by("pk").prefetch_related("pairs")
        ],
        **{
            part.key: part.export(school_class)
            for part in _CLASS_DATA.values()
            if part.export is not None
        },
    }


def _session_export(session: Session) -> dict[str, Any]:
    return {
        "id": session.pk,
        "date": session.date,
        "created_at": session.created_at,
        "state": session.state,
        "board_set": session.board_set_id,
        "scoring_profile": session.scoring_profile,
        "target_table": session.target_table,
        "matchpoints": session.convention,
        "ranking": session.ranking,
        "movement": session.movement_kind,
        "movement_style": session.movement_style,
        "rounds": session.rounds,
        "boards_per_round": session.boards_per_round,
        "round_minutes": session.round_minutes,
        "arrow_switch": session.arrow_switch,
        "opponents_agree": session.require_agreement,
        "show_cards": session.show_cards,
        "current_round": session.current_round,
        "league": session.league_id,
        "league_session": session.league_evening,
        "present": sorted(pupil.pk for pupil in session.present.all()),
        "pairs": [
            {
                "id": pair.pk,
                "number": pair.number,
                "line": pair.line,
                "sits_out_from_round": pair.withdrawn_from_round,
                "pupils": [member.pupil_id for member in pair.members.all()],
            }
            for pair in session.pairs.all()
        ],
        "tables": [table.number for table in session.tables.all()],
        "results": [_result_export(result) for result in session.results.all()],
    }


def _result_export(result: Result) -> dict[str, Any]:
    return {
        "round": result.round,
        "table": result.table.number,
        "board": result.board_number,
        "ns_pair": result.ns_pair_id,
        "ew_pair": result.ew_pair_id,
        # An individual session's South and West (its pairs are pupils); None for pairs.
        "ns_partner": result.ns_partner_id,
        "ew_partner": result.ew_partner_id,
        "kind": result.kind,
        "contract": result.contract,
        "tricks_won": result.tricks_won,
        "revoke": result.revoke,
        "ns_adjusted": result.ns_adjusted,
        "ew_adjusted": result.ew_adjusted,
        "agreed": result.agreed,
        "flags": [
            {
                "kind": flag.kind,
                "raised_at": flag.raised_at,
                "sent": {
                    "contract": flag.sent_contract,
                    "tricks_won": flag.sent_tricks,
                    "revoke": flag.sent_revoke,
                }
                if flag.kind == Flag.Kind.CONFLICT
                else None,
                "answer": flag.resolution,
                "reason": flag.reason,
                "answered_by": _username(flag.resolved_by),
                "answered_at": flag.resolved_at,
            }
            for flag in result.flags.all()
        ],
        "entered_by": _username(result.entered_by),
        "entered_at": result.created_at,
        "changed_at": result.updated_at,
        "changes": [
            {
                "at": change.changed_at,
                "by": _username(change.changed_by),
                "before": change.old,
                "after": change.new,
            }
            for change in result.changes.all()
        ],
    }


def _username(user: Any) -> str | None:
    return None if user is None else str(user.get_username())


def _board_set_export(board_set: BoardSet) -> dict[str, Any]:
    return {
        "id": board_set.pk,
        "name": board_set.name,
        "source": board_set.source,
        "seed": board_set.seed,
        "preset": board_set.preset,
        "file_name": board_set.source_filename,
        "boards": [
            {"number": board.number, "deal": board.deal, "dd_tricks": board.dd_tricks}
            for board in board_set.boards.all()
        ],
    }


def purge_cutoff(*, older_than_days: int, today: datetime.date | None = None) -> datetime.date:
    """Sessions dated before this day are more than ``older_than_days`` days old."""
    return (today or timezone.localdate()) - datetime.timedelta(days=older_than_days)


@dataclass(frozen=True)
class PurgeItem:
    """A finished session past the retention period, as the purge lists it."""

    session_id: int
    date: datetime.date
    class_name: str
    results: int


def sessions_to_purge(*, before: datetime.date) -> list[PurgeItem]:
    """Finished sessions dated before ``before``: sessions being set up or running are
    never removed, however old, nor a league's sessions."""
    rows = (
        _purgeable(before)
        .annotate(result_count=Count("results"))
        .order_by("date", "pk")
        .values_list("pk", "date", "school_class__name", "result_count")
    )
    return [PurgeItem(pk, date, name, results) for pk, date, name, results in rows]


def _purgeable(before: datetime.date) -> QuerySet[Session]:
    # A league's sessions stay while it does: without them its cross-table would lose
    # its matches and offer the evening again. They go with the class.
    return Session.objects.filter(
        state=Session.State.FINISHED, date__lt=before, league__isnull=True
    )
