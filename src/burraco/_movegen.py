"""Enumerating the melds a hand can open and the additions it can make (private).

Candidates are generated from the shape of the hand (which natural cards of a suit or rank it
holds, and which wild cards), then checked with the same analysis that :func:`burraco.apply`
uses, so that :func:`burraco.legal_actions` and :func:`burraco.apply` cannot disagree. The
results depend only on a small key (the hand's cards of one suit or rank, its wild cards, the
rule switches that matter), so they are memoised: the same shapes recur constantly in play.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Final

from burraco.cards import CARDS_BY_CODE, JOKER_CODE, Card, Rank
from burraco.errors import InvalidMeldError
from burraco.melds import Meld, MeldKind, _analyze, _extend, _wild_choices
from burraco.rules import Rules

__all__ = ["additions", "hand_counts", "open_melds"]

Choice = tuple[tuple[Card, ...], Rank | None, Meld]
"""Cards (sorted), the ``wild_as`` to name (``None`` for the default), and the meld made."""

_CACHE_SIZE: Final = 1 << 16
_OWN_TWO: Final = (1, 14, 27, 40)
_ACE_HIGH: Final = 14


def hand_counts(hand: tuple[Card, ...]) -> list[int]:
    """How many of each card (by code) the hand holds."""
    counts = [0] * 53
    for card in hand:
        counts[card.code] += 1
    return counts


def _wild_codes(joker: bool, twos: tuple[int, ...]) -> list[int]:
    return ([JOKER_CODE] if joker else []) + [_OWN_TWO[s] for s in range(4) if twos[s]]


def _choices(codes: list[int], rebuild_rules: tuple[int, bool]) -> list[Choice]:
    """The legal melds of exactly these cards, one per distinct wild placement."""
    cards = tuple(CARDS_BY_CODE[code] for code in sorted(codes))
    packs, second_ace = rebuild_rules
    try:
        pairs = _wild_choices(
            lambda rank, out: _analyze(
                cards, packs, None, second_ace, rank, None, 0, False, out
            )
        )
    except InvalidMeldError:
        return []
    return [(cards, wild_as, made) for wild_as, made in pairs]


@lru_cache(maxsize=_CACHE_SIZE)
def _suit_sequences(
    suit: int, counts: tuple[int, ...], joker: bool, twos: tuple[int, ...], second_ace: bool
) -> tuple[Choice, ...]:
    """Every sequence of one suit that these cards can open. ``counts``: A to K of the suit."""
    avail = [0, *counts, counts[0]]  # slots 1..14; slot 2 holds the suit's own twos
    wilds = _wild_codes(joker, twos)
    own_two = _OWN_TWO[suit]
    base = suit * 13
    seen: set[tuple[int, ...]] = set()
    found: list[Choice] = []
    for low in range(1, _ACE_HIGH + 1):
        if not avail[low]:
            continue
        gap = 0
        for high in range(low + 1, _ACE_HIGH + 1):
            if low == 1 and high == _ACE_HIGH:
                break
            if not avail[high]:
                if gap:
                    break
                gap = high
                continue
            # the hole for a wild: the gap, or (a player may keep a natural card back) any
            # inner slot, or none (the wild then goes at an end)
            holes = [gap] if gap else [0, *range(low + 1, high)]
            groups: list[list[int]] = []
            for hole in holes:
                slots = [s for s in range(low, high + 1) if s != hole]
                naturals = [base + (0 if s == _ACE_HIGH else s - 1) for s in slots]
                spare_twos = avail[2] - (1 if 2 in slots else 0)
                if not hole and len(naturals) >= 3:
                    groups.append(naturals)
                groups += [naturals + [w] for w in wilds if w != own_two or spare_twos > 0]
            for group in groups:
                key = tuple(sorted(group))
                if key not in seen:
                    seen.add(key)
                    found += _choices(group, (2, second_ace))
    return tuple(found)


@lru_cache(maxsize=_CACHE_SIZE)
def _rank_sets(
    rank_index: int, counts: tuple[int, ...], joker: bool, twos: tuple[int, ...]
) -> tuple[Choice, ...]:
    """Every set of one rank that these cards can open. ``counts``: the rank in each suit."""
    wilds = _wild_codes(joker, twos)
    found: list[Choice] = []
    for taken in product(*(range(count + 1) for count in counts)):
        size = sum(taken)
        if size < 2:
            continue
        naturals = [s * 13 + rank_index for s in range(4) for _ in range(taken[s])]
        groups = ([naturals] if size >= 3 else []) + [naturals + [w] for w in wilds]
        for group in groups:
            found += _choices(group, (3, True))
    return tuple(found)


def open_melds(hand: tuple[Card, ...], counts: list[int], rules: Rules) -> list[Choice]:
    """Every distinct meld the hand can open under ``rules`` (ignoring the game's context)."""
    joker = counts[JOKER_CODE] > 0
    twos = (counts[1], counts[14], counts[27], counts[40])
    present = tuple(1 if t else 0 for t in twos)
    found: list[Choice] = []
    for rank in rules.set_ranks:
        index = rank - 1
        by_suit = (counts[index], counts[13 + index], counts[26 + index], counts[39 + index])
        if sum(by_suit) + (1 if joker or any(twos) else 0) >= 3:
            found += _rank_sets(index, by_suit, joker, present)
    for suit in range(4):
        base = suit * 13
        of_suit = tuple(counts[base : base + 13])
        if sum(of_suit) - of_suit[1] + (1 if joker or any(twos) else 0) >= 2:
            others = tuple(twos[s] if s == suit else present[s] for s in range(4))
            found += _suit_sequences(suit, of_suit, joker, others, rules.wild_as_second_ace)
    if len(found) > 1:
        found.sort(key=_order)
    return found


def _order(choice: Choice) -> tuple[int, list[int], int]:
    cards, wild_as, _ = choice
    return (len(cards), [card.code for card in cards], 0 if wild_as is None else int(wild_as))


# --- additions ----------------------------------------------------------------------------------


def additions(meld: Meld, counts: list[int], rules: Rules) -> tuple[Choice, ...]:
    """Every distinct set of hand cards that can be added to ``meld``, with the result."""
    joker = counts[JOKER_CODE] > 0
    twos = (counts[1], counts[14], counts[27], counts[40])
    if meld.kind is MeldKind.SET:
        assert meld.rank is not None
        index = meld.rank - 1
        by_suit = (counts[index], counts[13 + index], counts[26 + index], counts[39 + index])
        present = tuple(1 if t else 0 for t in twos)
        if not sum(by_suit) and (meld.wild is not None or not (joker or any(twos))):
            return ()
        return _set_additions(meld, by_suit, joker, present, rules.packs)
    assert meld.suit is not None
    suit = "SHDC".index(meld.suit.value)
    base = suit * 13
    of_suit = tuple(counts[base : base + 13])
    present = tuple(twos[s] if s == suit else (1 if twos[s] else 0) for s in range(4))
    return _sequence_additions(
        meld, of_suit, joker, present, rules.natural_two_locked, rules.wild_as_second_ace
    )


def _extend_choices(meld: Meld, codes: list[int], rules: Rules) -> list[Choice]:
    cards = tuple(CARDS_BY_CODE[code] for code in sorted(codes))
    try:
        pairs = _wild_choices(lambda rank, out: _extend(meld, cards, rules, rank, out))
    except InvalidMeldError:
        return []
    return [(cards, wild_as, made) for wild_as, made in pairs]


@lru_cache(maxsize=_CACHE_SIZE)
def _set_additions(
    meld: Meld, counts: tuple[int, ...], joker: bool, twos: tuple[int, ...], packs: int
) -> tuple[Choice, ...]:
    assert meld.rank is not None
    index = meld.rank - 1
    wilds = [] if meld.wild is not None else _wild_codes(joker, twos)
    rules = Rules(players=6 if packs == 3 else 4)
    found: list[Choice] = []
    for taken in product(*(range(count + 1) for count in counts)):
        naturals = [s * 13 + index for s in range(4) for _ in range(taken[s])]
        groups = ([naturals] if naturals else []) + [naturals + [w] for w in wilds]
        for group in groups:
            found += _extend_choices(meld, group, rules)
    return tuple(found)


def _side_options(
    start: int, step: int, stop: int, avail: list[int]
) -> list[tuple[list[int], int]]:
    """Ways to extend a run of natural slots from ``start`` outwards by ``step``.

    Returns ``(slots added, holes)`` pairs: every slot added is held in the hand, and at most
    one slot strictly inside the extension (``holes`` = 1) is left for a wild to fill.
    """
    options: list[tuple[list[int], int]] = [([], 0)]
    window: list[int] = []
    missing: list[int] = []
    slot = start
    while slot != stop:
        window.append(slot)
        if not avail[slot]:
            missing.append(slot)
            if len(missing) > 1:
                break
        slot += step
        if not avail[window[-1]]:
            continue  # an extension cannot end on a slot it does not hold
        if not missing:
            options.append((list(window), 0))
            options += [([s for s in window if s != hole], 1) for hole in window[:-1]]
        else:
            options.append(([s for s in window if s != missing[0]], 1))
    return options


@lru_cache(maxsize=_CACHE_SIZE)
def _sequence_additions(
    meld: Meld,
    counts: tuple[int, ...],
    joker: bool,
    twos: tuple[int, ...],
    two_locked: bool,
    second_ace: bool,
) -> tuple[Choice, ...]:
    assert meld.suit is not None
    suit = "SHDC".index(meld.suit.value)
    base = suit * 13
    own_two = _OWN_TWO[suit]
    avail = [0, *counts, counts[0]]
    first = meld._first_slot()
    size = len(meld.cards)
    wild_slot = first + meld.wild_index if meld.wild_index is not None else 0
    naturals = [s for s in range(first, first + size) if s != wild_slot]
    variants = [naturals]
    if not two_locked and naturals[0] == 2:
        variants.append(naturals[1:])  # the natural two may become the wild
    wilds: list[int] = []
    if meld.wild is None or meld.wild.code == own_two:
        wilds = _wild_codes(joker, twos)
    rules = Rules(natural_two_locked=two_locked, wild_as_second_ace=second_ace)
    seen: set[tuple[int, ...]] = set()
    found: list[Choice] = []
    for kept in variants:
        low, high = kept[0], kept[-1]
        inner = [s for s in range(low, high + 1) if s not in kept]
        below = _side_options(low - 1, -1, 0, avail)
        above = _side_options(high + 1, 1, _ACE_HIGH + 1, avail)
        fills: list[tuple[list[int], int]] = [([], len(inner))]
        if len(inner) == 1 and avail[inner[0]]:
            fills.append((inner, 0))
        for (down, holes_down), (up, holes_up), (fill, holes_in) in product(below, above, fills):
            if holes_down + holes_up + holes_in > 1:
                continue
            slots = down + fill + up
            if 1 in slots and _ACE_HIGH in slots:
                continue
            group = [base + (0 if s == _ACE_HIGH else s - 1) for s in slots]
            spare_twos = avail[2] - (1 if 2 in slots else 0)
            groups = [group] if group else []
            groups += [group + [w] for w in wilds if w != own_two or spare_twos > 0]
            for candidate in groups:
                key = tuple(sorted(candidate))
                if key not in seen:
                    seen.add(key)
                    found += _extend_choices(meld, candidate, rules)
    found.sort(key=_order)
    return tuple(found)
