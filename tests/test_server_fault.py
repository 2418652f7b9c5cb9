"""Nothing is lost: ``burraco serve`` killed with SIGKILL in the middle of games starts again on
its database, and every table carries on from its last action, its links still working."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server's tests need burraco[server]")
websockets_sync = pytest.importorskip("websockets.sync.client")

from tests.server_helpers import get_json, post_table, running_server  # noqa: E402

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGKILL is a POSIX signal")


def ws_url(base: str, table: str, token: str | None = None) -> str:
    query = f"?token={token}" if token else ""
    return base.replace("http", "ws", 1) + f"/ws/{table}{query}"


def play_some_turns(base: str, table: str, token: str, turns: int) -> dict[str, Any]:
    """Connect as a person, play ``turns`` turns (draw, then the first discard) and return
    the last view seen."""
    last: dict[str, Any] = {}
    played = 0
    with websockets_sync.connect(ws_url(base, table, token), open_timeout=10) as ws:
        while True:
            message = json.loads(ws.recv(timeout=20))
            assert message["type"] == "view", "the hand ended before the person's turns"
            last = message
            legal = message["legal"]
            if not legal:
                continue
            if played == turns:
                return last
            discards = [text for text in legal if text.startswith("discard")]
            if discards:
                played += 1
            choice = discards[0] if discards else "draw"
            ws.send(json.dumps({"type": "action", "event": message["event"], "action": choice}))


def wait_for(predicate: Any, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_a_server_killed_mid_game_resumes_every_table_with_nothing_lost(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    with running_server(db, bot_delay=0.1) as (base, process):
        person = post_table(base, {"seats": ["human", "greedy", "greedy", "greedy"], "seed": 4})
        bots = [post_table(base, {"seats": ["greedy"] * 4, "seed": seed}) for seed in range(3)] + [
            post_table(base, {"players": 2, "seats": ["random", "greedy"], "match": True})
        ]
        token = person["seats"][0]["token"]
        last_seen = play_some_turns(base, person["table"], token, turns=1)
        wait_for(
            lambda: all(get_json(f"{base}/api/tables/{t['table']}")["event"] > 8 for t in bots), 30
        )
        before = {t["table"]: get_json(f"{base}/api/tables/{t['table']}") for t in bots}
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
    assert not all(facts["over"] for facts in before.values()), "the kill came too late"

    with running_server(db, bot_delay=0.0) as (base, _):
        facts = get_json(f"{base}/api/tables/{person['table']}")
        assert facts["event"] == last_seen["event"] and not facts["over"]
        with websockets_sync.connect(ws_url(base, person["table"], token), open_timeout=10) as ws:
            again = json.loads(ws.recv(timeout=10))
        assert again == last_seen  # the same link, the same table, byte for byte
        for table, old in before.items():
            now = get_json(f"{base}/api/tables/{table}")
            assert now["event"] >= old["event"] and now["hand"] >= old["hand"]
        for table in before:
            wait_for(lambda table=table: get_json(f"{base}/api/tables/{table}")["over"], 60)
        records = [get_json_text(f"{base}/api/tables/{table}/records") for table in before]
        assert all('[Result "' in record for record in records)


def get_json_text(url: str) -> str:
    import urllib.request

    with urllib.request.urlopen(url, timeout=10) as answer:
        text: str = answer.read().decode()
        return text


def descendants(pid: int) -> set[int]:
    """The processes below ``pid`` (Linux's /proc), its children's children included."""
    found: set[int] = set()
    waiting = [pid]
    while waiting:
        parent = waiting.pop()
        try:
            tasks = Path(f"/proc/{parent}/task").iterdir()
            children = {int(c) for t in tasks for c in (t / "children").read_text().split()}
        except OSError:
            continue
        waiting += children - found
        found |= children
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has ended; only its parent has not read its status yet


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads Linux's /proc")
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_the_bots_worker_processes_end_with_the_server(tmp_path: Path, how: int) -> None:
    """However the server ends, its bots' processes (and the forkserver that made them) end
    within seconds: left behind, they would hold the server's output open for ever, and whoever
    reads it to its end (a CI job, a supervisor) would wait for ever."""
    with running_server(tmp_path / "tables.sqlite3") as (base, process):
        post_table(base, {"seats": ["search"] * 4, "match": True})
        wait_for(lambda: len(descendants(process.pid)) >= 2, 30)  # the forkserver, a worker
        workers = descendants(process.pid)
        os.kill(process.pid, how)
        process.wait(timeout=10)
    wait_for(lambda: not any(alive(pid) for pid in workers), 15)
