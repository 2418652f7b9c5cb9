"""The shortcut of :func:`~burraco.extend_meld` for natural cards that simply continue a meld
(private; part of the speed machinery).

Most additions in play are such cards: a sequence's next ranks at either end, or more cards
of a set's rank. :func:`sequence_growth` and :func:`set_growth` read them from the meld's slots
without the full analysis of :mod:`burraco.melds`, and give up (``None``) on everything else,
which the analysis then reads and words. What they return is the recipe of the grown meld,
which :mod:`burraco.melds` builds with its own functions (``sequence_meld``, ``check_copies``,
``make_set``): this module only says when those are all that is needed, and imports nothing of
:mod:`burraco.melds` (a test holds the shortcut and the analysis together).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, TypeAlias

from burraco.cards import JOKER, Card, Rank

if TYPE_CHECKING:
    from burraco.melds import Meld

__all__ = ["SequenceGrowth", "SetGrowth", "sequence_growth", "set_growth"]

# Enum members as module constants (a global costs less than a lookup through the enum's class)
_TWO: Final = Rank.TWO
_ACE: Final = Rank.ACE

SequenceGrowth: TypeAlias = tuple[int, int, "Card | None", int, int]
"""The grown sequence: its lowest and highest natural slots (an ace low: 1), its wild (or
``None``), the wild's slot (0: none) and the suit's index."""

SetGrowth: TypeAlias = tuple[tuple[Card, ...], list[int], list[int], int]
"""The grown set: its natural cards, their codes sorted, the codes of its wild twos and its
count of jokers (the arguments of ``burraco.melds.make_set`` after the cards)."""


def sequence_growth(meld: Meld, added: tuple[Card, ...]) -> SequenceGrowth | None:
    """The recipe of the sequence that natural cards simply continuing the sequence ``meld``
    make, or ``None`` where the full analysis of :func:`~burraco.extend_meld` must read the
    union (which gives the same meld in these cases: a test holds the two together).

    The cases are cards of the sequence's suit, three to king, that extend it at either end
    with no rank missing, to a clean sequence (a clean run has one reading) or to one whose
    wild is fixed (it stays in its slot). Anything else (a wild, an ace or a two added, a gap,
    a wild at an end, which may move) goes to the analysis, which also words every error.
    """
    cards = meld.cards
    size = len(cards)
    wild_index = meld.wild_index
    if wild_index is not None and not 0 < wild_index < size - 1:
        return None  # a wild at an end is free to move: the analysis places it
    suit = meld.suit
    low = cards[0].code % 13 + 1  # the first card is natural: its slot (an ace: 1)
    high = low + size - 1
    first, last = low, high
    taken = 0
    for card in added:
        rank = card.rank
        if card.suit is not suit or rank is _TWO or rank is _ACE:
            return None
        slot = card.code % 13 + 1
        bit = 1 << slot
        if low <= slot <= high or taken & bit:
            return None
        taken |= bit
        if slot < first:
            first = slot
        elif slot > last:
            last = slot
    if last - first + 1 != size + len(added):
        return None  # a rank is missing
    suit_index = cards[0].code // 13
    if wild_index is None:
        return (first, last, None, 0, suit_index)
    # A fixed wild stays where it stands while the natural card it stands for is not added
    # (rules §5.4), and that card's slot lies inside the meld.
    return (first, last, meld.wild, low + wild_index, suit_index)


def set_growth(meld: Meld, added: tuple[Card, ...]) -> SetGrowth | None:
    """The recipe of the set that cards of its rank added to the set ``meld`` make, or ``None``
    where another card is added (the analysis reads and words that). The copies the packs
    hold and the ranks the rules allow are still to be checked: ``burraco.melds`` does that
    with its own functions, and hands the union to the analysis where they fail."""
    rank = meld.rank
    for card in added:
        if card.rank is not rank:
            return None
    cards = meld.cards
    wild = meld.wild  # a set's wild is its last card
    naturals = (cards[:-1] if wild is not None else cards) + added
    codes = sorted([card.code for card in naturals])
    jokers = 1 if wild is JOKER else 0
    twos = [wild.code] if wild is not None and not jokers else []
    return (naturals, codes, twos, jokers)
