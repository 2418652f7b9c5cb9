"""The reference server: tables people play at from a browser, bots, and a JSON protocol.

``pip install 'burraco[server]'``, then ``burraco serve``. The server holds every table's
:class:`~burraco.GameState`; clients only ever receive views, over a WebSocket, in the
messages of :mod:`burraco.server.protocol`. Tables are kept in SQLite after every action
(:mod:`burraco.server.storage`), so a restarted server carries on where it stopped. See the
how-to "Run the server" for the protocol and for running it behind a reverse proxy.

:func:`create_app` gives the ASGI application (Starlette); :func:`serve` runs it with uvicorn.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

try:
    import starlette  # noqa: F401
    import uvicorn
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        f"burraco.server needs Starlette and uvicorn: pip install 'burraco[server]' ({error})"
    ) from error

from burraco.server.app import create_app

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["create_app", "serve"]


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

    ``announce`` is given the URL of the page once the server listens.
    """
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
