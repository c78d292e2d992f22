"""A table's result on a deal, and the one penalty in Minibridge: the revoke.

In duplicate, declarer follows from the cards, so a result is fully given by the
contract and the tricks declarer won (docs/rules.md §2). An **established revoke**
transfers one trick to the non-offending side at the end of play (docs/rules.md §6);
a :class:`Result` keeps both the tricks won in play and the adjusted figure.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.contracts import Contract
from scoring.errors import ErrorCode, ScoringError
from scoring.profiles import ALL_TRICKS, DEFAULT_PROFILE, Profile, Score, check_tricks, get_profile


def adjust_for_revokes(tricks_won: int, *, by_declarers: int = 0, by_defenders: int = 0) -> int:
    """Declarer's tricks after established revokes: each one moves a trick from the
    offending side to the other.

    A side can only give up tricks it won in play, so a declaring side that won no
    tricks has none to transfer, and neither do defenders who won none.
    """
    check_tricks(tricks_won)
    for count in (by_declarers, by_defenders):
        if count < 0:
            raise ScoringError(
                ErrorCode.REVOKES_NEGATIVE,
                f"{count} is not a number of revokes; give 0 or more",
                revokes=count,
            )
    given_up = min(by_declarers, tricks_won)
    gained = min(by_defenders, ALL_TRICKS - tricks_won)
    return tricks_won - given_up + gained


@dataclass(frozen=True)
class Result:
    """What a table reports on a deal.

    ``tricks_won`` is what declarer won in play; ``tricks`` is the figure after any
    established revoke, and is the one that is scored.
    """

    contract: Contract
    tricks_won: int
    revokes_by_declarers: int = 0
    revokes_by_defenders: int = 0

    def __post_init__(self) -> None:
        _ = self.tricks  # checks the figures when the result is made, not when scored

    @property
    def tricks(self) -> int:
        """Declarer's tricks after revoke transfers."""
        return adjust_for_revokes(
            self.tricks_won,
            by_declarers=self.revokes_by_declarers,
            by_defenders=self.revokes_by_defenders,
        )

    @property
    def has_revoke(self) -> bool:
        return self.revokes_by_declarers > 0 or self.revokes_by_defenders > 0

    def score(self, profile: str | Profile = DEFAULT_PROFILE, *, hcp: int | None = None) -> Score:
        """Score the adjusted tricks under ``profile``."""
        return get_profile(profile).score(self.contract, self.tricks, hcp=hcp)
