"""The events' wording, in one place (as tournaments.labels is the classroom's): every
user-facing sentence about events that is built in Python lives here, one msgid per
term."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

# -- Organisers and joining ---------------------------------------------------------------

BOARDS_DEAL = _("Deal new boards from a seed")
BOARDS_IMPORT = _("Import a PBN file")
BOARDS_NEEDED = _("Say how many boards to deal, or choose a PBN file.")
FILE_NEEDED = _("Choose the PBN file with the event's boards.")
BOARDS_LOCKED = _("A school has started playing these boards, so they can no longer change.")
EVENT_CREATED = _("The event is ready. Give schools its join code.")
BOARDS_CHANGED = _("The event has new boards.")
EVENT_OVER = _("This event ended on %(day)s, so no school can join it any more.")
CODE_UNKNOWN = _("No event has this code. Check it with the organiser and type it again.")
CLASS_NEEDED = _("Choose the class that plays.")
SESSION_EXISTS = _("Your class has its session for this event already.")
UPLOADS_PLAY_ELSEWHERE = _(
    "Your school plays on its own laptop and uploads its results: there is no session here."
)
SCHOOL_JOINED = _("Your school has joined %(event)s.")

#: How a school's class plays the event, as the teacher chooses it.
HOW_WE_PLAY = {
    "direct": _("Here, on this site, with our tablets"),
    "pbn": _("On our own laptop, then we upload the results as a PBN file"),
    "usebio": _("On our own laptop, then we upload the results as a USEBIO file"),
}


# -- Uploads --------------------------------------------------------------------------------


# -- National results -----------------------------------------------------------------------


# -- The event booklet ----------------------------------------------------------------------
