"""The move generator's memos: bounded in bytes, and never a change to any answer."""

from __future__ import annotations

import gc
import itertools
import pickle
import random
import sys
import threading
from collections import Counter
from unittest.mock import patch

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import burraco
from burraco import (
    CLASSIC,
    FIBUR,
    INTERNATIONAL,
    JOKER,
    REALE,
    AddToMeld,
    Card,
    Meld,
    MeldKind,
    OpenMeld,
    Phase,
    Rank,
    Rules,
    Suit,
    apply,
    extend_meld,
    legal_actions,
    make_deck,
    new_game,
    parse_cards,
    validate_meld,
)
from burraco import melds as meld_module
from burraco._engine import aces as _aces
from burraco._engine import movegen as _movegen
from burraco._engine.layouts import SEQUENCE_ADD_KEY, SET_ADD_KEY
from burraco._engine.meldcodec import laid_meld, meld_from_recipe, meld_recipe
from burraco._engine.memo import FRESH, FRESH_MOST, RELEASE, RETIRE_AT, BudgetMemo
from burraco._engine.movegen import _MEMOS, clear_caches, memo_bytes
from burraco.cards import CARDS_BY_CODE
from burraco.errors import InvalidMeldError
from tests import movegen_oracle
from tests.helpers import position
from tests.meld_oracle import natural

BUDGET = sum(memo.budget for memo in _MEMOS)


def test_a_memo_drops_its_older_half_when_the_newer_fills_its_budget() -> None:
    memo: BudgetMemo[int, bytes] = BudgetMemo(1000, 0, 1)
    for key in range(100):
        memo.remember(key, bytes(100))
        assert memo.bytes <= 1000
    assert (memo.get(99), memo.get(0)) == (bytes(100), None)
    assert memo.peak <= 1000


def test_a_memo_weighs_entries_so_one_huge_entry_counts_as_many_small_ones() -> None:
    memo: BudgetMemo[int, bytes] = BudgetMemo(1000, 0, 1)
    for key in range(4):
        memo.remember(key, bytes(10))
    memo.remember(99, bytes(600))  # more than half the budget: the small ones go to the old half
    memo.remember(100, bytes(10))
    assert memo.get(0) is None
    assert memo.bytes <= 1000 + 600


def test_an_entry_found_in_the_older_half_survives_the_next_rotation() -> None:
    memo: BudgetMemo[int, bytes] = BudgetMemo(100, 0, 1)
    memo.remember(1, bytes(40))
    memo.remember(2, bytes(40))  # the newer half is full: 1 moves to the older half
    assert memo.get(1) == bytes(40)  # found there, so it joins the newer half again
    memo.remember(3, bytes(40))
    assert memo.get(1) == bytes(40)


def test_a_large_generation_is_freed_in_batches_within_the_budget() -> None:
    # Freeing tens of thousands of entries at once stalled the one call that filled the
    # newer half; a settling memo retires a large generation and frees it in batches.
    half = 2 * RETIRE_AT
    memo: BudgetMemo[int, tuple[bytes, ...]] = BudgetMemo(2 * half, 1, 0, settle=True)  # weights 1

    def store(key: int) -> int:
        """Store an entry, as play would (young collections untrack the values); the number
        of retired entries left (held, weighed, and never found)."""
        memo.remember(key, (bytes([key % 256]),))
        if key % 64 == 63:
            gc.collect(0)
        assert memo.bytes <= 2 * half
        return memo.bytes - len(memo)

    for filled in range(3 * half):  # until the newer half fills a second time
        retired = store(filled)
        if retired:
            break
    assert 2 * half - 2 * FRESH < filled < 2 * half  # (fresh entries count in the newer half)
    assert retired > half - 2 * FRESH  # the oldest generation is retired, not freed
    assert memo.get(0) is None  # a retired entry is never found
    assert memo.get(half) == (bytes([half % 256]),)  # the generation after it is
    retired = memo.bytes - len(memo)  # (the entry found is in both generations, as len counts)
    drops = []
    for key in range(filled + 1, 4 * half):
        left = store(key)
        drops.append(retired - left)
        retired = left
        if not retired:
            break
    assert retired == 0
    assert max(drops) <= RELEASE + 1  # batches, the largest when the memo settles
    assert len(drops) < half // 4  # gone long before the newer half fills
    assert memo.peak <= 2 * half


@pytest.mark.parametrize("settle", [False, True])
def test_a_small_generation_or_one_of_actions_is_dropped_at_once(settle: bool) -> None:
    # Only a settling memo (of untraced values) retires a generation, and a large one.
    size = 100 if settle else 2 * RETIRE_AT
    memo: BudgetMemo[int, bytes] = BudgetMemo(2 * size, 1, 0, settle=settle)
    for key in range(2 * size + 1):
        memo.remember(key, b"x")  # never traced: stored in the newer generation at once
    assert memo.bytes == len(memo) == size + 1  # the first generation is gone, not retired


def test_a_settling_memo_keeps_its_generations_untracked_by_the_collector() -> None:
    # Fresh tuples are tracked until a collection finds they hold nothing traceable; a
    # settling memo keeps them apart until then, so that its generations' dicts stay untracked
    # (a full collection skips them) and every entry is still found.
    memo: BudgetMemo[int, tuple[bytes, ...]] = BudgetMemo(1 << 20, 0, 1, settle=True)
    for key in range(1000):
        memo.remember(key, (bytes([key % 256]), bytes([key // 256])))
        assert not gc.is_tracked(memo.new)
        if key % 50 == 49:
            gc.collect(0)
    assert memo.fresh  # the last ones are still tracked, and kept apart
    assert len(memo) == 1000
    assert all(memo.get(key) == (bytes([key % 256]), bytes([key // 256])) for key in range(1000))
    assert memo.bytes == 1000 * 2


def test_a_settling_memo_without_collections_keeps_every_entry_within_its_budget() -> None:
    # With the collector off nothing is ever untracked: the fresh entries move to the newer
    # generation once there are too many of them, and the budget still holds.
    memo: BudgetMemo[int, tuple[bytes, ...]] = BudgetMemo(40_000, 0, 1, settle=True)
    gc.disable()
    try:
        for key in range(15_000):
            memo.remember(key, (bytes([key % 256]),))
            assert memo.bytes <= 40_000
            assert len(memo.fresh) <= 2 * FRESH_MOST
    finally:
        gc.enable()
    assert len(memo) == memo.bytes > 10_000
    assert memo.get(14_999) == (bytes([14_999 % 256]),)
    assert gc.is_tracked(memo.new)  # tracked values had to go there


def _switch_during_collections(phase: str, info: dict[str, int]) -> None:
    """A collector callback: Python code that runs inside any allocation that triggers a
    collection, where the interpreter may switch threads, even in the middle of compiled
    code (which otherwise gives other threads no chance to run)."""


@pytest.mark.parametrize("collections", [False, True])
def test_a_settling_memo_can_be_shared_by_threads(collections: bool) -> None:
    # Settling copies the fresh entries before its loops: a thread storing an entry meanwhile
    # must not make them fail ("dictionary changed size during iteration"). With frequent
    # collections that run a Python callback, threads also switch inside the compiled build's
    # loops.
    memo: BudgetMemo[int, tuple[bytes, ...]] = BudgetMemo(1 << 20, 0, 1, settle=True)
    errors: list[BaseException] = []

    def fill(start: int) -> None:
        try:
            for key in range(start, start + 20_000):
                memo.remember(key, (bytes([key % 256]),))
        except BaseException as error:  # pragma: no cover - the failure this test looks for
            errors.append(error)

    interval = sys.getswitchinterval()
    thresholds = gc.get_threshold()
    sys.setswitchinterval(1e-6)
    if collections:
        gc.callbacks.append(_switch_during_collections)
        gc.set_threshold(5)
    try:
        threads = [threading.Thread(target=fill, args=(start,)) for start in (0, 100_000)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
        gc.set_threshold(*thresholds)
        if collections:
            gc.callbacks.remove(_switch_during_collections)
    assert errors == []
    assert 0 < memo.bytes <= 1 << 20


def test_the_settling_memos_stay_untracked_in_play() -> None:
    clear_caches()
    chooser = random.Random(8)
    for seed in range(20):
        state = new_game(CLASSIC, seed=seed)
        while not state.is_over:
            state = apply(state, chooser.choice(legal_actions(state)))
    settling = [memo for memo in _MEMOS if memo.settle]
    assert len(settling) == 7
    assert all(memo for memo in settling)
    assert sum(len(memo.new) for memo in settling) > 1000  # most entries have settled
    assert not any(gc.is_tracked(memo.new) for memo in settling)
    assert all(gc.is_tracked(memo.new) for memo in _MEMOS if not memo.settle)  # actions


def test_the_memos_stay_within_their_budget_on_huge_hands() -> None:
    clear_caches()
    chooser = random.Random(3)
    deck = make_deck(2)
    for _ in range(4):
        chooser.shuffle(deck)
        state = position(hands={0: " ".join(str(card) for card in deck[:44])})
        assert legal_actions(state)
    held, peak = memo_bytes()
    assert 0 < held <= peak <= BUDGET


_ALL_RUNS = (
    "AS 2S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH "
    "AD 2D 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD 2C 8C 9C 10C JC JK"
)
"""A hand of 48 cards that can open thousands of melds (the benchmarks' worst case)."""


def _openings(hand: str) -> tuple[tuple[bytes, ...], tuple[OpenMeld, ...]]:
    cards = tuple(sorted(parse_cards(hand), key=lambda card: card.code))
    return _movegen.open_melds(_movegen.hand_shape(cards), CLASSIC)


def test_the_openings_of_a_hand_are_remembered_and_handed_out_again() -> None:
    clear_caches()
    choices, actions = _openings("5H 6H 7H 7S 7D JK")
    assert len(_movegen._OPEN_ACTIONS) == len(choices) == len(actions) > 0
    again = _openings("5H 6H 7H 7S 7D 9C")  # another hand with some of the same melds
    shared = [action for action in again[1] if action in actions]
    assert shared
    assert all(any(action is other for other in actions) for action in shared)


def test_a_hand_of_more_openings_than_the_memo_takes_builds_them_apart() -> None:
    # Thousands of openings would push out the small melds that play keeps opening.
    clear_caches()
    small = _openings("5H 6H 7H")[1]
    choices, actions = _openings(_ALL_RUNS)
    assert len(choices) > _movegen._ACTIONS_HELD
    assert len(_movegen._OPEN_ACTIONS) == len(small)  # untouched by the large list
    assert _openings("5H 6H 7H")[1][0] is small[0]
    built = [OpenMeld.from_sorted(*_movegen.choice_cards(choice)) for choice in choices[:50]]
    assert list(actions[:50]) == built


def test_a_meld_taking_more_additions_than_the_memo_takes_builds_them_apart() -> None:
    clear_caches()
    hand = tuple(sorted(parse_cards(_ALL_RUNS), key=lambda card: card.code))
    shape = _movegen.hand_shape(hand)
    small = _movegen.additions(
        _movegen.team_melds_info((validate_meld(parse_cards("5C 6C 7C")),))[0], shape, CLASSIC
    )
    held = len(_movegen._ADD_ACTIONS)
    assert held == len(small[0][1]) > 0
    infos = _movegen.team_melds_info((validate_meld(parse_cards("4S 5S 6S")),))[0]
    [(index, choices, actions)] = _movegen.additions(infos, shape, CLASSIC)
    assert len(choices) > _movegen._ADDS_HELD
    assert len(_movegen._ADD_ACTIONS) == held  # untouched by the large list
    built = [AddToMeld.from_sorted(index, *_movegen.choice_cards(choice)) for choice in choices]
    assert list(actions) == built


@given(
    st.lists(st.integers(0, JOKER.code), min_size=1, max_size=18).map(sorted),
    st.integers(0, 13),
)
def test_a_choice_of_any_size_gives_its_cards_in_order(codes: list[int], wild_as: int) -> None:
    choice = bytes((len(codes), *codes, wild_as))
    cards = tuple(CARDS_BY_CODE[code] for code in codes)
    assert (cards, None if wild_as == 0 else Rank(wild_as)) == _movegen.choice_cards(choice)


def test_cold_and_warm_memos_give_the_same_legal_actions() -> None:
    chooser = random.Random(11)
    state = new_game(CLASSIC, seed=11)
    checked = 0
    while not state.is_over and checked < 40:
        if state.phase is Phase.PLAY:
            warm = list(legal_actions(state))
            clear_caches()
            assert list(legal_actions(state)) == warm
            checked += 1
        state = apply(state, chooser.choice(legal_actions(state)))
    assert checked > 0


def test_the_readings_memo_keeps_every_argument_apart() -> None:
    # Every argument the builders pass (own twos 0 to 4, other wilds 0 to 2, a fixed wild's
    # slot 0 to 14) for four runs, asked in a row while the memo holds them all. A key packed
    # wrongly would give two of them one entry (the count below) and hand one of them the
    # other's answer.
    clear_caches()
    middles = (0x0008, 0x0038, 0x2AA8, 0x3FF8)  # slot bits 3 to 13
    switches = itertools.product(
        (0, 1), range(5), range(3), (False, True), range(15), (0, 1), (False, True)
    )
    asked = [(middle, *rest) for rest in switches for middle in middles]
    answers = set()
    for args in asked:
        answer = _movegen._readings(_movegen._reading_key(*args))
        assert answer == tuple(_movegen._work_out_readings(*args)), args
        answers.add(answer)
    memo = _movegen._READINGS
    assert memo.bytes <= memo.budget // 2  # all in the newer generation: none was dropped
    assert len(memo) == len(asked)
    assert answers == {(), (0,), (0, 1), (0, 2)}  # so a wrong answer would show


@pytest.mark.parametrize("up", [False, True])
def test_the_sides_memo_keys_the_held_slots_on_its_side(up: bool) -> None:
    # Masks that differ only on the other side share an entry; any other difference must not.
    chooser = random.Random(5)
    for start in range(16):
        clear_caches()
        for _ in range(300):
            held = chooser.getrandbits(14) << 1  # slots 1 to 14
            expected = _movegen._side_options(start, up, held)
            assert _movegen._sides(start, up, held) == tuple(expected), (start, held)
        assert len(_movegen._SIDES) <= 300


def test_a_suit_splits_into_islands_that_hands_share() -> None:
    # Hearts: 3 4 5 and 9 10 J with the joker, two slots apart or more: two islands. A hand
    # that changes only the second island reuses the first one's entry.
    def key(*ranks: int) -> int:
        mask = sum(1 << rank - 1 for rank in ranks)
        return mask | 1 << 15 | 1 << 21 | 1 << 23  # the joker; hearts; an open_melds key

    clear_caches()
    first = _movegen._suit_sequences(key(3, 4, 5, 9, 10, 11))
    assert first == movegen_oracle.suit_sequences(key(3, 4, 5, 9, 10, 11))
    assert len(_movegen._ISLANDS) == 2
    second = _movegen._suit_sequences(key(3, 4, 5, 9, 10, 12))
    assert second == movegen_oracle.suit_sequences(key(3, 4, 5, 9, 10, 12))
    assert len(_movegen._ISLANDS) == 3  # 3 4 5 found again
    # One island (a single gap a wild can fill): nothing goes to the island memo.
    clear_caches()
    assert _movegen._suit_sequences(key(3, 4, 6, 7)) == movegen_oracle.suit_sequences(
        key(3, 4, 6, 7)
    )
    assert len(_movegen._ISLANDS) == 0


def test_compiled_says_whether_the_move_generator_is_an_extension_module() -> None:
    from burraco._engine import movegen as _movegen

    assert burraco.__compiled__ is (not _movegen.__file__.endswith(".py"))


SUITS = "SHDC"


def _swap_suits(text: str, first: str, second: str) -> str:
    """``text`` (cards or actions in notation) with two suits exchanged: suit letters are the
    only capitals S, H, D and C in it."""
    return text.translate(str.maketrans(first + second, second + first))


def _tokens(action: str) -> tuple[str, ...]:
    """An action's words in a fixed order (exchanging suits changes how its cards sort)."""
    return tuple(sorted(action.split()))


def test_moves_do_not_depend_on_the_suit_a_sequence_is_in() -> None:
    # Sequences are worked out from the slots held, whatever their suit, and any other suit's
    # two is a plain wild: exchanging two suits everywhere must exchange them in every legal
    # action, with cold memos and warm, whichever suit is looked at first.
    chooser = random.Random(5)
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    checked = 0
    for _ in range(30):
        suit = chooser.choice(SUITS)
        other = chooser.choice([s for s in SUITS if s != suit])
        start = chooser.randint(2, 8)
        meld = " ".join(rank + suit for rank in ranks[start : start + 3])
        free = [rank for rank in ranks if rank not in ranks[start : start + 3]]
        hand = [rank + suit for rank in chooser.sample(free, chooser.randint(4, 9))]
        hand += chooser.sample(["JK", "2S", "2H", "2D", "2C", "9" + other], 2)
        text = " ".join(hand)
        for clear_first in (True, False):
            if clear_first:
                clear_caches()
            state = position(hands={0: text}, melds={0: [meld]})
            swapped = position(
                hands={0: _swap_suits(text, suit, other)},
                melds={0: [_swap_suits(meld, suit, other)]},
            )
            moved = {
                _tokens(_swap_suits(str(action), suit, other)) for action in legal_actions(state)
            }
            assert moved == {_tokens(str(action)) for action in legal_actions(swapped)}
        checked += 1
    assert checked == 30


# --- the direct generation against the analysis -------------------------------------------------


_TWOS = [Card(Rank.TWO, suit) for suit in Suit]


def _switches() -> st.SearchStrategy[Rules]:
    """Every preset with every value of the switches that change which melds are legal."""
    return st.builds(
        lambda preset, players, locked, second, one_set: attrs.evolve(
            preset,
            players=players,
            natural_two_locked=locked,
            wild_as_second_ace=second,
            one_set_per_rank=one_set,
        ),
        st.sampled_from([CLASSIC, FIBUR, INTERNATIONAL]),
        st.sampled_from([2, 4, 6]),
        st.booleans(),
        st.booleans(),
        st.booleans(),
    )


@st.composite
def _meld(draw: st.DrawFn, rules: Rules) -> Meld:
    """A legal meld: a sequence of any length with or without a wild, or a set. Drawn often
    near the ace and the two, long, or with a two of its suit as the wild, where the readings
    have the most cases."""
    if draw(st.booleans()):
        suit = draw(st.sampled_from(list(Suit)))
        low = draw(st.one_of(st.integers(1, 3), st.integers(10, 12), st.integers(1, 12)))
        longest = 14 - low + 1 if low > 1 else 13 + rules.wild_as_second_ace
        size = draw(st.one_of(st.integers(3, 5), st.integers(3, min(longest, 14))))
        size = min(size, longest)
        cards = [natural(suit, slot) for slot in range(low, low + size)]
        wild_as = None
        if draw(st.booleans()):
            place = draw(st.one_of(st.just(1), st.integers(0, size)))  # size: beyond an end
            if place < size:
                cards.pop(place)
            else:
                wild_as = draw(st.sampled_from([None, Rank(max(low - 1, 1))]))
            cards.append(draw(st.sampled_from([JOKER, Card(Rank.TWO, suit), *_TWOS])))
    else:
        rank = draw(st.sampled_from(sorted(rules.set_ranks)))
        suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=2, max_size=6))
        cards = [Card(rank, suit) for suit in suits]
        wild_as = None
        if len(cards) < 3 or draw(st.booleans()):
            cards.append(draw(st.sampled_from([JOKER, *_TWOS])))
    try:
        return validate_meld(tuple(cards), rules, wild_as=wild_as)
    except InvalidMeldError:
        assume(False)
        raise


@st.composite
def _table(draw: st.DrawFn) -> tuple[Rules, tuple[Meld, ...], tuple[Card, ...]]:
    """Rules, a team's melds and a hand, drawn from one set of packs: the hand mostly of one or
    two suits and wild cards, where sequences and their additions are many."""
    rules = draw(_switches())
    melds = tuple(draw(st.lists(_meld(rules), max_size=3)))
    rest = Counter(make_deck(rules.packs))
    for meld in melds:
        rest.subtract(meld.cards)
    assume(min(rest.values()) >= 0)
    suits = draw(st.sets(st.sampled_from(list(Suit)), min_size=1, max_size=2))
    if draw(st.booleans()):  # the suits of the sequences on the table
        suits = {meld.suit for meld in melds if meld.suit is not None} or suits
    pool = sorted(
        (card for card in rest.elements() if card.suit in suits or card.is_two or card.is_joker),
        key=lambda card: card.code,
    )
    picked = draw(st.sets(st.integers(0, len(pool) - 1), max_size=24))
    hand = tuple(sorted((pool[i] for i in picked), key=lambda card: card.code))
    return rules, melds, hand


def _generated(rules: Rules, melds: tuple[Meld, ...], hand: tuple[Card, ...]) -> list[object]:
    """Everything the move generator answers for the hand and the melds, cold."""
    clear_caches()
    shape = _movegen.hand_shape(hand)
    infos, set_ranks = _movegen.team_melds_info(melds)
    answers: list[object] = [_movegen.open_melds(shape, rules, set_ranks)]
    answers += _movegen.additions(infos, shape, rules)
    clear_caches()
    return answers


def _analysed(rules: Rules, melds: tuple[Meld, ...], hand: tuple[Card, ...]) -> list[object]:
    """What :func:`_generated` answers with each candidate run through the meld analysis."""
    with (
        patch.object(_movegen, "_suit_sequences", movegen_oracle.suit_sequences),
        patch.object(_movegen, "_rank_sets", movegen_oracle.rank_sets),
        patch.object(_movegen, "_sequence_additions", movegen_oracle.sequence_additions),
        patch.object(_movegen, "_set_additions", movegen_oracle.set_additions),
    ):
        return _generated(rules, melds, hand)


_COMPILED_CALLS = pytest.mark.skipif(
    burraco.__compiled__,
    reason="compiled, the move generator calls its own functions: patching cannot swap them",
)


@_COMPILED_CALLS
@given(_table())
def test_generated_choices_are_the_analysed_ones(
    table: tuple[Rules, tuple[Meld, ...], tuple[Card, ...]],
) -> None:
    # The choices of sequences and sets, opened or added to, come straight from the slots and
    # wild cards held; the analysis of each candidate (the meld module's answer, which apply
    # uses) must give exactly the same choices, in the same order, and the same actions.
    rules, melds, hand = table
    assert _generated(rules, melds, hand) == _analysed(rules, melds, hand)


@pytest.mark.parametrize(
    ("melds", "hand"),
    [
        (["AS 3S 4S JK"], "5S 6S 2S 2S 2H KS"),  # JK=2S: a wild in the two's place
        (["3S 2S 5S"], "JK 4S 6S AS 2S KS"),  # 2S=4S: a fixed two of the suit
        (["AS 2S 3S", "5H 6H 2H"], "2S 2H JK 4S KS QS 3H 4H 7H"),  # natural twos
        (["KH AH 2H"], "JH 10H 3H JK 2C QH"),  # 2H=QH in an ace-high sequence
        (["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS"], "KS JK 2H 2S"),  # towards a second ace
        (["2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"], "AD JK 2C 2D"),
        (["7S 7S 7H", "QC QD JK"], "7S 7D 7D JK 2C QC QC QH"),  # copies beyond the packs
    ],
)
@pytest.mark.parametrize("locked", [False, True])
@pytest.mark.parametrize("second_ace", [False, True])
@pytest.mark.parametrize("players", [4, 6])
@_COMPILED_CALLS
def test_awkward_tables_give_the_analysed_choices(
    melds: list[str], hand: str, locked: bool, second_ace: bool, players: int
) -> None:
    rules = attrs.evolve(
        CLASSIC, players=players, natural_two_locked=locked, wild_as_second_ace=second_ace
    )
    table = tuple(validate_meld(text, rules) for text in melds)
    cards = tuple(sorted(parse_cards(hand), key=lambda card: card.code))
    generated = _generated(rules, table, cards)
    assert any(generated[1:]) and generated == _analysed(rules, table, cards)


@given(
    st.integers(0, 0x1FFF),
    st.integers(0, 2),
    st.integers(0, 1),
    st.integers(0, 15),
    st.booleans(),
    st.integers(0, 3),
)
def test_every_sequence_key_opens_the_analysed_melds(
    mask: int, own_twos: int, joker: int, twos_bits: int, second_ace: bool, suit: int
) -> None:
    # Keys of any shape, beyond those a random hand reaches: every held slot, every wild.
    twos_bits = twos_bits | 1 << suit if own_twos else twos_bits & ~(1 << suit)
    key = mask | own_twos << 13 | joker << 15 | twos_bits << 16 | second_ace << 20 | suit << 21
    assert _movegen._suit_sequences(key) == movegen_oracle.suit_sequences(key)


@given(st.lists(st.integers(0, 3), min_size=4, max_size=4), st.integers(0, 31), st.integers(0, 12))
def test_every_set_key_opens_the_analysed_melds(
    counts: list[int], wilds: int, rank_index: int
) -> None:
    assume(rank_index != 1)  # no sets of twos
    key = sum(count << 2 * s for s, count in enumerate(counts)) | wilds << 8 | rank_index << 13
    assert _movegen._rank_sets(key) == movegen_oracle.rank_sets(key)


@given(st.data(), _switches())
def test_a_melds_facts_are_remembered_by_value_and_never_written_on_it(
    data: st.DataObject, rules: Rules
) -> None:
    meld = data.draw(_meld(rules))
    pickled = pickle.dumps(meld)
    facts = _movegen.meld_info(meld)
    # the same facts for an equal meld: built by attrs, unpickled, copied
    rebuilt = Meld(**attrs.asdict(meld, recurse=False))
    unpickled = pickle.loads(pickle.dumps(meld))
    for other in (rebuilt, unpickled, attrs.evolve(meld)):
        assert other == meld and hash(other) == hash(meld) and repr(other) == repr(meld)
        assert _movegen.meld_info(other) == facts
    assert _movegen.meld_info(meld) is facts  # worked out once
    assert pickle.dumps(meld) == pickled
    assert not hasattr(meld, "_facts")  # the meld has no slot beyond its fields


@given(st.data(), _switches(), st.integers(0, 1 << 16))
def test_a_meld_recipe_builds_the_same_meld(
    data: st.DataObject, rules: Rules, reading: int
) -> None:
    # from the cards in any order: sorted (as actions hold them), in table order, shuffled
    meld = data.draw(_meld(rules))
    orders = [tuple(sorted(meld.cards, key=lambda card: card.code)), meld.cards]
    orders.append(tuple(data.draw(st.permutations(meld.cards))))
    for cards in orders:
        recipe = meld_recipe(meld, reading, cards)
        rebuilt = meld_from_recipe(recipe, cards)
        assert rebuilt == meld and rebuilt.cards == meld.cards and str(rebuilt) == str(meld)
        assert recipe[0] == reading and pickle.loads(pickle.dumps(recipe)) == recipe
        assert bool(recipe[2]) == (cards != meld.cards)


def test_apply_writes_nothing_on_the_action_and_remembers_the_meld_by_value() -> None:
    state = position(CLASSIC, hands={0: "5H 6H JK 9C 9D"})
    action = OpenMeld(parse_cards("5H 6H JK"))
    pickled = pickle.dumps(action)
    after = apply(state, action)
    assert pickle.dumps(action) == pickled and not hasattr(action, "_meld")
    # an equal action built anew finds the meld laid by value, the same meld field for field
    again = apply(state, OpenMeld(parse_cards("JK 6H 5H")))
    assert again.melds[0] == after.melds[0] == (validate_meld("5H 6H JK"),)
    reading = _movegen.rule_bits(CLASSIC).meld_reading
    assert laid_meld(reading, action.cards, None) == validate_meld("5H 6H JK")
    assert laid_meld(reading, action.cards, Rank.FOUR) is None  # another spelling, another key
    named = apply(state, OpenMeld(parse_cards("5H 6H JK"), wild_as=Rank.FOUR))
    assert str(named.melds[0][0]) == "JK=4H 5H 6H"


def _analysed_extension(meld: Meld, added: tuple[Card, ...], rules: Rules) -> Meld | None:
    """What the full analysis reads ``added`` joined to ``meld`` as (asking it for the other
    placements too skips every shortcut), or ``None`` if they are no meld."""
    try:
        return meld_module._extend(meld, added, rules, None, [])
    except InvalidMeldError:
        return None


@given(st.data(), _switches())
def test_cards_continuing_a_meld_read_as_the_analysis_reads_them(
    data: st.DataObject, rules: Rules
) -> None:
    # extend_meld reads natural cards that simply continue a clean sequence, or join a set,
    # without the full analysis: the same meld, field for field, or no shortcut at all
    meld = data.draw(_meld(rules))
    if meld.kind is MeldKind.SET:
        assert meld.rank is not None
        near = [Card(meld.rank, suit) for suit in Suit]
    else:
        assert meld.suit is not None
        near = [natural(meld.suit, slot) for slot in range(1, 15)]
    pool = near + [JOKER, *_TWOS, *parse_cards("5S 9H QD KC AC")]
    drawn = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=6))
    added = tuple(sorted(drawn, key=lambda card: card.code))
    quick = meld_module._grown_by_naturals(meld, added, rules)
    if quick is not None:
        analysed = _analysed_extension(meld, added, rules)
        assert analysed is not None
        assert quick == analysed and quick.cards == analysed.cards
        assert str(quick) == str(analysed) and quick.wild_index == analysed.wild_index
        assert extend_meld(meld, added, rules) == quick


@pytest.mark.parametrize(
    ("meld", "added", "grown"),
    [
        ("5H 6H 7H", "3H 4H 8H", "3H 4H 5H 6H 7H 8H"),
        ("AH 2H 3H", "4H 5H", "AH 2H 3H 4H 5H"),
        ("QH KH AH", "10H JH", "10H JH QH KH AH"),
        ("7S 7H 7D", "7C 7S", "7S 7S 7H 7D 7C"),
        ("7S 7H JK", "7D", "7S 7H 7D JK"),
        ("5H JK 7H", "8H 9H", "5H JK=6H 7H 8H 9H"),  # a fixed wild stays
        ("3D 2D 5D", "6D", "3D 2D=4D 5D 6D"),
    ],
)
def test_natural_cards_that_continue_a_meld_take_the_shortcut(
    meld: str, added: str, grown: str
) -> None:
    base, cards = validate_meld(meld), parse_cards(added)
    quick = meld_module._grown_by_naturals(base, cards, CLASSIC)
    assert quick is not None and str(quick) == grown
    assert quick == _analysed_extension(base, cards, CLASSIC)


@pytest.mark.parametrize(
    ("meld", "added"),
    [
        ("5H 6H 7H", "9H"),  # a gap
        ("5H 6H 7H", "4H 4H"),  # the same rank twice
        ("5H 6H 7H", "6H"),  # a rank the meld has
        ("5H 6H JK", "8H"),  # a wild at an end, free to move
        ("5H JK 7H", "6H"),  # the card a fixed wild stands for
        ("5H 6H 7H", "JK"),  # a wild
        ("3H 4H 5H", "2H"),  # a two
        ("JH QH KH", "AH"),  # an ace
        ("5H 6H 7H", "8S"),  # another suit
        ("7S 7H 7D", "8S"),  # another rank
        ("7S 7S 7H", "7S"),  # a third 7S from two packs
    ],
)
def test_other_additions_go_to_the_analysis(meld: str, added: str) -> None:
    assert meld_module._grown_by_naturals(validate_meld(meld), parse_cards(added), CLASSIC) is None


@given(
    st.data(),
    _switches(),
    st.integers(0, 0x1FFF),
    st.integers(0, 3),
    st.integers(0, 1),
    st.integers(0, 15),
)
def test_every_addition_key_adds_the_analysed_cards(
    data: st.DataObject, rules: Rules, mask: int, own_twos: int, joker: int, twos_bits: int
) -> None:
    # Keys of any shape for any meld, beyond what one set of packs allows (three copies of a
    # card besides those of a set, or a two of the suit both in the sequence and in the hand).
    meld = data.draw(_meld(rules))
    info = _movegen.meld_info(meld)
    if meld.kind is MeldKind.SET:
        counts = {suit.name.lower(): mask >> 2 * index & 3 for index, suit in enumerate(Suit)}
        key = SET_ADD_KEY.pack(
            **counts,
            joker=0 if info[3] else joker,  # no wild joins a set that has one
            twos=0 if info[3] else twos_bits,
            packs=rules.packs,
            shape=info[0],
        )
        assert movegen_oracle._set(info[0]) == movegen_oracle.foreign_wild_as_joker(meld)
        assert _movegen._set_additions(key) == movegen_oracle.set_additions(key, meld)
    else:
        key = _sequence_key(meld, rules, mask, own_twos, joker, twos_bits)
        assert movegen_oracle._sequence(info[0]) == movegen_oracle.foreign_wild_as_joker(meld)
        assert _movegen._sequence_additions(key) == movegen_oracle.sequence_additions(key, meld)


def _sequence_key(
    meld: Meld, rules: Rules, mask: int, own_twos: int, joker: int, twos_bits: int
) -> int:
    """A key of ``_sequence_additions`` for ``meld`` and a hand of these cards (see
    ``_movegen.additions``), the meld's own ranks left out of the mask."""
    info = _movegen.meld_info(meld)
    own_twos = min(own_twos, 2)
    twos_bits = twos_bits | 1 << info[1] if own_twos else twos_bits & ~(1 << info[1])
    takes_wild = bool(info[6])  # the meld has no wild, or its own two
    return SEQUENCE_ADD_KEY.pack(
        ranks=mask & ~info[2] & ~2,
        own_twos=own_twos,
        joker=joker if takes_wild else 0,
        twos=twos_bits if takes_wild else 0,
        two_locked=rules.natural_two_locked,
        second_ace=rules.wild_as_second_ace,
        shape=info[0],
    )


@pytest.mark.parametrize(
    ("mask", "own_twos", "joker", "twos_bits"),
    [
        (0b1, 0, 1, 0),  # the ace and a joker
        (0b1, 0, 0, 0b1000),  # the ace and another two
        (0b101, 0, 1, 0),  # the ace, the three and a joker
        (0b1, 1, 1, 0),  # the ace, a spare two of the suit and a joker
        (0b1000000010101, 1, 1, 0b1010),  # the ace, three, five and king, and every wild
    ],
)
def test_every_sequence_with_its_own_two_as_wild_takes_the_analysed_additions(
    mask: int, own_twos: int, joker: int, twos_bits: int
) -> None:
    # Every place the two of the suit can stand as the wild of a sequence starting above the
    # two, against hands that can turn it natural: the additions that need two missing ranks
    # below the meld (the two's slot and a gap for the hand's wild) are the ones that were
    # once left out, and the random keys above rarely reach them.
    suit = Suit.DIAMONDS
    two = Card(Rank.TWO, suit)
    checked = 0
    for first in range(3, 13):
        for size in range(3, 15 - first + 1):
            for place in range(size):
                cards = [natural(suit, slot) for slot in range(first, first + size)]
                named = cards.pop(place)
                wild_as = named.rank if place in (0, size - 1) else None
                try:
                    meld = validate_meld([*cards, two], CLASSIC, wild_as=wild_as)
                except InvalidMeldError:
                    continue
                if meld.wild is not two:
                    continue
                key = _sequence_key(meld, CLASSIC, mask, own_twos, joker, twos_bits)
                expected = movegen_oracle.sequence_additions(key, meld)
                assert _movegen._sequence_additions(key) == expected, str(meld)
                checked += 1
    assert checked > 100


def test_generated_actions_are_whole_frozen_actions() -> None:
    # the generator fills plain slots objects and gives them the action's class: each listed
    # action must be that class exactly, frozen, equal to its constructor's and picklable

    state = position(
        hands={0: "5H 6H 7H 8H 9H JK 2C 7S 7D 7C KD"}, melds={0: ["3H 4H 5H", "9C 9D 9S"]}
    )
    actions = [a for a in legal_actions(state) if isinstance(a, (OpenMeld, AddToMeld))]
    assert any(isinstance(a, OpenMeld) for a in actions)
    assert any(isinstance(a, AddToMeld) for a in actions)
    for action in actions:
        assert type(action) in (OpenMeld, AddToMeld)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            action.cards = ()  # type: ignore[misc]
        rebuilt = attrs.evolve(action)
        assert rebuilt == action and hash(rebuilt) == hash(action)
        assert pickle.loads(pickle.dumps(action)) == action


# --- the sequences from ace to ace (burraco._engine.aces) against the analysis ----------------


def _from_ace_to_ace(meld: Meld) -> bool:
    return meld.cards[0].rank is Rank.ACE and meld.cards[-1].rank is Rank.ACE


def _brute_ace_to_ace(
    hand: tuple[Card, ...], melds: tuple[Meld, ...], rules: Rules
) -> set[tuple[int, tuple[Card, ...]]]:
    """Every opening (index -1) and addition that makes a 14-card sequence with a natural ace
    at each end, found by trying every combination of the hand's cards of the right size."""
    found: set[tuple[int, tuple[Card, ...]]] = set()
    for cards in set(itertools.combinations(hand, 14)):
        try:
            if _from_ace_to_ace(validate_meld(cards, rules)):
                found.add((-1, cards))
        except InvalidMeldError:
            pass
    for index, meld in enumerate(melds):
        size = 14 - len(meld.cards)
        for cards in set(itertools.combinations(hand, size)) if size > 0 else ():
            try:
                if _from_ace_to_ace(extend_meld(meld, cards, rules)):
                    found.add((index, cards))
            except InvalidMeldError:
                pass
    return found


@st.composite
def _reale_table(draw: st.DrawFn) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    """Sequences of hearts on the table and a hand of hearts and twos, near ace to ace."""
    rest = Counter(make_deck(2, jokers=False))
    melds = []
    for _ in range(draw(st.integers(0, 2))):
        low = draw(st.integers(1, 12))
        high = draw(st.integers(low + 2, 14))
        cards = [natural(Suit.HEARTS, slot) for slot in range(low, high + 1)]
        if draw(st.booleans()):
            cards[draw(st.integers(0, len(cards) - 1))] = draw(st.sampled_from(_TWOS))
        try:
            meld = validate_meld(tuple(cards), REALE)
        except InvalidMeldError:
            continue
        if Counter(meld.cards) <= rest:
            rest.subtract(meld.cards)
            melds.append(meld)
    pool = sorted(
        (card for card in rest.elements() if card.suit is Suit.HEARTS or card.is_two),
        key=lambda card: card.code,
    )
    if draw(st.booleans()):  # most of one copy of each heart, an ace more, and some twos
        hearts = [card for card in dict.fromkeys(pool) if card.suit is Suit.HEARTS]
        aces = [card for card in pool if card.rank is Rank.ACE and card.suit is Suit.HEARTS]
        near = hearts + aces[1:2] + [card for card in pool if card.is_two][:2]
        left_out = draw(st.sets(st.integers(0, len(near) - 1), max_size=3))
        chosen = [card for i, card in enumerate(near) if i not in left_out]
    else:
        picked = draw(st.sets(st.integers(0, len(pool) - 1), min_size=3, max_size=16))
        chosen = [pool[i] for i in picked]
    hand = tuple(sorted(chosen, key=lambda card: card.code))
    return tuple(melds), hand


@settings(max_examples=60, deadline=None)
@given(_reale_table())
def test_the_sequences_from_ace_to_ace_are_the_analysed_ones(
    table: tuple[tuple[Meld, ...], tuple[Card, ...]],
) -> None:
    melds, hand = table
    opens, adds = _aces.ace_to_ace_actions(hand, melds, REALE)
    listed = {(-1, action.cards) for action in opens} | {
        (action.meld, action.cards) for action in adds if isinstance(action.meld, int)
    }
    assert len(listed) == len(opens) + len(adds)
    assert listed == _brute_ace_to_ace(hand, melds, REALE)
    assert _aces.ace_to_ace_actions(hand, melds, FIBUR) == ([], [])


def test_legal_actions_open_and_grow_sequences_from_ace_to_ace() -> None:
    hand = "AH AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 9S"
    state = position(REALE, hands={0: hand}, taken=(True, False), melds={0: ["4S 5S 6S"]})
    opening = OpenMeld(parse_cards(hand)[:14])
    assert opening in legal_actions(state)
    opened = apply(state, opening)
    assert burraco.burraco_kind(opened.melds[0][1], REALE) is burraco.BurracoKind.REALE
    grow = position(
        REALE, hands={0: "AH 9S 9C"}, melds={0: ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"]}
    )
    adding = AddToMeld(0, parse_cards("AH"))
    assert adding in legal_actions(grow)
    assert apply(grow, adding).melds[0][0].cards[-1] == parse_cards("AH")[0]


@pytest.mark.parametrize(
    ("rules", "hand", "meld", "addition", "grown"),
    [
        (CLASSIC, "AD JK 8C", "4D 5D 2D=6D", "AD JK", "AD 2D JK=3D 4D 5D"),
        (CLASSIC, "5S AS JK", "4S 2S=5S 6S", "5S AS JK", "AS 2S JK=3S 4S 5S 6S"),
        (CLASSIC, "KS AH JK", "2H=3H 4H 5H", "AH JK", "AH 2H JK=3H 4H 5H"),
        (
            attrs.evolve(CLASSIC, players=3),
            "6H AD 2C",
            "4D 5D 6D 2D=7D",
            "2C AD",
            "AD 2D 2C=3D 4D 5D 6D",
        ),
        (attrs.evolve(FIBUR, players=6), "AS 2H 6H", "4S 5S 6S 2S=7S", "2H AS", None),
    ],
)
def test_an_ace_and_a_wild_added_below_a_sequence_whose_own_two_turns_natural_are_listed(
    rules: Rules, hand: str, meld: str, addition: str, grown: str | None
) -> None:
    # The meld's wild is the two of its suit: the addition brings the ace and another wild,
    # the two becomes natural in its slot and the new wild fills the gap above it (two
    # missing ranks below the meld, which the candidate step once never reached).
    state = position(rules, hands={0: hand}, melds={0: [meld]})
    cards = parse_cards(addition)
    listed = [
        action
        for action in legal_actions(state)
        if isinstance(action, AddToMeld) and sorted(action.cards) == sorted(cards)
    ]
    assert listed, f"add 0 {addition} is not listed"
    for action in listed:
        assert burraco.is_legal(state, action)
    after = apply(state, listed[0])
    if grown is not None:
        assert after.melds[0][0] == validate_meld(grown, rules)


def test_a_sequence_from_ace_to_ace_takes_no_addition() -> None:
    # Burraco Reale's sequence of fourteen cards: nothing joins it, not even the natural card
    # its wild stands for, which the generator would offer a shorter sequence
    full = validate_meld(parse_cards("AH 2H 3H 2C 5H 6H 7H 8H 9H 10H JH QH KH AH"), REALE)
    shorter = validate_meld(parse_cards("2H 3H 2C 5H 6H 7H 8H 9H 10H JH QH KH AH"), REALE)
    hand = tuple(sorted(parse_cards("4H 9S 2D"), key=lambda card: card.code))
    shape = _movegen.hand_shape(hand)
    assert _movegen.additions(_movegen.team_melds_info((full,))[0], shape, REALE) == []
    assert _movegen.additions(_movegen.team_melds_info((shorter,))[0], shape, REALE) != []
