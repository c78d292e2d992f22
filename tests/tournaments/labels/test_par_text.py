"""The par, or under a target scoring the target, is worded once (``bridge_labels.par_text``):
every screen and paper that names a board's par says the same for the same board, in
English and in Norwegian, tied contracts joined by "or", and a target scoring's target
before the analysis too."""

from __future__ import annotations

import io
import re

import pytest
from django.utils import translation
from pypdf import PdfReader

from scoring.cards import Deal, Seat
from scoring.dd import DDTable
from scoring.declaring import Declaration, find_declarer
from scoring.feedback import board_lesson
from scoring.profiles import get_profile
from tournaments.boards.selectors import BoardFacts
from tournaments.feedback.selectors import BoardOutcome
from tournaments.labels import bridge as bridge_labels
from tournaments.printing.boards import BoardPrint, board_slips_pdf
from tournaments.standings.selectors import BoardTraveller

#: South (19 points) declares; North–South hold 35 (a target of 12 tricks).
DEAL = Deal.from_pbn("N:QJ5.A95.KQ7.KJ63 T9843.J7.T86.A75 AK7.KQ2.AJ93.Q84 62.T8643.542.T92")
#: North and South take 12 tricks in hearts and in spades, 10 in no trumps: the par is
#: tied (PBN order: declarers N S E W, strains NT S H D C).
TIED_DD = DDTable.from_pbn("acc99acc991114411144")

CASES = [
    # (profile, analysed, language, expected)
    ("ebu", True, "en", "Par: 4♥ or 4♠ by South, +480"),
    ("ebu", True, "nb", "Par: 4♥ eller 4♠ av Syd, +480"),
    ("target", True, "en", "Target 12: ♥ or ♠ makes 12"),
    ("target", True, "nb", "Mål 12: ♥ eller ♠ gir 12"),
    ("target", False, "en", "Target: 12 tricks"),
    ("target", False, "nb", "Mål: 12 stikk"),
    ("ebu", False, "en", ""),
]


def _board(profile: str, analysed: bool) -> BoardFacts:
    declaration = find_declarer(DEAL, Seat.NORTH)
    assert isinstance(declaration, Declaration)
    return BoardFacts(
        number=3,
        deal=DEAL,
        dealer=Seat.NORTH,
        declaration=declaration,
        dd=TIED_DD if analysed else None,
        profile=get_profile(profile),
    )


def _pdf_text(data: bytes) -> str:
    pages = PdfReader(io.BytesIO(data)).pages
    return re.sub(r"\s+", "", "".join(page.extract_text() for page in pages))


@pytest.mark.parametrize(("profile", "analysed", "language", "expected"), CASES)
def test_every_screen_and_paper_words_the_par_alike(
    profile: str, analysed: bool, language: str, expected: str
) -> None:
    board = _board(profile, analysed)
    with translation.override(language):
        assert bridge_labels.par_text(board.par, target=board.target) == expected
        # The traveller page (a board's facts) and the standings, the travellers'
        # PDF and the spreadsheet (a standings traveller).
        assert board.par_text == expected
        traveller = BoardTraveller(number=3, par=board.par, lines=(), target=board.target)
        assert traveller.par_text == expected
        if board.par is None:
            return
        # The feedback page, where the par speaks in targets.
        outcome = BoardOutcome(
            number=3,
            par=board.par,
            judged=0,
            best=0,
            missed=0,
            could_not_make=0,
            target=board.target,
        )
        assert outcome.target_par_text == (expected if board.target is not None else "")
        # The feedback booklet and the events' booklet (the board's lesson).
        lesson = board_lesson(DEAL, board.declaration.declarer, dd=TIED_DD, profile=profile)
        assert bridge_labels.lesson_par_text(lesson) == expected
        # The teacher's board slips.
        slips = board_slips_pdf(
            [
                BoardPrint(
                    number=3,
                    deal=DEAL,
                    dealer=Seat.NORTH,
                    declarer=board.declaration.declarer,
                    dd=TIED_DD,
                    par=board.par,
                    target=board.target,
                )
            ]
        )
        assert re.sub(r"\s+", "", expected) in _pdf_text(slips)
