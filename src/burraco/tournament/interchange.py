"""Reading and writing tournaments: CSV for entrants, tables, standings and score sheets; JSON
for a whole tournament.

Input is untrusted: everything read is checked, and a problem raises
:class:`~burraco.TournamentError` naming the line or the field (``line 4``,
``rounds[1].tables[0].home``) and quoting at most 40 characters of the input. A tournament read
from JSON is checked like one built step by step, and each round that a movement paired is
paired again from the history it saw: a file that loads is a tournament that could have been
run.

>>> text = "number,name,player1,player2,club\\n1,Rossi - Bianchi,Anna,Bruno,Lido\\n"
>>> read_entrants(text)[0].players
('Anna', 'Bruno')
>>> read_entrants("number;nome\\n1;=HYPERLINK()\\n")
Traceback (most recent call last):
...
burraco.errors.TournamentError: line 2, column 2 (name): '=HYPERLINK()' may not begin ...
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
from collections.abc import Iterator, Sequence
from typing import Any, Final

import attrs

from burraco.errors import Reason, TournamentError, excerpt
from burraco.tournament._checks import check_name
from burraco.tournament.entrants import MOST_ENTRANTS, Entrant
from burraco.tournament.event import MOST_ROUNDS, Seats, Settings, Tournament
from burraco.tournament.movements import Movement, Rematches, Round, Table
from burraco.tournament.results import Adjustment, ResultEntry, ResultKind, TableResult
from burraco.tournament.spreadsheet import MOST_TEXT, Row, decode, rows
from burraco.tournament.standings import Standings

__all__ = [
    "FORMAT",
    "MOST_TEXT",
    "entrants_csv",
    "entrants_to_list",
    "entry_to_dict",
    "from_dict",
    "from_json",
    "read_entrants",
    "read_tables",
    "round_from_dict",
    "round_to_dict",
    "score_sheet_csv",
    "settings_from_dict",
    "settings_to_dict",
    "standings_csv",
    "tables_csv",
    "to_dict",
    "to_json",
]

FORMAT: Final = 3
"""The ``format`` number of the JSON this version writes. It reads formats 1 and 2 too (the
files of earlier versions): format 1's Danese rounds seated the better ranked pair
north-south (:attr:`~burraco.tournament.Seats.RANKED`) and its rematch rule defaulted to
``not-previous``; format 3 added ``seat_everyone`` (tables of three or five in an individual
event), which is false when a file does not give it, as individual events sat the players
left over out before."""
_MOST_HISTORY: Final = 100_000


def _fail(reason: Reason, detail: str, path: str = "") -> TournamentError:
    return TournamentError(detail, reason=reason, path=path)


@contextlib.contextmanager
def _at(path: str) -> Iterator[None]:
    """Put ``path`` before the place of a :class:`TournamentError` raised inside."""
    try:
        yield
    except TournamentError as error:
        place = f"{path}: {error.path}" if error.path else path
        raise TournamentError(error.detail, reason=error.reason, path=place) from None


# --- CSV -------------------------------------------------------------------------------------


def read_entrants(text: str | bytes) -> tuple[Entrant, ...]:
    """The entrants of a spreadsheet's CSV file: the columns ``number`` and ``name``, and
    optionally ``player1``, ``player2``, ``club``, in any order, with English or Italian
    headers (``numero``, ``nome``, ``giocatore1``, ``giocatore2``, ``circolo``, ...; see
    :data:`~burraco.tournament.spreadsheet.HEADERS`), separated by commas, semicolons or
    tabs. Bytes are decoded as :func:`~burraco.tournament.spreadsheet.decode` says (UTF-8,
    UTF-16, Windows-1252).

    Raises:
        TournamentError: ``bad-csv`` for a missing or unknown column or a row with too many
            cells; the codes of :class:`Entrant` for a bad value; ``inconsistent-state`` for
            a number used twice; each with ``line N, column M (column)`` as the place.
    """
    entrants: list[Entrant] = []
    seen: dict[int, int] = {}
    known = ("number", "name", "player1", "player2", "club")
    decoded = decode(text) if isinstance(text, bytes) else text
    for row in rows(decoded, ("number", "name"), known[2:]):
        if len(entrants) >= MOST_ENTRANTS:
            raise _fail(
                Reason.OUT_OF_RANGE, f"at most {MOST_ENTRANTS} entrants", f"line {row.line}"
            )
        number = row.number("number", 1, MOST_ENTRANTS)
        if number in seen:
            raise _fail(
                Reason.INCONSISTENT_STATE,
                f"entrant number {number} is used twice (first on line {seen[number]})",
                row.place("number"),
            )
        seen[number] = row.line
        values: dict[str, str] = {}
        for column in ("name", "player1", "player2", "club"):
            try:
                values[column] = check_name(row.text(column), column, empty=column != "name")
            except TournamentError as error:
                place = row.place(column) if column in row.cells else f"line {row.line}"
                raise _fail(error.reason, error.detail, place) from None
        players = tuple(values[key] for key in ("player1", "player2") if values[key])
        with _at(f"line {row.line}"):
            entrants.append(Entrant(number, values["name"], players=players, club=values["club"]))
    return tuple(entrants)


def read_tables(text: str | bytes, *, round_number: int = 1) -> Round:
    """A round's table list from CSV, for :meth:`Tournament.with_round`: the columns
    ``table``, ``home``, ``away`` (``tavolo``, ``ns``, ``eo``, ...); a side is an entrant
    number, or two joined by ``+`` for partners (``3+9``); a table of three or five players
    of an individual event has them all in ``home`` (``3+9+12``) and ``away`` empty; a bye is
    a row whose ``table`` is ``bye`` (or ``riposo``) and ``away`` empty.

    Raises:
        TournamentError: ``bad-csv`` for a missing column or a row with too many cells;
            ``out-of-range`` for a bad number; ``inconsistent-state`` for an entrant placed
            twice; each naming the line and column.
    """
    tables: list[Table] = []
    byes: list[int] = []
    decoded = decode(text) if isinstance(text, bytes) else text
    for row in rows(decoded, ("table", "home", "away"), ()):
        if row.text("table").lower() in ("bye", "riposo"):
            if row.text("away"):
                raise _fail(Reason.BAD_CSV, "a bye has no away side", row.place("away"))
            byes.append(row.number("home", 1, MOST_ENTRANTS))
            continue
        number = row.number("table", 1, MOST_ENTRANTS)
        with _at(f"line {row.line}"):
            home = _side(row, "home", 5)
            away = () if len(home) in (3, 5) and not row.text("away") else _side(row, "away")
            tables.append(Table(number, home, away))
    tables.sort(key=lambda table: table.number)
    return Round(round_number, Movement.MANUAL, tuple(tables), tuple(byes))


def _side(row: Row, column: str, most: int = 2) -> tuple[int, ...]:
    text = row.text(column)
    parts = text.split("+")
    if len(parts) > most or not all(part.strip().isdigit() for part in parts):
        alone = ", or three or five for a table of three or five" if most > 2 else ""
        raise _fail(
            Reason.OUT_OF_RANGE,
            f"a side is one entrant's number or two joined by +{alone}, not {excerpt(text)}",
            row.place(column),
        )
    numbers = tuple(int(part) for part in parts)
    if not all(1 <= number <= MOST_ENTRANTS for number in numbers):
        raise _fail(
            Reason.OUT_OF_RANGE,
            f"entrant numbers run from 1 to {MOST_ENTRANTS}, not {excerpt(text)}",
            row.place(column),
        )
    return numbers


def _csv(lines: Sequence[Sequence[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerows(lines)
    return out.getvalue()


def entrants_csv(entrants: Sequence[Entrant]) -> str:
    """The entrants as CSV, as :func:`read_entrants` reads them."""
    rows: list[list[object]] = [["number", "name", "player1", "player2", "club"]]
    for entrant in entrants:
        players = [*entrant.players, "", ""][:2]
        rows.append([entrant.number, entrant.name, *players, entrant.club])
    return _csv(rows)


def tables_csv(round_: Round) -> str:
    """A round's table list as CSV, as :func:`read_tables` reads it."""
    rows: list[list[object]] = [["table", "home", "away"]]
    for table in round_.tables:
        rows.append([table.number, "+".join(map(str, table.home)), "+".join(map(str, table.away))])
    rows += [["bye", bye, ""] for bye in round_.byes]
    return _csv(rows)


def standings_csv(standings: Standings) -> str:
    """The standings as CSV: rank, number, name, victory points, points for and against,
    difference, tables played, byes, adjustments, Buchholz."""
    rows: list[list[object]] = [
        ["rank", "number", "name", "victory_points", "points_for", "points_against",
         "difference", "played", "byes", "adjustment", "buchholz"]
    ]  # fmt: skip
    for line in standings.lines:
        rows.append(
            [line.rank, line.entrant.number, line.entrant.name, line.victory_points,
             line.points_for, line.points_against, line.difference, line.played, line.byes,
             line.adjustment, line.buchholz]
        )  # fmt: skip
    return _csv(rows)


def score_sheet_csv(tournament: Tournament) -> str:
    """Every table of every round as CSV, with its current result and victory points; a bye
    is a row whose ``table`` is ``bye``; ``note`` holds a correction's reason. A table of
    three or five players has a row per player: ``home`` the player, ``away`` empty, the
    player's points and victory points in the home columns."""
    rows: list[list[object]] = [
        ["round", "table", "home", "away", "home_points", "away_points", "home_vp", "away_vp",
         "kind", "note"]
    ]  # fmt: skip
    table_vp = tournament.settings.victory_table
    for round_ in tournament.rounds:
        reasons = {
            entry.table: entry.reason
            for entry in tournament.history
            if isinstance(entry, ResultEntry) and entry.round == round_.number
        }
        results = tournament.results(round_.number)
        for table in round_.tables:
            home, away = "+".join(map(str, table.home)), "+".join(map(str, table.away))
            result = results.get(table.number)
            if result is None:
                rows.append([round_.number, table.number, home, away, "", "", "", "", "", ""])
                continue
            vp = result.victory_points(table_vp)
            if table.alone:
                rows += [
                    [round_.number, table.number, number, "", points, "", given, "",
                     result.kind, reasons.get(table.number, "")]
                    for number, points, given in zip(table.home, result.points, vp, strict=True)
                ]  # fmt: skip
                continue
            rows.append(
                [round_.number, table.number, home, away, *result.points, *vp, result.kind,
                 reasons.get(table.number, "")]
            )  # fmt: skip
        for bye in round_.byes:
            rows.append(
                [round_.number, "bye", bye, "", "", "", tournament.settings.bye_victory_points,
                 "", "bye", ""]
            )  # fmt: skip
    return _csv(rows)


# --- JSON ------------------------------------------------------------------------------------


def entry_to_dict(entry: ResultEntry | Adjustment) -> dict[str, Any]:
    """One history entry as plain JSON data, as :func:`to_dict` writes it."""
    if isinstance(entry, ResultEntry):
        result = entry.result
        return {
            "round": entry.round, "table": entry.table, "points": list(result.points),
            "deals": [list(deal) for deal in result.deals], "kind": result.kind.value,
            "victory": None if result.victory is None else list(result.victory),
            "reason": entry.reason,
        }  # fmt: skip
    return {
        "round": entry.round, "entrant": entry.entrant,
        "victory_points": entry.victory_points, "reason": entry.reason,
    }  # fmt: skip


def round_to_dict(round_: Round) -> dict[str, Any]:
    """One round as plain JSON data, as :func:`to_dict` writes it."""
    return {
        "number": round_.number,
        "movement": round_.movement.value,
        "tables": [
            {"table": t.number, "home": list(t.home), "away": list(t.away)} for t in round_.tables
        ],
        "byes": list(round_.byes),
        "note": round_.note,
        "paired_after": round_.paired_after,
    }


def settings_to_dict(settings: Settings) -> dict[str, Any]:
    """The settings as plain JSON data, as :func:`to_dict` writes them."""
    return {
        "schedule": [movement.value for movement in settings.schedule],
        "deals": settings.deals,
        "victory_table": [list(row) for row in settings.victory_table],
        "bye_victory_points": settings.bye_victory_points,
        "bye_points": settings.bye_points,
        "rematches": settings.rematches.value,
        "danese_seats": settings.danese_seats.value,
        "teams": settings.teams,
        "minutes": settings.minutes,
        "individual": settings.individual,
        "seat_everyone": settings.seat_everyone,
        "avoid_same_club": settings.avoid_same_club,
        "forbidden": [list(pair) for pair in settings.forbidden],
        "mitchell_step": settings.mitchell_step,
        "groups": settings.groups,
        "criteria": [criterion.value for criterion in settings.criteria],
        "seed": settings.seed,
    }


def entrants_to_list(entrants: Sequence[Entrant]) -> list[dict[str, Any]]:
    """The entrants as plain JSON data, as :func:`to_dict` writes them."""
    return [
        {"number": e.number, "name": e.name, "players": list(e.players), "club": e.club}
        for e in entrants
    ]


def to_dict(tournament: Tournament) -> dict[str, Any]:
    """The tournament as plain JSON data (``format`` :data:`FORMAT`)."""
    return {
        "type": "burraco-tournament",
        "format": FORMAT,
        "name": tournament.name,
        "settings": settings_to_dict(tournament.settings),
        "entrants": entrants_to_list(tournament.entrants),
        "rounds": [round_to_dict(round_) for round_ in tournament.rounds],
        "history": [entry_to_dict(entry) for entry in tournament.history],
    }


def to_json(tournament: Tournament) -> str:
    """The tournament as JSON text, readable by :func:`from_json`."""
    return json.dumps(to_dict(tournament), ensure_ascii=False, indent=1)


class _Reader:
    """Typed access to untrusted JSON data, failing with the path of the bad value."""

    def __init__(self, data: object, path: str) -> None:
        self.data = data
        self.path = path

    def fields(self, required: Sequence[str], optional: Sequence[str] = ()) -> dict[str, _Reader]:
        if not isinstance(self.data, dict):
            raise _fail(Reason.WRONG_TYPE, "expected an object", self.path)
        for key in self.data:
            if key not in required and key not in optional:
                raise _fail(Reason.UNKNOWN_FIELD, f"unknown field {excerpt(key)}", self.path)
        for key in required:
            if key not in self.data:
                raise _fail(Reason.MISSING_FIELD, f"missing field {key!r}", self.path)
        return {key: _Reader(value, _join(self.path, key)) for key, value in self.data.items()}

    def items(self, most: int) -> list[_Reader]:
        if not isinstance(self.data, list):
            raise _fail(Reason.WRONG_TYPE, "expected a list", self.path)
        if len(self.data) > most:
            raise _fail(Reason.OUT_OF_RANGE, f"at most {most} items", self.path)
        return [_Reader(value, f"{self.path}[{index}]") for index, value in enumerate(self.data)]

    def number(self) -> int:
        if isinstance(self.data, bool) or not isinstance(self.data, int):
            raise _fail(
                Reason.WRONG_TYPE,
                f"expected a whole number, not {excerpt(json.dumps(self.data)[:50])}",
                self.path,
            )
        return self.data

    def text(self) -> str:
        if not isinstance(self.data, str):
            raise _fail(Reason.WRONG_TYPE, "expected text", self.path)
        return self.data

    def flag(self) -> bool:
        if not isinstance(self.data, bool):
            raise _fail(Reason.WRONG_TYPE, "expected true or false", self.path)
        return self.data

    def numbers(self, most: int) -> tuple[int, ...]:
        return tuple(item.number() for item in self.items(most))

    def pair(self) -> tuple[int, int]:
        items = self.items(2)
        if len(items) != 2:
            raise _fail(Reason.WRONG_TYPE, "expected two numbers", self.path)
        return (items[0].number(), items[1].number())


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _settings(reader: _Reader, format_: int) -> Settings:
    names: tuple[str, ...] = (
        "schedule", "deals", "victory_table", "bye_victory_points", "rematches",
        "individual", "avoid_same_club", "forbidden", "mitchell_step", "groups", "criteria",
        "seed",
    )  # fmt: skip
    if format_ >= 2:
        names += ("bye_points", "danese_seats", "teams", "minutes")
    if format_ >= 3:
        names += ("seat_everyone",)
    fields = reader.fields((), names)
    values: dict[str, Any] = {"seat_everyone": False}
    if format_ == 1:
        values |= {"rematches": Rematches.NOT_PREVIOUS, "danese_seats": Seats.RANKED}
    for name, field in fields.items():
        if name in ("schedule", "criteria"):
            values[name] = tuple(item.text() for item in field.items(MOST_ROUNDS))
        elif name == "victory_table":
            rows = []
            for row in field.items(100):
                cells = row.items(3)
                if len(cells) != 3:
                    raise _fail(Reason.WRONG_TYPE, "a row is [up_to, winner's, loser's]", row.path)
                up_to = None if cells[0].data is None else cells[0].number()
                rows.append((up_to, cells[1].number(), cells[2].number()))
            values[name] = rows
        elif name == "rematches":
            text = field.text()
            if text not in {member.value for member in Rematches}:
                raise _fail(
                    Reason.OUT_OF_RANGE, f"unknown rematch rule {excerpt(text)}", field.path
                )
            values[name] = Rematches(text)
        elif name == "danese_seats":
            text = field.text()
            if text not in {member.value for member in Seats}:
                raise _fail(Reason.OUT_OF_RANGE, f"unknown seating {excerpt(text)}", field.path)
            values[name] = Seats(text)
        elif name in ("individual", "avoid_same_club", "teams", "seat_everyone"):
            values[name] = field.flag()
        elif name == "forbidden":
            pairs = [item.pair() for item in field.items(10_000)]
            values[name] = tuple(pairs)
        elif name in ("seed", "minutes"):
            values[name] = None if field.data is None else field.number()
        else:
            values[name] = field.number()
    with _at(reader.path):
        return Settings(**values)


def _result(fields: dict[str, _Reader]) -> TableResult:
    points = fields["points"].numbers(5)
    deals = (
        tuple(item.numbers(5) for item in fields["deals"].items(20)) if "deals" in fields else ()
    )
    kind_text = fields["kind"].text() if "kind" in fields else "played"
    if kind_text not in {member.value for member in ResultKind}:
        raise _fail(
            Reason.OUT_OF_RANGE, f"unknown result kind {excerpt(kind_text)}", fields["kind"].path
        )
    victory = fields.get("victory")
    given = None if victory is None or victory.data is None else victory.numbers(5)
    return TableResult(points, deals, ResultKind(kind_text), given)


def _round(item: _Reader) -> Round:
    fields = item.fields(("number", "movement", "tables"), ("byes", "note", "paired_after"))
    movement = fields["movement"].text()
    if movement not in {member.value for member in Movement}:
        raise _fail(
            Reason.OUT_OF_RANGE, f"unknown movement {excerpt(movement)}", fields["movement"].path
        )
    tables = []
    for table in fields["tables"].items(MOST_ENTRANTS):
        parts = table.fields(("table", "home", "away"))
        number, home, away = (
            parts["table"].number(),
            parts["home"].numbers(5),
            parts["away"].numbers(2),
        )
        with _at(table.path):
            tables.append(Table(number, home, away))
    byes = fields["byes"].numbers(MOST_ENTRANTS) if "byes" in fields else ()
    note = fields["note"].text() if "note" in fields else ""
    after = fields["paired_after"].number() if "paired_after" in fields else 0
    number = fields["number"].number()
    with _at(item.path):
        return Round(number, Movement(movement), tuple(tables), byes, note, paired_after=after)


def round_from_dict(data: object) -> Round:
    """The round :func:`round_to_dict` gave, checked.

    Raises:
        TournamentError: as :func:`from_dict`, for the round's fields.
    """
    return _round(_Reader(data, "round"))


def settings_from_dict(data: object) -> Settings:
    """The settings :func:`settings_to_dict` gave, checked.

    Raises:
        TournamentError: as :func:`from_dict`, for the settings' fields.
    """
    return _settings(_Reader(data, "settings"), FORMAT)


def from_dict(data: object, *, check_pairings: bool = True) -> Tournament:
    """The tournament that :func:`to_dict` gave, from untrusted data: every field is checked,
    and (unless ``check_pairings`` is false, for data this library stored itself) the rounds
    paired by a movement are paired again and must come out the same.

    Raises:
        TournamentError: with the path of the first problem, and a reason among
            ``wrong-type``, ``missing-field``, ``unknown-field``, ``out-of-range``,
            ``unsupported-format``, ``inconsistent-state``, ``not-in-tournament``,
            ``out-of-order``.
    """
    top = _Reader(data, "").fields(
        ("type", "format", "name", "settings", "entrants", "rounds", "history")
    )
    format_ = top["format"].data
    if top["type"].data != "burraco-tournament" or format_ not in range(1, FORMAT + 1):
        raise _fail(
            Reason.UNSUPPORTED_FORMAT,
            f"expected type 'burraco-tournament' and format 1 to {FORMAT}",
        )
    assert isinstance(format_, int)
    settings = _settings(top["settings"], format_)
    entrants = []
    for item in top["entrants"].items(MOST_ENTRANTS):
        fields = item.fields(("number", "name"), ("players", "club"))
        players = tuple(p.text() for p in fields["players"].items(2)) if "players" in fields else ()
        club = fields["club"].text() if "club" in fields else ""
        number, name = fields["number"].number(), fields["name"].text()
        with _at(item.path):
            entrants.append(Entrant(number, name, players=players, club=club))
    rounds = [_round(item) for item in top["rounds"].items(MOST_ROUNDS)]
    history: list[ResultEntry | Adjustment] = []
    for item in top["history"].items(_MOST_HISTORY):
        if isinstance(item.data, dict) and "entrant" in item.data:
            fields = item.fields(("round", "entrant", "victory_points", "reason"))
            values = [fields[key].number() for key in ("round", "entrant", "victory_points")]
            reason = fields["reason"].text()
            with _at(item.path):
                history.append(Adjustment(*values, reason=reason))
        else:
            fields = item.fields(
                ("round", "table", "points"), ("deals", "kind", "victory", "reason")
            )
            round_number, table_number = fields["round"].number(), fields["table"].number()
            reason = fields["reason"].text() if "reason" in fields else ""
            with _at(item.path):
                history.append(ResultEntry(round_number, table_number, _result(fields), reason))
    name = top["name"].text()
    tournament = Tournament(name, tuple(entrants), settings, tuple(rounds), tuple(history))
    for index, round_ in enumerate(tournament.rounds if check_pairings else ()):
        if round_.movement is Movement.MANUAL:
            continue
        earlier = attrs.evolve(
            tournament,
            rounds=tournament.rounds[:index],
            history=tournament.history[: round_.paired_after],
        )
        with _at(f"rounds[{index}]"):
            again = earlier.paired(index + 1, round_.paired_after)
        if again != round_:
            raise _fail(
                Reason.INCONSISTENT_STATE,
                f"the {round_.movement} movement pairs round {index + 1} otherwise",
                f"rounds[{index}]",
            )
    return tournament


def from_json(text: str | bytes) -> Tournament:
    """The tournament saved as JSON by :func:`to_json` (see :func:`from_dict`).

    >>> from burraco.tournament import Entrant, Tournament
    >>> evening = Tournament.create("club night", [Entrant(1, "one"), Entrant(2, "two")])
    >>> from_json(to_json(evening)) == evening
    True
    >>> from_json('{"type": "burraco-tournament"')
    Traceback (most recent call last):
    ...
    burraco.errors.TournamentError: the text is not json: ...

    Raises:
        TournamentError: ``bad-json`` for text that is not JSON, too long or too deep; as
            :func:`from_dict` otherwise.
    """
    if not isinstance(text, str | bytes) or len(text) > MOST_TEXT:
        raise _fail(Reason.BAD_JSON, f"expected JSON text of at most {MOST_TEXT} characters")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise _fail(Reason.BAD_JSON, f"the text is not json: {excerpt(str(error))}") from None
    return from_dict(data)
