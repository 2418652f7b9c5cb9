"""Load test of ``burraco serve``: many tables played to the end by bot clients over WebSockets.

Starts ``burraco serve`` in a child process on 127.0.0.1 with a fresh database, creates
``--tables`` tables of four people each, and connects one client per seat (all in this
process, on one event loop). Each client plays with :class:`~burraco.GreedyAgent`, deciding
from the view and the legal actions the server sends, exactly as a bot in another language
would. Measured: accepted actions per second (wall clock, all tables together), the time from
sending an action to receiving the view that answers it (median and 99th percentile), the
server's CPU time per action (Linux), its memory, and the errors received (there must be
none). The run is bounded by ``--seconds``; it fails if a table is not over by then.

``--search-tables N`` adds N tables of four search bots playing a match meanwhile, and
``--greedy-tables M`` M tables of one person (a client here) and three greedy bots, whose
wait for their turn to come back (three greedy turns) is measured too: the scenario of bots
that must never starve people. ``--src DIR`` serves from another checkout's ``src`` (an
earlier version, to compare), and ``PYTHONPATH`` put first serves a compiled build.

Run ``nox -s load`` or ``python benchmarks/server_load.py [--tables 50] [--seconds 300]``;
the scenario: ``python benchmarks/server_load.py --tables 10 --search-tables 20
--greedy-tables 4``.
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
        self.turnarounds: list[float] = []
        self.errors: list[str] = []
        self.over = 0


async def play_seat(url: str, seat: int, tally: Tally) -> None:
    agent = GreedyAgent(seed=seat)
    sent: dict[int, float] = {}
    discarded: float | None = None
    async with connect(url, max_size=2**22, open_timeout=120) as ws:
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
            if discarded is not None and legal[0] in ("draw", "pick"):
                tally.turnarounds.append(time.perf_counter() - discarded)
                discarded = None
            view = from_dict(message["view"], PlayerView)
            action = agent.choose(view, [parse_action(text) for text in legal])
            sent[event] = time.perf_counter()
            if str(action).startswith("discard"):
                discarded = sent[event]
            tally.actions += 1
            await ws.send(json.dumps({"type": "action", "event": event, "action": str(action)}))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def create_table(base: str, seed: int, seats: list[str] | None = None) -> dict[str, Any]:
    settings = {"players": 4, "seats": seats or ["human"] * 4, "seed": seed}
    if seats and "human" not in seats:
        settings["match"] = True  # bots alone play on while the people's tables run
    body = json.dumps(settings).encode()
    request = urllib.request.Request(
        base + "/api/tables", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        data: dict[str, Any] = json.load(answer)
        return data


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else 0.0


async def run(
    base: str, tables: int, seconds: float, search_tables: int = 0, greedy_tables: int = 0
) -> dict[str, Any]:
    tally = Tally()
    turns = Tally()
    for seed in range(search_tables):
        create_table(base, 1000 + seed, ["search"] * 4)
    seats = []
    for seed in range(tables):
        data = create_table(base, seed)
        ws_base = base.replace("http", "ws", 1) + f"/ws/{data['table']}?token="
        seats += [(ws_base + entry["token"], entry["seat"], tally) for entry in data["seats"]]
    for seed in range(greedy_tables):
        data = create_table(base, 2000 + seed, ["human", "greedy", "greedy", "greedy"])
        ws_base = base.replace("http", "ws", 1) + f"/ws/{data['table']}?token="
        seats += [(ws_base + entry["token"], entry["seat"], turns) for entry in data["seats"]]
    started = time.perf_counter()
    jobs = [play_seat(url, seat, counts) for url, seat, counts in seats]
    timed_out = False
    try:
        await asyncio.wait_for(asyncio.gather(*jobs), timeout=seconds)
    except TimeoutError:  # reported: the tables not over make the run fail
        timed_out = True
    elapsed = time.perf_counter() - started
    latencies = tally.latencies + turns.latencies
    figures: dict[str, Any] = {
        "tables": tables,
        "search_tables": search_tables,
        "greedy_tables": greedy_tables,
        "connections": len(seats),
        "actions": tally.actions + turns.actions,
        "seconds": round(elapsed, 2),
        "actions_per_second": round((tally.actions + turns.actions) / elapsed, 1),
        "latency_median_ms": round(statistics.median(latencies or [0.0]) * 1000, 2),
        "latency_p99_ms": round(percentile(latencies, 0.99) * 1000, 2),
        "errors": len(tally.errors) + len(turns.errors),
        "tables_over": tally.over // 4 + turns.over,
        "timed_out": timed_out,
    }
    if greedy_tables:
        figures["turnaround_median_ms"] = round(
            statistics.median(turns.turnarounds or [0.0]) * 1000, 1
        )
        figures["turnaround_p99_ms"] = round(percentile(turns.turnarounds, 0.99) * 1000, 1)
    return figures


def cpu_seconds(pid: int) -> float | None:
    """The CPU time a process has used (Linux's /proc), or ``None`` elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory_mb(pid: int) -> float | None:
    """The resident memory of a process and its children (Linux's /proc), in MB."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        total = 0
        for each in [str(pid), *children]:
            status = Path(f"/proc/{each}/status").read_text()
            total += int(
                next(line for line in status.splitlines() if line.startswith("VmRSS")).split()[1]
            )
    except (OSError, StopIteration):
        return None
    return round(total / 1024, 1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--search-tables", type=int, default=0)
    parser.add_argument("--greedy-tables", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=300.0)
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="the package to serve")
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE")
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        path = [entry for entry in os.environ.get("PYTHONPATH", "").split(os.pathsep) if entry]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([*path, str(args.src)])}
        command = [sys.executable, "-m", "burraco", "serve", "--port", str(port)]
        command += ["--db", str(Path(tmp) / "load.sqlite3"), "--bot-delay", "0"]
        usage = subprocess.run(
            [*command[:4], "--help"], env=env, capture_output=True, text=True
        ).stdout
        if "--max-bot-tables" in usage:  # this limits, opened wide for the load
            command += ["--max-bot-tables", str(max(1, args.search_tables))]
            command += ["--tables-per-minute", "100000"]
        server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(base + "/api/options", timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.1)
            before = cpu_seconds(server.pid)
            empty = memory_mb(server.pid)
            figures = asyncio.run(
                run(base, args.tables, args.seconds, args.search_tables, args.greedy_tables)
            )
            figures["server_memory_mb"] = full = memory_mb(server.pid)
            held = args.tables + args.search_tables + args.greedy_tables
            if full is not None and empty is not None and held:  # every table is still held
                figures["memory_per_table_kb"] = round((full - empty) * 1024 / held, 1)
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
    ok = figures["errors"] == 0 and figures["tables_over"] == args.tables + args.greedy_tables
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
