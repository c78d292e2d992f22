"""What events do when the classroom's data goes. A session deleted (its class deleted,
or the retention purge) takes its pupils' first names out of the events it played in;
its results stay in the event, under the school, without names. A pupil deleted takes
their first name out at once: the sessions they played in are copied into the events
again, in the deletion's transaction (``tournaments.privacy.pupil_delete`` marks them
changed before deleting the pupil)."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import pre_delete
from django.dispatch import receiver

from events import national
from events.models import EventPair
from tournaments.models import Pupil, Session


@receiver(pre_delete, sender=Session)
def forget_names_of_deleted_session(
    sender: type[Session], instance: Session, **kwargs: Any
) -> None:
    EventPair.objects.filter(school__session=instance).update(names="")


@receiver(pre_delete, sender=Pupil)
def forget_name_of_deleted_pupil(sender: type[Pupil], instance: Pupil, **kwargs: Any) -> None:
    national.class_schools_sync(school_class_id=instance.school_class_id)
