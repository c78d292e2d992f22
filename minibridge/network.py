"""Which addresses this computer has, and which one the class's tablets should open.

The teacher's laptop is the server: the tablets reach it over the school's Wi-Fi at its
address on that network (its "LAN address"), never at 127.0.0.1. Two questions, one
place:

* :func:`host_names` — every name and address this computer answers to (the default of
  ``ALLOWED_HOSTS``).
* :func:`lan_address` — the one IPv4 address a tablet should open.

psutil lists the interfaces and their addresses on Linux, macOS and Windows alike (the
standard library cannot, short of ioctl calls per system). The address of the default
route picks the right one when there are several (a laptop with Docker or a VPN has
more than one private address); it is found with a UDP socket's ``connect``, which
sends nothing. Without a default route (a Wi-Fi with no internet may have none) the
first private address of a real interface is taken.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Mapping, Sequence

import psutil

#: Names and addresses a computer always answers to itself.
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]")

#: Interfaces that are not the way to the classroom's network: containers, virtual
#: machines' bridges, tunnels.
_VIRTUAL_PREFIXES = (
    "docker",
    "br-",
    "veth",
    "virbr",
    "vboxnet",
    "vmnet",
    "lxc",
    "lxd",
    "tun",
    "tap",
    "zt",
    "wg",
    "utun",
    "tailscale",
)

#: Any address outside this machine: connecting a UDP socket to it picks the source
#: address of the default route, without sending a packet.
_PROBE = ("10.254.254.254", 9)


def is_loopback_host(host: str) -> bool:
    """True for ``localhost`` (and its subdomains) and for loopback addresses."""
    name = host.strip().lower().strip("[]")
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def interface_addresses() -> dict[str, list[str]]:
    """The IPv4 and IPv6 addresses of each network interface that is up (IPv6 without
    its ``%zone``)."""
    stats = psutil.net_if_stats()
    found: dict[str, list[str]] = {}
    for name, addresses in psutil.net_if_addrs().items():
        if name in stats and not stats[name].isup:
            continue
        found[name] = [
            address.address.split("%", 1)[0]
            for address in addresses
            if address.family in (socket.AF_INET, socket.AF_INET6)
        ]
    return found


def default_route_address() -> str | None:
    """This computer's source address for the default route, or None without one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(_PROBE)
            address: str = probe.getsockname()[0]
        except OSError:
            return None
    return None if address == "0.0.0.0" else address


def choose_lan_address(
    interfaces: Mapping[str, Sequence[str]], route_address: str | None
) -> str | None:
    """The IPv4 address tablets should open, from the interfaces' addresses: the
    default route's when it is one of them; else the first private address of a real
    interface; else any usable one. Loopback and link-local (169.254.x.x: no network
    configured) addresses never qualify."""
    usable: list[tuple[str, str]] = []
    for name, addresses in interfaces.items():
        for text in addresses:
            try:
                address = ipaddress.ip_address(text)
            except ValueError:
                continue
            if address.version == 4 and not (address.is_loopback or address.is_link_local):
                usable.append((name, text))
    if not usable:
        return None
    if route_address is not None and any(text == route_address for _n, text in usable):
        return route_address

    def rank(item: tuple[str, str]) -> tuple[bool, bool]:
        name, text = item
        virtual = name.lower().startswith(_VIRTUAL_PREFIXES)
        return (virtual, not ipaddress.ip_address(text).is_private)

    return sorted(usable, key=rank)[0][1]


def lan_address() -> str | None:
    """This computer's address on the classroom network, or None when it has none."""
    return choose_lan_address(interface_addresses(), default_route_address())


def host_names() -> list[str]:
    """Every host name this computer answers to, as ``ALLOWED_HOSTS`` spells them:
    localhost, its loopback addresses, its host name (and ``name.local``, the name
    macOS and Avahi announce on a local network) and every address of its interfaces
    (IPv6 in brackets)."""
    names: list[str] = list(LOOPBACK_HOSTS)
    hostname = socket.gethostname().strip().lower()
    if hostname:
        names.append(hostname)
        if "." not in hostname:
            names.append(f"{hostname}.local")
    for addresses in interface_addresses().values():
        for text in addresses:
            names.append(f"[{text}]" if ":" in text else text)
    return list(dict.fromkeys(names))


def answers(port: int) -> bool:
    """Whether something listens on ``port`` of 127.0.0.1 (a server started here has come
    up): a connection made within a second."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False
