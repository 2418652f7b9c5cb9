"""What a hand that goes on is worth: the search's leaf evaluation, aware of the race to close.

The search (:class:`~burraco.SearchAgent`) cuts its rollouts off after a few turns and values
the table as it stands. By default it scores the hand as if it ended there (points on the table,
the cards in hand at a discount, an untaken pozzetto's penalty) with credit for melds near a
burraco. A :class:`ClubEvaluation` adds what a club player weighs besides: who can still close,
and how near each team is to its pozzetto.

* A team that **may close** (its pozzetto taken and a burraco that allows closing) with a seat
  down to one, two or three cards is likely to close soon: it is credited that share of the
  closing bonus, and the other teams' cards in hand count that much more fully against them
  (when the hand closes they count in full, not at the discount of a hand that goes on).
* A team whose **pozzetto** is still to take, with pozzetti left, pays a smaller share of the
  untaken pozzetto's penalty the nearer a seat of it is to an empty hand.

The shares by the fewest cards a seat of the team holds are :attr:`ClubEvaluation.near`.
The match score is not part of a :class:`~burraco.PlayerView`, so the evaluation cannot play
differently when ahead or behind in a match: it values hands.

A hand that is over is scored exactly:

>>> from burraco.agents import GreedyAgent, play_hand
>>> from burraco.scoring import score_hand
>>> final = play_hand([GreedyAgent()] * 4, seed=1)
>>> totals = score_hand(final).totals
>>> ClubEvaluation()(final, 0) == totals[0] - totals[1]
True
"""

from __future__ import annotations

from typing import Final

from burraco._points import table_points
from burraco.rules import PenaltyWhen
from burraco.scoring import score_hand
from burraco.state import GameState

__all__ = ["ClubEvaluation"]

NEAR: Final = (0.0, 0.6, 0.35, 0.15)
"""The default chances that a team finishes what it races for (closing, or its pozzetto) soon,
by the fewest cards a seat of the team holds: none (the hand is being emptied: 0, the
evaluation counts the hand as it stands), one, two, three cards; more cards: 0."""


class ClubEvaluation:
    """A leaf evaluation for :class:`~burraco.SearchAgent` (its ``evaluation``): ``team``'s
    lead in points over the best other team, knowing the race to close; see the module
    docstring.

    Args:
        hand_weight: how much the cards in hand count against a team in a hand that goes on
            (they may still be melded), as the default evaluation's 0.4.
        near_burraco: credit for a meld of 5 and of 6 cards, which may grow into a burraco.
        near: the chances of finishing soon by the fewest cards a seat holds (0, 1, 2, 3...).

    >>> ClubEvaluation()
    ClubEvaluation(hand_weight=0.4, near_burraco=(30, 60), near=(0.0, 0.6, 0.35, 0.15))

    Raises:
        ValueError: if ``hand_weight`` or a chance is not from 0 to 1.
    """

    __slots__ = ("hand_weight", "near", "near_burraco")

    def __init__(
        self,
        *,
        hand_weight: float = 0.4,
        near_burraco: tuple[int, int] = (30, 60),
        near: tuple[float, ...] = NEAR,
    ) -> None:
        if not all(0 <= value <= 1 for value in (hand_weight, *near)):
            raise ValueError(
                f"hand_weight and the near chances must be from 0 to 1, not {hand_weight!r} "
                f"and {near!r}"
            )
        self.hand_weight: Final = float(hand_weight)
        """How much the cards in hand count in a hand that goes on."""
        self.near_burraco: Final = near_burraco
        """Credit for a meld of 5 cards and of 6 cards."""
        self.near: Final = tuple(float(chance) for chance in near)
        """The chance of finishing soon, by the fewest cards a seat of the team holds."""

    def __repr__(self) -> str:
        return (
            f"ClubEvaluation(hand_weight={self.hand_weight:g}, near_burraco={self.near_burraco}, "
            f"near={self.near})"
        )

    def _soon(self, cards: int) -> float:
        return self.near[cards] if cards < len(self.near) else 0.0

    def __call__(self, state: GameState, team: int) -> float:
        """``team``'s lead over the best other team: exact if the hand is over."""
        if state.is_over:
            totals = [float(score.total) for score in score_hand(state).teams]
        else:
            totals = self._going_on(state)
        return totals[team] - max(total for other, total in enumerate(totals) if other != team)

    def _going_on(self, state: GameState) -> list[float]:
        rules = state.rules
        teams = len(state.melds)
        hands = state.hands
        clean = rules.closing_needs_clean_burraco
        five, six = self.near_burraco
        in_hand: list[float] = []
        closing: list[float] = []
        base: list[float] = []
        for team, (table, melds) in enumerate(
            zip(table_points(state.melds, rules), state.melds, strict=True)
        ):
            seats = range(team, len(hands), teams)
            in_hand.append(float(sum([card.points for seat in seats for card in hands[seat]])))
            fewest = min(len(hands[seat]) for seat in seats)
            value = float(table)
            value += sum(
                five if len(m.cards) == 5 else six if len(m.cards) == 6 else 0 for m in melds
            )
            if state.pozzetto_taken[team]:
                may_close = any(m.is_burraco and (m.is_clean or not clean) for m in melds)
                closing.append(self._soon(fewest) if may_close else 0.0)
            else:
                closing.append(0.0)
                if rules.untaken_pozzetto_penalty is PenaltyWhen.ALWAYS:
                    share = 1.0 - self._soon(fewest) if state.pozzetti else 1.0
                    value -= rules.pozzetto_penalty * share
            base.append(value)
        totals = []
        for team in range(teams):
            threat = max((closing[other] for other in range(teams) if other != team), default=0.0)
            weight = self.hand_weight + (1 - self.hand_weight) * threat
            totals.append(base[team] - weight * in_hand[team] + closing[team] * rules.closing_bonus)
        return totals
