"""The wording of teaching feedback: a result's verdict, a board's lesson, the curve
sheets' and charts' labels, in the user's language."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING

from django.utils.formats import get_format, number_format
from django.utils.translation import get_language, gettext, gettext_noop, ngettext
from django.utils.translation import gettext_lazy as _

from scoring.cards import Strain
from scoring.contracts import ContractKind
from scoring.curves import GAME_GUIDELINE_HCP
from scoring.feedback import FIT_LENGTH, BoardLesson, Code, Feedback, Verdict
from scoring.profiles import ScoreUnit
from tournaments.feedback.charts import ChartLabels, TermChartLabels

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise
from tournaments.labels.bridge import (
    _by_tricks,
    _strains_take,
    _target_choices_text,
    contract_text,
    or_text,
    side_short,
    strain_word,
)

#: The verdicts with no figures: one msgid each. The choice verdicts speak of the cards
#: (double dummy), "with perfect defence", never of the table: a game that failed
#: double dummy may have made at the table.
_VERDICTS: dict[Code, StrPromise] = {
    Code.NO_ANALYSIS: _("The cards are not analysed yet"),
    Code.BEST: _("Best contract"),
    Code.GAME_FAILED: _("With perfect defence no game makes: a part-score was best"),
    Code.SLAM_FAILED: _("With perfect defence no slam makes: a game was best"),
}


# Translators: %(choices)s is what the game makes: "♥ game makes 10 tricks", or
# several joined by "or".
_GAME_MISSED = _("Game was there: %(choices)s")


# Translators: %(strain)s is a suit symbol (♥), NT, or several: "♥ or ♠".
_GAME_MAKES = _("%(strain)s game makes %(tricks)s tricks")


# Translators: %(choices)s is what the slam makes: "♥ slam makes 12 tricks", or
# several joined by "or".
_SLAM_MISSED = _("Slam was there: %(choices)s")


# Translators: %(strain)s is a suit symbol (♥), NT, or several: "♥ or ♠".
_SLAM_MAKES = _("%(strain)s slam makes %(tricks)s tricks")


# Translators: %(strain)s is a suit symbol (♠), or several: "♥ or ♠".
_STRAIN_TAKES = _("%(strain)s takes %(tricks)s tricks")


# A better strain: the suit's symbol comes in as %(strain)s; no trumps has its own words.
_BETTER_SUIT: dict[ContractKind, StrPromise] = {
    # Translators: %(strain)s is a suit symbol, ♠.
    ContractKind.GAME: _("Another suit was better: %(strain)s game makes"),
    # Translators: %(strain)s is a suit symbol, ♠.
    ContractKind.SLAM: _("Another suit was better: %(strain)s slam makes"),
    # Translators: %(choices)s is what the suit takes: "♠ takes 8 tricks", or several
    # joined by "or".
    ContractKind.PART_SCORE: _("Another suit was better: %(choices)s"),
}


_BETTER_NO_TRUMPS: dict[ContractKind, StrPromise] = {
    ContractKind.GAME: _("No trumps was better: NT game makes"),
    ContractKind.SLAM: _("No trumps was better: NT slam makes"),
    # Translators: %(tricks)s is a number of tricks.
    ContractKind.PART_SCORE: _("No trumps was better: NT takes %(tricks)s tricks"),
}


def verdict_text(verdict: Verdict) -> str:
    """One choice verdict (or ``NO_ANALYSIS``) in the pupil's words: "Best contract",
    "Game was there: ♥ game makes 10 tricks". The play verdicts need the result's
    figures: :func:`play_text`."""
    code = verdict.code
    if code in _VERDICTS:
        return str(_VERDICTS[code])
    count = verdict.tricks or 0
    # A better contract: its strain and kind are given, and the strains that tie with it.
    assert verdict.strain is not None
    assert verdict.kind is not None
    if code is Code.GAME_MISSED:
        return _better_text(_GAME_MISSED, _GAME_MAKES, verdict.choices)
    if code is Code.SLAM_MISSED:
        return _better_text(_SLAM_MISSED, _SLAM_MAKES, verdict.choices)
    strains = [strain for strain, _tricks in verdict.choices]
    if all(strain is Strain.NO_TRUMPS for strain in strains):
        # No trumps alone: "No trumps was better: NT takes 8 tricks".
        return str(_BETTER_NO_TRUMPS[verdict.kind]) % {"tricks": count}
    words = _BETTER_SUIT[verdict.kind]
    if verdict.kind is ContractKind.PART_SCORE:
        return _better_text(words, _STRAIN_TAKES, verdict.choices)
    # "♥ or ♠ game makes": no tricks, so every strain in one list.
    return str(words) % {"strain": or_text(strain_word(strain) for strain in strains)}


def _better_text(words: StrPromise, item: StrPromise, choices: Iterable[tuple[Strain, int]]) -> str:
    """``words`` with what the better strains take, grouped by their tricks: "Game was
    there: ♥ or ♠ game makes 10 tricks", "Another suit was better: ♣ takes 9 tricks or
    ♥ takes 8 tricks"."""
    groups = _by_tricks((tricks, strain) for strain, tricks in choices)
    return str(words) % {
        "choices": or_text(
            str(item) % {"strain": or_text(strain_word(s) for s in strains), "tricks": tricks}
            for tricks, strains in groups
        )
    }


def feedback_text(feedback: Feedback | None) -> str:
    """A result's feedback on one line: first what happened at the table, then what the
    cards allowed (the tricks with perfect play, then the choice of contract):
    "4♥ made with 10 tricks: N–S score 420 · With perfect defence 4♥ takes only 6
    tricks and goes down: the defenders gave away 4 tricks · With perfect defence no
    game makes: a part-score was best"; "" for no feedback (a board not played, an
    adjusted score)."""
    if feedback is None:
        return ""
    # Feedback is a value: the same reads the same in a language, so it is put into
    # words once (a traveller shows each result's line on every table's answer).
    return _feedback_text(feedback, get_language())


@functools.lru_cache(maxsize=4096)
def _feedback_text(feedback: Feedback, language: str | None) -> str:
    """:func:`feedback_text` of ``feedback`` in ``language`` (the one active)."""
    parts = [result_text(feedback)]
    if not feedback.analysed:
        parts.append(verdict_text(Verdict(Code.NO_ANALYSIS)))
        return " · ".join(parts)
    parts.append(play_text(feedback))
    if feedback.choice is not None:
        parts.append(_choice_text(feedback, feedback.choice))
    return " · ".join(parts)


def result_text(feedback: Feedback) -> str:
    """What happened at the table, as the profile scored it: "4♥ made with 10 tricks:
    N–S score 420", "4♥ made with 11 tricks, 1 more than needed: N–S score 450", "4♥
    went down with 8 tricks, 2 short: E–W score 100"; under a target scoring "Target 8:
    1♠ made with 9 tricks, 1 more than needed: N–S win the deal" (the contract as
    entered: the level does not count there, the points set the tricks needed)."""
    values: dict[str, object] = {
        "contract": contract_text(feedback.contract),
        "tricks": feedback.tricks,
        "count": abs(feedback.margin),
    }
    if not feedback.made:
        result = ngettext(
            # Translators: "4♥ went down with 8 tricks, 2 short" (2 tricks fewer than the
            # contract needs).
            "%(contract)s went down with %(tricks)s trick, %(count)s short",
            "%(contract)s went down with %(tricks)s tricks, %(count)s short",
            feedback.tricks,
        )
    elif feedback.margin:
        result = ngettext(
            # Translators: "4♥ made with 11 tricks, 1 more than needed".
            "%(contract)s made with %(tricks)s trick, %(count)s more than needed",
            "%(contract)s made with %(tricks)s tricks, %(count)s more than needed",
            feedback.tricks,
        )
    else:
        result = ngettext(
            # Translators: "4♥ made with 10 tricks" (exactly the tricks it needs).
            "%(contract)s made with %(tricks)s trick",
            "%(contract)s made with %(tricks)s tricks",
            feedback.tricks,
        )
    text = result % values
    if feedback.target is not None:
        text = gettext("Target %(target)s: %(choices)s") % {
            "target": feedback.target,
            "choices": text,
        }
    # Translators: what happened at the table, then the score: "4♥ made with 10 tricks:
    # N–S score 420".
    return gettext("%(result)s: %(score)s") % {"result": text, "score": _score_text(feedback)}


def _score_text(feedback: Feedback) -> str:
    """The side that scored and what: "N–S score 420", "E–W score 100", "N–S score 8
    tricks" (tricks only), "N–S win the deal" (target)."""
    score = feedback.score
    declarers = feedback.declarer.side
    if feedback.unit is ScoreUnit.TRICKS:
        return ngettext(
            # Translators: the tricks-only scoring: "N–S score 8 tricks".
            "%(side)s score %(count)s trick",
            "%(side)s score %(count)s tricks",
            score.declarers,
        ) % {"side": side_short(declarers), "count": score.declarers}
    side = declarers if score.made else declarers.other
    if feedback.unit is ScoreUnit.DEALS:
        # Translators: the target scoring, where a side wins or loses each deal: "N–S win
        # the deal".
        return gettext("%(side)s win the deal") % {"side": side_short(side)}
    points = score.declarers if score.made else score.defenders
    # Translators: the side that scored and its points: "N–S score 420".
    return gettext("%(side)s score %(points)s") % {"side": side_short(side), "points": points}


def play_text(feedback: Feedback) -> str:
    """The tricks the cards allow in the contract played (double dummy) against the
    table's: "With perfect defence 4♥ takes only 6 tricks and goes down: the defenders
    gave away 4 tricks", "With perfect play 4♥ takes 10 tricks too: every trick the
    cards allow", "With perfect play 4♥ makes with 10 tricks: declarer could have taken
    2 more tricks". It says "goes down" or "makes" where the cards and the table
    differ on it."""
    assert feedback.dd_tricks is not None
    difference = feedback.tricks - feedback.dd_tricks
    values: dict[str, object] = {
        "contract": contract_text(feedback.contract),
        "dd": feedback.dd_tricks,
        "count": abs(difference),
    }
    if difference > 0 and feedback.made and not feedback.dd_made:
        words = ngettext(
            # Translators: the table made the contract, but perfect defence beats it; %(dd)s
            # is the tricks with perfect play on both sides.
            "With perfect defence %(contract)s takes only %(dd)s tricks and goes down: "
            "the defenders gave away %(count)s trick",
            "With perfect defence %(contract)s takes only %(dd)s tricks and goes down: "
            "the defenders gave away %(count)s tricks",
            abs(difference),
        )
    elif difference > 0:
        words = ngettext(
            # Translators: %(dd)s is the tricks with perfect play on both sides.
            "With perfect defence %(contract)s takes only %(dd)s tricks: the defenders "
            "gave away %(count)s trick",
            "With perfect defence %(contract)s takes only %(dd)s tricks: the defenders "
            "gave away %(count)s tricks",
            abs(difference),
        )
    elif difference < 0 and not feedback.made and feedback.dd_made:
        words = ngettext(
            # Translators: the contract went down at the table, but it makes with perfect
            # play; %(dd)s is the tricks with perfect play on both sides.
            "With perfect play %(contract)s makes with %(dd)s tricks: declarer could "
            "have taken %(count)s more trick",
            "With perfect play %(contract)s makes with %(dd)s tricks: declarer could "
            "have taken %(count)s more tricks",
            abs(difference),
        )
    elif difference < 0:
        words = ngettext(
            # Translators: %(dd)s is the tricks with perfect play on both sides.
            "With perfect play %(contract)s takes %(dd)s tricks: declarer could have "
            "taken %(count)s more trick",
            "With perfect play %(contract)s takes %(dd)s tricks: declarer could have "
            "taken %(count)s more tricks",
            abs(difference),
        )
    else:
        words = gettext(
            # Translators: the table took the tricks of perfect play on both sides, %(dd)s.
            "With perfect play %(contract)s takes %(dd)s tricks too: every trick the cards allow"
        )
    return words % values


def _choice_text(feedback: Feedback, verdict: Verdict) -> str:
    # Under a target scoring a better strain is told in targets: "Target 8: ♠ makes 9".
    if (
        feedback.target is not None
        and verdict.code is Code.BETTER_STRAIN
        and verdict.strain is not None
        and verdict.tricks is not None
    ):
        return _target_choices_text(feedback.target, verdict.choices)
    return verdict_text(verdict)


def play_figure_text(difference: float | None) -> str:
    """The "play" figure, tricks taken against double dummy on average: "+0.3",
    "-1.0", "0.0" (with the language's decimal mark); "—" with nothing analysed."""
    if difference is None:
        return "—"
    if round(difference, 1) == 0:
        return number_format(0.0, decimal_pos=1)
    return ("+" if difference > 0 else "-") + number_format(abs(difference), decimal_pos=1)


def board_why_text(lesson: BoardLesson) -> str:
    """A board's "why" in one sentence, from its own figures: the 25-point guideline,
    the longest fit, and what the par makes. "26 points together (25 or more: look for
    a game) and 9 cards in ♠, a trump fit: 4♠ makes 10 tricks." """
    values: dict[str, object] = {
        "points": lesson.hcp,
        "guideline": GAME_GUIDELINE_HCP,
        "count": lesson.fit_length,
        "suit": lesson.fit_suit.symbol,
        "fit": FIT_LENGTH,
    }
    if not lesson.games_count:
        points = gettext("%(points)s points together") % values
    elif lesson.guideline:
        points = (
            gettext("%(points)s points together (%(guideline)s or more: look for a game)") % values
        )
    else:
        points = (
            gettext("%(points)s points together (fewer than %(guideline)s: a part-score is usual)")
            % values
        )
    if lesson.fit:
        # Translators: %(count)s cards of the suit %(suit)s (a symbol, ♠) between declarer
        # and dummy.
        fit = gettext("%(count)s cards in %(suit)s, a trump fit") % values
    elif lesson.par is not None and lesson.par.contract.strain.suit is lesson.fit_suit:
        # Translators: %(count)s cards of the suit %(suit)s (a symbol, ♠) between declarer
        # and dummy, fewer than a good trump suit needs.
        fit = gettext("only %(count)s cards in %(suit)s") % values
    else:
        fit = gettext("no suit with %(fit)s cards") % values
    outcome = _why_outcome(lesson)
    if outcome is None:
        # Translators: "26 points together (…) and 9 cards in ♠, a trump fit."
        return gettext("%(points)s and %(fit)s.") % {"points": points, "fit": fit}
    # Translators: "26 points together (…) and 9 cards in ♠, a trump fit: 4♠ makes 10
    # tricks."
    return gettext("%(points)s and %(fit)s: %(outcome)s.") % {
        "points": points,
        "fit": fit,
        "outcome": outcome,
    }


def _why_outcome(lesson: BoardLesson) -> str | None:
    """What the par makes; with tied contracts, each: "1♥ or 1♠ makes 8 tricks"."""
    par = lesson.par
    if par is None:
        return None
    if lesson.targets_by_points:
        groups = _by_tricks((c.tricks, c.contract.strain) for c in par.choices)
        values: dict[str, object] = {"target": lesson.target}
        if lesson.par_makes:
            values["outcome"] = or_text(
                # Translators: %(strain)s is a suit symbol (♠), NT, or several: "♥ or ♠".
                gettext("%(strain)s takes %(tricks)s")
                % {"strain": or_text(strain_word(s) for s in strains), "tricks": tricks}
                for tricks, strains in groups
            )
            # Translators: %(outcome)s is what the best strain takes: "♠ takes 9".
            return gettext("the target is %(target)s tricks, and %(outcome)s") % values
        values["outcome"] = or_text(
            _strains_take(strains, tricks, lesson.target or 0) for tricks, strains in groups
        )
        # Translators: %(outcome)s is what the best strain takes: "♠ takes only 7".
        return gettext("the target is %(target)s tricks, and even %(outcome)s") % values
    if not lesson.par_makes:
        words = gettext_noop("nothing makes: %(contract)s takes %(tricks)s tricks")
    elif lesson.game_there and not lesson.guideline:
        words = gettext_noop("even so %(contract)s makes %(tricks)s tricks")
    elif lesson.game_there is False and lesson.guideline:
        words = gettext_noop("but no game makes: %(contract)s takes %(tricks)s tricks")
    else:
        words = gettext_noop("%(contract)s makes %(tricks)s tricks")
    return or_text(
        gettext(words)
        % {"contract": or_text(contract_text(c) for c in contracts), "tricks": tricks}
        for tricks, contracts in _by_tricks((c.tricks, c.contract) for c in par.choices)
    )


def board_outcome_text(*, judged: int, best: int, missed: int, could_not_make: int) -> str:
    """How the field did on a board: "4 tables: 1 found the best contract, 2 chose a
    part-score with game there, 1 chose a game that could not make." ("" for none)."""
    if not judged:
        return ""
    other = judged - best - missed - could_not_make
    items = []
    if best:
        items.append(gettext("%(count)s found the best contract") % {"count": best})
    if missed:
        items.append(gettext("%(count)s chose a part-score with game there") % {"count": missed})
    if could_not_make:
        items.append(
            gettext("%(count)s chose a game that could not make") % {"count": could_not_make}
        )
    if other:
        items.append(gettext("%(count)s chose another contract") % {"count": other})
    tables = ngettext("One table", "%(count)s tables", judged) % {"count": judged}
    # Translators: "4 tables: 1 found the best contract, 3 chose …."
    return gettext("%(tables)s: %(outcomes)s.") % {"tables": tables, "outcomes": ", ".join(items)}


def chart_labels() -> ChartLabels:
    """The curve chart's words, in the reader's language."""
    return ChartLabels(
        x_axis=gettext("Points of the declaring side"),
        y_axis=gettext("Tricks won by declarer"),
        mean=gettext("Average tricks"),
        reference_played=gettext("Perfect play, in the suit played"),
        reference_best=gettext("Perfect play, in the best suit"),
        game_nt=gettext("game in NT"),
        game_major=gettext("game in ♥/♠"),
        game_minor=gettext("game in ♣/♦"),
        guideline=gettext("25 points: game is likely"),
        empty=gettext("No results yet"),
        dots=gettext("Deals (the number says how many)"),
        decimal_mark=str(get_format("DECIMAL_SEPARATOR")),
    )


def table_labels() -> dict[str, str]:
    """The curve sheet's and worksheet's table words, in the reader's language."""
    return {
        "sheet": gettext("Curve sheet"),
        "hcp": gettext("Points"),
        "count": gettext("Deals"),
        "mean": gettext("Average tricks"),
        "games_chosen": gettext("Games chosen"),
        "games_made": gettext("Games made"),
        "total": gettext("All"),
        "worksheet": gettext("Curve worksheet"),
        "board": gettext("Board"),
        "our_points": gettext("Our points"),
        "contract": gettext("Contract"),
        "tricks": gettext("Tricks"),
        "instructions": gettext(
            "After each board, write down your side's points and the tricks, then put a "
            "dot on the grid."
        ),
    }


def term_chart_labels() -> TermChartLabels:
    """The term chart's words, in the reader's language."""
    return TermChartLabels(
        games=gettext("Games"),
        bid_there=gettext("bid when it was there"),
        missed=gettext("missed"),
        could_not_make=gettext("could not make"),
        play=gettext("Play: tricks against what the cards allow"),
        as_the_cards=gettext("as the cards allow"),
        empty=gettext("No deals yet"),
        decimal_mark=str(get_format("DECIMAL_SEPARATOR")),
    )
