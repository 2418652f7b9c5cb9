"""The greedy agent as it was before issue 17, kept to measure the improved one against.

``burraco duel greedy benchmarks.old_greedy:OldGreedyAgent --deals 500`` (run from the repository
root) plays the library's :class:`~burraco.GreedyAgent` against this frozen copy. It is a
verbatim copy of ``GreedyAgent`` and its helpers at release 0.1.0, renamed; it is not part of the
library and is not maintained beyond keeping it runnable.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Final

from burraco.actions import Action, AddToMeld, Discard, DrawStock, OpenMeld, TakeDiscardPile
from burraco.cards import Card, Rank
from burraco.errors import InvalidMeldError
from burraco.melds import Meld, MeldKind, burraco_bonus, extend_meld, validate_meld
from burraco.rules import Rules
from burraco.state import Phase
from burraco.views import PlayerView

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


def _is_wild(card: Card) -> bool:
    return card.rank is None or card.rank is Rank.TWO


def _slots(rank: Rank) -> tuple[int, ...]:
    """Where a rank may stand in a sequence: the ace low (1) and high (14)."""
    return (1, 14) if rank is Rank.ACE else (int(rank),)


def _fits(meld: Meld, card: Card, rules: Rules) -> bool:
    """Whether ``card`` alone could be added to ``meld``."""
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


def _has_closing_burraco(melds: Sequence[Meld], rules: Rules) -> bool:
    """Whether ``melds`` hold a burraco that allows closing (a clean one if the rules say so)."""
    clean = rules.closing_needs_clean_burraco
    return any(meld.is_burraco and (meld.is_clean or not clean) for meld in melds)


class OldGreedyAgent:
    """A heuristic agent that looks one action ahead.

    At the draw it takes the discard pile when the pile's cards meld with its hand or its
    team's melds (a one-card pile only then, which keeps it out of stalemates), and draws from
    the stock otherwise. In the play phase it scores each legal meld by the points it lays
    down, the burraco bonus it earns, its progress towards a burraco, and whether it empties
    the hand for the pozzetto; it lays the best one while any is worth laying, keeping wild
    cards for burracos until the stock runs low. Then it discards the card that costs least:
    never a wild, rather a card that neither fits the opponents' melds nor connects with its
    own cards, and late in the hand rather a high one. Going down to one card with the pozzetto
    taken and a burraco laid, the last discard closes the hand.

    The agent looks only at the view; its choices are a function of the view and the legal
    actions (not their order). Among equally good actions it takes the first in notation order,
    or, given a ``seed``, a random one from its own :class:`random.Random`.
    """

    __slots__ = ("_random", "seed")

    def __init__(self, seed: int | str | bytes | None = None) -> None:
        self.seed: Final = seed
        """The seed for breaking ties, or ``None`` to take the first best action."""
        self._random = random.Random(seed) if seed is not None else None

    def __repr__(self) -> str:
        return "OldGreedyAgent()" if self.seed is None else f"OldGreedyAgent(seed={self.seed!r})"

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

    def _play(
        self, view: PlayerView, hand: tuple[Card, ...], legal_actions: Sequence[Action]
    ) -> Action:
        late = self._late(view)
        melds: list[tuple[float, Action]] = []
        discards: list[tuple[float, Action]] = []
        for action in legal_actions:
            if isinstance(action, Discard):
                discards.append((-self._discard_cost(view, hand, action.card, late), action))
            elif isinstance(action, (OpenMeld, AddToMeld)):
                melds.append((self._meld_value(view, hand, action, late), action))
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
        strict = view.rules.closing_needs_clean_burraco and not _has_closing_burraco(
            view.melds[view.team], view.rules
        )
        if turned_dirty and (strict or (not late and left > 2 and not after.is_burraco)):
            assert after.wild is not None
            # a wild kept in hand is worth more than its points on the table
            value -= after.wild.points + _DIRTY_COST + 10 * max(0, length - 3)
        return value

    @staticmethod
    def _discard_cost(view: PlayerView, hand: tuple[Card, ...], card: Card, late: bool) -> float:
        if _is_wild(card):
            return _WILD_KEEP + card.points
        rules = view.rules
        naturals = Counter(other for other in hand if not _is_wild(other))
        same_rank, near, far = _connections(card, naturals, rules)
        cost = 30.0 * same_rank + 25.0 * near + 10.0 * far
        if any(_fits(meld, card, rules) for meld in view.melds[view.team]):
            cost += 40
        for team, melds in enumerate(view.melds):
            if team != view.team and any(_fits(meld, card, rules) for meld in melds):
                cost += 50 + 5 * len(view.discard_pile)
                break
        cost -= card.points * (1.0 if late else 0.4)
        return cost
