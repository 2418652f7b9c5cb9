"""OpenSpiel's ISMCTS bot playing through ``python_burraco``, as a burraco agent to duel.

Not part of the package: a yardstick for the levels (issue 44 asks that the strongest level
still beat OpenSpiel's information-set MCTS at equal CPU per decision). From the repository
root, with ``pip install 'burraco[openspiel]'``::

    burraco duel level5 'benchmarks.ismcts_agent:IsmctsAgent(simulations=10)' \
        --deals 500 --seed 9005

How a decision is made: the agent deals the cards its seat cannot see at random
(:func:`burraco.determinize`; OpenSpiel's bot resamples the hidden cards itself at every
simulation, through ``resample_from_infostate``, so this first deal only gives it a state to
start from), wraps that hand in a ``python_burraco`` state, and asks
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` for tokens until they spell a whole action.
Each token is one search of ``simulations`` simulations; nodes are keyed by the observation
string (the game has no perfect-recall information state). Rollouts play random tokens, and
a hand is cut off ``horizon`` turns after the decision and scored as the cards lie (the
game's ``max_turns``), so that a simulation costs about as much whatever the stage of the
hand. ``uct_c`` is in points, the game's returns being points.

The agent is seeded (``seed``), but its choices are not reproducible bit for bit: in one
process, the first decision from a view can differ from later ones with the same seed (seen in
the tests; the cause, somewhere between OpenSpiel's bot and the game's caches, is not found).
Duels with it are measurements, not pinned figures.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np
import pyspiel
from open_spiel.python.algorithms.ismcts import ISMCTSBot
from open_spiel.python.algorithms.mcts import RandomRolloutEvaluator

import burraco.envs.openspiel  # noqa: F401  (registers python_burraco)
from burraco import PRESETS, Action, PlayerView, determinize
from burraco.envs._core import TokenGame


def _preset_name(view: PlayerView) -> str:
    for name, preset in PRESETS.items():
        if attrs.evolve(preset, players=view.rules.players) == view.rules:
            return name
    raise ValueError("the ISMCTS adapter plays the presets' rules only")


class IsmctsAgent:
    """OpenSpiel's ISMCTS bot, ``simulations`` per token, rollouts cut ``horizon`` turns on."""

    def __init__(
        self,
        simulations: int = 60,
        horizon: int = 8,
        uct_c: float = 300.0,
        seed: int | None = None,
    ) -> None:
        if simulations < 1 or horizon < 1:
            raise ValueError("simulations and horizon must be at least 1")
        self.simulations = simulations
        self.horizon = horizon
        self.uct_c = uct_c
        self.seed = seed
        self._random = random.Random(seed)
        self._numpy = np.random.RandomState(self._random.randrange(2**31))
        self._games: dict[tuple[str, int], Any] = {}

    def __repr__(self) -> str:
        return (
            f"IsmctsAgent(simulations={self.simulations}, horizon={self.horizon}, "
            f"uct_c={self.uct_c}, seed={self.seed})"
        )

    def _game(self, view: PlayerView) -> Any:
        key = (_preset_name(view), view.rules.players)
        game = self._games.get(key)
        if game is None:
            params = {"rules": key[0], "players": key[1], "max_turns": self.horizon}
            game = self._games[key] = pyspiel.load_game("python_burraco", params)
        return game

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        """The action OpenSpiel's ISMCTS spells, token by token."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        game = self._game(view)
        start = game.new_initial_state()
        # a state in the middle of a hand: the adapter sets what the deal would have built
        start._game = TokenGame(determinize(view, self._random), view.rules)
        start._left = Counter()
        evaluator = RandomRolloutEvaluator(n_rollouts=1, random_state=self._numpy)
        bot = ISMCTSBot(
            game,
            evaluator,
            self.uct_c,
            self.simulations,
            random_state=self._numpy,
            use_observation_string=True,
        )
        while True:
            action = start.token_game.step(bot.step(start))
            if action is not None:
                return legal_actions[legal_actions.index(action)]
