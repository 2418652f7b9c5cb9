"""A match: hands played until a team reaches the target, and tournament victory points.

A :class:`Match` is a frozen record of the hands scored so far (rules §10).
:meth:`Match.record` returns a new match with one more hand; :attr:`Match.totals`,
:attr:`Match.dealer`, :attr:`Match.is_over` and :attr:`Match.winner` say where it stands.

>>> from burraco.scoring import HandScore, TeamScore
>>> def hand(*totals: int) -> HandScore:
...     return HandScore(tuple(
...         TeamScore(melded=total, in_hand=0, burraco_bonus=0, closing_bonus=0,
...                   pozzetto_penalty=0)
...         for total in totals
...     ))
>>> match = Match.start().record(hand(1200, 350)).record(hand(810, 405))
>>> match.totals, match.is_over, match.winner, match.dealer
((2010, 755), True, 0, 2)

Tournaments play a fixed number of deals instead and turn the difference in points into victory
points with a table such as :data:`THREE_DEALS`; see :func:`victory_points`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeAlias

import attrs

from burraco.errors import InvalidStateError, Reason
from burraco.rules import CLASSIC, Partnerships, Rules
from burraco.scoring import HandScore, text_table

_INFINITE: Final = 1 << 62

__all__ = [
    "FOUR_DEALS",
    "THREE_DEALS",
    "Match",
    "VictoryTable",
    "everyone_alone",
    "victory_points",
]

VictoryTable: TypeAlias = Sequence[tuple[int | None, int, int]]
"""A victory-point table, a sequence of rows ``(up_to, winner's points, loser's points)``.

A row applies to the differences above the previous row's ``up_to`` and up to its own
(inclusive); ``up_to`` increases from row to row and is ``None`` in the last row only, which
takes every larger difference.
"""

THREE_DEALS: Final[tuple[tuple[int | None, int, int], ...]] = (
    (50, 10, 10),
    (150, 11, 9),
    (250, 12, 8),
    (350, 13, 7),
    (500, 14, 6),
    (650, 15, 5),
    (800, 16, 4),
    (1000, 17, 3),
    (1250, 18, 2),
    (1500, 19, 1),
    (None, 20, 0),
)
"""The victory points of a three-deal tournament match (rules §10), as a
:data:`VictoryTable`: a difference of 0 to 50 gives 10–10, 51 to 150 gives 11–9, ...,
1501 and more gives 20–0."""

FOUR_DEALS: Final[tuple[tuple[int | None, int, int], ...]] = (
    (100, 10, 10),
    (300, 11, 9),
    (500, 12, 8),
    (700, 13, 7),
    (900, 14, 6),
    (1100, 15, 5),
    (1300, 16, 4),
    (1500, 17, 3),
    (1700, 18, 2),
    (2000, 19, 1),
    (None, 20, 0),
)
"""The victory points of a four-deal tournament match, as a :data:`VictoryTable`: a difference
of 0 to 100 gives 10–10, 101 to 300 gives 11–9, ..., 1701 to 2000 gives 19–1, and more than
2000 gives 20–0."""

DEAL_TABLES: Final[dict[int, tuple[tuple[int | None, int, int], ...]]] = {
    3: THREE_DEALS,
    4: FOUR_DEALS,
}
"""The built-in victory-point table for each number of deals, used by :meth:`Match.start`
when it is given ``deals`` and no ``table``."""


def _check_table(table: VictoryTable) -> None:
    """Raise :class:`ValueError` unless ``table`` is a well-formed :data:`VictoryTable`."""
    if not table:
        raise ValueError("a victory-point table needs at least one row")
    previous = -1
    for index, row in enumerate(table):
        if not isinstance(row, tuple) or len(row) != 3:
            raise ValueError(
                f"row {index} of the victory-point table must be (up_to, winner's, loser's), "
                f"not {row!r}"
            )
        up_to, winner, loser = row
        for points in (winner, loser):
            if isinstance(points, bool) or not isinstance(points, int):
                raise ValueError(
                    f"row {index} of the victory-point table: points must be whole numbers, "
                    f"not {points!r}"
                )
        last = index == len(table) - 1
        if up_to is None:
            if not last:
                raise ValueError(
                    f"row {index} of the victory-point table is open (None) but is not the last row"
                )
        elif last:
            raise ValueError(
                f"the last row of the victory-point table must be open (None), not {up_to!r}"
            )
        elif isinstance(up_to, bool) or not isinstance(up_to, int) or up_to <= previous:
            raise ValueError(
                f"row {index} of the victory-point table: bounds must be whole numbers that "
                f"increase from 0, not {up_to!r} after {previous}"
            )
        else:
            previous = up_to


def victory_points(difference: int, table: VictoryTable = THREE_DEALS) -> tuple[int, int]:
    """The victory points (winner's, loser's) for a difference in points between two teams.

    ``table`` is a :data:`VictoryTable`; the default is :data:`THREE_DEALS`. Any whole
    difference falls in exactly one row: 51 is in the row of 55 to 150.

    >>> victory_points(0), victory_points(50), victory_points(51), victory_points(1505)
    ((10, 10), (10, 10), (11, 9), (20, 0))
    >>> victory_points(120, [(100, 12, 8), (None, 20, 0)])
    (20, 0)
    >>> victory_points(-5)
    Traceback (most recent call last):
    ...
    ValueError: the difference in points must be zero or more, not -5

    Raises:
        ValueError: if ``difference`` is negative or ``table`` is not a well-formed table
            (rows of three whole numbers, increasing bounds, only the last row open).
        TypeError: if ``difference`` is not a whole number.
    """
    if isinstance(difference, bool) or not isinstance(difference, int):
        raise TypeError(f"the difference in points must be a whole number, not {difference!r}")
    if difference < 0:
        raise ValueError(f"the difference in points must be zero or more, not {difference}")
    _check_table(table)
    for up_to, winner, loser in table:
        if up_to is None or difference <= up_to:
            return winner, loser
    raise AssertionError("unreachable: the last row of a checked table is open")


def everyone_alone(rules: Rules) -> Rules:
    """The rules of the hands after a match of first-out-alone partnerships switches to
    everyone alone (rules §14.3): fixed teams of one, one pozzetto of ``rules.pozzetto_size``
    cards per player; the rest (name, target, scoring) as ``rules``.

    >>> from burraco.rules import FIBUR3, FIBUR5
    >>> alone = everyone_alone(FIBUR3)
    >>> alone.partnerships.value, alone.pozzetto_sizes, alone.stock_size
    ('fixed', (11, 11, 11), 41)
    >>> everyone_alone(FIBUR5).stock_size
    51
    """
    return attrs.evolve(
        rules, partnerships=Partnerships.FIXED, pozzetto_sizes=None, everyone_alone_at=None
    )


def _by_seat(rules: Rules) -> bool:
    """Whether a match under ``rules`` keeps a total per seat (first-out-alone partnerships,
    whose teams change from hand to hand) rather than per team."""
    return rules.partnerships is Partnerships.FIRST_OUT_ALONE


def _seat_points(hand: HandScore, players: int) -> tuple[int, ...]:
    """A hand's match points per seat: its :attr:`~burraco.HandScore.seat_points`, or when it
    has none (a score read or built without them) and has a team per seat, everyone having
    played alone, each team's total."""
    if hand.seat_points or len(hand.teams) != players:
        return hand.seat_points
    return hand.totals


def _leader(totals: Sequence[int], target: int) -> int | None:
    """The team whose total is highest and reaches ``target``, or ``None`` (none, or a tie)."""
    best = max(totals)
    if best < target:
        return None
    leaders = [team for team, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else None


def _check_dealer(instance: Match, attribute: attrs.Attribute[int], value: object) -> None:
    players = instance.rules.players
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"the dealer must be a seat number, not {value!r}")
    if not 0 <= value < players:
        raise ValueError(
            f"the dealer must be a seat from 0 to {players - 1} with {players} players, not {value}"
        )


def _check_deals(instance: Match, attribute: attrs.Attribute[int | None], value: object) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"deals must be a whole number or None, not {value!r}")
    if value < 1:
        raise ValueError(f"deals must be at least 1, not {value}")
    if instance.rules.teams != 2:
        raise ValueError(
            f"a match of a fixed number of deals is scored in victory points between two teams, "
            f"not {instance.rules.teams}"
        )


def _freeze_table(table: VictoryTable | None) -> tuple[tuple[int | None, int, int], ...] | None:
    if table is None:
        return None
    _check_table(table)
    return tuple((up_to, winner, loser) for up_to, winner, loser in table)


@attrs.frozen
class Match:
    """A match: the hands scored so far under one rule set, and who deals next (rules §10).

    Start one with :meth:`start` and add each hand with :meth:`record`; both return new values.
    Hands are played until a team's running total reaches ``rules.target`` (inclusive). If
    several teams reach it on the same hand the highest total wins; if the highest totals are
    equal, another hand is played. The deal passes to the left after each hand.

    A tournament match (``deals`` set, two teams) is instead a fixed number of deals, whatever
    the totals: it is over after the last one, the higher total wins (equal totals draw), and
    :attr:`victory_points` turns the difference into victory points with ``table``.

    ``str(match)`` is a score sheet: a row per hand, the totals, and the winner.

    With first-out-alone partnerships (:data:`~burraco.FIBUR3`, :data:`~burraco.FIBUR5`,
    rules §14.3) the teams change from hand to hand, so the match keeps a total per player,
    from each hand's :attr:`HandScore.seat_points <burraco.HandScore.seat_points>`; once a
    total reaches :attr:`Rules.everyone_alone_at <burraco.Rules.everyone_alone_at>`, the
    later hands are dealt under :attr:`hand_rules`, everyone alone.

    Raises:
        ValueError: if ``first_dealer`` is not a seat of ``rules``, or ``deals`` is not a
            positive number for a two-team game, or ``table`` is not a :data:`VictoryTable`.
        InvalidStateError: if a hand has the wrong number of teams, or hands go on after the
            match was won or its deals were played (reason ``inconsistent-state``).
    """

    rules: Rules = attrs.field(default=CLASSIC, validator=attrs.validators.instance_of(Rules))
    """The rule set, which gives the number of players and teams, and the target."""
    first_dealer: int = attrs.field(default=0, validator=_check_dealer)
    """The seat that dealt the first hand."""
    hands: tuple[HandScore, ...] = ()
    """The scores of the hands played so far, in order."""
    deals: int | None = attrs.field(default=None, validator=_check_deals, kw_only=True)
    """The number of deals of a tournament match, or ``None`` for a match to the target."""
    table: tuple[tuple[int | None, int, int], ...] | None = attrs.field(
        default=None, converter=_freeze_table, kw_only=True
    )
    """The victory-point table of a tournament match (``None`` for a match to the target)."""

    def __attrs_post_init__(self) -> None:
        teams = self.rules.teams
        by_seat = _by_seat(self.rules)
        if (self.deals is None) != (self.table is None):
            raise ValueError("a tournament match needs both deals and a victory-point table")
        totals = [0] * teams
        for index, hand in enumerate(self.hands):
            if not isinstance(hand, HandScore):
                raise TypeError(f"hands[{index}] must be a HandScore, not {hand!r:.60}")
            if by_seat and len(_seat_points(hand, teams)) != teams:
                raise InvalidStateError(
                    f"the hand credits {len(hand.seat_points)} seats but the match has "
                    f"{teams} players, each scored on their own (HandScore.seat_points, as "
                    "score_hand gives them)",
                    reason=Reason.INCONSISTENT_STATE,
                    path=f"hands[{index}]",
                )
            if not by_seat and len(hand.teams) != teams:
                raise InvalidStateError(
                    f"the hand scores {len(hand.teams)} teams but the match has {teams}",
                    reason=Reason.INCONSISTENT_STATE,
                    path=f"hands[{index}]",
                )
            if self.deals is not None:
                if index >= self.deals:
                    raise InvalidStateError(
                        f"the match was over before this hand: its {self.deals} deals were played",
                        reason=Reason.INCONSISTENT_STATE,
                        path=f"hands[{index}]",
                    )
            else:
                winner = _leader(totals, self.rules.target)
                if winner is not None:
                    raise InvalidStateError(
                        f"the match was over before this hand: {self._side} {winner} had won",
                        reason=Reason.INCONSISTENT_STATE,
                        path=f"hands[{index}]",
                    )
            points = _seat_points(hand, teams) if by_seat else hand.totals
            totals = [total + score for total, score in zip(totals, points, strict=True)]

    @classmethod
    def start(
        cls,
        rules: Rules = CLASSIC,
        *,
        dealer: int = 0,
        deals: int | None = None,
        table: VictoryTable | None = None,
    ) -> Match:
        """A new match with no hand played; ``dealer`` is the seat that deals the first hand.

        With ``deals``, the match is a tournament match of that many deals, scored in victory
        points with ``table`` (by default :data:`THREE_DEALS` for 3 deals and
        :data:`FOUR_DEALS` for 4; other numbers of deals need a table).

        >>> Match.start().totals
        (0, 0)
        >>> Match.start(deals=4).table == FOUR_DEALS
        True
        >>> Match.start(dealer=4)
        Traceback (most recent call last):
        ...
        ValueError: the dealer must be a seat from 0 to 3 with 4 players, not 4

        Raises:
            ValueError: if ``dealer`` is not a seat (0 to ``rules.players - 1``), ``deals``
                is not positive, the rules have more than two teams, ``table`` is given
                without ``deals``, or no table is given for a number of deals without a
                built-in one.
        """
        if deals is None and table is not None:
            raise ValueError("a victory-point table is for a match of a fixed number of deals")
        if deals is not None and table is None:
            if isinstance(deals, int) and deals in DEAL_TABLES:
                table = DEAL_TABLES[deals]
            else:
                known = " or ".join(str(n) for n in sorted(DEAL_TABLES))
                raise ValueError(
                    f"there is no built-in victory-point table for {deals!r} deals "
                    f"(only for {known}): pass table="
                )
        return cls(rules, dealer, deals=deals, table=table)

    def record(self, hand_score: HandScore) -> Match:
        """The match with ``hand_score``, one more hand's score, recorded; this match is
        unchanged.

        Raises:
            InvalidStateError: if the match is already over, or the hand score does not have
                one score per team of ``rules``; the reason is ``inconsistent-state``.
        """
        if self.deals is not None and len(self.hands) >= self.deals:
            raise InvalidStateError(
                f"the match is over: its {self.deals} deals were played; start a new match",
                reason=Reason.INCONSISTENT_STATE,
            )
        winner = self.winner
        if self.deals is None and winner is not None:
            raise InvalidStateError(
                f"the match is over: {self._side} {winner} won with {self.totals[winner]}; "
                "start a new match",
                reason=Reason.INCONSISTENT_STATE,
            )
        return attrs.evolve(self, hands=(*self.hands, hand_score))

    @property
    def totals(self) -> tuple[int, ...]:
        """Each team's running total over the hands played; with first-out-alone partnerships
        (rules §14.3), each player's, from :attr:`HandScore.seat_points
        <burraco.HandScore.seat_points>`."""
        return self._totals_after(len(self.hands))

    def _totals_after(self, count: int) -> tuple[int, ...]:
        by_seat = _by_seat(self.rules)
        teams = self.rules.teams
        totals = [0] * teams
        for hand in self.hands[:count]:
            points = _seat_points(hand, teams) if by_seat else hand.totals
            totals = [total + score for total, score in zip(totals, points, strict=True)]
        return tuple(totals)

    @property
    def _side(self) -> str:
        """What the totals belong to, in messages: ``team``, or ``seat`` when kept per seat."""
        return "seat" if _by_seat(self.rules) else "team"

    @property
    def switched(self) -> bool:
        """Whether the match has switched to everyone alone (rules §14.3): the rules have
        first-out-alone partnerships and a player's running total reached
        :attr:`Rules.everyone_alone_at <burraco.Rules.everyone_alone_at>` at the end of a hand.
        Once switched, a match stays switched."""
        at = self.rules.everyone_alone_at
        if not _by_seat(self.rules) or at is None:
            return False
        return any(max(self._totals_after(count)) >= at for count in range(1, len(self.hands) + 1))

    @property
    def hand_rules(self) -> Rules:
        """The rules to deal the next hand under: :attr:`rules`, or once the match has
        :attr:`switched`, :func:`everyone_alone` of them.

        >>> from burraco.rules import FIBUR3
        >>> Match.start(FIBUR3).hand_rules is FIBUR3
        True
        """
        return everyone_alone(self.rules) if self.switched else self.rules

    @property
    def dealer(self) -> int:
        """The seat that deals the next hand (the deal passes to the left after each hand)."""
        return (self.first_dealer + len(self.hands)) % self.rules.players

    @property
    def winner(self) -> int | None:
        """The team that won the match (with first-out-alone partnerships, the seat), or
        ``None`` while it goes on (or after a tournament match that ended level)."""
        if self.deals is None:
            return _leader(self.totals, self.rules.target)
        if len(self.hands) < self.deals:
            return None
        return _leader(self.totals, -_INFINITE)

    @property
    def is_over(self) -> bool:
        """Whether a team has won the match, or a tournament match has played all its deals."""
        if self.deals is not None:
            return len(self.hands) >= self.deals
        return self.winner is not None

    @property
    def victory_points(self) -> tuple[int, ...] | None:
        """Each team's victory points for the totals so far (final once :attr:`is_over`), or
        ``None`` for a match to the target.

        >>> from burraco.scoring import HandScore, TeamScore
        >>> def hand(*totals: int) -> HandScore:
        ...     return HandScore(tuple(
        ...         TeamScore(melded=total, in_hand=0, burraco_bonus=0, closing_bonus=0,
        ...                   pozzetto_penalty=0)
        ...         for total in totals
        ...     ))
        >>> match = Match.start(deals=4)
        >>> for totals in [(400, 45), (120, 630), (785, 90), (310, 200)]:
        ...     match = match.record(hand(*totals))
        >>> match.totals, match.is_over, match.winner, match.victory_points
        ((1615, 965), True, 0, (13, 7))
        """
        if self.table is None:
            return None
        first, second = self.totals
        high, low = victory_points(abs(first - second), self.table)
        return (high, low) if first >= second else (low, high)

    def __str__(self) -> str:
        teams = self.rules.teams
        players = self.rules.players
        by_seat = _by_seat(self.rules)
        side = self._side
        rows = [["hand", "dealer", *(f"{side} {team}" for team in range(teams))]]
        for index, hand in enumerate(self.hands):
            dealer = (self.first_dealer + index) % players
            scored = _seat_points(hand, teams) if by_seat else hand.totals
            rows.append([str(index + 1), str(dealer), *(str(total) for total in scored)])
        rows.append(["total", "", *(str(total) for total in self.totals)])
        points = self.victory_points
        if points is not None:
            rows.append(["victory points", "", *(str(vp) for vp in points)])
        lines = text_table(rows)
        winner = self.winner
        if self.deals is not None:
            if not self.is_over:
                lines.append(
                    f"deal {len(self.hands) + 1} of {self.deals}; seat {self.dealer} deals next"
                )
            elif winner is None:
                lines.append(f"a draw after {self.deals} deals")
            else:
                lines.append(f"{side} {winner} wins after {self.deals} deals")
        elif winner is not None:
            lines.append(f"{side} {winner} wins (target {self.rules.target})")
        else:
            switch = ""
            at = self.rules.everyone_alone_at
            if by_seat and at is not None:
                switch = "; everyone alone now" if self.switched else f"; everyone alone at {at}"
            lines.append(f"target {self.rules.target}{switch}; seat {self.dealer} deals next")
        return "\n".join(lines)
