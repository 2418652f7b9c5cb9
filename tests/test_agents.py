"""The agents and the helpers that let them play hands and matches."""

from __future__ import annotations

import pickle
from collections.abc import Sequence
from typing import cast

import attrs
import pytest

from burraco import (
    CLASSIC,
    FIBUR,
    INTERNATIONAL,
    Action,
    AgentError,
    Discard,
    DrawStock,
    EndReason,
    GameState,
    IllegalActionError,
    Match,
    OpenMeld,
    Outcome,
    Phase,
    PlayerView,
    Reason,
    Rules,
    TakeDiscardPile,
    apply,
    legal_actions,
    new_game,
    observe,
    parse_action,
    parse_card,
)
from burraco.agents import Agent, GreedyAgent, RandomAgent, play_hand, play_match, play_out
from tests.helpers import position


class RecordingAgent:
    """Plays like ``inner`` and records every view and list of legal actions it is shown."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.seen: list[tuple[PlayerView, tuple[Action, ...]]] = []

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        self.seen.append((view, tuple(legal_actions)))
        return self.inner.choose(view, legal_actions)


class FixedAgent:
    """Always returns the same object, legal or not."""

    def __init__(self, answer: object) -> None:
        self.answer = answer

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        return cast(Action, self.answer)


def mixed_agents(players: int, seed: int) -> list[Agent]:
    return [
        GreedyAgent() if seat % 2 == 0 else RandomAgent(f"{seed}:{seat}") for seat in range(players)
    ]


# --- what agents see ----------------------------------------------------------------------------


def test_agents_are_shown_the_view_of_their_seat_and_the_legal_actions() -> None:
    agents = [RecordingAgent(agent) for agent in mixed_agents(4, 1)]
    states: list[GameState] = []
    play_hand(agents, seed=1, on_action=lambda before, action, after: states.append(before))
    shown = [agents[state.turn].seen.pop(0) for state in states]
    expected = [(observe(state, state.turn), tuple(legal_actions(state))) for state in states]
    assert expected == shown
    assert all(type(view) is PlayerView for view, _ in shown)


def test_the_agent_protocol_is_met_by_both_reference_agents() -> None:
    agents: list[Agent] = [RandomAgent(0), GreedyAgent()]
    assert [type(agent).__name__ for agent in agents] == ["RandomAgent", "GreedyAgent"]


# --- playing hands ------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", [CLASSIC, FIBUR, INTERNATIONAL], ids=lambda rules: rules.name)
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_play_hand_finishes_under_every_preset_and_player_count(
    preset: Rules, players: int
) -> None:
    rules = attrs.evolve(preset, players=players)
    final = play_hand(mixed_agents(players, 5), rules, seed=5)
    assert (final.is_over, legal_actions(final)) == (True, [])


def test_play_hand_with_a_seed_and_seeded_agents_is_the_same_every_time() -> None:
    first = play_hand(mixed_agents(4, 9), seed=9, dealer=2)
    second = play_hand(mixed_agents(4, 9), seed=9, dealer=2)
    assert first == second
    assert first.dealer == 2


def test_greedy_agent_with_a_seed_is_deterministic() -> None:
    agents: list[Agent] = [GreedyAgent(seed=seat) for seat in range(4)]
    again: list[Agent] = [GreedyAgent(seed=seat) for seat in range(4)]
    assert play_hand(agents, seed=3) == play_hand(again, seed=3)


def test_play_hand_reports_every_action_to_the_hook_in_order() -> None:
    steps: list[tuple[GameState, Action, GameState]] = []
    final = play_hand(
        mixed_agents(4, 2), seed=2, on_action=lambda b, a, af: steps.append((b, a, af))
    )
    assert new_game(seed=2) == steps[0][0]
    assert all(apply(before, action) == after for before, action, after in steps)
    assert all(steps[i][2] == steps[i + 1][0] for i in range(len(steps) - 1))
    assert final == steps[-1][2]


def test_play_out_finishes_a_hand_from_a_scripted_position() -> None:
    state = apply(new_game(seed=4), parse_action("draw"))
    final = play_out(state, [GreedyAgent()] * 4)
    assert final.is_over


def test_play_out_returns_a_finished_hand_as_it_is() -> None:
    final = play_hand([GreedyAgent()] * 4, seed=4)
    assert play_out(final, [FixedAgent("nonsense")] * 4) is final


def test_play_hand_needs_one_agent_per_seat() -> None:
    with pytest.raises(ValueError, match="4 players need 4 agents, one per seat, not 3"):
        play_hand([GreedyAgent()] * 3)


def test_an_illegal_choice_is_rejected_naming_the_agent_and_seat() -> None:
    agents: list[Agent] = [GreedyAgent(), FixedAgent(Discard(parse_card("JK")))] * 2
    with pytest.raises(IllegalActionError) as caught:
        play_hand(agents, seed=1)
    error = caught.value
    assert (error.seat, error.reason, error.action) == (
        1,
        Reason.WRONG_PHASE,
        Discard(parse_card("JK")),
    )
    assert "agent FixedAgent of seat 1 chose an illegal action" in str(error)


def test_a_choice_that_is_not_an_action_is_rejected() -> None:
    agents: list[Agent] = [FixedAgent("draw"), GreedyAgent(), GreedyAgent(), GreedyAgent()]
    with pytest.raises(IllegalActionError) as caught:
        play_hand(agents, seed=1, dealer=3)
    assert (caught.value.seat, caught.value.reason) == (0, Reason.NOT_AN_ACTION)


def test_agents_refuse_to_choose_from_no_actions() -> None:
    view = observe(play_hand([GreedyAgent()] * 4, seed=1), 0)
    for agent in (RandomAgent(1), GreedyAgent()):
        with pytest.raises(ValueError, match="no legal action to choose from"):
            agent.choose(view, [])


# --- the random agent ---------------------------------------------------------------------------


def test_random_agent_choices_follow_its_seed() -> None:
    state = apply(new_game(seed=6), DrawStock())
    view = observe(state, state.turn)
    actions = legal_actions(state)
    first = [RandomAgent(11).choose(view, actions) for _ in range(3)]
    agent = RandomAgent(11)
    assert [agent.choose(view, actions)] * 3 == first
    assert repr(agent) == "RandomAgent(seed=11)"


# --- the greedy agent ---------------------------------------------------------------------------


def greedy_choice(state: GameState) -> Action:
    return GreedyAgent().choose(observe(state, state.turn), legal_actions(state))


def test_greedy_takes_a_pile_card_that_makes_a_set() -> None:
    state = position(hands={0: "QD QD 5S 9H KC"}, pile="QS", phase=Phase.DRAW)
    assert TakeDiscardPile() == greedy_choice(state)


def test_greedy_draws_rather_than_take_a_useless_card() -> None:
    state = position(hands={0: "QD 5S 9H KC"}, pile="7C", phase=Phase.DRAW)
    assert DrawStock() == greedy_choice(state)


def test_greedy_melds_natural_cards_before_discarding() -> None:
    state = position(hands={0: "5H 6H 7H 8H KC 4D"})
    assert OpenMeld("5H 6H 7H 8H") == greedy_choice(state)


def test_greedy_keeps_its_wild_early_in_the_hand() -> None:
    state = position(hands={0: "5H 6H JK 4D 9S 3C 7C"})
    choice = greedy_choice(state)
    assert isinstance(choice, Discard)
    assert choice.card != parse_card("JK")


def test_greedy_melds_everything_to_take_the_pozzetto() -> None:
    state = position(hands={0: "5H 6H 7H"})
    after = apply(state, greedy_choice(state))
    assert (after.pozzetto_taken[0], len(after.hands[0])) == (True, 11)


def test_greedy_closes_when_it_can() -> None:
    state = position(
        hands={0: "7H 8H 9H KC"}, melds={0: ["4S 5S 6S 7S 8S 9S 10S"]}, taken=[True, False]
    )
    final = play_out(state, [GreedyAgent()] * 4)
    assert Outcome(EndReason.CLOSED, 0) == final.outcome


def test_greedy_avoids_discarding_what_fits_the_opponents_melds() -> None:
    state = position(hands={0: "QH KC 5D 6D"}, melds={1: ["9H 10H JH"]})
    assert greedy_choice(state) == Discard(parse_card("KC"))


def _near_the_close(pile: str) -> GameState:
    """Seat 0 to draw holding KC, its team with a burraco, a run of hearts and its pozzetto."""
    return position(
        hands={0: "KC"},
        melds={0: ["4S 5S 6S 7S 8S 9S 10S", "9H 10H JH"]},
        taken=[True, False],
        pile=pile,
        phase=Phase.DRAW,
    )


def test_greedy_near_the_close_draws_rather_than_take_a_pile_it_cannot_go_out_with() -> None:
    # QH fits the team's run, but 5D and KC would be left: two cards, so no closing this turn
    assert DrawStock() == greedy_choice(_near_the_close("QH 5D"))


def test_greedy_near_the_close_takes_a_pile_that_lets_it_go_out() -> None:
    final = play_out(_near_the_close("QH"), [GreedyAgent()] * 4)
    assert Outcome(EndReason.CLOSED, 0) == final.outcome


def test_greedy_short_of_the_pozzetto_draws_rather_than_take_a_pile_it_cannot_go_out_with() -> None:
    # taking QH 5D would leave KC and 5D: the hand would not run out for the pozzetto
    state = position(hands={0: "KC"}, melds={0: ["9H 10H JH"]}, pile="QH 5D", phase=Phase.DRAW)
    assert DrawStock() == greedy_choice(state)


def test_greedy_discards_a_low_card_early_in_the_hand() -> None:
    state = position(hands={0: "KC 4D 8S 8S"})
    assert greedy_choice(state) == Discard(parse_card("4D"))


def test_greedy_discards_a_high_card_late_in_the_hand() -> None:
    state = position(hands={0: "KC 4D 8S 8S"}, stock="3C 3C 5H 6H", exact_stock=True)
    assert greedy_choice(state) == Discard(parse_card("KC"))


def test_greedy_agent_repr_shows_its_seed() -> None:
    assert (repr(GreedyAgent()), repr(GreedyAgent(seed=4))) == (
        "GreedyAgent()",
        "GreedyAgent(seed=4)",
    )


# --- matches ------------------------------------------------------------------------------------


@pytest.mark.parametrize("greedy_team", [0, 1])
def test_greedy_beats_random_over_a_few_seeded_matches(greedy_team: int) -> None:
    winners = []
    for index in range(3):
        agents: list[Agent] = [
            GreedyAgent() if seat % 2 == greedy_team else RandomAgent(f"{index}:{seat}")
            for seat in range(4)
        ]
        winners.append(play_match(agents, seed=index).winner)
    assert [greedy_team] * 3 == winners


def test_play_match_plays_until_a_team_reaches_the_target() -> None:
    rules = attrs.evolve(CLASSIC, target=1000)
    match = play_match([GreedyAgent()] * 4, rules, seed=8)
    before_last = attrs.evolve(match, hands=match.hands[:-1])
    assert (match.is_over, before_last.is_over) == (True, False)
    assert max(match.totals) >= 1000


def test_play_match_with_a_seed_is_the_same_every_time() -> None:
    rules = attrs.evolve(CLASSIC, target=800)
    assert play_match(mixed_agents(4, 1), rules, seed=1) == play_match(
        mixed_agents(4, 1), rules, seed=1
    )


def test_play_match_gives_up_after_max_hands() -> None:
    rules = attrs.evolve(CLASSIC, target=100_000)
    with pytest.raises(RuntimeError, match=r"the match did not end within 2 hands \(totals "):
        play_match([GreedyAgent()] * 4, rules, seed=1, max_hands=2)


# --- an agent that fails (issue 41) -------------------------------------------------------------


class RaisingAgent:
    """Raises on its ``after``-th decision (counting from 1)."""

    def __init__(self, after: int = 1) -> None:
        self.after = after
        self.calls = 0

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        self.calls += 1
        if self.calls >= self.after:
            raise ZeroDivisionError("no idea")
        return legal_actions[0]


def test_play_hand_names_the_seat_the_agent_and_the_deal_of_an_agent_that_raised() -> None:
    agents: list[Agent] = [GreedyAgent(), GreedyAgent(), RaisingAgent(3), GreedyAgent()]
    with pytest.raises(AgentError) as caught:
        play_hand(agents, seed=11)
    error = caught.value
    assert (error.seat, error.agent, error.reason, error.deal, error.hand) == (
        2,
        "RaisingAgent",
        Reason.AGENT_FAILED,
        11,
        None,
    )
    assert error.action is None and error.partial is None
    assert str(error) == "agent RaisingAgent of seat 2 raised ZeroDivisionError: no idea (deal 11)"
    assert isinstance(error.__cause__, ZeroDivisionError)
    assert isinstance(error.state, GameState) and error.state.turn == 2


def test_play_hand_names_the_seat_and_agent_of_an_illegal_choice_with_its_reason() -> None:
    agents: list[Agent] = [GreedyAgent(), FixedAgent(Discard(parse_card("JK")))] * 2
    with pytest.raises(AgentError) as caught:
        play_hand(agents, seed=1)
    error = caught.value
    assert (error.seat, error.agent, error.reason, error.deal) == (
        1,
        "FixedAgent",
        Reason.WRONG_PHASE,
        1,
    )
    assert str(error).startswith("agent FixedAgent of seat 1 chose an illegal action 'discard JK'")


def test_play_match_keeps_the_hands_finished_before_an_agent_failed() -> None:
    whole = play_match([GreedyAgent()] * 4, seed=5)
    assert len(whole.hands) >= 2

    class GreedyThenBroken:
        """Plays greedily in the first hand (dealt by seat 0) and raises in the second."""

        def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
            if view.dealer == 1:
                raise ZeroDivisionError("no idea")
            return GreedyAgent().choose(view, legal_actions)

    with pytest.raises(AgentError) as caught:
        play_match([GreedyThenBroken(), GreedyAgent(), GreedyAgent(), GreedyAgent()], seed=5)
    error = caught.value
    assert error.seat == 0 and error.agent == "GreedyThenBroken"
    assert error.hand == 1
    assert isinstance(error.partial, Match)
    assert error.partial.hands == whole.hands[: error.hand]
    assert f"hand {error.hand})" in str(error)
    assert pickle.loads(pickle.dumps(error)) == error
