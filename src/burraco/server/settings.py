"""What a server allows and where it is: :class:`ServerSettings`, one value for every limit.

``burraco serve`` builds it from its options; :func:`burraco.server.create_app` takes it.
"""

from __future__ import annotations

from typing import Any, Final
from urllib.parse import urlsplit

import attrs

__all__ = ["ServerSettings", "origin_of"]

DEFAULT_TABLES_PER_MINUTE: Final = 6.0
"""Tables one client may create per minute, on average."""


def origin_of(url: str) -> str:
    """The origin (``scheme://host[:port]``) of an address, as a browser sends it in
    ``Origin``.

    >>> origin_of("https://play.example/burraco/")
    'https://play.example'
    >>> origin_of("http://127.0.0.1:8000")
    'http://127.0.0.1:8000'

    Raises:
        ValueError: if ``url`` has no ``http`` or ``https`` scheme or no host.
    """
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{url!r} is not an http:// or https:// address")
    default = {"http": 80, "https": 443}[parts.scheme]
    host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    port = "" if parts.port in (None, default) else f":{parts.port}"
    return f"{parts.scheme}://{host}{port}"


def _positive(instance: object, attribute: attrs.Attribute[Any], value: float) -> None:
    if isinstance(value, bool) or not value > 0:
        raise ValueError(f"{attribute.name} must be a positive number, not {value!r}")


def _url(instance: object, attribute: attrs.Attribute[str | None], value: str | None) -> None:
    if value is not None:
        origin_of(value)


@attrs.frozen(kw_only=True)
class ServerSettings:
    """The limits and addresses of a server. Every field has a default fit for a public
    server on a small machine.

    Raises:
        ValueError: for a limit that is not positive or an address that is not http(s).
    """

    public_url: str | None = attrs.field(default=None, validator=_url)
    """The address people reach the server at (``https://play.example/``): the links it hands
    out begin with it, and pages of its origin may open WebSockets and create tables. ``None``:
    the address the server listens on. The ``Host`` header is never used."""
    allowed_origins: tuple[str, ...] = attrs.field(default=(), converter=tuple)
    """Further origins whose pages may open WebSockets and create tables."""
    tables_per_minute: float = attrs.field(default=DEFAULT_TABLES_PER_MINUTE, validator=_positive)
    """Tables one client (by address) may create per minute, on average."""
    table_burst: int = attrs.field(default=5, validator=_positive)
    """Tables one client may create at once before the rate applies."""
    max_bot_tables: int = attrs.field(default=8, validator=_positive)
    """Tables of bots alone that may be running at once (a person's table is never refused)."""
    idle_seconds: float = attrs.field(default=1800.0, validator=_positive)
    """A table with no connection and no action for this long leaves memory (it is archived:
    kept in the database, and read back when someone opens it)."""
    finished_seconds: float = attrs.field(default=600.0, validator=_positive)
    """A finished table leaves memory this long after its end (its records stay)."""
    sweep_seconds: float = attrs.field(default=30.0, validator=_positive)
    """How often the server looks for tables to archive."""
    resume_events: int = attrs.field(default=16, validator=_positive)
    """A ``resume`` that missed at most this many events gets each of them; further behind,
    the current view alone."""
    decision_seconds: float = attrs.field(default=20.0, validator=_positive)
    """The longest a bot may think about one decision; then the greedy bot's choice is
    played instead."""
    messages_per_second: float = attrs.field(default=20.0, validator=_positive)
    """Messages a connection may send per second, on average."""
    message_burst: int = attrs.field(default=60, validator=_positive)
    """Messages a connection may send at once."""
    lease_seconds: float = attrs.field(default=10.0, validator=_positive)
    """With a shared database (PostgreSQL): how long a process's hold on its tables lasts
    without renewal; another process takes over a dead one's tables after this."""
    quick_fill_seconds: float = attrs.field(default=20.0, validator=_positive)
    """Quick match: how long a table started for it waits for people before bots (greedy)
    take its free seats."""

    def origins(self, listening: str) -> frozenset[str]:
        """The origins allowed: the public URL's (or ``listening``'s, the address the server
        listens on) and :attr:`allowed_origins`."""
        base = self.public_url or listening
        return frozenset({origin_of(base), *(origin_of(url) for url in self.allowed_origins)})
