"""Writes of simultaneous events: an event made, a school joining, the boards locked once
results exist. Reads first, then one short transaction each."""

from __future__ import annotations

import datetime
import secrets

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from events.models import Event, EventResult, EventSchool, Organiser
from tournaments.models import BoardSet, SchoolClass

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
    if EventSchool.objects.filter(event=event, name__iexact=name).exists():
        raise ValidationError(
            _("A school called %(name)s has joined this event already: add the town or the class.")
            % {"name": name}
        )
    return EventSchool.objects.create(
        event=event, name=name, teacher=teacher, school_class=school_class, source=source
    )
