"""Actions: what a player does on a turn, and their notation.

A turn is one draw (:class:`DrawStock` or :class:`TakeDiscardPile`), any number of melds
(:class:`OpenMeld`, :class:`AddToMeld`), and one :class:`Discard`. Each action prints as a
player would say it and :func:`parse_action` reads it back:

==========================  =================================================================
notation                    action
==========================  =================================================================
``draw``                    :class:`DrawStock`: take the top card of the stock
``pick``                    :class:`TakeDiscardPile`: take the whole discard pile
``open 5H 6H JK``           :class:`OpenMeld`: lay a new meld from the hand
``open 5H 6H JK=4H``        ... with the wild standing for the four
``add 2 7H 8H``             :class:`AddToMeld`: add cards to the team's meld number 2 (from 0)
``add 0 7D =4D``            ... with the meld's free wild moving to stand for the four
``discard 9C``              :class:`Discard`: discard a card, ending the turn
==========================  =================================================================

>>> action = parse_action("open 6h 5h jk=4h")
>>> action
OpenMeld(cards=(Card(Rank.FIVE, Suit.HEARTS), Card(Rank.SIX, Suit.HEARTS), JOKER),
         wild_as=<Rank.FOUR: 4>)
>>> print(action)
open 5H 6H JK=4H

Words are separated as cards are, by ASCII spaces and commas
(:func:`~burraco.cards.split_notation`). No action in notation is longer than
:data:`MAX_ACTION_LENGTH` characters; a longer text is rejected before it is read.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, TypeAlias

import attrs

from burraco.cards import Card, Rank, parse_card, parse_cards, split_notation, wild_role_conflict
from burraco.errors import InvalidMeldError, NotationError, Reason, excerpt
from burraco.melds import Meld

__all__ = [
    "Action",
    "AddToMeld",
    "Discard",
    "DrawStock",
    "MAX_ACTION_LENGTH",
    "OpenMeld",
    "TakeDiscardPile",
    "parse_action",
]


def _sorted_cards(cards: str | Iterable[Card | str]) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(cards)))


def _to_card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else parse_card(card)


def _to_rank(value: Rank | int | None) -> Rank | None:
    if value is None or isinstance(value, Rank):
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"wild_as must be a Rank or None, not {value!r}")
    return Rank(value)


@attrs.frozen
class DrawStock:
    """Take the top card of the stock (the draw phase). Notation: ``draw``."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class TakeDiscardPile:
    """Take the whole discard pile into the hand (the draw phase). Notation: ``pick``."""

    def __str__(self) -> str:
        return "pick"


class OpenMeldSlots:
    """The slots of :class:`OpenMeld`'s fields in a class that is not frozen (private): the
    move generator fills one with plain stores and assigns it the class :class:`OpenMeld`,
    whose layout is the same (as :meth:`burraco.GameState.from_fields` does for states)."""

    __slots__ = ("__weakref__", "cards", "wild_as")


class AddToMeldSlots:
    """The slots of :class:`AddToMeld`'s fields, as :class:`OpenMeldSlots` for
    :class:`OpenMeld`."""

    __slots__ = ("__weakref__", "cards", "meld", "wild_as")


@attrs.frozen
class OpenMeld(OpenMeldSlots):
    """Lay a new meld from the hand. Notation: ``open 5H 6H JK`` or ``open 5H 6H JK=4H``.

    ``cards`` may be given in any order, as cards or notation; they are kept sorted, so two
    actions with the same cards are equal. ``wild_as`` chooses what an end wild stands for
    (see :func:`~burraco.validate_meld`); ``None`` takes the default.
    """

    cards: tuple[Card, ...] = attrs.field(converter=_sorted_cards)
    """The cards laid, sorted."""
    wild_as: Rank | None = attrs.field(default=None, converter=_to_rank)
    """The rank an end wild stands for, or ``None`` for the default (the higher end)."""

    @classmethod
    def from_sorted(cls, cards: tuple[Card, ...], wild_as: Rank | None) -> OpenMeld:
        """Build from cards already sorted by code, skipping the converters.

        For move generators that make many actions from cards they hold sorted already; the
        result equals the action the constructor would give for the same cards.
        """
        action = object.__new__(cls)
        object.__setattr__(action, "cards", cards)
        object.__setattr__(action, "wild_as", wild_as)
        return action

    def __str__(self) -> str:
        return "open " + _placed(self.cards, self.wild_as)


@attrs.frozen
class AddToMeld(AddToMeldSlots):
    """Add cards from the hand to one of the team's melds. Notation: ``add 2 7H 8H``.

    ``meld`` is the index of the meld in the team's melds (in the order they were laid,
    from 0), or the :class:`~burraco.Meld` itself as it lies on the table (notation
    ``add [5H 6H 7H] 8H``). ``wild_as`` says where the meld's free wild goes when it has a
    choice (notation: a last token such as ``=4D``).
    """

    meld: int | Meld = attrs.field()
    """Index of the meld among the team's melds, or the meld itself."""
    cards: tuple[Card, ...] = attrs.field(converter=_sorted_cards)
    """The cards added, sorted."""
    wild_as: Rank | None = attrs.field(default=None, converter=_to_rank)
    """The rank the meld's wild should stand for, or ``None`` for the default."""

    @meld.validator
    def _check_meld(self, attribute: attrs.Attribute[int | Meld], value: object) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, Meld)):
            raise TypeError(f"meld must be an index or a Meld, not {value!r}")

    @classmethod
    def from_sorted(cls, meld: int, cards: tuple[Card, ...], wild_as: Rank | None) -> AddToMeld:
        """Build from cards already sorted by code, skipping the converters.

        For move generators that make many actions from cards they hold sorted already; the
        result equals the action the constructor would give for the same cards.
        """
        action = object.__new__(cls)
        object.__setattr__(action, "meld", meld)
        object.__setattr__(action, "cards", cards)
        object.__setattr__(action, "wild_as", wild_as)
        return action

    def __str__(self) -> str:
        target = str(self.meld) if isinstance(self.meld, int) else f"[{self.meld}]"
        text = f"add {target} " + " ".join([str(card) for card in self.cards])
        if self.wild_as is not None:
            suit = next((c.suit for c in self.cards if c.suit is not None and not c.is_two), None)
            text += f" ={self.wild_as}{suit.value if suit is not None else ''}"
        return text


@attrs.frozen
class Discard:
    """Discard a card from the hand, ending the turn. Notation: ``discard 9C``."""

    card: Card = attrs.field(converter=_to_card)
    """The card discarded."""

    def __str__(self) -> str:
        return f"discard {self.card}"


Action: TypeAlias = DrawStock | TakeDiscardPile | OpenMeld | AddToMeld | Discard
"""Any action: the union of the five action classes."""

ACTION_TYPES: Final = (DrawStock, TakeDiscardPile, OpenMeld, AddToMeld, Discard)


def _placed(cards: tuple[Card, ...], wild_as: Rank | None) -> str:
    """Cards in notation with ``wild_as`` written on the card most likely to be the wild."""
    names = [str(card) for card in cards]
    if wild_as is None:
        return " ".join(names)
    suit = next((c.suit for c in cards if c.suit is not None and not c.is_two), None)
    letter = suit.value if suit is not None else ""
    candidates = [i for i, card in enumerate(cards) if card.is_joker]
    candidates += [i for i, card in enumerate(cards) if card.is_two and card.suit is not suit]
    candidates += [i for i, card in enumerate(cards) if card.is_two]
    if candidates:
        names[candidates[0]] += f"={wild_as}{letter}"
    else:
        names.append(f"={wild_as}{letter}")
    return " ".join(names)


_RANK_WORDS: Final = {
    spelling: rank
    for symbol, rank in [*((rank.symbol, rank) for rank in Rank), ("T", Rank.TEN)]
    for spelling in {symbol, symbol.lower()}
}
"""A rank alone after ``=`` (``=4``), when the card's suit goes without saying."""

MAX_ACTION_LENGTH: Final = 256
"""The longest text :func:`parse_action` reads. The longest action in notation, an ``add`` of
thirteen cards to a meld written out in brackets, is about 110 characters."""

_SYNTAX: Final = (
    "an action is 'draw', 'pick', 'open CARDS', 'add N CARDS' or 'discard CARD', "
    "such as 'open 5H 6H JK=4H' or 'add 0 7H'"
)


def _bad(text: str, detail: str) -> NotationError:
    return NotationError(
        f"bad action {excerpt(text)}: {detail}",
        token=text[:MAX_ACTION_LENGTH],
        reason=Reason.BAD_ACTION,
    )


def _read_tokens(
    text: str, tokens: list[str], table: tuple[Card, ...] = ()
) -> tuple[list[Card], Rank | None]:
    """The cards and the wild's rank of an action's tokens; a rank written with a suit
    (``JK=7H``, ``=7H``) must fit them and the ``table`` meld they join, if one is given."""
    cards: list[Card] = []
    wild_as: Rank | None = None
    role: Card | None = None
    for token in tokens:
        card_text, equals, target_text = token.partition("=")
        if equals:
            rank = _RANK_WORDS.get(target_text)
            if rank is None:
                target = parse_card(target_text)
                if target.rank is None:
                    raise _bad(
                        text, f"{excerpt(token)}: a wild stands for a card of a rank, not a joker"
                    )
                rank = target.rank
                role = target
            if wild_as is not None and wild_as is not rank:
                raise _bad(text, "only one wild placement may be given")
            wild_as = rank
            if not card_text:
                continue
            card = parse_card(card_text)
            if not (card.is_joker or card.is_two):
                raise _bad(
                    text, f"{excerpt(token)}: only a joker or a two can stand for another card"
                )
            cards.append(card)
        else:
            cards.append(parse_card(token))
    conflict = None if role is None else wild_role_conflict(role, (*table, *cards))
    if conflict is not None:
        raise _bad(text, conflict)
    return cards, wild_as


def parse_action(text: str) -> Action:
    """Read an action in notation (see the table in the module documentation).

    Keywords and cards may be in any case; cards follow :func:`~burraco.parse_card`.

    >>> parse_action("discard 9c")
    Discard(card=Card(Rank.NINE, Suit.CLUBS))
    >>> print(parse_action("add 2 8h 7h"))
    add 2 7H 8H

    A wild placed on a card (``JK=7H``) must stand for a card of the suit of the natural cards
    written beside it, or of the meld in brackets: ``open 5H 6H JK=7S`` is refused.

    Raises:
        NotationError: if the text is not an action, or places a wild on a card of another
            suit than its sequence's; the message quotes it.
    """
    if not isinstance(text, str):
        raise NotationError(
            f"bad action {excerpt(text)}: not text",
            token=type(text).__name__,
            reason=Reason.BAD_ACTION,
        )
    if len(text) > MAX_ACTION_LENGTH:
        raise _bad(
            text,
            f"the text is {len(text)} characters long; no action is longer than "
            f"{MAX_ACTION_LENGTH}",
        )
    words = split_notation(text)
    if not words:
        raise _bad(text, _SYNTAX)
    verb = words[0].lower() if words[0].isascii() else words[0]
    rest = words[1:]
    if verb in ("draw", "pick"):
        if rest:
            raise _bad(text, f"'{verb}' takes nothing after it")
        return DrawStock() if verb == "draw" else TakeDiscardPile()
    if verb == "discard":
        if len(rest) != 1:
            raise _bad(text, "'discard' takes exactly one card")
        return Discard(parse_card(rest[0]))
    if verb == "open":
        cards, wild_as = _read_tokens(text, rest)
        if not cards:
            raise _bad(text, "'open' needs the cards of the meld")
        return OpenMeld(cards, wild_as)
    if verb == "add":
        if not rest:
            raise _bad(text, "'add' needs a meld number and cards")
        target: int | Meld
        if rest[0].startswith("["):
            joined = " ".join(rest)
            inside, bracket, after = joined[1:].partition("]")
            if not bracket:
                raise _bad(text, "a meld in brackets needs its closing ']'")
            try:
                target = Meld.parse(inside)
            except InvalidMeldError as error:
                raise _bad(text, f"[{excerpt(inside)}] is not a meld: {error.detail}") from None
            rest = split_notation(after)
        else:
            number = rest[0]
            if not (number.isascii() and number.isdigit() and len(number) <= 100):
                raise _bad(text, f"{excerpt(number, 20)} is not a meld number (0, 1, 2, ...)")
            target = int(number)
            rest = rest[1:]
        cards, wild_as = _read_tokens(text, rest, target.cards if isinstance(target, Meld) else ())
        if not cards:
            raise _bad(text, "'add' needs at least one card")
        return AddToMeld(target, cards, wild_as)
    raise _bad(text, _SYNTAX)
