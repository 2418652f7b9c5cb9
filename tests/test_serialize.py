"""Saved games: the format, round trips, and the rejection of hostile documents."""

from __future__ import annotations

import json
import pickle
import random
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, Final, cast

import attrs
import pytest
from hypothesis import given, settings
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
    Discard,
    DrawStock,
    EndReason,
    GameState,
    HandScore,
    InvalidStateError,
    Match,
    OpenMeld,
    Outcome,
    Partnerships,
    Phase,
    PlayerView,
    Rank,
    Reason,
    Rules,
    TakeDiscardPile,
    TeamScore,
    apply,
    call_time_out,
    format_cards,
    make_deck,
    new_game,
    observe,
    score_hand,
    validate_meld,
)
from burraco.serialize import (
    FORMAT,
    MAX_DOCUMENT_LENGTH,
    from_dict,
    from_json,
    full_rules_body,
    to_dict,
    to_json,
)
from burraco.testing import game_states
from tests.helpers import position
from tests.soak import final_state, random_hand

GERMAN: Final = attrs.evolve(CLASSIC, name="german", pozzetti_as_reserve_stock=True)
RULE_SETS: Final = [
    pytest.param(CLASSIC, id="classic-4"),
    pytest.param(FIBUR, id="fibur-4"),
    pytest.param(INTERNATIONAL, id="international-4"),
    pytest.param(attrs.evolve(CLASSIC, players=2), id="classic-2"),
    pytest.param(attrs.evolve(FIBUR, players=3), id="fibur-3"),
    pytest.param(attrs.evolve(INTERNATIONAL, players=3), id="international-3"),
    pytest.param(FEBURIT, id="feburit-4"),
    pytest.param(REALE, id="reale-4"),
    pytest.param(attrs.evolve(REALE, players=6), id="reale-6"),
    pytest.param(attrs.evolve(CLASSIC, players=6), id="classic-6"),
    pytest.param(attrs.evolve(INTERNATIONAL, players=6), id="international-6"),
    pytest.param(GERMAN, id="german-4"),
    pytest.param(attrs.evolve(GERMAN, players=2, stock_end="immediately"), id="german-2"),
]


# --- round trips --------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("eager", [False, True], ids=["uniform", "eager"])
def test_every_state_of_random_hands_round_trips(rules: Rules, eager: bool) -> None:
    seen = 0
    for seed in range(2):
        final = None
        for state, action in random_hand(rules, seed, eager=eager):
            assert from_json(to_json(state)) == state
            assert from_dict(to_dict(state)) == state
            assert from_json(to_json(action)) == action
            final = apply(state, action)
            seen += 1
        assert final is not None
        assert from_json(to_json(final, indent=2), GameState) == final
        score = score_hand(final)
        assert from_json(to_json(score), HandScore) == score
    assert seen > 0


def test_hands_with_closings_pozzetti_and_unseen_pozzetti_round_trip() -> None:
    """The eager chooser reaches every part of the state; make sure these were covered."""
    covered: set[str] = set()
    for seed in range(12):
        for state, _ in random_hand(CLASSIC, seed, eager=True):
            if state.unseen_pozzetto:
                covered.add("unseen pozzetto")
            if any(state.pozzetto_taken):
                covered.add("pozzetto taken")
            if state.taken_from_pile:
                covered.add("taken from the pile")
            assert from_json(to_json(state)) == state
        final = final_state(CLASSIC, seed, eager=True)
        assert final.outcome is not None
        covered.add(str(final.outcome.reason))
        assert from_json(to_json(final)) == final
    assert covered == {
        "unseen pozzetto",
        "pozzetto taken",
        "taken from the pile",
        "closed",
        "stalemate",
        "stock-exhausted",
    }


EVERY_KIND_OF_ACTION: Final[list[Action]] = [
    DrawStock(),
    TakeDiscardPile(),
    OpenMeld("5H 6H JK"),
    OpenMeld("5H 6H JK", wild_as=Rank.FOUR),
    OpenMeld("7S 7H 2C"),
    OpenMeld("3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2C JK", wild_as=Rank.ACE),
    AddToMeld(0, "7H"),
    AddToMeld(12, "7H 8H 8H"),
    AddToMeld(1, "7D", wild_as=Rank.FOUR),
    AddToMeld(validate_meld("5H 6H 7H"), "8H"),
    AddToMeld(validate_meld("5D 6D JK"), "7D", wild_as=Rank.FOUR),
    Discard("9C"),
    Discard(JOKER),
]


@pytest.mark.parametrize("action", EVERY_KIND_OF_ACTION, ids=str)
def test_every_kind_of_action_round_trips_in_its_notation(action: Action) -> None:
    document = to_dict(action)
    assert document == {"format": 1, "type": "action", "action": str(action)}
    assert from_dict(document) == action
    assert from_json(to_json(action)) == action


def test_hand_scores_round_trip_with_their_outcome() -> None:
    team = TeamScore(melded=80, in_hand=-20, burraco_bonus=0, closing_bonus=0, pozzetto_penalty=0)
    closed = TeamScore(
        melded=300,
        in_hand=0,
        burraco_bonus=300,
        closing_bonus=100,
        pozzetto_penalty=0,
        clean_burracos=1,
        dirty_burracos=1,
    )
    scores = [
        HandScore((team, team)),
        HandScore((team, closed, team), Outcome(EndReason.CLOSED, 4)),
        HandScore((team, team), Outcome(EndReason.STALEMATE)),
    ]
    for score in scores:
        assert from_json(to_json(score)) == score
    assert to_dict(scores[1])["outcome"] == {"reason": "closed", "closer": 4}
    assert to_dict(scores[0])["teams"][0] == {
        "melded": 80,
        "in_hand": -20,
        "burraco_bonus": 0,
        "closing_bonus": 0,
        "pozzetto_penalty": 0,
        "clean_burracos": 0,
        "semi_clean_burracos": 0,
        "dirty_burracos": 0,
    }


@pytest.mark.parametrize(
    "rules",
    [attrs.evolve(CLASSIC, target=300), attrs.evolve(FIBUR, players=6, target=400), GERMAN],
    ids=["classic", "fibur-6", "german"],
)
def test_matches_round_trip_while_they_go_on_and_when_won(rules: Rules) -> None:
    match = Match.start(rules, dealer=1)
    assert from_json(to_json(match)) == match
    seed = 0
    while not match.is_over and seed < 40:
        match = match.record(score_hand(final_state(rules, seed, eager=True)))
        assert from_json(to_json(match), Match) == match
        seed += 1
    assert len(match.hands) >= 1


def test_a_saved_game_reads_as_notation() -> None:
    state = new_game(seed=1)
    document = to_dict(state)
    assert document == {
        "format": 1,
        "type": "game",
        "rules": document["rules"],
        "dealer": 0,
        "turn": 1,
        "phase": "draw",
        "hands": [format_cards(hand) for hand in state.hands],
        "melds": [[], []],
        "stock": format_cards(state.stock),
        "discard_pile": format_cards(state.discard_pile),
        "pozzetti": [format_cards(pozzetto) for pozzetto in state.pozzetti],
        "pozzetto_taken": [False, False],
        "outcome": None,
        "taken_from_pile": 0,
        "melded_this_turn": False,
        "stalemate_turns": 0,
        "unseen_pozzetto": [],
        "known": ["", "", "", ""],
    }
    assert document["rules"] == {"preset": "classic", "players": 4}
    assert to_dict(new_game(INTERNATIONAL, seed=1))["rules"] == {
        "preset": "international",
        "players": 4,
    }


_CLASSIC_WRITTEN_IN_FULL: Final = {
    "name": "classic",
    "players": 4,
    "set_ranks": ["A", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"],
    "one_set_per_rank": True,
    "wild_as_second_ace": True,
    "natural_two_locked": False,
    "semi_clean": False,
    "closing_needs_clean_burraco": False,
    "closing_discard_may_be_wild": False,
    "pile_requires_meld": False,
    "stock_end": "after-turn",
    "pozzetti_as_reserve_stock": False,
    "untaken_pozzetto_penalty": "always",
    "target": 2000,
    "hand_size": 11,
    "pozzetto_size": 11,
    "clean_bonus": 200,
    "semi_clean_bonus": 150,
    "dirty_bonus": 100,
    "closing_bonus": 100,
    "pozzetto_penalty": 100,
    "seating_suit_order": ["S", "H", "D", "C"],
}
"""The rules of a game as documents wrote them before the compact form and rules §13."""


def _match_with_rules(rules: dict[str, Any]) -> dict[str, Any]:
    return {"format": 1, "type": "match", "rules": rules, "first_dealer": 0, "hands": []}


def test_rules_written_in_full_before_the_compact_form_still_read() -> None:
    document = _match_with_rules(_CLASSIC_WRITTEN_IN_FULL)
    assert from_dict(document, Match).rules == CLASSIC
    fibur_2025 = {
        **_CLASSIC_WRITTEN_IN_FULL,
        "name": "fibur",
        "semi_clean": True,
        "seating_suit_order": ["H", "D", "C", "S"],
    }
    assert from_dict(_match_with_rules(fibur_2025), Match).rules == attrs.evolve(
        FIBUR, untaken_pozzetto_penalty="always", return_single_pile_card=True
    )


@pytest.mark.parametrize(
    ("preset", "players"),
    [
        (name, players)
        for name in sorted(PRESETS)
        for players in (2, 3, 4, 5, 6)
        if PRESETS[name].partnerships is Partnerships.FIXED or players == PRESETS[name].players
    ],
)
def test_rules_round_trip_compactly(preset: str, players: int) -> None:
    rules = attrs.evolve(PRESETS[preset], players=players, target=2010)
    body = to_dict(Match.start(rules))["rules"]
    assert body == {"preset": preset, "players": players, "target": 2010}
    assert from_dict(_match_with_rules(body), Match).rules == rules


def test_rules_far_from_every_preset_name_the_closest_and_the_differences() -> None:
    rules = attrs.evolve(
        REALE, name="club", jokers=True, burraco_classes={"nobile": 400, "clean": 200, "dirty": 90}
    )
    body = to_dict(Match.start(rules))["rules"]
    assert body == {
        "preset": "reale",
        "players": 4,
        "name": "club",
        "jokers": True,
        "burraco_classes": [["nobile", 400], ["clean", 200], ["dirty", 90]],
    }
    assert from_dict(_match_with_rules(body), Match).rules == rules


@pytest.mark.parametrize(
    ("rules", "reason"),
    [
        ({"preset": "bridge", "players": 4}, Reason.OUT_OF_RANGE),
        ({"preset": "classic", "players": 4, "colour": "red"}, Reason.UNKNOWN_FIELD),
        (
            {"preset": "classic", "players": 4, "burraco_classes": [["shiny", 5]]},
            Reason.OUT_OF_RANGE,
        ),
        (
            {"preset": "classic", "players": 4, "burraco_classes": [["clean", 200]]},
            Reason.OUT_OF_RANGE,
        ),
        ({**_CLASSIC_WRITTEN_IN_FULL, "burraco_classes": []}, Reason.UNKNOWN_FIELD),
    ],
)
def test_bad_compact_rules_are_rejected_with_a_reason(
    rules: dict[str, Any], reason: Reason
) -> None:
    with pytest.raises(InvalidStateError) as caught:
        from_dict(_match_with_rules(rules), Match)
    assert caught.value.reason is reason


def test_the_fields_of_rules_section_13_are_written_only_when_set() -> None:
    state = new_game(FIBUR, seed=1)
    assert "pile_card" not in to_dict(state) and "time_out_turns" not in to_dict(state)
    picked = call_time_out(apply(state, TakeDiscardPile()))
    document = to_dict(picked)
    assert document["pile_card"] == str(state.discard_pile[0])
    assert document["time_out_turns"] == 4
    assert from_dict(document, GameState) == picked
    view = observe(picked, picked.turn)
    assert view.pile_card == state.discard_pile[0]
    assert from_json(to_json(view), PlayerView) == view
    assert observe(picked, (picked.turn + 1) % 4).pile_card is None


def test_the_format_covers_every_field_of_the_values() -> None:
    state = call_time_out(apply(new_game(FIBUR, seed=1), TakeDiscardPile()))
    # partners: written only once pairs form (rules §14), see test_partnerships
    assert list(to_dict(state))[2:] == [field.name for field in attrs.fields(GameState)][:-1]
    fields = [
        field.alias
        for field in attrs.fields(Rules)
        if not field.name.startswith("_") or field.alias == "pozzetto_sizes"
    ]
    assert list(full_rules_body(CLASSIC)) == fields
    score = score_hand(final_state(CLASSIC, 0, eager=True))
    assert list(to_dict(score)["teams"][0]) == [field.name for field in attrs.fields(TeamScore)][:8]
    counted = TeamScore(
        melded=135,
        in_hand=0,
        burraco_bonus=1000,
        closing_bonus=0,
        pozzetto_penalty=0,
        reale_burracos=1,
        nobile_burracos=1,
        over_the_top_burracos=1,
        super_clean_burracos=1,
    )
    written = to_dict(HandScore((counted,)))["teams"][0]
    assert list(written) == [field.name for field in attrs.fields(TeamScore)]
    match = to_dict(Match.start())
    assert list(match) == ["format", "type", "rules", "first_dealer", "hands"]
    assert FORMAT == 2
    assert to_dict(state)["format"] == match["format"] == 1


def test_the_examples_of_the_reference_page_load() -> None:
    page = Path(__file__).parent.parent / "docs" / "reference" / "serialize.md"
    examples = re.findall(r"```json\n(.*?)```", page.read_text(encoding="utf-8"), re.DOTALL)
    loaded = [from_json(example) for example in examples]
    assert [type(value) for value in loaded] == [GameState, HandScore]
    assert examples[0] == to_json(loaded[0], indent=2) + "\n"


def test_melds_are_saved_in_table_notation_with_the_wild_placed() -> None:
    state = mid_game()
    document = to_dict(state)
    assert document["melds"] == [[str(meld) for meld in melds] for melds in state.melds]
    assert any("=" in text for melds in document["melds"] for text in melds)


def test_loading_sorts_hands_and_reads_every_card_spelling() -> None:
    state = new_game(seed=3)
    document = to_dict(state)
    hand = document["hands"][2].split()
    random.Random(0).shuffle(hand)
    respelled = [token.lower().replace("10", "T") for token in hand]
    document["hands"][2] = "  ".join(respelled).replace("h", "♥")
    assert from_dict(document) == state


def test_indented_json_and_bytes_load_to_the_same_state() -> None:
    state = mid_game()
    for text in (to_json(state, indent=2), to_json(state, indent="\t")):
        assert from_json(text) == state
        assert from_json(text.encode()) == state
        assert from_json(bytearray(text.encode())) == state
    assert "\n" not in to_json(state)


def test_to_dict_refuses_other_values() -> None:
    with pytest.raises(TypeError, match="to_dict writes a GameState"):
        to_dict(CLASSIC)  # type: ignore[arg-type]


def test_expected_class_is_checked_and_types_the_result() -> None:
    text = to_json(DrawStock())
    action: DrawStock = from_json(text, DrawStock)
    assert action == DrawStock()
    with pytest.raises(InvalidStateError) as caught:
        from_json(text, GameState)
    assert (caught.value.reason, caught.value.path) == (Reason.WRONG_TYPE, "type")


# --- pickle and replays -------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULE_SETS[:5])
def test_states_survive_pickle_and_replays_are_exact(rules: Rules) -> None:
    played = list(random_hand(rules, 4, eager=True))
    replayed = new_game(rules, seed=4, dealer=4 % rules.players)
    for state, action in played:
        assert replayed == state
        copy = pickle.loads(pickle.dumps(state))
        assert copy == state
        assert hash(copy) == hash(state)
        assert apply(copy, action) == apply(state, action)
        replayed = apply(pickle.loads(pickle.dumps(replayed)), action)
    assert replayed.is_over


# --- hostile documents --------------------------------------------------------------------------


@cache
def mid_game() -> GameState:
    """A draw-phase position of a 4-player hand with melds on both sides, a pozzetto taken."""
    for seed in range(100):
        for state, _ in random_hand(CLASSIC, seed, eager=True):
            if (
                state.phase is Phase.DRAW
                and all(len(melds) >= 2 for melds in state.melds)
                and state.pozzetto_taken == (True, False)
                and not state.unseen_pozzetto
                and state.turn == 1
                and any(meld.wild is not None for meld in state.melds[0])
            ):
                return state
    raise AssertionError("no such position in 100 hands")


@cache
def closed_hand() -> GameState:
    """A 4-player hand that seat 0 or 2 closed (team 0)."""
    for seed in range(100):
        state = final_state(CLASSIC, seed, eager=True)
        assert state.outcome is not None
        if state.outcome.reason is EndReason.CLOSED and state.outcome.closer in (0, 2):
            return state
    raise AssertionError("no closed hand in 100 hands")


def game(**changes: Any) -> dict[str, Any]:
    """The saved ``mid_game`` with top-level fields replaced."""
    return {**to_dict(mid_game()), **changes}


def with_rules(**changes: Any) -> dict[str, Any]:
    document = to_dict(mid_game())
    return {**document, "rules": {**document["rules"], **changes}}


def with_hand(seat: int, text: str) -> dict[str, Any]:
    document = to_dict(mid_game())
    document["hands"][seat] = text
    return document


def first_melds(team: int, *texts: str) -> dict[str, Any]:
    """``mid_game`` with the team's first melds replaced (conservation is checked later)."""
    document = to_dict(mid_game())
    document["melds"][team][: len(texts)] = texts
    return document


def closed(**changes: Any) -> dict[str, Any]:
    return {**to_dict(closed_hand()), **changes}


def unshuffled(**changes: Any) -> dict[str, Any]:
    """A new hand dealt from an unshuffled deck: the stock ends with the second pack's jokers."""
    return {**to_dict(new_game(deck=make_deck())), **changes}


def hand_score(**changes: Any) -> dict[str, Any]:
    score = HandScore(
        (
            TeamScore(
                melded=120, in_hand=-20, burraco_bonus=200, closing_bonus=100,
                pozzetto_penalty=0, clean_burracos=1,
            ),
            TeamScore(
                melded=45, in_hand=-70, burraco_bonus=0, closing_bonus=0,
                pozzetto_penalty=-100,
            ),
        ),
        Outcome(EndReason.CLOSED, 2),
    )  # fmt: skip
    return {**to_dict(score), **changes}


def team_score(team: int, **changes: Any) -> dict[str, Any]:
    document = hand_score()
    document["teams"][team] = {**document["teams"][team], **changes}
    return document


def match(**changes: Any) -> dict[str, Any]:
    rules = attrs.evolve(CLASSIC, target=200)
    one = HandScore(
        (
            TeamScore(
                melded=300, in_hand=-10, burraco_bonus=0, closing_bonus=0, pozzetto_penalty=0
            ),
            TeamScore(melded=50, in_hand=-10, burraco_bonus=0, closing_bonus=0, pozzetto_penalty=0),
        )
    )
    document = to_dict(Match.start(rules).record(one))
    return {**document, **changes}


def match_holding(rules: Rules, hand: HandScore) -> dict[str, Any]:
    """A match document under ``rules`` whose one hand is ``hand``, written in without the
    checks :meth:`Match.record` makes."""
    document = to_dict(Match.start(rules))
    body = to_dict(hand)
    del body["format"], body["type"]
    document["hands"] = [body]
    return document


def closed_without_pozzetto() -> dict[str, Any]:
    """Seat 0 closed with a burraco but without its team's pozzetto."""
    state = position(
        hands={0: ""}, melds={0: ["4S 5S 6S 7S 8S 9S 10S"]}, pile="9H", turn=0, phase=Phase.OVER
    )
    return to_dict(attrs.evolve(state, outcome=Outcome(EndReason.CLOSED, 0)))


def stock_with_extra_joker() -> dict[str, Any]:
    document = unshuffled()
    document["stock"] += " JK"
    return document


def rules_without(name: str) -> dict[str, Any]:
    document = to_dict(mid_game())
    del document["rules"][name]
    return document


def meld_of(state: GameState, team: int, index: int) -> str:
    return str(state.melds[team][index])


def over_without_outcome() -> dict[str, Any]:
    return game(phase="over")


def draw_with_taken_pile() -> dict[str, Any]:
    return game(taken_from_pile=3)


HOSTILE: Final[list[tuple[str, Callable[[], object], Reason, str]]] = [
    # not a document
    ("empty text", lambda: "", Reason.BAD_JSON, ""),
    ("not json", lambda: "draw", Reason.BAD_JSON, ""),
    ("truncated", lambda: to_json(mid_game())[:-1], Reason.BAD_JSON, ""),
    ("deep nesting", lambda: "[" * 100_000 + "]" * 100_000, Reason.BAD_JSON, ""),
    ("nan", lambda: to_json(mid_game()).replace('"turn": 1', '"turn": NaN'), Reason.BAD_JSON, ""),
    ("huge literal", lambda: '{"format": ' + "9" * 5000 + "}", Reason.BAD_JSON, ""),
    ("repeated field", lambda: '{"format": 1, "format": 1}', Reason.BAD_JSON, ""),
    ("invalid utf-8", lambda: b'{"format": \xff}', Reason.BAD_JSON, ""),
    ("not text", lambda: 12345, Reason.WRONG_TYPE, ""),
    ("an array", lambda: "[]", Reason.WRONG_TYPE, ""),
    ("no format", lambda: '{"type": "game"}', Reason.MISSING_FIELD, "format"),
    ("format 3", lambda: game(format=3), Reason.UNSUPPORTED_FORMAT, "format"),
    ("format as text", lambda: game(format="1"), Reason.WRONG_TYPE, "format"),
    ("format true", lambda: game(format=True), Reason.WRONG_TYPE, "format"),
    ("unknown type", lambda: game(type="board"), Reason.UNSUPPORTED_FORMAT, "type"),
    # fields
    ("missing turn", lambda: {k: v for k, v in game().items() if k != "turn"},
     Reason.MISSING_FIELD, "turn"),
    ("unknown field", lambda: game(score=0), Reason.UNKNOWN_FIELD, "score"),
    ("rules field missing", lambda: rules_without("players"), Reason.MISSING_FIELD,
     "rules.players"),
    ("seven players", lambda: with_rules(players=7), Reason.OUT_OF_RANGE, "rules.players"),
    ("players true", lambda: with_rules(players=True), Reason.WRONG_TYPE, "rules.players"),
    ("players 4.0", lambda: with_rules(players=4.0), Reason.WRONG_TYPE, "rules.players"),
    ("sets of twos", lambda: with_rules(set_ranks=["A", "2"]), Reason.OUT_OF_RANGE,
     "rules.set_ranks[1]"),
    ("set rank twice", lambda: with_rules(set_ranks=["A", "A"]), Reason.INCONSISTENT_STATE,
     "rules.set_ranks[1]"),
    ("stock end", lambda: with_rules(stock_end="later"), Reason.OUT_OF_RANGE, "rules.stock_end"),
    ("suit order", lambda: with_rules(seating_suit_order=["S", "H", "D"]), Reason.OUT_OF_RANGE,
     "rules.seating_suit_order"),
    ("deal too large", lambda: with_rules(hand_size=40), Reason.OUT_OF_RANGE, "rules"),
    ("huge target", lambda: with_rules(target=10**20), Reason.OUT_OF_RANGE, "rules.target"),
    ("target zero", lambda: with_rules(target=0), Reason.OUT_OF_RANGE, "rules.target"),
    ("name a number", lambda: with_rules(name=5), Reason.WRONG_TYPE, "rules.name"),
    ("phase unknown", lambda: game(phase="lunch"), Reason.OUT_OF_RANGE, "phase"),
    ("flag as number", lambda: game(melded_this_turn=0), Reason.WRONG_TYPE, "melded_this_turn"),
    ("turn as float", lambda: game(turn=1.0), Reason.WRONG_TYPE, "turn"),
    # cards
    ("bad card", lambda: with_hand(2, "AS 2S 3S 4S 5S 11H"), Reason.BAD_CARD, "hands[2][5]"),
    ("hand as a list", lambda: with_hand(2, ["AS"]), Reason.WRONG_TYPE, "hands[2]"),  # type: ignore[arg-type]
    ("three hands", lambda: game(hands=game()["hands"][:3]), Reason.OUT_OF_RANGE, "hands"),
    ("seven hands", lambda: game(hands=[""] * 7), Reason.OUT_OF_RANGE, "hands"),
    ("card removed", lambda: with_hand(1, " ".join(game()["hands"][1].split()[1:])),
     Reason.CARDS_NOT_CONSERVED, ""),
    ("card duplicated", stock_with_extra_joker, Reason.CARDS_NOT_CONSERVED, "pozzetti[1][4]"),
    ("too many cards", lambda: with_hand(0, "AS " * 200), Reason.CARDS_NOT_CONSERVED, "hands[0]"),
    # melds
    ("illegal meld", lambda: first_melds(0, "5H 6H 8H"), Reason.ILLEGAL_MELD, "melds[0][0]"),
    ("meld bad card", lambda: first_melds(1, "5H 6H XX"), Reason.BAD_CARD, "melds[1][0]"),
    ("meld bad wild", lambda: first_melds(1, "5H 6H 7H=8H"), Reason.BAD_MELD_NOTATION,
     "melds[1][0]"),
    ("set not allowed", lambda: {**first_melds(0, "KS KH KD"), "rules": to_dict(
        new_game(INTERNATIONAL))["rules"]}, Reason.ILLEGAL_MELD, "melds[0][0]"),
    ("two sets of a rank", lambda: first_melds(1, "7S 7H 7D", "7S 7C 7D"), Reason.ILLEGAL_MELD,
     "melds[1][1]"),
    ("second ace off", lambda: {**first_melds(0, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK"),
     "rules": {**to_dict(mid_game())["rules"], "wild_as_second_ace": False}},
     Reason.ILLEGAL_MELD, "melds[0][0]"),
    ("melds of 3 teams", lambda: game(melds=[[], [], []]), Reason.OUT_OF_RANGE, "melds"),
    # seats, phase, pozzetti, outcome
    ("turn 4", lambda: game(turn=4), Reason.OUT_OF_RANGE, "turn"),
    ("turn -1", lambda: game(turn=-1), Reason.OUT_OF_RANGE, "turn"),
    ("dealer huge", lambda: game(dealer=2**60), Reason.OUT_OF_RANGE, "dealer"),
    ("over without outcome", over_without_outcome, Reason.INCONSISTENT_STATE, "outcome"),
    ("drawn before the draw", draw_with_taken_pile, Reason.INCONSISTENT_STATE, "taken_from_pile"),
    ("melded before the draw", lambda: game(melded_this_turn=True), Reason.INCONSISTENT_STATE,
     "melded_this_turn"),
    ("pozzetto flags", lambda: game(pozzetto_taken=[True, True]), Reason.INCONSISTENT_STATE,
     "pozzetti"),
    ("one pozzetto flag", lambda: game(pozzetto_taken=[True]), Reason.OUT_OF_RANGE,
     "pozzetto_taken"),
    ("unseen of a team without", lambda: game(unseen_pozzetto=[1]), Reason.INCONSISTENT_STATE,
     "unseen_pozzetto[0]"),
    ("unseen seat 9", lambda: game(unseen_pozzetto=[9]), Reason.OUT_OF_RANGE,
     "unseen_pozzetto[0]"),
    ("stalemate count", lambda: game(stalemate_turns=4), Reason.INCONSISTENT_STATE,
     "stalemate_turns"),
    ("closer without pozzetto", closed_without_pozzetto, Reason.INCONSISTENT_STATE,
     "outcome.closer"),
    ("closer still holding cards", lambda: closed(outcome={"reason": "closed", "closer": 1},
     turn=1), Reason.INCONSISTENT_STATE, "outcome.closer"),
    ("closer seat 4", lambda: closed(outcome={"reason": "closed", "closer": 4}),
     Reason.OUT_OF_RANGE, "outcome.closer"),
    ("stalemate with a closer", lambda: closed(outcome={"reason": "stalemate", "closer": 0}),
     Reason.INCONSISTENT_STATE, "outcome.closer"),
    ("outcome reason", lambda: closed(outcome={"reason": "won", "closer": 0}),
     Reason.OUT_OF_RANGE, "outcome.reason"),
    # actions
    ("action bad card", lambda: {"format": 1, "type": "action", "action": "open 5H XX"},
     Reason.BAD_CARD, "action"),
    ("action unknown", lambda: {"format": 1, "type": "action", "action": "fly"},
     Reason.BAD_ACTION, "action"),
    ("action odd digit", lambda: {"format": 1, "type": "action", "action": "add ² 7H"},
     Reason.BAD_ACTION, "action"),
    ("action huge index", lambda: {"format": 1, "type": "action", "action": "add 9" + "9" * 30
     + " 7H"}, Reason.OUT_OF_RANGE, "action"),
    ("action a number", lambda: {"format": 1, "type": "action", "action": 7}, Reason.WRONG_TYPE,
     "action"),
    ("action extra", lambda: {"format": 1, "type": "action", "action": "draw", "seat": 0},
     Reason.UNKNOWN_FIELD, "seat"),
    # hand scores and matches
    ("score of no team", lambda: hand_score(teams=[]), Reason.OUT_OF_RANGE, "teams"),
    ("positive in hand", lambda: team_score(0, in_hand=20), Reason.OUT_OF_RANGE,
     "teams[0].in_hand"),
    ("closing bonus of the other team", lambda: team_score(1, closing_bonus=100),
     Reason.INCONSISTENT_STATE, "teams[1].closing_bonus"),
    ("odd card values", lambda: team_score(1, melded=44), Reason.OUT_OF_RANGE, "teams[1].melded"),
    ("closer with a penalty", lambda: team_score(0, pozzetto_penalty=-100),
     Reason.INCONSISTENT_STATE, "teams[0].pozzetto_penalty"),
    ("first dealer", lambda: match(first_dealer=9), Reason.OUT_OF_RANGE, "first_dealer"),
    ("hand after the win", lambda: match(hands=match()["hands"] * 2), Reason.INCONSISTENT_STATE,
     "hands[1]"),
    ("hand of three teams", lambda: match(hands=[{"teams": hand_score()["teams"][:1] * 3,
     "outcome": None}]),
     Reason.OUT_OF_RANGE, "hands[0].teams"),
    ("bonus against the rules", lambda: match(hands=[
        {"teams": team_score(0, burraco_bonus=250)["teams"], "outcome": hand_score()["outcome"]}]),
     Reason.INCONSISTENT_STATE, "hands[0].teams[0].burraco_bonus"),
]  # fmt: skip


def load(document: object) -> object:
    """A dict with :func:`from_dict`, anything else (text, bytes or not) with :func:`from_json`."""
    if isinstance(document, dict):
        return from_dict(document)
    return from_json(cast(str, document))


@pytest.mark.parametrize(
    ("build", "reason", "path"),
    [pytest.param(build, reason, path, id=name) for name, build, reason, path in HOSTILE],
)
def test_hostile_documents_are_rejected_with_reason_and_path(
    build: Callable[[], object], reason: Reason, path: str
) -> None:
    document = build()
    with pytest.raises(InvalidStateError) as caught:
        load(document)
    assert (caught.value.reason, caught.value.path) == (reason, path)
    assert str(caught.value).startswith(f"{path}: {reason}: " if path else f"{reason}: ")
    if isinstance(document, dict):
        with pytest.raises(InvalidStateError) as again:
            from_json(json.dumps(document))
        assert (again.value.reason, again.value.path) == (reason, path)


def test_a_bad_card_is_named_with_its_place_and_the_notation() -> None:
    with pytest.raises(InvalidStateError) as caught:
        from_dict(with_hand(2, "AS 2S 3S 4S 5S 11H"))
    assert str(caught.value) == (
        "hands[2][5]: bad-card: bad card '11H': a card is a rank (A, 2-10, J, Q, K; T for ten) "
        "and a suit (S H D C or ♠ ♥ ♦ ♣), such as 7H or 10S, or JK for a joker"
    )


def test_a_duplicated_card_is_named_with_every_place_it_is() -> None:
    with pytest.raises(InvalidStateError) as caught:
        from_dict(stock_with_extra_joker())
    assert str(caught.value) == (
        "pozzetti[1][4]: cards-not-conserved: JK is one copy too many: 2 packs hold 4, and it is "
        "at stock[39], stock[40], stock[41], pozzetti[0][4], pozzetti[1][4]; the cards must be "
        "the 108 cards of 2 packs, once each; extra JK"
    )


def test_a_removed_card_is_named_as_missing() -> None:
    document = to_dict(new_game(deck=make_deck()))
    hand = document["hands"][1].split()
    assert hand[0] == "AS"
    document["hands"][1] = " ".join(hand[1:])
    with pytest.raises(InvalidStateError) as caught:
        from_dict(document)
    assert str(caught.value) == (
        "cards-not-conserved: the cards must be the 108 cards of 2 packs, once each; missing AS"
    )


class Opaque:
    """An object that is no JSON value at all."""


def cyclic() -> list[Any]:
    items: list[Any] = []
    items.append(items)
    return items


@pytest.mark.parametrize(
    "data",
    [
        None,
        1,
        "game",
        b"{}",
        [],
        {1: "format"},
        {("format",): 1},
        {"format": 1, "type": "game", **{key: Opaque() for key in to_dict(new_game())}},
        {**game(), "hands": cyclic()},
        {**game(), "hands": tuple(game()["hands"])[:2]},
        {**game(), "turn": float("nan")},
        {**game(), "stock": {"AS"}},
        {**game(), "rules": Opaque()},
        {"format": 1, "type": "action", "action": b"draw"},
    ],
    ids=lambda data: type(data).__name__,
)
def test_python_values_that_are_not_documents_are_rejected(data: object) -> None:
    with pytest.raises(InvalidStateError):
        from_dict(data)


def test_deep_python_nesting_is_rejected_without_recursion() -> None:
    deep: Any = "AS"
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(InvalidStateError) as caught:
        from_dict(game(hands=deep))
    assert (caught.value.reason, caught.value.path) == (Reason.WRONG_TYPE, "hands[0]")


def test_a_state_that_leaves_the_player_no_legal_action_is_rejected() -> None:
    stuck = position(
        hands={0: "JK"},
        melds={0: ["5H 6H 7H"]},
        taken=[True, False],
        pile="9C",
        turn=0,
        melded_this_turn=True,
    )
    with pytest.raises(InvalidStateError) as caught:
        from_dict(to_dict(stuck))
    assert (caught.value.reason, caught.value.path) == (Reason.INCONSISTENT_STATE, "hands[0]")
    assert str(caught.value) == (
        "hands[0]: inconsistent-state: seat 0 has no legal action: it holds JK, and cannot "
        "close with it"
    )


# --- only what play can reach loads (issue 12) ---------------------------------------------------

SIX: Final = attrs.evolve(CLASSIC, players=6)
IMMEDIATE: Final = attrs.evolve(CLASSIC, stock_end="immediately")


def reached(rules: Rules, test: Callable[[GameState], bool]) -> GameState:
    """The first state of random hands under ``rules`` that passes ``test``."""
    for seed in range(300):
        for state, _ in random_hand(rules, seed, eager=True):
            if test(state):
                return state
        last = final_state(rules, seed, eager=True)
        if test(last):
            return last
    raise AssertionError("no such state in 300 hands")


def rejected(document: dict[str, Any]) -> tuple[Reason, str]:
    with pytest.raises(InvalidStateError) as caught:
        from_dict(document)
    return caught.value.reason, caught.value.path


def unseen_waiting(state: GameState) -> bool:
    return bool(state.unseen_pozzetto) and state.phase is Phase.DRAW and state.outcome is None


@pytest.mark.parametrize("rules", [CLASSIC, SIX], ids=["4-players", "6-players"])
def test_an_unseen_pozzetto_whose_partner_has_discarded_is_rejected(rules: Rules) -> None:
    state = reached(rules, unseen_waiting)
    holder = state.unseen_pozzetto[0]
    partner = state.partner_of(holder)
    assert partner is not None
    after_partner = (partner + 1) % rules.players  # the partner has discarded: its left acts
    document = {**to_dict(state), "turn": after_partner, "dealer": after_partner}
    assert rejected(document) == (Reason.INCONSISTENT_STATE, "unseen_pozzetto[0]")
    # with the partner to act, it is a position play reaches
    assert from_dict({**to_dict(state), "turn": partner}, GameState).turn == partner


def test_a_play_phase_hand_of_one_card_with_nothing_melded_is_rejected() -> None:
    state = reached(
        CLASSIC,
        lambda s: s.phase is Phase.PLAY and not s.melded_this_turn and not s.taken_from_pile,
    )
    document = to_dict(state)
    seat = state.turn
    cards = document["hands"][seat].split()
    document["hands"][seat] = cards[0]
    document["stock"] = " ".join([*cards[1:], document["stock"]])
    stock_cards = document["stock"].split()
    # keep the stock no larger than the deal leaves: give the extra cards to the next seat
    extra = len(stock_cards) - len(state.stock)
    document["stock"] = " ".join(stock_cards[extra:])
    following = (seat + 1) % CLASSIC.players
    document["hands"][following] += " " + " ".join(stock_cards[:extra])
    assert rejected(document) == (Reason.INCONSISTENT_STATE, f"hands[{seat}]")


def test_a_stock_larger_than_the_deal_leaves_is_rejected() -> None:
    state = new_game(seed=3)
    document = to_dict(state)
    hand = document["hands"][1].split()
    document["hands"][1] = " ".join(hand[:5])
    document["stock"] = " ".join([*hand[5:], document["stock"]])
    assert rejected(document) == (Reason.INCONSISTENT_STATE, "stock")


def test_a_discard_pile_larger_than_the_draws_allow_is_rejected() -> None:
    state = new_game(seed=3)
    document = to_dict(state)
    hand = document["hands"][2].split()
    document["hands"][2] = " ".join(hand[:8])
    document["discard_pile"] = " ".join([document["discard_pile"], *hand[8:]])
    assert rejected(document) == (Reason.INCONSISTENT_STATE, "discard_pile")


def test_taken_from_pile_larger_than_the_hand_is_rejected() -> None:
    state = reached(
        CLASSIC,
        lambda s: s.phase is Phase.PLAY and s.taken_from_pile > 0 and not s.melded_this_turn,
    )
    held = len(state.hand)
    document = {**to_dict(state), "taken_from_pile": held}
    assert rejected(document) == (Reason.INCONSISTENT_STATE, "taken_from_pile")


def test_a_stalemate_count_after_taking_a_many_card_pile_is_rejected() -> None:
    state = reached(
        CLASSIC,
        lambda s: s.phase is Phase.PLAY and s.taken_from_pile > 1 and not s.melded_this_turn,
    )
    document = {**to_dict(state), "stalemate_turns": 1}
    assert rejected(document) == (Reason.INCONSISTENT_STATE, "stalemate_turns")


def test_a_closed_hand_with_a_stalemate_count_is_rejected() -> None:
    document = closed(stalemate_turns=1)
    assert rejected(document) == (Reason.INCONSISTENT_STATE, "stalemate_turns")


@pytest.mark.parametrize(("field", "value"), [("taken_from_pile", 1), ("melded_this_turn", True)])
def test_a_stock_end_under_immediately_after_a_pick_or_a_meld_is_rejected(
    field: str, value: object
) -> None:
    state = reached(
        IMMEDIATE,
        lambda s: s.outcome is not None and s.outcome.reason is EndReason.STOCK_EXHAUSTED,
    )
    assert rejected({**to_dict(state), field: value}) == (Reason.INCONSISTENT_STATE, field)


def test_the_loader_rule_holds_for_every_state_of_random_play_of_every_preset() -> None:
    for rules in [CLASSIC, FIBUR, INTERNATIONAL]:
        for players in (2, 3, 4, 6):
            variant = attrs.evolve(rules, players=players)
            for state, _ in random_hand(variant, players, eager=players % 2 == 0):
                assert from_json(to_json(state)) == state


def test_a_six_player_hand_score_above_two_packs_reloads() -> None:
    rules = attrs.evolve(CLASSIC, players=6, target=5000)
    big = TeamScore(
        melded=1200, in_hand=-10, burraco_bonus=600, closing_bonus=100, pozzetto_penalty=0,
        clean_burracos=3,
    )  # fmt: skip
    small = TeamScore(
        melded=100, in_hand=-50, burraco_bonus=0, closing_bonus=0, pozzetto_penalty=-100
    )
    hand = HandScore((big, small, small), Outcome(EndReason.CLOSED, 3))
    match = Match.start(rules).record(hand)
    assert from_json(to_json(match)) == match
    assert from_json(to_json(hand)) == hand
    two_packs = Match.start(attrs.evolve(rules, players=3))
    too_much = {**to_dict(two_packs), "hands": [to_dict(hand)]}
    del too_much["hands"][0]["format"], too_much["hands"][0]["type"]
    assert rejected(too_much)[0] is Reason.OUT_OF_RANGE


@pytest.mark.parametrize(
    ("changes", "reason", "path"),
    [
        (
            {"melded": 0, "clean_burracos": 1, "burraco_bonus": 200},
            Reason.INCONSISTENT_STATE,
            "teams[1].melded",
        ),
        ({"closing_bonus": 100}, Reason.INCONSISTENT_STATE, "teams[1].closing_bonus"),
        ({"in_hand": 0}, Reason.INCONSISTENT_STATE, "teams[1].in_hand"),
    ],
)
def test_impossible_hand_scores_are_rejected(
    changes: dict[str, int], reason: Reason, path: str
) -> None:
    assert rejected(team_score(1, **changes)) == (reason, path)


def test_a_closing_without_a_burraco_in_a_hand_score_is_rejected() -> None:
    document = team_score(0, melded=120, burraco_bonus=0, clean_burracos=0)
    assert rejected(document) == (Reason.CLOSING_NEEDS_BURRACO, "teams[0].melded")


def test_a_closing_with_only_a_dirty_burraco_under_international_is_rejected() -> None:
    rules = INTERNATIONAL
    hand = HandScore(
        (
            TeamScore(
                melded=120, in_hand=-20, burraco_bonus=100, closing_bonus=100,
                pozzetto_penalty=0, dirty_burracos=1,
            ),
            TeamScore(
                melded=45, in_hand=-70, burraco_bonus=0, closing_bonus=0, pozzetto_penalty=-100
            ),
        ),
        Outcome(EndReason.CLOSED, 2),
    )  # fmt: skip
    document = match_holding(rules, hand)
    assert rejected(document) == (
        Reason.CLOSING_NEEDS_CLEAN_BURRACO,
        "hands[0].teams[0].clean_burracos",
    )


# --- untrusted text ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "code"),
    [("x" * 65, None), ("bad\ud800", "U+D800"), ("two\nlines", "U+000A"), ("a\u2028b", "U+2028")],
)
def test_rules_names_are_short_printable_one_line_text(name: str, code: str | None) -> None:
    document = with_rules(name=name)
    assert rejected(document) == (Reason.OUT_OF_RANGE, "rules.name")
    with pytest.raises(ValueError, match=re.escape(code or "at most 64")):
        attrs.evolve(CLASSIC, name=name)


def test_a_fifty_megabyte_rules_name_is_rejected_quickly_with_a_short_message() -> None:
    document = with_rules(name="n" * 50_000_000)
    with pytest.raises(InvalidStateError) as caught:
        from_dict(document)
    assert caught.value.path == "rules.name"
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("space", ["\u00a0", "\u2028", "\u3000", "\x1c", "\x1f", "\x85"])
def test_unicode_spaces_do_not_separate_cards_in_a_saved_game(space: str) -> None:
    document = to_dict(new_game(seed=2))
    document["hands"][0] = document["hands"][0].replace(" ", space, 1)
    assert rejected(document) == (Reason.BAD_CARD, "hands[0][0]")


def test_commas_separate_cards_in_every_field_of_a_saved_game() -> None:
    state = mid_game()
    document = to_dict(state)
    for seat, hand in enumerate(document["hands"]):
        document["hands"][seat] = hand.replace(" ", ",")
    document["stock"] = document["stock"].replace(" ", ", ")
    document["melds"][0][0] = document["melds"][0][0].replace(" ", ",")
    assert from_dict(document) == state


def test_a_long_action_is_rejected_before_it_is_read_with_a_short_message() -> None:
    text = "open " + "7H " * 3_000_000
    with pytest.raises(InvalidStateError) as caught:
        from_dict({"format": 1, "type": "action", "action": text})
    assert (caught.value.reason, caught.value.path) == (Reason.OUT_OF_RANGE, "action")
    assert len(str(caught.value)) < 200


ALL_PRESETS: Final = [
    attrs.evolve(rules, players=players)
    for rules in (CLASSIC, FIBUR, INTERNATIONAL)
    for players in (2, 3, 4, 6)
]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(ALL_PRESETS).flatmap(game_states))
def test_every_state_random_play_reaches_loads_property(state: GameState) -> None:
    assert from_json(to_json(state)) == state


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(ALL_PRESETS), st.integers(0, 2**32 - 1))
def test_every_score_of_a_random_hand_loads_alone_and_in_a_match(rules: Rules, seed: int) -> None:
    hand = score_hand(final_state(rules, seed, eager=seed % 2 == 0))
    assert from_json(to_json(hand)) == hand
    match = Match.start(attrs.evolve(rules, target=10**6)).record(hand)
    assert from_json(to_json(match)) == match


def test_with_two_players_a_hand_score_gives_the_closer_no_cards_in_hand() -> None:
    rules = attrs.evolve(CLASSIC, players=2)
    hand = HandScore(
        (
            TeamScore(
                melded=120, in_hand=-20, burraco_bonus=200, closing_bonus=100,
                pozzetto_penalty=0, clean_burracos=1,
            ),
            TeamScore(
                melded=45, in_hand=-70, burraco_bonus=0, closing_bonus=0, pozzetto_penalty=-100
            ),
        ),
        Outcome(EndReason.CLOSED, 0),
    )  # fmt: skip
    document = match_holding(rules, hand)
    assert rejected(document) == (Reason.INCONSISTENT_STATE, "hands[0].teams[0].in_hand")
    document["hands"][0]["teams"][0]["in_hand"] = 0
    assert from_dict(document, Match).hands[0].teams[0].in_hand == 0


# --- tournament matches -------------------------------------------------------------------------


def test_tournament_matches_round_trip_with_their_deals_and_table() -> None:
    match = Match.start(deals=4, dealer=3)
    for seed in range(3):
        match = match.record(score_hand(final_state(CLASSIC, seed, eager=True)))
        document = to_dict(match)
        assert (document["deals"], document["table"][0], document["table"][-1]) == (
            4,
            [100, 10, 10],
            [None, 20, 0],
        )
        assert from_json(to_json(match), Match) == match


def test_a_match_document_without_deals_reads_as_a_match_to_the_target() -> None:
    document = match()
    assert "deals" not in document and "table" not in document
    loaded = from_dict(document)
    assert isinstance(loaded, Match) and (loaded.deals, loaded.table) == (None, None)


@pytest.mark.parametrize(
    ("changes", "reason", "path"),
    [
        ({"deals": 3}, Reason.MISSING_FIELD, "table"),
        ({"deals": "3", "table": [[None, 20, 0]]}, Reason.WRONG_TYPE, "deals"),
        ({"deals": 3, "table": [[None, 20]]}, Reason.WRONG_TYPE, "table[0]"),
        ({"deals": 3, "table": [["x", 20, 0]]}, Reason.WRONG_TYPE, "table[0][0]"),
        ({"deals": 3, "table": [[50, 10, 10]]}, Reason.INCONSISTENT_STATE, ""),
        ({"deals": 0, "table": [[None, 20, 0]]}, Reason.INCONSISTENT_STATE, ""),
    ],
)
def test_bad_tournament_fields_are_rejected(
    changes: dict[str, Any], reason: Reason, path: str
) -> None:
    with pytest.raises(InvalidStateError) as error:
        from_dict(match(**changes))
    assert (error.value.reason, error.value.path) == (reason, path)


def test_a_state_with_a_fixed_own_two_round_trips_and_scores() -> None:
    # ``3D ... QD 2D=KD AD``: the two stays the king's wild after the three is added (rules
    # §5.4), though an opening would read these cards as a natural A-Q. A state play reaches.
    state = position(
        hands={0: "3D 5S 9H KS"}, melds={0: ["4D 5D 6D 7D 8D 9D 10D JD QD 2D AD"]}, pile="7C"
    )
    state = apply(state, AddToMeld(0, "3D"))
    meld = state.melds[0][0]
    assert str(meld) == "3D 4D 5D 6D 7D 8D 9D 10D JD QD 2D=KD AD"
    assert from_json(to_json(state)) == state
    assert from_dict(to_dict(state)) == state
    over = attrs.evolve(state, phase=Phase.OVER, outcome=Outcome(EndReason.STOCK_EXHAUSTED))
    team = score_hand(over).teams[0]
    assert (team.melded, team.burraco_bonus) == (meld.points, 100)  # a dirty burraco


# --- limits (issue 41) --------------------------------------------------------------------------


def test_a_document_longer_than_the_limit_is_rejected_before_it_is_parsed() -> None:
    match = Match.start(CLASSIC)
    text = to_json(match)
    padded = text + " " * (MAX_DOCUMENT_LENGTH - len(text))
    assert from_json(padded) == match
    for too_long in (padded + " ", (padded + " ").encode()):
        with pytest.raises(InvalidStateError) as caught:
            from_json(too_long)
        assert caught.value.reason is Reason.BAD_JSON
        assert f"a document is at most {MAX_DOCUMENT_LENGTH:,}" in str(caught.value)


def test_a_document_may_open_with_a_byte_order_mark_as_text_or_bytes() -> None:
    state = new_game(seed=2)
    text = to_json(state)
    assert from_json("\ufeff" + text) == state
    assert from_json(b"\xef\xbb\xbf" + text.encode()) == state
    with pytest.raises(InvalidStateError):
        from_json("\ufeff\ufeff" + text)


def test_a_number_too_long_to_read_is_bad_json_in_a_short_message() -> None:
    with pytest.raises(InvalidStateError) as caught:
        from_json('{"format": ' + "1" * 5000 + "}")
    assert caught.value.reason is Reason.BAD_JSON
    assert "a number has more than the 4,300 digits" in str(caught.value)
    assert len(str(caught.value)) < 200


def test_a_long_match_document_loads() -> None:
    hand = HandScore(
        (
            TeamScore(
                melded=30, in_hand=-20, burraco_bonus=0, closing_bonus=0, pozzetto_penalty=-100
            ),
        )
        * 2,
        Outcome(EndReason.STOCK_EXHAUSTED),
    )
    match = Match(CLASSIC, 0, (hand,) * 2000)
    assert from_json(to_json(match)) == match


def test_an_unknown_field_beside_the_optional_ones_is_rejected() -> None:
    picked = apply(new_game(FIBUR, seed=1), TakeDiscardPile())
    document = {**to_dict(picked), "extra": 0}
    assert "pile_card" in document and "time_out_turns" not in document
    with pytest.raises(InvalidStateError) as caught:
        from_dict(document, GameState)
    assert (caught.value.reason, caught.value.path) == (Reason.UNKNOWN_FIELD, "extra")


def test_a_saved_one_card_pick_without_its_pile_card_is_refused() -> None:
    # finding F1: with pile_card removed, the loader accepted the game, and discarding the card
    # taken with a one-card pile became legal again (rules §13.1)
    picked = apply(new_game(FIBUR, seed=1), TakeDiscardPile())
    card = picked.pile_card
    assert card is not None and picked.hands[picked.turn].count(card) == 1
    document = to_dict(picked)
    del document["pile_card"]
    with pytest.raises(InvalidStateError) as caught:
        from_dict(document, GameState)
    assert caught.value.reason is Reason.INCONSISTENT_STATE
    assert "pile_card" in str(caught.value)


def test_a_saved_pile_card_that_was_not_taken_with_the_pile_is_refused() -> None:
    picked = apply(new_game(FIBUR, seed=1), TakeDiscardPile())
    document = to_dict(picked)
    other = next(card for card in picked.hands[picked.turn] if card != picked.pile_card)
    document["pile_card"] = str(other)
    with pytest.raises(InvalidStateError) as caught:
        from_dict(document, GameState)
    assert "pile_card" in str(caught.value)
