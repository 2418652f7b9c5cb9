"""The shortcut of :func:`~burraco.extend_meld` for natural cards that simply continue a meld
(private; part of the speed machinery).

Most additions in play are such cards: a sequence's next ranks at either end, or more cards
of a set's rank. :func:`grown_by_naturals` builds the grown meld from the meld's slots without
the full analysis of :mod:`burraco.melds`, and gives up (``None``) on everything else, which the
analysis then reads and words. The grown meld is exactly the analysis's (a test holds the two
together); the rules it applies are the analysis's functions (``burraco.melds.sequence_meld``,
``check_copies``, ``make_set``), and this module only says when they are all that is needed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

# ``melds`` imports this module, so this one reads what it needs of ``melds`` when it is called
# (the module whole: compiled, its functions are called directly all the same)
from burraco import melds
from burraco.cards import JOKER, Card, Rank
from burraco.errors import InvalidMeldError
from burraco.rules import Rules

if TYPE_CHECKING:
    from burraco.melds import Meld

__all__ = ["grown_by_naturals"]

# Enum members as module constants (a global costs less than a lookup through the enum's class)
_TWO: Final = Rank.TWO
_ACE: Final = Rank.ACE


def grown_by_naturals(meld: Meld, added: tuple[Card, ...], rules: Rules) -> Meld | None:
    """The meld that natural cards simply continuing ``meld`` make, or ``None`` where the full
    analysis of :func:`~burraco.extend_meld` must read the union (which gives the same meld in
    these cases: a test holds the two together).

    The cases most additions are: cards of a sequence's suit, three to king, that extend it at
    either end with no rank missing, to a clean sequence (a clean run has one reading) or to one
    whose wild is fixed (it stays in its slot); and cards of a set's rank, within the copies
    the packs hold. Anything else (a wild, an ace or a two added, a gap, a wild at an end,
    which may move, a set rank the rules do not allow) goes to the analysis, which also words
    every error.
    """
    cards = meld.cards
    if meld.suit is not None:  # a sequence
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
        if wild_index is None:
            return melds.sequence_meld([first, last], None, 0, cards[0].code // 13)
        # A fixed wild stays where it stands while the natural card it stands for is not added
        # (rules §5.4), and that card's slot lies inside the meld.
        return melds.sequence_meld([first, last], meld.wild, low + wild_index, cards[0].code // 13)
    rank = meld.rank
    for card in added:
        if card.rank is not rank:
            return None
    wild = meld.wild  # a set's wild is its last card
    naturals = (cards[:-1] if wild is not None else cards) + added
    codes = sorted([card.code for card in naturals])
    jokers = 1 if wild is JOKER else 0
    twos = [wild.code] if wild is not None and not jokers else []
    try:
        melds.check_copies(naturals, codes, rules.packs)
        return melds.make_set(naturals, codes, twos, jokers, rules.set_ranks, None)
    except InvalidMeldError:
        return None  # too many copies, or a rank these rules allow no set of
