"""Fixed positions for the benchmarks and the equivalence run, built deterministically.

* :func:`worst_case_48` is a 48-card hand with 7 team melds and 10,469 legal actions (10,186
  before a two of the suit could be the wild of an ace-high sequence), the largest list a
  hill-climbing search over hands found for these melds;
* :func:`random_case_40` is a 40-card random hand with wild cards and 6 team melds, dealt
  from a fixed seed;
* :func:`hand_size_position` is a play-phase position whose hand holds random cards.

Every position conserves the cards of the packs and passes
:func:`burraco.testing.check_invariants`, so it is one play could reach.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Final

from burraco import CLASSIC, Card, GameState, Meld, Phase, Rules, make_deck, parse_cards
from burraco import validate_meld as _validate
from burraco.testing import check_invariants

WORST_48_HAND = (
    "AS 2S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH "
    "AD 2D 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD 2C 8C 9C 10C JC JK"
)
WORST_48_MELDS = (
    "4S 5S 6S",
    "8H 9H 10H",
    "QD KD AD",
    "5C 6C 7C",
    "7S 7H 7D",
    "JS JH JC",
    "9D 9C 9S",
)


def _code(card: Card) -> int:
    return card.code


def position(
    hand: Sequence[Card], melds: Sequence[Meld], rules: Rules = CLASSIC, *, seed: int = 0
) -> GameState:
    """A 4-player play-phase position: seat 0 holds ``hand``, its team has ``melds``.

    The other cards are shuffled (from ``seed``) into the pozzetti, the discard pile, the other
    hands (11 cards each, fewer when the cards run short) and the stock. Seat 0's team has
    taken its pozzetto if it has melds.
    """
    deck = Counter(make_deck(rules.packs))
    used = Counter(hand)
    for meld in melds:
        used.update(meld.cards)
    if used - deck:
        raise ValueError(f"more cards than the packs hold: {used - deck}")
    rest = sorted((deck - used).elements(), key=_code)
    random.Random(seed).shuffle(rest)
    taken = bool(melds)
    pozzetti = tuple(tuple(rest[i * 11 : (i + 1) * 11]) for i in range(2 - taken))
    rest = rest[11 * len(pozzetti) :]
    discard, rest = rest[0], rest[1:]
    each = min(11, (len(rest) - 3) // 3)  # the other hands are smaller when cards run short
    others = [tuple(sorted(rest[i * each : (i + 1) * each], key=_code)) for i in range(3)]
    rest = rest[3 * each :]
    return GameState(
        rules=rules,
        dealer=3,
        turn=0,
        phase=Phase.PLAY,
        hands=(tuple(sorted(hand, key=_code)), *others),
        melds=(tuple(melds), ()),
        stock=tuple(rest),
        discard_pile=(discard,),
        pozzetti=pozzetti,
        pozzetto_taken=(taken, False),
    )


def worst_case_48() -> GameState:
    """The 48-card hand with 7 team melds."""
    state = position(parse_cards(WORST_48_HAND), [_validate(text) for text in WORST_48_MELDS])
    check_invariants(state)
    return state


def random_case_40(seed: int = 40) -> GameState:
    """A 40-card hand with at least two wild cards and 6 team melds, from ``seed``."""
    chooser = random.Random(seed)
    deck = make_deck(2)
    chooser.shuffle(deck)
    left = Counter(deck)
    melds: list[Meld] = []
    while len(melds) < 6:
        if chooser.random() < 0.5:
            suit = chooser.choice("SHDC")
            low = chooser.randrange(3, 11)
            ranks = [str(rank) for rank in range(low, low + chooser.randrange(3, 5))]
            names = [{"11": "J", "12": "Q", "13": "K", "14": "A"}.get(r, r) + suit for r in ranks]
        else:
            rank = chooser.choice("3456789TJQK")
            names = [rank + suit for suit in chooser.sample("SHDC", 3)]
        cards = parse_cards(" ".join(names))
        if all(left[card] >= count for card, count in Counter(cards).items()):
            left.subtract(cards)
            melds.append(_validate(cards))
    pool = [card for card in deck if left[card] > 0 and not left.subtract([card])]
    wilds = [card for card in pool if card.is_joker or card.is_two][:2]
    for card in wilds:
        pool.remove(card)
    hand = wilds + pool[:38]
    state = position(hand, melds, seed=seed)
    check_invariants(state)
    return state


SMALLEST_HAND: Final = 12
"""The fewest cards a play-phase hand holds while nobody has melded: the 11 dealt and the one
drawn (taking the discard pile adds more)."""


def hand_size_position(chooser: random.Random, size: int) -> GameState:
    """A play-phase position, no melds yet, whose hand holds ``size`` random cards.

    Raises:
        ValueError: if ``size`` is below :data:`SMALLEST_HAND` (no play reaches such a hand
            without melding) or above 48 (the other hands, the pozzetti and the stock need the
            rest of the cards).
    """
    if not SMALLEST_HAND <= size <= 48:
        raise ValueError(
            f"a play-phase hand without melds holds {SMALLEST_HAND} to 48 cards, not {size}"
        )
    deck = make_deck(2)
    chooser.shuffle(deck)
    state = position(deck[:size], [], seed=chooser.randrange(1 << 30))
    check_invariants(state)
    return state


def worst_cases() -> Iterator[tuple[str, GameState]]:
    """The fixed benchmark positions, by name."""
    yield "worst-48-cards-7-melds", worst_case_48()
    yield "random-40-cards-6-melds", random_case_40()
