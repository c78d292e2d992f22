"""What became of a school's results file (:func:`events.schools.uploads.school_upload`):
taken, unchanged or refused, and why. Plain values, below both the upload service and
the wording that says them (``events.labels``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from scoring.upload import UploadProblem, UploadProblemCode


class SiteProblemCode(StrEnum):
    """What the site refuses in a file the rules library read well."""

    EMPTY = "upload_empty"
    PLAYS_HERE = "upload_school_plays_here"
    NO_DEALS = "upload_no_deals"
    CONTRACT_NOT_ALLOWED = "upload_contract_not_allowed"
    WRONG_DECLARER = "upload_wrong_declarer"
    PAIR_ID_TOO_LONG = "upload_pair_id_too_long"


@dataclass(frozen=True)
class Problem:
    """One reason a file was refused (or, in ``UploadOutcome.notes``, something the
    reader decided): a code, the values that go into its sentence, and the board when it
    is about one. ``events.labels.upload_problem_text`` says it in the user's language."""

    code: UploadProblemCode | SiteProblemCode
    params: Mapping[str, object] = field(default_factory=dict)
    board: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    @classmethod
    def of(cls, problem: UploadProblem) -> Problem:
        return cls(problem.code, problem.params, problem.board)


class Outcome(StrEnum):
    TAKEN = "taken"
    UNCHANGED = "unchanged"  # the same file as last time
    REFUSED = "refused"


@dataclass(frozen=True)
class UploadOutcome:
    """What became of a file: taken (``boards`` boards with ``results`` results), the
    same as before, or refused for ``problems``."""

    outcome: Outcome
    boards: int = 0
    results: int = 0
    problems: tuple[Problem, ...] = ()
    notes: tuple[Problem, ...] = ()

    @property
    def taken(self) -> bool:
        return self.outcome is Outcome.TAKEN
