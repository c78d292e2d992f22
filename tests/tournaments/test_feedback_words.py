"""The words of the feedback (tournaments.labels) in both languages, the board's "why"
from its own figures, and the term chart's SVG."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from scoring.cards import Deal, Seat, Strain
from scoring.contracts import ContractKind
from scoring.dd import DDTable
from scoring.feedback import Code, Verdict, board_lesson, feedback
from tests.scoring.deals import EW_DECLARE, WORKED_EXAMPLE
from tournaments import labels
from tournaments.charts import TermChartLabels, TermPoint, term_svg

GAME, PART, SLAM = ContractKind.GAME, ContractKind.PART_SCORE, ContractKind.SLAM


@pytest.mark.parametrize(
    ("verdict", "english", "norwegian"),
    [
        (
            Verdict(Code.NO_ANALYSIS),
            "The cards are not analysed yet",
            "Kortene er ikke analysert ennå",
        ),
        (Verdict(Code.BEST), "Best contract", "Beste kontrakt"),
        (
            Verdict(Code.GAME_MISSED, Strain.HEARTS, GAME, 10),
            "Game was there: ♥ game makes 10 tricks",
            "Utgang var mulig: utgang i ♥ gir 10 stikk",
        ),
        (
            Verdict(Code.SLAM_MISSED, Strain.SPADES, SLAM, 12),
            "Slam was there: ♠ slam makes 12 tricks",
            "Slem var mulig: slem i ♠ gir 12 stikk",
        ),
        (
            Verdict(Code.GAME_FAILED, Strain.SPADES, PART, 9),
            "Game went down: part-score was best",
            "Utgangen gikk bet: delkontrakt var best",
        ),
        (
            Verdict(Code.SLAM_FAILED, Strain.SPADES, GAME, 11),
            "Slam went down: game was best",
            "Slemmen gikk bet: utgang var best",
        ),
        (
            Verdict(Code.BETTER_STRAIN, Strain.SPADES, GAME, 10),
            "Another suit was better: ♠ game makes",
            "En annen farge var bedre: utgang i ♠ går hjem",
        ),
        (
            Verdict(Code.BETTER_STRAIN, Strain.NO_TRUMPS, GAME, 9),
            "No trumps was better: NT game makes",
            "Grand var bedre: utgang i grand går hjem",
        ),
        (
            Verdict(Code.BETTER_STRAIN, Strain.DIAMONDS, PART, 9),
            "Another suit was better: ♦ takes 9 tricks",
            "En annen farge var bedre: ♦ gir 9 stikk",
        ),
        (
            Verdict(Code.BETTER_STRAIN, Strain.NO_TRUMPS, SLAM, 12),
            "No trumps was better: NT slam makes",
            "Grand var bedre: slem i grand går hjem",
        ),
        (Verdict(Code.AS_DD, tricks=0), "Every trick the cards allow", "Alle stikkene kortene gir"),
        (
            Verdict(Code.OVERTRICKS_ABOVE_DD, tricks=1),
            "One trick more than the cards promise!",
            "Ett stikk mer enn kortene lover!",
        ),
        (
            Verdict(Code.OVERTRICKS_ABOVE_DD, tricks=2),
            "2 tricks more than the cards promise!",
            "2 stikk mer enn kortene lover!",
        ),
        (
            Verdict(Code.SHORT_OF_DD, tricks=1),
            "One trick short of what the cards allow",
            "Ett stikk mindre enn kortene gir",
        ),
    ],
)
def test_every_verdict_in_both_languages(verdict: Verdict, english: str, norwegian: str) -> None:
    with translation.override("en"):
        assert labels.verdict_text(verdict) == english
    with translation.override("nb"):
        assert labels.verdict_text(verdict) == norwegian


def test_the_one_line() -> None:
    tricks = {(seat, strain): 6 for seat in Seat for strain in Strain}
    tricks[Seat.SOUTH, Strain.NO_TRUMPS] = 9
    result = feedback(
        declarer=Seat.SOUTH, dd=DDTable(tricks), profile="ebu", contract="3NT", tricks=8
    )
    with translation.override("en"):
        assert labels.feedback_text(result) == (
            "Best contract · One trick short of what the cards allow"
        )
        assert labels.feedback_text(None) == ""


@pytest.mark.parametrize(
    ("value", "english", "norwegian"),
    [(None, "—", "—"), (0.04, "0.0", "0,0"), (-1.25, "-1.2", "-1,2"), (0.5, "+0.5", "+0,5")],
)
def test_the_play_figure(value: float | None, english: str, norwegian: str) -> None:
    with translation.override("en"):
        assert labels.play_figure_text(value) == english
    with translation.override("nb"):
        assert labels.play_figure_text(value) == norwegian


def south_table(**strains: int) -> DDTable:
    return DDTable(
        {
            (seat, strain): strains.get(strain.value, 6) if seat is Seat.SOUTH else 6
            for seat in Seat
            for strain in Strain
        }
    )


@pytest.mark.parametrize(
    ("dd", "profile", "english"),
    [
        (
            south_table(S=10),
            "ebu",
            "26 points together (25 or more: look for a game) and 8 cards in ♠, a trump fit: "
            "4♠ makes 10 tricks.",
        ),
        (
            south_table(S=9),
            "ebu",
            "26 points together (25 or more: look for a game) and 8 cards in ♠, a trump fit: "
            "but no game makes: 1♠ takes 9 tricks.",
        ),
        (
            south_table(D=11),
            "ebu",
            "26 points together (25 or more: look for a game) and only 7 cards in ♦: "
            "5♦ makes 11 tricks.",
        ),
        (
            south_table(NT=5, S=5),
            "ebu",
            "26 points together (25 or more: look for a game) and 8 cards in ♣, a trump fit: "
            # ♣ ♦ ♥ all take 6 tricks (one down): the three tie.
            "nothing makes: 1♣, 1♦ or 1♥ takes 6 tricks.",
        ),
        (
            south_table(H=9),
            "lesson",
            "26 points together and only 3 cards in ♥: 1♥ makes 9 tricks.",
        ),
        (
            south_table(S=9),
            "target",
            "26 points together and 8 cards in ♠, a trump fit: the target is 9 tricks, and ♠ "
            "takes 9.",
        ),
        (
            None,
            "ebu",
            "26 points together (25 or more: look for a game) and 8 cards in ♠, a trump fit.",
        ),
    ],
)
def test_the_why_is_written_from_the_boards_own_figures(
    dd: DDTable | None, profile: str, english: str
) -> None:
    # RULES.md's worked example: N–S hold 26 points, eight spades, eight clubs and seven
    # diamonds; South declares.
    lesson = board_lesson(Deal.from_pbn(WORKED_EXAMPLE), Seat.SOUTH, dd=dd, profile=profile)
    with translation.override("en"):
        assert labels.board_why_text(lesson) == english
    with translation.override("nb"):
        assert "26 poeng til sammen" in labels.board_why_text(lesson)


def test_a_game_below_the_guideline() -> None:
    # East–West hold 24 points and West declares; the cards still make 4♠.
    tricks = {(seat, strain): 6 for seat in Seat for strain in Strain}
    tricks[Seat.WEST, Strain.SPADES] = 10
    lesson = board_lesson(Deal.from_pbn(EW_DECLARE), Seat.WEST, dd=DDTable(tricks), profile="ebu")
    assert (lesson.hcp, lesson.game_there) == (24, True)
    with translation.override("en"):
        why = labels.board_why_text(lesson)
    assert why.startswith("24 points together (fewer than 25: a part-score is usual) and ")
    assert why.endswith(": even so 4♠ makes 10 tricks.")


# --------------------------------------------------------------------------- the chart

CHART_LABELS = TermChartLabels(
    "Games", "bid when there", "missed", "could not make", "Play", "as the cards allow", "None"
)


def test_the_term_chart() -> None:
    svg = term_svg(
        [TermPoint("1 Sep", 2, 1, 0, 5.0), TermPoint("8 Sep", 0, 0, 1, None)],
        title="Emma <b>&",
        labels=CHART_LABELS,
    )
    assert "<title>Emma &lt;b&gt;&amp;</title>" in svg
    counts = re.findall(r'class="term-bar" data-kind="([a-z-]+)" data-count="(\d)"', svg)
    assert counts == [
        ("bid-there", "2"),
        ("missed", "1"),
        ("could-not-make", "0"),
        ("bid-there", "0"),
        ("missed", "0"),
        ("could-not-make", "1"),
    ]
    # The play figure is drawn within its scale and said in full in the description.
    assert svg.count('class="term-play"') == 1
    assert "Play +5.0" in svg
    assert "<script" not in svg
    assert "style=" not in svg


def test_an_empty_term_chart() -> None:
    svg = term_svg([], title="Nobody", labels=CHART_LABELS)
    assert "<desc>None</desc>" in svg
    assert 'class="term-bar"' not in svg
