"""Standings: victory points, tie-breaks and ranks with ties.

:func:`compute_standings` adds up, for each entrant, the victory points of its tables, its
byes and the director's adjustments, and the points scored and conceded. The entrants are
ordered by a list of criteria (:class:`Criterion`, or functions of a :class:`Standing`), each
deciding only among those the previous criteria left level; entrants level on all of them
share a rank, and the next rank skips, as in ``1 2 2 4``.

At a table of three or five players (an individual event's, rules §14) each player
scores their own points and victory points
(:meth:`~burraco.tournament.TableResult.victory_points`); the points conceded are the
others' mean, rounded down, so the difference is the player's points less that mean.

Head-to-head counts, for each entrant of a group still level, the victory points it won
against the others of that group. The Buchholz-like criterion (for Danese movements, where
strong entrants meet strong ones) is the sum of the victory points of the opponents met.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, TypeAlias, assert_never

import attrs

from burraco.errors import Reason, TournamentError
from burraco.tournament.entrants import Entrant
from burraco.tournament.results import Adjustment, ResultEntry, TableResult

if TYPE_CHECKING:
    from burraco.tournament.event import Tournament

__all__ = [
    "Criterion",
    "Standing",
    "Standings",
    "compute_standings",
    "rank_text",
    "standings_html",
]


class Criterion(StrEnum):
    """A built-in criterion of the standings, higher first."""

    VICTORY_POINTS = "victory-points"
    """The victory points, adjustments included."""
    DIFFERENCE = "difference"
    """Points scored less points conceded."""
    HEAD_TO_HEAD = "head-to-head"
    """Victory points won against the others still level."""
    POINTS = "points"
    """Points scored."""
    BUCHHOLZ = "buchholz"
    """The sum of the victory points of the opponents met."""


@attrs.frozen
class Standing:
    """One line of the standings."""

    rank: int
    """The rank, from 1; entrants level on every criterion share it."""
    entrant: Entrant
    """The entrant."""
    victory_points: int
    """Victory points: tables, byes and adjustments."""
    points_for: int
    """Points scored at the tables."""
    points_against: int
    """Points conceded at the tables."""
    played: int
    """Tables with a result."""
    byes: int
    """Byes."""
    adjustment: int
    """The director's adjustments (in :attr:`victory_points` already)."""
    buchholz: int
    """The sum of the victory points of the opponents met."""

    @property
    def difference(self) -> int:
        """Points scored less points conceded."""
        return self.points_for - self.points_against


Key: TypeAlias = "Criterion | Callable[[Standing], float]"
"""A criterion of the standings: built in, or a function of a line (higher ranks first)."""


def rank_text(ranks: Sequence[int]) -> str:
    """The ranks as one line, ties showing as repeated numbers.

    >>> rank_text([1, 2, 2, 4])
    '1 2 2 4'
    """
    return " ".join(map(str, ranks))


@attrs.frozen
class Standings:
    """The standings after a round: lines in order, best first.

    ``str(standings)`` is the table a director pins up.
    """

    after_round: int
    """The last round counted (0 before any)."""
    lines: tuple[Standing, ...]
    """One line per entrant, in ranking order."""
    adjustments: tuple[Adjustment, ...] = ()
    """The director's penalties and awards counted, with their reasons, in the order given."""

    @property
    def ranking(self) -> tuple[int, ...]:
        """The entrant numbers in order."""
        return tuple(line.entrant.number for line in self.lines)

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ranks in order, such as ``(1, 2, 2, 4)``."""
        return tuple(line.rank for line in self.lines)

    def line_of(self, entrant: int) -> Standing:
        """The line of entrant number ``entrant``.

        Raises:
            TournamentError: if there is no such entrant (``not-in-tournament``).
        """
        for line in self.lines:
            if line.entrant.number == entrant:
                return line
        raise TournamentError(f"no entrant {entrant}", reason=Reason.NOT_IN_TOURNAMENT)

    def __str__(self) -> str:
        rows = [["rank", "no", "name", "VP", "pen", "for", "against", "diff", "buchholz"]]
        for line in self.lines:
            rows.append(
                [
                    str(line.rank),
                    str(line.entrant.number),
                    line.entrant.name,
                    str(line.victory_points),
                    f"{line.adjustment:+d}" if line.adjustment else "",
                    str(line.points_for),
                    str(line.points_against),
                    f"{line.difference:+d}",
                    str(line.buchholz),
                ]
            )
        widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
        text = [f"standings after round {self.after_round}"]
        for row in rows:
            cells = [
                cell.ljust(width) if column == 2 else cell.rjust(width)
                for column, (cell, width) in enumerate(zip(row, widths, strict=True))
            ]
            text.append("  ".join(cells).rstrip())
        names = {line.entrant.number: line.entrant for line in self.lines}
        if self.adjustments:
            text.append("penalties and awards (in VP, pen):")
        for entry in self.adjustments:
            text.append(
                f"  round {entry.round}: {names[entry.entrant]}: {entry.victory_points:+d} "
                f"({entry.reason})"
            )
        return "\n".join(text)


def _value(
    key: Key, line: Standing, group: Sequence[int], won: dict[tuple[int, int], int]
) -> float:
    if not isinstance(key, Criterion):
        return key(line)
    match key:
        case Criterion.VICTORY_POINTS:
            return line.victory_points
        case Criterion.DIFFERENCE:
            return line.difference
        case Criterion.POINTS:
            return line.points_for
        case Criterion.BUCHHOLZ:
            return line.buchholz
        case Criterion.HEAD_TO_HEAD:
            number = line.entrant.number
            return sum(won.get((number, other), 0) for other in group if other != number)
        case _:
            assert_never(key)


def _tie_groups(
    group: list[int],
    keys: Sequence[Key],
    lines: dict[int, Standing],
    won: dict[tuple[int, int], int],
) -> list[list[int]]:
    if not keys or len(group) == 1:
        return [sorted(group)]
    values = {number: _value(keys[0], lines[number], group, won) for number in group}
    ordered: list[list[int]] = []
    for value in sorted(set(values.values()), reverse=True):
        level = [number for number in group if values[number] == value]
        ordered += _tie_groups(level, keys[1:], lines, won)
    return ordered


def compute_standings(
    tournament: Tournament,
    after_round: int | None = None,
    *,
    criteria: Sequence[Key] | None = None,
    history: int | None = None,
) -> Standings:
    """The standings of ``tournament`` after round ``after_round`` (default: the last paired).

    ``criteria`` defaults to the tournament's settings. ``history`` counts only the first
    entries of the history (what a Danese pairing saw when it was made). Tables without a
    result yet count nothing.

    Raises:
        TournamentError: if ``after_round`` is not a round of the tournament
            (``not-in-tournament``).
    """
    rounds = tournament.rounds
    last = len(rounds) if after_round is None else after_round
    if not 0 <= last <= len(rounds):
        raise TournamentError(
            f"the tournament has rounds 1 to {len(rounds)}, not {last}",
            reason=Reason.NOT_IN_TOURNAMENT,
        )
    settings = tournament.settings
    entries = tournament.history[:history]
    latest: dict[tuple[int, int], TableResult] = {}
    adjustment: dict[int, int] = defaultdict(int)
    adjustments: list[Adjustment] = []
    for entry in entries:
        if entry.round > last:
            continue
        if isinstance(entry, ResultEntry):
            latest[entry.round, entry.table] = entry.result
        elif isinstance(entry, Adjustment):
            adjustment[entry.entrant] += entry.victory_points
            adjustments.append(entry)
    victory: dict[int, int] = defaultdict(int)
    scored: dict[int, int] = defaultdict(int)
    conceded: dict[int, int] = defaultdict(int)
    played: dict[int, int] = defaultdict(int)
    byes: dict[int, int] = defaultdict(int)
    won: dict[tuple[int, int], int] = defaultdict(int)
    met: dict[int, list[tuple[int, ...]]] = defaultdict(list)
    for round_ in rounds[:last]:
        for number in round_.byes:
            byes[number] += 1
            victory[number] += settings.bye_victory_points
            scored[number] += settings.bye_points
        for table in round_.tables:
            result = latest.get((round_.number, table.number))
            if result is None:
                continue
            given = result.victory_points(settings.victory_table)
            sides = table.sides
            for index, side in enumerate(sides):
                others = tuple(n for j, group in enumerate(sides) if j != index for n in group)
                vp, mine = given[index], result.points[index]
                theirs = (sum(result.points) - mine) // (len(sides) - 1)
                for number in side:
                    victory[number] += vp
                    scored[number] += mine
                    conceded[number] += theirs
                    played[number] += 1
                    met[number].append(others)
                    for other in others:
                        won[number, other] += vp
    for number, points in adjustment.items():
        victory[number] += points
    lines: dict[int, Standing] = {}
    for entrant in tournament.entrants:
        number = entrant.number
        buchholz = sum(sum(victory[o] for o in others) // len(others) for others in met[number])
        lines[number] = Standing(
            0,
            entrant,
            victory[number],
            scored[number],
            conceded[number],
            played[number],
            byes[number],
            adjustment[number],
            buchholz,
        )
    keys = tuple(settings.criteria if criteria is None else criteria)
    groups = _tie_groups(list(lines), keys, lines, won)
    ordered: list[Standing] = []
    for group in groups:
        rank = len(ordered) + 1
        ordered += [attrs.evolve(lines[number], rank=rank) for number in group]
    return Standings(last, tuple(ordered), tuple(adjustments))


def standings_html(standings: Standings, *, title: str = "", refresh: int = 0) -> str:
    """The standings as an HTML page to print or show on a projector: rank (shared ranks
    repeat), number, name, victory points, penalties, points for and against, difference,
    Buchholz, and the penalties with their reasons. ``refresh`` reloads the page every so
    many seconds (0: never).

    >>> from burraco.tournament import Entrant
    >>> line = Standing(1, Entrant(3, "Rossi & Co"), 12, 1400, 900, 1, 0, 0, 8)
    >>> "<td>Rossi &amp; Co</td>" in standings_html(Standings(1, (line,)))
    True
    """
    import html

    heading = html.escape(f"{title} - " if title else "") + (
        f"standings after round {standings.after_round}"
    )
    meta = f"<meta http-equiv='refresh' content='{refresh}'>" if refresh else ""
    style = (
        "body{font-family:sans-serif}table{border-collapse:collapse}"
        "th,td{padding:.25em .7em;border-bottom:1px solid #ccc}td.n{text-align:right}"
        "@media print{body{font-size:10pt}}"
    )
    rows = []
    for line in standings.lines:
        cells = [
            str(line.rank),
            str(line.entrant.number),
            html.escape(line.entrant.name),
            str(line.victory_points),
            f"{line.adjustment:+d}" if line.adjustment else "",
            str(line.points_for),
            str(line.points_against),
            f"{line.difference:+d}",
            str(line.buchholz),
        ]
        rows.append(
            "<tr>"
            + "".join(
                f"<td>{cell}</td>" if index == 2 else f"<td class='n'>{cell}</td>"
                for index, cell in enumerate(cells)
            )
            + "</tr>"
        )
    names = {line.entrant.number: line.entrant for line in standings.lines}
    penalties = "".join(
        f"<li>round {entry.round}: {html.escape(str(names[entry.entrant]))}: "
        f"{entry.victory_points:+d} ({html.escape(entry.reason)})</li>"
        for entry in standings.adjustments
    )
    return (
        f"<!doctype html><html><head><meta charset='utf-8'>{meta}<title>{heading}</title>"
        f"<style>{style}</style></head><body><h1>{heading}</h1><table><thead><tr>"
        "<th>rank</th><th>no</th><th>name</th><th>VP</th><th>pen</th><th>for</th>"
        "<th>against</th><th>diff</th><th>buchholz</th></tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
        + (f"<h2>penalties and awards</h2><ul>{penalties}</ul>" if penalties else "")
        + "</body></html>"
    )
