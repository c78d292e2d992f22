"""Scoring profiles (docs/rules.md §4): how one deal's result becomes each side's score.

Each side's score is recorded separately, never as a transfer: a :class:`Score` holds
the declaring side's and the defenders' figures. Comparisons between tables use the
net score from North–South's side, ``Score.ns_net(declarer)``.

The profiles, by registered name (:data:`PROFILES`, :func:`get_profile`):

``ebu`` (the default; the same as Calame's "Method A")
    Made: trick points for every trick over six (clubs/diamonds 20, hearts/spades 30,
    no trumps 40 for the first and 30 for each later one) plus 50 for a part-score or
    300 for a game. Failed: declaring side 0, defenders 50 per trick short.
``ebu-slam``
    ``ebu`` with the slam variant switched on: slams ``6C … 6NT`` need 12 tricks and
    earn a bonus of 800 instead of 300.
``acbl`` (the ACBL's "Method B")
    Made: 10 per trick won (all of them), +10 in no trumps, +5 in hearts/spades,
    −10 in clubs/diamonds, +300 if a game was chosen. No part-score bonus.
    Failed: defenders 50 per trick short.
``lesson`` (ETBB Mini-Lessons 3–4)
    Part-scores only (target 7). Made: 50 + 40 per trick over six, whatever the strain.
    Failed: defenders 50 per trick short.
``lesson-nt``
    ``lesson`` in no trumps only (Mini-Lesson 3): the one contract is ``1NT``.
``tricks``
    Each side scores the tricks it won. ``made`` still says whether the chosen
    contract's target was reached.
``target`` / ``target-french``
    The declaring side's target is set by its combined HCP from a table (the "sliding
    scale", or the French *table de décision*); the contract gives only the strain.
    Each deal is a win or a loss: the winning side scores 1, the other 0.

Options are chosen by name (``"ebu-slam"``, ``"lesson-nt"``) or, for anything the
names do not cover such as a teacher's own target table, by passing a profile object
(``TargetProfile(TargetTable.from_bands("ours", [...]))``) wherever a name is taken.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from scoring.cards import Seat, Side, Strain
from scoring.contracts import BOOK, Contract, ContractKind, all_contracts
from scoring.errors import ErrorCode, ScoringError

#: Tricks in a deal: declarer's tricks run from 0 to this.
ALL_TRICKS = 13
#: What the defenders score for each trick declarer is short of the target.
PER_UNDERTRICK = 50
#: The declaring side always holds more than 20 HCP: from 21 to 40.
MIN_SIDE_HCP = 21
MAX_SIDE_HCP = 40


class ScoreUnit(StrEnum):
    """What a profile's figures count: points, tricks, or deals won (target profile)."""

    POINTS = "points"
    TRICKS = "tricks"
    DEALS = "deals"


@dataclass(frozen=True)
class Score:
    """One deal's score: what the declaring side and the defenders each get.

    ``made`` says whether declarer reached ``target``, the tricks that were needed.
    """

    declarers: int
    defenders: int
    made: bool
    target: int

    def points_for(self, side: Side, *, declarer: Seat) -> int:
        """What ``side`` scores, given who declared."""
        return self.declarers if declarer.side is side else self.defenders

    def ns_points(self, declarer: Seat) -> int:
        return self.points_for(Side.NS, declarer=declarer)

    def ew_points(self, declarer: Seat) -> int:
        return self.points_for(Side.EW, declarer=declarer)

    def ns_net(self, declarer: Seat) -> int:
        """The net score from North–South's side: NS points − EW points.

        >>> one_short = get_profile("ebu").score("4S", 9)
        >>> one_short.ns_net(Seat.SOUTH), one_short.ns_net(Seat.EAST)
        (-50, 50)
        """
        return self.ns_points(declarer) - self.ew_points(declarer)


def check_tricks(tricks: int) -> int:
    """``tricks`` if it is a possible number of tricks for declarer (0 to 13)."""
    if isinstance(tricks, bool) or not isinstance(tricks, int):
        raise ScoringError(
            ErrorCode.TRICKS_OUT_OF_RANGE,
            f"{tricks!r} is not a number of tricks; give a whole number from 0 to {ALL_TRICKS}",
            tricks=tricks,
        )
    if not 0 <= tricks <= ALL_TRICKS:
        raise ScoringError(
            ErrorCode.TRICKS_OUT_OF_RANGE,
            f"Declarer cannot win {tricks} tricks; the number must be from 0 to {ALL_TRICKS}",
            tricks=tricks,
        )
    return tricks


def _failed(target: int, tricks: int) -> Score:
    """A failed contract: the declaring side scores 0, the defenders 50 per trick short."""
    return Score(
        declarers=0, defenders=PER_UNDERTRICK * (target - tricks), made=False, target=target
    )


class Profile(ABC):
    """A way of scoring a deal. Subclasses say which contracts exist and what they score."""

    unit: ScoreUnit = ScoreUnit.POINTS

    @property
    @abstractmethod
    def name(self) -> str:
        """The registered name, e.g. ``"ebu"``."""

    @property
    @abstractmethod
    def label(self) -> str:
        """A short English description for lists of choices."""

    @property
    def key(self) -> str:
        """What :func:`get_profile` takes to give this profile back (its name, unless a
        profile's options go beyond the registered names)."""
        return self.name

    @property
    def slams(self) -> bool:
        """Whether the slam variant is on."""
        return False

    def contracts(self) -> tuple[Contract, ...]:
        """The contracts declarer may choose under this profile, lowest first."""
        return all_contracts(slams=self.slams)

    def admit(self, contract: Contract | str) -> Contract:
        """The contract, if this profile has it; otherwise a ``ScoringError`` saying why."""
        text = contract if isinstance(contract, str) else str(contract)
        return Contract.parse(text, slams=self.slams)

    def score(self, contract: Contract | str, tricks: int, *, hcp: int | None = None) -> Score:
        """Score ``tricks`` won by declarer in ``contract``.

        ``hcp``, the declaring side's combined high-card points, is needed by the
        target profile and ignored by the others.
        """
        return self._score(self.admit(contract), check_tricks(tricks), hcp)

    @abstractmethod
    def _score(self, contract: Contract, tricks: int, hcp: int | None) -> Score: ...


def ebu_trick_points(strain: Strain, odd_tricks: int) -> int:
    """EBU trick points for ``odd_tricks`` tricks over six: clubs/diamonds 20 each,
    hearts/spades 30 each, no trumps 40 for the first and 30 for each later one."""
    if strain is Strain.NO_TRUMPS:
        return 40 + 30 * (odd_tricks - 1) if odd_tricks > 0 else 0
    return (20 if strain.is_minor else 30) * odd_tricks


EBU_BONUS = {ContractKind.PART_SCORE: 50, ContractKind.GAME: 300, ContractKind.SLAM: 800}


@dataclass(frozen=True)
class EbuProfile(Profile):
    """EBU scoring (= Calame's Method A); ``slams=True`` switches the slam variant on."""

    slams: bool = False

    @property
    def name(self) -> str:
        return "ebu-slam" if self.slams else "ebu"

    @property
    def label(self) -> str:
        return "EBU, with slams" if self.slams else "EBU (Method A)"

    def _score(self, contract: Contract, tricks: int, hcp: int | None) -> Score:
        if tricks < contract.target:
            return _failed(contract.target, tricks)
        points = ebu_trick_points(contract.strain, tricks - BOOK) + EBU_BONUS[contract.kind]
        return Score(declarers=points, defenders=0, made=True, target=contract.target)


ACBL_STRAIN_ADJUSTMENT = {
    Strain.NO_TRUMPS: 10,
    Strain.SPADES: 5,
    Strain.HEARTS: 5,
    Strain.DIAMONDS: -10,
    Strain.CLUBS: -10,
}
ACBL_GAME_BONUS = 300


@dataclass(frozen=True)
class AcblProfile(Profile):
    """ACBL scoring (Method B): 10 a trick won, adjusted by strain, +300 for a game."""

    @property
    def name(self) -> str:
        return "acbl"

    @property
    def label(self) -> str:
        return "ACBL (Method B)"

    def _score(self, contract: Contract, tricks: int, hcp: int | None) -> Score:
        if tricks < contract.target:
            return _failed(contract.target, tricks)
        points = 10 * tricks + ACBL_STRAIN_ADJUSTMENT[contract.strain]
        if contract.kind is ContractKind.GAME:
            points += ACBL_GAME_BONUS
        return Score(declarers=points, defenders=0, made=True, target=contract.target)


@dataclass(frozen=True)
class LessonProfile(Profile):
    """The ETBB Mini-Lessons 3–4: part-scores only, 50 + 40 per trick over six.

    ``nt_only=True`` is Mini-Lesson 3, played in no trumps only (``1NT``).
    """

    nt_only: bool = False

    @property
    def name(self) -> str:
        return "lesson-nt" if self.nt_only else "lesson"

    @property
    def label(self) -> str:
        return "Lesson, no trumps only" if self.nt_only else "Lesson, part-scores only"

    def contracts(self) -> tuple[Contract, ...]:
        return tuple(
            c
            for c in all_contracts()
            if c.kind is ContractKind.PART_SCORE
            and (c.strain is Strain.NO_TRUMPS or not self.nt_only)
        )

    def admit(self, contract: Contract | str) -> Contract:
        admitted = super().admit(contract)
        if admitted.kind is not ContractKind.PART_SCORE:
            raise ScoringError(
                ErrorCode.CONTRACT_NOT_IN_PROFILE,
                f"{str(admitted)!r} is a {admitted.kind}, and the lesson scoring has no "
                "games: the target is always 7 tricks; choose "
                + ("1NT" if self.nt_only else "a part-score (1C 1D 1H 1S 1NT)"),
                contract=str(admitted),
                profile=self.name,
            )
        if self.nt_only and admitted.strain is not Strain.NO_TRUMPS:
            raise ScoringError(
                ErrorCode.CONTRACT_NOT_IN_PROFILE,
                f"{str(admitted)!r} has trumps, and this lesson is played in no trumps "
                "only; choose 1NT",
                contract=str(admitted),
                profile=self.name,
            )
        return admitted

    def _score(self, contract: Contract, tricks: int, hcp: int | None) -> Score:
        if tricks < contract.target:
            return _failed(contract.target, tricks)
        points = 50 + 40 * (tricks - BOOK)
        return Score(declarers=points, defenders=0, made=True, target=contract.target)


@dataclass(frozen=True)
class TricksProfile(Profile):
    """The earliest lessons: each side scores the tricks it won."""

    unit = ScoreUnit.TRICKS

    @property
    def name(self) -> str:
        return "tricks"

    @property
    def label(self) -> str:
        return "Tricks only"

    def _score(self, contract: Contract, tricks: int, hcp: int | None) -> Score:
        return Score(
            declarers=tricks,
            defenders=ALL_TRICKS - tricks,
            made=tricks >= contract.target,
            target=contract.target,
        )


@dataclass(frozen=True)
class TargetBand:
    """One row of a target table: ``low``–``high`` combined HCP need ``tricks`` tricks."""

    low: int
    high: int
    tricks: int

    def __str__(self) -> str:
        return f"{self.low}–{self.high} HCP → {self.tricks} tricks"


@dataclass(frozen=True)
class TargetTable:
    """Combined HCP of the declaring side → target tricks, as bands of HCP.

    Every count from 21 to 40 must have exactly one target, from 7 to 13 tricks.
    A band may start at 20, as the French table does, though a side holding 20
    never declares.
    """

    name: str
    bands: tuple[TargetBand, ...]

    def __post_init__(self) -> None:
        problems = target_table_problems(self.bands)
        if problems:
            raise problems[0]

    @classmethod
    def from_bands(cls, name: str, bands: Iterable[tuple[int, int, int]]) -> TargetTable:
        """Build a table from ``(low, high, tricks)`` rows, checking it as above."""
        return cls(name, tuple(TargetBand(low, high, tricks) for low, high, tricks in bands))

    def target_for(self, hcp: int) -> int:
        """The target tricks for a declaring side holding ``hcp`` combined HCP."""
        check_side_hcp(hcp)
        return next(band.tricks for band in self.bands if band.low <= hcp <= band.high)

    def targets(self) -> dict[int, int]:
        """Every combined HCP from 21 to 40 with its target."""
        return {hcp: self.target_for(hcp) for hcp in range(MIN_SIDE_HCP, MAX_SIDE_HCP + 1)}

    @property
    def spec(self) -> str:
        """The bands as one line of text, lowest first: ``"21-22:7,23-24:8,…"``
        (:meth:`parse` reads it back)."""
        return ",".join(
            f"{band.low}-{band.high}:{band.tricks}"
            for band in sorted(self.bands, key=lambda band: band.low)
        )

    @classmethod
    def parse(cls, spec: str, *, name: str = "custom") -> TargetTable:
        """The table written by :attr:`spec`; a ``ScoringError`` for anything else."""
        bands = []
        for item in spec.split(","):
            match = _SPEC_BAND.fullmatch(item.strip())
            if match is None:
                raise ScoringError(
                    ErrorCode.PROFILE_UNKNOWN,
                    f"{spec!r} is not a target table; write bands as 21-22:7,23-24:8,…",
                    profile=spec,
                )
            bands.append((int(match["low"]), int(match["high"]), int(match["tricks"])))
        return cls.from_bands(name, bands)

    def same_bands(self, other: TargetTable) -> bool:
        """Whether both tables give every count the same target (names aside)."""
        return self.spec == other.spec


_SPEC_BAND = re.compile(r"(?P<low>\d{1,2})-(?P<high>\d{1,2}):(?P<tricks>\d{1,2})")


def target_table_problems(bands: Iterable[TargetBand]) -> list[ScoringError]:
    """Everything wrong with a target table made of ``bands``, each as the
    ``ScoringError`` it raises (empty when the table is good): a band outside 20–40
    HCP or running high to low, a target outside 7–13 tricks, each count with two
    targets (an overlap, once per pair of bands), and the counts with none (a gap)."""
    problems: list[ScoringError] = []
    given: dict[int, TargetBand] = {}
    overlapping: set[tuple[TargetBand, TargetBand]] = set()
    for band in bands:
        if not MIN_SIDE_HCP - 1 <= band.low <= band.high <= MAX_SIDE_HCP:
            problems.append(
                ScoringError(
                    ErrorCode.TARGET_TABLE_RANGE,
                    f"The band {band.low}–{band.high} HCP is not possible; bands run from "
                    f"low to high between {MIN_SIDE_HCP - 1} and {MAX_SIDE_HCP} HCP",
                    low=band.low,
                    high=band.high,
                )
            )
            continue
        if not BOOK + 1 <= band.tricks <= ALL_TRICKS:
            problems.append(
                ScoringError(
                    ErrorCode.TARGET_TABLE_TRICKS,
                    f"A target of {band.tricks} tricks for {band.low}–{band.high} HCP is "
                    f"not allowed; a target is from {BOOK + 1} to {ALL_TRICKS} tricks",
                    low=band.low,
                    high=band.high,
                    tricks=band.tricks,
                )
            )
        for hcp in range(band.low, band.high + 1):
            earlier = given.get(hcp)
            if earlier is None:
                given[hcp] = band
                continue
            if (earlier, band) in overlapping:
                continue
            overlapping.add((earlier, band))
            both = range(max(earlier.low, band.low), min(earlier.high, band.high) + 1)
            problems.append(
                ScoringError(
                    ErrorCode.TARGET_TABLE_OVERLAP,
                    f"{hcp} HCP has two targets ({earlier}; {band}); give each count exactly one",
                    hcp=hcp,
                    low=both[0],
                    high=both[-1],
                    tricks=(earlier.tricks, band.tricks),
                )
            )
    missing = [h for h in range(MIN_SIDE_HCP, MAX_SIDE_HCP + 1) if h not in given]
    if missing:
        listed = ", ".join(str(h) for h in missing)
        problems.append(
            ScoringError(
                ErrorCode.TARGET_TABLE_GAP,
                f"No target for {listed} HCP; every count from {MIN_SIDE_HCP} to "
                f"{MAX_SIDE_HCP} needs one",
                missing=missing,
            )
        )
    return problems


def check_side_hcp(hcp: int) -> int:
    """``hcp`` if a declaring side can hold it (21 to 40)."""
    if isinstance(hcp, bool) or not isinstance(hcp, int) or not MIN_SIDE_HCP <= hcp <= MAX_SIDE_HCP:
        raise ScoringError(
            ErrorCode.HCP_OUT_OF_RANGE,
            f"A declaring side cannot hold {hcp} HCP; it holds from {MIN_SIDE_HCP} "
            f"to {MAX_SIDE_HCP}",
            hcp=hcp,
        )
    return hcp


#: The EBU booklet's table (docs/rules.md §4.7), the default.
SLIDING_SCALE = TargetTable.from_bands(
    "sliding scale",
    [(21, 22, 7), (23, 24, 8), (25, 27, 9), (28, 30, 10), (31, 33, 11), (34, 37, 12), (38, 40, 13)],
)
#: The French *table de décision* (docs/rules.md §4.7); its first band starts at 20.
FRENCH_DECISION_TABLE = TargetTable.from_bands(
    "French decision table",
    [(20, 22, 7), (23, 24, 8), (25, 26, 9), (27, 29, 10), (30, 32, 11), (33, 36, 12), (37, 40, 13)],
)


@dataclass(frozen=True)
class TargetProfile(Profile):
    """Win or loss against a target set by the declaring side's combined HCP.

    The contract only names the strain; its level does not matter. The side that
    wins the deal scores 1 and the other 0, so totals count deals won.
    """

    table: TargetTable = SLIDING_SCALE
    unit = ScoreUnit.DEALS

    @property
    def name(self) -> str:
        if self.table == SLIDING_SCALE:
            return "target"
        if self.table == FRENCH_DECISION_TABLE:
            return "target-french"
        return "target-custom"

    @property
    def key(self) -> str:
        """What :func:`get_profile` takes to give this profile back: the registered
        name for a published table, otherwise ``"target:"`` and the table's bands
        (:attr:`TargetTable.spec`), so a teacher's own table travels as text."""
        for preset in (SLIDING_SCALE, FRENCH_DECISION_TABLE):
            if self.table.same_bands(preset):
                return TargetProfile(preset).name
        return TARGET_KEY_PREFIX + self.table.spec

    @property
    def label(self) -> str:
        return f"Target tricks ({self.table.name})"

    def _score(self, contract: Contract, tricks: int, hcp: int | None) -> Score:
        if hcp is None:
            raise ScoringError(
                ErrorCode.HCP_REQUIRED,
                "The target profile needs the declaring side's combined HCP (hcp=…) "
                "to know the target",
            )
        target = self.table.target_for(hcp)
        made = tricks >= target
        return Score(declarers=int(made), defenders=int(not made), made=made, target=target)


DEFAULT_PROFILE = "ebu"
#: How a teacher's own target table is named where a profile name is taken:
#: ``"target:21-22:7,23-24:8,…"`` (:attr:`TargetProfile.key`).
TARGET_KEY_PREFIX = "target:"

#: Every named profile. Read-only.
PROFILES: Mapping[str, Profile] = MappingProxyType(
    {
        profile.name: profile
        for profile in (
            EbuProfile(),
            EbuProfile(slams=True),
            AcblProfile(),
            LessonProfile(),
            LessonProfile(nt_only=True),
            TricksProfile(),
            TargetProfile(),
            TargetProfile(FRENCH_DECISION_TABLE),
        )
    }
)


def get_profile(profile: str | Profile = DEFAULT_PROFILE) -> Profile:
    """The profile a key names, or ``profile`` itself if it already is a
    :class:`Profile`: the one place a key (:attr:`Profile.key`) is read back.

    A key is a registered name (case-insensitive) or ``"target:"`` and a teacher's own
    table's bands; anything else is refused with a ``ScoringError`` saying what is
    allowed. Parse a key once and pass the profile on (each call parses again)."""
    if isinstance(profile, Profile):
        return profile
    if profile.startswith(TARGET_KEY_PREFIX):
        return _target(TargetTable.parse(profile.removeprefix(TARGET_KEY_PREFIX)))
    found = PROFILES.get(profile.strip().lower())
    if found is None:
        raise ScoringError(
            ErrorCode.PROFILE_UNKNOWN,
            f"{profile!r} is not a scoring profile; choose one of {', '.join(PROFILES)}",
            profile=profile,
        )
    return found


def profile_for(name: str, table: Iterable[tuple[int, int, int]] | None = None) -> Profile:
    """The profile a scoring's settings choose: its registered ``name`` and, under a
    target scoring, the teacher's own ``table`` as ``(low, high, tricks)`` rows (None:
    the table the name publishes; ignored under the other scorings). A table with the
    bands of a published one is that one, as its key says (:attr:`TargetProfile.key`).
    """
    profile = get_profile(name)
    if table is None or not isinstance(profile, TargetProfile):
        return profile
    return _target(TargetTable.from_bands("custom", table))


def _target(table: TargetTable) -> TargetProfile:
    for preset in (SLIDING_SCALE, FRENCH_DECISION_TABLE):
        if table.same_bands(preset):
            return TargetProfile(preset)
    return TargetProfile(table)


def is_target_profile(profile: str | Profile) -> bool:
    """Whether ``profile`` scores against targets set by the points (its unit is deals
    won): ``target``, ``target-french`` or a teacher's own table."""
    return get_profile(profile).unit is ScoreUnit.DEALS
