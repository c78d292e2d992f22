from __future__ import annotations

import pytest

from scoring.cards import Strain
from scoring.contracts import Contract, ContractKind, all_contracts
from scoring.errors import ErrorCode, ScoringError

PART, GAME, SLAM = ContractKind.PART_SCORE, ContractKind.GAME, ContractKind.SLAM
CHOICES = "choose a part-score (1C 1D 1H 1S 1NT) or a game (3NT 4H 4S 5C 5D)"


@pytest.mark.parametrize(
    ("text", "strain", "kind", "target"),
    [
        ("1C", Strain.CLUBS, PART, 7),
        ("1D", Strain.DIAMONDS, PART, 7),
        ("1H", Strain.HEARTS, PART, 7),
        ("1S", Strain.SPADES, PART, 7),
        ("1NT", Strain.NO_TRUMPS, PART, 7),
        ("3NT", Strain.NO_TRUMPS, GAME, 9),
        ("4H", Strain.HEARTS, GAME, 10),
        ("4S", Strain.SPADES, GAME, 10),
        ("5C", Strain.CLUBS, GAME, 11),
        ("5D", Strain.DIAMONDS, GAME, 11),
    ],
)
def test_part_scores_and_games(text: str, strain: Strain, kind: ContractKind, target: int) -> None:
    contract = Contract.parse(text)
    assert contract == Contract(strain, kind)
    assert contract.target == target
    assert str(contract) == text


@pytest.mark.parametrize("text", ["6C", "6D", "6H", "6S", "6NT"])
def test_slams_exist_only_in_the_slam_variant(text: str) -> None:
    contract = Contract.parse(text, slams=True)
    assert contract.kind is SLAM
    assert contract.target == 12
    assert str(contract) == text
    with pytest.raises(ScoringError) as info:
        Contract.parse(text)
    assert str(info.value) == f"'{text}' is a slam, and the slam variant is off; {CHOICES}"
    assert info.value.code is ErrorCode.CONTRACT_SLAM_OFF


@pytest.mark.parametrize(
    "text", ["2S", "3S", "4NT", "7NT", "2NT", "5H", "4C", "XS", "1X", "1", "S", "NT", "1SX", "4S*"]
)
def test_anything_else_is_not_a_minibridge_contract(text: str) -> None:
    with pytest.raises(ScoringError) as info:
        Contract.parse(text)
    assert str(info.value) == f"'{text}' is not a Minibridge contract; {CHOICES}"
    assert info.value.code is ErrorCode.CONTRACT_UNKNOWN
    assert info.value.params["contract"] == text


@pytest.mark.parametrize("text", ["", "   "])
def test_an_empty_contract_is_refused(text: str) -> None:
    with pytest.raises(ScoringError) as info:
        Contract.parse(text)
    assert str(info.value) == f"No contract was given; {CHOICES}"


def test_with_slams_on_the_message_lists_slams_too() -> None:
    with pytest.raises(
        ValueError,
        match=r"choose a part-score \(1C 1D 1H 1S 1NT\), a game "
        r"\(3NT 4H 4S 5C 5D\) or a slam \(6C 6D 6H 6S 6NT\)$",
    ):
        Contract.parse("7NT", slams=True)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("4s", "4S"), (" 1nt ", "1NT"), ("4♠", "4S"), ("5♣", "5C"), ("1♦", "1D"), ("4♥", "4H")],
)
def test_case_spaces_and_suit_symbols_do_not_matter(text: str, canonical: str) -> None:
    assert str(Contract.parse(text)) == canonical


def test_all_contracts_lowest_first() -> None:
    assert [str(c) for c in all_contracts()] == [
        "1C",
        "1D",
        "1H",
        "1S",
        "1NT",
        "3NT",
        "4H",
        "4S",
        "5C",
        "5D",
    ]
    assert [str(c) for c in all_contracts(slams=True)][-5:] == ["6C", "6D", "6H", "6S", "6NT"]
