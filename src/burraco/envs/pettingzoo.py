"""A PettingZoo AEC environment for Burraco: ``burraco_v0``, every seat an agent.

Needs PettingZoo and numpy (``pip install 'burraco[pettingzoo]'``).

>>> from burraco.envs import burraco_v0
>>> env = burraco_v0.env(players=2)
>>> env.reset(seed=1)
>>> env.agents
['player_0', 'player_1']
>>> agent = env.agent_selection
>>> observation, reward, termination, truncation, info = env.last()
>>> observation["observation"].shape, observation["action_mask"].shape
((5773,), (159,))
>>> [env.unwrapped.token_name(t) for t in observation["action_mask"].nonzero()[0]]
['draw', 'pick']

* **Agents** are ``player_0`` ... ``player_{n-1}``, one per seat (seat ``i`` is ``player_i``).
* **Actions** are tokens of :class:`burraco.encoding.ActionSpace` (``Discrete(159)`` with two
  packs, 177 with three). The agent to act keeps the turn while it spells an action and until it
  discards; ``agent_selection`` then moves to the next seat.
* **Observations** are a ``Dict`` with ``observation``, the ``float32`` vector of
  :class:`burraco.encoding.ObservationEncoder` from the agent's own view (the partial action
  included for the agent spelling it), and ``action_mask``, an ``int8`` vector of the tokens that
  continue towards a legal action (all zero for an agent not to act, and at the end).
* **Rewards** are zero until the hand ends, then each agent gets its team's hand score minus
  the mean of the other teams' (``reward="difference"``, the default, in points: a usual hand
  lies within about ±1,500; with two teams, own score minus the opponents'),
  ``reward="scaled"`` (the same in thousands of points), or ``reward="win-loss"``: 1 for the
  top team, -1 below it, 0 for a tie (see :class:`RewardMode`). Partners get equal rewards.
  At the end every agent's ``info`` holds ``"scores"`` (every team's hand score, team ``t``
  being the seats ``t``, ``t + teams``, ...) and ``"score"`` (its own team's). With
  ``rules=FIBUR3`` or ``FIBUR5`` (rules §14) the teams are those the hand ended with: the
  rewards compare each team's match points per seat (a partner's half of the pair's score),
  and ``info`` also holds ``"seat_points"`` and ``"partners"``.
* **Episodes** are one hand. With ``max_turns``, a hand still going after that many turns is
  truncated, and the rewards score the cards as they lie (melds for, hands against).
* An illegal token raises :class:`~burraco.IllegalActionError` (reason ``bad-action``) and
  changes nothing; a token that is not a whole number (a ``bool``, a float, a string)
  raises :class:`~burraco.NotationError` and changes nothing.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.wrappers.order_enforcing import (
        AECOrderEnforcingIterable,
        AECOrderEnforcingIterator,
    )
except ImportError as _error:  # pragma: no cover - exercised in a subprocess test
    raise ImportError(
        "burraco.envs.pettingzoo needs PettingZoo: install it with "
        "pip install 'burraco[pettingzoo]'"
    ) from _error

import attrs

from burraco.engine import new_game
from burraco.envs._core import RewardMode, TokenGame, score_rewards
from burraco.errors import NotationError, Reason
from burraco.rules import CLASSIC, Partnerships, Rules
from burraco.scoring import score_hand

__all__ = ["RewardMode", "env", "raw_env"]


def env(**kwargs: Any) -> Any:
    """The environment wrapped in PettingZoo's order-enforcing wrapper (the usual entry point).
    Takes the arguments of :class:`raw_env`."""
    return _OrderEnforcing(raw_env(**kwargs))


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order-enforcing wrapper, whose ``last`` asks the environment itself.

    The inherited ``last`` runs on the wrapper and reads six attributes of the environment
    through the wrapper's ``__getattr__`` at every step, a third of a step's time in the
    compiled build; asked of the environment, the same values come straight. ``step`` makes
    the wrapper's checks and calls the environment's ``step`` itself, as the inherited one
    does through one more layer, and ``agent_iter``'s iterator reads the agents from the
    environment too."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        env = self.env
        agent = env.agent_selection
        return (
            env.observe(agent) if observe else None,
            env._cumulative_rewards[agent],
            env.terminations[agent],
            env.truncations[agent],
            env.infos[agent],
        )

    def step(self, action: Any) -> None:
        if not self._has_reset or not self.env.agents:
            super().step(action)  # the wrapper's error or warning
            return
        self._has_updated = True
        self.env.step(action)

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        if not self._has_reset:
            super().agent_iter(max_iter)  # the wrapper's error
        return _AgentIterable(self, max_iter)


class _AgentIterable(AECOrderEnforcingIterable):
    def __iter__(self) -> Any:
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(AECOrderEnforcingIterator):
    """PettingZoo's order-enforcing iterator, reading the agents from the environment itself
    rather than through the wrapper's ``__getattr__``; the same checks."""

    def __next__(self) -> Any:
        wrapper = self.env
        env = wrapper.env
        if not env.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        if not wrapper._has_updated:
            raise AssertionError("need to call step() or reset() in a loop over `agent_iter`")
        wrapper._has_updated = False
        return env.agent_selection


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's naming convention
    """The Burraco AEC environment, unwrapped.

    Args:
        rules: the rule set (:data:`~burraco.CLASSIC` by default; any :class:`~burraco.Rules`).
        players: the number of players, replacing ``rules.players`` when given (2, 3, 4, 6).
        reward: ``"difference"`` or ``"win-loss"`` (:class:`RewardMode`).
        max_turns: truncate a hand after this many turns (``None``: play it out).
        render_mode: ``"ansi"`` makes :meth:`render` return the table as text, or ``None``.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "burraco_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules = CLASSIC,
        *,
        players: int | None = None,
        reward: RewardMode | str = RewardMode.DIFFERENCE,
        max_turns: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if players is not None:
            rules = attrs.evolve(rules, players=players)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        if max_turns is not None and max_turns < 1:
            raise ValueError(f"max_turns must be at least 1, not {max_turns}")
        self.rules = rules
        self.reward_mode = RewardMode(reward)
        self.max_turns = max_turns
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(rules.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.agents: list[str] = []
        self._game = TokenGame(new_game(rules, seed=0), rules)
        space = self._game.space
        encoder = self._game.encoder
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=0.0, high=encoder.high(), shape=(encoder.size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(space.size,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation_space)
        self.action_spaces = {agent: spaces.Discrete(space.size) for agent in self.possible_agents}
        self._rng = random.Random()
        self._cut_short = False

    def observation_space(self, agent: str) -> Any:
        """The observation space of ``agent`` (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The action space of ``agent`` (the same object on every call)."""
        return self.action_spaces[agent]

    @property
    def state(self) -> Any:
        """The :class:`~burraco.GameState` of the hand (the whole table, for debugging)."""
        return self._game.state

    @property
    def actions_played(self) -> int:
        """Whole actions played so far in the hand, by all seats."""
        return sum(self._game.played)

    def token_name(self, token: int) -> str:
        """A token in words (see :meth:`burraco.encoding.ActionSpace.token_name`)."""
        return self._game.space.token_name(int(token))

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand. ``seed`` makes the deal (and every later one) reproducible;
        ``options={"dealer": seat}`` chooses the dealer (seat 0 by default)."""
        if seed is not None:
            self._rng = random.Random(seed)
        dealer = int((options or {}).get("dealer", 0))
        state = new_game(self.rules, seed=self._rng.getrandbits(64), dealer=dealer)
        last = self._game
        self._game = TokenGame(state, self.rules, space=last.space, encoder=last.encoder)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._cut_short = False  # whether the hand was truncated: truncated, read at every step
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[state.turn]

    def observe(self, agent: str) -> dict[str, Any]:
        """The observation of ``agent``: its view's vector and its action mask."""
        seat = self._seats[agent]
        game = self._game
        acting = seat == game.state.turn and not (self.terminations.get(agent) or self._cut_short)
        observation, mask = game.observe(seat, acting)
        return {"observation": observation, "action_mask": mask}

    @property
    def truncated(self) -> bool:
        """Whether the hand was cut short by ``max_turns``."""
        return any(self.truncations.values())

    def step(self, action: int | None) -> None:
        """Play one token for the agent to act (``None`` for an agent that is done).

        Raises:
            IllegalActionError: if the token is not allowed by the mask (nothing changes).
            NotationError: if ``action`` is not a whole number (an ``int`` or a numpy
                integer; reason ``bad-action``; nothing changes).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise NotationError(
                f"{agent} is to act: step needs a token, not None",
                token="None",
                reason=Reason.BAD_ACTION,
            )
        game = self._game
        game.step(action)
        self._cumulative_rewards[agent] = 0.0
        state = game.state
        # the rewards are zero until the hand ends, when every agent's is set at once (and no
        # live step follows): nothing to reset or add up before
        if state.is_over or (self.max_turns is not None and game.turns >= self.max_turns):
            score = score_hand(state)
            totals = score.totals
            rewards = score_rewards(score, len(self.agents), self.reward_mode)
            self.rewards = dict(zip(self.agents, rewards, strict=True))
            for seat, name in enumerate(self.agents):
                info: dict[str, Any] = {"scores": totals, "score": totals[state.team_of(seat)]}
                if self.rules.partnerships is not Partnerships.FIXED:  # rules §14
                    info.update(seat_points=score.seat_points, partners=score.partners)
                self.infos[name] = info
            done = dict.fromkeys(self.agents, True)
            if state.is_over:
                self.terminations = done
            else:
                self.truncations = done
                self._cut_short = True
            self._accumulate_rewards()
        self.agent_selection = self.agents[state.turn]

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``), with the action being spelled."""
        if self.render_mode is None:
            return None
        return self._game.render()

    def close(self) -> None:
        """Nothing to release."""
