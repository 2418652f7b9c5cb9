"""The bit-packed integers of the move generator, each named once (private).

The move generator (``burraco._engine.movegen``) keys its memos by small integers and packs what it
knows of a meld into one: each is a :class:`Layout` here, a list of named fields with their
place and width. The place of each field is also a constant of its own, named for the layout
and the field (``SEQUENCE_SHAPE_FIRST`` is the shift of ``SEQUENCE_SHAPE``'s field ``first``),
which the generator's hot code shifts by (a call of :meth:`Layout.pack` per key would cost a
step more than the memo saves; compiled, mypyc writes a ``Final`` integer in as a number). The
tests check, for every layout, that the fields do not overlap, that :meth:`Layout.pack` and
:meth:`Layout.unpack` are inverses, and that what the generator packs and reads is what the
layout says, and the tests' oracles build and read keys only through these names.

>>> key = SEQUENCE_SHAPE.pack(kind=1, suit=2, first=4, size=3, position=0, wild=0)
>>> SEQUENCE_SHAPE.unpack(key)["first"], SEQUENCE_SHAPE.field("size")
(4, (7, 4))
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "ISLAND_KEY",
    "ISLAND_KEY_HELD",
    "ISLAND_KEY_JOKER",
    "ISLAND_KEY_OWN_TWOS",
    "ISLAND_KEY_SECOND_ACE",
    "ISLAND_KEY_SUIT",
    "ISLAND_KEY_TWOS",
    "LAYOUTS",
    "MELD_READING",
    "MELD_READING_ACE_AT_BOTH_ENDS",
    "MELD_READING_NO_JOKERS",
    "MELD_READING_PACKS",
    "MELD_READING_SECOND_ACE",
    "MELD_READING_SET_RANKS",
    "RANK_KEY",
    "RANK_KEY_CLUBS",
    "RANK_KEY_DIAMONDS",
    "RANK_KEY_HEARTS",
    "RANK_KEY_JOKER",
    "RANK_KEY_RANK",
    "RANK_KEY_SPADES",
    "RANK_KEY_TWOS",
    "READING_KEY",
    "READING_KEY_ACE",
    "READING_KEY_KEEP_TWO",
    "READING_KEY_LOCK_OWN",
    "READING_KEY_LOCK_SLOT",
    "READING_KEY_MIDDLE",
    "READING_KEY_OTHER",
    "READING_KEY_OWN",
    "READING_KEY_SECOND_ACE",
    "SEQUENCE_ADD_JOKER",
    "SEQUENCE_ADD_KEY",
    "SEQUENCE_ADD_OWN_TWOS",
    "SEQUENCE_ADD_RANKS",
    "SEQUENCE_ADD_SECOND_ACE",
    "SEQUENCE_ADD_SHAPE",
    "SEQUENCE_ADD_TWOS",
    "SEQUENCE_ADD_TWO_LOCKED",
    "SEQUENCE_SHAPE",
    "SEQUENCE_SHAPE_FIRST",
    "SEQUENCE_SHAPE_KIND",
    "SEQUENCE_SHAPE_POSITION",
    "SEQUENCE_SHAPE_SIZE",
    "SEQUENCE_SHAPE_SUIT",
    "SEQUENCE_SHAPE_WILD",
    "SET_ADD_CLUBS",
    "SET_ADD_DIAMONDS",
    "SET_ADD_HEARTS",
    "SET_ADD_JOKER",
    "SET_ADD_KEY",
    "SET_ADD_PACKS",
    "SET_ADD_SHAPE",
    "SET_ADD_SPADES",
    "SET_ADD_TWOS",
    "SET_SHAPE",
    "SET_SHAPE_CLUBS",
    "SET_SHAPE_DIAMONDS",
    "SET_SHAPE_HEARTS",
    "SET_SHAPE_KIND",
    "SET_SHAPE_RANK",
    "SET_SHAPE_SPADES",
    "SET_SHAPE_WILD",
    "SIDES_KEY",
    "SIDES_KEY_HELD",
    "SIDES_KEY_START",
    "SIDES_KEY_UP",
    "SUIT_KEY",
    "SUIT_KEY_JOKER",
    "SUIT_KEY_OWN_TWOS",
    "SUIT_KEY_RANKS",
    "SUIT_KEY_SECOND_ACE",
    "SUIT_KEY_SEQUENCES",
    "SUIT_KEY_SUIT",
    "SUIT_KEY_TWOS",
    "Layout",
]


class Layout:
    """A packed integer: named fields, each ``width`` bits from bit ``shift``."""

    __slots__ = ("fields", "name")

    def __init__(self, name: str, fields: tuple[tuple[str, int, int], ...]) -> None:
        self.name = name
        """What the integer is (for messages)."""
        self.fields = fields
        """``(name, shift, width)`` for each field, lowest first."""

    def field(self, name: str) -> tuple[int, int]:
        """The ``(shift, width)`` of a field."""
        for each, shift, width in self.fields:
            if each == name:
                return shift, width
        raise KeyError(f"{self.name} has no field {name!r}")

    def mask(self, name: str) -> int:
        """The bits of a field, in place."""
        shift, width = self.field(name)
        return ((1 << width) - 1) << shift

    def pack(self, **values: int) -> int:
        """The integer holding ``values`` (fields not given are 0).

        Raises:
            ValueError: if a value does not fit its field, or names no field.
        """
        key = 0
        for name, value in values.items():
            shift, width = self.field(name)
            if not 0 <= value < 1 << width:
                raise ValueError(f"{self.name}.{name} holds {width} bits, not {value}")
            key |= value << shift
        return key

    def unpack(self, key: int) -> dict[str, int]:
        """Every field of ``key``."""
        return {name: key >> shift & ((1 << width) - 1) for name, shift, width in self.fields}


SUIT_KEY_RANKS: Final = 0
SUIT_KEY_OWN_TWOS: Final = 13
SUIT_KEY_JOKER: Final = 15
SUIT_KEY_TWOS: Final = 16
SUIT_KEY_SECOND_ACE: Final = 20
SUIT_KEY_SUIT: Final = 21
SUIT_KEY_SEQUENCES: Final = 23
SUIT_KEY: Final = Layout(
    "suit key",
    (
        ("ranks", SUIT_KEY_RANKS, 13),  # the ranks of the suit the hand holds, bit 0 for the ace
        ("own_twos", SUIT_KEY_OWN_TWOS, 2),  # the suit's twos held (0 to 2)
        ("joker", SUIT_KEY_JOKER, 1),
        # a bit per suit index (spades, hearts, diamonds, clubs) of twos held
        ("twos", SUIT_KEY_TWOS, 4),
        ("second_ace", SUIT_KEY_SECOND_ACE, 1),  # Rules.wild_as_second_ace
        ("suit", SUIT_KEY_SUIT, 2),
        ("sequences", SUIT_KEY_SEQUENCES, 1),  # set in the keys of open_melds: a suit, not a rank
    ),
)
"""The key of the sequences of one suit a hand can open (``_movegen._suit_sequences``)."""

ISLAND_KEY_HELD: Final = 1
ISLAND_KEY_OWN_TWOS: Final = 15
ISLAND_KEY_JOKER: Final = 17
ISLAND_KEY_TWOS: Final = 18
ISLAND_KEY_SECOND_ACE: Final = 22
ISLAND_KEY_SUIT: Final = 23
ISLAND_KEY: Final = Layout(
    "island key",
    (
        ("held", ISLAND_KEY_HELD, 14),  # the held slots, bit s for slot s (1 to 14)
        ("own_twos", ISLAND_KEY_OWN_TWOS, 2),
        ("joker", ISLAND_KEY_JOKER, 1),
        ("twos", ISLAND_KEY_TWOS, 4),
        ("second_ace", ISLAND_KEY_SECOND_ACE, 1),
        ("suit", ISLAND_KEY_SUIT, 2),
    ),
)
"""The key of the sequences one island of held slots can open (``_movegen._island_sequences``):
the suit key's fields from ``own_twos`` on, two bits higher."""

RANK_KEY_SPADES: Final = 0
RANK_KEY_HEARTS: Final = 2
RANK_KEY_DIAMONDS: Final = 4
RANK_KEY_CLUBS: Final = 6
RANK_KEY_JOKER: Final = 8
RANK_KEY_TWOS: Final = 9
RANK_KEY_RANK: Final = 13
RANK_KEY: Final = Layout(
    "rank key",
    (
        ("spades", RANK_KEY_SPADES, 2),  # the naturals of the rank held in each suit (0 to 3)
        ("hearts", RANK_KEY_HEARTS, 2),
        ("diamonds", RANK_KEY_DIAMONDS, 2),
        ("clubs", RANK_KEY_CLUBS, 2),
        ("joker", RANK_KEY_JOKER, 1),
        ("twos", RANK_KEY_TWOS, 4),
        ("rank", RANK_KEY_RANK, 4),  # the rank's index, 0 for the ace
    ),
)
"""The key of the sets of one rank a hand can open (``_movegen._rank_sets``)."""

SEQUENCE_SHAPE_KIND: Final = 0
SEQUENCE_SHAPE_SUIT: Final = 1
SEQUENCE_SHAPE_FIRST: Final = 3
SEQUENCE_SHAPE_SIZE: Final = 7
SEQUENCE_SHAPE_POSITION: Final = 11
SEQUENCE_SHAPE_WILD: Final = 15
SEQUENCE_SHAPE: Final = Layout(
    "sequence shape",
    (
        ("kind", SEQUENCE_SHAPE_KIND, 1),  # 1: a sequence
        ("suit", SEQUENCE_SHAPE_SUIT, 2),
        ("first", SEQUENCE_SHAPE_FIRST, 4),  # the first slot (1 for a low ace)
        ("size", SEQUENCE_SHAPE_SIZE, 4),  # the number of cards, 14 at most: 15 would not fit
        ("position", SEQUENCE_SHAPE_POSITION, 4),  # the wild's index plus one, 0 for none
        # the wild's code plus one, 0 for none; any wild not the suit's two is written as the joker
        ("wild", SEQUENCE_SHAPE_WILD, 6),
    ),
)
"""A sequence on the table, as the move generator keys its additions (``_movegen._meld_info``)."""

SET_SHAPE_KIND: Final = 0
SET_SHAPE_RANK: Final = 1
SET_SHAPE_SPADES: Final = 5
SET_SHAPE_HEARTS: Final = 7
SET_SHAPE_DIAMONDS: Final = 9
SET_SHAPE_CLUBS: Final = 11
SET_SHAPE_WILD: Final = 13
SET_SHAPE: Final = Layout(
    "set shape",
    (
        ("kind", SET_SHAPE_KIND, 1),  # 0: a set
        ("rank", SET_SHAPE_RANK, 4),  # the rank's index, 0 for the ace
        ("spades", SET_SHAPE_SPADES, 2),  # the naturals in each suit
        ("hearts", SET_SHAPE_HEARTS, 2),
        ("diamonds", SET_SHAPE_DIAMONDS, 2),
        ("clubs", SET_SHAPE_CLUBS, 2),
        ("wild", SET_SHAPE_WILD, 6),  # 0 for none, else the joker's code plus one
    ),
)
"""A set on the table, as the move generator keys its additions (``_movegen._meld_info``)."""

SEQUENCE_ADD_RANKS: Final = 0
SEQUENCE_ADD_OWN_TWOS: Final = 13
SEQUENCE_ADD_JOKER: Final = 15
SEQUENCE_ADD_TWOS: Final = 16
SEQUENCE_ADD_TWO_LOCKED: Final = 20
SEQUENCE_ADD_SECOND_ACE: Final = 21
SEQUENCE_ADD_SHAPE: Final = 22
SEQUENCE_ADD_KEY: Final = Layout(
    "sequence addition key",
    (
        # the ranks of the suit the hand holds that could reach the meld
        ("ranks", SEQUENCE_ADD_RANKS, 13),
        ("own_twos", SEQUENCE_ADD_OWN_TWOS, 2),
        ("joker", SEQUENCE_ADD_JOKER, 1),  # 0 when the meld can take no wild
        ("twos", SEQUENCE_ADD_TWOS, 4),
        ("two_locked", SEQUENCE_ADD_TWO_LOCKED, 1),  # Rules.natural_two_locked
        ("second_ace", SEQUENCE_ADD_SECOND_ACE, 1),
        ("shape", SEQUENCE_ADD_SHAPE, 21),  # SEQUENCE_SHAPE
    ),
)
"""The key of the additions a hand can make to a sequence (``_movegen._sequence_additions``)."""

SET_ADD_SPADES: Final = 0
SET_ADD_HEARTS: Final = 2
SET_ADD_DIAMONDS: Final = 4
SET_ADD_CLUBS: Final = 6
SET_ADD_JOKER: Final = 8
SET_ADD_TWOS: Final = 9
SET_ADD_PACKS: Final = 13
SET_ADD_SHAPE: Final = 16
SET_ADD_KEY: Final = Layout(
    "set addition key",
    (
        ("spades", SET_ADD_SPADES, 2),  # the naturals of the set's rank the hand holds in each suit
        ("hearts", SET_ADD_HEARTS, 2),
        ("diamonds", SET_ADD_DIAMONDS, 2),
        ("clubs", SET_ADD_CLUBS, 2),
        ("joker", SET_ADD_JOKER, 1),  # 0 when the set has a wild
        ("twos", SET_ADD_TWOS, 4),
        ("packs", SET_ADD_PACKS, 3),
        ("shape", SET_ADD_SHAPE, 19),  # SET_SHAPE
    ),
)
"""The key of the additions a hand can make to a set (``_movegen._set_additions``)."""

READING_KEY_MIDDLE: Final = 0
READING_KEY_ACE: Final = 14
READING_KEY_OWN: Final = 15
READING_KEY_OTHER: Final = 19
READING_KEY_SECOND_ACE: Final = 21
READING_KEY_LOCK_SLOT: Final = 22
READING_KEY_LOCK_OWN: Final = 26
READING_KEY_KEEP_TWO: Final = 27
READING_KEY: Final = Layout(
    "reading key",
    (
        # the natural ranks three to king in place: bit s for slot s (3-13)
        ("middle", READING_KEY_MIDDLE, 14),
        ("ace", READING_KEY_ACE, 1),
        ("own", READING_KEY_OWN, 4),  # twos of the suit (0 to 4)
        ("other", READING_KEY_OTHER, 2),  # other wilds (0 to 2)
        ("second_ace", READING_KEY_SECOND_ACE, 1),
        ("lock_slot", READING_KEY_LOCK_SLOT, 4),  # the slot of a fixed wild that stays, 0 for none
        ("lock_own", READING_KEY_LOCK_OWN, 1),  # 1 if that wild is a two of the suit
        ("keep_two", READING_KEY_KEEP_TWO, 1),  # a two of the suit must stay natural
    ),
)
"""The key of the readings of one suit's cards as a sequence (``_movegen._readings``)."""

SIDES_KEY_START: Final = 0
SIDES_KEY_UP: Final = 4
SIDES_KEY_HELD: Final = 5
SIDES_KEY: Final = Layout(
    "sides key",
    (
        ("start", SIDES_KEY_START, 4),  # the slot to extend from
        ("up", SIDES_KEY_UP, 1),  # 1: towards the high ace, 0: towards slot 1
        ("held", SIDES_KEY_HELD, 15),  # the held slots on that side, bit s for slot s
    ),
)
"""The key of the ways to extend a run of slots (``_movegen._sides``)."""

MELD_READING_SET_RANKS: Final = 0
MELD_READING_PACKS: Final = 13
MELD_READING_SECOND_ACE: Final = 15
MELD_READING_NO_JOKERS: Final = 16
MELD_READING_ACE_AT_BOTH_ENDS: Final = 17
MELD_READING: Final = Layout(
    "meld reading",
    (
        ("set_ranks", MELD_READING_SET_RANKS, 13),  # the ranks sets may have, bit 0 for the ace
        ("packs", MELD_READING_PACKS, 2),
        ("second_ace", MELD_READING_SECOND_ACE, 1),
        ("no_jokers", MELD_READING_NO_JOKERS, 1),
        ("ace_at_both_ends", MELD_READING_ACE_AT_BOTH_ENDS, 1),
    ),
)
"""The switches that decide how :func:`~burraco.validate_meld` reads cards, as one integer
(``_movegen.RuleBits.meld_reading``): the tag of the engine's laid melds
(``burraco._engine.meldcodec``)."""

LAYOUTS: Final = (
    SUIT_KEY,
    ISLAND_KEY,
    RANK_KEY,
    SEQUENCE_SHAPE,
    SET_SHAPE,
    SEQUENCE_ADD_KEY,
    SET_ADD_KEY,
    READING_KEY,
    SIDES_KEY,
    MELD_READING,
)
"""Every layout, for the tests."""
