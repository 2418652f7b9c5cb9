"""A throwaway PostgreSQL cluster for the tests: ``initdb`` and ``pg_ctl`` on a free port in
a temporary folder (as the ``postgres`` user when the tests run as root, since initdb refuses
root), stopped at the end. Skips with the reason when the binaries or psycopg are missing."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.server_helpers import SRC, free_port, wait_until_up

LEASE = 2.0
"""The lease of the test servers: a dead one's tables are taken over after this."""


def postgres_bin() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: on the PATH, or Debian's newest."""
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True)
    return Path(versions[0]).parent if versions else None


def _as_postgres() -> list[str]:
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        pytest.skip("the tests run as root and there is no postgres user for initdb")
    runuser = shutil.which("runuser")
    return [runuser, "-u", "postgres", "--"] if runuser else ["su", "postgres", "-c"]


@contextmanager
def postgres_cluster() -> Iterator[str]:
    """A fresh cluster; yields its address (``postgresql://burraco@127.0.0.1:PORT/postgres``)."""
    pytest.importorskip("psycopg", reason="the PostgreSQL tests need burraco[server-postgres]")
    folder = postgres_bin()
    if folder is None:
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    prefix = _as_postgres()
    with tempfile.TemporaryDirectory(prefix="burraco-pg-") as tmp:
        data = Path(tmp) / "data"
        if prefix:
            user = pwd.getpwnam("postgres")
            os.chown(tmp, user.pw_uid, user.pw_gid)
        os.chmod(tmp, 0o755)
        port = free_port()

        def run(*command: str) -> None:
            line = [str(part) for part in command]
            line = [*prefix, " ".join(line)] if prefix[:1] == ["su"] else [*prefix, *line]
            subprocess.run(line, check=True, capture_output=True, timeout=120)

        run(str(folder / "initdb"), "-D", str(data), "-U", "burraco", "--auth=trust", "-E", "UTF8")
        options = f"-p {port} -k {tmp} -c listen_addresses=127.0.0.1 -c fsync=off"
        run(
            str(folder / "pg_ctl"),
            "-D",
            str(data),
            "-o",
            options,
            "-l",
            f"{tmp}/log",
            "-w",
            "start",
        )
        try:
            yield f"postgresql://burraco@127.0.0.1:{port}/postgres"
        finally:
            run(str(folder / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")


@contextmanager
def shared_server(
    url: str, *, bot_delay: float = 0.1, port: int | None = None, public_url: str | None = None
) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """A ``burraco serve`` process on the shared database, with a short lease."""
    port = port or free_port()
    code = (
        "from burraco.server import serve, ServerSettings\n"
        f"serve('127.0.0.1', {port}, {url!r}, bot_delay={bot_delay}, workers=1, "
        f"settings=ServerSettings(lease_seconds={LEASE}, resume_events=1000, "
        f"tables_per_minute=1000, public_url={public_url!r}))\n"
    )
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    process = subprocess.Popen(
        [sys.executable, "-c", code],
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
