"""Nothing false in a feedback line: every combination of what happened at the table
(made or went down), what the cards' par is (a game, a part-score, or the contract
played) and the tricks against double dummy (above, equal, below), in English and in
Norwegian, under the EBU and ACBL scorings (and the slam variant and the target
scoring), checked against facts the test works out itself.

Nothing is parsed: the facts (the profile's score, the double-dummy tricks, the par) are
built first, the lines produced, and each line is held to what the facts say. A made
contract's line never says "went down"; the sentence about the cards says the right
number of tricks, in the right direction; a choice verdict says only what the cards
allow (a game it calls making makes, "no game makes" only when none does).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

import pytest
from django.utils import translation

from scoring.cards import Seat, Strain
from scoring.contracts import Contract, ContractKind
from scoring.dd import DDTable
from scoring.feedback import GAME_KINDS, Code, Feedback, feedback
from scoring.profiles import get_profile
from tournaments.labels import bridge as bridge_labels
from tournaments.labels import feedback as feedback_labels

DECLARER = Seat.SOUTH
HCP = 26  # the declaring side's points: a target of 9 tricks on the sliding scale
SIDE = {"en": {"NS": "N–S", "EW": "E–W"}, "nb": {"NS": "N–S", "EW": "Ø–V"}}

MADE, DOWN = "made", "went down"
PAR_GAME, PAR_PART, PAR_SAME = "par a game", "par a part-score", "par the same contract"
ABOVE, EQUAL, BELOW = "tricks above double dummy", "equal", "below"
COMBINATIONS = set(
    itertools.product((MADE, DOWN), (PAR_GAME, PAR_PART, PAR_SAME), (ABOVE, EQUAL, BELOW))
)

# The combinations the cards cannot give, each with its reason. The rest must be met.
IMPOSSIBLE = {
    # 4♥ is the par only if it makes double dummy (a part-score that makes, or goes down
    # less, always scores more than a failing game), so it cannot go down at the table
    # with as many tricks as the cards allow, or more.
    ("4H", (DOWN, PAR_SAME, ABOVE)),
    ("4H", (DOWN, PAR_SAME, EQUAL)),
    # A part-score par means no game makes double dummy: 4♥ made at the table with as
    # many tricks as the cards allow, or fewer, would make double dummy too.
    ("4H", (MADE, PAR_PART, EQUAL)),
    ("4H", (MADE, PAR_PART, BELOW)),
}


def table(hearts: int, spades: int, others: int) -> DDTable:
    """Declarer takes ``hearts`` in ♥, ``spades`` in ♠ and ``others`` in ♣ ♦ NT (every
    seat the same, so the par does not depend on who declares)."""
    tricks = {Strain.HEARTS: hearts, Strain.SPADES: spades}
    return DDTable(
        {(seat, strain): tricks.get(strain, others) for seat in Seat for strain in Strain}
    )


TABLES = [
    table(hearts, spades, others)
    for hearts in range(14)
    for spades in (0, 5, 7, 8, 9, 10, 12)
    for others in (3, 6, 9)
]


@dataclass(frozen=True)
class Line:
    """One result, the facts the test works out for it, and its line in each language."""

    profile: str
    contract: str
    tricks: int
    dd: DDTable
    result: Feedback
    english: str
    norwegian: str

    @property
    def chosen(self) -> Contract:
        return Contract.parse(self.contract, slams=True)

    @property
    def dd_tricks(self) -> int:
        return self.dd[DECLARER, self.chosen.strain]

    def combination(self) -> tuple[str, str, str]:
        score = get_profile(self.profile).score(self.contract, self.tricks, hcp=HCP)
        par = self.result.par
        assert par is not None
        if par.reached_by(self.chosen):
            relation = PAR_SAME
        elif par.contract.kind in GAME_KINDS:
            relation = PAR_GAME
        else:
            relation = PAR_PART
        difference = self.tricks - self.dd_tricks
        play = ABOVE if difference > 0 else BELOW if difference < 0 else EQUAL
        return (MADE if score.made else DOWN, relation, play)


def lines(profile: str, contracts: tuple[str, ...]) -> Iterator[Line]:
    for dd, contract, tricks in itertools.product(TABLES, contracts, range(14)):
        result = feedback(
            declarer=DECLARER, dd=dd, profile=profile, contract=contract, tricks=tricks, hcp=HCP
        )
        words = {}
        for language in ("en", "nb"):
            with translation.override(language):
                words[language] = feedback_labels.feedback_text(result)
        yield Line(profile, contract, tricks, dd, result, words["en"], words["nb"])


#: The contracts tried under each profile: a game and a part-score (and a slam).
CONTRACTS = {"ebu": ("4H", "1H"), "acbl": ("4H", "1H"), "ebu-slam": ("6H", "4H"), "target": ("1H",)}


@cache
def all_lines(profile: str) -> tuple[Line, ...]:
    return tuple(lines(profile, CONTRACTS[profile]))


@pytest.mark.parametrize("profile", ["ebu", "acbl"])
@pytest.mark.parametrize("contract", ["4H", "1H"])
def test_every_combination_is_met_or_cannot_be(profile: str, contract: str) -> None:
    """(made / went down) × (par a game / a part-score / the same contract) × (tricks
    above / equal to / below double dummy): each of the 18 is met on some table, or is
    listed as impossible with its reason."""
    met = {line.combination() for line in all_lines(profile) if line.contract == contract}
    impossible = {combination for chosen, combination in IMPOSSIBLE if chosen == contract}
    assert met | impossible == COMBINATIONS
    assert not met & impossible


@pytest.mark.parametrize("profile", ["ebu", "acbl", "ebu-slam"])
def test_no_line_contradicts_the_table_or_the_cards(profile: str) -> None:
    for line in all_lines(profile):
        check_english(line)
        check_norwegian(line)


def check_english(line: Line) -> None:
    score = get_profile(line.profile).score(line.contract, line.tricks, hcp=HCP)
    contract = bridge_labels.contract_text(line.contract)
    parts = line.english.split(" · ")
    what, cards, choice = parts
    context = (line.profile, line.contract, line.tricks, line.dd.to_pbn(), line.english)
    # What happened at the table comes first, as the profile scored it.
    declarers = DECLARER.side
    if score.made:
        over = line.tricks - score.target
        assert what.startswith(f"{contract} made with {line.tricks} tricks"), context
        assert (f", {over} more than needed" in what) == (over > 0), context
        assert what.endswith(f": {SIDE['en'][declarers]} score {score.declarers}"), context
        assert "went down" not in line.english, context
    else:
        short = score.target - line.tricks
        assert what.startswith(f"{contract} went down with {line.tricks} trick"), context
        assert f", {short} short:" in what, context
        assert what.endswith(f": {SIDE['en'][declarers.other]} score {score.defenders}"), context
        assert line.english.count("went down") == 1, context
        assert "made with" not in line.english, context
    # Then the tricks the cards allow in the contract played: the right number, the
    # right difference, the right direction.
    dd = line.dd_tricks
    difference = line.tricks - dd
    dd_makes = dd >= score.target
    if difference > 0:
        assert cards.startswith(f"With perfect defence {contract} takes only {dd} tricks"), context
        assert cards.endswith(
            f"the defenders gave away {difference} trick" + "s" * (difference > 1)
        )
    elif difference < 0:
        verb = "makes with" if not score.made and dd_makes else "takes"
        assert cards.startswith(f"With perfect play {contract} {verb} {dd} tricks:"), context
        assert cards.endswith(
            f"could have taken {-difference} more trick" + "s" * (difference < -1)
        )
    else:
        assert (
            cards
            == f"With perfect play {contract} takes {dd} tricks too: every trick the cards allow"
        )
    assert ("gave away" in cards) == (difference > 0), context
    assert ("could have taken" in cards) == (difference < 0), context
    # "goes down" only where the cards beat a contract the table made.
    assert ("goes down" in cards) == (score.made and not dd_makes), context
    # Last the choice, which speaks of the cards only, and truly.
    check_choice(line, choice)


def check_choice(line: Line, choice: str) -> None:
    verdict = line.result.choice
    assert verdict is not None
    context = (line.profile, line.contract, line.tricks, line.dd.to_pbn(), line.english)
    assert "went down" not in choice, context
    assert "goes down" not in choice, context
    game_makes = any(
        line.dd[DECLARER, strain] >= Contract(strain, ContractKind.GAME).target for strain in Strain
    )
    slam_makes = any(line.dd[DECLARER, strain] >= 12 for strain in Strain)
    if verdict.code is Code.GAME_FAILED:
        assert not game_makes, context
        assert choice == "With perfect defence no game makes: a part-score was best"
    if verdict.code is Code.SLAM_FAILED:
        assert not slam_makes, context
        assert choice == "With perfect defence no slam makes: a game was best"
    if verdict.code is Code.GAME_MISSED:
        assert game_makes, context
        assert choice.startswith("Game was there:"), context
    if verdict.code is Code.BEST:
        assert choice == "Best contract"
    # What the verdict says each better strain takes is what the cards give.
    for strain, tricks in verdict.choices:
        assert line.dd[DECLARER, strain] == tricks, context
        assert verdict.kind is not None
        if verdict.kind in GAME_KINDS:
            assert tricks >= Contract(strain, verdict.kind).target, context


def check_norwegian(line: Line) -> None:
    score = get_profile(line.profile).score(line.contract, line.tricks, hcp=HCP)
    contract = bridge_labels.contract_text(line.contract)
    what, cards, choice = line.norwegian.split(" · ")
    context = (line.profile, line.contract, line.tricks, line.dd.to_pbn(), line.norwegian)
    went_down = re.compile(r"\bgikk (\d+ )?bet\b")
    if score.made:
        assert what.startswith(f"{contract} gikk hjem med {line.tricks} stikk"), context
        assert not went_down.search(line.norwegian), context
    else:
        short = score.target - line.tricks
        assert what.startswith(f"{contract} gikk {short} bet med {line.tricks} stikk"), context
        assert len(went_down.findall(line.norwegian)) == 1, context
    dd = line.dd_tricks
    difference = line.tricks - dd
    if difference > 0:
        assert cards.startswith(f"Med perfekt forsvar gir {contract} bare {dd} stikk"), context
        assert cards.endswith(f"forsvarerne ga bort {difference} stikk"), context
    elif difference < 0:
        assert f"{dd} stikk: spilleføreren kunne tatt {-difference} stikk til" in cards, context
    else:
        assert f"også {dd} stikk: alle stikkene kortene gir" in cards, context
    assert ("går bet" in cards) == (score.made and dd < score.target), context
    assert "går bet" not in choice, context
    # In a sentence Norwegian says "grand"; "NT" is written only in a contract (3NT).
    assert not re.search(r"(?<!\d)NT", line.norwegian), context


# --------------------------------------------------------------------------- target scoring


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_target_scoring_says_the_target_and_who_wins_the_deal(language: str) -> None:
    """Under the target scoring the points set the tricks needed (26: 9), whatever the
    level: every result says the target, made or down against it, and the side that
    wins the deal; the cards' sentence the right difference."""
    seen = set()
    for line in all_lines("target"):
        score = get_profile("target").score("1H", line.tricks, hcp=HCP)
        assert score.target == 9
        text = line.english if language == "en" else line.norwegian
        what, cards, _choice = text.split(" · ")
        winner = DECLARER.side if score.made else DECLARER.side.other
        if language == "en":
            assert what.startswith(f"Target 9: 1♥ {'made' if score.made else 'went down'} with ")
            assert what.endswith(f": {SIDE['en'][winner]} win the deal")
            assert ("went down" in text) == (not score.made)
            assert "gave away" not in cards or line.tricks > line.dd_tricks
        else:
            assert what.startswith(
                f"Mål 9: 1♥ gikk {'hjem' if score.made else f'{9 - line.tricks} bet'} med "
            )
            assert what.endswith(f": {SIDE['nb'][winner]} vinner given")
            assert not re.search(r"(?<!\d)NT", text)
        assert str(line.dd_tricks) in cards
        seen.add(line.combination()[0::2])
    assert seen == set(itertools.product((MADE, DOWN), (ABOVE, EQUAL, BELOW)))
