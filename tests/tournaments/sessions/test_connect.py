"""Connect the tablets: the session page says which address the cards carry; every
table's QR code on screen, one table's full screen; the table cards' codes lead to the
LAN address even when the teacher browses on 127.0.0.1; no cards without an address."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from pytest_django import Settings as SettingsWrapper

from minibridge import network
from tests.factories import running_session
from tests.qr import pdf_page_png, read_qr_codes
from tournaments.models import Session
from tournaments.sessions import services as session_services

LAN = "192.168.1.20"
# The teacher's own browser on the laptop: loopback, port 8000.
ON_LAPTOP: dict[str, Any] = {"HTTP_HOST": "127.0.0.1:8000", "SERVER_PORT": "8000"}


@pytest.fixture(autouse=True)
def lan(monkeypatch: pytest.MonkeyPatch, settings: SettingsWrapper) -> None:
    monkeypatch.setattr(network, "lan_address", lambda: LAN)
    settings.ALLOWED_HOSTS = ["localhost", "127.0.0.1", "testserver", LAN]
    settings.PUBLIC_URL = ""


@pytest.fixture
def session(alice: User) -> Session:
    return running_session(alice, seed="connect")


def tokens(session: Session) -> list[str]:
    return list(session.tables.order_by("number").values_list("token", flat=True))


def test_the_session_page_says_which_address_the_cards_carry(
    alice_client: Client, session: Session
) -> None:
    html = alice_client.get(f"/sessions/{session.pk}/", **ON_LAPTOP).content.decode()
    assert "take the tablets to <strong>http://192.168.1.20:8000/</strong>" in html
    assert "PUBLIC_URL" in html
    assert f'href="/sessions/{session.pk}/connect/"' in html
    assert f'href="/sessions/{session.pk}/print/table-cards/"' in html
    assert "127.0.0.1" not in html


def test_public_url_is_named_on_the_session_page(
    alice_client: Client, session: Session, settings: SettingsWrapper
) -> None:
    settings.PUBLIC_URL = "https://bridge.school.example"
    html = alice_client.get(f"/sessions/{session.pk}/", **ON_LAPTOP).content.decode()
    assert "take the tablets to <strong>https://bridge.school.example/</strong>" in html


def test_the_table_cards_codes_lead_to_the_lan_address(
    alice_client: Client, session: Session, tmp_path: Path
) -> None:
    response = alice_client.get(f"/sessions/{session.pk}/print/table-cards/", **ON_LAPTOP)
    assert response.status_code == 200
    found = [read_qr_codes(pdf_page_png(response.content, n, tmp_path)) for n in (1, 2, 3, 4)]
    assert found == [[f"http://192.168.1.20:8000/t/{token}/"] for token in tokens(session)]


def test_without_a_network_the_page_says_so_and_no_cards_are_made(
    alice_client: Client, session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(network, "lan_address", lambda: None)
    html = alice_client.get(f"/sessions/{session.pk}/", **ON_LAPTOP).content.decode()
    assert "This computer is not on a network, so the tablets cannot reach it." in html
    assert "print/table-cards/" not in html
    response = alice_client.get(f"/sessions/{session.pk}/print/table-cards/", **ON_LAPTOP)
    assert response.status_code == 302
    assert response["Location"] == f"/sessions/{session.pk}/"
    page = alice_client.get(response["Location"], **ON_LAPTOP).content.decode()
    assert "No table cards: the tablets cannot reach this computer yet" in page
    connect = alice_client.get(f"/sessions/{session.pk}/connect/", **ON_LAPTOP)
    assert "<svg" not in connect.content.decode()
    assert "not on a network" in connect.content.decode()
    one = alice_client.get(f"/sessions/{session.pk}/connect/1/", **ON_LAPTOP)
    assert (one.status_code, one["Location"]) == (302, f"/sessions/{session.pk}/connect/")
    # The other papers carry no address and are still made.
    chart = alice_client.get(f"/sessions/{session.pk}/print/movement-chart/", **ON_LAPTOP)
    assert chart["Content-Type"] == "application/pdf"


def test_an_address_the_site_does_not_answer_to_is_explained(
    alice_client: Client, session: Session, settings: SettingsWrapper
) -> None:
    settings.ALLOWED_HOSTS = ["127.0.0.1", "testserver"]
    html = alice_client.get(f"/sessions/{session.pk}/", **ON_LAPTOP).content.decode()
    assert "address on the network is 192.168.1.20, but the site does not answer" in html
    assert "print/table-cards/" not in html


def test_the_connect_page_shows_every_tables_code_and_link(
    alice_client: Client, session: Session
) -> None:
    response = alice_client.get(f"/sessions/{session.pk}/connect/", **ON_LAPTOP)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count('<svg class="qr-code"') == 4
    for number, token in enumerate(tokens(session), start=1):
        assert f"http://192.168.1.20:8000/t/{token}/</code>" in html
        assert f'href="/sessions/{session.pk}/connect/{number}/"' in html
    assert " style=" not in html
    assert "<script>" not in html


def test_one_tables_code_full_screen_with_the_next_and_previous(
    alice_client: Client, session: Session
) -> None:
    html = alice_client.get(f"/sessions/{session.pk}/connect/2/", **ON_LAPTOP).content.decode()
    assert html.count('<svg class="qr-code"') == 1
    assert f"http://192.168.1.20:8000/t/{tokens(session)[1]}/</code>" in html
    assert f'href="/sessions/{session.pk}/connect/1/"' in html
    assert f'href="/sessions/{session.pk}/connect/3/"' in html
    assert re.search(r"<h1[^>]*>Table 2</h1>", html)


def test_an_unknown_table_is_404(alice_client: Client, session: Session) -> None:
    assert alice_client.get(f"/sessions/{session.pk}/connect/9/").status_code == 404


def test_a_finished_session_shows_no_codes(alice_client: Client, session: Session) -> None:
    session_services.session_finish(session=session)
    html = alice_client.get(f"/sessions/{session.pk}/connect/").content.decode()
    assert "The table links are closed." in html
    assert "<svg" not in html
    assert alice_client.get(f"/sessions/{session.pk}/connect/1/").status_code == 404


def test_it_needs_the_sessions_teacher(
    client: Client, bob_client: Client, session: Session
) -> None:
    for url in (f"/sessions/{session.pk}/connect/", f"/sessions/{session.pk}/connect/1/"):
        assert client.get(url).status_code == 302  # to the login page
        assert bob_client.get(url).status_code == 404


def test_it_rejects_post(alice_client: Client, session: Session) -> None:
    assert alice_client.post(f"/sessions/{session.pk}/connect/").status_code == 405
    assert alice_client.post(f"/sessions/{session.pk}/connect/1/").status_code == 405
