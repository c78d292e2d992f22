"""A result as the rules library scores it, with refusals in the user's language.

The bridge between the rules library (``scoring``, which speaks English codes) and the
site: the services score a result before saving it, the selectors score every row of a
traveller, the standings score a whole session, all through :func:`score_result`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from scoring import results as rules
from scoring.cards import Seat, Side
from scoring.contracts import Contract
from scoring.dd import DDTable
from scoring.errors import ErrorCode, ScoringError
from scoring.feedback import Feedback, feedback
from scoring.profiles import Profile
from tournaments.boards.selectors import BoardFacts
from tournaments.labels import bridge as bridge_labels
from tournaments.models import Result


@dataclass(frozen=True)
class Scored:
    """A played result as the rules score it."""

    contract: Contract
    declarer: Seat
    tricks_won: int  # as entered
    tricks: int  # after any revoke
    made: bool
    ns_points: int
    ew_points: int
    revoke: str = ""  # Result.Revoke: who revoked, "" for nobody

    @property
    def ns_net(self) -> int:
        return self.ns_points - self.ew_points

    @property
    def tricks_text(self) -> str:
        """The tricks as travellers, score cards and exports show them: both figures
        after a revoke ("10, 9 + 1 for the revoke"), else the one ("10")."""
        return bridge_labels.tricks_text(self.tricks, self.tricks_won, revoke=bool(self.revoke))

    @property
    def declarers(self) -> int:
        """What the declaring side (at a table of three: declarer) scores."""
        return self.ns_points if self.declarer.side is Side.NS else self.ew_points

    @property
    def defenders(self) -> int:
        """What each defender's side scores."""
        return self.ew_points if self.declarer.side is Side.NS else self.ns_points


def score_result(
    *,
    board: BoardFacts,
    contract: str | Contract,
    tricks_won: int,
    revoke: str,
    profile: Profile,
) -> Scored:
    """Score one result; refuses (ValidationError, in the user's language) a contract the
    profile does not have and tricks outside 0–13."""
    return score_contract(
        contract=contract,
        tricks_won=tricks_won,
        revoke=revoke,
        profile=profile,
        side_hcp=board.side_hcp,
        declarer=board.declaration.declarer,
    )


def score_contract(
    *,
    contract: str | Contract,
    tricks_won: int,
    revoke: str,
    profile: Profile,
    side_hcp: int,
    declarer: Seat,
) -> Scored:
    """The same for a deal known only by its declarer and the declaring side's points
    (the four-deal game, where there is no board)."""
    if not 0 <= tricks_won <= 13:
        raise ValidationError(_("Tricks won must be a number from 0 to 13."))
    try:
        return _scored(str(contract), tricks_won, revoke, profile, side_hcp, declarer)
    except ScoringError as error:
        raise ValidationError(_contract_refusal(error, str(contract))) from error


@functools.lru_cache(maxsize=8192)
def _scored(
    contract: str, tricks_won: int, revoke: str, profile: Profile, side_hcp: int, declarer: Seat
) -> Scored:
    # Pure in its arguments, and a class's results repeat (every traveller is rescored
    # on each save and page), so each distinct result is scored once.
    admitted = profile.admit(contract)
    entry = rules.Result(
        admitted,
        tricks_won,
        revokes_by_declarers=1 if revoke == Result.Revoke.DECLARING_SIDE else 0,
        revokes_by_defenders=1 if revoke == Result.Revoke.DEFENDERS else 0,
    )
    score = profile.score(entry.contract, entry.tricks, hcp=side_hcp)
    return Scored(
        contract=admitted,
        declarer=declarer,
        tricks_won=tricks_won,
        tricks=entry.tricks,
        made=score.made,
        ns_points=score.ns_points(declarer),
        ew_points=score.ew_points(declarer),
        revoke=revoke,
    )


def _contract_refusal(error: ScoringError, contract: str) -> str:
    if error.code is ErrorCode.CONTRACT_SLAM_OFF:
        return _("Slams are not played in this session's scoring.")
    if error.code is ErrorCode.CONTRACT_NOT_IN_PROFILE:
        if error.params.get("profile") == "lesson-nt":
            return _("This lesson is played in no trumps only: choose 1NT.")
        return _("This lesson has no games: the target is always 7 tricks, so choose a part-score.")
    return _("%(contract)s is not a Minibridge contract.") % {"contract": contract}


def score_played(result: Result, board: BoardFacts, profile: Profile) -> Scored | None:
    """A stored result's score, or None when it was not played or is adjusted."""
    if result.kind != Result.Kind.PLAYED or result.tricks_won is None:
        return None
    return score_result(
        board=board,
        contract=result.contract,
        tricks_won=result.tricks_won,
        revoke=result.revoke,
        profile=profile,
    )


def result_feedback(board: BoardFacts, scored: Scored) -> Feedback:
    """What the cards allowed for a scored result: its contract against the board's par
    and its tricks (after any revoke) against double dummy, under the profile the board
    was read with (the session's: ``board_facts(..., profile=...)``)."""
    return contract_feedback(board, scored.contract, scored.tricks)


def contract_feedback(board: BoardFacts, contract: Contract, tricks: int) -> Feedback:
    """The same for ``tricks`` (after any revoke) in ``contract`` on ``board``. A contract
    the board's profile does not have raises a ScoringError, as scoring it would."""
    return _feedback(
        board.declaration.declarer,
        board.dd.to_pbn() if board.dd is not None else "",
        board.profile,
        str(contract),
        tricks,
        board.side_hcp,
    )


@functools.lru_cache(maxsize=8192)
def _feedback(
    declarer: Seat, dd: str, profile: Profile, contract: str, tricks: int, side_hcp: int
) -> Feedback:
    # Pure in its arguments, like _scored: every traveller and standings page asks again.
    return feedback(
        declarer=declarer,
        dd=DDTable.from_pbn(dd) if dd else None,
        profile=profile,
        contract=contract,
        tricks=tricks,
        hcp=side_hcp,
    )
