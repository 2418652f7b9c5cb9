"""Helpers for the server's tests: an in-process client, and a real server on a free port."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server's tests need burraco[server]")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")

with warnings.catch_warnings():  # Starlette prefers httpx2, which is not packaged everywhere yet
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient, WebSocketTestSession
    from starlette.websockets import WebSocketDisconnect

from burraco.server import create_app

SRC = str(Path(__file__).parent.parent / "src")

__all__ = ["TestClient", "WebSocketDisconnect", "WebSocketTestSession", "create_app"]


@contextmanager
def threaded_server(app: Any, port: int | None = None) -> Iterator[str]:
    """Serve ``app`` with uvicorn in a thread of this process, on ``port`` (a free one if not
    given); yields its base URL."""
    import uvicorn

    port = port or free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def real_server(db: Path, *, bot_delay: float = 0.0) -> Iterator[str]:
    """``burraco serve`` in a subprocess on a free port; yields its base URL."""
    with running_server(db, bot_delay=bot_delay) as (base, _):
        yield base


@contextmanager
def running_server(
    db: Path, *, bot_delay: float = 0.0
) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "burraco",
            "serve",
            "--port",
            str(port),
            "--db",
            str(db),
            "--bot-delay",
            str(bot_delay),
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base, process)
        yield base, process
    finally:
        if process.poll() is None:
            process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stdout is not None:
            process.stdout.close()


def wait_until_up(base: str, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            output = process.stdout.read() if process.stdout else ""
            raise RuntimeError(f"the server stopped: {output}")
        try:
            urllib.request.urlopen(base + "/api/options", timeout=2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the server did not start within 30 s")


def post_table(base: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        base + "/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        data: dict[str, Any] = json.load(answer)
        return data


def get_json(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url, timeout=10) as answer:
        data: dict[str, Any] = json.load(answer)
        return data


_LAST_ACTION: dict[int, str] = {}
"""The last action each test session sent, by the session's id, to send again when refused."""


def send_action(ws: WebSocketTestSession, event: int, action: str) -> None:
    """Send ``action`` as the answer to ``event``, remembered for :func:`receive_playing`."""
    text = json.dumps({"type": "action", "event": event, "action": action})
    _LAST_ACTION[id(ws)] = text
    ws.send_text(text)


def receive_playing(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next message but a ``rate-limited`` refusal, as a well-behaved client reads: a test
    that plays a whole hand against fast bots may send faster than the server's rate, and its
    action refused with ``retry_after`` is sent again after that wait (left unanswered, the
    table would wait for that seat for ever, and so would the test)."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message.get("type") == "error" and message.get("reason") == "rate-limited":
            time.sleep(float(message.get("retry_after", 0.1)))
            ws.send_text(_LAST_ACTION[id(ws)])
            continue
        return message
