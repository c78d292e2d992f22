"""What a table needs to play its round without the network: the service worker under
/t/ (its scope covers every table's page) and every board of the round on the page."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.test import Client

from tests.factories import running_session


def test_the_service_worker_is_served_under_the_tables_pages(db: None) -> None:
    response = Client().get("/t/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"]
    # Its own address is /t/sw.js: its scope is /t/, no Service-Worker-Allowed needed.
    assert 'var STATIC = "/static/"' in response.content.decode()
    assert "Content-Security-Policy" in response


def test_the_table_page_holds_every_board_of_its_round(alice: User) -> None:
    session = running_session(alice, seed="offline", boards_per_round=4, board_count=16)
    table = session.tables.get(number=1)
    html = Client().get(f"/t/{table.token}/").content.decode()
    actions = set(re.findall(rf'action="/t/{table.token}/boards/(\d+)/"', html))
    assert len(actions) == 4  # one panel on screen, three in <template>s
    assert html.count('<template class="offline-panel"') == 3
    keys = re.findall(r'name="key" value="([0-9a-f]+)"', html)
    assert len(keys) == len(set(keys)) == 4  # each board its own idempotency key
    assert 'data-worker="/t/sw.js"' in html


def test_the_offline_texts_come_in_norwegian(alice: User) -> None:
    session = running_session(alice, seed="offline", boards_per_round=4, board_count=16)
    table = session.tables.get(number=1)
    client = Client()
    client.cookies["django_language"] = "nb"
    html = client.get(f"/t/{table.token}/").content.decode()
    assert 'data-waiting-many="{n} resultater venter på å bli sendt"' in html
    assert 'data-board-name="Spill {n}"' in html
    assert "Nettet er borte akkurat nå." in html
    assert "Venter på å bli sendt." in html
