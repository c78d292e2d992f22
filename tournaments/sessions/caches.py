"""What a session's pages share between requests, through Django's cache framework.

Two kinds, both keyed so that a change is never served stale: nothing is ever deleted or
updated in place, a change makes a new key.

- :func:`per_setup`: what no result changes during a round (the movement's pairs with
  their pupils and names, the boards as the session scores them). Keyed by the
  session's ``setup_revision`` (counted by ``mark_changed(setup=True)`` in every service
  that changes the pairs, their pupils, the boards' analysis or the session's settings),
  its board set, round and state (and its id and moment of creation).
- :func:`per_revision`: what every change of the session changes (its standings). Keyed
  by ``revision`` as well.

The key is made from the session given, so give it as the request read it: a session
read before a change made since names the value of before the change.

The cache is Django's default one (settings.CACHES): memory in each server process
unless the settings name a shared one. A value is computed by the first request that
needs it and read by the others; what a key holds must be a function of the key alone,
so whichever process computed it, every process would have computed the same.

Each process also keeps the last values it read, as they are (:data:`LOCAL_SIZE` of
them): Django's cache hands out a fresh copy each time (unpickled: about a millisecond
for a session's pairs), and a key's value never changes, so the copy already read serves
as well. Readers never change what they get.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TypeVar, cast

from django.core.cache import cache

from tournaments.models import Session

T = TypeVar("T")

#: Long enough for a lesson day; a key nobody asks for again just ages out.
TIMEOUT = 6 * 60 * 60

#: How many values each process keeps as they are.
LOCAL_SIZE = 2_000

_MISSING = object()
_local: OrderedDict[str, object] = OrderedDict()
_local_lock = threading.Lock()


def setup_key(session: Session, name: str, *parts: object) -> str:
    """The key of ``name`` (and its ``parts``) for the session as it is set up now."""
    fingerprint = (
        session.pk,
        # A database made again (a test's, a restored backup) may give another session
        # the same id: never the same moment of creation too.
        session.created_at.timestamp(),
        session.setup_revision,
        session.board_set_id,
        session.current_round,
        session.state,
    )
    return ":".join(str(part) for part in ("mb-setup", *fingerprint, name, *parts))


def revision_key(session: Session, name: str, *parts: object) -> str:
    """The key of ``name`` (and its ``parts``) for the session at its current revision."""
    return setup_key(session, name, "r", session.revision, *parts)


def _get_or_compute(key: str, compute: Callable[[], T]) -> T:
    with _local_lock:
        found = _local.get(key, _MISSING)
        if found is not _MISSING:
            _local.move_to_end(key)
    if found is _MISSING:
        found = cache.get(key, _MISSING)
        if found is _MISSING:
            found = compute()
            cache.set(key, found, TIMEOUT)
        _keep(key, found)
    return cast(T, found)  # what compute() made for this key


def _keep(key: str, value: object) -> None:
    with _local_lock:
        _local[key] = value
        while len(_local) > LOCAL_SIZE:
            _local.popitem(last=False)


def forget_local() -> None:
    """Forget the values this process keeps as they are (a test's sessions end with it)."""
    with _local_lock:
        _local.clear()


def per_setup(session: Session, name: str, compute: Callable[[], T], *parts: object) -> T:
    """``compute()``, once per setup of the session (and ``parts``: e.g. the language
    of a value holding words)."""
    return _get_or_compute(setup_key(session, name, *parts), compute)


def per_revision(session: Session, name: str, compute: Callable[[], T], *parts: object) -> T:
    """``compute()``, once per revision of the session (and ``parts``)."""
    return _get_or_compute(revision_key(session, name, *parts), compute)
