"""Writes of simultaneous events: an event made, a school joining, the boards locked once
results exist. Reads first, then one short transaction each."""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from events import labels
from events.models import Event, EventResult, EventSchool, Organiser
from tournaments.models import BoardSet, Pupil, SchoolClass, Session
from tournaments.services import board_set_deal, board_set_import
from tournaments.sessions import session_create

#: Letters and digits nobody mistakes for another when typing a code read off a screen
#: or a letter (no 0/O, 1/I/L, 5/S, 2/Z).
CODE_ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY"
CODE_LENGTH = 8


def new_join_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(text: str) -> str:
    """A code as typed ("a3k9 7xqm", "A3K9-7XQM") as it is stored ("A3K97XQM")."""
    return "".join(ch for ch in text.upper() if ch.isalnum())


def event_create(
    *,
    organiser: Organiser,
    name: str,
    board_set: BoardSet,
    starts_on: datetime.date,
    ends_on: datetime.date,
    scoring_profile: str = "ebu",
    convention: str = "ebu",
) -> Event:
    """A new event on the organiser's board set, with its join code and public link."""
    if board_set.teacher_id != organiser.user_id:
        raise ValidationError(_("Choose one of your own board sets."))
    if ends_on < starts_on:
        raise ValidationError(_("The last day cannot come before the first day."))
    for _attempt in range(5):
        try:
            with transaction.atomic():
                return Event.objects.create(
                    organiser=organiser,
                    name=name.strip(),
                    board_set=board_set,
                    starts_on=starts_on,
                    ends_on=ends_on,
                    scoring_profile=scoring_profile,
                    convention=convention,
                    join_code=new_join_code(),
                    public_token=secrets.token_urlsafe(16),
                )
        except IntegrityError:  # a code already taken: draw another
            continue
    raise ValidationError(_("No free code was found. Try again."))


def event_has_results(event: Event) -> bool:
    return EventResult.objects.filter(school__event=event).exists()


@transaction.atomic
def event_change_boards(*, event: Event, board_set: BoardSet) -> Event:
    """Another board set for the event, only while no school has a result."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event_has_results(event):
        raise ValidationError(
            _("Schools have results on these boards already, so they can no longer change.")
        )
    if board_set.teacher_id != event.organiser.user_id:
        raise ValidationError(_("Choose one of your own board sets."))
    event.board_set = board_set
    event.save(update_fields=["board_set"])
    return event


def find_event(code: str) -> Event | None:
    """The event a join code names, however it was typed (None if there is none)."""
    return Event.objects.filter(join_code=normalise_code(code)).first()


@transaction.atomic
def school_join(
    *,
    event: Event,
    teacher: User,
    name: str,
    school_class: SchoolClass | None = None,
    source: str = EventSchool.Source.DIRECT,
) -> EventSchool:
    """A teacher's school takes part in the event (once under each name)."""
    name = name.strip()
    if not name:
        raise ValidationError(_("Give your school's name: it is shown with your pupils' results."))
    if school_class is not None and school_class.teacher_id != teacher.pk:
        raise ValidationError(_("Choose one of your own classes."))
    taken = ValidationError(
        _("A school called %(name)s has joined this event already: add the town or the class.")
        % {"name": name}
    )
    if EventSchool.objects.filter(event=event, name__iexact=name).exists():
        raise taken
    try:
        with transaction.atomic():
            return EventSchool.objects.create(
                event=event, name=name, teacher=teacher, school_class=school_class, source=source
            )
    except IntegrityError:  # the same name at the same moment (a double tap)
        raise taken from None


# --------------------------------------------------------------------------- organisers' pages


@dataclass(frozen=True)
class Boards:
    """The boards an organiser asks for: ``count`` boards dealt from ``seed`` (a new
    secret seed when empty), or the boards of a PBN file (``pbn_text``)."""

    count: int | None = None
    seed: str = ""
    pbn_text: str | None = None
    filename: str = ""


def _board_set_for(organiser: Organiser, name: str, boards: Boards) -> BoardSet:
    """The organiser's new board set (tournaments.services makes it, as a teacher's)."""
    if boards.pbn_text is not None:
        return board_set_import(
            teacher=organiser.user, text=boards.pbn_text, filename=boards.filename, name=name
        )
    if boards.count is None:
        raise ValidationError(labels.BOARDS_NEEDED)
    return board_set_deal(teacher=organiser.user, name=name, count=boards.count, seed=boards.seed)


@transaction.atomic
def event_create_with_boards(
    *,
    organiser: Organiser,
    name: str,
    starts_on: datetime.date,
    ends_on: datetime.date,
    boards: Boards,
    scoring_profile: str,
    convention: str,
) -> Event:
    """A new event with a board set of its own, dealt or imported, in one go: if the
    event is refused (or the file), no board set is left behind."""
    if ends_on < starts_on:
        raise ValidationError(_("The last day cannot come before the first day."))
    board_set = _board_set_for(organiser, name, boards)
    return event_create(
        organiser=organiser,
        name=name,
        board_set=board_set,
        starts_on=starts_on,
        ends_on=ends_on,
        scoring_profile=scoring_profile,
        convention=convention,
    )


def event_boards_locked(event: Event) -> bool:
    """Whether the event's boards can no longer change: a school has a result on them,
    or a school's class has started playing them."""
    started = EventSchool.objects.filter(event=event, session__isnull=False).exclude(
        session__state=Session.State.DRAFT
    )
    return event_has_results(event) or started.exists()


@transaction.atomic
def event_replace_boards(*, event: Event, boards: Boards) -> Event:
    """New boards for the event (dealt or imported), while no school has played any."""
    if event_boards_locked(event):
        raise ValidationError(labels.BOARDS_LOCKED)
    board_set = _board_set_for(event.organiser, event.name, boards)
    return event_change_boards(event=event, board_set=board_set)


# --------------------------------------------------------------------------- a teacher joins


@transaction.atomic
def event_join(
    *,
    event: Event,
    teacher: User,
    name: str,
    source: str,
    school_class: SchoolClass | None,
    today: datetime.date,
) -> EventSchool:
    """A teacher's school joins the event while it is on (or before it starts): a class
    playing here names its class; an upload needs none."""
    if event.is_over(today):
        raise ValidationError(
            labels.EVENT_OVER % {"day": date_format(event.ends_on, "DATE_FORMAT")}
        )
    if source == EventSchool.Source.DIRECT and school_class is None:
        raise ValidationError({"school_class": labels.CLASS_NEEDED})
    return school_join(
        event=event,
        teacher=teacher,
        name=name,
        school_class=school_class if source == EventSchool.Source.DIRECT else None,
        source=source,
    )


@transaction.atomic
def school_session_create(
    *, school: EventSchool, present: Sequence[Pupil], today: datetime.date
) -> Session:
    """The class's draft session for the event (pairs, never individual), linked to the
    school so its results reach the event."""
    school = EventSchool.objects.select_for_update().select_related("event").get(pk=school.pk)
    if school.event.is_over(today):
        raise ValidationError(
            labels.EVENT_OVER_PLAY % {"day": date_format(school.event.ends_on, "DATE_FORMAT")}
        )
    if school.session_id is not None:
        raise ValidationError(labels.SESSION_EXISTS)
    if school.source != EventSchool.Source.DIRECT or school.school_class is None:
        raise ValidationError(labels.UPLOADS_PLAY_ELSEWHERE)
    session = session_create(
        school_class=school.school_class, present=present, date=today, mixed=True
    )
    school.session = session
    school.synced_revision = None  # a new session is copied whatever its revision
    school.save(update_fields=["session", "synced_revision"])
    return session
