"""Bots of fixed strengths, from ``level1`` (nearly random) to ``level5`` (the strongest), and
``level6``, an experiment: level5 with a learned evaluation, measured level5's equal.

An app or a game server that offers "easy" to "expert" opponents needs bots whose play does
not change when the library's defaults do. Each entry of :data:`LEVELS` spells out every
setting of its bot, so that a later change of a default (say, of
:data:`~burraco.search.DEFAULT_SIMULATIONS`) leaves the levels alone; the project's tests pin
each level's decisions over a few seeded hands, so that a change of a level's play cannot go
unnoticed. :func:`~burraco.make_agent` and ``burraco duel`` know the levels by name.

=========  ============  ==================================================================
name       title         bot
=========  ============  ==================================================================
level1     beginner      the greedy heuristic, but 3 decisions in 4 a random legal action
level2     casual        the greedy heuristic, but 1 decision in 5 a random legal action
level3     intermediate  the greedy heuristic (:class:`~burraco.GreedyAgent`)
level4     advanced      the search (:class:`~burraco.SearchAgent`), 8 sampled deals
level5     expert        the search, 48 sampled deals weighted by what the other seats did,
                         positions valued by the lead they are expected to end with, the
                         heuristic overruled for a gain of 10 points (at the draw, any gain)
level6     experimental  level5 with each rollout's end valued by a small neural network
                         trained on played hands (:func:`network_lead`) instead of a line;
                         measured level5's equal (-1.5 points per hand, 95% interval
                         -21.5 to +18.6, over 500 duplicate deal pairs)
=========  ============  ==================================================================

>>> agent = LEVELS["level3"].build(seed=7)
>>> agent
GreedyAgent(seed=7)
>>> from burraco.agents import play_hand
>>> play_hand([level_agent("level1", seed=1), level_agent("level2", seed=2)] * 2, seed=3).is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final, Literal

import attrs

from burraco._bots.network import network_lead as _network_lead
from burraco.actions import Action
from burraco.agents import Agent, GreedyAgent
from burraco.inference import InferenceSampler
from burraco.search import SearchAgent, expected_lead
from burraco.state import GameState
from burraco.views import PlayerView

__all__ = ["LEVELS", "Level", "NoisyGreedyAgent", "level_agent", "network_lead"]


class NoisyGreedyAgent:
    """The greedy heuristic with a seeded chance of playing a random legal action instead.

    At every decision (a choice among two or more legal actions) it draws from its own
    :class:`random.Random`: with probability ``noise`` it plays a uniformly random legal
    action, otherwise :class:`~burraco.GreedyAgent`'s choice (ties broken by notation order).
    ``noise=0`` plays as the greedy agent, ``noise=1`` as :class:`~burraco.RandomAgent`.

    >>> NoisyGreedyAgent(0.25, seed=3)
    NoisyGreedyAgent(0.25, seed=3)

    Raises:
        ValueError: if ``noise`` is not a number from 0 to 1.
    """

    __slots__ = ("_greedy", "_random", "noise", "seed")

    def __init__(self, noise: float, seed: int | str | bytes | None = None) -> None:
        if isinstance(noise, bool) or not isinstance(noise, int | float) or not 0 <= noise <= 1:
            raise ValueError(f"noise must be a probability from 0 to 1, not {noise!r}")
        self.noise: Final = float(noise)
        """The chance of a random legal action at each decision."""
        self.seed: Final = seed
        """The seed the agent's random generator started from."""
        self._random = random.Random(seed)
        self._greedy = GreedyAgent()

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        """A random member of ``legal_actions`` with probability :attr:`noise`, else the
        greedy agent's choice.

        Raises:
            ValueError: if ``legal_actions`` is empty (the hand is over).
        """
        if len(legal_actions) > 1 and self._random.random() < self.noise:
            return legal_actions[self._random.randrange(len(legal_actions))]
        return self._greedy.choose(view, legal_actions)  # which refuses an empty list

    def __repr__(self) -> str:
        return f"NoisyGreedyAgent({self.noise!r}, seed={self.seed!r})"


def network_lead(state: GameState, team: int) -> float:
    """``team``'s expected lead in points over the best other team when the hand ends, as
    greedy players would play it on, estimated by a small neural network: the
    :data:`~burraco.search.Evaluation` of ``level6``.

    A hand that is over is scored exactly. For one that goes on, a network with one hidden
    layer of 32 rectified units reads :func:`~burraco.search.expected_lead`'s 16
    differences between the teams, the team's own figures, the share of the stock left and
    its stage. It was trained by :mod:`burraco.learn` on hands that greedy players (the
    search's rollout policy) played with 4 players under the classic rules; its weights ship
    in the package and are evaluated in plain Python (no numpy needed). Other numbers of
    players, which have no network yet, are valued as :func:`~burraco.search.expected_lead`
    values them. The docs' learned-player page gives the training and the measured strength.

    >>> from burraco import CLASSIC, new_game
    >>> start = new_game(CLASSIC, seed=1)
    >>> network_lead(start, 0) < 0 < network_lead(start, 1)  # team 1 was dealt the better
    True

    Raises:
        IndexError: if ``team`` is not a team of the state's rules.
    """
    if not 0 <= team < len(state.melds):
        raise IndexError(f"team must be from 0 to {len(state.melds) - 1}, not {team!r}")
    return _network_lead(state, team)


_EVALUATIONS: Final = {"table": None, "expected": expected_lead, "network": network_lead}
"""The evaluation function of each kind of :attr:`Level.evaluation`."""


@attrs.frozen
class Level:
    """One level of :data:`LEVELS`: a bot's every setting, written out.

    A level is played either by the greedy heuristic with some noise (``engine`` is
    ``"greedy"``: :class:`NoisyGreedyAgent`, or :class:`~burraco.GreedyAgent` itself when
    ``noise`` is 0) or by the search (``engine`` is ``"search"``:
    :class:`~burraco.SearchAgent` with ``simulations``, ``candidates``, ``depth`` and
    ``margin`` (and ``draw_margin``), its deals dealt uniformly or by
    :class:`~burraco.inference.InferenceSampler`,
    its rollouts valued by the table as it stands or by
    :func:`~burraco.search.expected_lead`). The search's fields are 0 for a greedy level.
    """

    name: str
    """The name :func:`~burraco.make_agent` knows it by, ``"level1"`` to ``"level6"``."""
    title: str
    """A name for players: ``"beginner"`` to ``"expert"``."""
    engine: Literal["greedy", "search"]
    """What plays: the greedy heuristic or the search."""
    noise: float
    """For the greedy engine, the chance of a random legal action at each decision."""
    simulations: int
    """For the search, the most sampled deals per decision (its only budget: no clock)."""
    candidates: int
    """For the search, how many play-phase actions it compares."""
    depth: int
    """For the search, how many turns a rollout plays."""
    margin: float
    """For the search, the least average gain in points for which it overrules the greedy
    heuristic's choice (:data:`~burraco.search.DEFAULT_MARGIN` today, written out so that a
    change of the default leaves the level alone)."""
    inference: tuple[float, float, float] | None
    """For the search, ``None`` to deal the hidden cards uniformly
    (:func:`~burraco.determinize`), or the factors ``(discarded, refused, unmelded)`` of the
    :class:`~burraco.inference.InferenceSampler` that deals them by what the other seats did."""
    description: str
    """What the level plays like, in a sentence."""
    evaluation: Literal["table", "expected", "network"] = attrs.field(
        default="table", validator=attrs.validators.in_(("table", "expected", "network"))
    )
    """For the search, how a rollout's last position is valued: ``"table"``, the hand scored
    as it stands (the search's default), ``"expected"``,
    :func:`~burraco.search.expected_lead` (a line fitted per stage of the stock), or
    ``"network"``, :func:`network_lead` (a small network trained on played hands)."""
    draw_margin: float | None = None
    """For the search, the margin at the draw, between the stock and the discard pile
    (``None``: :attr:`margin`)."""

    def build(self, seed: int | str | bytes | None = None) -> Agent:
        """A new bot of this level, its random generator seeded with ``seed`` (``None``: from
        the system). The same seed gives the same decisions from the same views.

        >>> LEVELS["level4"].build(seed=1)
        SearchAgent(simulations=8, candidates=3, seed=1)
        """
        if self.engine == "greedy":
            if self.noise == 0:
                return GreedyAgent(seed=seed)
            return NoisyGreedyAgent(self.noise, seed=seed)
        sampler = None
        if self.inference is not None:
            discarded, refused, unmelded = self.inference
            sampler = InferenceSampler(discarded=discarded, refused=refused, unmelded=unmelded)
        return SearchAgent(
            simulations=self.simulations,
            time_per_move=None,
            candidates=self.candidates,
            depth=self.depth,
            seed=seed,
            sampler=sampler,
            evaluation=_EVALUATIONS[self.evaluation],
            margin=self.margin,
            draw_margin=self.draw_margin,
        )

    @property
    def settings(self) -> str:
        """The level's settings in a line, as the docs' table shows them.

        >>> LEVELS["level2"].settings
        'greedy, noise 0.2'
        """
        if self.engine == "greedy":
            return f"greedy, noise {self.noise:g}"
        if self.inference is None:
            deals = "uniform deals"
        else:
            discarded, refused, unmelded = self.inference
            deals = (
                f"inference deals (discarded {discarded:g}, refused {refused:g}, "
                f"unmelded {unmelded:g})"
            )
        valued = {"table": "", "expected": ", expected lead", "network": ", network lead"}[
            self.evaluation
        ]
        at_draw = "" if self.draw_margin is None else f" ({self.draw_margin:g} at the draw)"
        return (
            f"search, simulations {self.simulations}, candidates {self.candidates}, "
            f"depth {self.depth}, margin {self.margin:g}{at_draw}, {deals}{valued}"
        )


def _greedy(name: str, title: str, noise: float, description: str) -> Level:
    return Level(name, title, "greedy", noise, 0, 0, 0, 0.0, None, description)


def _search(
    name: str,
    title: str,
    simulations: int,
    candidates: int,
    depth: int,
    margin: float,
    inference: tuple[float, float, float] | None,
    description: str,
    evaluation: Literal["table", "expected", "network"] = "table",
    draw_margin: float | None = None,
) -> Level:
    return Level(
        name,
        title,
        "search",
        0.0,
        simulations,
        candidates,
        depth,
        margin,
        inference,
        description,
        evaluation,
        draw_margin,
    )


LEVELS: Final[Mapping[str, Level]] = MappingProxyType(
    {
        level.name: level
        for level in (
            _greedy(
                "level1",
                "beginner",
                0.75,
                "Mostly random: three decisions in four are a random legal action, the rest "
                "the greedy heuristic's.",
            ),
            _greedy(
                "level2",
                "casual",
                0.2,
                "The greedy heuristic with a slip one decision in five: a random legal action.",
            ),
            _greedy(
                "level3",
                "intermediate",
                0.0,
                "The greedy heuristic: sensible one-move-ahead play, about 0.05 ms a decision.",
            ),
            _search(
                "level4",
                "advanced",
                8,
                3,
                5,
                20.0,
                None,
                "The search at a small budget: 8 uniformly sampled deals per decision, the "
                "heuristic's 3 best actions compared.",
            ),
            _search(
                "level5",
                "expert",
                48,
                4,
                5,
                10.0,
                (0.1, 1.0, 0.05),
                "The search with 48 sampled deals per decision, the hidden cards dealt by what "
                "the other seats discarded, refused and did not meld, each rollout valued by "
                "the lead the hand is expected to end with, the heuristic's choice overruled "
                "for a gain of 10 points (at the draw, any gain) by two standard errors.",
                "expected",
                0.0,
            ),
            _search(
                "level6",
                "experimental",
                48,
                4,
                5,
                10.0,
                (0.1, 1.0, 0.05),
                "An experiment: level5's search with each rollout's end valued by a small "
                "neural network trained on played hands instead of a fitted line (4 players; "
                "other numbers of players play as level5); it measured level5's equal.",
                "network",
                0.0,
            ),
        )
    }
)
"""The levels by name, ``"level1"`` (weakest) to ``"level5"`` (strongest), in that order, then
``"level6"``, an experiment: level5 with a learned evaluation, which measured level5's equal
(the docs' learned-player page).

A level's settings are fixed: a release that changes a level's play says so in its
changelog. Measured strengths and times are in the docs' ladder page."""


def level_agent(name: str, seed: int | str | bytes | None = None) -> Agent:
    """A new bot of level ``name`` (``"level1"`` to ``"level6"``), seeded with ``seed``.

    >>> level_agent("level2", seed=4)
    NoisyGreedyAgent(0.2, seed=4)

    Raises:
        ValueError: if ``name`` is not a level; the message lists the levels.
    """
    level = LEVELS.get(name)
    if level is None:
        raise ValueError(f"unknown level {name!r}: choose from {', '.join(LEVELS)}")
    return level.build(seed)
