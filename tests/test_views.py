"""What a seat knows: known cards, views, and determinize."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from burraco import (
    CLASSIC,
    FIBUR,
    INTERNATIONAL,
    Card,
    GameState,
    InvalidStateError,
    Phase,
    PlayerView,
    Rules,
    apply,
    determinize,
    legal_actions,
    new_game,
    observe,
    parse_cards,
)
from burraco.serialize import to_json
from burraco.testing import check_invariants, game_states
from tests.helpers import play, position, random_play

RULE_SETS = [
    attrs.evolve(preset, players=players)
    for preset in (CLASSIC, FIBUR, INTERNATIONAL)
    for players in (2, 3, 4, 6)
]


def cards_of(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text)))


def any_state() -> st.SearchStrategy[GameState]:
    return st.sampled_from(RULE_SETS).flatmap(lambda rules: game_states(rules, max_steps=400))


def hidden_places(state: GameState, seat: int) -> list[tuple[str, int]]:
    """Each place a card hidden from ``seat`` may be in, and how many hidden cards it holds."""
    places = []
    for other, hand in enumerate(state.hands):
        if other != seat or seat in state.unseen_pozzetto:
            places.append((f"hand {other}", len(hand) - len(state.known[other])))
    places.append(("stock", len(state.stock)))
    places += [(f"pozzetto {index}", len(p)) for index, p in enumerate(state.pozzetti)]
    return places


def reshuffle_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """``state`` with the cards hidden from ``seat`` dealt out again at random (written apart
    from :func:`determinize`, to check it)."""
    hidden: list[Card] = []
    for other, hand in enumerate(state.hands):
        if other != seat or seat in state.unseen_pozzetto:
            hidden += (Counter(hand) - Counter(state.known[other])).elements()
    hidden += state.stock
    for pozzetto in state.pozzetti:
        hidden += pozzetto
    rng.shuffle(hidden)
    hands = []
    for other, hand in enumerate(state.hands):
        if other != seat or seat in state.unseen_pozzetto:
            count = len(hand) - len(state.known[other])
            hands.append(tuple(sorted(state.known[other] + tuple(hidden[:count]))))
            del hidden[:count]
        else:
            hands.append(hand)
    stock = tuple(hidden[: len(state.stock)])
    del hidden[: len(state.stock)]
    pozzetti = []
    for pozzetto in state.pozzetti:
        pozzetti.append(tuple(hidden[: len(pozzetto)]))
        del hidden[: len(pozzetto)]
    return attrs.evolve(state, hands=tuple(hands), stock=stock, pozzetti=tuple(pozzetti))


# --- known cards --------------------------------------------------------------------------------


def test_a_new_deal_has_no_known_cards() -> None:
    state = new_game(seed=1)
    assert state.known == ((), (), (), ())
    assert observe(state, 2).known_cards == ((), (), (), ())
    assert observe(state, 2).unknown_counts == (11, 11, 11, 11)


def test_the_cards_taken_with_the_pile_are_known_until_melded_or_discarded() -> None:
    state = position(
        hands={0: "9S 10S 4D"}, pile="5H 6H 7H 9C KD", phase=Phase.DRAW, stock="3C 4C 5C"
    )
    state = play(state, "pick")
    assert state.known[0] == cards_of("5H 6H 7H 9C KD")
    state = play(state, "open 5H 6H 7H")
    assert state.known[0] == cards_of("9C KD")
    state = play(state, "discard 9C")
    view = observe(state, 1)
    assert view.known_cards == (cards_of("KD"), (), (), ())
    assert view.unknown_counts == (3, *(len(hand) for hand in state.hands[1:]))
    assert observe(state, 0).known_cards[0] == cards_of("KD")


def test_discarding_a_card_not_taken_from_the_pile_keeps_the_known_ones() -> None:
    state = position(hands={0: "9S 10S 4D"}, pile="KD QD", phase=Phase.DRAW, stock="3C 4C 5C")
    state = play(state, "pick", "discard 4D")
    assert state.known[0] == cards_of("QD KD")


def test_a_copy_played_from_the_hand_may_be_the_known_one() -> None:
    # Seat 0 holds a 7H of its own and takes another with the pile: once it melds one 7H, the
    # others cannot tell which copy it was, so no 7H is known any more.
    state = position(hands={0: "7H 7D 7S 4C 9S"}, pile="7H 8D", phase=Phase.DRAW, stock="3C 4C 5C")
    state = play(state, "pick", "open 7H 7D 7S")
    assert state.known[0] == cards_of("8D")
    assert cards_of("7H")[0] in state.hands[0]


def test_the_known_cards_go_when_the_hand_is_melded_out_for_the_pozzetto() -> None:
    state = position(hands={0: "9S"}, pile="5H 6H 7H", phase=Phase.DRAW, stock="3C 4C 5C")
    state = play(state, "pick", "open 5H 6H 7H")
    assert state.known[0] == ()
    assert state.hands[0] == cards_of("9S")
    state = play(state, "discard 9S")
    assert state.known[0] == ()
    assert state.unseen_pozzetto == (0,)
    check_invariants(state)


@settings(max_examples=40)
@given(any_state())
def test_known_cards_are_always_in_their_holders_hand(state: GameState) -> None:
    for seat, known in enumerate(state.known):
        assert not Counter(known) - Counter(state.hands[seat])
        assert list(known) == sorted(known)
        assert observe(state, seat).known_cards == state.known


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.name}-{r.players}")
def test_known_cards_stay_in_hand_over_whole_random_hands(rules: Rules) -> None:
    for seed in range(3):
        for state, _ in random_play(rules, seed):
            for seat, known in enumerate(state.known):
                assert not Counter(known) - Counter(state.hands[seat])


# --- nothing hidden enters a view ---------------------------------------------------------------


@settings(max_examples=40)
@given(any_state(), st.integers(0, 5), st.randoms(use_true_random=False))
def test_states_differing_only_in_hidden_cards_give_equal_views(
    state: GameState, seat: int, rng: random.Random
) -> None:
    seat %= state.players
    # Some deals of the hidden cards are not positions at all (the player to act, having taken
    # the pile under the International rule, could no longer meld): deal again, as determinize
    # does.
    for _ in range(50):
        other = reshuffle_hidden(state, seat, rng)
        try:
            check_invariants(other)
        except InvalidStateError:
            continue
        break
    else:
        assume(False)
    assert observe(other, seat) == observe(state, seat)
    assert to_json(observe(other, seat)) == to_json(observe(state, seat))


# --- determinize --------------------------------------------------------------------------------


@settings(max_examples=60)
@given(any_state(), st.integers(0, 5), st.integers(0, 2**32 - 1))
def test_determinize_gives_a_state_with_the_same_view(
    state: GameState, seat: int, seed: int
) -> None:
    seat %= state.players
    view = observe(state, seat)
    sample = determinize(view, random.Random(seed))
    check_invariants(sample)
    assert observe(sample, seat) == view


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.name}-{r.players}")
def test_determinize_fits_every_view_of_a_random_hand(rules: Rules) -> None:
    rng = random.Random(rules.players)
    for index, (state, _) in enumerate(random_play(rules, 11)):
        if index % 5:
            continue
        for seat in range(rules.players):
            view = observe(state, seat)
            sample = determinize(view, rng)
            assert observe(sample, seat) == view
            assert legal_actions(sample) or sample.is_over


def test_determinize_is_deterministic_for_a_seeded_random() -> None:
    view = observe(play(new_game(seed=5), "draw"), 3)
    assert determinize(view, random.Random(9)) == determinize(view, random.Random(9))
    assert determinize(view, random.Random(9)) != determinize(view, random.Random(10))


def test_determinize_keeps_the_own_hand_and_the_known_cards() -> None:
    state = position(
        hands={0: "9S 10S 4D"}, pile="5H 6H 7H 9C KD", phase=Phase.DRAW, stock="3C 4C 5C"
    )
    state = play(state, "pick", "open 5H 6H 7H", "discard 9C")
    view = observe(state, 2)
    rng = random.Random(4)
    for _ in range(200):
        sample = determinize(view, rng)
        assert sample.hands[2] == state.hands[2]
        assert cards_of("KD")[0] in sample.hands[0]
        assert sample.known == state.known
        assert (sample.melds, sample.discard_pile) == (state.melds, state.discard_pile)


def test_determinize_deals_an_unseen_pozzetto_to_its_own_holder_at_random() -> None:
    state = position(hands={0: "5H 6H 7H 9S"}, stock="2C 3H AC AD")
    state = play(state, "open 5H 6H 7H", "discard 9S")
    view = observe(state, 0)
    assert view.hand is None
    hands = {determinize(view, random.Random(seed)).hands[0] for seed in range(20)}
    assert len(hands) == 20
    assert all(len(hand) == 11 for hand in hands)


def chi_square(observed: list[int], expected: list[float]) -> float:
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True) if e)


def test_determinize_spreads_a_hidden_card_over_the_places_it_may_be() -> None:
    state = new_game(seed=21)
    chooser = random.Random(21)
    for _ in range(30):  # some cards into melds and onto the pile, some taken
        state = apply(state, chooser.choice(legal_actions(state)))
    assert not state.is_over
    seat = state.turn
    view = observe(state, seat)
    places = hidden_places(state, seat)
    seen = Counter(view.hand or ()) + Counter(view.discard_pile)
    seen += Counter(card for melds in view.melds for meld in melds for card in meld.cards)
    for known in view.known_cards:
        seen += Counter(known)
    card = next(c for c in sorted(set(state.stock)) if seen[c] == 0)  # both copies hidden
    rng = random.Random(2024)
    samples = 3000
    counts = [0] * len(places)
    for _ in range(samples):
        sample = determinize(view, rng)
        where = [
            *(
                Counter(h)[card] - Counter(k)[card]
                for h, k in zip(sample.hands, sample.known, strict=True)
            ),
            Counter(sample.stock)[card],
            *(Counter(p)[card] for p in sample.pozzetti),
        ]
        if seat not in sample.unseen_pozzetto:
            del where[seat]
        for index, copies in enumerate(where):
            counts[index] += copies
    total = sum(size for _, size in places)
    expected = [2 * samples * size / total for _, size in places]
    assert sum(counts) == 2 * samples
    # 99.9th percentile of chi-square with len(places) - 1 degrees of freedom is below 25 here
    assert chi_square(counts, expected) < 25, (places, counts, expected)


def test_determinize_rejects_a_view_that_no_state_gives() -> None:
    view = observe(new_game(seed=1), 0)
    with pytest.raises(InvalidStateError) as error:
        determinize(attrs.evolve(view, stock_size=40), random.Random(0))
    assert error.value.reason == "cards-not-conserved"
    too_many = attrs.evolve(view, discard_pile=view.discard_pile + parse_cards("JK JK JK JK JK"))
    with pytest.raises(InvalidStateError) as error:
        determinize(too_many, random.Random(0))
    assert error.value.reason == "cards-not-conserved"


def test_a_view_lists_known_cards_for_every_seat() -> None:
    view: PlayerView = observe(new_game(seed=2), 1)
    assert len(view.known_cards) == len(view.hand_sizes) == 4


@settings(max_examples=60, deadline=None)
@given(states=st.lists(game_states(), min_size=1, max_size=4))
def test_table_points_are_the_melds_points_and_bonuses_whatever_was_observed_before(
    states: list[GameState],
) -> None:
    from burraco.melds import burraco_bonus

    # the views memo their points by the identity of the melds: alternate between states
    for state in [*states, *reversed(states), *states]:
        expected = tuple(
            sum(meld.points + burraco_bonus(meld, state.rules) for meld in team)
            for team in state.melds
        )
        assert observe(state, 0).table_points == expected
