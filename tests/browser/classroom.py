"""A class as a teacher has it a few weeks into the term, for the tests that walk every
page (accessibility, Content-Security-Policy, layout): pupils with surnames, a finished
session, a running one in its second round with results entered, waiting for the
opponents' OK and flagged, its round clock running, a session being set up, and an
analysed board set."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from games import selectors as four_deal_selectors
from games import services as four_deal_services
from games.models import FourDealGame
from scoring.contracts import Contract
from tests.factories import play_round
from tests.narrow import found
from tournaments.boards import services as board_services
from tournaments.models import BoardSet, Pair, Pupil, Result, SchoolClass, Session, Table
from tournaments.results import services as result_services
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services

NAMES = [
    ("Emma", "Hansen"), ("Oliver", "Smith"), ("Nora", "Johansen"), ("Jakob", "Olsen"),
    ("Sofie", "Larsen"), ("Harry", "Jones"), ("Ingrid", "Berg"), ("Amelia", "Brown"),
    ("Lukas", "Andersen"), ("Maja", "Nilsen"), ("George", "Taylor"), ("Ella", "Pedersen"),
    ("Filip", "Kristiansen"), ("Isla", "Wilson"), ("Aksel", "Haugen"), ("Åse", "Ødegård"),
]  # fmt: skip


@dataclass(frozen=True)
class Classroom:
    teacher: User
    school_class: SchoolClass
    pupil: Pupil
    board_set: BoardSet
    finished: Session
    running: Session
    draft: Session
    pair: Pair
    #: A table of the running session with nothing entered in round 2 yet.
    fresh_table: Table
    #: A four-deal game: table 1 (named) has played a deal, table 2 has three players.
    four_deal: FourDealGame

    def teacher_pages(self) -> list[tuple[str, str]]:
        """Every page a teacher opens, as (what it is, its path)."""
        c, s, f, d = self.school_class.pk, self.running.pk, self.finished.pk, self.draft.pk
        b = self.board_set.pk
        return [
            ("home", "/"),
            ("new class", "/classes/new/"),
            ("class", f"/classes/{c}/"),
            ("class data", f"/classes/{c}/data/"),
            ("delete a pupil", f"/classes/{c}/pupils/{self.pupil.pk}/delete/"),
            ("delete the class", f"/classes/{c}/delete/"),
            ("class curve", f"/classes/{c}/curve/"),
            ("wizard: who is here", f"/classes/{c}/sessions/new/"),
            ("wizard: pairs", f"/sessions/{d}/pairs/"),
            ("wizard: movement and boards", f"/sessions/{d}/setup/"),
            ("wizard: target table", f"/sessions/{d}/target-table/"),
            ("running session", f"/sessions/{s}/"),
            ("target table, read only", f"/sessions/{s}/target-table/"),
            ("running session, round 1", f"/sessions/{s}/?round=1"),
            ("next round asked", f"/sessions/{s}/?confirm_next=1"),
            ("connect the tablets", f"/sessions/{s}/connect/"),
            ("one table's code", f"/sessions/{s}/connect/1/"),
            ("result edit", f"/sessions/{s}/rounds/1/tables/1/boards/1/"),
            ("traveller", f"/sessions/{s}/boards/1/"),
            ("standings", f"/sessions/{s}/standings/"),
            ("score card", f"/sessions/{s}/pairs/{self.pair.pk}/card/"),
            ("projector", f"/sessions/{s}/projector/"),
            ("class feedback", f"/classes/{c}/feedback/"),
            ("pupil feedback", f"/classes/{c}/pupils/{self.pupil.pk}/"),
            ("session feedback", f"/sessions/{s}/feedback/"),
            ("session curve", f"/sessions/{s}/curve/"),
            ("finished session", f"/sessions/{f}/"),
            ("final results", f"/sessions/{f}/standings/"),
            ("session certificates", f"/sessions/{f}/certificates/"),
            ("term certificates", f"/classes/{c}/certificates/"),
            ("board sets", "/boards/"),
            ("deal a set", "/boards/new/"),
            ("import a PBN file", "/boards/import/"),
            ("board set", f"/boards/{b}/"),
            ("board", f"/boards/{b}/1/"),
            ("what we store", "/what-we-store/"),
            ("new four-deal game", f"/classes/{c}/four-deal/new/"),
            ("four-deal game", f"/four-deal/{self.four_deal.pk}/"),
            ("four-deal table's players", f"/four-deal/{self.four_deal.pk}/tables/1/"),
            ("four-deal tablets", f"/four-deal/{self.four_deal.pk}/connect/"),
            ("four-deal table's code", f"/four-deal/{self.four_deal.pk}/connect/1/"),
        ]


def _session(
    school_class: SchoolClass,
    teacher: User,
    board_set: BoardSet,
    present: list[Pupil],
    day: int,
    *,
    require_agreement: bool = False,
) -> Session:
    session = session_services.session_create(
        school_class=school_class, present=present, date=datetime.date(2026, 11, day)
    )
    session_services.session_setup_and_start(
        session=session,
        teacher=teacher,
        board_set=board_set,
        movement_kind="mitchell",
        movement_style="skip",
        rounds=3,
        arrow_switch=False,
        boards_per_round=2,
        scoring_profile="ebu",
        convention="ebu",
        require_agreement=require_agreement,
    )
    session.refresh_from_db()
    return session


def build_classroom(teacher: User) -> Classroom:
    school_class = SchoolClass.objects.create(teacher=teacher, name="6B")
    pupils = [
        Pupil.objects.create(school_class=school_class, first_name=first, last_name=last)
        for first, last in NAMES
    ]
    # Background tasks run at once in the tests: the set is analysed when it is dealt.
    board_set = board_services.board_set_deal(
        teacher=teacher, name="Autumn boards", count=8, seed="every page"
    )

    finished = _session(school_class, teacher, board_set, pupils, 22)
    play_round(finished, 1, {(1, 1): ("3NT", 9), (2, 1): ("4S", 10), (3, 1): ("1H", 8)})
    play_round(finished, 2, {(1, 3): ("1S", 8)})
    play_round(finished, 3, {})
    session_services.session_finish(session=finished)

    running = _session(school_class, teacher, board_set, pupils, 29, require_agreement=True)
    play_round(running, 1, {(1, 1): ("4H", 10), (2, 2): ("3NT", 8)})
    first_round = Result.objects.filter(session=running, round=1).order_by("table__number")
    for result in first_round[:6]:
        result_services.result_agree(result=result)
    result_services.result_request_correction(result=first_round[0])
    # Round 2: table 1 has entered one board, waiting for the opponents' OK; the others
    # have entered nothing yet.
    session_services.session_change_round(session=running, step=1)
    running.refresh_from_db()
    movement = session_selectors.session_movement(running)
    table_1 = running.tables.get(number=1)
    first_board = movement.boards(movement.entry(2, 1).board_set)[0]
    result_services.result_record(
        table=table_1, board_number=first_board, contract="1S", tricks_won=8
    )
    # The round clock runs (14 minutes a round): every page that shows it shows it.
    session_services.session_clock_set(session=running, minutes=14)
    running.refresh_from_db()

    draft = session_services.session_create(
        school_class=school_class, present=pupils[:13], date=datetime.date(2026, 12, 6)
    )
    four_deal = four_deal_services.four_deal_game_start(
        school_class=school_class, tables=2, cards="dealt", seed="every page"
    )
    named, three = four_deal.tables.order_by("number")
    four_deal_services.four_deal_table_update(
        table=named, players="four", north="Emma", east="Oliver", south="Nora", west="Jakob"
    )
    four_deal_services.four_deal_table_update(
        table=three, players="highest", north="Sofie", east="Harry", south="Ingrid", west=""
    )
    state = four_deal_selectors.table_state(named)
    assert state.current is not None
    while state.current.redeal:
        four_deal_services.four_deal_redeal(table=named, sequence=state.current.sequence)
        state = four_deal_selectors.table_state(named)
        assert state.current is not None
    assert state.current is not None
    four_deal_services.four_deal_result(
        table=named,
        sequence=state.current.sequence,
        contract=Contract.parse("3NT"),
        tricks_won=9,
        revoke="",
    )
    return Classroom(
        teacher=teacher,
        school_class=school_class,
        pupil=pupils[0],
        board_set=board_set,
        finished=finished,
        running=running,
        draft=draft,
        pair=found(running.pairs.order_by("number").first()),
        fresh_table=running.tables.get(number=2),
        four_deal=four_deal,
    )


def visit(page: Page, path: str) -> None:
    """Open ``path`` and insist on a page, not an error or a redirect elsewhere."""
    response = page.goto(path)
    assert response is not None
    assert response.status == 200, f"{path} answered {response.status}"


#: How long the wizard's start may take: longer than a page's 10 s.
START_TIMEOUT_MS = 60_000


def start_the_session(page: Page) -> None:
    """Press the wizard's "Start the session" and wait for the session's page. A session
    on a new set deals it then, and the suite's task backend (ImmediateBackend,
    tests/conftest.py) analyses the deals double dummy in that same request, where a
    served site's worker does it after the answer: 14 new boards took a busy machine
    more than a page's 10 s (the individual session's test failed so)."""
    page.get_by_role("button", name="Start the session").click(timeout=START_TIMEOUT_MS)


def enter_a_result(page: Page, strain: str, tricks: int) -> None:
    """A part-score in ``strain`` making ``tricks``: the four taps, by value, the same in
    either language."""
    page.locator(f'input[name="strain"][value="{strain}"]').check()
    page.locator('input[name="level"][value="part-score"]').check()
    page.locator(f'input[name="tricks"][value="{tricks}"]').check()
    expect(page.locator(".score-preview")).to_contain_text("+")
    page.locator('button[name="save"]').click()


def set_language(page: Page, language: str, base_url: str) -> None:
    """The language the switcher would have chosen (its cookie)."""
    page.context.add_cookies([{"name": "django_language", "value": language, "url": base_url}])
