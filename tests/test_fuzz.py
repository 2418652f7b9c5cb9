"""Hostile input: ``from_json`` raises only ``BurracoError`` and rejects every impossible document.

The inputs are saved games, actions, hand scores and matches from random play, mutated: a card
removed, duplicated, renamed or garbled, a field of the wrong type, removed or added, a seat out
of range, a huge number, NaN, truncated text, flipped characters, deep nesting, long strings,
random JSON values, invalid UTF-8. Mutations that make the document impossible must be rejected;
mutations that keep the same document (a card spelled ``7h``, keys reordered, bytes instead of
text) must load to the original value.

The default run feeds ``DEFAULT_COUNT`` inputs. Set ``BURRACO_FUZZ=100000`` for a full run
(``nox -s fuzz``), ``BURRACO_FUZZ_SEED`` to change the inputs, and run with ``-s`` to see the
summary line with the counts by kind.
"""

from __future__ import annotations

import json
import os
import random
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any, Final, TypeAlias

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from burraco import (
    CLASSIC,
    FIBUR,
    INTERNATIONAL,
    BurracoError,
    InvalidStateError,
    Match,
    Rules,
    apply,
    legal_actions,
    new_game,
    score_hand,
)
from burraco.cards import CARDS_BY_CODE
from burraco.serialize import Saved, from_dict, from_json, to_dict, to_json

DEFAULT_COUNT: Final = 3000
COUNT: Final = int(os.environ.get("BURRACO_FUZZ", str(DEFAULT_COUNT)))
SEED: Final = int(os.environ.get("BURRACO_FUZZ_SEED", "0"))

Json: TypeAlias = Any
Path: TypeAlias = tuple[str | int, ...]

CONFIGS: Final = [
    CLASSIC,
    FIBUR,
    INTERNATIONAL,
    attrs.evolve(CLASSIC, players=2),
    attrs.evolve(FIBUR, players=3),
    attrs.evolve(INTERNATIONAL, players=6),
    attrs.evolve(CLASSIC, players=6),
    attrs.evolve(CLASSIC, name="german", pozzetti_as_reserve_stock=True),
]


@attrs.frozen
class Case:
    """One hostile input and what must happen to it."""

    kind: str
    text: str | bytes
    must_reject: bool
    original: Saved | None = None
    """When set, the input must load to this value."""


@cache
def originals() -> tuple[Saved, ...]:
    """Values to mutate: states at every stage of random hands, actions, scores and matches."""
    chooser = random.Random(SEED)
    values: list[Saved] = []
    for rules in CONFIGS:
        for seed in range(3):
            state = new_game(rules, seed=seed)
            trail = [state]
            while actions := legal_actions(state):
                action = chooser.choice(actions)
                values.append(action)
                state = apply(state, action)
                trail.append(state)
            values += chooser.sample(trail, min(8, len(trail)))
            values.append(trail[-1])
            values.append(score_hand(state))
        match = Match.start(rules)
        for seed in range(3):
            match = match.record(score_hand(_final(rules, seed)))
        values.append(match)
    return tuple(values)


def _final(rules: Rules, seed: int) -> Any:
    chooser = random.Random(seed)
    state = new_game(rules, seed=seed)
    while actions := legal_actions(state):
        state = apply(state, chooser.choice(actions))
    return state


# --- walking and editing documents --------------------------------------------------------------


def paths(document: Json, prefix: Path = ()) -> Iterator[tuple[Path, Json]]:
    """Every node of a document (except the root) with its path."""
    if isinstance(document, dict):
        items: list[tuple[str | int, Json]] = list(document.items())
    elif isinstance(document, list):
        items = list(enumerate(document))
    else:
        return
    for key, value in items:
        yield (*prefix, key), value
        yield from paths(value, (*prefix, key))


def replaced(document: Json, path: Path, value: Json) -> Json:
    """A copy of ``document`` with the node at ``path`` replaced."""
    if not path:
        return value
    copy = json.loads(json.dumps(document))
    node = copy
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return copy


def card_places(document: Json) -> list[Path]:
    """The paths of the strings of cards in a game document (hands, melds, stock, ...)."""
    places: list[Path] = [("stock",), ("discard_pile",)]
    places += [("hands", seat) for seat in range(len(document["hands"]))]
    places += [("pozzetti", index) for index in range(len(document["pozzetti"]))]
    for team, melds in enumerate(document["melds"]):
        places += [("melds", team, index) for index in range(len(melds))]
    return places


def node(document: Json, path: Path) -> Json:
    for key in path:
        document = document[key]
    return document


def json_type(value: Json) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "number"
    return type(value).__name__


# --- random values ------------------------------------------------------------------------------

ODD_STRINGS: Final = [
    "",
    " ",
    "11H",
    "7X",
    "JK=7H",
    "=",
    "7H,8H",
    "\ud800",
    "\x00",
    "ＪＫ",
    "७H",
    "nan",
    "null",
    "2",
    "draw",
    "[",
    "-1",
    "1e999",
    "🂡",
    "AS" * 200,
]


def random_json(chooser: random.Random, depth: int = 0) -> Json:
    roll = chooser.randrange(10 if depth < 4 else 7)
    if roll == 0:
        return None
    if roll == 1:
        return chooser.random() < 0.5
    if roll == 2:
        return chooser.choice([0, 1, -1, 2, 3, 4, 5, 6, 7, 108, 2**31, 2**53, -(2**63), 10**30])
    if roll == 3:
        return chooser.choice([0.0, 1.5, -2.0, 1e308, float("nan"), float("inf")])
    if roll in (4, 5, 6):
        return chooser.choice(ODD_STRINGS + [str(card) for card in CARDS_BY_CODE])
    if roll in (7, 8):
        return [random_json(chooser, depth + 1) for _ in range(chooser.randrange(4))]
    keys = ["format", "type", "rules", "hands", "turn", "x", "", "action", "teams"]
    return {
        chooser.choice(keys): random_json(chooser, depth + 1) for _ in range(chooser.randrange(4))
    }


def other_type_value(chooser: random.Random, value: Json) -> Json:
    """A value whose JSON type differs from ``value``'s."""
    while True:
        candidate = chooser.choice(
            [None, True, False, 0, 3, -1, 1.0, "", "7H", "x", [], ["7H"], {}, {"a": 1}]
        )
        if json_type(candidate) != json_type(value) and not (
            isinstance(value, float) and json_type(candidate) == "number"
        ):
            return candidate


def respell(token: str, chooser: random.Random) -> str:
    """Another spelling of the same card (or placed wild): lower case, T for ten, suit symbol."""
    spellings = [token.lower()]
    if token.startswith("10"):
        spellings.append("T" + token[2:])
    symbols = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    if token and token[-1] in symbols and "=" not in token:
        spellings.append(token[:-1] + symbols[token[-1]])
    return chooser.choice(spellings)


# --- the mutations ------------------------------------------------------------------------------

Mutation: TypeAlias = Callable[[random.Random, Saved, Json], Case | None]


def _text(document: Json) -> str:
    return json.dumps(document, ensure_ascii=False)


def _tokens_case(
    chooser: random.Random, document: Json, kind: str, edit: Callable[[list[str]], bool]
) -> Case | None:
    places = [place for place in card_places(document) if node(document, place).split()]
    if not places:
        return None
    place = chooser.choice(places)
    tokens = node(document, place).split()
    if not edit(tokens):
        return None
    return Case(kind, _text(replaced(document, place, " ".join(tokens))), must_reject=True)


def card_removed(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    if document["type"] != "game":
        return None
    return _tokens_case(
        chooser, document, "card-removed", lambda t: bool(t.pop(chooser.randrange(len(t))))
    )


def card_duplicated(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    if document["type"] != "game":
        return None
    places = card_places(document)
    source = chooser.choice([p for p in places if node(document, p).split()])
    card = chooser.choice(node(document, source).split()).partition("=")[0]
    target = chooser.choice(places)
    tokens = node(document, target).split()
    tokens.insert(chooser.randrange(len(tokens) + 1), card)
    return Case("card-duplicated", _text(replaced(document, target, " ".join(tokens))), True)


def card_renamed(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    if document["type"] != "game":
        return None

    def edit(tokens: list[str]) -> bool:
        index = chooser.randrange(len(tokens))
        card = tokens[index].partition("=")[0]
        tokens[index] = chooser.choice([str(c) for c in CARDS_BY_CODE if str(c) != card])
        return True

    return _tokens_case(chooser, document, "card-renamed", edit)


def card_garbled(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    if document["type"] != "game":
        return None

    def edit(tokens: list[str]) -> bool:
        tokens[chooser.randrange(len(tokens))] = chooser.choice(
            ["11H", "7X", "XX", "1H", "0S", "JK=", "=7H", "7H=JK", "AH=2H", "\ud800", "ＡＳ", "KHH"]
        )
        return True

    return _tokens_case(chooser, document, "card-garbled", edit)


def card_respelled(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    if document["type"] != "game":
        return None
    places = [place for place in card_places(document) if node(document, place).split()]
    place = chooser.choice(places)
    tokens = node(document, place).split()
    index = chooser.randrange(len(tokens))
    tokens[index] = respell(tokens[index], chooser)
    if place[0] == "hands":
        chooser.shuffle(tokens)  # hands are sorted on loading
    text = _text(replaced(document, place, "  ".join(tokens)))
    return Case("card-respelled", text, must_reject=False, original=value)


def card_moved(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    if document["type"] != "game":
        return None
    places = [p for p in card_places(document) if p[0] != "melds"]
    source = chooser.choice([p for p in places if node(document, p).split()])
    tokens = node(document, source).split()
    card = tokens.pop(chooser.randrange(len(tokens)))
    moved = replaced(document, source, " ".join(tokens))
    target = chooser.choice(places)
    others = node(moved, target).split()
    others.insert(chooser.randrange(len(others) + 1), card)
    return Case("card-moved", _text(replaced(moved, target, " ".join(others))), False)


def wrong_type(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    path, old = chooser.choice(list(paths(document)))
    new = other_type_value(chooser, old)
    if new is None and path[-1] in ("outcome", "closer"):
        return None  # null is a value of these fields (a hand score taken before the end)
    return Case("wrong-type", _text(replaced(document, path, new)), must_reject=True)


def seat_out_of_range(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    seats = [
        path
        for path, item in paths(document)
        if path[-1] in ("turn", "dealer", "closer", "first_dealer") or path[0] == "unseen_pozzetto"
        if isinstance(item, int)
    ]
    if not seats:
        return None
    # a hand score on its own: 2 teams are 2 or 4 players, 3 teams 3 or 6
    players = document["rules"]["players"] if "rules" in document else 2 * len(document["teams"])
    wrong = chooser.choice([players, players + 1, 7, -1, -players, 2**31, 2**52])
    return Case("seat-out-of-range", _text(replaced(document, chooser.choice(seats), wrong)), True)


def huge_number(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    numbers = [
        path for path, item in paths(document) if isinstance(item, int) and path[0] != "format"
    ]
    if not numbers:
        return None
    path = chooser.choice(numbers)
    size = chooser.choice([2**53, 10**16, 10**30, 10**300, 10**4000])
    text = _text(replaced(document, path, chooser.choice([size, -size])))
    if chooser.random() < 0.2:  # a literal too long for Python's int()
        text = text.replace(f"{size}", "9" * 5000)
    return Case("huge-number", text, must_reject=True)


def not_a_number(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    numbers = [path for path, item in paths(document) if json_type(item) == "number"]
    if not numbers:
        return None
    constant = chooser.choice([float("nan"), float("inf"), float("-inf")])
    return Case("nan", json.dumps(replaced(document, chooser.choice(numbers), constant)), True)


def field_removed(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    fields = [path for path, _ in paths(document) if isinstance(path[-1], str)]
    fields += [("format",), ("type",)]
    path = chooser.choice(fields)
    copy = json.loads(json.dumps(document))
    del node(copy, path[:-1])[path[-1]]
    return Case("field-removed", _text(copy), must_reject=True)


def field_added(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    objects: list[Path] = [()]
    objects += [path for path, item in paths(document) if isinstance(item, dict)]
    path = chooser.choice(objects)
    copy = json.loads(json.dumps(document))
    target = node(copy, path)
    target[chooser.choice(["extra", "Turn", "hands ", "format2", "", "\ud800"])] = 0
    return Case("field-added", _text(copy), must_reject=True)


def duplicate_key(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    text = _text(document)
    key = chooser.choice(list(document))
    return Case("duplicate-key", text[:-1] + f', "{key}": {json.dumps(document[key])}}}', True)


def format_changed(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    changed = dict(document)
    field = chooser.choice(["format", "type"])
    options: list[Json] = (
        [0, 2, -1, 10**20, "1", 1.0, True, None]
        if field == "format"
        else ["Game", "state", "", "actions", "hand_score", None, 1]
    )
    changed[field] = chooser.choice(options)
    return Case("format-changed", _text(changed), must_reject=True)


def truncated(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    text = _text(document)
    return Case("truncated", text[: chooser.randrange(len(text))], must_reject=True)


def character_flipped(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    text = list(_text(document))
    for _ in range(chooser.randrange(1, 4)):
        text[chooser.randrange(len(text))] = chooser.choice('0123456789"{}[],: SHDCJKA=x\\')
    return Case("character-flipped", "".join(text), must_reject=False)


def deep_nesting(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    depth = chooser.choice([100, 1000, 5000, 100_000])
    opener, closer = chooser.choice([("[", "]"), ('{"a":', "}")])
    nested = opener * depth + "0" + closer * depth
    if chooser.random() < 0.5:
        return Case("deep-nesting", nested, must_reject=True)
    path, _ = chooser.choice(list(paths(document)))
    marker = '"__nested__"'
    text = _text(replaced(document, path, "__nested__")).replace(marker, nested, 1)
    return Case("deep-nesting", text, must_reject=True)


def long_string(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    size = chooser.choice([1000, 10_000, 200_000])
    filler = chooser.choice(["7H ", "x", "JK", "\u00e9", "AS AS ", " 5C"])
    text = (filler * (size // len(filler) + 1))[:size]
    if document["type"] == "game":
        path = chooser.choice([*card_places(document), ("phase",), ("rules", "stock_end")])
    elif document["type"] == "action":
        path = ("action",)
    else:
        path = ("type",)
    return Case("long-string", _text(replaced(document, path, text)), must_reject=True)


def random_document(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    return Case("random-json", json.dumps(random_json(chooser)), must_reject=True)


def random_subvalue(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    path, _ = chooser.choice(list(paths(document)))
    return Case("random-value", json.dumps(replaced(document, path, random_json(chooser))), False)


def as_bytes(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    text = to_json(value, indent=chooser.choice([None, 1, 4, "\t"]))
    if chooser.random() < 0.5:
        return Case("bytes-and-indent", text.encode(), must_reject=False, original=value)
    data = bytearray(text.encode())
    data[chooser.randrange(len(data))] = chooser.choice([0x80, 0xFF, 0xC3, 0xED])
    return Case("invalid-utf8", bytes(data), must_reject=False)


def keys_reordered(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    def shuffle(item: Json) -> Json:
        if isinstance(item, dict):
            keys = list(item)
            chooser.shuffle(keys)
            return {key: shuffle(item[key]) for key in keys}
        if isinstance(item, list):
            return [shuffle(element) for element in item]
        return item

    return Case("keys-reordered", _text(shuffle(document)), must_reject=False, original=value)


MUTATIONS: Final[tuple[Mutation, ...]] = (
    card_removed,
    card_duplicated,
    card_renamed,
    card_garbled,
    card_respelled,
    card_moved,
    wrong_type,
    seat_out_of_range,
    huge_number,
    not_a_number,
    field_removed,
    field_added,
    duplicate_key,
    format_changed,
    truncated,
    character_flipped,
    deep_nesting,
    long_string,
    random_document,
    random_subvalue,
    as_bytes,
    keys_reordered,
)


GAME_ONLY: Final = {
    card_removed,
    card_duplicated,
    card_renamed,
    card_garbled,
    card_respelled,
    card_moved,
}
KIND_WEIGHTS: Final = {"game": 6, "action": 2, "hand-score": 1, "match": 1}


def cases(count: int, seed: int) -> Iterator[Case]:
    """``count`` hostile inputs, the mutations taken in turn, mostly of saved games."""
    chooser = random.Random(seed)
    pools: dict[str, list[tuple[Saved, Json]]] = {kind: [] for kind in KIND_WEIGHTS}
    for value in originals():
        document = to_dict(value)
        pools[document["type"]].append((value, document))
    kinds = [kind for kind, weight in KIND_WEIGHTS.items() for _ in range(weight)]
    made = 0
    while made < count:
        for mutation in MUTATIONS:
            kind = "game" if mutation in GAME_ONLY else chooser.choice(kinds)
            value, document = chooser.choice(pools[kind])
            case = mutation(chooser, value, document)
            if case is not None:
                yield case
                made += 1
                if made == count:
                    return


@attrs.frozen
class Tally:
    """How the inputs of one fuzz run fared."""

    inputs: int
    rejected: Counter[str]
    accepted: Counter[str]
    failures: list[str]

    def summary(self) -> str:
        kinds = sorted(set(self.rejected) | set(self.accepted))
        parts = [
            f"{kind} {self.rejected[kind]} rejected/{self.accepted[kind]} accepted"
            for kind in kinds
        ]
        return (
            f"fuzz: {self.inputs} inputs, {sum(self.rejected.values())} rejected, "
            f"{sum(self.accepted.values())} accepted, {len(self.failures)} failures; "
            + "; ".join(parts)
        )


def run(count: int, seed: int) -> Tally:
    """Feed ``count`` hostile inputs to ``from_json`` and tally what happens."""
    rejected: Counter[str] = Counter()
    accepted: Counter[str] = Counter()
    failures: list[str] = []
    inputs = 0
    for case in cases(count, seed):
        inputs += 1
        shown = repr(case.text[:300])
        try:
            loaded = from_json(case.text)
        except BurracoError:
            rejected[case.kind] += 1
            if case.original is not None:
                failures.append(f"{case.kind}: an equivalent document was rejected: {shown}")
            continue
        except BaseException as error:  # anything else is the failure we hunt
            detail = "".join(traceback.format_exception_only(error)).strip()
            failures.append(f"{case.kind}: {detail[:300]} for {shown}")
            continue
        accepted[case.kind] += 1
        if case.must_reject:
            failures.append(f"{case.kind}: an impossible document was accepted: {shown}")
        elif case.original is not None and loaded != case.original:
            failures.append(f"{case.kind}: loaded a different value: {shown}")
    return Tally(inputs, rejected, accepted, failures)


def test_hostile_inputs_raise_only_burraco_errors_and_impossible_ones_are_rejected() -> None:
    tally = run(COUNT, SEED)
    print("\n" + tally.summary())
    report = os.environ.get("BURRACO_FUZZ_REPORT")
    if report:
        with open(report, "w", encoding="utf-8") as file:
            file.write(tally.summary() + "\n")
    assert tally.failures == []
    assert tally.inputs == COUNT
    must_reject_kinds = {"card-removed", "card-duplicated", "card-renamed", "truncated"}
    assert must_reject_kinds <= set(tally.rejected)


@pytest.mark.parametrize("mutation", MUTATIONS, ids=lambda mutation: mutation.__name__)
def test_every_mutation_produces_inputs(mutation: Mutation) -> None:
    chooser = random.Random(1)
    values = originals()
    made = [
        mutation(chooser, value, to_dict(value)) for value in values[:: max(1, len(values) // 40)]
    ]
    assert any(case is not None for case in made)


# --- the same, generated by hypothesis ----------------------------------------------------------

JSON_VALUES: Final = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)
SAVED_GAME: Final = to_dict(new_game(seed=1))


@given(key=st.sampled_from(list(SAVED_GAME)), value=JSON_VALUES)
def test_any_json_value_in_any_field_is_rejected_cleanly(key: str, value: Json) -> None:
    document = {**SAVED_GAME, key: value}
    try:
        loaded = from_dict(document)
    except InvalidStateError:
        return
    assert to_dict(loaded) == document  # accepted only when it is the same game


@given(text=st.text(alphabet='{}[]",:0123456789 -.eEtrufalsnNIy\\SHDCJK=', max_size=200))
def test_any_text_is_rejected_cleanly(text: str) -> None:
    with pytest.raises(InvalidStateError):
        from_json(text)


@given(text=st.text(max_size=60))
def test_any_action_text_is_an_action_or_rejected_cleanly(text: str) -> None:
    try:
        action = from_dict({"format": 1, "type": "action", "action": text})
    except InvalidStateError:
        return
    assert from_json(to_json(action)) == action


MELD_TOKENS: Final = [*"AS2H3D10CJKQ=7 89", "JK", "10", " ", "JK=", "2H="]


@given(text=st.lists(st.sampled_from(MELD_TOKENS), max_size=30).map("".join))
def test_any_meld_text_is_rejected_cleanly(text: str) -> None:
    document = json.loads(json.dumps(SAVED_GAME))
    document["melds"][0] = [text]
    with pytest.raises(InvalidStateError):  # its cards are not conserved, if nothing else
        from_dict(document)
