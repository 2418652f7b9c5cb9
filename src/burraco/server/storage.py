"""Tables kept in SQLite (the standard library's :mod:`sqlite3`), written after every change.

Three tables: ``tables`` (settings and tokens), ``hands`` (each hand's deal as a deck in
notation, its first event, and its game record once it is over) and ``actions`` (one row per
accepted action, with its event number). :meth:`Store.load` replays them into
:class:`~burraco.server.table.Table` values, so a server killed at any moment starts again
where the last committed action left it.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from burraco.actions import parse_action
from burraco.cards import format_cards
from burraco.engine import new_game
from burraco.record import deal_order
from burraco.server.protocol import Played
from burraco.server.table import Table, TableConfig

__all__ = ["Store"]

_log = logging.getLogger("burraco.server")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, config TEXT NOT NULL, tokens TEXT NOT NULL,
    created TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE IF NOT EXISTS hands (
    table_id TEXT NOT NULL REFERENCES tables(id), hand INTEGER NOT NULL,
    start_event INTEGER NOT NULL, dealer INTEGER NOT NULL, deck TEXT NOT NULL, record TEXT,
    PRIMARY KEY (table_id, hand)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id), event INTEGER NOT NULL,
    hand INTEGER NOT NULL, action TEXT NOT NULL, by_clock INTEGER NOT NULL,
    PRIMARY KEY (table_id, event)
);
"""


class Store:
    """A database file of tables (``":memory:"`` for one that is not kept)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        # a killed process loses nothing committed in WAL mode; only a power cut could
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        """Close the database."""
        self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def _hand_row(self, table: Table) -> tuple[str, int, int, int, str]:
        deal = table.states[0]
        return (
            table.id,
            table.hand,
            table.start_event,
            deal.dealer,
            format_cards(deal_order(deal)),
        )

    def add(self, table: Table) -> None:
        """Store a new table and its first deal."""
        with self._transaction() as db:
            db.execute(
                "INSERT INTO tables (id, config, tokens) VALUES (?, ?, ?)",
                (table.id, table.config.to_json(), json.dumps(table.tokens)),
            )
            db.execute("INSERT INTO hands VALUES (?, ?, ?, ?, ?, NULL)", self._hand_row(table))

    def played(self, table: Table, played: Played, record: str | None = None) -> None:
        """Store the action just played at ``table`` (its event is ``table.event``), and the
        hand's game record if the action ended it."""
        with self._transaction() as db:
            db.execute(
                "INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
                (table.id, table.event, table.hand, str(played.action), int(played.by_clock)),
            )
            if record is not None:
                db.execute(
                    "UPDATE hands SET record = ? WHERE table_id = ? AND hand = ?",
                    (record, table.id, table.hand),
                )

    def dealt(self, table: Table) -> None:
        """Store the deal of the hand under way (the next hand of a match)."""
        with self._transaction() as db:
            db.execute("INSERT INTO hands VALUES (?, ?, ?, ?, ?, NULL)", self._hand_row(table))

    def records(self, table_id: str) -> list[str]:
        """The game records of the table's hands that are over, in order."""
        rows = self._db.execute(
            "SELECT record FROM hands WHERE table_id = ? AND record IS NOT NULL ORDER BY hand",
            (table_id,),
        )
        return [record for (record,) in rows]

    def load(self) -> list[Table]:
        """Every stored table, replayed to its last stored action. A table that cannot be
        read back (its rules preset is gone, say) is left out, and logged."""
        tables = []
        for table_id, config_text, tokens_text in self._db.execute(
            "SELECT id, config, tokens FROM tables ORDER BY rowid"
        ).fetchall():
            try:
                tables.append(self._load(table_id, config_text, tokens_text))
            except (ValueError, KeyError) as error:
                _log.error("table %s cannot be resumed: %s", table_id, error)
        return tables

    def _load(self, table_id: str, config_text: str, tokens_text: str) -> Table:
        config = TableConfig.from_json(config_text)
        table = Table(table_id, config, tuple(json.loads(tokens_text)))
        hands = self._db.execute(
            "SELECT hand, start_event, dealer, deck FROM hands WHERE table_id = ? ORDER BY hand",
            (table_id,),
        ).fetchall()
        actions = self._db.execute(
            "SELECT event, action, by_clock FROM actions WHERE table_id = ? ORDER BY event",
            (table_id,),
        ).fetchall()
        by_event = {event: (text, bool(clock)) for event, text, clock in actions}
        for hand, start_event, dealer, deck in hands:
            table.hand = hand
            table.start_event = start_event
            table.history = []
            table.states = [new_game(config.rules, deck=deck, dealer=dealer)]
            event = start_event + 1
            while event in by_event:
                text, by_clock = by_event[event]
                table.play(parse_action(text), by_clock=by_clock)
                event += 1
        return table
