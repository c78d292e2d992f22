"""The errors the rules library raises, with codes the site can translate.

Every rule that refuses an input raises a :class:`RulesError`: the deals, contracts,
results and profiles raise :class:`ScoringError`, and other modules their own
subclass with their own codes (``MovementError``, ``MatchpointError``, …). Each is a
``ValueError`` (so plain callers can catch that), its message is plain English saying
what is wrong and what is allowed, and it carries a code and the values that went
into the message, so the site can show a translated message instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import ClassVar


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


class RulesError(ValueError):
    """The base of every error the rules library raises: a refused input, its message
    plain English (``str(error)``), with a ``code`` from the raising module's own
    :class:`~enum.StrEnum` (its :attr:`codes`) and the ``params`` that went into the
    message, so the site can build its own (translated) one.

    Copies and pickles keep the class, the code, the message, the params and any
    attribute a subclass adds (a task queue or a ``copy.deepcopy()`` must not lose
    them): subclasses inherit that and need say only their codes.
    """

    #: The codes this class raises (each module has its own enum).
    codes: ClassVar[type[StrEnum]]
    code: StrEnum
    params: Mapping[str, object]

    def __init__(self, code: StrEnum, message: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = MappingProxyType(dict(params))

    def __reduce__(self) -> tuple[object, ...]:
        # Exceptions are copied and pickled through their args (the message only);
        # rebuild from the message, code and params, then restore the other attributes.
        extra = {k: v for k, v in vars(self).items() if k not in ("code", "params")}
        return (_rebuild, (type(self), self.code, str(self), dict(self.params)), extra)


def _rebuild(
    cls: type[RulesError], code: StrEnum, message: str, params: dict[str, object]
) -> RulesError:
    # Not through cls(...): a subclass's constructor may take other arguments.
    error = cls.__new__(cls)
    RulesError.__init__(error, code, message, **params)
    return error


class ScoringError(RulesError):
    """A refused deal, contract, result or profile (:class:`ErrorCode`)."""

    codes = ErrorCode
    code: ErrorCode

    def __init__(self, code: ErrorCode, message: str, **params: object) -> None:
        super().__init__(code, message, **params)
