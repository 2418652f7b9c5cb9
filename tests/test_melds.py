"""Meld legality: the vector file of examples (rules §12), and properties against an oracle."""

from __future__ import annotations

import pickle
import weakref
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from burraco import (
    CLASSIC,
    FIBUR,
    INTERNATIONAL,
    JOKER,
    REALE,
    BurracoKind,
    Card,
    InvalidMeldError,
    Meld,
    MeldKind,
    NotationError,
    Rank,
    Reason,
    Rules,
    Suit,
    burraco_bonus,
    burraco_kind,
    extend_meld,
    is_valid_meld,
    parse_cards,
    validate_meld,
)
from burraco._engine.memo import GENERATION, meld_memos
from tests import meld_oracle

VECTORS = Path(__file__).parent / "vectors" / "melds.txt"


def rules_named(text: str) -> Rules:
    base, _, setting = text.partition("/")
    name, *switches = base.replace("-", "+-").split("+")
    rules = {"classic": CLASSIC, "fibur": FIBUR, "international": INTERNATIONAL}[name]
    changes: dict[str, Any] = {}
    for switch in switches:
        changes[switch.lstrip("-")] = not switch.startswith("-")
    if setting:
        key, _, value = setting.partition("=")
        changes[key] = int(value)
    return attrs.evolve(rules, **changes)


def wild_rank(text: str) -> Rank:
    return {"A": Rank.ACE, "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING}.get(text) or Rank(
        int(text)
    )


def read_vectors() -> list[Any]:
    cases = []
    for number, line in enumerate(VECTORS.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = [field.strip() for field in line.split("|")]
        rules, cards, expected = fields[:3]
        table = fields[3] if len(fields) > 3 else ""
        cases.append(pytest.param(rules, cards, expected, table, id=f"line{number}:{cards}"))
    return cases


def describe(meld: Meld, rules: Rules) -> str:
    text = f"{meld.kind}/{'clean' if meld.is_clean else 'dirty'}"
    kind = burraco_kind(meld, rules)
    return f"{text}/{kind}" if kind is not None else text


@pytest.mark.parametrize(("rules_text", "cards", "expected", "table"), read_vectors())
def test_meld_vector(rules_text: str, cards: str, expected: str, table: str) -> None:
    rules = rules_named(rules_text)
    base, plus, added = cards.partition("+")
    base, _, base_at = base.partition("@")
    added, _, added_at = added.partition("@")
    base_wild = wild_rank(base_at.strip()) if base_at else None
    added_wild = wild_rank(added_at.strip()) if added_at else None

    def run() -> Meld:
        if plus:
            base_meld = validate_meld(base, rules, wild_as=base_wild)
            return extend_meld(base_meld, added, rules, wild_as=added_wild)
        return validate_meld(base, rules, wild_as=base_wild)

    if expected.startswith("!"):
        with pytest.raises(InvalidMeldError) as caught:
            run()
        assert caught.value.reason == expected[1:]
    else:
        meld = run()
        assert describe(meld, rules) == expected
        if table:
            assert str(meld) == table


# --- strategies ----------------------------------------------------------------------------------

SUITED = [Card(rank, suit) for suit in Suit for rank in Rank]
WILDS = [JOKER] + [Card(Rank.TWO, suit) for suit in Suit]


@st.composite
def near_melds(draw: st.DrawFn) -> list[Card]:
    """Card lists that are often, but not always, legal melds."""
    shape = draw(st.sampled_from(["run", "set", "noise"]))
    if shape == "run":
        suit = draw(st.sampled_from(list(Suit)))
        low = draw(st.integers(1, 12))
        high = draw(st.integers(low + 1, min(14, low + 13)))
        cards = [Card(Rank.ACE if s in (1, 14) else Rank(s), suit) for s in range(low, high + 1)]
        drop = draw(st.lists(st.integers(0, len(cards) - 1), max_size=2, unique=True))
        cards = [card for i, card in enumerate(cards) if i not in drop]
    elif shape == "set":
        rank = draw(st.sampled_from([r for r in Rank if r is not Rank.TWO]))
        cards = draw(
            st.lists(st.sampled_from([Card(rank, s) for s in Suit]), min_size=1, max_size=8)
        )
    else:
        cards = draw(st.lists(st.sampled_from(SUITED), min_size=1, max_size=6))
    cards += draw(st.lists(st.sampled_from(WILDS), max_size=2))
    return draw(st.permutations(cards))


@st.composite
def legal_melds(draw: st.DrawFn) -> list[Card]:
    """Card lists built to be legal melds (a few edge cases still fail and are filtered)."""
    if draw(st.booleans()):
        rank = draw(st.sampled_from([r for r in Rank if r is not Rank.TWO]))
        suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=2, max_size=8))
        naturals = [Card(rank, suit) for suit in sorted(set(suits))] * 2
        naturals = naturals[: len(suits)]
        wilds = draw(st.lists(st.sampled_from(WILDS), max_size=1))
        cards = naturals + wilds
        assume(len(cards) >= 3)
    else:
        suit = draw(st.sampled_from(list(Suit)))
        low = draw(st.integers(1, 12))
        high = draw(st.integers(low + 2, min(14, low + 13)))
        cards = [Card(Rank.ACE if s in (1, 14) else Rank(s), suit) for s in range(low, high + 1)]
        if draw(st.booleans()):
            cards[draw(st.integers(0, len(cards) - 1))] = draw(st.sampled_from(WILDS))
    return draw(st.permutations(cards))


def multiset(cards: tuple[Card, ...] | list[Card]) -> Counter[Card]:
    return Counter(cards)


# --- properties ----------------------------------------------------------------------------------


@given(near_melds())
@example(parse_cards("KH AH 2H"))
@example(parse_cards("AH 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK"))
def test_legal_exactly_when_the_oracle_finds_an_arrangement(cards: list[Card]) -> None:
    legal = meld_oracle.is_legal(cards, CLASSIC)
    assert is_valid_meld(cards) == legal
    if legal:
        meld = validate_meld(cards)
        arranged = {
            (kind, table, index) for kind, table, index in meld_oracle.arrangements(cards, CLASSIC)
        }
        assert (
            meld.kind.value,
            meld.cards,
            -1 if meld.wild_index is None else meld.wild_index,
        ) in arranged


@given(near_melds(), st.randoms(use_true_random=False))
def test_result_does_not_depend_on_input_order(cards: list[Card], random: Random) -> None:
    shuffled = list(cards)
    random.shuffle(shuffled)
    if is_valid_meld(cards):
        assert validate_meld(shuffled) == validate_meld(cards)
    else:
        with pytest.raises(InvalidMeldError) as first:
            validate_meld(cards)
        with pytest.raises(InvalidMeldError) as again:
            validate_meld(shuffled)
        assert again.value.reason == first.value.reason


@given(legal_melds())
def test_legal_melds_have_at_least_three_cards_and_at_most_one_wild(cards: list[Card]) -> None:
    assume(is_valid_meld(cards))
    meld = validate_meld(cards)
    assert len(meld.cards) >= 3
    assert multiset(meld.cards) == multiset(cards)
    wilds = [card for i, card in enumerate(meld.cards) if i == meld.wild_index]
    assert wilds == ([meld.wild] if meld.wild is not None else [])
    assert meld.points == sum(card.points for card in cards)
    assert meld.is_clean == (meld.wild is None)
    assert meld.is_burraco == (len(cards) >= 7)


@given(legal_melds())
def test_str_and_parse_round_trip(cards: list[Card]) -> None:
    assume(is_valid_meld(cards))
    meld = validate_meld(cards)
    assert Meld.parse(str(meld)) == meld
    assert eval(repr(meld), {"Meld": Meld}) == meld
    if meld.kind is MeldKind.SEQUENCE and meld.wild is not None:
        assert validate_meld(cards, wild_as=meld.wild_as) == meld


def lock_of(meld: Meld, added: list[Card]) -> tuple[Card, int] | None:
    if not meld.wild_is_fixed:
        return None
    assert meld.wild_index is not None and meld.wild is not None and meld.suit is not None
    slot = span_of(meld)[0] + meld.wild_index
    if meld_oracle.natural(meld.suit, slot) in added:
        return None
    return (meld.wild, slot)


def nearby_cards(meld: Meld) -> list[Card]:
    """Cards that might extend the meld: its suit or rank, and the wilds."""
    if meld.kind is MeldKind.SET:
        assert meld.rank is not None
        return [Card(meld.rank, suit) for suit in Suit] + WILDS + [Card(Rank.KING, Suit.SPADES)]
    assert meld.suit is not None
    low, high = span_of(meld)
    near = [s for s in (low - 2, low - 1, high + 1, high + 2) if 1 <= s <= 14]
    if meld.wild_index is not None:
        near.append(low + meld.wild_index)
    adjacent = [meld_oracle.natural(meld.suit, slot) for slot in near]
    return (
        adjacent * 3
        + [Card(rank, meld.suit) for rank in Rank]
        + WILDS
        + [Card(Rank.SEVEN, Suit.SPADES)]
    )


def span_of(meld: Meld) -> tuple[int, int]:
    """The first and last slot (1 to 14) of a sequence."""
    index = 1 if meld.wild_index == 0 else 0
    rank = meld.cards[index].rank
    assert rank is not None
    slot = 1 if rank is Rank.ACE and index == 0 else (14 if rank is Rank.ACE else int(rank))
    return slot - index, slot - index + len(meld.cards) - 1


@given(legal_melds(), st.data())
def test_extend_succeeds_exactly_when_an_arrangement_respects_the_fixed_wild(
    cards: list[Card], data: st.DataObject
) -> None:
    assume(is_valid_meld(cards))
    meld = validate_meld(cards)
    added = data.draw(st.lists(st.sampled_from(nearby_cards(meld)), min_size=1, max_size=4))
    union = list(meld.cards) + added
    expected = meld_oracle.is_legal(union, CLASSIC, lock_of(meld, added))
    if meld.kind is MeldKind.SET:
        expected = expected and any(
            kind == "set" for kind, _, _ in meld_oracle.arrangements(union, CLASSIC)
        )
    try:
        grown = extend_meld(meld, added)
    except InvalidMeldError:
        assert not expected
    else:
        assert expected
        assert multiset(grown.cards) == multiset(union)
        assert grown.kind is meld.kind
        assert Meld.parse(str(grown)) == grown


def test_extend_keeps_a_fixed_wild_until_its_natural_card_arrives() -> None:
    meld = validate_meld("5C 7C JK")
    assert meld.wild_is_fixed and str(meld) == "5C JK=6C 7C"
    assert str(extend_meld(meld, "8C 9C")) == "5C JK=6C 7C 8C 9C"
    assert str(extend_meld(meld, "6C 8C 9C")) == "5C 6C 7C 8C 9C JK=10C"


def test_extend_rejects_empty_additions_and_non_melds() -> None:
    meld = validate_meld("5C 6C 7C")
    with pytest.raises(InvalidMeldError) as caught:
        extend_meld(meld, [])
    assert caught.value.reason is Reason.NO_CARDS
    with pytest.raises(TypeError):
        extend_meld("5C 6C 7C", "8C")  # type: ignore[arg-type]


def test_extend_error_names_the_meld_and_the_added_cards() -> None:
    with pytest.raises(InvalidMeldError, match=r"cannot add '10C' to the meld '6C JK=7C 8C': gap"):
        extend_meld(validate_meld("6C JK 8C"), "10C")


def test_error_messages_quote_the_cards_and_say_what_is_legal() -> None:
    with pytest.raises(InvalidMeldError) as caught:
        validate_meld(["7S", "2C", "JK"])
    assert caught.value.cards == parse_cards("7S 2C JK")
    assert str(caught.value).startswith("illegal meld '7S 2C JK': too-many-wilds:")
    with pytest.raises(InvalidMeldError, match="it can stand for 7H or 4H"):
        validate_meld("5H 6H JK", wild_as=Rank.NINE)
    with pytest.raises(InvalidMeldError, match="sets only of these ranks: A 3"):
        validate_meld("KS KH KD", INTERNATIONAL)


def test_bad_notation_raises_notation_error() -> None:
    with pytest.raises(NotationError) as caught:
        validate_meld("5H 6H 1H")
    assert caught.value.token == "1H"
    with pytest.raises(NotationError) as caught:
        validate_meld("5H 6H 7H=8H")
    assert caught.value.reason is Reason.BAD_MELD_NOTATION
    with pytest.raises(NotationError):
        validate_meld("5H 6H JK=7H", wild_as=Rank.FOUR)
    with pytest.raises(NotationError):
        validate_meld(42)  # type: ignore[arg-type]


def test_placement_notation_is_the_same_as_wild_as() -> None:
    assert validate_meld("5H 6H JK=4H") == validate_meld("5H 6H JK", wild_as=Rank.FOUR)
    assert str(validate_meld(["JK=4H", "5H", "6H"])) == "JK=4H 5H 6H"


def test_is_valid_meld_is_false_for_bad_notation() -> None:
    assert not is_valid_meld("5H 6H XX")
    assert is_valid_meld("5H 6H 7H")


@pytest.mark.parametrize(
    ("cards", "rules", "kind", "bonus"),
    [
        ("4S 5S 6S 7S 8S 9S 10S", CLASSIC, BurracoKind.CLEAN, 200),
        ("4S 5S 6S JK 8S 9S 10S", CLASSIC, BurracoKind.DIRTY, 100),
        ("4S 5S 6S 7S 8S 9S 10S JK", CLASSIC, BurracoKind.DIRTY, 100),
        ("4S 5S 6S 7S 8S 9S 10S JK", FIBUR, BurracoKind.SEMI_CLEAN, 150),
        ("4S 5S 6S JK 8S 9S 10S JS", FIBUR, BurracoKind.DIRTY, 100),
        ("7S 7S 7H 7H 7D 7D 7C 7C JK", FIBUR, BurracoKind.SEMI_CLEAN, 150),
        ("7S 7S 7H 7H 7D 7D JK", FIBUR, BurracoKind.DIRTY, 100),
        ("9C 9C 9D 9H 9S 9S 2H", CLASSIC, BurracoKind.DIRTY, 100),
        ("AH 2H 3H 4H 5H 6H 7H", INTERNATIONAL, BurracoKind.CLEAN, 200),
        ("4S 5S 6S", FIBUR, None, 0),
    ],
)
def test_burraco_kind_and_bonus(
    cards: str, rules: Rules, kind: BurracoKind | None, bonus: int
) -> None:
    meld = validate_meld(cards, rules)
    assert burraco_kind(meld, rules) == kind
    assert burraco_bonus(meld, rules) == bonus


def test_a_freed_wild_can_make_a_sequence_semi_clean_never_clean() -> None:
    meld = validate_meld("4S 5S 6S JK 8S 9S 10S")
    grown = extend_meld(meld, "7S")
    assert str(grown) == "4S 5S 6S 7S 8S 9S 10S JK=JS"
    assert burraco_kind(grown, FIBUR) is BurracoKind.SEMI_CLEAN
    assert burraco_kind(grown, CLASSIC) is BurracoKind.DIRTY


def test_melds_are_frozen_and_hashable() -> None:
    meld = validate_meld("5H 6H 7H")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        meld.cards = ()  # type: ignore[misc]
    assert len({meld, validate_meld("7H 6H 5H")}) == 1


# --- properties under every rule set -------------------------------------------------------------

EVERY_RULES = [
    CLASSIC,
    FIBUR,
    INTERNATIONAL,
    attrs.evolve(CLASSIC, wild_as_second_ace=False),
    attrs.evolve(INTERNATIONAL, wild_as_second_ace=False),
]
EXTEND_RULES = [
    *EVERY_RULES,
    attrs.evolve(CLASSIC, natural_two_locked=True),
    attrs.evolve(CLASSIC, natural_two_locked=True, wild_as_second_ace=False),
]


@st.composite
def near_sequences(draw: st.DrawFn) -> list[Card]:
    """3 to 14 cards, mostly of one suit in a row, with twos (the suit's own above all), jokers
    and aces mixed in: the shapes where the ace-high reading and the natural two matter."""
    suit = draw(st.sampled_from(list(Suit)))
    low = draw(st.integers(1, 13))
    high = draw(st.integers(low + 1, min(14, low + 13)))
    cards = [meld_oracle.natural(suit, slot) for slot in range(low, high + 1)]
    drop = draw(st.lists(st.integers(0, len(cards) - 1), max_size=2, unique=True))
    cards = [card for i, card in enumerate(cards) if i not in drop]
    own_two = Card(Rank.TWO, suit)
    extras = [own_two, own_two, Card(Rank.ACE, suit), *WILDS, *(Card(r, suit) for r in Rank)]
    cards += draw(st.lists(st.sampled_from(extras), max_size=3))
    assume(3 <= len(cards) <= 14)
    return draw(st.permutations(cards))


def keep_two_of(meld: Meld, rules: Rules) -> bool:
    """Whether ``natural_two_locked`` keeps the meld's natural two natural when it grows."""
    if not rules.natural_two_locked or meld.kind is not MeldKind.SEQUENCE:
        return False
    low, high = span_of(meld)
    return low <= 2 <= high and (meld.wild_index is None or low + meld.wild_index != 2)


@pytest.mark.parametrize("rules", EVERY_RULES, ids=lambda rules: repr(rules)[:60])
@given(st.one_of(near_sequences(), near_melds()))
@example(parse_cards("QH KH AH 2H"))
@example(parse_cards("QH 2H AH"))
@example(parse_cards("JD QD 2D AD"))
@example(parse_cards("9S 10S JS QS KS AS 2S"))
@example(parse_cards("KH AH 2H 3H"))
@example(parse_cards("AH 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2S"))
def test_validate_meld_agrees_with_the_oracle_under_every_rule_set(
    rules: Rules, cards: list[Card]
) -> None:
    arranged = set(meld_oracle.arrangements(cards, rules))
    assert is_valid_meld(cards, rules) == bool(arranged)
    if arranged:
        meld = validate_meld(cards, rules)
        index = -1 if meld.wild_index is None else meld.wild_index
        assert (meld.kind.value, meld.cards, index) in arranged
        assert burraco_kind(meld, rules) == (
            None if len(cards) < 7 else burraco_kind(Meld.parse(str(meld)), rules)
        )


@pytest.mark.parametrize("rules", EXTEND_RULES, ids=lambda rules: repr(rules)[:60])
@settings(suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(st.one_of(near_sequences(), legal_melds()), st.data())
@example(parse_cards("QH KH AH"), parse_cards("2H"))
@example(parse_cards("JH QH 2H"), parse_cards("AH"))
@example(parse_cards("2H 3H 4H 5H 6H 7H"), parse_cards("9H"))
def test_extend_meld_agrees_with_the_oracle_under_every_rule_set(
    rules: Rules, cards: list[Card], data: st.DataObject | tuple[Card, ...]
) -> None:
    assume(is_valid_meld(cards, rules))
    meld = validate_meld(cards, rules)
    if isinstance(data, tuple):
        added = list(data)
    else:
        added = data.draw(st.lists(st.sampled_from(nearby_cards(meld)), min_size=1, max_size=4))
    union = list(meld.cards) + added
    arranged = set(
        meld_oracle.arrangements(union, rules, lock_of(meld, added), keep_two_of(meld, rules))
    )
    arranged = {arrangement for arrangement in arranged if arrangement[0] == meld.kind.value}
    try:
        grown = extend_meld(meld, added, rules)
    except InvalidMeldError:
        assert not arranged
    else:
        index = -1 if grown.wild_index is None else grown.wild_index
        assert (grown.kind.value, grown.cards, index) in arranged
        assert multiset(grown.cards) == multiset(union)


def test_the_suits_own_two_is_the_wild_of_an_ace_high_sequence() -> None:
    assert str(validate_meld("KH AH 2H")) == "2H=QH KH AH"
    assert str(validate_meld("QH KH AH 2H")) == "2H=JH QH KH AH"
    assert str(validate_meld("QH 2H AH")) == "QH 2H=KH AH"
    assert str(extend_meld(validate_meld("QH KH AH"), "2H")) == "2H=JH QH KH AH"
    ten_to_king = validate_meld("10H JH QH 2H", wild_as=Rank.KING)
    assert str(extend_meld(ten_to_king, "AH")) == "10H JH QH 2H=KH AH"
    with pytest.raises(InvalidMeldError) as caught:
        validate_meld("KH AH 2H 3H")
    assert caught.value.reason is Reason.WRAP_AROUND


# --- the meld memo -------------------------------------------------------------------------------


def outcome(function: Any, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
    """What a call gives: the meld's fields, or the error's reason, message, cards and detail."""
    try:
        meld = function(*args, **kwargs)
    except InvalidMeldError as error:
        return ("error", error.reason, str(error), error.cards, error.detail)
    return ("meld", attrs.astuple(meld, recurse=False))


@pytest.mark.parametrize("rules", EXTEND_RULES, ids=lambda rules: repr(rules)[:60])
@settings(max_examples=60)
@given(st.one_of(near_sequences(), near_melds()), st.sampled_from([None, *Rank]))
def test_the_memo_answers_as_the_analysis_does(
    rules: Rules, cards: list[Card], wild_as: Rank | None
) -> None:
    # a list is never remembered; a tuple is, from its first call on
    fresh = outcome(validate_meld, cards, rules, wild_as=wild_as)
    for _ in range(2):
        assert outcome(validate_meld, tuple(cards), rules, wild_as=wild_as) == fresh


@pytest.mark.parametrize("rules", EXTEND_RULES, ids=lambda rules: repr(rules)[:60])
@settings(max_examples=60, suppress_health_check=[HealthCheck.filter_too_much])
@given(legal_melds(), st.lists(st.sampled_from(SUITED + WILDS), min_size=1, max_size=3))
def test_the_memo_extends_as_the_analysis_does(
    rules: Rules, cards: list[Card], added: list[Card]
) -> None:
    assume(is_valid_meld(cards, rules))
    meld = validate_meld(cards, rules)
    for wild_as in (None, Rank.FOUR, Rank.KING):
        fresh = outcome(extend_meld, meld, added, rules, wild_as=wild_as)
        for _ in range(2):
            assert outcome(extend_meld, meld, tuple(added), rules, wild_as=wild_as) == fresh


def test_remembered_errors_are_raised_anew() -> None:
    cards = parse_cards("5H 8H JK")
    errors = []
    for _ in range(2):
        with pytest.raises(InvalidMeldError) as caught:
            validate_meld(cards)
        errors.append(caught.value)
    assert errors[0] is not errors[1]
    assert str(errors[0]) == str(errors[1])
    assert errors[1].reason is Reason.GAP and errors[1].cards == cards


def test_rule_sets_do_not_share_answers() -> None:
    cards = parse_cards("7S 7H 7D")
    # each order of asking: the international code allows no set of sevens
    for first, second in ((CLASSIC, INTERNATIONAL), (INTERNATIONAL, CLASSIC)):
        for rules in (first, second, first):
            assert is_valid_meld(cards, rules) == (rules is CLASSIC)
    locked = attrs.evolve(CLASSIC, natural_two_locked=True)
    meld = validate_meld("2H 3H 4H 5H 6H")
    for rules in (CLASSIC, locked, CLASSIC):
        assert is_valid_extension(meld, parse_cards("8H"), rules) == (rules is CLASSIC)


def is_valid_extension(meld: Meld, added: tuple[Card, ...], rules: Rules) -> bool:
    try:
        extend_meld(meld, added, rules)
    except InvalidMeldError:
        return False
    return True


def test_the_memo_stays_bounded() -> None:
    memo = meld_memos(CLASSIC).validated
    for low in range(1, 12):
        for suit in Suit:
            for length in range(3, 14 - low):
                for wild in (None, *WILDS):
                    cards = [Card(Rank(s), suit) for s in range(low, low + length)]
                    validate_meld(tuple(cards + ([wild] if wild else [])))
                    assert len(memo) <= 2 * GENERATION


@pytest.mark.parametrize("cards", ["5H 6H JK", "7S 7H 7D 2C", "AS 2S 3S"])
def test_a_built_meld_is_a_whole_frozen_meld(cards: str) -> None:
    # melds are filled in a plain slots object that then becomes a Meld: the result must be
    # a Meld in every way, equal to the constructor's, frozen, picklable, weakly referenced
    meld = validate_meld(cards)
    assert type(meld) is Meld
    rebuilt = Meld(**{field.name: getattr(meld, field.name) for field in attrs.fields(Meld)})
    assert rebuilt == meld and hash(rebuilt) == hash(meld)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        meld.cards = ()  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(meld)) == meld
    assert weakref.ref(meld)() is meld


# A two of the suit standing, fixed, for the king of an ace-high sequence keeps its place when
# the three is added (rules §5.4), though the cards alone would read as the natural
# A 2 3 ... Q. Found by test_play's random play under the German switches.
FIXED_OWN_TWO = "3D 4D 5D 6D 7D 8D 9D 10D JD QD 2D=KD AD"


def test_a_fixed_own_two_stays_a_wild_when_its_natural_place_opens() -> None:
    before = validate_meld("4D 5D 6D 7D 8D 9D 10D JD QD 2D AD")
    assert str(before) == "4D 5D 6D 7D 8D 9D 10D JD QD 2D=KD AD" and before.wild_is_fixed
    grown = extend_meld(before, parse_cards("3D"))
    assert str(grown) == FIXED_OWN_TWO
    assert grown.wild == Card(Rank.TWO, Suit.DIAMONDS) and grown.wild_as is Rank.KING
    assert not grown.is_clean


def test_parse_reads_a_fixed_own_two_as_the_notation_places_it() -> None:
    grown = extend_meld(validate_meld("4D 5D 6D 7D 8D 9D 10D JD QD 2D AD"), parse_cards("3D"))
    assert Meld.parse(str(grown)) == grown
    assert Meld.parse(FIXED_OWN_TWO) == grown
    assert eval(repr(grown), {"Meld": Meld}) == grown


def test_an_opening_still_reads_a_two_that_fits_its_place_as_natural() -> None:
    cards = parse_cards("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD")
    assert str(validate_meld(cards)) == "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD"
    with pytest.raises(InvalidMeldError) as caught:
        validate_meld(cards, wild_as=Rank.KING)
    assert caught.value.reason is Reason.WILD_AS_NOT_POSSIBLE
    assert not is_valid_meld(FIXED_OWN_TWO)


def test_parse_refuses_an_own_two_at_a_free_end_where_it_fits_its_place() -> None:
    # At an end the wild is free, so play never leaves it there: the three reads it as natural.
    with pytest.raises(InvalidMeldError) as caught:
        Meld.parse("3D 4D 5D 6D 7D 8D 9D 10D JD QD 2D=KD")
    assert caught.value.reason is Reason.WILD_AS_NOT_POSSIBLE


# --- rules §13.5: Burraco Reale's melds ------------------------------------------------------

_A_TO_K = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"


def test_burraco_reale_has_a_sequence_from_ace_to_ace() -> None:
    meld = validate_meld(_A_TO_K + " AH", REALE)
    assert str(meld) == _A_TO_K + " AH"
    assert (meld.is_clean, meld.first_slot, len(meld.cards)) == (True, 1, 14)
    assert Meld.parse(str(meld)) == meld
    with pytest.raises(InvalidMeldError) as caught:
        validate_meld(_A_TO_K + " AH", FIBUR)
    assert caught.value.reason is Reason.TWO_ACES


@pytest.mark.parametrize(
    ("meld", "added", "grown"),
    [
        (_A_TO_K, "AH", _A_TO_K + " AH"),
        ("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "AH AH", _A_TO_K + " AH"),
        ("3H 4H 5H 6H 7H 8H 9H 10H JH QH 2S", "AH 2H AH", _A_TO_K[:-3] + " 2S=KH AH"),
        (
            "AH 2H 3H 4H 2S 6H 7H 8H 9H 10H JH QH KH",
            "AH",
            "AH 2H 3H 4H 2S=5H 6H 7H 8H 9H 10H JH QH KH AH",
        ),
    ],
)
def test_cards_grow_a_sequence_to_ace_to_ace(meld: str, added: str, grown: str) -> None:
    assert str(extend_meld(validate_meld(meld, REALE), added, REALE)) == grown


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        (_A_TO_K + " AH 2S", Reason.TOO_MANY_WILDS),  # full: no place for the wild
        ("AH 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", Reason.GAP),  # the two is missing
        ("AH 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2S 2C", Reason.TOO_MANY_WILDS),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH QH AH", Reason.DUPLICATE_RANK),
        ("5H 6H JK", Reason.NO_JOKERS),
        ("7S 7H 7D", Reason.SET_RANK_NOT_ALLOWED),
    ],
)
def test_burraco_reale_refuses_what_its_rules_do_not_allow(cards: str, reason: Reason) -> None:
    with pytest.raises(InvalidMeldError) as caught:
        validate_meld(cards, REALE)
    assert caught.value.reason is reason


def test_a_wild_named_for_an_ace_to_ace_sequence_must_fill_its_gap() -> None:
    cards = "AH 2H 3H 4H 5H 2S 7H 8H 9H 10H JH QH KH AH"
    assert validate_meld(cards, REALE, wild_as=Rank.SIX).wild_as is Rank.SIX
    with pytest.raises(InvalidMeldError) as caught:
        validate_meld(cards, REALE, wild_as=Rank.SEVEN)
    assert caught.value.reason is Reason.WILD_AS_NOT_POSSIBLE


def test_a_fixed_wild_stays_in_its_place_when_a_sequence_reaches_ace_to_ace() -> None:
    meld = validate_meld("3H 4H 2S 6H 7H 8H 9H 10H JH QH KH", REALE)
    assert meld.wild_is_fixed
    with pytest.raises(InvalidMeldError):
        extend_meld(meld, "AH 2H AH 5H", REALE)  # 15 cards: the wild cannot leave
    assert str(extend_meld(meld, "AH 2H AH", REALE)).startswith("AH 2H 3H 4H 2S=5H")


def test_jokers_are_no_cards_of_burraco_reale() -> None:
    assert not is_valid_meld("5H 6H JK", REALE)
    assert is_valid_meld("5H 6H 2S", REALE)
    with pytest.raises(InvalidMeldError) as caught:
        extend_meld(validate_meld("5H 6H 7H", REALE), "JK", REALE)
    assert caught.value.reason is Reason.NO_JOKERS


def test_a_freed_own_two_goes_natural_in_its_slot_and_the_burraco_becomes_clean() -> None:
    # rules §5.5: the two stood, fixed, for the six; the six frees it, and it fits its own slot.
    dirty = Meld.parse("3H 4H 5H 2H=6H 7H 8H 9H")
    assert burraco_kind(dirty) is BurracoKind.DIRTY and dirty.wild_is_fixed
    grown = extend_meld(dirty, parse_cards("6H"))
    assert str(grown) == "2H 3H 4H 5H 6H 7H 8H 9H"
    assert grown.is_clean and grown.wild is None
    assert burraco_kind(grown) is BurracoKind.CLEAN and burraco_bonus(grown) == 200


@pytest.mark.parametrize(
    "read",
    [
        lambda: validate_meld("5H 6H JK=7S"),
        lambda: validate_meld(["5H", "6H", "JK=4C"]),
        lambda: Meld.parse("5H 6H 2C=7S"),
        lambda: extend_meld(validate_meld("5H 6H 7H"), "JK=8S"),
        lambda: extend_meld(validate_meld("5H 6H 7H"), "8H JK=9D"),
    ],
)
def test_a_wild_placed_on_a_card_of_another_suit_than_its_sequence_is_refused(
    read: Callable[[], Meld],
) -> None:
    with pytest.raises(InvalidMeldError) as caught:
        read()
    assert caught.value.reason is Reason.WILD_AS_NOT_POSSIBLE
    assert "are hearts, so the wild stands for a heart" in str(caught.value)


def test_a_wild_placed_with_the_sequences_suit_or_on_a_sets_rank_is_read() -> None:
    assert str(validate_meld("5H 6H JK=7H")) == "5H 6H JK=7H"
    assert str(extend_meld(validate_meld("5H 6H 7H"), "JK=4H")) == "JK=4H 5H 6H 7H"
    # a set's wild stands for its rank, whatever suit the notation gives it
    assert validate_meld("7S 7H JK=7D") == validate_meld("7S 7H JK")
    assert not is_valid_meld("5H 6H JK=7S")
