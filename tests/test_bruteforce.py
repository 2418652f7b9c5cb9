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
    FIBUR3,
    FIBUR5,
    PRESETS,
    REALE,
    AddToMeld,
    Card,
    Discard,
    GameState,
    InvalidMeldError,
    Meld,
    OpenMeld,
    Partnerships,
    Phase,
    Rank,
    Rules,
    TakeDiscardPile,
    apply,
    check_invariants,
    extend_meld,
    legal_actions,
    parse_card,
    parse_cards,
    validate_meld,
)
from burraco.testing import random_play
from tests import bruteforce
from tests.bruteforce import (
    PERFT_DIGEST,
    PERFT_PAIRS_DIGEST,
    PERFT_PAIRS_POSITIONS,
    brute_force_actions,
    compare,
    extension_moves,
    load_perft_corpus,
    opening_moves,
    perft_lines,
    pile_position,
    random_positions,
    rule_sets,
    rules_id,
    single_pile_position,
    stress_position,
)
from tests.helpers import position, slow_but_first

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


@pytest.mark.slow
@pytest.mark.parametrize("rules", [FIBUR3, FIBUR5], ids=["fibur3", "fibur5"])
def test_legal_actions_are_the_brute_force_ones_as_the_pairs_form_in_eager_play(
    rules: Rules,
) -> None:
    # rules §14: eager play (melding when it can) runs out and forms the pairs in many hands
    compared = paired = 0
    for seed in range(20):
        for state, _ in random_play(rules, seed, eager=True):
            assert compare(state) == [], (seed, state.turn, state.phase)
            compared += 1
            paired += len(state.partners) < rules.players
    assert paired > 200 and compared > paired


@pytest.mark.parametrize("rules", slow_but_first(RULE_SETS, IDS))
def test_legal_actions_are_the_brute_force_ones_in_random_play(rules: Rules) -> None:
    compared = 0
    for seed in range(2):
        for state in random_positions(rules, seed):
            assert compare(state) == [], (seed, state.turn, state.phase)
            compared += 1
    assert compared > 20


@pytest.mark.parametrize("rules", slow_but_first(RULE_SETS, IDS))
def test_legal_actions_are_the_brute_force_ones_where_wilds_can_stand_anywhere(
    rules: Rules,
) -> None:
    rng = random.Random(f"stress {rules.name} {rules.players}")
    for _ in range(40):
        state = stress_position(rng, rules)
        assert compare(state) == [], [str(m) for m in state.melds[0]]


@pytest.mark.parametrize("rules", slow_but_first(RULE_SETS[1::2], IDS[1::2]))
def test_legal_actions_are_the_brute_force_ones_with_the_pile_in_hand(rules: Rules) -> None:
    rng = random.Random(f"pile {rules.name} {rules.players}")
    for _ in range(2):
        state = pile_position(rng, rules)
        assert state.phase is Phase.PLAY and len(state.hands[0]) >= 13
        assert compare(state) == []


def test_stress_positions_hold_long_sequences_and_full_sets() -> None:
    rng = random.Random(1)
    sizes: set[int] = set()
    wilds: dict[bool, set[str]] = {True: set(), False: set()}  # by rules.jokers
    full_set = ace_to_ace = False
    for _ in range(300):
        rules = rng.choice(RULE_SETS)
        state = stress_position(rng, rules)
        assert rules.jokers or not any(card.is_joker for card in state.hands[0])
        for meld in state.melds[0]:
            sizes.add(len(meld.cards))
            if meld.wild is not None and meld.suit is not None:
                own = meld.wild.rank is Rank.TWO and meld.wild.suit is meld.suit
                wilds[rules.jokers].add(
                    ("own two" if own else "other") + (" fixed" if meld.wild_is_fixed else "")
                )
            if meld.rank is not None:
                full_set |= len(meld.cards) > 4 * rules.packs
            ace_to_ace |= meld.cards[0].rank is meld.cards[-1].rank is Rank.ACE
    assert {13, 14} <= sizes
    # without jokers (Burraco Reale) the twos alone stand anywhere a wild may
    assert wilds[True] == wilds[False] == {"own two", "own two fixed", "other", "other fixed"}
    assert full_set
    assert ace_to_ace


@pytest.mark.parametrize("rules", slow_but_first(RULE_SETS, IDS))
def test_legal_actions_are_the_brute_force_ones_after_a_one_card_pile(rules: Rules) -> None:
    rng = random.Random(f"one-card pile {rules.name} {rules.players}")
    for _ in range(4):
        state = single_pile_position(rng, rules)
        assert state.phase is Phase.PLAY and state.taken_from_pile == 1
        assert compare(state) == [], [str(m) for m in state.melds[0]]


def test_one_card_pile_positions_hold_a_card_that_may_not_go_back() -> None:
    # The builder reaches both parts of rules §13.1: the card's discard refused, and a meld
    # refused because it would leave that card alone in hand.
    refused_discards = refused_melds = 0
    for rules in RULE_SETS:
        rng = random.Random(f"one-card pile {rules.name} {rules.players}")
        for _ in range(4):
            state = single_pile_position(rng, rules)
            card = state.pile_card
            if card is None:
                continue
            hand = state.hands[0]
            refused_discards += (Discard(card),) not in brute_force_actions(state)
            melds = [c for c, _ in opening_moves(hand, rules)] + [
                c for meld in state.melds[0] for c, _ in extension_moves(meld, hand, rules)
            ]
            refused_melds += any(
                len(hand) - len(cards) == 1 and card not in cards for cards in melds
            )
    assert refused_discards >= 10
    assert refused_melds >= 1


@pytest.mark.parametrize(
    ("rules", "returned"), [(FIBUR, False), (CLASSIC, True)], ids=["fibur", "classic"]
)
def test_the_brute_force_keeps_the_one_card_pile_card_where_the_rules_say(
    rules: Rules, returned: bool
) -> None:
    before = position(
        rules, hands={0: "7H 8H"}, melds={0: ["4H 5H 6H"]}, pile="KS", phase=Phase.DRAW
    )
    state = apply(before, TakeDiscardPile())
    moves = brute_force_actions(state)
    king, sevens = parse_card("KS"), tuple(parse_cards("7H 8H"))
    grown = extend_meld(state.melds[0][0], sevens, rules)
    assert ((Discard(king),) in moves) is returned
    assert (("add", 0, sevens, grown) in moves) is returned  # it would leave the king alone
    assert (Discard(parse_card("7H")),) in moves
    assert compare(state) == []


def test_the_brute_force_finds_the_openings_from_ace_to_ace() -> None:
    # Burraco Reale's 14-card sequences, which the move generator leaves to burraco._engine.aces
    hand = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2H 7D"
    state = position(REALE, hands={0: hand})
    ace_to_ace = [
        key
        for key in brute_force_actions(state)
        if key[0] == "open" and isinstance(key[2], Meld) and len(key[2].cards) == 14
    ]
    natural = tuple(sorted(parse_cards(hand)[:14], key=lambda card: card.code))
    assert ("open", natural, validate_meld(natural, REALE)) in ace_to_ace
    assert len(ace_to_ace) > 1  # the two of hearts may stand in any slot from 2 to K
    assert OpenMeld(natural) in legal_actions(state)
    assert compare(state) == []


def test_the_perft_digest_of_the_corpus_is_unchanged() -> None:
    # A change to the move generator that changes any list fails here. If the change is
    # intended (a rule fixed or added), run `python -m tests.bruteforce --write-perft` and say
    # in the commit message which lists changed and why: `git diff tests/vectors` shows them.
    # A preset's changed switches reach the corpus only if it is built again (each position
    # keeps its whole rules): delete tests/vectors/perft_positions.jsonl.gz first.
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
    presets = {
        (name, players)
        for name, preset in PRESETS.items()
        if preset.partnerships is Partnerships.FIXED
        for players in (2, 3, 4, 6)
    }
    assert {(s.rules.name, s.rules.players) for s in corpus} == presets
    assert all(
        s.rules == attrs.evolve(PRESETS[s.rules.name], players=s.rules.players) for s in corpus
    )
    assert max(len(s.hands[s.turn]) for s in corpus) >= 20
    assert sum(s.pile_card is not None for s in corpus) >= 10
    for state in corpus:
        check_invariants(state)


def test_the_perft_digest_of_the_partnership_corpus_is_unchanged() -> None:
    # The corpus of rules §14 (FIBUR3 and FIBUR5, before and after the pairs form); regenerate
    # as the first corpus's, deleting tests/vectors/perft_pairs_positions.jsonl.gz to rebuild.
    expected = PERFT_PAIRS_DIGEST.read_text(encoding="utf-8").splitlines()
    assert perft_lines(load_perft_corpus(PERFT_PAIRS_POSITIONS)) == expected


def test_the_partnership_corpus_crosses_the_forming_of_pairs_and_agrees_with_the_brute_force() -> (
    None
):
    corpus = load_perft_corpus(PERFT_PAIRS_POSITIONS)
    for preset in (FIBUR3, FIBUR5):
        states = [state for state in corpus if state.rules == preset]
        assert any(len(state.partners) == preset.players for state in states)
        assert any(len(state.partners) < preset.players for state in states)
    for state in corpus:
        check_invariants(state)
        assert compare(state) == [], str(state)
