"""The bit-packed integers of the move generator, each named once (private).

The move generator (``burraco._movegen``) keys its memos by small integers and packs what it
knows of a meld into one: each is a :class:`Layout` here, a list of named fields with their
place and width. The generator's hot code writes and reads the fields with shifts and masks of
its own (a call per key would cost a step more than the memo saves); the tests check, for every
layout, that the fields do not overlap, that :meth:`Layout.pack` and :meth:`Layout.unpack` are
inverses, and that what the generator packs and reads is what the layout says, and the tests'
oracles build and read keys only through these names.

>>> key = SEQUENCE_SHAPE.pack(kind=1, suit=2, first=4, size=3, position=0, wild=0)
>>> SEQUENCE_SHAPE.unpack(key)["first"], SEQUENCE_SHAPE.field("size")
(4, (7, 4))
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "ISLAND_KEY",
    "LAYOUTS",
    "MELD_READING",
    "RANK_KEY",
    "READING_KEY",
    "SEQUENCE_ADD_KEY",
    "SEQUENCE_SHAPE",
    "SET_ADD_KEY",
    "SET_SHAPE",
    "SIDES_KEY",
    "SUIT_KEY",
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


SUIT_KEY: Final = Layout(
    "suit key",
    (
        ("ranks", 0, 13),  # the ranks of the suit the hand holds, bit 0 for the ace
        ("own_twos", 13, 2),  # the suit's twos held (0 to 2)
        ("joker", 15, 1),
        ("twos", 16, 4),  # a bit per suit index (spades, hearts, diamonds, clubs) of twos held
        ("second_ace", 20, 1),  # Rules.wild_as_second_ace
        ("suit", 21, 2),
        ("sequences", 23, 1),  # set in the keys of open_melds: a suit, not a rank
    ),
)
"""The key of the sequences of one suit a hand can open (``_movegen._suit_sequences``)."""

ISLAND_KEY: Final = Layout(
    "island key",
    (
        ("held", 1, 14),  # the held slots, bit s for slot s (1 to 14)
        ("own_twos", 15, 2),
        ("joker", 17, 1),
        ("twos", 18, 4),
        ("second_ace", 22, 1),
        ("suit", 23, 2),
    ),
)
"""The key of the sequences one island of held slots can open (``_movegen._island_sequences``):
the suit key's fields from ``own_twos`` on, two bits higher."""

RANK_KEY: Final = Layout(
    "rank key",
    (
        ("spades", 0, 2),  # the naturals of the rank held in each suit (0 to 3)
        ("hearts", 2, 2),
        ("diamonds", 4, 2),
        ("clubs", 6, 2),
        ("joker", 8, 1),
        ("twos", 9, 4),
        ("rank", 13, 4),  # the rank's index, 0 for the ace
    ),
)
"""The key of the sets of one rank a hand can open (``_movegen._rank_sets``)."""

SEQUENCE_SHAPE: Final = Layout(
    "sequence shape",
    (
        ("kind", 0, 1),  # 1: a sequence
        ("suit", 1, 2),
        ("first", 3, 4),  # the first slot (1 for a low ace)
        ("size", 7, 4),  # the number of cards, 14 at most: 15 would not fit
        ("position", 11, 4),  # the wild's index plus one, 0 for none
        ("wild", 15, 6),  # the wild's code plus one, 0 for none; any wild not the suit's two
        # is written as the joker
    ),
)
"""A sequence on the table, as the move generator keys its additions (``_movegen._meld_info``)."""

SET_SHAPE: Final = Layout(
    "set shape",
    (
        ("kind", 0, 1),  # 0: a set
        ("rank", 1, 4),  # the rank's index, 0 for the ace
        ("spades", 5, 2),  # the naturals in each suit
        ("hearts", 7, 2),
        ("diamonds", 9, 2),
        ("clubs", 11, 2),
        ("wild", 13, 6),  # 0 for none, else the joker's code plus one
    ),
)
"""A set on the table, as the move generator keys its additions (``_movegen._meld_info``)."""

SEQUENCE_ADD_KEY: Final = Layout(
    "sequence addition key",
    (
        ("ranks", 0, 13),  # the ranks of the suit the hand holds that could reach the meld
        ("own_twos", 13, 2),
        ("joker", 15, 1),  # 0 when the meld can take no wild
        ("twos", 16, 4),
        ("two_locked", 20, 1),  # Rules.natural_two_locked
        ("second_ace", 21, 1),
        ("shape", 22, 21),  # SEQUENCE_SHAPE
    ),
)
"""The key of the additions a hand can make to a sequence (``_movegen._sequence_additions``)."""

SET_ADD_KEY: Final = Layout(
    "set addition key",
    (
        ("spades", 0, 2),  # the naturals of the set's rank the hand holds in each suit
        ("hearts", 2, 2),
        ("diamonds", 4, 2),
        ("clubs", 6, 2),
        ("joker", 8, 1),  # 0 when the set has a wild
        ("twos", 9, 4),
        ("packs", 13, 3),
        ("shape", 16, 19),  # SET_SHAPE
    ),
)
"""The key of the additions a hand can make to a set (``_movegen._set_additions``)."""

READING_KEY: Final = Layout(
    "reading key",
    (
        ("middle", 0, 14),  # the natural ranks three to king in place: bit s for slot s (3-13)
        ("ace", 14, 1),
        ("own", 15, 4),  # twos of the suit (0 to 4)
        ("other", 19, 2),  # other wilds (0 to 2)
        ("second_ace", 21, 1),
        ("lock_slot", 22, 4),  # the slot of a fixed wild that stays, 0 for none
        ("lock_own", 26, 1),  # 1 if that wild is a two of the suit
        ("keep_two", 27, 1),  # a two of the suit must stay natural
    ),
)
"""The key of the readings of one suit's cards as a sequence (``_movegen._readings``)."""

SIDES_KEY: Final = Layout(
    "sides key",
    (
        ("start", 0, 4),  # the slot to extend from
        ("up", 4, 1),  # 1: towards the high ace, 0: towards slot 1
        ("held", 5, 15),  # the held slots on that side, bit s for slot s
    ),
)
"""The key of the ways to extend a run of slots (``_movegen._sides``)."""

MELD_READING: Final = Layout(
    "meld reading",
    (
        ("set_ranks", 0, 13),  # the ranks sets may have, bit 0 for the ace
        ("packs", 13, 2),
        ("second_ace", 15, 1),
        ("no_jokers", 16, 1),
        ("ace_at_both_ends", 17, 1),
    ),
)
"""The switches that decide how :func:`~burraco.validate_meld` reads cards, as one integer
(``_movegen.RuleBits.meld_reading``): the tag of the engine's laid melds
(``burraco._meldcodec``)."""

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
