"""Enumerating the melds a hand can open and the additions it can make (private).

Candidates are generated from the shape of the hand (which natural cards of a suit or rank it
holds, and which wild cards), then checked with the same analysis that :func:`burraco.apply`
uses, so that :func:`burraco.legal_actions` and :func:`burraco.apply` cannot disagree.

The results depend only on a small integer key (which slots of one suit the hand holds, or how
many of one rank in each suit; its wild cards; the rule switches that matter), so they are
memoised: the same shapes recur constantly in play. Each memoised result is already sorted and
carries the action objects, so a call costs little more than building the keys.
"""

from __future__ import annotations

from itertools import product
from typing import Final, Generic, TypeVar

from burraco.actions import OpenMeld
from burraco.cards import CARDS_BY_CODE, JOKER_CODE, Card, Rank
from burraco.melds import Meld, MeldKind, extension_choices, meld_choices
from burraco.rules import Rules

__all__ = ["OpenChoice", "Shape", "additions", "hand_shape", "open_melds"]

OpenChoice = tuple[tuple[int, tuple[int, ...], int], tuple[Card, ...], Rank | None, Meld, OpenMeld]
"""A meld the hand can open: its sort key, cards (sorted), ``wild_as`` (``None`` for the
default placement), the meld made, and the :class:`OpenMeld` action."""
AddChoice = tuple[tuple[Card, ...], Rank | None, Meld]
"""Cards that can be added (sorted), ``wild_as`` to name, and the meld they make."""

K = TypeVar("K")
V = TypeVar("V")
_ACE_HIGH: Final = 14
_OWN_TWO: Final = (1, 14, 27, 40)


class _Memo(Generic[K, V]):
    """A bounded memo: two generations of dicts, the older dropped when the newer fills.

    An entry found in the older generation moves to the newer one, so whatever play keeps
    using survives, while shapes that stopped occurring are forgotten.
    """

    __slots__ = ("_limit", "_new", "_old")

    def __init__(self, limit: int) -> None:
        self._limit = limit
        self._new: dict[K, V] = {}
        self._old: dict[K, V] = {}

    def get(self, key: K) -> V | None:
        value = self._new.get(key)
        if value is None:
            value = self._old.get(key)
            if value is not None:
                self.remember(key, value)
        return value

    def remember(self, key: K, value: V) -> None:
        if len(self._new) >= self._limit:
            self._old = self._new
            self._new = {}
        self._new[key] = value

    def clear(self) -> None:
        self._new = {}
        self._old = {}

    def __len__(self) -> int:
        return len(self._new) + len(self._old)


# Small memos: every object they hold is traced by the garbage collector on each full
# collection, which costs more than recomputing a rarely used shape (see benchmarks/run.py).
_OPENS: Final[_Memo[int | tuple[int, ...], tuple[OpenChoice, ...]]] = _Memo(1 << 10)
_SEQUENCES: Final[_Memo[int, tuple[OpenChoice, ...]]] = _Memo(1 << 12)
_SETS: Final[_Memo[int, tuple[OpenChoice, ...]]] = _Memo(1 << 10)
_ADD_SEQUENCE: Final[_Memo[tuple[Meld, int], tuple[AddChoice, ...]]] = _Memo(1 << 10)
_ADD_SET: Final[_Memo[tuple[Meld, int], tuple[AddChoice, ...]]] = _Memo(1 << 10)
_MELD_SLOTS: Final[_Memo[Meld, tuple[int, int, int, int, int]]] = _Memo(1 << 10)
_CHOICES: Final[_Memo[tuple[tuple[int, ...], int, bool], list[OpenChoice]]] = _Memo(1 << 12)
_ADD_CHOICES: Final[_Memo[tuple[Meld, tuple[int, ...], bool, bool, int], list[AddChoice]]] = _Memo(
    1 << 12
)
_RULES: Final[dict[int, tuple[Rules, tuple[int, ...]]]] = {}


def clear_caches() -> None:
    """Forget every memoised result (for benchmarks that measure cold calls)."""
    for memo in (
        _OPENS,
        _SEQUENCES,
        _SETS,
        _ADD_SEQUENCE,
        _ADD_SET,
        _MELD_SLOTS,
        _CHOICES,
        _ADD_CHOICES,
    ):
        memo.clear()


def _set_rank_indexes(rules: Rules) -> tuple[int, ...]:
    """The rank indexes (0 for aces) that sets may have under ``rules``, memoised per value."""
    entry = _RULES.get(id(rules))
    if entry is None or entry[0] is not rules:
        entry = (rules, tuple(sorted(rank - 1 for rank in rules.set_ranks)))
        if len(_RULES) > 64:
            _RULES.clear()
        _RULES[id(rules)] = entry
    return entry[1]


Shape = tuple[list[int], list[int], list[int], int, int]
"""A hand's shape: card counts by code, a mask of held ranks per suit (bit 0 for the ace),
how many cards of each rank index, whether it holds a joker (0 or 1), and which suits' twos
it holds (a bit per suit)."""


def hand_shape(hand: tuple[Card, ...]) -> Shape:
    """The :data:`Shape` of a hand, in one pass over its cards."""
    counts = [0] * 53
    masks = [0, 0, 0, 0]
    ranks = [0] * 13
    for card in hand:
        code = card.code
        counts[code] += 1
        if code != JOKER_CODE:
            masks[code // 13] |= 1 << code % 13
            ranks[code % 13] += 1
    joker = 1 if counts[JOKER_CODE] else 0
    twos_bits = (masks[0] >> 1 & 1) | (masks[1] & 2) | (masks[2] << 1 & 4) | (masks[3] << 2 & 8)
    return counts, masks, ranks, joker, twos_bits


def _wild_codes(joker: int, twos_bits: int) -> list[int]:
    """The distinct wild cards a hand offers: the joker, then the twos by suit."""
    codes = [JOKER_CODE] if joker else []
    return codes + [_OWN_TWO[s] for s in range(4) if twos_bits >> s & 1]


def _sort_key(cards: tuple[Card, ...], wild_as: Rank | None) -> tuple[int, tuple[int, ...], int]:
    return (len(cards), tuple(card.code for card in cards), 0 if wild_as is None else int(wild_as))


def _open_choices(codes: list[int], packs: int, second_ace: bool) -> list[OpenChoice]:
    """The legal melds of exactly these cards, one per distinct wild placement.

    Memoised by the cards, so the many hand shapes that hold the same meld share its objects.
    """
    multiset = tuple(sorted(codes))
    key = (multiset, packs, second_ace)
    choices = _CHOICES.get(key)
    if choices is None:
        choices = _open_choices_of(multiset, packs, second_ace)
        _CHOICES.remember(key, choices)
    return choices


def _open_choices_of(codes: tuple[int, ...], packs: int, second_ace: bool) -> list[OpenChoice]:
    cards = tuple(CARDS_BY_CODE[code] for code in codes)
    # the rule switches that matter for the cards alone; every set rank is allowed here (the
    # caller keeps only the ranks its rules allow)
    pairs = meld_choices(cards, _EXTEND_RULES[False, second_ace, packs])
    return [
        (_sort_key(cards, wild_as), cards, wild_as, meld, OpenMeld.from_sorted(cards, wild_as))
        for wild_as, meld in pairs
    ]


def _suit_sequences(key: int) -> tuple[OpenChoice, ...]:
    """Every sequence of one suit that a hand of this shape can open (see :func:`open_melds`)."""
    mask = key & 0x1FFF
    own_twos = key >> 13 & 3
    joker = key >> 15 & 1
    twos_bits = key >> 16 & 15
    second_ace = bool(key >> 20 & 1)
    suit = key >> 21
    avail = [0] * 15
    for slot in range(1, 14):
        avail[slot] = mask >> (slot - 1) & 1
    avail[2] = own_twos
    avail[_ACE_HIGH] = avail[1]
    wilds = _wild_codes(joker, twos_bits)
    own_two = _OWN_TWO[suit]
    base = suit * 13
    seen: set[tuple[int, ...]] = set()
    found: list[OpenChoice] = []
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
            # the hole for a wild: the gap, or (a player may keep a natural card back) any
            # inner slot, or none (the wild then goes at an end)
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
                    found += _open_choices(group, 2, second_ace)
    found.sort(key=lambda choice: choice[0])
    return tuple(found)


def _rank_sets(key: int) -> tuple[OpenChoice, ...]:
    """Every set of one rank that a hand of this shape can open (see :func:`open_melds`)."""
    counts = [key >> (2 * s) & 3 for s in range(4)]
    joker = key >> 8 & 1
    twos_bits = key >> 9 & 15
    rank_index = key >> 13
    wilds = _wild_codes(joker, twos_bits)
    found: list[OpenChoice] = []
    for taken in product(*(range(count + 1) for count in counts)):
        size = sum(taken)
        if size < 2:
            continue
        naturals = [s * 13 + rank_index for s in range(4) for _ in range(taken[s])]
        groups = ([naturals] if size >= 3 else []) + [[*naturals, w] for w in wilds]
        for group in groups:
            found += _open_choices(group, 3, True)
    found.sort(key=lambda choice: choice[0])
    return tuple(found)


def open_melds(shape: Shape, rules: Rules) -> tuple[OpenChoice, ...]:
    """Every distinct meld a hand of this :data:`Shape` can open under ``rules``.

    Sorted by number of cards, then by the cards, then by ``wild_as``. The game's context (a
    set rank the team already holds, what the player must keep) is the caller's to apply.
    """
    counts, masks, ranks, joker, twos_bits = shape
    wild = 1 if joker or twos_bits else 0
    keys: list[int] = []
    wild_key = joker << 8 | twos_bits << 9
    for index in _set_rank_indexes(rules):
        if ranks[index] + wild >= 3:
            keys.append(
                min(counts[index], 3)
                | min(counts[13 + index], 3) << 2
                | min(counts[26 + index], 3) << 4
                | min(counts[39 + index], 3) << 6
                | wild_key
                | index << 13
            )
    sequence_key = 1 << 23 | joker << 15 | twos_bits << 16
    if rules.wild_as_second_ace:
        sequence_key |= 1 << 20
    for suit in range(4):
        mask = masks[suit]
        if not mask:
            continue
        own = counts[_OWN_TWO[suit]]
        # A natural card is in no sequence unless another natural lies within two ranks (one
        # with a wild between); dropping such cards from the key changes no result.
        slots = mask | (mask & 1) << 13  # bit 13: the ace above the king
        near = slots << 1 | slots >> 1
        if wild:
            near |= slots << 2 | slots >> 2
        slots &= near
        mask = (slots | slots >> 13) & 0x1FFF
        if own:
            mask |= 2
        naturals = (mask & ~2).bit_count() + (1 if own else 0)
        if (
            naturals < 2
            or naturals + (1 if joker or twos_bits & ~(1 << suit) or own >= 2 else 0) < 3
        ):
            continue
        keys.append(mask | min(own, 2) << 13 | sequence_key | suit << 21)
    if not keys:
        return ()
    combined = tuple(keys) if len(keys) > 1 else keys[0]
    found = _OPENS.get(combined)
    if found is None:
        merged: list[OpenChoice] = []
        for key in keys:
            if key >> 23:
                group = _SEQUENCES.get(key)
                if group is None:
                    group = _suit_sequences(key & ~(1 << 23))
                    _SEQUENCES.remember(key, group)
            else:
                group = _SETS.get(key)
                if group is None:
                    group = _rank_sets(key)
                    _SETS.remember(key, group)
            merged += group
        merged.sort(key=lambda choice: choice[0])
        found = tuple(merged)
        _OPENS.remember(combined, found)
    return found


# --- additions ----------------------------------------------------------------------------------


def additions(meld: Meld, shape: Shape, rules: Rules) -> tuple[AddChoice, ...]:
    """Every distinct set of cards of a hand of this :data:`Shape` that can be added to
    ``meld``, with the meld they make."""
    counts, masks, ranks, joker, twos_bits = shape
    if meld.kind is MeldKind.SET:
        assert meld.rank is not None
        index = meld.rank - 1
        takes_wild = meld.wild is None and (joker or twos_bits)
        if not (ranks[index] or takes_wild):
            return ()
        key = (
            counts[index]
            | counts[13 + index] << 2
            | counts[26 + index] << 4
            | counts[39 + index] << 6
            | (joker << 8 | twos_bits << 9 if takes_wild else 0)
        )
        group = _ADD_SET.get((meld, key))
        if group is None:
            group = _set_additions(meld, key, rules.packs)
            _ADD_SET.remember((meld, key), group)
        return group
    info = _MELD_SLOTS.get(meld)
    if info is None:
        info = _meld_slots(meld)
        _MELD_SLOTS.remember(meld, info)
    suit, occupied, low, high, inner = info
    held = masks[suit] & ~occupied
    if not held and not (joker or twos_bits):
        return ()
    # Only cards reachable from the meld's ends through at most one missing rank can ever be
    # added; the others stay out of the key. Work in slots (bit s for slot s, 1 to 14).
    own = counts[_OWN_TWO[suit]]
    slots = (held << 1 | (held & 1) << 14) & ~4  # the two's slot is counted apart
    missing = ~(slots | (4 if own else 0)) & 0x7FFE
    above = missing & ~((2 << high) - 1)
    if above:
        above &= above - 1  # drop the first missing slot above the meld
    reach = (above & -above) - 1 if above else 0x7FFF
    below = missing & ((1 << low) - 1)
    if below:
        below ^= 1 << below.bit_length() - 1  # drop the first missing slot below the meld
    reach &= ~((1 << below.bit_length()) - 1) if below else -1
    slots &= reach | inner
    mask = (slots >> 1 | slots >> 14) & 0x1FFF
    key = (
        mask
        | min(own, 2) << 13
        | joker << 15
        | twos_bits << 16
        | rules.natural_two_locked << 20
        | rules.wild_as_second_ace << 21
    )
    group = _ADD_SEQUENCE.get((meld, key))
    if group is None:
        group = _sequence_additions(meld, key)
        _ADD_SEQUENCE.remember((meld, key), group)
    return group


def _meld_slots(meld: Meld) -> tuple[int, int, int, int, int]:
    """For a sequence: its suit index; a mask of the ranks its natural cards hold (bit 0 for
    the ace), which no hand card can be added as (the two's bit is left out: twos are counted
    apart); its first and last slots; and the slot bit of a fixed wild (0 if none)."""
    assert meld.suit is not None
    occupied = 0
    for index, card in enumerate(meld.cards):
        if index != meld.wild_index and card.code != JOKER_CODE:
            occupied |= 1 << card.code % 13
    low = meld.first_slot
    high = low + len(meld.cards) - 1
    inner = 1 << (low + meld.wild_index) if meld.wild_is_fixed and meld.wild_index else 0
    return "SHDC".index(meld.suit.value), occupied & ~2, low, high, inner


_EXTEND_RULES: Final = {
    (locked, second, packs): Rules(
        natural_two_locked=locked, wild_as_second_ace=second, players=6 if packs == 3 else 4
    )
    for locked in (False, True)
    for second in (False, True)
    for packs in (2, 3)
}


def _add_choices(meld: Meld, codes: list[int], rules: Rules) -> list[AddChoice]:
    """The melds that adding exactly these cards to ``meld`` can make, memoised by the cards."""
    multiset = tuple(sorted(codes))
    key = (meld, multiset, rules.natural_two_locked, rules.wild_as_second_ace, rules.packs)
    choices = _ADD_CHOICES.get(key)
    if choices is None:
        choices = _add_choices_of(meld, multiset, rules)
        _ADD_CHOICES.remember(key, choices)
    return choices


def _add_choices_of(meld: Meld, codes: tuple[int, ...], rules: Rules) -> list[AddChoice]:
    cards = tuple(CARDS_BY_CODE[code] for code in codes)
    return [(cards, wild_as, made) for wild_as, made in extension_choices(meld, cards, rules)]


def _set_additions(meld: Meld, key: int, packs: int) -> tuple[AddChoice, ...]:
    assert meld.rank is not None
    index = meld.rank - 1
    counts = [key >> (2 * s) & 3 for s in range(4)]
    wilds = _wild_codes(key >> 8 & 1, key >> 9 & 15)
    rules = _EXTEND_RULES[False, True, packs]
    found: list[AddChoice] = []
    for taken in product(*(range(count + 1) for count in counts)):
        naturals = [s * 13 + index for s in range(4) for _ in range(taken[s])]
        groups = ([naturals] if naturals else []) + [[*naturals, w] for w in wilds]
        for group in groups:
            found += _add_choices(meld, group, rules)
    found.sort(key=lambda choice: _sort_key(choice[0], choice[1]))
    return tuple(found)


def _side_options(
    start: int, step: int, stop: int, avail: list[int]
) -> list[tuple[list[int], int]]:
    """Ways to extend a run of natural slots from ``start`` outwards by ``step``.

    Returns ``(slots added, holes)`` pairs: every slot added is held in the hand, and at most
    one slot strictly inside the extension (``holes`` = 1) is left for a wild to fill.
    """
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
            continue  # an extension cannot end on a slot it does not hold
        if not missing:
            options.append((list(window), 0))
            options += [([s for s in window if s != hole], 1) for hole in window[:-1]]
        else:
            options.append(([s for s in window if s != missing[0]], 1))
    return options


def _sequence_additions(meld: Meld, key: int) -> tuple[AddChoice, ...]:
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
        variants.append(naturals[1:])  # the natural two may become the wild
    wilds: list[int] = []
    if meld.wild is None or meld.wild.code == own_two:
        wilds = _wild_codes(joker, twos_bits)
    rules = _EXTEND_RULES[two_locked, second_ace, 2]
    seen: set[tuple[int, ...]] = set()
    found: list[AddChoice] = []
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
                    found += _add_choices(meld, candidate, rules)
    found.sort(key=lambda choice: _sort_key(choice[0], choice[1]))
    return tuple(found)
