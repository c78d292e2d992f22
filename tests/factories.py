"""Ready-made objects for tests and benchmarks, built through the services (so they are
made exactly as a teacher would make them)."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

from django.contrib.auth.models import User

from scoring.cards import Side
from scoring.profiles import get_profile
from tournaments.boards import services as board_services
from tournaments.models import BoardSet, Partnership, Pupil, SchoolClass, Session
from tournaments.results import services as result_services
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services

if TYPE_CHECKING:
    from events.models import Event
from tournaments.boards.selectors import board_facts


def board_set_of(session: Session) -> BoardSet:
    """The set a started session plays (a draft may have none yet)."""
    board_set = session.board_set
    assert board_set is not None, "the session has no board set"
    return board_set


def board_set_id(session: Session) -> int:
    """The id of the set a started session plays, without a query."""
    assert session.board_set_id is not None, "the session has no board set"
    return session.board_set_id


def running_session(
    teacher: User,
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
    board_set = board_services.board_set_deal(
        teacher=teacher, name=f"{class_name} boards", count=board_count, seed=seed
    )
    session = session_services.session_create(
        school_class=school_class, present=present, date=datetime.date(2026, 11, 29)
    )
    if target_table is not None:
        session_services.session_target_table_set(session=session, bands=target_table)
        session.refresh_from_db()
        scoring_profile = session.scoring_profile
    session_services.session_setup_and_start(
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


def individual_session(
    teacher: User,
    *,
    pupils: int = 8,
    rounds: int | None = None,
    boards_per_round: int | None = None,
    seed: str = "individual",
    class_name: str = "7C",
    names: list[str] | None = None,
    scoring_profile: str = "ebu",
) -> Session:
    """A started individual session: 8 pupils at 2 tables, every round (7) of the boards
    the set-up page suggests (2; 3 for 12 pupils), on a set dealt for it, scored with
    ``scoring_profile``. ``names`` are the pupils' first names."""
    school_class = SchoolClass.objects.create(teacher=teacher, name=class_name)
    present = [
        Pupil.objects.create(school_class=school_class, first_name=name)
        for name in names or [f"Pupil{n:02}" for n in range(1, pupils + 1)]
    ]
    session = session_services.session_create(
        school_class=school_class,
        present=present,
        date=datetime.date(2026, 11, 30),
        individual_event=True,
    )
    plan = session_selectors.session_plan(session, max_rounds=rounds or 99)
    board_set = board_services.board_set_deal(
        teacher=teacher, name=f"{class_name} boards", count=plan.total_boards, seed=seed
    )
    session_services.session_setup_and_start(
        session=session,
        teacher=teacher,
        board_set=board_set,
        movement_kind="individual",
        movement_style="",
        rounds=plan.rounds,
        arrow_switch=False,
        boards_per_round=boards_per_round or plan.boards_per_round,
        scoring_profile=scoring_profile,
        convention="ebu",
    )
    session.refresh_from_db()
    return session


def big_session(teacher: User, *, seed: str = "load") -> Session:
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


def large_results_session(teacher: User, *, tables: int = 30, boards: int = 27) -> Session:
    """A finished Howell-style field of ``tables`` tables where every board was played at
    every table (``tables`` × ``boards`` results), built with bulk inserts: for query
    counts and benchmarks of the standings, not for playing."""
    from tournaments.models import Board, Pair, PairMember, Result, Table

    school_class = SchoolClass.objects.create(teacher=teacher, name=f"Big {tables}")
    pupils = Pupil.objects.bulk_create(
        Pupil(school_class=school_class, first_name=f"P{n:03}") for n in range(tables * 4)
    )
    board_set = board_services.board_set_deal(teacher=teacher, name="Big", count=boards, seed="big")
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
    movement = session_selectors.session_movement(session)
    for table in session.tables.all():
        entry = movement.entry(round_, table.number)
        for board in movement.boards(entry.board_set):
            contract, tricks = plan.get((table.number, board), ("1NT", 7))
            result_services.result_record(
                table=table, board_number=board, contract=contract, tricks_won=tricks
            )


def league_class(
    teacher: User, *, pairs: int = 4, class_name: str = "5C"
) -> tuple[SchoolClass, list[Partnership]]:
    """A class with ``pairs`` established pairs (partnerships), pupils named A1 & A2,
    B1 & B2, … in pair order."""
    school_class = SchoolClass.objects.create(teacher=teacher, name=class_name)
    partnerships = []
    for index in range(pairs):
        letter = chr(ord("A") + index)
        first, second = (
            Pupil.objects.create(school_class=school_class, first_name=f"{letter}{n}")
            for n in (1, 2)
        )
        partnerships.append(
            Partnership.objects.create(school_class=school_class, first=first, second=second)
        )
    return school_class, partnerships


def play_league_round(
    session: Session, round_: int, plan: dict[tuple[int, int], str], *, only: int | None = None
) -> None:
    """Enter round ``round_`` of a league evening so that each deal goes to the pair
    the plan names: ``plan[(1, 4)] = "141"`` means pair 1 wins deals 1 and 3 of its
    match against pair 4, and pair 4 deal 2 (the order of the key does not matter). A
    deal goes to a side by declarer taking all 13 tricks in 1NT (the declaring side
    wins) or none (the defenders win), whatever the profile. With ``only``, just that
    table."""
    from tournaments.models import Board

    Session.objects.filter(pk=session.pk).update(current_round=round_)
    session.refresh_from_db()
    movement = session_selectors.session_movement(session)
    for table in session.tables.all():
        entry = movement.entry(round_, table.number)
        if entry.sits_out or (only is not None and table.number != only):
            continue
        assert entry.ns_pair is not None
        assert entry.ew_pair is not None
        ns, ew = entry.ns_pair.number, entry.ew_pair.number
        winners = plan.get((ns, ew)) or plan[(ew, ns)]
        for board_number, winner in zip(movement.boards(entry.board_set), winners, strict=True):
            board = Board.objects.get(board_set_id=session.board_set_id, number=board_number)
            declarer = board_facts(board, profile=session.profile).declaration.declarer
            winning_side = Side.NS if int(winner) == ns else Side.EW
            result_services.result_record(
                table=table,
                board_number=board_number,
                contract="1NT",
                tricks_won=13 if declarer.side is winning_side else 0,
            )


def two_duplicate_sessions(school_class: SchoolClass, teacher: User) -> list[Session]:
    """Two finished Howell sessions of the class's four established pairs (3 rounds of 2
    boards; both tables play the same boards each round, so each board is played twice).

    Session 1 (1 November): 1NT making 7 at every table, so every pair has 50 %.
    Session 2 (8 November): the same, except board 1 at table 1 in round 1, where pair 4
    (North–South) does better than North–South at table 2: 3NT making 9 when
    North–South declares, 1NT with 6 tricks when East–West does. On that board pair 4
    and pair 2 (East–West at table 2) get 2 matchpoints of 2, pairs 1 and 3 none; every
    other board is 1 each. Six boards: pairs 2 and 4 get 7/12 = 58.33 %, pairs 1 and 3
    5/12 = 41.67 %."""
    from tournaments.models import Board

    pupils = list(Pupil.objects.filter(school_class=school_class))
    played = []
    for day in (1, 8):
        session = session_services.session_create(
            school_class=school_class, present=pupils, date=datetime.date(2026, 11, day)
        )
        session_services.session_setup_and_start(
            session=session,
            teacher=teacher,
            board_set=None,
            movement_kind="howell",
            movement_style="",
            rounds=3,
            arrow_switch=False,
            boards_per_round=2,
            scoring_profile="ebu",
            convention="ebu",
        )
        session.refresh_from_db()
        plan: dict[tuple[int, int], tuple[str, int]] = {}
        if day == 8:
            board = Board.objects.get(board_set_id=session.board_set_id, number=1)
            declarer = board_facts(board, profile=get_profile("ebu")).declaration.declarer
            plan[(1, 1)] = ("3NT", 9) if declarer.side is Side.NS else ("1NT", 6)
        for round_ in (1, 2, 3):
            play_round(session, round_, plan if round_ == 1 else {})
        session_services.session_finish(session=session)
        played.append(session)
    return played


def organiser_event(
    *,
    username: str = "federation",
    boards: int = 8,
    seed: str = "event",
    name: str = "Spring simultaneous",
) -> Event:
    """An organiser with an event on ``boards`` boards dealt from ``seed``."""
    from django.contrib.auth import get_user_model

    from events.models import Organiser
    from events.organiser import services as event_services

    user = get_user_model().objects.create_user(username=username, password="x" * 20)
    organiser = Organiser.objects.create(user=user, name="Minibridge Federation")
    board_set = board_services.board_set_deal(teacher=user, name=name, count=boards, seed=seed)
    return event_services.event_create(
        organiser=organiser,
        name=name,
        board_set=board_set,
        starts_on=datetime.date(2026, 11, 30),
        ends_on=datetime.date(2026, 12, 4),
    )


def event_school_session(
    event: Event,
    teacher: User,
    *,
    school: str,
    pupils: int = 8,
    rounds: int = 3,
    boards_per_round: int = 2,
    movement_kind: str = "howell",
    arrow_switch: bool = False,
) -> Session:
    """A school that joins ``event`` and plays it on this site: a class of ``pupils``
    named after the school, its session started on the event's boards and scoring
    (a Mitchell with ``arrow_switch``: the pairs swap seats in the last round)."""
    from events.schools import services as event_services

    school_class = SchoolClass.objects.create(teacher=teacher, name=f"{school} class")
    present = [
        Pupil.objects.create(
            school_class=school_class, first_name=f"{school[:3]}{n:02}", last_name="Surname"
        )
        for n in range(pupils)
    ]
    joined = event_services.school_join(
        event=event,
        teacher=teacher,
        name=school,
        school_class=school_class,
    )
    session = session_services.session_create(
        school_class=school_class, present=present, date=event.starts_on
    )
    session_services.session_setup_and_start(
        session=session,
        teacher=teacher,
        board_set=event.board_set,
        movement_kind=movement_kind,
        movement_style="skip",
        rounds=rounds,
        arrow_switch=arrow_switch,
        boards_per_round=boards_per_round,
        scoring_profile=event.scoring_profile,
        convention=event.convention,
    )
    joined.session = session
    joined.save(update_fields=["session"])
    session.refresh_from_db()
    return session
