"""A tournament: its entrants, settings, rounds and history, one frozen value.

Every step returns a new :class:`Tournament`: :meth:`~Tournament.pair_next_round` pairs the
next round of the schedule, :meth:`~Tournament.record` enters a table's result (again, with a
reason, to correct it), :meth:`~Tournament.adjust` gives or takes victory points with a
reason, :meth:`~Tournament.standings` ranks the entrants.

>>> from burraco.tournament import Entrant, Movement, Settings, TableResult, Tournament
>>> pairs = [Entrant(n, f"pair {n}") for n in range(1, 5)]
>>> evening = Tournament.create("club night", pairs, Settings(schedule=(Movement.MITCHELL,) * 2))
>>> evening = evening.pair_next_round()
>>> print(evening.rounds[-1])
round 1 (mitchell)
table 1: 1 v 3
table 2: 2 v 4
>>> evening = evening.record(1, 1, TableResult.from_totals(1400, 900))
>>> evening = evening.record(1, 2, TableResult.from_totals(700, 700))
>>> evening.standings().ranks, evening.standings().ranking
((1, 2, 2, 4), (1, 2, 4, 3))
"""

from __future__ import annotations

import contextvars
import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Final

import attrs

from burraco.errors import Reason, TournamentError
from burraco.match import VictoryTable, victory_points
from burraco.tournament._checks import check_name, check_number
from burraco.tournament.entrants import MOST_ENTRANTS, Entrant
from burraco.tournament.movements import (
    MOST_NOTE,
    Allowed,
    Movement,
    Rematches,
    Round,
    Table,
    danese_round,
    individual_round,
    mitchell_round,
    rotation_round,
    round_robin_round,
)
from burraco.tournament.results import (
    MOST_DEAL_POINTS,
    POINT_STEP,
    Adjustment,
    ResultEntry,
    ResultKind,
    TableResult,
)
from burraco.tournament.standings import Criterion, Key, Standings, compute_standings
from burraco.tournament.victory import (
    DEAL_MINUTES,
    default_victory_table,
    top_victory_points,
)

if TYPE_CHECKING:
    from burraco.cards import Card
    from burraco.rules import Rules

__all__ = ["DEFAULT_CRITERIA", "MOST_ROUNDS", "Seats", "Settings", "Tournament"]

MOST_ROUNDS: Final = 99
"""The most rounds a schedule may have."""
DEFAULT_CRITERIA: Final = (
    Criterion.VICTORY_POINTS,
    Criterion.DIFFERENCE,
    Criterion.HEAD_TO_HEAD,
    Criterion.POINTS,
)
"""The standings' criteria unless the settings say otherwise."""
_STRICTER: Final = (Rematches.NEVER, Rematches.NOT_PREVIOUS, Rematches.ALLOWED)

History = tuple[ResultEntry | Adjustment, ...]
MOST_DEALS: Final = 5
"""The most deals a table plays in a round (the federation's formats play 2 to 4)."""
_TRUSTED: contextvars.ContextVar[bool] = contextvars.ContextVar("trusted", default=False)
"""Set while a step builds its result from a checked tournament and a checked new part, so
that the whole is not checked again (that made an event's cost grow with its square)."""


class Seats(StrEnum):
    """Who sits north-south (home) at a Danese table."""

    BALANCED = "balanced"
    """The entrant that has sat north-south less so far; the better ranked when level."""
    RANKED = "ranked"
    """The better ranked entrant (how files of format 1 were paired)."""


def _fail(reason: Reason, detail: str, path: str = "") -> TournamentError:
    return TournamentError(detail, reason=reason, path=path)


def _default_table(settings: Settings) -> tuple[tuple[int | None, int, int], ...]:
    return default_victory_table(settings.deals, teams=settings.teams)


def _freeze_table(table: VictoryTable) -> tuple[tuple[int | None, int, int], ...]:
    try:
        victory_points(0, table)
    except (ValueError, TypeError) as error:
        raise _fail(Reason.OUT_OF_RANGE, str(error), "victory_table") from None
    return tuple((up_to, winner, loser) for up_to, winner, loser in table)


def _movements(value: Iterable[str]) -> tuple[Movement, ...]:
    try:
        return tuple(Movement(item) for item in value)
    except (ValueError, TypeError):
        names = ", ".join(member.value for member in Movement)
        raise _fail(Reason.OUT_OF_RANGE, f"expected movements from: {names}", "schedule") from None


def _criteria(value: Iterable[str]) -> tuple[Criterion, ...]:
    try:
        return tuple(Criterion(item) for item in value)
    except (ValueError, TypeError):
        names = ", ".join(member.value for member in Criterion)
        raise _fail(Reason.OUT_OF_RANGE, f"expected criteria from: {names}", "criteria") from None


def _seats(value: str) -> Seats:
    try:
        return Seats(value)
    except (ValueError, TypeError):
        names = ", ".join(member.value for member in Seats)
        raise _fail(Reason.OUT_OF_RANGE, f"expected one of: {names}", "danese_seats") from None


def _rematches(value: str) -> Rematches:
    try:
        return Rematches(value)
    except (ValueError, TypeError):
        names = ", ".join(member.value for member in Rematches)
        raise _fail(Reason.OUT_OF_RANGE, f"expected one of: {names}", "rematches") from None


@attrs.frozen(kw_only=True)
class Settings:
    """How a tournament is run: schedule, deals, victory points, pairing rules, criteria.

    Raises:
        TournamentError: if a setting is out of range (``out-of-range``, ``wrong-type``), or
            settings contradict each other (an individual tournament paired by a Mitchell or
            a round robin: ``inconsistent-state``).
    """

    schedule: tuple[Movement, ...] = attrs.field(
        default=(Movement.MITCHELL,) * 3 + (Movement.DANESE,),
        converter=_movements,
    )
    """The movement of each round: ``(MITCHELL, MITCHELL, MITCHELL, DANESE)`` is "three
    Mitchell rounds and one Danese"; a :attr:`~Movement.MANUAL` round is given by the
    director (:meth:`Tournament.with_round`)."""
    deals: int = 4
    """The deals each table plays in a round, 2 to :data:`MOST_DEALS` (1 for a quick test)."""
    teams: bool = False
    """A team event: each entrant is a team of two pairs, each "table" of a round a team
    match played at two tables (the home team north-south at the first, east-west at the
    second); a match's points are the team's totals of its two tables added up, and the
    default victory-point table is ``teams-N``
    (:data:`~burraco.tournament.VICTORY_TABLES`)."""
    victory_table: tuple[tuple[int | None, int, int], ...] = attrs.field(
        default=attrs.Factory(_default_table, takes_self=True), converter=_freeze_table
    )
    """The victory-point table (by default the built-in one for :attr:`deals`, see
    :func:`~burraco.tournament.default_victory_table`)."""
    bye_victory_points: int = 12
    """The victory points of a bye (also of the pair that meets a Mitchell's phantom)."""
    bye_points: int = 0
    """The points a bye counts as scored, none conceded (for the point difference)."""
    rematches: Rematches = attrs.field(default=Rematches.NEVER, converter=_rematches)
    """Which rematches a Danese round may make (for individuals: which partners may partner
    again). By default none, relaxed one step only where no pairing avoids them."""
    danese_seats: Seats = attrs.field(default=Seats.BALANCED, converter=_seats)
    """Who sits north-south at a Danese table: balanced over the event, or the better
    ranked."""
    minutes: int | None = None
    """The minutes of a round (``None``: :data:`~burraco.tournament.DEAL_MINUTES` of the
    deals)."""
    individual: bool = False
    """An individual tournament: each entrant is one player, partnered anew each round."""
    seat_everyone: bool = True
    """In an individual tournament whose players are not a multiple of four, a Danese round
    seats the rest at tables of three (or one of five) played under
    :data:`~burraco.FIBUR3` (:data:`~burraco.FIBUR5`), each player scoring their own points
    (:func:`~burraco.tournament.small_tables`); ``False``: they sit out with a bye."""
    avoid_same_club: bool = False
    """Entrants of one club do not meet in a Danese round (for individuals: do not partner),
    and a Mitchell puts them in the same line where it can."""
    forbidden: tuple[tuple[int, int], ...] = ()
    """Pairs of entrants who must not meet in a Danese round (partner, for individuals)."""
    mitchell_step: int = 1
    """How many tables a Mitchell's moving line moves each round."""
    groups: int = 1
    """The number of groups of a round robin."""
    criteria: tuple[Criterion, ...] = attrs.field(
        default=DEFAULT_CRITERIA,
        converter=_criteria,
    )
    """The standings' criteria, in order."""
    seed: int | None = None
    """The seed of the deck orders of a duplicate tournament (:mod:`burraco.tournament.duplicate`),
    or ``None``."""

    def __attrs_post_init__(self) -> None:
        if not 1 <= len(self.schedule) <= MOST_ROUNDS:
            raise _fail(
                Reason.OUT_OF_RANGE,
                f"a schedule has 1 to {MOST_ROUNDS} rounds, not {len(self.schedule)}",
                "schedule",
            )
        check_number(self.deals, "deals", 1, MOST_DEALS)
        top = top_victory_points(self.victory_table)
        check_number(self.bye_victory_points, "bye_victory_points", 0, top)
        check_number(self.bye_points, "bye_points", 0, MOST_DEAL_POINTS * self.deals)
        if self.bye_points % POINT_STEP:
            raise _fail(
                Reason.OUT_OF_RANGE,
                f"a multiple of {POINT_STEP}, not {self.bye_points}",
                "bye_points",
            )
        if self.minutes is not None:
            check_number(self.minutes, "minutes", 5, 600)
        check_number(self.mitchell_step, "mitchell_step", 1, MOST_ENTRANTS)
        check_number(self.groups, "groups", 1, MOST_ENTRANTS // 2)
        if self.seed is not None:
            check_number(self.seed, "seed", 0, 2**63 - 1)
        for name in ("individual", "avoid_same_club", "teams", "seat_everyone"):
            if not isinstance(getattr(self, name), bool):
                raise _fail(Reason.WRONG_TYPE, "expected true or false", name)
        if not isinstance(self.forbidden, tuple):
            raise _fail(Reason.WRONG_TYPE, "expected a tuple of pairs", "forbidden")
        for index, pair in enumerate(self.forbidden):
            path = f"forbidden[{index}]"
            if not isinstance(pair, tuple) or len(pair) != 2 or pair[0] == pair[1]:
                raise _fail(Reason.WRONG_TYPE, "expected two different entrant numbers", path)
            for number in pair:
                check_number(number, path, 1, MOST_ENTRANTS)
        if self.individual and {*self.schedule} - {
            Movement.DANESE,
            Movement.MANUAL,
            Movement.ROTATION,
        }:
            raise _fail(
                Reason.INCONSISTENT_STATE,
                "an individual tournament is paired by danese, rotation or manual rounds only",
                "schedule",
            )
        if Movement.ROTATION in self.schedule and not self.individual:
            raise _fail(
                Reason.INCONSISTENT_STATE,
                "a rotation changes partners: it is for individual tournaments",
                "schedule",
            )
        if self.individual and self.teams:
            raise _fail(
                Reason.INCONSISTENT_STATE, "an event is of individuals or of teams", "teams"
            )

    def check_result(
        self, result: TableResult, place: str = "", table: Table | None = None
    ) -> None:
        """Raise unless ``result`` is one a table of an event with these settings can have:
        totals the deals reach, victory points given within the table's, a played
        table's deals as many as :attr:`deals` (a timed-out one's at most as many), and
        with ``table`` one number per side of it (two; or each player's at a table of three
        or five).

        Raises:
            TournamentError: ``out-of-range`` or ``inconsistent-state``, its place starting
                with ``place``.
        """
        if table is not None and len(result.points) != len(table.sides):
            if table.alone:
                size, seats = len(table.home), ", ".join(map(str, table.home))
                expected = (
                    f"a table of {'three' if size == 3 else 'five'} takes {size} numbers, "
                    f"each player's points in seat order ({seats})"
                )
            else:
                expected = "a table of two sides takes two numbers, the home and away totals"
            raise _fail(Reason.INCONSISTENT_STATE, f"{expected}, not {len(result.points)}", place)
        deals = self.deals
        try:
            result.check_reach(deals * self.tables_per_match, self.top_victory_points)
        except TournamentError as error:
            where = f"{place}: {error.path}" if place else error.path
            raise _fail(error.reason, error.detail, where) from None
        if not result.deals:
            return
        if result.kind is ResultKind.PLAYED and len(result.deals) != deals:
            raise _fail(
                Reason.INCONSISTENT_STATE,
                f"a played table plays {deals} deals, not {len(result.deals)} (a table stopped "
                "by the clock is a time-out)",
                place,
            )
        if len(result.deals) > deals:
            raise _fail(
                Reason.INCONSISTENT_STATE,
                f"a table plays at most {deals} deals, not {len(result.deals)}",
                place,
            )

    @property
    def round_minutes(self) -> int:
        """The minutes of a round: :attr:`minutes`, or those of the deals."""
        return self.minutes or DEAL_MINUTES.get(self.deals, 10 * self.deals + 5)

    @property
    def top_victory_points(self) -> int:
        """The most victory points one side can get (20 on the federation's tables)."""
        return top_victory_points(self.victory_table)

    @property
    def tables_per_match(self) -> int:
        """Tables a match is played at: 2 in a team event, else 1."""
        return 2 if self.teams else 1


def _check_entrants(instance: Tournament, attribute: object, value: object) -> None:
    if not isinstance(value, tuple) or not all(isinstance(item, Entrant) for item in value):
        raise _fail(Reason.WRONG_TYPE, "expected a tuple of entrants", "entrants")
    numbers = [entrant.number for entrant in value]
    if len(set(numbers)) != len(numbers):
        twice = next(number for number in numbers if numbers.count(number) > 1)
        raise _fail(Reason.INCONSISTENT_STATE, f"entrant number {twice} is used twice", "entrants")
    least = 4 if instance.settings.individual else 2
    if len(numbers) < least:
        raise _fail(
            Reason.OUT_OF_RANGE, f"a tournament needs at least {least} entrants", "entrants"
        )


@attrs.frozen
class Tournament:
    """A tournament: entrants, settings, the rounds paired so far and the history of results.

    Create one with :meth:`create`; every step returns a new value. The constructor checks
    that the parts fit together: every entrant plays or has a bye in every round, each round
    was paired only when the previous one had all its results, results and adjustments name
    tables and entrants of their round, a correction has a reason.

    Raises:
        TournamentError: when the parts contradict each other (``inconsistent-state``,
            ``not-in-tournament``, ``out-of-order``) or a value is out of range.
    """

    name: str = attrs.field(validator=lambda _, __, value: check_name(value, "name"))
    """The tournament's name."""
    entrants: tuple[Entrant, ...] = attrs.field(validator=_check_entrants)
    """The entrants, in entry order (the order of a first round)."""
    settings: Settings = attrs.field(factory=Settings)
    """How it is run."""
    rounds: tuple[Round, ...] = ()
    """The rounds paired so far."""
    history: History = ()
    """Results and adjustments, in the order they were entered."""

    def __attrs_post_init__(self) -> None:
        if _TRUSTED.get():
            return
        numbers = {entrant.number for entrant in self.entrants}
        for index, pair in enumerate(self.settings.forbidden):
            if not set(pair) <= numbers:
                raise _fail(
                    Reason.NOT_IN_TOURNAMENT,
                    f"forbidden pairing {pair} names an entrant not in the tournament",
                    f"settings.forbidden[{index}]",
                )
        if len(self.rounds) > len(self.settings.schedule):
            raise _fail(
                Reason.OUT_OF_ORDER,
                f"the schedule has {len(self.settings.schedule)} rounds, not {len(self.rounds)}",
                "rounds",
            )
        for index, round_ in enumerate(self.rounds):
            self._check_round(round_, index + 1)
        completed = self._completed_at()
        for index, round_ in enumerate(self.rounds):
            previous = self.rounds[index - 1].paired_after if index else 0
            if not previous <= round_.paired_after <= len(self.history):
                raise _fail(
                    Reason.INCONSISTENT_STATE,
                    "paired_after must not decrease and must not pass the history",
                    f"round {index + 1}",
                )
            if index and completed.get(index, len(self.history) + 1) > round_.paired_after:
                raise _fail(
                    Reason.OUT_OF_ORDER,
                    f"round {index + 1} was paired before round {index} had all its results",
                    f"round {index + 1}",
                )
        entered: set[tuple[int, int]] = set()
        for index, entry in enumerate(self.history):
            self._check_entry(entry, index, entered)

    def _check_round(self, round_: Round, number: int) -> None:
        """Raise unless ``round_`` is a fit round ``number`` of this tournament."""
        path = f"round {number}"
        if not isinstance(round_, Round):
            raise _fail(Reason.WRONG_TYPE, "expected a Round", path)
        scheduled = self.settings.schedule[number - 1]
        if round_.number != number or round_.movement not in (scheduled, Movement.MANUAL):
            raise _fail(
                Reason.INCONSISTENT_STATE,
                f"round {number} of the schedule is {scheduled}, not round "
                f"{round_.number} ({round_.movement})",
                path,
            )
        numbers = {entrant.number for entrant in self.entrants}
        if round_.entrants != numbers:
            missing = sorted(numbers ^ round_.entrants)
            raise _fail(
                Reason.INCONSISTENT_STATE,
                f"entrant {missing[0]} is not placed exactly once (every entrant plays or has "
                "a bye)",
                path,
            )
        side = 2 if self.settings.individual else 1
        if any(len(table.home) != side for table in round_.tables if not table.alone):
            raise _fail(Reason.INCONSISTENT_STATE, f"a side of a table has {side} entrant(s)", path)
        if not self.settings.individual and any(table.alone for table in round_.tables):
            raise _fail(
                Reason.INCONSISTENT_STATE,
                "tables of three or five players are for individual tournaments: a table of "
                "pairs is one entrant against one",
                path,
            )

    def _completed_at(self) -> dict[int, int]:
        """For each round with all its results, how many history entries it took."""
        missing = {
            round_.number: {table.number for table in round_.tables} for round_ in self.rounds
        }
        done: dict[int, int] = {
            number: round_.paired_after
            for number, round_ in zip(range(1, len(self.rounds) + 1), self.rounds, strict=True)
            if not missing[number]
        }
        for index, entry in enumerate(self.history):
            if isinstance(entry, ResultEntry) and entry.round in missing:
                tables = missing[entry.round]
                if entry.table in tables:
                    tables.discard(entry.table)
                    if not tables:
                        done[entry.round] = index + 1
        return done

    def _place(self, entry: ResultEntry | Adjustment) -> str:
        """Where an entry is, in the director's words."""
        if isinstance(entry, ResultEntry):
            return f"round {entry.round} table {entry.table}"
        return f"round {entry.round} entrant {entry.entrant}"

    def _check_entry(
        self, entry: ResultEntry | Adjustment, index: int, entered: set[tuple[int, int]]
    ) -> None:
        """Raise unless ``entry``, the history's entry ``index``, fits what came before it
        (``entered``: the tables with a result so far, which it extends)."""
        if not isinstance(entry, ResultEntry | Adjustment):
            raise _fail(
                Reason.WRONG_TYPE,
                "expected a result entry or an adjustment",
                f"entry {index + 1} of the history",
            )
        path = self._place(entry)
        if entry.round > len(self.rounds):
            raise _fail(Reason.NOT_IN_TOURNAMENT, f"round {entry.round} is not paired", path)
        round_ = self.rounds[entry.round - 1]
        if index < round_.paired_after:
            raise _fail(
                Reason.OUT_OF_ORDER,
                f"an entry for round {entry.round} comes before the round was paired",
                path,
            )
        if isinstance(entry, Adjustment):
            if entry.entrant not in {e.number for e in self.entrants}:
                raise _fail(Reason.NOT_IN_TOURNAMENT, f"no entrant {entry.entrant}", path)
            return
        seated = next((table for table in round_.tables if table.number == entry.table), None)
        if seated is None:
            raise _fail(
                Reason.NOT_IN_TOURNAMENT, f"round {entry.round} has no table {entry.table}", path
            )
        self._check_result(entry.result, path, seated)
        key = (entry.round, entry.table)
        if key in entered and not entry.reason.strip():
            raise _fail(
                Reason.OUT_OF_ORDER,
                f"table {entry.table} of round {entry.round} has a result: a correction "
                "needs its reason",
                path,
            )
        entered.add(key)

    def _check_result(self, result: TableResult, path: str, table: Table | None = None) -> None:
        """Raise unless ``result`` is one a table of this tournament (``table``, when known)
        can have."""
        self.settings.check_result(result, path, table)

    def check_result(self, round_number: int, table: int, result: TableResult) -> None:
        """Raise unless ``result`` may be entered for ``table`` of round ``round_number``:
        the round and table exist, and the totals are ones the deals reach
        (:meth:`TableResult.check_reach`) with victory points given within the table's.

        Raises:
            TournamentError: ``not-in-tournament`` or ``out-of-range``, or
                ``inconsistent-state`` for a result with the wrong number of deals.
        """
        seated = self._table(round_number, table)
        self._check_result(result, f"round {round_number} table {table}", seated)

    def _table(self, round_number: int, table: int) -> Table:
        """Table ``table`` of round ``round_number``.

        Raises:
            TournamentError: ``not-in-tournament`` if there is none.
        """
        for seated in self.round(round_number).tables:
            if seated.number == table:
                return seated
        numbers = ", ".join(str(seated.number) for seated in self.round(round_number).tables)
        raise _fail(
            Reason.NOT_IN_TOURNAMENT,
            f"round {round_number} has no table {table} (its tables: {numbers})",
        )

    @staticmethod
    def _complete(round_: Round, history: Sequence[ResultEntry | Adjustment]) -> bool:
        done = {
            entry.table
            for entry in history
            if isinstance(entry, ResultEntry) and entry.round == round_.number
        }
        return all(table.number in done for table in round_.tables)

    def _extended(
        self, *, rounds: tuple[Round, ...] | None = None, history: History | None = None
    ) -> Tournament:
        """This tournament with new ``rounds`` or ``history``, whose new parts the caller
        has checked: the rest was checked when this one was made, so it is not checked
        again."""
        token = _TRUSTED.set(True)
        try:
            return Tournament(
                self.name,
                self.entrants,
                self.settings,
                self.rounds if rounds is None else rounds,
                self.history if history is None else history,
            )
        finally:
            _TRUSTED.reset(token)

    # --- making one ----------------------------------------------------------------------

    @classmethod
    def create(
        cls, name: str, entrants: Iterable[Entrant], settings: Settings | None = None
    ) -> Tournament:
        """A new tournament with no round paired.

        Raises:
            TournamentError: if the name or the entrants are not acceptable (two entrants
                with one number, fewer than two, ...).
        """
        return cls(name, tuple(entrants), settings or Settings())

    # --- asking --------------------------------------------------------------------------

    def entrant(self, number: int) -> Entrant:
        """The entrant with number ``number``.

        Raises:
            TournamentError: if there is none (``not-in-tournament``).
        """
        for entrant in self.entrants:
            if entrant.number == number:
                return entrant
        raise _fail(Reason.NOT_IN_TOURNAMENT, f"no entrant {number}")

    def round(self, number: int) -> Round:
        """Round ``number`` (from 1).

        Raises:
            TournamentError: if it is not paired (``not-in-tournament``).
        """
        if isinstance(number, int) and 1 <= number <= len(self.rounds):
            return self.rounds[number - 1]
        raise _fail(
            Reason.NOT_IN_TOURNAMENT, f"the rounds paired are 1 to {len(self.rounds)}, not {number}"
        )

    def results(self, round_number: int) -> dict[int, TableResult]:
        """The current result of each table of a round that has one, by table number."""
        self.round(round_number)
        return {
            entry.table: entry.result
            for entry in self.history
            if isinstance(entry, ResultEntry) and entry.round == round_number
        }

    def is_complete(self, round_number: int) -> bool:
        """Whether every table of round ``round_number`` has a result."""
        return self._complete(self.round(round_number), self.history)

    @property
    def is_over(self) -> bool:
        """Whether every round of the schedule is paired and has all its results."""
        return len(self.rounds) == len(self.settings.schedule) and self.is_complete(
            len(self.rounds)
        )

    def decks(self, round_number: int, rules: Rules | None = None) -> tuple[tuple[Card, ...], ...]:
        """The deck orders every table of round ``round_number`` plays in a duplicate
        tournament (one with a ``seed``): see :func:`~burraco.tournament.round_decks`
        (``rules``: FIBUR's by default).

        Raises:
            TournamentError: ``out-of-order`` if the settings have no seed,
                ``not-in-tournament`` for a round beyond the schedule.
        """
        from burraco.rules import FIBUR
        from burraco.tournament.duplicate import round_decks

        rules = FIBUR if rules is None else rules
        if self.settings.seed is None:
            raise _fail(Reason.OUT_OF_ORDER, "the tournament is not duplicate: it has no seed")
        check_number(round_number, "round", 1, len(self.settings.schedule))
        return round_decks(self.settings.seed, round_number, self.settings.deals, rules)

    def standings(
        self, after_round: int | None = None, *, criteria: Sequence[Key] | None = None
    ) -> Standings:
        """The standings after ``after_round`` (default: the last round paired); see
        :func:`~burraco.tournament.compute_standings`."""
        return compute_standings(self, after_round, criteria=criteria)

    # --- steps ---------------------------------------------------------------------------

    def pair_next_round(self) -> Tournament:
        """The tournament with its next round paired, by the schedule's movement.

        A Mitchell round uses the entrants in entry order (with ``avoid_same_club``, clubs
        are kept to one line where they fit); a round robin the entry order cut in groups;
        a Danese round the standings so far (the entry order for a first round), with the
        rematches the settings allow, the forbidden pairings and clubs kept apart. When no
        pairing keeps to the rematch rule, the rule is relaxed one step (never, then not the
        previous round, then allowed) and the round's note says so; forbidden pairings are
        never relaxed.

        Raises:
            TournamentError: ``out-of-order`` if the previous round lacks results, the
                schedule is played, or the next round is a manual one; ``no-pairing`` if the
                movement cannot pair it (a Mitchell beyond its tables, forbidden pairings that
                leave no pairing).
        """
        number = len(self.rounds) + 1
        schedule = self.settings.schedule
        if number > len(schedule):
            raise _fail(
                Reason.OUT_OF_ORDER, f"all {len(schedule)} rounds of the schedule are paired"
            )
        if self.rounds and not self.is_complete(number - 1):
            raise _fail(
                Reason.OUT_OF_ORDER,
                f"round {number - 1} needs all its results before round {number} is paired",
            )
        paired = self.paired(number, len(self.history))
        self._check_round(paired, number)
        return self._extended(rounds=(*self.rounds, paired))

    def paired(self, number: int, history: int) -> Round:
        """Round ``number`` as the schedule's movement pairs it, seeing the first ``history``
        entries of the history (the rounds before it must be paired). Used by
        :meth:`pair_next_round`, and to check a saved tournament.

        Raises:
            TournamentError: as :meth:`pair_next_round`.
        """
        movement = self.settings.schedule[number - 1]
        earlier = self.settings.schedule[:number].count(movement)
        numbers = [entrant.number for entrant in self.entrants]
        match movement:
            case Movement.MITCHELL:
                made = mitchell_round(
                    self._mitchell_order(), earlier, step=self.settings.mitchell_step
                )
                made = attrs.evolve(made, note=self._forbidden_note(made))
            case Movement.ROUND_ROBIN:
                made = round_robin_round(numbers, earlier, groups=self.settings.groups)
                made = attrs.evolve(made, note=self._forbidden_note(made))
            case Movement.DANESE:
                made = self._danese(number, history)
            case Movement.ROTATION:
                made = rotation_round(numbers, earlier)
            case Movement.MANUAL:
                raise _fail(
                    Reason.OUT_OF_ORDER,
                    f"round {number} is a manual round: give its tables (burraco tournament "
                    "pair --tables, or with_round)",
                )
        return attrs.evolve(made, number=number, paired_after=history)

    def _mitchell_order(self) -> list[int]:
        numbers = [entrant.number for entrant in self.entrants]
        if not self.settings.avoid_same_club:
            return numbers
        clubs: dict[str, list[int]] = {}
        for entrant in self.entrants:
            clubs.setdefault(entrant.club or f"#{entrant.number}", []).append(entrant.number)
        room = [(len(numbers) + 1) // 2, len(numbers) // 2]
        lines: tuple[list[int], list[int]] = ([], [])
        for members in sorted(clubs.values(), key=len, reverse=True):
            line = 0 if room[0] >= room[1] else 1
            if len(members) > room[line] and len(members) <= room[1 - line]:
                line = 1 - line
            for number in members:
                if not room[line]:
                    line = 1 - line
                lines[line].append(number)
                room[line] -= 1
        return sorted(lines[0]) + sorted(lines[1])

    def _forbidden_note(self, made: Round) -> str:
        apart = self._kept_apart()
        clashes = [str(table) for table in made.tables if frozenset(table.entrants) in apart]
        if not clashes:
            return ""
        note = "the movement seats entrants who should not meet: " + "; ".join(clashes)
        return note if len(note) <= MOST_NOTE else note[: MOST_NOTE - 1] + "…"

    def _kept_apart(self) -> set[frozenset[int]]:
        """The pairs of entrants who never meet (partner, for individuals): the forbidden
        pairings, and with ``avoid_same_club`` the entrants of one club."""
        apart = {frozenset(pair) for pair in self.settings.forbidden}
        if self.settings.avoid_same_club:
            clubs: dict[str, list[int]] = {}
            for entrant in self.entrants:
                if entrant.club:
                    clubs.setdefault(entrant.club, []).append(entrant.number)
            for members in clubs.values():
                apart |= {frozenset(pair) for pair in itertools.combinations(members, 2)}
        return apart

    def _danese(self, number: int, history: int) -> Round:
        earlier = self.rounds[: number - 1]
        if earlier:
            ranking = list(compute_standings(self, number - 1, history=history).ranking)
        else:
            ranking = [entrant.number for entrant in self.entrants]
        byes_had = Counter(bye for round_ in earlier for bye in round_.byes)
        alone_had = Counter(
            number
            for round_ in earlier
            for table in round_.tables
            if table.alone
            for number in table.home
        )
        start = _STRICTER.index(self.settings.rematches)
        for rule in _STRICTER[start:]:
            allowed = self._rematch_rule(rule, earlier)
            try:
                if self.settings.individual:
                    made = individual_round(
                        ranking,
                        number,
                        partners_allowed=allowed,
                        byes_had=byes_had,
                        seat_everyone=self.settings.seat_everyone,
                        alone_had=alone_had,
                    )
                else:
                    made = danese_round(
                        ranking,
                        number,
                        allowed=allowed,
                        byes_had=byes_had,
                        home_lead=self._home_lead(earlier),
                    )
            except TournamentError as error:
                if error.reason is not Reason.NO_PAIRING or rule is Rematches.ALLOWED:
                    raise
                continue
            if rule is not self.settings.rematches:
                made = attrs.evolve(
                    made,
                    note=f"no pairing keeps to rematches={self.settings.rematches}: paired "
                    f"with rematches={rule}",
                )
            return made
        raise AssertionError("unreachable: the last rule re-raises")

    def _home_lead(self, earlier: Sequence[Round]) -> dict[int, int] | None:
        """Each entrant's north-south seats less its east-west seats in ``earlier`` rounds,
        or ``None`` when the better ranked sits north-south (:attr:`Seats.RANKED`)."""
        if self.settings.danese_seats is Seats.RANKED:
            return None
        lead: Counter[int] = Counter()
        for round_ in earlier:
            for table in round_.tables:
                for number in table.home:
                    lead[number] += 1
                for number in table.away:
                    lead[number] -= 1
        return dict(lead)

    def _rematch_rule(self, rule: Rematches, earlier: Sequence[Round]) -> Allowed:
        counted = {Rematches.NEVER: earlier, Rematches.NOT_PREVIOUS: earlier[-1:]}.get(rule, ())
        met = self._kept_apart()
        for round_ in counted:
            for table in round_.tables:
                if table.alone:
                    continue
                if self.settings.individual:
                    met |= {frozenset(table.home), frozenset(table.away)}
                else:
                    met.add(frozenset(table.entrants))

        def allowed(one: int, other: int) -> bool:
            return frozenset((one, other)) not in met

        return allowed

    def with_round(self, round_: Round) -> Tournament:
        """The tournament with the next round given by the director (a table list typed in or
        imported), as a :attr:`~Movement.MANUAL` round.

        Raises:
            TournamentError: ``out-of-order`` as for :meth:`pair_next_round`;
                ``inconsistent-state`` if the round does not place every entrant once.
        """
        number = len(self.rounds) + 1
        if number > len(self.settings.schedule):
            raise _fail(Reason.OUT_OF_ORDER, "every round of the schedule is paired")
        if self.rounds and not self.is_complete(number - 1):
            raise _fail(
                Reason.OUT_OF_ORDER,
                f"round {number - 1} needs all its results before round {number} is paired",
            )
        given = attrs.evolve(
            round_, number=number, movement=Movement.MANUAL, paired_after=len(self.history)
        )
        self._check_round(given, number)
        return self._extended(rounds=(*self.rounds, given))

    def record(
        self, round_number: int, table: int, result: TableResult, *, reason: str = ""
    ) -> Tournament:
        """The tournament with ``result`` entered for ``table`` of round ``round_number``.

        A table that has a result already is corrected: the new result counts, the old one
        stays in the history, and ``reason`` is required.

        Raises:
            TournamentError: ``not-in-tournament`` for a round not paired or a table not in
                it; ``out-of-order`` for a correction without a reason;
                ``inconsistent-state`` for a result with the wrong number of deals;
                ``out-of-range`` for totals no deal reaches (see
                :meth:`TableResult.check_reach`).
        """
        entry = ResultEntry(round_number, table, result, reason)
        seated = self._table(round_number, table)
        if table in self.results(round_number) and not reason.strip():
            raise _fail(
                Reason.OUT_OF_ORDER,
                f"table {table} of round {round_number} has a result: a correction needs its "
                "reason",
            )
        self._check_result(result, f"round {round_number} table {table}", seated)
        return self._extended(history=(*self.history, entry))

    def adjust(
        self, round_number: int, entrant: int, victory_points: int, *, reason: str
    ) -> Tournament:
        """The tournament with ``victory_points`` given to ``entrant`` (a penalty if negative)
        in round ``round_number``, for ``reason``.

        Raises:
            TournamentError: ``not-in-tournament`` for an unknown entrant or round;
                ``out-of-order`` without a reason; ``out-of-range`` beyond
                ±:data:`~burraco.tournament.MOST_VICTORY_POINTS`.
        """
        entry = Adjustment(round_number, entrant, victory_points, reason=reason)
        self.round(round_number)
        self.entrant(entrant)
        return self._extended(history=(*self.history, entry))
