"""Views in the saved-game format: round trips, and hostile view documents."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco import (
    CLASSIC,
    FIBUR,
    INTERNATIONAL,
    BurracoError,
    GameState,
    InvalidStateError,
    PlayerView,
    Rules,
    determinize,
    new_game,
    observe,
)
from burraco.serialize import from_dict, from_json, to_dict, to_json
from burraco.testing import game_states
from tests.helpers import play, position, random_play

RULE_SETS = [
    attrs.evolve(preset, players=players)
    for preset in (CLASSIC, FIBUR, INTERNATIONAL)
    for players in (2, 3, 4, 6)
]


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.name}-{r.players}")
def test_every_view_of_a_random_hand_round_trips(rules: Rules) -> None:
    for state, _ in random_play(rules, rules.players):
        for seat in range(rules.players):
            view = observe(state, seat)
            assert from_json(to_json(view), PlayerView) == view
    final = state
    for seat in range(rules.players):
        view = observe(final, seat)
        assert from_json(to_json(view, indent=2)) == view


def test_a_view_document_names_its_type_and_hides_what_the_seat_cannot_see() -> None:
    state = position(hands={0: "5H 6H 7H 9S"}, stock="2C 3H AC AD")
    state = play(state, "open 5H 6H 7H", "discard 9S")
    document = to_dict(observe(state, 0))
    assert (document["format"], document["type"], document["seat"]) == (1, "view", 0)
    assert document["hand"] is None
    assert document["hand_sizes"][0] == 11
    assert "stock" not in document and "pozzetti" not in document and "hands" not in document
    assert document["stock_size"] == len(state.stock)
    assert from_dict(document) == observe(state, 0)


def test_a_view_is_loaded_only_as_a_view_when_one_is_expected() -> None:
    text = to_json(new_game(seed=1))
    with pytest.raises(InvalidStateError) as error:
        from_json(text, PlayerView)
    assert error.value.reason == "wrong-type"


def view_document(seed: int = 3) -> dict[str, Any]:
    state = new_game(seed=seed)
    state = play(state, "draw", f"discard {state.hands[1][0]}", "pick")
    return to_dict(observe(state, 0))


def edited(**changes: Any) -> str:
    document = view_document()
    document.update(changes)
    return json.dumps(document)


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"seat": 4}, "out-of-range"),
        ({"seat": -1}, "out-of-range"),
        ({"seat": True}, "wrong-type"),
        ({"stock_size": 39}, "cards-not-conserved"),
        ({"stock_size": 10**20}, "out-of-range"),
        ({"hand_sizes": [11, 12, 11]}, "out-of-range"),
        ({"hand_sizes": [11, 12, 13, 11]}, "cards-not-conserved"),
        ({"known_cards": ["", "", "7S 7S", ""]}, "cards-not-conserved"),
        (
            {"known_cards": ["", "", "AS 3S 4S 5S 6S 8S 9S JS QS KS AH 3H 4H 5H", ""]},
            "inconsistent-state",
        ),
        ({"hand_sizes": [11, -1, 11, 11]}, "out-of-range"),
        ({"hand": "JK JK JK"}, "inconsistent-state"),
        ({"hand": None}, "inconsistent-state"),
        ({"known_cards": ["", "JK JK JK JK JK", "", ""]}, "cards-not-conserved"),
        ({"known_cards": ["", "", ""]}, "out-of-range"),
        ({"known_cards": ["", "7X", "", ""]}, "bad-card"),
        ({"discard_pile": "JK JK JK JK JK"}, "cards-not-conserved"),
        ({"table_points": [10, 0]}, "inconsistent-state"),
        ({"table_points": [0]}, "out-of-range"),
        ({"pozzetti_left": 3}, "out-of-range"),
        ({"unseen_pozzetto": [1]}, "inconsistent-state"),
        ({"phase": "draw"}, "inconsistent-state"),
        ({"turn": 9}, "out-of-range"),
        ({"melds": [["5H 6H 7S"], []]}, "illegal-meld"),
        ({"outcome": {"reason": "closed", "closer": 0}}, "inconsistent-state"),
        ({"extra": 1}, "unknown-field"),
    ],
)
def test_impossible_view_documents_are_rejected_saying_why(
    changes: dict[str, Any], reason: str
) -> None:
    with pytest.raises(InvalidStateError) as error:
        from_json(edited(**changes))
    assert error.value.reason == reason


def test_a_view_document_missing_a_field_is_rejected() -> None:
    for name in list(view_document()):
        document = view_document()
        del document[name]
        with pytest.raises(InvalidStateError):
            from_dict(document)


def leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [p for key, item in value.items() for p in leaves(item, (*path, key))]
    if isinstance(value, list):
        return [p for index, item in enumerate(value) for p in leaves(item, (*path, index))]
    return [path]


def set_at(document: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        document = document[key]
    document[path[-1]] = value


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**64), 2**64)
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
    | st.sampled_from(["", "JK", "7H 7H", "draw", "over", "closed", "5H 6H 7H"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)


@st.composite
def hostile_views(draw: st.DrawFn) -> str:
    state: GameState = draw(st.sampled_from(RULE_SETS).flatmap(lambda r: game_states(r)))
    seat = draw(st.integers(0, state.players - 1))
    document = to_dict(observe(state, seat))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(leaves(document)))
        set_at(document, path, draw(json_values))
    text = json.dumps(document)
    if draw(st.booleans()):
        text = text[: draw(st.integers(0, len(text)))]
    return text


@settings(max_examples=150)
@given(hostile_views())
def test_hostile_view_documents_raise_only_library_errors(text: str) -> None:
    try:
        view = from_json(text)
    except InvalidStateError:
        return
    except BurracoError as error:  # pragma: no cover - the failure this test hunts
        raise AssertionError(f"not an InvalidStateError: {error!r}") from error
    if isinstance(view, PlayerView):  # what loads is a view some state gives
        assert observe(determinize(view, random.Random(0)), view.seat) == view
