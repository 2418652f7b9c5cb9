"""Hypothesis strategies for testing code that uses :mod:`burraco`.

The strategies :func:`cards`, :func:`melds` and :func:`game_states` generate values for
`hypothesis <https://hypothesis.readthedocs.io/>`_ tests. Hypothesis is not a dependency of
the library; install it with the ``testing`` extra: ``pip install burraco[testing]``.
:func:`random_play` is the random-play driver the strategies and the project's own tests use.

The invariant checks live in :mod:`burraco.checks`; :func:`check_invariants` and
:func:`check_view` are importable from here too, as before.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Final

from burraco.actions import Action, AddToMeld, OpenMeld
from burraco.cards import CARDS_BY_CODE, JOKER, Card, Rank, Suit
from burraco.checks import check_invariants, check_view
from burraco.engine import apply, legal_actions, new_game
from burraco.errors import InvalidMeldError
from burraco.melds import Meld, validate_meld
from burraco.rules import CLASSIC, Rules
from burraco.state import GameState

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = [
    "cards",
    "check_invariants",
    "check_view",
    "game_states",
    "melds",
    "random_action",
    "random_play",
]


# --- hypothesis strategies ----------------------------------------------------------------------


def _need_hypothesis() -> None:
    try:
        import hypothesis  # noqa: F401
    except ImportError as error:
        raise ImportError(
            "burraco.testing's strategies need hypothesis: pip install burraco[testing]"
        ) from error


def cards() -> SearchStrategy[Card]:
    """A hypothesis strategy for single cards: any of the 52 cards or the joker.

    >>> from hypothesis import find
    >>> print(find(cards(), lambda card: card.is_joker))
    JK

    Raises:
        ImportError: if hypothesis is not installed (``pip install burraco[testing]``).
    """
    _need_hypothesis()
    from hypothesis import strategies as st

    return st.sampled_from(CARDS_BY_CODE)


_WILDS: Final = (JOKER, *(Card(Rank.TWO, suit) for suit in Suit))
_ACE_HIGH: Final = 14


def melds(rules: Rules = CLASSIC) -> SearchStrategy[Meld]:
    """A hypothesis strategy for legal melds under ``rules``: sets and sequences, clean or with
    a wild, as :func:`~burraco.validate_meld` returns them.

    >>> from hypothesis import find
    >>> from burraco.rules import INTERNATIONAL
    >>> print(find(melds(INTERNATIONAL), lambda meld: meld.kind == "set"))
    AS AS AH

    Raises:
        ImportError: if hypothesis is not installed (``pip install burraco[testing]``).
    """
    _need_hypothesis()
    from hypothesis import assume
    from hypothesis import strategies as st

    set_ranks = sorted(rules.set_ranks)
    packs = rules.packs
    wilds = st.none() | st.sampled_from(_WILDS if rules.jokers else _WILDS[1:])

    @st.composite
    def a_set(draw: st.DrawFn) -> Meld:
        rank = draw(st.sampled_from(set_ranks))
        pool = [Card(rank, suit) for suit in Suit for _ in range(packs)]
        wild = draw(wilds)
        picks = draw(
            st.lists(
                st.integers(0, len(pool) - 1),
                min_size=3 if wild is None else 2,
                max_size=len(pool),
                unique=True,
            )
        )
        chosen = [pool[i] for i in sorted(picks)]
        return validate_meld([*chosen, wild] if wild is not None else chosen, rules)

    @st.composite
    def a_sequence(draw: st.DrawFn) -> Meld:
        suit = draw(st.sampled_from(tuple(Suit)))
        low = draw(st.integers(1, _ACE_HIGH - 2))
        high = draw(st.integers(low + 2, _ACE_HIGH))
        wild = draw(wilds)
        slot = draw(st.integers(low, high)) if wild is not None else 0
        if low == 1 and high == _ACE_HIGH and not rules.ace_at_both_ends:
            # A to A: one of the aces is the wild
            assume(rules.wild_as_second_ace and wild is not None)
            slot = draw(st.sampled_from((1, _ACE_HIGH)))
        chosen = [
            Card(Rank.ACE if s == _ACE_HIGH else Rank(s), suit)
            for s in range(low, high + 1)
            if s != slot
        ]
        if wild is None:
            return validate_meld(chosen, rules)
        cards = [*chosen, wild]
        try:
            return validate_meld(
                cards, rules, wild_as=Rank.ACE if slot == _ACE_HIGH else Rank(slot)
            )
        except InvalidMeldError:  # a two of the suit that reads as natural, for one
            try:
                return validate_meld(cards, rules)
            except InvalidMeldError:
                assume(False)
                raise

    return a_sequence() | a_set() if set_ranks else a_sequence()


def game_states(
    rules: Rules = CLASSIC, *, max_steps: int = 200, eager: bool = False
) -> SearchStrategy[GameState]:
    """A hypothesis strategy for states reached by random play under ``rules``.

    A state is a new hand dealt from a random seed, played for up to ``max_steps`` actions, each
    chosen by ``random.Random(seed)`` among :func:`~burraco.legal_actions` (fewer if the hand
    ends first); ``eager`` play melds when it can (as :func:`random_play`'s), which reaches
    burracos, pozzetti and closings, and under :data:`~burraco.FIBUR3` and
    :data:`~burraco.FIBUR5` the forming of pairs (rules §14), far more often. Shrinking goes
    towards early positions and small seeds. To mix rule sets,
    ``st.sampled_from([CLASSIC, FIBUR]).flatmap(game_states)``.

    >>> from hypothesis import find
    >>> state = find(game_states(), lambda state: state.phase == "play")
    >>> check_invariants(state)

    Raises:
        ImportError: if hypothesis is not installed (``pip install burraco[testing]``).
    """
    _need_hypothesis()
    from hypothesis import strategies as st

    @st.composite
    def a_state(draw: st.DrawFn) -> GameState:
        seed = draw(st.integers(0, 2**32 - 1), label="seed")
        steps = draw(st.integers(0, max_steps), label="steps")
        return _random_play(rules, seed, steps, eager=eager)

    return a_state()


MAX_STEPS: Final = 5000
"""The most actions :func:`random_play` plays before it calls the hand stuck (no hand of any
preset comes near: an engine fault)."""

EAGERNESS: Final = 0.9
"""How often an eager :func:`random_play` takes a meld when one is legal."""


def random_action(
    chooser: random.Random, actions: Sequence[Action], *, eager: bool = False
) -> Action:
    """One of ``actions`` chosen by ``chooser``: uniformly, or for an ``eager`` player a meld
    (an opening or an addition) with probability :data:`EAGERNESS` when one is among them.

    >>> from burraco import DrawStock, TakeDiscardPile
    >>> random_action(random.Random(1), [DrawStock(), TakeDiscardPile()])
    DrawStock()
    """
    if eager and chooser.random() < EAGERNESS:
        melds = [action for action in actions if isinstance(action, OpenMeld | AddToMeld)]
        if melds:
            return chooser.choice(melds)
    return chooser.choice(actions)


def random_play(
    rules: Rules = CLASSIC,
    seed: int = 0,
    *,
    dealer: int = 0,
    eager: bool = False,
    max_steps: int = MAX_STEPS,
) -> Iterator[tuple[GameState, Action]]:
    """Play a hand dealt from ``seed`` at random; yield each state with the action taken in it.

    The hand is ``new_game(rules, seed=seed, dealer=dealer)``, and each action is chosen by
    ``random.Random(seed)`` uniformly among :func:`~burraco.legal_actions`; an ``eager`` player
    takes a meld (an opening or an addition) with probability :data:`EAGERNESS` when one is
    legal, so that hands reach long melds, burracos and closings. The iteration stops when the
    hand is over; the last state is ``apply(state, action)`` of the last pair.

    >>> pairs = list(random_play(seed=3))
    >>> state, action = pairs[-1]
    >>> apply(state, action).is_over
    True

    Raises:
        AssertionError: if the hand has not ended after ``max_steps`` actions (an engine fault:
            every hand ends).
    """
    chooser = random.Random(seed)
    state = new_game(rules, seed=seed, dealer=dealer)
    for _ in range(max_steps):
        actions = legal_actions(state)
        if not actions:
            return
        action = random_action(chooser, actions, eager=eager)
        yield state, action
        state = apply(state, action)
    raise AssertionError(f"the hand did not end in {max_steps} steps")


def _random_play(rules: Rules, seed: int, steps: int, *, eager: bool = False) -> GameState:
    """The state after ``steps`` actions of :func:`random_play` (fewer if the hand ends)."""
    state = new_game(rules, seed=seed)
    for done, (before, action) in enumerate(random_play(rules, seed, eager=eager)):
        if done == steps:
            return before
        state = apply(before, action)
    return state
