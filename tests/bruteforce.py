"""A brute-force legal-action generator, derived from the public rules functions alone.

It shares nothing with the move generator (:mod:`burraco._engine.movegen`) nor with its older
oracle: every candidate meld is a sub-multiset of the hand, read by :func:`~burraco.validate_meld`
with every ``wild_as``, every candidate addition is a sub-multiset of the hand added to each of
the team's melds by :func:`~burraco.extend_meld` with every ``wild_as``. The rules of the table
are judged here too, by the public functions of :mod:`burraco.closing` and the rules' fields,
never by :func:`~burraco.is_legal` (which shares the engine's code): one set per rank, the cards
a meld must keep back (§7.2; never the one-card pile's card alone, §13.1), the International
pile rule (§4.1), the one-card pile's card not discarded again (§13.1), the last discard a
legal closing (§7.1). Draws, the pile and discards are tried one by one.

The sub-multisets are pruned only by facts every meld shares (rules §5), each checked below
by a test that lets them all through on small hands:

* a meld's natural cards (neither a two nor a joker) are all of one rank (a set) or all of one
  suit (a sequence);
* a meld holds at most one wild, so at most two twos and jokers in all (a sequence may also
  hold the two of its suit, natural in its slot), and two only in a sequence, one of them the
  two of its suit; a set holds at most one;
* a sequence holds one card per slot: each natural rank once, the ace at most twice (low and
  high); the slots its naturals leave empty between its lowest and highest are at most its
  twos and jokers.

:func:`compare` checks :func:`~burraco.legal_actions` against it: the same moves, each listed
once, in the canonical spelling (``wild_as=None`` when the default placement makes the meld).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from itertools import combinations, islice, product
from pathlib import Path
from typing import Any

import attrs

from burraco import (
    CLASSIC,
    JOKER,
    PRESETS,
    Action,
    AddToMeld,
    Card,
    Discard,
    DrawStock,
    GameState,
    InvalidMeldError,
    InvalidStateError,
    Meld,
    MeldKind,
    OpenMeld,
    Phase,
    Rank,
    Rules,
    Suit,
    TakeDiscardPile,
    apply,
    check_invariants,
    extend_meld,
    format_cards,
    from_json,
    is_legal,
    legal_actions,
    make_deck,
    to_json,
    validate_meld,
)
from burraco.closing import DEAD_CARDS, keeping_problem, last_card_problem, returns_pile_card
from burraco.rules import Partnerships, meld_switches
from tests.helpers import position, random_play

__all__ = ["MeldMove", "brute_force_actions", "compare", "extension_moves", "opening_moves"]

_RANKS = tuple(Rank)
_ACE_HIGH = 14

MeldMove = tuple[tuple[Card, ...], Meld]
"""A meld move by its effect: the cards it takes from the hand (sorted by code) and the meld it
leaves on the table."""


def _is_wild_capable(card: Card) -> bool:
    """Whether a card can be a wild: a joker or a two (natural only in its suit's sequence)."""
    return card.rank is None or card.rank is Rank.TWO


def _slots_of(ranks: list[Rank]) -> list[list[int]]:
    """The ways natural ranks sit in sequence slots: each ace low (1) or high (14)."""
    aces = sum(1 for rank in ranks if rank is Rank.ACE)
    others = [int(rank) for rank in ranks if rank is not Rank.ACE]
    if aces == 0:
        return [others]
    if aces == 1:
        return [[1, *others], [*others, _ACE_HIGH]]
    if aces == 2:
        return [[1, *others, _ACE_HIGH]]
    return []


def _holes(ranks: list[Rank]) -> int:
    """The fewest slots natural ranks of a sequence leave empty between their ends (a large
    number if some rank repeats, which no sequence allows)."""
    best = 99
    for slots in _slots_of(ranks):
        if not slots:
            return 0
        if len(set(slots)) != len(slots):
            continue
        best = min(best, max(slots) - min(slots) + 1 - len(slots))
    return best


def _wild_picks(wilds: list[Card], most: int) -> list[tuple[Card, ...]]:
    """Every distinct sub-multiset of ``wilds`` of at most ``most`` cards."""
    found: set[tuple[Card, ...]] = set()
    for size in range(most + 1):
        for pick in combinations(sorted(wilds, key=_code), size):
            found.add(pick)
    return sorted(found, key=lambda pick: [card.code for card in pick])


def _code(card: Card) -> int:
    return card.code


def _sub_multisets(cards: list[Card], cap: int | None = None) -> Iterator[tuple[Card, ...]]:
    """Every distinct sub-multiset of ``cards`` (each card at most ``cap`` times, if given)."""
    counts = Counter(cards)
    items = sorted(counts.items(), key=lambda item: item[0].code)
    ranges = [range(min(count, cap) + 1 if cap is not None else count + 1) for _, count in items]
    for taken in product(*ranges):
        yield tuple(card for (card, _), n in zip(items, taken, strict=True) for _ in range(n))


def _sequence_naturals(cards: list[Card]) -> Iterator[tuple[Card, ...]]:
    """Sub-multisets of one suit's natural cards a sequence could hold: each rank once, the
    ace at most twice."""
    counts = Counter(cards)
    items = sorted(counts.items(), key=lambda item: item[0].code)
    ranges = [range(min(count, 2 if card.rank is Rank.ACE else 1) + 1) for card, count in items]
    for taken in product(*ranges):
        yield tuple(card for (card, _), n in zip(items, taken, strict=True) for _ in range(n))


def _readings(
    read: Callable[[Rank | None], Meld],
    cards: tuple[Card, ...],
    found: dict[MeldMove, set[Rank | None]],
) -> None:
    """Record every meld ``read(wild_as)`` gives for ``cards``, with the spellings giving it."""
    for wild_as in (None, *_RANKS):
        try:
            meld = read(wild_as)
        except InvalidMeldError:
            continue
        found.setdefault((cards, meld), set()).add(wild_as)


def _candidate_groups(
    hand: tuple[Card, ...], base_naturals: list[Card], base_wilds: int
) -> Iterator[tuple[str, tuple[Card, ...]]]:
    """Sub-multisets of ``hand`` that could make a meld with ``base_naturals`` (a meld's
    natural cards, or none) and ``base_wilds`` twos and jokers, by the facts in the module's
    docstring: ``("sequence", cards)`` and ``("set", cards)``."""
    wilds = [card for card in hand if _is_wild_capable(card)]
    naturals = [card for card in hand if not _is_wild_capable(card)]
    base_suits = {card.suit for card in base_naturals}
    base_ranks = {card.rank for card in base_naturals}
    for suit in sorted({card.suit for card in naturals} | base_suits, key=str):
        if len(base_suits | {suit}) > 1:
            continue
        own = [card for card in naturals if card.suit is suit]
        base_ranks_seq = [card.rank for card in base_naturals if card.rank is not None]
        for picked in _sequence_naturals(own):
            ranks = base_ranks_seq + [card.rank for card in picked if card.rank is not None]
            holes = _holes(ranks)
            if not ranks or holes > 2:
                continue
            for extra in _wild_picks(wilds, 2 - base_wilds):
                count = base_wilds + len(extra)
                if holes > count:
                    continue
                yield "sequence", tuple(sorted(picked + extra, key=_code))
    for rank in sorted({card.rank for card in naturals} | base_ranks, key=lambda r: int(r or 0)):
        if len(base_ranks | {rank}) > 1:
            continue
        same = [card for card in naturals if card.rank is rank]
        for picked in _sub_multisets(same):
            for extra in _wild_picks(wilds, 1 - min(base_wilds, 1)):
                yield "set", tuple(sorted(picked + extra, key=_code))


def opening_moves(hand: tuple[Card, ...], rules: Rules) -> dict[MeldMove, set[Rank | None]]:
    """Every meld some sub-multiset of ``hand`` makes under ``rules``, with the ``wild_as``
    values (``None`` for the default) that make it; the meld rules only (no state)."""
    found: dict[MeldMove, set[Rank | None]] = {}
    tried: set[tuple[Card, ...]] = set()
    for _, cards in _candidate_groups(hand, [], 0):
        if len(cards) < 3 or cards in tried:
            continue
        tried.add(cards)

        def read(wild_as: Rank | None, cards: tuple[Card, ...] = cards) -> Meld:
            return validate_meld(cards, rules, wild_as=wild_as)

        _readings(read, cards, found)
    return found


def extension_moves(
    meld: Meld, hand: tuple[Card, ...], rules: Rules
) -> dict[MeldMove, set[Rank | None]]:
    """Every meld ``meld`` becomes with some non-empty sub-multiset of ``hand`` added, with the
    ``wild_as`` values that make it; the meld rules only (no state)."""
    found: dict[MeldMove, set[Rank | None]] = {}
    base_naturals = [card for card in meld.cards if not _is_wild_capable(card)]
    base_wilds = sum(1 for card in meld.cards if _is_wild_capable(card))
    tried: set[tuple[Card, ...]] = set()
    for kind, cards in _candidate_groups(hand, base_naturals, base_wilds):
        if not cards or cards in tried:
            continue
        if (kind == "set") != (meld.kind is MeldKind.SET):
            continue
        tried.add(cards)

        def read(wild_as: Rank | None, cards: tuple[Card, ...] = cards) -> Meld:
            return extend_meld(meld, cards, rules, wild_as=wild_as)

        _readings(read, cards, found)
    return found


MoveKey = tuple[object, ...]
"""A legal move by its effect: ``("open", cards, meld)``, ``("add", index, cards, meld)``, or
the action itself for draws, the pile and discards."""


def brute_force_actions(state: GameState) -> dict[MoveKey, set[Rank | None]]:
    """Every legal move of ``state`` by its effect, with the ``wild_as`` spellings that make
    it (an empty set for moves that have none)."""
    found: dict[MoveKey, set[Rank | None]] = {}
    if state.phase is Phase.DRAW:
        if len(state.stock) > DEAD_CARDS:  # always, while the hand goes on (rules §8)
            found[(DrawStock(),)] = set()
        if state.discard_pile and (
            not state.rules.pile_requires_meld or _meld_moves(_after_pick(state))
        ):
            found[(TakeDiscardPile(),)] = set()
        return found
    if state.phase is not Phase.PLAY:
        return found
    found.update(_meld_moves(state))
    hand = state.hands[state.turn]
    rules = state.rules
    if rules.pile_requires_meld and state.taken_from_pile and not state.melded_this_turn:
        return found  # the pile's taker melds before discarding (rules §4.1)
    for card in set(hand):
        if returns_pile_card(state, card):
            continue  # the one-card pile's card stays this turn (rules §13.1)
        if len(hand) == 1 and last_card_problem(state, card) is not None:
            continue  # the last card goes only as a pozzetto's discard or a closing (§7)
        found[(Discard(card),)] = set()
    return found


def _meld_moves(state: GameState) -> dict[MoveKey, set[Rank | None]]:
    """The legal openings and additions of ``state`` (the play phase) by their effect: a meld
    of the hand's cards (:func:`opening_moves`, :func:`extension_moves`), no second set of a
    rank with ``one_set_per_rank``, and the cards kept in hand enough to go on
    (:func:`burraco.closing.keeping_problem`)."""
    found: dict[MoveKey, set[Rank | None]] = {}
    rules = state.rules
    hand = state.hands[state.turn]
    team = _team_to_act(state)
    team_melds = state.melds[team]
    for (cards, meld), spellings in opening_moves(hand, rules).items():
        if (
            rules.one_set_per_rank
            and meld.kind is MeldKind.SET
            and any(m.kind is MeldKind.SET and m.rank is meld.rank for m in team_melds)
        ):
            continue
        if keeping_problem(state, _rest(hand, cards), (*team_melds, meld)) is None:
            found[("open", cards, meld)] = spellings
    for index, table_meld in enumerate(team_melds):
        for (cards, grown), spellings in extension_moves(table_meld, hand, rules).items():
            grown_melds = (*team_melds[:index], grown, *team_melds[index + 1 :])
            if keeping_problem(state, _rest(hand, cards), grown_melds) is None:
                found[("add", index, cards, grown)] = spellings
    return found


def _rest(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``hand`` without ``cards`` (a sub-multiset of it), sorted by code."""
    return tuple(sorted((Counter(hand) - Counter(cards)).elements(), key=_code))


def _after_pick(state: GameState) -> GameState:
    """The draw-phase ``state`` after its player takes the (non-empty) discard pile, by the
    rules' words: the pile joins the hand, the turn goes on to meld, and a pile of one card
    not in the hand already is the card that may not be discarded this turn (rules §13.1)."""
    seat = state.turn
    pile = state.discard_pile
    held = state.hands[seat]
    single = len(pile) == 1 and not state.rules.return_single_pile_card and pile[0] not in held
    hands = list(state.hands)
    hands[seat] = tuple(sorted(held + pile, key=_code))
    return attrs.evolve(
        state,
        phase=Phase.PLAY,
        hands=tuple(hands),
        discard_pile=(),
        taken_from_pile=len(pile),
        melded_this_turn=False,
        pile_card=pile[0] if single else None,
    )


def _listed_key(state: GameState, action: Action) -> MoveKey:
    rules = state.rules
    if isinstance(action, OpenMeld):
        meld = validate_meld(action.cards, rules, wild_as=action.wild_as)
        return ("open", tuple(sorted(action.cards, key=_code)), meld)
    if isinstance(action, AddToMeld):
        assert isinstance(action.meld, int)
        team = _team_to_act(state)
        grown = extend_meld(
            state.melds[team][action.meld], action.cards, rules, wild_as=action.wild_as
        )
        return ("add", action.meld, tuple(sorted(action.cards, key=_code)), grown)
    return (action,)


def compare(state: GameState) -> list[str]:
    """The differences between :func:`~burraco.legal_actions` and the brute force on
    ``state``, in words (none: they agree): a move missing from the list, one listed that is
    not legal, one listed twice, or in a spelling that is not the canonical one."""
    problems: list[str] = []
    expected = brute_force_actions(state)
    listed = list(legal_actions(state))
    if len(set(listed)) != len(listed):
        twice = [str(a) for a, n in Counter(listed).items() if n > 1]
        problems.append(f"listed more than once: {twice}")
    seen: set[MoveKey] = set()
    for action in listed:
        try:
            key = _listed_key(state, action)
        except InvalidMeldError as error:
            problems.append(f"listed but not a meld: {action} ({error})")
            continue
        spellings = expected.get(key)
        if spellings is None:
            problems.append(f"listed but not legal: {action}")
            continue
        if key in seen:
            problems.append(f"the same move listed twice: {action}")
        seen.add(key)
        wild_as = getattr(action, "wild_as", None)
        if spellings and wild_as not in spellings:
            problems.append(f"listed in a spelling that does not make the move: {action}")
        if None in spellings and wild_as is not None:
            problems.append(f"listed with a wild_as the default placement makes: {action}")
    for key, spellings in expected.items():
        if key not in seen:
            problems.append(f"legal but not listed: {_describe(key, spellings)}")
    return problems


def _describe(key: MoveKey, spellings: set[Rank | None]) -> str:
    names = sorted(map(str, spellings))
    if key[0] == "open":
        return f"open {format_cards(key[1])} -> {key[2]} (wild_as {names})"  # type: ignore[arg-type]
    if key[0] == "add":
        return f"add {key[1]} {format_cards(key[2])} -> {key[3]} (wild_as {names})"  # type: ignore[arg-type]
    return str(key[0])


# --- positions to compare on --------------------------------------------------------------------


def _team_to_act(state: GameState) -> int:
    """The team of the seat to act, read from the current teams as rules §14 states them
    (``state.partners``: the seats of each team), not from the engine's arithmetic."""
    return next(team for team, seats in enumerate(state.partners) if state.turn in seats)


def rule_sets() -> list[Rules]:
    """Every preset of fixed teams with every player count, the presets of rules §14 (their
    own player counts), then :data:`CLASSIC` with each other value of every switch that
    decides meld legality (:func:`switch_variants`)."""
    return [*_presets(), *partnership_presets(), *switch_variants(CLASSIC)]


def partnership_presets() -> list[Rules]:
    """The presets whose pairs form during the hand (rules §14): FIBUR3 and FIBUR5."""
    return [
        preset for preset in PRESETS.values() if preset.partnerships is Partnerships.FIRST_OUT_ALONE
    ]


def switch_variants(rules: Rules) -> list[Rules]:
    """``rules`` with each yes-or-no switch that decides meld legality
    (``burraco.rules.AFFECTS_MELDS``, read here so that a new switch is tried too) turned the
    other way, one at a time."""
    variants = []
    for name, value in meld_switches(rules):
        if isinstance(value, bool):
            turned: dict[str, Any] = {name: not value}
            variants.append(attrs.evolve(rules, **turned))
    return variants


def rules_id(rules: Rules) -> str:
    """A short name for a rule set of :func:`rule_sets`: the preset, the players and each meld
    switch turned from the preset's value."""
    preset = dict(meld_switches(PRESETS[rules.name]))
    turned = [name for name, value in meld_switches(rules) if preset.get(name, value) != value]
    return "-".join(
        [
            rules.name,
            str(rules.players),
            *(f"{name}={getattr(rules, name)}" for name in turned if name != "players"),
        ]
    )


def _presets() -> list[Rules]:
    return [
        attrs.evolve(preset, players=players)
        for preset in PRESETS.values()
        if preset.partnerships is Partnerships.FIXED
        for players in (2, 3, 4, 6)
    ]


def random_positions(rules: Rules, seed: int) -> Iterator[GameState]:
    """The states of a hand played at random (the draw and play phases)."""
    for state, _ in random_play(rules, seed):
        yield state


def _natural(suit: Suit, slot: int) -> Card:
    return Card(_RANKS[0] if slot in (1, _ACE_HIGH) else _RANKS[slot - 1], suit)


def _random_sequence(rng: random.Random, rules: Rules, left: Counter[Card]) -> Meld | None:
    suit = rng.choice(list(Suit))
    size = rng.choice([3, 3, 4, 5, 6, 7, 8, 11, 12, 13, 13, 14, 14])
    first = rng.randint(1, _ACE_HIGH + 1 - size)
    slots = list(range(first, first + size))
    wild_kinds = ["none", "joker" if rules.jokers else "other two", "other two", *["own two"] * 3]
    wild_kind = rng.choice(wild_kinds)
    wild_at = rng.randrange(size)
    cards: list[Card] = []
    wild_as: Rank | None = None
    for index, slot in enumerate(slots):
        if wild_kind != "none" and index == wild_at:
            if wild_kind == "joker":
                cards.append(JOKER)
            else:
                other = (
                    suit
                    if wild_kind == "own two"
                    else rng.choice([s for s in Suit if s is not suit])
                )
                cards.append(Card(Rank.TWO, other))
            wild_as = _RANKS[0] if slot in (1, _ACE_HIGH) else _RANKS[slot - 1]
        else:
            cards.append(_natural(suit, slot))
    if Counter(cards) - left:
        return None
    try:
        meld = validate_meld(tuple(cards), rules, wild_as=wild_as)
    except InvalidMeldError:
        try:
            meld = validate_meld(tuple(cards), rules)
        except InvalidMeldError:
            return None
    left.subtract(Counter(meld.cards))
    return meld


def _random_set(rng: random.Random, rules: Rules, left: Counter[Card]) -> Meld | None:
    if not rules.set_ranks:  # Burraco Reale: sequences only
        return None
    rank = rng.choice(sorted(rules.set_ranks))
    pool = [card for card in left.elements() if card.rank is rank]
    size = rng.randint(2, len(pool)) if len(pool) >= 2 else 0
    if size == 0:
        return None
    cards = rng.sample(pool, size)
    wilds = [card for card in left.elements() if _is_wild_capable(card)]
    if wilds and (size == 2 or rng.random() < 0.5):
        cards.append(rng.choice(wilds))
    try:
        meld = validate_meld(tuple(cards), rules)
    except InvalidMeldError:
        return None
    left.subtract(Counter(meld.cards))
    return meld


def stress_position(rng: random.Random, rules: Rules, *, hand_size: int | None = None) -> GameState:
    """A play-phase position built to stress wild placement: the team to act has sequences
    with the two of their suit, a joker or another two as the wild (fixed or free), aces low
    and high, 13 and 14 cards (from ace to ace with ``ace_at_both_ends``), and sets up to the
    size limit; the hand holds cards of their suits and ranks, aces, twos and jokers. Only the
    cards of ``rules``' packs are used: without ``jokers``, the wilds are twos."""
    left = Counter(make_deck(rules.packs, jokers=rules.jokers))
    melds: list[Meld] = []
    for _ in range(rng.randint(1, 3)):
        meld = (
            _random_sequence(rng, rules, left)
            if rng.random() < 0.75
            else _random_set(rng, rules, left)
        )
        if meld is not None and not (
            meld.kind is MeldKind.SET
            and any(m.rank is meld.rank for m in melds if m.kind is MeldKind.SET)
        ):
            melds.append(meld)
        elif meld is not None:
            left.update(Counter(meld.cards))
    suits = {m.suit for m in melds if m.suit is not None}
    ranks = {m.rank for m in melds if m.rank is not None}
    near = [
        card
        for card in left.elements()
        if card.suit in suits or card.rank in ranks or card.rank in (None, Rank.TWO, Rank.ACE)
    ]
    size = hand_size if hand_size is not None else rng.randint(2, 14)
    hand: list[Card] = []
    for _ in range(size):
        pool = near if near and rng.random() < 0.8 else list(left.elements())
        card = rng.choice(pool)
        if left[card] > 0:
            left[card] -= 1
            hand.append(card)
            if card in near:
                near.remove(card)
    # only the team to act may have taken its pozzetto: the others have no melds here
    # (under rules §14 nobody has one before the pairs form, and these are such positions)
    took = rng.random() < 0.5 and bool(melds) and rules.partnerships is Partnerships.FIXED
    taken = [took] + [False] * (rules.teams - 1)
    pile = rng.choice(list(left.elements()))  # the play phase: the pile is not empty
    state = position(
        rules, hands={0: format_cards(hand)}, melds={0: melds}, taken=taken, pile=str(pile)
    )
    return state if _reachable(state) else stress_position(rng, rules, hand_size=hand_size)


def pile_position(rng: random.Random, rules: Rules) -> GameState:
    """A position just after the player to act took a discard pile of 12 to 40 cards: a large
    hand (and melds of the team, as :func:`stress_position` builds them). With
    ``ace_at_both_ends``, half the piles hold every free card of one suit, so that the hand can
    open a sequence from ace to ace."""
    while True:
        base = stress_position(rng, rules, hand_size=rng.randint(2, 11))
        others = [card for seat, hand in enumerate(base.hands) if seat for card in hand]
        pool = list(base.stock[4:]) + others  # the stock keeps enough cards to play on
        pile = rng.sample(pool, rng.randint(min(12, len(pool)), min(40, len(pool))))
        if rules.ace_at_both_ends and rng.random() < 0.5:
            suit = rng.choice(list(Suit))
            suited = [card for card in pool if card.suit is suit]
            pile = suited + [card for card in pile if card.suit is not suit][: 40 - len(suited)]
        state = position(
            rules,
            hands={0: format_cards(base.hands[0])},
            melds={0: list(base.melds[0])},
            pile=format_cards(pile),
            taken=base.pozzetto_taken,
            phase=Phase.DRAW,
        )
        if _reachable(state) and is_legal(state, TakeDiscardPile()):
            return apply(state, TakeDiscardPile())


def single_pile_position(rng: random.Random, rules: Rules) -> GameState:
    """A position just after the player to act took a discard pile of one card (rules §13.1):
    a small hand (one to six cards before the pick, so that what a meld must keep back
    matters), the team's melds as :func:`stress_position` builds them, and the pile's card
    one the melds could use, or now and then another copy of a card in hand."""
    while True:
        base = stress_position(rng, rules, hand_size=rng.randint(2, 6))
        hand = tuple(rng.sample(base.hands[0], rng.randint(1, len(base.hands[0]))))
        outside = [card for seat, cards in enumerate(base.hands) if seat for card in cards]
        outside += base.stock[4:]  # the stock keeps enough cards to play on
        copies = [card for card in outside if card in hand]
        useful = [
            card
            for card in outside
            if any(meld.suit is card.suit or meld.rank is card.rank for meld in base.melds[0])
        ]
        pool = copies if copies and rng.random() < 0.25 else (useful or outside)
        state = position(
            rules,
            hands={0: format_cards(hand)},
            melds={0: list(base.melds[0])},
            pile=str(rng.choice(pool)),
            taken=base.pozzetto_taken,
            phase=Phase.DRAW,
        )
        if _reachable(state) and is_legal(state, TakeDiscardPile()):
            return apply(state, TakeDiscardPile())


def _reachable(state: GameState) -> bool:
    """Whether play can reach ``state`` (:func:`~burraco.check_invariants` accepts it)."""
    try:
        check_invariants(state)
    except InvalidStateError:
        return False
    return True


def mixed_positions(count: int, seed: int = 0) -> Iterator[tuple[str, GameState]]:
    """``count`` positions, labelled by where they come from: in turn, for each rule set,
    the states of a hand played at random, then 40 :func:`stress_position`, one
    :func:`pile_position` and four :func:`single_pile_position` (seeds from ``seed`` on)."""
    rng = random.Random(seed)

    def endless() -> Iterator[tuple[str, GameState]]:
        round_ = seed
        while True:
            for rules in rule_sets():
                label = rules_id(rules)
                for state in random_positions(rules, round_):
                    yield f"random {label} seed {round_}", state
                for _ in range(40):
                    yield f"stress {label}", stress_position(rng, rules)
                yield f"pile {label}", pile_position(rng, rules)
                for _ in range(4):
                    yield f"one-card-pile {label}", single_pile_position(rng, rules)
            round_ += 1

    return islice(endless(), count)


# --- the perft-style digest ---------------------------------------------------------------------

PERFT_POSITIONS = Path(__file__).parent / "vectors" / "perft_positions.jsonl.gz"
"""The fixed corpus: one saved :class:`~burraco.GameState` (``to_json``) a line, gzipped."""
PERFT_DIGEST = Path(__file__).parent / "vectors" / "perft_digest.txt"
"""For each position of the corpus: its line number, how many legal actions it has and a hash
of their list in notation, in order; then the hash of all of them."""


def build_perft_corpus() -> list[GameState]:
    """The corpus, built again: for each preset and player count, four states of a hand played
    at random (the first hand's play-phase states, evenly spaced), four :func:`stress_position`
    and one :func:`pile_position`; then for each, two :func:`single_pile_position` (last, from
    a generator of their own, so that the positions before them stay as they were)."""
    rng = random.Random(39)
    corpus: list[GameState] = []
    for rules in _presets():
        states = [state for state in random_positions(rules, 39) if state.phase is Phase.PLAY]
        corpus += states[:: max(1, len(states) // 4)][:4]
        corpus += [stress_position(rng, rules) for _ in range(4)]
        corpus.append(pile_position(rng, rules))
    single = random.Random(4013)
    for rules in _presets():
        corpus += [single_pile_position(single, rules) for _ in range(2)]
    return corpus


def load_perft_corpus(path: Path = PERFT_POSITIONS) -> list[GameState]:
    """The committed corpus (or the one of rules §14, :data:`PERFT_PAIRS_POSITIONS`)."""
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        return [from_json(line, GameState) for line in lines]


PERFT_PAIRS_POSITIONS = Path(__file__).parent / "vectors" / "perft_pairs_positions.jsonl.gz"
"""The corpus of the presets of rules §14 (:func:`partnership_presets`), kept apart so that the
first corpus and its digest stay as they were."""
PERFT_PAIRS_DIGEST = Path(__file__).parent / "vectors" / "perft_pairs_digest.txt"
"""The digest of :data:`PERFT_PAIRS_POSITIONS`, as :data:`PERFT_DIGEST` is of the first."""


def build_pairs_corpus() -> list[GameState]:
    """The corpus of rules §14: for each of :func:`partnership_presets`, from hands played at
    random (seeds 0 to 5), four play-phase states before the pairs form and four after (where
    the hand got there)."""
    corpus: list[GameState] = []
    for rules in partnership_presets():
        for seed in range(6):
            states = [state for state in random_positions(rules, seed) if state.phase is Phase.PLAY]
            before = [state for state in states if len(state.partners) == rules.players]
            after = [state for state in states if len(state.partners) < rules.players]
            for part in (before, after):
                corpus += part[:: max(1, len(part) // 4)][:4]
    return corpus


def perft_lines(corpus: list[GameState]) -> list[str]:
    """The digest of the corpus's legal-action lists, as the lines of :data:`PERFT_DIGEST`."""
    lines: list[str] = []
    total = hashlib.sha256()
    for number, state in enumerate(corpus):
        actions = legal_actions(state)
        listed = "\n".join(str(action) for action in actions).encode()
        total.update(listed + b"\0")
        count = len(actions)
        lines.append(f"{number} {count} {hashlib.sha256(listed).hexdigest()[:16]}")
    lines.append(f"all {total.hexdigest()}")
    return lines


def write_perft() -> None:
    """Write the corpus and its digest (the corpus only if it is missing: delete it to build
    it again after a preset changed or was added)."""
    if not PERFT_POSITIONS.exists():
        with gzip.GzipFile(PERFT_POSITIONS, "wb", mtime=0) as raw:
            raw.write("".join(to_json(state) + "\n" for state in build_perft_corpus()).encode())
    PERFT_DIGEST.write_text("\n".join(perft_lines(load_perft_corpus())) + "\n", encoding="utf-8")
    if not PERFT_PAIRS_POSITIONS.exists():
        with gzip.GzipFile(PERFT_PAIRS_POSITIONS, "wb", mtime=0) as raw:
            raw.write("".join(to_json(state) + "\n" for state in build_pairs_corpus()).encode())
    PERFT_PAIRS_DIGEST.write_text(
        "\n".join(perft_lines(load_perft_corpus(PERFT_PAIRS_POSITIONS))) + "\n", encoding="utf-8"
    )


def main(argv: list[str] | None = None) -> int:
    """Compare :func:`~burraco.legal_actions` with the brute force on many positions (the
    ``bruteforce`` nox session), or write the perft digest again (``--write-perft``)."""
    parser = argparse.ArgumentParser(prog="python -m tests.bruteforce", description=main.__doc__)
    parser.add_argument("--positions", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--write-perft",
        action="store_true",
        help="write tests/vectors/perft_digest.txt again (explain the change in the commit)",
    )
    args = parser.parse_args(argv)
    if args.write_perft:
        write_perft()
        print(f"wrote {PERFT_DIGEST}")
        return 0
    start = time.monotonic()
    compared = differing = 0
    by_kind: Counter[str] = Counter()
    for label, state in mixed_positions(args.positions, args.seed):
        problems = compare(state)
        compared += 1
        by_kind[label.split()[0]] += 1
        if problems:
            differing += 1
            hand = format_cards(state.hands[state.turn])
            print(f"{label}: hand {hand}: {problems[:3]}")
        if compared % 10_000 == 0:
            print(f"{compared} positions, {differing} differing, {time.monotonic() - start:.0f} s")
    kinds = ", ".join(f"{n} {kind}" for kind, n in sorted(by_kind.items()))
    print(f"compared {compared} positions ({kinds}): {differing} differing")
    return 1 if differing else 0


if __name__ == "__main__":
    raise SystemExit(main())
