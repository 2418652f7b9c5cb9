"""Enumerating the melds a hand can open and the additions it can make (private).

Candidates are generated from the shape of the hand (which natural cards of a suit or rank it
holds, and which wild cards), and their readings (where the wild of a sequence may stand, which
cards a set may take) are worked out directly from the slots and wild cards, by the same rules
as the analysis that :func:`burraco.apply` uses (:mod:`burraco.melds`); a test keeps that
analysis as the oracle, so that :func:`burraco.legal_actions` and :func:`burraco.apply` cannot
disagree.

The results depend only on a small integer key (which slots of one suit the hand holds, or how
many of one rank in each suit; its wild cards; the rule switches that matter), so they are
memoised: the same shapes recur constantly in play. Each memoised result is already sorted and
carries the action objects, so a call costs little more than building the keys.
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

from burraco._engine.layouts import (
    ISLAND_KEY_JOKER,
    ISLAND_KEY_OWN_TWOS,
    ISLAND_KEY_SECOND_ACE,
    ISLAND_KEY_SUIT,
    ISLAND_KEY_TWOS,
    MELD_READING_ACE_AT_BOTH_ENDS,
    MELD_READING_NO_JOKERS,
    MELD_READING_PACKS,
    MELD_READING_SECOND_ACE,
    RANK_KEY_CLUBS,
    RANK_KEY_DIAMONDS,
    RANK_KEY_HEARTS,
    RANK_KEY_JOKER,
    RANK_KEY_RANK,
    RANK_KEY_TWOS,
    READING_KEY_ACE,
    READING_KEY_KEEP_TWO,
    READING_KEY_LOCK_OWN,
    READING_KEY_LOCK_SLOT,
    READING_KEY_OTHER,
    READING_KEY_OWN,
    READING_KEY_SECOND_ACE,
    SEQUENCE_ADD_JOKER,
    SEQUENCE_ADD_OWN_TWOS,
    SEQUENCE_ADD_SECOND_ACE,
    SEQUENCE_ADD_SHAPE,
    SEQUENCE_ADD_TWO_LOCKED,
    SEQUENCE_ADD_TWOS,
    SEQUENCE_SHAPE_FIRST,
    SEQUENCE_SHAPE_KIND,
    SEQUENCE_SHAPE_POSITION,
    SEQUENCE_SHAPE_SIZE,
    SEQUENCE_SHAPE_SUIT,
    SEQUENCE_SHAPE_WILD,
    SET_ADD_CLUBS,
    SET_ADD_DIAMONDS,
    SET_ADD_HEARTS,
    SET_ADD_JOKER,
    SET_ADD_PACKS,
    SET_ADD_SHAPE,
    SET_ADD_TWOS,
    SET_SHAPE_CLUBS,
    SET_SHAPE_DIAMONDS,
    SET_SHAPE_HEARTS,
    SET_SHAPE_RANK,
    SET_SHAPE_SPADES,
    SET_SHAPE_WILD,
    SIDES_KEY_HELD,
    SIDES_KEY_START,
    SIDES_KEY_UP,
    SUIT_KEY_JOKER,
    SUIT_KEY_OWN_TWOS,
    SUIT_KEY_SECOND_ACE,
    SUIT_KEY_SEQUENCES,
    SUIT_KEY_SUIT,
    SUIT_KEY_TWOS,
)
from burraco._engine.meldcodec import card_codes, clear_laid_melds
from burraco._engine.memo import BudgetMemo, clear_meld_memos
from burraco.actions import AddToMeld, AddToMeldSlots, OpenMeld, OpenMeldSlots
from burraco.cards import CARDS_BY_CODE, JOKER_CODE, Card, Rank
from burraco.melds import Meld, MeldKind, wild_slots
from burraco.rules import CLASSIC, Rules, meld_switches

__all__ = [
    "NO_MELDS",
    "AddChoice",
    "OpenChoice",
    "Shape",
    "TeamFacts",
    "add_actions",
    "additions",
    "choice_cards",
    "facts_after",
    "hand_shape",
    "open_actions",
    "open_melds",
]

OpenChoice = bytes
"""A meld the hand can open, as bytes: the number of cards ``n``, the ``n`` card codes
(sorted), the rank ``wild_as`` names (0 for the default placement) and the rank of a set (0 for
a sequence). Bytes sort as the actions are listed (by size, then cards, then ``wild_as``), and
hold nothing the garbage collector traces; :func:`open_actions` gives the actions."""
AddChoice = bytes
"""Cards that can be added to a meld, as bytes: their number ``n``, the ``n`` card codes
(sorted) and the rank ``wild_as`` names (0 for the default); :func:`add_actions` gives the
actions."""

MeldInfo = tuple[int, ...]
"""What :func:`additions` needs to know of a meld: eight integers (see :func:`_meld_info`).
Typed without its length on purpose: mypyc keeps a tuple of a fixed length as a C struct, and
would unbox its eight integers at each lookup and box them again in each tuple of them."""

_ACE_HIGH: Final = 14
_SET_KIND: Final = MeldKind.SET
_OWN_TWO: Final = (1, 14, 27, 40)
_RANKS_HELD: Final = tuple([mask.bit_count() for mask in range(1 << 13)])
"""The number of bits set in each 13-bit mask of ranks: a lookup costs less than a method call
of ``int``, above all compiled."""


_ENTRY: Final = 120
"""Estimated bytes of a memo entry itself: its dict slot, key and value container."""
_CHOICE: Final = 48
"""Estimated bytes of one choice (a small bytes object and the reference to it)."""
_ACTION: Final = 360
"""Estimated bytes of one action object with its tuple of cards."""
_INT: Final = 36
"""Estimated bytes of an integer in a tuple (most are not among the small ones Python shares)."""
_PAIR: Final = 120
"""Estimated bytes of a pair of integers in a tuple."""


A = TypeVar("A", OpenMeld, AddToMeld)
Listed = tuple[tuple[bytes, ...], tuple[A, ...]]
"""Choices (sorted) and their actions, in the same order."""


# Keys are integers (a choice, or a meld's index and a choice, for the actions) and the values
# bytes, so that the garbage collector has nothing to trace in them, and equal shapes share one
# entry whichever objects they came from. Only the action objects themselves (_OPEN_ACTIONS,
# _ADD_ACTIONS) are objects it traces. Budgets are in bytes. The memos of choices, of readings
# and of sides settle (see burraco._engine.memo.BudgetMemo): their dicts stay untracked, so that a
# full collection skips their tens of thousands of entries (it visited them at about 36 ns each,
# 4 to 5 ms of a 7 to 11 ms full collection after 3,000 random hands). The memos of choices are the
# larger ones, and a long run keeps needing them: in random play after 3,000 hands, with budgets
# of 4, 2, 2, 4 and 2 MiB the builders missed 0.099 sequence additions, 0.041 suits' sequences,
# 0.040 set additions and 0.019 ranks' sets per step (about 5 us of a 32 us step), and with
# these 0.045, 0.018, 0.013 and 0.004 (about 2.3 us). The additions to sequences cost the most
# to miss and get the most room.
#
# The memos of actions hold traced objects, so they are kept small, but the one of opened melds
# must hold what play keeps reusing. Random play opens few distinct melds: 6,187 in its first
# 1,700 hands, against 12,857 distinct additions, and more of those with every hand. At 1 MiB
# (about 2,200 actions in both halves) the memo of openings lost its actions before they came
# back: in 200 hands after a warm-up of 1,500 it built 10,375 anew, and at 4 MiB 513. Those
# rebuilt actions were also most of the objects that reached the oldest generation and so
# brought on full collections. At 4 MiB a step costs 3.4% fewer instructions; 4 MiB for the
# additions too saves 0.5% more, and 16 MiB for both 0.9% more: the additions stay at 1 MiB.
_SEQUENCES: Final[BudgetMemo[int, tuple[OpenChoice, ...]]] = BudgetMemo(
    8 << 20, _ENTRY, _CHOICE, settle=True
)
_ISLANDS: Final[BudgetMemo[int, tuple[OpenChoice, ...]]] = BudgetMemo(
    4 << 20, _ENTRY, _CHOICE, settle=True
)
_SETS: Final[BudgetMemo[int, tuple[OpenChoice, ...]]] = BudgetMemo(
    6 << 20, _ENTRY, _CHOICE, settle=True
)
_ADD_SEQUENCE: Final[BudgetMemo[int, tuple[AddChoice, ...]]] = BudgetMemo(
    16 << 20, _ENTRY, _CHOICE, settle=True
)
_ADD_SET: Final[BudgetMemo[int, tuple[AddChoice, ...]]] = BudgetMemo(
    6 << 20, _ENTRY, _CHOICE, settle=True
)
_OPEN_ACTIONS: Final[BudgetMemo[bytes, OpenMeld]] = BudgetMemo(4 << 20, _ENTRY + _ACTION)
_ADD_ACTIONS: Final[BudgetMemo[tuple[int, bytes], AddToMeld]] = BudgetMemo(
    1 << 20, _ENTRY + _ACTION
)
_READINGS: Final[BudgetMemo[int, tuple[int, ...]]] = BudgetMemo(4 << 20, _ENTRY, _INT, settle=True)
""":func:`_readings` by its arguments packed in an integer. They are a few small integers, and
the runs the builders ask about repeat: in random play, 55,000 calls had 1,972 distinct
arguments, and 3,000 hands used 2,281 entries (about 0.4 MB by the memo's weights). Keys and
values hold nothing the garbage collector traces."""
_SIDES: Final[BudgetMemo[int, tuple[tuple[int, int], ...]]] = BudgetMemo(
    1 << 20, _ENTRY, _PAIR, settle=True
)
""":func:`_side_options` by ``start``, the direction and the held slots that direction can
reach, packed in an integer. An entry holds at most about 60 pairs; random play used 877
entries of about 380 bytes in 3,000 hands."""
_MEMOS: Final[tuple[BudgetMemo[Any, Any], ...]] = (
    _SEQUENCES,
    _ISLANDS,
    _SETS,
    _ADD_SEQUENCE,
    _ADD_SET,
    _OPEN_ACTIONS,
    _ADD_ACTIONS,
    _READINGS,
    _SIDES,
)


ENCODED_SWITCHES: Final = frozenset(
    {
        "players",
        "set_ranks",
        "wild_as_second_ace",
        "natural_two_locked",
        "jokers",
        "ace_at_both_ends",
    }
)
"""The fields of :class:`Rules` that decide meld legality (:data:`burraco.rules.AFFECTS_MELDS`)
and that the generator answers for: :class:`RuleBits` writes the first four into the keys of
its memos (the players as the packs); the last two need no key (without jokers no hand holds
one, and the sequences from ace to ace that ``ace_at_both_ends`` adds are listed by
``burraco._engine.aces``, beside the generator). A rule set with any other such field is refused,
since a memo would answer for it what it found for another rule set."""


class RuleBits:
    """What the move generator reads of a :class:`Rules`, worked out once per value: a mask of
    the rank indexes (bit 0 for aces) that sets may have, and the switches of three keys as
    the keys lay them out: the sequences :func:`open_melds` lists, and the additions to sets
    and to sequences of :func:`additions`.

    Compiled, this is a native class, whose fields cost a few instructions to read, where
    every attribute of :class:`Rules` (an attrs class) is a lookup through the interpreter.
    """

    __slots__ = (
        "meld_reading",
        "open_sequences",
        "rules",
        "sequence_additions",
        "set_additions",
        "set_ranks",
    )

    def __init__(self, rules: Rules) -> None:
        unknown = [name for name, _ in meld_switches(rules) if name not in ENCODED_SWITCHES]
        if unknown:
            raise NotImplementedError(
                f"the move generator does not encode the rule switches {unknown}, which decide "
                "meld legality (burraco.rules.AFFECTS_MELDS): its memos would answer for "
                "another rule set; see 'Adding a rule switch' in the maintainers' docs"
            )
        self.rules = rules
        """The rules themselves (which also keep their ``id``, the memo's key, their own)."""
        self.set_ranks = sum(1 << rank - 1 for rank in rules.set_ranks)
        self.open_sequences = (
            1 << SUIT_KEY_SEQUENCES | rules.wild_as_second_ace << SUIT_KEY_SECOND_ACE
        )
        self.set_additions = rules.packs << SET_ADD_PACKS
        self.sequence_additions = (
            rules.natural_two_locked << SEQUENCE_ADD_TWO_LOCKED
            | rules.wild_as_second_ace << SEQUENCE_ADD_SECOND_ACE
        )
        self.meld_reading = (
            self.set_ranks
            | rules.packs << MELD_READING_PACKS
            | rules.wild_as_second_ace << MELD_READING_SECOND_ACE
            | (not rules.jokers) << MELD_READING_NO_JOKERS
            | rules.ace_at_both_ends << MELD_READING_ACE_AT_BOTH_ENDS
        )
        """The switches that decide how :func:`~burraco.validate_meld` reads cards (the set
        ranks, the packs, a wild as the second ace, no jokers in the packs, an ace at both
        ends), as one integer laid out as ``burraco._engine.layouts.MELD_READING``: two rule sets
        with         the same reading read every meld alike (the tag of the engine's laid melds,
        ``burraco._engine.meldcodec.laid_meld``). The generator's own keys need neither of the last
        two: without jokers no hand holds one, and the sequences from ace to ace, the only melds
        ``ace_at_both_ends`` adds, are listed by ``burraco._engine.aces``, not here."""


class _LastRules:
    """The :class:`RuleBits` asked for last: nearly every call passes the same rules."""

    __slots__ = ("bits",)

    def __init__(self, bits: RuleBits) -> None:
        self.bits = bits


_RULES: Final[dict[int, RuleBits]] = {}
""":class:`RuleBits` by the ``id`` of the rules."""
_LAST_RULES: Final = _LastRules(RuleBits(CLASSIC))


def memo_bytes() -> tuple[int, int]:
    """The estimated bytes the memos hold now and the most they ever held (for benchmarks)."""
    return sum(memo.bytes for memo in _MEMOS), sum(memo.peak for memo in _MEMOS)


def clear_caches() -> None:
    """Forget every memoised result (for benchmarks that measure cold calls)."""
    for memo in _MEMOS:
        memo.clear()
    _TEAMS.clear()
    _FACTS.clear()
    _FACTS_SEEN.clear()
    clear_meld_memos()
    clear_laid_melds()


def rule_bits(rules: Rules) -> RuleBits:
    """The :class:`RuleBits` of ``rules``, memoised by identity."""
    bits = _LAST_RULES.bits
    if bits.rules is rules:
        return bits
    found = _RULES.get(id(rules))
    if found is None or found.rules is not rules:
        found = RuleBits(rules)
        if len(_RULES) > 64:
            _RULES.clear()
        _RULES[id(rules)] = found
    _LAST_RULES.bits = found
    return found


Shape = tuple[list[int], list[int], list[int], int, int, int]
"""A hand's shape: card counts by code, a mask of held ranks per suit (bit 0 for the ace),
how many cards of each rank index (and, at index 13, jokers), whether it holds a joker (0 or
1), which suits' twos it holds (a bit per suit), and a mask of the rank indexes with natural
cards enough for a set (two with a wild in the hand, else three)."""


def hand_shape(hand: tuple[Card, ...]) -> Shape:
    """The :data:`Shape` of a hand, in one pass over its cards."""
    counts = [0] * 53
    ranks = [0] * 14
    held = 0  # bit c for each card code c held
    pairs = 0  # bit r for each rank index r held at least twice
    triples = 0  # and at least three times
    for card in hand:
        code = card.code
        counts[code] = counts[code] + 1  # not ``+=``: mypyc compiles this to native ints
        held |= _CODE_BIT[code]  # a shift to bit 30 or above builds a two-digit int
        rank = _RANK_INDEX[code]
        count = ranks[rank] + 1
        ranks[rank] = count
        if count >= 2:
            if count == 2:
                pairs |= 1 << rank
            elif count == 3:
                triples |= 1 << rank
    joker = 1 if counts[JOKER_CODE] else 0
    spades, hearts, diamonds = held & 0x1FFF, held >> 13 & 0x1FFF, held >> 26 & 0x1FFF
    clubs = held >> 39 & 0x1FFF
    # from the masks, not from held: operations on ints of 30 bits or more cost more
    twos_bits = (spades >> 1 & 1) | (hearts & 2) | (diamonds << 1 & 4) | (clubs << 2 & 8)
    masks = [spades, hearts, diamonds, clubs]
    return counts, masks, ranks, joker, twos_bits, pairs if joker or twos_bits else triples


_RANK_INDEX: Final = (*[code % 13 for code in range(JOKER_CODE)], 13)
"""The rank index (0 for aces) of each card code, and 13 for the joker's."""
_CODE_BIT: Final = tuple([1 << code for code in range(53)])
"""``1 << code`` for each card code: a lookup costs less than the shift in pure Python."""


def _wild_codes(joker: int, twos_bits: int) -> list[int]:
    """The distinct wild cards a hand offers: the joker, then the twos by suit."""
    codes = [JOKER_CODE] if joker else []
    return codes + [_OWN_TWO[s] for s in range(4) if twos_bits >> s & 1]


def _split_wilds(index: int) -> tuple[tuple[bytes, ...], tuple[bytes, ...]]:
    """The wild cards other than the two of a suit, as one-byte codes: those sorted before the
    suit's cards, then those after (``index``: the joker bit, the twos' bits, the suit; see
    :data:`_OTHER_WILDS`)."""
    suit = index & 3
    base = suit * 13
    others = [code for code in _wild_codes(index >> 2 & 1, index >> 3) if code != _OWN_TWO[suit]]
    return (
        tuple([bytes((code,)) for code in others if code < base]),
        tuple([bytes((code,)) for code in others if code > base]),
    )


_OTHER_WILDS: Final = tuple([_split_wilds(index) for index in range(128)])
""":func:`_split_wilds` by ``(joker | twos_bits << 1) << 2 | suit``: the keys of the builders
hold the joker's bit and the twos' bits side by side, so a shift and a mask give the index."""


_CARDS: Final = tuple(CARDS_BY_CODE)
_RANK_OF: Final[tuple[Rank | None, ...]] = (None, *Rank)
"""The rank of each byte value in a choice; 0 is ``None``."""


_SINGLES: Final = tuple((card,) for card in _CARDS)
"""A one-card tuple of each card, shared by every action that plays that card alone (nearly
half the additions): one object fewer per action for full collections to scan."""


def choice_cards(choice: bytes) -> tuple[tuple[Card, ...], Rank | None]:
    """The cards (sorted) and ``wild_as`` of an :data:`OpenChoice` or :data:`AddChoice`."""
    size = choice[0]
    # Tuple displays for the common sizes (three and four cards are three quarters of the
    # choices in play), here rather than in _cards_of: a call less in pure Python. Larger
    # choices are rare in play, but most of the largest lists.
    c = _CARDS
    if size == 3:
        return (c[choice[1]], c[choice[2]], c[choice[3]]), _RANK_OF[choice[4]]
    if size == 4:
        return (c[choice[1]], c[choice[2]], c[choice[3]], c[choice[4]]), _RANK_OF[choice[5]]
    if size == 1:
        return _SINGLES[choice[1]], _RANK_OF[choice[2]]
    if size == 2:
        return (c[choice[1]], c[choice[2]]), _RANK_OF[choice[3]]
    return _cards_of(choice, size), _RANK_OF[choice[size + 1]]


def _cards_of(x: bytes, size: int) -> tuple[Card, ...]:
    """The cards of a choice ``x`` of ``size`` cards (its bytes 1 to ``size``).

    A tuple display for each size: compiled, one takes about a quarter of the time of building
    the tuple from a comprehension over the bytes (90 against 320 ns for eight cards; building
    it from two displays, 250), and two fifths in the interpreter. The largest lists of
    actions, made cold, spent a fifth of their time here (:func:`choice_cards` builds the
    commonest sizes, one to four cards, itself). No choice has more than 14 cards (13
    ranks and a wild in a sequence; 12 copies and a wild in a set of three packs).
    """
    c = _CARDS
    # fmt: off
    if size == 5:
        return c[x[1]], c[x[2]], c[x[3]], c[x[4]], c[x[5]]
    if size == 6:
        return c[x[1]], c[x[2]], c[x[3]], c[x[4]], c[x[5]], c[x[6]]
    if size == 7:
        return c[x[1]], c[x[2]], c[x[3]], c[x[4]], c[x[5]], c[x[6]], c[x[7]]
    if size == 8:
        return c[x[1]], c[x[2]], c[x[3]], c[x[4]], c[x[5]], c[x[6]], c[x[7]], c[x[8]]
    if size == 9:
        return c[x[1]], c[x[2]], c[x[3]], c[x[4]], c[x[5]], c[x[6]], c[x[7]], c[x[8]], c[x[9]]
    if size == 10:
        return (c[x[1]], c[x[2]], c[x[3]], c[x[4]], c[x[5]], c[x[6]], c[x[7]], c[x[8]], c[x[9]],
                c[x[10]])
    if size == 11:
        return (c[x[1]], c[x[2]], c[x[3]], c[x[4]], c[x[5]], c[x[6]], c[x[7]], c[x[8]], c[x[9]],
                c[x[10]], c[x[11]])
    if size == 12:
        return (c[x[1]], c[x[2]], c[x[3]], c[x[4]], c[x[5]], c[x[6]], c[x[7]], c[x[8]], c[x[9]],
                c[x[10]], c[x[11]], c[x[12]])
    if size == 13:
        return (c[x[1]], c[x[2]], c[x[3]], c[x[4]], c[x[5]], c[x[6]], c[x[7]], c[x[8]], c[x[9]],
                c[x[10]], c[x[11]], c[x[12]], c[x[13]])
    if size == 14:
        return (c[x[1]], c[x[2]], c[x[3]], c[x[4]], c[x[5]], c[x[6]], c[x[7]], c[x[8]], c[x[9]],
                c[x[10]], c[x[11]], c[x[12]], c[x[13]], c[x[14]])
    # fmt: on
    return tuple([c[code] for code in x[1 : size + 1]])


def _new_open(choice: OpenChoice) -> OpenMeld:
    """The :class:`OpenMeld` of a choice, equal to what :meth:`OpenMeld.from_sorted` builds
    (no converters: the cards are sorted already), built faster: its fields are stored in a
    plain slots object that is then given the class (the same layout; see
    :meth:`burraco.GameState.from_fields`)."""
    action: Any = OpenMeldSlots()
    action.cards, action.wild_as = choice_cards(choice)
    action.__class__ = OpenMeld
    built: OpenMeld = action
    return built


def _new_add(key: tuple[int, AddChoice]) -> AddToMeld:
    """The :class:`AddToMeld` of a choice for a meld (``key``: the meld's index and the
    choice), built as :func:`_new_open` builds an :class:`OpenMeld`."""
    index, choice = key
    action: Any = AddToMeldSlots()
    action.meld = index
    action.cards, action.wild_as = choice_cards(choice)
    action.__class__ = AddToMeld
    built: AddToMeld = action
    return built


def open_actions(choices: tuple[OpenChoice, ...]) -> tuple[OpenMeld, ...]:
    """The :class:`OpenMeld` of each choice (one object per choice while it is memoised).

    A list longer than :data:`_ACTIONS_HELD` is built without the memo (asked at the first
    miss: a list found whole costs no test).
    """
    known = _OPEN_ACTIONS.new  # a hit costs a lookup, not a call; a stale generation is fine
    actions = []
    for choice in choices:
        action = known.get(choice)
        if action is None:
            if len(choices) > _ACTIONS_HELD:
                return tuple([_new_open(each) for each in choices])
            action = _OPEN_ACTIONS.missed(choice, _new_open)
        actions.append(action)
    return tuple(actions)


def add_actions(index: int, choices: tuple[AddChoice, ...]) -> tuple[AddToMeld, ...]:
    """The :class:`AddToMeld` of each choice for the team's meld ``index``.

    A list longer than :data:`_ADDS_HELD` is built without the memo, as in
    :func:`open_actions`.
    """
    known = _ADD_ACTIONS.new  # as in open_actions
    actions = []
    for choice in choices:
        key = (index, choice)
        action = known.get(key)
        if action is None:
            if len(choices) > _ADDS_HELD:
                return tuple([_new_add((index, each)) for each in choices])
            action = _ADD_ACTIONS.missed(key, _new_add)
        actions.append(action)
    return tuple(actions)


_ACTIONS_HELD: Final = _OPEN_ACTIONS.budget // 4 // (_ENTRY + _ACTION)
"""The most actions of one list that go through :data:`_OPEN_ACTIONS`: a quarter of what it
holds (2,184). A longer list (some hands of 40 cards or more open thousands of melds) is built
without the memo: it would push out the few thousand small melds that play keeps opening, and
its own first actions with them before it is asked for again."""


_ADDS_HELD: Final = _ADD_ACTIONS.budget // 4 // (_ENTRY + _ACTION)
"""The most actions of one list that go through :data:`_ADD_ACTIONS` (546; see
:data:`_ACTIONS_HELD`). Random play's lists are far shorter; the 48-card worst case adds 898
and 1,024 choices to two of its melds."""


_MIDDLE: Final = 0x3FF8
"""The slot bits of the ranks three to king in a mask of sequence slots (bit s for slot s)."""
_BYTE: Final = tuple(bytes((value,)) for value in range(256))
"""Each byte value as a bytes object of length one."""
_OPEN_TAIL: Final = tuple(bytes((rank, 0)) for rank in range(14))
"""The end of an :data:`OpenChoice` of a sequence whose wild stands for ``rank`` (0: the
default)."""


def _reading_key(
    middle: int,
    ace: int,
    own: int,
    other: int,
    second_ace: bool,
    lock_slot: int = 0,
    lock_own: int = 0,
    keep_two: bool = False,
) -> int:
    """The arguments of :func:`_work_out_readings` packed in an integer
    (``burraco._engine.layouts.READING_KEY``), the key of
    :func:`_readings` (:data:`_ANOTHER_WILD`, :data:`_ANOTHER_OWN_TWO` and :data:`_LOCK_BITS`
    change one argument of a key)."""
    return (
        middle  # slot bits 3 to 13
        | ace << READING_KEY_ACE
        | own << READING_KEY_OWN  # 0 to 4: four bits
        | other << READING_KEY_OTHER  # 0 to 2: two bits
        | second_ace << READING_KEY_SECOND_ACE
        | lock_slot << READING_KEY_LOCK_SLOT  # 0 to 14: four bits
        | lock_own << READING_KEY_LOCK_OWN
        | keep_two << READING_KEY_KEEP_TWO
    )


_ANOTHER_WILD: Final = 1 << READING_KEY_OTHER
"""Added to a key of :func:`_readings`: one more wild that is not a two of the suit."""
_ANOTHER_OWN_TWO: Final = 1 << READING_KEY_OWN
"""Added to a key of :func:`_readings`: one more two of the suit."""
_LOCK_BITS: Final = 0x1F << READING_KEY_LOCK_SLOT  # and READING_KEY_LOCK_OWN
"""The bits of a key of :func:`_readings` that hold a fixed wild (its slot, and whether it is
a two of the suit)."""


def _readings(key: int) -> tuple[int, ...]:
    """:func:`_work_out_readings` of the arguments packed in ``key`` (see
    :func:`_reading_key`), memoised."""
    found = _READINGS.new.get(key)
    if found is None:
        found = _READINGS.beyond_new(key)
        if found is None:
            found = tuple(
                _work_out_readings(
                    key & _MIDDLE,
                    key >> READING_KEY_ACE & 1,
                    key >> READING_KEY_OWN & 15,
                    key >> READING_KEY_OTHER & 3,
                    bool(key >> READING_KEY_SECOND_ACE & 1),
                    key >> READING_KEY_LOCK_SLOT & 15,
                    key >> READING_KEY_LOCK_OWN & 1,
                    bool(key >> READING_KEY_KEEP_TWO & 1),
                )
            )
            _READINGS.remember(key, found)
    return found


def _work_out_readings(
    middle: int,
    ace: int,
    own: int,
    other: int,
    second_ace: bool,
    lock_slot: int,
    lock_own: int,
    keep_two: bool,
) -> list[int]:
    """The ``wild_as`` bytes of every distinct meld that cards of one suit make, the default
    first (0), as :func:`burraco.melds.meld_choices` and :func:`~burraco.melds.extension_choices`
    list them; ``[]`` if the cards make no sequence.

    The cards: natural ranks three to king (``middle``, slot bits 3 to 13), an ace or not, how
    many twos of the suit (``own``) and how many other wilds (jokers and other twos). As in the
    analysis, a two of the suit is natural whenever a reading with it natural fits, and the ace
    is read low, then high. ``lock_slot``: a fixed wild stays at that slot (``lock_own``: 1 if it
    is a two of the suit); ``keep_two``: a two of the suit must stay natural.
    """
    if not (middle or ace) or middle.bit_count() + ace + own + other < 3:
        return []
    low_ace = 2 if ace else 0
    wilds = own + other
    placements: list[int] = []
    if own - lock_own >= 1 and wilds <= 2:  # a two of the suit natural in slot 2
        placements = wild_slots(middle | low_ace | 4, wilds - 1, second_ace, lock_slot)
    if not placements and not keep_two and wilds <= 1:
        placements = wild_slots(middle | low_ace, wilds, second_ace, lock_slot)
        if ace:
            placements = placements + wild_slots(
                middle | 1 << _ACE_HIGH, wilds, second_ace, lock_slot
            )
    if not placements:
        return []
    first = placements[0]
    named = [1 if first == _ACE_HIGH else first]
    for option in placements[1:]:
        rank = 1 if option == _ACE_HIGH else option
        if option and rank not in named:
            named.append(rank)
    named[0] = 0
    return named


def _suit_sequences(key: int) -> tuple[OpenChoice, ...]:
    """Every sequence of one suit that a hand of this shape can open (see :func:`open_melds`;
    the key is laid out as ``burraco._engine.layouts.SUIT_KEY``, an island's as ``ISLAND_KEY``).

    No sequence joins held slots further apart than one wild can bridge (two slots apart with
    a wild, next to each other without), so the held slots fall into islands, whose sequences
    :func:`_island_sequences` finds apart. Islands are memoised too: hands that differ in one
    island share the others' answers (in random play, half as many islands as suits missed).
    """
    mask = key & 0x1FFF
    own_twos = key >> SUIT_KEY_OWN_TWOS & 3
    joker = key >> SUIT_KEY_JOKER & 1
    twos_bits = key >> SUIT_KEY_TWOS & 15
    suit = key >> SUIT_KEY_SUIT & 3  # SUIT_KEY_SEQUENCES, set by open_melds, is not read
    held = _held_slots(mask, own_twos)
    wild = joker or twos_bits & ~(1 << suit) or (own_twos and twos_bits >> suit & 1)
    reach = 2 if wild else 1
    # the twos, the wilds, the switch and the suit, where an island's key holds them
    rest = (key >> SUIT_KEY_OWN_TWOS & 0x3FF) << ISLAND_KEY_OWN_TWOS
    islands: list[int] = []
    island = last = 0
    for slot in _slots(held):
        if island and slot - last > reach:
            islands.append(island | rest)
            island = 0
        island |= 1 << slot
        last = slot
    if not island:
        return ()
    if not islands:  # one island: the suit's own memo entry is the island's
        return _island_sequences(island | rest)
    islands.append(island | rest)
    merged: list[OpenChoice] = []
    for part in islands:
        found = _ISLANDS.new.get(part)
        if found is None:
            found = _ISLANDS.missed(part, _island_sequences)
        merged += found
    merged.sort()
    return tuple(merged)


def _island_sequences(key: int) -> tuple[OpenChoice, ...]:
    """Every sequence that an island of held slots of one suit can open (see
    :func:`_suit_sequences`); ``key``: the held slots (bit s for slot s, 1 to 14, the two's
    slot held for a two of the suit), then the bits of the suit's key from its twos on.

    Each candidate is a run of held slots with at most one slot left for a wild (or the wild
    at an end); its readings come from :func:`_readings`, the same answers as the analysis,
    worked out once for every wild that is not a two of the suit (they read alike).
    """
    held = key & 0x7FFE
    own_twos = key >> ISLAND_KEY_OWN_TWOS & 3
    twos_bits = key >> ISLAND_KEY_TWOS & 15
    second_ace = bool(key >> ISLAND_KEY_SECOND_ACE & 1)
    suit = key >> ISLAND_KEY_SUIT & 3
    base = suit * 13
    # the wilds sorted before and after (the joker and the twos, from ISLAND_KEY_JOKER)
    lower, upper = _OTHER_WILDS[(key >> ISLAND_KEY_JOKER & 31) << 2 | suit]
    others = bool(lower or upper)  # wilds other than the suit's own two
    spare_two = own_twos and twos_bits >> suit & 1
    wild = others or spare_two > 0
    seen: set[int] = set()
    found: list[OpenChoice] = []
    for low in _slots(held):
        gap = 0
        for high in range(low + 1, _ACE_HIGH + 1):
            if low == 1 and high == _ACE_HIGH:
                break
            if not held >> high & 1:
                if gap or not wild:  # no wild can fill a second gap, or any gap
                    break
                gap = high
                continue
            # the hole for a wild: the gap, or (a player may keep a natural card back) any
            # inner slot, or none (the wild then goes at an end)
            span = (2 << high) - (1 << low)
            for hole in [gap] if gap else [0, *range(low + 1, high)] if wild else [0]:
                run = span & ~(1 << hole)
                two = run >> 2 & 1
                ace = (run >> 1 | run >> _ACE_HIGH) & 1
                middle = run & _MIDDLE
                shape = middle | ace << 1 | two << 14
                codes_key = middle | base << 14
                naturals = _MIDDLE_CODES.get(codes_key)
                if naturals is None:
                    naturals = _middle_codes(codes_key)
                if two:
                    naturals = _BYTE[base + 1] + naturals
                if ace:
                    naturals = _BYTE[base] + naturals
                size = len(naturals)
                if not hole and size >= 3 and shape not in seen:
                    seen.add(shape)  # a clean run: always a meld, read one way
                    found.append(_BYTE[size] + naturals + _OPEN_TAIL[0])
                if others and shape | 1 << 16 not in seen:
                    seen.add(shape | 1 << 16)
                    lead = _BYTE[size + 1]
                    opened = lead + naturals
                    for rank in _readings(_reading_key(middle, ace, two, 1, second_ace)):
                        tail = _OPEN_TAIL[rank]
                        rest = naturals + tail
                        for start in lower:
                            found.append(lead + start + rest)
                        for code in upper:
                            found.append(opened + code + tail)
                if spare_two and own_twos > two and shape + (1 << 14) not in seen:
                    seen.add(shape + (1 << 14))  # a spare two of the suit as the wild
                    head = _BYTE[size + 1] + naturals[:ace] + _BYTE[base + 1] + naturals[ace:]
                    for rank in _readings(_reading_key(middle, ace, two + 1, 0, second_ace)):
                        found.append(head + _OPEN_TAIL[rank])
    found.sort()
    return tuple(found)


def _rank_sets(key: int) -> tuple[OpenChoice, ...]:
    """Every set of one rank that a hand of this shape can open (see :func:`open_melds`; the key
    is laid out as ``burraco._engine.layouts.RANK_KEY``): two
    or more naturals (three without a wild) and at most one wild; the ranks and the copies of
    each card (at most three of a code in the key) are always legal here, the caller keeping
    only the ranks its rules allow."""
    rank_index = key >> RANK_KEY_RANK
    tail = bytes((0, rank_index + 1))
    wilds = _wild_codes(key >> RANK_KEY_JOKER & 1, key >> RANK_KEY_TWOS & 15)
    found: list[OpenChoice] = []
    for naturals in _takings(key, rank_index, (3, 3, 3, 3)):
        size = len(naturals)
        if size < 2:
            continue
        if size >= 3:
            found.append(_BYTE[size] + naturals + tail)
        for wild in wilds:
            found.append(_BYTE[size + 1] + bytes(sorted([*naturals, wild])) + tail)
    found.sort()
    return tuple(found)


def _takings(key: int, rank_index: int, room: tuple[int, ...]) -> list[bytes]:
    """Every choice of natural cards of one rank from the counts by suit in the low byte of a
    key (two bits a suit), at most ``room`` of each suit: their codes, sorted."""
    found = [b""]
    for suit in range(4):
        count = min(key >> 2 * suit & 3, room[suit])
        if count:
            code = _BYTE[suit * 13 + rank_index]
            found = [taken + code * number for taken in found for number in range(count + 1)]
    return found


def open_melds(shape: Shape, rules: Rules, skip_ranks: int = 0) -> Listed[OpenMeld]:
    """Every distinct meld a hand of this :data:`Shape` can open under ``rules``: the choices
    and their :class:`OpenMeld` actions, in the same order.

    Sorted by number of cards, then by the cards, then by ``wild_as``. No set is listed of a
    rank index whose bit is set in ``skip_ranks`` (a rank the team holds a set of already,
    under ``one_set_per_rank``). What the player must keep is the caller's to check.
    """
    counts, masks, _, joker, twos_bits, set_ranks = shape
    wild = 1 if joker or twos_bits else 0
    keys: list[int] = []
    wild_key = joker << RANK_KEY_JOKER | twos_bits << RANK_KEY_TWOS
    bits = rule_bits(rules)
    set_ranks &= bits.set_ranks & ~skip_ranks
    while set_ranks:  # lowest rank index first
        low = set_ranks & -set_ranks
        set_ranks ^= low
        index = low.bit_length() - 1
        keys.append(
            counts[index]  # at most 3 of a natural card (three packs): two bits each
            | counts[13 + index] << RANK_KEY_HEARTS
            | counts[26 + index] << RANK_KEY_DIAMONDS
            | counts[39 + index] << RANK_KEY_CLUBS
            | wild_key
            | index << RANK_KEY_RANK
        )
    sequence_key = bits.open_sequences | joker << SUIT_KEY_JOKER | twos_bits << SUIT_KEY_TWOS
    for suit in range(4):
        mask = masks[suit]
        if _RANKS_HELD[mask] < 2:  # fewer than two cards of the suit, its twos included
            continue  # (the count below is never more): no sequence
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
        naturals = _RANKS_HELD[mask & ~2] + (1 if own else 0)
        if (
            naturals < 2
            or naturals + (1 if joker or twos_bits & ~(1 << suit) or own >= 2 else 0) < 3
        ):
            continue
        keys.append(
            mask
            | (own if own < 2 else 2) << SUIT_KEY_OWN_TWOS
            | sequence_key
            | suit << SUIT_KEY_SUIT
        )
    if not keys:
        return _NOTHING
    if len(keys) == 1:  # one suit or rank: its own memo is the answer
        found = _group(keys[0])
    else:
        # Not memoised as a whole: the keys of a hand's groups together hardly ever recur (in
        # random play, 127,471 distinct among 135,343), while merging sorted groups is cheap.
        merged: list[OpenChoice] = []
        for key in keys:
            merged += _group(key)
        merged.sort()
        found = tuple(merged)
    return found, open_actions(found)


def _group(key: int) -> tuple[OpenChoice, ...]:
    """The sequences of one suit (bit 23 set) or the sets of one rank of a key of
    :func:`open_melds`, memoised."""
    if key >> SUIT_KEY_SEQUENCES:
        group = _SEQUENCES.new.get(key)
        if group is None:
            group = _SEQUENCES.missed(key, _suit_sequences)
    else:
        group = _SETS.new.get(key)
        if group is None:
            group = _SETS.missed(key, _rank_sets)
    return group


_NOTHING: Final[Listed[Any]] = ((), ())


# --- additions ----------------------------------------------------------------------------------


_TEAMS: Final[dict[int, tuple[tuple[Meld, ...], tuple[MeldInfo, ...], int]]] = {}
""":func:`team_melds_info` by the ``id`` of a team's tuple of melds, holding the tuple so
that the ``id`` stays its own; cleared when it holds :data:`_TEAMS_HELD` entries."""
_TEAMS_HELD: Final = 16
"""Enough for the teams of a few positions at once (a search's determinizations share the
table's tuples); each entry keeps its melds alive, which every full collection scans."""


TeamFacts = tuple[tuple[MeldInfo, ...], int]
"""What the generator reads of a team's melds: the :data:`MeldInfo` of each, in the team's
order, and a mask of the rank indexes it has sets of (bit 0 for aces). The engine's states
carry them (``burraco.state.meld_facts``): :func:`facts_after` works them out for the one meld
an action lays or grows."""

NO_MELDS: Final[TeamFacts] = ((), 0)
"""The :data:`TeamFacts` of a team with no melds."""


def facts_after(facts: TeamFacts, index: int, meld: Meld) -> TeamFacts:
    """The :data:`TeamFacts` of a team whose melds had ``facts``, once its meld ``index`` is
    ``meld`` (an index one past the last: ``meld`` is a new meld, laid last)."""
    infos, set_ranks = facts
    info = _meld_info(meld)
    if index == len(infos):
        infos = (*infos, info)
    else:
        replaced = list(infos)
        replaced[index] = info
        infos = tuple(replaced)
    if info[1] < 0:  # a set (a meld never stops being one)
        set_ranks |= 1 << info[2]
    return infos, set_ranks


def team_melds_info(melds: tuple[Meld, ...]) -> TeamFacts:
    """The :data:`TeamFacts` of a team's ``melds``, for a state that does not carry them (one
    built by the constructor, a copy or an unpickling: see ``burraco.state.meld_facts``).

    States share a team's tuple of melds until it changes, so this is remembered by the
    tuple's identity: most calls cost one lookup.
    """
    entry = _TEAMS.get(id(melds))
    if entry is None or entry[0] is not melds:
        infos_found = []
        for meld in melds:  # meld_info, with no call for a meld seen before
            seen = _FACTS_SEEN.get(id(meld))
            if seen is not None and seen[0] is meld:
                infos_found.append(seen[1])
                continue
            info = meld_info(meld)
            if len(_FACTS_SEEN) >= _FACTS_SEEN_HELD:
                _FACTS_SEEN.clear()
            _FACTS_SEEN[id(meld)] = (meld, info)
            infos_found.append(info)
        infos = tuple(infos_found)
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
    """The :data:`MeldInfo` of ``meld``, remembered by the meld's value (its cards and the rank
    its wild stands for, which decide every other field) in :data:`_FACTS`: the melds a team
    keeps are the same from state to state, and :func:`team_melds_info` asks only when a
    team's melds change."""
    key = card_codes(meld.cards, meld.wild_as)
    facts = _FACTS.new.get(key)
    if facts is None:
        facts = _FACTS.beyond_new(key)
        if facts is None:
            facts = _meld_info(meld)
            _FACTS.remember(key, facts)
    return facts


_FACTS: Final[BudgetMemo[int, MeldInfo]] = BudgetMemo(1 << 20, 320, settle=True)
""":func:`meld_info` by the meld's card codes and ``wild_as``, as one integer
(``burraco._engine.meldcodec.card_codes``), which the garbage collector does not trace: about 3,300
entries at an estimated 320 bytes each. Random play lays a few thousand distinct melds per
thousand hands; a memo of 128 entries a generation moved most of them between its
generations, one lookup in three."""

_FACTS_SEEN: Final[dict[int, tuple[Meld, MeldInfo]]] = {}
"""The facts of the melds :func:`team_melds_info` met last, by the meld's ``id`` (holding the
meld, so that the ``id`` stays its own): the melds a team keeps are the same objects from state
to state, and an ``id`` costs less than the hash of a tuple of cards. Cleared when it holds
:data:`_FACTS_SEEN_HELD` entries; :data:`_FACTS` answers the rest by value."""
_FACTS_SEEN_HELD: Final = 64
"""Enough for the melds of the teams of a position or two; each entry keeps its meld
alive, which every full collection scans."""


Added = tuple[int, tuple[AddChoice, ...], tuple[AddToMeld, ...]]
"""What can be added to one of a team's melds: its index, the choices and their actions."""


def additions(infos: tuple[MeldInfo, ...], shape: Shape, rules: Rules) -> list[Added]:
    """Every distinct set of cards of a hand of this :data:`Shape` that can be added to each
    of a team's melds (their :data:`MeldInfo`, in the team's order, as
    :func:`team_melds_info` gives them): for each meld that can take any, its index, the
    choices with the ``wild_as`` to name, and their :class:`AddToMeld` actions, in the same
    order.

    Memoised by each meld's shape (its kind, suit or rank, length and wild placement, as an
    integer) and the part of the hand that could reach it, not by the meld object.
    """
    counts, masks, ranks, joker, twos_bits, _ = shape
    wilds = joker << SET_ADD_JOKER | twos_bits << SET_ADD_TWOS if joker or twos_bits else 0
    sequence_wilds = wilds << SEQUENCE_ADD_JOKER - SET_ADD_JOKER  # where a sequence's key has them
    bits = rule_bits(rules)
    set_switches = bits.set_additions
    sequence_switches = bits.sequence_additions
    found: list[Added] = []
    for index, info in enumerate(infos):
        meld_key, suit, occupied, low, high, inner, wild_bits, near = info
        if suit < 0:  # a set: ``occupied`` is its rank index, ``low`` 1 if it has a wild
            rank = occupied
            takes_wild = 0 if low else wilds
            if not (ranks[rank] or takes_wild):
                continue
            key = (
                counts[rank]
                | counts[13 + rank] << SET_ADD_HEARTS
                | counts[26 + rank] << SET_ADD_DIAMONDS
                | counts[39 + rank] << SET_ADD_CLUBS
                | takes_wild
                | set_switches
                | meld_key << SET_ADD_SHAPE
            )
            group = _ADD_SET.new.get(key)
            if group is None:
                group = _ADD_SET.missed(key, _set_additions)
        else:
            held = masks[suit] & ~occupied
            if not (held & near or sequence_wilds & wild_bits):
                continue  # no card can reach the meld (see _meld_info): the key's mask is 0
            # Only cards reachable from the meld's ends through at most one missing rank can
            # ever be added; the others stay out of the key. Work in slots (bit s for slot s,
            # 1 to 14).
            own = counts[_OWN_TWO[suit]]
            slots = (held << 1 | (held & 1) << 14) & ~4  # the two's slot is counted apart
            # the two's slot is not missing if the hand or the meld holds the suit's two (a
            # meld's own two as its wild may turn natural there: ``wild_bits`` is set for a
            # meld with no wild or its own two, and the shape's top bits name its wild)
            two_held = 4 if own or (wild_bits and meld_key >> SEQUENCE_SHAPE_WILD) else 0
            missing = ~(slots | two_held) & 0x7FFE
            above = missing & ~((2 << high) - 1)
            if above:
                above &= above - 1  # drop the first missing slot above the meld
            reach = (above & -above) - 1 if above else 0x7FFF
            below = missing & ((1 << low) - 1)
            if below:
                below ^= 1 << below.bit_length() - 1  # drop the first missing slot below
            reach &= ~((1 << below.bit_length()) - 1) if below else -1
            slots &= reach | inner
            mask = (slots >> 1 | slots >> 14) & 0x1FFF
            key = (
                mask
                | (own if own < 2 else 2) << SEQUENCE_ADD_OWN_TWOS  # no call of min: cheaper
                | sequence_wilds & wild_bits  # no wild joins a meld that has one
                | sequence_switches
                | meld_key << SEQUENCE_ADD_SHAPE
            )
            group = _ADD_SEQUENCE.new.get(key)
            if group is None:
                group = _ADD_SEQUENCE.missed(key, _sequence_additions)
        if group:
            found.append((index, group, add_actions(index, group)))
    return found


_FULL_SEQUENCE: Final = 14
"""The most cards a sequence holds: from ace to ace (``ace_at_both_ends``). Nothing is ever
added to it; :func:`_meld_info` gives it no slot a card could reach and no room for a wild, so
that :func:`additions` lists nothing for it (read as other sequences are, it would be offered
its wild's natural card)."""

_JOKER_FIELD: Final = JOKER_CODE + 1
"""A wild card in a meld's shape: the joker's code plus one (0 is no wild)."""


def _meld_info(meld: Meld) -> MeldInfo:
    """What :func:`additions` needs to know of a meld, as integers (the shape laid out as
    ``burraco._engine.layouts.SEQUENCE_SHAPE`` or ``SET_SHAPE``).

    First the meld's shape: an integer that two melds share exactly when every addition reads
    the same on both (the kind; a set's rank index, natural cards per suit and whether it has
    a wild; a sequence's suit, first slot, length, wild position and whether its wild is the
    two of its suit). A wild other than the suit's own two is written as the joker: a joker and
    a two of another suit are the same wild to every rule of adding, and so melds that differ
    only there share their memo entries (a quarter fewer misses in random play).

    Then, for a sequence: its suit index; a mask of the ranks its natural cards hold (bit 0 for
    the ace), which no hand card can be added as (the two's bit is left out: twos are counted
    apart); its first and last slots; and the slot bit of a fixed wild (0 if none); last, a
    mask that keeps the hand's wild cards in the key only if they could join the meld (it has
    no wild, or its wild is a two of its suit, which may turn natural); and a mask of the
    ranks (bit 0 for the ace) of the slots one and two beyond each end and of the meld's wild,
    with the two's bit: a hand that holds none of them and no wild that could join adds
    nothing (every natural card added is reached through those slots, and a two of the suit
    is a wild), so :func:`additions` skips the meld without building its key. For a set: -1,
    its rank index, 1 if it holds a wild, 0, 0, 0, 0.

    :func:`_sequence_additions` and :func:`_set_additions` read the meld back from its shape
    in their key: a change to the shape's layout changes them too.
    """
    wild = meld.wild
    wild_code = 0 if wild is None else _JOKER_FIELD  # see above: any wild reads as the joker
    if meld.kind is _SET_KIND:
        assert meld.rank is not None
        index = meld.rank - 1
        per_suit = [0, 0, 0, 0]
        for card in meld.cards:
            if card is not wild:
                per_suit[card.code // 13] += 1
        shape = (
            index << SET_SHAPE_RANK
            | per_suit[0] << SET_SHAPE_SPADES
            | per_suit[1] << SET_SHAPE_HEARTS
            | per_suit[2] << SET_SHAPE_DIAMONDS
            | per_suit[3] << SET_SHAPE_CLUBS
            | wild_code << SET_SHAPE_WILD
        )
        return shape, -1, index, 0 if wild is None else 1, 0, 0, 0, 0
    # Each field is read once, and the slots and the suit come from the card codes: compiled,
    # every attribute or property of a Python class is a lookup through the interpreter.
    cards = meld.cards
    wild_index = meld.wild_index
    size = len(cards)
    occupied = 0
    for index, card in enumerate(cards):
        code = card.code
        if index != wild_index and code != JOKER_CODE:
            occupied |= 1 << code % 13
    natural = cards[1 if wild_index == 0 else 0].code  # a natural card: one wild at most
    suit = natural // 13
    if wild_index == 0:  # Meld.first_slot: the wild's rank, or the first card's
        wild_as = meld.wild_as
        assert wild_as is not None
        low = int(wild_as)
    else:
        low = natural % 13 + 1
    high = low + size - 1
    # the slot bit of a fixed wild (Meld.wild_is_fixed: one between two naturals)
    inner = 1 << (low + wild_index) if wild_index is not None and 0 < wild_index < size - 1 else 0
    position = 0 if wild_index is None else wild_index + 1
    takes_wild = wild is None or wild.code == _OWN_TWO[suit]
    if wild is not None and takes_wild:
        wild_code = wild.code + 1  # the suit's own two, which may turn natural
    shape = (
        1 << SEQUENCE_SHAPE_KIND
        | suit << SEQUENCE_SHAPE_SUIT
        | low << SEQUENCE_SHAPE_FIRST
        | size << SEQUENCE_SHAPE_SIZE
        | position << SEQUENCE_SHAPE_POSITION
        | wild_code << SEQUENCE_SHAPE_WILD
    )
    near = (3 << low) >> 2 | 3 << high + 1  # the slots one and two beyond each end
    if wild_index is not None:
        near |= 1 << low + wild_index
    near &= 0x7FFE
    near = (near >> 1 | near >> _ACE_HIGH) & 0x1FFF | 2
    if size >= _FULL_SEQUENCE:  # nothing joins it: additions skips it
        return shape, suit, occupied & ~2, low, high, inner, 0, 0
    wild_bits = 0x1F << SEQUENCE_ADD_JOKER if takes_wild else 0  # the joker and the twos
    return shape, suit, occupied & ~2, low, high, inner, wild_bits, near


def _set_additions(key: int) -> tuple[AddChoice, ...]:
    """Every distinct set of cards of a hand of this shape that can be added to a set of this
    shape (the key of :func:`additions`, laid out as ``burraco._engine.layouts.SET_ADD_KEY``, which
    holds the set's shape and the packs): naturals
    of its rank and at most one wild (the key holds wilds only if the set has none), no card
    more often than the packs hold it."""
    packs = key >> SET_ADD_PACKS & 7
    shape = key >> SET_ADD_SHAPE  # see _meld_info
    index = shape >> SET_SHAPE_RANK & 15
    room = tuple([packs - (shape >> SET_SHAPE_SPADES + 2 * suit & 3) for suit in range(4)])
    wilds = _wild_codes(key >> SET_ADD_JOKER & 1, key >> SET_ADD_TWOS & 15)
    found: list[AddChoice] = []
    for naturals in _takings(key, index, room):
        size = len(naturals)
        if size:
            found.append(_BYTE[size] + naturals + b"\0")
        for wild in wilds:
            found.append(_BYTE[size + 1] + bytes(sorted([*naturals, wild])) + b"\0")
    found.sort()
    return tuple(found)


def _sides(start: int, up: bool, held: int) -> tuple[tuple[int, int], ...]:
    """:func:`_side_options`, memoised: only the held slots on that side are in the key (laid
    out as ``burraco._engine.layouts.SIDES_KEY``)."""
    side = held >> start << start if up else held & (2 << start) - 1
    key = side << SIDES_KEY_HELD | start << SIDES_KEY_START | up << SIDES_KEY_UP
    found = _SIDES.new.get(key)
    if found is None:
        found = _SIDES.beyond_new(key)
        if found is None:
            found = tuple(_side_options(start, up, held))
            _SIDES.remember(key, found)
    return found


def _side_options(start: int, up: bool, held: int) -> list[tuple[int, int]]:
    """Ways to extend a run of natural slots from ``start`` outwards: ``up`` to the high ace's
    slot, or down to slot 1.

    Returns ``(slots added, holes)`` pairs, the slots as a mask (bit s for slot s) of slots
    ``held`` in the hand, at most one slot strictly inside the extension (``holes`` = 1) left
    for a wild to fill.
    """
    stop, step = (_ACE_HIGH + 1, 1) if up else (0, -1)
    options: list[tuple[int, int]] = [(0, 0)]
    window = 0
    missing = 0
    slot = start
    while slot != stop:
        bit = 1 << slot
        window |= bit
        slot += step
        if not held & bit:
            if missing:
                break
            missing = bit
            continue  # an extension cannot end on a slot it does not hold
        if missing:
            options.append((window & ~missing, 1))
        else:
            options.append((window, 0))
            options += [(window & ~(1 << hole), 1) for hole in _slots(window & ~bit)]
    return options


def _held_slots(mask: int, own_twos: int) -> int:
    """The slots a hand holds in one suit (bit s for slot s, 1 to 14, the ace in both 1 and
    14), from a key's mask of ranks (bit 0 for the ace) and its count of the suit's twos: the
    two's slot is held for a two of the suit, whatever the rank mask says."""
    return (mask << 1 | (mask & 1) << _ACE_HIGH) & ~4 | (4 if own_twos else 0)


def _slots(mask: int) -> list[int]:
    """The slots of a mask, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


_MIDDLE_CODES: Final[dict[int, bytes]] = {}
""":func:`_middle_codes` by its key. Never cleared: there are at most 8,192 keys (11 slot bits
and four suits), of a few short bytes each."""


def _middle_codes(key: int) -> bytes:
    """The codes of the natural cards of ranks three to king at the slots of a mask, sorted:
    ``key`` is the mask (slot bits 3 to 13) and the suit's first code shifted by 14 bits.
    Remembered in :data:`_MIDDLE_CODES`, which callers read first."""
    base = key >> 14
    codes = bytes([base + slot - 1 for slot in _slots(key & _MIDDLE)])
    _MIDDLE_CODES[key] = codes
    return codes


def _sequence_additions(key: int) -> tuple[AddChoice, ...]:
    """Every distinct set of cards of a hand of this shape (the key:
    ``burraco._engine.layouts.SEQUENCE_ADD_KEY``) that can be added to a sequence of
    this shape (the key of :func:`additions`, which holds the meld's shape).

    Each candidate extends the meld's natural cards outwards (and into the place of its wild)
    with at most one slot left for a wild; its readings come from :func:`_readings` with the
    meld's cards, its fixed wild and a natural two that must stay, the same answers as the
    analysis of the grown meld, worked out once for every wild that is not a two of the suit.
    """
    mask = key & 0x1FFF
    own_twos = key >> SEQUENCE_ADD_OWN_TWOS & 3
    twos_bits = key >> SEQUENCE_ADD_TWOS & 15
    two_locked = bool(key >> SEQUENCE_ADD_TWO_LOCKED & 1)
    second_ace = bool(key >> SEQUENCE_ADD_SECOND_ACE & 1)
    # the meld's shape (see _meld_info): suit, first slot, length, wild's position and card
    shape = key >> SEQUENCE_ADD_SHAPE
    suit = shape >> SEQUENCE_SHAPE_SUIT & 3
    first = shape >> SEQUENCE_SHAPE_FIRST & 15
    size = shape >> SEQUENCE_SHAPE_SIZE & 15
    position = shape >> SEQUENCE_SHAPE_POSITION & 15
    wild_code = (shape >> SEQUENCE_SHAPE_WILD) - 1
    base = suit * 13
    own_two = _OWN_TWO[suit]
    held = _held_slots(mask, own_twos)
    wild_slot = first + position - 1 if position else 0
    # A two of the suit that is the meld's wild may turn natural in the two's slot while a wild
    # of the hand takes its place: the sides may pass that slot as if the hand held it, and
    # the slot is taken out of the cards added (the readings count the meld's two; a two of
    # the suit that the hand adds too is the spare two below, which reads the same).
    borrowed = 4 if wild_code == own_two and first > 2 else 0
    # the meld's own cards as the readings count them
    meld_slots = ((1 << first + size) - (1 << first)) & ~(1 << wild_slot)
    meld_middle = meld_slots & _MIDDLE
    meld_ace = (meld_slots >> 1 | meld_slots >> _ACE_HIGH) & 1
    wild_is_own = 1 if wild_code == own_two else 0
    meld_own = (meld_slots >> 2 & 1) + wild_is_own
    meld_other = 1 if wild_code >= 0 and not wild_is_own else 0
    fixed = wild_slot if 1 < position < size else 0
    keep_two = two_locked and first <= 2 < first + size and wild_slot != 2
    variants = [meld_slots]
    if not two_locked and meld_slots & -meld_slots == 4:
        variants.append(meld_slots & ~4)  # the natural two may become the wild
    lower: tuple[bytes, ...] = ()  # wilds other than the suit's own two, sorted before it
    upper: tuple[bytes, ...] = ()  # and after it
    spare_two = 0
    if wild_code < 0 or wild_is_own:
        lower, upper = _OTHER_WILDS[(key >> SEQUENCE_ADD_JOKER & 31) << 2 | suit]
        spare_two = own_twos if twos_bits >> suit & 1 else 0
    others = bool(lower or upper)
    seen: set[int] = set()
    found: list[AddChoice] = []
    for kept in variants:
        low = (kept & -kept).bit_length() - 1
        high = kept.bit_length() - 1
        inner = ((2 << high) - (1 << low)) & ~kept
        below = _sides(low - 1, False, held | borrowed)
        above = _sides(high + 1, True, held)
        fills = [(0, inner.bit_count())]
        if inner & held and inner.bit_count() == 1:
            fills.append((inner, 0))
        for down, holes_down in below:
            for up, holes_up in above:
                if holes_down + holes_up > 1:
                    continue
                for fill, holes_in in fills:
                    if holes_down + holes_up + holes_in > 1:
                        continue
                    added = (down | fill | up) & ~borrowed
                    if added & 2 and added >> _ACE_HIGH:
                        continue
                    two = added >> 2 & 1
                    ace = (added >> 1 | added >> _ACE_HIGH) & 1
                    middle = added & _MIDDLE
                    shape = middle | ace << 1 | two << 14
                    codes_key = middle | base << 14
                    codes = _MIDDLE_CODES.get(codes_key)
                    if codes is None:
                        codes = _middle_codes(codes_key)
                    if two:
                        codes = _BYTE[base + 1] + codes
                    if ace:
                        codes = _BYTE[base] + codes
                    lock_slot = lock_own = 0
                    if fixed and not (
                        two if fixed == 2 else ace if fixed == _ACE_HIGH else middle >> fixed & 1
                    ):
                        lock_slot, lock_own = fixed, wild_is_own
                    # the grown meld's cards as the readings count them
                    reading = _reading_key(
                        meld_middle | middle,
                        meld_ace | ace,
                        meld_own + two,
                        meld_other,
                        second_ace,
                        lock_slot,
                        lock_own,
                        keep_two,
                    )
                    if added and shape not in seen:
                        seen.add(shape)
                        head = _BYTE[len(codes)] + codes
                        for rank in _readings(reading):
                            found.append(head + _BYTE[rank])
                    if others and shape | 1 << 16 not in seen:
                        seen.add(shape | 1 << 16)
                        lead = _BYTE[len(codes) + 1]
                        opened = lead + codes
                        for rank in _readings(reading + _ANOTHER_WILD):
                            tail = _BYTE[rank]
                            rest = codes + tail
                            for start in lower:
                                found.append(lead + start + rest)
                            for code in upper:
                                found.append(opened + code + tail)
                    if spare_two > two and shape + (1 << 14) not in seen:
                        seen.add(shape + (1 << 14))  # a spare two of the suit as the wild
                        if fixed == 2:  # the two of the suit is added: the wild may move
                            reading &= ~_LOCK_BITS
                        head = _BYTE[len(codes) + 1] + codes[:ace] + _BYTE[base + 1] + codes[ace:]
                        for rank in _readings(reading + _ANOTHER_OWN_TWO):
                            found.append(head + _BYTE[rank])
    found.sort()
    return tuple(found)
