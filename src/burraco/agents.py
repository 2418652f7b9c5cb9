"""Bots that play Burraco, and helpers that let them play whole hands and matches.

An :class:`Agent` is anything with a ``choose(view, legal_actions)`` method: it is shown a
:class:`~burraco.PlayerView` (what its seat may see, never the whole
:class:`~burraco.GameState`) and the legal actions, and returns one of them. Two reference
agents are built in:

* :class:`RandomAgent` picks uniformly among the legal actions;
* :class:`GreedyAgent` plays a sensible one-move-ahead game: it takes the discard pile when
  the pile helps, melds for points and burracos, keeps its wild cards for burracos, heads for
  the pozzetto early, closes when it can, and discards what helps the next player least.

:class:`~burraco.SearchAgent` (in :mod:`burraco.search`) plays stronger by searching, and
:mod:`burraco.duel` measures how much stronger one agent is than another.

:func:`play_hand` deals a hand and lets the agents play it out; :func:`play_out` finishes a
hand from any position; :func:`play_match` plays hands until a team reaches the target.

>>> final = play_hand([GreedyAgent(), RandomAgent(1), GreedyAgent(), RandomAgent(2)], seed=5)
>>> final.is_over
True
"""

from __future__ import annotations

import ast
import importlib
import inspect
import random
import re
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final, Protocol

from burraco._bots import greedy as _greedy
from burraco.actions import Action
from burraco.cards import Card
from burraco.engine import apply, legal_actions, new_game
from burraco.errors import AgentError, IllegalActionError, Reason, exception_text
from burraco.match import Match
from burraco.rules import CLASSIC, Rules
from burraco.scoring import score_hand
from burraco.state import GameState
from burraco.views import PlayerView, observe

__all__ = [
    "AGENT_NAMES",
    "BUILT_IN",
    "Agent",
    "GreedyAgent",
    "RandomAgent",
    "make_agent",
    "play_hand",
    "play_match",
    "play_out",
]

MAX_ACTIONS: Final = 100_000
"""A hand that has not ended after this many actions is taken to be an engine fault."""


class Agent(Protocol):
    """A player: anything with a :meth:`choose` method.

    An agent decides from what its seat may see. :func:`play_hand`, :func:`play_out` and
    :func:`play_match` call :meth:`choose` at every decision of the agent's seat, with
    ``observe(state, seat)`` and ``legal_actions(state)``. An agent may keep memory between
    calls (a seeded random generator, what it has seen discarded), but it never receives the
    state itself.

    >>> class FirstAgent:
    ...     def choose(self, view, legal_actions):
    ...         return legal_actions[0]
    >>> play_hand([FirstAgent()] * 4, seed=1).is_over
    True
    """

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        """Return one of ``legal_actions`` (never empty) for the seat of ``view``."""
        ...


class RandomAgent:
    """An agent that picks uniformly at random among the legal actions.

    It has its own :class:`random.Random`, seeded with ``seed`` (``None`` seeds it from the
    operating system), so a seeded agent makes the same choices from the same inputs.

    >>> agent = RandomAgent(seed=7)
    >>> agent
    RandomAgent(seed=7)
    """

    __slots__ = ("_random", "seed")

    def __init__(self, seed: int | str | bytes | None = None) -> None:
        self.seed: Final = seed
        """The seed the agent's random generator started from."""
        self._random = random.Random(seed)

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        """A uniformly random member of ``legal_actions``.

        Raises:
            ValueError: if ``legal_actions`` is empty (the hand is over).
        """
        if not legal_actions:
            raise ValueError("no legal action to choose from: the hand is over")
        return legal_actions[self._random.randrange(len(legal_actions))]

    def __repr__(self) -> str:
        return f"RandomAgent(seed={self.seed!r})"


# --- the greedy agent ---------------------------------------------------------------------------


class GreedyAgent:
    """A heuristic agent that looks one action ahead.

    At the draw it takes the discard pile when the pile's cards meld with its hand or its team's
    melds (a one-card pile only then, which keeps it out of stalemates), and draws from the
    stock otherwise; holding three cards or fewer, when running out would close the hand or take
    the pozzetto, it takes a small pile only if that lets it go out at once. In the play phase
    it scores each legal meld by the points it lays down, the burraco bonus it earns, its
    progress towards a burraco, and how near it brings the pozzetto (every card melded counts
    while the team has yet to take it, and emptying the hand takes it at once); it lays the best
    one while any is worth laying, keeping wild cards for burracos until the stock runs low.
    Then it discards the card that costs least: never a wild; rather not a card that fits the
    opponents' melds or makes a meld with the cards the next player is known to hold (taken with
    the pile), since the next player would take the pile for it; rather a card of a rank the
    next player threw away, one that does not connect with its own cards, and early in the hand
    a low one (a high card scores more once melded) but late in the hand a high one. Going down
    to one card with the pozzetto taken and a burraco laid, the last discard closes the hand.

    The agent looks only at the view; its choices are a function of the view and the legal
    actions (not their order). Among equally good actions it takes the first in notation order,
    or, given a ``seed``, a random one from its own :class:`random.Random`.

    The queen of spades on the pile makes a set with the two queens of diamonds in hand, so
    the greedy agent takes the pile:

    >>> from burraco.cards import format_cards
    >>> from burraco.engine import new_game
    >>> state = new_game(seed=0)
    >>> format_cards(state.discard_pile), format_cards(state.hand)
    ('QS', 'AS 7H 10H JH KH 2D 5D 5D QD QD 7C')
    >>> print(GreedyAgent().choose(observe(state, state.turn), legal_actions(state)))
    pick
    """

    __slots__ = ("_random", "seed")

    def __init__(self, seed: int | str | bytes | None = None) -> None:
        self.seed: Final = seed
        """The seed for breaking ties, or ``None`` to take the first best action."""
        self._random = random.Random(seed) if seed is not None else None

    def __repr__(self) -> str:
        return "GreedyAgent()" if self.seed is None else f"GreedyAgent(seed={self.seed!r})"

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        """The best of ``legal_actions`` by the agent's heuristic.

        Raises:
            ValueError: if ``legal_actions`` is empty (the hand is over).
        """
        return _greedy.choose(view, legal_actions, self._random)

    def _best(self, scored: list[tuple[float, Action]]) -> tuple[float, Action]:
        """The best-valued item of ``scored``, ties broken as :meth:`choose` breaks them."""
        return _greedy.best_of(scored, self._random)

    def _scored(
        self, view: PlayerView, hand: tuple[Card, ...], legal_actions: Sequence[Action]
    ) -> tuple[list[tuple[float, Action]], list[tuple[float, Action]]]:
        """The play-phase actions with their values: the melds, and the discards."""
        return _greedy.scored(view, hand, legal_actions)


# --- playing hands and matches ------------------------------------------------------------------

StepHook = Callable[[GameState, Action, GameState], None]
"""Called after each action with the state before it, the action, and the state after it."""


def _agent_name(agent: object) -> str:
    return type(agent).__name__


def play_out(
    state: GameState,
    agents: Sequence[Agent],
    *,
    on_action: StepHook | None = None,
) -> GameState:
    """Let ``agents`` (one per seat, by seat number) play ``state`` to the end of the hand.

    At each decision the agent of ``state.turn`` is asked to choose with
    ``observe(state, state.turn)`` and ``legal_actions(state)``. ``on_action``, if given, is
    called after each action with the state before it, the action and the state after it (to
    print or record the hand). A state that is already over is returned as it is.

    >>> from burraco.actions import DrawStock
    >>> from burraco.engine import new_game
    >>> state = apply(new_game(seed=4), DrawStock())
    >>> play_out(state, [GreedyAgent()] * 4).is_over
    True

    Raises:
        ValueError: if there is not exactly one agent per seat.
        AgentError: if an agent chooses an action that is not legal, or raises an exception
            (an :class:`~burraco.IllegalActionError` too): the message names the agent's class
            and seat, ``reason`` says why the action is illegal (``agent-failed`` if the agent
            raised) and ``state`` is the position in which it failed.
        RuntimeError: if the hand goes on for more than
            :data:`~burraco.agents.MAX_ACTIONS` actions (an engine fault: every hand ends).
    """
    agents = tuple(agents)
    if len(agents) != len(state.hands):
        raise ValueError(
            f"a hand of {len(state.hands)} players needs {len(state.hands)} agents, "
            f"one per seat, not {len(agents)}"
        )
    for _ in range(MAX_ACTIONS):
        actions = legal_actions(state)
        if not actions:
            return state
        seat = state.turn
        agent = agents[seat]
        try:
            action = agent.choose(observe(state, seat), actions)
        except Exception as error:
            raise AgentError(
                seat,
                _agent_name(agent),
                reason=Reason.AGENT_FAILED,
                error=exception_text(error),
                state=state,
            ) from error
        try:
            after = apply(state, action)
        except IllegalActionError as error:
            raise AgentError(
                seat,
                _agent_name(agent),
                reason=error.reason,
                action=action,
                detail=error.detail,
                state=state,
            ) from None
        if on_action is not None:
            on_action(state, action, after)
        state = after
    raise RuntimeError(f"the hand did not end within {MAX_ACTIONS} actions")


def play_hand(
    agents: Sequence[Agent],
    rules: Rules = CLASSIC,
    seed: int | str | bytes | None = None,
    *,
    dealer: int = 0,
    on_action: StepHook | None = None,
) -> GameState:
    """Deal a hand and let ``agents`` (one per seat) play it; return the final state.

    ``seed`` and ``dealer`` go to :func:`~burraco.new_game`; with a seed and seeded agents,
    the hand is the same on every run. ``on_action`` is as for :func:`play_out`. Score the
    result with :func:`~burraco.score_hand`.

    >>> from burraco.scoring import score_hand
    >>> final = play_hand([GreedyAgent(), RandomAgent(1), GreedyAgent(), RandomAgent(2)], seed=3)
    >>> final.is_over, len(score_hand(final).teams)
    (True, 2)

    Raises:
        ValueError: if there is not exactly one agent per seat of ``rules``, or ``dealer`` is
            not a seat.
        AgentError: if an agent chooses an illegal action or raises (see :func:`play_out`);
            its ``deal`` is ``seed``.
    """
    if len(agents) != rules.players:
        raise ValueError(
            f"{rules.players} players need {rules.players} agents, one per seat, not {len(agents)}"
        )
    try:
        return play_out(new_game(rules, seed=seed, dealer=dealer), agents, on_action=on_action)
    except AgentError as error:
        raise error.in_context(deal=seed) from error.__cause__


def play_match(
    agents: Sequence[Agent],
    rules: Rules = CLASSIC,
    seed: int | str | bytes | None = None,
    *,
    max_hands: int = 200,
    on_action: StepHook | None = None,
) -> Match:
    """Play hands with ``agents`` (one per seat) until a team wins the match; return it.

    The first hand is dealt by seat 0 and the deal passes to the left
    (:attr:`~burraco.Match.dealer`). Each hand's deal is seeded from ``seed``, so a seeded
    match between seeded agents is the same on every run. Team ``t`` is seats ``t``,
    ``t + teams``, ...: with four players seats 0 and 2 against 1 and 3. ``on_action`` is as
    for :func:`play_out`, called through every hand (a :class:`~burraco.record.History`
    collects the match's record).

    >>> match = play_match([GreedyAgent(), RandomAgent(1), GreedyAgent(), RandomAgent(2)], seed=1)
    >>> match.winner
    0

    Raises:
        ValueError: if there is not exactly one agent per seat.
        AgentError: if an agent chooses an illegal action or raises (see :func:`play_out`):
            ``hand`` is the number of the hand (from 0), ``deal`` its seed, and ``partial``
            the match of the hands finished before it.
        RuntimeError: if no team has won after ``max_hands`` hands (weak agents may never
            reach the target); the message gives the totals.
    """
    deals = random.Random(seed)
    match = Match.start(rules)
    for hand in range(max_hands):
        if match.is_over:
            return match
        try:
            final = play_hand(
                agents,
                match.hand_rules,  # FIBUR3, FIBUR5: everyone alone after the switch
                deals.getrandbits(64),
                dealer=match.dealer,
                on_action=on_action,
            )
        except AgentError as error:
            raise error.in_context(hand=hand, partial=match) from error.__cause__
        match = match.record(score_hand(final))
    if match.is_over:
        return match
    totals = ", ".join(str(total) for total in match.totals)
    raise RuntimeError(
        f"the match did not end within {max_hands} hands (totals {totals}, target "
        f"{rules.target}); pass a larger max_hands or use stronger agents"
    )


# --- the registry: agents by name --------------------------------------------------------------


AGENT_NAMES: Final = (
    "greedy",
    "random",
    "search",
    "level1",
    "level2",
    "level3",
    "level4",
    "level5",
    "level6",
)
"""The built-in agents :func:`make_agent` knows by name: the three reference bots and the
fixed levels of levels of :data:`burraco.levels.LEVELS`."""

_SPEC = re.compile(r"(?P<target>[A-Za-z_][\w.]*(?::[A-Za-z_]\w*)?)\s*(?:\((?P<args>.*)\))?", re.S)


def _keywords(text: str, spec: str) -> dict[str, Any]:
    """The keyword arguments written between the brackets of an agent specification."""
    try:
        call = ast.parse(f"f({text})", mode="eval").body
    except SyntaxError:
        raise ValueError(f"cannot read the arguments of agent '{spec}'") from None
    assert isinstance(call, ast.Call)
    if call.args or any(keyword.arg is None for keyword in call.keywords):
        raise ValueError(
            f"agent '{spec}': give arguments by keyword only, such as search(simulations=64)"
        )
    keywords: dict[str, Any] = {}
    for keyword in call.keywords:
        assert keyword.arg is not None
        try:
            keywords[keyword.arg] = ast.literal_eval(keyword.value)
        except ValueError:
            raise ValueError(
                f"agent '{spec}': the value of {keyword.arg} must be a literal "
                "(a number, a string, True, False or None)"
            ) from None
    return keywords


BUILT_IN: Final[Mapping[str, str]] = MappingProxyType(
    {
        "greedy": "burraco.agents:GreedyAgent",
        "random": "burraco.agents:RandomAgent",
        "search": "burraco.search:SearchAgent",
        **{f"level{n}": "burraco.levels:LEVELS" for n in range(1, 7)},
    }
)
"""Where each of :data:`AGENT_NAMES` is built: ``module:name`` of its class, or for a level the
mapping of :data:`burraco.levels.LEVELS` (whose :class:`~burraco.levels.Level` builds it),
imported as a user's own ``module:Class`` is. The registry names the players it holds by
their place, so that this module imports none of the players above it (search, levels)."""


def _builtin_agents() -> tuple[Callable[..., object], ...]:
    """The package's agent classes, which all take a ``seed`` keyword."""
    return tuple(
        _import_target(target, name)
        for name, target in BUILT_IN.items()
        if not name.startswith("level")
    )


def _takes_seed(factory: Callable[..., object]) -> bool | None:
    """Whether ``factory`` accepts the keyword ``seed``; ``None`` if that cannot be read.

    The package's own agents are known by identity: in the compiled build their signatures
    cannot be read. Any other callable is asked for its signature.
    """
    if any(factory is known for known in _builtin_agents()):
        return True
    try:
        parameters = inspect.signature(factory).parameters
    except (TypeError, ValueError):  # compiled or built-in callables without a signature
        return None
    return "seed" in parameters or any(
        parameter.kind is inspect.Parameter.VAR_KEYWORD for parameter in parameters.values()
    )


def _import_target(target: str, spec: str) -> Any:
    """What ``module:name`` names, imported."""
    module_name, _, name = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(f"agent '{spec}': cannot import module '{module_name}': {error}") from None
    found = getattr(module, name, None)
    if found is None:
        raise ValueError(f"agent '{spec}': module '{module_name}' has no class or function {name}")
    return found


def _resolve(target: str, spec: str) -> Callable[..., object]:
    built_in = BUILT_IN.get(target)
    if built_in is not None:
        found = _import_target(built_in, spec)
        if target.startswith("level"):
            return found[target].build  # type: ignore[no-any-return]
        return found  # type: ignore[no-any-return]
    if ":" not in target:
        raise ValueError(
            f"unknown agent '{spec}': choose from {', '.join(AGENT_NAMES)}, "
            "or name your own class as module:Class"
        )
    factory = _import_target(target, spec)
    if not callable(factory):
        module_name, _, name = target.partition(":")
        raise ValueError(f"agent '{spec}': module '{module_name}' has no class or function {name}")
    return factory  # type: ignore[no-any-return]


def make_agent(spec: str, seed: int | str | bytes | None = None) -> Agent:
    """Build the agent named by ``spec``, seeded with ``seed``.

    ``spec`` is one of :data:`AGENT_NAMES` (``"random"``, ``"greedy"``, ``"search"``, and the
    fixed levels ``"level1"`` to ``"level6"`` of :data:`burraco.levels.LEVELS`, which take no
    arguments) or
    ``"module:Class"``, a class or function importable from a module; either may be followed
    by keyword arguments in brackets, whose values are Python literals:
    ``"search(simulations=64)"``, ``"mybots:CleverAgent(depth=2)"``. The seed is passed as
    the keyword ``seed`` when the class accepts one: the built-in agents always do; another
    callable when its signature has a ``seed`` parameter or ``**`` keywords, or, if it has no
    signature to read (a compiled class, say), when calling it with the seed raises no
    ``TypeError``. A seed is whatever :class:`random.Random` takes (an int, a string such as
    the command line's ``"7:2"``, bytes), as every built-in agent does.

    >>> make_agent("search(simulations=8)", seed=3)
    SearchAgent(simulations=8, seed=3)
    >>> make_agent("greedy")
    GreedyAgent()

    Raises:
        ValueError: if the name is unknown, the module cannot be imported, the class is
            missing, or the arguments cannot be read; the message says which.
    """
    match = _SPEC.fullmatch(spec.strip())
    if match is None:
        raise ValueError(
            f"cannot read agent '{spec}': write a name ({', '.join(AGENT_NAMES)}) or "
            "module:Class, optionally followed by keyword arguments in brackets"
        )
    keywords = _keywords(match["args"], spec) if match["args"] else {}
    factory = _resolve(match["target"], spec)
    offered = seed is not None and "seed" not in keywords
    takes_seed = _takes_seed(factory) if offered else False
    try:
        if takes_seed is None:
            # no signature to read: offer the seed, and build without it if refused
            try:
                agent = factory(**keywords, seed=seed)
            except TypeError:
                agent = factory(**keywords)
        else:
            if takes_seed:
                keywords["seed"] = seed
            agent = factory(**keywords)
    except TypeError as error:
        raise ValueError(f"agent '{spec}': {error}") from None
    if not callable(getattr(agent, "choose", None)):
        raise ValueError(f"agent '{spec}' has no choose(view, legal_actions) method")
    return agent  # type: ignore[return-value]
