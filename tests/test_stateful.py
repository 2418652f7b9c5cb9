"""A hypothesis state machine playing through ``apply``, legal and illegal actions mixed.

After every step the state keeps :func:`burraco.testing.check_invariants`; an action that
``apply`` refuses leaves the state exactly as it was (its pickle is the same bytes) and is not
among the legal actions; an action that ``apply`` accepts is one ``is_legal`` accepts.
"""

from __future__ import annotations

import pickle
import random
from typing import Final

import attrs
import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from burraco import (
    CLASSIC,
    FIBUR,
    FIBUR3,
    FIBUR5,
    INTERNATIONAL,
    Action,
    AddToMeld,
    Discard,
    DrawStock,
    GameState,
    IllegalActionError,
    OpenMeld,
    Partnerships,
    Rank,
    Rules,
    TakeDiscardPile,
    apply,
    is_legal,
    legal_actions,
    new_game,
)
from burraco.serialize import from_json, to_json
from burraco.testing import cards, check_invariants, melds
from burraco.testing import random_action as choose

pytestmark = pytest.mark.slow  # the slow tier: `pytest -m slow`

RULE_SETS: Final = [
    CLASSIC,
    FIBUR,
    INTERNATIONAL,
    attrs.evolve(CLASSIC, players=2),
    attrs.evolve(FIBUR, players=3),
    attrs.evolve(INTERNATIONAL, players=6),
    attrs.evolve(CLASSIC, name="german", pozzetti_as_reserve_stock=True, stock_end="immediately"),
    FIBUR3,  # rules §14: the pairs form during the hand, which eager play reaches
    FIBUR5,
]
SEEDS: Final = st.integers(0, 2**32 - 1)
WILD_AS: Final = st.none() | st.sampled_from(tuple(Rank))


class Play(RuleBasedStateMachine):
    """Deal, then play legal actions and try random ones; deal again when a hand is over."""

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState = new_game()
        self.rule_set: Rules = CLASSIC

    @initialize(rules=st.sampled_from(RULE_SETS), seed=SEEDS)
    def deal(self, rules: Rules, seed: int) -> None:
        self.rule_set = rules
        self.state = new_game(rules, seed=seed)

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data(), eager=st.booleans())
    def play_a_legal_action(self, data: st.DataObject, eager: bool) -> None:
        actions = legal_actions(self.state)
        assert actions, "a hand that is not over offers a legal action"
        melds_only = [a for a in actions if isinstance(a, (OpenMeld, AddToMeld))]
        action = data.draw(st.sampled_from(melds_only if eager and melds_only else actions))
        self.state = apply(self.state, action)

    @precondition(lambda self: not self.state.is_over)
    @rule(steps=st.integers(1, 60), seed=SEEDS)
    def fast_forward(self, steps: int, seed: int) -> None:
        """Play up to ``steps`` legal actions, melding whenever possible, to reach late states
        (pozzetti taken, closings) within a short run."""
        chooser = random.Random(seed)
        for _ in range(steps):
            actions = legal_actions(self.state)
            if not actions:
                return
            self.state = apply(self.state, choose(chooser, actions, eager=True))
            check_invariants(self.state)

    @rule(data=st.data())
    def try_an_arbitrary_action(self, data: st.DataObject) -> None:
        action = data.draw(arbitrary_actions(self.state), label="action")
        if is_legal(self.state, action):
            self.state = apply(self.state, action)
            return
        before = pickle.dumps(self.state)
        with pytest.raises(IllegalActionError) as caught:
            apply(self.state, action)
        assert pickle.dumps(self.state) == before
        assert (caught.value.action, caught.value.seat) == (action, self.state.turn)
        assert action not in legal_actions(self.state)

    @precondition(lambda self: self.state.is_over)
    @rule(seed=SEEDS)
    def deal_the_next_hand(self, seed: int) -> None:
        assert legal_actions(self.state) == []
        dealer = (self.state.dealer + 1) % self.rule_set.players
        self.state = new_game(self.rule_set, seed=seed, dealer=dealer)

    @invariant()
    def invariants_hold(self) -> None:
        check_invariants(self.state)

    @invariant()
    def teams_follow_who_ran_out_first(self) -> None:
        # rules §14.2: until someone runs out every seat is alone and no pozzetto is taken;
        # afterwards the lone seat has the first pozzetto and every other seat a partner
        state = self.state
        if state.rules.partnerships is not Partnerships.FIRST_OUT_ALONE:
            return
        if len(state.partners) == state.rules.players:
            assert not any(state.pozzetto_taken)
            assert len(state.pozzetti) == state.rules.pozzetti
        else:
            alone = next(seats[0] for seats in state.partners if len(seats) == 1)
            assert state.pozzetto_taken[state.team_of(alone)]
            assert all(
                state.partner_of(seat) is not None
                for seat in range(len(state.hands))
                if seat != alone
            )

    @invariant()
    def the_state_survives_saving(self) -> None:
        assert from_json(to_json(self.state)) == self.state


def arbitrary_actions(state: GameState) -> st.SearchStrategy[Action]:
    """Actions of every kind, mostly with cards from the hand, mostly illegal."""
    hand = state.hands[state.turn]
    own = st.sampled_from(hand) if hand else cards()
    some_cards = st.lists(st.one_of(own, own, cards()), max_size=6)
    team_melds = state.melds[state.team_of(state.turn)]
    targets = st.integers(-1, len(team_melds) + 2) | melds(state.rules)
    if team_melds:
        targets |= st.sampled_from(team_melds)
    return st.one_of(
        st.just(DrawStock()),
        st.just(TakeDiscardPile()),
        st.builds(Discard, own),
        st.builds(Discard, cards()),
        st.builds(OpenMeld, some_cards, WILD_AS),
        st.builds(AddToMeld, targets, some_cards, WILD_AS),
    )


TestPlay = Play.TestCase
TestPlay.settings = settings(max_examples=40, stateful_step_count=60, deadline=None)
