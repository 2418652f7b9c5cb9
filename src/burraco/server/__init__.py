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

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from starlette.applications import Starlette

__all__ = ["create_app", "serve"]


def create_app(
    db: str | Path = ":memory:", *, workers: int = 2, bot_delay: float = 0.0
) -> Starlette:
    """The server's application, keeping its tables in the SQLite file ``db``.

    Serve it with any ASGI server (``burraco serve`` uses uvicorn). Tables stored in ``db``
    by an earlier run resume when the application starts (in its lifespan).

    Args:
        db: the database file (``":memory:"``: nothing is kept).
        workers: threads for the bots' decisions.
        bot_delay: seconds a bot waits before each action, so that people can follow.

    Raises:
        ImportError: naming the extra to install, without Starlette.
    """
    from burraco.server.app import build_app

    return build_app(db, workers=workers, bot_delay=bot_delay)


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | Path = "burraco.sqlite3",
    *,
    bot_delay: float = 0.6,
    workers: int = 2,
    announce: Callable[[str], None] = print,
) -> None:
    """Serve tables at ``http://host:port/`` until stopped, keeping them in ``db``.

    ``announce`` is given the address of the page before the server starts listening.

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
    app = create_app(db, workers=workers, bot_delay=bot_delay)
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
    shown = f"[{host}]" if ":" in host else host
    announce(f"burraco server: http://{shown}:{port}/ (tables kept in {db}; Ctrl+C stops it)")
    uvicorn.Server(config).run()
