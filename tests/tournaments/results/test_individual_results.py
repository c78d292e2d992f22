"""The results of an individual session on every screen and export (issue 19): the
standings rank pupils ("Pupil" where a pairs session says "Pair"), a pupil's score card
names the seat, the partner and the opponents of every board, travellers show each
round's partnerships, the projector first names; the PDFs, the workbook and the PBN
file say the same, in English and in Norwegian. Adjusted and unplayed boards count for
both pupils of each side exactly as for pairs.

The played session: 8 pupils, one round of boards 1 and 2. Round 1 seats table 1 as
North 6 (Fi), East 8 (Hal), South 4 (Di), West 7 (Gus), and table 2 as North 1 (Ada),
East 3 (Cy), South 5 (Ed), West 2 (Bo). Both tables play 1NT: table 1's declarer takes
8 tricks, table 2's 6. On each board table 1's declaring side and table 2's defenders
beat the other table's score (EBU: 2 of a top of 2); the others get 0.
"""

from __future__ import annotations

import datetime
import io
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from openpyxl import load_workbook
from openpyxl.worksheet.worksheet import Worksheet
from pypdf import PdfReader

from scoring.cards import Side
from scoring.pbn import PbnTable, read_pbn
from tests.factories import individual_session
from tournaments.boards import services as board_services
from tournaments.boards.selectors import board_facts
from tournaments.models import Pair, Pupil, SchoolClass, Session
from tournaments.results import services as result_services
from tournaments.sessions import services as session_services
from tournaments.standings.selectors import session_standings

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Fi", "Gus", "Hal"]
SURNAMES = {"Fi": "Hansen", "Di": "Berg", "Hal": "Lie", "Gus": "Moe"}
#: Round 1's partnerships: table → side → the pupils, North (East) first.
SEATS = {
    1: {"NS": ("Fi", "Di"), "EW": ("Hal", "Gus")},
    2: {"NS": ("Ada", "Ed"), "EW": ("Cy", "Bo")},
}


def _declaring_side(session: Session, number: int) -> Side:
    assert session.board_set is not None
    board = session.board_set.boards.get(number=number)
    return board_facts(board, profile=session.profile).declaration.side


@pytest.fixture
def played(alice: User) -> Session:
    session = individual_session(alice, names=NAMES, rounds=1)
    for first_name, last_name in SURNAMES.items():
        Pupil.objects.filter(first_name=first_name).update(last_name=last_name)
    tables = {table.number: table for table in session.tables.all()}
    for number in (1, 2):
        result_services.result_record(
            table=tables[1], board_number=number, contract="1NT", tricks_won=8
        )
        result_services.result_record(
            table=tables[2], board_number=number, contract="1NT", tricks_won=6
        )
    return session


def _pupil(session: Session, first_name: str) -> Pair:
    return Pair.objects.get(session=session, members__pupil__first_name=first_name)


def _expected(session: Session) -> dict[str, int]:
    """Each pupil's matchpoints of a top of 4, by hand: 2 on each board where their side
    beat the other table's score."""
    got = dict.fromkeys(NAMES, 0)
    for number in (1, 2):
        side = _declaring_side(session, number).value
        other = "EW" if side == "NS" else "NS"
        for name in (*SEATS[1][side], *SEATS[2][other]):
            got[name] += 2
    return got


def _full_name(first_name: str) -> str:
    return f"{first_name} {SURNAMES[first_name]}" if first_name in SURNAMES else first_name


def _flat(html: str) -> str:
    return " ".join(html.split())


def _get(client: Client, url: str, language: str) -> str:
    client.cookies["django_language"] = language
    with translation.override(None):  # LocaleMiddleware leaves its language active
        response = client.get(url)
    assert response.status_code == 200
    return _flat(response.content.decode())


def _headings(html: str) -> list[str]:
    return re.findall(r'<th scope="col">([^<]*)</th>', html)


# -- Pages -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "pupil", "pair"), [("en", "Pupil", "Pair"), ("nb", "Elev", "Par")]
)
def test_the_standings_page_ranks_pupils_alone(
    alice_client: Client, played: Session, language: str, pupil: str, pair: str
) -> None:
    page = _get(alice_client, f"/sessions/{played.pk}/standings/", language)
    assert pupil in _headings(page)
    assert pair not in _headings(page)
    # One list with a row per pupil: number, full name, percentage, matchpoints.
    assert page.count("<tr>") == 1 + len(NAMES)
    decimal = "," if language == "nb" else "."
    for name, mp in _expected(played).items():
        number = NAMES.index(name) + 1
        card = f"/sessions/{played.pk}/pairs/{_pupil(played, name).pk}/card/"
        percent = f"{100 * mp / 4:.2f}".replace(".", decimal)
        row = (
            f'<td><a href="{card}">{number}</a></td> <td>{_full_name(name)}</td> '
            f'<td class="big-number">{percent}</td><td>{mp} / 4</td>'
        )
        assert row in page


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["Score card: Fi Hansen", "Seat", "Partner", "Opponents", "North"]),
        ("nb", ["Scorekort: Fi Hansen", "Retning", "Makker", "Motstandere", "Nord"]),
    ],
)
def test_a_pupils_score_card_names_seat_partner_and_opponents(
    alice_client: Client, played: Session, language: str, words: list[str]
) -> None:
    fi = _pupil(played, "Fi")
    page = _get(alice_client, f"/sessions/{played.pk}/pairs/{fi.pk}/card/", language)
    title, seat, partner, opponents, north = words
    assert f'<h1 id="card-heading">{title}</h1>' in page
    assert f"<title>{title}" in page
    headings = _headings(page)
    assert headings[3:6] == [seat, partner, opponents]
    # Both boards, each with Fi in the North seat beside Di against Hal and Gus.
    row = f"<td>{north}</td><td>Di Berg</td><td>Hal Lie &amp; Gus Moe</td>"
    assert page.count(row) == 2
    mp = _expected(played)["Fi"]
    assert f"{100 * mp / 4:.2f}".replace(".", "," if language == "nb" else ".") in page


def test_a_pupils_score_card_names_their_partner_each_side(
    alice_client: Client, played: Session
) -> None:
    """Gus sat West: his partner is Hal, his opponents Fi and Di."""
    gus = _pupil(played, "Gus")
    page = _get(alice_client, f"/sessions/{played.pk}/pairs/{gus.pk}/card/", "en")
    assert "Score card: Gus Moe" in page
    assert page.count("<td>West</td><td>Hal Lie</td><td>Fi Hansen &amp; Di Berg</td>") == 2


def test_a_pairs_score_card_is_unchanged(alice: User, alice_client: Client) -> None:
    from tests.factories import running_session

    session = running_session(alice, seed="pairs-card")
    pair = session.pairs.get(number=1, line="NS")
    page = _get(alice_client, f"/sessions/{session.pk}/pairs/{pair.pk}/card/", "en")
    assert '<h1 id="card-heading">Pair 1 N–S: ' in page
    assert _headings(page)[3:5] == ["Direction", "Opponents"]
    assert "Partner" not in _headings(page)
    standings = _get(alice_client, f"/sessions/{session.pk}/standings/", "en")
    assert "Pair" in _headings(standings)
    assert "Pupil" not in _headings(standings)


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_traveller_shows_each_rounds_partnerships(
    alice_client: Client, played: Session, language: str
) -> None:
    page = _get(alice_client, f"/sessions/{played.pk}/boards/1/", language)
    for table in SEATS.values():
        for north_or_east, south_or_west in table.values():
            a, b = NAMES.index(north_or_east) + 1, NAMES.index(south_or_west) + 1
            names = f"{_full_name(north_or_east)} &amp; {_full_name(south_or_west)}"
            assert f"<td>{a} &amp; {b}<br><small>{names}</small></td>" in page


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_projector_lists_pupils_by_first_name(
    alice_client: Client, played: Session, language: str
) -> None:
    page = _get(alice_client, f"/sessions/{played.pk}/projector/", language)
    decimal = "," if language == "nb" else "."
    for name, mp in _expected(played).items():
        percent = f"{100 * mp / 4:.1f}".replace(".", decimal)
        assert (
            f'<span class="p-names">{name}</span> <span class="p-score">{percent} %</span>' in page
        )
    assert "Hansen" not in page  # shared screens show first names only
    assert page.count('class="p-row"') == len(NAMES)


# -- The PDFs ------------------------------------------------------------------------------


def _pdf_text(pdf: bytes) -> str:
    return " ".join(
        " ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages
    )


def _download(client: Client, session: Session, kind: str, language: str) -> bytes:
    client.cookies["django_language"] = language
    with translation.override(None):
        response = client.get(f"/sessions/{session.pk}/export/{kind}/")
    assert response.status_code == 200
    return response.content


@pytest.mark.parametrize(
    ("language", "headings", "pair"),
    [("en", "Place Pupil Names Percentage", "Pair"), ("nb", "Plass Elev Navn Prosent", "Par")],
)
def test_the_standings_pdf_ranks_pupils(
    alice_client: Client, played: Session, language: str, headings: str, pair: str
) -> None:
    text = _pdf_text(_download(alice_client, played, "standings-pdf", language))
    assert headings in text
    assert f" {pair} " not in text
    decimal = "," if language == "nb" else "."
    for name, mp in _expected(played).items():
        number = NAMES.index(name) + 1
        percent = f"{100 * mp / 4:.2f}".replace(".", decimal)
        assert f"{number} {_full_name(name)} {percent} %" in text


def test_the_travellers_pdf_shows_the_partnerships(alice_client: Client, played: Session) -> None:
    text = _pdf_text(_download(alice_client, played, "travellers-pdf", "en"))
    assert text.count("1 6 & 4 8 & 7 1NT E 8") == 2  # table 1 on boards 1 and 2
    assert text.count("2 1 & 5 3 & 2 1NT") == 2


# -- The workbook --------------------------------------------------------------------------


def _rows(sheet: Worksheet) -> list[list[object]]:
    return [list(row) for row in sheet.iter_rows(values_only=True)]


@pytest.mark.parametrize(
    ("language", "sheets", "words"),
    [
        (
            "en",
            ["Standings", "Travellers", "Score cards"],
            ["Pupil", "Names", "Seat", "Partner", "Opponents", "North", "Score card: Fi Hansen"],
        ),
        (
            "nb",
            ["Resultatliste", "Regnskapsblanketter", "Scorekort"],
            ["Elev", "Navn", "Retning", "Makker", "Motstandere", "Nord", "Scorekort: Fi Hansen"],
        ),
    ],
)
def test_the_workbook_ranks_pupils_and_keeps_their_cards(
    alice_client: Client, played: Session, language: str, sheets: list[str], words: list[str]
) -> None:
    pupil, names, seat, partner, opponents, north, card_heading = words
    workbook = load_workbook(io.BytesIO(_download(alice_client, played, "xlsx", language)))
    standings, travellers, cards = (workbook[name] for name in sheets)

    rows = _rows(standings)
    header = rows[0]
    assert header[2:4] == [pupil, names]
    got = {row[3]: (row[2], row[5], row[6], row[7]) for row in rows[1:] if row[3]}
    expected = _expected(played)
    assert got == {
        _full_name(name): (NAMES.index(name) + 1, float(mp), 4.0, mp / 4)
        for name, mp in expected.items()
    }

    rows = _rows(travellers)
    sides = sorted({(row[2], row[3], row[4]) for row in rows[1:]})
    assert sides == [(1, "6 & 4", "8 & 7"), (2, "1 & 5", "3 & 2")]

    rows = _rows(cards)
    assert rows[0][4:7] == [seat, partner, opponents]
    start = next(i for i, row in enumerate(rows) if row[0] == card_heading)
    fi = rows[start + 1 : start + 3]
    assert [row[:7] for row in fi] == [
        [board, 1, 1, "N–S", north, "Di Berg", "Hal Lie & Gus Moe"] for board in (1, 2)
    ]


def test_a_pairs_workbook_keeps_its_columns(alice: User) -> None:
    from tests.factories import running_session
    from tournaments.standings.spreadsheets import standings_workbook

    session = running_session(alice, seed="pairs-workbook")
    workbook = load_workbook(io.BytesIO(standings_workbook(session_standings(session))))
    assert _rows(workbook["Standings"])[0][2] == "Pair"
    assert _rows(workbook["Score cards"])[0][3:6] == ["Direction", "Opponents", "Contract"]


# -- The PBN file --------------------------------------------------------------------------


def _table(tables: tuple[PbnTable, ...], tag: str) -> PbnTable:
    return next(table for table in tables if table.tag == tag)


def test_the_pbn_names_the_four_pupils_and_ranks_them(
    alice_client: Client, played: Session
) -> None:
    parsed = read_pbn(_download(alice_client, played, "pbn", "en"))
    assert parsed.ok, parsed.problems
    games = parsed.boards
    assert [game.board.number for game in games] == [1, 2]
    assert all(game.tag("Competition") == "Individuals" for game in games)
    scores = _table(games[0].board.tables, "ScoreTable")
    rows = [
        dict(zip((column.name for column in scores.columns), row, strict=True))
        for row in scores.rows
    ]
    assert [
        (
            row["Table"],
            row["PairId_NS"],
            row["PairId_EW"],
            row["PlayerId_North"],
            row["PlayerId_East"],
            row["PlayerId_South"],
            row["PlayerId_West"],
        )
        for row in rows
    ] == [("1", "6&4", "8&7", "6", "8", "4", "7"), ("2", "1&5", "3&2", "1", "3", "5", "2")]
    declaring = _declaring_side(played, 1)
    assert rows[0]["MP_NS"] == ("2.00" if declaring == Side.NS else "0.00")

    totals = _table(games[-1].board.tables, "TotalScoreTable")
    names = [column.name for column in totals.columns]
    assert "PlayerId" in names
    assert "PairId" not in names
    assert "Direction" not in names
    got = {
        row[names.index("Names")]: (
            row[names.index("PlayerId")],
            row[names.index("TotalPercentage")],
        )
        for row in totals.rows
    }
    # First names only, as the class's screens show them: the file leaves the classroom.
    assert got == {
        name: (str(NAMES.index(name) + 1), f"{100 * mp / 4:.2f}")
        for name, mp in _expected(played).items()
    }


def test_the_feedback_command_reads_an_individual_pbn(
    alice_client: Client, played: Session
) -> None:
    """manage.py feedback judges every result of the file, the sides named by their
    partnerships."""
    from tournaments.feedback.pbn import pbn_feedback

    report = pbn_feedback(_download(alice_client, played, "pbn", "en"))
    assert report.has_results
    assert [(line.table, line.ns, line.ew) for line in report.boards[0].results] == [
        ("1", "6&4", "8&7"),
        ("2", "1&5", "3&2"),
    ]


def test_a_pairs_pbn_has_no_player_columns(alice: User) -> None:
    from tests.factories import running_session
    from tournaments.models import Board
    from tournaments.standings import pbn as standings_pbn

    session = running_session(alice, seed="pairs-pbn")
    boards = [
        board_facts(board, profile=session.profile)
        for board in Board.objects.filter(board_set_id=session.board_set_id)
    ]
    text = standings_pbn.session_pbn(session, session_standings(session), boards)
    assert "PlayerId" not in text
    assert "Competition" not in text
    assert '[TotalScoreTable "Rank\\3R;PairId\\4R;Direction\\2R;' in text


# -- Adjusted and unplayed boards ---------------------------------------------------------


def _twelve_pupils(teacher: User) -> Session:
    """A started individual session of 12 pupils at 3 tables, one round of boards 1–3.
    (Built here rather than by the factory, whose suggestion asks for 2 boards a round,
    too few for 3 tables that share boards.)"""
    school_class = SchoolClass.objects.create(teacher=teacher, name="7D")
    present = [
        Pupil.objects.create(school_class=school_class, first_name=f"Pupil{n:02}")
        for n in range(1, 13)
    ]
    session = session_services.session_create(
        school_class=school_class,
        present=present,
        date=datetime.date(2026, 11, 30),
        individual_event=True,
    )
    board_set = board_services.board_set_deal(
        teacher=teacher, name="7D boards", count=3, seed="adj"
    )
    session_services.session_setup_and_start(
        session=session,
        teacher=teacher,
        board_set=board_set,
        movement_kind="individual",
        movement_style="",
        rounds=1,
        arrow_switch=False,
        boards_per_round=3,
        scoring_profile="ebu",
        convention="ebu",
    )
    session.refresh_from_db()
    return session


def test_adjusted_and_unplayed_boards_count_for_both_pupils_of_each_side(
    alice: User,
) -> None:
    """12 pupils at 3 tables play boards 1–3 in round 1 (the individual movement seats
    table 1 as N 2, E 12, S 4, W 5; table 2 as N 1, E 11, S 6, W 8; table 3 as N 3,
    E 10, S 7, W 9). The field on each board is 3 tables, so the top is 2 × (3 − 1) = 4,
    and a board with fewer real results is factored up to it (Neuberg, EBU:
    (MP + 1) × 3 / N − 1).

    Board 1: tables 1 and 3 play 1NT, with 8 and 6 tricks; table 2 gets Average+ for N–S
    and Average− for E–W. The two real results are compared (2 and 0 of a top of 2) and
    factored up: the better (2 + 1) × 3 / 2 − 1 = 3.5, the worse (0 + 1) × 3 / 2 − 1 =
    0.5; the adjusted table gets 60 % and 40 % of 4: 2.4 and 1.6.
    Board 2: tables 1 and 2 play (8 and 6 tricks), table 3 does not: 3.5 and 0.5 again,
    and table 3's pupils have nothing for it.
    Board 3: all three play, with 8, 7 and 6 tricks: the declaring side gets 4, 2 and 0,
    the defenders 0, 2 and 4.
    """
    session = _twelve_pupils(alice)
    tables = {table.number: table for table in session.tables.all()}

    def play(table: int, board: int, tricks: int) -> None:
        result_services.result_record(
            table=tables[table], board_number=board, contract="1NT", tricks_won=tricks
        )

    play(1, 1, 8)
    play(3, 1, 6)
    result_services.result_adjust(
        session=session,
        table=tables[2],
        board_number=1,
        round_=1,
        teacher=alice,
        ns_percent=60,
        ew_percent=40,
    )
    play(1, 2, 8)
    play(2, 2, 6)
    result_services.result_set_not_played(
        session=session, table=tables[3], board_number=2, round_=1, teacher=alice
    )
    for table, tricks in ((1, 8), (2, 7), (3, 6)):
        play(table, 3, tricks)

    seats = {1: ((2, 4), (12, 5)), 2: ((1, 6), (11, 8)), 3: ((3, 7), (10, 9))}
    # (matchpoints, top) of every board each pupil has, by hand.
    expected: dict[int, list[tuple[float, int]]] = {n: [] for n in range(1, 13)}

    def credit(table: int, side: int, mp: float) -> None:
        for pupil in seats[table][side]:
            expected[pupil].append((mp, 4))

    def played(number: int, tables_mp: dict[int, float]) -> None:
        """``tables_mp``: each playing table's matchpoints for its declaring side."""
        declaring = 0 if _declaring_side(session, number) == Side.NS else 1
        for table, mp in tables_mp.items():
            credit(table, declaring, mp)
            credit(table, 1 - declaring, 4.0 - mp)

    played(1, {1: 3.5, 3: 0.5})
    credit(2, 0, 2.4)  # Average+ for N–S
    credit(2, 1, 1.6)  # Average− for E–W
    played(2, {1: 3.5, 2: 0.5})
    played(3, {1: 4.0, 2: 2.0, 3: 0.0})

    standings = session_standings(session)
    assert standings.individual
    [ranking] = standings.rankings
    number_of = {pair.pk: pair.number for pair in session.pairs.all()}
    got = {
        number_of[row.pair.pk]: (row.boards, row.matchpoints, row.top, row.percentage)
        for row in ranking.rows
    }
    assert got == {
        pupil: (
            len(lines),
            round(sum(mp for mp, _ in lines), 2),
            sum(top for _, top in lines),
            round(100 * sum(mp for mp, _ in lines) / sum(top for _, top in lines), 2),
        )
        for pupil, lines in expected.items()
    }
    # Table 3's pupils have boards 1 and 3 only; the adjusted board is on the cards of
    # both pupils of each side at table 2, each with their side's share.
    assert all(got[pupil][0] == 2 for pupil in (3, 7, 10, 9))
    pk = {number: pk for pk, number in number_of.items()}
    for pupil, partner, mp, percent in ((6, 1, 2.4, 60.0), (1, 6, 2.4, 60.0), (8, 11, 1.6, 40.0)):
        [line] = [line for line in standings.score_cards[pk[pupil]] if line.board == 1]
        assert (line.line.kind, line.matchpoints, line.percent) == ("adjusted", mp, percent)
        assert line.partner is not None
        assert line.partner.pk == pk[partner]
