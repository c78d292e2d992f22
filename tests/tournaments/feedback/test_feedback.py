"""Teaching feedback on the site: at the table after entry, on the teacher's traveller and
on each pair's score card (both languages), the term figures of a pupil and a pair
against a hand count over two sessions (and against the curve sheets), the pages' access
rules, and the boards to discuss."""

from __future__ import annotations

import datetime
import io
import re
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from pypdf import PdfReader

from scoring.cards import Seat, Strain
from scoring.curves import curve_stats
from scoring.dd import DDTable
from scoring.feedback import board_lesson
from tests.factories import board_set_id, running_session
from tests.narrow import found
from tournaments.boards import analysis
from tournaments.boards import selectors as board_selectors
from tournaments.boards import services as board_services
from tournaments.feedback import curves
from tournaments.feedback import selectors as feedback
from tournaments.labels import bridge as bridge_labels
from tournaments.labels import feedback as feedback_labels
from tournaments.models import Board, Pair, Pupil, Result, Session, Table
from tournaments.results import services as result_services
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services


def uniform_dd(**strains: int) -> str:
    """A double-dummy table (PBN digits) where every seat takes the tricks given per
    strain (C D H S NT) and six in the others: the verdicts then do not depend on who
    declares, so each example can be worked by hand."""
    tricks = {(seat, strain): strains.get(strain.value, 6) for seat in Seat for strain in Strain}
    return DDTable(tricks).to_pbn()


def set_dd(session: Session, number: int, digits: str) -> None:
    Board.objects.filter(board_set=session.board_set, number=number).update(dd_tricks=digits)


def table_playing(session: Session, board: int, round_: int = 1) -> Table:
    movement = session_selectors.session_movement(session)
    for table in session.tables.all():
        entry = movement.entry(round_, table.number)
        if board in movement.boards(entry.board_set) and entry.ns_pair is not None:
            return table
    raise AssertionError(f"board {board} is not played in round {round_}")


def text_of(html: str) -> str:
    """The page's words, tags removed and spaces squeezed."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.fixture
def session(alice: User) -> Session:
    return running_session(alice, seed="feedback")


# Board → (double-dummy table, contract, tricks won, revoke, what the cards allowed in
# English, in Norwegian: the line's words after what happened at the table, which names
# the declaring side). Worked by hand under EBU scoring (docs/rules.md §4.2).
EXAMPLES = {
    # 1H with 10 tricks: 170; 4H with the same 10: 420, the par.
    1: (
        uniform_dd(H=10, NT=8),
        "1H",
        10,
        "",
        "With perfect play 1♥ takes 10 tricks too: every trick the cards allow · "
        "Game was there: ♥ game makes 10 tricks",
        "Med perfekt spill gir 1♥ også 10 stikk: alle stikkene kortene gir · "
        "Utgang var mulig: utgang i ♥ gir 10 stikk",
    ),
    # 4S with the 9 tricks the cards hold: −50; 1S makes them: 140, the par.
    2: (
        uniform_dd(S=9, NT=8),
        "4S",
        9,
        "",
        "With perfect play 4♠ takes 9 tricks too: every trick the cards allow · "
        "With perfect defence no game makes: a part-score was best",
        "Med perfekt spill gir 4♠ også 9 stikk: alle stikkene kortene gir · "
        "Med perfekt forsvar går ingen utgang hjem: delkontrakt var best",
    ),
    # 4H with 8 (the cards' 8): −100; 4S makes 10: 420.
    3: (
        uniform_dd(S=10, H=8),
        "4H",
        8,
        "",
        "With perfect play 4♥ takes 8 tricks too: every trick the cards allow · "
        "Another suit was better: ♠ game makes",
        "Med perfekt spill gir 4♥ også 8 stikk: alle stikkene kortene gir · "
        "En annen farge var bedre: utgang i ♠ går hjem",
    ),
    # 3NT makes 9 double dummy, the par; the table took 10.
    4: (
        uniform_dd(NT=9),
        "3NT",
        10,
        "",
        "With perfect defence 3NT takes only 9 tricks: the defenders gave away 1 trick · "
        "Best contract",
        "Med perfekt forsvar gir 3NT bare 9 stikk: forsvarerne ga bort 1 stikk · Beste kontrakt",
    ),
    # The same, two tricks short.
    5: (
        uniform_dd(NT=9),
        "3NT",
        7,
        "",
        "With perfect play 3NT makes with 9 tricks: declarer could have taken 2 more "
        "tricks · Best contract",
        "Med perfekt spill går 3NT hjem med 9 stikk: spilleføreren kunne tatt 2 stikk til · "
        "Beste kontrakt",
    ),
    # 8 tricks won and a defender's revoke: 9 count, the cards' 9.
    6: (
        uniform_dd(NT=9),
        "3NT",
        8,
        Result.Revoke.DEFENDERS,
        "With perfect play 3NT takes 9 tricks too: every trick the cards allow · Best contract",
        "Med perfekt spill gir 3NT også 9 stikk: alle stikkene kortene gir · Beste kontrakt",
    ),
    # Not analysed yet.
    7: ("", "4S", 10, "", "The cards are not analysed yet", "Kortene er ikke analysert ennå"),
}


def enter_examples(session: Session) -> dict[int, Result]:
    for number, (digits, *_rest) in EXAMPLES.items():
        set_dd(session, number, digits)
    results = {}
    for number, (_digits, contract, tricks, revoke, *_words) in EXAMPLES.items():
        results[number] = result_services.result_record(
            table=table_playing(session, number),
            board_number=number,
            contract=contract,
            tricks_won=tricks,
            revoke=revoke,
        )
    return results


SIDES = {"en": {"NS": "N–S", "EW": "E–W"}, "nb": {"NS": "N–S", "EW": "Ø–V"}}


@pytest.mark.parametrize(("language", "column"), [("en", 4), ("nb", 5)])
def test_the_table_sees_what_the_cards_allowed_after_entry(
    session: Session, language: str, column: int
) -> None:
    for number in (1, 7):
        set_dd(session, number, EXAMPLES[number][0])
    table = table_playing(session, 1)
    side = SIDES[language][
        board_selectors.board_facts(_board(session, 1)).declaration.declarer.side
    ]
    client = Client(headers={"HX-Request": "true"})
    client.cookies["django_language"] = language
    form = {"strain": "H", "level": "part-score", "tricks": 10, "revoke": "", "key": "k1"}
    saved = text_of(client.post(f"/t/{table.token}/boards/1/", form).content.decode())
    heading = "What the cards allowed:" if language == "en" else "Hva kortene ga:"
    result = {
        "en": f"1♥ made with 10 tricks, 3 more than needed: {side} score 170",
        "nb": f"1♥ gikk hjem med 10 stikk, 3 mer enn nødvendig: {side} får 170",
    }[language]
    expected = f"{heading} {result} · {EXAMPLES[1][column]}"
    assert expected in saved
    # The table's page, loaded again, shows it with the board's traveller.
    page = Client()
    page.cookies["django_language"] = language
    assert expected in text_of(page.get(f"/t/{table.token}/").content.decode())


def _board(session: Session, number: int) -> Board:
    return Board.objects.get(board_set=session.board_set, number=number)


@pytest.mark.parametrize(
    ("language", "made", "cards", "contradiction"),
    [
        (
            "en",
            "4♥ made with 10 tricks: {side} score 420",
            "With perfect defence 4♥ takes only 6 tricks and goes down: the defenders gave "
            "away 4 tricks · With perfect defence no game makes: a part-score was best",
            "went down",
        ),
        (
            "nb",
            "4♥ gikk hjem med 10 stikk: {side} får 420",
            "Med perfekt forsvar gir 4♥ bare 6 stikk og går bet: forsvarerne ga bort 4 stikk "
            "· Med perfekt forsvar går ingen utgang hjem: delkontrakt var best",
            "gikk bet",
        ),
    ],
)
def test_a_game_made_that_the_cards_beat_is_told_it_made(
    session: Session, language: str, made: str, cards: str, contradiction: str
) -> None:
    """The issue's tablet: 4♥ made with 10 tricks where perfect defence holds ♥ to 6 (and
    no game makes) read "Game went down: part-score was best · 4 tricks more than the
    cards promise!". The sentence the table sees after saving says it made, and what
    the cards allow only "with perfect defence"."""
    set_dd(session, 1, uniform_dd(H=6, S=8))
    table = table_playing(session, 1)
    side = SIDES[language][
        board_selectors.board_facts(_board(session, 1)).declaration.declarer.side
    ]
    client = Client(headers={"HX-Request": "true"})
    client.cookies["django_language"] = language
    form = {"strain": "H", "level": "game", "tricks": 10, "revoke": "", "key": "k1"}
    response = client.post(f"/t/{table.token}/boards/1/", form)
    assert response.status_code == 200
    html = response.content.decode()
    [line] = re.findall(r'<p class="feedback-line">(.*?)</p>', html, re.S)
    heading = "What the cards allowed:" if language == "en" else "Hva kortene ga:"
    assert text_of(line) == f"{heading} {made.format(side=side)} · {cards}"
    assert contradiction not in text_of(line)


def test_the_teachers_traveller_and_the_score_cards_in_both_languages(
    session: Session, alice_client: Client
) -> None:
    results = enter_examples(session)
    for language, column in (("en", 4), ("nb", 5)):
        alice_client.cookies["django_language"] = language
        for number, result in results.items():
            expected = EXAMPLES[number][column]
            assert isinstance(expected, str)
            html = alice_client.get(f"/sessions/{session.pk}/boards/{number}/").content.decode()
            assert expected in text_of(html), (language, number)
            for pair in (result.ns_pair, result.ew_pair):
                card = alice_client.get(f"/sessions/{session.pk}/pairs/{pair.pk}/card/")
                assert expected in text_of(card.content.decode()), (language, number)


def test_a_not_played_board_has_no_feedback(session: Session, alice_client: Client) -> None:
    set_dd(session, 1, EXAMPLES[1][0])
    table = table_playing(session, 1)
    result_services.result_set_not_played(
        session=session, table=table, board_number=1, round_=1, teacher=session.school_class.teacher
    )
    page = text_of(alice_client.get(f"/sessions/{session.pk}/boards/1/").content.decode())
    assert "Not played" in page
    assert "Game was there" not in page


# --------------------------------------------------------------------------- two sessions


@dataclass(frozen=True)
class Case:
    """A deal the pupil's side declares, with what it must count as, by hand."""

    dd: str
    contract: str
    tricks: int
    revoke: str = ""
    there: int = 0  # game was there
    bid_there: int = 0
    missed: int = 0
    could_not: int = 0
    analysed: int = 1
    best: int = 0
    dd_tricks: int = 0  # the cards' tricks in the strain played
    taken: int = 0  # tricks after any revoke


CASES = [
    Case(uniform_dd(H=10), "1H", 10, there=1, missed=1, dd_tricks=10, taken=10),
    Case(uniform_dd(H=10), "4H", 9, there=1, bid_there=1, best=1, dd_tricks=10, taken=9),
    Case(uniform_dd(S=9), "4S", 9, could_not=1, dd_tricks=9, taken=9),
    Case(uniform_dd(S=9), "1S", 10, best=1, dd_tricks=9, taken=10),
    Case("", "3NT", 9, analysed=0),
    Case(
        uniform_dd(NT=9),
        "3NT",
        8,
        Result.Revoke.DEFENDERS,
        there=1,
        bid_there=1,
        best=1,
        dd_tricks=9,
        taken=9,
    ),
]


FILLER = Case("", "1NT", 7, analysed=0)


def second_session(first: Session) -> Session:
    """The same class a week later, the partnerships kept, on a new set of boards."""
    session_services.session_keep_partnerships(session=first)
    later = session_services.session_create(
        school_class=first.school_class,
        present=list(first.school_class.pupils.all()),
        date=first.date + datetime.timedelta(days=7),
    )
    teacher = first.school_class.teacher
    session_services.session_setup_and_start(
        session=later,
        teacher=teacher,
        board_set=board_services.board_set_deal(
            teacher=teacher, name="Week 2", count=8, seed="week 2"
        ),
        movement_kind="mitchell",
        movement_style="skip",
        rounds=3,
        arrow_switch=False,
        boards_per_round=2,
        scoring_profile="ebu",
        convention="ebu",
    )
    later.refresh_from_db()
    return later


def play_with_cases(session: Session, pupil: Pupil, cases: list[Case]) -> list[Case]:
    """Play every round; each board the pupil's side declares takes the next case (its
    double-dummy table set on the board), the others 1NT with 7 tricks. Returns the
    cases of every deal the pupil's side declared."""
    movement = session_selectors.session_movement(session)
    used: list[Case] = []
    from tournaments.boards import selectors as board_selectors

    for round_ in range(1, movement.rounds + 1):
        Session.objects.filter(pk=session.pk).update(current_round=round_)
        session.refresh_from_db()
        for table in session.tables.all():
            entry = movement.entry(round_, table.number)
            pairs = {
                (pair.line, pair.number): pair
                for pair in Pair.objects.filter(session=session).prefetch_related("members")
            }
            if entry.ns_pair is None or entry.ew_pair is None:
                continue
            ns = pairs["NS", entry.ns_pair.number]
            ew = pairs["EW", entry.ew_pair.number]
            for number in movement.boards(entry.board_set):
                board = Board.objects.get(board_set=session.board_set, number=number)
                facts = board_selectors.board_facts(board)
                declaring = ns if facts.declaration.side.value == "NS" else ew
                mine = pupil.pk in {m.pupil_id for m in declaring.members.all()}
                if mine:
                    # Once the cases run out, a deal without analysis.
                    case = cases[len(used)] if len(used) < len(cases) else FILLER
                    used.append(case)
                    set_dd(session, number, case.dd)
                    contract, tricks, revoke = case.contract, case.tricks, case.revoke
                else:
                    contract, tricks, revoke = "1NT", 7, ""
                result_services.result_record(
                    table=table,
                    board_number=number,
                    contract=contract,
                    tricks_won=tricks,
                    revoke=revoke,
                )
    return used


def test_a_pupils_and_a_pairs_term_equal_a_hand_count_over_two_sessions(
    session: Session,
) -> None:
    pupil = Pupil.objects.get(pk=found(found(session.pairs.first()).members.first()).pupil_id)
    first = play_with_cases(session, pupil, CASES[:-2])
    later = second_session(session)
    taken = len([case for case in first if case is not FILLER])
    used = first + play_with_cases(later, pupil, CASES[taken:])
    # The seeds give the pupil's side every case to declare, some in each session.
    assert [case for case in used if case is not FILLER] == CASES
    assert 0 < taken < len(CASES)

    term = feedback.pupil_term(session.school_class, pupil)
    figures = term.figures
    analysed = [case for case in used if case.analysed]
    assert figures.declared == len(used)
    assert figures.analysed == len(analysed)
    assert figures.games_there == sum(case.there for case in used)
    assert figures.games_bid_there == sum(case.bid_there for case in used)
    assert figures.games_missed == sum(case.missed for case in used)
    assert figures.games_could_not_make == sum(case.could_not for case in used)
    assert figures.best == sum(case.best for case in used)
    assert figures.tricks == sum(case.taken for case in analysed)
    assert figures.dd_tricks == sum(case.dd_tricks for case in analysed)
    assert figures.play == pytest.approx(
        sum(case.taken - case.dd_tricks for case in analysed) / len(analysed)
    )
    assert [row.session for row in term.sessions] == [session, later][: len(term.sessions)]
    assert sum(row.figures.declared for row in term.sessions) == len(used)

    # The pupil's pair (the partnership was kept) has the same deals.
    partner_ids = {m.pupil_id for m in found(session.pairs.first()).members.all()}
    class_term = feedback.class_term(session.school_class)
    pair_row = next(
        row
        for row in class_term.pairs
        if all(str(p) in row.name for p in Pupil.objects.filter(pk__in=partner_ids))
    )
    assert pair_row.figures == figures
    pupil_row = next(row for row in class_term.pupils if row.pupil == pupil)
    assert pupil_row.figures == figures

    # A date range keeps the first session only.
    first_only = feedback.pupil_term(session.school_class, pupil, end=session.date)
    assert first_only.figures.declared == len(first)


def test_the_figures_agree_with_the_curve_sheets(session: Session) -> None:
    """The term figures and the curve sheet are made from the same rows and analysis."""
    pupil = Pupil.objects.get(pk=found(found(session.pairs.first()).members.first()).pupil_id)
    play_with_cases(session, pupil, CASES)
    second_session(session)
    school_class = session.school_class
    for who in [pupil, *school_class.pupils.all()[:4]]:
        figures = feedback.pupil_term(school_class, who).figures
        points = curves.curve_points(curves.class_results(school_class, pupil=who), pupil=who)
        stats = curve_stats(points)
        assert figures.declared == stats.total
        assert figures.games_bid == stats.games_chosen
        assert figures.games_made == stats.games_made
        analysed = [p for p in points if p.dd_played is not None]
        assert figures.analysed == len(analysed)
        analysed_stats = curve_stats(analysed)
        assert figures.tricks == round(
            sum(
                row.mean_tricks * row.count
                for row in analysed_stats.with_results
                if row.mean_tricks
            )
        )
        assert figures.dd_tricks == round(
            sum(
                (row.mean_dd_played or 0) * row.dd_played_count
                for row in analysed_stats.with_results
            )
        )
    whole = feedback.class_term(school_class).figures
    stats = curve_stats(curves.curve_points(curves.class_results(school_class)))
    assert (whole.declared, whole.games_bid, whole.games_made) == (
        stats.total,
        stats.games_chosen,
        stats.games_made,
    )


# --------------------------------------------------------------------------- the pages


def no_script_or_style(html: str) -> None:
    """What a Content-Security-Policy without 'unsafe-inline' allows: no inline script,
    no style attribute, no on* handler."""
    assert not re.search(r"<script(?![^>]*\ssrc=)[^>]*>", html)
    assert " style=" not in html
    assert not re.search(r"\son[a-z]+=", html)


def test_the_pupil_page(session: Session, alice_client: Client, bob_client: Client) -> None:
    pupil = Pupil.objects.get(pk=found(found(session.pairs.first()).members.first()).pupil_id)
    play_with_cases(session, pupil, CASES[:2])
    url = f"/classes/{session.school_class_id}/pupils/{pupil.pk}/"
    response = alice_client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<svg" in html
    assert html.count('class="term-bar"') == 3
    assert "Game was there: ♥ game makes 10 tricks" in html
    no_script_or_style(html)
    assert bob_client.get(url).status_code == 404
    other = running_session(session.school_class.teacher, class_name="9C", seed="other")
    assert (
        alice_client.get(f"/classes/{other.school_class_id}/pupils/{pupil.pk}/").status_code == 404
    )
    assert alice_client.post(url).status_code == 405
    # The class page links to it.
    class_page = alice_client.get(f"/classes/{session.school_class_id}/").content.decode()
    assert f'href="{url}"' in class_page


def test_the_class_term_page(session: Session, alice_client: Client, bob_client: Client) -> None:
    pupil = Pupil.objects.get(pk=found(found(session.pairs.first()).members.first()).pupil_id)
    play_with_cases(session, pupil, CASES[:2])
    url = f"/classes/{session.school_class_id}/feedback/"
    html = alice_client.get(url).content.decode()
    assert "What the cards allowed" in html
    assert html.count('<th scope="row"><a href="/classes/') == session.school_class.pupils.count()
    no_script_or_style(html)
    assert bob_client.get(url).status_code == 404
    alice_client.cookies["django_language"] = "nb"
    assert "Hva kortene ga" in alice_client.get(url).content.decode()


def test_the_boards_to_discuss(session: Session, alice_client: Client, bob_client: Client) -> None:
    # Board 1: game there; every table that plays it in round 1 stops in 1H. Board 2:
    # no game; the table bids 4S. Board 4: everybody right.
    enter_examples(session)
    outcomes = {o.number: o for o in feedback.session_outcomes(session)}
    assert (outcomes[1].judged, outcomes[1].missed, outcomes[1].best) == (1, 1, 0)
    assert (outcomes[2].could_not_make, outcomes[2].wrong_level) == (1, 1)
    assert (outcomes[3].other, outcomes[3].wrong_level) == (1, 0)
    assert (outcomes[4].best, outcomes[7].judged) == (1, 0)
    ranked = feedback.boards_to_discuss(list(outcomes.values()), games=True)
    assert [o.number for o in ranked] == [1, 2]
    # Under a scoring without games, the boards where another strain was better.
    strain = feedback.boards_to_discuss(list(outcomes.values()), games=False)
    assert [o.number for o in strain] == [3]
    with translation.override("en"):
        assert outcomes[1].text == "One table: 1 chose a part-score with game there."
    url = f"/sessions/{session.pk}/feedback/"
    page = text_of(alice_client.get(url).content.decode())
    assert (
        "Board 1 · Best contract: 4 ♥ Hearts (10 tricks) "
        "One table: 1 chose a part-score with game there." in page
    )
    assert bob_client.get(url).status_code == 404
    standings = alice_client.get(f"/sessions/{session.pk}/standings/").content.decode()
    assert f'href="{url}"' in standings
    assert f'href="/sessions/{session.pk}/lesson-pack/"' in standings
    detail = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert f'href="/sessions/{session.pk}/lesson-pack/"' in detail


# --------------------------------------------------------------------------- lesson pack


def pdf_text(data: bytes) -> list[str]:
    """Each page's text, spaces squeezed."""
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages]


@pytest.mark.parametrize(("language", "paper"), [("en", "A4"), ("nb", "Letter")])
def test_the_lesson_pack_holds_the_boards_and_their_pars(
    session: Session, alice_client: Client, bob_client: Client, language: str, paper: str
) -> None:
    analysis.board_set_run_analysis(board_set_id=board_set_id(session))  # DDS, 8 boards
    # Round 1 plays every board once: 1NT with 7 tricks everywhere.
    movement = session_selectors.session_movement(session)
    for table in session.tables.all():
        for number in movement.boards(movement.entry(1, table.number).board_set):
            result_services.result_record(
                table=table, board_number=number, contract="1NT", tricks_won=7
            )
    alice_client.cookies["django_language"] = language
    query = "?paper=letter" if paper == "Letter" else ""
    response = alice_client.get(f"/sessions/{session.pk}/lesson-pack/{query}")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert "lesson-pack.pdf" in response["Content-Disposition"]
    pages = pdf_text(response.content)
    reader = PdfReader(io.BytesIO(response.content))
    width, height = (float(v) for v in reader.pages[0].mediabox[2:])
    assert (round(width), round(height)) == ((595, 842) if paper == "A4" else (612, 792))

    # 8 boards, three a page: three pages; then the curve sheet and the answers.
    assert len(pages) == 5
    boards = [
        board_selectors.board_facts(board)
        for board in Board.objects.filter(board_set=session.board_set).order_by("number")
    ]
    with translation.override(language):
        words = {
            "board": translation.gettext("Board %(number)s"),
            "pack": translation.gettext("Lesson pack"),
            "sheet": translation.gettext("Curve sheet"),
            "answers": translation.gettext("Worksheet answers"),
            "why": translation.gettext("Why:"),
        }
        for page_number, page in enumerate(pages[:3]):
            assert words["pack"] in page
            on_page = boards[page_number * 3 : page_number * 3 + 3]
            for board in on_page:
                assert board.par is not None
                assert words["board"] % {"number": board.number} in page
                par = bridge_labels.par_text(board.par)
                # Text extraction puts a space after each suit symbol: "1 ♦".
                assert par.replace(" ", "") in page.replace(" ", ""), (board.number, par)
                lesson = board_lesson(
                    board.deal, board.declaration.declarer, dd=board.dd, profile="ebu"
                )
                # The why is the board's own: its points and its par's tricks.
                why = feedback_labels.board_why_text(lesson)
                assert why.split(" (")[0] in page  # "26 points together"
            assert page.count(words["why"]) == len(on_page)
        assert words["sheet"] in pages[3]
        assert words["answers"] in pages[4]
        # The answers: every board, its points, the par and its tricks, in a row.
        for board in boards:
            assert board.par is not None
            par = bridge_labels.contract_text(board.par.contract)
            row = f"{board.number} {board.side_hcp} {par} "
            assert (row + str(board.par.tricks)).replace(" ", "") in pages[4].replace(" ", "")
    assert "Page 5 of 5" in pages[4] or "Side 5 av 5" in pages[4]
    assert bob_client.get(f"/sessions/{session.pk}/lesson-pack/").status_code == 404


def test_the_lesson_pack_of_boards_not_analysed_yet(session: Session, alice_client: Client) -> None:
    with translation.override("en"):
        pages = pdf_text(alice_client.get(f"/sessions/{session.pk}/lesson-pack/").content)
    assert pages[0].count("The cards are not analysed yet") == 3
    assert "points together" in pages[0]
