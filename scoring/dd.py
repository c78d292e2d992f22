"""Double-dummy analysis (through endplay's bundled DDS) and the Minibridge par.

*Double dummy* means: every player can see all four hands and plays perfectly. For
each of the four possible declarers and five strains it gives the tricks declarer
would win. Teachers use it after the lesson: "in spades, South could make 10 tricks".

The **Minibridge par** of a board: of the contracts the board's declarer may choose
(the cards fix who declares), the one whose double-dummy result gives the declaring
side the best net score (declarers' points minus defenders') under a scoring profile.
When two contracts score the same, the one with the lower target wins; when those tie
too (``1H`` and ``1S`` both making eight tricks, say), the lower strain in the usual
order (♣ ♦ ♥ ♠ NT) is kept, so the answer never depends on chance.

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
class Par:
    """The best contract for the declaring side, double dummy, and what it scores."""

    contract: Contract
    declarer: Seat
    tricks: int
    net: int  # declaring side's points minus the defenders'

    def __str__(self) -> str:
        """As in the ``MinibridgePar`` PBN tag: ``"4S S 420"``."""
        return f"{self.contract} {self.declarer.value} {self.net}"


def minibridge_par(
    table: DDTable, declarer: Seat, *, profile: str | Profile = "ebu", hcp: int | None = None
) -> Par:
    """The Minibridge par for ``declarer`` (see the module's docstring).

    ``hcp`` is the declaring side's combined points, needed by the target profile.
    """
    scoring_profile = get_profile(profile)
    best: Par | None = None
    for contract in scoring_profile.contracts():  # lowest target first
        tricks = table[declarer, contract.strain]
        score = scoring_profile.score(contract, tricks, hcp=hcp)
        net = score.declarers - score.defenders
        if best is None or net > best.net:
            best = Par(contract=contract, declarer=declarer, tricks=tricks, net=net)
    assert best is not None  # every profile has at least one contract
    return best


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
