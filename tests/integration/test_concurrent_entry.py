"""Forty tablets save results at the same moment against the real server: nobody sees
"database is locked" (or any error) and no result is lost. Runs on SQLite here and on
PostgreSQL in CI (DATABASE_URL)."""

from __future__ import annotations

import datetime
import http.cookiejar
import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model

from tournaments import services, sessions
from tournaments.models import Pupil, Result, SchoolClass, Session, Table

CLIENTS = 40


def big_session() -> Session:
    """30 pairs at 15 tables, 3 boards a round: 45 results in round 1."""
    teacher = get_user_model().objects.create_user("loaded", password="x")
    school_class = SchoolClass.objects.create(teacher=teacher, name="Big")
    pupils = [
        Pupil.objects.create(school_class=school_class, first_name=f"P{n:02}") for n in range(60)
    ]
    board_set = services.board_set_deal(teacher=teacher, name="Big", count=45, seed="load")
    session = sessions.session_create(
        school_class=school_class, present=pupils, date=datetime.date(2026, 11, 29)
    )
    sessions.session_setup_and_start(
        session=session,
        teacher=teacher,
        board_set=board_set,
        movement_kind="mitchell",
        movement_style="",
        rounds=1,
        arrow_switch=False,
        boards_per_round=3,
        scoring_profile="ebu",
        convention="ebu",
    )
    return session


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None


@dataclass
class Tablet:
    """One device: its own cookies, the table's page fetched, ready to post."""

    base: str
    table: Table
    board: int

    def __post_init__(self) -> None:
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect
        )
        page = self.opener.open(f"{self.base}/t/{self.table.token}/", timeout=30).read().decode()
        self.csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]

    def post(self) -> int:
        data = urllib.parse.urlencode(
            {
                "csrfmiddlewaretoken": self.csrf,
                "strain": "NT",
                "level": "part-score",
                "tricks": "8",
                "revoke": "",
                "key": f"load-{self.table.number}-{self.board}",
            }
        ).encode()
        request = urllib.request.Request(
            f"{self.base}/t/{self.table.token}/boards/{self.board}/",
            data=data,
            headers={"Referer": f"{self.base}/t/{self.table.token}/"},
        )
        try:
            return self.opener.open(request, timeout=60).status
        except urllib.error.HTTPError as error:
            return error.code


@pytest.mark.django_db(transaction=True)
def test_forty_tablets_save_at_once_and_nothing_is_lost(live_server) -> None:  # type: ignore[no-untyped-def]
    session = big_session()
    movement = sessions.session_movement(session)
    tablets = []
    for table in session.tables.order_by("number"):
        entry = movement.entry(1, table.number)
        for board in movement.boards(entry.board_set):
            tablets.append(Tablet(live_server.url, table, board))
    tablets = tablets[:CLIENTS]
    assert len(tablets) == CLIENTS

    start = threading.Barrier(CLIENTS)
    statuses: list[int] = []
    lock = threading.Lock()

    def run(tablet: Tablet) -> None:
        start.wait()
        status = tablet.post()
        with lock:
            statuses.append(status)

    threads = [threading.Thread(target=run, args=(tablet,)) for tablet in tablets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    assert sorted(statuses) == [302] * CLIENTS  # every save succeeded and redirected
    assert Result.objects.filter(session=session).count() == CLIENTS
    saved = set(Result.objects.values_list("table__number", "board_number"))
    assert saved == {(t.table.number, t.board) for t in tablets}
