"""``legal_actions`` against a brute force built from the public rules functions alone
(:mod:`tests.bruteforce`), and the perft-style digest of a fixed corpus of positions.

The long run is ``nox -s bruteforce`` (100,000 positions); these are bounded to seconds.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from itertools import product

import attrs
import pytest

from burraco import (
    CLASSIC,
    FIBUR,
    PRESETS,
    AddToMeld,
    Card,
    GameState,
    InvalidMeldError,
    Meld,
    Phase,
    Rank,
    Rules,
    check_invariants,
    extend_meld,
    legal_actions,
    validate_meld,
)
from tests import bruteforce
from tests.bruteforce import (
    PERFT_DIGEST,
    compare,
    extension_moves,
    load_perft_corpus,
    opening_moves,
    perft_lines,
    pile_position,
    random_positions,
    rule_sets,
    rules_id,
    stress_position,
)
from tests.helpers import position

RULE_SETS = rule_sets()
IDS = [rules_id(rules) for rules in RULE_SETS]


def _every_sub_multiset(cards: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    counts = sorted(Counter(cards).items(), key=lambda item: item[0].code)
    found = []
    for taken in product(*(range(n + 1) for _, n in counts)):
        found.append(tuple(c for (c, _), n in zip(counts, taken, strict=True) for _ in range(n)))
    return found


def _unpruned(
    read: Callable[[tuple[Card, ...], Rank | None], Meld], hand: tuple[Card, ...], least: int
) -> set[tuple[object, ...]]:
    found: set[tuple[object, ...]] = set()
    for cards in _every_sub_multiset(hand):
        if len(cards) < least:
            continue
        for wild_as in (None, *Rank):
            try:
                meld = read(cards, wild_as)
            except InvalidMeldError:
                continue
            found.add((cards, meld, wild_as))
    return found


def _flat(moves: dict[tuple[tuple[Card, ...], Meld], set[Rank | None]]) -> set[tuple[object, ...]]:
    return {(cards, meld, wild_as) for (cards, meld), names in moves.items() for wild_as in names}


@pytest.mark.parametrize("seed", range(4))
def test_the_brute_force_prunes_no_meld_of_a_small_hand(seed: int) -> None:
    # Its pruning (one suit or one rank of naturals, at most two twos and jokers, gaps no more
    # than they) lets through every meld that trying every sub-multiset finds.
    rng = random.Random(seed)
    for rules in RULE_SETS[::3]:
        state = stress_position(rng, rules, hand_size=8)
        hand = state.hands[0]

        def opened(cards: tuple[Card, ...], wild_as: Rank | None, rules: Rules = rules) -> Meld:
            return validate_meld(cards, rules, wild_as=wild_as)

        assert _flat(opening_moves(hand, rules)) == _unpruned(opened, hand, 3)
        for meld in state.melds[0]:

            def grown(
                cards: tuple[Card, ...],
                wild_as: Rank | None,
                meld: Meld = meld,
                rules: Rules = rules,
            ) -> Meld:
                return extend_meld(meld, cards, rules, wild_as=wild_as)

            assert _flat(extension_moves(meld, hand, rules)) == _unpruned(grown, hand, 1)


@pytest.mark.parametrize(
    ("rules", "hand", "meld"),
    [
        (CLASSIC, "AD JK 8C", "4D 5D 2D=6D"),
        (CLASSIC, "5S AS JK", "4S 2S=5S 6S"),
        (CLASSIC, "KS AH JK", "2H=3H 4H 5H"),
        (attrs.evolve(CLASSIC, players=3), "6H AD 2C", "4D 5D 6D 2D=7D"),
        (attrs.evolve(FIBUR, players=6), "AS 2H 6H", "4S 5S 6S 2S=7S"),
        (CLASSIC, "AD 2D 3D 5D 6D 7D JK", "8D 9D 2D=10D"),
    ],
)
def test_the_brute_force_agrees_on_the_additions_the_generator_once_missed(
    rules: Rules, hand: str, meld: str
) -> None:
    assert compare(position(rules, hands={0: hand}, melds={0: [meld]})) == []


def test_the_comparison_reports_a_legal_action_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    state = position(CLASSIC, hands={0: "AD JK 8C"}, melds={0: ["4D 5D 2D=6D"]})

    def without_additions(state: GameState) -> list[object]:
        return [a for a in legal_actions(state) if not isinstance(a, AddToMeld)]

    monkeypatch.setattr(bruteforce, "legal_actions", without_additions)
    problems = compare(state)
    assert problems and all(p.startswith("legal but not listed: add 0") for p in problems)
    assert any("AD 2D JK=3D 4D 5D" in p for p in problems)


def test_the_comparison_reports_an_action_listed_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    state = position(CLASSIC, hands={0: "AD JK 8C"}, melds={0: ["4D 5D 2D=6D"]})

    def twice(state: GameState) -> list[object]:
        listed = legal_actions(state)
        return [*listed, listed[-1]]

    monkeypatch.setattr(bruteforce, "legal_actions", twice)
    assert any(p.startswith("listed more than once") for p in compare(state))


@pytest.mark.parametrize("rules", RULE_SETS, ids=IDS)
def test_legal_actions_are_the_brute_force_ones_in_random_play(rules: Rules) -> None:
    compared = 0
    for seed in range(2):
        for state in random_positions(rules, seed):
            assert compare(state) == [], (seed, state.turn, state.phase)
            compared += 1
    assert compared > 20


@pytest.mark.parametrize("rules", RULE_SETS, ids=IDS)
def test_legal_actions_are_the_brute_force_ones_where_wilds_can_stand_anywhere(
    rules: Rules,
) -> None:
    rng = random.Random(f"stress {rules.name} {rules.players}")
    for _ in range(40):
        state = stress_position(rng, rules)
        assert compare(state) == [], [str(m) for m in state.melds[0]]


@pytest.mark.parametrize("rules", RULE_SETS[1::2], ids=IDS[1::2])
def test_legal_actions_are_the_brute_force_ones_with_the_pile_in_hand(rules: Rules) -> None:
    rng = random.Random(f"pile {rules.name} {rules.players}")
    for _ in range(2):
        state = pile_position(rng, rules)
        assert state.phase is Phase.PLAY and len(state.hands[0]) >= 13
        assert compare(state) == []


def test_stress_positions_hold_long_sequences_and_full_sets() -> None:
    rng = random.Random(1)
    sizes: set[int] = set()
    wilds: set[str] = set()
    full_set = False
    for _ in range(300):
        rules = rng.choice(RULE_SETS)
        for meld in stress_position(rng, rules).melds[0]:
            sizes.add(len(meld.cards))
            if meld.wild is not None and meld.suit is not None:
                own = meld.wild.rank is Rank.TWO and meld.wild.suit is meld.suit
                wilds.add(
                    ("own two" if own else "other") + (" fixed" if meld.wild_is_fixed else "")
                )
            if meld.rank is not None:
                full_set |= len(meld.cards) > 4 * rules.packs
    assert {13, 14} <= sizes
    assert wilds == {"own two", "own two fixed", "other", "other fixed"}
    assert full_set


def test_the_perft_digest_of_the_corpus_is_unchanged() -> None:
    # A change to the move generator that changes any list fails here. If the change is
    # intended (a rule fixed or added), run `python -m tests.bruteforce --write-perft` and say
    # in the commit message which lists changed and why: `git diff tests/vectors` shows them.
    expected = PERFT_DIGEST.read_text(encoding="utf-8").splitlines()
    actual = perft_lines(load_perft_corpus())
    changed = [f"{old} -> {new}" for old, new in zip(expected, actual, strict=True) if old != new]
    assert not changed, (
        "the legal-action lists of the perft corpus changed (position, count, hash): "
        + "; ".join(changed[:10])
        + ". If intended, regenerate with `python -m tests.bruteforce --write-perft` and "
        "explain every changed list in the commit message."
    )


def test_the_perft_corpus_covers_every_rule_set() -> None:
    corpus = load_perft_corpus()
    presets = {(name, players) for name in PRESETS for players in (2, 3, 4, 6)}
    assert {(s.rules.name, s.rules.players) for s in corpus} == presets
    assert max(len(s.hands[s.turn]) for s in corpus) >= 20
    for state in corpus:
        check_invariants(state)
