"""A session's scoring profile is resolved once into a ``Profile`` object that travels
(issue 28, point 4): the session's settings are read in one place, not parsed again
for every result."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest
from django.contrib.auth.models import User

from scoring import profiles
from scoring.errors import ErrorCode, ScoringError
from scoring.profiles import (
    PROFILES,
    SLIDING_SCALE,
    Profile,
    TargetProfile,
    TargetTable,
    get_profile,
)
from tests.factories import running_session
from tournaments import models
from tournaments.models import Session
from tournaments.results import selectors as result_selectors
from tournaments.standings.selectors import session_standings

#: A teacher's own table (as in test_target_scoring): 26 points need 8 tricks.
OURS = [
    (21, 23, 7),
    (24, 26, 8),
    (27, 29, 9),
    (30, 32, 10),
    (33, 35, 11),
    (36, 38, 12),
    (39, 40, 13),
]

Resolve = Callable[[str, Iterable[tuple[int, int, int]] | None], Profile]


@pytest.fixture
def resolved(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, object]]:
    """Every time a session resolves its profile from its settings, with what."""
    calls: list[tuple[str, object]] = []
    real: Resolve = profiles.profile_for

    def counting(name: str, table: Iterable[tuple[int, int, int]] | None = None) -> Profile:
        calls.append((name, table))
        return real(name, table)

    monkeypatch.setattr("tournaments.models.profile_for", counting)
    return calls


def _unsaved(scoring: str, table: list[list[int]] | None = None) -> Session:
    return Session(scoring_profile=scoring, target_table=table)


def test_a_sessions_profile_is_resolved_once(resolved: list[tuple[str, object]]) -> None:
    session = _unsaved("target", [list(row) for row in OURS])
    first = session.profile
    assert session.profile is first
    assert session.profile_key == "target:" + TargetTable.from_bands("", OURS).spec
    assert len(resolved) == 1
    assert isinstance(first, TargetProfile)
    assert first.table.target_for(26) == 8


def test_a_changed_setting_is_resolved_again(resolved: list[tuple[str, object]]) -> None:
    session = _unsaved("ebu")
    assert session.profile == PROFILES["ebu"]
    session.scoring_profile = "target"
    assert session.profile == PROFILES["target"]
    session.target_table = [list(row) for row in OURS]
    assert session.profile.key.startswith("target:")
    assert session.profile.key == session.profile_key
    assert len(resolved) == 3


@pytest.mark.parametrize(
    ("scoring", "table", "key"),
    [
        ("ebu", None, "ebu"),
        ("lesson-nt", None, "lesson-nt"),
        # The table is kept while another scoring is chosen, and then not used.
        ("ebu", OURS, "ebu"),
        ("target", None, "target"),
        ("target-french", None, "target-french"),
        # The teacher's table with the published bands is the published table.
        ("target", [(b.low, b.high, b.tricks) for b in SLIDING_SCALE.bands], "target"),
    ],
)
def test_the_profile_is_the_one_its_key_names(
    scoring: str, table: list[tuple[int, int, int]] | None, key: str
) -> None:
    session = _unsaved(scoring, None if table is None else [list(row) for row in table])
    assert session.profile_key == key
    assert session.profile == get_profile(key)


def test_a_session_with_an_unknown_scoring_says_so() -> None:
    with pytest.raises(ScoringError, match=r"'nonsense' is not a scoring profile; choose one of"):
        _ = _unsaved("nonsense").profile


def test_a_session_with_a_broken_table_says_what_is_wrong() -> None:
    gap = [[21, 30, 7], [35, 40, 13]]
    with pytest.raises(ScoringError, match=r"No target for 31, 32, 33, 34 HCP") as info:
        _ = _unsaved("target", gap).profile
    assert info.value.code is ErrorCode.TARGET_TABLE_GAP


@pytest.mark.parametrize(
    ("key", "code", "message"),
    [
        ("nonsense", ErrorCode.PROFILE_UNKNOWN, "'nonsense' is not a scoring profile; choose"),
        ("target:", ErrorCode.PROFILE_UNKNOWN, "'' is not a target table; write bands as"),
        ("target:21-40", ErrorCode.PROFILE_UNKNOWN, "'21-40' is not a target table"),
        ("target:21-30:7", ErrorCode.TARGET_TABLE_GAP, "No target for 31, 32,"),
    ],
)
def test_a_bad_key_gives_a_clear_error(key: str, code: ErrorCode, message: str) -> None:
    with pytest.raises(ScoringError) as info:
        get_profile(key)
    assert info.value.code is code
    assert str(info.value).startswith(message)


def test_no_cache_stands_in_for_parsing_once() -> None:
    # The key is parsed where it is read (get_profile); nothing keeps tables parsed
    # for callers who pass text around.
    assert not hasattr(profiles.get_profile, "cache_info")
    assert not hasattr(profiles, "_custom_target")
    assert not hasattr(models, "_target_key")


@pytest.mark.django_db
def test_the_standings_and_a_traveller_resolve_the_profile_once(
    alice: User, resolved: list[tuple[str, object]]
) -> None:
    session = running_session(alice, seed="profile-once", target_table=OURS)
    session = Session.objects.get(pk=session.pk)
    resolved.clear()
    session_standings(session, agreed_only=False)
    result_selectors.traveller(session, 1)
    assert len(resolved) == 1
