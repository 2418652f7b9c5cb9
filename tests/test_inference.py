"""The inference sampler: still exactly the view, and it leans on the evidence."""

from __future__ import annotations

import hashlib
import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco.actions import Discard, DrawStock
from burraco.agents import GreedyAgent, play_out
from burraco.cards import Rank, make_deck, parse_card
from burraco.engine import apply, new_game
from burraco.inference import InferenceSampler, discarders
from burraco.rules import CLASSIC, FIBUR, FIBUR3, INTERNATIONAL, Rules
from burraco.state import GameState
from burraco.testing import check_invariants, game_states, random_play
from burraco.views import determinize, observe

RULE_SETS = [
    attrs.evolve(preset, players=players)
    for preset in (CLASSIC, FIBUR, INTERNATIONAL)
    for players in (2, 4, 6)
]


def any_state() -> st.SearchStrategy[GameState]:
    return st.sampled_from(RULE_SETS).flatmap(lambda rules: game_states(rules, max_steps=300))


@settings(max_examples=60)
@given(any_state(), st.integers(0, 5), st.integers(0, 2**32 - 1))
def test_samples_give_exactly_the_view(state: GameState, seat: int, seed: int) -> None:
    seat %= state.players
    view = observe(state, seat)
    sample = InferenceSampler()(view, random.Random(seed))
    check_invariants(sample)
    assert observe(sample, seat) == view


def test_same_seed_gives_the_same_sample() -> None:
    view = observe(_played(4, 30), 0)
    sampler = InferenceSampler()
    assert sampler(view, random.Random(9)) == sampler(view, random.Random(9))


def _played(seed: int, actions: int) -> GameState:
    """The position after ``actions`` actions of greedy play of deal ``seed``."""
    state = new_game(seed=seed)
    seen = [state]
    play_out(state, [GreedyAgent()] * 4, on_action=lambda _b, _a, after: seen.append(after))
    return seen[min(actions, len(seen) - 1)]


def test_discarders_counts_down_from_the_seat_before_the_one_to_act() -> None:
    state = apply(new_game(seed=2), DrawStock())  # seat 1 draws from the stock
    card = state.hands[1][0]
    state = apply(state, Discard(card))
    view = observe(state, 0)
    assert view.turn == 2
    assert discarders(view) == (0, 1)  # the turned-up card, counted as the dealer's, then seat 1


def test_a_card_that_goes_with_a_discard_weighs_less() -> None:
    state = apply(new_game(seed=2), DrawStock())
    thrown = next(card for card in state.hands[1] if card.rank not in (None, Rank.TWO))
    view = observe(apply(state, Discard(thrown)), 0)
    assert thrown.rank in CLASSIC.set_ranks
    twin = next(c for c in make_deck(1) if c.rank is thrown.rank and c.suit is not thrown.suit)
    sampler = InferenceSampler(discarded=0.5, unmelded=1)
    assert sampler.weight(view, 1, twin) == 0.5  # seat 1 threw one of its rank
    assert sampler.weight(view, 3, twin) == 1.0  # seat 3 has done nothing yet
    assert sampler.weight(view, 1, parse_card("JK")) == 1.0  # a wild connects with nothing


def test_unit_factors_weigh_every_card_alike() -> None:
    view = observe(_played(6, 40), 2)
    sampler = InferenceSampler(discarded=1, refused=1, unmelded=1)
    assert {sampler.weight(view, seat, card) for seat in range(4) for card in make_deck(1)} == {1}
    sample = sampler(view, random.Random(1))
    assert observe(sample, 2) == view


def test_the_weighted_deals_place_more_cards_right_than_uniform_ones() -> None:
    rng = random.Random(3)
    sampler = InferenceSampler()
    right = {"uniform": 0, "inference": 0}
    for deal in range(6):
        state = _played(100 + deal, 60)
        if state.is_over:
            continue
        seat = state.turn
        view = observe(state, seat)
        for _ in range(20):
            for name, sample in (
                ("uniform", determinize(view, rng)),
                ("inference", sampler(view, rng)),
            ):
                for other in range(4):
                    if other != seat:
                        truth = Counter(state.hands[other]) - Counter(state.known[other])
                        guess = Counter(sample.hands[other]) - Counter(state.known[other])
                        right[name] += sum((truth & guess).values())
    assert right["inference"] > right["uniform"]


@pytest.mark.parametrize("factor", [0, -0.5, 1.5, True, "0.5"])
def test_a_factor_outside_zero_to_one_is_refused(factor: object) -> None:
    with pytest.raises(ValueError, match="discarded must be a number above 0 and at most 1"):
        InferenceSampler(discarded=factor)  # type: ignore[arg-type]


def test_the_samples_are_pinned() -> None:
    """The sampler's deals from a seeded generator: a change of its algorithm or of its
    default factors changes them (and the play of level5, which uses it)."""
    view = observe(_played(8, 50), 1)
    rng = random.Random(5)
    samples = [InferenceSampler()(view, rng) for _ in range(5)]
    text = "|".join(" ".join(str(card) for card in hand) for s in samples for hand in s.hands)
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == "4a1d175a3a5c2a7f"


@pytest.mark.parametrize("rules", [FIBUR, FIBUR3], ids=["fibur", "fibur3"])
def test_a_sample_after_another_seats_one_card_pick_holds_the_pile_card_its_hand_implies(
    rules: Rules,
) -> None:
    # rules §13.1: the hidden pile_card must agree with the hand dealt to the seat to act, as
    # determinize's does (samples used to keep the uniform deal's, for another hand)
    checked = 0
    for seed in range(12):
        for state, _ in random_play(rules, seed, eager=True):
            if state.pile_card is None:
                continue
            seat = (state.turn + 1) % rules.players
            view = observe(state, seat)
            for draw in range(3):
                sample = InferenceSampler()(view, random.Random(draw))
                check_invariants(sample)
                assert observe(sample, seat) == view
                checked += 1
    assert checked
