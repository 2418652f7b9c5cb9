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

from collections.abc import Callable
from itertools import product
from typing import Any, Final, Generic, TypeVar

import attrs

from burraco.actions import AddToMeld, OpenMeld
from burraco.cards import CARDS_BY_CODE, JOKER_CODE, Card, Rank, Suit
from burraco.melds import Meld, MeldKind, extension_choices, meld_choices
from burraco.melds import _clear_memos as clear_meld_memos
from burraco.rules import Rules

__all__ = [
    "AddChoice",
    "OpenChoice",
    "Shape",
    "add_action",
    "additions",
    "choice_cards",
    "hand_shape",
    "open_action",
    "open_melds",
]

OpenChoice = bytes
"""A meld the hand can open, as bytes: the number of cards ``n``, the ``n`` card codes
(sorted), the rank ``wild_as`` names (0 for the default placement) and the rank of a set (0 for
a sequence). Bytes sort as the actions are listed (by size, then cards, then ``wild_as``), and
hold nothing the garbage collector traces; :func:`open_action` gives the action."""
AddChoice = bytes
"""Cards that can be added to a meld, as bytes: their number ``n``, the ``n`` card codes
(sorted) and the rank ``wild_as`` names (0 for the default); :func:`add_action` gives the
action."""

MeldInfo = tuple[int, int, int, int, int, int, int]
"""What :func:`additions` needs to know of a meld, as integers (see :func:`_meld_info`)."""

K = TypeVar("K")
V = TypeVar("V")
_ACE_HIGH: Final = 14
_OWN_TWO: Final = (1, 14, 27, 40)


class _Memo(Generic[K, V]):
    """A memo bounded in bytes: two generations of dicts, the older dropped when the newer
    holds half the budget.

    Each entry is weighed when it is stored (``weigh(value)``, an estimate of the bytes the
    entry keeps alive), so that a few huge entries (a 48-card hand has thousands of melds)
    count as much as many small ones. An entry found in the older generation moves to the
    newer one, so whatever play keeps using survives, while shapes that stopped occurring are
    forgotten. ``peak`` is the most bytes ever held, both generations together.
    """

    __slots__ = ("_half", "_new", "_new_bytes", "_old", "_old_bytes", "_weigh", "budget", "peak")

    def __init__(self, budget: int, weigh: Callable[[V], int]) -> None:
        self.budget = budget
        self._half = budget // 2
        self._weigh = weigh
        self._new: dict[K, V] = {}
        self._old: dict[K, V] = {}
        self._new_bytes = 0
        self._old_bytes = 0
        self.peak = 0

    def get(self, key: K) -> V | None:
        value = self._new.get(key)
        if value is None:
            value = self._old.get(key)
            if value is not None:
                self.remember(key, value)
        return value

    def remember(self, key: K, value: V) -> None:
        weight = self._weigh(value)
        if self._new_bytes + weight > self._half:
            self._old = self._new
            self._old_bytes = self._new_bytes
            self._new = {}
            self._new_bytes = 0
        self._new[key] = value
        self._new_bytes += weight
        held = self._new_bytes + self._old_bytes
        if held > self.peak:
            self.peak = held

    def clear(self) -> None:
        self._new = {}
        self._old = {}
        self._new_bytes = self._old_bytes = 0

    @property
    def bytes(self) -> int:
        """The estimated bytes held now."""
        return self._new_bytes + self._old_bytes

    def __len__(self) -> int:
        return len(self._new) + len(self._old)


_ENTRY: Final = 120
"""Estimated bytes of a memo entry itself: its dict slot, key and value container."""
_CHOICE: Final = 48
"""Estimated bytes of one choice (a small bytes object and the reference to it)."""
_ACTION: Final = 360
"""Estimated bytes of one action object with its tuple of cards."""


def _choices(value: tuple[bytes, ...]) -> int:
    return _ENTRY + _CHOICE * len(value)


def _action(value: object) -> int:
    return _ENTRY + _ACTION


A = TypeVar("A", OpenMeld, AddToMeld)
Listed = tuple[tuple[bytes, ...], tuple[A, ...]]
"""Choices (sorted) and their actions, in the same order."""


# Keys are integers or tuples of integers and the values bytes, so that the garbage collector
# has nothing to trace in them, and equal shapes share one entry whichever objects they came
# from. Only the action objects themselves (_OPEN_ACTIONS, _ADD_ACTIONS) are objects it
# traces. Budgets are in bytes.
_OPENS: Final[_Memo[int | tuple[int, ...], tuple[bytes, ...]]] = _Memo(2 << 20, _choices)
_SEQUENCES: Final[_Memo[int, tuple[OpenChoice, ...]]] = _Memo(1 << 20, _choices)
_SETS: Final[_Memo[int, tuple[OpenChoice, ...]]] = _Memo(1 << 20, _choices)
_ADD_SEQUENCE: Final[_Memo[int, tuple[AddChoice, ...]]] = _Memo(4 << 20, _choices)
_ADD_SET: Final[_Memo[int, tuple[AddChoice, ...]]] = _Memo(1 << 20, _choices)
_CHOICES: Final[_Memo[tuple[tuple[int, ...], int, bool], tuple[OpenChoice, ...]]] = _Memo(
    2 << 20, _choices
)
_ADD_CHOICES: Final[_Memo[tuple[int, tuple[int, ...], int], tuple[AddChoice, ...]]] = _Memo(
    2 << 20, _choices
)
_TAILS: Final[_Memo[tuple[tuple[int, ...], int, bool], tuple[bytes, ...]]] = _Memo(
    1 << 20, _choices
)
_ADD_TAILS: Final[_Memo[tuple[int, tuple[int, ...], int], tuple[bytes, ...]]] = _Memo(
    1 << 20, _choices
)
_OPEN_ACTIONS: Final[_Memo[bytes, OpenMeld]] = _Memo(1 << 20, _action)
_ADD_ACTIONS: Final[_Memo[tuple[int, bytes], AddToMeld]] = _Memo(1 << 20, _action)
_MEMOS: Final[tuple[_Memo[Any, Any], ...]] = (
    _OPENS,
    _SEQUENCES,
    _SETS,
    _ADD_SEQUENCE,
    _ADD_SET,
    _CHOICES,
    _ADD_CHOICES,
    _TAILS,
    _ADD_TAILS,
    _OPEN_ACTIONS,
    _ADD_ACTIONS,
)
_RULES: Final[dict[int, tuple[Rules, tuple[int, ...]]]] = {}


def memo_bytes() -> tuple[int, int]:
    """The estimated bytes the memos hold now and the most they ever held (for benchmarks)."""
    return sum(memo.bytes for memo in _MEMOS), sum(memo.peak for memo in _MEMOS)


def clear_caches() -> None:
    """Forget every memoised result (for benchmarks that measure cold calls)."""
    for memo in _MEMOS:
        memo.clear()
    _TEAMS.clear()
    _MELD_INFO.clear()
    _NORMAL_MELDS.clear()
    clear_meld_memos()


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


_RANK_OF: Final[tuple[Rank | None, ...]] = (None, *Rank)
"""The rank of each byte value in a choice; 0 is ``None``."""


def _choice(codes: tuple[int, ...], *ranks: Rank | None) -> bytes:
    return bytes([len(codes), *codes, *[0 if rank is None else rank for rank in ranks]])


def choice_cards(choice: bytes) -> tuple[tuple[Card, ...], Rank | None]:
    """The cards (sorted) and ``wild_as`` of an :data:`OpenChoice` or :data:`AddChoice`."""
    size = choice[0]
    cards = tuple([CARDS_BY_CODE[code] for code in choice[1 : size + 1]])
    return cards, _RANK_OF[choice[size + 1]]


def open_action(choice: OpenChoice) -> OpenMeld:
    """The :class:`OpenMeld` of a choice (one object per choice while it is memoised)."""
    action = _OPEN_ACTIONS.get(choice)
    if action is None:
        action = OpenMeld.from_sorted(*choice_cards(choice))
        _OPEN_ACTIONS.remember(choice, action)
    return action


def add_action(index: int, choice: AddChoice) -> AddToMeld:
    """The :class:`AddToMeld` of a choice for the team's meld ``index``."""
    key = (index, choice)
    action = _ADD_ACTIONS.get(key)
    if action is None:
        cards, wild_as = choice_cards(choice)
        action = AddToMeld.from_sorted(index, cards, wild_as)
        _ADD_ACTIONS.remember(key, action)
    return action


def _normal_codes(suit: int) -> bytes:
    """Card codes as a sequence of ``suit`` sees them, moved to spades: its naturals to the
    spades of the same rank, its own two to 2S, every other two (a plain wild) to 2H, the joker
    unchanged. Suits play alike, and so do the twos of other suits, so a sequence's melds and
    extensions are worked out once for all of them."""
    normal = []
    for code in range(JOKER_CODE + 1):
        if code == JOKER_CODE:
            normal.append(code)
        elif code % 13 == 1:
            normal.append(1 if code // 13 == suit else 14)
        elif code // 13 == suit:
            normal.append(code % 13)
        else:
            normal.append(code)  # never in a sequence of ``suit``
    return bytes(normal)


_NORMAL: Final = tuple(_normal_codes(suit) for suit in range(4))


def _open_choices(
    codes: list[int], packs: int, second_ace: bool, suit: int = -1
) -> tuple[OpenChoice, ...]:
    """The legal melds of exactly these cards, one per distinct wild placement.

    Memoised by the cards; a sequence (of ``suit``) is worked out for the cards moved to
    spades (see :func:`_normal_codes`), since the choices differ only in their cards.
    """
    multiset = tuple(sorted(codes))
    key = (multiset, packs, second_ace)
    choices = _CHOICES.get(key)
    if choices is None:
        if suit >= 0:
            table = _NORMAL[suit]
            normal = (tuple(sorted([table[code] for code in codes])), packs, second_ace)
        else:
            normal = key
        tails = _TAILS.get(normal)
        if tails is None:
            size = len(multiset) + 1
            tails = tuple(
                choice[size:] for choice in _open_choices_of(normal[0], packs, second_ace)
            )
            _TAILS.remember(normal, tails)
        head = bytes((len(multiset), *multiset))
        choices = tuple([head + tail for tail in tails])
        _CHOICES.remember(key, choices)
    return choices


def _open_choices_of(
    codes: tuple[int, ...], packs: int, second_ace: bool
) -> tuple[OpenChoice, ...]:
    cards = tuple(CARDS_BY_CODE[code] for code in codes)
    # the rule switches that matter for the cards alone; every set rank is allowed here (the
    # caller keeps only the ranks its rules allow)
    pairs = meld_choices(cards, _EXTEND_RULES[False, second_ace, packs])
    return tuple(_choice(codes, wild_as, meld.rank) for wild_as, meld in pairs)


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
                    found += _open_choices(group, 2, second_ace, suit)
    found.sort()
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
    found.sort()
    return tuple(found)


def open_melds(shape: Shape, rules: Rules, skip_ranks: int = 0) -> Listed[OpenMeld]:
    """Every distinct meld a hand of this :data:`Shape` can open under ``rules``: the choices
    and their :class:`OpenMeld` actions, in the same order.

    Sorted by number of cards, then by the cards, then by ``wild_as``. No set is listed of a
    rank index whose bit is set in ``skip_ranks`` (a rank the team holds a set of already,
    under ``one_set_per_rank``). What the player must keep is the caller's to check.
    """
    counts, masks, ranks, joker, twos_bits = shape
    wild = 1 if joker or twos_bits else 0
    keys: list[int] = []
    wild_key = joker << 8 | twos_bits << 9
    for index in _set_rank_indexes(rules):
        if ranks[index] + wild >= 3 and not skip_ranks >> index & 1:
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
        return _NOTHING
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
        merged.sort()
        found = tuple(merged)
        _OPENS.remember(combined, found)
    return found, tuple([open_action(choice) for choice in found])


_NOTHING: Final[Listed[Any]] = ((), ())


# --- additions ----------------------------------------------------------------------------------


_TEAMS: Final[dict[int, tuple[tuple[Meld, ...], tuple[MeldInfo, ...], int]]] = {}
""":func:`team_melds_info` by the ``id`` of a team's tuple of melds, holding the tuple so
that the ``id`` stays its own; cleared when it holds :data:`_TEAMS_HELD` entries."""
_TEAMS_HELD: Final = 64
_MELD_INFO: Final[dict[int, tuple[Meld, MeldInfo]]] = {}
""":func:`meld_info` by the ``id`` of the meld, holding the meld; cleared when it holds
:data:`_MELD_INFO_HELD` entries. By identity, not equality: the melds a team keeps are the
same objects from state to state, and a meld's hash costs more than a lookup by ``id``."""
_MELD_INFO_HELD: Final = 1024


def team_melds_info(melds: tuple[Meld, ...]) -> tuple[tuple[MeldInfo, ...], int]:
    """The :data:`MeldInfo` of each of a team's melds and a mask of the rank indexes it has
    sets of (bit 0 for aces).

    States share a team's tuple of melds until it changes, so this is remembered by the
    tuple's identity: most calls cost one lookup.
    """
    entry = _TEAMS.get(id(melds))
    if entry is None or entry[0] is not melds:
        infos = tuple([meld_info(meld) for meld in melds])
        set_ranks = 0
        for info in infos:
            if info[1] < 0:
                set_ranks |= 1 << info[2]
        if len(_TEAMS) >= _TEAMS_HELD:
            _TEAMS.clear()
        entry = (melds, infos, set_ranks)
        _TEAMS[id(melds)] = entry
    return entry[1], entry[2]


def meld_info(meld: Meld) -> MeldInfo:
    """The :data:`MeldInfo` of ``meld``, memoised."""
    entry = _MELD_INFO.get(id(meld))
    if entry is None or entry[0] is not meld:
        if len(_MELD_INFO) >= _MELD_INFO_HELD:
            _MELD_INFO.clear()
        entry = (meld, _meld_info(meld))
        _MELD_INFO[id(meld)] = entry
    return entry[1]


def additions(
    index: int, meld: Meld, info: MeldInfo, shape: Shape, rules: Rules
) -> Listed[AddToMeld]:
    """Every distinct set of cards of a hand of this :data:`Shape` that can be added to
    ``meld``, the team's meld ``index`` (its :data:`MeldInfo` is ``info``): the choices, with
    the ``wild_as`` to name, and their :class:`AddToMeld` actions, in the same order.

    Memoised by the meld's shape (its kind, suit or rank, length and wild placement, as an
    integer) and the part of the hand that could reach it, not by the meld object.
    """
    counts, masks, ranks, joker, twos_bits = shape
    meld_key, suit, occupied, low, high, inner, wild_bits = info
    if suit < 0:  # a set: ``occupied`` is its rank index, ``low`` 1 if it has a wild
        rank = occupied
        takes_wild = not low and (joker or twos_bits)
        if not (ranks[rank] or takes_wild):
            return _NOTHING
        key = (
            counts[rank]
            | counts[13 + rank] << 2
            | counts[26 + rank] << 4
            | counts[39 + rank] << 6
            | (joker << 8 | twos_bits << 9 if takes_wild else 0)
            | rules.packs << 13
            | meld_key << 16
        )
        group = _ADD_SET.get(key)
        if group is None:
            group = _set_additions(meld, key, rules.packs)
            _ADD_SET.remember(key, group)
        return group, tuple([add_action(index, choice) for choice in group])
    held = masks[suit] & ~occupied
    if not held and not (joker or twos_bits):
        return _NOTHING
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
        | (joker << 15 | twos_bits << 16) & wild_bits  # no wild joins a meld that has one
        | rules.natural_two_locked << 20
        | rules.wild_as_second_ace << 21
        | meld_key << 22
    )
    group = _ADD_SEQUENCE.get(key)
    if group is None:
        group = _sequence_additions(meld, key)
        _ADD_SEQUENCE.remember(key, group)
    return group, tuple([add_action(index, choice) for choice in group])


def _meld_info(meld: Meld) -> MeldInfo:
    """What :func:`additions` needs to know of a meld, as integers.

    First the meld's shape: an integer that equal melds share and different melds do not (the
    kind; a set's rank index, natural cards per suit and wild; a sequence's suit, first slot,
    length, and wild card and position). Then, for a sequence: its suit index; a mask of the
    ranks its natural cards hold (bit 0 for the ace), which no hand card can be added as (the
    two's bit is left out: twos are counted apart); its first and last slots; and the slot bit
    of a fixed wild (0 if none); last, a mask that keeps the hand's wild cards in the key only
    if they could join the meld (it has no wild, or its wild is a two of its suit, which may
    turn natural). For a set: -1, its rank index, 1 if it holds a wild, 0, 0, 0.
    """
    wild = meld.wild
    wild_code = 0 if wild is None else wild.code + 1
    if meld.kind is MeldKind.SET:
        assert meld.rank is not None
        index = meld.rank - 1
        per_suit = [0, 0, 0, 0]
        for card in meld.cards:
            if card is not wild:
                per_suit[card.code // 13] += 1
        shape = (
            index << 1
            | per_suit[0] << 5
            | per_suit[1] << 7
            | per_suit[2] << 9
            | per_suit[3] << 11
            | wild_code << 13
        )
        return shape, -1, index, 0 if wild is None else 1, 0, 0, 0
    assert meld.suit is not None
    occupied = 0
    for index, card in enumerate(meld.cards):
        if index != meld.wild_index and card.code != JOKER_CODE:
            occupied |= 1 << card.code % 13
    low = meld.first_slot
    size = len(meld.cards)
    high = low + size - 1
    inner = 1 << (low + meld.wild_index) if meld.wild_is_fixed and meld.wild_index else 0
    suit = "SHDC".index(meld.suit.value)
    position = 0 if meld.wild_index is None else meld.wild_index + 1
    shape = 1 | suit << 1 | low << 3 | size << 7 | position << 11 | wild_code << 15
    takes_wild = wild is None or wild.code == _OWN_TWO[suit]
    return shape, suit, occupied & ~2, low, high, inner, 0x1F << 15 if takes_wild else 0


_EXTEND_RULES: Final = {
    (locked, second, packs): Rules(
        natural_two_locked=locked, wild_as_second_ace=second, players=6 if packs == 3 else 4
    )
    for locked in (False, True)
    for second in (False, True)
    for packs in (2, 3)
}


def _add_choices(meld: Meld, codes: list[int], rules: Rules) -> tuple[AddChoice, ...]:
    """The choices of adding exactly these cards to ``meld``, memoised by the meld's shape
    and the cards; a sequence's are worked out for the meld and cards moved to spades (see
    :func:`_normal_codes`)."""
    multiset = tuple(sorted(codes))
    info = meld_info(meld)
    flags = rules.natural_two_locked | rules.wild_as_second_ace << 1 | rules.packs << 2
    shape = info[0]
    key = (shape, multiset, flags)
    choices = _ADD_CHOICES.get(key)
    if choices is None:
        suit = info[1]
        if suit >= 0:
            table = _NORMAL[suit]
            wild_code = shape >> 15
            shape = shape & 0x7FF9 | (table[wild_code - 1] + 1 << 15 if wild_code else 0)
            normal = (shape, tuple(sorted([table[code] for code in codes])), flags)
        else:
            normal = key
        tails = _ADD_TAILS.get(normal)
        if tails is None:
            target = meld if suit < 0 else _normal_meld(meld, suit, shape)
            size = len(multiset) + 1
            tails = tuple(choice[size:] for choice in _add_choices_of(target, normal[1], rules))
            _ADD_TAILS.remember(normal, tails)
        head = bytes((len(multiset), *multiset))
        choices = tuple([head + tail for tail in tails])
        _ADD_CHOICES.remember(key, choices)
    return choices


_NORMAL_MELDS: Final[dict[int, Meld]] = {}
"""The sequence of spades that a sequence moved to spades becomes, by its shape (finitely many:
first slot, length, wild card and place)."""


def _normal_meld(meld: Meld, suit: int, shape: int) -> Meld:
    """``meld``, a sequence of ``suit``, moved to spades (see :func:`_normal_codes`)."""
    normal = _NORMAL_MELDS.get(shape)
    if normal is None:
        table = _NORMAL[suit]
        wild = meld.wild
        normal = attrs.evolve(
            meld,
            cards=tuple([CARDS_BY_CODE[table[card.code]] for card in meld.cards]),
            wild=None if wild is None else CARDS_BY_CODE[table[wild.code]],
            suit=Suit.SPADES,
        )
        _NORMAL_MELDS[shape] = normal
    return normal


def _add_choices_of(meld: Meld, codes: tuple[int, ...], rules: Rules) -> tuple[AddChoice, ...]:
    cards = tuple(CARDS_BY_CODE[code] for code in codes)
    pairs = extension_choices(meld, cards, rules)
    return tuple(_choice(codes, wild_as) for wild_as, _ in pairs)


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
    found.sort()
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
    found.sort()
    return tuple(found)
