"""Events kept in SQLite: many writers at once, nothing lost, an append-only history.

An :class:`EventStore` is one event in one SQLite file. Every step (pair a round, enter a
result, a correction, a penalty) is one transaction that reads the event, checks the step
against it and appends it: SQLite lets one writer at a time in (the others wait, up to
``timeout`` seconds), so twenty ``burraco tournament result`` commands, or twenty phones at
the score-entry pages, started together all land, and a step that no longer fits (a second
result for a table, without a reason) is refused with its reason rather than lost. The
history table refuses updates and deletions: a correction is a new entry.

>>> import os, tempfile
>>> from burraco.tournament import Entrant, Settings, TableResult, Tournament
>>> path = os.path.join(tempfile.mkdtemp(), "evening.sqlite3")
>>> store = EventStore.create(path, Tournament.create("club night", [
...     Entrant(n, f"pair {n}") for n in range(1, 5)]))
>>> print(store.update(lambda event: event.pair_next_round()).rounds[0])
round 1 (mitchell)
table 1: 1 v 3
table 2: 2 v 4
>>> _ = store.record(1, 1, TableResult.from_totals(1400, 900))
>>> store.load().results(1)[1].points
(1400, 900)

Table pages submit each side's totals with :meth:`EventStore.submit`: the first side's
entry waits for the other side, the same totals from the other side record the result, and
different totals are a conflict the director settles.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from typing import Any, Final

import attrs

from burraco.errors import Reason, TournamentError
from burraco.tournament.event import Tournament
from burraco.tournament.interchange import (
    FORMAT,
    entrants_to_list,
    entry_to_dict,
    from_dict,
    round_from_dict,
    round_to_dict,
    settings_from_dict,
    settings_to_dict,
)
from burraco.tournament.movements import Round
from burraco.tournament.results import ResultEntry, TableResult

__all__ = ["SCHEMA", "EventStore", "Submission", "SubmissionState", "is_event_store"]

SCHEMA: Final = 1
"""The version of the store's tables, kept in its ``meta`` table."""
_MAGIC: Final = b"SQLite format 3\x00"
_TABLES: Final = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS event (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    name TEXT NOT NULL, settings TEXT NOT NULL, entrants TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rounds (number INTEGER PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS history (
    seq INTEGER PRIMARY KEY, round INTEGER NOT NULL, tab INTEGER, body TEXT NOT NULL,
    source TEXT NOT NULL, at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS history_by_table ON history (round, tab);
CREATE TRIGGER IF NOT EXISTS history_no_update BEFORE UPDATE ON history
    BEGIN SELECT RAISE(ABORT, 'the history is append-only'); END;
CREATE TRIGGER IF NOT EXISTS history_no_delete BEFORE DELETE ON history
    BEGIN SELECT RAISE(ABORT, 'the history is append-only'); END;
CREATE TABLE IF NOT EXISTS submissions (
    seq INTEGER PRIMARY KEY, round INTEGER NOT NULL, tab INTEGER NOT NULL,
    side TEXT NOT NULL, body TEXT NOT NULL, state TEXT NOT NULL, at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS tokens (token TEXT PRIMARY KEY, role TEXT NOT NULL);
"""


def is_event_store(path: str | os.PathLike[str]) -> bool:
    """Whether the file at ``path`` is an SQLite file (an event store), not a JSON file."""
    try:
        with open(path, "rb") as file:
            return file.read(len(_MAGIC)) == _MAGIC
    except OSError:
        return False


class SubmissionState(StrEnum):
    """Where a table's entry stands."""

    WAITING = "waiting"
    """One side entered its totals; the other side has not confirmed them."""
    RECORDED = "recorded"
    """Both sides entered the same totals: the result is in the history."""
    CONFLICT = "conflict"
    """The sides entered different totals: the director settles it."""


@attrs.frozen
class Submission:
    """What a side of a table entered at its page, and where it stands."""

    round: int
    """The round."""
    table: int
    """The table."""
    side: str
    """``"home"`` (north-south) or ``"away"`` (east-west)."""
    result: TableResult
    """The totals entered (home first, whichever side entered them)."""
    state: SubmissionState
    """Waiting for the other side, recorded, or in conflict."""


class EventStore:
    """One event kept in an SQLite file (see the module's description).

    Raises:
        TournamentError: ``unsupported-format`` when the file is not an event store of a
            version this one reads.
    """

    def __init__(self, path: str | os.PathLike[str], *, timeout: float = 60.0) -> None:
        self.path = os.fspath(path)
        """The file."""
        self.timeout = timeout
        """How long a step waits for another writer, in seconds."""

    # --- making one ------------------------------------------------------------------------

    @classmethod
    def create(
        cls, path: str | os.PathLike[str], tournament: Tournament, *, replace: bool = False
    ) -> EventStore:
        """A new store at ``path`` holding ``tournament`` (its rounds and history too: this
        is how a JSON event file is imported).

        Raises:
            TournamentError: ``out-of-order`` if ``path`` exists and ``replace`` is false.
        """
        path = os.fspath(path)
        if os.path.exists(path):
            if not replace:
                raise TournamentError(
                    f"{path} exists: choose another name, or replace it",
                    reason=Reason.OUT_OF_ORDER,
                )
            os.remove(path)
        store = cls(path)
        connection = store._connect()
        try:
            connection.execute("PRAGMA journal_mode = WAL")
            connection.executescript(_TABLES)
        finally:
            connection.close()
        with store._writing() as connection:
            connection.execute(
                "INSERT INTO meta VALUES ('type', 'burraco-tournament'), ('schema', ?)",
                (str(SCHEMA),),
            )
            connection.execute(
                "INSERT INTO event VALUES (1, ?, ?, ?)",
                (
                    tournament.name,
                    json.dumps(settings_to_dict(tournament.settings)),
                    json.dumps(entrants_to_list(tournament.entrants), ensure_ascii=False),
                ),
            )
            store._append(connection, tournament, 0, 0)
        return store

    # --- reading ---------------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        connection.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
        return connection

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """A transaction that holds the write lock from its start (``BEGIN IMMEDIATE``)."""
        connection = self._connect()
        try:
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield connection
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            connection.execute("COMMIT")
        except sqlite3.Error as error:
            raise TournamentError(
                f"the event store {self.path} cannot be written: {error}",
                reason=Reason.INCONSISTENT_STATE,
            ) from None
        finally:
            connection.close()

    def _check_schema(self, connection: sqlite3.Connection) -> None:
        try:
            meta = dict(connection.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.Error as error:
            raise TournamentError(
                f"{self.path} is not an event store: {error}", reason=Reason.UNSUPPORTED_FORMAT
            ) from None
        if meta.get("type") != "burraco-tournament" or meta.get("schema") != str(SCHEMA):
            raise TournamentError(
                f"{self.path} is not an event store of schema {SCHEMA}",
                reason=Reason.UNSUPPORTED_FORMAT,
            )

    def _read(self, connection: sqlite3.Connection) -> Tournament:
        self._check_schema(connection)
        try:
            row = connection.execute("SELECT name, settings, entrants FROM event").fetchone()
            rounds = [
                json.loads(body)
                for (body,) in connection.execute("SELECT body FROM rounds ORDER BY number")
            ]
            history = [
                json.loads(body)
                for (body,) in connection.execute("SELECT body FROM history ORDER BY seq")
            ]
        except sqlite3.Error as error:
            raise TournamentError(
                f"{self.path} is not an event store: {error}", reason=Reason.UNSUPPORTED_FORMAT
            ) from None
        name, settings, entrants = row
        data: dict[str, Any] = {
            "type": "burraco-tournament",
            "format": FORMAT,
            "name": name,
            "settings": json.loads(settings),
            "entrants": json.loads(entrants),
            "rounds": rounds,
            "history": history,
        }
        return from_dict(data, check_pairings=False)

    def load(self) -> Tournament:
        """The event as it stands.

        Raises:
            TournamentError: if the file is not an event store (``unsupported-format``).
        """
        if not os.path.exists(self.path):
            raise TournamentError(f"no event store {self.path}", reason=Reason.NOT_IN_TOURNAMENT)
        connection = self._connect()
        try:
            connection.execute("BEGIN")
            try:
                return self._read(connection)
            finally:
                connection.execute("ROLLBACK")
        finally:
            connection.close()

    def settings(self) -> dict[str, Any]:
        """The event's settings as stored (plain JSON data), without loading the event."""
        connection = self._connect()
        try:
            self._check_schema(connection)
            (text,) = connection.execute("SELECT settings FROM event").fetchone()
        finally:
            connection.close()
        found: dict[str, Any] = json.loads(text)
        return found

    # --- steps -----------------------------------------------------------------------------

    def _append(
        self, connection: sqlite3.Connection, after: Tournament, rounds: int, history: int
    ) -> None:
        """Write the rounds of ``after`` from the ``rounds``-th on, and its history entries
        from the ``history``-th on."""
        for round_ in after.rounds[rounds:]:
            connection.execute(
                "INSERT INTO rounds VALUES (?, ?)",
                (round_.number, json.dumps(round_to_dict(round_), ensure_ascii=False)),
            )
        for offset, entry in enumerate(after.history[history:]):
            connection.execute(
                "INSERT INTO history VALUES (?, ?, ?, ?, ?, ?)",
                (
                    history + offset + 1,
                    entry.round,
                    entry.table if isinstance(entry, ResultEntry) else None,
                    json.dumps(entry_to_dict(entry), ensure_ascii=False),
                    "",
                    time.time(),
                ),
            )

    def update(self, step: Callable[[Tournament], Tournament]) -> Tournament:
        """Apply ``step`` to the event as it stands, in one transaction, and return the new
        event. ``step`` may only add rounds and history entries (every step of
        :class:`~burraco.tournament.Tournament` does).

        Raises:
            TournamentError: what ``step`` raises (nothing is written then).
        """
        with self._writing() as connection:
            before = self._read(connection)
            after = step(before)
            if (
                after.name != before.name
                or after.settings != before.settings
                or after.entrants != before.entrants
                or after.rounds[: len(before.rounds)] != before.rounds
                or after.history[: len(before.history)] != before.history
            ):
                raise TournamentError(
                    "a step may only add rounds and history entries", reason=Reason.OUT_OF_ORDER
                )
            self._append(connection, after, len(before.rounds), len(before.history))
            return after

    def record(
        self, round_number: int | None, table: int, result: TableResult, *, reason: str = ""
    ) -> tuple[Round, ResultEntry]:
        """:meth:`Tournament.record <burraco.tournament.Tournament.record>`, stored: the
        result of ``table`` of round ``round_number`` (``None``: the last round paired). It
        reads only the settings and that round, not the whole event, so that entering a
        result costs the same at the first table and the eight-hundredth. Returns the round
        and the entry stored.

        Raises:
            TournamentError: as :meth:`Tournament.record
                <burraco.tournament.Tournament.record>`.
        """
        with self._writing() as connection:
            self._check_schema(connection)
            if round_number is None:
                (round_number,) = connection.execute("SELECT MAX(number) FROM rounds").fetchone()
                if round_number is None:
                    raise TournamentError(
                        "no round is paired yet: pair one first", reason=Reason.OUT_OF_ORDER
                    )
            row = connection.execute(
                "SELECT body FROM rounds WHERE number = ?", (round_number,)
            ).fetchone()
            (paired,) = connection.execute("SELECT COUNT(*) FROM rounds").fetchone()
            if row is None:
                raise TournamentError(
                    f"the rounds paired are 1 to {paired}, not {round_number}",
                    reason=Reason.NOT_IN_TOURNAMENT,
                )
            round_ = round_from_dict(json.loads(row[0]))
            (settings_text,) = connection.execute("SELECT settings FROM event").fetchone()
            settings = settings_from_dict(json.loads(settings_text))
            seated = next((seat for seat in round_.tables if seat.number == table), None)
            if seated is None:
                raise TournamentError(
                    f"round {round_number} has no table {table}", reason=Reason.NOT_IN_TOURNAMENT
                )
            (earlier,) = connection.execute(
                "SELECT COUNT(*) FROM history WHERE round = ? AND tab = ?", (round_number, table)
            ).fetchone()
            entry = ResultEntry(round_number, table, result, reason)
            if earlier and not reason.strip():
                raise TournamentError(
                    f"table {table} of round {round_number} has a result: a correction needs "
                    "its reason",
                    reason=Reason.OUT_OF_ORDER,
                )
            settings.check_result(result, f"round {round_number} table {table}", seated)
            (count,) = connection.execute("SELECT COUNT(*) FROM history").fetchone()
            connection.execute(
                "INSERT INTO history VALUES (?, ?, ?, ?, ?, ?)",
                (
                    count + 1,
                    round_number,
                    table,
                    json.dumps(entry_to_dict(entry), ensure_ascii=False),
                    "",
                    time.time(),
                ),
            )
        return round_, entry

    def submit(self, round_number: int, table: int, side: str, result: TableResult) -> Submission:
        """A side of a table (``"home"`` or ``"away"``) enters the table's totals (home
        first). The first entry waits; the other side's same totals record the result;
        different totals make a conflict for the director. An entry for a table that already
        has a result is a conflict too (the director corrects results).

        Raises:
            TournamentError: ``not-in-tournament`` for a round or table not paired,
                ``out-of-range`` for impossible totals.
        """
        if side not in ("home", "away"):
            raise TournamentError(
                f"a side is home or away, not {side!r}", reason=Reason.OUT_OF_RANGE
            )
        with self._writing() as connection:
            event = self._read(connection)
            event.check_result(round_number, table, result)
            body = json.dumps(entry_to_dict_result(result))
            open_ = connection.execute(
                "SELECT side, body FROM submissions WHERE round = ? AND tab = ? AND state = ? "
                "ORDER BY seq DESC LIMIT 1",
                (round_number, table, SubmissionState.WAITING.value),
            ).fetchone()
            if table in event.results(round_number):
                state = SubmissionState.CONFLICT
            elif open_ is None or open_[0] == side:
                state = SubmissionState.WAITING
            elif open_[1] == body:
                state = SubmissionState.RECORDED
            else:
                state = SubmissionState.CONFLICT
            if open_ is not None and state is not SubmissionState.WAITING:
                connection.execute(
                    "UPDATE submissions SET state = ? WHERE round = ? AND tab = ? AND state = ?",
                    (state.value, round_number, table, SubmissionState.WAITING.value),
                )
            elif open_ is not None:
                connection.execute(
                    "UPDATE submissions SET state = 'replaced' WHERE round = ? AND tab = ? "
                    "AND state = ?",
                    (round_number, table, SubmissionState.WAITING.value),
                )
            connection.execute(
                "INSERT INTO submissions (round, tab, side, body, state, at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (round_number, table, side, body, state.value, time.time()),
            )
            if state is SubmissionState.RECORDED:
                recorded = event.record(round_number, table, result)
                self._append(connection, recorded, len(event.rounds), len(event.history))
        return Submission(round_number, table, side, result, state)

    def submissions(self, round_number: int | None = None) -> list[Submission]:
        """The tables' entries, oldest first (of one round, or of all)."""
        connection = self._connect()
        try:
            rows = connection.execute(
                "SELECT round, tab, side, body, state FROM submissions "
                "WHERE state != 'replaced' AND (? IS NULL OR round = ?) ORDER BY seq",
                (round_number, round_number),
            ).fetchall()
        finally:
            connection.close()
        return [
            Submission(r, t, side, result_from_dict(json.loads(body)), SubmissionState(state))
            for r, t, side, body, state in rows
        ]

    # --- tokens for the pages --------------------------------------------------------------

    def token(self, role: str) -> str:
        """The long random token of ``role`` (``director``, ``r2t5home``, ...), made on first
        use and kept."""
        import secrets

        with self._writing() as connection:
            row = connection.execute("SELECT token FROM tokens WHERE role = ?", (role,)).fetchone()
            if row is not None:
                found: str = row[0]
                return found
            made = secrets.token_urlsafe(24)
            connection.execute("INSERT INTO tokens VALUES (?, ?)", (made, role))
            return made

    def role(self, token: str) -> str | None:
        """The role a token was made for, or ``None``."""
        connection = self._connect()
        try:
            row = connection.execute("SELECT role FROM tokens WHERE token = ?", (token,)).fetchone()
        finally:
            connection.close()
        return None if row is None else str(row[0])


def entry_to_dict_result(result: TableResult) -> dict[str, Any]:
    """A table result as plain JSON data (the result fields of a history entry)."""
    return {
        "points": list(result.points),
        "deals": [list(deal) for deal in result.deals],
        "kind": result.kind.value,
        "victory": None if result.victory is None else list(result.victory),
    }


def result_from_dict(data: dict[str, Any]) -> TableResult:
    """The table result :func:`entry_to_dict_result` gave."""
    from burraco.tournament.results import ResultKind

    victory = data["victory"]
    return TableResult(
        tuple(data["points"]),
        tuple(tuple(deal) for deal in data["deals"]),
        ResultKind(data["kind"]),
        None if victory is None else tuple(victory),
    )
