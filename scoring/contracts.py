"""Minibridge contracts (docs/rules.md §3), written in bridge notation.

Declarer chooses a strain and a level after seeing dummy:

* a **part-score** needs 7 tricks: ``1C 1D 1H 1S 1NT``;
* a **game** needs 9 tricks in no trumps, 10 in hearts or spades, 11 in clubs or
  diamonds: ``3NT 4H 4S 5C 5D``;
* a **slam** needs 12 tricks, ``6C 6D 6H 6S 6NT``, but only in the optional slam
  variant (``slams=True``).

There are no doubles and no other levels. Extra tricks never turn a part-score into
a game: the bonus follows the contract chosen.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import StrEnum

from scoring.cards import Strain
from scoring.errors import ErrorCode, ScoringError

#: Tricks the declaring side always needs before any trick scores ("book").
BOOK = 6


class ContractKind(StrEnum):
    PART_SCORE = "part-score"
    GAME = "game"
    SLAM = "slam"


_GAME_LEVEL = {
    Strain.NO_TRUMPS: 3,
    Strain.HEARTS: 4,
    Strain.SPADES: 4,
    Strain.CLUBS: 5,
    Strain.DIAMONDS: 5,
}
_STRAIN_ORDER = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NO_TRUMPS)
_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


@dataclass(frozen=True)
class Contract:
    """A contract: its strain and whether it is a part-score, a game or a slam.

    ``str(contract)`` gives the bridge notation, e.g. ``"4S"`` or ``"1NT"``.
    """

    strain: Strain
    kind: ContractKind

    @classmethod
    def parse(cls, text: str, *, slams: bool = False) -> Contract:
        """Read a contract such as ``"4S"``, ``"1NT"`` or ``"5C"``.

        Case and surrounding spaces do not matter, and a suit symbol may replace the
        letter (``"4♠"``). Slams (``"6S"``) are accepted only with ``slams=True``.
        Anything else raises a :class:`~scoring.errors.ScoringError` (``ValueError``)
        listing the contracts that exist.

        >>> contract = Contract.parse("4♠")
        >>> str(contract), contract.kind.value, contract.target
        ('4S', 'game', 10)
        >>> Contract.parse("2S")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        scoring.errors.ScoringError: '2S' is not a Minibridge contract; choose a part-score ...
        """
        cleaned = text.strip().upper()
        for symbol, letter in _SYMBOLS.items():
            cleaned = cleaned.replace(symbol, letter)
        contract = _by_text().get(cleaned)
        if contract is not None:
            if contract.kind is ContractKind.SLAM and not slams:
                raise ScoringError(
                    ErrorCode.CONTRACT_SLAM_OFF,
                    f"{text!r} is a slam, and the slam variant is off; {choices(slams=False)}",
                    contract=text,
                )
            return contract
        what = f"{text!r} is not a Minibridge contract" if cleaned else "No contract was given"
        raise ScoringError(
            ErrorCode.CONTRACT_UNKNOWN,
            f"{what}; {choices(slams=slams)}",
            contract=text,
            slams=slams,
        )

    @property
    def level(self) -> int:
        """The bridge level: 1 for a part-score, 3, 4 or 5 for a game, 6 for a slam."""
        if self.kind is ContractKind.GAME:
            return _GAME_LEVEL[self.strain]
        return 1 if self.kind is ContractKind.PART_SCORE else 6

    @property
    def target(self) -> int:
        """The tricks declarer needs: level + 6 (7 for any part-score)."""
        return self.level + BOOK

    def __str__(self) -> str:
        return f"{self.level}{self.strain.value}"


@functools.cache
def _by_text() -> dict[str, Contract]:
    """Each contract under its notation, for parsing (built once)."""
    return {str(contract): contract for contract in all_contracts(slams=True)}


@functools.cache
def all_contracts(*, slams: bool = False) -> tuple[Contract, ...]:
    """Every Minibridge contract, lowest first: ``1C … 1NT``, ``3NT 4H 4S 5C 5D``,
    then (if ``slams``) ``6C … 6NT``. (The same tuple every time: contracts are
    immutable.)"""
    kinds = [ContractKind.PART_SCORE, ContractKind.GAME]
    if slams:
        kinds.append(ContractKind.SLAM)
    contracts = (Contract(strain, kind) for kind in kinds for strain in _STRAIN_ORDER)
    return tuple(sorted(contracts, key=lambda c: (c.level, _STRAIN_ORDER.index(c.strain))))


def choices(*, slams: bool = False) -> str:
    """The end of an error message: which contracts can be chosen."""
    part_scores = f"a part-score ({_listing(ContractKind.PART_SCORE)})"
    games = f"a game ({_listing(ContractKind.GAME)})"
    if slams:
        return f"choose {part_scores}, {games} or a slam ({_listing(ContractKind.SLAM)})"
    return f"choose {part_scores} or {games}"


def _listing(kind: ContractKind) -> str:
    return " ".join(str(c) for c in all_contracts(slams=True) if c.kind is kind)
