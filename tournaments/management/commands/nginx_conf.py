"""Write the nginx configuration for a federation's site: ``python manage.py nginx_conf
--server-name events.federation.example --app-server 10.0.0.11:8000 --app-server
10.0.0.12:8000 --certificate … --certificate-key … --output minibridge.conf``.

It is ``deploy/nginx/minibridge.conf`` with these values (minibridge.deploy); the static
files' folder is this site's STATIC_ROOT unless told. The file goes in
``/etc/nginx/sites-enabled/`` on the proxy (Debian's nginx), then ``nginx -t`` and a
reload.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from minibridge.deploy import NginxSite, render_nginx


class Command(BaseCommand):
    help = (
        "Write the nginx configuration (deploy/nginx/minibridge.conf) for a site behind "
        "TLS with several app servers."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        defaults = NginxSite("", [], Path("/"), Path("/"), Path("/"))
        parser.add_argument("--server-name", required=True, help="The site's host name.")
        parser.add_argument(
            "--app-server",
            action="append",
            required=True,
            help="An app server, host:port (manage.py serve's port); once for each.",
        )
        parser.add_argument("--certificate", required=True, help="The TLS certificate (chain).")
        parser.add_argument("--certificate-key", required=True, help="Its private key.")
        parser.add_argument(
            "--static-root",
            default=str(settings.STATIC_ROOT),
            help="The collected static files (default: this site's STATIC_ROOT).",
        )
        parser.add_argument(
            "--cache-dir",
            default=str(defaults.cache_dir),
            help=f"Where nginx keeps the public pages (default {defaults.cache_dir}).",
        )
        parser.add_argument(
            "--log-dir",
            default=str(defaults.log_dir),
            help=f"Where its logs go (default {defaults.log_dir}).",
        )
        parser.add_argument(
            "--https-listen",
            default=defaults.https_listen,
            help=f"The https port or address:port (default {defaults.https_listen}).",
        )
        parser.add_argument(
            "--http-listen",
            default=defaults.http_listen,
            help=f"The port that redirects to https (default {defaults.http_listen}).",
        )
        parser.add_argument("--output", help="The file to write (default: print it).")

    def handle(self, *args: Any, **options: Any) -> None:
        site = NginxSite(
            server_name=options["server_name"],
            app_servers=options["app_server"],
            certificate=Path(options["certificate"]),
            certificate_key=Path(options["certificate_key"]),
            static_root=Path(options["static_root"]).resolve(),
            cache_dir=Path(options["cache_dir"]),
            log_dir=Path(options["log_dir"]),
            https_listen=options["https_listen"],
            http_listen=options["http_listen"],
        )
        try:
            text = render_nginx(site)
        except ValueError as error:
            raise CommandError(str(error)) from error
        if options["output"]:
            Path(options["output"]).write_text(text, encoding="utf-8")
            self.stdout.write(f"Wrote {options['output']}: put it in /etc/nginx/sites-enabled/.")
        else:
            self.stdout.write(text, ending="")
