"""Past one machine: ``burraco serve`` processes sharing their tables in PostgreSQL. Two share
tables (a table opened at the process that does not serve it moves there); one is killed with
SIGKILL, the other takes its tables over when their lease runs out, and every client sees
every event once."""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server's tests need burraco[server]")
pytest.importorskip("psycopg", reason="the PostgreSQL tests need burraco[server-postgres]")
websockets_sync = pytest.importorskip("websockets.sync.client")

from burraco import DrawStock, TakeDiscardPile  # noqa: E402
from burraco.server.postgres import PostgresStore  # noqa: E402
from burraco.server.storage import LostTableError  # noqa: E402
from burraco.server.table import Table, TableConfig  # noqa: E402
from tests.postgres_helpers import LEASE, postgres_cluster, shared_server  # noqa: E402
from tests.server_helpers import get_json, post_table  # noqa: E402

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGKILL is a POSIX signal")


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    with postgres_cluster() as url:
        yield url


def test_a_process_that_stops_cleanly_lets_go_and_a_lost_table_is_never_written(
    database: str,
) -> None:
    one = PostgresStore(database, lease_seconds=LEASE)
    two = PostgresStore(database, lease_seconds=LEASE)
    table = Table.create(TableConfig.from_request({"players": 2, "seats": ["human", "greedy"]}))
    one.add(table)
    claim = two.claim(table.id)
    assert claim.held_elsewhere and one.wanted() == [table.id]
    one.hand_over(table.id)
    assert two.claim(table.id).table is not None
    # the first process no longer owns it: its write is refused and nothing is stored
    played = table.play(DrawStock() if table.state.turn == 0 else TakeDiscardPile())
    with pytest.raises(LostTableError):
        one.played(table, played)
    stored = two.read(table.id)
    assert stored is not None and stored.event == 1
    two.close()  # lets go: the first takes it over at once
    assert [taken.id for taken in one.take_over(10)] == [table.id]
    one.close()


class Watcher:
    """A client of one table that follows it through a server's death: it reconnects with
    the last event it saw, and plays a person's seat with the first legal discard (else the
    first legal action)."""

    def __init__(self, table: str, token: str | None) -> None:
        self.table = table
        self.token = token
        self.events: list[int] = []
        self.over = False
        self.errors: list[dict[str, Any]] = []
        self.base = ""
        self.lock = threading.Lock()
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def url(self) -> str:
        query = [f"token={self.token}"] if self.token else []
        if self.events:
            query.append(f"event={self.events[-1]}")
        with self.lock:
            base = self.base
        return base.replace("http", "ws", 1) + f"/ws/{self.table}?" + "&".join(query)

    def point_at(self, base: str) -> None:
        with self.lock:
            self.base = base

    def run(self) -> None:
        deadline = time.monotonic() + 120
        while not self.over and time.monotonic() < deadline:
            try:
                with websockets_sync.connect(self.url(), open_timeout=5) as ws:
                    while not self.over:
                        self.handle(ws, json.loads(ws.recv(timeout=30)))
            except Exception:  # closed, moved, refused: try again shortly
                time.sleep(0.1)
        self.done.set()

    def handle(self, ws: Any, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "over":
            self.over = True
        elif kind == "error":
            if message["reason"] not in ("moved", "stale"):
                self.errors.append(message)
        elif kind == "view":
            if not self.events or message["event"] != self.events[-1]:
                self.events.append(message["event"])
            legal = message["legal"]
            if legal and self.token:
                discards = [text for text in legal if text.startswith("discard")]
                choice = discards[0] if discards else legal[0]
                time.sleep(0.05)
                ws.send(json.dumps({"type": "action", "event": message["event"], "action": choice}))


@pytest.mark.slow
def test_two_processes_share_tables_and_a_killed_ones_tables_carry_on(database: str) -> None:
    with (
        shared_server(database) as (first, process),
        shared_server(database) as (second, _),
    ):
        person = post_table(first, {"players": 2, "seats": ["human", "greedy"]})
        bots = post_table(first, {"players": 2, "seats": ["greedy", "greedy"]})
        elsewhere = post_table(second, {"players": 2, "seats": ["greedy", "random"]})
        # the processes share the tables: each one's are read at the other
        assert get_json(f"{second}/api/tables/{person['table']}")["event"] >= 1
        assert get_json(f"{first}/api/tables/{elsewhere['table']}")["event"] >= 1
        watchers = [
            Watcher(person["table"], person["seats"][0]["token"]),
            Watcher(bots["table"], None),
            Watcher(elsewhere["table"], None),
        ]
        for watcher, base in zip(watchers, (first, first, first), strict=True):
            watcher.point_at(base)  # the third moves from the second process to the first
            watcher.thread.start()
        deadline = time.monotonic() + 60
        while min(len(watcher.events) for watcher in watchers) < 8:
            assert time.monotonic() < deadline, "the tables did not get going"
            time.sleep(0.05)
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
        before = [len(watcher.events) for watcher in watchers]
        for watcher in watchers:
            watcher.point_at(second)
        for watcher in watchers:
            assert watcher.done.wait(120), "a table did not end after the takeover"
        facts = [get_json(f"{second}/api/tables/{watcher.table}") for watcher in watchers]
    assert all(fact["over"] for fact in facts)
    for watcher, fact, seen in zip(watchers, facts, before, strict=True):
        assert watcher.over and not watcher.errors
        assert len(watcher.events) > seen  # it went on after the kill
        first_seen = watcher.events[0]
        assert watcher.events == list(range(first_seen, fact["event"] + 1))  # each once


def test_serve_names_the_extra_when_psycopg_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)
    monkeypatch.delitem(sys.modules, "burraco.server.postgres", raising=False)
    from burraco.server import create_app

    with pytest.raises(ImportError, match="server-postgres"):
        create_app("postgresql://nobody@127.0.0.1:1/none")


def test_players_and_their_ratings_are_kept_in_postgresql(database: str) -> None:
    pytest.importorskip("openskill", reason="ratings need openskill (burraco[server])")
    from burraco.server.ratings import Rating, hash_token

    store = PostgresStore(database, lease_seconds=LEASE)
    try:
        store.add_player("p-giulia", hash_token("secret"), "Giulia", Rating())
        store.add_player("bot-level5", None, "level5", Rating())
        assert store.find_player(token_hash=hash_token("secret"))[:2] == ("p-giulia", "Giulia")
        assert store.leaderboard() == []
        store.save_ratings([("p-giulia", Rating(28.0, 7.0)), ("bot-level5", Rating(22.0, 7.5))])
        board = store.leaderboard()
        assert [(row[0], row[4]) for row in board] == [("p-giulia", 1), ("bot-level5", 1)]
    finally:
        store.close()
