"""How often a search agent overrules the greedy heuristic, and what holds it back when not.

Plays hands of 4 players under the classic rules with the agent at every seat (seeds ``k``
and ``k + 100`` for the two teams' agents, deal ``--seed + k``) and watches each searched
decision: was another candidate played, and, when the heuristic's choice was kept although
the best other candidate measured a gain above the margin, it was the rule of two standard
errors that kept it. It watches ``burraco.search``'s choice of candidate, a module that stays
uncompiled, so it runs with the pure package or the compiled build; from the repository
root::

    PYTHONPATH=src python benchmarks/overrules.py benchmarks.tuning_agents:thirtytwo --hands 6
    PYTHONPATH=src python benchmarks/overrules.py level5 --hands 6
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence

import attrs

import burraco.search
from burraco.actions import Action
from burraco.agents import play_hand
from burraco.duel import make_agent
from burraco.state import Phase
from burraco.views import PlayerView


@attrs.frozen
class Choice:
    """One searched decision."""

    at_draw: bool
    """Whether it chose between the stock and the discard pile."""
    overruled: bool
    """Whether a candidate other than the heuristic's was played."""
    held_by_error: bool
    """Whether the heuristic's choice was kept although the best other candidate's average
    gain reached the margin: two standard errors were more than that gain."""
    doubt: float | None
    """Two standard errors of the best other candidate's gain, in points (``None`` when only
    the heuristic's choice was still in the running)."""


def watch(agent_name: str, hands: int, seed: int) -> list[Choice]:
    """The searched decisions of ``hands`` hands with ``agent_name`` at every seat."""
    choices: list[Choice] = []
    pick = burraco.search._pick
    choose = burraco.search.SearchAgent.choose
    drawing = [False]

    def watched_choose(
        agent: burraco.search.SearchAgent, view: PlayerView, legal: Sequence[Action]
    ) -> Action:
        drawing[0] = view.phase is Phase.DRAW
        return choose(agent, view, legal)

    def watched_pick(values: list[list[float]], alive: Sequence[int], margin: float) -> int:
        chosen = pick(values, alive, margin)
        gains = [burraco.search._gain(values[index], values[0]) for index in alive if index]
        gain, error = max(gains) if gains else (0.0, 0.0)
        held = chosen == 0 and bool(gains) and gain >= margin and gain < 2 * error
        choices.append(Choice(drawing[0], chosen != 0, held, 2 * error if gains else None))
        return chosen

    burraco.search._pick = watched_pick
    burraco.search.SearchAgent.choose = watched_choose  # type: ignore[method-assign, assignment]
    try:
        for k in range(hands):
            agents = [make_agent(agent_name, seed=k), make_agent(agent_name, seed=k + 100)]
            play_hand(agents * 2, seed=seed + k)
    finally:
        burraco.search._pick = pick
        burraco.search.SearchAgent.choose = choose  # type: ignore[method-assign]
    return choices


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("agent", help="a search agent, as `burraco duel` names agents")
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--seed", type=int, default=5000)
    args = parser.parse_args()
    choices = watch(args.agent, args.hands, args.seed)
    for phase, at_draw in (("draw", True), ("play", False)):
        mine = [choice for choice in choices if choice.at_draw == at_draw]
        overruled = sum(choice.overruled for choice in mine)
        held = sum(choice.held_by_error for choice in mine)
        doubts = [choice.doubt for choice in mine if choice.doubt is not None]
        print(
            f"{phase}: {len(mine)} searched decisions, {overruled} overruled "
            f"({overruled / max(1, len(mine)):.0%}), {held} held back by two standard errors "
            f"only; two standard errors {statistics.median(doubts) if doubts else 0:.0f} points "
            f"(median, over the {len(doubts)} with another candidate in the running to the end)"
        )


if __name__ == "__main__":
    main()
