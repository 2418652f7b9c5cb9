"""Victory-point tables by name, the federation's formats, and tables read from a file.

A tournament turns each table's difference in points into victory points by a table (rules
§10), which is data: a tuple of rows ``(up_to, winner's, loser's)`` as
:data:`~burraco.VictoryTable` describes. :data:`VICTORY_TABLES` names the tables the library
ships; :func:`victory_table` finds one by name; :func:`read_victory_table` reads a club's own
from CSV or JSON text. :data:`FORMATS` are the federation's shapes of an event (rounds times
deals, and the minutes of a round).

>>> victory_table("fibur-3")[:2]
((50, 10, 10), (150, 11, 9))
>>> read_victory_table("up_to,winner,loser\\n100,10,10\\n,20,0\\n")
((100, 10, 10), (None, 20, 0))
>>> FORMATS["5x2"]
Format(rounds=5, deals=2, minutes=25)
"""

from __future__ import annotations

import json
from typing import Final

import attrs

from burraco.errors import Reason, TournamentError, excerpt
from burraco.match import FOUR_DEALS, THREE_DEALS, victory_points

__all__ = [
    "DEAL_MINUTES",
    "FORMATS",
    "VICTORY_TABLES",
    "Format",
    "default_victory_table",
    "read_victory_table",
    "top_victory_points",
    "victory_table",
]

Rows = tuple[tuple[int | None, int, int], ...]


def _scaled(table: Rows, numerator: int, denominator: int) -> Rows:
    """``table`` with every bound times ``numerator / denominator``, to a multiple of 5."""
    return tuple(
        (None if up_to is None else round(up_to * numerator / denominator / 5) * 5, win, lose)
        for up_to, win, lose in table
    )


TWO_DEALS: Final[Rows] = _scaled(FOUR_DEALS, 1, 2)
"""The library's two-deal table: the four-deal table with every bound halved (0–50 gives
10–10, 51–150 gives 11–9, ..., more than 1000 gives 20–0). No published two-deal table was
at hand; a club whose federation prints another gives it as a file."""
FIVE_DEALS: Final[Rows] = _scaled(FOUR_DEALS, 5, 4)
"""The library's five-deal table: the four-deal table with every bound times 5/4."""

VICTORY_TABLES: Final[dict[str, Rows]] = {
    "burraco-2": TWO_DEALS,
    "fibur-3": THREE_DEALS,
    "fibur-4": FOUR_DEALS,
    "burraco-5": FIVE_DEALS,
    "teams-2": _scaled(TWO_DEALS, 2, 1),
    "teams-3": _scaled(THREE_DEALS, 2, 1),
    "teams-4": _scaled(FOUR_DEALS, 2, 1),
    "teams-5": _scaled(FIVE_DEALS, 2, 1),
}
"""The victory-point tables by name. ``fibur-3`` and ``fibur-4`` are the federation's three-
and four-deal tables (:data:`~burraco.THREE_DEALS`, :data:`~burraco.FOUR_DEALS`);
``burraco-2`` and ``burraco-5`` are the library's readings for two and five deals (the
four-deal bounds halved, or times 5/4); ``teams-N`` is for a team match of two tables, whose
differences add up: the pairs' table of ``N`` deals with every bound doubled."""

DEAL_MINUTES: Final[dict[int, int]] = {2: 25, 3: 35, 4: 45, 5: 55}
"""The minutes of a round by its deals: 25, 35 and 45 for two, three and four deals (the
Italian code's art. 5, which lets the director shorten them); five deals, ten minutes more."""


@attrs.frozen
class Format:
    """A shape of an event: how many rounds of how many deals, and the minutes of a round."""

    rounds: int
    """Rounds of the event."""
    deals: int
    """Deals each table plays in a round."""
    minutes: int
    """Minutes of a round, after which time is called (rules §13.2)."""


FORMATS: Final[dict[str, Format]] = {
    "5x2": Format(5, 2, DEAL_MINUTES[2]),
    "4x3": Format(4, 3, DEAL_MINUTES[3]),
    "3x4": Format(3, 4, DEAL_MINUTES[4]),
}
"""The federation's usual afternoons: five rounds of two deals, four of three, three of
four, with the minutes of a round of :data:`DEAL_MINUTES`."""


def default_victory_table(deals: int, *, teams: bool = False) -> Rows:
    """The table for ``deals`` deals (2 to 5), of pairs or of teams.

    Raises:
        TournamentError: ``out-of-range`` for another number of deals.
    """
    name = f"{'teams' if teams else 'fibur' if deals in (3, 4) else 'burraco'}-{deals}"
    if name not in VICTORY_TABLES:
        raise TournamentError(
            f"there is a built-in victory-point table for 2 to 5 deals, not {deals}: give one",
            reason=Reason.OUT_OF_RANGE,
            path="victory_table",
        )
    return VICTORY_TABLES[name]


def victory_table(name: str) -> Rows:
    """The table called ``name`` in :data:`VICTORY_TABLES`.

    Raises:
        TournamentError: ``out-of-range`` naming the tables there are.
    """
    table = VICTORY_TABLES.get(name.strip().lower())
    if table is None:
        names = ", ".join(VICTORY_TABLES)
        raise TournamentError(
            f"no victory-point table {excerpt(name)}: the tables are {names}, or a file",
            reason=Reason.OUT_OF_RANGE,
        )
    return table


def top_victory_points(table: Rows) -> int:
    """The most victory points one side can get on ``table`` (20 on the federation's)."""
    return max(max(winner, loser) for _, winner, loser in table)


def _checked(rows: list[tuple[int | None, int, int]], path: str) -> Rows:
    try:
        victory_points(0, rows)
    except (ValueError, TypeError) as error:
        raise TournamentError(str(error), reason=Reason.OUT_OF_RANGE, path=path) from None
    for index, (_, winner, loser) in enumerate(rows):
        if not 0 <= loser <= winner <= 100:
            raise TournamentError(
                f"row {index + 1}: the winner's victory points ({winner}) are at least the "
                f"loser's ({loser}), both from 0 to 100",
                reason=Reason.OUT_OF_RANGE,
                path=path,
            )
    return tuple(rows)


def read_victory_table(text: str | bytes) -> Rows:
    """A victory-point table from a file's text: JSON (a list of ``[up_to, winner, loser]``
    rows, ``null`` for the last ``up_to``), or CSV with a header and the columns ``up_to``,
    ``winner``, ``loser`` (Italian ``fino_a``, ``vincitore``, ``perdente``; separated by
    ``,``, ``;`` or tabs), the last ``up_to`` empty.

    Raises:
        TournamentError: ``bad-csv``, ``bad-json`` or ``out-of-range`` naming the line (and
            column) of the problem.
    """
    from burraco.tournament.spreadsheet import decode, rows

    decoded = decode(text) if isinstance(text, bytes) else text.lstrip("\ufeff")
    if decoded.lstrip().startswith("["):
        try:
            data = json.loads(decoded)
        except ValueError as error:
            raise TournamentError(
                f"the text is not json: {excerpt(str(error))}", reason=Reason.BAD_JSON
            ) from None
        parsed: list[tuple[int | None, int, int]] = []
        for index, row in enumerate(data if isinstance(data, list) else [None]):
            if (
                not isinstance(row, list)
                or len(row) != 3
                or not all(type(cell) is int for cell in row[1:])
                or not (row[0] is None or type(row[0]) is int)
            ):
                raise TournamentError(
                    "a row is [up_to, winner's, loser's], up_to null in the last row",
                    reason=Reason.WRONG_TYPE,
                    path=f"row {index + 1}",
                )
            parsed.append((row[0], row[1], row[2]))
        return _checked(parsed, "victory table")
    found: list[tuple[int | None, int, int]] = []
    for row in rows(decoded, ("up_to", "winner", "loser"), ("up_to", "winner", "loser")):
        up_to = None if not row.text("up_to") else row.number("up_to", 0, 10**6)
        found.append((up_to, row.number("winner", 0, 100), row.number("loser", 0, 100)))
    return _checked(found, "victory table")
