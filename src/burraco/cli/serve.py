"""``burraco serve``: serve tables to play at in a browser.

The server (:mod:`burraco.server`, Starlette and uvicorn, the extra ``burraco[server]``) is
imported only when the command runs."""

from __future__ import annotations

import argparse
import sys

from burraco.cli.options import Commands, positive, whole_number
from burraco.cli.status import BAD_INPUT, OK

__all__ = ["add_parser", "run"]


def add_parser(commands: Commands) -> None:
    """Add ``burraco serve`` to ``commands``."""
    serve = commands.add_parser(
        "serve",
        help="serve tables to play at in a browser (needs burraco[server])",
        description="Serve the Burraco page and its WebSocket protocol: create tables, play "
        "at them in a browser with people and bots. Tables are kept in an SQLite file (or a "
        "PostgreSQL database shared by several servers) and resume when the server starts "
        "again. Needs pip install 'burraco[server]' ('burraco[server-postgres]').",
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    serve.add_argument("--port", type=_port, default=8000, help="the port (default 8000)")
    serve.add_argument(
        "--db",
        default="burraco.sqlite3",
        metavar="PATH",
        help="the database of tables: an SQLite file, or postgresql://... shared by servers",
    )
    serve.add_argument(
        "--public-url",
        metavar="URL",
        help="the address people reach the server at; links begin with it, and its pages may "
        "connect (default: the address listened on)",
    )
    serve.add_argument(
        "--allowed-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="another origin (https://host) whose pages may connect; repeat for more",
    )
    serve.add_argument(
        "--workers",
        type=whole_number,
        metavar="N",
        help="processes for the bots' decisions (default: one per core)",
    )
    serve.add_argument(
        "--max-bot-tables",
        type=positive,
        metavar="N",
        help="tables of bots alone that may play at once (default 8)",
    )
    serve.add_argument(
        "--tables-per-minute",
        type=float,
        metavar="N",
        help="tables one client may create per minute (default 6)",
    )
    serve.add_argument(
        "--lease",
        type=float,
        metavar="SECONDS",
        help="with PostgreSQL: after how long without renewal another server takes over a "
        "server's tables (default 10)",
    )
    serve.add_argument(
        "--bot-delay",
        type=_delay,
        default=0.6,
        metavar="SECONDS",
        help="how long a bot waits before each action, so people can follow (default 0.6)",
    )
    serve.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``burraco serve``; return the exit status."""
    from burraco.server.settings import ServerSettings

    chosen = {
        "public_url": args.public_url,
        "max_bot_tables": args.max_bot_tables,
        "tables_per_minute": args.tables_per_minute,
        "lease_seconds": args.lease,
    }
    try:
        settings = ServerSettings(
            allowed_origins=tuple(args.allowed_origin),
            **{name: value for name, value in chosen.items() if value is not None},
        )
        from burraco.server import serve

        serve(
            args.host,
            args.port,
            args.db,
            bot_delay=args.bot_delay,
            workers=args.workers,
            settings=settings,
        )
    except (ImportError, ValueError) as error:
        print(f"burraco serve: {error}", file=sys.stderr)
        return BAD_INPUT
    return OK


def _port(text: str) -> int:
    try:
        port = whole_number(text)
    except argparse.ArgumentTypeError:
        port = -1
    if not 0 < port < 65536:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535, not {text!r}")
    return port


def _delay(text: str) -> float:
    try:
        delay = float(text)
    except ValueError:
        delay = -1.0
    if not 0 <= delay <= 10:
        raise argparse.ArgumentTypeError(f"a delay is from 0 to 10 seconds, not {text!r}")
    return delay
