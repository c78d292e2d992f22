"""The two string-in, string-out entry points other code and outside checks call.

These signatures are stable; richer typed building blocks live in the other modules.
"""

from __future__ import annotations

from scoring.cards import Deal, Seat
from scoring.contracts import Contract
from scoring.declaring import Redeal, find_declarer
from scoring.profiles import DEFAULT_PROFILE, Profile, Score, get_profile


def score(
    contract: str | Contract,
    tricks: int,
    profile: str | Profile = DEFAULT_PROFILE,
    *,
    hcp: int | None = None,
) -> Score:
    """Score ``tricks`` won by declarer in ``contract`` (e.g. ``"4S"``) under ``profile``.

    ``profile`` is a registered name (``"ebu"``, ``"ebu-slam"``, ``"acbl"``,
    ``"lesson"``, ``"lesson-nt"``, ``"tricks"``, ``"target"``, ``"target-french"``)
    or a :class:`~scoring.profiles.Profile` object. ``hcp``, the declaring side's
    combined high-card points, is required by the target profiles and ignored by the
    others. Raises ``ValueError`` (a ``ScoringError``) for tricks outside 0..13, an
    unknown profile, or a contract the profile does not have.

    >>> score("4S", 10)
    Score(declarers=420, defenders=0, made=True, target=10)
    """
    return get_profile(profile).score(contract, tricks, hcp=hcp)


def declarer(deal: str, dealer: str) -> str | None:
    """Who declares the PBN ``deal`` dealt by ``dealer``: ``"N"``, ``"E"``, ``"S"`` or
    ``"W"``, or None for a 20–20 deal (the same dealer deals again)."""
    outcome = find_declarer(Deal.from_pbn(deal), Seat.parse(dealer))
    return None if isinstance(outcome, Redeal) else outcome.declarer.value
