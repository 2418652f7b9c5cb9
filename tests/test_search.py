"""The search agent: legal choices only, from the view only, reproducible by seed."""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest

from burraco.actions import Action
from burraco.agents import GreedyAgent, play_hand, play_out
from burraco.cards import Card
from burraco.engine import apply, legal_actions, new_game
from burraco.rules import CLASSIC, INTERNATIONAL
from burraco.search import SearchAgent
from burraco.state import GameState
from burraco.views import observe


def tiny(seed: int) -> SearchAgent:
    return SearchAgent(simulations=1, depth=2, candidates=3, seed=seed)


def reshuffle_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same position with the cards hidden from ``seat`` dealt out again at random.

    Hidden are the unknown cards of the other hands (cards taken with the pile are known to
    all), the stock, the pozzetti and the seat's own hand while it is an unseen pozzetto.
    """
    hidden: list[Card] = []
    kept: list[list[Card]] = []
    for other, hand in enumerate(state.hands):
        if other == seat and seat not in state.unseen_pozzetto:
            kept.append(list(hand))
            continue
        known = list(state.known[other])
        rest = list(hand)
        for card in known:
            rest.remove(card)
        hidden += rest
        kept.append(known)
    hidden += state.stock
    for pozzetto in state.pozzetti:
        hidden += pozzetto
    rng.shuffle(hidden)
    position = 0
    hands = []
    for other, hand in enumerate(state.hands):
        missing = len(hand) - len(kept[other])
        cards = kept[other] + hidden[position : position + missing]
        position += missing
        hands.append(tuple(sorted(cards)))
    pozzetti = []
    for pozzetto in state.pozzetti:
        pozzetti.append(tuple(hidden[position : position + len(pozzetto)]))
        position += len(pozzetto)
    stock = tuple(hidden[position:])
    return attrs.evolve(state, hands=tuple(hands), pozzetti=tuple(pozzetti), stock=stock)


@pytest.mark.parametrize("players", [2, 4])
def test_the_search_agent_plays_whole_hands_with_legal_actions_only(players: int) -> None:
    rules = attrs.evolve(CLASSIC, players=players)
    agents = [tiny(seat) if seat % 2 == 0 else GreedyAgent() for seat in range(players)]
    chosen: list[tuple[GameState, Action]] = []
    final = play_hand(agents, rules, seed=players, on_action=lambda s, a, _: chosen.append((s, a)))
    assert final.is_over
    searched = [(s, a) for s, a in chosen if s.turn % 2 == 0]
    assert searched
    assert all(action in legal_actions(state) for state, action in searched)


def test_the_search_agent_plays_under_international_rules() -> None:
    final = play_hand([tiny(1), GreedyAgent(), tiny(2), GreedyAgent()], INTERNATIONAL, seed=6)
    assert final.is_over


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_search_agent_never_reads_hidden_cards(seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(seed=seed)
    compared = 0
    while not state.is_over and compared < 12:
        actions = legal_actions(state)
        if state.turn == 0 and len(actions) > 1:
            twin = reshuffle_hidden(state, 0, rng)
            assert twin != state
            assert observe(twin, 0) == observe(state, 0)
            mine = tiny(seed).choose(observe(state, 0), actions)
            theirs = tiny(seed).choose(observe(twin, 0), legal_actions(twin))
            assert mine == theirs
            compared += 1
        state = apply(state, GreedyAgent().choose(observe(state, state.turn), actions))
    assert compared > 5


def test_the_same_seed_gives_the_same_hand() -> None:
    def play(seed: int) -> GameState:
        return play_hand([tiny(seed), GreedyAgent()] * 2, seed=10)

    assert play(4) == play(4)


def test_a_time_budget_still_chooses_a_legal_action() -> None:
    state = apply(new_game(seed=2), legal_actions(new_game(seed=2))[0])
    actions = legal_actions(state)
    agent = SearchAgent(time_per_move=0.01, depth=2, seed=1)
    assert agent.choose(observe(state, state.turn), actions) in actions
    assert (agent.simulations, agent.time_per_move) == (None, 0.01)


def test_a_state_near_its_end_is_searched_to_the_end() -> None:
    state = new_game(seed=8)
    greedy = GreedyAgent()
    while len(state.stock) > 6 and not state.is_over:
        state = apply(state, greedy.choose(observe(state, state.turn), legal_actions(state)))
    agents = [SearchAgent(simulations=2, seed=seat) for seat in range(4)]
    assert play_out(state, agents).is_over


BAD_BUDGETS: list[tuple[Callable[[], object], str]] = [
    (lambda: SearchAgent(simulations=0), "simulations must be"),
    (lambda: SearchAgent(simulations=True), "simulations must be"),
    (lambda: SearchAgent(time_per_move=0), "time_per_move must be"),
    (lambda: SearchAgent(candidates=1), "candidates must be"),
    (lambda: SearchAgent(depth=0), "depth must be"),
]


@pytest.mark.parametrize(("make", "message"), BAD_BUDGETS)
def test_bad_budgets_are_rejected(make: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()


def test_the_repr_shows_the_budget() -> None:
    assert repr(SearchAgent()) == "SearchAgent(simulations=8, seed=None)"
    assert (
        repr(SearchAgent(time_per_move=0.5, depth=3, seed=2))
        == "SearchAgent(time_per_move=0.5, depth=3, seed=2)"
    )


def test_an_empty_list_of_actions_is_refused() -> None:
    with pytest.raises(ValueError, match="no legal action"):
        SearchAgent().choose(observe(new_game(seed=1), 1), [])
