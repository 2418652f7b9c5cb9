"""The tables of a running server: who is connected, what each connection is sent, bots, clocks,
limits, and which tables this process serves.

A :class:`Manager` lives on the server's event loop. Each table has a lock: an action is
checked, played, stored and announced under it, so that two actions can never both answer
the same event. Bots decide in worker processes (:class:`~burraco.server.bots.BotPool`), so a
slow search at one table holds up neither the people nor another table. Messages go to a
connection through its own queue (:class:`Connection`), written out by the web layer, so a
slow client holds up nobody.

A table is in memory (a :class:`Room`) while it is served; finished or idle tables are
archived (:class:`~burraco.server.settings.ServerSettings`) and read back from the store when
someone opens them. With a shared store, a table is served by one process at a time: this one
renews its hold, takes over the tables of processes whose hold ran out, and hands a table to a
process that is asked for it (see the how-to, "Past one machine").
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import Coroutine, Sequence
from typing import Any, Final

import attrs

from burraco.actions import Action, DrawStock, parse_action
from burraco.agents import GreedyAgent
from burraco.cards import format_cards
from burraco.engine import legal_actions
from burraco.errors import BurracoError, IllegalActionError
from burraco.i18n import Locale, translate
from burraco.scoring import score_hand
from burraco.server.bots import BotPool
from burraco.server.protocol import (
    ActionMessage,
    AgainMessage,
    ClientError,
    CloseCode,
    ErrorReason,
    ResumeMessage,
    ServerMessage,
    ServerReason,
    encode,
    error_message,
    over_message,
    parse_client,
    view_message,
)
from burraco.server.ratings import Rating, bot_player, clean_name, hash_token, new_player, rate
from burraco.server.settings import ServerSettings
from burraco.server.storage import LostTableError, TableStore
from burraco.server.table import HUMAN, Table, TableConfig
from burraco.state import GameState
from burraco.views import observe

__all__ = ["BusyError", "Connection", "Manager", "MovedError", "RateLimiter", "Room"]

_log = logging.getLogger("burraco.server")

STRIKES: Final = 200
"""Messages refused for the rate, in a row, after which the connection is closed."""
BACKLOG: Final = 2000
"""Messages waiting for a client after which it is dropped (it reconnects and catches up)."""
CLIENTS: Final = 10_000
"""Clients whose table creations are remembered (the oldest are forgotten first)."""
HANDOVER_POLLS: Final = 20
"""Times a table another process serves is asked for, 0.1 s apart, before the client is told
to reconnect."""
MOVED_RETRY: Final = 0.5
"""Seconds after which a client told ``moved`` should reconnect."""


class MovedError(Exception):
    """Raised when the table is served by another process for now: reconnect shortly."""


class BusyError(Exception):
    """Raised when as many tables of bots alone run as allowed."""


class RateLimiter:
    """A token bucket: ``rate`` a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self._allowance = burst
        self._stamp = time.monotonic()

    def take(self) -> float:
        """Take one token: ``0.0`` if there was one, else the seconds until there is."""
        now = time.monotonic()
        self._allowance = min(self.burst, self._allowance + (now - self._stamp) * self.rate)
        self._stamp = now
        if self._allowance >= 1:
            self._allowance -= 1
            return 0.0
        return (1 - self._allowance) / self.rate


class Connection:
    """One WebSocket: its seat (``None`` for a spectator), its queue of messages to send (a
    close code in it closes the socket) and its rate limit."""

    def __init__(self, seat: int | None, settings: ServerSettings, locale: Locale = "en") -> None:
        self.seat = seat
        """The seat this connection acts for, or ``None`` for a spectator."""
        self.locale: Locale = locale
        """The language of the client's person, for the messages of its errors."""
        self.queue: asyncio.Queue[str | int] = asyncio.Queue()
        """The messages waiting to be written; a number closes the socket with that code."""
        self.limiter = RateLimiter(settings.messages_per_second, settings.message_burst)
        """The connection's rate limit."""
        self.strikes = 0
        """Messages refused for the rate in a row."""

    def send(self, messages: Sequence[str]) -> None:
        """Queue ``messages``; a client too far behind is closed instead."""
        if self.queue.qsize() > BACKLOG:
            self.queue.put_nowait(CloseCode.TOO_SLOW)
            return
        for message in messages:
            self.queue.put_nowait(message)

    def close(self, code: int) -> None:
        """Close the socket with ``code`` once the messages queued are written."""
        self.queue.put_nowait(code)


class Room:
    """A table served by this process, with its lock, connections, bots and clock."""

    def __init__(self, table: Table) -> None:
        self.table = table
        """The table."""
        self.lock = asyncio.Lock()
        """Held while an action is checked, played, stored and announced."""
        self.connections: set[Connection] = set()
        """The open connections."""
        self.turn_started = table.event
        """The event at which the turn under way began (the clock runs from it)."""
        self.deadline: float | None = None
        """When the turn clock runs out (the event loop's time), or ``None``."""
        self.tasks: set[asyncio.Task[None]] = set()
        """The bots' and the clock's tasks."""
        self.bots_busy = False
        """Whether a task is playing bots' turns."""
        self.clock_turn = 0
        """The turn (by :attr:`turn_started`) whose clock task is running."""
        self.cache: dict[int | None, list[str]] = {}
        """The messages of the last event, by seat (``None``: spectators), built once."""
        self.cache_event = 0
        """The event :attr:`cache` holds the messages of."""
        self.active = time.monotonic()
        """When something last happened here (an action, a connection coming or going)."""
        self.gone = False
        """Whether this process no longer serves the table."""
        self.handed: set[int] = set()
        """The people's seats whose links were given out (at creation, or to someone who
        joined); the others are free, for the lobby."""
        self.again: tuple[str, tuple[str | None, ...]] | None = None
        """The table started by "play again" after this one: its id and tokens."""

    @property
    def connected(self) -> set[int]:
        """The seats with an open connection."""
        return {conn.seat for conn in self.connections if conn.seat is not None}

    @property
    def running_bots_alone(self) -> bool:
        """Whether this is a table of bots alone that is still playing."""
        return self.table.running_bots_alone

    @property
    def watchers(self) -> int:
        """The spectators connected."""
        return sum(conn.seat is None for conn in self.connections)

    @property
    def free(self) -> list[int]:
        """The people's seats nobody has the link of (nor is connected to)."""
        seats = self.table.config.seats
        return [
            seat
            for seat, kind in enumerate(seats)
            if kind == HUMAN and seat not in self.handed and seat not in self.connected
        ]


def _drawn(table: Table, index: int) -> str | None:
    """The card the seat to act at ``table.states[index]`` drew from the stock on its turn
    under way, in notation, or ``None``."""
    state = table.states[index]
    for step in range(index - 1, -1, -1):
        played = table.history[step]
        if played.seat != state.turn:
            return None
        if isinstance(played.action, DrawStock):
            before = list(table.states[step].hands[played.seat])
            for card in table.states[step + 1].hands[played.seat]:
                if card in before:
                    before.remove(card)
                else:
                    return format_cards([card])
            return None
    return None


class Manager:
    """Every table this process serves, and what happens at them.

    Args:
        store: where tables are kept.
        settings: the limits.
        workers: bot processes (``None``: one per core; 0: bots decide in this process).
        bot_delay: seconds a bot waits before each action, so that people can follow.
    """

    def __init__(
        self,
        store: TableStore,
        *,
        settings: ServerSettings | None = None,
        workers: int | None = None,
        bot_delay: float = 0.0,
    ) -> None:
        self.store = store
        """Where tables are kept."""
        self.settings = settings or ServerSettings()
        """The limits."""
        self.rooms: dict[str, Room] = {}
        """The tables served here, by id."""
        self.bot_delay = bot_delay
        """Seconds a bot waits before each action."""
        self.pool = BotPool(workers, decision_seconds=self.settings.decision_seconds)
        """Where bots decide."""
        self._stopping = False
        self._creators: OrderedDict[str, RateLimiter] = OrderedDict()
        self._chores: set[asyncio.Task[None]] = set()

    # --- lifetime ---

    async def start(self) -> None:
        """Load the stored tables to serve, set their bots and clocks going again, and start
        the chores (archiving, and with a shared store, holding tables)."""
        for table in self.store.load():
            self._serve(table)
        loop = asyncio.get_running_loop()
        self._chores.add(loop.create_task(self._sweep_forever()))
        self._chores.add(loop.create_task(self._hold_forever()))

    async def stop(self) -> None:
        """Stop every bot, clock and chore, and close the database."""
        self._stopping = True
        tasks = [task for room in self.rooms.values() for task in room.tasks]
        tasks += list(self._chores)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for room in self.rooms.values():
            for conn in room.connections:
                conn.close(CloseCode.MOVED)
        self.pool.close()
        self.store.close()

    def _serve(self, table: Table) -> Room:
        """Serve a table read back from the store: deal on if it stopped between hands, set
        its bots and clock going."""
        room = Room(table)
        self.rooms[table.id] = room
        if table.deals_on:  # stopped between the end of a hand and the next deal
            table.next_hand()
            self.store.dealt(table)
        self._new_turn(room)
        self._wake(room)
        return room

    # --- tables ---

    def admit(self, client: str) -> float:
        """Whether ``client`` (an address) may create a table now: ``0.0``, or the seconds
        until it may."""
        limiter = self._creators.pop(client, None)
        if limiter is None:
            per_second = self.settings.tables_per_minute / 60
            limiter = RateLimiter(per_second, self.settings.table_burst)
        self._creators[client] = limiter
        while len(self._creators) > CLIENTS:
            self._creators.popitem(last=False)
        return limiter.take()

    @property
    def bot_tables(self) -> int:
        """Tables of bots alone playing here."""
        return sum(room.running_bots_alone for room in self.rooms.values())

    def create(self, data: object, account: str | None = None) -> Room:
        """Create a table from a request's settings (see :meth:`TableConfig.from_request`);
        ``account`` is the creator's player id, who sits at the first person's seat of a rated
        table. A private table's people's seats are all given out (their links go to the
        creator); a listed table's only the first, the others free for the lobby.

        Raises:
            ValueError: if the settings are wrong.
            BusyError: for a table of bots alone, when as many run as allowed.
        """
        config = TableConfig.from_request(data)
        people = [seat for seat, kind in enumerate(config.seats) if kind == HUMAN]
        if config.rated:
            if account is None and people:
                raise ValueError("a rated table is created by a player: give your player token")
            accounts = list(config.accounts)
            if people:
                accounts[people[0]] = account
            for seat, kind in enumerate(config.seats):
                if kind != HUMAN:
                    accounts[seat] = self.ratings_bot(kind)
            config = attrs.evolve(config, accounts=tuple(accounts))
        if HUMAN not in config.seats and self.bot_tables >= self.settings.max_bot_tables:
            raise BusyError(
                f"{self.settings.max_bot_tables} tables of bots alone are playing here: "
                "try again later, or sit a person at the table"
            )
        table = Table.create(config)
        self.store.add(table)
        room = Room(table)
        room.handed = set(people[:1] if config.listed else people)
        self.rooms[table.id] = room
        self._new_turn(room)
        self._wake(room)
        return room

    # --- the lobby ---

    def open_tables(self) -> list[dict[str, Any]]:
        """The listed tables served here that are not over and have a free seat, newest
        first, each as its public facts (:meth:`describe`)."""
        return [
            self.describe(room)
            for room in reversed(list(self.rooms.values()))
            if room.table.config.listed and not room.table.is_over and room.free
        ]

    def describe(self, room: Room) -> dict[str, Any]:
        """A table's public facts, with ``free`` (its free seats), ``watchers`` (its
        spectators) and, at a rated table, each seat's player's ``name``."""
        facts = room.table.public(room.connected)
        facts["free"] = room.free
        facts["watchers"] = room.watchers
        accounts = room.table.config.accounts
        for seat, entry in enumerate(facts["seats"]):
            player = accounts[seat] if seat < len(accounts) else None
            found = None if player is None else self.store.find_player(player=player)
            if found is not None:
                entry["name"] = found[1]
        return facts

    def join(self, table_id: str, account: str | None = None) -> tuple[Room, int]:
        """Give a free seat of a listed table to someone (``account``: their player id, needed
        at a rated table): the room and the seat, whose token is then theirs.

        Raises:
            ClientError: ``no-table``, ``no-seat``, or ``no-player`` at a rated table without
                a player.
        """
        room = self.room(table_id)
        table = room.table
        if not table.config.listed or table.is_over or not room.free:
            raise ClientError(ServerReason.NO_SEAT, "this table has no free seat")
        seat = room.free[0]
        if table.config.rated:
            if account is None:
                raise ClientError(
                    ServerReason.NO_PLAYER, "a rated table is joined by a player: choose a name"
                )
            if account in table.config.accounts:
                raise ClientError(ServerReason.NO_SEAT, "you already sit at this table")
            accounts = list(table.config.accounts)
            accounts[seat] = account
            table.config = attrs.evolve(table.config, accounts=tuple(accounts))
            self.store.update_config(table)
        room.handed.add(seat)
        return room, seat

    def quick(self, data: object, account: str | None = None) -> tuple[Room, int]:
        """Quick match: a free seat at a listed table of these rules, players, language and
        rating, or else a new listed table of people whose free seats bots take after
        :attr:`~burraco.server.settings.ServerSettings.quick_fill_seconds`.

        Raises:
            ValueError: if the settings are wrong.
            ClientError: ``no-player`` for a rated table without a player.
        """
        if not isinstance(data, dict):
            raise ValueError('the request must be a JSON object such as {"players": 4}')
        keys = ("rules", "players", "language", "rated")
        wanted = {key: data[key] for key in keys if key in data}
        config = TableConfig.from_request(wanted)
        if config.rated and account is None:
            raise ClientError(ServerReason.NO_PLAYER, "a rated table is for players: choose a name")
        for room in list(self.rooms.values()):
            other = room.table.config
            same = (other.rules_name, other.players, other.language, other.rated) == (
                config.rules_name,
                config.players,
                config.language,
                config.rated,
            )
            if same and other.listed and room.free and not room.table.is_over:
                if other.rated and account in other.accounts:
                    continue
                return self.join(room.table.id, account)
        request = {**wanted, "seats": [HUMAN] * config.players, "listed": True}
        room = self.create(request, account)
        self._spawn(room, self._fill_later(room))
        return room, min(room.handed)

    async def _fill_later(self, room: Room) -> None:
        await asyncio.sleep(self.settings.quick_fill_seconds)
        async with room.lock:
            if room.gone or not room.free:
                return
            table = room.table
            seats, tokens = list(table.config.seats), list(table.tokens)
            accounts = list(table.config.accounts)
            for seat in room.free:
                seats[seat], tokens[seat] = "greedy", None
                if accounts:
                    accounts[seat] = self.ratings_bot("greedy")
            table.config = attrs.evolve(table.config, seats=tuple(seats), accounts=tuple(accounts))
            table.tokens = tuple(tokens)
            self.store.update_config(table)
        self._wake(room)

    def play_again(self, table_id: str, token: str) -> tuple[Room, int]:
        """A new table with the same settings for the same seats, once the table is done:
        made by the first seat to ask and announced to every connection (each its own link
        in an ``again`` message); the room of the new table and this token's seat there.

        Raises:
            ClientError: ``no-table``, ``bad-token``, or ``hand-over`` if the table is not done.
        """
        room = self.room(table_id)
        table = room.table
        seat = table.seat_of(token)
        if seat is None:
            raise ClientError(
                ServerReason.BAD_TOKEN, "this link's token is not a seat of the table"
            )
        if not table.is_over:
            raise ClientError(ServerReason.HAND_OVER, "play again once the table is over")
        if room.again is not None and room.again[0] in self.rooms:
            return self.rooms[room.again[0]], seat
        config = attrs.evolve(table.config, seed=None, listed=False)
        new = Table.create(config)
        self.store.add(new)
        again = Room(new)
        again.handed = {s for s, kind in enumerate(config.seats) if kind == HUMAN}
        self.rooms[new.id] = again
        room.again = (new.id, new.tokens)
        self._new_turn(again)
        self._wake(again)
        for conn in list(room.connections):
            mine = None if conn.seat is None else new.tokens[conn.seat]
            link = f"/t/{new.id}" + ("" if mine is None else f"#token={mine}")
            conn.send([encode(AgainMessage(new.id, link))])
        return again, seat

    def ratings_bot(self, kind: str) -> str:
        """The player id a bot of ``kind`` is rated as, kept in the store at first use."""
        player = bot_player(kind)
        if self.store.find_player(player=player) is None:
            with contextlib.suppress(Exception):  # another process kept it first
                self.store.add_player(player, None, kind, Rating())
        return player

    def register(self, name: object) -> tuple[str, str, str]:
        """A new player with a chosen name: its id, its token (its key, kept by its page) and
        the name as kept.

        Raises:
            ValueError: if the name is not 1 to 24 printable characters.
        """
        chosen = clean_name(name)
        player, token = new_player()
        self.store.add_player(player, hash_token(token), chosen, Rating())
        return player, token, chosen

    def account(self, token: object) -> str | None:
        """The player id of a player token, or ``None``."""
        if not isinstance(token, str) or not 0 < len(token) <= 100:
            return None
        found = self.store.find_player(token_hash=hash_token(token))
        return None if found is None else str(found[0])

    def _rate(self, table: Table) -> None:
        """Change the ratings of a rated table's players, once it is done: its teams ranked
        by their totals (the match's, or the single hand's)."""
        accounts = table.config.accounts
        if not table.config.rated or not accounts or any(a is None for a in accounts):
            return
        state = table.state
        teams = [list(team) for team in state.partners]
        totals = table.match.totals if table.config.match else score_hand(state).totals
        if len(totals) != len(teams):
            return
        known: dict[str, Rating] = {}
        for player in {str(a) for a in accounts}:
            found = self.store.find_player(player=player)
            known[player] = Rating(found[2], found[3]) if found else Rating()
        before = [[known[str(accounts[seat])] for seat in team] for team in teams]
        after = rate(before, [float(total) for total in totals])
        changed: dict[str, Rating] = {}
        for team, ratings in zip(teams, after, strict=True):
            for seat, rating in zip(team, ratings, strict=True):
                changed.setdefault(str(accounts[seat]), rating)
        self.store.save_ratings(sorted(changed.items()))

    def room(self, table_id: str) -> Room:
        """The table with this id, served here.

        Raises:
            ClientError: ``no-table`` if there is none here.
        """
        room = self.rooms.get(table_id)
        if room is None:
            raise ClientError(ServerReason.NO_TABLE, f"no table has the id {table_id[:40]!r}")
        return room

    def facts(self, table_id: str) -> dict[str, Any]:
        """The public facts of a table, served here or not.

        Raises:
            ClientError: ``no-table`` if there is none.
        """
        room = self.rooms.get(table_id)
        if room is not None:
            return room.table.public(room.connected)
        table = self.store.read(table_id) if len(table_id) <= 64 else None
        if table is None:
            raise ClientError(ServerReason.NO_TABLE, f"no table has the id {table_id[:40]!r}")
        return table.public(set())

    async def open(self, table_id: str) -> Room:
        """The table with this id, served here: read back from the store if it is archived or
        was another process's.

        Raises:
            ClientError: ``no-table`` if there is none.
            MovedError: another live process serves it (and has been asked to hand it over).
            BusyError: it is a table of bots alone, and as many run as allowed.
        """
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        missing = ClientError(ServerReason.NO_TABLE, f"no table has the id {table_id[:40]!r}")
        if len(table_id) > 64:
            raise missing
        claim = self.store.claim(table_id)
        for _ in range(HANDOVER_POLLS):  # the process serving it hands it over at its next beat
            if not claim.held_elsewhere:
                break
            await asyncio.sleep(0.1)
            claim = self.store.claim(table_id)
        if claim.held_elsewhere:
            raise MovedError("the table is moving to this process: reconnect in a moment")
        if claim.table is None:
            raise missing
        room = self.rooms.get(table_id)  # opened meanwhile
        if room is not None:
            return room
        table = claim.table
        if table.running_bots_alone and self.bot_tables >= self.settings.max_bot_tables:
            self.store.archive(table_id)
            raise BusyError("as many tables of bots alone are playing as allowed")
        return self._serve(table)

    async def connect(
        self, table_id: str, token: str | None, since: int | None = None, *, locale: Locale = "en"
    ) -> tuple[Room, Connection]:
        """Open a connection to a table, for a seat's token or (``None``) a spectator, with
        the current messages queued (or the events since ``since``, when few); its errors are
        written in ``locale``.

        Raises:
            ClientError: ``no-table`` or ``bad-token``.
            MovedError: as :meth:`open`.
            BusyError: as :meth:`open`.
        """
        room = await self.open(table_id)
        seat = None
        if token is not None:
            seat = room.table.seat_of(token)
            if seat is None:
                raise ClientError(
                    ServerReason.BAD_TOKEN, "this link's token is not a seat of the table"
                )
            room.handed.add(seat)
        elif not room.table.config.spectators:
            raise ClientError(ServerReason.NO_SPECTATORS, "this table allows no spectators")
        conn = Connection(seat, self.settings, locale)
        room.connections.add(conn)
        room.active = time.monotonic()
        if since is None:
            conn.send(self.messages_at(room, room.table.event, seat))  # the clock as it is now
        else:
            self._resume(room, conn, since)
        return room, conn

    def disconnect(self, room: Room, conn: Connection) -> None:
        """Forget a closed connection."""
        room.connections.discard(conn)
        room.active = time.monotonic()

    # --- messages ---

    def _score(self, table: Table, state: GameState) -> list[int]:
        totals = list(table.match.totals)
        if table.state.is_over and not state.is_over:  # an event before the hand's end
            last = table.match.hands[-1].totals
            totals = [total - score for total, score in zip(totals, last, strict=True)]
        return totals

    def messages_at(self, room: Room, event: int, seat: int | None) -> list[str]:
        """The messages of event ``event`` of the hand under way for ``seat``: its ``view``,
        and ``over`` if the hand ended there."""
        table = room.table
        index = event - table.start_event
        state = table.states[index]
        clock = None
        if event == table.event and room.deadline is not None and not state.is_over:
            left = max(0.0, room.deadline - asyncio.get_running_loop().time())
            clock = {"seat": state.turn, "seconds": table.config.clock, "left": round(left, 1)}
        messages: list[ServerMessage] = [
            view_message(
                state,
                seat,
                event,
                history=table.history[:index],
                score=self._score(table, state),
                clock=clock,
                commitment=table.commitment,
                target=table.config.rules.target if table.config.match else None,
                drew=_drawn(table, index) if seat == state.turn else None,
            )
        ]
        if state.is_over:
            match = table.match if table.config.match else None
            deal = None if table.deal is None else table.deal.reveal()
            messages.append(over_message(state, event, match, deal))
        return [encode(message) for message in messages]

    def current(self, room: Room, seat: int | None) -> list[str]:
        """The messages of the table's last event for ``seat``, built once per event for every
        connection it is announced to (a connection that comes later gets them afresh, with
        the turn clock as it is then)."""
        event = room.table.event
        if room.cache_event != event:
            room.cache = {}
            room.cache_event = event
        cached = room.cache.get(seat)
        if cached is None:
            cached = room.cache[seat] = self.messages_at(room, event, seat)
        return cached

    def _broadcast(self, room: Room) -> None:
        for conn in list(room.connections):
            conn.send(self.current(room, conn.seat))

    # --- what clients send ---

    def _error(
        self,
        room: Room,
        conn: Connection,
        reason: ErrorReason,
        message: str,
        retry_after: float | None = None,
    ) -> None:
        if conn.locale != "en":  # the reason's sentence in the person's language
            message = translate(f"reason.{reason}", conn.locale)
        error = error_message(room.table.event, reason, message, retry_after=retry_after)
        conn.send([encode(error)])

    async def receive(self, room: Room, conn: Connection, text: str | bytes) -> None:
        """Handle one message from a client; anything wrong is answered to it alone."""
        wait = conn.limiter.take()
        if wait:
            conn.strikes += 1
            rate = self.settings.messages_per_second
            self._error(
                room,
                conn,
                ServerReason.RATE_LIMITED,
                f"at most {rate:g} messages a second: this one was not read, send it again "
                "after retry_after seconds",
                retry_after=round(max(wait, 0.05), 2),
            )
            if conn.strikes > STRIKES:
                conn.close(CloseCode.TOO_FAST)
            return
        conn.strikes = 0
        try:
            request = parse_client(text, conn.seat)
        except ClientError as error:
            self._error(room, conn, error.reason, str(error))
            return
        match request:
            case ResumeMessage():
                self._resume(room, conn, request.event)
            case ActionMessage():
                await self._act(room, conn, request)

    async def _act(self, room: Room, conn: Connection, request: ActionMessage) -> None:
        if conn.seat is None:
            self._error(
                room, conn, ServerReason.SPECTATOR, "a spectator cannot act; open a seat's link"
            )
            return
        async with room.lock:
            table = room.table
            if room.gone:
                conn.close(CloseCode.MOVED)
                return
            if request.event != table.event:
                self._error(
                    room,
                    conn,
                    ServerReason.STALE,
                    f"the action answers event {request.event}, but the last event is "
                    f"{table.event}: look at the table again",
                )
                return
            if table.state.is_over:
                self._error(room, conn, ServerReason.HAND_OVER, "the table is over")
                return
            if table.state.turn != conn.seat:
                self._error(
                    room,
                    conn,
                    ServerReason.NOT_YOUR_TURN,
                    f"it is seat {table.state.turn}'s turn, not yours",
                )
                return
            try:
                action = parse_action(request.action)
                self._play(room, action)
            except IllegalActionError as error:  # said to the seat that acted: "by you"
                text = f"illegal action {str(error.action)!r} by you: {error.reason}: "
                self._error(room, conn, error.reason, text + error.detail)
            except BurracoError as error:
                self._error(room, conn, error.reason, str(error))
            except LostTableError:
                self._let_go(room)
                return
        self._wake(room)

    def _resume(self, room: Room, conn: Connection, event: int) -> None:
        """The events since ``event`` if they are few and of the hand under way, else the
        current messages alone."""
        table = room.table
        missed = table.event - event
        if table.start_event <= event < table.event and missed <= self.settings.resume_events:
            events = range(event + 1, table.event + 1)
            conn.send([text for e in events for text in self.messages_at(room, e, conn.seat)])
        else:  # from another hand, long ago, or nothing missed: the whole current view
            conn.send(self.current(room, conn.seat))

    # --- playing ---

    def _play(self, room: Room, action: Action, *, by_clock: bool = False) -> None:
        """Play ``action`` (raises as :func:`~burraco.apply`, and then nothing changes), store
        it, announce it, and deal on if the match goes on. Call with the lock held.

        Raises:
            LostTableError: another process serves the table now; nothing changed.
        """
        table = room.table
        before = (table.states[-1], table.match, len(table.history))
        played = table.play(action, by_clock=by_clock)
        record = str(table.record()) if table.state.is_over else None
        try:
            self.store.played(table, played, record)
        except BaseException:
            del table.states[-1], table.history[before[2] :]
            table.match = before[1]
            raise
        room.active = time.monotonic()
        if table.is_over:
            try:
                self._rate(table)
            except Exception:  # a rating's failure must not stop the table
                _log.exception("table %s: rating failed", table.id)
        if table.state.is_over or table.state.turn != played.seat:
            self._new_turn(room)
        self._broadcast(room)
        if table.deals_on:
            table.next_hand()
            self.store.dealt(table)
            self._new_turn(room)
            self._broadcast(room)

    def _new_turn(self, room: Room) -> None:
        """A turn begins: start its clock if a person is to act at a table with a clock."""
        table = room.table
        room.turn_started = table.event
        room.deadline = None
        clock = table.config.clock
        state = table.state
        if clock is not None and not state.is_over and table.config.seats[state.turn] == HUMAN:
            room.deadline = asyncio.get_running_loop().time() + clock

    async def _decide(self, room: Room, kind: str) -> Action:
        table = room.table
        seed = table.bot_seed_for(table.state.turn)
        people = not table.bots_only
        decision = await self.pool.decide(table.id, kind, seed, table.state, people=people)
        return decision.action

    def _spawn(self, room: Room, job: Coroutine[Any, Any, None]) -> None:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(job)
        room.tasks.add(task)
        task.add_done_callback(room.tasks.discard)

    def _wake(self, room: Room) -> None:
        """Set the bots or the clock going for whoever is to act."""
        state = room.table.state
        if state.is_over or self._stopping or room.gone:
            return
        kind = room.table.config.seats[state.turn]
        if kind != HUMAN:
            if not room.bots_busy:
                room.bots_busy = True
                self._spawn(room, self._bots(room))
        elif room.deadline is not None and room.clock_turn != room.turn_started:
            room.clock_turn = room.turn_started
            self._spawn(room, self._clock(room, room.turn_started))

    async def _bots(self, room: Room) -> None:
        try:
            loop = asyncio.get_running_loop()
            while True:
                table = room.table
                state = table.state
                if room.gone or state.is_over or table.config.seats[state.turn] == HUMAN:
                    return
                event = table.event
                kind = table.config.seats[state.turn]
                # the decision is made during the bot's delay, not after it: a decision that
                # waits for a worker behind other tables' searches costs people nothing
                # until it takes longer than the delay
                asked = loop.time()
                try:
                    action = await self._decide(room, kind)
                except Exception:  # a bot's bug must not stop the table
                    _log.exception("table %s: seat %s's bot failed", table.id, state.turn)
                    action = legal_actions(state)[0]
                rest = self.bot_delay - (loop.time() - asked)
                if rest > 0:
                    await asyncio.sleep(rest)
                async with room.lock:
                    if room.gone or table.event != event:
                        continue
                    try:
                        self._play(room, action)
                    except LostTableError:
                        self._let_go(room)
                        return
        finally:
            room.bots_busy = False
            self._wake(room)

    async def _clock(self, room: Room, turn: int) -> None:
        deadline = room.deadline
        assert deadline is not None
        await asyncio.sleep(max(0.0, deadline - asyncio.get_running_loop().time()))
        async with room.lock:
            if room.turn_started != turn or room.table.state.is_over or room.gone:
                return
            agent = GreedyAgent(seed=room.table.state.turn)
            while room.turn_started == turn and not room.table.state.is_over:
                state = room.table.state
                action = agent.choose(observe(state, state.turn), legal_actions(state))
                try:
                    self._play(room, action, by_clock=True)
                except LostTableError:
                    self._let_go(room)
                    return
        self._wake(room)

    # --- leaving memory, and other processes ---

    def _let_go(self, room: Room, code: int = CloseCode.MOVED) -> None:
        """This process no longer serves the table: stop its bots and clock and tell its
        connections to reconnect."""
        room.gone = True
        self.rooms.pop(room.table.id, None)
        for task in list(room.tasks):
            if task is not asyncio.current_task():
                task.cancel()
        for conn in list(room.connections):
            conn.close(code)

    async def archive(self, room: Room) -> None:
        """Take a table out of memory, kept in the store as it is."""
        async with room.lock:
            if room.gone:
                return
            self.store.archive(room.table.id)
            self._let_go(room)

    async def sweep(self) -> None:
        """Archive the tables finished or idle for longer than the settings allow."""
        now = time.monotonic()
        settings = self.settings
        for room in list(self.rooms.values()):
            if room.connections:
                continue
            quiet = now - room.active
            if quiet > settings.idle_seconds or (
                room.table.is_over and quiet > settings.finished_seconds
            ):
                await self.archive(room)

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_seconds)
            try:
                await self.sweep()
            except Exception:
                _log.exception("archiving tables failed")

    async def hold(self) -> None:
        """With a shared store: renew this process's hold on its tables (letting go of those
        it lost), hand over the tables asked for, and take over those of processes whose
        hold ran out."""
        for table_id in self.store.renew(set(self.rooms)):
            room = self.rooms.get(table_id)
            if room is not None:
                _log.warning("table %s: another process took it over", table_id)
                self._let_go(room)
        for table_id in self.store.wanted():
            room = self.rooms.get(table_id)
            if room is None:
                continue
            async with room.lock:
                if not room.gone:
                    self.store.hand_over(table_id)
                    self._let_go(room)
        for table in self.store.take_over(limit=50):
            if table.id not in self.rooms:
                _log.info("table %s: taken over", table.id)
                self._serve(table)

    async def _hold_forever(self) -> None:
        interval = min(self.settings.lease_seconds / 4, 0.5)
        while True:
            await asyncio.sleep(interval)
            try:
                await self.hold()
            except Exception:
                _log.exception("holding tables failed")
