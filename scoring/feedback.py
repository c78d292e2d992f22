"""Teaching feedback: what the cards allowed, for one result and for one board.

After a board a pupil wants one line: was our contract the right one, and did we take
the tricks the cards hold? Both questions are answered against the board's
double-dummy analysis (:class:`~scoring.dd.DDTable`: the tricks each declarer wins in
each strain when everybody sees all four hands and plays perfectly) under the
session's scoring profile. The answer is a :class:`Feedback` made of codes with their
figures (:class:`Verdict`); the site turns the codes into words, in the pupil's
language.

Definitions
-----------
``declarer`` is the board's declarer (the cards decide it, docs/rules.md §2), ``T(s)`` the
tricks the DD table gives that declarer in strain ``s``, and the *DD net* of a
contract the net score (declaring side's points minus the defenders') it would get if
it were played in that strain with ``T(s)`` tricks, under the profile. The **par** is
:func:`scoring.dd.minibridge_par`: every contract with the highest DD net (the first
has the lower target, then the lower strain ♣ ♦ ♥ ♠ NT), the same par the board slips
print.

**Games count** under a profile whose score is in points and which has game
contracts: ``ebu``, ``ebu-slam`` and ``acbl``. Under them **game was there** means the
par is a game or a slam. That is the same as "some game makes double dummy": a game
that makes outscores every part-score (EBU: at least 400 against at most 270; ACBL:
at least 400 against at most 140), so the par is a game exactly when one makes (a
test checks this on random tables).

The **choice verdict** judges the decision, not the play: the contract chosen is
compared with the par through its DD net, so a pupil is never blamed for a defender's
slip or praised for one.

1. ``BEST``: the chosen contract is one of the par's contracts (its DD net equals the
   par's). Ties are the pupil's: ``1H`` and ``1S`` both taking eight tricks are both
   best.
2. Otherwise, where games count, the first of these that fits:

   * ``GAME_MISSED(strain, tricks)``: game was there (the par is a game or slam) and a
     part-score was chosen. The par's strain and its DD tricks are given: "Game was
     there: ♥ game makes 10 tricks".
   * ``SLAM_MISSED(strain, tricks)``: the par is a slam (slam variant) and a game was
     chosen.
   * ``GAME_FAILED(strain, tricks)``: a game or slam was chosen, it does not make in
     its strain double dummy, and no game makes anywhere: the par is a part-score,
     whose strain and tricks are given. "With perfect defence no game makes: a
     part-score was best" (the table may still have made it: the defenders helped).
   * ``SLAM_FAILED(strain, tricks)``: a slam was chosen that does not make, and the par
     is a game.
   * ``BETTER_STRAIN(strain, kind, tricks)``: everything else: the par is in another
     strain (a failing game where another strain's game makes, a game or part-score
     that scores less than the same level in the par's strain). "Another suit was
     better: ♠ game makes".

   The strain and tricks are the par's first contract's; the verdict names the other
   strains of the tied contracts too (``also``): "Game was there: ♥ or ♠ game makes 10
   tricks".

3. Where games do not count (``lesson``, ``tricks``, ``target``, ``target-french``)
   only the strain is judged: ``BEST`` or ``BETTER_STRAIN`` with the par's strain. The
   level chosen makes no difference to those scores, so the par is the lowest
   contract in the best strain (kind: part-score). ``lesson-nt`` has one contract, so
   there is no choice to judge and the choice verdict is left out.

The **play verdict** compares the tricks declarer took (after any revoke,
docs/rules.md §6) with ``T(strain played)``: ``AS_DD`` when equal,
``OVERTRICKS_ABOVE_DD(n)`` when the table took ``n`` more (the defenders let one go),
``SHORT_OF_DD(n)`` when it took ``n`` fewer.

Without an analysis the feedback holds the one verdict ``NO_ANALYSIS``.

**What happened at the table** comes with the verdicts, so that the words can say it
first and never contradict it: ``score`` is what the profile scored (``made``, the
tricks ``needed`` and the points, tricks or deal each side gets) and ``margin`` the
tricks above (overtricks) or below (undertricks) what was needed. The verdicts are
about the cards (double dummy) and may differ: a game that made at the table because a
defender slipped is ``GAME_FAILED`` with ``OVERTRICKS_ABOVE_DD``, and the words say
"with perfect defence" for it, never "went down".

For the figures over a term, a result where games count and the board is analysed is
exactly one of: a game **bid when it was there** (game there, a game or slam chosen,
in any strain: the strain shows in the verdict), a game **missed** (game there, a
part-score chosen), a game **bid that could not make** (no game there, a game or slam
chosen), or a part-score with no game there.

:func:`board_lesson` gives a board's figures for a one-line "why" (the 25-point
guideline, the par's trump suit or the longest suit, the par), for the printed lesson
pack.

Plain Python, no Django: the site translates the codes in ``tournaments.labels``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.cards import Deal, Seat, Strain, Suit
from scoring.contracts import Contract, ContractKind
from scoring.curves import GAME_GUIDELINE_HCP
from scoring.dd import DDTable, Par, minibridge_par
from scoring.profiles import (
    Profile,
    Score,
    ScoreUnit,
    TargetProfile,
    get_profile,
)

#: Contract kinds that count as "a game was bid": a slam is a game and more.
GAME_KINDS = frozenset({ContractKind.GAME, ContractKind.SLAM})
#: Cards of one suit between declarer and dummy that make a good trump suit (EBU
#: booklet, Mini-Lesson 5: "the magic number is EIGHT trumps").
FIT_LENGTH = 8


class Code(StrEnum):
    """What a verdict says. The values are stable: the site keys its words on them."""

    NO_ANALYSIS = "no_analysis"
    # The choice of contract.
    BEST = "best"
    GAME_MISSED = "game_missed"
    SLAM_MISSED = "slam_missed"
    GAME_FAILED = "game_failed"
    SLAM_FAILED = "slam_failed"
    BETTER_STRAIN = "better_strain"
    # The play.
    AS_DD = "as_dd"
    OVERTRICKS_ABOVE_DD = "overtricks_above_dd"
    SHORT_OF_DD = "short_of_dd"


#: The codes of the choice verdict, and of the play verdict.
CHOICE_CODES = frozenset(
    {
        Code.BEST,
        Code.GAME_MISSED,
        Code.SLAM_MISSED,
        Code.GAME_FAILED,
        Code.SLAM_FAILED,
        Code.BETTER_STRAIN,
    }
)
PLAY_CODES = frozenset({Code.AS_DD, Code.OVERTRICKS_ABOVE_DD, Code.SHORT_OF_DD})


@dataclass(frozen=True)
class Verdict:
    """One code and its figures.

    For a choice verdict other than ``BEST``, ``strain``, ``kind`` and ``tricks``
    describe the better contract (the par's first): its strain, whether it is a
    part-score, a game or a slam, and declarer's double-dummy tricks in that strain;
    ``also`` the other strains of the par's tied contracts, each once with its tricks
    (``((Strain.SPADES, 8),)`` when 1♥ and 1♠ tie). For a play verdict ``tricks`` is the
    difference in tricks (``n``, 0 for ``AS_DD``).
    """

    code: Code
    strain: Strain | None = None
    kind: ContractKind | None = None
    tricks: int | None = None
    also: tuple[tuple[Strain, int], ...] = ()

    @property
    def choices(self) -> tuple[tuple[Strain, int], ...]:
        """Every better strain with its tricks, the first one first; () without one."""
        if self.strain is None or self.tricks is None:
            return ()
        return ((self.strain, self.tricks), *self.also)


@dataclass(frozen=True)
class Feedback:
    """What the cards allowed for one result (see the module's docstring).

    ``choice`` is None without an analysis and under a profile with one contract;
    ``play`` is None without an analysis. ``game_there`` is None when it cannot be
    said: no analysis, or a profile where games do not count. ``score`` is what the
    profile scored at the table for ``tricks`` by ``declarer``, in ``unit``.
    """

    contract: Contract
    tricks: int
    declarer: Seat
    score: Score
    unit: ScoreUnit
    choice: Verdict | None
    play: Verdict | None
    par: Par | None
    dd_tricks: int | None  # declarer's double-dummy tricks in the strain played
    games_count: bool
    game_there: bool | None
    #: Under a target profile, the tricks the declaring side needs (from its points):
    #: the feedback then speaks in targets ("Target 8: ♠ makes 9"). None otherwise.
    target: int | None = None

    @property
    def analysed(self) -> bool:
        return self.dd_tricks is not None

    @property
    def made(self) -> bool:
        """The contract made at the table (as the profile scored it)."""
        return self.score.made

    @property
    def needed(self) -> int:
        """The tricks the contract needed: its target, or the points' under a target
        profile."""
        return self.score.target

    @property
    def margin(self) -> int:
        """Tricks taken minus tricks needed: the overtricks (0 or more) when made, minus
        the undertricks when it went down."""
        return self.tricks - self.needed

    @property
    def dd_made(self) -> bool | None:
        """Whether the contract makes double dummy (in the strain played); None without
        an analysis."""
        return None if self.dd_tricks is None else self.dd_tricks >= self.needed

    @property
    def verdicts(self) -> tuple[Verdict, ...]:
        """The verdicts in reading order: the choice, then the play; or ``NO_ANALYSIS``."""
        if not self.analysed:
            return (Verdict(Code.NO_ANALYSIS),)
        return tuple(verdict for verdict in (self.choice, self.play) if verdict is not None)

    @property
    def codes(self) -> tuple[Code, ...]:
        return tuple(verdict.code for verdict in self.verdicts)

    @property
    def game_bid(self) -> bool:
        """A game or a slam was chosen."""
        return self.contract.kind in GAME_KINDS

    @property
    def game_bid_when_there(self) -> bool:
        return self.game_there is True and self.game_bid

    @property
    def game_missed(self) -> bool:
        """Game was there and a part-score was chosen."""
        return self.game_there is True and not self.game_bid

    @property
    def game_could_not_make(self) -> bool:
        """A game was chosen and no game makes on the cards."""
        return self.game_there is False and self.game_bid

    @property
    def play_difference(self) -> int | None:
        """Tricks taken minus the double-dummy tricks in the strain played."""
        return None if self.dd_tricks is None else self.tricks - self.dd_tricks


def games_count(profile: str | Profile) -> bool:
    """Whether ``profile`` scores games apart from part-scores (EBU, ACBL)."""
    scoring_profile = get_profile(profile)
    return scoring_profile.unit is ScoreUnit.POINTS and any(
        contract.kind in GAME_KINDS for contract in scoring_profile.contracts()
    )


def feedback(
    *,
    declarer: Seat,
    dd: DDTable | None,
    profile: str | Profile,
    contract: Contract | str,
    tricks: int,
    hcp: int | None = None,
) -> Feedback:
    """The feedback on ``tricks`` (after any revoke) taken by ``declarer`` in
    ``contract``, against ``dd`` under ``profile``.

    ``hcp``, the declaring side's combined points, is needed by the target profiles.
    A contract the profile does not have, or tricks outside 0–13, raise a
    :class:`~scoring.errors.ScoringError` (a ValueError), as scoring it would.
    """
    scoring_profile = get_profile(profile)
    chosen = scoring_profile.admit(contract)
    score = scoring_profile.score(chosen, tricks, hcp=hcp)
    counts = games_count(scoring_profile)
    target = (
        scoring_profile.table.target_for(hcp)
        if isinstance(scoring_profile, TargetProfile) and hcp is not None
        else None
    )
    if dd is None:
        return Feedback(
            contract=chosen,
            tricks=tricks,
            declarer=declarer,
            score=score,
            unit=scoring_profile.unit,
            choice=None,
            play=None,
            par=None,
            dd_tricks=None,
            games_count=counts,
            game_there=None,
            target=target,
        )
    par = minibridge_par(dd, declarer, profile=scoring_profile, hcp=hcp)
    dd_tricks = dd[declarer, chosen.strain]
    game_there = par.contract.kind in GAME_KINDS if counts else None
    choice = None
    if len(scoring_profile.contracts()) > 1:
        choice = _choice(scoring_profile, dd, declarer, chosen, par, hcp, counts)
    return Feedback(
        contract=chosen,
        tricks=tricks,
        declarer=declarer,
        score=score,
        unit=scoring_profile.unit,
        choice=choice,
        play=_play(tricks, dd_tricks),
        par=par,
        dd_tricks=dd_tricks,
        games_count=counts,
        game_there=game_there,
        target=target,
    )


def dd_net(
    profile: Profile, dd: DDTable, declarer: Seat, contract: Contract, hcp: int | None
) -> int:
    """The net score ``contract`` gets with declarer's double-dummy tricks in its strain."""
    score = profile.score(contract, dd[declarer, contract.strain], hcp=hcp)
    return score.declarers - score.defenders


def _choice(
    profile: Profile,
    dd: DDTable,
    declarer: Seat,
    chosen: Contract,
    par: Par,
    hcp: int | None,
    counts: bool,
) -> Verdict:
    if par.reached_by(chosen):
        assert dd_net(profile, dd, declarer, chosen, hcp) == par.net
        return Verdict(Code.BEST)
    better = par.contract
    code = Code.BETTER_STRAIN
    if counts:
        makes = dd[declarer, chosen.strain] >= chosen.target
        if better.kind in GAME_KINDS and chosen.kind is ContractKind.PART_SCORE:
            code = Code.GAME_MISSED
        elif better.kind is ContractKind.SLAM and chosen.kind is ContractKind.GAME:
            code = Code.SLAM_MISSED
        elif not makes and chosen.kind in GAME_KINDS and better.kind is ContractKind.PART_SCORE:
            code = Code.GAME_FAILED
        elif not makes and chosen.kind is ContractKind.SLAM and better.kind is ContractKind.GAME:
            code = Code.SLAM_FAILED
    also = tuple(
        dict.fromkeys(
            (choice.contract.strain, choice.tricks)
            for choice in par.ties
            if choice.contract.strain is not better.strain
        )
    )
    return Verdict(code, strain=better.strain, kind=better.kind, tricks=par.tricks, also=also)


def _play(tricks: int, dd_tricks: int) -> Verdict:
    if tricks > dd_tricks:
        return Verdict(Code.OVERTRICKS_ABOVE_DD, tricks=tricks - dd_tricks)
    if tricks < dd_tricks:
        return Verdict(Code.SHORT_OF_DD, tricks=dd_tricks - tricks)
    return Verdict(Code.AS_DD, tricks=0)


# --------------------------------------------------------------------------- a board


@dataclass(frozen=True)
class BoardLesson:
    """A board's figures for the one-line "why" of the lesson pack.

    ``hcp`` is the declaring side's combined points and ``guideline`` whether they
    reach the 25 points taught for a game (:data:`~scoring.curves.GAME_GUIDELINE_HCP`).
    ``fit_suit`` and ``fit_length`` are the suit the "why" talks about and the cards
    declarer and dummy hold in it: the par's trump suit, or with a par in no trumps (or
    none) the longest suit (on a tie the higher ranking ♠ ♥ ♦ ♣). ``fit`` says whether
    it has :data:`FIT_LENGTH` cards or more.

    ``par`` is None without an analysis, and then so are ``target`` (the tricks the par
    needs: the contract's, or the points' under a target profile) and ``game_there``
    (None too where games do not count). ``par_makes`` says whether the par reaches its
    target: on some boards nothing makes. ``targets_by_points`` is True under the target
    profiles, where the points set the target, not the contract's level.
    """

    declarer: Seat
    hcp: int
    guideline: bool
    fit_suit: Suit
    fit_length: int
    games_count: bool
    par: Par | None
    target: int | None
    par_makes: bool
    game_there: bool | None
    targets_by_points: bool = False

    @property
    def fit(self) -> bool:
        """Declarer and dummy hold :data:`FIT_LENGTH` cards or more of ``fit_suit``."""
        return self.fit_length >= FIT_LENGTH


def board_lesson(
    deal: Deal, declarer: Seat, *, dd: DDTable | None, profile: str | Profile
) -> BoardLesson:
    """The figures of ``deal`` for its "why" line, under ``profile``."""
    scoring_profile = get_profile(profile)
    side = declarer.side
    hcp = deal.side_hcp(side)
    lengths = {suit: sum(len(deal[seat].holding(suit)) for seat in side.seats) for suit in Suit}
    longest = max(lengths.values())
    par = None if dd is None else minibridge_par(dd, declarer, profile=scoring_profile, hcp=hcp)
    par_suit = None if par is None else par.contract.strain.suit
    if par_suit is not None:
        fit_suit = par_suit
    else:
        fit_suit = next(suit for suit in Suit if lengths[suit] == longest)
    counts = games_count(scoring_profile)
    score = None if par is None else scoring_profile.score(par.contract, par.tricks, hcp=hcp)
    return BoardLesson(
        declarer=declarer,
        hcp=hcp,
        guideline=hcp >= GAME_GUIDELINE_HCP,
        fit_suit=fit_suit,
        fit_length=lengths[fit_suit],
        games_count=counts,
        par=par,
        target=None if score is None else score.target,
        par_makes=score is not None and score.made,
        game_there=None if par is None or not counts else par.contract.kind in GAME_KINDS,
        targets_by_points=scoring_profile.unit is ScoreUnit.DEALS,
    )
