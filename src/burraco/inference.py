"""Dealing the hidden cards by what the other seats did: a weighted :func:`~burraco.determinize`.

:func:`~burraco.determinize` deals the cards a seat cannot see uniformly among the deals its
view allows. But the other players' choices say something about their hands, and the view
keeps the traces. The discard pile holds, since it was last taken, one discard per turn in
playing order, so the seat that threw each of its cards is known, and so is the pile that each
of those seats left lying before it drew from the stock. An :class:`InferenceSampler` deals
the hidden cards so that a seat less often holds

* a card that connects with one it discarded (a natural card of the same rank, or of the same
  suit one or two ranks away): players keep the cards that go together and throw the others;
* a card that connects with the top of a pile it did not take: such a card would have made
  the pile worth taking;
* a natural card that fits one of its team's melds: players add such cards when they can.

Each such connection multiplies the chance that the seat holds the card by a factor below 1
(:attr:`InferenceSampler.discarded`, :attr:`~InferenceSampler.refused`,
:attr:`~InferenceSampler.unmelded`). The sampler deals a uniform sample with
:func:`~burraco.determinize`, gathers its hidden cards and deals each other seat's unknown
cards again, drawing without replacement with chances in proportion to those weights
(Efraimidis and Spirakis' keys); the rest go, shuffled, to the stock and the pozzetti. Only
the placing of the hidden cards changes, so the sample still gives exactly the view:
``observe(sampler(view, rng), view.seat) == view``. With every factor 1 it deals uniformly.

The weights are a function of the view alone: no memory of earlier views is needed, and the
sampler may be shared by the decisions of a hand. Cards discarded before the pile was last
taken leave no trace in the view, and are not used.

>>> import random
>>> from burraco.engine import new_game
>>> from burraco.views import observe
>>> view = observe(new_game(seed=3), 1)
>>> sample = InferenceSampler()(view, random.Random(2))
>>> observe(sample, 1) == view
True
"""

from __future__ import annotations

import random
from typing import Final

from burraco._bots.greedy import fits_alone
from burraco.cards import CODE_KEY, Card, Rank, make_deck
from burraco.engine import legal_actions
from burraco.rules import Rules
from burraco.state import GameState, Phase, build_state
from burraco.views import PlayerView, determinize, one_card_pick_pending, pile_card_held

__all__ = ["InferenceSampler", "discarders"]

DISCARDED: Final = 0.1
"""The default factor per connection with a card the seat discarded."""
REFUSED: Final = 1.0
"""The default factor per connection with the top of a pile the seat did not take: 1, no
effect. A single card that goes with the top is no reason to take a pile (it takes two to
meld with it), and weighting by it placed fewer cards right in the measurements (see the
docs' ladder page)."""
UNMELDED: Final = 0.05
"""The default factor for a natural card that fits one of the seat's team's melds."""


def _is_wild(card: Card) -> bool:
    return card.rank is None or card.rank is Rank.TWO


_NATURALS: Final = tuple(
    sorted({card for card in make_deck(1, jokers=False) if not _is_wild(card)}, key=CODE_KEY)
)
"""The distinct natural cards (neither jokers nor twos)."""


def discarders(view: PlayerView) -> tuple[int, ...]:
    """For each card of the discard pile (bottom first), the seat that discarded it.

    The pile holds the discards since it was last taken, one per turn in playing order, the
    top one by the seat before the seat to act. (The pile's bottom card may instead be the one
    turned up at the deal, if nobody has taken the pile yet: it is counted as the dealer's.)

    >>> from burraco.engine import new_game
    >>> from burraco.views import observe
    >>> discarders(observe(new_game(seed=3), 0))
    (0,)
    """
    players = len(view.hand_sizes)
    size = len(view.discard_pile)
    return tuple((view.turn - (size - index)) % players for index in range(size))


def _slots(rank: Rank) -> tuple[int, ...]:
    return (1, 14) if rank is Rank.ACE else (int(rank),)


def _connected(card: Card, other: Card, rules: Rules) -> bool:
    """Whether natural ``card`` goes with natural ``other`` in a meld: the same rank (where
    sets of it are allowed), or the same suit one or two ranks apart."""
    rank, other_rank = card.rank, other.rank
    if rank is None or other_rank is None:
        return False
    if rank is other_rank:
        return rank in rules.set_ranks
    if card.suit is not other.suit:
        return False
    return any(0 < abs(a - b) <= 2 for a in _slots(rank) for b in _slots(other_rank))


class InferenceSampler:
    """Deal a view's hidden cards weighted by what the other seats did (a
    :data:`~burraco.search.Sampler`); see the module docstring.

    Args:
        discarded: the factor, from 0 (exclusive) to 1, by which each connection with a card
            the seat discarded (still in the pile) multiplies its chance of holding a card.
        refused: the factor for a connection with the top of a pile the seat left lying.
        unmelded: the factor for a natural card that fits one of the seat's team's melds.

    >>> InferenceSampler(discarded=0.5)
    InferenceSampler(discarded=0.5, refused=1, unmelded=0.05)

    Raises:
        ValueError: if a factor is not a number above 0 and at most 1.
    """

    __slots__ = ("_view", "_weights", "discarded", "refused", "unmelded")

    def __init__(
        self, *, discarded: float = DISCARDED, refused: float = REFUSED, unmelded: float = UNMELDED
    ) -> None:
        for name, factor in (
            ("discarded", discarded),
            ("refused", refused),
            ("unmelded", unmelded),
        ):
            if (
                isinstance(factor, bool)
                or not isinstance(factor, int | float)
                or not 0 < factor <= 1
            ):
                raise ValueError(f"{name} must be a number above 0 and at most 1, not {factor!r}")
        self.discarded: Final = float(discarded)
        """The factor per connection with a discarded card."""
        self.refused: Final = float(refused)
        """The factor per connection with the top of a refused pile."""
        self.unmelded: Final = float(unmelded)
        """The factor for a card that fits the team's melds."""
        self._view: PlayerView | None = None
        self._weights: list[dict[int, float]] = []

    def __repr__(self) -> str:
        return (
            f"InferenceSampler(discarded={self.discarded:g}, refused={self.refused:g}, "
            f"unmelded={self.unmelded:g})"
        )

    def weight(self, view: PlayerView, seat: int, card: Card) -> float:
        """The relative chance, by this sampler's evidence, that ``seat`` holds ``card``
        among its unknown cards (1 for no evidence).

        >>> from burraco.cards import parse_card
        >>> from burraco.engine import new_game
        >>> from burraco.views import observe
        >>> InferenceSampler().weight(observe(new_game(seed=3), 0), 1, parse_card("QS"))
        1.0
        """
        return self._seat_weights(view)[seat].get(card.code, 1.0)

    def _seat_weights(self, view: PlayerView) -> list[dict[int, float]]:
        """Per seat, the weights of the cards that have evidence against them (by code)."""
        if self._view is view:
            return self._weights
        rules = view.rules
        players = len(view.hand_sizes)
        pile = view.discard_pile
        thrown: list[list[Card]] = [[] for _ in range(players)]
        tops: list[list[Card]] = [[] for _ in range(players)]
        for index, seat in enumerate(discarders(view)):
            thrown[seat].append(pile[index])
            if index > 0:
                tops[seat].append(pile[index - 1])
        weights: list[dict[int, float]] = []
        for seat in range(players):
            table: dict[int, float] = {}
            if seat != view.seat and seat not in view.unseen_pozzetto:
                melds = view.melds[view.team_of(seat)]
                for card in _NATURALS:
                    weight = 1.0
                    for other in thrown[seat]:
                        if _connected(card, other, rules):
                            weight *= self.discarded
                    for other in tops[seat]:
                        if _connected(card, other, rules):
                            weight *= self.refused
                    if any(fits_alone(meld, card, rules) for meld in melds):
                        weight *= self.unmelded
                    if weight != 1.0:
                        table[card.code] = weight
            weights.append(table)
        self._view, self._weights = view, weights
        return weights

    def __call__(self, view: PlayerView, rng: random.Random) -> GameState:
        """A state that gives exactly ``view`` to its seat, the hidden cards dealt with
        ``rng`` weighted by the evidence.

        Raises:
            InvalidStateError: as :func:`~burraco.determinize`, if no state gives the view.
        """
        base = determinize(view, rng)
        weights = self._seat_weights(view)
        players = len(view.hand_sizes)
        me = view.seat
        pool: list[Card] = []
        counts: list[int] = []
        for seat in range(players):
            if seat == me and view.hand is not None:
                counts.append(0)
                continue
            unknown = list(base.hands[seat])
            for card in view.known_cards[seat]:
                unknown.remove(card)
            pool += unknown
            counts.append(len(unknown))
        pool += base.stock
        for pozzetto in base.pozzetti:
            pool += pozzetto
        draw = rng.random
        dealt: list[list[Card]] = [[] for _ in range(players)]
        for seat in range(players):
            count = counts[seat]
            table = weights[seat]
            if count == 0 or not table:
                continue
            keyed = sorted(
                range(len(pool)),
                key=lambda index: -(draw() ** (1.0 / table.get(pool[index].code, 1.0))),
            )
            chosen = set(keyed[:count])
            dealt[seat] = [pool[index] for index in sorted(chosen)]
            pool = [card for index, card in enumerate(pool) if index not in chosen]
        for top in range(len(pool) - 1, 0, -1):
            other = int(draw() * (top + 1))
            pool[top], pool[other] = pool[other], pool[top]
        start = 0
        hands: list[tuple[Card, ...]] = []
        for seat in range(players):
            cards = dealt[seat]
            if counts[seat] and not cards:
                cards = pool[start : start + counts[seat]]
                start += counts[seat]
            if counts[seat] == 0:
                hands.append(base.hands[seat])
            else:
                hands.append(tuple(sorted((*view.known_cards[seat], *cards), key=CODE_KEY)))
        stock = tuple(pool[start : start + len(base.stock)])
        start += len(base.stock)
        pozzetti: list[tuple[Card, ...]] = []
        for pozzetto in base.pozzetti:
            pozzetti.append(tuple(pool[start : start + len(pozzetto)]))
            start += len(pozzetto)
        pile_card = base.pile_card
        if view.turn != me and one_card_pick_pending(view):
            # the hidden pile_card must agree with the hand dealt to the seat to act (§13.1)
            pile_card = pile_card_held(view.known_cards[view.turn], hands[view.turn])
        state = build_state(
            base.rules,
            base.dealer,
            base.turn,
            base.phase,
            tuple(hands),
            base.melds,
            stock,
            base.discard_pile,
            tuple(pozzetti),
            base.pozzetto_taken,
            base.outcome,
            base.taken_from_pile,
            base.melded_this_turn,
            base.stalemate_turns,
            base.unseen_pozzetto,
            base.known,
            pile_card,
            base.time_out_turns,
            None,  # facts
            base.partners,
        )
        if view.phase is Phase.PLAY and view.turn != me and not legal_actions(state):
            return base  # the weighted deal leaves the player to act stuck: a uniform one
        return state
