"""Writes of a session: making its pairs, setting it up and starting it, a late pupil,
a pair that stops, the rounds, finishing. Keyword-only, one transaction each.

The movement's timetable is never stored: it follows from the session's parameters and
its number of pairs through ``scoring.movements``, so it cannot drift from the rules."""

from __future__ import annotations

import datetime
import hashlib
import secrets
from collections.abc import Callable, Iterable, Sequence

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import clock, individual, movements
from scoring.movements import Movement, MovementError
from scoring.profiles import (
    TargetBand,
    TargetTable,
    is_target_profile,
    target_table_problems,
)
from tournaments.boards import services as board_services
from tournaments.labels import clock as clock_labels
from tournaments.labels.sessions import (
    board_fit_text,
    movement_error_text,
    target_problem_text,
)
from tournaments.models import (
    BoardSet,
    Pair,
    PairMember,
    Partnership,
    Pupil,
    SchoolClass,
    Session,
    Table,
)
from tournaments.sessions.selectors import (
    board_fit,
    event_of,
    is_individual,
    round_clock,
    session_individual_movement,
    session_movement,
    session_pairs,
    session_target_table,
)

#: The published target tables a teacher can go back to, by their scoring's name.
TARGET_PRESETS = ("target", "target-french")


DEFAULT_TARGET_PROFILE = "target"


MIN_PAIRS = 3


MAX_PAIRS = 30


def make_pairs(
    pupils: Sequence[Pupil],
    partnerships: Iterable[tuple[int, int]],
    *,
    mix: str | None = None,
) -> list[list[Pupil]]:
    """Pairs for the pupils present: established partnerships first (when both are
    here), then the others two by two. An odd pupil out joins the last pair, and the
    three take turns.

    The others are taken in the order given, or, with ``mix`` (a session's own key,
    :func:`mix_key`), mixed: ordered by the SHA-256 of the key and the pupil's id,
    which is the same order every time for that session (making its pairs again gives
    the same pairs) and another order for each session, so the pairs are not
    alphabetical neighbours ("Aksel & Amelia") week after week."""
    by_id = {pupil.pk: pupil for pupil in pupils}
    used: set[int] = set()
    pairs: list[list[Pupil]] = []
    for first, second in partnerships:
        if first in by_id and second in by_id and not {first, second} & used:
            pairs.append([by_id[first], by_id[second]])
            used |= {first, second}
    rest = [pupil for pupil in pupils if pupil.pk not in used]
    if mix is not None:
        rest.sort(key=lambda pupil: hashlib.sha256(f"{mix}:{pupil.pk}".encode()).digest())
    for index in range(0, len(rest) - 1, 2):
        pairs.append([rest[index], rest[index + 1]])
    if len(rest) % 2:
        if pairs:
            pairs[-1].append(rest[-1])
        else:
            pairs.append([rest[-1]])
    return pairs


@transaction.atomic
def session_create(
    *,
    school_class: SchoolClass,
    present: Sequence[Pupil],
    date: datetime.date,
    individual_event: bool = False,
    mixed: bool = False,
) -> Session:
    """A draft session for the pupils present, with pairs made for them (mixed with
    ``mixed``, as the teacher's pages always ask: :func:`make_pairs`; in the order
    given otherwise, for scripts and tests that name their pairs); in an individual
    session (``individual_event``) each pupil is a "pair" of one."""
    if any(pupil.school_class_id != school_class.pk for pupil in present):
        raise ValidationError(_("Only pupils of this class can play in its session."))
    if individual_event:
        return _individual_session_create(school_class, present, date)
    if len(present) < 2 * MIN_PAIRS:
        raise ValidationError(
            ngettext(
                "A duplicate session needs at least %(min)s pupils (3 pairs); "
                "%(count)s pupil is ticked.",
                "A duplicate session needs at least %(min)s pupils (3 pairs); "
                "%(count)s pupils are ticked.",
                len(present),
            )
            % {"min": 2 * MIN_PAIRS, "count": len(present)}
        )
    if len(present) > 2 * MAX_PAIRS + 1:
        raise ValidationError(
            _("At most %(max)s pupils can play in one session.") % {"max": 2 * MAX_PAIRS}
        )
    session = Session.objects.create(school_class=school_class, date=date)
    session.present.set(present)
    known = Partnership.objects.filter(school_class=school_class).values_list(
        "first_id", "second_id"
    )
    _save_pairs(session, make_pairs(present, known, mix=mix_key(session) if mixed else None))
    return session


def mix_key(session: Session) -> str:
    """What a session's mixed pairs are shuffled by (:func:`make_pairs`): its own id."""
    return f"session-{session.pk}"


def _individual_session_create(
    school_class: SchoolClass, present: Sequence[Pupil], date: datetime.date
) -> Session:
    low, high = individual.INDIVIDUAL_PUPILS.start, individual.INDIVIDUAL_PUPILS.stop - 1
    if not low <= len(present) <= high:
        raise ValidationError(
            ngettext(
                "An individual session is for %(min)s to %(max)s pupils; %(count)s pupil is "
                "ticked.",
                "An individual session is for %(min)s to %(max)s pupils; %(count)s pupils are "
                "ticked.",
                len(present),
            )
            % {"min": low, "max": high, "count": len(present)}
        )
    session = Session.objects.create(
        school_class=school_class, date=date, movement_kind=Session.Kind.INDIVIDUAL
    )
    session.present.set(present)
    _save_pairs(session, [[pupil] for pupil in present])
    return session


def _save_pairs(session: Session, groups: Sequence[Sequence[Pupil]]) -> None:
    session.pairs.all().delete()
    for number, group in enumerate(groups, start=1):
        pair = Pair.objects.create(session=session, number=number)
        PairMember.objects.bulk_create(
            PairMember(session=session, pair=pair, pupil=pupil, position=position)
            for position, pupil in enumerate(group, start=1)
        )


def _check_draft(session: Session) -> None:
    if session.state != Session.State.DRAFT:
        raise ValidationError(_("This session has started; its pairs are changed on its page."))


@transaction.atomic
def session_swap_pupils(*, session: Session, first: Pupil, second: Pupil) -> None:
    """Swap two pupils between their pairs (nothing happens within one pair)."""
    _check_draft(session)
    one = PairMember.objects.select_for_update().get(session=session, pupil=first)
    other = PairMember.objects.select_for_update().get(session=session, pupil=second)
    if one.pair_id == other.pair_id:
        return
    one.pair_id, other.pair_id = other.pair_id, one.pair_id
    one.position, other.position = other.position, one.position
    # The unique (session, pupil) rows stay; only the pair changes.
    PairMember.objects.bulk_update([one, other], ["pair", "position"])


@transaction.atomic
def session_keep_partnerships(*, session: Session) -> int:
    """Remember the session's two-pupil pairs as partnerships for the term."""
    twos = [
        [member.pupil_id for member in pair.members.all()]
        for pair in session_pairs(session)
        if pair.members.count() == 2
    ]
    pupils = [pupil for two in twos for pupil in two]
    Partnership.objects.filter(first_id__in=pupils).delete()
    Partnership.objects.filter(second_id__in=pupils).delete()
    Partnership.objects.bulk_create(
        Partnership(school_class=session.school_class, first_id=a, second_id=b) for a, b in twos
    )
    return len(twos)


@transaction.atomic
def session_configure(
    *,
    session: Session,
    movement_kind: str,
    movement_style: str,
    rounds: int,
    arrow_switch: bool,
    boards_per_round: int,
    board_set: BoardSet,
    scoring_profile: str,
    convention: str,
) -> Movement:
    """Set the movement and the boards, checking that they make a playable session."""
    _check_draft(session)
    if scoring_profile != session.scoring_profile:
        # Another scoring chosen: a target table edited for the old one goes with it,
        # and a target scoring starts from its published table.
        session.target_table = None
    session.movement_kind = movement_kind
    session.movement_style = movement_style if movement_kind == Session.Kind.MITCHELL else ""
    session.rounds = rounds
    session.arrow_switch = arrow_switch and movement_kind == Session.Kind.MITCHELL
    session.boards_per_round = boards_per_round
    session.board_set = board_set
    session.scoring_profile = scoring_profile
    session.convention = convention
    try:
        movement = session_movement(session)
        problems = (
            individual.validate_individual(session_individual_movement(session))
            if is_individual(session)
            else movements.validate(movement)
        )
    except MovementError as error:
        raise ValidationError(movement_error_text(error)) from error
    if problems:  # the library's own movements always validate; this guards the params
        raise ValidationError("; ".join(problems))
    fit = board_fit(movement, board_set)
    if not fit.ok:
        raise ValidationError(
            board_fit_text(
                needed=fit.needed, available=fit.available, event=event_of(session) is not None
            ),
            code="boards_do_not_fit",
        )
    session.full_clean()
    session.save()
    return movement


def _check_target_table_editable(session: Session) -> None:
    if session.state != Session.State.DRAFT:
        raise ValidationError(
            _(
                "The session has started, so its target table stays as it is: every "
                "result is scored with it."
            ),
            code="started",
        )


@transaction.atomic
def session_target_table_set(
    *, session: Session, bands: Sequence[tuple[int, int, int]]
) -> TargetTable:
    """Store the teacher's own target table (rows of low, high, tricks) with a session
    being set up, which from then on scores by targets. Every problem with the table
    (a gap, an overlap, a row outside 20–40 points or 7–13 tricks) is refused at once,
    each with its own message; nothing is stored then."""
    session = Session.objects.select_for_update().get(pk=session.pk)
    _check_target_table_editable(session)
    rows = sorted((int(low), int(high), int(tricks)) for low, high, tricks in bands)
    problems = target_table_problems(TargetBand(*row) for row in rows)
    if problems:
        raise ValidationError(
            [
                ValidationError(target_problem_text(problem), code=problem.code.value)
                for problem in problems
            ]
        )
    session.target_table = [list(row) for row in rows]
    if not is_target_profile(session.scoring_profile):
        session.scoring_profile = DEFAULT_TARGET_PROFILE
    session.full_clean()
    session.save(update_fields=["target_table", "scoring_profile"])
    Session.objects.filter(pk=session.pk).mark_changed(setup=True)  # the boards' targets
    return session_target_table(session)


@transaction.atomic
def session_target_table_reset(*, session: Session, preset: str) -> TargetTable:
    """Score the session being set up with a published target table again (``target``,
    the sliding scale, or ``target-french``), forgetting the teacher's own."""
    session = Session.objects.select_for_update().get(pk=session.pk)
    _check_target_table_editable(session)
    if preset not in TARGET_PRESETS:
        raise ValidationError(_("Choose one of the published tables."), code="preset")
    session.target_table = None
    session.scoring_profile = preset
    session.save(update_fields=["target_table", "scoring_profile"])
    Session.objects.filter(pk=session.pk).mark_changed(setup=True)  # the boards' targets
    return session_target_table(session)


@transaction.atomic
def session_start(*, session: Session) -> Session:
    """Number the pairs as the movement does, make the tables and their secret links,
    and start round 1."""
    _check_draft(session)
    if session.board_set is None or not session.movement_kind:
        raise ValidationError(_("Choose the movement and the boards first."))
    movement = session_movement(session)
    fit = board_fit(movement, session.board_set)
    if not fit.ok:
        raise ValidationError(
            board_fit_text(
                needed=fit.needed, available=fit.available, event=event_of(session) is not None
            )
        )
    pairs = list(session.pairs.order_by("number"))
    for pair, ident in zip(pairs, movement.pair_ids, strict=True):
        pair.number = ident.number
        pair.line = ident.direction.value if ident.direction else ""
    # Draft pairs have no line; a Mitchell's targets all have one and a Howell's keep
    # their numbers, so no two rows ever hold the same (line, number) on the way.
    Pair.objects.bulk_update(pairs, ["number", "line"])
    Table.objects.bulk_create(
        Table(session=session, number=number, token=secrets.token_urlsafe(16))
        for number in range(1, movement.tables + 1)
    )
    session.state = Session.State.RUNNING
    session.current_round = 1
    session.save(update_fields=["state", "current_round"])
    return session


@transaction.atomic
def pair_replace_pupil(*, pair: Pair, old: Pupil, new: Pupil) -> None:
    """A late pupil takes an absent or leaving pupil's place. The pair, its number and
    its results stay as they are."""
    session = pair.session
    if new.school_class_id != session.school_class_id:
        raise ValidationError(_("Only pupils of this class can play in its session."))
    member = PairMember.objects.select_for_update().get(pair=pair, pupil=old)
    if PairMember.objects.filter(session=session, pupil=new).exists():
        raise ValidationError(
            _("%(name)s already plays in another pair this session.") % {"name": new}
        )
    member.pupil = new
    member.save(update_fields=["pupil"])
    Session.objects.filter(pk=session.pk).mark_changed(setup=True)  # the pages name the pair
    session.present.add(new)


@transaction.atomic
def pair_withdraw(*, pair: Pair, from_round: int) -> None:
    """The pair stops playing from ``from_round``; its opponents have those rounds off.
    Results already entered stay."""
    Session.objects.filter(pk=pair.session_id).mark_changed(setup=True)
    session = Session.objects.select_for_update().get(pk=pair.session_id)
    if session.state != Session.State.RUNNING:
        raise ValidationError(_("Only a running session's pairs can sit out."))
    if is_individual(session):
        # Three other pupils share each of the pupil's tables: let another pupil take
        # the place instead (pair_replace_pupil).
        raise ValidationError(
            _(
                "In an individual session nobody can sit out alone: let another pupil "
                "take the place."
            )
        )
    last = session.rounds or 1
    if not session.current_round <= from_round <= last:
        raise ValidationError(
            _("Choose a round from %(first)s to %(last)s.")
            % {"first": session.current_round, "last": last}
        )
    pair.withdrawn_from_round = from_round
    pair.save(update_fields=["withdrawn_from_round"])


@transaction.atomic
def session_setup_and_start(
    *,
    session: Session,
    teacher: User,
    board_set: BoardSet | None,
    movement_kind: str,
    movement_style: str,
    rounds: int,
    arrow_switch: bool,
    boards_per_round: int,
    scoring_profile: str,
    convention: str,
    ranking: str = Session.Ranking.MATCHPOINTS,
    require_agreement: bool = False,
    show_cards: bool = True,
    round_minutes: int | None = None,
) -> Movement:
    """Configure and start in one go. With ``board_set=None`` a new set of exactly the
    boards the movement plays is dealt first. If anything is refused, nothing is kept:
    no half-configured session and no orphan board set.

    ``round_minutes``: the round clock's minutes a round (None: no clock). Round 1's
    time begins when the teacher starts the clock on the session's page (the tablets
    are connected first); each later round's when the round starts.

    A session of a simultaneous event is scored as the event scores it: the event's
    scoring and convention replace ``scoring_profile`` and ``convention``. An individual
    session cannot play an event (events are played in pairs): refused, code
    ``"individual_event"``."""
    # Read the row afresh under a lock: a second tap on Start must not start it twice.
    session = Session.objects.select_for_update().get(pk=session.pk)
    _check_draft(session)
    event = event_of(session)
    if event is not None:
        if is_individual(session):
            raise ValidationError(
                _("An individual session cannot play an event: events are played in pairs."),
                code="individual_event",
            )
        scoring_profile, convention = event.scoring_profile, event.convention
    params = {
        "movement_kind": movement_kind,
        "movement_style": movement_style,
        "rounds": rounds,
        "arrow_switch": arrow_switch,
        "boards_per_round": boards_per_round,
        "scoring_profile": scoring_profile,
        "convention": convention,
    }
    if board_set is None:
        probe = Session(**params)
        try:
            planned = session_movement(probe, pairs=session.pairs.count())
        except MovementError as error:
            raise ValidationError(movement_error_text(error)) from error
        board_set = board_services.board_set_deal(
            teacher=teacher,
            name=str(session.school_class),  # shown as "6B, 30 November 2026"
            name_date=session.date,
            count=planned.total_boards,
        )
    _check_round_minutes(round_minutes, field="round_minutes")
    session.ranking = ranking
    session.require_agreement = require_agreement
    session.show_cards = show_cards
    session.round_minutes = round_minutes
    movement = session_configure(session=session, board_set=board_set, **params)  # type: ignore[arg-type]
    session_start(session=session)
    return movement


@transaction.atomic
def session_change_round(*, session: Session, step: int, from_round: int | None = None) -> Session:
    """Move the running session to the next round (``step`` 1) or back to the one before
    (``step`` -1). ``from_round`` is the round the teacher's page showed: when the
    session has already left it (a second tap on "Next round"), nothing more happens.
    The session's row is locked, so a table's save in flight is checked and stored
    entirely in the round it was made in (tournaments/results/services.py). A round
    clock starts the round's whole time with it, either way."""
    Session.objects.filter(pk=session.pk).mark_changed()
    session = Session.objects.select_for_update().get(pk=session.pk)
    if session.state != Session.State.RUNNING:
        raise ValidationError(_("Only a running session moves from round to round."))
    if from_round is not None and from_round != session.current_round:
        return session
    target = session.current_round + step
    if 1 <= target <= session_movement(session).rounds:
        session.current_round = target
        fields = ["current_round"]
        found = round_clock(session)
        if found is not None:
            # The tables start the round: its clock starts with it.
            _store_clock(session, found.started(timezone.now()))
            fields += ["clock_started_at", "clock_paused_at"]
        session.save(update_fields=fields)
    return session


@transaction.atomic
def session_finish(*, session: Session) -> None:
    """End the session: the table links close and the results are final."""
    Session.objects.filter(pk=session.pk).mark_changed()
    session = Session.objects.select_for_update().get(pk=session.pk)
    if session.state != Session.State.RUNNING:
        raise ValidationError(_("Only a running session can be finished."))
    session.state = Session.State.FINISHED
    session.save(update_fields=["state"])


# --------------------------------------------------------------------------- the clock


def _check_round_minutes(minutes: int | None, *, field: str) -> None:
    if minutes is not None and minutes not in clock.MINUTES:
        raise ValidationError(
            {field: ValidationError(clock_labels.minutes_invalid_text(), code="minutes")}
        )


def _clock_session(session: Session) -> Session:
    """The running session's row, read again under a lock (two taps, two tabs)."""
    session = Session.objects.select_for_update().get(pk=session.pk)
    if session.state != Session.State.RUNNING:
        raise ValidationError(clock_labels.clock_not_running_text(), code="not_running")
    return session


def _store_clock(session: Session, found: clock.RoundClock | None) -> None:
    session.round_minutes = found.minutes if found is not None else None
    session.clock_started_at = found.started_at if found is not None else None
    session.clock_paused_at = found.paused_at if found is not None else None


_CLOCK_FIELDS = ["round_minutes", "clock_started_at", "clock_paused_at"]


@transaction.atomic
def session_clock_set(*, session: Session, minutes: int) -> Session:
    """Give the running session's round clock ``minutes`` a round. A session without a
    clock gets one, its round's time beginning now; a clock already on keeps its
    round's time used so far (14 minutes changed to 10 five minutes in: 5 left).
    Minutes outside 1–60 are refused (code ``"minutes"``), nothing changed."""
    _check_round_minutes(minutes, field="minutes")
    session = _clock_session(session)
    found = round_clock(session)
    now = timezone.now()
    _store_clock(
        session,
        clock.RoundClock(minutes).started(now) if found is None else found.with_minutes(minutes),
    )
    session.save(update_fields=_CLOCK_FIELDS)
    return session


@transaction.atomic
def session_clock_off(*, session: Session) -> Session:
    """No round clock any more (the minutes are forgotten; set them to turn it on)."""
    session = _clock_session(session)
    _store_clock(session, None)
    session.save(update_fields=_CLOCK_FIELDS)
    return session


def _clock_change(
    session: Session, change: Callable[[clock.RoundClock, datetime.datetime], clock.RoundClock]
) -> Session:
    session = _clock_session(session)
    found = round_clock(session)
    if found is None:
        raise ValidationError(clock_labels.clock_none_text(), code="no_clock")
    _store_clock(session, change(found, timezone.now()))
    session.save(update_fields=_CLOCK_FIELDS)
    return session


@transaction.atomic
def session_clock_start(*, session: Session) -> Session:
    """The current round's whole time again, counting from now: round 1's first start,
    or the teacher starting a round's time again (a paused clock runs again)."""
    return _clock_change(session, clock.RoundClock.started)


@transaction.atomic
def session_clock_pause(*, session: Session) -> Session:
    """Stop the clock (a second tap changes nothing)."""
    return _clock_change(session, clock.RoundClock.paused)


@transaction.atomic
def session_clock_resume(*, session: Session) -> Session:
    """Count on from where the clock was paused (a second tap changes nothing)."""
    return _clock_change(session, clock.RoundClock.resumed)


@transaction.atomic
def session_clock_sound(*, session: Session, on: bool) -> Session:
    """Whether the projector beeps when the round's time is up (quiet unless turned on)."""
    session = _clock_session(session)
    session.clock_sound = on
    session.save(update_fields=["clock_sound"])
    return session
