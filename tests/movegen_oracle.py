"""The move generator's builders, stated by the meld analysis: each function takes the key of
the function of :mod:`burraco._engine.movegen` it stands for and lists the same choices, found by
trying candidates with :func:`burraco.melds.meld_choices`, :func:`~burraco.melds.extension_choices`
or, for sequences, the brute force of :mod:`tests.bruteforce` (every sub-multiset of the cards
the key describes, read by :func:`~burraco.validate_meld` and :func:`~burraco.extend_meld`),
with no memo. Tests patch these functions into :mod:`burraco._engine.movegen` in place of the direct
ones and compare the answers.

No candidate step of the move generator is repeated here: an oracle that shares the code under
test proves nothing about it (a sequence's candidates once allowed one missing rank in all, and
an older version of this module did the same, so neither saw the additions that need two).
"""

from __future__ import annotations

from itertools import product

import attrs

from burraco._engine.layouts import (
    RANK_KEY,
    SEQUENCE_ADD_KEY,
    SEQUENCE_SHAPE,
    SET_ADD_KEY,
    SET_SHAPE,
    SUIT_KEY,
)
from burraco.cards import CARDS_BY_CODE, JOKER, Card, Rank, Suit
from burraco.melds import Meld, MeldKind, extension_choices, meld_choices
from burraco.rules import Rules
from tests.bruteforce import extension_moves, opening_moves
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


def _key_hand(suit: int, mask: int, own_twos: int, joker: int, twos_bits: int) -> tuple[Card, ...]:
    """The cards a key of the sequence builders describes: one natural card of ``suit`` for
    each rank of ``mask`` (bit 0 for the ace), ``own_twos`` twos of the suit, a joker if
    ``joker`` and a two of each other suit in ``twos_bits``."""
    codes = [suit * 13 + index for index in range(13) if mask >> index & 1 and index != 1]
    codes += [_OWN_TWO[suit]] * own_twos
    codes += [52] * joker
    codes += [_OWN_TWO[other] for other in range(4) if other != suit and twos_bits >> other & 1]
    return tuple(sorted(CARDS_BY_CODE[code] for code in codes))


def _choice_bytes(cards: tuple[Card, ...], meld: Meld, names: set[Rank | None]) -> bytes:
    """A choice as the builders write it: the cards' codes and the rank ``wild_as`` names (0
    when the default placement makes the meld)."""
    named = 0 if None in names else int(meld.wild_as or 0)
    return bytes((len(cards), *sorted(card.code for card in cards), named))


def suit_sequences(key: int) -> tuple[bytes, ...]:
    k = SUIT_KEY.unpack(key)  # its "sequences" bit (set by open_melds) is not read
    hand = _key_hand(k["suit"], k["ranks"], k["own_twos"], k["joker"], k["twos"])
    rules = _RULES[False, bool(k["second_ace"]), 2]
    found = [
        _choice_bytes(cards, meld, names) + b"\0"
        for (cards, meld), names in opening_moves(hand, rules).items()
        if meld.kind is MeldKind.SEQUENCE
    ]
    return tuple(sorted(found))


def rank_sets(key: int) -> tuple[bytes, ...]:
    k = RANK_KEY.unpack(key)
    counts = [k[suit.name.lower()] for suit in Suit]
    wilds = _wild_codes(k["joker"], k["twos"])
    rank_index = k["rank"]
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
    """The set of a shape (see ``burraco._engine.movegen._meld_info``)."""
    k = SET_SHAPE.unpack(shape)
    index = k["rank"]
    counts = [k[suit.name.lower()] for suit in Suit]
    cards = [CARDS_BY_CODE[s * 13 + index] for s in range(4) for _ in range(counts[s])]
    wild = CARDS_BY_CODE[k["wild"] - 1] if k["wild"] else None
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
    meld's suit: the meld that ``burraco._engine.movegen._meld_info`` writes in its shape."""
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
        meld = _set(SET_ADD_KEY.unpack(key)["shape"])
    k = SET_ADD_KEY.unpack(key)
    packs = k["packs"]
    assert meld.rank is not None
    index = meld.rank - 1
    counts = [k[suit.name.lower()] for suit in Suit]
    wilds = _wild_codes(k["joker"], k["twos"])
    rules = _RULES[False, True, packs]
    found: list[bytes] = []
    for taken in product(*(range(count + 1) for count in counts)):
        naturals = [s * 13 + index for s in range(4) for _ in range(taken[s])]
        groups = ([naturals] if naturals else []) + [[*naturals, w] for w in wilds]
        for group in groups:
            found += _added(meld, group, rules)
    return tuple(sorted(found))


def _sequence(shape: int) -> Meld:
    """The sequence of a shape (see ``burraco._engine.movegen._meld_info``)."""
    k = SEQUENCE_SHAPE.unpack(shape)
    suit = list(Suit)[k["suit"]]
    first, size, position = k["first"], k["size"], k["position"]
    wild = CARDS_BY_CODE[k["wild"] - 1] if position else None
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
    """The additions of a key of ``_sequence_additions``, found by the brute force; to
    ``meld``, if given (the key holds its shape), else to the sequence that the shape
    describes."""
    if meld is None:
        meld = _sequence(SEQUENCE_ADD_KEY.unpack(key)["shape"])
    assert meld.suit is not None
    suit = "SHDC".index(meld.suit.value)
    k = SEQUENCE_ADD_KEY.unpack(key)
    hand = _key_hand(suit, k["ranks"], k["own_twos"], k["joker"], k["twos"])
    rules = _RULES[bool(k["two_locked"]), bool(k["second_ace"]), 2]
    found = [
        _choice_bytes(cards, grown, names)
        for (cards, grown), names in extension_moves(meld, hand, rules).items()
    ]
    return tuple(sorted(found))
