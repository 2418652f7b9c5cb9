"""The move generator as it was before it generated choices directly: the same candidates,
each run through the meld analysis (:func:`burraco.melds.meld_choices` and
:func:`burraco.melds.extension_choices`), with no memo. Tests patch these functions into
:mod:`burraco._movegen` in place of the direct ones and compare the answers.

Each function takes the same key as the function of :mod:`burraco._movegen` it stands for.
"""

from __future__ import annotations

from itertools import product

import attrs

from burraco.cards import CARDS_BY_CODE, JOKER, Rank, Suit
from burraco.melds import Meld, MeldKind, extension_choices, meld_choices
from burraco.rules import Rules
from tests.meld_oracle import natural

_ACE_HIGH = 14
_OWN_TWO = (1, 14, 27, 40)
_SLOT_RANKS = (None, *Rank, Rank.ACE)

_RULES = {
    (locked, second, packs): Rules(
        natural_two_locked=locked, wild_as_second_ace=second, players=6 if packs == 3 else 4
    )
    for locked in (False, True)
    for second in (False, True)
    for packs in (2, 3)
}
"""Rule sets with every meld switch; every set rank is allowed (the callers filter ranks)."""


def _wild_codes(joker: int, twos_bits: int) -> list[int]:
    return ([52] if joker else []) + [_OWN_TWO[s] for s in range(4) if twos_bits >> s & 1]


def _side_options(
    start: int, step: int, stop: int, avail: list[int]
) -> list[tuple[list[int], int]]:
    """Ways to extend natural slots from ``start`` outwards: ``(slots added, holes)``."""
    options: list[tuple[list[int], int]] = [([], 0)]
    window: list[int] = []
    missing: list[int] = []
    slot = start
    while slot != stop:
        window.append(slot)
        if not avail[slot]:
            missing.append(slot)
            if len(missing) > 1:
                break
        slot += step
        if not avail[window[-1]]:
            continue
        if not missing:
            options.append((list(window), 0))
            options += [([s for s in window if s != hole], 1) for hole in window[:-1]]
        else:
            options.append(([s for s in window if s != missing[0]], 1))
    return options


def _opened(codes: list[int], packs: int, second_ace: bool) -> list[bytes]:
    multiset = sorted(codes)
    cards = tuple(CARDS_BY_CODE[code] for code in multiset)
    pairs = meld_choices(cards, _RULES[False, second_ace, packs])
    return [
        bytes((len(multiset), *multiset, wild_as or 0, meld.rank or 0)) for wild_as, meld in pairs
    ]


def _added(meld: Meld, codes: list[int], rules: Rules) -> list[bytes]:
    multiset = sorted(codes)
    cards = tuple(CARDS_BY_CODE[code] for code in multiset)
    pairs = extension_choices(meld, cards, rules)
    return [bytes((len(multiset), *multiset, wild_as or 0)) for wild_as, _ in pairs]


def suit_sequences(key: int) -> tuple[bytes, ...]:
    mask = key & 0x1FFF
    own_twos = key >> 13 & 3
    joker = key >> 15 & 1
    twos_bits = key >> 16 & 15
    second_ace = bool(key >> 20 & 1)
    suit = key >> 21 & 3  # bit 23 (set in the keys of open_melds) is not read
    avail = [0] * 15
    for slot in range(1, 14):
        avail[slot] = mask >> (slot - 1) & 1
    avail[2] = own_twos
    avail[_ACE_HIGH] = avail[1]
    wilds = _wild_codes(joker, twos_bits)
    own_two = _OWN_TWO[suit]
    base = suit * 13
    seen: set[tuple[int, ...]] = set()
    found: list[bytes] = []
    for low in range(1, _ACE_HIGH + 1):
        if not avail[low]:
            continue
        gap = 0
        for high in range(low + 1, _ACE_HIGH + 1):
            if low == 1 and high == _ACE_HIGH:
                break
            if not avail[high]:
                if gap:
                    break
                gap = high
                continue
            holes = [gap] if gap else [0, *range(low + 1, high)]
            groups: list[list[int]] = []
            for hole in holes:
                slots = [s for s in range(low, high + 1) if s != hole]
                naturals = [base + (0 if s == _ACE_HIGH else s - 1) for s in slots]
                spare_twos = avail[2] - (1 if 2 in slots else 0)
                if not hole and len(naturals) >= 3:
                    groups.append(naturals)
                groups += [[*naturals, w] for w in wilds if w != own_two or spare_twos > 0]
            for group in groups:
                multiset = tuple(sorted(group))
                if multiset not in seen:
                    seen.add(multiset)
                    found += _opened(group, 2, second_ace)
    return tuple(sorted(found))


def rank_sets(key: int) -> tuple[bytes, ...]:
    counts = [key >> (2 * s) & 3 for s in range(4)]
    wilds = _wild_codes(key >> 8 & 1, key >> 9 & 15)
    rank_index = key >> 13
    found: list[bytes] = []
    for taken in product(*(range(count + 1) for count in counts)):
        size = sum(taken)
        if size < 2:
            continue
        naturals = [s * 13 + rank_index for s in range(4) for _ in range(taken[s])]
        groups = ([naturals] if size >= 3 else []) + [[*naturals, w] for w in wilds]
        for group in groups:
            found += _opened(group, 3, True)
    return tuple(sorted(found))


def _set(shape: int) -> Meld:
    """The set of a shape (see ``burraco._movegen._meld_info``)."""
    index = shape >> 1 & 15
    cards = [CARDS_BY_CODE[s * 13 + index] for s in range(4) for _ in range(shape >> 5 + 2 * s & 3)]
    wild = CARDS_BY_CODE[(shape >> 13) - 1] if shape >> 13 else None
    if wild is not None:
        cards.append(wild)
    return Meld(
        MeldKind.SET,
        tuple(cards),
        wild,
        None,
        None,
        Rank(index + 1),
        None if wild is None else len(cards) - 1,
    )


def foreign_wild_as_joker(meld: Meld) -> Meld:
    """``meld`` with its wild written as the joker, unless it is none or the two of the
    meld's suit: the meld that ``burraco._movegen._meld_info`` writes in its shape."""
    wild = meld.wild
    if wild is None or wild is JOKER:
        return meld
    if meld.suit is not None and wild.rank is Rank.TWO and wild.suit is meld.suit:
        return meld
    cards = tuple(JOKER if card is wild else card for card in meld.cards)
    return attrs.evolve(meld, cards=cards, wild=JOKER)


def set_additions(key: int, meld: Meld | None = None) -> tuple[bytes, ...]:
    """The additions of a key of ``_set_additions``, found by the analysis; to ``meld``, if
    given (the key holds its shape), else to the set that the shape describes."""
    if meld is None:
        meld = _set(key >> 16)
    packs = key >> 13 & 7
    assert meld.rank is not None
    index = meld.rank - 1
    counts = [key >> (2 * s) & 3 for s in range(4)]
    wilds = _wild_codes(key >> 8 & 1, key >> 9 & 15)
    rules = _RULES[False, True, packs]
    found: list[bytes] = []
    for taken in product(*(range(count + 1) for count in counts)):
        naturals = [s * 13 + index for s in range(4) for _ in range(taken[s])]
        groups = ([naturals] if naturals else []) + [[*naturals, w] for w in wilds]
        for group in groups:
            found += _added(meld, group, rules)
    return tuple(sorted(found))


def _sequence(shape: int) -> Meld:
    """The sequence of a shape (see ``burraco._movegen._meld_info``)."""
    suit = list(Suit)[shape >> 1 & 3]
    first = shape >> 3 & 15
    size = shape >> 7 & 15
    position = shape >> 11 & 15
    wild = CARDS_BY_CODE[(shape >> 15) - 1] if position else None
    cards = tuple(
        wild if wild is not None and index + 1 == position else natural(suit, first + index)
        for index in range(size)
    )
    return Meld(
        MeldKind.SEQUENCE,
        cards,
        wild,
        _SLOT_RANKS[first + position - 1] if position else None,
        suit,
        None,
        position - 1 if position else None,
    )


def sequence_additions(key: int, meld: Meld | None = None) -> tuple[bytes, ...]:
    """The additions of a key of ``_sequence_additions``, found by the analysis; to ``meld``,
    if given (the key holds its shape), else to the sequence that the shape describes."""
    if meld is None:
        meld = _sequence(key >> 22)
    assert meld.suit is not None
    mask = key & 0x1FFF
    own_twos = key >> 13 & 3
    joker = key >> 15 & 1
    twos_bits = key >> 16 & 15
    two_locked = bool(key >> 20 & 1)
    second_ace = bool(key >> 21 & 1)
    suit = "SHDC".index(meld.suit.value)
    base = suit * 13
    own_two = _OWN_TWO[suit]
    avail = [0] * 15
    for slot in range(1, 14):
        avail[slot] = mask >> (slot - 1) & 1
    avail[2] = own_twos
    avail[_ACE_HIGH] = avail[1]
    first = meld.first_slot
    size = len(meld.cards)
    wild_slot = first + meld.wild_index if meld.wild_index is not None else 0
    naturals = [s for s in range(first, first + size) if s != wild_slot]
    variants = [naturals]
    if not two_locked and naturals[0] == 2:
        variants.append(naturals[1:])
    wilds: list[int] = []
    if meld.wild is None or meld.wild.code == own_two:
        wilds = _wild_codes(joker, twos_bits)
    rules = _RULES[two_locked, second_ace, 2]
    seen: set[tuple[int, ...]] = set()
    found: list[bytes] = []
    for kept in variants:
        low, high = kept[0], kept[-1]
        inner = [s for s in range(low, high + 1) if s not in kept]
        below = _side_options(low - 1, -1, 0, avail)
        above = _side_options(high + 1, 1, _ACE_HIGH + 1, avail)
        fills: list[tuple[list[int], int]] = [([], len(inner))]
        if len(inner) == 1 and avail[inner[0]]:
            fills.append((inner, 0))
        for (down, holes_down), (up, holes_up), (fill, holes_in) in product(below, above, fills):
            if holes_down + holes_up + holes_in > 1:
                continue
            slots = down + fill + up
            if 1 in slots and _ACE_HIGH in slots:
                continue
            group = [base + (0 if s == _ACE_HIGH else s - 1) for s in slots]
            spare_twos = avail[2] - (1 if 2 in slots else 0)
            groups = [group] if group else []
            groups += [[*group, w] for w in wilds if w != own_two or spare_twos > 0]
            for candidate in groups:
                multiset = tuple(sorted(candidate))
                if multiset not in seen:
                    seen.add(multiset)
                    found += _added(meld, candidate, rules)
    return tuple(sorted(found))
