"""The stable entry points other code and outside checks call: exactly these."""

from __future__ import annotations

import doctest
import importlib
import inspect
import re

import pytest
from hypothesis import given

import scoring
from scoring import declarer, score
from scoring.cards import Deal, Seat, Side
from tests.scoring.deals import (
    EW_DECLARE,
    EW_TIE,
    NS_TIE,
    TWENTY_TWENTY,
    WORKED_EXAMPLE,
    deals,
    seats,
)


def test_score_signature() -> None:
    parameters = inspect.signature(scoring.score).parameters
    assert list(parameters)[:3] == ["contract", "tricks", "profile"]
    assert parameters["profile"].default == "ebu"
    assert all(p.kind is p.KEYWORD_ONLY for p in list(parameters.values())[3:])


@pytest.mark.parametrize(
    ("args", "declarers", "defenders", "made"),
    [
        (("4S", 10), 420, 0, True),
        (("4S", 10, "ebu"), 420, 0, True),
        (("1S", 10), 170, 0, True),
        (("4S", 9), 0, 50, False),
        (("4H", 10, "acbl"), 405, 0, True),
        (("1NT", 8, "lesson"), 130, 0, True),
        (("3NT", 7, "tricks"), 7, 6, False),
        (("6S", 12, "ebu-slam"), 980, 0, True),
    ],
)
def test_score(
    args: tuple[str, int] | tuple[str, int, str], declarers: int, defenders: int, made: bool
) -> None:
    result = score(*args)
    assert type(result.declarers) is int
    assert type(result.defenders) is int
    assert (result.declarers, result.defenders, result.made) == (declarers, defenders, made)


def test_score_by_keyword_and_with_hcp() -> None:
    assert score(contract="3NT", tricks=9, profile="ebu").declarers == 400
    assert score("1S", 8, "target", hcp=23).made


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("4S", 14), "Declarer cannot win 14 tricks; the number must be from 0 to 13"),
        (("4S", -1), "Declarer cannot win -1 tricks; the number must be from 0 to 13"),
        (("4S", 10, "bogus"), "'bogus' is not a scoring profile; choose one of ebu, "),
        (("3S", 9), "'3S' is not a Minibridge contract; choose a part-score (1C 1D 1H 1S 1NT) "),
        (("", 9), "No contract was given; choose a part-score"),
        (("7NT", 13), "'7NT' is not a Minibridge contract"),
        (("6S", 12), "'6S' is a slam, and the slam variant is off"),
        (("4S", 10, "lesson"), "'4S' is a game, and the lesson scoring has no games"),
        (("1S", 9, "target"), "The target profile needs the declaring side's combined HCP"),
    ],
)
def test_score_refuses_with_a_clear_value_error(
    args: tuple[str, int] | tuple[str, int, str], message: str
) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}"):
        score(*args)


def test_declarer_signature() -> None:
    assert list(inspect.signature(scoring.declarer).parameters) == ["deal", "dealer"]


@pytest.mark.parametrize(
    ("deal", "dealer", "expected"),
    [
        (WORKED_EXAMPLE, "N", "S"),
        (WORKED_EXAMPLE, "W", "S"),
        (NS_TIE, "N", "N"),
        (NS_TIE, "E", "S"),
        (EW_TIE, "S", "W"),
        (EW_TIE, "N", "E"),
        (EW_DECLARE, "S", "W"),
        (TWENTY_TWENTY, "N", None),
        (TWENTY_TWENTY, "W", None),
    ],
)
def test_declarer(deal: str, dealer: str, expected: str | None) -> None:
    assert declarer(deal, dealer) == expected


@pytest.mark.parametrize(
    ("deal", "dealer", "message"),
    [
        (WORKED_EXAMPLE, "X", "'X' is not a seat; use N, E, S or W"),
        ("N:AKQ.JT9.876.5432", "N", "A PBN deal lists four hands"),
        (WORKED_EXAMPLE[:-1], "N", "West holds 12 cards; every hand must hold exactly 13"),
    ],
)
def test_declarer_refuses_with_a_clear_value_error(deal: str, dealer: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        declarer(deal, dealer)


@given(deals, seats, seats)
def test_declarer_agrees_with_the_typed_layer(deal: Deal, dealer: Seat, first: Seat) -> None:
    found = declarer(deal.to_pbn(first), dealer.value)
    if found is None:
        assert deal.side_hcp(Side.NS) == 20
    else:
        assert deal.side_hcp(Seat(found).side) > 20
        # Turning all four hands and the dealer one seat round turns the declarer too.
        assert declarer(deal.rotated().to_pbn(first), dealer.next.value) == Seat(found).next.value


def test_everything_in_all_is_exported() -> None:
    for name in scoring.__all__:
        assert hasattr(scoring, name), name
    assert {"score", "declarer", "Score", "ScoringError"} <= set(scoring.__all__)


LIBRARY_MODULES = [
    "scoring",
    "scoring.api",
    "scoring.cards",
    "scoring.contracts",
    "scoring.declaring",
    "scoring.errors",
    "scoring.four_deal",
    "scoring.profiles",
    "scoring.results",
]


@pytest.mark.parametrize("module", LIBRARY_MODULES)
def test_the_examples_in_docstrings_hold(module: str) -> None:
    failed, _ = doctest.testmod(importlib.import_module(module))
    assert failed == 0
