"""Ready-made objects for tests and benchmarks, built through the services (so they are
made exactly as a teacher would make them)."""

from __future__ import annotations

import datetime

from django.contrib.auth.models import AbstractBaseUser

from tournaments import result_services, services, sessions
from tournaments.models import Pupil, SchoolClass, Session


def running_session(
    teacher: AbstractBaseUser,
    *,
    pupils: int = 16,
    rounds: int = 3,
    boards_per_round: int = 2,
    board_count: int = 8,
    movement_style: str = "skip",
    seed: str = "tests",
    class_name: str = "8A",
    scoring_profile: str = "ebu",
    target_table: list[tuple[int, int, int]] | None = None,
) -> Session:
    """A started Mitchell session (16 pupils: 8 pairs at 4 tables, skip, 3 rounds of 2
    boards by default), scored with ``scoring_profile`` or, given ``target_table``,
    with the teacher's own target table set before the start."""
    school_class = SchoolClass.objects.create(teacher=teacher, name=class_name)
    present = [
        Pupil.objects.create(school_class=school_class, first_name=f"Pupil{n:02}")
        for n in range(pupils)
    ]
    board_set = services.board_set_deal(
        teacher=teacher, name=f"{class_name} boards", count=board_count, seed=seed
    )
    session = sessions.session_create(
        school_class=school_class, present=present, date=datetime.date(2026, 11, 29)
    )
    if target_table is not None:
        sessions.session_target_table_set(session=session, bands=target_table)
        session.refresh_from_db()
        scoring_profile = session.scoring_profile
    sessions.session_setup_and_start(
        session=session,
        teacher=teacher,
        board_set=board_set,
        movement_kind="mitchell",
        movement_style=movement_style,
        rounds=rounds,
        arrow_switch=False,
        boards_per_round=boards_per_round,
        scoring_profile=scoring_profile,
        convention="ebu",
    )
    session.refresh_from_db()
    return session


def big_session(teacher: AbstractBaseUser, *, seed: str = "load") -> Session:
    """30 pairs at 15 tables, 3 boards a round: 45 results in round 1."""
    return running_session(
        teacher,
        pupils=60,
        rounds=1,
        boards_per_round=3,
        board_count=45,
        movement_style="",
        seed=seed,
        class_name="Big",
    )


def large_results_session(
    teacher: AbstractBaseUser, *, tables: int = 30, boards: int = 27
) -> Session:
    """A finished Howell-style field of ``tables`` tables where every board was played at
    every table (``tables`` × ``boards`` results), built with bulk inserts: for query
    counts and benchmarks of the standings, not for playing."""
    from tournaments.models import Board, Pair, PairMember, Result, Table

    school_class = SchoolClass.objects.create(teacher=teacher, name=f"Big {tables}")
    pupils = Pupil.objects.bulk_create(
        Pupil(school_class=school_class, first_name=f"P{n:03}") for n in range(tables * 4)
    )
    board_set = services.board_set_deal(teacher=teacher, name="Big", count=boards, seed="big")
    session = Session.objects.create(
        school_class=school_class,
        date=datetime.date(2026, 11, 29),
        state=Session.State.FINISHED,
        board_set=board_set,
        movement_kind=Session.Kind.MITCHELL,
        movement_style="standard",
        rounds=1,
        boards_per_round=1,
    )
    pairs = Pair.objects.bulk_create(
        Pair(session=session, number=n, line=line)
        for line in ("NS", "EW")
        for n in range(1, tables + 1)
    )
    PairMember.objects.bulk_create(
        PairMember(session=session, pair=pair, pupil=pupils[2 * i + k], position=k + 1)
        for i, pair in enumerate(pairs)
        for k in range(2)
    )
    table_rows = Table.objects.bulk_create(
        Table(session=session, number=n, token=f"big-{session.pk}-{n}")
        for n in range(1, tables + 1)
    )
    ns_pairs, ew_pairs = pairs[:tables], pairs[tables:]
    contracts = ["1NT", "3NT", "4S", "1H", "5D"]
    Result.objects.bulk_create(
        Result(
            session=session,
            table=table_rows[t],
            round=1,
            board_number=board.number,
            ns_pair=ns_pairs[t],
            ew_pair=ew_pairs[(t + board.number) % tables],
            contract=contracts[(t + board.number) % len(contracts)],
            tricks_won=(t * 7 + board.number * 3) % 14,
        )
        for board in Board.objects.filter(board_set=board_set)
        for t in range(tables)
    )
    return session


def play_round(session: Session, round_: int, plan: dict[tuple[int, int], tuple[str, int]]) -> None:
    """Enter round ``round_``: ``plan[(table, board)] = (contract, tricks)``."""
    Session.objects.filter(pk=session.pk).update(current_round=round_)
    session.refresh_from_db()
    movement = sessions.session_movement(session)
    for table in session.tables.all():
        entry = movement.entry(round_, table.number)
        for board in movement.boards(entry.board_set):
            contract, tricks = plan.get((table.number, board), ("1NT", 7))
            result_services.result_record(
                table=table, board_number=board, contract=contract, tricks_won=tricks
            )
