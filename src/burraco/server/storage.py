"""Where tables are kept: SQLite by default (:class:`Store`), PostgreSQL to share them between
processes (:class:`burraco.server.postgres.PostgresStore`). Every change is written before
anyone hears of it.

Three tables: ``tables`` (settings, tokens, the bots' secret, whether finished or archived),
``hands`` (each hand's deal as a deck in notation, the salt of its commitment, its first event,
and its game record once it is over) and ``actions`` (one row per accepted action, with its
event number). Reading a table replays them into a :class:`~burraco.server.table.Table`, so a
server killed at any moment starts again where the last committed action left it.

A store also says which tables this process may serve (:meth:`Store.claim`). With SQLite, one
process holds the file and every table is its own; a shared store grants each table to one
process at a time.
"""

from __future__ import annotations

import json
import logging
import secrets
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from burraco.actions import Action, parse_action
from burraco.cards import parse_cards
from burraco.engine import new_game
from burraco.server.deals import Deal
from burraco.server.protocol import Played
from burraco.server.ratings import Rating
from burraco.server.table import Table, TableConfig

__all__ = ["Claim", "LostTableError", "Store", "TableStore"]

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

_COLUMNS = (  # added since the first schema: (table, column, type)
    ("tables", "bot_seed", "BIGINT"),
    ("tables", "finished", "INTEGER NOT NULL DEFAULT 0"),
    ("tables", "archived", "INTEGER NOT NULL DEFAULT 0"),
    ("hands", "salt", "TEXT"),
)


class LostTableError(RuntimeError):
    """Raised by a shared store's writes when another process has taken the table over (this
    process's hold on it ran out): nothing was written, and this process must let it go."""


class Claim:
    """The answer to :meth:`TableStore.claim`: the table read back, or who holds it."""

    def __init__(self, table: Table | None, *, exists: bool, held_elsewhere: bool = False):
        self.table = table
        """The table, now this process's to serve, or ``None``."""
        self.exists = exists
        """Whether a table has this id."""
        self.held_elsewhere = held_elsewhere
        """Whether another live process serves it (it has been asked to hand it over)."""


class TableStore:
    """What every store does, in SQL common to SQLite and PostgreSQL (``?`` placeholders;
    a subclass turns them into its own). Subclasses give :meth:`_transaction`,
    :meth:`_query` and the claims."""

    def _transaction(self) -> Any:  # pragma: no cover - every store has its own
        raise NotImplementedError

    def _query(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        raise NotImplementedError  # pragma: no cover

    def close(self) -> None:
        """Close the database."""

    # --- people and their ratings ---

    def _players_table(self, db: Any) -> None:
        db.execute(
            "CREATE TABLE IF NOT EXISTS players (id TEXT PRIMARY KEY, token_hash TEXT UNIQUE,"
            " name TEXT NOT NULL, mu DOUBLE PRECISION NOT NULL, sigma DOUBLE PRECISION NOT NULL,"
            " games INTEGER NOT NULL DEFAULT 0)"
        )

    def add_player(self, player: str, token_hash: str | None, name: str, rating: Rating) -> None:
        """Keep a new player (a person by the hash of its token, or a bot with none)."""
        with self._transaction() as db:
            self._players_table(db)
            db.execute(
                "INSERT INTO players (id, token_hash, name, mu, sigma) VALUES (?, ?, ?, ?, ?)",
                (player, token_hash, name, rating.mu, rating.sigma),
            )

    def find_player(self, *, player: str | None = None, token_hash: str | None = None) -> Any:
        """The player with this id or token hash: ``(id, name, mu, sigma, games)`` or ``None``."""
        with self._transaction() as db:
            self._players_table(db)
        column, value = ("id", player) if player is not None else ("token_hash", token_hash)
        rows = self._query(
            f"SELECT id, name, mu, sigma, games FROM players WHERE {column} = ?", (value,)
        )
        return rows[0] if rows else None

    def save_ratings(self, ratings: Sequence[tuple[str, Rating]]) -> None:
        """Store new ratings after a rated game (each player's games counted once more)."""
        with self._transaction() as db:
            for player, rating in ratings:
                db.execute(
                    "UPDATE players SET mu = ?, sigma = ?, games = games + 1 WHERE id = ?",
                    (rating.mu, rating.sigma, player),
                )

    def leaderboard(self, limit: int = 100) -> list[tuple[Any, ...]]:
        """The rated players who have played, best first by ``mu - 3 sigma``: ``(id, name, mu,
        sigma, games)``."""
        with self._transaction() as db:
            self._players_table(db)
        return self._query(
            "SELECT id, name, mu, sigma, games FROM players WHERE games > 0"
            " ORDER BY mu - 3 * sigma DESC, name LIMIT ?",
            (limit,),
        )

    def update_config(self, table: Table) -> None:
        """Store a table's settings and tokens again (seats filled by bots or by people)."""
        with self._transaction() as db:
            db.execute(
                "UPDATE tables SET config = ?, tokens = ? WHERE id = ?",
                (table.config.to_json(), json.dumps(table.tokens), table.id),
            )

    # --- writes ---

    def _hand_row(self, table: Table) -> tuple[Any, ...]:
        deal = table.deal
        assert deal is not None
        return (
            table.id,
            table.hand,
            table.start_event,
            deal.state.dealer,
            deal.deck,
            deal.salt,
        )

    def _check_owner(self, db: Any, table_id: str) -> None:
        """Inside a write's transaction: raise :class:`LostTableError` if this process no longer
        holds the table (a shared store; SQLite's one process always does)."""

    def add(self, table: Table) -> None:
        """Store a new table and its first deal (this process holds it)."""
        with self._transaction() as db:
            self._insert_table(db, table)
            db.execute(
                "INSERT INTO hands (table_id, hand, start_event, dealer, deck, salt)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                self._hand_row(table),
            )

    def _insert_table(self, db: Any, table: Table) -> None:
        db.execute(
            "INSERT INTO tables (id, config, tokens, bot_seed) VALUES (?, ?, ?, ?)",
            (table.id, table.config.to_json(), json.dumps(table.tokens), table.bot_seed),
        )

    def played(self, table: Table, played: Played, record: str | None = None) -> None:
        """Store the action just played at ``table`` (its event is ``table.event``), and the
        hand's game record if the action ended it.

        Raises:
            LostTableError: another process holds the table now; nothing was written.
        """
        with self._transaction() as db:
            self._check_owner(db, table.id)
            db.execute(
                "INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
                (table.id, table.event, table.hand, str(played.action), int(played.by_clock)),
            )
            if record is not None:
                db.execute(
                    "UPDATE hands SET record = ? WHERE table_id = ? AND hand = ?",
                    (record, table.id, table.hand),
                )
            if table.is_over:
                db.execute("UPDATE tables SET finished = 1 WHERE id = ?", (table.id,))

    def dealt(self, table: Table) -> None:
        """Store the deal of the hand under way (the next hand of a match).

        Raises:
            LostTableError: another process holds the table now; nothing was written.
        """
        with self._transaction() as db:
            self._check_owner(db, table.id)
            db.execute(
                "INSERT INTO hands (table_id, hand, start_event, dealer, deck, salt)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                self._hand_row(table),
            )

    def archive(self, table_id: str) -> None:
        """Mark a table archived: it is no longer served until someone opens it again (and
        a shared store lets go of it)."""
        with self._transaction() as db:
            db.execute("UPDATE tables SET archived = 1 WHERE id = ?", (table_id,))
            self._let_go(db, table_id)

    def _let_go(self, db: Any, table_id: str) -> None:
        """Inside a transaction: this process no longer holds the table."""

    # --- reads ---

    def records(self, table_id: str) -> list[str]:
        """The game records of the table's hands that are over, in order."""
        rows = self._query(
            "SELECT record FROM hands WHERE table_id = ? AND record IS NOT NULL ORDER BY hand",
            (table_id,),
        )
        return [record for (record,) in rows]

    def load(self) -> list[Table]:
        """The tables to serve when the server starts: each one neither finished nor archived
        that no other live process holds, replayed to its last stored action, and now this
        process's. A table that cannot be read back (its rules preset is gone, say) is left
        out, and logged."""
        return self._read_all(self._startable())

    def _startable(self) -> list[str]:
        rows = self._query(
            "SELECT id FROM tables WHERE finished = 0 AND archived = 0 ORDER BY created, id"
        )
        return [table_id for (table_id,) in rows]

    def _read_all(self, ids: list[str]) -> list[Table]:
        tables = []
        for table_id in ids:
            try:
                table = self.read(table_id)
            except (ValueError, KeyError) as error:
                _log.error("table %s cannot be resumed: %s", table_id, error)
                continue
            if table is not None:
                tables.append(table)
        return tables

    def read(self, table_id: str) -> Table | None:
        """The table with this id replayed to its last stored action, or ``None`` (this
        claims nothing).

        Raises:
            ValueError: if it cannot be read back.
        """
        rows = self._query("SELECT config, tokens, bot_seed FROM tables WHERE id = ?", (table_id,))
        if not rows:
            return None
        config_text, tokens_text, bot_seed = rows[0]
        config = TableConfig.from_json(config_text)
        if bot_seed is None:  # stored before tables had a bots' secret
            bot_seed = secrets.randbits(63)
        table = Table(table_id, config, tuple(json.loads(tokens_text)), int(bot_seed))
        hands = self._query(
            "SELECT hand, start_event, dealer, deck, salt FROM hands"
            " WHERE table_id = ? ORDER BY hand",
            (table_id,),
        )
        actions = self._query(
            "SELECT event, action, by_clock FROM actions WHERE table_id = ? ORDER BY event",
            (table_id,),
        )
        by_event = {event: (text, bool(clock)) for event, text, clock in actions}
        for hand, start_event, dealer, deck, salt in hands:
            # the match so far says the rules of this hand (everyone alone after a switch)
            state = new_game(table.match.hand_rules, deck=parse_cards(deck), dealer=dealer)
            played: list[tuple[Action, bool]] = []
            event = start_event + 1
            while event in by_event:
                text, by_clock = by_event[event]
                played.append((parse_action(text), by_clock))
                event += 1
            table.restore_hand(hand, start_event, Deal(state, salt), played)
        return table

    def claim(self, table_id: str) -> Claim:
        """Read a table back to serve it here, archived or not (it is no longer archived).

        Raises:
            ValueError: if it cannot be read back.
        """
        table = self.read(table_id)
        if table is None:
            return Claim(None, exists=False)
        with self._transaction() as db:
            db.execute("UPDATE tables SET archived = 0 WHERE id = ?", (table_id,))
        return Claim(table, exists=True)

    # --- a shared store's holds (SQLite: one process holds every table) ---

    def renew(self, held: set[str]) -> set[str]:
        """Renew this process's hold on its tables ``held``; the ids of those it lost."""
        return set()

    def take_over(self, limit: int) -> list[Table]:
        """Tables of processes whose hold ran out, now this process's (at most ``limit``)."""
        return []

    def wanted(self) -> list[str]:
        """This process's tables that another process has asked for."""
        return []

    def hand_over(self, table_id: str) -> None:
        """Give a table asked for to the process that asked."""


class Store(TableStore):
    """Tables in an SQLite file (``":memory:"`` for one that is not kept), for one process.

    Args:
        path: the database file.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        """The database file."""
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        # a killed process loses nothing committed in WAL mode; only a power cut could
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)
        for table, column, kind in _COLUMNS:
            names = {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}
            if column not in names:
                self._db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")

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

    def _query(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return self._db.execute(sql, tuple(args)).fetchall()
