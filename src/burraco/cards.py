"""Cards, their values and their notation.

A card prints as a player would write it: rank then suit, ``7H``, ``10S``, ``AS``, and ``JK`` for
a joker. :func:`parse_card` reads that notation back, and also lower case (``10s``), ``T`` for a
ten (``TS``) and the suit symbols (``7♥``); nothing else: the notation is ASCII letters and
digits plus the four symbols ``♠ ♥ ♦ ♣``. Wherever several cards are written in one string they
are separated by ASCII spaces and commas, in any number (:func:`split_notation`); no other
character separates cards.

Identical cards (the two seven of hearts of a two-pack game) are equal and interchangeable.
There are exactly 53 distinct cards, and ``Card(rank, suit)`` always returns the same object for
the same card, so comparing and hashing cards is as cheap as it can be.

>>> parse_cards("7H 10s TS JK 7♥")
(Card(Rank.SEVEN, Suit.HEARTS), Card(Rank.TEN, Suit.SPADES), Card(Rank.TEN, Suit.SPADES),
 JOKER, Card(Rank.SEVEN, Suit.HEARTS))
>>> format_cards(sorted(parse_cards("JK 2C 7H AS 10S")))
'AS 10S 7H 2C JK'
>>> sum(card.points for card in parse_cards("JK 2C AS KD 7H"))
80
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import IntEnum, StrEnum
from typing import Final

import attrs

from burraco.errors import NotationError, excerpt

__all__ = [
    "Card",
    "JOKER",
    "JOKER_POINTS",
    "RANK_POINTS",
    "Rank",
    "Suit",
    "format_cards",
    "make_deck",
    "parse_card",
    "parse_cards",
    "split_notation",
    "wild_role_conflict",
]


class Suit(StrEnum):
    """The four suits. The value is the notation letter, so ``Suit.HEARTS == "H"``.

    The order of the members (spades, hearts, diamonds, clubs) is the order used to sort hands.
    """

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♠``, ``♥``, ``♦`` or ``♣``."""
        return _SUIT_SYMBOLS[self]


class Rank(IntEnum):
    """The thirteen ranks, valued 1 (ace) to 13 (king). ``str(rank)`` is its notation."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """The rank's notation: ``A``, ``2`` ... ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_SYMBOLS[self]

    def __str__(self) -> str:
        return _RANK_SYMBOLS[self]


_SUIT_SYMBOLS: Final = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_RANK_SYMBOLS: Final = {
    rank: {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(int(rank))) for rank in Rank
}

JOKER_POINTS: Final = 30
"""The value of a joker, melded or in hand (rules §2)."""

RANK_POINTS: Final = {
    Rank.ACE: 15,
    Rank.TWO: 20,
    Rank.THREE: 5,
    Rank.FOUR: 5,
    Rank.FIVE: 5,
    Rank.SIX: 5,
    Rank.SEVEN: 5,
    Rank.EIGHT: 10,
    Rank.NINE: 10,
    Rank.TEN: 10,
    Rank.JACK: 10,
    Rank.QUEEN: 10,
    Rank.KING: 10,
}
"""The value of each rank, the same melded or in hand and whatever a wild stands for."""

_SUITS: Final = tuple(Suit)
_RANKS: Final = tuple(Rank)
JOKER_CODE: Final = 52
"""The :attr:`Card.code` of the joker: the last one, after the 52 suited cards."""


@attrs.frozen(eq=False, order=False, init=False, repr=False)
class Card:
    """A playing card: a rank and a suit, or the joker (both ``None``).

    Build one with ``Card(Rank.SEVEN, Suit.HEARTS)``, :func:`parse_card`, or use :data:`JOKER`.
    Cards are interned: there is one object per distinct card, so equal cards are identical.

    Cards sort by suit (spades, hearts, diamonds, clubs), then by rank from ace to king, with
    jokers last; ``code`` is the position in that order (0 for ``AS`` ... 51 for ``KC``, 52 for
    the joker).

    Raises:
        TypeError: if ``rank`` is not a :class:`Rank` or ``suit`` not a :class:`Suit`.
        ValueError: if exactly one of ``rank`` and ``suit`` is ``None``.
    """

    rank: Rank | None
    """The rank, ``None`` for a joker."""
    suit: Suit | None
    """The suit, ``None`` for a joker."""
    code: int = attrs.field(init=False)
    """Position of the card in sorting order, 0 to 52 (the joker)."""

    def __new__(cls, rank: Rank | None = None, suit: Suit | None = None) -> Card:
        try:
            return _INTERNED[rank, suit]
        except (KeyError, TypeError):
            pass
        if (rank is None) != (suit is None):
            raise ValueError("a card has both a rank and a suit, or neither (the joker)")
        if not isinstance(rank, Rank):
            raise TypeError(f"a card's rank must be a Rank, not {rank!r}")
        raise TypeError(f"a card's suit must be a Suit, not {suit!r}")

    def __init__(self, rank: Rank | None = None, suit: Suit | None = None) -> None:
        """Nothing to do: :meth:`__new__` returned the interned, initialised card."""

    @classmethod
    def _make(cls, rank: Rank | None, suit: Suit | None, code: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "code", code)
        return card

    @property
    def is_joker(self) -> bool:
        """Whether this is a joker."""
        return self.code == JOKER_CODE

    @property
    def is_two(self) -> bool:
        """Whether this is a two (a *pinella*: wild, except as a natural two in its suit)."""
        return self.rank is Rank.TWO

    @property
    def points(self) -> int:
        """The card's value: joker 30, two 20, ace 15, K to 8 ten, 7 to 3 five."""
        return POINTS_BY_CODE[self.code]

    def unicode(self) -> str:
        """The card with its suit symbol, such as ``7♥``; a joker is ``JK``."""
        if self.rank is None or self.suit is None:
            return "JK"
        return _RANK_SYMBOLS[self.rank] + _SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return _NAMES[self.code]

    def _repr_svg_(self) -> str:
        """The card as an SVG picture (:func:`burraco.svg.card`), for Jupyter."""
        from burraco import svg

        return svg.card(self)

    def __repr__(self) -> str:
        if self.rank is None or self.suit is None:
            return "JOKER"
        return f"Card(Rank.{self.rank.name}, Suit.{self.suit.name})"

    def __reduce__(self) -> tuple[type[Card], tuple[Rank | None, Suit | None]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code < other.code

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code <= other.code

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code > other.code

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code >= other.code


_INTERNED: Final[dict[tuple[Rank | None, Suit | None], Card]] = {}
CARDS_BY_CODE: Final[list[Card]] = []
"""All 53 distinct cards, indexed by :attr:`Card.code`."""
for _suit in _SUITS:
    for _rank in _RANKS:
        _card = Card._make(_rank, _suit, len(CARDS_BY_CODE))
        _INTERNED[_rank, _suit] = _card
        CARDS_BY_CODE.append(_card)
JOKER: Final = Card._make(None, None, JOKER_CODE)
"""The joker, always a wild card."""
_INTERNED[None, None] = JOKER
CARDS_BY_CODE.append(JOKER)

CODE_KEY: Final[Callable[[Card], int]] = {card: card.code for card in CARDS_BY_CODE}.__getitem__
"""A card's :attr:`~Card.code`, the sort key of hands: a lookup by the card (cards are interned,
and hashed by identity), which costs less than reading the attribute through
:func:`operator.attrgetter`, above all from compiled code."""

POINTS_BY_CODE: Final = tuple(
    JOKER_POINTS if c.rank is None else RANK_POINTS[c.rank] for c in CARDS_BY_CODE
)
_NAMES: Final = tuple(
    "JK" if c.rank is None or c.suit is None else _RANK_SYMBOLS[c.rank] + c.suit.value
    for c in CARDS_BY_CODE
)


def _cases(text: str) -> list[str]:
    """Every spelling of ``text`` with each ASCII letter in upper or lower case."""
    spellings = [""]
    for char in text:
        forms = {char.upper(), char.lower()} if char.isascii() else {char}
        spellings = [start + form for start in spellings for form in sorted(forms)]
    return spellings


def _spellings() -> dict[str, Card]:
    """Every accepted spelling of every card (no case folding happens at parse time, so that no
    other alphabet's letter can fold into one of ours)."""
    table: dict[str, Card] = dict.fromkeys(_cases("JK"), JOKER)
    suit_spellings = {suit: (suit.value, _SUIT_SYMBOLS[suit]) for suit in _SUITS}
    for card in CARDS_BY_CODE[:JOKER_CODE]:
        assert card.rank is not None and card.suit is not None
        ranks = [_RANK_SYMBOLS[card.rank]] + (["T"] if card.rank is Rank.TEN else [])
        for rank_text in ranks:
            for suit_text in suit_spellings[card.suit]:
                for spelling in _cases(rank_text + suit_text):
                    table[spelling] = card
    return table


_BY_TEXT: Final = _spellings()
_GRAMMAR: Final = (
    "a card is a rank (A, 2-10, J, Q, K; T for ten) and a suit (S H D C or ♠ ♥ ♦ ♣), such as "
    "7H or 10S, or JK for a joker"
)


SEPARATORS: Final = " ,"
"""The characters that separate cards, in any number: the ASCII space and the comma."""


def split_notation(text: str) -> list[str]:
    """Split ``text`` into tokens at runs of ASCII spaces and commas, the only separators.

    Every place that reads several cards (or an action) from one string splits it this way, so
    a non-breaking space or a line separator never separates cards: it is part of a token,
    which is then not a card.

    >>> split_notation(" 7H, 8H,,9H  JK ")
    ['7H', '8H', '9H', 'JK']
    >>> split_notation("7H\u00a08H")
    ['7H\xa08H']
    """
    return [token for token in text.replace(",", " ").split(" ") if token]


def parse_card(text: str) -> Card:
    """Read one card in notation.

    Accepts ``7H``, ``10S``, ``AS``, ``JK``, lower case (``10s``, ``jk``), ``T`` for ten (``TS``)
    and suit symbols (``7♥``); nothing else. Surrounding ASCII spaces are ignored.

    >>> parse_card("10s") == parse_card("TS") == parse_card("10♠")
    True
    >>> parse_card("11S")
    Traceback (most recent call last):
    ...
    burraco.errors.NotationError: bad card '11S': a card is a rank (A, 2-10, J, Q, K; T for ten)
    and a suit (S H D C or ♠ ♥ ♦ ♣), such as 7H or 10S, or JK for a joker

    Raises:
        NotationError: if ``text`` is not a card; the message quotes it.
    """
    if isinstance(text, str):
        card = _BY_TEXT.get(text) or _BY_TEXT.get(text.strip(" "))
        if card is not None:
            return card
        token = text
    else:
        token = str(type(text).__name__)
    raise NotationError(f"bad card {excerpt(text)}: {_GRAMMAR}", token=token)


def parse_cards(cards: str | Iterable[Card | str]) -> tuple[Card, ...]:
    """Read several cards: a string split on spaces and commas, or an iterable of cards and tokens.

    A string is split by :func:`split_notation` (ASCII spaces and commas only).

    >>> format_cards(parse_cards("7h, 8h,9H"))
    '7H 8H 9H'
    >>> parse_cards(["AS", JOKER]) == (parse_card("AS"), JOKER)
    True

    Raises:
        NotationError: on the first token that is not a card; the message quotes it.
    """
    if isinstance(cards, str):
        return tuple([parse_card(token) for token in split_notation(cards)])
    try:
        return tuple([card if isinstance(card, Card) else parse_card(card) for card in cards])
    except TypeError:
        raise NotationError(
            f"expected cards or card notation, not {excerpt(cards)}", token=type(cards).__name__
        ) from None


def wild_role_conflict(role: Card, cards: Iterable[Card]) -> str | None:
    """Why a wild written as standing for ``role`` (the ``7S`` of ``JK=7S``) cannot stand for it
    among ``cards`` (the other cards of its meld), or ``None`` if it may.

    A wild in a sequence stands for a card of the sequence's suit, and in a set for the set's
    rank (any suit). So when the natural cards, jokers and twos aside, are all of one suit and
    not all of the role's rank, the role must be of that suit. Cards that fit no meld are left
    to the meld's own check. The meld notation (:func:`~burraco.validate_meld`,
    :func:`~burraco.extend_meld`, :meth:`~burraco.Meld.parse`) and
    :func:`~burraco.parse_action` ask this of every role written with a suit.

    >>> print(wild_role_conflict(parse_card("7S"), parse_cards("5H 6H JK")))
    the naturals 5H 6H are hearts, so the wild stands for a heart (7H), not 7S
    >>> wild_role_conflict(parse_card("7H"), parse_cards("5H 6H JK")) is None
    True
    >>> wild_role_conflict(parse_card("7D"), parse_cards("7S 7H JK")) is None  # a set of sevens
    True
    """
    if role.suit is None:
        return None
    naturals = [card for card in cards if not (card.is_joker or card.is_two)]
    suits = {card.suit for card in naturals}
    if len(suits) != 1 or role.suit in suits or {card.rank for card in naturals} == {role.rank}:
        return None
    (suit,) = suits
    assert suit is not None and role.rank is not None
    return (
        f"the naturals {format_cards(naturals[:13])} are {suit.name.lower()}, so the wild stands"
        f" for a {suit.name.lower()[:-1]} ({Card(role.rank, suit)}), not {role}"
    )


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards in notation, separated by single spaces: ``'7H 8H JK'``."""
    return " ".join([_NAMES[card.code] for card in cards])


def make_deck(packs: int = 2, *, jokers: bool = True) -> list[Card]:
    """A new, unshuffled deck: ``packs`` packs of 52 cards, each with two jokers (none when
    ``jokers`` is false, as in Burraco Reale).

    Two packs (the game for 2, 3 or 4 players) give 108 cards, three packs (6 players) 162.

    >>> deck = make_deck()
    >>> len(deck), deck.count(JOKER), sum(card.points for card in deck)
    (108, 4, 1080)
    >>> len(make_deck(jokers=False))
    104

    Raises:
        ValueError: if ``packs`` is not a positive whole number.
    """
    if isinstance(packs, bool) or not isinstance(packs, int) or packs < 1:
        raise ValueError(f"packs must be a positive whole number, not {packs!r}")
    one_pack = [*CARDS_BY_CODE[:JOKER_CODE], *((JOKER, JOKER) if jokers else ())]
    return one_pack * packs
