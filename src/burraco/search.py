"""A search agent: determinized rollouts from what one seat may see.

:class:`SearchAgent` plays by perfect-information Monte Carlo (PIMC). At a decision it takes
the few actions the :class:`~burraco.GreedyAgent` heuristic likes best (the two draws, or its
best melds and discards), then, many times over, deals the cards it cannot see at random in a
way that agrees with its :class:`~burraco.PlayerView` (:func:`~burraco.determinize`), plays
each candidate in that deal and lets greedy players go on until ``depth`` turns have been
played, counting the seat's own turn as the first: with the default 5, up to the end of the
seat's next turn. Every candidate is judged at the same point of the hand, whether it ends
the seat's turn (a discard) or not (a meld), so holding cards back gains no extra turn. The
table is then scored as it stands (points on the table, the cards in hand at a discount since
they may still be melded, the pozzetto, melds close to a burraco), or exactly if the hand has
ended. Every candidate is tried on the same deals, so the comparison is between actions, not
between lucky and unlucky deals. The heuristic's own choice is played unless another
candidate gains on average at least 20 points (the ``margin``) and two standard errors:
rollouts are noisy, and a search that chases noise plays worse than the heuristic it starts
from. The draw may have a margin of its own (``draw_margin``): level5 takes the other draw
whenever it measures better by two standard errors, however small the gain.

The budget goes where the decision is open. After 4 sampled deals, and every 2 after, a
candidate that could not reach that margin even two standard errors above its average is
dropped, and once only the heuristic's choice is left the agent plays it: most decisions are
settled in a few deals, and the close ones get the whole budget.

The agent decides from the view alone, never from the state: two states that differ only in
cards hidden from its seat get the same choices from agents with the same seed.

The budget is a largest number of sampled deals per decision (``simulations``: the same
choices on any machine, whatever its load) and/or a time per decision (``time_per_move``:
stronger on a faster machine, and not reproducible).

>>> from burraco.agents import GreedyAgent, play_hand
>>> final = play_hand([SearchAgent(simulations=1, depth=2, seed=1), GreedyAgent()] * 2, seed=4)
>>> final.is_over
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Final, TypeAlias

import attrs

from burraco._bots.rollout import rollout as _rollout
from burraco._bots.value import expected_lead as _expected_lead
from burraco.actions import Action, DrawStock, TakeDiscardPile
from burraco.agents import GreedyAgent
from burraco.cards import Card
from burraco.engine import apply
from burraco.state import GameState, Phase
from burraco.views import PlayerView, determinize

__all__ = ["Evaluation", "Sampler", "SearchAgent", "expected_lead"]

Sampler: TypeAlias = Callable[[PlayerView, random.Random], GameState]
"""A way to deal the hidden cards of a view: given the view and the agent's random
generator, a full state that gives exactly that view to its seat (as
:func:`~burraco.determinize` does, the default; :class:`burraco.inference.InferenceSampler`
weights the deal by what the other seats did)."""

Evaluation: TypeAlias = Callable[[GameState, int], float]
"""How the search values the state at the end of a rollout for a team: its lead in points
over the best other team (the default scores the hand as it stands; :func:`expected_lead`
estimates the lead the hand will end with; one that weighs the race to close was tried and
set aside: ``benchmarks/club_evaluation.py`` in the repository's history, up to commit
881858a)."""


def expected_lead(state: GameState, team: int) -> float:
    """``team``'s expected lead in points over the best other team when the hand ends, as
    greedy players would play it on: an :data:`Evaluation` for ``SearchAgent(evaluation=...)``
    (level5's).

    A hand that is over is scored exactly. For one that goes on, the estimate is a linear
    fit to thousands of hands played by :class:`~burraco.GreedyAgent` at every seat (the
    search's rollout policy), made once under the classic rules for each number of players,
    2, 3, 4 and 6 (other rules use the weights of their number of players), with one set of
    weights per quarter of the stock. It weighs what scoring the hand as it stands
    misjudges: with 4 players, a wild card in hand adds some 30 to 45 points to a team's
    prospects and a natural card one of its melds takes some 25 to 40, the points of the
    cards in hand count for next to nothing until the hand has ended, and a team that may
    close gains some 15 to 60 points, 35 to 95 with a seat down to two cards, and some 40 to
    80 more once a seat is down to its last card. The features and the weights are in the
    docs' search reference; the script that made the fit, ``benchmarks/value_fit.py``, is in
    the repository's history (up to commit 881858a).

    >>> from burraco import CLASSIC, new_game
    >>> start = new_game(CLASSIC, seed=1)
    >>> expected_lead(start, 0) == -expected_lead(start, 1)  # a lead is the other's loss
    True

    Raises:
        IndexError: if ``team`` is not a team of the state's rules.
    """
    if not 0 <= team < len(state.melds):
        raise IndexError(f"team must be from 0 to {len(state.melds) - 1}, not {team!r}")
    return _expected_lead(state, team)


DEFAULT_SIMULATIONS: Final = 16
"""The most sampled deals per decision when neither ``simulations`` nor ``time_per_move`` is
given (on the development machine, about 25 ms of processor time per decision on average in
pure Python and 13 ms compiled: ``benchmarks/rl_peers.py --agents``)."""

DEFAULT_DEPTH: Final = 5
"""Turns a rollout plays by default, the seat's own first: up to the end of its next turn."""

DEFAULT_MARGIN: Final = 20.0
"""The least average gain, in points, for which the search overrules the greedy choice by
default (``SearchAgent(margin=...)``)."""

_CONFIDENCE: Final = 2.0
"""How many standard errors that gain must measure before the search overrules greedy."""

_HOPE: Final = 2.0
"""How many standard errors above its mean gain a candidate's true gain might lie: one that
cannot reach the margin even so is dropped, and its rollouts go to the others."""

_FIRST_LOOK: Final = 4
"""Sampled deals after which, and every :data:`_LOOK_EVERY` deals after, candidates that
cannot win are dropped; when only the greedy choice is left, the decision is made."""

_LOOK_EVERY: Final = 2
"""Sampled deals between looks at which candidates are still in the running."""


def _gain(values: list[float], first: list[float]) -> tuple[float, float]:
    """The mean of the paired differences ``values - first`` over the deals both were tried
    on, and its standard error (infinite from a single deal)."""
    differences = [mine - theirs for mine, theirs in zip(values, first, strict=True)]
    gain = math.fsum(differences) / len(differences)
    if len(differences) < 2:
        return gain, math.inf
    return gain, _stdev(differences) / math.sqrt(len(differences))


_SQRT_BITS: Final = 2 * 53 + 3
"""The bits of a square root worked out before it is rounded to a float (as
:func:`statistics.stdev` does: enough to round correctly)."""


def _stdev(values: list[float]) -> float:
    """:func:`statistics.stdev` of two or more floats, the same float for less: the exact
    sample variance (the values as integers over a common power of two), then its square
    root correctly rounded. A value that is not finite is left to :mod:`statistics`.

    >>> import statistics
    >>> values = [35.0, -12.4, 0.1, 240.6, -0.1, 17.25]
    >>> _stdev(values) == statistics.stdev(values), _stdev([2.5, 2.5]), _stdev([1.0, 2.0])
    (True, 0.0, 0.7071067811865476)
    """
    if not all(map(math.isfinite, values)):
        import statistics  # here, not at the top: a costly import that ``import burraco`` avoids

        return statistics.stdev(values)
    ratios = [value.as_integer_ratio() for value in values]  # denominators: powers of two
    shift = max([denominator.bit_length() for _, denominator in ratios]) - 1
    scaled = [
        numerator << (shift + 1 - denominator.bit_length()) for numerator, denominator in ratios
    ]
    count = len(scaled)
    total = sum(scaled)
    numerator = count * sum([value * value for value in scaled]) - total * total
    denominator = count * (count - 1) << 2 * shift
    common = math.gcd(numerator, denominator)
    numerator, denominator = numerator // common, denominator // common
    # the square root of numerator / denominator, correctly rounded: round to odd with
    # _SQRT_BITS bits, then one rounding to a float
    q = (numerator.bit_length() - denominator.bit_length() - _SQRT_BITS) // 2
    if q >= 0:
        return float(_isqrt_odd(numerator, denominator << 2 * q) << q)
    return _isqrt_odd(numerator << -2 * q, denominator) / (1 << -q)


def _isqrt_odd(numerator: int, denominator: int) -> int:
    """The square root of ``numerator / denominator``, rounded to an integer by round-to-odd."""
    root = math.isqrt(numerator // denominator)
    return root | (root * root * denominator != numerator)


def _pick(values: list[list[float]], alive: Sequence[int], margin: float) -> int:
    """The candidate to play, given each one's results on the same sampled deals.

    Candidate 0 (the greedy heuristic's choice) is played unless another of the ``alive``
    ones beats it on average by at least ``margin`` points and by :data:`_CONFIDENCE`
    standard errors of the paired differences: rollouts are noisy, and chasing noise plays
    worse than greedy.
    """
    best, best_gain = 0, 0.0
    for index in alive:
        if index == 0:
            continue
        gain, error = _gain(values[index], values[0])
        if gain >= margin and gain >= _CONFIDENCE * error and gain > best_gain:
            best, best_gain = index, gain
    return best


def _hopeful(values: list[list[float]], alive: list[int], margin: float) -> list[int]:
    """The ``alive`` candidates still worth sampling: the greedy choice, and those whose gain
    over it could yet reach ``margin`` (the mean plus :data:`_HOPE` standard errors)."""
    kept = [0]
    for index in alive:
        if index == 0:
            continue
        gain, error = _gain(values[index], values[0])
        if gain + _HOPE * error >= margin:
            kept.append(index)
    return kept


def _points_at_least_0(name: str, value: object) -> float:
    """``value`` as a float, or a :class:`ValueError` naming ``name`` if it is not a number
    of points of at least 0."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not value >= 0:
        raise ValueError(f"{name} must be a number of points of at least 0, not {value!r}")
    return float(value)


def _name(evaluation: Evaluation) -> str:
    """A function by its module and name (``burraco.search.expected_lead``), else its repr."""
    module = getattr(evaluation, "__module__", None)
    name = getattr(evaluation, "__qualname__", None)
    if isinstance(module, str) and isinstance(name, str) and not isinstance(evaluation, type):
        return f"{module}.{name}" if "<" not in name else repr(evaluation)
    return repr(evaluation)


@attrs.define(repr=False)
class _Budget:
    simulations: int | None
    seconds: float | None

    def more(self, done: int, start: float) -> bool:
        if self.simulations is not None and done >= self.simulations:
            return False
        if self.seconds is not None and done > 0:
            return time.perf_counter() - start < self.seconds
        return True


class SearchAgent:
    """A determinized-search agent (PIMC with greedy rollouts); see the module docstring.

    Args:
        simulations: the most sampled deals per decision. Each candidate action still in
            the running is played out once in every deal; a decision ends sooner when only
            the heuristic's choice is left. With only this budget the agent's choices are a
            function of the view, the legal actions and the seed: reproducible on any
            machine.
        time_per_move: seconds per decision; the agent samples deals until the time is up
            (at least one). Given together with ``simulations``, whichever ends first.
            With neither, ``simulations`` is :data:`DEFAULT_SIMULATIONS`.
        candidates: how many of the greedy heuristic's preferred actions are searched at a
            play-phase decision (the draw always compares both draws).
        depth: how many turns a rollout plays, the seat's own turn first, before the table
            is scored (:data:`DEFAULT_DEPTH`: up to the end of the seat's next turn in a
            four-player hand).
        seed: the seed of the agent's random generator (``None``: from the system).
        sampler: how the hidden cards are dealt in each sampled deal (a :data:`Sampler`;
            ``None``: :func:`~burraco.determinize`, uniformly among the deals the view
            allows). It must give states whose view of the seat is the view it is given.
        evaluation: how the table is valued at the end of a rollout, for the seat's team (an
            :data:`Evaluation`; ``None``: the hand scored as it stands, with credit for melds
            near a burraco).
        margin: the least average gain over the heuristic's choice, in points per sampled
            deal, for which another candidate is played (it must also measure two standard
            errors); :data:`DEFAULT_MARGIN` by default. A smaller margin lets the search
            overrule the heuristic more often, which pays only with enough deals.
        draw_margin: the same at the draw, between the stock and the discard pile (``None``:
            ``margin``). A draw compares only those two, both searched on every deal, so
            the heuristic's choice needs less benefit of the doubt there: level5 plays with
            0, the other draw whenever it does better by two standard errors.

    >>> SearchAgent(simulations=32, seed=5)
    SearchAgent(simulations=32, seed=5)

    Raises:
        ValueError: if a budget, ``candidates`` or ``depth`` is not positive, or ``margin``
            or ``draw_margin`` is negative.
    """

    __slots__ = (
        "_budget",
        "_evaluation",
        "_greedy",
        "_policy",
        "_random",
        "_sampler",
        "candidates",
        "depth",
        "draw_margin",
        "margin",
        "seed",
    )

    def __init__(
        self,
        simulations: int | None = None,
        time_per_move: float | None = None,
        *,
        candidates: int = 4,
        depth: int = DEFAULT_DEPTH,
        seed: int | str | bytes | None = None,
        sampler: Sampler | None = None,
        evaluation: Evaluation | None = None,
        margin: float = DEFAULT_MARGIN,
        draw_margin: float | None = None,
    ) -> None:
        if simulations is None and time_per_move is None:
            simulations = DEFAULT_SIMULATIONS
        if simulations is not None and (
            isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1
        ):
            raise ValueError(
                f"simulations must be a whole number of at least 1, not {simulations!r}"
            )
        if time_per_move is not None and not time_per_move > 0:
            raise ValueError(
                f"time_per_move must be a positive number of seconds, not {time_per_move!r}"
            )
        if isinstance(candidates, bool) or not isinstance(candidates, int) or candidates < 2:
            raise ValueError(f"candidates must be a whole number of at least 2, not {candidates!r}")
        margin = _points_at_least_0("margin", margin)
        if draw_margin is not None:
            draw_margin = _points_at_least_0("draw_margin", draw_margin)
        self._budget = _Budget(simulations, time_per_move)
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
            raise ValueError(f"depth must be a whole number of at least 1, not {depth!r}")
        self.depth: Final = depth
        """How many turns a rollout plays, the seat's own first, before the hand is evaluated
        as it stands."""
        self.candidates: Final = candidates
        """How many play-phase actions are searched."""
        self.margin: Final = margin
        """The least average gain, in points, for which the heuristic's choice is overruled."""
        self.draw_margin: Final = margin if draw_margin is None else draw_margin
        """The same at the draw (the stock or the discard pile)."""
        self.seed: Final = seed
        """The seed the agent's random generator started from."""
        self._random = random.Random(seed)
        self._greedy = GreedyAgent()
        self._policy = GreedyAgent()
        self._sampler: Sampler = determinize if sampler is None else sampler
        self._evaluation = evaluation

    @property
    def simulations(self) -> int | None:
        """Sampled deals per decision (``None``: as many as ``time_per_move`` allows)."""
        return self._budget.simulations

    @property
    def time_per_move(self) -> float | None:
        """Seconds per decision, or ``None`` for a budget of simulations only."""
        return self._budget.seconds

    def __repr__(self) -> str:
        parts = []
        if self.simulations is not None:
            parts.append(f"simulations={self.simulations}")
        if self.time_per_move is not None:
            parts.append(f"time_per_move={self.time_per_move}")
        if self.candidates != 4:
            parts.append(f"candidates={self.candidates}")
        if self.depth != DEFAULT_DEPTH:
            parts.append(f"depth={self.depth}")
        if self.margin != DEFAULT_MARGIN:
            parts.append(f"margin={self.margin:g}")
        if self.draw_margin != self.margin:
            parts.append(f"draw_margin={self.draw_margin:g}")
        parts.append(f"seed={self.seed!r}")
        if self._sampler is not determinize:
            parts.append(f"sampler={self._sampler!r}")
        if self._evaluation is not None:
            parts.append(f"evaluation={_name(self._evaluation)}")
        return f"SearchAgent({', '.join(parts)})"

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        """The candidate action whose sampled deals end best for the seat's team.

        Raises:
            ValueError: if ``legal_actions`` is empty (the hand is over).
        """
        if not legal_actions:
            raise ValueError("no legal action to choose from: the hand is over")
        if len(legal_actions) == 1 or view.hand is None:
            return self._greedy.choose(view, legal_actions)
        candidates = self._candidates(view, view.hand, legal_actions)
        if len(candidates) == 1:
            return candidates[0]
        values: list[list[float]] = [[] for _ in candidates]
        alive = list(range(len(candidates)))
        margin = self.draw_margin if view.phase is Phase.DRAW else self.margin
        start = time.perf_counter()
        done = 0
        while self._budget.more(done, start):
            world = self._sampler(view, self._random)
            for index in alive:
                values[index].append(
                    _rollout(
                        apply(world, candidates[index]),
                        self._policy,
                        view.seat,
                        view.team,
                        self.depth,
                        self._evaluation,
                    )
                )
            done += 1
            if done >= _FIRST_LOOK and (done - _FIRST_LOOK) % _LOOK_EVERY == 0:
                alive = _hopeful(values, alive, margin)
                if len(alive) == 1:
                    break
        return candidates[_pick(values, alive, margin)]

    def _candidates(
        self, view: PlayerView, hand: tuple[Card, ...], legal_actions: Sequence[Action]
    ) -> list[Action]:
        """The actions worth searching, the greedy agent's own choice first."""
        first = self._greedy.choose(view, legal_actions)
        if view.phase is Phase.DRAW:
            others = [
                a for a in (DrawStock(), TakeDiscardPile()) if a != first and a in legal_actions
            ]
            return [first, *others]
        melds, discards = self._greedy._scored(view, hand, legal_actions)
        ranked = sorted(melds, key=lambda item: (-item[0], str(item[1])))[: self.candidates // 2]
        ranked += sorted(discards, key=lambda item: (-item[0], str(item[1])))[
            : self.candidates - len(ranked)
        ]
        chosen = [first]
        for _, action in sorted(ranked, key=lambda item: -item[0]):
            if action not in chosen:
                chosen.append(action)
        return chosen[: self.candidates]
