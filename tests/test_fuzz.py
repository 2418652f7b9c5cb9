"""Hostile input: ``from_json`` raises only ``BurracoError`` and rejects every impossible document.

The inputs are saved games, actions, hand scores and matches from random play, mutated: a card
removed, duplicated, renamed or garbled, a field of the wrong type, removed or added, a seat out
of range, a huge number, NaN, truncated text, flipped characters, deep nesting, long strings,
random JSON values, invalid UTF-8; card tokens swapped or moved between hand, meld, stock, pile
and pozzetto; flags, counters and seats edited; Unicode look-alikes and spaces in card text;
the numbers of hand scores edited. Mutations that make the document impossible must be
rejected; mutations that keep the same document (a card spelled ``7h``, commas for spaces, keys
reordered, bytes instead of text) must load to the original value.

Whatever loads must be possible: a loaded game passes ``check_invariants`` and so does every
state that random legal play reaches from it (each also saves and loads again); a loaded hand
score, alone or in a match, passes ``score_problem``, an independent statement of what a real
hand's score can be. An input that loads and fails these is *accepted-but-impossible*; the run
fails if there is one.

The default run feeds ``DEFAULT_COUNT`` inputs. Set ``BURRACO_FUZZ=100000`` for a full run
(``nox -s fuzz``), ``BURRACO_FUZZ_SEED`` to change the inputs, and run with ``-s`` to see the
table of the counts by kind (``BURRACO_FUZZ_REPORT=FILE`` writes it to a file too).
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
    FEBURIT,
    FIBUR,
    INTERNATIONAL,
    REALE,
    BurracoError,
    EndReason,
    GameState,
    HandScore,
    InvalidStateError,
    Match,
    PenaltyWhen,
    Rules,
    apply,
    legal_actions,
    new_game,
    score_hand,
)
from burraco.cards import CARDS_BY_CODE
from burraco.serialize import FORMAT, Saved, from_dict, from_json, to_dict, to_json
from burraco.testing import check_invariants

DEFAULT_COUNT: Final = 1500
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
    attrs.evolve(FIBUR, players=2, stock_end="immediately"),
    attrs.evolve(CLASSIC, untaken_pozzetto_penalty="if-opponents-closed"),
    FEBURIT,
    attrs.evolve(REALE, players=2),
]
PLAY_ON_STEPS: Final = 30
"""How many random legal actions are played from each game that loads."""


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
    return Case("field-removed", _text(copy), must_reject=not _optional(path))


def _optional(path: Path) -> bool:
    """Whether a document may leave out the field at ``path``: the fields a game writes only
    when set (rules §13), the counts of the rarer classes of burraco, and every field of rules
    written compactly but ``preset`` and ``players`` (leaving one out gives the preset's)."""
    name = path[-1]
    if name in ("pile_card", "time_out_turns") or str(name).endswith("_burracos"):
        return name not in ("clean_burracos", "semi_clean_burracos", "dirty_burracos")
    return "rules" in path[:-1] and name not in ("preset", "players")


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
        [0, FORMAT + 1, -1, 10**20, "1", 1.0, True, None]  # never a format this version reads
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


def card_swapped(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    """Two cards of two places (hands, stock, pile, pozzetti) change places."""
    if document["type"] != "game":
        return None
    places = [p for p in card_places(document) if p[0] != "melds" and node(document, p).split()]
    first, second = chooser.choice(places), chooser.choice(places)
    one, two = node(document, first).split(), node(document, second).split()
    i, j = chooser.randrange(len(one)), chooser.randrange(len(two))
    if first == second:
        one[i], one[j] = one[j], one[i]
        return Case("card-swapped", _text(replaced(document, first, " ".join(one))), False)
    one[i], two[j] = two[j], one[i]
    edited = replaced(replaced(document, first, " ".join(one)), second, " ".join(two))
    return Case("card-swapped", _text(edited), must_reject=False)


def _edits(document: Json, chooser: random.Random) -> list[tuple[Path, Json]]:
    """Plausible values for the flags, counters and seats of a game."""
    players = document["rules"]["players"]
    teams = len(document["melds"])
    seat = chooser.randrange(players)
    outcomes = [
        None,
        {"reason": "closed", "closer": seat},
        {"reason": "stock-exhausted", "closer": None},
        {"reason": "stalemate", "closer": None},
    ]
    unseen = sorted(set(document["unseen_pozzetto"]) ^ {seat})
    return [
        (("taken_from_pile",), chooser.choice([0, 1, 2, 3, 5, 11, 20])),
        (("stalemate_turns",), chooser.randrange(players + 1)),
        (("melded_this_turn",), not document["melded_this_turn"]),
        (("unseen_pozzetto",), unseen),
        (("turn",), seat),
        (("dealer",), seat),
        (("phase",), chooser.choice(["draw", "play", "over"])),
        (("pozzetto_taken", chooser.randrange(teams)), chooser.random() < 0.5),
        (("outcome",), chooser.choice(outcomes)),
    ]


def field_edited(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    """One or two of a game's flags, counters and seats set to another plausible value."""
    if document["type"] != "game":
        return None
    edited = document
    for _ in range(chooser.choice([1, 1, 2])):
        path, new = chooser.choice(_edits(edited, chooser))
        edited = replaced(edited, path, new)
    return Case("field-edited", _text(edited), must_reject=False)


LOOKALIKES: Final = {
    "S": ["\u017f", "\uff33", "\u0405"],
    "K": ["\u212a", "\u039a"],
    "H": ["\u041d", "\uff28"],
    "A": ["\u0410", "\u0391"],
    "J": ["\u0408"],
    "C": ["\u216d", "\u0421"],
    "1": ["\u0661", "\uff11"],
    "7": ["\u0667", "\uff17"],
}
UNICODE_SPACES: Final = ["\u00a0", "\u2028", "\u3000", "\x1c", "\x1d", "\x1e", "\x1f", "\x85"]


def card_unicode(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    """A letter of a card replaced by a look-alike, or a space by a Unicode space."""
    if document["type"] != "game":
        return None
    places = [p for p in card_places(document) if len(node(document, p).split()) >= 2]
    if not places:
        return None
    place = chooser.choice(places)
    text = node(document, place)
    if chooser.random() < 0.5:
        spaces = [i for i, char in enumerate(text) if char == " "]
        i = chooser.choice(spaces)
        text = text[:i] + chooser.choice(UNICODE_SPACES) + text[i + 1 :]
    else:
        letters = [i for i, char in enumerate(text) if char.upper() in LOOKALIKES]
        if not letters:
            return None
        i = chooser.choice(letters)
        text = text[:i] + chooser.choice(LOOKALIKES[text[i].upper()]) + text[i + 1 :]
    return Case("card-unicode", _text(replaced(document, place, text)), must_reject=True)


def commas_for_spaces(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    """Cards separated by commas (and spaces) instead: the same document."""
    if document["type"] != "game":
        return None
    place = chooser.choice(card_places(document))
    text = node(document, place).replace(" ", chooser.choice([",", ", ", " ,", ",,"]))
    return Case("commas", _text(replaced(document, place, text)), False, original=value)


_SCORE_FIELDS: Final = (
    "melded",
    "in_hand",
    "burraco_bonus",
    "closing_bonus",
    "pozzetto_penalty",
    "clean_burracos",
    "semi_clean_burracos",
    "dirty_burracos",
)


def score_edited(chooser: random.Random, value: Saved, document: Json) -> Case | None:
    """A number of a hand score (alone or in a match) changed, or its closer."""
    if document["type"] == "match":
        if not document["hands"]:
            return None
        prefix: Path = ("hands", chooser.randrange(len(document["hands"])))
    elif document["type"] == "hand-score":
        prefix = ()
    else:
        return None
    hand = node(document, prefix)
    edited = document
    for _ in range(chooser.choice([1, 1, 2, 3])):
        if chooser.random() < 0.15:
            seat = chooser.randrange(2 * len(hand["teams"]))
            outcome = chooser.choice([None, {"reason": "closed", "closer": seat}])
            edited = replaced(edited, (*prefix, "outcome"), outcome)
            continue
        team = chooser.randrange(len(hand["teams"]))
        field = chooser.choice(_SCORE_FIELDS)
        path = (*prefix, "teams", team, field)
        old = node(edited, path)
        if field.endswith("burracos"):
            new = max(0, old + chooser.choice([-1, 1, 2]))
        else:
            sign = -1 if field in ("in_hand", "pozzetto_penalty") else 1
            new = chooser.choice(
                [0, old + 5 * sign, old - 5 * sign, old + 100 * sign, old - 100 * sign, 2 * old]
            )
            new = new if sign * new >= 0 else 0
        edited = replaced(edited, path, new)
    return Case("score-edited", _text(edited), must_reject=False)


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
    card_swapped,
    field_edited,
    field_edited,
    card_unicode,
    commas_for_spaces,
    score_edited,
    score_edited,
)


GAME_ONLY: Final = {
    card_removed,
    card_duplicated,
    card_renamed,
    card_garbled,
    card_respelled,
    card_moved,
    card_swapped,
    field_edited,
    card_unicode,
    commas_for_spaces,
}
SCORE_ONLY: Final = {score_edited}
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
            if mutation in GAME_ONLY:
                kind = "game"
            elif mutation in SCORE_ONLY:
                kind = chooser.choice(["hand-score", "match"])
            else:
                kind = chooser.choice(kinds)
            value, document = chooser.choice(pools[kind])
            case = mutation(chooser, value, document)
            if case is not None:
                yield case
                made += 1
                if made == count:
                    return


# --- what a loaded value must be ----------------------------------------------------------------


def play_on_problem(state: GameState, chooser: random.Random) -> str | None:
    """Why random legal play from ``state`` reaches an impossible or unsavable state, if it does.

    Every state on the way (``state`` too) must pass ``check_invariants`` and load again from
    its saved text to an equal state.
    """
    for step in range(PLAY_ON_STEPS + 1):
        try:
            check_invariants(state)
        except InvalidStateError as error:
            return f"after {step} legal actions: {error}"
        try:
            if from_json(to_json(state)) != state:
                return f"after {step} legal actions: the state does not load back equal"
        except InvalidStateError as error:
            return f"after {step} legal actions the state cannot be saved: {error}"
        actions = legal_actions(state)
        if not actions:
            return None
        state = apply(state, chooser.choice(actions))
    return None


def score_problem(hand: HandScore, rules: Rules | None) -> str | None:
    """Why ``hand`` is not a score a real hand can give (rules §2, §7, §9), or ``None``.

    Written apart from the loader, from the rules: the parts are what the burracos, the
    closing and the pozzetto earn; a closer has a burraco (a clean one if the rules say so) and
    its pozzetto; the burracos hold cards worth at least 35 (clean: seven threes), 50 (dirty: six
    threes and a two) or 55 (semi-clean); every seat but the closer ends holding a card; and
    no more is melded and held than the packs hold, less the stock's last 2 cards and the top
    discard.
    """
    teams = len(hand.teams)
    if rules is not None and teams != rules.teams:
        return f"{teams} teams for {rules.players} players"
    if teams not in (2, 3):
        return f"{teams} teams"
    packs = rules.packs if rules is not None else (2 if teams == 2 else 3)
    seats = rules.players // rules.teams if rules is not None else 1
    outcome = hand.outcome
    closed = outcome is not None and outcome.reason is EndReason.CLOSED
    if outcome is not None and closed != (outcome.closer is not None):
        return "a closer without a closing, or the reverse"
    closer_team = (
        outcome.closer % teams if outcome is not None and outcome.closer is not None else None
    )
    if outcome is not None and outcome.closer is not None:
        players = rules.players if rules is not None else 2 * teams
        if not 0 <= outcome.closer < players:
            return "the closer is not a seat"
    total = 0
    for index, team in enumerate(hand.teams):
        burracos = team.clean_burracos + team.semi_clean_burracos + team.dirty_burracos
        total += team.melded - team.in_hand
        if team.melded % 5 or team.in_hand % 5 or 0 < team.melded < 15:
            return f"team {index}: card values"
        least = 35 * team.clean_burracos + 55 * team.semi_clean_burracos + 50 * team.dirty_burracos
        if team.melded < least or 7 * burracos > 54 * packs:
            return f"team {index}: burracos without their cards"
        if team.in_hand > -5 * (seats - (closer_team == index)):
            return f"team {index}: a seat that did not close holds no card"
        if rules is not None and seats == 1 and closer_team == index and team.in_hand:
            return f"team {index}: a closer alone in its team holds cards"
        if team.closing_bonus and closer_team != index:
            return f"team {index}: a closing bonus for a team that did not close"
        if closer_team == index and (not burracos or team.pozzetto_penalty):
            return f"team {index}: closed without a burraco or its pozzetto"
        if team.burraco_bonus and not burracos:
            return f"team {index}: a burraco bonus with no burraco"
        if rules is None:
            continue
        bonus = (
            rules.clean_bonus * team.clean_burracos
            + rules.semi_clean_bonus * team.semi_clean_burracos
            + rules.dirty_bonus * team.dirty_burracos
        )
        if team.burraco_bonus != bonus or (team.semi_clean_burracos and not rules.semi_clean):
            return f"team {index}: the burraco bonus is not what the burracos earn"
        if closer_team == index and rules.closing_needs_clean_burraco and not team.clean_burracos:
            return f"team {index}: closed without a clean burraco"
        if team.closing_bonus != (rules.closing_bonus if closer_team == index else 0):
            return f"team {index}: the closing bonus"
        if team.pozzetto_penalty not in (0, -rules.pozzetto_penalty):
            return f"team {index}: the pozzetto penalty"
        if (
            team.pozzetto_penalty
            and rules.untaken_pozzetto_penalty is PenaltyWhen.IF_OPPONENTS_CLOSED
            and not closed
        ):
            return f"team {index}: a penalty though nobody closed"
        took = rules.untaken_pozzetto_penalty is PenaltyWhen.ALWAYS and not team.pozzetto_penalty
        if took and rules.pozzetto_penalty and not team.melded:
            return f"team {index}: took its pozzetto without melding"
    if total > 540 * packs - 15:
        return f"{total} points melded and held from {packs} packs"
    return None


def loaded_problem(loaded: Saved, chooser: random.Random) -> str | None:
    """Why a value that loaded is impossible, or ``None`` if it is a possible one."""
    if isinstance(loaded, GameState):
        return play_on_problem(loaded, chooser)
    if isinstance(loaded, HandScore):
        return score_problem(loaded, None)
    if isinstance(loaded, Match):
        for index, hand in enumerate(loaded.hands):
            problem = score_problem(hand, loaded.rules)
            if problem is not None:
                return f"hand {index}: {problem}"
    return None


# --- the run ------------------------------------------------------------------------------------


@attrs.frozen
class Tally:
    """How the inputs of one fuzz run fared, by kind of mutation."""

    inputs: Counter[str]
    rejected: Counter[str]
    accepted: Counter[str]
    impossible: Counter[str]
    failures: list[str]

    def summary(self) -> str:
        """The counts as a table: one row per kind of input, and the totals."""
        rows: list[tuple[str, ...]] = [
            ("kind", "inputs", "rejected", "accepted", "accepted-but-impossible")
        ]
        for kind in sorted(self.inputs):
            rows.append(
                (
                    kind,
                    *(
                        str(counts[kind])
                        for counts in (self.inputs, self.rejected, self.accepted, self.impossible)
                    ),
                )
            )
        rows.append(
            (
                "total",
                *(
                    str(sum(counts.values()))
                    for counts in (self.inputs, self.rejected, self.accepted, self.impossible)
                ),
            )
        )
        widths = [max(len(row[i]) for row in rows) for i in range(5)]
        lines = [
            "  ".join(
                [row[0].ljust(widths[0])]
                + [c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)]
            )
            for row in rows
        ]
        return "\n".join([*lines, f"failures: {len(self.failures)}"])


def run(count: int, seed: int) -> Tally:
    """Feed ``count`` hostile inputs to ``from_json`` and tally what happens."""
    inputs: Counter[str] = Counter()
    rejected: Counter[str] = Counter()
    accepted: Counter[str] = Counter()
    impossible: Counter[str] = Counter()
    failures: list[str] = []
    chooser = random.Random(seed + 1)
    for case in cases(count, seed):
        inputs[case.kind] += 1
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
            impossible[case.kind] += 1
            continue
        if case.original is not None and loaded != case.original:
            failures.append(f"{case.kind}: loaded a different value: {shown}")
        problem = loaded_problem(loaded, chooser)
        if problem is not None:
            impossible[case.kind] += 1
            failures.append(f"{case.kind}: accepted but impossible: {problem}: {shown}")
    return Tally(inputs, rejected, accepted, impossible, failures)


@pytest.mark.slow
def test_hostile_inputs_raise_only_burraco_errors_and_impossible_ones_are_rejected() -> None:
    tally = run(COUNT, SEED)
    print("\n" + tally.summary())
    report = os.environ.get("BURRACO_FUZZ_REPORT")
    if report:
        with open(report, "w", encoding="utf-8") as file:
            file.write(tally.summary() + "\n")
    assert tally.failures[:5] == []
    assert not tally.failures
    assert sum(tally.impossible.values()) == 0
    assert sum(tally.inputs.values()) == COUNT
    must_reject_kinds = {"card-removed", "card-duplicated", "card-renamed", "truncated"}
    assert must_reject_kinds <= set(tally.rejected)
    assert {"field-edited", "card-swapped", "score-edited"} <= set(tally.accepted)


@pytest.mark.slow
def test_the_oracles_accept_every_value_of_random_play() -> None:
    chooser = random.Random(0)
    for value in originals():
        assert loaded_problem(value, chooser) is None


def test_the_score_oracle_knows_an_impossible_score() -> None:
    hand = score_hand(_final(CLASSIC, 0))
    team = attrs.evolve(hand.teams[0], clean_burracos=1, burraco_bonus=200, melded=0)
    assert score_problem(HandScore((team, hand.teams[1]), hand.outcome), CLASSIC) is not None


@pytest.mark.parametrize(
    "mutation", list(dict.fromkeys(MUTATIONS)), ids=lambda mutation: mutation.__name__
)
def test_every_mutation_produces_inputs(mutation: Mutation) -> None:
    chooser = random.Random(1)
    values = originals()
    step = max(1, len(values) // 40)
    made = [
        mutation(chooser, value, to_dict(value))
        for start in range(step)
        for value in values[start::step]
        if isinstance(value, (GameState, HandScore, Match)) or start == 0
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
