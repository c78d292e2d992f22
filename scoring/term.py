"""Term standings: how a pupil or a pair did across the duplicate sessions of a term.

Each session gives a pair its matchpoint percentage (:mod:`scoring.matchpoints`); a pupil
gets the percentage of the pair they played in. Over a term, each one's line says how
many sessions they played, their average percentage (the plain mean of the sessions'
percentages: each session counts once, however many boards it had) and their best
session. Lines are ranked by the average; equal averages share a place.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from scoring.matchpoints import rank

__all__ = ["SessionScore", "TermLine", "term_lines"]

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class SessionScore:
    """One session's percentage; ``order`` sorts the sessions in time (0, 1, 2…)."""

    order: int
    percent: float


@dataclass(frozen=True)
class TermLine(Generic[K]):
    """One pupil's or pair's term."""

    who: K
    place: str
    scores: tuple[SessionScore, ...]  # in time order

    @property
    def sessions(self) -> int:
        return len(self.scores)

    @property
    def average(self) -> float:
        return sum(score.percent for score in self.scores) / len(self.scores)

    @property
    def best(self) -> SessionScore:
        """The best session; of equal ones the earliest."""
        return max(self.scores, key=lambda score: (score.percent, -score.order))


def term_lines(scores: Mapping[K, Sequence[SessionScore]]) -> list[TermLine[K]]:
    """Everybody who played at least one session, best average first.

    >>> lines = term_lines({"Emma": [SessionScore(0, 60.0), SessionScore(1, 50.0)],
    ...                     "Noah": [SessionScore(1, 55.0)], "Ida": []})
    >>> [(line.who, line.place, line.sessions, line.average, line.best.order) for line in lines]
    [('Emma', '1=', 2, 55.0, 0), ('Noah', '1=', 1, 55.0, 1)]
    """
    played = {
        who: tuple(sorted(given, key=lambda score: score.order))
        for who, given in scores.items()
        if given
    }
    averages = {who: sum(s.percent for s in given) / len(given) for who, given in played.items()}
    places = rank(averages)
    return [TermLine(who, places[who], played[who]) for who in places]
