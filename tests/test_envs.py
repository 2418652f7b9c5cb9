"""The environments pass their toolkits' own conformance tests, for 2 and 4 players and every
preset; and they play hands end to end."""

from __future__ import annotations

import random
import warnings
from collections.abc import Sequence
from typing import Any

import attrs
import pytest

from burraco import (
    CLASSIC,
    FIBUR,
    FIBUR3,
    FIBUR5,
    INTERNATIONAL,
    Action,
    AgentError,
    IllegalActionError,
    NotationError,
    PlayerView,
    Rules,
    score_hand,
)
from tests.helpers import benchmark

np = pytest.importorskip("numpy")

PRESETS = (CLASSIC, FIBUR, INTERNATIONAL)
CASES = [
    *(
        pytest.param(rules, players, id=f"{rules.name}-{players}")
        for rules in PRESETS
        for players in (2, 4)
    ),
    # rules §14: the pairs form during the hand
    pytest.param(FIBUR3, 3, id="fibur3-3"),
    pytest.param(FIBUR5, 5, id="fibur5-5"),
]

# What pettingzoo.test.api_test advises for every env whose observation is a Dict of an
# observation and an action mask, as its own classic envs are (it exempts those by name).
PETTINGZOO_ADVICE = (
    "Observation space for each agent probably should be",
    "Observation is not a NumPy array",
    "Action mask numpy array is all zeros",
)


# --- PettingZoo ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "players"), CASES)
def test_pettingzoo_api_and_seed_tests(rules: Rules, players: int) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from burraco.envs import burraco_v0

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(burraco_v0.env(rules=rules, players=players, max_turns=40), num_cycles=200)
        seed_test(lambda: burraco_v0.env(rules=rules, players=players), num_cycles=100)
    unexpected = [
        str(w.message) for w in caught if not str(w.message).startswith(PETTINGZOO_ADVICE)
    ]
    assert unexpected == []


def play_pettingzoo(env: Any, seed: int) -> tuple[int, dict[str, float]]:
    rng = random.Random(seed)
    env.reset(seed=seed)
    steps = 0
    for _agent in env.agent_iter():
        observation, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.any()
        env.step(rng.choice(np.flatnonzero(mask).tolist()))
        steps += 1
    return steps, dict(env.unwrapped._cumulative_rewards)


def test_pettingzoo_plays_a_hand_and_pays_the_score_difference() -> None:
    pytest.importorskip("pettingzoo")
    from burraco import score_hand
    from burraco.envs import burraco_v0

    env = burraco_v0.env()
    env.reset(seed=3)
    rng = random.Random(3)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
            continue
        env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    state = env.unwrapped.state
    assert state.is_over
    totals = [team.total for team in score_hand(state).teams]
    assert final["player_0"] == final["player_2"] == totals[0] - totals[1]
    assert final["player_1"] == final["player_3"] == totals[1] - totals[0]


def test_pettingzoo_win_loss_rewards_and_truncation() -> None:
    pytest.importorskip("pettingzoo")
    from burraco.envs import burraco_v0

    env = burraco_v0.raw_env(players=2, reward="win-loss", max_turns=3, render_mode="ansi")
    env.reset(seed=1)
    rng = random.Random(1)
    while not any(env.truncations.values()) and not any(env.terminations.values()):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(rng.choice(np.flatnonzero(mask).tolist()))
    assert set(env.rewards.values()) <= {-1.0, 0.0, 1.0}
    assert sum(env.rewards.values()) == 0
    assert "seat" in (env.render() or "")


def test_pettingzoo_rejects_an_illegal_token_and_changes_nothing() -> None:
    pytest.importorskip("pettingzoo")
    from burraco.envs import burraco_v0

    env = burraco_v0.raw_env()
    env.reset(seed=2)
    before = env.state
    with pytest.raises(IllegalActionError, match="allowed are draw, pick") as caught:
        env.step(env.unwrapped._game.space.commit)
    assert caught.value.reason == "bad-action"
    assert env.state is before
    with pytest.raises(ValueError, match="render_mode"):
        burraco_v0.raw_env(render_mode="human")


def test_pettingzoo_seeds_reproduce_a_hand() -> None:
    pytest.importorskip("pettingzoo")
    from burraco.envs import burraco_v0

    first = play_pettingzoo(burraco_v0.env(players=2), 9)
    second = play_pettingzoo(burraco_v0.env(players=2), 9)
    assert first == second


def test_pettingzoo_wrapper_still_enforces_the_order_of_calls() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    from burraco.envs import burraco_v0

    env = burraco_v0.env(players=2)
    assert isinstance(env, OrderEnforcingWrapper)
    with pytest.raises(AttributeError, match="before reset"):
        env.last()
    with pytest.raises(Exception, match="reset"):
        env.step(0)
    env.reset(seed=2)
    agents = iter(env.agent_iter())
    assert next(agents) == env.agent_selection
    with pytest.raises(AssertionError, match="need to call step"):
        next(agents)  # no step since the last agent was handed out
    observation, reward, termination, truncation, info = env.last()
    assert observation["action_mask"].any() and reward == 0
    assert not termination and not truncation and info == {}
    assert env.last(observe=False)[0] is None
    env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert next(agents) == env.agent_selection
    assert list(env.agent_iter(max_iter=0)) == []


# --- Gymnasium ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "players"), CASES)
def test_gymnasium_check_env(rules: Rules, players: int) -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from burraco.envs.gymnasium import ENV_ID

    env = gymnasium.make(ENV_ID, rules=rules, players=players, render_mode="ansi")
    check_env(env.unwrapped)
    env.close()


def test_gymnasium_plays_a_hand_with_masks() -> None:
    pytest.importorskip("gymnasium")
    from burraco.envs.gymnasium import BurracoEnv

    env = BurracoEnv(players=4, seat=2, illegal="raise")
    rng = random.Random(5)
    observation, info = env.reset(seed=5)
    reward, steps = 0.0, 0
    while True:
        assert (info["action_mask"].astype(bool) == env.action_masks()).all()
        assert env.state.turn == 2
        token = rng.choice(np.flatnonzero(env.action_masks()).tolist())
        observation, reward, terminated, truncated, info = env.step(token)
        steps += 1
        assert env.observation_space.contains(observation)
        if terminated or truncated:
            break
    # the last mask allows every token, for the step a vector env's autoreset throws away
    assert terminated and env.state.is_over and env.action_masks().all()
    assert info["action_mask"].all()
    assert info["scores"] == score_hand(env.state).totals
    assert info["score"] == info["scores"][0]
    assert reward == info["scores"][0] - info["scores"][1]
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_gymnasium_illegal_tokens_penalty_or_error() -> None:
    pytest.importorskip("gymnasium")
    from burraco import GreedyAgent, RandomAgent
    from burraco.envs.gymnasium import BurracoEnv, reward_bound

    env = BurracoEnv(players=2, illegal_penalty=-7.0)
    env.reset(seed=1)
    _, reward, terminated, truncated, info = env.step(env.action_space.n - 1)
    assert (reward, terminated, truncated, info["illegal"]) == (-7.0, True, False, True)
    assert info["action_mask"].all()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    strict = BurracoEnv(players=2, illegal="raise", opponents=[GreedyAgent()])
    strict.reset(seed=1)
    before = strict.state
    with pytest.raises(IllegalActionError):
        strict.step(strict.action_space.n - 1)
    assert strict.state is before
    assert BurracoEnv(reward="win-loss").illegal_penalty == -2.0
    assert BurracoEnv().illegal_penalty == -reward_bound(CLASSIC)
    assert BurracoEnv(reward="scaled").illegal_penalty == -reward_bound(CLASSIC) / 1000
    with pytest.raises(ValueError, match="opponents must hold 3"):
        BurracoEnv(opponents=[RandomAgent()])
    with pytest.raises(ValueError, match="illegal must be"):
        BurracoEnv(illegal="ignore")
    with pytest.raises(ValueError, match="at least the number of players"):
        BurracoEnv(max_turns=3)


def test_gymnasium_truncates_after_max_turns() -> None:
    pytest.importorskip("gymnasium")
    from burraco.envs.gymnasium import BurracoEnv

    env = BurracoEnv(players=2, max_turns=4)
    rng = random.Random(0)
    _, info = env.reset(seed=0)
    truncated = terminated = False
    while not (terminated or truncated):
        token = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        _, _reward, terminated, truncated, info = env.step(token)
    assert env.state.is_over or truncated


class RaisingAgent:
    """An opponent that fails inside ``choose`` at its first decision."""

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        raise RuntimeError("the bot crashed")


class IllegalAgent:
    """An opponent that discards a card it does not hold."""

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        from burraco import Discard, parse_cards

        assert view.hand is not None
        missing = next(card for card in parse_cards("AS 2S 3S 4S 5S") if card not in view.hand)
        return Discard(missing)


def play_learning_turn(env: Any, rng: random.Random, info: dict[str, Any]) -> Any:
    """Step masked random tokens until the learning seat's turn is over (or the episode)."""
    start = env._game.turns
    while env._game.turns == start:
        _, _, terminated, truncated, info = env.step(
            rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        )
        if terminated or truncated:
            break
    return env.state


@pytest.mark.parametrize("opponent", [RaisingAgent, IllegalAgent])
def test_gymnasium_opponent_failure_ends_the_episode_and_never_plays_another_seat(
    opponent: type,
) -> None:
    pytest.importorskip("gymnasium")
    from burraco import GreedyAgent
    from burraco.envs.gymnasium import BurracoEnv

    env = BurracoEnv(players=2, opponents=[opponent()], illegal="raise")
    # seat 1 is dealt first (dealer 0): the opponent fails inside reset
    with pytest.raises(AgentError) as caught:
        env.reset(seed=3)
    assert caught.value.seat == 1 and caught.value.agent == opponent.__name__
    if opponent is RaisingAgent:
        assert caught.value.reason == "agent-failed"
        assert isinstance(caught.value.__cause__, RuntimeError)
    else:
        assert caught.value.action is not None  # the illegal discard
    text = str(caught.value) + " ".join(getattr(caught.value, "__notes__", []))
    assert f"{opponent.__name__} of seat 1" in text and "reset()" in text
    with pytest.raises(RuntimeError, match=r"ended with an error.*reset"):
        env.step(0)
    # the opponent fails inside step, after the learning seat's discard
    env = BurracoEnv(players=2, opponents=[opponent()], illegal="raise")
    _, info = env.reset(seed=3, options={"dealer": 1})
    assert env.state.turn == 0
    rng = random.Random(1)
    with pytest.raises(AgentError) as caught:
        play_learning_turn(env, rng, info)
    text = str(caught.value) + " ".join(getattr(caught.value, "__notes__", []))
    assert f"{opponent.__name__} of seat 1" in text
    stuck = env.state
    assert stuck.turn == 1  # the opponent's turn, left unplayed
    for token in range(env.action_space.n):
        with pytest.raises(RuntimeError, match="ended with an error"):
            env.step(token)
    assert env.state is stuck
    assert env.action_masks().all()
    # reset starts a fresh, working episode
    env._opponents = [GreedyAgent()]
    _, info = env.reset(seed=4, options={"dealer": 1})
    assert env.state.turn == 0 and info["action_mask"].any()


@pytest.mark.parametrize(
    "token", [float("nan"), float("inf"), None, "0", True, np.True_, 2.9, 0.0, [0], b"0"]
)
def test_tokens_that_are_not_whole_numbers_raise_a_typed_error_and_change_nothing(
    token: object,
) -> None:
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    from burraco.envs import burraco_v0
    from burraco.envs.gymnasium import BurracoEnv

    for illegal in ("penalty", "raise"):
        env = BurracoEnv(players=2, illegal=illegal)
        env.reset(seed=1)
        before = env.state
        with pytest.raises(NotationError, match="token") as caught:
            env.step(token)  # type: ignore[arg-type]
        assert caught.value.reason == "bad-action"
        assert env.state is before and env._game.partial == []
    zoo = burraco_v0.env(players=2)
    zoo.reset(seed=1)
    before = zoo.unwrapped.state
    with pytest.raises(NotationError):
        zoo.step(token)
    assert zoo.unwrapped.state is before


def test_numpy_integer_tokens_are_accepted() -> None:
    pytest.importorskip("gymnasium")
    from burraco.envs.gymnasium import BurracoEnv

    env = BurracoEnv(players=2, illegal="raise")
    _, info = env.reset(seed=1)
    token = np.flatnonzero(info["action_mask"])[0]
    for kind in (np.int8, np.int64, np.uint16):
        twin = BurracoEnv(players=2, illegal="raise")
        twin.reset(seed=1)
        twin.step(kind(token))
        assert twin.actions_played == 1
    env.step(np.array(token))  # a 0-d integer array
    assert env.actions_played == 1


def test_gymnasium_env_pickles_mid_episode_and_plays_on_alike() -> None:
    pytest.importorskip("gymnasium")
    import pickle

    from burraco.envs.gymnasium import BurracoEnv

    env = BurracoEnv(players=4, illegal="raise")
    _, info = env.reset(seed=8)
    rng = random.Random(0)
    play_learning_turn(env, rng, info)
    twin = pickle.loads(pickle.dumps(env))
    assert twin.state == env.state
    for _ in range(30):
        mask = env.action_masks()
        assert (mask == twin.action_masks()).all()
        token = rng.choice(np.flatnonzero(mask).tolist())
        one, two = env.step(token), twin.step(token)
        assert (one[0] == two[0]).all() and one[1:4] == two[1:4]
        if one[2] or one[3]:
            break


@pytest.mark.parametrize("vector", ["SyncVectorEnv", "AsyncVectorEnv"])
def test_gymnasium_vector_envs_run_with_masks_that_are_never_empty(vector: str) -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from burraco.envs.gymnasium import ENV_ID

    kind = getattr(gymnasium.vector, vector)
    envs = kind([lambda: gymnasium.make(ENV_ID, players=2, max_turns=6)] * 2)
    try:
        _, infos = envs.reset(seed=5)
        rng = np.random.default_rng(0)
        ended = 0
        for _ in range(60):
            masks = infos["action_mask"]
            assert masks.shape == (2, envs.single_action_space.n) and masks.any(axis=1).all()
            actions = [rng.choice(np.flatnonzero(mask)) for mask in masks]
            _, _, terminated, truncated, infos = envs.step(np.array(actions))
            ended += int((terminated | truncated).sum())
        assert ended >= 2
    finally:
        envs.close()


# --- OpenSpiel ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "players"), CASES)
def test_openspiel_random_simulation_test(rules: Rules, players: int) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import burraco.envs.openspiel  # noqa: F401 - registers the game

    game = pyspiel.load_game(
        "python_burraco", {"players": players, "rules": rules.name.lower(), "max_turns": 30}
    )
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_openspiel_game_parameters() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from burraco.envs.openspiel import rules_of

    assert rules_of({"players": 6, "rules": "fibur"}) == attrs.evolve(FIBUR, players=6)
    game = pyspiel.load_game("python_burraco", {"players": 6})
    assert game.num_distinct_actions() == 177 and game.num_players() == 6
    with pytest.raises(ValueError, match="rules must be one of"):
        rules_of({"rules": "canasta"})


def test_openspiel_resampling_keeps_the_players_information_state() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import burraco.envs.openspiel  # noqa: F401 - registers the game

    game = pyspiel.load_game("python_burraco", {"players": 4, "max_turns": 200})
    state = game.new_initial_state()
    rng = random.Random(4)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = 0
    while not state.is_terminal() and checked < 60:
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
            continue
        player = state.current_player()
        for seat in range(4):
            twin = state.resample_from_infostate(seat, sampler)
            assert twin.observation_string(seat) == state.observation_string(seat)
            assert twin.observation_tensor(seat) == state.observation_tensor(seat)
        twin = state.resample_from_infostate(player, sampler)
        assert twin.current_player() == player
        assert twin.legal_actions() == state.legal_actions()
        state.apply_action(rng.choice(state.legal_actions()))
        checked += 1
    assert checked


def test_openspiel_ismcts_bot_plays() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import ismcts, mcts

    import burraco.envs.openspiel  # noqa: F401 - registers the game

    game = pyspiel.load_game("python_burraco", {"players": 2, "max_turns": 10})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(
        game=game,
        uct_c=2.0,
        evaluator=evaluator,
        max_simulations=4,
        random_state=np.random.RandomState(1),
        use_observation_string=True,
    )
    state = game.new_initial_state()
    rng = random.Random(2)
    moves = 0
    while not state.is_terminal() and moves < 12:
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
    assert moves


def test_openspiel_observers_honour_the_observation_type_asked_for() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.observation import make_observation

    import burraco.envs.openspiel  # noqa: F401 - registers the game

    game = pyspiel.load_game("python_burraco", {"players": 2})
    assert not game.get_type().provides_information_state_tensor
    assert not game.get_type().provides_information_state_string
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, weights)[0])
    state.apply_action(state.legal_actions()[0])  # draw
    assert 55 in state.legal_actions()
    state.apply_action(55)  # "open": a partial action
    private = make_observation(game)
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    player = state.current_player()
    private.set_from(state, player)
    public.set_from(state, player)
    assert private.dict["hand"].any()
    assert private.dict["partial_action"].any()
    assert not public.dict["hand"].any() and not public.dict["partial_action"].any()
    for name in ("discard_pile", "hand_sizes", "stock_size", "turn", "phase"):
        assert (public.dict[name] == private.dict[name]).all()
    assert "hand:" not in public.string_from(state, player)
    assert "hand:" in private.string_from(state, player)
    with pytest.raises(ValueError, match="perfect-recall"):
        make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    with pytest.raises(ValueError, match="every player"):
        make_observation(
            game,
            pyspiel.IIGObservationType(
                perfect_recall=False,
                public_info=True,
                private_info=pyspiel.PrivateInfoType.ALL_PLAYERS,
            ),
        )


@pytest.mark.parametrize("players", [3, 6])
def test_three_and_six_players(players: int) -> None:
    pytest.importorskip("pettingzoo")
    gymnasium = pytest.importorskip("gymnasium")
    pyspiel = pytest.importorskip("pyspiel")
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test

    import burraco.envs.openspiel  # noqa: F401 - registers the game
    from burraco.envs import burraco_v0
    from burraco.envs.gymnasium import ENV_ID

    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        api_test(burraco_v0.env(players=players, max_turns=20), num_cycles=50)
    check_env(gymnasium.make(ENV_ID, players=players).unwrapped, skip_render_check=True)
    game = pyspiel.load_game("python_burraco", {"players": players, "max_turns": 12})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    assert game.num_distinct_actions() == (177 if players == 6 else 159)


def test_seeded_play_gives_the_observation_vectors_on_file() -> None:
    # the first hands of benchmarks/rl_digests.py (whose whole run, 20,000 steps, nox -s
    # rlbench checks): every observation and mask, and every seat's vector from its view,
    # byte for byte; a change of the layout must update it with a note in the reference
    pytest.importorskip("pettingzoo")
    found = benchmark("rl_digests").observations(600, 7)
    assert (found["steps"], found["hands"], found["view_vectors"]) == (823, 8, 547)
    assert found["digest"] == "f4751661e9adb8d9990ec186980900f0c34f0d7f681e79e193a1a581046f600b"
