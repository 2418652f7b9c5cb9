"""Results of tables, byes, corrections and penalties, and their victory points.

A :class:`TableResult` is what a table played: each team's total (home, away), and the
deal-by-deal totals when they are known (from the library's :class:`~burraco.HandScore`s, or
typed in). The difference becomes victory points by a table such as
:data:`~burraco.FOUR_DEALS`. A table that did not play, or whose score the director sets, has
its victory points given explicitly. :class:`ResultEntry` and :class:`Adjustment` are the lines
of a tournament's history: a result entered again, with a reason, replaces the earlier one but
both stay in the history.

>>> from burraco import FOUR_DEALS
>>> result = TableResult.from_totals(1450, 830)
>>> result.victory_points(FOUR_DEALS)  # a difference of 620
(13, 7)
>>> print(TableResult.from_totals(1735, -275))
1735 to -275
>>> TableResult.from_totals(1450, 830, time_out=True).kind
<ResultKind.TIME_OUT: 'time-out'>
>>> TableResult.unplayed().victory_points(FOUR_DEALS)
(0, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Final

import attrs

from burraco.errors import Reason, TournamentError
from burraco.match import VictoryTable, victory_points
from burraco.tournament._checks import check_number, check_reason
from burraco.tournament.entrants import MOST_ENTRANTS

if TYPE_CHECKING:
    from burraco.scoring import HandScore

__all__ = [
    "LEAST_DEAL_POINTS",
    "MOST_DEAL_POINTS",
    "MOST_POINTS",
    "MOST_VICTORY_POINTS",
    "POINT_STEP",
    "Adjustment",
    "ResultEntry",
    "ResultKind",
    "TableResult",
]

MOST_POINTS: Final = 100_000
"""The largest total (in absolute value) a table result may hold, for one deal or all."""
MOST_VICTORY_POINTS: Final = 100
"""The most victory points a director may assign, or take away, in one step."""
POINT_STEP: Final = 5
"""Every Burraco score is a multiple of 5: card values (5, 10, 15, 20, 30), burraco bonuses
(100, 150, 200), the closing (100) and the untaken pozzetto (-100); a total that is not a
multiple of 5 is a slip of the pen."""
MOST_DEAL_POINTS: Final = 4180
"""The most one team can score in one deal under the FIBUR code: every card of the two packs
and four jokers melded (1080 points), as fifteen clean burraco (fifteen 7-card melds, 3000)
and a closing (100). Real deals stay far below it; a total beyond it is a typing error."""
LEAST_DEAL_POINTS: Final = -1180
"""The least one team can score in one deal: every card left in hand (-1080) and the
untaken pozzetto (-100)."""


class ResultKind(StrEnum):
    """What kind of result a table has."""

    PLAYED = "played"
    """The table played its deals; victory points from the difference."""
    TIME_OUT = "time-out"
    """Time was called: the deals finished (the last one ended by the time-out) count, and
    the victory points come from the difference as for a played table."""
    UNPLAYED = "unplayed"
    """The table did not play (a pair did not turn up, ...): victory points given, by
    default none to either side."""
    ASSIGNED = "assigned"
    """The director sets the victory points (an adjusted score)."""


def _pair_of_numbers(value: object, path: str, most: int, least: int) -> tuple[int, int]:
    if not isinstance(value, tuple) or len(value) != 2:
        raise TournamentError(
            "expected two numbers (home, away)", reason=Reason.WRONG_TYPE, path=path
        )
    return (check_number(value[0], path, least, most), check_number(value[1], path, least, most))


@attrs.frozen
class TableResult:
    """The result of one table: totals, deals, kind, and victory points when they are given.

    Build one with :meth:`from_hands`, :meth:`from_totals`, :meth:`unplayed` or
    :meth:`assigned`.

    Raises:
        TournamentError: if a number is out of range (``out-of-range``, ``wrong-type``), or
            the fields contradict each other (``inconsistent-state``): deals that do not add
            up to the totals, victory points given for a played table or missing for an
            unplayed or assigned one, points for an unplayed table.
    """

    points: tuple[int, int] = (0, 0)
    """The home and away totals over the deals played."""
    deals: tuple[tuple[int, int], ...] = ()
    """The home and away totals of each deal, when known (``()`` otherwise)."""
    kind: ResultKind = ResultKind.PLAYED
    """Played, timed out, unplayed or assigned."""
    victory: tuple[int, int] | None = None
    """The victory points (home, away) of an unplayed or assigned table; ``None`` when they
    come from the difference."""

    def __attrs_post_init__(self) -> None:
        _pair_of_numbers(self.points, "points", MOST_POINTS, -MOST_POINTS)
        if not isinstance(self.deals, tuple):
            raise TournamentError(
                "expected a tuple of deals", reason=Reason.WRONG_TYPE, path="deals"
            )
        for index, deal in enumerate(self.deals):
            _pair_of_numbers(deal, f"deals[{index}]", MOST_POINTS, -MOST_POINTS)
        for what, pair in (
            ("points", self.points),
            *((f"deal {index + 1}", deal) for index, deal in enumerate(self.deals)),
        ):
            for side, value in zip(("home", "away"), pair, strict=True):
                if value % POINT_STEP:
                    raise TournamentError(
                        f"the {side} total {value} is not a multiple of {POINT_STEP}, as every "
                        f"Burraco score is: {value - value % POINT_STEP} or "
                        f"{value - value % POINT_STEP + POINT_STEP}?",
                        reason=Reason.OUT_OF_RANGE,
                        path=what,
                    )
        if not isinstance(self.kind, ResultKind):
            raise TournamentError("expected a ResultKind", reason=Reason.WRONG_TYPE, path="kind")
        if self.deals and tuple(map(sum, zip(*self.deals, strict=True))) != self.points:
            raise TournamentError(
                f"the deals add up to {tuple(map(sum, zip(*self.deals, strict=True)))}, "
                f"not to the totals {self.points}",
                reason=Reason.INCONSISTENT_STATE,
                path="deals",
            )
        given = self.kind in (ResultKind.UNPLAYED, ResultKind.ASSIGNED)
        if given != (self.victory is not None):
            raise TournamentError(
                f"a table {self.kind} {'needs' if given else 'takes no'} victory points given",
                reason=Reason.INCONSISTENT_STATE,
                path="victory",
            )
        if self.victory is not None:
            _pair_of_numbers(self.victory, "victory", MOST_VICTORY_POINTS, 0)
        if self.kind is ResultKind.UNPLAYED and (self.points != (0, 0) or self.deals):
            raise TournamentError(
                "an unplayed table scores no points",
                reason=Reason.INCONSISTENT_STATE,
                path="points",
            )

    @classmethod
    def from_hands(cls, hands: Sequence[HandScore], *, time_out: bool = False) -> TableResult:
        """The result of the deals ``hands``, each a two-team :class:`~burraco.HandScore`
        (team 0 is home); ``time_out`` marks a table where time was called.

        >>> from burraco import new_game, score_hand
        >>> hand = score_hand(new_game(seed=1))  # an unplayed deal scores the cards in hand
        >>> TableResult.from_hands([hand]).deals == (hand.totals,)
        True

        Raises:
            TournamentError: if a hand does not have two teams (``inconsistent-state``).
        """
        deals: list[tuple[int, int]] = []
        for index, hand in enumerate(hands):
            totals = hand.totals
            if len(totals) != 2:
                raise TournamentError(
                    f"a tournament table has two teams, not {len(totals)}",
                    reason=Reason.INCONSISTENT_STATE,
                    path=f"hands[{index}]",
                )
            deals.append((totals[0], totals[1]))
        points = (sum(deal[0] for deal in deals), sum(deal[1] for deal in deals))
        kind = ResultKind.TIME_OUT if time_out else ResultKind.PLAYED
        return cls(points, tuple(deals), kind)

    @classmethod
    def from_deals(cls, deals: Sequence[tuple[int, int]], *, time_out: bool = False) -> TableResult:
        """The result from each deal's home and away scores, as a duplicate table enters
        them (the totals are their sums).

        >>> TableResult.from_deals([(900, 100), (-80, 445)]).points
        (820, 545)
        """
        frozen = tuple((home, away) for home, away in deals)
        points = (sum(deal[0] for deal in frozen), sum(deal[1] for deal in frozen))
        return cls(points, frozen, ResultKind.TIME_OUT if time_out else ResultKind.PLAYED)

    @classmethod
    def from_totals(cls, home: int, away: int, *, time_out: bool = False) -> TableResult:
        """The result from the two totals written on the score card."""
        return cls((home, away), (), ResultKind.TIME_OUT if time_out else ResultKind.PLAYED)

    @classmethod
    def unplayed(cls, victory: tuple[int, int] = (0, 0)) -> TableResult:
        """A table that did not play, with the victory points the director gives (none by
        default)."""
        return cls((0, 0), (), ResultKind.UNPLAYED, victory)

    @classmethod
    def assigned(cls, victory: tuple[int, int], points: tuple[int, int] = (0, 0)) -> TableResult:
        """An adjusted score: the director sets the victory points (and the points that count
        for the point difference)."""
        return cls(points, (), ResultKind.ASSIGNED, victory)

    def victory_points(self, table: VictoryTable) -> tuple[int, int]:
        """The victory points (home, away): given, or from the difference by ``table``."""
        if self.victory is not None:
            return self.victory
        home, away = self.points
        winner, loser = victory_points(abs(home - away), table)
        return (winner, loser) if home >= away else (loser, winner)

    def check_reach(self, deals: int, most_victory: int) -> None:
        """Raise :class:`TournamentError` (``out-of-range``) unless the result is one that
        ``deals`` deals can reach: each total of a played or timed-out table from
        ``deals`` times :data:`LEAST_DEAL_POINTS` to ``deals`` times :data:`MOST_DEAL_POINTS`,
        each deal within one deal's reach, and victory points given of at most
        ``most_victory`` (the top of the victory-point table) to either side.

        >>> TableResult.from_totals(99_995, 0).check_reach(4, 20)
        Traceback (most recent call last):
        ...
        burraco.errors.TournamentError: points: the home total 99995 is beyond what 4 deals can ...
        >>> TableResult.assigned((60, 0)).check_reach(4, 20)
        Traceback (most recent call last):
        ...
        burraco.errors.TournamentError: victory: 60-0 victory points: each side gets 0 to 20 ...
        """
        least, most = deals * LEAST_DEAL_POINTS, deals * MOST_DEAL_POINTS
        for side, value in zip(("home", "away"), self.points, strict=True):
            if not least <= value <= most:
                raise TournamentError(
                    f"the {side} total {value} is beyond what {deals} deals can reach "
                    f"(from {least} to {most})",
                    reason=Reason.OUT_OF_RANGE,
                    path="points",
                )
        for index, deal in enumerate(self.deals):
            for side, value in zip(("home", "away"), deal, strict=True):
                if not LEAST_DEAL_POINTS <= value <= MOST_DEAL_POINTS:
                    raise TournamentError(
                        f"the {side} score {value} is beyond what one deal can reach (from "
                        f"{LEAST_DEAL_POINTS} to {MOST_DEAL_POINTS})",
                        reason=Reason.OUT_OF_RANGE,
                        path=f"deal {index + 1}",
                    )
        if self.victory is not None and max(self.victory) > most_victory:
            raise TournamentError(
                f"{self.victory[0]}-{self.victory[1]} victory points: each side gets 0 to "
                f"{most_victory} on this victory-point table",
                reason=Reason.OUT_OF_RANGE,
                path="victory",
            )

    def __str__(self) -> str:
        text = f"{self.points[0]} to {self.points[1]}"
        if self.victory is not None:
            text += f" ({self.kind}, victory points {self.victory[0]}-{self.victory[1]})"
        elif self.kind is ResultKind.TIME_OUT:
            text += " (time-out)"
        return text


@attrs.frozen
class ResultEntry:
    """A line of the history: the result of a table of a round.

    A table's latest entry counts; an entry for a table that already has a result is a
    correction and needs a ``reason``.
    """

    round: int = attrs.field(validator=lambda _, __, value: check_number(value, "round", 1, 999))
    """The round."""
    table: int = attrs.field(
        validator=lambda _, __, value: check_number(value, "table", 1, MOST_ENTRANTS)
    )
    """The table's number in that round."""
    result: TableResult = attrs.field(validator=attrs.validators.instance_of(TableResult))
    """The result."""
    reason: str = attrs.field(default="", validator=lambda _, __, value: check_reason(value))
    """Why the result was entered again (empty for a first entry)."""


@attrs.frozen
class Adjustment:
    """A line of the history: victory points a director adds or takes away (a penalty),
    with the reason, counted from ``round`` on."""

    round: int = attrs.field(validator=lambda _, __, value: check_number(value, "round", 1, 999))
    """The round the adjustment belongs to."""
    entrant: int = attrs.field(
        validator=lambda _, __, value: check_number(value, "entrant", 1, MOST_ENTRANTS)
    )
    """The entrant."""
    victory_points: int = attrs.field(
        validator=lambda _, __, value: check_number(
            value, "victory points", -MOST_VICTORY_POINTS, MOST_VICTORY_POINTS
        )
    )
    """The victory points added (negative for a penalty)."""
    reason: str = attrs.field(
        validator=lambda _, __, value: check_reason(value, empty=False), kw_only=True
    )
    """Why: a penalty's reason is part of the record."""
