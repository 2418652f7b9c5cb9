"""``burraco serve``: serve tables to play at in a browser.

The server (:mod:`burraco.server`, Starlette and uvicorn, the extra ``burraco[server]``) is
imported only when the command runs."""

from __future__ import annotations

import argparse
import sys

from burraco.cli.options import Commands, whole_number
from burraco.cli.status import BAD_INPUT, OK

__all__ = ["add_parser", "run"]


def add_parser(commands: Commands) -> None:
    """Add ``burraco serve`` to ``commands``."""
    serve = commands.add_parser(
        "serve",
        help="serve tables to play at in a browser (needs burraco[server])",
        description="Serve the Burraco page and its WebSocket protocol: create tables, play "
        "at them in a browser with people and bots. Tables are kept in an SQLite file and "
        "resume when the server starts again. Needs pip install 'burraco[server]'.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    serve.add_argument("--port", type=_port, default=8000, help="the port (default 8000)")
    serve.add_argument(
        "--db", default="burraco.sqlite3", metavar="PATH", help="the database of tables"
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
    from burraco.server import serve

    try:
        serve(args.host, args.port, args.db, bot_delay=args.bot_delay)
    except ImportError as error:
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
