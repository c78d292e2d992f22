"""What events do when the classroom's data goes: a session deleted (its class deleted,
or the retention purge) takes its pupils' first names out of the events it played in.
Its results stay in the event, under the school, without names."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import pre_delete
from django.dispatch import receiver

from events.models import EventPair
from tournaments.models import Session


@receiver(pre_delete, sender=Session)
def forget_names_of_deleted_session(
    sender: type[Session], instance: Session, **kwargs: Any
) -> None:
    EventPair.objects.filter(school__session=instance).update(names="")
