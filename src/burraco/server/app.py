"""The web application: HTTP routes, the WebSocket and the page (Starlette)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import math
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any, Final, TypeAlias

import attrs

try:
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.requests import Request
    from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
    from starlette.routing import Mount, Route, WebSocketRoute
    from starlette.staticfiles import StaticFiles
    from starlette.types import ASGIApp, Message, Receive, Scope, Send
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
from burraco.i18n import LOCALE_NAMES, Locale, messages, negotiate, translate
from burraco.levels import LEVELS
from burraco.rules import PLAYER_COUNTS, PRESETS
from burraco.server import tournament_pages
from burraco.server.manager import MOVED_RETRY, BusyError, Connection, Manager, MovedError
from burraco.server.protocol import (
    MAX_MESSAGE_BYTES,
    ClientError,
    CloseCode,
    ServerReason,
    encode,
    error_message,
    parse_json,
    to_json_object,
)
from burraco.server.settings import ServerSettings, origin_of
from burraco.server.storage import Store, TableStore
from burraco.server.table import HUMAN

__all__ = ["SECURITY_HEADERS", "build_app"]

STATIC = Path(__file__).parent / "static"
"""The page's files."""
MAX_REQUEST_BYTES = MAX_MESSAGE_BYTES
"""The largest body ``POST /api/tables`` reads (it stops reading there)."""
BUSY_RETRY = 60
"""Seconds after which to try again to create a table of bots alone."""

SECURITY_HEADERS: Final = (
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        b"connect-src 'self'CONNECT; object-src 'none'; base-uri 'none'; form-action 'self'; "
        b"frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
)
"""Headers on every HTTP response (``CONNECT`` stands for the WebSocket origins allowed)."""


Fail: TypeAlias = Callable[..., JSONResponse]
"""An error answer in a client's language: :func:`_error` with its ``locale`` given."""


def _error(
    status: int,
    reason: ServerReason,
    message: str,
    retry_after: float | None = None,
    locale: Locale = "en",
) -> JSONResponse:
    headers = {} if retry_after is None else {"Retry-After": str(max(1, math.ceil(retry_after)))}
    if locale != "en":  # the reason's sentence in the client's language
        message = translate(f"reason.{reason}", locale)
    body = to_json_object(error_message(None, reason, message))
    return JSONResponse(body, status_code=status, headers=headers)


class _SecurityHeaders:
    """ASGI middleware: :data:`SECURITY_HEADERS` on every HTTP response."""

    def __init__(self, app: ASGIApp, connect: str) -> None:
        self.app = app
        self.headers = [
            (name, value.replace(b"CONNECT", (" " + connect if connect else "").encode()))
            for name, value in SECURITY_HEADERS
        ]
        # the tournament pages still write their style and one script inline
        self.inline_headers = [
            (
                name,
                value.replace(b"script-src 'self';", b"script-src 'self' 'unsafe-inline';").replace(
                    b"style-src 'self';", b"style-src 'self' 'unsafe-inline';"
                ),
            )
            if name == b"content-security-policy"
            else (name, value)
            for name, value in self.headers
        ]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        inline = str(scope.get("path", "")).startswith("/events")
        headers = self.inline_headers if inline else self.headers

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *headers]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class _TooLargeError(Exception):
    pass


async def _read_body(request: Request, limit: int) -> bytes:
    """The body, read as it comes and given up on past ``limit`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise _TooLargeError
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise _TooLargeError
    return bytes(body)


def _listening(scope: Scope) -> str:
    """The address the server listens on, from the connection (never the Host header)."""
    server = scope.get("server")
    scheme = "https" if scope.get("scheme") in ("https", "wss") else "http"
    if not server:
        return f"{scheme}://localhost"
    host, port = server[0], server[1]
    host = f"[{host}]" if ":" in str(host) else host
    default = {"http": 80, "https": 443}[scheme]
    return f"{scheme}://{host}" + ("" if port in (None, default) else f":{port}")


@functools.lru_cache(maxsize=512)
def _counts(name: str) -> list[int]:
    """The numbers of players the preset ``name`` seats, its own first: every count of
    :data:`~burraco.rules.PLAYER_COUNTS` for most, 3 alone for fibur3 and 5 alone for fibur5
    (rules §14)."""
    preset = PRESETS[name]
    counts = [preset.players]
    for players in PLAYER_COUNTS:
        if players != preset.players:
            with contextlib.suppress(ValueError):
                attrs.evolve(preset, players=players)
                counts.append(players)
    return counts


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


def _locale(headers: Mapping[str, str], chosen: str | None = None) -> Locale:
    """The language a client asks for: ``chosen`` (a ``lang`` parameter) if it names one of
    the catalogue's, else its ``Accept-Language`` header."""
    if chosen:
        wanted = negotiate(chosen[:40])
        if wanted != "en" or chosen.lower().startswith("en"):
            return wanted
    return negotiate(headers.get("accept-language", "")[:400])


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


def build_app(
    db: str | Path | TableStore,
    *,
    workers: int | None,
    bot_delay: float,
    settings: ServerSettings | None = None,
) -> Starlette:
    """The application (see :func:`burraco.server.create_app`)."""
    settings = settings or ServerSettings()
    store = db if isinstance(db, TableStore) else Store(db)
    manager = Manager(store, settings=settings, workers=workers, bot_delay=bot_delay)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await manager.start()
        yield
        await manager.stop()

    def public_base(scope: Scope) -> str:
        return (settings.public_url or _listening(scope)).rstrip("/")

    def origin_allowed(scope: Scope, headers: Mapping[str, str]) -> bool:
        origin = headers.get("origin")
        if headers.get("sec-fetch-site") == "cross-site":
            return False
        return origin is None or origin in settings.origins(_listening(scope))

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def options(request: Request) -> Response:
        return JSONResponse(
            {
                "rules": sorted(PRESETS),
                "players": list(PLAYER_COUNTS),
                "counts": {name: _counts(name) for name in sorted(PRESETS)},
                "seats": [HUMAN, *AGENT_NAMES],
                "seat_titles": _seat_titles(),
            }
        )

    async def catalogue(request: Request) -> Response:
        locale = _locale(request.headers, request.query_params.get("lang"))
        return JSONResponse(
            {
                "locale": locale,
                "locales": [[code, name] for code, name in LOCALE_NAMES.items()],
                "messages": messages(locale),
            },
            headers={"Cache-Control": "no-cache", "Vary": "Accept-Language"},
        )

    async def read_request(request: Request) -> tuple[object, Locale] | Response:
        """A POST's JSON body, checked (origin, type, size, depth), and the client's language;
        or the refusal to answer with."""
        locale = _locale(request.headers)
        fail = functools.partial(_error, locale=locale)
        if not origin_allowed(request.scope, request.headers):
            return fail(403, ServerReason.BAD_ORIGIN, "tables are created from this site's page")
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            return fail(415, ServerReason.BAD_CONTENT_TYPE, "send the settings as application/json")
        try:
            body = await _read_body(request, MAX_REQUEST_BYTES)
        except _TooLargeError:
            return fail(
                413, ServerReason.TOO_LARGE, f"the request has more than {MAX_REQUEST_BYTES} bytes"
            )
        try:
            return parse_json(body, limit=MAX_REQUEST_BYTES), locale
        except ClientError as error:
            return fail(400, ServerReason(error.reason), str(error))

    def posted(
        handler: Callable[[Request, object, Fail], Awaitable[Response]],
    ) -> Callable[[Request], Awaitable[Response]]:
        """A POST route: ``handler`` gets the body :func:`read_request` checked and a ``fail``
        that answers an error in the client's language; a refused body is answered first."""

        @functools.wraps(handler)
        async def route(request: Request) -> Response:
            read = await read_request(request)
            if isinstance(read, Response):
                return read
            data, locale = read
            return await handler(request, data, functools.partial(_error, locale=locale))

        return route

    def over_rate(request: Request, fail: Fail) -> Response | None:
        """The ``429`` for a client creating tables faster than the settings allow, or
        ``None``."""
        client = request.client.host if request.client else "unknown"
        wait = manager.admit(client)
        if not wait:
            return None
        rate = settings.tables_per_minute
        return fail(429, ServerReason.RATE_LIMITED, f"at most {rate:g} tables a minute", wait)

    def player_of(data: object) -> str | None:
        return manager.account(data.get("player")) if isinstance(data, dict) else None

    def seat_link(request: Request, table_id: str, seat: int, token: str | None) -> dict[str, Any]:
        base = public_base(request.scope)
        return {
            "table": table_id,
            "seat": seat,
            "token": token,
            "url": f"{base}/t/{table_id}#token={token}",
        }

    @posted
    async def create(request: Request, data: object, fail: Fail) -> Response:
        refused = over_rate(request, fail)
        if refused is not None:
            return refused
        try:
            room = manager.create(data, player_of(data))
        except ValueError as error:
            return fail(400, ServerReason.BAD_REQUEST, str(error))
        except BusyError as error:
            return fail(503, ServerReason.SERVER_BUSY, str(error), BUSY_RETRY)
        table = room.table
        base = public_base(request.scope)
        seats = [
            {"seat": seat, "token": token, "url": f"{base}/t/{table.id}#token={token}"}
            for seat, token in enumerate(table.tokens)
            if token is not None and seat in room.handed
        ]
        return JSONResponse(
            {"table": table.id, "seats": seats, "spectate": f"{base}/t/{table.id}"},
            status_code=201,
        )

    async def open_tables(request: Request) -> Response:
        return JSONResponse(manager.open_tables(), headers={"Cache-Control": "no-cache"})

    @posted
    async def join(request: Request, data: object, fail: Fail) -> Response:
        try:
            room, seat = manager.join(request.path_params["table"], player_of(data))
        except ClientError as error:
            status = 404 if error.reason == ServerReason.NO_TABLE else 409
            status = 400 if error.reason == ServerReason.NO_PLAYER else status
            return fail(status, ServerReason(error.reason), str(error))
        return JSONResponse(seat_link(request, room.table.id, seat, room.table.tokens[seat]))

    @posted
    async def quick(request: Request, data: object, fail: Fail) -> Response:
        refused = over_rate(request, fail)
        if refused is not None:
            return refused
        try:
            room, seat = manager.quick(data, player_of(data))
        except ClientError as error:
            return fail(400, ServerReason(error.reason), str(error))
        except ValueError as error:
            return fail(400, ServerReason.BAD_REQUEST, str(error))
        return JSONResponse(seat_link(request, room.table.id, seat, room.table.tokens[seat]))

    @posted
    async def again(request: Request, data: object, fail: Fail) -> Response:
        token = data.get("token") if isinstance(data, dict) else None
        if not isinstance(token, str):
            return fail(400, ServerReason.BAD_TOKEN, "give the seat's token")
        try:
            room, seat = manager.play_again(request.path_params["table"], token)
        except ClientError as error:
            status = 404 if error.reason == ServerReason.NO_TABLE else 409
            status = 403 if error.reason == ServerReason.BAD_TOKEN else status
            return fail(status, ServerReason(error.reason), str(error))
        return JSONResponse(seat_link(request, room.table.id, seat, room.table.tokens[seat]))

    @posted
    async def players(request: Request, data: object, fail: Fail) -> Response:
        try:
            player, token, name = manager.register(
                data.get("name") if isinstance(data, dict) else None
            )
        except ValueError as error:
            return fail(400, ServerReason.NO_PLAYER, str(error))
        return JSONResponse({"player": player, "token": token, "name": name}, status_code=201)

    async def leaderboard(request: Request) -> Response:
        rows = manager.store.leaderboard()
        return JSONResponse(
            [
                {
                    "player": player,
                    "name": name,
                    "bot": str(player).startswith("bot-"),
                    "mu": round(mu, 2),
                    "sigma": round(sigma, 2),
                    "rating": round(mu - 3 * sigma, 2),
                    "games": games,
                }
                for player, name, mu, sigma, games in rows
            ],
            headers={"Cache-Control": "no-cache"},
        )

    async def describe(request: Request) -> Response:
        room = manager.rooms.get(request.path_params["table"])
        if room is not None:
            return JSONResponse(manager.describe(room))
        try:
            return JSONResponse(manager.facts(request.path_params["table"]))
        except ClientError as error:
            return _error(404, ServerReason(error.reason), str(error))

    async def records(request: Request) -> Response:
        try:
            manager.facts(request.path_params["table"])
        except ClientError as error:
            return _error(404, ServerReason(error.reason), str(error))
        return PlainTextResponse("\n".join(manager.store.records(request.path_params["table"])))

    async def card(request: Request) -> Response:
        picture = _card_picture(request.path_params["name"])
        if picture is None:
            return _error(404, ServerReason.BAD_CARD, "no such card picture")
        return Response(
            picture,
            media_type="image/svg+xml",
            headers={"Cache-Control": "public, max-age=86400"},
        )

    async def refuse(
        websocket: WebSocket, reason: ServerReason, text: str, code: int, retry: float | None
    ) -> None:
        await websocket.send_text(encode(error_message(0, reason, text, retry_after=retry)))
        await websocket.close(code)

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        if not origin_allowed(websocket.scope, websocket.headers):
            await refuse(
                websocket,
                ServerReason.BAD_ORIGIN,
                "this table is played from this site's page",
                CloseCode.FORBIDDEN,
                None,
            )
            return
        query = websocket.query_params
        token = query.get("token")
        since_text = query.get("event", "")
        since = int(since_text) if since_text.isdigit() and len(since_text) < 16 else None
        try:
            locale = _locale(websocket.headers, query.get("lang"))
            room, conn = await manager.connect(
                websocket.path_params["table"], token, since, locale=locale
            )
        except ClientError as error:
            reason = ServerReason(error.reason)
            code = CloseCode.NO_TABLE if reason is ServerReason.NO_TABLE else CloseCode.FORBIDDEN
            await refuse(websocket, reason, str(error), code, None)
            return
        except MovedError as error:
            await refuse(websocket, ServerReason.MOVED, str(error), CloseCode.MOVED, MOVED_RETRY)
            return
        except BusyError as error:
            await refuse(websocket, ServerReason.SERVER_BUSY, str(error), CloseCode.BUSY, 60)
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
        Route("/api/messages", catalogue),
        Route("/leaderboard", page),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables", open_tables, methods=["GET"]),
        Route("/api/tables/{table}/join", join, methods=["POST"]),
        Route("/api/tables/{table}/again", again, methods=["POST"]),
        Route("/api/quick", quick, methods=["POST"]),
        Route("/api/players", players, methods=["POST"]),
        Route("/api/leaderboard", leaderboard),
        Route("/api/tables/{table}", describe),
        Route("/api/tables/{table}/records", records),
        Route("/cards/{name}.svg", card),
        WebSocketRoute("/ws/{table}", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    named = [settings.public_url] if settings.public_url else []
    connect = " ".join(  # 'self' covers the page's own origin, ws: and wss: included
        sorted(
            {origin_of(url).replace("http", "ws", 1) for url in [*named, *settings.allowed_origins]}
        )
    )
    source = db.path if isinstance(db, Store) else db if not isinstance(db, TableStore) else ""
    routes += tournament_pages.routes(tournament_pages.events_folder(source or ":memory:"))
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[Middleware(_SecurityHeaders, connect=connect)],
    )
    app.state.manager = manager
    return app


async def _write(websocket: WebSocket, conn: Connection) -> None:
    while True:
        item = await conn.queue.get()
        if isinstance(item, int):
            await websocket.close(item)
            return
        await websocket.send_text(item)
