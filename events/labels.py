"""The events' wording, in one place (as tournaments.labels is the classroom's): every
user-facing sentence about events that is built in Python lives here, one msgid per
term."""

from __future__ import annotations

# -- Organisers and joining ---------------------------------------------------------------


# -- Uploads --------------------------------------------------------------------------------


# -- National results -----------------------------------------------------------------------


# -- The event booklet ----------------------------------------------------------------------
