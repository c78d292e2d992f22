"""Writes of the organisers' pages: an event made (with boards of its own, dealt or
imported), and new boards while no school has played them. Reads first, then one short
transaction each."""

from __future__ import annotations

import datetime
import secrets
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from events import labels
from events.models import Event, EventResult, EventSchool, Organiser
from tournaments.boards.services import board_set_deal, board_set_import
from tournaments.models import BoardSet, Session

#: Letters and digits nobody mistakes for another when typing a code read off a screen
#: or a letter (no 0/O, 1/I/L, 5/S, 2/Z).
CODE_ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY"


CODE_LENGTH = 8


def new_join_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


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
