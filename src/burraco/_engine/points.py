"""Each team's points on the table, memoised (private machinery of the views, the encodings and
the search).

Observations of consecutive positions share their tuples of melds, so the points are kept by
the identity of those immutable tuples (each entry holds its tuple, so an identity is not
reused while the entry is there).
"""

from __future__ import annotations

from typing import Final

from burraco.melds import Meld, burraco_bonus
from burraco.rules import Rules

__all__ = ["table_points"]

_POINTS_MEMO: Final[list[tuple[object, object, tuple[int, ...]]]] = [(None, None, ())]
"""The melds and rules :func:`table_points` last scored, and their points, as one tuple (so
that threads never see half of an update): consecutive views, of one state or of the states
between two melds, share the same tuple of melds."""
_TEAM_POINTS: Final[dict[int, tuple[tuple[Meld, ...], Rules, int]]] = {}
"""One team's points by the identity of its tuple of melds (kept in the entry, so that the
identity is not reused while it is there): states share the tuples of the teams that did not
meld."""


def table_points(melds: tuple[tuple[Meld, ...], ...], rules: Rules) -> tuple[int, ...]:
    """Each team's points on the table: its melds' cards and burraco bonuses (what
    :attr:`~burraco.PlayerView.table_points` holds), memoised for the views, the encodings and
    the bots, which ask it at every step.

    >>> from burraco import CLASSIC, validate_meld
    >>> table_points(((validate_meld("5H 6H 7H"),), ()), CLASSIC)
    (15, 0)
    """
    last_melds, last_rules, points = _POINTS_MEMO[0]
    if last_melds is melds and last_rules is rules:
        return points
    memo = _TEAM_POINTS
    if len(memo) > 4096:
        memo.clear()
    found = []
    for team in melds:
        entry = memo.get(id(team))
        if entry is None or entry[0] is not team or entry[1] is not rules:
            score = sum([meld.points + burraco_bonus(meld, rules) for meld in team])
            entry = memo[id(team)] = (team, rules, score)
        found.append(entry[2])
    points = tuple(found)
    _POINTS_MEMO[0] = (melds, rules, points)
    return points
