"""Melds as integers and bytes, and the engine's memo of the melds its actions lay (private).

:func:`meld_recipe` writes a :class:`~burraco.Meld` as a :data:`MeldRecipe` (integers and bytes,
which the garbage collector stops tracking) and :func:`meld_from_recipe` builds it again.
:func:`laid_meld` and :func:`remember_laid_meld` keep the meld each :class:`~burraco.OpenMeld`
lays, keyed by value (the rules' reading, the card codes and ``wild_as``), so that
:func:`burraco.apply` reads it back rather than analyse the cards again: the move generator
hands out the same actions again and again, and random play opens the same few thousand melds,
where the memo of :func:`~burraco.validate_meld` (a few hundred answers) has long forgotten them.
Nothing is written on the actions or the melds themselves.
"""

from __future__ import annotations

from typing import Final

from burraco._engine.memo import BudgetMemo
from burraco.cards import CARDS_BY_CODE, Card, Rank, Suit
from burraco.melds import Meld, MeldKind, new_meld

__all__ = [
    "MeldRecipe",
    "card_codes",
    "clear_laid_melds",
    "laid_meld",
    "meld_from_recipe",
    "meld_recipe",
    "remember_laid_meld",
]

_SET_KIND: Final = MeldKind.SET
_SEQUENCE_KIND: Final = MeldKind.SEQUENCE
_SUITS: Final = tuple(Suit)
_RANKS: Final = (None, *Rank)  # _RANKS[n] is the Rank with value n


MeldRecipe = tuple[int, int, bytes, int, int, int]
"""A meld as integers and bytes, which the garbage collector does not trace (see
:func:`meld_recipe`): a number the caller chooses (the engine: the rules' reading), the kind
(1 for a sequence), the card codes in table order (empty: the cards the recipe was made
with, in their order), the wild's index (-1: none), the value of the rank it stands for (0:
none), and the suit's index of a sequence or the value of a set's rank."""


def meld_recipe(meld: Meld, reading: int, cards: tuple[Card, ...]) -> MeldRecipe:
    """``meld`` as a :data:`MeldRecipe` tagged with ``reading``, from which
    :func:`meld_from_recipe` builds it again given the same ``cards`` (the cards it was made
    of, in any order: when they are in table order, the recipe holds no codes and the rebuilt
    meld shares their tuple).

    :func:`laid_meld` keeps melds as recipes: a meld object kept in a memo, with its tuple of
    cards, would be more objects for every full collection to scan (about 7,000 more after
    1,500 random hands, which made the collections that the tail of ``legal_actions`` waits for
    half as long again), where a tuple of integers and bytes is no longer tracked after the
    first collection it lives through.

    >>> from burraco import parse_cards, validate_meld
    >>> cards = parse_cards("5H 6H JK")
    >>> meld = validate_meld(cards)
    >>> meld_from_recipe(meld_recipe(meld, 0, cards), cards) == meld
    True
    """
    index = meld.wild_index
    wild_as = meld.wild_as
    if meld.kind is _SEQUENCE_KIND:
        assert meld.suit is not None
        kind, which = 1, _SUITS.index(meld.suit)
    else:
        assert meld.rank is not None
        kind, which = 0, int(meld.rank)
    table = meld.cards
    return (
        reading,
        kind,
        b"" if table == cards else bytes([card.code for card in table]),
        -1 if index is None else index,
        0 if wild_as is None else int(wild_as),
        which,
    )


def meld_from_recipe(recipe: MeldRecipe, cards: tuple[Card, ...]) -> Meld:
    """The meld :func:`meld_recipe` was given with ``cards`` (equal to it, field for
    field)."""
    _, kind, codes, index, wild_as, which = recipe
    if codes:
        cards = tuple([CARDS_BY_CODE[code] for code in codes])
    wild = cards[index] if index >= 0 else None
    wild_index = index if index >= 0 else None
    if kind:
        return new_meld(
            _SEQUENCE_KIND, cards, wild, _RANKS[wild_as], _SUITS[which], None, wild_index
        )
    return new_meld(_SET_KIND, cards, wild, None, None, _RANKS[which], wild_index)


LaidKey = tuple[int, int]
"""The key of a laid meld: the rules' reading, then the card codes and ``wild_as`` as one
integer (:func:`card_codes`): integers, which the garbage collector stops tracking, where a key
holding the cards would keep thousands of tuples for every full collection to scan."""

_LAID: Final[BudgetMemo[LaidKey, MeldRecipe]] = BudgetMemo(2 << 20, 240, settle=True)
"""The melds the engine's :class:`~burraco.OpenMeld` actions laid, as recipes, by value (about
8,700 entries at an estimated 240 bytes: as many as the move generator's memo of openings holds
actions). It settles (see :class:`~burraco._engine.memo.BudgetMemo`): keys and values are
integers and bytes, so its dicts stay untracked and full collections skip them."""


def card_codes(cards: tuple[Card, ...], wild_as: Rank | None) -> int:
    """The codes of ``cards`` (six bits each, the first card highest) and the value of
    ``wild_as`` (four bits, 0 for none) as one integer: a key by value that allocates nothing
    the garbage collector traces (a list, a ``map`` or a tuple would, and bring collections on
    sooner)."""
    key = 1  # a leading bit: cards of code 0 still count
    for card in cards:
        key = key << 6 | card.code
    return key << 4 | (0 if wild_as is None else wild_as)


def laid_meld(reading: int, cards: tuple[Card, ...], wild_as: Rank | None) -> Meld | None:
    """The meld that ``cards`` (sorted, as an :class:`~burraco.OpenMeld` holds them) lay with
    ``wild_as`` under rules of this ``reading`` (``burraco._engine.movegen.RuleBits.meld_reading``),
    if :func:`remember_laid_meld` kept it; else ``None``."""
    key = (reading, card_codes(cards, wild_as))
    recipe = _LAID.new.get(key)
    if recipe is None:
        recipe = _LAID.beyond_new(key)
        if recipe is None:
            return None
    return meld_from_recipe(recipe, cards)


def remember_laid_meld(
    reading: int, cards: tuple[Card, ...], wild_as: Rank | None, meld: Meld
) -> None:
    """Keep ``meld``, which ``cards`` lay with ``wild_as`` under rules of this ``reading``, for
    :func:`laid_meld` (an illegal meld is not kept)."""
    _LAID.remember((reading, card_codes(cards, wild_as)), meld_recipe(meld, reading, cards))


def clear_laid_melds() -> None:
    """Forget every laid meld (for benchmarks that measure cold calls)."""
    _LAID.clear()
