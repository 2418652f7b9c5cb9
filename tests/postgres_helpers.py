"""A throwaway PostgreSQL cluster for the tests: ``initdb`` and ``pg_ctl`` on a free port in
a temporary folder (as the ``postgres`` user when the tests run as root, since initdb refuses
root), stopped at the end. Skips with the reason when the binaries or psycopg are missing."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.server_helpers import free_port


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
