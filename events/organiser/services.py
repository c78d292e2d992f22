"""Writes of the organisers' pages: an event made (with boards of its own, dealt or
imported), new boards while no school has played them, and the event's sections added,
renamed and removed. Reads first, then one short transaction each."""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NoReturn

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F, Max
from django.utils.translation import gettext as _

from events import labels
from events.models import (
    SECTION_NAME_LENGTH,
    Event,
    EventResult,
    EventSchool,
    EventSection,
    Organiser,
)
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
    sections: Sequence[str] = (),
) -> Event:
    """A new event on the organiser's board set, with its join code and public link,
    and its ``sections`` (names, in order; none: one national ranking)."""
    if board_set.teacher_id != organiser.user_id:
        raise ValidationError(_("Choose one of your own board sets."))
    if ends_on < starts_on:
        raise ValidationError(_("The last day cannot come before the first day."))
    names = section_names(sections)
    for _attempt in range(5):
        try:
            with transaction.atomic():
                event = Event.objects.create(
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
                EventSection.objects.bulk_create(
                    EventSection(event=event, name=name, order=order)
                    for order, name in enumerate(names, start=1)
                )
                return event
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
    sections: Sequence[str] = (),
) -> Event:
    """A new event with a board set of its own, dealt or imported, and its sections, in
    one go: if the event is refused (or the file, or a section), no board set is left
    behind."""
    if ends_on < starts_on:
        raise ValidationError(_("The last day cannot come before the first day."))
    section_names(sections)  # refused before the boards are dealt
    board_set = _board_set_for(organiser, name, boards)
    return event_create(
        organiser=organiser,
        name=name,
        board_set=board_set,
        starts_on=starts_on,
        ends_on=ends_on,
        scoring_profile=scoring_profile,
        convention=convention,
        sections=sections,
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


# --------------------------------------------------------------------------- sections

#: At most this many sections in an event: a row of links on the public page.
MAX_SECTIONS = 12


def _clean_section_name(name: str, field: str = "name") -> str:
    """A section's name as typed, its spaces tidied; refused when empty or too long."""
    name = " ".join(name.split())
    if not name:
        raise ValidationError({field: labels.SECTION_NAME_NEEDED})
    limit = SECTION_NAME_LENGTH
    if len(name) > limit:
        raise ValidationError({field: labels.SECTION_NAME_TOO_LONG % {"limit": limit}})
    return name


def section_names(names: Sequence[str]) -> list[str]:
    """A new event's sections as typed (empty lines dropped), checked: each a name of
    its own (whatever the case), at most MAX_SECTIONS. Refusals are the form's
    ``sections`` field's."""
    cleaned: list[str] = []
    for name in names:
        if not name.strip():
            continue
        tidy = _clean_section_name(name, "sections")
        if tidy.casefold() in {other.casefold() for other in cleaned}:
            raise ValidationError({"sections": labels.SECTION_TWICE % {"name": tidy}})
        cleaned.append(tidy)
    if len(cleaned) > MAX_SECTIONS:
        raise ValidationError({"sections": labels.SECTIONS_TOO_MANY % {"limit": MAX_SECTIONS}})
    return cleaned


def _name_free(event_id: int, name: str, *, instead_of: EventSection | None = None) -> None:
    taken = EventSection.objects.filter(event_id=event_id, name__iexact=name)
    if instead_of is not None:
        taken = taken.exclude(pk=instead_of.pk)
    if taken.exists():
        raise ValidationError({"name": labels.SECTION_TAKEN % {"name": name}})


def sections_changed(event_id: int) -> None:
    """The sections (or a school's) changed: the public page's entity tag changes with
    them, so no browser keeps the old rankings (events.results.views)."""
    Event.objects.filter(pk=event_id).update(sections_version=F("sections_version") + 1)


@dataclass(frozen=True)
class SectionAdded:
    """A section added, and how many schools went into it (the first section takes
    every school that joined before it)."""

    section: EventSection
    schools: int


@transaction.atomic
def section_add(*, event: Event, name: str) -> SectionAdded:
    """A new section, last in order. The event's first section takes the schools that
    joined already: in an event with sections, every school is in one."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    name = _clean_section_name(name)
    existing = EventSection.objects.filter(event=event)
    if existing.count() >= MAX_SECTIONS:
        raise ValidationError({"name": labels.SECTIONS_TOO_MANY % {"limit": MAX_SECTIONS}})
    _name_free(event.pk, name)
    last = existing.aggregate(last=Max("order"))["last"] or 0
    section = EventSection.objects.create(event=event, name=name, order=last + 1)
    moved = EventSchool.objects.filter(event=event, section__isnull=True).update(section=section)
    sections_changed(event.pk)
    return SectionAdded(section, moved)


@transaction.atomic
def section_rename(*, section: EventSection, name: str) -> EventSection:
    """Another name for the section (its schools and rankings stay)."""
    section = EventSection.objects.select_for_update().get(pk=section.pk)
    name = _clean_section_name(name)
    _name_free(section.event_id, name, instead_of=section)
    section.name = name
    section.save(update_fields=["name"])
    sections_changed(section.event_id)
    return section


@dataclass(frozen=True)
class SectionRemoved:
    """A section removed: its name, how many schools it had and where they went
    (``moved_to`` None: the event has no sections any more)."""

    name: str
    schools: int
    moved_to: EventSection | None


@transaction.atomic
def section_remove(
    *, section: EventSection, move_to: EventSection | None = None, end_sections: bool = False
) -> SectionRemoved:
    """Remove a section. A school is never left without one: the schools in it go to
    ``move_to``, another section of the event. Only the event's last section may have
    its schools left without one, when ``end_sections`` says so (the event has one
    national ranking again). A section with schools and nowhere said for them is
    refused, naming how many; nothing changes."""
    event = Event.objects.select_for_update().get(pk=section.event_id)
    found = EventSection.objects.filter(pk=section.pk, event=event).first()
    if found is None:
        _gone()
    section = found
    if move_to is not None and (move_to.event_id != event.pk or move_to.pk == section.pk):
        raise ValidationError({"move_to": labels.SECTION_NOT_IN_EVENT})
    if move_to is not None and not EventSection.objects.filter(pk=move_to.pk).exists():
        _gone("move_to")
    schools = EventSchool.objects.filter(section=section)
    count = schools.count()
    if count:
        last = not EventSection.objects.filter(event=event).exclude(pk=section.pk).exists()
        if move_to is None and not (end_sections and last):
            raise ValidationError({"move_to": labels.section_in_use_text(section.name, count)})
        schools.update(section=move_to)
    name = section.name
    section.delete()
    sections_changed(event.pk)
    return SectionRemoved(name, count, move_to)


def _gone(field: str | None = None) -> NoReturn:
    """A section removed meanwhile (another tab, another organiser's click)."""
    if field is None:
        raise ValidationError(labels.SECTION_GONE)
    raise ValidationError({field: labels.SECTION_GONE})
