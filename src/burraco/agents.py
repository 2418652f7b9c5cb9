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

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Final, Protocol

from burraco.actions import Action, AddToMeld, Discard, DrawStock, OpenMeld, TakeDiscardPile
from burraco.cards import Card, Rank
from burraco.engine import apply, legal_actions, new_game
from burraco.errors import AgentError, IllegalActionError, InvalidMeldError, Reason, exception_text
from burraco.match import Match
from burraco.melds import Meld, MeldKind, burraco_bonus, extend_meld, validate_meld
from burraco.rules import CLASSIC, Rules
from burraco.scoring import score_hand
from burraco.state import GameState, Phase
from burraco.views import PlayerView, observe

__all__ = [
    "Agent",
    "GreedyAgent",
    "RandomAgent",
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

_LATE_STOCK: Final = 12
"""With this many stock cards or fewer, the hand is near its end: shed points, spend wilds."""
_WILD_KEEP: Final = 1000
"""The cost of discarding a wild card: only when nothing else may be discarded."""
_DIRTY_COST: Final = 25
"""What turning a clean meld dirty costs early in the hand, besides the wild's own points."""
_DIRECT_POZZETTO: Final = 100
"""The value of emptying the hand by melding, which takes the pozzetto at once."""
_PILE_THRESHOLD: Final = 8
"""How good the discard pile must look before the greedy agent takes it."""
_KEEP_CARDS: Final = 4
"""With the pozzetto taken and no burraco, melding below this many cards in hand is costly:
a player left with one card cannot meld again until the team has a burraco."""
_STUCK_COST: Final = 40
"""The cost of each card below ``_KEEP_CARDS``."""
_LENGTH_BONUS: Final = 2
"""Per card of the meld's new length, for adding to a meld that is not yet a burraco."""
_POZZETTO_PUSH = 6
"""Per card melded while the team has yet to take its pozzetto: the emptier the hand, the
sooner the pozzetto comes. Not for a meld that lays a wild, which is kept for burracos."""
_SAFE_DISCARD = 15
"""How much safer a card is to discard when the next player threw away one of its rank."""
_FEED_COST = 40
"""The cost of discarding a card that makes a meld with cards the next player is known to
hold (taken with the pile): it would take the pile again."""
_KEEP_HIGH = 0.3
"""Early in the hand, per point of a card, what discarding it costs: a high card scores more
once melded, and gives more to the next player if it takes the pile for it. Late in the hand
the cost turns around (``-1`` per point): the cards left in hand count against the team."""
_GOING_OUT_HAND: Final = 3
"""With this many cards or fewer in hand, a player for whom running out of cards would close
the hand or take the pozzetto takes a small discard pile only when that lets it go out at
once; otherwise the stock's card, which may be the one it needs, keeps its hand short."""
_SMALL_PILE: Final = 4
"""Piles of this many cards or fewer are taken only to go out (see :data:`_GOING_OUT_HAND`);
a larger pile is worth its cards."""
_FITS_CACHE: Final[dict[tuple[Meld, Card], bool]] = {}
"""Memo of :func:`_fits` under the rules in :data:`_FITS_RULES`: melds stay on the table for
many turns, and bots ask often."""
_FITS_RULES: Final[list[Rules | None]] = [None]
"""The rules :data:`_FITS_CACHE` holds answers for (compared by identity: hashing a
:class:`~burraco.Rules` costs more than the answer)."""


def _is_wild(card: Card) -> bool:
    return card.rank is None or card.rank is Rank.TWO


def _slots(rank: Rank) -> tuple[int, ...]:
    """Where a rank may stand in a sequence: the ace low (1) and high (14)."""
    return (1, 14) if rank is Rank.ACE else (int(rank),)


def _fits(meld: Meld, card: Card, rules: Rules) -> bool:
    """Whether ``card`` alone could be added to ``meld``."""
    if _FITS_RULES[0] is not rules or len(_FITS_CACHE) > 200_000:
        _FITS_CACHE.clear()
        _FITS_RULES[0] = rules
    key = (meld, card)
    known = _FITS_CACHE.get(key)
    if known is None:
        known = _FITS_CACHE[key] = _fits_uncached(meld, card, rules)
    return known


def _fits_uncached(meld: Meld, card: Card, rules: Rules) -> bool:
    if not _is_wild(card):
        if meld.kind is MeldKind.SET and card.rank is not meld.rank:
            return False
        if meld.kind is MeldKind.SEQUENCE and card.suit is not meld.suit:
            return False
    elif meld.wild is not None and not (card.rank is Rank.TWO and card.suit is meld.suit):
        return False
    try:
        extend_meld(meld, (card,), rules)
    except InvalidMeldError:
        return False
    return True


def _connections(card: Card, cards: Counter[Card], rules: Rules) -> tuple[int, int, int]:
    """How ``card`` connects with natural ``cards`` (which may include it once).

    Returns the number of other cards of its rank (when sets of the rank are allowed), of
    same-suit cards one rank away, and of same-suit cards two ranks away.
    """
    rank, suit = card.rank, card.suit
    assert rank is not None and suit is not None
    same_rank = 0
    if rank in rules.set_ranks:
        same_rank = sum(n for other, n in cards.items() if other.rank is rank) - 1
    near = far = 0
    for other, n in cards.items():
        if other.suit is not suit or other.rank is rank or other.rank is None:
            continue
        distance = min(abs(a - b) for a in _slots(rank) for b in _slots(other.rank))
        if distance == 1:
            near += n
        elif distance == 2:
            far += n
    return same_rank, near, far


def _makes_meld(card: Card, cards: Counter[Card], rules: Rules) -> bool:
    """Whether ``card`` and two natural ``cards`` (which include it once) make a meld."""
    rank, suit = card.rank, card.suit
    assert rank is not None and suit is not None
    if rank in rules.set_ranks and sum(n for c, n in cards.items() if c.rank is rank) >= 3:
        return True
    held = {
        slot
        for other in cards
        if other.suit is suit and other.rank is not None
        for slot in _slots(other.rank)
    }
    return any(
        {slot + a, slot + b} <= held
        for slot in _slots(rank)
        for a, b in ((-2, -1), (-1, 1), (1, 2))
    )


def _needs_burraco(view: PlayerView) -> bool:
    """Whether the seat's team can no longer take a pozzetto and has no burraco yet, so that
    its players may not meld down to a last card (rules §7.2)."""
    team = view.team
    return (view.pozzetto_taken[team] or not view.pozzetti_left) and not _has_closing_burraco(
        view.melds[team], view.rules
    )


def _discarded_by_next(view: PlayerView) -> set[Rank | None]:
    """The ranks of the discard pile's cards that the next player threw away.

    The pile holds the discards since it was last taken, one per turn in playing order, so
    counting down from its top the next player's discards are the (players - 1)-th, the
    (2 players - 1)-th, and so on.
    """
    players = len(view.hand_sizes)
    pile = view.discard_pile
    return {pile[-k].rank for k in range(players - 1, len(pile) + 1, players)}


def _has_closing_burraco(melds: Sequence[Meld], rules: Rules) -> bool:
    """Whether ``melds`` hold a burraco that allows closing (a clean one if the rules say so)."""
    clean = rules.closing_needs_clean_burraco
    return any(meld.is_burraco and (meld.is_clean or not clean) for meld in melds)


def _may_go_out(view: PlayerView) -> bool:
    """Whether running out of cards would serve the seat: its team has what closing needs (its
    pozzetto and a burraco), or has yet to take its pozzetto and one is left to take."""
    team = view.team
    if not view.pozzetto_taken[team]:
        return view.pozzetti_left > 0
    return _has_closing_burraco(view.melds[team], view.rules)


def _strays(cards: Sequence[Card], melds: Sequence[Meld], rules: Rules) -> int:
    """How many natural ``cards`` neither fit one of ``melds`` nor make a meld with the
    others: roughly, the cards that would stay in hand after melding what can be melded."""
    naturals = Counter(card for card in cards if not _is_wild(card))
    return sum(
        1
        for card in cards
        if not _is_wild(card)
        and not any(_fits(meld, card, rules) for meld in melds)
        and not _makes_meld(card, naturals, rules)
    )


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
        if not legal_actions:
            raise ValueError("no legal action to choose from: the hand is over")
        if len(legal_actions) == 1:
            return legal_actions[0]
        if view.hand is None:  # a pozzetto it may not look at yet: play blind
            return legal_actions[0] if view.phase is Phase.DRAW else legal_actions[-1]
        if view.phase is Phase.DRAW:
            pick = TakeDiscardPile()
            if pick in legal_actions and self._pile_value(view, view.hand) > _PILE_THRESHOLD:
                return pick
            return DrawStock()
        return self._play(view, view.hand, legal_actions)

    def _best(self, scored: list[tuple[float, Action]]) -> tuple[float, Action]:
        top = max(score for score, _ in scored)
        ties = [item for item in scored if item[0] == top]
        if len(ties) == 1:
            return ties[0]
        ties.sort(key=lambda item: str(item[1]))  # independent of the order of legal_actions
        if self._random is None:
            return ties[0]
        return ties[self._random.randrange(len(ties))]

    @staticmethod
    def _late(view: PlayerView) -> bool:
        """Whether the hand may end soon: a short stock, or an opponent about to close."""
        if view.stock_size <= _LATE_STOCK:
            return True
        teams = len(view.melds)
        for seat, size in enumerate(view.hand_sizes):
            team = seat % teams
            if (
                team != view.team
                and size <= 2
                and view.pozzetto_taken[team]
                and any(meld.is_burraco for meld in view.melds[team])
            ):
                return True
        return False

    def _pile_value(self, view: PlayerView, hand: tuple[Card, ...]) -> float:
        rules = view.rules
        pile = view.discard_pile
        own = view.melds[view.team]
        if len(hand) + len(pile) <= 2 and _needs_burraco(view):
            # one card must stay in hand, and it cannot close: only a burraco helps
            completes = any(
                len(meld.cards) == 6
                and (meld.is_clean or not rules.closing_needs_clean_burraco)
                and _fits(meld, card, rules)
                for card in pile
                for meld in own
            )
            return _PILE_THRESHOLD + 1 if completes else 0
        if len(hand) <= _GOING_OUT_HAND and len(pile) <= _SMALL_PILE and _may_go_out(view):
            # near going out: the pile only to go out now (one card left over, to discard)
            going_out = _strays((*hand, *pile), own, rules) <= 1
            return _PILE_THRESHOLD + 1 if going_out else 0
        naturals = Counter(card for card in (*hand, *pile) if not _is_wild(card))
        late = self._late(view)
        value = 0.0
        for card in pile:
            if _is_wild(card):
                value += 30
            elif any(_fits(meld, card, rules) for meld in own) or _makes_meld(
                card, naturals, rules
            ):
                value += card.points + 10
            else:
                value -= card.points * (1.0 if late else 0.3)
        if not late and len(pile) > 1:
            value += 3 * len(pile)
        return value

    def _scored(
        self, view: PlayerView, hand: tuple[Card, ...], legal_actions: Sequence[Action]
    ) -> tuple[list[tuple[float, Action]], list[tuple[float, Action]]]:
        """The play-phase actions with their values: the melds, and the discards."""
        late = self._late(view)
        melds: list[tuple[float, Action]] = []
        discards: list[tuple[float, Action]] = []
        table: _DiscardTable | None = None
        for action in legal_actions:
            if isinstance(action, Discard):
                if table is None:
                    table = _DiscardTable(view, hand, late)
                discards.append((-table.cost(action.card), action))
            elif isinstance(action, (OpenMeld, AddToMeld)):
                melds.append((self._meld_value(view, hand, action, late), action))
        return melds, discards

    def _play(
        self, view: PlayerView, hand: tuple[Card, ...], legal_actions: Sequence[Action]
    ) -> Action:
        melds, discards = self._scored(view, hand, legal_actions)
        if melds:
            value, action = self._best(melds)
            if value > 0 or not discards:
                return action
        return self._best(discards)[1]

    @staticmethod
    def _meld_value(
        view: PlayerView, hand: tuple[Card, ...], action: OpenMeld | AddToMeld, late: bool
    ) -> float:
        rules = view.rules
        before: Meld | None = None
        if isinstance(action, OpenMeld):
            after = validate_meld(action.cards, rules, wild_as=action.wild_as)
        else:
            own = view.melds[view.team]
            before = own[action.meld] if isinstance(action.meld, int) else action.meld
            after = extend_meld(before, action.cards, rules, wild_as=action.wild_as)
        value = float(sum(card.points for card in action.cards))
        value += burraco_bonus(after, rules) - (burraco_bonus(before, rules) if before else 0)
        length = len(after.cards)
        value += 4 * min(len(action.cards), max(0, 7 - length + len(action.cards)))
        left = len(hand) - len(action.cards)
        if left == 0:
            value += _DIRECT_POZZETTO
        if (
            left < _KEEP_CARDS
            and _needs_burraco(view)
            and not _has_closing_burraco((after,), view.rules)
        ):
            value -= _STUCK_COST * (_KEEP_CARDS - left)
        if before is not None and length < 7:
            value += _LENGTH_BONUS * length
        turned_dirty = after.wild is not None and (before is None or before.wild is None)
        if view.pozzetti_left and not view.pozzetto_taken[view.team] and not turned_dirty:
            value += _POZZETTO_PUSH * len(action.cards)
        strict = view.rules.closing_needs_clean_burraco and not _has_closing_burraco(
            view.melds[view.team], view.rules
        )
        if turned_dirty and (strict or (not late and left > 2 and not after.is_burraco)):
            assert after.wild is not None
            # a wild kept in hand is worth more than its points on the table
            value -= after.wild.points + _DIRTY_COST + 10 * max(0, length - 3)
        return value


class _DiscardTable:
    """What a discard costs the greedy agent, for each card of one hand at one position.

    The hand's natural cards, the discards of the next player and the cards it is known to
    hold are worked out once for all the discards of a decision.
    """

    __slots__ = ("_late", "_naturals", "_others", "_own", "_pile", "_rules", "_safe", "_theirs")

    def __init__(self, view: PlayerView, hand: tuple[Card, ...], late: bool) -> None:
        self._rules = view.rules
        self._late = late
        self._naturals = Counter(other for other in hand if not _is_wild(other))
        self._own = view.melds[view.team]
        self._others = [melds for team, melds in enumerate(view.melds) if team != view.team]
        self._pile = len(view.discard_pile)
        self._safe = _discarded_by_next(view)
        known = view.known_cards[(view.seat + 1) % len(view.hand_sizes)]
        self._theirs = Counter(other for other in known if not _is_wild(other)) if known else None

    def cost(self, card: Card) -> float:
        """The cost of discarding ``card``: the lower, the better the discard."""
        if _is_wild(card):
            return _WILD_KEEP + card.points
        rules = self._rules
        same_rank, near, far = _connections(card, self._naturals, rules)
        cost = 30.0 * same_rank + 25.0 * near + 10.0 * far
        if any(_fits(meld, card, rules) for meld in self._own):
            cost += 40
        for melds in self._others:
            if any(_fits(meld, card, rules) for meld in melds):
                cost += 50 + 5 * self._pile
                break
        if card.rank in self._safe:
            cost -= _SAFE_DISCARD
        if self._theirs is not None:
            theirs = self._theirs.copy()
            theirs[card] += 1
            if _makes_meld(card, theirs, rules):
                cost += _FEED_COST + 5 * self._pile
        cost += card.points * (-1.0 if self._late else _KEEP_HIGH)
        return cost


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
                agents, rules, deals.getrandbits(64), dealer=match.dealer, on_action=on_action
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
