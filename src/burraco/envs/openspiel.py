"""An OpenSpiel game for Burraco: ``python_burraco``, the deal as chance nodes.

Needs OpenSpiel and numpy (``pip install 'burraco[openspiel]'``). Importing this module
registers the game, so ``pyspiel.load_game("python_burraco")`` builds it.

>>> import pyspiel
>>> game = pyspiel.load_game("python_burraco", {"players": 2})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(2, 159, 53)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 53)

* **Parameters**: ``players`` (2 to 6; default 4), ``rules`` (a preset name:
  ``classic``, ``fibur``, ``international``, ``fibur3``, ``fibur5``, ...; default
  ``classic``; ``fibur3`` and ``fibur5`` seat 3 and 5 players, which the default ``players``
  stands for: the pairs of rules §14 form during the hand) and ``max_turns`` (a
  hand still going after that many turns ends and is scored as it lies; default 1000, far
  beyond real hands, so that the game has a bounded length).
* **Chance**: the deal is one chance node per card of the deck, in deck order (the order
  :func:`burraco.new_game` takes with ``deck=``, dealer seat 0): each outcome is a card code
  (0 ... 52) with probability proportional to its copies left. The stock's order is dealt too,
  so no chance node follows the deal.
* **Actions** are the tokens of :class:`burraco.encoding.ActionSpace`; a seat keeps the move
  while it spells an action, so the same player can move many times in a row.
* **Returns** are the hand's score of the seat's team minus the mean of the other teams'
  (zero-sum), at the end only; under ``fibur3`` and ``fibur5``, of the teams the hand ended
  with, each counted with its match points per seat (a partner's half of the pair's score).
* **Observations** are the vector of :class:`burraco.encoding.ObservationEncoder` from the
  player's view (the partial action included for the player spelling it); the strings are
  :func:`burraco.encoding.describe` of it. An observer asked for public information only
  (``pyspiel.IIGObservationType(private_info=pyspiel.PrivateInfoType.NONE)``) sees the same
  vector with the own hand and the partial action zeroed. ``state.observation_tensor()``
  copies the 5,773 floats into a Python list at every call (pyspiel's API); an observer from
  ``open_spiel.python.observation.make_observation(game)`` fills a numpy array in place.
* **No information state**: the observation is a summary of the view, not the player's
  perfect-recall history, so the game type does not claim information states
  (``provides_information_state_string`` and ``..._tensor`` are false) and an observer asked
  for perfect recall raises :class:`ValueError`. Algorithms that key nodes by information
  state take the observation instead: ``ISMCTSBot(..., use_observation_string=True)``.
* :meth:`BurracoState.resample_from_infostate` draws a state that gives the player the same
  view, through :func:`burraco.determinize`, so OpenSpiel's Python ISMCTS bot
  (``open_spiel.python.algorithms.ismcts``) runs on the game. A resampled state has no
  history of its own (its ``history()`` is empty). The draw is seeded by the number the
  bot's ``probability_sampler()`` returns: the Python bot takes it from its
  ``random_state``, so ``ISMCTSBot(..., random_state=np.random.RandomState(seed))`` makes its
  resampling (and its whole search) reproducible; a bot that passes a sampler of its own
  (``pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)``) is seeded by that sampler.
* **Returns** are in points (a usual hand within about ±1,500; ``game.max_utility()``
  bounds every hand's): scale a bot's exploration constant to them (``uct_c`` of a few
  hundred rather than 2), or divide the returns by that bound.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Final

try:
    import numpy as np
    import pyspiel
except ImportError as _error:  # pragma: no cover - exercised in a subprocess test
    raise ImportError(
        "burraco.envs.openspiel needs OpenSpiel: install it with pip install 'burraco[openspiel]'"
    ) from _error

import attrs

from burraco.cards import CARDS_BY_CODE, make_deck
from burraco.encoding import ActionSpace, ObservationEncoder, describe
from burraco.engine import new_game
from burraco.envs._core import TokenGame, hand_rewards, reward_bound
from burraco.rules import PRESETS, Partnerships, Rules
from burraco.views import determinize, observe

__all__ = ["GAME_TYPE", "BurracoGame", "BurracoObserver", "BurracoState", "rules_of"]

_DEFAULTS: dict[str, Any] = {"players": 4, "rules": "classic", "max_turns": 1000}
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)

GAME_TYPE = pyspiel.GameType(
    short_name="python_burraco",
    long_name="Python Burraco",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)
"""The game's :class:`pyspiel.GameType`."""


def rules_of(params: dict[str, Any]) -> Rules:
    """The :class:`~burraco.Rules` the game parameters stand for.

    Raises:
        ValueError: if ``rules`` is not a preset name or ``players`` not 2 to 6 (3 for
            ``fibur3``, 5 for ``fibur5``).
    """
    name = str(params.get("rules", _DEFAULTS["rules"])).lower()
    if name not in PRESETS:
        raise ValueError(f"rules must be one of {', '.join(PRESETS)}, not {name!r}")
    preset = PRESETS[name]
    players = int(params.get("players", _DEFAULTS["players"]))
    if preset.partnerships is not Partnerships.FIXED and players == _DEFAULTS["players"]:
        return preset  # fibur3 and fibur5 (rules §14) seat their own number: 4 means theirs
    return attrs.evolve(preset, players=players)


class BurracoGame(pyspiel.Game):
    """The game ``python_burraco`` (see the module documentation for its parameters)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_DEFAULTS, **(params or {})}
        self.rules: Rules = rules_of(params)
        self.max_turns: int = int(params["max_turns"])
        if self.max_turns < 1:
            raise ValueError(f"max_turns must be at least 1, not {self.max_turns}")
        self.space = ActionSpace(self.rules)
        self.encoder = ObservationEncoder(self.rules)
        deck = self.rules.deck_size
        bound = reward_bound(self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size,
            max_chance_outcomes=len(CARDS_BY_CODE),
            num_players=self.rules.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=self.max_turns * (4 * deck + 2),
        )
        super().__init__(GAME_TYPE, info, params)
        self._shared = _Shared(self)  # what every state of the game shares

    def new_initial_state(self) -> BurracoState:
        """A hand before the deal (a chance node)."""
        return BurracoState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> BurracoObserver:
        """The observer of ``iig_obs_type`` (``None``: the observation): the player's view,
        or with ``private_info=NONE`` its public part only.

        Raises:
            ValueError: for a perfect-recall type (the game has no information state), one
                without public information or with every player's private information, or
                for ``params``.
        """
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        public_only = False
        if iig_obs_type is not None:
            if iig_obs_type.perfect_recall:
                raise ValueError(
                    "python_burraco has no perfect-recall information state (its observation "
                    "summarises the view); use the observation, e.g. "
                    "ISMCTSBot(..., use_observation_string=True)"
                )
            if not iig_obs_type.public_info:
                raise ValueError("python_burraco observers include the public information")
            private = iig_obs_type.private_info
            if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
                raise ValueError(
                    "python_burraco observes one player's private information or none, not "
                    "every player's"
                )
            public_only = private == pyspiel.PrivateInfoType.NONE
        return BurracoObserver(self, public_only=public_only)


class _Shared:
    """What every state of one game shares; copying a state (OpenSpiel deep-copies its
    attributes) shares it too."""

    __slots__ = ("counts", "game", "max_turns", "rules", "space")

    def __init__(self, game: BurracoGame) -> None:
        self.game = game
        self.rules = game.rules
        self.max_turns = game.max_turns
        self.space = game.space
        deck = Counter(make_deck(game.rules.packs, jokers=game.rules.jokers))
        self.counts = tuple([deck[card] for card in CARDS_BY_CODE])
        """The copies of each card code in the deck."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class BurracoState(pyspiel.State):
    """A position of ``python_burraco``: dealing, then a hand played token by token."""

    def __init__(self, game: BurracoGame) -> None:
        super().__init__(game)
        shared = game._shared
        self._shared = shared
        self._left = list(shared.counts)  # copies left to deal, by card code
        self._deck: list[int] = []
        self._game: TokenGame | None = None

    @property
    def token_game(self) -> TokenGame | None:
        """The hand being played (``None`` while dealing)."""
        return self._game

    def _over(self) -> bool:
        game = self._game
        return game is not None and (game.state.is_over or game.turns >= self._shared.max_turns)

    def current_player(self) -> int:
        """The seat to move, or :data:`pyspiel.PlayerId.CHANCE` / ``TERMINAL``."""
        game = self._game
        if game is None:
            return _CHANCE
        state = game.state
        if state.is_over or game.turns >= self._shared.max_turns:
            return _TERMINAL
        return state.turn

    def _legal_actions(self, player: int) -> tuple[int, ...]:
        assert self._game is not None
        return self._game.legal_tokens()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card of the deck: each card code with its copies left over the cards
        left."""
        total = self._shared.rules.deck_size - len(self._deck)
        return [(code, count / total) for code, count in enumerate(self._left) if count]

    def _apply_action(self, action: int) -> None:
        if self._game is None:
            card = CARDS_BY_CODE[action]
            if not self._left[action]:
                raise ValueError(f"no {card} is left to deal")
            self._left[action] -= 1
            self._deck.append(action)
            if len(self._deck) == self._shared.rules.deck_size:
                deck = [CARDS_BY_CODE[code] for code in self._deck]
                shared = self._shared
                self._game = TokenGame(
                    new_game(shared.rules, deck=deck),
                    shared.rules,
                    space=shared.space,
                    encoder=shared.game.encoder,
                )
        else:
            self._game.step(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {CARDS_BY_CODE[action]}"
        return self._shared.space.token_name(action)

    def is_terminal(self) -> bool:
        """Whether the hand is over (or cut short by ``max_turns``)."""
        return self._over()

    def returns(self) -> list[float]:
        """Each seat's return: zero until the end, then the score difference."""
        if not self._over():
            return [0.0] * self._shared.rules.players
        assert self._game is not None
        return hand_rewards(self._game.state)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BurracoState:
        """A state drawn uniformly among those that give ``player_id`` the same view, from
        :func:`burraco.determinize` (``probability_sampler()`` seeds the draw). The partial
        action is kept when ``player_id`` is spelling it (others cannot see it)."""
        clone = self._shared.game.new_initial_state()
        if self._game is None:
            for action in self._deck:
                clone.apply_action(action)
            return clone
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        state = determinize(observe(self._game.state, player_id), rng)
        shared = self._shared
        game = TokenGame(state, shared.rules, space=shared.space, encoder=shared.game.encoder)
        game.turns = self._game.turns
        if player_id == state.turn:
            for token in self._game.partial:
                game.step(token)
        clone._left = [0] * len(CARDS_BY_CODE)
        clone._deck = list(self._deck)
        clone._game = game
        return clone

    def __str__(self) -> str:
        if self._game is None:
            return f"dealing: {len(self._deck)} of {self._shared.rules.deck_size} cards"
        text = str(self._game.state)
        if self._game.partial:
            space = self._game.space
            text += "\nspelling: " + " ".join(space.token_name(t) for t in self._game.partial)
        return text


class BurracoObserver:
    """OpenSpiel's observer protocol: :attr:`tensor` and :attr:`dict` filled by
    :meth:`set_from`, and :meth:`string_from`."""

    def __init__(self, game: BurracoGame, *, public_only: bool = False) -> None:
        self._encoder: ObservationEncoder = game.encoder
        self.public_only = public_only
        """Whether the observer sees the public information only (no hand, no partial
        action)."""
        self._private = [
            part for part in self._encoder.slices if part.name in ("hand", "partial_action")
        ]
        self.tensor = np.zeros(self._encoder.size, np.float32)
        """The observation vector of the last :meth:`set_from` (the same array every time,
        filled in place)."""
        self.dict = {
            part.name: self.tensor[part.offset : part.stop] for part in self._encoder.slices
        }
        """The named parts of :attr:`tensor` (views into it)."""
        self._out = self.tensor.data.cast("B").cast("f")  # what the encoder writes into

    def set_from(self, state: BurracoState, player: int) -> None:
        """Fill :attr:`tensor` in place with ``player``'s observation of ``state`` (zero
        while dealing)."""
        tensor = self.tensor
        tensor.fill(0)
        game = state._game
        if game is None:
            return
        game.observation_into(player, self._out)
        if self.public_only:
            for part in self._private:
                tensor[part.offset : part.stop] = 0

    def string_from(self, state: BurracoState, player: int) -> str:
        """``player``'s observation of ``state`` in words."""
        game = state.token_game
        if game is None:
            return f"seat {player}: dealing"
        vector = game.observation(player)
        if self.public_only:
            for part in self._private:
                vector[part.offset : part.stop] = 0
        return f"seat {player}\n" + describe(vector, game.state.rules)


pyspiel.register_game(GAME_TYPE, BurracoGame)
