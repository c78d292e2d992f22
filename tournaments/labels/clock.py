"""The wording of the round clock (scoring.clock): the time left as a table reads it, and
what the teacher's controls answer."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

#: What a number of minutes stands in for in :func:`minutes_left_pattern`.
PLACEHOLDER = "{n}"


def _minutes_left(count: int, shown: object) -> str:
    return ngettext("%(count)s minute left", "%(count)s minutes left", count) % {"count": shown}


def minutes_left_text(minutes: int) -> str:
    """The time left as a table reads it: "4 minutes left"."""
    return _minutes_left(minutes, minutes)


def minutes_left_pattern() -> str:
    """:func:`minutes_left_text` for more than one minute, with :data:`PLACEHOLDER` for
    the number, for the page's script to fill in (the site's two languages have one
    form for one and one for more)."""
    return _minutes_left(2, PLACEHOLDER)


def minutes_invalid_text() -> str:
    return gettext("Write the minutes a round as a whole number from 1 to 60.")


def clock_not_running_text() -> str:
    return gettext("Only a running session has a round clock.")


def clock_none_text() -> str:
    return gettext("This session has no round clock: set the minutes a round first.")


def clock_set_text(minutes: int) -> str:
    return ngettext(
        "The round clock is set to %(count)s minute a round.",
        "The round clock is set to %(count)s minutes a round.",
        minutes,
    ) % {"count": minutes}


def clock_started_text(minutes: int) -> str:
    return ngettext(
        "The clock has started: %(count)s minute for this round.",
        "The clock has started: %(count)s minutes for this round.",
        minutes,
    ) % {"count": minutes}


def clock_paused_text() -> str:
    return gettext("The clock is paused.")


def clock_resumed_text() -> str:
    return gettext("The clock runs again.")


def clock_off_text() -> str:
    return gettext("The round clock is off.")


def clock_sound_text(*, on: bool) -> str:
    if on:
        return gettext("The projector beeps when the time is up.")
    return gettext("The projector stays quiet when the time is up.")


def clock_action_unknown_text() -> str:
    return gettext("Choose what to do with the clock.")
