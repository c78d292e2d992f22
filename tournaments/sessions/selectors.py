"""Reads of a session: its pairs, its movement (built from its parameters through
``scoring.movements``, never stored), the set-up's suggestion and whether the boards
fit, the event it plays for, whether it compares boards at all, and its setup: what
the pages of its tables read on every request and no result changes (kept between
requests by ``tournaments.sessions.caches``)."""

from __future__ import annotations

import datetime
import functools
from collections import Counter
from dataclasses import dataclass
from typing import Protocol

from django.contrib.auth.models import User
from django.db.models import Prefetch, QuerySet
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.functional import cached_property

from scoring import clock, individual, league, movements
from scoring.clock import TimeLeft
from scoring.individual import IndividualError, IndividualMovement
from scoring.movements import Movement, MovementError, PairId, Suggestion
from scoring.profiles import (
    SLIDING_SCALE,
    Profile,
    TargetProfile,
    TargetTable,
)
from tournaments.boards import selectors as board_selectors
from tournaments.labels import people as people_labels
from tournaments.labels.sessions import (
    boards_to_prepare_text,
    event_too_few_boards_text,
    individual_reason_text,
    one_table_setup_note,
    suggestion_reason_text,
)
from tournaments.models import (
    Board,
    BoardSet,
    Pair,
    PairMember,
    Session,
    Table,
)
from tournaments.sessions import caches


class SessionEvent(Protocol):
    """What the classroom needs of the simultaneous event a session plays for its school
    (``events.Event`` is one): its scoring and convention, its boards, its public
    page's token and its last day (its boards' cards are shown only once it is over:
    ``scoring.event.event_over``). ``events`` builds on this app and never the other way
    round: the event is reached through the database's link (``events.EventSchool``
    points at its session), never by importing it."""

    scoring_profile: str
    convention: str
    board_set: BoardSet
    public_token: str
    ends_on: datetime.date


DEFAULT_MAX_ROUNDS = 6


def sessions_for_teacher(teacher: User) -> QuerySet[Session]:
    return Session.objects.filter(school_class__teacher_id=teacher.pk).select_related(
        "school_class", "board_set", "league"
    )


def get_session_for_teacher(teacher: User, session_id: int) -> Session:
    return get_object_or_404(sessions_for_teacher(teacher), pk=session_id)


def session_pairs(session: Session) -> list[Pair]:
    """The pairs with their pupils, in pair order, in two queries."""
    return _with_members(session.pairs.all())


def _with_members(pairs: QuerySet[Pair]) -> list[Pair]:
    """The pairs, each with its pupils in their order (one query more)."""
    in_order = PairMember.objects.select_related("pupil").order_by("position")
    return list(pairs.prefetch_related(Prefetch("members", queryset=in_order)))


def pair_id(pair: Pair) -> PairId:
    line = movements.Line(pair.line) if pair.line else None
    return PairId(pair.number, line)


def session_movement(session: Session, *, pairs: int | None = None) -> Movement:
    """The session's movement, built from its parameters (MovementError if they do not
    make one). In an individual session each pupil is a pair of one, and the movement
    files each table under its North and East pupils (``individual.as_movement``)."""
    count = pairs if pairs is not None else session.pairs.count()
    return _movement(
        session.movement_kind,
        count,
        session.movement_style or movements.MitchellStyle.SKIP,
        session.rounds,
        session.arrow_switch,
        session.boards_per_round,
        session.league_first_round,
    )


@functools.lru_cache(maxsize=256)
def _movement(
    kind: str,
    pairs: int,
    style: str,
    rounds: int | None,
    arrow_switch: bool,
    per_round: int,
    league_first_round: int | None = None,
) -> Movement:
    # Movements are immutable and depend only on these numbers, so every request of a
    # session (each table's save, the grid every few seconds) shares one.
    if kind == Session.Kind.INDIVIDUAL:
        return individual.seated_movement(pairs, rounds=rounds, boards_per_round=per_round)
    if kind == Session.Kind.LEAGUE:
        # An evening of a league: its fixtures, one table a mini-match (scoring.league).
        try:
            return league.evening_movement(
                pairs,
                first_round=league_first_round or 1,
                rounds=rounds or 1,
                deals_per_match=per_round,
            )
        except league.LeagueError as error:
            raise MovementError(
                movements.MovementErrorCode.PAIRS_OUT_OF_RANGE,
                str(error),
                min_pairs=league.MIN_PAIRS,
                max_pairs=league.MAX_PAIRS,
                pairs=pairs,
            ) from error
    if kind == Session.Kind.HOWELL:
        return movements.howell(pairs, rounds=rounds, boards_per_round=per_round)
    return movements.mitchell(
        pairs,
        even_tables=style,
        rounds=rounds,
        arrow_switch=arrow_switch,
        boards_per_round=per_round,
    )


def session_individual_movement(
    session: Session, *, pupils: int | None = None
) -> IndividualMovement:
    """An individual session's movement: who sits in which seat, each round (its pairs
    are its pupils, one each, numbered as the movement numbers them; ``pupils``: their
    number, if known, else counted)."""
    count = pupils if pupils is not None else session.pairs.count()
    return _individual(count, session.rounds, session.boards_per_round)


@functools.lru_cache(maxsize=64)
def _individual(pupils: int, rounds: int | None, per_round: int) -> IndividualMovement:
    seating = individual.seated_movement(pupils, rounds=rounds, boards_per_round=per_round).seating
    assert seating is not None  # a seated movement always has its seating
    return seating


def event_of(session: Session) -> SessionEvent | None:
    """The simultaneous event the session plays for its school (``events.EventSchool``
    links the two), or None for an ordinary lesson."""
    school = getattr(session, "event_school", None)
    event: SessionEvent | None = school.event if school is not None else None
    return event


def plays_for_a_school(session: Session) -> bool:
    """Whether the session plays for a school in a simultaneous event (no query when the
    session was read with its ``event_school``, one otherwise)."""
    return getattr(session, "event_school", None) is not None


def is_individual(session: Session) -> bool:
    """Whether the pupils change partners every round and are ranked alone."""
    return session.movement_kind == Session.Kind.INDIVIDUAL


def pair_sits_out(pairs: int) -> bool:
    """An odd number of pairs: one pair has each round off (sits out and watches, a
    different pair each round)."""
    return pairs % 2 == 1


def compares_boards(movement: Movement) -> bool:
    """Whether the movement plays some board at more than one table, so that its
    scores can be compared (matchpoints).

    Not when every board is played once: at one table (an individual session of 4 to 7
    pupils), with 3 pairs (each round one table plays the phantom and the other has the
    round off) or in a Mitchell of one round. Each result then gets 50 % and the
    percentages say nothing, so such a session is ranked by total points instead
    (:func:`ranked_by_total`)."""
    plays = Counter(entry.board_set for entry in movement.entries if not entry.sits_out)
    return any(count > 1 for count in plays.values())


def session_compares_boards(session: Session, *, pairs: int | None = None) -> bool:
    """Whether the session's movement compares any board (:func:`compares_boards`);
    a session without a movement yet, or with parameters that make none, counts as
    comparing (it is ranked as the teacher chose)."""
    if not session.movement_kind:
        return True
    try:
        return compares_boards(session_movement(session, pairs=pairs))
    except MovementError:
        return True


def ranked_by_total(session: Session, *, compared: bool) -> bool:
    """Whether the session is ranked by total points: the teacher's choice, and always
    when no board is compared (``compared``, :func:`session_compares_boards`). This is
    the one rule every standings page, projector and download follows
    (``standings.Standings.ranking``)."""
    return session.ranking == Session.Ranking.TOTAL or not compared


@dataclass(frozen=True)
class Plan:
    """What the set-up page suggests for a draft session, with its reason. Every number
    and every sentence comes from the one movement the suggestion builds."""

    kind: str
    style: str
    rounds: int
    boards_per_round: int
    tables: int
    total_boards: int
    reason: str
    #: An odd number of pairs: one pair has each round off (an individual session's
    #: reason says who sits out).
    sit_out: bool = False
    #: Some board is played at more than one table (:func:`compares_boards`); if not,
    #: the session is ranked by total points, and :attr:`ranking_note` says so.
    compared: bool = True
    individual: bool = False
    #: Where tables play the same boards in a round: which boards to make, and how many
    #: of each (``labels.boards_to_prepare_text``); empty otherwise.
    boards_note: str = ""

    @property
    def even_tables(self) -> bool:
        """An even number of tables: a Mitchell then needs a skip or a share-and-relay,
        and the page offers the choice (with an odd number it needs neither)."""
        return self.tables % 2 == 0

    @property
    def ranking_note(self) -> str:
        """One sentence when no board is compared: how the session is ranked then."""
        if self.compared:
            return ""
        return one_table_setup_note(individual=self.individual)


def session_plan(
    session: Session, *, max_rounds: int = DEFAULT_MAX_ROUNDS, event_boards: int | None = None
) -> Plan:
    """The movement suggested for a draft session: an individual one for an individual
    session, otherwise the pair movement that suits the number of pairs. A session of a
    simultaneous event (``event_boards``: how many boards the event has) gets the pair
    movement that plays the event's boards, all of them where a movement can
    (``movements.suggest_for_boards``), so it never needs a board the event lacks."""
    if is_individual(session):
        pupils = session.pairs.count()
        try:
            chosen = individual.suggest_individual(pupils, max_rounds=max(max_rounds, 1))
        except IndividualError as error:
            if error.code is not individual.IndividualErrorCode.TOO_FEW_BOARDS_PER_ROUND:
                raise
            # Tables that share a board set each start on a board of their own (12
            # pupils: three tables at once), so suggest one board a round for each.
            chosen = individual.suggest_individual(
                pupils,
                max_rounds=max(max_rounds, 1),
                boards_per_round=int(str(error.params["needed"])),
            )
        built = individual.as_movement(chosen.build())
        return Plan(
            kind=Session.Kind.INDIVIDUAL,
            style="",
            rounds=chosen.rounds,
            boards_per_round=chosen.boards_per_round,
            tables=chosen.tables,
            total_boards=built.total_boards,
            reason=individual_reason_text(chosen.reason_code, chosen.params),
            compared=compares_boards(built),
            individual=True,
            boards_note=boards_to_prepare_text(built),
        )
    suggestion, reason = None, ""
    if event_boards is not None:
        try:
            suggestion = movements.suggest_for_boards(session.pairs.count(), event_boards)
        except MovementError as error:
            # Too many tables for so few boards: nothing fits, and the page says so
            # instead of suggesting what Start would refuse.
            suggestion = session_suggestion(session, max_rounds=1, boards_per_round=1)
            reason = event_too_few_boards_text(
                boards=event_boards,
                tables=suggestion.tables,
                needed=int(str(error.params["needed"])),
            )
    if suggestion is None:
        suggestion = session_suggestion(session, max_rounds=max_rounds)
    movement = suggestion.build()
    return Plan(
        kind=suggestion.kind.value,
        style="relay" if suggestion.style == movements.MitchellStyle.RELAY else "skip",
        rounds=suggestion.rounds,
        boards_per_round=suggestion.boards_per_round,
        tables=suggestion.tables,
        total_boards=movement.total_boards,
        reason=reason or suggestion_reason_text(suggestion),
        sit_out=suggestion.sit_out,
        compared=compares_boards(movement),
        boards_note=boards_to_prepare_text(movement),
    )


def session_suggestion(
    session: Session, *, max_rounds: int = DEFAULT_MAX_ROUNDS, boards_per_round: int = 2
) -> Suggestion:
    return movements.suggest_movement(
        session.pairs.count(), max_rounds=max_rounds, boards_per_round=boards_per_round
    )


@dataclass(frozen=True)
class BoardFit:
    """Whether a board set has the boards a movement plays."""

    needed: int
    available: int
    missing: tuple[int, ...]

    @property
    def ok(self) -> bool:
        return not self.missing


def board_fit(movement: Movement, board_set: BoardSet) -> BoardFit:
    numbers = set(board_set.boards.values_list("number", flat=True))
    needed = range(1, movement.total_boards + 1)
    return BoardFit(
        needed=movement.total_boards,
        available=len(numbers),
        missing=tuple(n for n in needed if n not in numbers),
    )


def session_target_table(session: Session) -> TargetTable:
    """The target table the session scores with (or would, under a target scoring):
    the teacher's own, or the published one its scoring names (the sliding scale when
    the scoring is not a target one)."""
    profile = session.profile
    return profile.table if isinstance(profile, TargetProfile) else SLIDING_SCALE


# --------------------------------------------------------------------------- the clock

#: The session's fields the round clock is worked out from, in this order (what
#: :func:`clock_from_values` takes): one query's values for a polled clock.
CLOCK_FIELDS = (
    "round_minutes",
    "clock_started_at",
    "clock_paused_at",
    "clock_sound",
    "current_round",
    "state",
)


@dataclass(frozen=True)
class ClockView:
    """A session's round clock as its screens show it at one instant: the time left
    (None: the session has no clock, or is not running), the minutes a round, whether
    the projector beeps at zero, the round it is the clock of, and when it was worked
    out (the server's clock, in seconds since the epoch)."""

    left: TimeLeft | None
    minutes: int | None
    sound: bool
    round: int
    made: float

    @property
    def on(self) -> bool:
        return self.left is not None

    @property
    def state(self) -> str:
        """``"off"``, or the clock's :class:`scoring.clock.ClockState`."""
        return self.left.state.value if self.left is not None else "off"

    def as_json(self) -> dict[str, object]:
        """What a polling screen reads (static/js/round-clock.js): the seconds left, not
        an instant, so a tablet whose own clock is wrong still counts right."""
        if self.left is None:
            return {"on": False, "state": "off", "round": self.round, "made": self.made}
        return {
            "on": True,
            "state": self.state,
            "left": self.left.seconds,
            "minutes": self.minutes,
            "sound": self.sound,
            "round": self.round,
            "made": self.made,
        }


def clock_from_values(
    minutes: int | None,
    started_at: datetime.datetime | None,
    paused_at: datetime.datetime | None,
    sound: bool,
    current_round: int,
    state: str,
    *,
    now: datetime.datetime | None = None,
) -> ClockView:
    """The clock of a session whose :data:`CLOCK_FIELDS` hold these values, at ``now``
    (the time now unless given). A session that is not running shows no clock."""
    now = now or timezone.now()
    running = state == Session.State.RUNNING
    left = (
        clock.time_left(minutes=minutes, started_at=started_at, paused_at=paused_at, now=now)
        if running
        else None
    )
    return ClockView(
        left=left,
        minutes=minutes if left is not None else None,
        sound=sound,
        round=current_round,
        made=now.timestamp(),
    )


def session_clock(session: Session, *, now: datetime.datetime | None = None) -> ClockView:
    """The session's round clock, from the row as it was read (no query)."""
    return clock_from_values(
        session.round_minutes,
        session.clock_started_at,
        session.clock_paused_at,
        session.clock_sound,
        session.current_round,
        session.state,
        now=now,
    )


def round_clock(session: Session) -> clock.RoundClock | None:
    """The session's clock as stored, for a change of it; None without a clock."""
    if session.round_minutes is None:
        return None
    return clock.RoundClock(
        session.round_minutes, session.clock_started_at, session.clock_paused_at
    )


def teacher_clock(teacher: User, session_id: int) -> ClockView | None:
    """The clock of one of the teacher's sessions, in one query; None if there is no
    such session of theirs."""
    values = (
        Session.objects.filter(pk=session_id, school_class__teacher_id=teacher.pk)
        .values_list(*CLOCK_FIELDS)
        .order_by()  # one row: the sessions' order would only cost
        .first()
    )
    return clock_from_values(*values) if values is not None else None


def suggested_round_minutes(boards_per_round: int) -> int:
    """The minutes a round the set-up suggests for rounds of this many boards."""
    return clock.suggested_minutes(boards_per_round)


# --------------------------------------------------------------------------- what tables read


@dataclass(frozen=True)
class SessionSetup:
    """What the pages of a session's tables read on every request and no result changes,
    kept between requests under the session's setup (tournaments.sessions.caches): its
    pairs with their pupils, by the movement's name for them; its pupils as a shared
    screen names them (pupil id → name); in an individual session each pair, a pupil
    alone, by that name (pair id → name); and the cards and analysis of every board of
    its set (number → PBN deal and double-dummy tricks); its tables; and where the
    session shows the tables the cards (``Session.show_cards``) and plays an event,
    the event's last day (an event's dates are set when it is made)."""

    pairs: dict[PairId, Pair]
    screen_names: dict[int, str]
    pair_names: dict[int, str]
    boards: dict[int, tuple[str, str]]
    #: The session's tables, by id.
    tables: dict[int, Table]
    #: The last day of the event the session plays (None for a lesson, and when the
    #: session does not show the cards: an option set before the start, never changed).
    event_ends_on: datetime.date | None = None

    @cached_property
    def by_pk(self) -> dict[int, Pair]:
        """The pairs by id."""
        return {pair.pk: pair for pair in self.pairs.values()}

    def board(self, number: int, profile: Profile) -> board_selectors.BoardFacts | None:
        """A board of the set as the session scores it; None if the set has no such board."""
        found = self.boards.get(number)
        if found is None:
            return None
        return board_selectors.board_facts_of(number, found[0], found[1], profile)


def session_setup(session: Session, *, fresh: bool = False) -> SessionSetup:
    """The session's :class:`SessionSetup`: read once per setup (four queries, two more
    for its event when it shows the cards), then from the cache; read afresh (and not
    kept) with ``fresh``."""
    if fresh:
        return _session_setup(session)
    return caches.per_setup(session, "setup", lambda: _session_setup(session))


def _session_setup(session: Session) -> SessionSetup:
    # Read by the session's id, not through it: what is kept holds no copy of the
    # session (its round and state move on while the setup stays).
    pairs = _with_members(Pair.objects.filter(session_id=session.pk))
    members = [(pair, member) for pair in pairs for member in pair.members.all()]
    names = people_labels.screen_names(
        (member.pupil_id, member.pupil.first_name, member.pupil.last_name)
        for _pair, member in members
    )
    individual = is_individual(session)
    # The cards of a board wait for the end of the event the session plays, if any.
    event = event_of(session) if session.show_cards else None
    boards = Board.objects.filter(board_set_id=session.board_set_id).values_list(
        "number", "deal", "dd_tricks"
    )
    return SessionSetup(
        pairs={pair_id(pair): pair for pair in pairs},
        screen_names=names,
        pair_names={pair.pk: names[member.pupil_id] for pair, member in members}
        if individual
        else {},
        boards={number: (deal, dd) for number, deal, dd in boards},
        tables={table.pk: table for table in Table.objects.filter(session_id=session.pk)},
        event_ends_on=None if event is None else event.ends_on,
    )
