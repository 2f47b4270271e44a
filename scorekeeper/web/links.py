"""A game's links as other phones and programs reach them, and their QR codes.

Absolute links start with PUBLIC_URL when it is configured. Otherwise they
follow the host the request names only when that host is known to be this
server: one of TRUSTED_HOSTS (the only hosts answered once it is set), or,
with neither setting, an address of this machine (`localhost`, or the LAN
address phones type, like 192.168.1.20:5000). Any other name, which anyone
may put in a request, gives the server's own address instead (HOST:PORT),
and the share box tells an editor which setting names the server
(`links_follow_the_browser`). Links are built for each request and never kept;
whether an address is this machine's is asked once a minute in each process.
"""

from __future__ import annotations

import io
import ipaddress
import socket
import time
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

import segno
from flask import current_app, g, request, url_for

# Where a datagram socket is pointed to learn this machine's own address on its network (nothing is sent).
ANY_REMOTE_ADDRESS = ("192.0.2.1", 9)  # TEST-NET-1 (RFC 5737)
ADDRESSES_KNOWN_FOR_SECONDS = 60


def absolute_url(endpoint: str, **values: Any) -> str:
    """The address of `endpoint` for other phones and programs."""
    return _origin() + url_for(endpoint, **values).removeprefix(request.script_root)


def _origin() -> str:
    """What absolute links start with: PUBLIC_URL, the request's own scheme, host and mount point when the host
    is known to be this server, else this server's own address."""
    public_url = current_app.config.get("PUBLIC_URL")
    if public_url:
        return str(public_url).rstrip("/")
    if _host_is_known():
        return request.host_url.rstrip("/")
    return f"http://{server_address()}{request.script_root}"


def _host_is_known() -> bool:
    """Asked once a request: an event's answer holds two links a table."""
    if "links_host_is_known" not in g:
        g.links_host_is_known = bool(current_app.config.get("TRUSTED_HOSTS")) or is_this_machine(request.host)
    return bool(g.links_host_is_known)


def links_follow_the_browser() -> bool:
    """Whether the links this request shows start as the browser's address does (else the share box says why)."""
    return bool(current_app.config.get("PUBLIC_URL")) or _host_is_known()


def is_this_machine(host: str) -> bool:
    """Whether `host` (a Host header: name or address, and a port) names this machine: `localhost`, or an
    address this machine has (only an address of its own can be bound to).

    >>> is_this_machine("localhost:5000"), is_this_machine("127.0.0.1"), is_this_machine("[::1]:8000")
    (True, True, True)
    >>> is_this_machine("evil.example"), is_this_machine("192.0.2.1:5000"), is_this_machine("0.0.0.0:5000")
    (False, False, False)
    """
    try:
        name = urlsplit(f"//{host}").hostname
        address = ipaddress.ip_address(name or "")
    except ValueError:
        return name == "localhost"
    if address.is_unspecified or address.is_multicast or address == ipaddress.IPv4Address("255.255.255.255"):
        return False
    return _bindable(address, int(time.monotonic() // ADDRESSES_KNOWN_FOR_SECONDS))


@lru_cache(maxsize=32)
def _bindable(address: ipaddress.IPv4Address | ipaddress.IPv6Address, _period: int) -> bool:
    """Whether this machine has `address`, asked once a period (`ADDRESSES_KNOWN_FOR_SECONDS`) in each process:
    binding a socket costs an API read a thirtieth of its time, and a machine's addresses change seldom (a
    laptop moving to another network). At most 32 addresses are remembered, however many hosts are named."""
    with socket.socket(socket.AF_INET6 if address.version == 6 else socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.bind((str(address), 0))
        except OSError:
            return False
    return True


def server_address() -> str:
    """HOST:PORT as the server was started; for a server listening on every address (HOST=0.0.0.0), this
    machine's address on its network."""
    host, port = str(current_app.config["HOST"]), current_app.config["PORT"]
    if host in ("", "0.0.0.0", "::"):
        host = _network_address()
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def _network_address() -> str:
    """The address this machine sends from (connecting a datagram socket sends nothing); 127.0.0.1 offline."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(ANY_REMOTE_ADDRESS)
        except OSError:
            return "127.0.0.1"
        return str(probe.getsockname()[0])


def qr_svg(url: str) -> bytes:
    """The QR code of `url`, black on white with its quiet zone, scaled by whoever draws it."""
    buffer = io.BytesIO()
    segno.make(url, error="m", micro=False).save(
        buffer, kind="svg", border=4, dark="#000", light="#fff", xmldecl=False, omitsize=True
    )
    return buffer.getvalue()
