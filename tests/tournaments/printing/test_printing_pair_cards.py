"""Pair cards: a card per pair with each of its rounds, reading like the movement, six a
page between dashed cut lines."""

from __future__ import annotations

import math

from scoring.movements import Movement
from tests.tournaments.printing.movement_papers import (
    MITCHELL_9,
    MOVEMENTS,
    _all_text,
    _number,
    _pair_row,
    _reader,
    _session,
)
from tournaments.printing.pair_cards import pair_cards_pdf


@MOVEMENTS
def test_every_pair_has_a_card_with_each_of_its_rounds(movement: Movement) -> None:
    session = _session(movement)
    pdf = pair_cards_pdf(session)
    assert len(_reader(pdf).pages) == math.ceil(movement.pairs / 6)
    text = _all_text(pdf)
    header = "Round Table Direction Opponents Boards"
    for pair in movement.pair_ids:
        rows = " ".join(_pair_row(session, pair, r) for r in range(1, movement.rounds + 1))
        card = f" Pair {_number(pair)} 6B Tuesday {session.pair_names[pair]} {header} {rows} "
        assert card in text, pair


def test_a_pair_card_reads_like_the_movement() -> None:
    session = _session(MITCHELL_9)
    text = _all_text(pair_cards_pdf(session))
    # E–W 3 starts at table 3 against N–S 3, then moves up a table each round, and has
    # round 3 off at table 5 (where the phantom sits North–South).
    assert (
        " Pair 3 E–W 6B Tuesday Leah S & William D Round Table Direction Opponents Boards"
        " 1 3 East–West 3 N–S Sofie Ø & Åsmund Æ 5–6"
        " 2 4 East–West 4 N–S Ingrid K & Lars P 9–10"
        " 3 5 — Round off —"
    ) in text
    assert text.count("Round off") == 5  # each E–W pair once
    assert "Pair 5 N–S" not in text  # the phantom gets no card


def test_pair_cards_have_dashed_cut_lines() -> None:
    content = _reader(pair_cards_pdf(_session(MITCHELL_9))).pages[0].get_contents()
    assert content is not None
    assert b"[4 3] 0 d" in content.get_data()
