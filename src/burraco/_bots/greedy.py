"""The greedy agent's heuristic (private): what :class:`burraco.GreedyAgent` computes.

The functions here are :class:`~burraco.GreedyAgent`'s decision, apart from the class, so that
the compiled build can compile them (a search decision is mostly greedy rollouts) while the
agent classes stay ordinary Python classes in :mod:`burraco.agents`, which programs subclass
and pickle. ``rng`` is the agent's tie-breaking generator, or ``None`` for the first best
action in notation order.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Final

from burraco.actions import Action, AddToMeld, Discard, DrawStock, OpenMeld, TakeDiscardPile
from burraco.cards import POINTS_BY_CODE, Card, Rank
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
PILE_THRESHOLD: Final = 8
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
_FITS_CACHE: Final[dict[Meld, dict[int, bool]]] = {}
"""Memo of :func:`_fits` under the rules in :data:`_FITS_RULES`, per meld, by card code: melds
stay on the table for many turns, and bots ask often."""
_FITS_BY_ID: Final[dict[int, tuple[Meld, dict[int, bool]]]] = {}
"""The same answers found by the meld object's identity, which costs no hashing of its cards:
the states of a hand (and a search's sampled deals) share their meld objects. Each entry holds
its meld, so an identity is not reused while it is in the memo; the entry is used only if its
meld is the very object asked about."""
_FITS_LIMIT: Final = 20_000
"""Melds in :data:`_FITS_CACHE` after which it starts again empty."""
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
    answers = _answers(meld, rules)
    known = answers.get(card.code)
    if known is None:
        known = answers[card.code] = _fits_uncached(meld, card, rules)
    return known


def _fits_any(melds: list[tuple[Meld, dict[int, bool]]], card: Card, rules: Rules) -> bool:
    """Whether ``card`` alone could be added to one of ``melds`` (each with its
    :func:`_answers`): :func:`_fits` for a card tried against the same melds many times."""
    code = card.code
    for meld, answers in melds:
        known = answers.get(code)
        if known is None:
            known = answers[code] = _fits_uncached(meld, card, rules)
        if known:
            return True
    return False


def _answers(meld: Meld, rules: Rules) -> dict[int, bool]:
    """The memo of :func:`_fits` for ``meld`` under ``rules``, by card code."""
    entry = _FITS_BY_ID.get(id(meld))
    if entry is None or entry[0] is not meld or _FITS_RULES[0] is not rules:
        if _FITS_RULES[0] is not rules or len(_FITS_CACHE) > _FITS_LIMIT:
            _FITS_CACHE.clear()
            _FITS_BY_ID.clear()
            _FITS_RULES[0] = rules
        answers = _FITS_CACHE.get(meld)
        if answers is None:
            answers = _FITS_CACHE[meld] = {}
        entry = _FITS_BY_ID[id(meld)] = (meld, answers)
    return entry[1]


def fits_alone(meld: Meld, card: Card, rules: Rules) -> bool:
    """Whether ``card`` alone could be added to ``meld`` under ``rules`` (memoised per meld):
    the greedy heuristic's test, shared with :mod:`burraco.inference`."""
    return _fits(meld, card, rules)


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


def _naturals(cards: Iterable[Card]) -> dict[Card, int]:
    """The natural cards among ``cards``, with their copies."""
    counts: dict[Card, int] = {}
    for card in cards:
        if not _is_wild(card):
            counts[card] = counts.get(card, 0) + 1
    return counts


def _connections(card: Card, cards: dict[Card, int], rules: Rules) -> tuple[int, int, int]:
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


def _makes_meld(card: Card, cards: dict[Card, int], rules: Rules) -> bool:
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
    return (view.pozzetto_taken[team] or not view.pozzetti_left) and not has_closing_burraco(
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


def has_closing_burraco(melds: Sequence[Meld], rules: Rules) -> bool:
    """Whether ``melds`` hold a burraco that allows closing (a clean one if the rules say so)."""
    clean = rules.closing_needs_clean_burraco
    return any(meld.is_burraco and (meld.is_clean or not clean) for meld in melds)


def _may_go_out(view: PlayerView) -> bool:
    """Whether running out of cards would serve the seat: its team has what closing needs (its
    pozzetto and a burraco), or has yet to take its pozzetto and one is left to take."""
    team = view.team
    if not view.pozzetto_taken[team]:
        return view.pozzetti_left > 0
    return has_closing_burraco(view.melds[team], view.rules)


def _strays(cards: Sequence[Card], melds: Sequence[Meld], rules: Rules) -> int:
    """How many natural ``cards`` neither fit one of ``melds`` nor make a meld with the
    others: roughly, the cards that would stay in hand after melding what can be melded."""
    naturals = _naturals(cards)
    return sum(
        1
        for card in cards
        if not _is_wild(card)
        and not any(_fits(meld, card, rules) for meld in melds)
        and not _makes_meld(card, naturals, rules)
    )


def choose(view: PlayerView, legal_actions: Sequence[Action], rng: random.Random | None) -> Action:
    """The best of ``legal_actions`` by the greedy heuristic; ``rng`` breaks ties (``None``:
    the first best in notation order).

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
        if pick in legal_actions and pile_value(view, view.hand) > PILE_THRESHOLD:
            return pick
        return DrawStock()
    return play(view, view.hand, legal_actions, rng)


def best_of(scored: list[tuple[float, Action]], rng: random.Random | None) -> tuple[float, Action]:
    """The best-valued item; among ties, the first in notation order or one ``rng`` picks."""
    top = max(score for score, _ in scored)
    ties = [item for item in scored if item[0] == top]
    if len(ties) == 1:
        return ties[0]
    ties.sort(key=lambda item: str(item[1]))  # independent of the order of legal_actions
    if rng is None:
        return ties[0]
    return ties[rng.randrange(len(ties))]


def is_late(view: PlayerView) -> bool:
    """Whether the hand may end soon: a short stock, or an opponent about to close."""
    if view.stock_size <= _LATE_STOCK:
        return True
    mine = -1
    for seat, size in enumerate(view.hand_sizes):
        if size > 2:
            continue
        if mine < 0:
            mine = view.team
        team = view.team_of(seat)
        if (
            team != mine
            and view.pozzetto_taken[team]
            and any(meld.is_burraco for meld in view.melds[team])
        ):
            return True
    return False


def pile_value(view: PlayerView, hand: tuple[Card, ...]) -> float:
    """How good the discard pile looks to take (above :data:`PILE_THRESHOLD`: take it)."""
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
        return PILE_THRESHOLD + 1 if completes else 0
    if len(hand) <= _GOING_OUT_HAND and len(pile) <= _SMALL_PILE and _may_go_out(view):
        # near going out: the pile only to go out now (one card left over, to discard)
        going_out = _strays((*hand, *pile), own, rules) <= 1
        return PILE_THRESHOLD + 1 if going_out else 0
    naturals = _naturals((*hand, *pile))
    late = is_late(view)
    value = 0.0
    for card in pile:
        if _is_wild(card):
            value += 30
        elif any(_fits(meld, card, rules) for meld in own) or _makes_meld(card, naturals, rules):
            value += POINTS_BY_CODE[card.code] + 10
        else:
            value -= POINTS_BY_CODE[card.code] * (1.0 if late else 0.3)
    if not late and len(pile) > 1:
        value += 3 * len(pile)
    return value


def scored(
    view: PlayerView, hand: tuple[Card, ...], legal_actions: Sequence[Action]
) -> tuple[list[tuple[float, Action]], list[tuple[float, Action]]]:
    """The play-phase actions with their values: the melds, and the discards."""
    late = is_late(view)
    melds = meld_values(view, hand, legal_actions, late)
    return melds, discard_values(view, hand, legal_actions, late)


def play(
    view: PlayerView,
    hand: tuple[Card, ...],
    legal_actions: Sequence[Action],
    rng: random.Random | None,
) -> Action:
    """The play-phase choice: the best meld if any is worth laying, else the best discard."""
    # the discards are valued only when no meld is worth laying (a rollout's usual play
    # phase lays one meld after another): the same choice as valuing both, for less
    late = is_late(view)
    melds = meld_values(view, hand, legal_actions, late)
    top = best_of(melds, rng) if melds else None
    if top is not None and top[0] > 0:
        return top[1]
    discards = discard_values(view, hand, legal_actions, late)
    return best_of(discards, rng)[1] if discards or top is None else top[1]


def discard_values(
    view: PlayerView, hand: tuple[Card, ...], legal_actions: Sequence[Action], late: bool
) -> list[tuple[float, Action]]:
    """The discards among ``legal_actions`` with their values (minus their costs)."""
    discards = [action for action in legal_actions if isinstance(action, Discard)]
    if not discards:
        return []
    table = _DiscardTable(view, hand, late)
    return [(-table.cost(action.card), action) for action in discards]


def meld_values(
    view: PlayerView, hand: tuple[Card, ...], legal_actions: Sequence[Action], late: bool
) -> list[tuple[float, Action]]:
    """The melds among ``legal_actions`` with their values; what is the same for every
    meld of the decision is worked out once."""
    rules = view.rules
    team = view.team
    own = view.melds[team]
    needs_burraco = _needs_burraco(view)
    clean_to_close = rules.closing_needs_clean_burraco
    strict = clean_to_close and not has_closing_burraco(own, rules)
    push = bool(view.pozzetti_left) and not view.pozzetto_taken[team]
    held = len(hand)
    out: list[tuple[float, Action]] = []
    for action in legal_actions:
        before: Meld | None = None
        if isinstance(action, OpenMeld):
            after = validate_meld(action.cards, rules, wild_as=action.wild_as)
        elif isinstance(action, AddToMeld):
            before = own[action.meld] if isinstance(action.meld, int) else action.meld
            after = extend_meld(before, action.cards, rules, wild_as=action.wild_as)
        else:
            continue
        cards = action.cards
        value = float(sum([POINTS_BY_CODE[card.code] for card in cards]))
        value += burraco_bonus(after, rules) - (burraco_bonus(before, rules) if before else 0)
        length = len(after.cards)
        value += 4 * min(len(cards), max(0, 7 - length + len(cards)))
        left = held - len(cards)
        if left == 0:
            value += _DIRECT_POZZETTO
        if (
            left < _KEEP_CARDS
            and needs_burraco
            and not (length >= 7 and (after.wild is None or not clean_to_close))
        ):
            value -= _STUCK_COST * (_KEEP_CARDS - left)
        if before is not None and length < 7:
            value += _LENGTH_BONUS * length
        wild = after.wild
        turned_dirty = wild is not None and (before is None or before.wild is None)
        if push and not turned_dirty:
            value += _POZZETTO_PUSH * len(cards)
        if turned_dirty and (strict or (not late and left > 2 and length < 7)):
            assert wild is not None
            # a wild kept in hand is worth more than its points on the table
            value -= POINTS_BY_CODE[wild.code] + _DIRTY_COST + 10 * max(0, length - 3)
        out.append((value, action))
    return out


class _DiscardTable:
    """What a discard costs the greedy agent, for each card of one hand at one position.

    The hand's natural cards, the discards of the next player and the cards it is known to
    hold are worked out once for all the discards of a decision.
    """

    __slots__ = ("_late", "_naturals", "_others", "_own", "_pile", "_rules", "_safe", "_theirs")

    def __init__(self, view: PlayerView, hand: tuple[Card, ...], late: bool) -> None:
        self._rules = view.rules
        self._late = late
        self._naturals = _naturals(hand)
        rules = self._rules
        mine = view.team
        self._own = [(meld, _answers(meld, rules)) for meld in view.melds[mine]]
        self._others = [
            [(meld, _answers(meld, rules)) for meld in melds]
            for team, melds in enumerate(view.melds)
            if team != mine
        ]
        self._pile = len(view.discard_pile)
        self._safe = _discarded_by_next(view)
        following = (view.seat + 1) % len(view.hand_sizes)
        known = view.known_cards[following]
        if view.team_of(following) == mine:  # a partner plays next (rules §14, 3 players)
            known = ()  # what it may take from the pile helps the team
        self._theirs = _naturals(known) if known else None

    def cost(self, card: Card) -> float:
        """The cost of discarding ``card``: the lower, the better the discard."""
        if _is_wild(card):
            return _WILD_KEEP + POINTS_BY_CODE[card.code]
        rules = self._rules
        same_rank, near, far = _connections(card, self._naturals, rules)
        cost = 30.0 * same_rank + 25.0 * near + 10.0 * far
        if _fits_any(self._own, card, rules):
            cost += 40
        for melds in self._others:
            if _fits_any(melds, card, rules):
                cost += 50 + 5 * self._pile
                break
        if card.rank in self._safe:
            cost -= _SAFE_DISCARD
        if self._theirs is not None:
            theirs = self._theirs.copy()
            theirs[card] = theirs.get(card, 0) + 1
            if _makes_meld(card, theirs, rules):
                cost += _FEED_COST + 5 * self._pile
        cost += POINTS_BY_CODE[card.code] * (-1.0 if self._late else _KEEP_HIGH)
        return cost
