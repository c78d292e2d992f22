"""The address a table's link and QR code carry, in one place: the table cards and the
"Connect the tablets" pages use it, and so does any link this site's page gives for
others to open (an event's public results): :func:`others_url`.

The teacher's own page may be open at http://127.0.0.1:8000/, but a table card must
take a tablet to an address it can reach: ``PUBLIC_URL`` when it is set, otherwise this
computer's LAN address with the port the teacher's page came in on, and never a
loopback address. With neither (no network), there is no usable address and the pages
say so instead of printing codes that lead nowhere.

A table's QR code for a page (:class:`TableCode`, :func:`table_codes`) is made here
too: the sessions' and the four-deal games' "Connect the tablets" pages share it.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest
from django.http.request import validate_host
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from minibridge import network
from tournaments.web.qr import qr_svg


class Source(enum.Enum):
    PUBLIC_URL = "public_url"  # the PUBLIC_URL setting
    LAN = "lan"  # this computer's address on the network
    NO_NETWORK = "no_network"  # this computer has no LAN address
    NOT_SERVED = "not_served"  # it has one, but the site does not answer to it


@dataclass(frozen=True)
class TablesAddress:
    """Where the tablets open the site: ``base`` is ``"http://192.168.1.20:8000"`` or
    ``""`` when there is no address they can reach (``source`` says why, ``lan`` is
    the address this computer has, if any)."""

    base: str
    source: Source
    lan: str | None = None

    @property
    def usable(self) -> bool:
        return bool(self.base)

    def table_url(self, token: str, *, view: str = "tournaments:table_page") -> str:
        """A table's own page at this address: what its QR code and card carry (a
        session's table, or with ``view`` another kind of table's page)."""
        return self.url(reverse(view, kwargs={"token": token}))

    def url(self, path: str) -> str:
        """A page of this site (``path`` from ``reverse``) at this address."""
        if not self.usable:
            raise ValueError("No address the tablets can reach.")
        return self.base + path


_DEFAULT_PORTS = {"http": "80", "https": "443"}


def tables_address(request: HttpRequest) -> TablesAddress:
    """The address for the tablets, for a teacher's request to this site."""
    if settings.PUBLIC_URL:
        return TablesAddress(base=settings.PUBLIC_URL, source=Source.PUBLIC_URL)
    lan = network.lan_address()
    if lan is None:
        return TablesAddress(base="", source=Source.NO_NETWORK)
    if not validate_host(lan, settings.ALLOWED_HOSTS):
        # ALLOWED_HOSTS was set without it, or the computer joined another network
        # after the site started: a card with this address would get "Bad Request".
        return TablesAddress(base="", source=Source.NOT_SERVED, lan=lan)
    scheme, port = request.scheme or "http", str(request.get_port())
    suffix = "" if _DEFAULT_PORTS.get(scheme) == port else f":{port}"
    return TablesAddress(base=f"{scheme}://{lan}{suffix}", source=Source.LAN, lan=lan)


def others_url(request: HttpRequest, path: str) -> str | None:
    """The address of a page of this site (``path``) that other computers and tablets
    open: at :func:`tables_address`, never the loopback address the request may have
    come in on; None when there is none (this computer is not on a network)."""
    address = tables_address(request)
    return address.url(path) if address.usable else None


# -- A table's QR code (sessions and four-deal games) -------------------------------------


@dataclass(frozen=True)
class TableCode:
    """A table's QR code: its link, the code as SVG, and the page showing it full screen."""

    number: int
    url: str
    svg: SafeString
    page: str


def table_codes(
    address: TablesAddress,
    tables: Sequence[tuple[int, str]],
    *,
    view: str,
    page: Callable[[int], str],
) -> list[TableCode]:
    """The QR codes of ``tables`` (number, link token), whose links open ``view``;
    ``page`` gives a table's full-screen page from its number. Sessions and four-deal
    games share them."""
    codes = []
    for number, token in tables:
        url = address.table_url(token, view=view)
        label = _("QR code for table %(number)s: %(url)s") % {"number": number, "url": url}
        codes.append(TableCode(number, url, qr_svg(url, label=label), page(number)))
    return codes


def full_screen_context(
    code: TableCode, numbers: list[int], *, page: Callable[[int], str], all_url: str
) -> dict[str, object]:
    """What ``connect_table.html`` shows around one table's code: the tables before and
    after it, and the way back to all of them."""
    index = numbers.index(code.number)
    previous = numbers[index - 1] if index > 0 else None
    following = numbers[index + 1] if index + 1 < len(numbers) else None
    return {
        "code": code,
        "previous": previous,
        "previous_url": page(previous) if previous is not None else "",
        "next": following,
        "next_url": page(following) if following is not None else "",
        "all_url": all_url,
    }
