"""Teaching feedback against hand-worked examples, and its rules on random tables."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import Deal, Seat, Strain, Suit
from scoring.contracts import Contract, ContractKind
from scoring.dd import DDTable, minibridge_par
from scoring.feedback import (
    CHOICE_CODES,
    GAME_KINDS,
    PLAY_CODES,
    Code,
    Verdict,
    board_lesson,
    dd_net,
    feedback,
    games_count,
)
from scoring.profiles import PROFILES, get_profile
from tests.scoring.deals import WORKED_EXAMPLE

GAME, PART, SLAM = ContractKind.GAME, ContractKind.PART_SCORE, ContractKind.SLAM
C, D, H, S, NT = Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NO_TRUMPS


def table(default: int = 6, **south: int) -> DDTable:
    """Every declarer makes ``default`` tricks in every strain, except South's strains
    given as keyword arguments (C D H S NT)."""
    tricks = {(seat, strain): default for seat in Seat for strain in Strain}
    for strain, value in south.items():
        tricks[Seat.SOUTH, Strain(strain)] = value
    return DDTable(tricks)


def south(
    dd: DDTable | None, contract: str, tricks: int, profile: str = "ebu", hcp: int | None = None
) -> tuple[Verdict, ...]:
    return feedback(
        declarer=Seat.SOUTH, dd=dd, profile=profile, contract=contract, tricks=tricks, hcp=hcp
    ).verdicts


# Each example worked by hand under EBU scoring (docs/rules.md §4.2), South declaring. The
# other strains take six tricks: every contract in them fails.
HAND_WORKED = [
    pytest.param(
        # 1H with 10 tricks scores 170; 4H with the same 10 scores 420, the par.
        table(H=10, NT=8),
        "1H",
        10,
        (Verdict(Code.GAME_MISSED, H, GAME, 10), Verdict(Code.AS_DD, tricks=0)),
        id="game there and missed",
    ),
    pytest.param(
        # 4S needs 10 of the 9 tricks the cards hold: −50. 1S makes 9: 140, the par
        # (1NT with 8 makes 120; 3NT fails).
        table(S=9, NT=8),
        "4S",
        9,
        (Verdict(Code.GAME_FAILED, S, PART, 9), Verdict(Code.AS_DD, tricks=0)),
        id="game bid that fails",
    ),
    pytest.param(
        # 4H takes the 8 tricks it can (−100); 4S makes 10: 420.
        table(S=10, H=8),
        "4H",
        8,
        (Verdict(Code.BETTER_STRAIN, S, GAME, 10), Verdict(Code.AS_DD, tricks=0)),
        id="a better strain for the game",
    ),
    pytest.param(
        # 1C with 9 tricks: 110; 1S with 9: 140 (4S needs 10).
        table(C=9, S=9),
        "1C",
        9,
        (Verdict(Code.BETTER_STRAIN, S, PART, 9), Verdict(Code.AS_DD, tricks=0)),
        id="a better strain for the part-score",
    ),
    pytest.param(
        # 3NT makes 9 double dummy (400, the par); the table took 10 (430).
        table(NT=9),
        "3NT",
        10,
        (Verdict(Code.BEST), Verdict(Code.OVERTRICKS_ABOVE_DD, tricks=1)),
        id="overtricks above double dummy",
    ),
    pytest.param(
        table(NT=9),
        "3NT",
        8,
        (Verdict(Code.BEST), Verdict(Code.SHORT_OF_DD, tricks=1)),
        id="one trick short",
    ),
    pytest.param(
        table(NT=9),
        "3NT",
        6,
        (Verdict(Code.BEST), Verdict(Code.SHORT_OF_DD, tricks=3)),
        id="three tricks short",
    ),
    pytest.param(
        # 1H and 1S both take 8: 110 each. The par is 1H (lower strain); 1S is as good.
        table(H=8, S=8),
        "1S",
        8,
        (Verdict(Code.BEST), Verdict(Code.AS_DD, tricks=0)),
        id="a tie is best",
    ),
    pytest.param(
        # Nothing makes: every contract fails; 1NT one down (−50) is the least bad.
        table(NT=6, S=5),
        "1NT",
        6,
        (Verdict(Code.BEST), Verdict(Code.AS_DD, tricks=0)),
        id="nothing makes",
    ),
    pytest.param(None, "4S", 10, (Verdict(Code.NO_ANALYSIS),), id="no analysis yet"),
]


@pytest.mark.parametrize(("dd", "contract", "tricks", "expected"), HAND_WORKED)
def test_hand_worked_examples(
    dd: DDTable | None, contract: str, tricks: int, expected: tuple[Verdict, ...]
) -> None:
    assert south(dd, contract, tricks) == expected


def test_the_figures_behind_the_verdict() -> None:
    result = feedback(declarer=Seat.SOUTH, dd=table(H=10), profile="ebu", contract="1H", tricks=9)
    assert result.par is not None
    assert str(result.par) == "4H S 420"
    assert (result.dd_tricks, result.play_difference) == (10, -1)
    assert result.game_there is True
    assert result.game_missed
    assert not result.game_bid
    assert not result.game_bid_when_there
    assert not result.game_could_not_make


def test_a_game_that_could_not_make_and_one_bid_when_there() -> None:
    failed = feedback(declarer=Seat.SOUTH, dd=table(S=9), profile="ebu", contract="4S", tricks=9)
    assert failed.game_there is False
    assert failed.game_could_not_make
    # A game bid in the wrong strain still counts as bidding the game that was there.
    wrong = feedback(declarer=Seat.SOUTH, dd=table(S=10), profile="ebu", contract="3NT", tricks=6)
    assert wrong.game_bid_when_there
    assert not wrong.game_could_not_make
    assert wrong.choice == Verdict(Code.BETTER_STRAIN, S, GAME, 10)


@pytest.mark.parametrize(
    ("profile", "dd", "contract", "hcp", "choice"),
    [
        # ACBL: 1H with 10 tricks is 105, 4H with 10 is 405.
        ("acbl", table(H=10), "1H", None, Verdict(Code.GAME_MISSED, H, GAME, 10)),
        ("acbl", table(H=9), "4H", None, Verdict(Code.GAME_FAILED, H, PART, 9)),
        # Slams: 4S with 12 tricks is 480, 6S is 980.
        ("ebu-slam", table(S=12), "4S", None, Verdict(Code.SLAM_MISSED, S, SLAM, 12)),
        ("ebu-slam", table(S=11), "6S", None, Verdict(Code.SLAM_FAILED, S, GAME, 11)),
        ("ebu-slam", table(S=12), "1S", None, Verdict(Code.GAME_MISSED, S, SLAM, 12)),
        ("ebu-slam", table(S=9), "6S", None, Verdict(Code.GAME_FAILED, S, PART, 9)),
        # The lesson scoring: only the strain counts (50 + 40 a trick over six).
        ("lesson", table(H=9, S=8), "1S", None, Verdict(Code.BETTER_STRAIN, H, PART, 9)),
        ("lesson", table(H=9, S=9), "1S", None, Verdict(Code.BEST)),
        # Tricks only: the level chosen does not matter, only the strain's tricks. 4S
        # with the most tricks is best, never "game went down".
        ("tricks", table(S=9), "4S", None, Verdict(Code.BEST)),
        ("tricks", table(S=9, NT=10), "4S", None, Verdict(Code.BETTER_STRAIN, NT, PART, 10)),
        # Target: 25 points need 9 tricks; hearts take 8, spades 9.
        ("target", table(H=8, S=9), "1H", 25, Verdict(Code.BETTER_STRAIN, S, PART, 9)),
        ("target", table(H=8, S=9), "4S", 25, Verdict(Code.BEST)),
    ],
)
def test_every_profile(
    profile: str, dd: DDTable, contract: str, hcp: int | None, choice: Verdict
) -> None:
    assert south(dd, contract, 9, profile, hcp)[0] == choice


def test_the_no_trumps_lesson_has_no_choice_to_judge() -> None:
    result = feedback(
        declarer=Seat.SOUTH, dd=table(NT=8), profile="lesson-nt", contract="1NT", tricks=9
    )
    assert result.choice is None
    assert result.verdicts == (Verdict(Code.OVERTRICKS_ABOVE_DD, tricks=1),)
    assert result.game_there is None


def test_a_contract_the_profile_lacks_is_refused() -> None:
    with pytest.raises(ValueError, match="no games"):
        feedback(declarer=Seat.SOUTH, dd=table(), profile="lesson", contract="4S", tricks=10)
    with pytest.raises(ValueError, match="0 to 13"):
        feedback(declarer=Seat.SOUTH, dd=table(), profile="ebu", contract="4S", tricks=14)


def test_which_profiles_count_games() -> None:
    assert {name for name in PROFILES if games_count(name)} == {"ebu", "ebu-slam", "acbl"}


# --------------------------------------------------------------------------- properties

dd_tables = st.fixed_dictionaries(
    {(seat, strain): st.integers(0, 13) for seat in Seat for strain in Strain}
).map(DDTable)
profiles = st.sampled_from(sorted(PROFILES))


@st.composite
def results(draw: st.DrawFn) -> tuple[str, DDTable, Seat, Contract, int, int]:
    profile = draw(profiles)
    contract = draw(st.sampled_from(get_profile(profile).contracts()))
    return (
        profile,
        draw(dd_tables),
        draw(st.sampled_from(list(Seat))),
        contract,
        draw(st.integers(0, 13)),
        draw(st.integers(21, 40)),
    )


@settings(max_examples=400)
@given(results())
def test_the_rules_hold_on_random_tables(
    case: tuple[str, DDTable, Seat, Contract, int, int],
) -> None:
    name, dd, declarer, contract, tricks, hcp = case
    profile = get_profile(name)
    result = feedback(
        declarer=declarer, dd=dd, profile=name, contract=contract, tricks=tricks, hcp=hcp
    )
    par = minibridge_par(dd, declarer, profile=name, hcp=hcp)
    assert result.par == par
    chosen = dd_net(profile, dd, declarer, contract, hcp)

    # The choice: best exactly when the contract scores the par double dummy.
    if name == "lesson-nt":
        assert result.choice is None
    else:
        assert result.choice is not None
        assert result.choice.code in CHOICE_CODES
        assert (result.choice.code is Code.BEST) == (chosen == par.net)
        # Best exactly when the contract is one of the par's (tied) contracts.
        assert (result.choice.code is Code.BEST) == par.reached_by(contract)
        if result.choice.code is not Code.BEST:
            better = result.choice
            assert (better.strain, better.kind) == (par.contract.strain, par.contract.kind)
            assert better.tricks == dd[declarer, par.contract.strain]
            # The tied strains are named too, each once, with their own tricks.
            assert [strain for strain, _ in better.choices] == list(par.strains)
            assert all(dd[declarer, strain] == tricks for strain, tricks in better.choices)
            assert par.net > chosen

    # Game was there: the par is a game exactly when some game makes double dummy.
    games_there = any(
        c.kind in GAME_KINDS and dd[declarer, c.strain] >= c.target for c in profile.contracts()
    )
    if games_count(name):
        assert result.game_there == games_there
    else:
        assert result.game_there is None
        assert result.choice is None or result.choice.code in (Code.BEST, Code.BETTER_STRAIN)

    code = result.choice.code if result.choice else None
    makes = dd[declarer, contract.strain] >= contract.target
    if code is Code.GAME_MISSED:
        assert contract.kind is PART
        assert games_there
    if code is Code.GAME_FAILED:
        assert contract.kind in GAME_KINDS
        assert not makes
        assert not games_there
    if code in (Code.SLAM_MISSED, Code.SLAM_FAILED):
        assert name == "ebu-slam"
    # A game bid when there, a game missed, a game that could not make: never two.
    assert result.game_bid_when_there + result.game_missed + result.game_could_not_make == (
        result.game_there is not None and (result.game_there or result.game_bid)
    )

    # The play: the tricks taken against the tricks the cards hold in that strain.
    assert result.play is not None
    assert result.play.code in PLAY_CODES
    difference = tricks - dd[declarer, contract.strain]
    assert result.play_difference == difference
    assert result.play.tricks == abs(difference)
    expected = {1: Code.OVERTRICKS_ABOVE_DD, -1: Code.SHORT_OF_DD, 0: Code.AS_DD}
    assert result.play.code is expected[(difference > 0) - (difference < 0)]


@given(profiles, st.integers(0, 13))
def test_without_analysis_there_is_one_verdict(name: str, tricks: int) -> None:
    contract = get_profile(name).contracts()[0]
    result = feedback(
        declarer=Seat.NORTH, dd=None, profile=name, contract=contract, tricks=tricks, hcp=30
    )
    assert result.verdicts == (Verdict(Code.NO_ANALYSIS),)
    assert result.game_there is None
    assert not result.game_missed


# --------------------------------------------------------------------------- a board


def test_the_worked_example_board() -> None:
    # docs/rules.md §4.8: N 12, E 8, S 14, W 6; N–S hold 26 and eight spades; South declares.
    deal = Deal.from_pbn(WORKED_EXAMPLE)
    dd = table(S=10)
    lesson = board_lesson(deal, Seat.SOUTH, dd=dd, profile="ebu")
    assert (lesson.hcp, lesson.guideline) == (26, True)
    assert (lesson.fit_suit, lesson.fit_length, lesson.fit) == (Suit.SPADES, 8, True)
    assert lesson.par is not None
    assert str(lesson.par) == "4S S 420"
    assert (lesson.game_there, lesson.par_makes, lesson.target) == (True, True, 10)


def test_the_fit_named_is_the_pars_trump_suit() -> None:
    # N–S hold eight spades, eight clubs and seven diamonds: the why names the suit
    # the par plays in, and in no trumps the higher ranking of the longest.
    deal = Deal.from_pbn(WORKED_EXAMPLE)
    clubs = board_lesson(deal, Seat.SOUTH, dd=table(C=11), profile="ebu")
    assert (clubs.fit_suit, clubs.fit_length) == (Suit.CLUBS, 8)
    no_trumps = board_lesson(deal, Seat.SOUTH, dd=table(NT=9), profile="ebu")
    assert (no_trumps.fit_suit, no_trumps.fit_length) == (Suit.SPADES, 8)
    # A par in diamonds names them, seven cards and no fit.
    diamonds = board_lesson(deal, Seat.SOUTH, dd=table(D=9), profile="ebu")
    assert (diamonds.fit_suit, diamonds.fit_length, diamonds.fit) == (Suit.DIAMONDS, 7, False)


def test_a_board_without_analysis_and_a_target_profile() -> None:
    deal = Deal.from_pbn(WORKED_EXAMPLE)
    bare = board_lesson(deal, Seat.SOUTH, dd=None, profile="ebu")
    assert (bare.par, bare.target, bare.game_there, bare.par_makes) == (None, None, None, False)
    # The sliding scale asks 9 tricks of 26 points, whatever the contract's level.
    target = board_lesson(deal, Seat.SOUTH, dd=table(S=9), profile="target")
    assert (target.target, target.par_makes, target.game_there) == (9, True, None)
    assert board_lesson(deal, Seat.SOUTH, dd=table(S=8), profile="target").par_makes is False
