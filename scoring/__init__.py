"""The rules of Minibridge as a plain Python library (no Django here; a test checks).

The stable entry points are :func:`score` and :func:`declarer`::

    >>> from scoring import score, declarer
    >>> score("4S", 10).declarers
    420

Everything else re-exported here is the typed layer they are built on.
"""

from __future__ import annotations

from scoring.api import declarer, score
from scoring.cards import Card, Deal, Hand, Rank, Seat, Side, Strain, Suit
from scoring.contracts import Contract, ContractKind, all_contracts
from scoring.declaring import Declaration, Redeal, find_declarer
from scoring.errors import ErrorCode, RulesError, ScoringError
from scoring.four_deal import FourDealResult, PlayedDeal, Verdict, four_deal_game, next_dealer
from scoring.profiles import (
    DEFAULT_PROFILE,
    FRENCH_DECISION_TABLE,
    PROFILES,
    SLIDING_SCALE,
    AcblProfile,
    EbuProfile,
    LessonProfile,
    Profile,
    Score,
    ScoreUnit,
    TargetBand,
    TargetProfile,
    TargetTable,
    TricksProfile,
    get_profile,
    profile_for,
)
from scoring.results import Result, adjust_for_revokes

__all__ = [
    "DEFAULT_PROFILE",
    "FRENCH_DECISION_TABLE",
    "PROFILES",
    "SLIDING_SCALE",
    "AcblProfile",
    "Card",
    "Contract",
    "ContractKind",
    "Deal",
    "Declaration",
    "EbuProfile",
    "ErrorCode",
    "FourDealResult",
    "Hand",
    "LessonProfile",
    "PlayedDeal",
    "Profile",
    "Rank",
    "Redeal",
    "Result",
    "RulesError",
    "Score",
    "ScoreUnit",
    "ScoringError",
    "Seat",
    "Side",
    "Strain",
    "Suit",
    "TargetBand",
    "TargetProfile",
    "TargetTable",
    "TricksProfile",
    "Verdict",
    "adjust_for_revokes",
    "all_contracts",
    "declarer",
    "find_declarer",
    "four_deal_game",
    "get_profile",
    "next_dealer",
    "profile_for",
    "score",
]
