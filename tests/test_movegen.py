"""The move generator's memos: bounded in bytes, and never a change to any answer."""

from __future__ import annotations

import random

import burraco
from burraco import CLASSIC, Phase, apply, legal_actions, make_deck, new_game
from burraco._movegen import _MEMOS, _Memo, clear_caches, memo_bytes
from tests.helpers import position

BUDGET = sum(memo.budget for memo in _MEMOS)


def test_a_memo_drops_its_older_half_when_the_newer_fills_its_budget() -> None:
    memo: _Memo[int, bytes] = _Memo(1000, len)
    for key in range(100):
        memo.remember(key, bytes(100))
        assert memo.bytes <= 1000
    assert (memo.get(99), memo.get(0)) == (bytes(100), None)
    assert memo.peak <= 1000


def test_a_memo_weighs_entries_so_one_huge_entry_counts_as_many_small_ones() -> None:
    memo: _Memo[int, bytes] = _Memo(1000, len)
    for key in range(4):
        memo.remember(key, bytes(10))
    memo.remember(99, bytes(600))  # more than half the budget: the small ones go to the old half
    memo.remember(100, bytes(10))
    assert memo.get(0) is None
    assert memo.bytes <= 1000 + 600


def test_an_entry_found_in_the_older_half_survives_the_next_rotation() -> None:
    memo: _Memo[int, bytes] = _Memo(100, len)
    memo.remember(1, bytes(40))
    memo.remember(2, bytes(40))  # the newer half is full: 1 moves to the older half
    assert memo.get(1) == bytes(40)  # found there, so it joins the newer half again
    memo.remember(3, bytes(40))
    assert memo.get(1) == bytes(40)


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


def test_compiled_says_whether_the_move_generator_is_an_extension_module() -> None:
    from burraco import _movegen

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
    # Sequences are analysed once for all suits (cards moved to spades, any other suit's two
    # taken as one plain wild): exchanging two suits everywhere must exchange them in every
    # legal action, with cold memos and warm, whichever suit is looked at first.
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
