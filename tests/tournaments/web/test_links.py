"""The address on table cards and QR codes: PUBLIC_URL, else the LAN address with the
request's port, never loopback; none when the tablets cannot reach the site."""

from __future__ import annotations

import pytest
from django.http import HttpRequest
from django.test import RequestFactory
from pytest_django import Settings as SettingsWrapper

from minibridge import network
from tournaments.web import links
from tournaments.web.links import Source

LAN = "192.168.1.20"


@pytest.fixture
def lan(monkeypatch: pytest.MonkeyPatch, settings: SettingsWrapper) -> None:
    monkeypatch.setattr(network, "lan_address", lambda: LAN)
    settings.ALLOWED_HOSTS = ["localhost", "127.0.0.1", LAN]
    settings.PUBLIC_URL = ""


def request_to(host: str, port: str, *, secure: bool = False) -> HttpRequest:
    return RequestFactory().get(
        "/sessions/1/", HTTP_HOST=f"{host}:{port}", SERVER_PORT=port, secure=secure
    )


@pytest.mark.usefixtures("lan")
def test_the_teacher_on_loopback_still_gets_the_lan_address() -> None:
    address = links.tables_address(request_to("127.0.0.1", "8000"))
    assert address.source is Source.LAN
    assert address.base == "http://192.168.1.20:8000"
    assert address.table_url("abc") == "http://192.168.1.20:8000/t/abc/"


@pytest.mark.usefixtures("lan")
@pytest.mark.parametrize(
    ("port", "secure", "base"),
    [("80", False, "http://192.168.1.20"), ("443", True, "https://192.168.1.20"),
     ("8443", True, "https://192.168.1.20:8443")],
)  # fmt: skip
def test_the_default_port_is_left_out(port: str, secure: bool, base: str) -> None:
    assert links.tables_address(request_to("localhost", port, secure=secure)).base == base


@pytest.mark.usefixtures("lan")
def test_public_url_wins(settings: SettingsWrapper) -> None:
    settings.PUBLIC_URL = "https://bridge.school.example"
    address = links.tables_address(request_to("127.0.0.1", "8000"))
    assert address.source is Source.PUBLIC_URL
    assert address.table_url("abc") == "https://bridge.school.example/t/abc/"


@pytest.mark.usefixtures("lan")
def test_without_a_network_there_is_no_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(network, "lan_address", lambda: None)
    address = links.tables_address(request_to("127.0.0.1", "8000"))
    assert (address.usable, address.source) == (False, Source.NO_NETWORK)
    with pytest.raises(ValueError, match="No address"):
        address.table_url("abc")


@pytest.mark.usefixtures("lan")
def test_an_address_the_site_does_not_answer_to_is_not_used(settings: SettingsWrapper) -> None:
    settings.ALLOWED_HOSTS = ["bridge.school.example"]
    address = links.tables_address(request_to("bridge.school.example", "443", secure=True))
    assert (address.usable, address.source, address.lan) == (False, Source.NOT_SERVED, LAN)
