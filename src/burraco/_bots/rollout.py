"""The search agent's rollouts and evaluation (private): what :mod:`burraco.search` plays out.

A rollout lets a policy play every seat for a few turns and scores the table as it stands;
it is most of a search decision's time. It lives apart from :class:`~burraco.SearchAgent` so
that the compiled build can compile it while the agent class stays an ordinary Python class,
which programs subclass and pickle. The policy is any agent: its ``choose`` is called as a
method, so a subclass's own ``choose`` is the one played.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from burraco.agents import Agent
from burraco.cards import POINTS_BY_CODE
from burraco.engine import apply, legal_actions
from burraco.rules import PenaltyWhen
from burraco.scoring import score_hand
from burraco.state import GameState
from burraco.views import observe, table_points

NEAR_BURRACO: Final = {5: 30, 6: 60}
"""Credit for a meld of 5 or 6 cards at the end of a cut-off rollout: it may grow into a
burraco."""

HAND_WEIGHT: Final = 0.4
"""How much the cards in hand count against a team in a hand that goes on: they may still
be melded."""

_ALWAYS: Final = PenaltyWhen.ALWAYS
ROLLOUT_LIMIT: Final = 2_000
"""Actions after which a rollout stops and the hand is scored as it stands (a safety net)."""


def evaluate(state: GameState, team: int) -> float:
    """``team``'s lead in points over the best other team, the hand scored as it stands.

    A hand that is over is scored exactly. One that goes on is scored as if it ended now
    (cards in hand count against, an untaken pozzetto costs its penalty), plus credit for
    melds one or two cards short of a burraco.
    """
    if state.is_over:
        totals: list[float] = [score.total for score in score_hand(state).teams]
    else:
        totals = going_on(state)
    partners = state.partners
    if len(state.hands) % len(partners):  # pairs formed (rules §14): a partner gets half
        totals = [total / len(seats) for total, seats in zip(totals, partners, strict=True)]
    return totals[team] - max(total for other, total in enumerate(totals) if other != team)


def going_on(state: GameState) -> list[float]:
    """Each team's evaluation of a hand that goes on: :func:`~burraco.score_hand`'s total
    (with no closer: the melds, their bonuses, the cards in hand and an untaken pozzetto's
    penalty under :attr:`PenaltyWhen.ALWAYS`), the cards in hand at :data:`HAND_WEIGHT`, and
    credit for melds close to a burraco. Worked out from the state's melds directly, which
    gives the same number for less: a state the engine made needs none of the checks that
    :func:`~burraco.score_team` makes of plain data."""
    rules = state.rules
    hands = state.hands
    partners = state.partners
    penalty = -rules.pozzetto_penalty if rules.untaken_pozzetto_penalty is _ALWAYS else 0
    totals = []
    for team, (table, melds) in enumerate(
        zip(table_points(state.melds, rules), state.melds, strict=True)
    ):
        in_hand = -sum(
            [POINTS_BY_CODE[card.code] for seat in partners[team] for card in hands[seat]]
        )
        total = table + in_hand + (0 if state.pozzetto_taken[team] else penalty)
        totals.append(
            total
            - (1 - HAND_WEIGHT) * in_hand
            + sum(NEAR_BURRACO.get(len(meld.cards), 0) for meld in melds)
        )
    return totals


def rollout(
    state: GameState,
    policy: Agent,
    seat: int,
    team: int,
    turns: int,
    evaluation: Callable[[GameState, int], float] | None = None,
) -> float:
    """Let ``policy`` play every seat until ``turns`` turns have passed since ``seat``'s
    decision (or to the end of the hand), and evaluate the result for ``team``: with
    ``evaluation`` if given, else with :func:`evaluate`.

    The turn of ``seat`` counts as the first, whether the candidate action ended it (a
    discard) or not (a meld): every candidate is judged at the same point of the hand. When
    the teams change on the way (the pairs of rules §14 form), the result is for the team
    ``seat`` is in at the end, and ``team`` is ignored.
    """
    me = seat
    if state.turn != seat:
        seat = state.turn
        turns -= 1
    for _ in range(ROLLOUT_LIMIT if turns > 0 else 0):
        actions = legal_actions(state)
        if not actions:
            break
        if len(actions) == 1:
            state = apply(state, actions[0])
        else:
            state = apply(state, policy.choose(observe(state, state.turn), actions))
        if state.turn != seat:
            seat = state.turn
            turns -= 1
            if turns <= 0:
                break
    if len(state.hands) % len(state.melds):  # paired by now: the seat's team is another
        team = state.team_of(me)
    return evaluate(state, team) if evaluation is None else evaluation(state, team)
