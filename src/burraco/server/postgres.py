"""Tables in PostgreSQL, shared by several ``burraco serve`` processes (extra
``server-postgres``: psycopg 3).

Every process keeps the tables it serves in memory, as with SQLite, and writes every change
before announcing it. A table is served by one process at a time, its *owner*: the row of the
table names the owner and when its hold (the lease) runs out. Each process renews the lease
of all its tables a few times per lease, in one statement. Every write of an action or a deal
first checks, in its own transaction and under the row's lock, that this process still owns
the table (and renews that table's lease); a process that lost a table writes nothing more to
it. So two processes can never both write an event, and none that was announced is lost.

* A process that dies stops renewing; once its leases run out, the other processes take its
  tables over (a few times per lease each looks for tables whose lease ran out) and read them
  back to their last committed action. Their clients reconnect and resume by event number.
* A process asked for a table that another live process owns (its client came to it, as a
  proxy that routes by table id sends every client of a table to one process) records that it
  wants it; the owner hands it over at its next beat, between two actions, and tells its own
  clients to reconnect (close code 4307, ``moved``).
* A process that stops cleanly lets go of its tables at once.

Times are the database server's (``now()``), so the processes' clocks need not agree.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

try:
    import psycopg
except ImportError as error:
    raise ImportError(
        f"burraco serve --db postgresql://... needs psycopg: "
        f"pip install 'burraco[server-postgres]' ({error})",
        name="psycopg",
    ) from None

from burraco.server.storage import Claim, LostTableError, TableStore
from burraco.server.table import Table

__all__ = ["PostgresStore"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, config TEXT NOT NULL, tokens TEXT NOT NULL,
    created TIMESTAMPTZ NOT NULL DEFAULT now(), bot_seed BIGINT,
    finished INTEGER NOT NULL DEFAULT 0, archived INTEGER NOT NULL DEFAULT 0,
    owner TEXT, lease_until TIMESTAMPTZ, wanted_by TEXT
);
CREATE INDEX IF NOT EXISTS tables_by_owner ON tables (owner);
CREATE TABLE IF NOT EXISTS hands (
    table_id TEXT NOT NULL REFERENCES tables(id), hand INTEGER NOT NULL,
    start_event INTEGER NOT NULL, dealer INTEGER NOT NULL, deck TEXT NOT NULL, record TEXT,
    salt TEXT, PRIMARY KEY (table_id, hand)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id), event INTEGER NOT NULL,
    hand INTEGER NOT NULL, action TEXT NOT NULL, by_clock INTEGER NOT NULL,
    PRIMARY KEY (table_id, event)
);
"""
_SCHEMA_LOCK = 0x6275_7272  # an advisory lock's key: one process creates the schema at a time


class _Db:
    """A connection that takes the ``?`` placeholders of :class:`TableStore`'s SQL."""

    def __init__(self, connection: psycopg.Connection[Any]) -> None:
        self.connection = connection

    def execute(self, sql: str, args: Sequence[Any] = ()) -> psycopg.Cursor[Any]:
        return self.connection.execute(sql.replace("?", "%s"), tuple(args))


class PostgresStore(TableStore):
    """Tables in the PostgreSQL database at ``url`` (``postgresql://user@host:port/db``),
    shared with other processes.

    Args:
        url: the database.
        lease_seconds: how long this process's hold on a table lasts without renewal.
        node: this process's name in the database (a fresh random one by default).
    """

    def __init__(self, url: str, *, lease_seconds: float = 10.0, node: str | None = None) -> None:
        self.node = node or uuid.uuid4().hex
        """This process's name, written as the owner of its tables."""
        self.lease = f"{lease_seconds} seconds"
        self._db = _Db(psycopg.connect(url, autocommit=True))
        with self._transaction() as db:
            db.execute("SELECT pg_advisory_xact_lock(?)", (_SCHEMA_LOCK,))
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)

    def close(self) -> None:
        """Let go of this process's tables (others take them over at once) and close."""
        try:
            self._db.execute(
                "UPDATE tables SET owner = NULL, lease_until = NULL WHERE owner = ?",
                (self.node,),
            )
        finally:
            self._db.connection.close()

    @contextmanager
    def _transaction(self) -> Iterator[_Db]:
        with self._db.connection.transaction():
            yield self._db

    def _query(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return self._db.execute(sql, args).fetchall()

    def _insert_table(self, db: Any, table: Table) -> None:
        db.execute(
            "INSERT INTO tables (id, config, tokens, bot_seed, owner, lease_until)"
            " VALUES (?, ?, ?, ?, ?, now() + ?::interval)",
            (
                table.id,
                table.config.to_json(),
                json.dumps(table.tokens),
                table.bot_seed,
                self.node,
                self.lease,
            ),
        )

    def _check_owner(self, db: Any, table_id: str) -> None:
        row = db.execute(
            "UPDATE tables SET lease_until = now() + ?::interval"
            " WHERE id = ? AND owner = ? RETURNING id",
            (self.lease, table_id, self.node),
        ).fetchone()
        if row is None:
            raise LostTableError(f"table {table_id} is served by another process now")

    def _let_go(self, db: Any, table_id: str) -> None:
        db.execute(
            "UPDATE tables SET owner = NULL, lease_until = NULL, wanted_by = NULL"
            " WHERE id = ? AND owner = ?",
            (table_id, self.node),
        )

    def _claim_free(self, limit: int) -> list[str]:
        """Make this process the owner of tables that are playing and whose owner's hold ran
        out (or that have none); their ids."""
        rows = self._query(
            "UPDATE tables SET owner = ?, lease_until = now() + ?::interval, wanted_by = NULL"
            " WHERE id IN (SELECT id FROM tables WHERE finished = 0 AND archived = 0"
            " AND (owner IS NULL OR lease_until < now()) ORDER BY created, id LIMIT ?"
            " FOR UPDATE SKIP LOCKED) RETURNING id",
            (self.node, self.lease, limit),
        )
        return [table_id for (table_id,) in rows]

    def _startable(self) -> list[str]:
        return self._claim_free(100_000)

    def claim(self, table_id: str) -> Claim:
        """Serve a table here: at once if this process owns it, nobody does or its owner's
        hold ran out; otherwise ask its owner for it (``held_elsewhere``)."""
        with self._transaction() as db:
            row = db.execute(
                "SELECT owner, lease_until > now() FROM tables WHERE id = ? FOR UPDATE",
                (table_id,),
            ).fetchone()
            if row is None:
                return Claim(None, exists=False)
            owner, live = row
            if owner not in (None, self.node) and live:
                db.execute("UPDATE tables SET wanted_by = ? WHERE id = ?", (self.node, table_id))
                return Claim(None, exists=True, held_elsewhere=True)
            db.execute(
                "UPDATE tables SET owner = ?, lease_until = now() + ?::interval,"
                " wanted_by = NULL, archived = 0 WHERE id = ?",
                (self.node, self.lease, table_id),
            )
        return Claim(self.read(table_id), exists=True)

    def renew(self, held: set[str]) -> set[str]:
        """Renew the lease of every table this process owns; those of ``held`` it lost."""
        rows = self._query(
            "UPDATE tables SET lease_until = now() + ?::interval WHERE owner = ? RETURNING id",
            (self.lease, self.node),
        )
        return held - {table_id for (table_id,) in rows}

    def take_over(self, limit: int) -> list[Table]:
        """The playing tables whose owner's hold ran out, now this process's."""
        return self._read_all(self._claim_free(limit))

    def wanted(self) -> list[str]:
        """This process's tables that another process asked for."""
        rows = self._query(
            "SELECT id FROM tables WHERE owner = ? AND wanted_by IS NOT NULL", (self.node,)
        )
        return [table_id for (table_id,) in rows]

    def hand_over(self, table_id: str) -> None:
        """Make the process that asked for the table its owner."""
        self._db.execute(
            "UPDATE tables SET owner = wanted_by, lease_until = now() + ?::interval,"
            " wanted_by = NULL WHERE id = ? AND owner = ?",
            (self.lease, table_id, self.node),
        )
