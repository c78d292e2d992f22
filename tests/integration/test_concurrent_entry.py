"""Forty tablets save results at the same moment against the real server: nobody sees
"database is locked" (or any error) and no result is lost. Runs on SQLite here and on
PostgreSQL in CI (DATABASE_URL)."""

from __future__ import annotations

import http.cookiejar
import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from pytest_django.live_server_helper import LiveServer

from tests.factories import big_session
from tests.narrow import found
from tournaments.models import Result, Table
from tournaments.sessions import selectors as session_selectors

CLIENTS = 40


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
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
        self.csrf = found(re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)).group(1)

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
            status: int = self.opener.open(request, timeout=60).status
            return status
        except urllib.error.HTTPError as error:
            return error.code


@pytest.mark.django_db(transaction=True)
def test_forty_tablets_save_at_once_and_nothing_is_lost(live_server: LiveServer) -> None:
    session = big_session(get_user_model().objects.create_user("loaded"))
    movement = session_selectors.session_movement(session)
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
