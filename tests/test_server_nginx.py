"""The how-to's nginx configuration, run as written in front of two ``burraco serve`` processes
sharing PostgreSQL: tables created through the proxy, each one's clients routed to one
process (tables move there once), every event of every table seen once, and the security
headers passing through."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the server's tests need burraco[server]")
websockets_sync = pytest.importorskip("websockets.sync.client")

from tests.postgres_helpers import postgres_cluster, shared_server  # noqa: E402
from tests.server_helpers import free_port, get_json, post_table  # noqa: E402

HOWTO = Path(__file__).parent.parent / "docs" / "howto" / "serve-tables.md"
NGINX = shutil.which("nginx") or next(
    (path for path in ("/usr/sbin/nginx",) if Path(path).exists()), None
)
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(NGINX is None, reason="nginx is not installed (apt-get install nginx)"),
]


def documented_configuration() -> str:
    """The ``nginx`` block of the how-to."""
    blocks = re.findall(r"```nginx\n(.*?)```", HOWTO.read_text(), flags=re.S)
    assert len(blocks) == 1, "the how-to has one nginx configuration"
    return str(blocks[0])


@contextmanager
def nginx(port: int, backends: tuple[int, int]) -> Iterator[str]:
    """nginx on ``port`` with the how-to's configuration, its two servers on ``backends``."""
    assert NGINX is not None
    site = documented_configuration()
    site = site.replace("127.0.0.1:8001", f"127.0.0.1:{backends[0]}")
    site = site.replace("127.0.0.1:8002", f"127.0.0.1:{backends[1]}")
    site = site.replace("listen 80;", f"listen 127.0.0.1:{port};")
    with tempfile.TemporaryDirectory(prefix="burraco-nginx-") as tmp:
        Path(tmp, "site.conf").write_text(site)
        temp = "".join(
            f"{kind}_temp_path {tmp}/{kind};\n"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        Path(tmp, "nginx.conf").write_text(
            f"daemon off;\nworker_processes 1;\npid {tmp}/nginx.pid;\n"
            f"error_log {tmp}/error.log warn;\nevents {{ worker_connections 256; }}\n"
            f"http {{\n{temp}include {tmp}/site.conf;\n}}\n"
        )
        process = subprocess.Popen(
            [NGINX, "-c", f"{tmp}/nginx.conf", "-p", tmp],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 20
            while True:
                assert process.poll() is None, Path(tmp, "error.log").read_text()
                try:
                    urllib.request.urlopen(base + "/api/options", timeout=2).close()
                    break
                except OSError:
                    assert time.monotonic() < deadline, "nginx did not start"
                    time.sleep(0.1)
            yield base
        finally:
            process.terminate()
            process.wait(timeout=10)


def watch(base: str, table: str) -> list[int]:
    """Watch a table through the proxy to the end of its hand: the events seen (reconnecting
    with the last one when the table moves)."""
    events: list[int] = []
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        query = f"?event={events[-1]}" if events else ""
        url = base.replace("http", "ws", 1) + f"/ws/{table}{query}"
        try:
            with websockets_sync.connect(url, open_timeout=5) as ws:
                while True:
                    message = json.loads(ws.recv(timeout=30))
                    if message["type"] == "over":
                        return events
                    if message["type"] == "view" and (not events or message["event"] != events[-1]):
                        events.append(message["event"])
        except Exception:  # moved: reconnect through the proxy
            time.sleep(0.1)
    raise AssertionError(f"table {table} did not end")


def test_the_documented_nginx_configuration_routes_each_table_to_one_process() -> None:
    with postgres_cluster() as database:
        proxy_port = free_port()
        public = f"http://127.0.0.1:{proxy_port}/"
        ports = (free_port(), free_port())
        with (
            shared_server(database, port=ports[0], public_url=public),
            shared_server(database, port=ports[1], public_url=public),
            nginx(proxy_port, ports) as base,
        ):
            created = [
                post_table(base, {"players": 2, "seats": ["greedy", "random"]}) for _ in range(4)
            ]
            assert all(table["spectate"].startswith(public) for table in created)
            seen = {table["table"]: watch(base, table["table"]) for table in created}
            facts = {table: get_json(f"{base}/api/tables/{table}") for table in seen}
            with urllib.request.urlopen(base + "/", timeout=10) as answer:
                headers = answer.headers
    for table, events in seen.items():
        assert facts[table]["over"] is True
        assert events == list(range(events[0], facts[table]["event"] + 1))  # each once
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
