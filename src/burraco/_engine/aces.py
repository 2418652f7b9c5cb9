"""The melds from ace to ace that the move generator does not list (private).

Under ``ace_at_both_ends`` (Burraco Reale, rules §13.5) a sequence may run A to K to A, 14
cards with a natural ace at each end. Every such meld fills all 14 slots of its suit, at most
one of the slots two to king with a wild, so the openings and additions that make one are few
and are found here by listing those 14-card tables and asking :func:`burraco.extend_meld` and
:func:`burraco.validate_meld` (the rules themselves) about each. The move generator of
``burraco._engine.movegen`` lists every other meld; :func:`burraco.legal_actions` adds these.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from burraco.actions import AddToMeld, OpenMeld
from burraco.cards import CARDS_BY_CODE, CODE_KEY, Card, Rank, Suit
from burraco.errors import InvalidMeldError
from burraco.melds import Meld, MeldKind, extend_meld, validate_meld
from burraco.rules import Rules

__all__ = ["ace_to_ace_actions"]

_SUITS: Final = tuple(Suit)


def _natural(suit_index: int, slot: int) -> Card:
    """The natural card of ``slot`` (1 to 14: the ace, two to king, the ace) of a suit."""
    return CARDS_BY_CODE[suit_index * 13 + (0 if slot == 14 else slot - 1)]


def _tables(suit_index: int, wilds: list[Card]) -> list[Counter[Card]]:
    """Every 14-card table of a suit from ace to ace: all naturals, or one slot two to king
    held by one of ``wilds`` instead of its natural card."""
    naturals = [_natural(suit_index, slot) for slot in range(1, 15)]
    tables = [Counter(naturals)]
    for wild in wilds:
        for slot in range(2, 14):
            table = Counter(naturals)
            table[naturals[slot - 1]] -= 1
            table[wild] += 1
            tables.append(+table)
    return tables


def ace_to_ace_actions(
    hand: tuple[Card, ...], team_melds: tuple[Meld, ...], rules: Rules
) -> tuple[list[OpenMeld], list[AddToMeld]]:
    """The openings and additions from ``hand`` that make a sequence from ace to ace, each
    legal as a meld (the caller checks what the player must keep), in a fixed order: openings
    by suit, additions by meld index. Empty unless ``rules.ace_at_both_ends``."""
    opens: list[OpenMeld] = []
    adds: list[AddToMeld] = []
    if not rules.ace_at_both_ends:
        return opens, adds
    held = Counter(hand)
    hand_wilds = sorted({card for card in hand if card.is_joker or card.is_two}, key=CODE_KEY)
    for suit_index, suit in enumerate(_SUITS):
        ace = _natural(suit_index, 1)
        if held[ace] >= 2:
            seen: set[tuple[Card, ...]] = set()
            for table in _tables(suit_index, hand_wilds):
                if table <= held:
                    cards = tuple(sorted(table.elements(), key=CODE_KEY))
                    if cards not in seen and _opens(cards, rules):
                        seen.add(cards)
                        opens.append(OpenMeld.from_sorted(cards, None))
        for index, meld in enumerate(team_melds):
            if meld.kind is not MeldKind.SEQUENCE or meld.suit is not suit:
                continue
            if held[ace] + meld.cards.count(ace) < 2 or len(meld.cards) >= 14:
                continue
            laid = Counter(meld.cards)
            wilds = hand_wilds if meld.wild is None else [meld.wild, *hand_wilds]
            seen = set()
            for table in _tables(suit_index, [*dict.fromkeys(wilds)]):
                if not laid <= table:
                    continue
                added = table - laid
                if not added <= held:
                    continue
                cards = tuple(sorted(added.elements(), key=CODE_KEY))
                if cards not in seen and _adds(meld, cards, rules):
                    seen.add(cards)
                    adds.append(AddToMeld.from_sorted(index, cards, None))
    return opens, adds


def _from_ace_to_ace(meld: Meld) -> bool:
    """Whether ``meld`` has a natural ace at each end."""
    return meld.cards[0].rank is Rank.ACE and meld.cards[-1].rank is Rank.ACE


def _opens(cards: tuple[Card, ...], rules: Rules) -> bool:
    try:
        return _from_ace_to_ace(validate_meld(cards, rules))
    except InvalidMeldError:
        return False


def _adds(meld: Meld, cards: tuple[Card, ...], rules: Rules) -> bool:
    try:
        return _from_ace_to_ace(extend_meld(meld, cards, rules))
    except InvalidMeldError:
        return False
