"""The words of the feedback (tournaments.labels) in both languages, the board's "why"
from its own figures, and the term chart's SVG."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.utils import translation

from scoring.cards import Deal, Seat, Strain
from scoring.contracts import ContractKind
from scoring.dd import DDTable
from scoring.feedback import Code, Verdict, board_lesson, feedback
from tests.scoring.deals import EW_DECLARE, WORKED_EXAMPLE
from tournaments.feedback.charts import TermChartLabels, TermPoint, term_svg
from tournaments.labels import feedback as feedback_labels

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
            "With perfect defence no game makes: a part-score was best",
            "Med perfekt forsvar går ingen utgang hjem: delkontrakt var best",
        ),
        (
            Verdict(Code.SLAM_FAILED, Strain.SPADES, GAME, 11),
            "With perfect defence no slam makes: a game was best",
            "Med perfekt forsvar går ingen slem hjem: utgang var best",
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
        (
            Verdict(Code.GAME_MISSED, Strain.NO_TRUMPS, GAME, 9),
            "Game was there: NT game makes 9 tricks",
            "Utgang var mulig: utgang i grand gir 9 stikk",
        ),
    ],
)
def test_every_verdict_in_both_languages(verdict: Verdict, english: str, norwegian: str) -> None:
    with translation.override("en"):
        assert feedback_labels.verdict_text(verdict) == english
    with translation.override("nb"):
        assert feedback_labels.verdict_text(verdict) == norwegian


def test_the_one_line() -> None:
    tricks = {(seat, strain): 6 for seat in Seat for strain in Strain}
    tricks[Seat.SOUTH, Strain.NO_TRUMPS] = 9
    result = feedback(
        declarer=Seat.SOUTH, dd=DDTable(tricks), profile="ebu", contract="3NT", tricks=8
    )
    with translation.override("en"):
        assert feedback_labels.feedback_text(result) == (
            "3NT went down with 8 tricks, 1 short: E–W score 50 · With perfect play 3NT makes "
            "with 9 tricks: declarer could have taken 1 more trick · Best contract"
        )
        assert feedback_labels.feedback_text(None) == ""
    with translation.override("nb"):
        assert feedback_labels.feedback_text(result) == (
            "3NT gikk 1 bet med 8 stikk: Ø–V får 50 · Med perfekt spill går 3NT hjem med 9 "
            "stikk: spilleføreren kunne tatt 1 stikk til · Beste kontrakt"
        )
    # Put into words once per language (tournaments/labels/feedback.py): English again
    # is English, not the Norwegian made last.
    with translation.override("en"):
        assert feedback_labels.feedback_text(result).startswith("3NT went down with 8 tricks")


def _south(contract: str, tricks: int, profile: str = "ebu", **strains: int) -> str:
    table = DDTable(
        {(seat, strain): strains.get(strain.value, 6) for seat in Seat for strain in Strain}
    )
    return feedback_labels.feedback_text(
        feedback(
            declarer=Seat.SOUTH, dd=table, profile=profile, contract=contract, tricks=tricks, hcp=26
        )
    )


@pytest.mark.parametrize(
    ("line", "english", "norwegian"),
    [
        # The example: 4♥ made with 10 tricks, where perfect defence holds it to 6.
        (
            lambda: _south("4H", 10, H=6, S=8),
            "4♥ made with 10 tricks: N–S score 420 · With perfect defence 4♥ takes only 6 "
            "tricks and goes down: the defenders gave away 4 tricks · With perfect defence "
            "no game makes: a part-score was best",
            "4♥ gikk hjem med 10 stikk: N–S får 420 · Med perfekt forsvar gir 4♥ bare 6 stikk "
            "og går bet: forsvarerne ga bort 4 stikk · Med perfekt forsvar går ingen utgang "
            "hjem: delkontrakt var best",
        ),
        (
            lambda: _south("4S", 11, S=10),
            "4♠ made with 11 tricks, 1 more than needed: N–S score 450 · With perfect "
            "defence 4♠ takes only 10 tricks: the defenders gave away 1 trick · Best contract",
            "4♠ gikk hjem med 11 stikk, 1 mer enn nødvendig: N–S får 450 · Med perfekt forsvar "
            "gir 4♠ bare 10 stikk: forsvarerne ga bort 1 stikk · Beste kontrakt",
        ),
        (
            lambda: _south("1H", 9, H=10),
            "1♥ made with 9 tricks, 2 more than needed: N–S score 140 · With perfect play 1♥ "
            "takes 10 tricks: declarer could have taken 1 more trick · Game was there: ♥ game "
            "makes 10 tricks",
            "1♥ gikk hjem med 9 stikk, 2 mer enn nødvendig: N–S får 140 · Med perfekt spill "
            "gir 1♥ 10 stikk: spilleføreren kunne tatt 1 stikk til · Utgang var mulig: utgang "
            "i ♥ gir 10 stikk",
        ),
        (
            lambda: _south("4H", 8, S=10, H=8),
            "4♥ went down with 8 tricks, 2 short: E–W score 100 · With perfect play 4♥ takes "
            "8 tricks too: every trick the cards allow · Another suit was better: ♠ game makes",
            "4♥ gikk 2 bet med 8 stikk: Ø–V får 100 · Med perfekt spill gir 4♥ også 8 stikk: "
            "alle stikkene kortene gir · En annen farge var bedre: utgang i ♠ går hjem",
        ),
        # Under the target scoring the points set the tricks needed (26 points: 9).
        (
            lambda: _south("1S", 8, "target", S=9),
            "Target 9: 1♠ went down with 8 tricks, 1 short: E–W win the deal · With perfect "
            "play 1♠ makes with 9 tricks: declarer could have taken 1 more trick · Best contract",
            "Mål 9: 1♠ gikk 1 bet med 8 stikk: Ø–V vinner given · Med perfekt spill går 1♠ "
            "hjem med 9 stikk: spilleføreren kunne tatt 1 stikk til · Beste kontrakt",
        ),
        (
            lambda: _south("1H", 10, "target", S=10, H=8),
            "Target 9: 1♥ made with 10 tricks, 1 more than needed: N–S win the deal · With "
            "perfect defence 1♥ takes only 8 tricks and goes down: the defenders gave away 2 "
            "tricks · Target 9: ♠ makes 10",
            "Mål 9: 1♥ gikk hjem med 10 stikk, 1 mer enn nødvendig: N–S vinner given · Med "
            "perfekt forsvar gir 1♥ bare 8 stikk og går bet: forsvarerne ga bort 2 stikk · "
            "Mål 9: ♠ gir 10",
        ),
        # Each side scores its tricks.
        (
            lambda: _south("1S", 9, "tricks", S=9),
            "1♠ made with 9 tricks, 2 more than needed: N–S score 9 tricks · With perfect play "
            "1♠ takes 9 tricks too: every trick the cards allow · Best contract",
            "1♠ gikk hjem med 9 stikk, 2 mer enn nødvendig: N–S får 9 stikk · Med perfekt "
            "spill gir 1♠ også 9 stikk: alle stikkene kortene gir · Beste kontrakt",
        ),
    ],
)
def test_the_line_says_the_table_first_then_the_cards(
    line: Callable[[], str], english: str, norwegian: str
) -> None:
    with translation.override("en"):
        assert line() == english
    with translation.override("nb"):
        assert line() == norwegian


@pytest.mark.parametrize(
    ("value", "english", "norwegian"),
    [(None, "—", "—"), (0.04, "0.0", "0,0"), (-1.25, "-1.2", "-1,2"), (0.5, "+0.5", "+0,5")],
)
def test_the_play_figure(value: float | None, english: str, norwegian: str) -> None:
    with translation.override("en"):
        assert feedback_labels.play_figure_text(value) == english
    with translation.override("nb"):
        assert feedback_labels.play_figure_text(value) == norwegian


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
    # The worked example (docs/rules.md §4.8): N–S hold 26 points, eight spades, eight
    # clubs and seven diamonds; South declares.
    lesson = board_lesson(Deal.from_pbn(WORKED_EXAMPLE), Seat.SOUTH, dd=dd, profile=profile)
    with translation.override("en"):
        assert feedback_labels.board_why_text(lesson) == english
    with translation.override("nb"):
        assert "26 poeng til sammen" in feedback_labels.board_why_text(lesson)


def test_a_game_below_the_guideline() -> None:
    # East–West hold 24 points and West declares; the cards still make 4♠.
    tricks = {(seat, strain): 6 for seat in Seat for strain in Strain}
    tricks[Seat.WEST, Strain.SPADES] = 10
    lesson = board_lesson(Deal.from_pbn(EW_DECLARE), Seat.WEST, dd=DDTable(tricks), profile="ebu")
    assert (lesson.hcp, lesson.game_there) == (24, True)
    with translation.override("en"):
        why = feedback_labels.board_why_text(lesson)
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
