"""A leaf evaluation for the search that weighs the race to close: tried, and measured worse.

The search (:class:`burraco.SearchAgent`) cuts its rollouts off after a few turns and values
the table as it stands. :class:`ClubEvaluation` adds what a club player weighs besides:

* a team that may close (its pozzetto taken and a burraco that allows closing) with a seat down
  to one, two or three cards is credited that share (:data:`NEAR`) of the closing bonus, and
  the other teams' cards in hand count that much more fully against them;
* a team whose pozzetto is still to take, with pozzetti left, pays a smaller share of the
  untaken pozzetto's penalty the nearer a seat of it is to an empty hand.

With level5's search (16 deals, inference) it measured -49.2 points per hand against the
default ``search``, 95% interval [-96.5, -2.0], over 100 deal pairs of seed 1002 (closing 43.5%
of hands against 56%), so the package does not ship it; ``SearchAgent(evaluation=...)`` takes
it or any other. ``python benchmarks/duel_log.py benchmarks.tuning_agents:club search --deals
100 --seed 1002 --out club.json`` repeats the duel.
"""

from __future__ import annotations

from typing import Final

from burraco._engine.points import table_points
from burraco.rules import PenaltyWhen
from burraco.scoring import score_hand
from burraco.state import GameState

NEAR: Final = (0.0, 0.6, 0.35, 0.15)
"""The chances that a team finishes what it races for (closing, or its pozzetto) soon,
by the fewest cards a seat of the team holds: none (the hand is being emptied: 0, the
evaluation counts the hand as it stands), one, two, three cards; more cards: 0."""


class ClubEvaluation:
    """A leaf evaluation for :class:`burraco.SearchAgent` (its ``evaluation``): ``team``'s
    lead in points over the best other team, knowing the race to close.

    Args:
        hand_weight: how much the cards in hand count against a team in a hand that goes on
            (they may still be melded), as the default evaluation's 0.4.
        near_burraco: credit for a meld of 5 and of 6 cards, which may grow into a burraco.
        near: the chances of finishing soon by the fewest cards a seat holds (0, 1, 2, 3...).

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
