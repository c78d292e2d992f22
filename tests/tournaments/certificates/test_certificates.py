"""Certificates of a session, a league and a class's term, read back from the PDF as a
printer's text: every pupil has exactly one certificate with a line, no line is a
negative, the places are the standings' own, in English and in Norwegian; and a
rendered page is a landscape certificate that prints in black and white."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.utils import translation
from PIL import Image

from scoring.cards import Side
from scoring.certificates import Achievement, Code, Scope
from tests.factories import (
    individual_session,
    league_class,
    play_league_round,
    play_round,
    running_session,
    two_duplicate_sessions,
)
from tests.tournaments.certificates.helpers import (
    analyse_uniformly,
    negative_words,
    pdf_pages,
    pdf_png,
)
from tournaments.boards.selectors import board_facts
from tournaments.certificates import selectors
from tournaments.certificates.selectors import CertificateSet
from tournaments.labels import certificates as words
from tournaments.leagues import selectors as league_selectors
from tournaments.leagues import services as league_services
from tournaments.models import Board, League, PairMember, Pupil, Session
from tournaments.printing.certificates import certificates_pdf
from tournaments.sessions import services as session_services
from tournaments.standings.selectors import session_standings


@pytest.fixture
def session(alice: User) -> Session:
    """A finished Mitchell of 8 pairs (16 pupils), every board analysed the same way:
    7 tricks in no trumps for every seat, 6 in the suits. Round 1: 3NT making 9 at
    table 1 on board 1 (two tricks more than the cards promised, and the best score),
    1NT making 6 at table 1 on board 2 (the defenders took one more than the cards
    promised them); 1NT making 7 everywhere else."""
    session = running_session(alice, seed="certificates", class_name="6B")
    analyse_uniformly(session, NT=7)
    play_round(session, 1, {(1, 1): ("3NT", 9), (1, 2): ("1NT", 6)})
    play_round(session, 2, {})
    play_round(session, 3, {})
    session_services.session_finish(session=session)
    return session


def _present(session: Session) -> list[Pupil]:
    return list(Pupil.objects.filter(sessions_present=session))


def _pair_pupils(session: Session) -> dict[int, list[str]]:
    pupils: dict[int, list[str]] = {}
    for member in PairMember.objects.filter(session=session).select_related("pupil"):
        pupils.setdefault(member.pair_id, []).append(str(member.pupil))
    return pupils


def _declaring_side(session: Session, number: int) -> Side:
    board = Board.objects.get(board_set_id=session.board_set_id, number=number)
    return board_facts(board, profile=session.profile).declaration.side


def _check_pupil_pages(certificates: CertificateSet, pages: list[str], pupils: list[str]) -> None:
    """Every pupil on exactly one page with the heading, and that page holds their line."""
    heading = words.well_played()
    pupil_pages = [page for page in pages if heading in page]
    assert len(pupil_pages) == len(pupils) == len(certificates.pupils)
    for certificate in certificates.pupils:
        matching = [page for page in pupil_pages if f" {certificate.name} " in f" {page} "]
        assert len(matching) == 1, certificate.name
        assert certificate.line in matching[0], certificate.name
        assert certificate.line
        assert negative_words(certificate.line) == [], certificate.line
    assert sorted(c.name for c in certificates.pupils) == sorted(pupils)


# --------------------------------------------------------------------------- a session


@pytest.mark.parametrize("language", ["en", "nb"])
def test_every_pupil_of_a_session_has_one_certificate_with_a_line(
    session: Session, tmp_path: Path, language: str
) -> None:
    with translation.override(language):
        certificates = selectors.session_certificates(session, places=3, first_names=False)
        pages = pdf_pages(certificates_pdf(certificates), tmp_path)
        assert len(pages) == len(certificates.places) + len(certificates.pupils)
        _check_pupil_pages(certificates, pages, [str(p) for p in _present(session)])
        for page in pages:
            assert words.certificate_word().upper() in page
            assert "Minibridge · 6B" in page
            assert words.signature_text() in page
            assert negative_words(page) == [], page
        if language == "nb":
            assert "Godt spilt!" in pages[-1]
            assert "DIPLOM" in pages[-1]
            assert "29. november 2026" in pages[-1]
            assert "Lærerens underskrift" in pages[-1]
            assert all("You " not in page for page in pages)
        else:
            assert "Teacher’s signature" in pages[-1]


def test_the_lines_say_what_the_figures_say(session: Session) -> None:
    certificates = selectors.session_certificates(session, places=0, first_names=False)
    by_name = {c.name: c.achievement for c in certificates.pupils}
    pupils = _pair_pupils(session)
    standings = session_standings(session)
    cards = standings.score_cards

    def pair_of(board: int, table: int, side: Side) -> int:
        for pair_id, lines in cards.items():
            for line in lines:
                if (line.board, line.table, line.direction) == (board, table, side.value):
                    return pair_id
        raise AssertionError((board, table, side))

    # 3NT making 9 on board 1 at table 1: the declaring pair had the best score there.
    declaring = _declaring_side(session, 1)
    for name in pupils[pair_of(1, 1, declaring)]:
        top = by_name[name]
        assert top is not None
        assert top.code is Code.TOP_BOARD
        # Board 1 named, or counted with board 2 if the same pair defended it.
        assert (top.count, top.board) in ((1, 1), (2, None))
    # 1NT making 6 on board 2 at table 1: the defenders had the best score there too.
    defending = Side.EW if _declaring_side(session, 2) is Side.NS else Side.NS
    for name in pupils[pair_of(2, 1, defending)]:
        defence = by_name[name]
        assert defence is not None
        assert defence.code is Code.TOP_BOARD
    # Nobody else beat the field anywhere: each chose 1NT, the best contract on these
    # cards, on the boards they declared, or defended every board.
    others = [
        achievement
        for name, achievement in by_name.items()
        if achievement is not None and achievement.code is not Code.TOP_BOARD
    ]
    assert others
    assert {a.code for a in others} <= {Code.BEST_CONTRACT, Code.DEFENDED}


def test_the_places_are_the_standings_own(session: Session, tmp_path: Path) -> None:
    certificates = selectors.session_certificates(session, places=3, first_names=False)
    standings = session_standings(session)
    pupils = _pair_pupils(session)
    expected = []
    for ranking in standings.rankings:  # N–S and E–W apart in a Mitchell
        assert ranking.title
        for row in ranking.rows:
            number = int(row.place.rstrip("="))
            if number <= 3:
                heading = words.place_text(number, shared=row.place.endswith("="))
                for name in pupils[row.pair.pk]:
                    partner = next(other for other in pupils[row.pair.pk] if other != name)
                    expected.append((number, name, heading, f"with {partner} · {ranking.title}"))
    found = [(c.place, c.name, c.heading, c.line) for c in certificates.places]
    assert sorted(found) == sorted(expected)
    assert [c.place for c in certificates.places] == sorted(
        c.place or 0 for c in certificates.places
    )
    pages = pdf_pages(certificates_pdf(certificates), tmp_path)
    for page, certificate in zip(pages, certificates.places, strict=False):
        assert certificate.heading in page
        assert certificate.name in page
        assert certificate.line in page
    assert "1st place" in pages[0]


@pytest.mark.parametrize("places", [0, 1, 2, 10])
def test_only_the_places_chosen_get_a_certificate(session: Session, places: int) -> None:
    certificates = selectors.session_certificates(session, places=places, first_names=False)
    assert {c.place for c in certificates.places} <= set(range(1, places + 1))
    if places == 0:
        assert certificates.places == ()
    if places == 1:
        assert len(certificates.places) >= 4  # a 1st place N–S and E–W, two pupils each
    if places == 10:  # four pairs a direction: every pupil is placed
        assert len(certificates.places) == 16
    assert len(certificates.pupils) == 16


def test_first_names_only_when_the_teacher_chooses(alice: User, tmp_path: Path) -> None:
    session = running_session(alice, seed="names", class_name="7A")
    for number, pupil in enumerate(Pupil.objects.filter(school_class=session.school_class)):
        pupil.last_name = f"Surname{number}"
        pupil.save()
    play_round(session, 1, {})
    full = selectors.session_certificates(session, places=3, first_names=False)
    first = selectors.session_certificates(session, places=3, first_names=True)
    assert all(" Surname" in c.name for c in full.certificates)
    assert all("Surname" not in c.name for c in first.certificates)
    assert all("Surname" not in c.line for c in first.places)
    text = " ".join(pdf_pages(certificates_pdf(first), tmp_path))
    assert "Surname" not in text


def test_a_running_session_has_its_certificates_so_far(alice: User) -> None:
    session = running_session(alice, seed="running")
    certificates = selectors.session_certificates(session, places=3, first_names=False)
    # Nothing played yet: no place, and every pupil took part.
    assert certificates.places == ()
    assert {c.line for c in certificates.pupils} == {"You took part in the session"}
    play_round(session, 1, {})
    session.refresh_from_db()  # as a request reads it: the standings kept per revision
    certificates = selectors.session_certificates(session, places=3, first_names=False)
    assert certificates.places
    assert "You took part in the session" not in {c.line for c in certificates.pupils}


def test_an_individual_session_places_pupils_alone(alice: User) -> None:
    session = individual_session(alice)
    for round_ in range(1, 3):
        play_round(session, round_, {})
    certificates = selectors.session_certificates(session, places=3, first_names=False)
    assert len(certificates.pupils) == 8
    assert certificates.places
    for certificate in certificates.places:
        assert certificate.line == "Out of 8 pupils"


# --------------------------------------------------------------------------- a league

#: The league of tests/tournaments/leagues/test_leagues.py: I–II 2–1, I–III 1–2,
#: I–IV 3–0, II–III 2–1, II–IV 2–1, III–IV 1–2.
EVENING_1 = {(1, 4): "111", (3, 2): "232", (3, 1): "313", (2, 4): "242"}
EVENING_2 = {(1, 2): "121", (4, 3): "434"}


@pytest.fixture
def league(alice: User) -> League:
    school_class, partnerships = league_class(alice)
    league = league_services.league_create(
        school_class=school_class,
        name="Spring league",
        partnerships=partnerships,
        deals_per_match=3,
        scoring_profile="target",
        evenings=2,
    )
    for evening, plan, rounds in ((1, EVENING_1, (1, 2)), (2, EVENING_2, (1,))):
        played = league_services.league_evening_start(
            league=league,
            evening=evening,
            date=datetime.date(2026, 11, 23 + evening),
            teacher=alice,
        )
        for round_ in rounds:
            play_league_round(played, round_, plan)
        session_services.session_finish(session=played)
    return league


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_leagues_certificates(league: League, tmp_path: Path, language: str) -> None:
    with translation.override(language):
        certificates = selectors.league_certificates(league, places=3, first_names=False)
        pages = pdf_pages(certificates_pdf(certificates, page_size="Letter"), tmp_path)
        names = ["A1", "A2", "B1", "B2", "C1", "C2", "D1", "D2"]
        _check_pupil_pages(certificates, pages, names)
        lines = {c.name: c.line for c in certificates.pupils}
        won_two = words.achievement_text(Achievement(Code.MATCHES_WON, Scope.LEAGUE, 2))
        won_one = words.achievement_text(Achievement(Code.MATCHES_WON, Scope.LEAGUE, 1))
        # I beat II and IV, II beat III and IV, III beat I, IV beat III.
        assert lines == {
            "A1": won_two, "A2": won_two, "B1": won_two, "B2": won_two,
            "C1": won_one, "C2": won_one, "D1": won_one, "D2": won_one,
        }  # fmt: skip
        standings = league_selectors.league_standings(league)
        expected = {
            (name, row.place)
            for row in standings.ranking
            if int(row.place.rstrip("=")) <= 3
            for name in row.pair.names.split(" & ")
        }
        assert {(c.name, f"{c.place}{'=' if 'hared' in c.heading or 'Delt' in c.heading else ''}")
                for c in certificates.places} == expected  # fmt: skip
        partners = {"A1": "A2", "A2": "A1", "B1": "B2", "B2": "B1",
                    "C1": "C2", "C2": "C1", "D1": "D2", "D2": "D1"}  # fmt: skip
        for certificate in certificates.places:
            assert certificate.line == words.partner_text(partners[certificate.name])
        for page in pages:
            assert "Spring league" in page
            assert negative_words(page) == [], page
        if language == "nb":
            assert "Du og makkeren din vant 2 minikamper" in " ".join(pages)
        else:
            assert "You and your partner won 2 mini-matches" in " ".join(pages)
            assert "Nov. 25, 2026" in pages[0]  # the last evening's date


# --------------------------------------------------------------------------- a term


def test_a_terms_certificates(alice: User, tmp_path: Path) -> None:
    school_class, _partnerships = league_class(alice, class_name="4D")
    two_duplicate_sessions(school_class, alice)
    newcomer = Pupil.objects.create(school_class=school_class, first_name="Zoe", last_name="New")
    certificates = selectors.class_certificates(school_class, places=3, first_names=False)
    lines = {c.name: c for c in certificates.pupils}
    assert set(lines) == {str(p) for p in Pupil.objects.filter(school_class=school_class)}
    assert lines[str(newcomer)].line == "You were part of the class this term"
    # Pairs 2 and 4 share the best average (58.33 % and 50 %): four shared 1st places.
    session = school_class.sessions.order_by("date").last()
    assert session is not None
    best = {
        str(member.pupil)
        for member in PairMember.objects.filter(session=session, pair__number__in=(2, 4))
    }
    assert {c.name for c in certificates.places} == best
    assert {c.heading for c in certificates.places} == {"Shared 1st place"}
    assert {c.line for c in certificates.places} == {"Out of 8 pupils"}
    for certificate in certificates.pupils:
        assert certificate.achievement is not None
        assert certificate.achievement.scope is Scope.TERM
        assert certificate.achievement.board is None  # boards are counted over a term
    assert "this term" in " ".join(c.line for c in certificates.pupils)
    pages = pdf_pages(certificates_pdf(certificates), tmp_path)
    assert "Minibridge · 4D · Term: Nov. 1, 2026 – Nov. 8, 2026" in pages[0]
    _check_pupil_pages(certificates, pages, list(lines))


def test_a_term_between_two_dates(alice: User) -> None:
    school_class, _partnerships = league_class(alice, class_name="4E")
    two_duplicate_sessions(school_class, alice)
    first = selectors.class_certificates(
        school_class, places=3, first_names=False, end=datetime.date(2026, 11, 2)
    )
    # The first session alone: every pair had 50 %, all eight share 1st place.
    assert len(first.places) == 8
    assert {c.heading for c in first.places} == {"Shared 1st place"}


# --------------------------------------------------------------------------- the paper


def test_a_rendered_certificate_is_landscape_and_prints_in_black_and_white(
    session: Session, tmp_path: Path
) -> None:
    certificates = selectors.session_certificates(session, places=1, first_names=False)
    pdf = certificates_pdf(certificates)
    png = pdf_png(pdf, tmp_path, page=1, dpi=50)
    with Image.open(png) as image:
        width, height = image.size
        rgb = image.convert("RGB").tobytes()
        grey = image.convert("L").tobytes()
    assert abs(width - 585) <= 1  # A4 turned across, at 50 dpi
    assert abs(height - 413) <= 1
    dark = sum(1 for value in grey if value < 128) / len(grey)
    assert dark < 0.08  # a frame, the suits and the words: no page soaked in toner
    # The only colour is the red of ♥ and ♦, which a black-and-white printer prints as a
    # mid grey: there, not lost in the white and not as black as the black suits.
    red = [
        grey[index]
        for index in range(len(grey))
        if rgb[3 * index] > 150 and rgb[3 * index + 1] < 90 and rgb[3 * index + 2] < 90
    ]
    assert len(red) > 100
    assert all(60 < value < 170 for value in red)
    letter = certificates_pdf(certificates, page_size="Letter")
    with Image.open(pdf_png(letter, tmp_path, page=1, dpi=50)) as image:
        assert image.size == (550, 425)  # 11 × 8½ inches


def test_a_name_too_long_is_set_smaller_not_cut(tmp_path: Path) -> None:
    name = "Maximiliana Alexandrina Wilhelmina von Hohenzollern-Sigmaringen"
    sheet = CertificateSet(
        title="Minibridge · 6B",
        date="1 December 2026",
        signature="Teacher’s signature",
        pupils=(
            selectors.Certificate(name=name, heading="Well played!", line="You played 6 boards"),
        ),
    )
    (page,) = pdf_pages(certificates_pdf(sheet), tmp_path)
    assert name in page


def test_no_certificate_at_all_is_one_page_with_the_title(tmp_path: Path) -> None:
    sheet = CertificateSet(title="Minibridge · 6B", date="", signature="")
    (page,) = pdf_pages(certificates_pdf(sheet), tmp_path)
    assert "Minibridge · 6B" in page
