"""Bots that never starve people (finding N1 of issue 60): decisions in worker processes,
served round robin across tables, the tables of people first, and never every worker for
the tables of bots alone."""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import Future
from typing import Any

import pytest

from burraco import new_game
from burraco.server.bots import BotPool, Decision, FairQueue

pytest.importorskip("starlette", reason="the server's tests need burraco[server]")

from tests.server_helpers import TestClient, create_app


def test_bot_turns_are_served_round_robin_across_tables_people_first() -> None:
    queue: FairQueue[str] = FairQueue()
    for job in ("s1", "s2", "s3"):
        queue.push("search-table", job, people=False)
    for job in ("a1", "a2"):
        queue.push("people-a", job, people=True)
    queue.push("people-b", "b1", people=True)
    order = []
    while (taken := queue.pop()) is not None:
        order.append(taken[1])
    assert order == ["a1", "b1", "a2", "s1", "s2", "s3"]
    queue.push("x", "x1", people=False)
    assert queue.pop(bots_alone=False) is None and len(queue) == 1


class Submissions:
    """An executor that only records what it is given; the test finishes each job."""

    def __init__(self) -> None:
        self.jobs: list[tuple[int, Future[tuple[str, int, float]]]] = []

    def submit(self, function: Any, kind: str, seed: int, state: Any) -> Future[Any]:
        future: Future[tuple[str, int, float]] = Future()
        self.jobs.append((seed, future))
        return future

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        pass


class RecordingPool(BotPool):
    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        self.executor = Submissions()

    def _pool(self) -> Any:
        return self.executor


def test_tables_of_bots_alone_never_hold_every_worker() -> None:
    state = new_game(seed=1)

    async def scenario() -> tuple[list[int], list[int], list[int], list[Decision]]:
        pool = RecordingPool(workers=2)
        seen = pool.executor.jobs
        decisions = [
            asyncio.ensure_future(pool.decide(table, "search", seed, state, people=people))
            for table, seed, people in [
                ("bots-1", 1, False),
                ("bots-2", 2, False),
                ("bots-3", 3, False),
                ("people", 4, True),
            ]
        ]
        await asyncio.sleep(0)
        first = [seed for seed, _ in seen]
        seen[0][1].set_result(("draw", 1234, 0.5))  # bots-1 decided: bots-2 may go
        await asyncio.sleep(0)
        second = [seed for seed, _ in seen]
        seen[1][1].set_result(("pick", 1235, 0.01))  # the people's table: nothing else may
        await asyncio.sleep(0)
        third = [seed for seed, _ in seen]
        for _, future in seen[2:]:
            future.set_result(("draw", 1236, 0.1))
        await asyncio.sleep(0)
        seen[-1][1].set_result(("draw", 1237, 0.1))
        return first, second, third, list(await asyncio.gather(*decisions))

    first, second, third, decisions = asyncio.run(scenario())
    assert first == [1, 4]  # one bots-alone table, and the people's at once
    assert second == [1, 4, 2]
    assert third == [1, 4, 2]  # a worker is kept free for people
    assert [str(decision.action) for decision in decisions] == ["draw", "draw", "draw", "pick"]


def test_bots_decide_in_worker_processes_with_agents_built_from_their_seed() -> None:
    state = new_game(seed=3)

    async def scenario() -> list[Decision]:
        pool = BotPool(workers=2)
        try:
            return [await pool.decide("t", "greedy", seed, state, people=True) for seed in (9, 9)]
        finally:
            pool.close()

    one, two = asyncio.run(scenario())
    assert os.getpid() not in (one.pid, two.pid)
    assert one.action == two.action and not one.fallback


def test_a_table_of_people_and_bots_plays_out_with_bots_in_processes() -> None:
    with TestClient(create_app(":memory:", workers=1)) as client:
        data = client.post("/api/tables", json={"players": 2, "seats": ["greedy", "greedy"]}).json()
        with client.websocket_connect(f"/ws/{data['table']}") as ws:
            while ws.receive_json()["type"] != "over":
                pass
