"""The certificates' words: every line the rules can pick, in English and Norwegian, is
positive, has its figures in it and is translated; the places read as places."""

from __future__ import annotations

import itertools

import pytest
from django.utils import translation

from scoring.certificates import ORDER, Achievement, Code, Scope
from tests.tournaments.certificates.helpers import negative_words
from tournaments.labels import certificates as words

#: Every achievement the rules can give: each scope's codes, counted once and many
#: times, with a board named where one session's line may name it.
EVERY_ACHIEVEMENT = [
    Achievement(code, scope, count, board)
    for scope, order in ORDER.items()
    for code in order
    for count, board in ((1, 7), (1, None), (2, None), (12, None))
    if not (code is Code.TOOK_PART and (count, board) != (1, None))
]


@pytest.mark.parametrize("language", ["en", "nb"])
def test_no_line_is_a_negative(language: str) -> None:
    with translation.override(language):
        for achievement in EVERY_ACHIEVEMENT:
            text = words.achievement_text(achievement)
            assert text, achievement
            assert negative_words(text) == [], (achievement, text)


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_line_carries_its_figures(language: str) -> None:
    with translation.override(language):
        for achievement in EVERY_ACHIEVEMENT:
            text = words.achievement_text(achievement)
            if achievement.code is Code.TOOK_PART:
                continue
            if achievement.count == 12:
                assert "12" in text, text
            if achievement.board == 7:
                named = achievement.code not in {
                    Code.SLAMS_MADE,
                    Code.GAMES_MADE,
                    Code.MATCHES_WON,
                    Code.DECLARED,
                    Code.DEFENDED,
                    Code.BOARDS_PLAYED,
                    Code.SESSIONS_PLAYED,
                }
                assert ("7" in text) is named, text


def test_every_line_is_translated() -> None:
    for achievement in EVERY_ACHIEVEMENT:
        english = words.achievement_text(achievement)
        with translation.override("nb"):
            norwegian = words.achievement_text(achievement)
        assert norwegian != english, english
        assert "You" not in norwegian


@pytest.mark.parametrize(
    ("achievement", "english", "norwegian"),
    [
        (
            Achievement(Code.GAMES_MADE, Scope.SESSION, 3),
            "You and your partner made 3 games",
            "Du og makkeren din gikk hjem i 3 utganger",
        ),
        (
            Achievement(Code.ABOVE_DD, Scope.SESSION, 1, 5),
            "You and your partner took more tricks than the cards promised on board 5",
            "Du og makkeren din tok flere stikk enn kortene lovet på spill 5",
        ),
        (
            Achievement(Code.BOARDS_PLAYED, Scope.TERM, 12),
            "You played 12 boards this term",
            "Du spilte 12 spill dette semesteret",
        ),
        (
            Achievement(Code.DECLARED, Scope.SESSION, 4),
            "You and your partner declared 4 boards",
            "Du og makkeren din var spilleførerlaget på 4 spill",
        ),
        (
            Achievement(Code.TOP_BOARD, Scope.SESSION, 1, 7),
            "You and your partner had the best score on board 7",
            "Du og makkeren din fikk det beste resultatet på spill 7",
        ),
        (
            Achievement(Code.DEFENDED_WELL, Scope.SESSION, 1, 4),
            "In defence, you and your partner kept the opponents from making their contract "
            "on board 4",
            "I forsvar hindret du og makkeren din motstanderne i å gå hjem på spill 4",
        ),
        (
            Achievement(Code.SLAMS_MADE, Scope.LEAGUE, 1),
            "You and your partner made a slam",
            "Du og makkeren din gikk hjem i en slem",
        ),
        (
            Achievement(Code.TOOK_PART, Scope.SESSION),
            "You took part in the session",
            "Du var med på økten",
        ),
    ],
)
def test_some_lines_word_for_word(achievement: Achievement, english: str, norwegian: str) -> None:
    assert words.achievement_text(achievement) == english
    with translation.override("nb"):
        assert words.achievement_text(achievement) == norwegian


@pytest.mark.parametrize(
    ("number", "shared", "english", "norwegian"),
    [
        (1, False, "1st place", "1. plass"),
        (2, True, "Shared 2nd place", "Delt 2. plass"),
        (3, False, "3rd place", "3. plass"),
        (10, False, "10th place", "10. plass"),
    ],
)
def test_places(number: int, shared: bool, english: str, norwegian: str) -> None:
    assert words.place_text(number, shared=shared) == english
    with translation.override("nb"):
        assert words.place_text(number, shared=shared) == norwegian


def test_the_forms_choices_of_places() -> None:
    assert [words.places_choice_text(n) for n in range(4)] == [
        "None",
        "1st place",
        "1st and 2nd places",
        "1st to 3rd places",
    ]
    with translation.override("nb"):
        assert words.places_choice_text(3) == "1. til 3. plass"


def test_the_scopes_words_differ_where_they_should() -> None:
    for code, scopes in itertools.product(
        (Code.BOARDS_PLAYED, Code.TOOK_PART), itertools.combinations(list(Scope), 2)
    ):
        first, second = (words.achievement_text(Achievement(code, s, 2)) for s in scopes)
        if {Scope.SESSION, Scope.EVENT} == set(scopes) and code is Code.BOARDS_PLAYED:
            assert first == second
        else:
            assert first != second, (code, scopes)
