"""Movements: who sits at which table in each round.

A round is a :class:`Round`: its :class:`Table` list (each table a home line, north-south,
against an away line, east-west) and the entrants with a bye. The functions here make one
round each, from the entrants' numbers in order, so that a schedule can mix them:

* :func:`mitchell_round`: the first half of the entrants sit still (north-south), the second
  half move ``step`` tables up each round, with a skip when needed so that over as many rounds
  as tables every moving pair meets every fixed pair once; an odd entrant list gets a phantom
  pair in the moving line, and meeting it is a bye.
* :func:`round_robin_round`: everybody meets everybody in a group (the circle method).
* :func:`danese_round`: the Danese movement, first against second, third against fourth, ...
  of a ranking, subject to a rule of who may meet (:func:`pair_in_order` finds the pairing
  closest to the ranking order that keeps to the rule, whenever one exists).
* :func:`individual_round`: an individual tournament's round: new partnerships from the
  ranking (first with second, third with fourth), two partnerships a table; when the players
  are not a multiple of four, tables of three (or one of five) seat the rest, played under
  :data:`~burraco.FIBUR3` and :data:`~burraco.FIBUR5` (:func:`small_tables`).

>>> print(mitchell_round(range(1, 9), 2))
round 2 (mitchell)
table 1: 1 v 8
table 2: 2 v 5
table 3: 3 v 6
table 4: 4 v 7
>>> print(danese_round([3, 1, 4, 2], 2, allowed=lambda a, b: {a, b} != {3, 1}))
round 2 (danese)
table 1: 3 v 4
table 2: 1 v 2
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import StrEnum
from typing import Final

import attrs

from burraco.errors import Reason, TournamentError
from burraco.tournament._checks import check_number
from burraco.tournament.entrants import MOST_ENTRANTS

__all__ = [
    "MOST_NOTE",
    "MOST_STEPS",
    "Movement",
    "Rematches",
    "Round",
    "Table",
    "danese_round",
    "individual_round",
    "mitchell_round",
    "mitchell_shift",
    "pair_in_order",
    "rotation_round",
    "round_robin_round",
    "small_tables",
]

Allowed = Callable[[int, int], bool]
"""Whether two entrants (by number) may be paired."""

MOST_NOTE: Final = 2000
"""The longest note of a round, in characters."""
MOST_STEPS: Final = 2_000_000
"""The most partial pairings :func:`pair_in_order` tries before it gives up (a few hundred
entrants under heavy constraints; ordinary evenings need a few dozen)."""


class Movement(StrEnum):
    """How a round is paired."""

    MITCHELL = "mitchell"
    """Fixed north-south line, moving east-west line (:func:`mitchell_round`)."""
    DANESE = "danese"
    """By the standings, first against second (:func:`danese_round`); for individuals, new
    partnerships by the standings (:func:`individual_round`)."""
    ROUND_ROBIN = "round-robin"
    """Everybody against everybody in each group (:func:`round_robin_round`)."""
    MANUAL = "manual"
    """A table list typed in or imported by the director."""
    ROTATION = "rotation"
    """For individuals: a fixed schedule where everyone partners everyone once and plays
    against everyone twice (:func:`rotation_round`; 4, 8, 12 or 16 players)."""


class Rematches(StrEnum):
    """Which earlier opponents a Danese round may pair again."""

    ALLOWED = "allowed"
    """Pure Danese: first meets second even if they met before."""
    NOT_PREVIOUS = "not-previous"
    """Modified Danese: no rematch of the previous round."""
    NEVER = "never"
    """Modified Danese: no rematch of any earlier round."""


ALONE_SIZES: Final = (3, 5)
"""The sizes of a table where everyone starts alone and partnerships form during the hand
(rules §14: :data:`~burraco.FIBUR3` and :data:`~burraco.FIBUR5`)."""


def _side(value: object, path: str) -> tuple[int, ...]:
    if not isinstance(value, tuple) or len(value) not in (1, 2, *ALONE_SIZES):
        raise TournamentError(
            "a side of a table is a tuple of one entrant (a pair) or two (partners); a table "
            "of three or five players has them all on its home side",
            reason=Reason.WRONG_TYPE,
            path=path,
        )
    for number in value:
        check_number(number, path, 1, MOST_ENTRANTS)
    return value


@attrs.frozen
class Table:
    """One table of a round: the home line (north-south) against the away line (east-west).

    Each side is a tuple of entrant numbers: one for a pair, two partners in an individual
    tournament. ``str(table)`` is ``table 3: 5 v 12`` (``table 1: 3+9 v 4+5`` for partners).
    A table of three or five players of an individual tournament (:attr:`alone`) has them
    all in ``home``, in seat order, and ``away`` empty: they play under
    :data:`~burraco.FIBUR3` or :data:`~burraco.FIBUR5`, where the partnerships form during
    each hand; ``str(table)`` is ``table 4: 7, 2, 9 (three)``.
    """

    number: int
    """The table's number, from 1."""
    home: tuple[int, ...]
    """The home (north-south) side's entrant numbers."""
    away: tuple[int, ...]
    """The away (east-west) side's entrant numbers."""

    def __attrs_post_init__(self) -> None:
        check_number(self.number, "table", 1, MOST_ENTRANTS)
        _side(self.home, f"table {self.number} home")
        if self.away == () and len(self.home) in ALONE_SIZES:
            if len(set(self.home)) != len(self.home):
                raise TournamentError(
                    f"the players {self.home} of a table of {len(self.home)} must differ",
                    reason=Reason.INCONSISTENT_STATE,
                    path=f"table {self.number}",
                )
            return
        _side(self.away, f"table {self.number} away")
        if len(self.home) != len(self.away) or len({*self.home, *self.away}) != 2 * len(self.home):
            raise TournamentError(
                f"the sides {self.home} and {self.away} must be the same size, "
                "with no entrant twice",
                reason=Reason.INCONSISTENT_STATE,
                path=f"table {self.number}",
            )

    @property
    def entrants(self) -> tuple[int, ...]:
        """Every entrant at the table, home side first."""
        return (*self.home, *self.away)

    @property
    def alone(self) -> bool:
        """Whether this is a table of three or five players, each playing alone until the
        partnerships of a hand form (rules §14)."""
        return not self.away

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Who scores together: ``(home, away)``, or each player of a table of three or five
        on their own, in seat order (as a result lists the points)."""
        if self.alone:
            return tuple((number,) for number in self.home)
        return (self.home, self.away)

    def __str__(self) -> str:
        if self.alone:
            size = "three" if len(self.home) == 3 else "five"
            return f"table {self.number}: {', '.join(map(str, self.home))} ({size})"
        home, away = "+".join(map(str, self.home)), "+".join(map(str, self.away))
        return f"table {self.number}: {home} v {away}"


@attrs.frozen
class Round:
    """A round: its movement, its tables and its byes.

    ``str(round_)`` is the table list. ``paired_after`` is the number of entries of the
    tournament's history that the pairing saw (what a Danese ranking was made from), so that
    a saved tournament can be checked by pairing it again.

    Raises:
        TournamentError: if a table number or an entrant appears twice (``inconsistent-state``).
    """

    number: int
    """The round's number, from 1."""
    movement: Movement
    """The movement that paired it."""
    tables: tuple[Table, ...]
    """The tables, by table number."""
    byes: tuple[int, ...] = ()
    """The entrants who sit this round out (a bye, or the phantom pair's opponent)."""
    note: str = ""
    """What the director should know, such as a rematch the constraints could not avoid."""
    paired_after: int = attrs.field(default=0, kw_only=True)
    """How many history entries there were when the round was paired."""

    def __attrs_post_init__(self) -> None:
        path = f"round {self.number}"
        if not isinstance(self.movement, Movement):
            raise TournamentError("expected a Movement", reason=Reason.WRONG_TYPE, path=path)
        check_number(self.paired_after, f"{path} paired_after", 0, 10**9)
        if (
            not isinstance(self.note, str)
            or len(self.note) > MOST_NOTE
            or not self.note.isprintable()
        ):
            raise TournamentError(
                f"a note is printable text of at most {MOST_NOTE} characters",
                reason=Reason.OUT_OF_RANGE,
                path=path,
            )
        if not all(isinstance(table, Table) for table in self.tables):
            raise TournamentError("expected a tuple of tables", reason=Reason.WRONG_TYPE, path=path)
        numbers = [table.number for table in self.tables]
        if numbers != sorted(set(numbers)):
            raise TournamentError(
                "table numbers must increase, each used once",
                reason=Reason.INCONSISTENT_STATE,
                path=path,
            )
        seated = [number for table in self.tables for number in table.entrants]
        everyone = [*seated, *self.byes]
        if len(everyone) != len(set(everyone)):
            twice = sorted({number for number in everyone if everyone.count(number) > 1})
            raise TournamentError(
                f"entrant {twice[0]} is given two places",
                reason=Reason.INCONSISTENT_STATE,
                path=path,
            )
        if len({len(table.home) for table in self.tables if not table.alone}) > 1:
            raise TournamentError(
                "every table must have sides of one size",
                reason=Reason.INCONSISTENT_STATE,
                path=path,
            )

    @property
    def entrants(self) -> frozenset[int]:
        """Every entrant of the round, at a table or with a bye."""
        return frozenset(number for table in self.tables for number in table.entrants) | set(
            self.byes
        )

    def table_of(self, entrant: int) -> Table | None:
        """The table where ``entrant`` plays, or ``None`` (a bye, or not in the round)."""
        return next((table for table in self.tables if entrant in table.entrants), None)

    def opponents(self, entrant: int) -> tuple[int, ...]:
        """The entrants ``entrant`` plays against in this round (none with a bye; everyone
        else at a table of three or five)."""
        table = self.table_of(entrant)
        if table is None:
            return ()
        if table.alone:
            return tuple(number for number in table.home if number != entrant)
        return table.away if entrant in table.home else table.home

    def partners(self, entrant: int) -> tuple[int, ...]:
        """The entrant's partner in an individual round (``()`` for pairs, and at a table of
        three or five, where partnerships form during each hand)."""
        table = self.table_of(entrant)
        if table is None or table.alone:
            return ()
        side = table.home if entrant in table.home else table.away
        return tuple(number for number in side if number != entrant)

    def __str__(self) -> str:
        lines = [f"round {self.number} ({self.movement})", *map(str, self.tables)]
        lines += [f"bye: {number}" for number in self.byes]
        if self.note:
            lines.append(f"note: {self.note}")
        return "\n".join(lines)


def _entrant_list(numbers: Iterable[int], least: int) -> list[int]:
    listed = list(numbers)
    if len(listed) < least or len(set(listed)) != len(listed):
        raise TournamentError(
            f"a round needs at least {least} different entrants, not {len(listed)}",
            reason=Reason.NO_PAIRING,
        )
    return listed


def mitchell_shift(round_index: int, tables: int, step: int = 1) -> int:
    """How many tables the moving line has moved after ``round_index`` rounds (from 0).

    The moving line moves ``step`` tables each round. When ``step`` and ``tables`` have a
    common factor, the line would come back to tables it has visited, so after each full cycle
    it skips one table more: over ``tables`` rounds the shifts are all different.

    >>> [mitchell_shift(r, 6, 2) for r in range(6)]
    [0, 2, 4, 1, 3, 5]
    """
    cycle = tables // math.gcd(step, tables)
    return (round_index * step + round_index // cycle) % tables


def mitchell_round(numbers: Iterable[int], round_number: int, *, step: int = 1) -> Round:
    """Round ``round_number`` (from 1) of a Mitchell of the entrants ``numbers``, in order.

    The first half (rounded up) is the fixed north-south line: entrant ``i`` of it sits at
    table ``i + 1`` all evening. The rest is the moving east-west line, which starts at tables
    1, 2, ... and moves ``step`` tables up each round (with the skip of :func:`mitchell_shift`).
    An odd number of entrants leaves a phantom pair in the moving line; who meets it has a
    bye. Over as many rounds as tables, each moving entrant meets each fixed one once.

    Raises:
        TournamentError: with reason ``no-pairing`` for fewer than 2 entrants, for a round
            beyond the number of tables (it would repeat a meeting) or a ``step`` that is not
            from 1 to the number of tables less one.
    """
    entrants = _entrant_list(numbers, 2)
    tables = (len(entrants) + 1) // 2
    fixed, moving = entrants[:tables], [*entrants[tables:], None]
    if not 1 <= round_number <= tables:
        raise TournamentError(
            f"a mitchell of {tables} tables has rounds 1 to {tables}, not {round_number}",
            reason=Reason.NO_PAIRING,
        )
    if tables > 1 and not 1 <= step < tables:
        raise TournamentError(
            f"the moving line of {tables} tables moves 1 to {tables - 1} tables, not {step}",
            reason=Reason.NO_PAIRING,
        )
    shift = mitchell_shift(round_number - 1, tables, step)
    seated: list[Table] = []
    byes: list[int] = []
    for index, home in enumerate(fixed):
        away = moving[(index - shift) % tables]
        if away is None:
            byes.append(home)
        else:
            seated.append(Table(index + 1, (home,), (away,)))
    return Round(round_number, Movement.MITCHELL, tuple(seated), tuple(byes))


def round_robin_round(
    numbers: Iterable[int], round_number: int, *, groups: int = 1, first_table: int = 1
) -> Round:
    """Round ``round_number`` (from 1) of a round robin in ``groups`` groups.

    The entrants, in order, are cut into ``groups`` groups of sizes that differ by at most one
    (the first groups the larger); in each group everybody meets everybody once over
    ``n - 1`` rounds (``n`` for an odd group, where each round one entrant has a bye; a
    smaller group that has played all its rounds has byes), by the
    circle method: the group's first entrant stays, the others turn one place a round.
    Tables are numbered on from ``first_table``, group by group.

    >>> print(round_robin_round([1, 2, 3, 4, 5], 1))
    round 1 (round-robin)
    table 1: 5 v 2
    table 2: 3 v 4
    bye: 1

    Raises:
        TournamentError: with reason ``no-pairing`` for a group of fewer than 2 entrants or a
            round beyond the last.
    """
    entrants = _entrant_list(numbers, 2 * groups)
    size, larger = divmod(len(entrants), groups)
    tables: list[Table] = []
    byes: list[int] = []
    start = 0
    for group in range(groups):
        members: list[int | None] = list(entrants[start : start + size + (group < larger)])
        start += len(members)
        if len(members) % 2:
            members.append(None)
        count = len(members)
        if group == 0 and not 1 <= round_number < count:
            raise TournamentError(
                f"a round robin of {count} places has rounds 1 to {count - 1}, not {round_number}",
                reason=Reason.NO_PAIRING,
            )
        if round_number >= count:  # a smaller group has played all its rounds
            byes += [number for number in members if number is not None]
            continue
        turn = round_number - 1
        others = members[1:]
        circle = [members[0], *others[-turn:], *others[:-turn]] if turn else members
        for index in range(count // 2):
            one, other = circle[index], circle[count - 1 - index]
            if one is None or other is None:
                byes += [number for number in (one, other) if number is not None]
                continue
            home, away = (one, other) if (index + turn) % 2 == 0 else (other, one)
            tables.append(Table(first_table + len(tables), (home,), (away,)))
    return Round(round_number, Movement.ROUND_ROBIN, tuple(tables), tuple(byes))


def pair_in_order(
    order: Sequence[int], allowed: Allowed, *, most_steps: int = MOST_STEPS
) -> list[tuple[int, int]] | None:
    """Pair ``order`` (an even number of entrants) so that every pair is ``allowed``, or ``None``.

    The search is depth-first with backtracking: the first unpaired entrant is paired with the
    next unpaired one it may meet, and when the rest cannot be paired it tries the one after.
    Sets of entrants found impossible to pair are remembered, so the search is complete: it
    returns a pairing whenever one exists, and the one that is first in the order (first with
    second when they may meet, ...). It gives up (raising) after ``most_steps`` tries.

    >>> pair_in_order([1, 2, 3, 4], lambda a, b: {a, b} != {1, 2})
    [(1, 3), (2, 4)]
    >>> pair_in_order([1, 2, 3, 4], lambda a, b: 1 not in (a, b)) is None
    True

    Raises:
        TournamentError: with reason ``out-of-range`` if the search gives up (which is not
            the same as finding that no pairing exists).
    """
    count = len(order)
    if count % 2:
        return None
    may = [[i != j and allowed(order[i], order[j]) for j in range(count)] for i in range(count)]
    impossible: set[int] = set()
    steps = 0

    def pairs_of(unpaired: int) -> list[tuple[int, int]] | None:
        nonlocal steps
        if not unpaired:
            return []
        if unpaired in impossible:
            return None
        first = (unpaired & -unpaired).bit_length() - 1
        rest = unpaired & ~(1 << first)
        for second in range(first + 1, count):
            if rest >> second & 1 and may[first][second]:
                steps += 1
                if steps > most_steps:
                    raise TournamentError(
                        f"the pairing search gave up after {most_steps} tries: pair this "
                        "round by hand",
                        reason=Reason.OUT_OF_RANGE,
                    )
                found = pairs_of(rest & ~(1 << second))
                if found is not None:
                    return [(order[first], order[second]), *found]
        impossible.add(unpaired)
        return None

    return pairs_of((1 << count) - 1)


WHIST_BASES: Final[dict[int, tuple[tuple[tuple[int, int], tuple[int, int]], ...]]] = {
    4: (((3, 0), (1, 2)),),
    8: (((7, 0), (1, 3)), ((2, 6), (4, 5))),
    12: (((11, 0), (7, 10)), ((1, 2), (4, 6)), ((3, 8), (5, 9))),
    16: (((15, 0), (1, 2)), ((3, 6), (9, 11)), ((4, 13), (8, 12)), ((5, 10), (7, 14))),
}
"""The first round of each individual rotation, by the number of players ``n``: tables of
two partnerships, players named ``0`` to ``n - 2`` and ``n - 1`` standing for the one who
never moves. Round ``r`` adds ``r - 1`` to every other player modulo ``n - 1``; over
``n - 1`` rounds everyone partners everyone once and plays against everyone twice (a whist
design, found by search and checked in the tests)."""


def rotation_round(players: Sequence[int], round_number: int) -> Round:
    """Round ``round_number`` (from 1) of the individual rotation of ``players`` (4, 8, 12 or
    16 players, in entry order): everyone partners everyone once and meets everyone twice
    as an opponent over ``len(players) - 1`` rounds.

    >>> print(rotation_round(range(1, 9), 1))
    round 1 (rotation)
    table 1: 8+1 v 2+4
    table 2: 3+7 v 5+6

    Raises:
        TournamentError: ``no-pairing`` for another number of players or a round beyond
            the last.
    """
    listed = list(players)
    count = len(listed)
    base = WHIST_BASES.get(count)
    if base is None or len(set(listed)) != count:
        sizes = ", ".join(map(str, WHIST_BASES))
        raise TournamentError(
            f"a rotation is for {sizes} players, not {count}: pair the others by danese",
            reason=Reason.NO_PAIRING,
        )
    if not 1 <= round_number < count:
        raise TournamentError(
            f"a rotation of {count} players has rounds 1 to {count - 1}, not {round_number}",
            reason=Reason.NO_PAIRING,
        )
    shift = round_number - 1

    def player(element: int) -> int:
        if element == count - 1:
            return listed[-1]
        return listed[(element + shift) % (count - 1)]

    tables = tuple(
        Table(index + 1, (player(home[0]), player(home[1])), (player(away[0]), player(away[1])))
        for index, (home, away) in enumerate(base)
    )
    return Round(round_number, Movement.ROTATION, tables)


def _sitting_out(ranking: Sequence[int], count: int, byes_had: Mapping[int, int]) -> list[int]:
    """The ``count`` entrants to sit out: the fewest byes so far, the lowest ranked first."""
    from_bottom = list(reversed(ranking))
    return sorted(from_bottom, key=lambda number: byes_had.get(number, 0))[:count]


def danese_round(
    ranking: Sequence[int],
    round_number: int,
    *,
    allowed: Allowed,
    byes_had: Mapping[int, int] | None = None,
    home_lead: Mapping[int, int] | None = None,
) -> Round:
    """A Danese round: the entrants of ``ranking`` (best first) paired first against second.

    Each pair is one ``allowed`` may meet; :func:`pair_in_order` finds the allowed pairing
    nearest the ranking whenever there is one. With an odd number, one entrant has a bye: the
    lowest ranked among those with the fewest byes so far (``byes_had``) for whom the others
    can still be paired. Table 1 is the top table. Who sits home (north-south): with
    ``home_lead`` (each entrant's home seats less away seats so far), the entrant of the two
    that has sat home less, the better ranked when they are level, so that seats even out
    over an event; without it, always the better ranked.

    Raises:
        TournamentError: with reason ``no-pairing`` if no allowed pairing exists.
    """
    entrants = _entrant_list(ranking, 2)
    candidates: list[int | None] = [None]
    if len(entrants) % 2:
        candidates = list(_sitting_out(entrants, len(entrants), byes_had or {}))
    for bye in candidates:
        pairs = pair_in_order([number for number in entrants if number != bye], allowed)
        if pairs is not None:
            if home_lead is not None:
                pairs = [
                    (one, other)
                    if home_lead.get(one, 0) <= home_lead.get(other, 0)
                    else (other, one)
                    for one, other in pairs
                ]
            tables = tuple(
                Table(index + 1, (home,), (away,)) for index, (home, away) in enumerate(pairs)
            )
            return Round(round_number, Movement.DANESE, tables, () if bye is None else (bye,))
    raise TournamentError(
        f"no pairing of the {len(entrants)} entrants keeps to the rules of who may meet",
        reason=Reason.NO_PAIRING,
    )


def small_tables(players: int) -> tuple[int, ...]:
    """The sizes of the tables of three or five that seat, with tables of four, every one of
    ``players`` players of an individual round.

    Tables of three are preferred (:data:`~burraco.FIBUR3` is the clubs' favourite odd
    game; a table of five is long and plays three packs): one for a remainder of three, two
    for a remainder of two, three for a remainder of one. A table of five is used only where
    tables of three cannot seat everyone: five players.

    >>> [small_tables(n) for n in (5, 6, 7, 8, 9, 13)]
    [(5,), (3, 3), (3,), (), (3, 3, 3), (3, 3, 3)]

    Raises:
        TournamentError: ``no-pairing`` for fewer than 3 players.
    """
    if players in (3, 5):
        return (players,)
    threes = {0: 0, 1: 3, 2: 2, 3: 1}[players % 4]
    if players < 4 or players < 3 * threes:
        raise TournamentError(
            f"{players} players cannot be seated at tables of three, four and five: "
            "an individual round needs 3 or at least 4 players",
            reason=Reason.NO_PAIRING,
        )
    return (3,) * threes


def individual_round(
    ranking: Sequence[int],
    round_number: int,
    *,
    partners_allowed: Allowed,
    byes_had: Mapping[int, int] | None = None,
    seat_everyone: bool = False,
    alone_had: Mapping[int, int] | None = None,
) -> Round:
    """A round of an individual tournament: partnerships from ``ranking``, two to a table.

    When the number of players is not a multiple of four, the remainder sit out (the fewest
    byes so far, the lowest ranked first); with ``seat_everyone``, they play instead at tables
    of three or five (:func:`small_tables`): the players with the fewest such tables so far
    (``alone_had``), the lowest ranked first, grouped in ranking order, numbered after the
    tables of four. The others form partnerships first with second,
    third with fourth, ... among those ``partners_allowed`` may partner (as
    :func:`pair_in_order` does), and the partnerships meet in order: the first two at table 1.
    At a table of three or five nobody has a partner to choose: they form during each hand.

    >>> print(individual_round(range(1, 9), 2, partners_allowed=lambda a, b: {a, b} != {1, 2}))
    round 2 (danese)
    table 1: 1+3 v 2+4
    table 2: 5+6 v 7+8
    >>> print(individual_round(range(1, 10), 1, partners_allowed=lambda a, b: True,
    ...                        seat_everyone=True))
    round 1 (danese)
    table 1: 1, 2, 3 (three)
    table 2: 4, 5, 6 (three)
    table 3: 7, 8, 9 (three)

    Raises:
        TournamentError: with reason ``no-pairing`` for fewer than 4 players or when no
            allowed partnerships exist.
    """
    players = _entrant_list(ranking, 3 if seat_everyone else 4)
    sizes = small_tables(len(players)) if seat_everyone else ()
    if seat_everyone:
        chosen = set(_sitting_out(players, sum(sizes), alone_had or {}))
        alone = [number for number in players if number in chosen]
        out: list[int] = []
    else:
        alone = []
        out = _sitting_out(players, len(players) % 4, byes_had or {})
    playing = [number for number in players if number not in out and number not in alone]
    partnerships = pair_in_order(playing, partners_allowed)
    if partnerships is None:
        raise TournamentError(
            f"no partnerships of the {len(playing)} players keep to the rules of who may partner",
            reason=Reason.NO_PAIRING,
        )
    tables = [
        Table(index // 2 + 1, partnerships[index], partnerships[index + 1])
        for index in range(0, len(partnerships), 2)
    ]
    for size in sizes:
        tables.append(Table(len(tables) + 1, tuple(alone[:size]), ()))
        alone = alone[size:]
    return Round(round_number, Movement.DANESE, tuple(tables), tuple(sorted(out)))
