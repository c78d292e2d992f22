"""The deletions that reach beyond the classroom: a pupil, a class, the retention purge.

Each is the classroom's deletion (:mod:`tournaments.privacy`) and what it takes out of
the simultaneous events, in one transaction: a first name copied into an event leaves it
with the pupil, not when somebody next opens the event's results. ``events`` builds on
``tournaments`` and ``tournaments`` never imports ``events``, so the two are put
together here, above both; the classroom's delete pages and ``manage.py purge`` call
these, never :mod:`tournaments.privacy`'s deletions directly.
"""

from __future__ import annotations

import datetime

from django.db import transaction

from events.results.sync import class_schools_sync, forget_names_without_session
from tournaments import privacy
from tournaments.models import Pupil, SchoolClass
from tournaments.privacy import SessionsCount


@transaction.atomic
def pupil_delete(*, pupil: Pupil) -> None:
    """Delete a pupil (:func:`tournaments.privacy.pupil_delete`, which marks the
    sessions they played in changed), then copy those sessions into their events again:
    the pupil's first name leaves every event's pairs, the partner's and the results
    stay. Refused, with nothing changed, while a session the pupil is in is running."""
    school_class_id = pupil.school_class_id
    privacy.pupil_delete(pupil=pupil)
    class_schools_sync(school_class_id=school_class_id)


@transaction.atomic
def class_delete(*, school_class: SchoolClass) -> SessionsCount:
    """Delete a class with everything linked to it (:func:`tournaments.privacy.
    class_delete`); its sessions' results stay in the events, without names."""
    count = privacy.class_delete(school_class=school_class)
    forget_names_without_session()
    return count


@transaction.atomic
def sessions_purge(*, before: datetime.date) -> SessionsCount:
    """The retention purge of finished sessions (:func:`tournaments.privacy.
    sessions_purge`); their results stay in the events, without names."""
    count = privacy.sessions_purge(before=before)
    forget_names_without_session()
    return count
