"""A federation's nginx configuration: ``deploy/nginx/minibridge.conf`` with its values.

The file in ``deploy/`` is the one source: its ``@NAME@`` places take this module's
values, and the line holding ``@APP_SERVER@`` is written once per app server.
``manage.py nginx_conf`` prints or writes it for a federation's admin, and
tests/browser/test_deployment.py runs what it makes, with the test's own ports, paths
and app servers, in front of two app servers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

TEMPLATE = Path(__file__).resolve().parent.parent / "deploy" / "nginx" / "minibridge.conf"

#: One place to fill in: ``@SERVER_NAME@``.
PLACE = re.compile(r"@([A-Z_]+)@")
#: A value nginx reads as one word: no spaces, quotes, semicolons, braces or ``$``.
WORD = re.compile(r"[^\s;{}'\"$#]+")
#: An app server as nginx's ``server`` takes it: a host or address and a port.
APP_SERVER = re.compile(r"(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):[0-9]{1,5}")
#: What ``listen`` takes here: a port, or an address and a port.
LISTEN = re.compile(r"(?:(?:\[[0-9A-Fa-f:.]+\]|[0-9.]+|\*):)?[0-9]{1,5}")


@dataclass(frozen=True)
class NginxSite:
    """The values of a federation's site: its name, its app servers (``host:port``
    each), its certificate, the collected static files and where nginx keeps its cache
    and logs, and what its two servers listen on (443 and 80 unless told)."""

    server_name: str
    app_servers: Sequence[str]
    certificate: Path
    certificate_key: Path
    static_root: Path
    cache_dir: Path = Path("/var/cache/nginx/minibridge")
    log_dir: Path = Path("/var/log/nginx")
    https_listen: str = "443"
    http_listen: str = "80"


def _word(name: str, value: str) -> str:
    if not WORD.fullmatch(value):
        raise ValueError(f"{name} must be one word without spaces, quotes, ; {{ }} or $: {value!r}")
    return value


def _path(name: str, value: Path) -> str:
    if not value.is_absolute():
        raise ValueError(f"{name} must be an absolute path, not {value}")
    return _word(name, str(value))


def _listen(name: str, value: str) -> str:
    if not LISTEN.fullmatch(value):
        raise ValueError(f"{name} must be a port or an address:port, not {value!r}")
    return value


def render_nginx(site: NginxSite, template: str | None = None) -> str:
    """The configuration for ``site``: every place filled in (comments are left as they
    are), the upstream's line once for each app server. A value that nginx would read
    otherwise than as one word is refused."""
    text = TEMPLATE.read_text(encoding="utf-8") if template is None else template
    if not site.app_servers:
        raise ValueError("Name at least one app server (host:port).")
    for server in site.app_servers:
        if not APP_SERVER.fullmatch(server):
            raise ValueError(f"An app server is host:port, e.g. 10.0.0.11:8000, not {server!r}")
    values = {
        "SERVER_NAME": _word("The server name", site.server_name),
        "CERTIFICATE": _path("The certificate", site.certificate),
        "CERTIFICATE_KEY": _path("The certificate's key", site.certificate_key),
        "STATIC_ROOT": _path("The static files' folder", site.static_root).rstrip("/"),
        "CACHE_DIR": _path("The cache's folder", site.cache_dir),
        "LOG_DIR": _path("The logs' folder", site.log_dir).rstrip("/"),
        "HTTPS_LISTEN": _listen("The https listen", site.https_listen),
        "HTTP_LISTEN": _listen("The http listen", site.http_listen),
    }
    lines: list[str] = []
    left: set[str] = set()
    for line in text.splitlines(keepends=True):
        if line.lstrip().startswith("#"):
            lines.append(line)  # a comment is kept as written
            continue
        for server in site.app_servers if "@APP_SERVER@" in line else [""]:
            filled = PLACE.sub(lambda place: values.get(place[1], place[0]), line)
            filled = filled.replace("@APP_SERVER@", server)
            left.update(PLACE.findall(filled))
            lines.append(filled)
    if left:
        raise ValueError(f"The template has places this does not fill: {', '.join(sorted(left))}")
    return "".join(lines)
