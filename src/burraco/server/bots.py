"""Bots' decisions in worker processes, served fairly across tables.

The event loop that serves people never runs a bot. A :class:`BotPool` sends each decision to
a process of a :class:`~concurrent.futures.ProcessPoolExecutor`, one process per core by
default, started at a lower scheduling priority (``nice``) than the server, so that answering
a person's action always comes first. The pool hands the executor no more decisions than it
has processes; the rest wait in a :class:`FairQueue`: one line per table, served round robin,
the tables where people sit before the tables of bots alone, which may never hold every
process. A search bot at one table thus delays another table's bot by at most the decision
running before it, never by the whole backlog.

A decision builds its agent afresh from a seed (:meth:`burraco.server.table.Table.bot_seed_for`:
the table's bot secret, the hand and the event), in whichever process it runs, so a table's
bots decide the same way on any machine. A decision that takes longer than its limit is
replaced by the greedy bot's choice (the late one is thrown away).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Generic, TypeVar

import attrs

from burraco.actions import Action, parse_action
from burraco.agents import GreedyAgent, make_agent
from burraco.engine import legal_actions
from burraco.state import GameState
from burraco.views import observe

__all__ = ["BotPool", "Decision", "FairQueue", "decide", "default_workers"]

_log = logging.getLogger("burraco.server")

T = TypeVar("T")


def default_workers() -> int:
    """One worker process per core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def decide(kind: str, seed: int, state: GameState) -> tuple[str, int, float]:
    """The decision of the agent ``kind`` built from ``seed``, for the seat to act in
    ``state``: the action in notation, the id of the process that decided, and the seconds it
    took. This is what a worker process runs; the agent sees the seat's view only."""
    started = time.perf_counter()
    agent = make_agent(kind, seed=seed)
    action = agent.choose(observe(state, state.turn), legal_actions(state))
    return str(action), os.getpid(), time.perf_counter() - started


def _worker_started(server: int) -> None:
    """A worker process begins: below the server in priority, deaf to Ctrl+C (the server
    stops it), and gone within a second or two of the server process ``server`` (see
    :func:`_follow`)."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(10)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if os.name == "posix":
        threading.Thread(target=_follow, args=(server,), name="follow-server", daemon=True).start()


def _follow(server: int, every: float = 1.0) -> None:
    """Exit this worker once the server process ``server`` has gone, however it went.

    A worker waits for its next decision on a pipe that it holds both ends of (the forkserver
    hands them over), and it holds the forkserver's own lifeline: when the server dies without
    shutting its pool down (SIGKILL, or SIGTERM before the pool's thread could send the
    workers their stop), nothing would ever wake the worker, and it and the forkserver would
    live on, holding the server's standard output and error open (a pipe read to its end by
    whoever started the server never ends)."""
    while True:
        time.sleep(every)
        try:
            os.kill(server, 0)  # signal 0: only asks whether the process exists
        except ProcessLookupError:
            os._exit(0)
        except PermissionError:  # the number now belongs to another user's process
            os._exit(0)


@attrs.frozen
class Decision:
    """A bot's decision, with where and how it was made."""

    action: Action
    """The action chosen."""
    pid: int
    """The process that decided."""
    seconds: float
    """How long the decision took there."""
    fallback: bool = False
    """Whether the bot ran out of time and the greedy bot's choice was taken instead."""


class FairQueue(Generic[T]):
    """Jobs waiting, one line per table, served round robin across tables: the tables where
    people sit first, then those of bots alone.

    >>> queue: FairQueue[str] = FairQueue()
    >>> for job in ("a1", "a2", "a3"):
    ...     queue.push("a", job, people=True)
    >>> queue.push("b", "b1", people=True)
    >>> queue.push("x", "x1", people=False)
    >>> [queue.pop()[1] for _ in range(5)]
    ['a1', 'b1', 'a2', 'a3', 'x1']
    """

    def __init__(self) -> None:
        self._lines: tuple[OrderedDict[str, deque[T]], OrderedDict[str, deque[T]]] = (
            OrderedDict(),
            OrderedDict(),
        )

    def __len__(self) -> int:
        return sum(len(line) for lines in self._lines for line in lines.values())

    def push(self, table: str, job: T, *, people: bool) -> None:
        """Add ``job`` at the end of ``table``'s line."""
        lines = self._lines[0 if people else 1]
        lines.setdefault(table, deque()).append(job)

    def pop(self, *, bots_alone: bool = True) -> tuple[str, T, bool] | None:
        """The next job, its table and whether people sit there, or ``None``; the table goes
        to the back of the round. ``bots_alone=False`` takes only jobs of people's tables."""
        for people, lines in ((True, self._lines[0]), (False, self._lines[1])):
            if not lines or (not people and not bots_alone):
                continue
            table, line = next(iter(lines.items()))
            job = line.popleft()
            del lines[table]
            if line:
                lines[table] = line  # to the back of the round
            return table, job, people
        return None


@attrs.define
class _Job:
    kind: str
    seed: int
    state: GameState
    answer: asyncio.Future[tuple[str, int, float]]


class BotPool:
    """Bots' decisions in ``workers`` processes (``None``: one per core; ``0``: in this
    process, on the caller's thread, for tests and embedding), served by :class:`FairQueue`.

    Args:
        workers: the worker processes.
        decision_seconds: the longest a decision may take before the greedy choice replaces
            it.
    """

    def __init__(self, workers: int | None = None, *, decision_seconds: float = 20.0) -> None:
        self.workers = default_workers() if workers is None else workers
        """The worker processes (0: decisions run in this process)."""
        self.decision_seconds = decision_seconds
        """The longest a decision may take."""
        self._queue: FairQueue[_Job] = FairQueue()
        self._running = 0
        self._running_alone = 0
        self._executor: ProcessPoolExecutor | None = None
        self._closed = False

    @property
    def waiting(self) -> int:
        """Decisions waiting for a process."""
        return len(self._queue)

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            methods = multiprocessing.get_all_start_methods()
            context = multiprocessing.get_context(
                "forkserver" if "forkserver" in methods else "spawn"
            )
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=context,
                initializer=_worker_started,
                initargs=(os.getpid(),),
            )
        return self._executor

    async def decide(
        self, table: str, kind: str, seed: int, state: GameState, *, people: bool
    ) -> Decision:
        """The decision of the bot ``kind`` (seeded with ``seed``) for the seat to act in
        ``state`` at ``table`` (where people sit, or not).

        Raises:
            Exception: what the bot raised (the caller plays on without it).
        """
        if self.workers == 0:
            await asyncio.sleep(0)  # let the loop serve others between decisions
            text, pid, seconds = decide(kind, seed, state)
            return Decision(parse_action(text), pid, seconds)
        loop = asyncio.get_running_loop()
        job = _Job(kind, seed, state, loop.create_future())
        self._queue.push(table, job, people=people)
        self._dispatch()
        try:
            text, pid, seconds = await asyncio.wait_for(
                asyncio.shield(job.answer), self.decision_seconds
            )
        except TimeoutError:
            _log.warning("table %s: the %s bot took over %gs", table, kind, self.decision_seconds)
            greedy = GreedyAgent(seed=seed)
            action = greedy.choose(observe(state, state.turn), legal_actions(state))
            return Decision(action, os.getpid(), self.decision_seconds, fallback=True)
        return Decision(parse_action(text), pid, seconds)

    def _dispatch(self) -> None:
        """Hand the executor the next jobs, as long as a process is free. Tables of bots alone
        never hold every process when there are two or more."""
        alone_cap = max(1, self.workers - 1)
        while self._running < self.workers and not self._closed:
            taken = self._queue.pop(bots_alone=self._running_alone < alone_cap)
            if taken is None:
                return
            _, job, people = taken
            if job.answer.done():  # its table gave up on it
                continue
            self._running += 1
            self._running_alone += not people
            future = self._pool().submit(decide, job.kind, job.seed, job.state)
            loop = job.answer.get_loop()
            future.add_done_callback(self._on_done(loop, job, people))

    def _on_done(
        self, loop: asyncio.AbstractEventLoop, job: _Job, people: bool
    ) -> Callable[[Future[tuple[str, int, float]]], None]:
        def done(future: Future[tuple[str, int, float]]) -> None:
            with contextlib.suppress(RuntimeError):  # the loop has closed
                loop.call_soon_threadsafe(self._finished, job, people, future)

        return done

    def _finished(self, job: _Job, people: bool, future: Future[tuple[str, int, float]]) -> None:
        self._running -= 1
        self._running_alone -= not people
        if not job.answer.done():
            if future.cancelled():
                job.answer.cancel()
            elif (error := future.exception()) is not None:
                job.answer.set_exception(error)
            else:
                job.answer.set_result(future.result())
        self._dispatch()

    def close(self) -> None:
        """Stop the worker processes (decisions under way are abandoned)."""
        self._closed = True
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
