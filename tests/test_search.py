"""The search agent: legal choices only, from the view only, reproducible by seed."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco._bots.rollout import evaluate, rollout
from burraco._bots.value import FEATURES, STAGES, WEIGHTS, features, stage
from burraco.actions import Action, Discard, DrawStock
from burraco.agents import GreedyAgent, play_hand, play_out
from burraco.cards import Card
from burraco.engine import apply, legal_actions, new_game
from burraco.rules import CLASSIC, INTERNATIONAL, Rules
from burraco.scoring import score_hand
from burraco.search import DEFAULT_MARGIN, SearchAgent, _hopeful, _pick, expected_lead
from burraco.state import GameState, Phase
from burraco.testing import game_states
from burraco.views import PlayerView, determinize, observe
from tests.helpers import benchmark, position


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
    (lambda: SearchAgent(margin=-1), "margin must be"),
    (lambda: SearchAgent(margin=math.nan), "margin must be"),
    (lambda: SearchAgent(margin="10"), "margin must be"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("make", "message"), BAD_BUDGETS)
def test_bad_budgets_are_rejected(make: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()


def test_the_repr_shows_the_budget() -> None:
    assert repr(SearchAgent()) == "SearchAgent(simulations=16, seed=None)"
    assert (
        repr(SearchAgent(time_per_move=0.5, depth=3, seed=2))
        == "SearchAgent(time_per_move=0.5, depth=3, seed=2)"
    )
    assert (
        repr(SearchAgent(8, margin=12.5, seed=1))
        == "SearchAgent(simulations=8, margin=12.5, seed=1)"
    )


def decisions(
    agent: SearchAgent, turns: int, seed: int = 12
) -> Iterator[tuple[Phase, Sequence[Action], PlayerView, Action]]:
    """The first ``turns`` decisions of a hand with ``agent`` at every seat: the phase, the
    legal actions, the view and the agent's choice."""
    state = new_game(seed=seed)
    for _ in range(turns):
        if state.is_over:
            return
        actions = legal_actions(state)
        view = observe(state, state.turn)
        choice = agent.choose(view, actions)
        yield state.phase, actions, view, choice
        state = apply(state, choice)


def test_a_margin_no_gain_can_reach_plays_the_greedy_choice() -> None:
    greedy = GreedyAgent()
    stubborn = SearchAgent(simulations=6, depth=2, seed=3, margin=1e9)
    open_decisions = 0
    for _, actions, view, choice in decisions(stubborn, 80):
        assert choice == greedy.choose(view, actions)
        open_decisions += len(actions) > 1
    assert open_decisions >= 20  # the agreement was tested on real choices


def test_a_zero_margin_overrules_the_greedy_choice_sometimes() -> None:
    greedy = GreedyAgent()
    eager = SearchAgent(simulations=8, depth=3, seed=3, margin=0)
    differ = sum(
        choice != greedy.choose(view, actions) for _, actions, view, choice in decisions(eager, 60)
    )
    assert differ > 0


def test_the_draw_margin_applies_at_the_draw_and_the_margin_elsewhere() -> None:
    greedy = GreedyAgent()
    # no gain can reach the play phase's margin; the draw goes to the better draw on average
    split = SearchAgent(simulations=8, depth=3, seed=3, margin=1e9, draw_margin=0)
    draws_differ = plays = 0
    for phase, actions, view, choice in decisions(split, 120):
        if phase is Phase.DRAW:
            draws_differ += choice != greedy.choose(view, actions)
        else:
            assert choice == greedy.choose(view, actions)
            plays += len(actions) > 1
    assert draws_differ > 0 and plays >= 20


def test_the_draw_margin_defaults_to_the_margin_and_is_checked() -> None:
    assert SearchAgent(seed=1, margin=7).draw_margin == 7.0
    agent = SearchAgent(seed=1, draw_margin=0)
    assert (agent.margin, agent.draw_margin) == (DEFAULT_MARGIN, 0.0)
    assert repr(agent) == "SearchAgent(simulations=16, draw_margin=0, seed=1)"
    for bad in (-1, True, "0", math.nan):
        with pytest.raises(ValueError, match="draw_margin must be a number of points of at"):
            SearchAgent(draw_margin=bad)  # type: ignore[arg-type]


class CountingSampler:
    """Deals as determinize does, and counts the deals."""

    def __init__(self) -> None:
        self.dealt = 0

    def __call__(self, view: PlayerView, rng: random.Random) -> GameState:
        self.dealt += 1
        return determinize(view, rng)

    def __repr__(self) -> str:
        return "CountingSampler()"


def test_a_given_sampler_deals_every_sample() -> None:
    sampler = CountingSampler()
    agent = SearchAgent(simulations=6, depth=2, seed=4, sampler=sampler)
    plain = SearchAgent(simulations=6, depth=2, seed=4)
    assert repr(agent) == "SearchAgent(simulations=6, depth=2, seed=4, sampler=CountingSampler())"
    state = new_game(seed=9)
    for _ in range(60):
        actions = legal_actions(state)
        if not actions:
            break
        view = observe(state, state.turn)
        before = sampler.dealt
        choice = agent.choose(view, actions)
        # dealing as determinize does, with the same seed: the same choices as the default
        assert choice == plain.choose(view, actions)
        assert sampler.dealt >= before
        state = apply(state, choice)
    assert sampler.dealt > 0


def test_a_given_evaluation_values_every_rollout() -> None:
    calls: list[int] = []

    def constant(state: GameState, team: int) -> float:
        calls.append(team)
        return 0.0

    agent = SearchAgent(simulations=4, depth=2, seed=1, evaluation=constant)
    assert repr(agent).endswith(f"evaluation={constant!r})")
    final = play_hand([agent, GreedyAgent(), GreedyAgent(), GreedyAgent()], seed=3)
    assert final.is_over and calls and set(calls) == {0}


def test_an_empty_list_of_actions_is_refused() -> None:
    with pytest.raises(ValueError, match="no legal action"):
        SearchAgent().choose(observe(new_game(seed=1), 1), [])


# --- how the search spends its budget ------------------------------------------------------------


class CountingGreedy(GreedyAgent):
    """A rollout policy that counts the decisions it is asked to make."""

    __slots__ = ("calls",)

    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        self.calls += 1
        return super().choose(view, legal_actions)


def a_play_phase_state() -> GameState:
    state = new_game(seed=3)
    return apply(state, DrawStock())


def test_a_rollout_counts_the_turn_a_discard_ended() -> None:
    state = a_play_phase_state()
    seat = state.turn
    discard = next(action for action in legal_actions(state) if isinstance(action, Discard))
    after = apply(state, discard)
    policy = CountingGreedy()
    # one turn of depth is the seat's own, which the discard ended: nothing more is played
    assert rollout(after, policy, seat, seat % 2, 1) == evaluate(after, seat % 2)
    assert policy.calls == 0
    # two turns: the next player's turn is played out, and no more
    rollout(after, policy, seat, seat % 2, 2)
    assert policy.calls >= 1


def test_a_rollout_after_a_meld_finishes_the_seat_s_turn_first() -> None:
    state = a_play_phase_state()
    seat = state.turn
    policy = CountingGreedy()
    # the seat still has to discard: a depth of one turn plays the rest of that turn
    value = rollout(state, policy, seat, seat % 2, 1)
    assert policy.calls >= 1
    assert value == rollout(state, GreedyAgent(), seat, seat % 2, 1)


def test_candidates_that_cannot_win_are_dropped() -> None:
    first = [0.0, 10.0, -10.0, 5.0, -5.0, 0.0]
    close = [value + 25.0 for value in first]  # always 25 points ahead of the greedy choice
    behind = [value - 40.0 + (5.0 if index % 2 else -5.0) for index, value in enumerate(first)]
    values = [first, close, behind]
    assert _hopeful(values, [0, 1, 2], DEFAULT_MARGIN) == [0, 1]
    assert _pick(values, [0, 1], DEFAULT_MARGIN) == 1
    assert _hopeful([first, behind], [0, 1], DEFAULT_MARGIN) == [0]
    assert _pick([first, behind], [0], DEFAULT_MARGIN) == 0
    # a margin above the steady 25 points keeps the greedy choice, and stops sampling the other
    assert _pick(values, [0, 1], 30.0) == 0
    assert _hopeful(values, [0, 1, 2], 30.0) == [0]


def test_a_small_noisy_gain_does_not_overrule_the_greedy_choice() -> None:
    first = [0.0, 0.0, 0.0, 0.0]
    noisy = [80.0, -60.0, 90.0, -50.0]  # 15 ahead on average, but within the noise
    assert _pick([first, noisy], [0, 1], DEFAULT_MARGIN) == 0
    # it could yet win: keep sampling it
    assert _hopeful([first, noisy], [0, 1], DEFAULT_MARGIN) == [0, 1]


def test_a_settled_decision_stops_sampling_early(monkeypatch: pytest.MonkeyPatch) -> None:
    dealt: list[int] = []
    real = determinize

    def counting(view: PlayerView, rng: random.Random) -> GameState:
        dealt.append(1)
        return real(view, rng)

    monkeypatch.setattr("burraco.search.determinize", counting)
    state = new_game(seed=5)
    agent = SearchAgent(simulations=24, depth=2, seed=1)
    settled = 0
    for _ in range(30):
        actions = legal_actions(state)
        if state.is_over:
            break
        if len(actions) > 1 and state.turn == 0:
            dealt.clear()
            action = agent.choose(observe(state, 0), actions)
            assert action in actions
            settled += len(dealt) < 24
        else:
            action = GreedyAgent().choose(observe(state, state.turn), actions)
        state = apply(state, action)
    assert settled > 0


@settings(max_examples=80, deadline=None)
@given(state=game_states())
def test_a_hand_that_goes_on_is_evaluated_as_its_hand_score_says(state: GameState) -> None:
    from burraco._bots.rollout import HAND_WEIGHT, NEAR_BURRACO, going_on
    from burraco.scoring import score_hand

    if state.is_over:
        return
    expected = [
        score.total
        - (1 - HAND_WEIGHT) * score.in_hand
        + sum(NEAR_BURRACO.get(len(meld.cards), 0) for meld in melds)
        for score, melds in zip(score_hand(state).teams, state.melds, strict=True)
    ]
    assert going_on(state) == expected


@pytest.mark.parametrize("rules", [CLASSIC, INTERNATIONAL])
def test_the_greedy_policy_chooses_as_when_it_valued_every_action(rules: Rules) -> None:
    # _play values the discards only when no meld is worth laying: the same choice as the
    # best meld if its value is positive, else the best discard, over every action valued
    agent = GreedyAgent()
    rng = random.Random(7)
    checked = 0
    for seed in range(12):
        state = new_game(rules, seed=seed)
        while not state.is_over:
            actions = legal_actions(state)
            view = observe(state, state.turn)
            if view.hand is not None and len(actions) > 1 and view.phase.name == "PLAY":
                melds, discards = agent._scored(view, view.hand, actions)
                if melds and (max(value for value, _ in melds) > 0 or not discards):
                    expected = agent._best(melds)[1]
                else:
                    expected = agent._best(discards)[1]
                assert agent.choose(view, actions) == expected
                checked += 1
            state = apply(state, rng.choice(actions))
    assert checked > 100


def test_the_default_search_makes_the_decisions_on_file() -> None:
    # the first hand of benchmarks/rl_digests.py (whose whole run, 1,570 decisions, nox -s
    # rlbench checks in both builds): four default search agents made by make_agent
    found = benchmark("rl_digests").decisions(1)
    assert (found["decisions"], found["hands"]) == (93, 1)
    assert found["digest"] == "82019a4c482bbae050c9f3e80810bc3353147251aa3feaeaad590c1b85db3908"


@settings(max_examples=60, deadline=None)
@given(state=st.sampled_from([CLASSIC, attrs.evolve(CLASSIC, players=2)]).flatmap(game_states))
def test_one_team_s_expected_lead_is_the_other_s_expected_loss(state: GameState) -> None:
    ahead, behind = expected_lead(state, 0), expected_lead(state, 1)
    assert math.isclose(ahead, -behind, abs_tol=1e-9)
    if state.is_over:
        assert (ahead, behind) == (evaluate(state, 0), evaluate(state, 1))


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_a_finished_hand_s_expected_lead_is_its_score(players: int) -> None:
    rules = attrs.evolve(CLASSIC, players=players)
    final = play_hand([GreedyAgent()] * players, rules, seed=f"lead-{players}")
    totals = [score.total for score in score_hand(final).teams]
    for team, total in enumerate(totals):
        best_other = max(t for other, t in enumerate(totals) if other != team)
        assert expected_lead(final, team) == total - best_other


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_every_number_of_players_has_weights_for_every_stage(players: int) -> None:
    rows = WEIGHTS[players]
    assert len(rows) == STAGES
    assert all(len(row) == len(FEATURES) for row in rows)
    # the points on the table count about at par in every fit
    assert all(0.8 < row[FEATURES.index("table")] < 1.8 for row in rows)


def test_the_stage_follows_the_quarters_of_the_stock() -> None:
    start = new_game(CLASSIC, seed=3)
    full = CLASSIC.stock_size
    assert len(start.stock) == full == 41
    stages = [stage(attrs.evolve(start, stock=start.stock[:left])) for left in range(full + 1)]
    # more than 30.75 cards left: 0; more than 20.5: 1; more than 10.25: 2; else 3
    assert stages == [3] * 11 + [2] * 10 + [1] * 10 + [0] * 11


def _features_position(first_seat: str) -> GameState:
    return position(
        hands={0: first_seat, 1: "3H 4H 5H JK 7D 8D", 2: "9C 9D 9H KS", 3: "QD"},
        melds={
            0: ["3S 4S 5S 6S 7S 8S 9S", "2D 10D JD QD"],
            1: ["5C 6C 7C 8C 9C 10C", "KH KD KC KS KH"],
        },
        pile="4D 6H JC",
        taken=[True, False],
        turn=1,
        phase=Phase.DRAW,
    )


def test_the_features_count_what_each_team_has() -> None:
    state = _features_position("AS 2C")
    mine = features(state, 0)
    # 3 to 7 count 5, 8 to K 10, an ace 15, a two 20, a joker 30; a clean burraco 200
    tables = [5 * 5 + 2 * 10 + 200 + 20 + 3 * 10, 3 * 5 + 3 * 10 + 5 * 10]
    assert dict(zip(FEATURES, mine, strict=True)) == {
        "table": tables[0] - tables[1],
        "hand_points": (15 + 20 + 4 * 10) - (4 * 5 + 30 + 10 + 10),
        "hand_cards": 6 - 7,
        "no_pozzetto": 0 - 1,
        "may_close": 1 - 0,
        "close_near": 1 - 0,  # seat 0 holds two cards, and the team may close
        "pozzetto_near": 0 - 1,  # seat 3 holds one card, its pozzetto still to take
        "six": 0 - 1,
        "five": 0 - 1,
        "wilds": 1 - 1,
        "clean_six": 0 - 1,
        "fitting": 1 - 0,  # 9D goes under 10D JD QD 2D=KD; team 1 holds nothing its melds take
        "close_one": 0 - 0,  # no seat of a team that may close is down to one card
        "clean_burracos": 1 - 0,
        "to_move": -1,  # seat 1's turn
        "pile": -3,  # three cards the other team may take
    }
    assert features(state, 1) == [-value for value in mine]
    # down to one card, a seat of a team that may close counts twice: near and one from out
    alone = dict(zip(FEATURES, features(_features_position("2C"), 0), strict=True))
    assert (alone["close_near"], alone["close_one"]) == (1, 1)


def test_the_expected_lead_refuses_a_team_the_rules_do_not_have() -> None:
    with pytest.raises(IndexError, match="team must be from 0 to 1, not 2"):
        expected_lead(new_game(CLASSIC, seed=1), 2)
