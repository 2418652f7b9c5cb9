"""The web application: HTTP routes, the WebSocket and the page (Starlette)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

try:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
    from starlette.routing import Mount, Route, WebSocketRoute
    from starlette.staticfiles import StaticFiles
    from starlette.websockets import WebSocket, WebSocketDisconnect
except ImportError as error:
    raise ImportError(
        f"burraco.server needs Starlette: pip install 'burraco[server]' ({error})",
        name="starlette",
    ) from None

from burraco import svg
from burraco.agents import AGENT_NAMES
from burraco.cards import parse_card
from burraco.errors import NotationError
from burraco.levels import LEVELS
from burraco.rules import PLAYER_COUNTS, PRESETS
from burraco.server import tournament_pages
from burraco.server.manager import Connection, Manager
from burraco.server.protocol import ClientError, encode, error_message
from burraco.server.storage import Store
from burraco.server.table import HUMAN

__all__ = ["build_app"]

STATIC = Path(__file__).parent / "static"
"""The page's files."""
MAX_REQUEST_BYTES = 4096
"""The largest body ``POST /api/tables`` reads."""
CLOSE_NO_TABLE = 4404
CLOSE_BAD_TOKEN = 4403


def _error(status: int, reason: str, message: str) -> JSONResponse:
    return JSONResponse({"type": "error", "reason": reason, "message": message}, status_code=status)


@functools.lru_cache(maxsize=512)
def _seat_titles() -> dict[str, str]:
    """What the lobby shows for each seat kind: a person, a bot, or a level and its title."""
    titles = {
        HUMAN: "a person",
        "random": "random bot",
        "greedy": "greedy bot",
        "search": "search bot",
    }
    for name, level in LEVELS.items():
        titles[name] = f"{name}: {level.title}"
    return titles


def _card_picture(name: str) -> str | None:
    base, _, shown = name.partition("=")
    try:
        card = parse_card(base)
        stands_for = parse_card(shown) if shown else None
    except NotationError:
        return None
    if str(card) != base or (stands_for is not None and str(stands_for) != shown):
        return None
    return svg.card(card, stands_for=stands_for)


def build_app(db: str | Path, *, workers: int, bot_delay: float) -> Starlette:
    """The application (see :func:`burraco.server.create_app`)."""
    manager = Manager(Store(db), workers=workers, bot_delay=bot_delay)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await manager.start()
        yield
        await manager.stop()

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def options(request: Request) -> Response:
        return JSONResponse(
            {
                "rules": sorted(PRESETS),
                "players": list(PLAYER_COUNTS),
                "seats": [HUMAN, *AGENT_NAMES],
                "seat_titles": _seat_titles(),
            }
        )

    async def create(request: Request) -> Response:
        body = await request.body()
        if len(body) > MAX_REQUEST_BYTES:
            return _error(400, "too-large", f"the request has more than {MAX_REQUEST_BYTES} bytes")
        try:
            data = json.loads(body)
        except ValueError:
            return _error(400, "bad-json", "the request is not JSON")
        try:
            room = manager.create(data)
        except ValueError as error:
            return _error(400, "bad-request", str(error))
        table = room.table
        base = str(request.base_url).rstrip("/")
        seats = [
            {"seat": seat, "token": token, "url": f"{base}/t/{table.id}#token={token}"}
            for seat, token in enumerate(table.tokens)
            if token is not None
        ]
        return JSONResponse(
            {"table": table.id, "seats": seats, "spectate": f"{base}/t/{table.id}"},
            status_code=201,
        )

    async def describe(request: Request) -> Response:
        try:
            room = manager.room(request.path_params["table"])
        except ClientError as error:
            return _error(404, error.reason, str(error))
        return JSONResponse(room.table.public(room.connected))

    async def records(request: Request) -> Response:
        try:
            room = manager.room(request.path_params["table"])
        except ClientError as error:
            return _error(404, error.reason, str(error))
        return PlainTextResponse("\n".join(manager.store.records(room.table.id)))

    async def card(request: Request) -> Response:
        picture = _card_picture(request.path_params["name"])
        if picture is None:
            return _error(404, "bad-card", "no such card picture")
        return Response(
            picture,
            media_type="image/svg+xml",
            headers={"Cache-Control": "public, max-age=86400"},
        )

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        token = websocket.query_params.get("token")
        try:
            room, conn = manager.connect(websocket.path_params["table"], token)
        except ClientError as error:
            await websocket.send_text(encode(error_message(0, error.reason, str(error))))
            code = CLOSE_NO_TABLE if error.reason == "no-table" else CLOSE_BAD_TOKEN
            await websocket.close(code)
            return
        writer = asyncio.get_running_loop().create_task(_write(websocket, conn))
        try:
            while not writer.done():
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text: Any = message.get("text")
                if text is None:
                    text = message.get("bytes") or b""
                await manager.receive(room, conn, text)
        except WebSocketDisconnect:
            pass
        finally:
            manager.disconnect(room, conn)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer

    routes = [
        Route("/", page),
        Route("/t/{table}", page),
        Route("/api/options", options),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table}", describe),
        Route("/api/tables/{table}/records", records),
        Route("/cards/{name}.svg", card),
        WebSocketRoute("/ws/{table}", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    routes += tournament_pages.routes(tournament_pages.events_folder(db))
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.manager = manager
    return app


async def _write(websocket: WebSocket, conn: Connection) -> None:
    while True:
        text = await conn.queue.get()
        if text is None:
            await websocket.close(1008)
            return
        await websocket.send_text(text)
