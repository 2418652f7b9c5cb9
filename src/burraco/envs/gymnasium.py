"""A Gymnasium environment for Burraco: one learning seat, the other seats played by agents.

Needs Gymnasium and numpy (``pip install 'burraco[gymnasium]'``). Importing this module
registers the environment as ``burraco/Burraco-v0``, so ``gymnasium.make`` builds it too.

>>> env = BurracoEnv(players=2, seed_opponents=True)
>>> observation, info = env.reset(seed=3)
>>> observation.shape, env.action_space
((5773,), Discrete(159))
>>> [env.token_name(t) for t in info["action_mask"].nonzero()[0]]
['draw', 'pick']
>>> observation, reward, terminated, truncated, info = env.step(0)  # draw
>>> terminated, reward
(False, 0.0)

* **Actions** are tokens of :class:`burraco.encoding.ActionSpace`, ``Discrete(159)`` with two
  packs (177 with three); an action of several tokens takes several steps. Once the learning
  seat discards, the other seats play (their agents choose whole actions) until it is the
  learning seat's turn again or the hand ends.
* **Masks**: ``info["action_mask"]`` (``int8``) after every reset and step, and
  :meth:`BurracoEnv.action_masks` (``bool``, as ``sb3-contrib``'s ``MaskablePPO`` asks). Once
  the episode is over the mask allows *every* token: Gymnasium 1.x vector envs (autoreset
  on the next step) sample one more action from the last step's mask and do not play it, and
  an all-zero mask breaks masked sampling. :meth:`BurracoEnv.step` itself refuses any token
  then (call :meth:`~BurracoEnv.reset`).
* **Observations** are the ``float32`` vector of :class:`burraco.encoding.ObservationEncoder`
  from the learning seat's view, with the partial action.
* **Rewards** are zero until the hand ends, then ``"difference"`` (in points: a usual
  hand lies within about ±1,500), ``"scaled"`` (the same in thousands of points) or
  ``"win-loss"`` (see :class:`RewardMode`). The last step's ``info`` holds the hand's
  scores: ``info["scores"]``, every team's (team ``t`` holds the seats ``t``, ``t + teams``,
  ...), and ``info["score"]``, the learning seat's team's.
* **Opponents**: with two players and :class:`~burraco.RandomAgent` opponents (the
  default), a random learner's hands end in a stalemate (the one-card pile going back and
  forth) within about 20 tokens, so rewards carry little: pass ``opponents=[GreedyAgent()]``
  for hands that are played out (or play with four players).
  An opponent that raises or chooses an illegal action inside :meth:`~BurracoEnv.step` (or
  :meth:`~BurracoEnv.reset`) ends the episode with an :class:`~burraco.AgentError` naming the
  agent and its seat (as :func:`~burraco.play_hand` does; the agent's own exception is its
  ``__cause__``), and the next ``step`` asks for a ``reset``. No token is ever played for
  another seat than the learning one.
* **Tokens** are whole numbers: an ``int`` or a numpy integer. Anything else (a ``bool``, a
  float such as ``2.9`` or NaN, a string, ``None``) raises :class:`~burraco.NotationError`
  (reason ``bad-action``) whatever ``illegal`` says, and changes nothing.
* **An illegal token** (one the mask does not allow): with ``illegal="penalty"`` (the default)
  the episode ends at once (``terminated``), the reward is ``illegal_penalty`` and
  ``info["illegal"]`` is ``True``; with ``illegal="raise"`` the step raises
  :class:`~burraco.IllegalActionError` and nothing changes. The default lets unmasked code (and
  ``gymnasium.utils.env_checker.check_env``) run; use ``"raise"`` to catch a masking bug. The
  default penalty is below every hand's reward (``-reward_bound``, see
  :func:`~burraco.envs.gymnasium.reward_bound`; -2 under ``"win-loss"``).
* **Pickling and vector envs**: the env pickles (with its hand and its opponents), so
  ``gymnasium.vector.SyncVectorEnv`` and ``AsyncVectorEnv`` run it; see the training how-to.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
except ImportError as _error:  # pragma: no cover - exercised in a subprocess test
    raise ImportError(
        "burraco.envs.gymnasium needs Gymnasium: install it with pip install 'burraco[gymnasium]'"
    ) from _error

import attrs

from burraco.agents import Agent, RandomAgent
from burraco.engine import new_game
from burraco.envs._core import RewardMode, TokenGame, reward_bound, score_rewards
from burraco.errors import AgentError, IllegalActionError, Reason, exception_text
from burraco.rules import CLASSIC, Partnerships, Rules
from burraco.scoring import HandScore, score_hand
from burraco.views import observe

__all__ = ["ENV_ID", "BurracoEnv", "RewardMode", "reward_bound"]

_OVER = "raised inside BurracoEnv by an opponent's agent: the episode is over, call reset()"

ENV_ID = "burraco/Burraco-v0"
"""The id under which the environment is registered with Gymnasium."""


class BurracoEnv(gymnasium.Env):
    """One hand of Burraco from one seat's side.

    Args:
        rules: the rule set (:data:`~burraco.CLASSIC` by default).
        players: the number of players, replacing ``rules.players`` when given.
        seat: the learning seat (0 by default).
        opponents: the agents of the other seats, in seat order skipping ``seat`` (any
            :class:`~burraco.Agent`); by default a :class:`~burraco.RandomAgent` each.
        seed_opponents: reseed the default random agents from each seeded :meth:`reset`, so
            that a seed fixes the whole episode (True by default; agents you pass keep their
            own state).
        reward: ``"difference"`` or ``"win-loss"`` (:class:`RewardMode`).
        illegal: ``"penalty"`` or ``"raise"``: what an illegal token does (see above).
        illegal_penalty: the reward of an illegal token under ``"penalty"`` (``None``:
            below every hand's reward, ``-reward_bound(rules, reward)``, and -2 with
            ``"win-loss"``).
        max_turns: truncate a hand after this many turns (of all seats, at least one round;
            ``None``: play the hand out).
        render_mode: ``"ansi"`` or ``None``.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        rules: Rules = CLASSIC,
        *,
        players: int | None = None,
        seat: int = 0,
        opponents: Sequence[Agent] | None = None,
        seed_opponents: bool = True,
        reward: RewardMode | str = RewardMode.DIFFERENCE,
        illegal: str = "penalty",
        illegal_penalty: float | None = None,
        max_turns: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        if players is not None:
            rules = attrs.evolve(rules, players=players)
        if not 0 <= seat < rules.players:
            raise ValueError(f"seat must be from 0 to {rules.players - 1}, not {seat}")
        if illegal not in ("penalty", "raise"):
            raise ValueError(f"illegal must be 'penalty' or 'raise', not {illegal!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        if max_turns is not None and max_turns < rules.players:
            raise ValueError(
                f"max_turns must be at least the number of players ({rules.players}), so that "
                f"the learning seat gets a turn; not {max_turns}"
            )
        if opponents is not None and len(opponents) != rules.players - 1:
            raise ValueError(
                f"opponents must hold {rules.players - 1} agents (one per other seat), "
                f"not {len(opponents)}"
            )
        self.rules = rules
        self.seat = seat
        self.reward_mode = RewardMode(reward)
        self.illegal = illegal
        if illegal_penalty is None:
            illegal_penalty = (
                -2.0
                if self.reward_mode is RewardMode.WIN_LOSS
                else -reward_bound(rules, self.reward_mode)
            )
        self.illegal_penalty = float(illegal_penalty)
        self.max_turns = max_turns
        self.render_mode = render_mode
        self._given_opponents = opponents is not None
        self._seed_opponents = seed_opponents
        self._opponents: list[Agent] = list(
            opponents or [RandomAgent() for _ in range(rules.players - 1)]
        )
        self._rng = random.Random()
        self._finished = True
        self._failure: str | None = None
        self._game = TokenGame(new_game(rules, seed=0), rules)
        encoder = self._game.encoder
        self.observation_space = spaces.Box(
            low=0.0, high=encoder.high(), shape=(encoder.size,), dtype=np.float32
        )
        self.action_space = spaces.Discrete(self._game.space.size)

    @property
    def state(self) -> Any:
        """The :class:`~burraco.GameState` of the hand (the whole table, for debugging)."""
        return self._game.state

    @property
    def actions_played(self) -> int:
        """Whole actions the learning seat has played so far in the hand."""
        return self._game.played[self.seat]

    def token_name(self, token: int) -> str:
        """A token in words (see :meth:`burraco.encoding.ActionSpace.token_name`)."""
        return self._game.space.token_name(int(token))

    def action_masks(self) -> Any:
        """The tokens allowed now, as a ``bool`` vector (all ``True`` once the episode is
        over: see the module documentation)."""
        return self._mask().astype(bool)

    def _mask(self) -> Any:
        game = self._game
        if self._finished:
            return np.ones(game.space.size, dtype=np.int8)
        return game.mask()

    def _opponent(self, seat: int) -> Agent:
        return self._opponents[seat if seat < self.seat else seat - 1]

    def _play_others(self) -> None:
        """Let the opponents play up to the learning seat's turn (or the end). An opponent's
        error ends the episode (``_finished``) and propagates, naming the agent and seat."""
        game = self._game
        while not game.state.is_over and game.state.turn != self.seat and not self._cut_short():
            turn = game.state.turn
            agent = self._opponent(turn)
            name = type(agent).__name__
            where = f"the opponent agent {name} of seat {turn}"
            try:
                action = agent.choose(observe(game.state, turn), game.actions)
            except Exception as error:
                self._fail(f"{where} raised {type(error).__name__}")
                failure = AgentError(
                    turn,
                    name,
                    reason=Reason.AGENT_FAILED,
                    error=exception_text(error),
                    state=game.state,
                )
                failure.add_note(_OVER)
                raise failure from error
            try:
                game.play(action)
            except IllegalActionError as error:
                self._fail(f"{where} chose an illegal action")
                failure = AgentError(
                    turn,
                    name,
                    reason=error.reason,
                    action=action,
                    detail=error.detail,
                    state=game.state,
                )
                failure.add_note(_OVER)
                raise failure from None
            except Exception as error:  # an action that is no action at all, say
                self._fail(f"{where} chose {type(action).__name__} as its action")
                error.add_note(f"{where} chose {action!r:.80}; {_OVER}")
                raise

    def _fail(self, what: str) -> None:
        self._finished = True
        self._failure = what

    def _cut_short(self) -> bool:
        return self.max_turns is not None and self._game.turns >= self.max_turns

    def _observation(self) -> Any:
        return self._game.observation(self.seat)

    def _info(self, **extra: Any) -> dict[str, Any]:
        return {"action_mask": self._mask(), **extra}

    def _final_info(self, score: HandScore) -> dict[str, Any]:
        totals = score.totals
        if score.partners:  # the hand's teams (rules §14: the pairs formed during it)
            team = next(team for team, seats in enumerate(score.partners) if self.seat in seats)
        else:
            team = self.seat % len(totals)
        extra: dict[str, Any] = {}
        if score.seat_points and self.rules.partnerships is not Partnerships.FIXED:
            extra = {"seat_points": score.seat_points, "partners": score.partners}
        return self._info(scores=totals, score=totals[team], **extra)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Deal a new hand and let the other seats play up to the learning seat's first turn.

        ``seed`` makes the deal (and, with ``seed_opponents``, the default agents) reproducible;
        ``options={"dealer": seat}`` chooses the dealer (seat 0 by default).
        """
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
            if self._seed_opponents and not self._given_opponents:
                self._opponents = [
                    RandomAgent(self._rng.getrandbits(64)) for _ in range(self.rules.players - 1)
                ]
        dealer = int((options or {}).get("dealer", 0))
        self._finished = True
        self._failure = None
        while True:
            state = new_game(self.rules, seed=self._rng.getrandbits(64), dealer=dealer)
            self._game = TokenGame(state, self.rules)
            self._play_others()
            if not self._game.state.is_over and not self._cut_short():
                break
        self._finished = False
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play one token for the learning seat; after its discard the others play.

        Raises:
            IllegalActionError: for an illegal token with ``illegal="raise"`` (nothing
                changes).
            AgentError: if an opponent's agent raises or chooses an illegal action (the
                episode is over).
            NotationError: if ``action`` is not a whole number (nothing changes).
            RuntimeError: if the episode is over (or never began), or ended with an
                opponent's error: call :meth:`reset`.
        """
        game = self._game
        if self._finished:
            if self._failure is not None:
                raise RuntimeError(
                    f"the episode ended with an error: {self._failure}; call reset() first"
                )
            raise RuntimeError("the episode is over (or never began): call reset() first")
        try:
            game.step(action)
        except IllegalActionError:
            if self.illegal == "raise":
                raise
            self._finished = True
            return self._observation(), self.illegal_penalty, True, False, self._info(illegal=True)
        self._play_others()
        state = game.state
        if state.is_over or self._cut_short():
            self._finished = True
            score = score_hand(state)
            reward = score_rewards(score, self.rules.players, self.reward_mode)[self.seat]
            info = self._final_info(score)
            return self._observation(), reward, state.is_over, not state.is_over, info
        return self._observation(), 0.0, False, False, self._info()

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``), with the action being spelled."""
        if self.render_mode is None:
            return None
        return self._game.render()


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="burraco.envs.gymnasium:BurracoEnv")
