"""The site's translated words stay in step with the rules library."""

from __future__ import annotations

from django.utils import translation

from scoring.movements import REASONS, ReasonCode
from tournaments.labels import MOVEMENT_REASONS


def test_every_movement_reason_has_the_librarys_english_words() -> None:
    assert set(MOVEMENT_REASONS) == set(ReasonCode)
    with translation.override("en"):
        for code, text in MOVEMENT_REASONS.items():
            assert str(text) == REASONS[code]


def test_every_scoring_profile_has_a_name() -> None:
    from scoring.profiles import PROFILES
    from tournaments.labels import PROFILE_NAMES

    assert set(PROFILE_NAMES) == set(PROFILES)
