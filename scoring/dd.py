"""Double-dummy analysis (through endplay's bundled DDS) and the Minibridge par.

*Double dummy* means: every player can see all four hands and plays perfectly. For
each of the four possible declarers and five strains it gives the tricks declarer
would win. Teachers use it after the lesson: "in spades, South could make 10 tricks".

The **Minibridge par** of a board: of the contracts the board's declarer may choose
(the cards fix who declares), the one whose double-dummy result gives the declaring
side the best net score (declarers' points minus defenders') under a scoring profile.
When several contracts score the same (``1H`` and ``1S`` both making eight tricks,
say), the par carries every one of them (:attr:`Par.contracts`) in the profile's order:
lower target first, then the lower strain in the usual order ♣ ♦ ♥ ♠ NT. So the first
never depends on chance, and a table that chose ``1S`` reached par as much as one that
chose ``1H``. Ties are looked for within the declaring side only (the cards fix the
declarer).

In PBN the par is written as two tags of our own. ``[MinibridgePar "1H S 80"]`` is the
first contract, its declarer and the net score, exactly as before ties were listed, so
a reader of that one-contract form still reads the lowest best contract. When other
contracts tie, ``[MinibridgeParTies "1S 1NT"]`` lists them, lowest first, with the same
declarer and net (a reader that does not know the tag passes it by, as it does the tags
of other programs). :func:`read_par` reads the two back.

DDS is not thread-safe (two threads solving at once crash the process), so every call
goes through one process-wide lock, and no call asks for more than 40 deals, the most
``calc_all_tables`` accepts with all five strains. endplay pulls in numpy and
matplotlib, so it is imported only when a deal is actually solved.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from scoring.cards import Deal, Seat, Strain
from scoring.contracts import Contract

# PBN's DoubleDummyTricks order (declarers N, S, E, W; strains NT, S, H, D, C).
from scoring.pbn import DD_SEAT_ORDER, DD_STRAIN_ORDER
from scoring.profiles import Profile, get_profile

MAX_DEALS_PER_CALL = 40
_DDS_LOCK = threading.Lock()


@dataclass(frozen=True)
class DDTable:
    """Tricks each declarer wins double dummy in each strain."""

    tricks: Mapping[tuple[Seat, Strain], int]

    def __post_init__(self) -> None:
        expected = {(seat, strain) for seat in Seat for strain in Strain}
        if set(self.tricks) != expected:
            raise ValueError("A double-dummy table needs all 4 declarers × 5 strains.")
        for (seat, strain), tricks in self.tricks.items():
            if not 0 <= tricks <= 13:
                raise ValueError(f"{tricks} tricks for {seat} in {strain} is not 0 to 13.")
            # Declarer and dummy can swap roles: the side's figure is the same up to
            # who is on lead, so no further cross-check is made here.

    def __getitem__(self, key: tuple[Seat, Strain]) -> int:
        return self.tricks[key]

    def to_pbn(self) -> str:
        """The 20 hexadecimal digits of PBN's ``DoubleDummyTricks`` tag."""
        return "".join(
            format(self.tricks[seat, strain], "x")
            for seat in DD_SEAT_ORDER
            for strain in DD_STRAIN_ORDER
        )

    @classmethod
    def from_pbn(cls, text: str) -> DDTable:
        """Read the 20 hexadecimal digits of a ``DoubleDummyTricks`` tag."""
        digits = text.strip()
        if len(digits) != 20:
            raise ValueError(f"DoubleDummyTricks needs 20 hexadecimal digits, not {digits!r}.")
        try:
            values = [int(digit, 16) for digit in digits]
        except ValueError:
            raise ValueError(f"DoubleDummyTricks {digits!r} is not hexadecimal.") from None
        keys = [(seat, strain) for seat in DD_SEAT_ORDER for strain in DD_STRAIN_ORDER]
        return cls(dict(zip(keys, values, strict=True)))


@dataclass(frozen=True)
class ParChoice:
    """One contract that reaches par, and the tricks declarer takes in it double dummy."""

    contract: Contract
    tricks: int


@dataclass(frozen=True)
class Par:
    """The best contract for the declaring side, double dummy, and what it scores.

    ``contract`` and ``tricks`` are the first best contract (the lowest); ``ties`` the
    other contracts that score the same ``net``, in the profile's order.
    """

    contract: Contract
    declarer: Seat
    tricks: int
    net: int  # declaring side's points minus the defenders'
    ties: tuple[ParChoice, ...] = ()

    @property
    def choices(self) -> tuple[ParChoice, ...]:
        """Every contract that reaches par with its tricks, lowest first."""
        return (ParChoice(self.contract, self.tricks), *self.ties)

    @property
    def contracts(self) -> tuple[Contract, ...]:
        """Every contract that reaches par, lowest first: ``(1H, 1S)``."""
        return tuple(choice.contract for choice in self.choices)

    @property
    def strains(self) -> tuple[Strain, ...]:
        """The strains of :attr:`contracts`, each once, in their order."""
        return tuple(dict.fromkeys(contract.strain for contract in self.contracts))

    def reached_by(self, contract: Contract) -> bool:
        """``contract`` is one of the contracts that reach par."""
        return contract in self.contracts

    @property
    def ties_pbn(self) -> str:
        """The ``MinibridgeParTies`` PBN tag: ``"1S 1NT"``; ``""`` without ties."""
        return " ".join(str(choice.contract) for choice in self.ties)

    @property
    def text(self) -> ParText:
        """What the two PBN tags hold (:func:`read_par` gives it back)."""
        return ParText(contracts=self.contracts, declarer=self.declarer, net=self.net)

    def __str__(self) -> str:
        """As in the ``MinibridgePar`` PBN tag: ``"4S S 420"`` (the first contract)."""
        return f"{self.contract} {self.declarer.value} {self.net}"


@dataclass(frozen=True)
class ParText:
    """A par as PBN holds it: its contracts, declarer and net score (no tricks)."""

    contracts: tuple[Contract, ...]
    declarer: Seat
    net: int


def read_par(par: str, ties: str | None = None, *, slams: bool = True) -> ParText:
    """Read ``MinibridgePar`` (``"1H S 80"``) and, if given, ``MinibridgeParTies``
    (``"1S 1NT"``). Anything else raises a ValueError saying what is wrong."""
    words = par.split()
    if len(words) != 3:
        raise ValueError(f"A Minibridge par is 'contract declarer score', not {par!r}.")
    contract, seat, net = words
    try:
        declarer = Seat(seat.upper())
        score = int(net)
    except ValueError:
        raise ValueError(f"{par!r} is not 'contract declarer score', e.g. '4S S 420'.") from None
    contracts = [Contract.parse(contract, slams=slams)]
    contracts.extend(Contract.parse(word, slams=slams) for word in (ties or "").split())
    if len(set(contracts)) != len(contracts):
        raise ValueError(f"The par {par!r} names a contract twice in its ties {ties!r}.")
    return ParText(contracts=tuple(contracts), declarer=declarer, net=score)


def minibridge_par(
    table: DDTable, declarer: Seat, *, profile: str | Profile = "ebu", hcp: int | None = None
) -> Par:
    """The Minibridge par for ``declarer`` (see the module's docstring).

    ``hcp`` is the declaring side's combined points, needed by the target profile.
    """
    scoring_profile = get_profile(profile)
    nets: list[tuple[ParChoice, int]] = []
    for contract in scoring_profile.contracts():  # lowest target first
        tricks = table[declarer, contract.strain]
        score = scoring_profile.score(contract, tricks, hcp=hcp)
        nets.append((ParChoice(contract, tricks), score.declarers - score.defenders))
    best = max(net for _, net in nets)  # every profile has at least one contract
    first, *ties = (choice for choice, net in nets if net == best)
    return Par(
        contract=first.contract,
        declarer=declarer,
        tricks=first.tricks,
        net=best,
        ties=tuple(ties),
    )


def analyse(
    deals: Sequence[Deal],
    *,
    batch_size: int = MAX_DEALS_PER_CALL,
    on_progress: Callable[[int, int], None] | None = None,
) -> list[DDTable]:
    """Solve ``deals`` double dummy, ``batch_size`` deals per DDS call.

    ``on_progress(done, total)`` is called after each batch, outside the lock.
    """
    if not 1 <= batch_size <= MAX_DEALS_PER_CALL:
        raise ValueError(f"batch_size must be 1 to {MAX_DEALS_PER_CALL}.")
    tables: list[DDTable] = []
    for start in range(0, len(deals), batch_size):
        batch = deals[start : start + batch_size]
        tables.extend(_solve_batch(batch))
        if on_progress is not None:
            on_progress(len(tables), len(deals))
    return tables


def _solve_batch(deals: Sequence[Deal]) -> list[DDTable]:
    from endplay.dds import calc_all_tables  # heavy import, deferred on purpose
    from endplay.types import Deal as EndplayDeal

    endplay_deals = [EndplayDeal(deal.to_pbn()) for deal in deals]
    with _DDS_LOCK:
        results = calc_all_tables(endplay_deals)
    # endplay's rows are strains S, H, D, C, NT; columns players N, E, S, W.
    strains = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NO_TRUMPS)
    seats = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
    tables = []
    for result in results:
        rows = result.to_list()
        tables.append(
            DDTable(
                {
                    (seat, strain): int(rows[s][p])
                    for s, strain in enumerate(strains)
                    for p, seat in enumerate(seats)
                }
            )
        )
    return tables
