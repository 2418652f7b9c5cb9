"""burraco.encoding: token spellings, prefix-tree masks, action features, observation vectors."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco import (
    CLASSIC,
    FIBUR,
    INTERNATIONAL,
    Action,
    AddToMeld,
    Discard,
    DrawStock,
    GameState,
    NotationError,
    OpenMeld,
    Rank,
    Rules,
    TakeDiscardPile,
    apply,
    legal_actions,
    new_game,
    observe,
    parse_action,
    parse_cards,
)
from burraco.agents import GreedyAgent
from burraco.testing import game_states

np = pytest.importorskip("numpy")

from burraco.encoding import (  # noqa: E402 - after the skip
    ActionSpace,
    ActionTree,
    ObservationEncoder,
    action_features,
    action_mask,
    describe,
)

PRESETS = (CLASSIC, FIBUR, INTERNATIONAL)


def spell_all(tree: ActionTree, prefix: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
    """Every complete spelling reachable by following the masks, checking each mask on the
    way: a complete action has no continuation, an incomplete prefix always has one."""
    if tree.action(prefix) is not None:
        assert tree.next_tokens(prefix) == ()
        return [prefix]
    following = tree.next_tokens(prefix)
    assert following, f"a dead end after {prefix}"
    assert list(following) == sorted(set(following))
    out = []
    for token in following:
        out.extend(spell_all(tree, (*prefix, token)))
    return out


def check_position(state: GameState) -> None:
    space = ActionSpace(state.rules)
    legal = legal_actions(state)
    tree = ActionTree(legal, space)
    if state.is_over:
        assert legal == [] and not tree.mask().any()
        return
    spellings = spell_all(tree)
    decoded = [space.decode(tokens) for tokens in spellings]
    assert len(decoded) == len(set(decoded)) == len(legal)
    assert Counter(decoded) == Counter(legal)
    for tokens, action in zip(spellings, decoded, strict=True):
        assert tree.action(tokens) == action
        assert space.encode(action) == tokens
        assert all(0 <= token < space.size for token in tokens)


def played(rules: Rules, seed: int, actions: int) -> list[GameState]:
    """The positions of a hand played by greedy agents (rich in melds), one per action."""
    state = new_game(rules, seed=seed)
    agents = [GreedyAgent() for _ in range(rules.players)]
    out = [state]
    for _ in range(actions):
        if state.is_over:
            break
        action = agents[state.turn].choose(observe(state, state.turn), legal_actions(state))
        state = apply(state, action)
        out.append(state)
    return out


def test_the_vocabulary_sizes() -> None:
    two_packs = ActionSpace(CLASSIC)
    three_packs = ActionSpace(attrs.evolve(CLASSIC, players=6))
    assert (two_packs.size, two_packs.max_melds) == (159, 36)
    assert (three_packs.size, three_packs.max_melds) == (177, 54)
    assert ActionSpace(attrs.evolve(CLASSIC, players=2)).size == 159


def test_token_names_cover_the_vocabulary() -> None:
    space = ActionSpace()
    names = [space.token_name(token) for token in range(space.size)]
    assert len(set(names)) == space.size
    assert names[0] == "draw" and names[1] == "pick" and names[-1] == "commit"
    assert names[space.OPEN] == "open" and names[space.add_base + 3] == "add 3"
    assert names[space.card_base + 52] == "JK" and names[space.wild_base + 3] == "=4"
    with pytest.raises(ValueError, match="from 0 to 158"):
        space.token_name(159)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("draw", ["draw"]),
        ("pick", ["pick"]),
        ("discard 9C", ["discard 9C"]),
        ("open 6H 5H JK", ["open", "5H", "6H", "JK", "commit"]),
        ("open 5H 6H JK=4H", ["open", "5H", "6H", "JK", "=4", "commit"]),
        ("open 7H 7H 7D", ["open", "7H", "7H", "7D", "commit"]),
        ("add 2 8H 7H", ["add 2", "7H", "8H", "commit"]),
    ],
)
def test_an_action_has_one_spelling(text: str, names: list[str]) -> None:
    space = ActionSpace()
    action = parse_action(text)
    tokens = space.encode(action)
    assert [space.token_name(token) for token in tokens] == names
    assert space.decode(tokens) == action


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ([], "no tokens"),
        (["draw", "commit"], "whole action"),
        (["open", "5H", "6H"], "ends with commit"),
        (["open", "commit"], "one or more card"),
        (["open", "6H", "5H", "7H", "commit"], "ascending"),
        (["7H", "commit"], "starts with"),
    ],
)
def test_bad_spellings_are_rejected(names: list[str], message: str) -> None:
    space = ActionSpace()
    by_name = {space.token_name(token): token for token in range(space.size)}
    with pytest.raises(NotationError, match=message) as caught:
        space.decode([by_name[name] for name in names])
    assert caught.value.reason == "bad-action"


def test_a_meld_given_by_value_or_out_of_range_cannot_be_encoded() -> None:
    space = ActionSpace()
    with pytest.raises(ValueError, match="index from 0 to 35"):
        space.encode(AddToMeld(36, parse_cards("7H")))


@pytest.mark.parametrize("rules", PRESETS, ids=lambda rules: rules.name)
@pytest.mark.parametrize("players", [2, 4])
def test_decoding_every_masked_spelling_gives_exactly_the_legal_actions(
    rules: Rules, players: int
) -> None:
    rules = attrs.evolve(rules, players=players)
    for seed in range(2):
        for state in played(rules, seed, 120):
            check_position(state)


@settings(max_examples=40)
@given(game_states(max_steps=150))
def test_decoding_every_masked_spelling_gives_exactly_the_legal_actions_anywhere(
    state: GameState,
) -> None:
    check_position(state)


def test_a_wild_rank_token_is_offered_only_where_the_wild_may_move() -> None:
    space = ActionSpace()
    seen = 0
    for state in played(CLASSIC, 3, 60):
        tree = ActionTree(legal_actions(state), space)
        for tokens, action in tree.spellings().items():
            has_wild_token = any(space.wild_base <= token < space.commit for token in tokens)
            assert has_wild_token == (getattr(action, "wild_as", None) is not None)
            seen += has_wild_token
    assert seen


def test_the_mask_is_non_empty_until_the_hand_ends() -> None:
    space = ActionSpace()
    state = new_game(seed=11)
    rng = random.Random(11)
    while True:
        tree = ActionTree(legal_actions(state), space)
        prefix: list[int] = []
        while tree.action(prefix) is None:
            mask = tree.mask(prefix)
            if state.is_over:
                assert not mask.any()
                return
            assert mask.dtype == np.int8 and mask.any()
            prefix.append(rng.choice(np.flatnonzero(mask).tolist()))
        action = tree.action(prefix)
        assert action is not None
        state = apply(state, action)


def test_action_mask_helper_agrees_with_the_tree() -> None:
    state = played(CLASSIC, 5, 3)[-1]
    space = ActionSpace()
    tree = ActionTree(legal_actions(state), space)
    assert (action_mask(state) == tree.mask()).all()
    assert (action_mask(state, (space.OPEN,)) == tree.mask((space.OPEN,))).all()
    assert ActionTree([DrawStock(), DrawStock()], space).next_tokens() == (0,)
    with pytest.raises(ValueError, match="twice"):
        ActionTree([DrawStock(), DrawStock()], space).spellings()


def test_action_features_describe_each_action() -> None:
    state = played(CLASSIC, 1, 40)[-1]
    view = observe(state, state.turn)
    actions: list[Action] = [DrawStock(), TakeDiscardPile(), Discard(parse_cards("9C")[0])]
    actions.append(OpenMeld(parse_cards("5H 6H JK"), Rank.FOUR))
    features = action_features(view, actions)
    space = ActionSpace()
    assert features.shape == (4, 5 + 53 + space.max_melds + 13 + 53)
    assert features.dtype == np.float32
    assert features[:, :5].argmax(axis=1).tolist() == [0, 1, 4, 2]
    assert features[3, 5:58].sum() == 3 and features[3, 5 + 52] == 1
    assert features[3, 5 + 53 + space.max_melds + 3] == 1  # wild_as four
    melds = view.melds[view.team]
    if melds:
        add = AddToMeld(0, melds[0].cards[:1])
        row = action_features(view, [add])[0]
        assert row[3] == 1 and row[5 + 53] == 1
        assert row[-53:].sum() == len(melds[0].cards)


def test_the_observation_layout_is_contiguous_and_named() -> None:
    for players in (2, 3, 4, 6):
        encoder = ObservationEncoder(attrs.evolve(CLASSIC, players=players))
        offset = 0
        for part in encoder.slices:
            assert part.offset == offset and part.length > 0
            offset = part.stop
        assert offset == encoder.size
        assert encoder.high().shape == (encoder.size,) and (encoder.high() > 0).all()
    encoder = ObservationEncoder()
    assert encoder.size == 5887
    assert encoder.slice("hand").length == 53
    with pytest.raises(KeyError, match="partial_action"):
        encoder.slice("nothing")


def test_the_observation_reads_the_view() -> None:
    state = played(CLASSIC, 2, 60)[-1]
    seat = state.turn
    encoder = ObservationEncoder()
    view = observe(state, seat)
    vector = encoder.encode(view)
    assert vector.dtype == np.float32 and vector.shape == (encoder.size,)
    assert (vector >= 0).all() and (vector <= encoder.high()).all()
    hand = encoder.slice("hand")
    assert vector[hand.offset : hand.stop].sum() == len(state.hands[seat])
    sizes = encoder.slice("hand_sizes")
    expected = [len(state.hands[(seat + k) % 4]) for k in range(4)]
    assert vector[sizes.offset : sizes.stop].tolist() == expected
    stock = encoder.slice("stock_size")
    assert vector[stock.offset] == len(state.stock)
    melds = encoder.slice("melds")
    present = vector[melds.offset : melds.stop].reshape(2, 36, 74)[:, :, 0].sum(axis=1)
    team = seat % 2
    assert present.tolist() == [len(state.melds[team]), len(state.melds[1 - team])]
    partial = encoder.slice("partial_action")
    space = encoder.space
    spelled = encoder.encode(view, [space.OPEN, space.card_base, space.card_base])
    assert spelled[partial.offset + space.OPEN] == 1
    assert spelled[partial.offset + space.card_base] == 2


def test_two_states_with_equal_views_give_equal_observations() -> None:
    encoder = ObservationEncoder()
    compared = 0
    for state in played(CLASSIC, 4, 80)[::10]:
        seat = (state.turn + 1) % 4
        other = (seat + 1) % 4
        hand = state.hands[other]
        stock = state.stock
        swap = next((card for card in stock if card not in hand), None)
        if swap is None or not hand:
            continue
        moved = hand[-1]
        new_hand = tuple(sorted((*hand[:-1], swap), key=lambda card: card.code))
        index = stock.index(swap)
        new_stock = (*stock[:index], moved, *stock[index + 1 :])
        hands = (*state.hands[:other], new_hand, *state.hands[other + 1 :])
        twin = attrs.evolve(state, hands=hands, stock=new_stock)
        assert twin != state
        if observe(twin, seat) != observe(state, seat):
            continue
        assert (encoder.encode(observe(twin, seat)) == encoder.encode(observe(state, seat))).all()
        compared += 1
    assert compared >= 3


def test_describe_prints_the_parts_back() -> None:
    state = played(CLASSIC, 2, 50)[-1]
    view = observe(state, state.turn)
    encoder = ObservationEncoder()
    text = describe(encoder.encode(view, [encoder.space.OPEN, encoder.space.card_base]))
    assert text.splitlines()[0].startswith("hand: ")
    assert "partial_action: open AS" in text
    assert f"stock_size: {len(state.stock)}" in text
    assert describe(encoder.encode(view)) == describe(encoder.encode(view), CLASSIC)
    with pytest.raises(ValueError, match="no observation layout"):
        describe(np.zeros(7))


def test_an_encoder_refuses_a_view_of_another_table() -> None:
    view = observe(new_game(attrs.evolve(CLASSIC, players=2), seed=1), 0)
    with pytest.raises(ValueError, match="for 4 players"):
        ObservationEncoder().encode(view)


@given(st.integers(0, 10_000))
@settings(max_examples=20)
def test_every_discard_token_round_trips(code: int) -> None:
    space = ActionSpace()
    token = space.DISCARD_BASE + code % 53
    assert space.encode(space.decode([token])) == (token,)


@pytest.mark.parametrize("players", [2, 4])
def test_determinized_states_give_equal_observations(players: int) -> None:
    from burraco import determinize

    rules = attrs.evolve(CLASSIC, players=players)
    encoder = ObservationEncoder(rules)
    rng = random.Random(players)
    compared = 0
    for state in played(rules, 6, 100)[::7]:
        for seat in range(players):
            view = observe(state, seat)
            twin = determinize(view, rng)
            assert observe(twin, seat) == view
            partial = [encoder.space.OPEN] if seat == state.turn else []
            assert (
                encoder.encode(observe(twin, seat), partial) == encoder.encode(view, partial)
            ).all()
            compared += twin != state
    assert compared


def test_known_cards_are_in_the_observation() -> None:
    encoder = ObservationEncoder()
    known = encoder.slice("known_cards")
    found = 0
    for state in played(CLASSIC, 8, 150):
        for seat in range(4):
            view = observe(state, seat)
            vector = encoder.encode(view)
            rows = vector[known.offset : known.stop].reshape(4, 53)
            for slot in range(4):
                cards = view.known_cards[(seat + slot) % 4]
                assert rows[slot].sum() == len(cards)
                assert all(rows[slot][card.code] >= 1 for card in cards)
                found += len(cards)
    assert found


def test_the_reference_table_matches_the_layout() -> None:
    import re
    from pathlib import Path

    page = Path(__file__).parent.parent / "docs" / "reference" / "encoding.md"
    rows = re.findall(
        r"^\| `(\w+)` \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|",
        page.read_text(encoding="utf-8"),
        re.MULTILINE,
    )
    encoders = [ObservationEncoder(attrs.evolve(CLASSIC, players=n)) for n in (4, 2, 6)]
    expected = [
        (parts[0].name, *[str(v) for part in parts for v in (part.offset, part.length)])
        for parts in zip(*(encoder.slices for encoder in encoders), strict=True)
    ]
    assert [tuple(row) for row in rows] == expected


def test_decoding_every_masked_spelling_in_forty_card_hands() -> None:
    state = apply(new_game(seed=1), DrawStock())
    rng = random.Random(0)
    sizes = []
    for _ in range(3):
        stock = list(state.stock)
        rng.shuffle(stock)
        hand = tuple(sorted(state.hand + tuple(stock[:28]), key=lambda card: card.code))
        hands = (*state.hands[: state.turn], hand, *state.hands[state.turn + 1 :])
        big = attrs.evolve(state, hands=hands, stock=tuple(stock[28:]))
        check_position(big)
        sizes.append(len(legal_actions(big)))
    assert min(sizes) > 500


@settings(max_examples=60, deadline=None)
@given(state=game_states(), data=st.data())
def test_the_state_path_gives_the_views_vector(state: GameState, data: st.DataObject) -> None:
    encoder = ObservationEncoder(state.rules)
    for seat in range(len(state.hands)):
        partial = data.draw(st.lists(st.integers(0, encoder.space.size - 1), max_size=4))
        by_view = encoder.encode(observe(state, seat), partial)
        assert (encoder._encode_state(state, seat, partial) == by_view).all()
        # a second call finds the piles and melds in the memos: the same vector again
        assert (encoder.encode(observe(state, seat), partial) == by_view).all()


@settings(max_examples=60, deadline=None)
@given(state=game_states())
def test_every_entry_lies_within_its_own_bound(state: GameState) -> None:
    encoder = ObservationEncoder(state.rules)
    high = encoder.high()
    for seat in range(len(state.hands)):
        vector = encoder.encode(observe(state, seat), [encoder.space.OPEN])
        assert (vector >= 0).all() and (vector <= high).all()


def test_flags_and_one_hot_entries_are_bounded_by_one() -> None:
    encoder = ObservationEncoder()
    high = encoder.high()
    melds = encoder.slice("melds")
    flags = high[melds.offset : melds.offset + 8 + 13]
    assert (flags == 1).all()
    hand = encoder.slice("hand")
    assert high[hand.offset] == 2 and high[hand.offset + 52] == 4  # AS: 2 copies, JK: 4
    for name in ("phase", "turn", "dealer", "discard_top", "hand_hidden", "melded_this_turn"):
        part = encoder.slice(name)
        assert (high[part.offset : part.stop] == 1).all()
    points = encoder.slice("table_points")
    assert high[points.offset] < 10_440


@pytest.mark.parametrize("partial", [[-1], [-159], [159], [10**6], [0, -5]])
def test_a_partial_token_out_of_range_is_refused(partial: list[int]) -> None:
    encoder = ObservationEncoder()
    view = observe(new_game(seed=1), 0)
    with pytest.raises(NotationError, match="from 0 to 158") as caught:
        encoder.encode(view, partial)
    assert caught.value.reason == "bad-action"


@pytest.mark.parametrize("token", [2.0, float("nan"), None, "3", True])
def test_a_partial_token_that_is_not_a_whole_number_is_refused(token: object) -> None:
    encoder = ObservationEncoder()
    view = observe(new_game(seed=1), 0)
    with pytest.raises(NotationError, match="whole number"):
        encoder.encode(view, [token])  # type: ignore[list-item]


def test_observations_are_fresh_arrays_the_caller_may_change() -> None:
    encoder = ObservationEncoder()
    state = new_game(seed=2)
    first = encoder.encode(observe(state, 0))
    kept = first.copy()
    first[:] = 7
    assert (encoder.encode(observe(state, 0)) == kept).all()
    tree = ActionTree(legal_actions(state), encoder.space)
    mask = tree.mask()
    mask[:] = 1
    assert tree.mask().sum() == len(tree.next_tokens())


def test_an_encoder_pickles_to_one_with_the_same_layout() -> None:
    import pickle

    encoder = ObservationEncoder(attrs.evolve(CLASSIC, players=6))
    view = observe(new_game(encoder._rules, seed=3), 2)
    twin = pickle.loads(pickle.dumps(encoder))
    assert twin.size == encoder.size and twin.slices == encoder.slices
    assert (twin.encode(view) == encoder.encode(view)).all()


def test_numpy_integer_tokens_work_wherever_tokens_are_taken() -> None:
    state = apply(new_game(seed=7), DrawStock())
    space = ActionSpace(state.rules)
    tree = ActionTree(legal_actions(state), space)
    spelling = space.encode(legal_actions(state)[0])
    as_numpy = [np.int64(token) for token in spelling]
    assert space.decode(as_numpy) == space.decode(spelling)
    assert space.token_name(np.int16(spelling[0])) == space.token_name(spelling[0])
    assert tree.next_tokens(as_numpy[:1]) == tree.next_tokens(spelling[:1])
    assert (tree.mask(as_numpy[:2]) == tree.mask(spelling[:2])).all()
    assert tree.action(as_numpy) == tree.action(spelling) == legal_actions(state)[0]
    encoder = ObservationEncoder(state.rules)
    view = observe(state, state.turn)
    assert (encoder.encode(view, as_numpy[:2]) == encoder.encode(view, spelling[:2])).all()
    with pytest.raises(NotationError, match="whole number"):
        space.decode([float(token) for token in spelling])  # type: ignore[misc]
