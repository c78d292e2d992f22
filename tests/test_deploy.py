"""The nginx configuration a federation's admin gets (minibridge.deploy, `manage.py
nginx_conf`): deploy/nginx/minibridge.conf with their values, one upstream line for each
app server, and nothing that nginx would read otherwise than as it was meant.
tests/browser/test_deployment.py runs what it makes in front of two app servers."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from minibridge.deploy import PLACE, TEMPLATE, NginxSite, render_nginx

SITE = NginxSite(
    server_name="events.federation.example",
    app_servers=["10.0.0.11:8000", "10.0.0.12:8000", "[fd00::13]:8000"],
    certificate=Path("/etc/ssl/minibridge/fullchain.pem"),
    certificate_key=Path("/etc/ssl/minibridge/privkey.pem"),
    static_root=Path("/srv/minibridge/static/"),
)


def settings_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if not line.lstrip().startswith("#")]


def test_every_place_is_filled_and_each_app_server_has_its_line() -> None:
    text = render_nginx(SITE)
    lines = settings_lines(text)
    assert not any(PLACE.search(line) for line in lines)
    servers = [line for line in lines if line.startswith("server ") and line != "server {"]
    assert servers == [
        "server 10.0.0.11:8000 max_fails=1 fail_timeout=10s;",
        "server 10.0.0.12:8000 max_fails=1 fail_timeout=10s;",
        "server [fd00::13]:8000 max_fails=1 fail_timeout=10s;",
    ]
    assert "listen 443 ssl http2;" in lines
    assert "listen 80;" in lines
    assert lines.count("server_name events.federation.example;") == 2
    assert "ssl_certificate /etc/ssl/minibridge/fullchain.pem;" in lines
    assert "alias /srv/minibridge/static/;" in lines
    assert "access_log /var/log/nginx/minibridge.access.log minibridge;" in lines
    # What the site's settings read behind a proxy (BEHIND_PROXY=true).
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in lines
    assert "proxy_set_header X-Forwarded-Proto https;" in lines
    # The comments are kept as written, places and all.
    assert "@APP_SERVER@" in text
    assert text.count("\n") > TEMPLATE.read_text().count("\n")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"server_name": "a.example; include /etc/passwd"}, "one word"),
        ({"server_name": "$host"}, "one word"),
        ({"app_servers": []}, "at least one app server"),
        ({"app_servers": ["10.0.0.11"]}, "host:port"),
        ({"app_servers": ["10.0.0.11:8000 backup"]}, "host:port"),
        ({"certificate": Path("fullchain.pem")}, "absolute path"),
        ({"static_root": Path("/srv/my static")}, "one word"),
        ({"https_listen": "443 ssl; listen 8443"}, "a port or an address:port"),
    ],
)
def test_a_value_nginx_would_misread_is_refused(change: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        render_nginx(dataclasses.replace(SITE, **change))  # type: ignore[arg-type]


def test_a_place_it_does_not_know_is_an_error() -> None:
    with pytest.raises(ValueError, match="does not fill: SOMETHING_NEW"):
        render_nginx(SITE, template="server_name @SERVER_NAME@ @SOMETHING_NEW@;\n")


def test_the_command_writes_it_with_this_sites_static_files(tmp_path: Path) -> None:
    output = tmp_path / "minibridge.conf"
    call_command(
        "nginx_conf",
        "--server-name=events.federation.example",
        "--app-server=10.0.0.11:8000",
        "--app-server=10.0.0.12:8000",
        "--certificate=/etc/ssl/minibridge/fullchain.pem",
        "--certificate-key=/etc/ssl/minibridge/privkey.pem",
        f"--output={output}",
    )
    lines = settings_lines(output.read_text())
    assert f"alias {Path(settings.STATIC_ROOT).resolve()}/;" in lines
    assert len([line for line in lines if line.startswith("server 10.0.0.")]) == 2
    with pytest.raises(CommandError, match="host:port"):
        call_command(
            "nginx_conf",
            "--server-name=events.federation.example",
            "--app-server=10.0.0.11",
            "--certificate=/etc/ssl/minibridge/fullchain.pem",
            "--certificate-key=/etc/ssl/minibridge/privkey.pem",
        )
