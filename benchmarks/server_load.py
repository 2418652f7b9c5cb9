"""Load test of ``burraco serve``: many tables played to the end by bot clients over WebSockets.

Starts ``burraco serve`` in a child process on 127.0.0.1 with a fresh database, creates
``--tables`` tables of four people each, and connects one client per seat (all in this
process, on one event loop). Each client plays with :class:`~burraco.GreedyAgent`, deciding
from the view and the legal actions the server sends, exactly as a bot in another language
would. Measured: accepted actions per second (wall clock, all tables together), the time from
sending an action to receiving the view that answers it (median and 99th percentile), the
server's CPU time per action (Linux), and the errors received (there must be none). The run
is bounded by ``--seconds``; it fails if a table is not over by then.

Run ``nox -s load`` or ``python benchmarks/server_load.py [--tables 50] [--seconds 300]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from burraco import GreedyAgent, PlayerView, parse_action
from burraco.serialize import from_dict

ROOT = Path(__file__).parent.parent


class Tally:
    def __init__(self) -> None:
        self.actions = 0
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.over = 0


async def play_seat(url: str, seat: int, tally: Tally) -> None:
    agent = GreedyAgent(seed=seat)
    sent: dict[int, float] = {}
    async with connect(url, max_size=2**22) as ws:
        async for text in ws:
            message = json.loads(text)
            kind = message["type"]
            if kind == "error":
                tally.errors.append(message["message"])
                continue
            if kind == "over":
                tally.over += 1
                return
            event = message["event"]
            started = sent.pop(event - 1, None)
            if started is not None:
                tally.latencies.append(time.perf_counter() - started)
            legal = message["legal"]
            if not legal:
                continue
            view = from_dict(message["view"], PlayerView)
            action = agent.choose(view, [parse_action(text) for text in legal])
            sent[event] = time.perf_counter()
            tally.actions += 1
            await ws.send(json.dumps({"type": "action", "event": event, "action": str(action)}))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def create_table(base: str, seed: int) -> dict[str, Any]:
    body = json.dumps({"players": 4, "seats": ["human"] * 4, "seed": seed}).encode()
    request = urllib.request.Request(
        base + "/api/tables", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        data: dict[str, Any] = json.load(answer)
        return data


async def run(base: str, tables: int, seconds: float) -> dict[str, Any]:
    tally = Tally()
    seats = []
    for seed in range(tables):
        data = create_table(base, seed)
        ws_base = base.replace("http", "ws", 1) + f"/ws/{data['table']}?token="
        seats += [(ws_base + entry["token"], entry["seat"]) for entry in data["seats"]]
    started = time.perf_counter()
    jobs = [play_seat(url, seat, tally) for url, seat in seats]
    await asyncio.wait_for(asyncio.gather(*jobs), timeout=seconds)
    elapsed = time.perf_counter() - started
    latencies = sorted(tally.latencies)
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    return {
        "tables": tables,
        "connections": len(seats),
        "actions": tally.actions,
        "seconds": round(elapsed, 2),
        "actions_per_second": round(tally.actions / elapsed, 1),
        "latency_median_ms": round(statistics.median(latencies) * 1000, 2),
        "latency_p99_ms": round(p99 * 1000, 2),
        "errors": len(tally.errors),
        "tables_over": tally.over // 4,
    }


def cpu_seconds(pid: int) -> float | None:
    """The CPU time a process has used (Linux's /proc), or ``None`` elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=300.0)
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE")
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        command = [sys.executable, "-m", "burraco", "serve", "--port", str(port)]
        command += ["--db", str(Path(tmp) / "load.sqlite3"), "--bot-delay", "0"]
        server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(base + "/api/options", timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.1)
            before = cpu_seconds(server.pid)
            figures = asyncio.run(run(base, args.tables, args.seconds))
            used = cpu_seconds(server.pid)
            if used is not None and before is not None:
                per_action = (used - before) / max(1, figures["actions"]) * 1000
                figures["server_cpu_ms_per_action"] = round(per_action, 3)
        finally:
            server.terminate()
            server.wait(timeout=10)
    for name, value in figures.items():
        print(f"{name:>20}: {value}")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n")
    ok = figures["errors"] == 0 and figures["tables_over"] == args.tables
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
