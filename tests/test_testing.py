"""burraco.testing: the invariant checker catches impossible states; the strategies generate."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Callable
from typing import Any, Final

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco import (
    CLASSIC,
    FIBUR,
    INTERNATIONAL,
    JOKER,
    Card,
    EndReason,
    GameState,
    InvalidStateError,
    Meld,
    MeldKind,
    Outcome,
    Phase,
    Rank,
    Reason,
    Rules,
    Suit,
    parse_cards,
    validate_meld,
)
from burraco.cards import CARDS_BY_CODE
from burraco.serialize import from_dict, from_json, to_dict, to_json
from burraco.testing import cards, check_invariants, game_states, melds
from tests.helpers import position
from tests.soak import random_hand

BURRACO: Final = "4S 5S 6S 7S 8S 9S 10S"


def base(**changes: Any) -> GameState:
    """Seat 0 to play: team 0 has a burraco and its pozzetto, team 1 neither."""
    layout: dict[str, Any] = {
        "hands": {0: "5H 6H 9C KD", 1: "3C 3C 3D"},
        "melds": {0: [BURRACO, "7H 7D JK"], 1: ["QS QH QD"]},
        "taken": [True, False],
        "pile": "9H",
        "turn": 0,
    }
    return position(**{**layout, **changes})


def remove_from_stock(state: GameState) -> GameState:
    return attrs.evolve(state, stock=state.stock[1:])


def duplicate_in_hand(state: GameState) -> GameState:
    hands = list(state.hands)
    hands[1] = tuple(sorted((*hands[1], hands[1][-1])))  # a third 3C
    return attrs.evolve(state, hands=tuple(hands))


def illegal_meld(state: GameState) -> GameState:
    gap = Meld(MeldKind.SEQUENCE, parse_cards("5C 6C 8C"), suit=Suit.CLUBS)
    return base(melds={0: [BURRACO, "7H 7D JK"], 1: [gap]})


def set_of_kings_under_international(state: GameState) -> GameState:
    rules = attrs.evolve(INTERNATIONAL, pile_requires_meld=False)
    return base(rules=rules, melds={0: [BURRACO], 1: [validate_meld("KS KH KC")]})


def two_sets_of_queens(state: GameState) -> GameState:
    return base(melds={0: [BURRACO], 1: ["QS QH QD", "QS QC QC"]})


def unsorted_hand(state: GameState) -> GameState:
    hands = list(state.hands)
    hands[0] = tuple(reversed(hands[0]))
    return attrs.evolve(state, hands=tuple(hands))


def list_for_a_hand(state: GameState) -> GameState:
    hands: list[Any] = list(state.hands)
    hands[0] = list(hands[0])
    return attrs.evolve(state, hands=tuple(hands))


def play_phase_with_untaken_pile(state: GameState) -> GameState:
    return attrs.evolve(state, taken_from_pile=1)


def drawing_with_a_melded_flag(state: GameState) -> GameState:
    return attrs.evolve(state, phase=Phase.DRAW, melded_this_turn=True)


def over_without_outcome(state: GameState) -> GameState:
    return attrs.evolve(state, phase=Phase.OVER)


def outcome_while_playing(state: GameState) -> GameState:
    return attrs.evolve(state, outcome=Outcome(EndReason.STALEMATE))


def both_pozzetti_left_and_taken(state: GameState) -> GameState:
    return attrs.evolve(state, pozzetto_taken=(True, True))


def unseen_pozzetto_of_a_team_without(state: GameState) -> GameState:
    return attrs.evolve(state, unseen_pozzetto=(1,))


def seat_to_act_out_of_range(state: GameState) -> GameState:
    return attrs.evolve(state, turn=4)


def short_pozzetto(state: GameState) -> GameState:
    pozzetto = state.pozzetti[0]
    return attrs.evolve(state, pozzetti=(pozzetto[1:],), stock=(pozzetto[0], *state.stock))


def nothing_to_do(state: GameState) -> GameState:
    """Seat 0 holds only a joker it cannot close with (its team has a burraco, though)."""
    hands = list(state.hands)
    held = hands[0]
    hands[0] = (JOKER,)
    stock = list(state.stock)
    stock.remove(JOKER)
    hands[2] = tuple(sorted([*hands[2], *held]))
    return attrs.evolve(state, hands=tuple(hands), stock=tuple(stock))


def closed_by_someone_holding_cards(state: GameState) -> GameState:
    return attrs.evolve(state, phase=Phase.OVER, outcome=Outcome(EndReason.CLOSED, 0))


BROKEN: Final[list[tuple[Callable[[GameState], GameState], Reason, str]]] = [
    (remove_from_stock, Reason.CARDS_NOT_CONSERVED, ""),
    (duplicate_in_hand, Reason.CARDS_NOT_CONSERVED, "hands[1][3]"),
    (illegal_meld, Reason.ILLEGAL_MELD, "melds[1][0]"),
    (set_of_kings_under_international, Reason.ILLEGAL_MELD, "melds[1][0]"),
    (two_sets_of_queens, Reason.ILLEGAL_MELD, "melds[1][1]"),
    (unsorted_hand, Reason.INCONSISTENT_STATE, "hands[0]"),
    (list_for_a_hand, Reason.WRONG_TYPE, "hands[0]"),
    (play_phase_with_untaken_pile, Reason.INCONSISTENT_STATE, "taken_from_pile"),
    (drawing_with_a_melded_flag, Reason.INCONSISTENT_STATE, "melded_this_turn"),
    (over_without_outcome, Reason.INCONSISTENT_STATE, "outcome"),
    (outcome_while_playing, Reason.INCONSISTENT_STATE, "outcome"),
    (both_pozzetti_left_and_taken, Reason.INCONSISTENT_STATE, "pozzetti"),
    (unseen_pozzetto_of_a_team_without, Reason.INCONSISTENT_STATE, "unseen_pozzetto[0]"),
    (seat_to_act_out_of_range, Reason.OUT_OF_RANGE, "turn"),
    (short_pozzetto, Reason.INCONSISTENT_STATE, "pozzetti[0]"),
    (nothing_to_do, Reason.INCONSISTENT_STATE, "hands[0]"),
    (closed_by_someone_holding_cards, Reason.INCONSISTENT_STATE, "outcome.closer"),
]


def test_the_base_position_is_possible() -> None:
    check_invariants(base())


@pytest.mark.parametrize(
    ("breaking", "reason", "path"), BROKEN, ids=[breaking.__name__ for breaking, _, _ in BROKEN]
)
def test_check_invariants_catches_each_impossible_state(
    breaking: Callable[[GameState], GameState], reason: Reason, path: str
) -> None:
    broken = breaking(base())
    with pytest.raises(InvalidStateError) as caught:
        check_invariants(broken)
    assert (caught.value.reason, caught.value.path) == (reason, path)


@pytest.mark.parametrize(
    ("breaking", "reason", "path"),
    [case for case in BROKEN if case[0] not in (unsorted_hand, list_for_a_hand)],
    ids=[b.__name__ for b, _, _ in BROKEN if b not in (unsorted_hand, list_for_a_hand)],
)
def test_loading_a_saved_impossible_state_fails_the_same_way(
    breaking: Callable[[GameState], GameState], reason: Reason, path: str
) -> None:
    with pytest.raises(InvalidStateError) as caught:
        from_json(to_json(breaking(base())))
    assert (caught.value.reason, caught.value.path) == (reason, path)


def test_check_invariants_refuses_what_is_not_a_state() -> None:
    with pytest.raises(InvalidStateError) as caught:
        check_invariants(to_dict(base()))  # type: ignore[arg-type]
    assert (caught.value.reason, caught.value.path) == (Reason.WRONG_TYPE, "")


def test_a_meld_whose_fields_disagree_with_its_cards_is_caught() -> None:
    meld = validate_meld("5C 6C JK", wild_as=Rank.FOUR)
    lying = attrs.evolve(meld, wild_as=Rank.SEVEN)
    with pytest.raises(InvalidStateError) as caught:
        check_invariants(base(melds={0: [BURRACO], 1: [lying]}))
    assert str(caught.value) == (
        "melds[1][0]: illegal-meld: the meld's fields do not match its cards 'JK 5C 6C', which "
        "make '5C 6C JK=7C'"
    )
    assert (caught.value.reason, caught.value.path) == (Reason.ILLEGAL_MELD, "melds[1][0]")


@pytest.mark.parametrize(
    "rules", [CLASSIC, attrs.evolve(FIBUR, players=3), attrs.evolve(INTERNATIONAL, players=6)]
)
def test_every_state_of_random_hands_keeps_the_invariants(rules: Rules) -> None:
    for seed in range(3):
        for state, _ in random_hand(rules, seed, eager=seed % 2 == 0):
            check_invariants(state)


# --- strategies ---------------------------------------------------------------------------------


@given(card=cards())
def test_cards_are_cards(card: Card) -> None:
    assert card in CARDS_BY_CODE


def test_cards_reach_every_card() -> None:
    seen: set[Card] = set()

    @settings(max_examples=600, derandomize=True, database=None)
    @given(card=cards())
    def collect(card: Card) -> None:
        seen.add(card)

    collect()
    assert seen == set(CARDS_BY_CODE)


PRESETS: Final = [CLASSIC, FIBUR, INTERNATIONAL, attrs.evolve(CLASSIC, players=6)]


@pytest.mark.parametrize("rules", PRESETS, ids=lambda rules: f"{rules.name}-{rules.players}")
@given(data=st.data())
def test_melds_are_legal_under_their_rules(rules: Rules, data: st.DataObject) -> None:
    meld = data.draw(melds(rules))
    assert validate_meld(meld.cards, rules, wild_as=meld.wild_as) == meld
    assert Meld.parse(str(meld)) == meld
    if meld.kind is MeldKind.SET:
        assert meld.rank in rules.set_ranks


def test_melds_reach_sets_sequences_wilds_and_burracos() -> None:
    kinds: set[str] = set()

    @settings(max_examples=400, derandomize=True, database=None)
    @given(meld=melds())
    def collect(meld: Meld) -> None:
        kinds.add(str(meld.kind))
        kinds.add("wild" if meld.wild is not None else "clean")
        if meld.is_burraco:
            kinds.add("burraco")
        if meld.wild is not None and meld.wild.is_two:
            kinds.add("two as wild")
        if Card(Rank.TWO, meld.suit or Suit.SPADES) in meld.cards and meld.wild is None:
            kinds.add("natural two")

    collect()
    assert kinds == {
        "set",
        "sequence",
        "wild",
        "clean",
        "burraco",
        "two as wild",
        "natural two",
    }


def test_international_melds_have_only_sets_of_aces_and_threes() -> None:
    ranks: set[Rank | None] = set()

    @settings(max_examples=200, derandomize=True, database=None)
    @given(meld=melds(INTERNATIONAL))
    def collect(meld: Meld) -> None:
        ranks.add(meld.rank)

    collect()
    assert ranks == {None, Rank.ACE, Rank.THREE}


@settings(max_examples=25)
@given(state=game_states(max_steps=150))
def test_game_states_keep_the_invariants_and_round_trip(state: GameState) -> None:
    check_invariants(state)
    assert from_dict(to_dict(state)) == state


@settings(max_examples=10)
@given(state=st.sampled_from([FIBUR, attrs.evolve(CLASSIC, players=2)]).flatmap(game_states))
def test_game_states_mix_rule_sets(state: GameState) -> None:
    assert state.rules in (FIBUR, attrs.evolve(CLASSIC, players=2))
    check_invariants(state)


def test_check_invariants_works_without_hypothesis() -> None:
    script = textwrap.dedent(
        """
        import sys
        sys.modules["hypothesis"] = None  # importing it now fails
        from burraco.engine import new_game
        from burraco.testing import cards, check_invariants
        check_invariants(new_game(seed=1))
        try:
            cards()
        except ImportError as error:
            print(error)
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert result.stdout == (
        "burraco.testing's strategies need hypothesis: pip install burraco[testing]\n"
    )
