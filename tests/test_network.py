"""This computer's addresses: which one the tablets open, which ones the site answers to."""

from __future__ import annotations

import ipaddress
import shutil
import socket
import subprocess

import pytest

from minibridge import network
from minibridge.network import choose_lan_address, is_loopback_host

LAPTOP = {"lo": ["127.0.0.1", "::1"], "wlp2s0": ["192.168.1.20", "fe80::1"]}
WITH_DOCKER = {"docker0": ["172.17.0.1"], **LAPTOP}


@pytest.mark.parametrize(
    ("interfaces", "route", "expected"),
    [
        (LAPTOP, "192.168.1.20", "192.168.1.20"),
        # No default route (a Wi-Fi without internet): the real interface's address.
        (LAPTOP, None, "192.168.1.20"),
        (WITH_DOCKER, None, "192.168.1.20"),
        # The default route decides when it is one of ours.
        ({"eth0": ["10.0.0.5"], "wlan0": ["192.168.1.20"]}, "10.0.0.5", "10.0.0.5"),
        # A route through an address we do not have is ignored.
        (WITH_DOCKER, "10.9.9.9", "192.168.1.20"),
        # A private address comes before a public one.
        ({"eth0": ["81.0.12.7"], "eth1": ["10.1.2.3"]}, None, "10.1.2.3"),
        ({"eth0": ["81.0.12.7"]}, None, "81.0.12.7"),
        # No network: loopback and link-local (no DHCP answer) do not count.
        ({"lo": ["127.0.0.1", "::1"]}, None, None),
        ({"lo": ["127.0.0.1"], "wlan0": ["169.254.10.20"]}, None, None),
        ({"eth0": ["fd00::2"]}, None, None),
        ({}, None, None),
    ],
)
def test_choose_lan_address(
    interfaces: dict[str, list[str]], route: str | None, expected: str | None
) -> None:
    assert choose_lan_address(interfaces, route) == expected


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("localhost", True),
        ("LOCALHOST", True),
        ("app.localhost", True),
        ("127.0.0.1", True),
        ("127.1.2.3", True),
        ("[::1]", True),
        ("::1", True),
        ("192.168.1.20", False),
        ("bridge.school.example", False),
        ("[fd00::2]", False),
    ],
)
def test_is_loopback_host(host: str, loopback: bool) -> None:
    assert is_loopback_host(host) is loopback


def test_the_lan_address_is_one_of_this_computers_own() -> None:
    found = network.lan_address()
    assert found is None or found in network.host_names()
    assert found is None or not ipaddress.ip_address(found).is_loopback
    # One of the addresses `hostname -I` lists, where that command (Linux) exists.
    if command := shutil.which("hostname"):
        listed = subprocess.run([command, "-I"], capture_output=True, text=True, check=False)
        ipv4 = [a for a in listed.stdout.split() if "." in a]
        if listed.returncode == 0 and ipv4:
            assert found in ipv4


def test_host_names_hold_loopback_the_host_name_and_every_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(network, "interface_addresses", lambda: WITH_DOCKER)
    monkeypatch.setattr(socket, "gethostname", lambda: "Kari-Laptop")
    assert network.host_names() == [
        "localhost",
        "127.0.0.1",
        "[::1]",
        "kari-laptop",
        "kari-laptop.local",
        "172.17.0.1",
        "192.168.1.20",
        "[fe80::1]",
    ]


def test_allowed_hosts_default_to_this_computers_names() -> None:
    from django.conf import settings

    assert set(network.host_names()) <= set(settings.ALLOWED_HOSTS)
