"""A slow, independent oracle for meld legality: it tries every arrangement of the cards.

An arrangement is a set of one rank with at most one wild, or a run of slots (1 = low ace,
2 ... 13, 14 = high ace) of one suit where every slot holds its natural card except at most one
slot held by a wild. It encodes the library's documented readings directly, by enumeration:

* a two of the suit standing in the rank-2 slot is natural, not a wild;
* any other two, the suit's own two included, is a wild like a joker: in an ace-high run
  (``KH AH 2H`` is ``2H=QH KH AH``) it stands for any slot a joker could, while a run through
  the ace (slot 14 and slot 2 together, ``KH AH 2H 3H``) is never an arrangement;
* a run over all 14 slots needs ``wild_as_second_ace``;
* a fixed wild (``lock``) must stay at its slot;
* ``keep_two`` (``natural_two_locked`` when a meld with a natural two grows): the run must still
  hold a natural two in the rank-2 slot.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from burraco import JOKER, Card, Rank, Rules, Suit

Arrangement = tuple[str, tuple[Card, ...], int]  # kind, cards in table order, wild index (-1: none)


def natural(suit: Suit, slot: int) -> Card:
    return Card(Rank.ACE if slot in (1, 14) else Rank(slot), suit)


def arrangements(
    cards: Sequence[Card],
    rules: Rules,
    lock: tuple[Card, int] | None = None,
    keep_two: bool = False,
) -> Iterator[Arrangement]:
    """Every legal arrangement of exactly these cards."""
    held = Counter(cards)
    if len(cards) < 3:
        return
    for card, count in held.items():
        if count > (2 * rules.packs if card == JOKER else rules.packs):
            return
    wild_cards = [card for card in held if card == JOKER or card.rank is Rank.TWO]
    # sets
    if lock is None and not keep_two:
        for rank in rules.set_ranks:
            naturals = [card for card in cards if card.rank is rank]
            rest = [card for card in cards if card.rank is not rank]
            if len(naturals) >= 2 and len(rest) <= 1 and all(card in wild_cards for card in rest):
                yield ("set", tuple(sorted(naturals)) + tuple(rest), len(naturals) if rest else -1)
    # sequences
    for suit in Suit:
        for low in range(1, 15):
            high = low + len(cards) - 1
            if high > 14 or (low == 1 and high == 14 and not rules.wild_as_second_ace):
                continue
            slots = range(low, high + 1)
            if keep_two and not low <= 2 <= high:
                continue
            for wild_slot in [0, *slots]:
                if keep_two and wild_slot == 2:
                    continue
                needed = Counter(natural(suit, slot) for slot in slots if slot != wild_slot)
                if needed[Card(Rank.ACE, suit)] > 1:
                    continue
                left = held - needed
                if needed - held:
                    continue
                if wild_slot == 0:
                    if not left:
                        yield ("sequence", tuple(natural(suit, s) for s in slots), -1)
                    continue
                if sum(left.values()) != 1:
                    continue
                (wild,) = left
                if wild not in wild_cards:
                    continue
                own_two = wild == Card(Rank.TWO, suit)
                if own_two and wild_slot == 2:
                    continue  # that is the natural two, counted as wild_slot == 0
                if lock is not None and (wild, wild_slot) != lock:
                    continue
                table = tuple(wild if s == wild_slot else natural(suit, s) for s in slots)
                yield ("sequence", table, wild_slot - low)
    if lock is not None:
        return


def is_legal(
    cards: Sequence[Card],
    rules: Rules,
    lock: tuple[Card, int] | None = None,
    keep_two: bool = False,
) -> bool:
    return next(arrangements(cards, rules, lock, keep_two), None) is not None
