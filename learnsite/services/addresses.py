"""Whose share of a budget a client's request takes: the worksheet maker's places and the error reports' log lines
are counted per client address, not only per request or socket."""

from __future__ import annotations

import ipaddress


def share_of(address: str) -> str:
    """Whose share a request takes: its address, or for IPv6 its /64 network, which one home or phone is given
    whole (counted by full address, one family could take every place by changing its last 64 bits)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 4:
        return str(ip)
    if ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ipaddress.ip_network(f"{ip}/64", strict=False))
