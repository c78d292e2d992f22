from __future__ import annotations

import copy
import importlib
import inspect
import pickle
import pkgutil
from collections.abc import Callable
from enum import StrEnum
from operator import attrgetter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scoring
from scoring.contracts import Contract
from scoring.dealing import DealingError, PresetUnreachable
from scoring.dup import DupError
from scoring.errors import ErrorCode, RulesError, ScoringError
from scoring.individual import IndividualError
from scoring.league import LeagueError
from scoring.matchpoints import MatchpointError
from scoring.movements import MovementError
from scoring.pbn import PbnError
from scoring.upload import UploadProblem
from scoring.usebio import _Refused


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


def _error_classes() -> set[type[BaseException]]:
    """Every exception class defined anywhere in the scoring package."""
    found: set[type[BaseException]] = set()
    for info in pkgutil.iter_modules(scoring.__path__, "scoring."):
        module = importlib.import_module(info.name)
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, BaseException) and value.__module__ == info.name:
                found.add(value)
    return found


# How each error class is raised: (code, message) -> the error. A class added to
# scoring/ fails test_every_error_class_is_in_the_table until it is listed here.
Make = Callable[[StrEnum, str], RulesError]
MAKERS: dict[type[RulesError], Make] = {
    ScoringError: lambda code, message: ScoringError(ErrorCode(code), message, hcp=20),
    MatchpointError: lambda code, message: MatchpointError(
        MatchpointError.codes(code), message, expected=2, results=3
    ),
    MovementError: lambda code, message: MovementError(MovementError.codes(code), message, pairs=1),
    IndividualError: lambda code, message: IndividualError(
        IndividualError.codes(code), message, pupils=3
    ),
    DupError: lambda code, message: DupError(message, board=2),
    PbnError: lambda code, message: PbnError(message),
    LeagueError: lambda code, message: LeagueError(message, pairs=1),
    DealingError: lambda code, message: DealingError(message, code=DealingError.codes(code)),
    PresetUnreachable: lambda code, message: PresetUnreachable(message, board=3, tries=300),
    _Refused: lambda code, message: _Refused(
        UploadProblem(_Refused.codes(code), message, {"what": "an entity"})
    ),
}
# Classes that raise one code whatever they are given (the rest take any of theirs).
ONE_CODE: dict[type[RulesError], StrEnum] = {
    DupError: DupError.codes("dup_refused"),
    PbnError: PbnError.codes("pbn_refused"),
    LeagueError: LeagueError.codes("league_refused"),
    PresetUnreachable: PresetUnreachable.codes("dealing_preset_unreachable"),
}
CASES = [
    pytest.param(cls, code, id=f"{cls.__name__}-{code.value}")
    for cls in MAKERS
    for code in ([ONE_CODE[cls]] if cls in ONE_CODE else list(cls.codes))
]


def test_every_error_class_is_in_the_table() -> None:
    # RulesError itself is only the base: it has no codes of its own.
    assert _error_classes() - {RulesError} == set(MAKERS)


@pytest.mark.parametrize("cls", sorted(MAKERS, key=attrgetter("__name__")))
def test_every_error_is_a_rules_error_with_its_own_codes(cls: type[RulesError]) -> None:
    assert issubclass(cls, RulesError)
    assert issubclass(cls, ValueError)
    assert issubclass(cls.codes, StrEnum)


def _clones(error: RulesError) -> list[object]:
    return [
        pickle.loads(pickle.dumps(error)),
        pickle.loads(pickle.dumps(error, protocol=0)),
        copy.deepcopy(error),
        copy.copy(error),
    ]


def _assert_same(clone: object, error: RulesError) -> None:
    assert type(clone) is type(error)
    assert isinstance(clone, RulesError)
    assert str(clone) == str(error)
    assert clone.args == error.args
    assert clone.code is error.code
    assert dict(clone.params) == dict(error.params)
    assert vars(clone).keys() == vars(error).keys()
    with pytest.raises(TypeError):
        clone.params["x"] = 1  # type: ignore[index]


@pytest.mark.parametrize(("cls", "code"), CASES)
def test_every_error_keeps_its_code_and_message_through_pickle_and_copy(
    cls: type[RulesError], code: StrEnum
) -> None:
    error = MAKERS[cls](code, f"Refused ({code.value})")
    assert error.code is code
    for clone in _clones(error):
        _assert_same(clone, error)


def test_a_subclass_keeps_its_own_attributes() -> None:
    error = PresetUnreachable("board 3 met no preset", board=3, tries=300)
    for clone in _clones(error):
        assert isinstance(clone, PresetUnreachable)
        assert (clone.board, clone.tries) == (3, 300)
        assert dict(clone.params) == {"board": 3, "tries": 300}


@given(message=st.text(), cls=st.sampled_from(sorted(MAKERS, key=attrgetter("__name__"))))
def test_any_message_survives_pickle_and_copy(message: str, cls: type[RulesError]) -> None:
    code = ONE_CODE.get(cls) or next(iter(cls.codes))
    error = MAKERS[cls](code, message)
    for clone in _clones(error):
        _assert_same(clone, error)
