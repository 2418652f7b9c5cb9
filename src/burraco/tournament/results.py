"""Results of tables, byes, corrections and penalties, and their victory points.

A :class:`TableResult` is what a table played: each team's total (home, away), and the
deal-by-deal totals when they are known (from the library's :class:`~burraco.HandScore`s, or
typed in). The difference becomes victory points by a table such as
:data:`~burraco.FOUR_DEALS`. A table that did not play, or whose score the director sets, has
its victory points given explicitly. :class:`ResultEntry` and :class:`Adjustment` are the lines
of a tournament's history: a result entered again, with a reason, replaces the earlier one but
both stay in the history. At a table of three or five players of an individual event
(:data:`~burraco.FIBUR3`, :data:`~burraco.FIBUR5`) a result holds each player's points
(:attr:`~burraco.HandScore.seat_points`), and each player's victory points come from twice
the player's difference to the table's mean (:meth:`TableResult.victory_points`).

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
>>> alone = TableResult.from_seat_points((900, 300, 300))  # a table of three
>>> alone.victory_points(FOUR_DEALS)  # 400 above the mean of 500 (as 800), 200 below (400)
(14, 8, 8)
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
    "SIDES",
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


SIDES: Final = (2, 3, 5)
"""How many numbers a result holds: home and away, or each player's at a table of three or
five."""


def _numbers(value: object, path: str, most: int, least: int) -> tuple[int, ...]:
    if not isinstance(value, tuple) or len(value) not in SIDES:
        raise TournamentError(
            "expected two numbers (home, away), or three or five (each player's at a table of "
            "three or five)",
            reason=Reason.WRONG_TYPE,
            path=path,
        )
    return tuple(check_number(item, path, least, most) for item in value)


def _side_names(count: int) -> tuple[str, ...]:
    return ("home", "away") if count == 2 else tuple(f"seat {n}" for n in range(1, count + 1))


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

    points: tuple[int, ...] = (0, 0)
    """The home and away totals over the deals played (at a table of three or five: each
    player's points, in the table's seat order)."""
    deals: tuple[tuple[int, ...], ...] = ()
    """The totals of each deal, as :attr:`points`, when known (``()`` otherwise)."""
    kind: ResultKind = ResultKind.PLAYED
    """Played, timed out, unplayed or assigned."""
    victory: tuple[int, ...] | None = None
    """The victory points (home, away, or each player's) of an unplayed or assigned table;
    ``None`` when they come from the difference."""

    def __attrs_post_init__(self) -> None:
        _numbers(self.points, "points", MOST_POINTS, -MOST_POINTS)
        names = _side_names(len(self.points))
        if not isinstance(self.deals, tuple):
            raise TournamentError(
                "expected a tuple of deals", reason=Reason.WRONG_TYPE, path="deals"
            )
        for index, deal in enumerate(self.deals):
            _numbers(deal, f"deals[{index}]", MOST_POINTS, -MOST_POINTS)
            if len(deal) != len(self.points):
                raise TournamentError(
                    f"a deal has {len(deal)} scores, the totals {len(self.points)}",
                    reason=Reason.INCONSISTENT_STATE,
                    path=f"deals[{index}]",
                )
        for what, pair in (
            ("points", self.points),
            *((f"deal {index + 1}", deal) for index, deal in enumerate(self.deals)),
        ):
            for side, value in zip(names, pair, strict=True):
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
            _numbers(self.victory, "victory", MOST_VICTORY_POINTS, 0)
            if len(self.victory) != len(self.points):
                raise TournamentError(
                    f"{len(self.victory)} victory points for {len(self.points)} totals",
                    reason=Reason.INCONSISTENT_STATE,
                    path="victory",
                )
        if self.kind is ResultKind.UNPLAYED and (any(self.points) or self.deals):
            raise TournamentError(
                "an unplayed table scores no points",
                reason=Reason.INCONSISTENT_STATE,
                path="points",
            )

    @classmethod
    def from_hands(cls, hands: Sequence[HandScore], *, time_out: bool = False) -> TableResult:
        """The result of the deals ``hands``, each a two-team :class:`~burraco.HandScore`
        (team 0 is home), or a hand of three or five players (its
        :attr:`~burraco.HandScore.seat_points`); ``time_out`` marks a table where time was
        called.

        >>> from burraco import new_game, score_hand
        >>> hand = score_hand(new_game(seed=1))  # an unplayed deal scores the cards in hand
        >>> TableResult.from_hands([hand]).deals == (hand.totals,)
        True

        Raises:
            TournamentError: if a hand does not have two teams (``inconsistent-state``).
        """
        deals: list[tuple[int, ...]] = []
        for index, hand in enumerate(hands):
            totals = hand.seat_points if len(hand.seat_points) in (3, 5) else hand.totals
            if len(totals) not in (2, len(hand.seat_points)):
                raise TournamentError(
                    f"a tournament table has two teams, or three or five players, not "
                    f"{len(totals)} teams",
                    reason=Reason.INCONSISTENT_STATE,
                    path=f"hands[{index}]",
                )
            deals.append(tuple(totals))
        return cls.from_deals(deals, time_out=time_out)

    @classmethod
    def from_deals(cls, deals: Sequence[tuple[int, ...]], *, time_out: bool = False) -> TableResult:
        """The result from each deal's home and away scores, as a duplicate table enters
        them (the totals are their sums); or each deal's points of every player at a table of
        three or five.

        >>> TableResult.from_deals([(900, 100), (-80, 445)]).points
        (820, 545)

        Raises:
            TournamentError: for deals of different sizes (``inconsistent-state``).
        """
        kind = ResultKind.TIME_OUT if time_out else ResultKind.PLAYED
        frozen = tuple(tuple(deal) for deal in deals)
        if not frozen:
            return cls((0, 0), (), kind)
        if len({len(deal) for deal in frozen}) != 1:
            raise TournamentError(
                "expected deals with as many scores each",
                reason=Reason.INCONSISTENT_STATE,
                path="deals",
            )
        return cls(tuple(map(sum, zip(*frozen, strict=True))), frozen, kind)

    @classmethod
    def from_totals(cls, home: int, away: int, *, time_out: bool = False) -> TableResult:
        """The result from the two totals written on the score card."""
        return cls((home, away), (), ResultKind.TIME_OUT if time_out else ResultKind.PLAYED)

    @classmethod
    def from_seat_points(cls, points: Sequence[int], *, time_out: bool = False) -> TableResult:
        """The result of a table of three or five players: each player's points over the
        deals (their :attr:`~burraco.HandScore.seat_points` added up), in the table's seat
        order.

        >>> print(TableResult.from_seat_points([1200, 405, -60]))
        1200, 405, -60
        """
        kind = ResultKind.TIME_OUT if time_out else ResultKind.PLAYED
        return cls(tuple(points), (), kind)

    @classmethod
    def unplayed(cls, victory: tuple[int, ...] = (0, 0)) -> TableResult:
        """A table that did not play, with the victory points the director gives (none by
        default; for a table of three or five, give one number a player)."""
        return cls((0,) * len(victory), (), ResultKind.UNPLAYED, victory)

    @classmethod
    def assigned(cls, victory: tuple[int, ...], points: tuple[int, ...] = ()) -> TableResult:
        """An adjusted score: the director sets the victory points (and the points that count
        for the point difference, none by default)."""
        return cls(points or (0,) * len(victory), (), ResultKind.ASSIGNED, victory)

    def victory_points(self, table: VictoryTable) -> tuple[int, ...]:
        """The victory points (home, away): given, or from the difference by ``table``.

        At a table of three or five, each player's: a player whose points are ``d`` above
        (or below) the table's mean gets the winner's (or the loser's) victory points of a
        difference of ``2 * d`` (rounded down), so that with two sides it is the usual rule.
        """
        if self.victory is not None:
            return self.victory
        count, total = len(self.points), sum(self.points)
        given: list[int] = []
        for mine in self.points:
            winner, loser = victory_points(abs(2 * (count * mine - total)) // count, table)
            given.append(winner if count * mine >= total else loser)
        return tuple(given)

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
        names = _side_names(len(self.points))
        for side, value in zip(names, self.points, strict=True):
            if not least <= value <= most:
                raise TournamentError(
                    f"the {side} total {value} is beyond what {deals} deals can reach "
                    f"(from {least} to {most})",
                    reason=Reason.OUT_OF_RANGE,
                    path="points",
                )
        for index, deal in enumerate(self.deals):
            for side, value in zip(names, deal, strict=True):
                if not LEAST_DEAL_POINTS <= value <= MOST_DEAL_POINTS:
                    raise TournamentError(
                        f"the {side} score {value} is beyond what one deal can reach (from "
                        f"{LEAST_DEAL_POINTS} to {MOST_DEAL_POINTS})",
                        reason=Reason.OUT_OF_RANGE,
                        path=f"deal {index + 1}",
                    )
        if self.victory is not None and max(self.victory) > most_victory:
            raise TournamentError(
                f"{'-'.join(map(str, self.victory))} victory points: each side gets 0 to "
                f"{most_victory} on this victory-point table",
                reason=Reason.OUT_OF_RANGE,
                path="victory",
            )

    def __str__(self) -> str:
        if len(self.points) == 2:
            text = f"{self.points[0]} to {self.points[1]}"
        else:
            text = ", ".join(map(str, self.points))
        if self.victory is not None:
            text += f" ({self.kind}, victory points {'-'.join(map(str, self.victory))})"
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
