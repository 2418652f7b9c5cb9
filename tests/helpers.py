"""Helpers for building scripted positions and playing random hands in tests."""

from __future__ import annotations

import importlib.util
import sys
import types
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from burraco import (
    CLASSIC,
    Action,
    Card,
    GameState,
    Meld,
    Phase,
    Rules,
    apply,
    make_deck,
    parse_action,
    parse_cards,
    testing,
    validate_meld,
)


def all_cards(state: GameState) -> Counter[Card]:
    """Every card of the state, wherever it is."""
    cards: Counter[Card] = Counter()
    for hand in state.hands:
        cards.update(hand)
    for melds in state.melds:
        for meld in melds:
            cards.update(meld.cards)
    cards.update(state.stock)
    cards.update(state.discard_pile)
    for pozzetto in state.pozzetti:
        cards.update(pozzetto)
    return cards


def assert_conserved(state: GameState) -> None:
    assert all_cards(state) == Counter(make_deck(state.rules.packs, jokers=state.rules.jokers))


def position(
    rules: Rules = CLASSIC,
    *,
    hands: dict[int, str],
    melds: dict[int, Sequence[str | Meld]] | None = None,
    pile: str = "",
    stock: str | None = None,
    pozzetti: Sequence[str] | None = None,
    taken: Sequence[bool] | None = None,
    turn: int = 0,
    phase: Phase = Phase.PLAY,
    dealer: int | None = None,
    exact_stock: bool = False,
    taken_from_pile: int = 0,
    melded_this_turn: bool = False,
    unseen: tuple[int, ...] = (),
    partners: tuple[tuple[int, ...], ...] = (),
) -> GameState:
    """A position from notation, holding every card of the packs exactly once.

    ``partners``: the current teams (rules §14), by default the deal's; ``melds`` and
    ``taken`` are then per team of ``partners``.

    ``stock`` gives the top cards of the stock. Cards not placed go, in deck order: 11 to each
    pozzetto not given, 11 to each seat not in ``hands``, the rest to the stock under ``stock``;
    with ``exact_stock`` the stock is only ``stock`` and the seats not in ``hands`` share the
    rest. Without ``exact_stock``, cards that would make the stock larger than play can leave it
    (the deal's stock less the draws the discard pile shows) go to the seats not in ``hands``
    instead, so that the position is one play can reach.
    """
    left = Counter(make_deck(rules.packs, jokers=rules.jokers))

    def take(cards: Sequence[Card]) -> tuple[Card, ...]:
        need = Counter(cards)
        assert not need - left, f"more copies than the packs hold: {need - left}"
        left.subtract(need)
        return tuple(cards)

    hand_cards = {seat: take(sorted(parse_cards(text))) for seat, text in hands.items()}
    team_melds: list[tuple[Meld, ...]] = []
    teams = len(partners) if partners else rules.teams
    for team in range(teams):
        items = (melds or {}).get(team, ())
        made = tuple(m if isinstance(m, Meld) else validate_meld(m, rules) for m in items)
        for meld in made:
            take(meld.cards)
        team_melds.append(made)
    pile_cards = take(parse_cards(pile))
    stock_top = take(parse_cards(stock)) if stock is not None else ()
    taken_flags = tuple(taken) if taken is not None else (False,) * teams
    given_pozzetti = (
        [take(parse_cards(text)) for text in pozzetti] if pozzetti is not None else None
    )

    def rest() -> list[Card]:
        return sorted(left.elements(), key=lambda card: card.code)

    if given_pozzetti is None:
        given_pozzetti = []
        for size in rules.pozzetto_sizes[sum(taken_flags) :]:
            given_pozzetti.append(take(rest()[:size]))
    others = [seat for seat in range(rules.players) if seat not in hand_cards]
    if not exact_stock:
        for seat in others:
            hand_cards[seat] = take(rest()[: rules.hand_size])
        pile_draws = len(pile_cards) - (0 if phase is Phase.PLAY and not taken_from_pile else 1)
        draws = max(pile_draws, taken_from_pile - 1, 0)
        surplus = len(stock_top) + len(rest()) - (rules.stock_size - draws)
        if others and surplus > 0:
            spare = rest()[:surplus]
            for i, seat in enumerate(others):
                hand_cards[seat] += take(spare[i :: len(others)])
        stock_cards = stock_top + take(rest())
    else:
        stock_cards = stock_top
        spare = rest()
        for i, seat in enumerate(others):
            hand_cards[seat] = take(spare[i :: len(others)])
        assert not +left, "cards left over: give them a seat not in hands"
    state = GameState(
        rules=rules,
        dealer=(turn - 1) % rules.players if dealer is None else dealer,
        turn=turn,
        phase=phase,
        hands=tuple(
            tuple(sorted(hand_cards[s], key=lambda c: c.code)) for s in range(rules.players)
        ),
        melds=tuple(team_melds),
        stock=stock_cards,
        discard_pile=pile_cards,
        pozzetti=tuple(given_pozzetti),
        pozzetto_taken=taken_flags,
        taken_from_pile=taken_from_pile,
        melded_this_turn=melded_this_turn,
        unseen_pozzetto=unseen,
        partners=partners,
    )
    assert_conserved(state)
    return state


def play(state: GameState, *moves: str) -> GameState:
    """Apply actions given in notation, one after the other."""
    for move in moves:
        state = apply(state, parse_action(move))
    return state


def random_play(
    rules: Rules, seed: int, *, max_steps: int = 5000
) -> Iterator[tuple[GameState, Action]]:
    """Play a hand uniformly at random over ``legal_actions``; yield (state, action) pairs
    (:func:`burraco.testing.random_play`, the one random-play driver)."""
    return testing.random_play(rules, seed, max_steps=max_steps)


def benchmark(name: str) -> types.ModuleType:
    """The script ``benchmarks/NAME.py``, imported as a module (once)."""
    module_name = f"benchmark_{name}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    path = Path(__file__).parent.parent / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(module_name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module


def slow_but_first(values: Sequence[Any], ids: Sequence[str] | None = None) -> list[Any]:
    """``values`` as parameters of which all but the first carry the ``slow`` marker: the fast
    tier (the README's test command) tries one, the slow tier (``pytest -m slow``, run by
    ``.ci/run``) the others. A value may itself be a ``pytest.param``."""
    names = list(ids) if ids is not None else [None] * len(values)
    params = []
    for index, (value, name) in enumerate(zip(values, names, strict=True)):
        marks = () if index == 0 else (pytest.mark.slow,)
        if isinstance(value, type(pytest.param(None))):
            params.append(pytest.param(*value.values, id=value.id, marks=(*value.marks, *marks)))
        else:
            params.append(pytest.param(value, id=name, marks=marks))
    return params
