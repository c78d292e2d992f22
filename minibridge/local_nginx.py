"""The federation's nginx (deploy/nginx/minibridge.conf, filled in by minibridge.deploy)
run on this machine, on loopback, in a folder of its own: a certificate made there, the
cache and the logs kept there, nginx in the foreground. tests/browser/test_deployment.py
runs the site behind it, and bench/bench_event.py ``--viewers`` loads the public page
through it; a federation runs Debian's nginx with the file itself (README.md).
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from minibridge.deploy import NginxSite, render_nginx
from minibridge.network import answers

NGINX = "/usr/sbin/nginx"

#: What stands in for Debian's /etc/nginx/nginx.conf: the http block that includes the
#: site's file, with nginx's own files kept in the folder.
NGINX_CONF = """\
{user}
worker_processes {workers};
events {{ worker_connections {connections}; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    access_log off;
    include {folder}/minibridge.conf;
}}
"""

#: A line of the site's access log (its log_format ``minibridge``).
LOG_LINE = re.compile(
    r'^(?P<client>\S+) \[[^]]+\] "(?P<method>\S+) (?P<path>\S+) [^"]*" (?P<status>\d+) \d+ '
    r"upstream=(?P<upstream>.*?) upstream_status=(?P<upstream_status>.*?) "
    r"cache=(?P<cache>\S*) time="
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def self_signed_certificate(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1, good for a day, and its key, made in ``folder``."""
    certificate, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(certificate),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return certificate, key


@dataclass(frozen=True)
class LocalNginx:
    """nginx running from ``folder``, listening for https on ``port`` of 127.0.0.1."""

    folder: Path
    port: int

    @property
    def base(self) -> str:
        return f"https://127.0.0.1:{self.port}"

    @property
    def access_log(self) -> Path:
        return self.folder / "minibridge.access.log"

    def log(self) -> list[dict[str, str]]:
        """The site's access log so far, a dict per line (see LOG_LINE)."""
        found = []
        for line in self.access_log.read_text().splitlines():
            match = LOG_LINE.match(line)
            if match is None:
                raise ValueError(f"Not a line of the minibridge log_format: {line!r}")
            found.append(match.groupdict())
        return found


@contextmanager
def local_nginx(
    folder: Path,
    *,
    app_servers: Sequence[str],
    static_root: Path,
    port: int | None = None,
    workers: int = 1,
    connections: int = 512,
) -> Iterator[LocalNginx]:
    """deploy/nginx/minibridge.conf in front of ``app_servers`` (``host:port`` each), run
    from ``folder`` (made if missing) until the block ends."""
    if not Path(NGINX).exists():
        raise RuntimeError("Debian's nginx is missing: apt-get install nginx")
    folder.mkdir(parents=True, exist_ok=True)
    certificate, key = self_signed_certificate(folder)
    site = LocalNginx(folder, port or free_port())
    conf = render_nginx(
        NginxSite(
            server_name="127.0.0.1",
            app_servers=list(app_servers),
            certificate=certificate,
            certificate_key=key,
            static_root=static_root,
            cache_dir=folder / "cache",
            log_dir=folder,
            https_listen=f"127.0.0.1:{site.port}",
            http_listen=f"127.0.0.1:{free_port()}",
        )
    )
    (folder / "minibridge.conf").write_text(conf)
    user = "user root;" if os.geteuid() == 0 else ""  # its workers may read the folder
    (folder / "nginx.conf").write_text(
        NGINX_CONF.format(user=user, folder=folder, workers=workers, connections=connections)
    )
    error_log = folder / "error.log"
    nginx = subprocess.Popen(
        [
            NGINX,
            "-p",
            str(folder),
            "-c",
            str(folder / "nginx.conf"),
            "-e",
            str(error_log),
            "-g",
            f"daemon off; pid {folder / 'nginx.pid'};",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,  # all in error.log
    )
    try:
        deadline = time.monotonic() + 30
        while not answers(site.port):
            if nginx.poll() is not None:
                raise RuntimeError(f"nginx stopped:\n{error_log.read_text()}")
            if time.monotonic() > deadline:
                raise RuntimeError("nginx did not start")
            time.sleep(0.05)
        yield site
    finally:
        nginx.terminate()
        nginx.wait(timeout=30)
