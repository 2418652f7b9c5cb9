"""Whole hands of random play: invariants, legality agreement, illegal actions, hidden cards."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Iterator
from typing import Final

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from burraco import (
    CLASSIC,
    FEBURIT,
    FIBUR,
    INTERNATIONAL,
    JOKER,
    PRESETS,
    REALE,
    Action,
    AddToMeld,
    Card,
    Discard,
    DrawStock,
    EndReason,
    GameState,
    IllegalActionError,
    InvalidMeldError,
    InvalidStateError,
    Meld,
    OpenMeld,
    Partnerships,
    Phase,
    Rank,
    Reason,
    Rules,
    Suit,
    TakeDiscardPile,
    apply,
    determinize,
    format_cards,
    is_legal,
    legal_actions,
    make_deck,
    new_game,
    observe,
    parse_action,
    validate_meld,
)
from burraco.serialize import from_dict, to_dict
from tests.helpers import all_cards, random_play, slow_but_first
from tests.soak import final_state, random_hand

RULE_SETS = [
    pytest.param(CLASSIC, id="classic-4"),
    pytest.param(FIBUR, id="fibur-4"),
    pytest.param(INTERNATIONAL, id="international-4"),
    pytest.param(attrs.evolve(CLASSIC, players=2), id="classic-2"),
    pytest.param(attrs.evolve(FIBUR, players=3), id="fibur-3"),
    pytest.param(attrs.evolve(CLASSIC, players=6), id="classic-6"),
    pytest.param(attrs.evolve(INTERNATIONAL, players=2), id="international-2"),
    pytest.param(FEBURIT, id="feburit-4"),
    pytest.param(attrs.evolve(FEBURIT, players=3), id="feburit-3"),
    pytest.param(REALE, id="reale-4"),
    pytest.param(attrs.evolve(REALE, players=2), id="reale-2"),
    pytest.param(attrs.evolve(REALE, players=6), id="reale-6"),
    pytest.param(
        attrs.evolve(
            CLASSIC, pozzetti_as_reserve_stock=True, stock_end="immediately", name="german"
        ),
        id="german-4",
    ),
    pytest.param(
        attrs.evolve(
            CLASSIC,
            natural_two_locked=True,
            wild_as_second_ace=False,
            one_set_per_rank=False,
            closing_discard_may_be_wild=True,
            untaken_pozzetto_penalty="if-opponents-closed",
        ),
        id="switches-4",
    ),
]
MAX_STEPS = 5000
HEAVY = settings(
    max_examples=15, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)


def check_state(state: GameState) -> None:
    """The invariants every reachable state keeps."""
    rules = state.rules
    assert all_cards(state) == Counter(make_deck(rules.packs, jokers=rules.jokers))
    assert 0 <= state.turn < rules.players
    assert (state.phase is Phase.OVER) == (state.outcome is not None)
    for hand in state.hands:
        assert list(hand) == sorted(hand)
    for melds in state.melds:
        for meld in melds:
            assert Meld.parse(str(meld)) == meld
            assert len(meld.cards) >= 3
            if meld.rank is not None:
                assert meld.rank in rules.set_ranks
        if rules.one_set_per_rank:
            ranks = [meld.rank for meld in melds if meld.rank is not None]
            assert len(ranks) == len(set(ranks))
    assert len(state.pozzetti) + sum(state.pozzetto_taken) <= rules.teams
    if not rules.pozzetti_as_reserve_stock:
        assert len(state.pozzetti) + sum(state.pozzetto_taken) == rules.teams
    for seat in state.unseen_pozzetto:
        assert state.pozzetto_taken[state.team_of(seat)]
    if state.phase is Phase.DRAW:
        assert len(state.stock) >= 3
        assert state.discard_pile
        assert state.hands[state.turn]
        assert state.taken_from_pile == 0
        assert not state.melded_this_turn
    if state.phase is Phase.PLAY:
        assert state.hands[state.turn]


def play_by_index(
    rules: Rules, data: st.DataObject
) -> Iterator[tuple[GameState, list[Action], Action]]:
    state = new_game(rules, seed=data.draw(st.integers(0, 2**32 - 1), label="seed"))
    for _ in range(MAX_STEPS):
        actions = legal_actions(state)
        if not actions:
            assert state.is_over
            return
        action = actions[data.draw(st.integers(0, len(actions) - 1), label="choice")]
        yield state, actions, action
        state = apply(state, action)
    raise AssertionError(f"the hand did not end in {MAX_STEPS} steps")


@pytest.mark.parametrize("rules", RULE_SETS)
@HEAVY
@given(data=st.data())
def test_random_play_keeps_every_invariant_and_ends(rules: Rules, data: st.DataObject) -> None:
    last = None
    for state, actions, action in play_by_index(rules, data):
        check_state(state)
        assert not state.is_over
        assert len(set(actions)) == len(actions)
        for offered in actions:
            assert is_legal(state, offered)
        after = apply(state, action)
        assert parse_action(str(action)) == action
        last = after
    assert last is not None
    check_state(last)
    assert last.is_over


@pytest.mark.parametrize("rules", RULE_SETS)
def test_apply_is_pure_and_deterministic(rules: Rules) -> None:
    for state, action in random_play(rules, seed=11):
        snapshot = pickle.dumps(state)
        first = apply(state, action)
        assert apply(state, action) == first
        assert pickle.dumps(state) == snapshot


def test_legal_actions_are_in_a_deterministic_order() -> None:
    for state, _ in random_play(CLASSIC, seed=5):
        assert legal_actions(state) == legal_actions(pickle.loads(pickle.dumps(state)))


# --- agreement with brute force -----------------------------------------------------------------


def sub_multisets(hand: tuple[Card, ...]) -> Iterator[tuple[Card, ...]]:
    counts = sorted(Counter(hand).items(), key=lambda item: item[0].code)

    def build(i: int) -> Iterator[tuple[Card, ...]]:
        if i == len(counts):
            yield ()
            return
        card, count = counts[i]
        for rest in build(i + 1):
            for k in range(count + 1):
                yield (card,) * k + rest

    yield from (sub for sub in build(0) if sub)


def has_wild(cards: tuple[Card, ...]) -> bool:
    return any(card.is_joker or card.is_two for card in cards)


def brute_force_meld_actions(state: GameState) -> Iterator[Action]:
    team_melds = state.melds[state.current_team]
    for cards in sub_multisets(state.hand):
        if len(cards) >= 3:
            for wild_as in [None, *Rank] if has_wild(cards) else [None]:
                yield OpenMeld(cards, wild_as)
        for index, meld in enumerate(team_melds):
            choices = [None, *Rank] if has_wild(cards) or meld.wild is not None else [None]
            for wild_as in choices:
                yield AddToMeld(index, cards, wild_as)


def brute_force_positions(rules: Rules, wanted: int, max_hand: int) -> Iterator[GameState]:
    """Play-phase positions from random hands, with small hands (brute force is exponential)."""
    found = 0
    for seed in range(1000):
        for state, _ in random_play(rules, seed):
            if state.phase is Phase.PLAY and 4 <= len(state.hand) <= max_hand:
                yield state
                found += 1
                if found == wanted:
                    return
                break  # one position per hand, for variety


@pytest.mark.parametrize(
    "rules", slow_but_first([RULE_SETS[0], RULE_SETS[2], RULE_SETS[5], RULE_SETS[8]])
)
def test_legal_actions_reach_every_state_that_any_meld_reaches(rules: Rules) -> None:
    """Every open or add that ``apply`` accepts gives a state that some listed action gives,
    and no two listed actions give the same state."""
    for state in brute_force_positions(rules, wanted=20, max_hand=9):
        listed = legal_actions(state)
        reached = [apply(state, action) for action in listed]
        assert len(set(reached)) == len(reached)
        for action in brute_force_meld_actions(state):
            try:
                after = apply(state, action)
            except IllegalActionError:
                continue
            assert after in reached, (str(action), str(state))


# --- illegal actions ----------------------------------------------------------------------------

DECK_CARDS = sorted(set(make_deck()), key=lambda card: card.code)


@st.composite
def illegal_cases(draw: st.DrawFn, state: GameState) -> tuple[Action, Reason]:
    """An action that is illegal in ``state`` and the reason it must be refused for."""
    hand = state.hands[state.turn]
    missing = [card for card in DECK_CARDS if card not in hand]
    if state.phase is Phase.OVER:
        over: list[Action] = [DrawStock(), TakeDiscardPile(), Discard(JOKER)]
        action = draw(st.sampled_from(over))
        return action, Reason.GAME_OVER
    if state.phase is Phase.DRAW:
        early: list[Action] = [
            Discard(hand[0]),
            OpenMeld(hand[:3]) if len(hand) >= 3 else Discard(hand[-1]),
        ]
        wrong = draw(st.sampled_from(early))
        return wrong, Reason.WRONG_PHASE
    kind = draw(st.sampled_from(["phase", "missing", "meld", "index"]))
    if kind == "phase":
        drawing: list[Action] = [DrawStock(), TakeDiscardPile()]
        return draw(st.sampled_from(drawing)), Reason.WRONG_PHASE
    if kind == "missing" and missing:
        return Discard(draw(st.sampled_from(missing))), Reason.CARD_NOT_IN_HAND
    if kind == "meld" and len(hand) >= 3:
        cards = draw(
            st.lists(
                st.sampled_from(range(len(hand))),
                min_size=3,
                max_size=min(6, len(hand)),
                unique=True,
            )
        )
        chosen = tuple(hand[i] for i in cards)
        try:
            validate_meld(chosen, state.rules)
        except InvalidMeldError as error:
            return OpenMeld(chosen), error.reason
    count = len(state.melds[state.current_team])
    return AddToMeld(count + draw(st.integers(0, 3)), hand[:1]), Reason.NO_SUCH_MELD


@pytest.mark.parametrize("rules", RULE_SETS[:4])
@HEAVY
@given(data=st.data())
def test_random_illegal_actions_are_refused_with_their_reason_and_change_nothing(
    rules: Rules, data: st.DataObject
) -> None:
    final = None
    for state, actions, action in play_by_index(rules, data):
        illegal, reason = data.draw(illegal_cases(state), label="illegal")
        snapshot = pickle.dumps(state)
        with pytest.raises(IllegalActionError) as caught:
            apply(state, illegal)
        assert caught.value.reason == reason
        assert caught.value.seat == state.turn
        assert caught.value.action == illegal
        assert f"'{illegal}'" in str(caught.value)
        assert pickle.dumps(state) == snapshot
        assert not is_legal(state, illegal)
        assert illegal not in actions
        final = apply(state, action)
    assert final is not None
    illegal, reason = data.draw(illegal_cases(final), label="after the end")
    with pytest.raises(IllegalActionError) as caught:
        apply(final, illegal)
    assert caught.value.reason is Reason.GAME_OVER


# --- what a seat may see ------------------------------------------------------------------------


def hide_and_shuffle(state: GameState, seat: int, chooser: random.Random) -> GameState:
    """The same position with every card hidden from ``seat`` redistributed at random."""
    hidden_hands = [s for s in range(len(state.hands)) if s != seat or s in state.unseen_pozzetto]
    pool = list(state.stock) + [c for s in hidden_hands for c in state.hands[s]]
    pool += [c for pozzetto in state.pozzetti for c in pozzetto]
    chooser.shuffle(pool)
    hands = list(state.hands)
    for s in hidden_hands:
        size = len(hands[s])
        hands[s], pool = tuple(sorted(pool[:size])), pool[size:]
    pozzetti = []
    for pozzetto in state.pozzetti:
        pozzetti.append(tuple(pool[: len(pozzetto)]))
        pool = pool[len(pozzetto) :]
    return attrs.evolve(state, hands=tuple(hands), pozzetti=tuple(pozzetti), stock=tuple(pool))


@pytest.mark.parametrize("rules", RULE_SETS[:6])
def test_views_are_equal_for_states_that_differ_only_in_hidden_cards(rules: Rules) -> None:
    chooser = random.Random(3)
    differing = 0
    for state, _ in random_play(rules, seed=21):
        for seat in range(rules.players):
            twin = hide_and_shuffle(state, seat, chooser)
            assert observe(twin, seat) == observe(state, seat)
            differing += twin != state
    assert differing > 0


def test_a_view_shows_the_own_hand_and_only_sizes_of_the_others() -> None:
    state = new_game(seed=9)
    view = observe(state, 1)
    assert view.hand == state.hands[1]
    assert view.hand_sizes == (11, 11, 11, 11)
    assert view.stock_size == 41 and view.pozzetti_left == 2
    assert view.discard_pile == state.discard_pile
    assert view.is_my_turn and view.team == 1
    with pytest.raises(ValueError, match="seat"):
        observe(state, 4)


def test_every_card_is_dealt_from_the_packs() -> None:
    state = new_game(attrs.evolve(CLASSIC, players=6), seed=2)
    assert all_cards(state)[Card(Rank.SEVEN, Suit.HEARTS)] == 3


# --- hostile known cards in saved games and views (issue 41) ------------------------------------


def pile_taking_play(rules: Rules, seed: int) -> Iterator[tuple[GameState, int]]:
    """A hand that takes the discard pile whenever it may (else plays at random): each state,
    with how many cards were taken with the pile before it."""
    chooser = random.Random(seed)
    state = new_game(rules, seed=seed)
    taken = 0
    while True:
        yield state, taken
        actions = legal_actions(state)
        if not actions:
            return
        picks = [action for action in actions if isinstance(action, TakeDiscardPile)]
        action = picks[0] if picks and chooser.random() < 0.8 else chooser.choice(actions)
        if isinstance(action, TakeDiscardPile):
            taken += len(state.discard_pile)
        state = apply(state, action)


def with_known(state: GameState, seat: int) -> tuple[tuple[Card, ...], ...]:
    """The state's known cards, but ``seat``'s whole hand known (a hostile ``known`` field)."""
    return tuple(
        state.hands[seat] if other == seat else cards for other, cards in enumerate(state.known)
    )


def load_game(document: dict[str, object]) -> GameState | InvalidStateError:
    """The game a document holds, or the error that rejects it."""
    try:
        return from_dict(document, GameState)
    except InvalidStateError as error:
        return error


@pytest.mark.parametrize("rules", RULE_SETS[:6])
def test_saved_games_and_views_with_hostile_known_cards_leak_nothing_the_pile_did_not_show(
    rules: Rules,
) -> None:
    chooser = random.Random(7)
    rejected = accepted = 0
    for state, taken in pile_taking_play(rules, seed=31):
        seat = chooser.randrange(rules.players)
        other = (seat + 1) % rules.players
        known = with_known(state, other)
        if known == state.known or other in state.unseen_pozzetto:
            continue
        document = to_dict(state)
        document["known"] = [format_cards(cards) for cards in known]
        hostile = attrs.evolve(state, known=known)
        view = observe(hostile, seat)
        count = sum(map(len, known))
        loaded = load_game(document)
        if isinstance(loaded, InvalidStateError):
            rejected += 1
            assert loaded.path == "known"
            with pytest.raises(InvalidStateError):
                from_dict(to_dict(view))
            with pytest.raises(InvalidStateError) as caught:
                determinize(view, random.Random(1))
            assert caught.value.path == "known_cards"
            continue
        # Accepted: the state's counts allow so many cards taken with the pile (the check
        # without a history); then the view is one that a state gives, and only that.
        accepted += 1
        assert loaded == hostile and taken + count > 0
        assert from_dict(to_dict(view)) == view
        twin = determinize(view, random.Random(2))
        assert observe(twin, seat) == view and twin.known == known
    assert rejected > 0 and accepted > 0


def test_a_new_deal_with_any_known_card_is_rejected_as_a_saved_game_and_as_a_view() -> None:
    state = new_game(seed=12)
    for seat in range(4):
        for other in range(4):
            known = tuple(
                (card,) if index == other else ()
                for index, card in enumerate(state.hands[other][:1] * 4)
            )
            document = to_dict(state)
            document["known"] = [format_cards(cards) for cards in known]
            with pytest.raises(InvalidStateError, match="at most 0 were taken"):
                from_dict(document)
            view = observe(attrs.evolve(state, known=known), seat)
            with pytest.raises(InvalidStateError, match="at most 0 were taken"):
                from_dict(to_dict(view))
            with pytest.raises(InvalidStateError, match="at most 0 were taken"):
                determinize(view, random.Random(0))


# --- no preset reaches a dead end ---------------------------------------------------------------

DEAD_END_HANDS: Final = 2000
"""Random hands per preset: a quarter for each player count, half of them eager (see
``tests.soak``). ``nox -s soak`` plays many more, with every state checked."""


def _seated(preset: Rules, index: int) -> Rules:
    """``preset`` for 2, 3, 4 or 6 players in turn with ``index``; a preset of rules §14 keeps
    its own number of players."""
    if preset.partnerships is not Partnerships.FIXED:
        return preset
    return attrs.evolve(preset, players=(2, 3, 4, 6)[index % 4])


@pytest.mark.parametrize("preset", slow_but_first(sorted(PRESETS), sorted(PRESETS)))
def test_no_preset_reaches_a_position_without_a_legal_action(preset: str) -> None:
    # random_hand raises if a hand does not end; every state before the end has an action
    endings: Counter[EndReason] = Counter()
    for index in range(DEAD_END_HANDS):
        rules = _seated(PRESETS[preset], index)
        final = final_state(rules, index, eager=index % 8 < 4)
        assert final.is_over and not legal_actions(final)
        assert final.outcome is not None
        endings[final.outcome.reason] += 1
    assert endings[EndReason.CLOSED] > 0


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_listed_action_applies_in_eager_play(preset: str) -> None:
    # eager play reaches long sequences (from ace to ace under REALE) and pozzetti; every
    # action listed in its states must be legal, and nothing else that is tried
    rules = PRESETS[preset]
    for seed in range(100):
        for state, _ in random_hand(_seated(rules, seed), seed, eager=True):
            for action in legal_actions(state):
                assert is_legal(state, action), (str(action), str(state))
