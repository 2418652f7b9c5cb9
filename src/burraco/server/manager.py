"""The tables of a running server: who is connected, what each connection is sent, bots, clocks.

A :class:`Manager` lives on the server's event loop. Each table has a lock: an action is
checked, played, stored and announced under it, so that two actions can never both answer
the same event. Bots decide in a thread pool (:meth:`Manager.decide`), so a slow search at one
table never holds up another table. Messages go to a connection through its own queue
(:class:`Connection`), written out by the web layer, so a slow client holds up nobody.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Coroutine, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Final

from burraco.actions import Action, parse_action
from burraco.agents import Agent, GreedyAgent, make_agent
from burraco.engine import legal_actions
from burraco.errors import BurracoError
from burraco.server.protocol import (
    BAD_TOKEN,
    HAND_OVER,
    NO_TABLE,
    NOT_YOUR_TURN,
    RATE_LIMITED,
    SPECTATOR,
    STALE,
    ClientError,
    encode,
    error_message,
    over_message,
    parse_client,
    view_message,
)
from burraco.server.storage import Store
from burraco.server.table import HUMAN, Table, TableConfig
from burraco.state import GameState
from burraco.views import observe

__all__ = ["Connection", "Manager", "Room"]

_log = logging.getLogger("burraco.server")

RATE: Final = 20.0
"""Messages a connection may send per second, on average (a fast bot plays a turn of several
actions in a few milliseconds, so this allows well over what a game needs)."""
BURST: Final = 60.0
"""Messages a connection may send at once."""
STRIKES: Final = 200
"""Messages refused for the rate after which the connection is closed."""
BACKLOG: Final = 2000
"""Messages waiting for a client after which it is dropped (it reconnects and catches up)."""


class Connection:
    """One WebSocket: its seat (``None`` for a spectator), its queue of messages to send (a
    ``None`` in it closes the socket) and its rate limit."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        """The seat this connection acts for, or ``None`` for a spectator."""
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        """The messages waiting to be written, ``None`` to close."""
        self._allowance = BURST
        self._stamp = time.monotonic()
        self._strikes = 0

    def send(self, messages: Sequence[str]) -> None:
        """Queue ``messages``; a client too far behind is closed instead."""
        if self.queue.qsize() > BACKLOG:
            self.queue.put_nowait(None)
            return
        for message in messages:
            self.queue.put_nowait(message)

    def allow(self) -> bool:
        """Whether one more message is within the rate limit (a token bucket)."""
        now = time.monotonic()
        self._allowance = min(BURST, self._allowance + (now - self._stamp) * RATE)
        self._stamp = now
        if self._allowance >= 1:
            self._allowance -= 1
            return True
        self._strikes += 1
        if self._strikes > STRIKES:
            self.queue.put_nowait(None)
        return False


class Room:
    """A table on the running server, with its lock, connections, bots and clock."""

    def __init__(self, table: Table) -> None:
        self.table = table
        """The table."""
        self.lock = asyncio.Lock()
        """Held while an action is checked, played, stored and announced."""
        self.connections: set[Connection] = set()
        """The open connections."""
        self.agents: dict[int, Agent] = {
            seat: make_agent(kind, seed=table.config.seed % 2**31 + seat)
            for seat, kind in enumerate(table.config.seats)
            if kind != HUMAN
        }
        """The bots, by seat."""
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

    @property
    def connected(self) -> set[int]:
        """The seats with an open connection."""
        return {conn.seat for conn in self.connections if conn.seat is not None}


class Manager:
    """Every table of the server, and what happens at them.

    Args:
        store: where tables are kept.
        workers: threads for bots' decisions.
        bot_delay: seconds a bot waits before each action, so that people can follow.
    """

    def __init__(self, store: Store, *, workers: int = 2, bot_delay: float = 0.0) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.bot_delay = bot_delay
        self._stopping = False
        self._executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="burraco-bot")

    # --- lifetime ---

    async def start(self) -> None:
        """Load every stored table and set its bots and clock going again."""
        for table in self.store.load():
            room = Room(table)
            self.rooms[table.id] = room
            if table.deals_on:  # stopped between the end of a hand and the next deal
                table.next_hand()
                self.store.dealt(table)
            self._new_turn(room)
            self._wake(room)

    async def stop(self) -> None:
        """Stop every bot and clock, and close the database."""
        self._stopping = True
        tasks = [task for room in self.rooms.values() for task in room.tasks]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for room in self.rooms.values():
            for conn in room.connections:
                conn.queue.put_nowait(None)
        self._executor.shutdown(wait=False, cancel_futures=True)
        self.store.close()

    # --- tables ---

    def create(self, data: object) -> Room:
        """Create a table from a request's settings (see :meth:`TableConfig.from_request`).

        Raises:
            ValueError: if the settings are wrong.
        """
        table = Table.create(TableConfig.from_request(data))
        room = Room(table)
        self.store.add(table)
        self.rooms[table.id] = room
        self._new_turn(room)
        self._wake(room)
        return room

    def room(self, table_id: str) -> Room:
        """The table with this id.

        Raises:
            ClientError: ``no-table`` if there is none.
        """
        room = self.rooms.get(table_id)
        if room is None:
            raise ClientError(NO_TABLE, f"no table has the id {table_id[:40]!r}")
        return room

    def connect(self, table_id: str, token: str | None) -> tuple[Room, Connection]:
        """Open a connection to a table, for a seat's token or (``None``) a spectator, with
        the current messages queued.

        Raises:
            ClientError: ``no-table`` or ``bad-token``.
        """
        room = self.room(table_id)
        seat = None
        if token is not None:
            seat = room.table.seat_of(token)
            if seat is None:
                raise ClientError(BAD_TOKEN, "this link's token is not a seat of the table")
        conn = Connection(seat)
        room.connections.add(conn)
        conn.send(self.messages_at(room, room.table.event, seat))  # the clock as it is now
        return room, conn

    def disconnect(self, room: Room, conn: Connection) -> None:
        """Forget a closed connection."""
        room.connections.discard(conn)

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
        messages = [
            view_message(
                state,
                seat,
                event,
                history=table.history[:index],
                score=self._score(table, state),
                clock=clock,
            )
        ]
        if state.is_over:
            match = table.match if table.config.match else None
            messages.append(over_message(state, event, match))
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

    def _error(self, room: Room, conn: Connection, reason: str, message: str) -> None:
        conn.send([encode(error_message(room.table.event, reason, message))])

    async def receive(self, room: Room, conn: Connection, text: str | bytes) -> None:
        """Handle one message from a client; anything wrong is answered to it alone."""
        if not conn.allow():
            self._error(room, conn, RATE_LIMITED, f"at most {RATE:g} messages a second, please")
            return
        try:
            request = parse_client(text, conn.seat)
        except ClientError as error:
            self._error(room, conn, error.reason, str(error))
            return
        if request.kind == "resume":
            self._resume(room, conn, request.event)
            return
        if conn.seat is None:
            self._error(room, conn, SPECTATOR, "a spectator cannot act; open a seat's link")
            return
        async with room.lock:
            table = room.table
            if request.event != table.event:
                self._error(
                    room,
                    conn,
                    STALE,
                    f"the action answers event {request.event}, but the last event is "
                    f"{table.event}: look at the table again",
                )
                return
            if table.state.is_over:
                self._error(room, conn, HAND_OVER, "the table is over")
                return
            if table.state.turn != conn.seat:
                self._error(
                    room, conn, NOT_YOUR_TURN, f"it is seat {table.state.turn}'s turn, not yours"
                )
                return
            try:
                action = parse_action(request.action)
                self._play(room, action)
            except BurracoError as error:
                self._error(room, conn, str(error.reason), str(error))
        self._wake(room)

    def _resume(self, room: Room, conn: Connection, event: int) -> None:
        table = room.table
        if table.start_event <= event < table.event:
            missed = range(event + 1, table.event + 1)
            conn.send([text for e in missed for text in self.messages_at(room, e, conn.seat)])
        else:  # from another hand, or nothing missed: the whole current view
            conn.send(self.messages_at(room, table.event, conn.seat))

    # --- playing ---

    def _play(self, room: Room, action: Action, *, by_clock: bool = False) -> None:
        """Play ``action`` (raises as :func:`~burraco.apply`, and then nothing changes), store
        it, announce it, and deal on if the match goes on. Call with the lock held."""
        table = room.table
        played = table.play(action, by_clock=by_clock)
        record = str(table.record()) if table.state.is_over else None
        self.store.played(table, played, record)
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

    async def decide(self, agent: Agent, state: GameState) -> Action:
        """The agent's choice for the seat to act, worked out in the thread pool."""
        view = observe(state, state.turn)
        legal = legal_actions(state)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, agent.choose, view, legal)

    def _spawn(self, room: Room, job: Coroutine[Any, Any, None]) -> None:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(job)
        room.tasks.add(task)
        task.add_done_callback(room.tasks.discard)

    def _wake(self, room: Room) -> None:
        """Set the bots or the clock going for whoever is to act."""
        state = room.table.state
        if state.is_over or self._stopping:
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
            while True:
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                async with room.lock:
                    table = room.table
                    state = table.state
                    if state.is_over or table.config.seats[state.turn] == HUMAN:
                        return
                    try:
                        self._play(room, await self.decide(room.agents[state.turn], state))
                    except Exception:  # a bot's bug must not stop the table
                        _log.exception("table %s: seat %s's bot failed", table.id, state.turn)
                        self._play(room, legal_actions(state)[0])
        finally:
            room.bots_busy = False
            self._wake(room)

    async def _clock(self, room: Room, turn: int) -> None:
        deadline = room.deadline
        assert deadline is not None
        await asyncio.sleep(max(0.0, deadline - asyncio.get_running_loop().time()))
        async with room.lock:
            if room.turn_started != turn or room.table.state.is_over:
                return
            agent = GreedyAgent(seed=room.table.state.turn)
            while room.turn_started == turn and not room.table.state.is_over:
                action = await self.decide(agent, room.table.state)
                self._play(room, action, by_clock=True)
        self._wake(room)
