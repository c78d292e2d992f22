"""What a table is told when a round is over: where each of its pairs goes and where the
boards go. The table's page and its printed table card say exactly the same sentences,
and those agree with the movement, for every table and round of every Mitchell (2–15
tables, skip and relay, with and without a round off, with an arrow switch) and every
Howell (2–7 tables). The expected sentences are worked out here from the movement's
entries (who sits where in each round), not from ``table_card`` or the labels."""

from __future__ import annotations

import datetime
from collections.abc import Sequence

import pytest
from django.contrib.auth.models import User
from django.test import Client

from scoring.movements import (
    HOWELL_TABLES,
    MITCHELL_TABLES,
    Line,
    MitchellStyle,
    Movement,
    PairId,
    howell,
    mitchell,
    table_card,
)
from tests.tournaments.printing.movement_papers import _reader
from tournaments.boards import services as board_services
from tournaments.labels import sessions as session_labels
from tournaments.models import Pupil, SchoolClass, Session
from tournaments.printing.common import SessionPrint
from tournaments.printing.table_cards import table_cards_pdf
from tournaments.results import selectors as result_selectors
from tournaments.results import services as result_services
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services


def _movements() -> list[tuple[str, Movement]]:
    found: list[tuple[str, Movement]] = []
    for tables in MITCHELL_TABLES:
        styles = (
            [MitchellStyle.SKIP, MitchellStyle.RELAY]
            if tables % 2 == 0
            else [MitchellStyle.STANDARD]
        )
        for style in styles:
            for pairs in (2 * tables, 2 * tables - 1):
                found.append(
                    (f"mitchell-{pairs}-pairs-{style}", mitchell(pairs, even_tables=style))
                )
        if tables in (3, 4, 8):
            found.append(
                (f"mitchell-{2 * tables}-pairs-arrow", mitchell(2 * tables, arrow_switch=True))
            )
    for tables in HOWELL_TABLES:
        for pairs in (2 * tables - 1, 2 * tables):
            found.append((f"howell-{pairs}-pairs", howell(pairs, boards_per_round=3)))
    return found


MOVEMENTS = _movements()
SIDES = {Line.NS: "North–South", Line.EW: "East–West"}
SHORT = {Line.NS: "N–S", Line.EW: "E–W"}


def _name(pair: PairId) -> str:
    return f"Pair {pair.number}" + (f" {SHORT[pair.direction]}" if pair.direction else "")


def _tables(tables: Sequence[int]) -> str:
    return ("table " if len(tables) == 1 else "tables ") + " & ".join(map(str, tables))


def _told(movement: Movement, table: int, round_: int) -> list[str]:
    """What the movement says the table must be told after ``round_``, in English."""
    entry = movement.entry(round_, table)
    texts = []
    for pair in (entry.ns_pair, entry.ew_pair):
        if pair is None or round_ == movement.rounds:
            continue
        nxt = movement.entry_for_pair(pair, round_ + 1)
        assert nxt is not None
        seat = nxt.seat_of(pair)
        assert seat is not None
        here = nxt.table == table
        if nxt.sits_out:
            texts.append(f"{_name(pair)} has the next round off, at table {nxt.table}.")
            continue
        # The seats are named when the pair cannot know them: a Howell pair always
        # (unless it stays in the seats it has), a Mitchell pair when it is turned round.
        known = pair.direction if entry.sits_out else entry.seat_of(pair)
        turned = (known if here else pair.direction) != seat
        sits = f" and sits {SIDES[seat]}" if turned else ""
        move = "stays at this table" if here else f"goes to table {nxt.table}"
        texts.append(f"{_name(pair)} {move}{sits}.")
    later = [e for e in movement.entries if e.board_set == entry.board_set and e.round > round_]
    if not later:
        texts.append("Give the boards to the teacher.")
        return texts
    when = min(e.round for e in later)
    tables = sorted(e.table for e in later if e.round == when)
    if when > round_ + 1:
        texts.append(f"The boards go onto the side table, for {_tables(tables)} in round {when}.")
    elif tables == [table]:
        texts.append("The boards stay on this table.")
    elif table in tables:
        others = [t for t in tables if t != table]
        texts.append(f"The boards stay on this table, shared with {_tables(others)}.")
    else:
        texts.append(f"The boards go to {_tables(tables)}.")
    return texts


def _card_row(movement: Movement, table: int, round_: int, told: list[str]) -> str:
    """The round's line on the table card (a card printed without names)."""
    entry = movement.entry(round_, table)
    pairs = [
        "—" if pair is None else _name(pair).removeprefix("Pair ")
        for pair in (entry.ns_pair, entry.ew_pair)
    ]
    boards = movement.boards(entry.board_set)
    shown = str(boards[0]) if len(boards) == 1 else f"{boards[0]}–{boards[-1]}"
    if entry.sits_out:
        shown += " not played"
    return f" {round_} {pairs[0]} {pairs[1]} {shown} {' '.join(told)} "


@pytest.mark.parametrize(("name", "movement"), MOVEMENTS, ids=[name for name, _m in MOVEMENTS])
def test_the_page_and_the_card_say_where_everybody_goes(name: str, movement: Movement) -> None:
    card = table_cards_pdf(SessionPrint("", movement, pair_names={}, table_urls={}))
    pages = _reader(card).pages
    for table in range(1, movement.tables + 1):
        printed = " " + " ".join(pages[table - 1].extract_text().split()) + " "
        for row in table_card(movement, table):
            told = _told(movement, table, row.round)
            where = f"{name}, table {table}, round {row.round}"
            # The page: every pair of the table is told, the round-off table's too.
            assert session_labels.after_round_texts(row) == told, where
            # The card says the same sentences on that round's line.
            assert _card_row(movement, table, row.round, told) in printed, where
            if row.sits_out and row.round < movement.rounds:
                assert any(text.startswith("Pair ") for text in told), where


def test_the_texts_cover_every_kind_of_move() -> None:
    """The movements above between them use every sentence at least once."""
    every = {
        text.split(" ", 2)[-1] if text.startswith("Pair ") else text
        for _name, movement in MOVEMENTS
        for table in range(1, movement.tables + 1)
        for round_ in range(1, movement.rounds + 1)
        for text in _told(movement, table, round_)
    }
    kinds = [
        "has the next round off, at table",
        "stays at this table.",
        "stays at this table and sits",
        "goes to table",
        "and sits North–South.",
        "The boards go onto the side table",
        "The boards stay on this table.",
        "The boards go to table",
        "Give the boards to the teacher.",
    ]
    for kind in kinds:
        assert any(kind in text for text in every), kind


def test_norwegian_texts() -> None:
    from django.utils import translation

    row = table_card(mitchell(9), 4)[1]  # E–W 3 comes to the phantom table next
    with translation.override("nb"):
        assert session_labels.after_round_texts(row) == [
            "Par 4 N–S blir sittende ved dette bordet.",
            "Par 3 Ø–V har fri neste runde, ved bord 5.",
            "Mappene går til bord 3.",
        ]
    row = table_card(howell(6, boards_per_round=3), 2)[0]
    with translation.override("nb"):
        assert session_labels.after_round_texts(row) == [
            "Par 3 går til bord 3 og sitter Øst–Vest.",
            "Par 4 går til bord 1 og sitter Nord–Syd.",
            "Mappene legges på sidebordet, til bord 3 i runde 3.",
        ]


# -- The table's page in a running session --------------------------------------------------


def _started(teacher: User, *, pupils: int, kind: str, rounds: int) -> Session:
    school_class = SchoolClass.objects.create(teacher=teacher, name="5C")
    present = [
        Pupil.objects.create(school_class=school_class, first_name=f"Pupil{n:02}")
        for n in range(pupils)
    ]
    session = session_services.session_create(
        school_class=school_class, present=present, date=datetime.date(2026, 11, 30)
    )
    board_set = board_services.board_set_deal(teacher=teacher, name="Set", count=30, seed="texts")
    session_services.session_setup_and_start(
        session=session,
        teacher=teacher,
        board_set=board_set,
        movement_kind=kind,
        movement_style="skip",
        rounds=rounds,
        arrow_switch=False,
        boards_per_round=3,
        scoring_profile="ebu",
        convention="ebu",
    )
    session.refresh_from_db()
    return session


def _page(session: Session, number: int) -> str:
    token = session.tables.get(number=number).token
    response = Client().get(f"/t/{token}/")
    assert response.status_code == 200
    return response.content.decode()


def _finish_round(session: Session, number: int) -> None:
    table = session.tables.get(number=number)
    entry = session_selectors.session_movement(session).entry(session.current_round, number)
    for board in session_selectors.session_movement(session).boards(entry.board_set):
        result_services.result_record(table=table, board_number=board, contract="1NT", tricks_won=7)


@pytest.mark.django_db
def test_the_round_off_table_says_where_its_pair_goes(alice: User) -> None:
    # 5 pairs, a Mitchell of 3 tables: N–S 3 is nobody, so E–W 3 has round 1 off.
    session = _started(alice, pupils=10, kind="mitchell", rounds=3)
    html = _page(session, 3)
    assert "This table has the round off." in html
    assert "When the round is over" in html
    assert "<li>Pair 3 E–W goes to table 1.</li>" in html
    assert "<li>The boards go to table 2.</li>" in html


@pytest.mark.django_db
def test_a_table_whose_pair_has_the_next_round_off_says_so(alice: User) -> None:
    session = _started(alice, pupils=10, kind="mitchell", rounds=3)
    _finish_round(session, 2)
    html = _page(session, 2)
    assert "<li>Pair 2 N–S stays at this table.</li>" in html
    assert "<li>Pair 2 E–W has the next round off, at table 3.</li>" in html
    assert "goes to table 3" not in html


@pytest.mark.django_db
def test_the_howell_stationary_table_page_matches_its_card(alice: User) -> None:
    # 6 pairs, a Howell of 3 tables: table 1 keeps its boards after round 1.
    session = _started(alice, pupils=12, kind="howell", rounds=3)
    movement = session_selectors.session_movement(session)
    for number in range(1, movement.tables + 1):
        _finish_round(session, number)
        row = table_card(movement, number)[0]
        found = result_selectors.table_at_work(session.tables.get(number=number).token)
        assert found is not None
        assert result_selectors.table_round_view(
            found
        ).after_round == session_labels.after_round_texts(row)
        html = _page(session, number)
        for text in session_labels.after_round_texts(row):
            assert f"<li>{text}</li>" in html
    first = _page(session, 1)
    assert "<li>The boards stay on this table.</li>" in first
    assert "The boards go to table 1" not in first


@pytest.mark.django_db
def test_a_pair_that_stopped_playing_is_not_sent_anywhere(alice: User) -> None:
    session = _started(alice, pupils=10, kind="mitchell", rounds=3)
    pair = session.pairs.get(number=1, line="EW")
    session_services.pair_withdraw(pair=pair, from_round=1)
    html = _page(session, 1)  # its opponents have the round off
    assert "This table has the round off." in html
    after = html.split("When the round is over")[1]
    assert "<li>Pair 1 N–S stays at this table.</li>" in after
    assert "Pair 1 E–W" not in after
