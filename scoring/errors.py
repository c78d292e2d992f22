"""The one exception the rules library raises, with a code the site can translate.

Every rule that refuses an input raises :class:`ScoringError`. It is a ``ValueError``
(so plain callers can catch that), its message is plain English saying what is wrong
and what is allowed, and it carries a :class:`ErrorCode` and the values that went
into the message, so the site can show a translated message instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType


class ErrorCode(StrEnum):
    """What kind of input was refused. The values are stable: the site keys on them."""

    # Deals (PBN)
    DEAL_FORMAT = "deal_format"
    DEAL_UNKNOWN_HAND = "deal_unknown_hand"
    DEAL_UNKNOWN_RANK = "deal_unknown_rank"
    DEAL_DUPLICATE_CARD = "deal_duplicate_card"
    DEAL_HAND_SIZE = "deal_hand_size"
    SEAT_UNKNOWN = "seat_unknown"
    BOARD_NUMBER = "board_number"
    # Contracts
    CONTRACT_UNKNOWN = "contract_unknown"
    CONTRACT_SLAM_OFF = "contract_slam_off"
    CONTRACT_NOT_IN_PROFILE = "contract_not_in_profile"
    # Results and scoring
    TRICKS_OUT_OF_RANGE = "tricks_out_of_range"
    REVOKES_NEGATIVE = "revokes_negative"
    PROFILE_UNKNOWN = "profile_unknown"
    HCP_REQUIRED = "hcp_required"
    HCP_OUT_OF_RANGE = "hcp_out_of_range"
    DEAL_POINTS_TOTAL = "deal_points_total"
    TARGET_TABLE_RANGE = "target_table_range"
    TARGET_TABLE_TRICKS = "target_table_tricks"
    TARGET_TABLE_OVERLAP = "target_table_overlap"
    TARGET_TABLE_GAP = "target_table_gap"
    # The four-deal game
    FOUR_DEAL_ORDER = "four_deal_order"
    FOUR_DEAL_COUNT = "four_deal_count"
    # Three players at a table
    THREE_PLAYER_DUMMY = "three_player_dummy"


class ScoringError(ValueError):
    """A refused input: ``str(error)`` is the English message, ``code`` and ``params``
    let the site build its own (translated) one."""

    code: ErrorCode
    params: Mapping[str, object]

    def __init__(self, code: ErrorCode, message: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = MappingProxyType(dict(params))

    def __reduce__(self) -> tuple[object, ...]:
        # Exceptions are copied and pickled through their args; ours also need the
        # code and the params (a task queue or a copy.copy() must not lose them).
        return (_rebuild, (self.code, str(self), dict(self.params)))


def _rebuild(code: ErrorCode, message: str, params: dict[str, object]) -> ScoringError:
    return ScoringError(code, message, **params)
