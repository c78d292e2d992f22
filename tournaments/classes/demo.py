"""Demo data beyond the seed file: a finished session with plausible results, so a
new install shows standings, travellers and curve sheets at once."""

from __future__ import annotations

import datetime
import random

from django.contrib.auth.models import User
from django.db import transaction

from scoring.cards import Strain
from scoring.contracts import Contract, ContractKind
from tournaments.boards import selectors as board_selectors
from tournaments.models import Board, BoardSet, SchoolClass, Session
from tournaments.results import services as result_services
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services


def _longest_fit(board: board_selectors.BoardFacts) -> Strain:
    """The declaring side's longest combined suit, or no trumps when it has no 8-card fit."""
    declarer, dummy = board.declaration.declarer, board.declaration.dummy
    best, length = Strain.NO_TRUMPS, 7
    for strain in (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS):
        suit = strain.suit
        assert suit is not None
        together = len(board.deal[declarer].holding(suit)) + len(board.deal[dummy].holding(suit))
        if together > length:
            best, length = strain, together
    return best


def plausible_result(board: board_selectors.BoardFacts, rng: random.Random) -> tuple[Contract, int]:
    """What a class of beginners might do: game with 25 points or more in the longest
    fit (or no trumps), about half a trick a point above 20, give or take one."""
    strain = _longest_fit(board)
    kind = ContractKind.GAME if board.side_hcp >= 25 else ContractKind.PART_SCORE
    tricks = round(6 + (board.side_hcp - 20) * 0.55) + rng.choice((-1, 0, 0, 1))
    return Contract(strain, kind), max(0, min(13, tricks))


@transaction.atomic
def demo_session(*, teacher: User, school_class: SchoolClass, board_set: BoardSet) -> Session:
    """A finished session for the class with every board played (idempotent: the
    class's first session is returned if it has one)."""
    existing = school_class.sessions.first()
    if existing is not None:
        return existing
    pupils = list(school_class.pupils.filter(active=True))
    session = session_services.session_create(
        school_class=school_class, present=pupils, date=datetime.date.today()
    )
    suggestion = session_selectors.session_suggestion(session)
    session_services.session_setup_and_start(
        session=session,
        teacher=teacher,
        board_set=board_set,
        movement_kind=suggestion.kind.value,
        movement_style=suggestion.style.value if suggestion.style else "",
        rounds=suggestion.rounds,
        arrow_switch=False,
        boards_per_round=suggestion.boards_per_round,
        scoring_profile="ebu",
        convention="ebu",
    )
    session.refresh_from_db()
    movement = session_selectors.session_movement(session)
    boards = {
        board.number: board_selectors.board_facts(board)
        for board in Board.objects.filter(board_set=board_set)
    }
    rng = random.Random(f"demo-{school_class.pk}")
    for round_ in range(1, movement.rounds + 1):
        Session.objects.filter(pk=session.pk).update(current_round=round_)
        session.refresh_from_db()
        for table in session.tables.all():
            entry = movement.entry(round_, table.number)
            if entry.sits_out:
                continue
            for number in movement.boards(entry.board_set):
                contract, tricks = plausible_result(boards[number], rng)
                result_services.result_record(
                    table=table, board_number=number, contract=contract, tricks_won=tricks
                )
    session_services.session_finish(session=session)
    return session
