"""The bit-packed integers of the move generator: each layout's fields apart, packing and
unpacking inverses, and the generator packing and reading what the layouts say."""

from __future__ import annotations

from unittest.mock import patch

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import burraco
from burraco import (
    CLASSIC,
    FIBUR,
    INTERNATIONAL,
    JOKER,
    REALE,
    MeldKind,
    Rank,
    Suit,
    validate_meld,
)
from burraco._engine import layouts as _layouts
from burraco._engine import movegen as _movegen
from burraco._engine.layouts import (
    LAYOUTS,
    MELD_READING,
    READING_KEY,
    SEQUENCE_ADD_KEY,
    SEQUENCE_SHAPE,
    SET_ADD_KEY,
    SET_SHAPE,
    Layout,
)
from tests.helpers import position

_SUIT_INDEX = {suit: index for index, suit in enumerate(Suit)}


@pytest.mark.parametrize("layout", LAYOUTS, ids=[layout.name for layout in LAYOUTS])
def test_no_two_fields_of_a_layout_share_a_bit(layout: Layout) -> None:
    taken = 0
    for name, _, _ in layout.fields:
        assert not taken & layout.mask(name), f"{layout.name}.{name} overlaps"
        taken |= layout.mask(name)
    shifts = [shift for _, shift, _ in layout.fields]
    assert shifts == sorted(shifts)


@pytest.mark.parametrize("layout", LAYOUTS, ids=[layout.name for layout in LAYOUTS])
@given(data=st.data())
def test_a_layout_unpacks_what_it_packs(layout: Layout, data: st.DataObject) -> None:
    values = {
        name: data.draw(st.integers(0, (1 << width) - 1), label=name)
        for name, _, width in layout.fields
    }
    assert layout.unpack(layout.pack(**values)) == values


_PREFIXES = {"SEQUENCE_ADD_KEY": "SEQUENCE_ADD", "SET_ADD_KEY": "SET_ADD"}
"""The layouts whose shift constants are named with a shorter prefix than the layout."""


def test_every_field_has_its_shift_constant_and_every_constant_a_field() -> None:
    # the generator shifts by these names: each is its field's shift, and none is left over
    expected = {}
    for name in _layouts.__all__:
        layout = getattr(_layouts, name)
        if isinstance(layout, Layout):
            prefix = _PREFIXES.get(name, name)
            for field, shift, _ in layout.fields:
                expected[f"{prefix}_{field.upper()}"] = shift
    constants = {
        name: value
        for name in _layouts.__all__
        if isinstance(value := getattr(_layouts, name), int)
    }
    assert constants == expected
    assert len(expected) == sum(len(layout.fields) for layout in LAYOUTS)


def test_a_value_too_wide_for_its_field_is_refused() -> None:
    with pytest.raises(ValueError, match=r"sequence shape\.size holds 4 bits, not 16"):
        SEQUENCE_SHAPE.pack(size=16)
    with pytest.raises(KeyError, match="no field 'colour'"):
        SEQUENCE_SHAPE.pack(colour=1)


@pytest.mark.parametrize(
    ("text", "fields"),
    [
        ("5H 6H JK", {"suit": 1, "first": 5, "size": 3, "position": 3, "wild": 53}),
        ("2S=4S 5S 6S", {"suit": 0, "first": 4, "size": 3, "position": 1, "wild": 2}),
        ("3C 2H=4C 5C", {"suit": 3, "first": 3, "size": 3, "position": 2, "wild": 53}),
        ("QD KD AD", {"suit": 2, "first": 12, "size": 3, "position": 0, "wild": 0}),
        ("AD 2D 3D", {"suit": 2, "first": 1, "size": 3, "position": 0, "wild": 0}),
    ],
)
def test_the_generator_writes_a_sequence_as_its_layout_says(
    text: str, fields: dict[str, int]
) -> None:
    # a wild that is not the suit's own two is written as the joker (code 52, plus one)
    meld = validate_meld(text) if "=" not in text else burraco.Meld.parse(text)
    assert _movegen.meld_info(meld)[0] == SEQUENCE_SHAPE.pack(kind=1, **fields)


_SUITS_TWICE = st.permutations([*Suit, *Suit])


@given(st.sampled_from(sorted(CLASSIC.set_ranks)), _SUITS_TWICE, st.integers(3, 6), st.booleans())
def test_the_generator_writes_a_set_as_its_layout_says(
    rank: Rank, shuffled: list[Suit], size: int, wild: bool
) -> None:
    suits = shuffled[:size]
    cards = [burraco.Card(rank, suit) for suit in suits] + ([JOKER] if wild else [])
    meld = validate_meld(cards, CLASSIC)
    counts = {suit.name.lower(): suits.count(suit) for suit in Suit}
    expected = SET_SHAPE.pack(kind=0, rank=rank - 1, wild=53 if wild else 0, **counts)
    assert meld.kind is MeldKind.SET and _movegen.meld_info(meld)[0] == expected


@given(
    st.integers(0, 0x7FF).map(lambda bits: bits << 3),
    st.integers(0, 1),
    st.integers(0, 4),
    st.integers(0, 2),
    st.booleans(),
    st.integers(0, 14),
    st.integers(0, 1),
    st.booleans(),
)
def test_the_readings_key_is_its_layout(
    middle: int,
    ace: int,
    own: int,
    other: int,
    second_ace: bool,
    lock_slot: int,
    lock_own: int,
    keep_two: bool,
) -> None:
    key = _movegen._reading_key(middle, ace, own, other, second_ace, lock_slot, lock_own, keep_two)
    assert key == READING_KEY.pack(
        middle=middle,
        ace=ace,
        own=own,
        other=other,
        second_ace=second_ace,
        lock_slot=lock_slot,
        lock_own=lock_own,
        keep_two=keep_two,
    )
    assert key + _movegen._ANOTHER_WILD == READING_KEY.pack(
        **{**READING_KEY.unpack(key), "other": other + 1}
    )
    assert READING_KEY.mask("lock_slot") | READING_KEY.mask("lock_own") == _movegen._LOCK_BITS


@pytest.mark.parametrize(
    "rules",
    [
        CLASSIC,
        FIBUR,
        INTERNATIONAL,
        REALE,
        attrs.evolve(CLASSIC, players=6, wild_as_second_ace=False),
    ],
)
def test_the_rules_reading_is_its_layout(rules: burraco.Rules) -> None:
    expected = MELD_READING.pack(
        set_ranks=sum(1 << rank - 1 for rank in rules.set_ranks),
        packs=rules.packs,
        second_ace=rules.wild_as_second_ace,
        no_jokers=not rules.jokers,
        ace_at_both_ends=rules.ace_at_both_ends,
    )
    assert _movegen.rule_bits(rules).meld_reading == expected


@pytest.mark.skipif(burraco.__compiled__, reason="compiled, the builders cannot be patched")
def test_the_addition_keys_the_generator_asks_about_are_their_layouts() -> None:
    state = position(
        CLASSIC,
        hands={0: "AD 3D JK 7S 7C 2H"},
        melds={0: ["4D 5D 2D=6D", "7H 7D 7S"]},
    )
    asked: list[int] = []

    def recorder(name: str) -> object:
        real = getattr(_movegen, name)

        def record(key: int) -> object:
            asked.append(key)
            return real(key)

        return record

    _movegen.clear_caches()
    with (
        patch.object(_movegen, "_sequence_additions", recorder("_sequence_additions")),
        patch.object(_movegen, "_set_additions", recorder("_set_additions")),
    ):
        burraco.legal_actions(state)
    sequence, group = (_movegen.meld_info(meld)[0] for meld in state.melds[0])
    assert asked == [
        SEQUENCE_ADD_KEY.pack(
            ranks=0b101,  # the ace and the three (the meld holds 4D and 5D)
            joker=1,
            twos=0b0010,  # the 2H
            second_ace=1,  # CLASSIC: a wild may be the second ace
            shape=sequence,
        ),
        # the set has no wild: the hand's wilds may join it
        SET_ADD_KEY.pack(spades=1, clubs=1, joker=1, twos=0b0010, packs=2, shape=group),
    ]
