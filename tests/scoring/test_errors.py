from __future__ import annotations

import copy
import pickle

import pytest

from scoring.contracts import Contract
from scoring.errors import ErrorCode, ScoringError


def test_a_scoring_error_is_a_value_error_with_a_code_and_params() -> None:
    with pytest.raises(ValueError, match="'3S' is not a Minibridge contract") as info:
        Contract.parse("3S")
    error = info.value
    assert isinstance(error, ScoringError)
    assert error.code is ErrorCode.CONTRACT_UNKNOWN
    assert error.code.value == "contract_unknown"
    assert dict(error.params) == {"contract": "3S", "slams": False}


def test_params_are_read_only() -> None:
    error = ScoringError(ErrorCode.TRICKS_OUT_OF_RANGE, "Declarer cannot win 14 tricks", tricks=14)
    with pytest.raises(TypeError):
        error.params["tricks"] = 13  # type: ignore[index]


def test_an_error_survives_copy_and_pickle() -> None:
    error = ScoringError(ErrorCode.HCP_OUT_OF_RANGE, "A declaring side cannot hold 20 HCP", hcp=20)
    for clone in (copy.copy(error), pickle.loads(pickle.dumps(error))):
        assert isinstance(clone, ScoringError)
        assert str(clone) == str(error)
        assert clone.code is ErrorCode.HCP_OUT_OF_RANGE
        assert dict(clone.params) == {"hcp": 20}
