"""The reference server: tables people play at from a browser, bots, and a JSON protocol.

``pip install 'burraco[server]'``, then ``burraco serve``. The server holds every table's
:class:`~burraco.GameState`; clients only ever receive views, over a WebSocket, in the
messages of :mod:`burraco.server.protocol`. Tables are kept in SQLite after every action
(:mod:`burraco.server.storage`), so a restarted server carries on where it stopped. See the
how-to "Serve tables to play in a browser" for the protocol and for running it behind a
reverse proxy.

:func:`create_app` gives the ASGI application (Starlette); :func:`serve` runs it with uvicorn.
The messages, tables and storage are plain Python and import without the extra.
"""

from __future__ import annotations

import socket
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from burraco.server.settings import ServerSettings

if TYPE_CHECKING:
    from collections.abc import Callable

    from starlette.applications import Starlette

    from burraco.server.storage import TableStore

__all__ = ["ServerSettings", "create_app", "serve"]


def create_app(
    db: str | Path = ":memory:",
    *,
    workers: int | None = None,
    bot_delay: float = 0.0,
    settings: ServerSettings | None = None,
) -> Starlette:
    """The server's application, keeping its tables in ``db``.

    Serve it with any ASGI server (``burraco serve`` uses uvicorn). Tables stored in ``db``
    by an earlier run resume when the application starts (in its lifespan).

    Args:
        db: the SQLite database file (``":memory:"``: nothing is kept), or a PostgreSQL
            address (``postgresql://...``, extra ``server-postgres``) that several processes
            share.
        workers: processes for the bots' decisions (``None``: one per core; ``0``: in the
            server's own process, for tests).
        bot_delay: seconds a bot waits before each action, so that people can follow.
        settings: the limits and addresses (:class:`~burraco.server.settings.ServerSettings`).

    Raises:
        ImportError: naming the extra to install, without Starlette (or psycopg, for
            PostgreSQL).
    """
    from burraco.server.app import build_app

    store: str | Path | TableStore = db
    if str(db).startswith(("postgresql://", "postgres://")):
        from burraco.server.postgres import PostgresStore

        lease = (settings or ServerSettings()).lease_seconds
        store = PostgresStore(str(db), lease_seconds=lease)
    return build_app(store, workers=workers, bot_delay=bot_delay, settings=settings)


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | Path = "burraco.sqlite3",
    *,
    bot_delay: float = 0.6,
    workers: int | None = None,
    settings: ServerSettings | None = None,
    announce: Callable[[str], None] = print,
) -> None:
    """Serve tables at ``http://host:port/`` until stopped, keeping them in ``db``.

    ``announce`` is given the address of the page before the server starts listening. Without
    a public URL in ``settings``, links are built from the address listened on (for
    ``0.0.0.0`` or ``::``, this machine's name).

    Raises:
        ImportError: naming the extra to install, without Starlette or uvicorn.
    """
    try:
        import uvicorn
    except ImportError as error:
        raise ImportError(
            f"burraco serve needs uvicorn: pip install 'burraco[server]' ({error})",
            name="uvicorn",
        ) from None
    settings = settings or ServerSettings()
    shown = socket.gethostname() if host in ("0.0.0.0", "::", "") else host
    shown = f"[{shown}]" if ":" in shown else shown
    if settings.public_url is None:
        settings = attrs.evolve(settings, public_url=f"http://{shown}:{port}/")
    app = create_app(db, workers=workers, bot_delay=bot_delay, settings=settings)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        ws_max_size=65536,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        log_level="warning",
        access_log=False,
    )
    kept = (
        "tables shared in PostgreSQL" if str(db).startswith("postgres") else f"tables kept in {db}"
    )
    announce(f"burraco server: {settings.public_url} ({kept}; Ctrl+C stops it)")
    uvicorn.Server(config).run()
