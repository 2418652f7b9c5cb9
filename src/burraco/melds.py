"""Meld legality: is this a legal meld, of what kind, and can these cards be added to it?

This module holds no game state. It answers the questions of rules §5 for any cards:

* :func:`validate_meld` reads cards in any order and returns the :class:`Meld` in table order,
  with the wild's place decided, or raises :class:`~burraco.errors.InvalidMeldError` with a
  precise :class:`~burraco.errors.Reason`;
* :func:`extend_meld` adds cards to a meld on the table, moving a free wild when it must;
* :func:`burraco_kind` and :func:`burraco_bonus` classify a finished meld.

The interpretation of cards is canonical and does not depend on their order:

* a two of the sequence's suit is natural whenever it can be (``2H 3H 4H`` is clean); when it
  cannot, it is the meld's wild like any other two, so in an ace-high sequence it stands at the
  low end or in a gap (``KH AH 2H`` is ``2H=QH KH AH``, ``QH 2H AH`` is ``QH 2H=KH AH``); only a
  run through the ace (``KH AH 2H 3H``) is a wrap-around;
* a wild at an end stands for the higher end unless ``wild_as`` says otherwise, or for the lower
  end when the higher end would be beyond the ace;
* where the ace could be low or high (``A 3 4 ... Q``, with or without the king, and a wild),
  the ace is low and the wild stands for the two, unless ``wild_as`` names the king.

:func:`validate_meld` and :func:`extend_meld` remember their answers for cards given as a tuple
of :class:`~burraco.Card` values (a bounded memo per set of rule switches): the same question
returns the same meld (melds are immutable) or raises a new error with the same reason and
message.

>>> meld = validate_meld("6H JK 5H")
>>> print(meld)
5H 6H JK=7H
>>> meld.kind, meld.is_clean, meld.points
(<MeldKind.SEQUENCE: 'sequence'>, False, 40)
>>> print(extend_meld(meld, "4H 3H"))
3H 4H 5H 6H JK=7H
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum
from typing import Any, Final

import attrs

from burraco._engine.build import python_class
from burraco._engine.grow import sequence_growth, set_growth
from burraco._engine.memo import ExtendKey, ValidateKey, meld_memos
from burraco.cards import (
    CARDS_BY_CODE,
    CODE_KEY,
    JOKER,
    JOKER_CODE,
    POINTS_BY_CODE,
    Card,
    Rank,
    Suit,
    parse_card,
    split_notation,
    wild_role_conflict,
)
from burraco.errors import InvalidMeldError, NotationError, Reason, excerpt
from burraco.rules import CLASSIC, BurracoKind, Rules

__all__ = [
    "BurracoKind",
    "Meld",
    "MeldKind",
    "burraco_bonus",
    "burraco_kind",
    "extend_meld",
    "extension_choices",
    "is_valid_meld",
    "meld_choices",
    "placed_wild",
    "validate_meld",
]


class MeldKind(StrEnum):
    """The two shapes of meld."""

    SET = "set"
    """Three or more cards of one rank (*combinazione*)."""
    SEQUENCE = "sequence"
    """Three or more cards of one suit in consecutive ranks (*scala*)."""


_RANKS: Final = (None, *Rank)  # _RANKS[n] is the Rank with value n
_CARD_TYPE: Final = {Card}
_SUITS: Final = tuple(Suit)
_ACE_HIGH: Final = 14
# Enum members as module constants: ``MeldKind.SET`` is a class attribute lookup through the
# enum's metaclass, which costs several times as much as a global's.
_SET_KIND: Final = MeldKind.SET
_SEQUENCE_KIND: Final = MeldKind.SEQUENCE
_TWO: Final = Rank.TWO
_ACE: Final = Rank.ACE


_SLOT_RANKS: Final[tuple[Rank, ...]] = (Rank.ACE, *Rank, Rank.ACE)
"""The rank standing at each sequence slot: 1 and 14 are both the ace (index 0 unused)."""
_SLOT_CARDS: Final = tuple(
    [CARDS_BY_CODE[suit * 13 + (0 if slot in (0, 14) else slot - 1)] for slot in range(15)]
    for suit in range(4)
)
"""For each suit index, the natural card of each slot 0 to 14 (slot 0 unused)."""


def _natural_code(suit_index: int, slot: int) -> int:
    return suit_index * 13 + (0 if slot == _ACE_HIGH else slot - 1)


@python_class
class _MeldSlots:
    """The slots of :class:`Meld`'s fields in a class that is not frozen (private):
    :func:`new_meld` fills one with plain stores and assigns it the class :class:`Meld`, whose
    layout is the same (as :meth:`burraco.GameState.from_fields` does for states)."""

    __slots__ = (
        "__weakref__",
        "cards",
        "kind",
        "rank",
        "suit",
        "wild",
        "wild_as",
        "wild_index",
    )


@python_class
@attrs.frozen(repr=False, unsafe_hash=False)
class Meld(_MeldSlots):
    """A legal meld as it lies on the table.

    Do not build one by hand: :func:`validate_meld`, :func:`extend_meld` and :meth:`parse`
    return melds whose fields agree with each other.

    ``str(meld)`` is the table order in notation, the wild of a sequence showing what it stands
    for (``5H 6H JK=7H``); :meth:`parse` reads that text back, and ``repr`` is the call that
    rebuilds the meld.
    """

    kind: MeldKind
    """Set or sequence."""
    cards: tuple[Card, ...]
    """The cards in table order: a sequence from low to high with the wild in its place; a set
    sorted, its wild last."""
    wild: Card | None = None
    """The card used as a wild (*matta*), or ``None`` for a clean meld. A natural two is not a
    wild."""
    wild_as: Rank | None = None
    """In a sequence, the rank the wild stands for; ``None`` for sets and clean melds."""
    suit: Suit | None = None
    """The suit of a sequence; ``None`` for a set."""
    rank: Rank | None = None
    """The rank of a set; ``None`` for a sequence."""
    wild_index: int | None = None
    """The position of the wild in :attr:`cards`, or ``None``."""

    @property
    def is_clean(self) -> bool:
        """Whether the meld holds no wild card (natural twos allowed)."""
        return self.wild is None

    @property
    def is_burraco(self) -> bool:
        """Whether the meld has seven cards or more."""
        return len(self.cards) >= 7

    @property
    def points(self) -> int:
        """The sum of the card values (a wild counts its own value, whatever it stands for)."""
        return sum([POINTS_BY_CODE[card.code] for card in self.cards])

    @property
    def wild_is_fixed(self) -> bool:
        """Whether the wild has natural cards on both sides in a sequence, so that it stays in
        place until the natural card it stands for is added (rules §5.4)."""
        index = self.wild_index
        return self.kind is _SEQUENCE_KIND and index is not None and 0 < index < len(self.cards) - 1

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Rebuild a meld from its table notation, such as ``'5H 6H JK=7H'``.

        The cards may be in any order; ``=`` places the wild as in :func:`validate_meld`. The
        check is the structural one of rules §5 with no rule set's restrictions (any set
        rank, up to three packs), so that any meld printed by the library reads back.

        One table meld is no opening: a two of the suit that stands, fixed, inside a sequence
        that could also read it as natural, as in ``3D … QD 2D=KD AD`` (``4D … QD 2D=KD AD``
        with ``3D`` added: the fixed wild stays until the king comes, rules §5.4).
        :func:`validate_meld` reads those cards as the natural ``AD 2D 3D … QD``; ``parse``
        reads them as the notation places them.

        >>> Meld.parse("4S 5S 6S JK=7S") == validate_meld("4S 5S 6S JK")
        True

        Raises:
            InvalidMeldError: if the cards are not a legal meld.
            NotationError: if a token is not a card.
        """
        cards, wild_as = _read_cards(text, None)
        return _table_reading(cards, 3, None, True, wild_as, _BOTH_ACES)

    def __hash__(self) -> int:
        # The cards and the rank the wild stands for decide every other field. Not attrs's
        # cached hash: it keeps one more object per meld for the garbage collector to trace.
        return hash((self.cards, self.wild_as))

    def __str__(self) -> str:
        names = [str(card) for card in self.cards]
        if self.kind is _SEQUENCE_KIND and self.wild_index is not None:
            assert self.wild_as is not None and self.suit is not None
            names[self.wild_index] += f"={self.wild_as}{self.suit.value}"
        return " ".join(names)

    def __repr__(self) -> str:
        return f"Meld.parse('{self}')"

    def _repr_svg_(self) -> str:
        """The meld as an SVG picture (:func:`burraco.svg.meld`), for Jupyter."""
        from burraco import svg

        return svg.meld(self)

    @property
    def first_slot(self) -> int:
        """The slot of the first card of a sequence: 1 for a low ace, 2 to 13 for the ranks
        two to king (so a sequence from ``JK=JH`` starts at 11). Slot 14 is the high ace.

        >>> validate_meld("QH KH AH 2H").first_slot
        11
        """
        if self.wild_index == 0:
            assert self.wild_as is not None
            return int(self.wild_as)  # an ace at the bottom is slot 1
        first = self.cards[0]
        assert first.rank is not None
        return int(first.rank)


_MOST_CARDS: Final = 162
"""The cards of three packs: no meld, nor any list of cards, can hold more."""


# validate_meld and extend_meld remember their answers for tuples of cards in the memos of
# burraco._engine.memo (per set of meld switches): the meld, or the reason and detail of the error,
# which is raised anew each time.

_LONGEST: Final = 14
"""Only answers for at most this many cards are remembered (no meld is longer), so that every
entry is small."""


def _err(reason: Reason, cards: Sequence[Card], detail: str) -> InvalidMeldError:
    text = excerpt(" ".join([str(card) for card in cards[:20]]))
    return InvalidMeldError(
        f"illegal meld {text}: {reason}: {detail}", reason=reason, cards=cards, detail=detail
    )


def _read_cards(
    cards: str | Iterable[Card | str], wild_as: Rank | int | None, table: tuple[Card, ...] = ()
) -> tuple[tuple[Card, ...], Rank | None]:
    """Turn cards or notation into cards; an ``X=YZ`` token gives the wild's rank, and its suit
    must fit the cards and the ``table`` meld they join (``wild_role_conflict``)."""
    if type(cards) is tuple and set(map(type, cards)) <= _CARD_TYPE:
        result: tuple[Card, ...] = cards
    else:
        tokens: Iterable[Card | str] = split_notation(cards) if isinstance(cards, str) else cards
        if isinstance(tokens, list) and len(tokens) > _MOST_CARDS:
            raise _err(
                Reason.TOO_MANY_COPIES,
                (),
                f"{len(tokens)} cards are more than the packs hold; no meld is longer than 14",
            )
        read: list[Card] = []
        role: Card | None = None
        try:
            for token in tokens:
                if isinstance(token, Card):
                    read.append(token)
                elif isinstance(token, str) and "=" in token:
                    card_text, _, target_text = token.partition("=")
                    card = parse_card(card_text)
                    target = parse_card(target_text) if "=" not in target_text else None
                    if target is None or target.rank is None or not (card.is_joker or card.is_two):
                        raise NotationError(
                            f"bad wild placement '{token}': write the wild (a joker or a two) "
                            "then = and the card it stands for, such as JK=7H",
                            token=token,
                            reason=Reason.BAD_MELD_NOTATION,
                        )
                    if wild_as is not None and wild_as != target.rank:
                        raise NotationError(
                            f"wild placement '{token}' contradicts wild_as={wild_as}",
                            token=token,
                            reason=Reason.BAD_MELD_NOTATION,
                        )
                    wild_as = target.rank
                    role = target
                    read.append(card)
                else:
                    read.append(parse_card(token))
        except TypeError:
            raise NotationError(
                f"expected cards or card notation, not {cards!r:.60}", token=str(cards)
            ) from None
        result = tuple(read)
        conflict = None if role is None else wild_role_conflict(role, (*table, *result))
        if conflict is not None:
            raise _err(Reason.WILD_AS_NOT_POSSIBLE, (*table, *result), conflict)
    if wild_as is not None and not isinstance(wild_as, Rank):
        try:
            wild_as = Rank(wild_as)
        except ValueError:
            raise _err(
                Reason.WILD_AS_NOT_POSSIBLE,
                result,
                f"{excerpt(repr(wild_as), quoted=False)} is not a rank",
            ) from None
    return result, wild_as


def validate_meld(
    cards: str | Iterable[Card | str], rules: Rules = CLASSIC, *, wild_as: Rank | None = None
) -> Meld:
    """Check that ``cards`` form a legal meld and return it in table order.

    ``cards`` may come in any order, as :class:`~burraco.Card` values, notation tokens or one
    string (``"5H 6H JK"``). ``wild_as`` chooses the rank an end wild of a sequence stands for;
    a token such as ``JK=4H`` says the same.

    >>> print(validate_meld("5H JK 6H"))
    5H 6H JK=7H
    >>> print(validate_meld("5H JK 6H", wild_as=Rank.FOUR))
    JK=4H 5H 6H
    >>> print(validate_meld("2H 3H 4H"), validate_meld("2H 3H 4H").is_clean)
    2H 3H 4H True
    >>> validate_meld("7S 2C JK")
    Traceback (most recent call last):
    ...
    burraco.errors.InvalidMeldError: illegal meld '7S 2C JK': too-many-wilds: a meld holds at
    most one wild card (here 2C and JK)

    Raises:
        InvalidMeldError: if the cards are not a legal meld under ``rules``; ``reason`` says why.
        NotationError: if a token is not a card.
    """
    if type(cards) is tuple and (wild_as is None or type(wild_as) is Rank):
        memo = meld_memos(rules).validated
        key: ValidateKey = cards if wild_as is None else (cards, wild_as)
        found = memo.get(key)
        if found is None and len(cards) <= _LONGEST and set(map(type, cards)) <= _CARD_TYPE:
            try:
                found = _analyze(
                    cards,
                    rules.packs,
                    rules.set_ranks,
                    rules.wild_as_second_ace,
                    wild_as,
                    variant=_variant(rules),
                )
            except InvalidMeldError as error:
                found = (error.reason, error.detail)
            memo.remember(key, found)
        if isinstance(found, Meld):
            return found
        if found is not None:
            raise _err(found[0], cards, found[1])
    read, wild_rank = _read_cards(cards, wild_as)
    return _analyze(
        read,
        rules.packs,
        rules.set_ranks,
        rules.wild_as_second_ace,
        wild_rank,
        variant=_variant(rules),
    )


def is_valid_meld(
    cards: str | Iterable[Card | str], rules: Rules = CLASSIC, *, wild_as: Rank | None = None
) -> bool:
    """Whether :func:`validate_meld` accepts the cards (bad notation is simply not valid).

    >>> is_valid_meld("7S 7H 7D"), is_valid_meld("7S 7H")
    (True, False)
    """
    try:
        validate_meld(cards, rules, wild_as=wild_as)
    except (InvalidMeldError, NotationError):
        return False
    return True


def extend_meld(
    meld: Meld,
    cards: str | Iterable[Card | str],
    rules: Rules = CLASSIC,
    *,
    wild_as: Rank | None = None,
) -> Meld:
    """Add cards to a meld on the table and return the new meld (rules §5.4).

    The cards of the meld and the added cards must make a legal meld together, with the
    meld's wild staying where it is if it is fixed (natural cards on both sides) and the
    natural card it stands for is not among the added cards. A wild at an end is free and may
    move; ``wild_as`` says where when it has a choice. A natural two may become the wild unless
    ``rules.natural_two_locked``.

    >>> print(extend_meld(validate_meld("6C JK 8C"), "7C 10C"))
    6C 7C 8C JK=9C 10C
    >>> print(extend_meld(validate_meld("2C 5C 6C", wild_as=Rank.FOUR), "8C"))
    5C 6C 2C=7C 8C
    >>> print(extend_meld(validate_meld("5D 6D JK"), "7D", wild_as=Rank.FOUR))
    JK=4D 5D 6D 7D
    >>> extend_meld(validate_meld("6C JK 8C"), "10C")
    Traceback (most recent call last):
    ...
    burraco.errors.InvalidMeldError: cannot add '10C' to the meld '6C JK=7C 8C': gap: the
    naturals 6C 8C 10C miss more ranks than the one wild can fill

    Raises:
        InvalidMeldError: if the cards cannot be added; ``reason`` says why.
        NotationError: if a token is not a card.
    """
    if not isinstance(meld, Meld):
        raise TypeError(f"extend_meld needs a Meld, not {meld!r:.60}")
    if type(cards) is tuple and cards and (wild_as is None or type(wild_as) is Rank):
        memo = meld_memos(rules).extended
        held = meld.cards
        key: ExtendKey = (
            (held, meld.wild_as, cards) if wild_as is None else (held, meld.wild_as, cards, wild_as)
        )
        found = memo.get(key)
        if found is None and len(cards) <= _LONGEST and set(map(type, cards)) <= _CARD_TYPE:
            found = _extend_outcome(meld, cards, rules, wild_as)
            memo.remember(key, found)
        if isinstance(found, Meld):
            return found
        if found is not None:
            raise _cannot_add(meld, cards, found[0], found[1])
    added, wild_rank = _read_cards(cards, wild_as, meld.cards)
    if not added:
        raise _err(Reason.NO_CARDS, meld.cards, "no cards were given to add to the meld")
    outcome = _extend_outcome(meld, added, rules, wild_rank)
    if isinstance(outcome, Meld):
        return outcome
    raise _cannot_add(meld, added, outcome[0], outcome[1])


def _extend_outcome(
    meld: Meld, added: tuple[Card, ...], rules: Rules, wild_as: Rank | None
) -> Meld | tuple[Reason, str]:
    """The grown meld, or the reason and detail of the error that :func:`extend_meld` raises."""
    try:
        foreign = _foreign_card(meld, added)
        if foreign is not None:
            raise foreign
        return _extend(meld, added, rules, wild_as)
    except InvalidMeldError as error:
        return error.reason, error.detail


def _cannot_add(
    meld: Meld, added: tuple[Card, ...], reason: Reason, detail: str
) -> InvalidMeldError:
    """The error of :func:`extend_meld`: the added cards and the meld, then why."""
    added_text = " ".join([str(card) for card in added])
    return InvalidMeldError(
        f"cannot add '{added_text}' to the meld '{meld}': {reason}: {detail}",
        reason=reason,
        cards=meld.cards + added,
        detail=detail,
    )


def _foreign_card(meld: Meld, added: tuple[Card, ...]) -> InvalidMeldError | None:
    """The error for an added natural card that can never belong to ``meld`` (another rank for
    a set, another suit for a sequence; twos and jokers may be its wild), or ``None``.

    The union of the cards would fail anyway; this names the reason in the meld's own terms,
    where reading the union afresh could call a set's stranger a ``duplicate-rank``."""
    for card in added:
        rank = card.rank
        if rank is None or rank is _TWO:
            continue
        if meld.kind is _SET_KIND:
            if rank is not meld.rank:
                return _err(
                    Reason.MIXED_RANKS,
                    meld.cards + added,
                    f"a set of {meld.rank} takes only {meld.rank} and one wild, not {card}",
                )
        elif card.suit is not meld.suit:
            assert meld.suit is not None
            suit = meld.suit.name.lower()
            return _err(
                Reason.MIXED_SUITS,
                meld.cards + added,
                f"a sequence of {suit} takes only {suit} and one wild, not {card}",
            )
    return None


def _grown_by_naturals(meld: Meld, added: tuple[Card, ...], rules: Rules) -> Meld | None:
    """The meld that natural cards simply continuing ``meld`` make, read by the speed
    machinery's shortcut (``burraco._engine.grow``), or ``None`` where the analysis must read
    the union: the same meld the analysis would give (a test holds the two together)."""
    if meld.suit is not None:
        sequence = sequence_growth(meld, added)
        if sequence is None:
            return None
        first, last, wild, wild_slot, suit_index = sequence
        return sequence_meld([first, last], wild, wild_slot, suit_index)
    grown_set = set_growth(meld, added)
    if grown_set is None:
        return None
    naturals, codes, twos, jokers = grown_set
    try:
        check_copies(naturals, codes, rules.packs)
        return make_set(naturals, codes, twos, jokers, rules.set_ranks, None)
    except InvalidMeldError:
        return None  # too many copies, or a rank these rules allow no set of


def _extend(
    meld: Meld,
    added: tuple[Card, ...],
    rules: Rules,
    wild_as: Rank | None,
    choices_out: list[tuple[Rank | None, Meld]] | None = None,
) -> Meld:
    """:func:`extend_meld` on cards already read; errors name the union of the cards."""
    if choices_out is None and wild_as is None:
        # the speed machinery's shortcut for natural cards continuing the meld: the meld the
        # analysis below would read, or None
        grown = _grown_by_naturals(meld, added, rules)
        if grown is not None:
            return grown
    lock_card: Card | None = None
    lock_slot = 0
    keep_two = False
    if meld.kind is _SEQUENCE_KIND:
        assert meld.suit is not None
        index = meld.wild_index
        size = len(meld.cards)
        first = meld.first_slot
        if index is not None and 0 < index < size - 1:  # a fixed wild (Meld.wild_is_fixed)
            slot = first + index
            if _SLOT_CARDS[_SUITS.index(meld.suit)][slot] not in added:
                lock_card, lock_slot = meld.wild, slot
        if rules.natural_two_locked and first <= 2 < first + size:
            keep_two = index is None or first + index != 2
    return _analyze(
        meld.cards + added,
        rules.packs,
        rules.set_ranks,
        rules.wild_as_second_ace,
        wild_as,
        lock_card,
        lock_slot,
        keep_two,
        choices_out,
        _variant(rules),
    )


def meld_choices(cards: tuple[Card, ...], rules: Rules = CLASSIC) -> list[tuple[Rank | None, Meld]]:
    """Every distinct meld ``cards`` can be laid as: ``(wild_as, meld)`` pairs, the default
    placement first (``wild_as`` ``None``), then each other rank an end wild can be named for.

    An empty list if the cards are not a legal meld under ``rules``. ``cards`` are
    :class:`~burraco.Card` values (no notation), as move generators hold them.

    >>> from burraco.cards import parse_cards
    >>> [(wild_as, str(meld)) for wild_as, meld in meld_choices(parse_cards("5H 6H JK"))]
    [(None, '5H 6H JK=7H'), (<Rank.FOUR: 4>, 'JK=4H 5H 6H')]
    """
    packs, set_ranks, second_ace = rules.packs, rules.set_ranks, rules.wild_as_second_ace
    variant = _variant(rules)
    try:
        return _wild_choices(
            lambda out: _analyze(
                cards, packs, set_ranks, second_ace, None, None, 0, False, out, variant
            )
        )
    except InvalidMeldError:
        return []


def extension_choices(
    meld: Meld, cards: tuple[Card, ...], rules: Rules = CLASSIC
) -> list[tuple[Rank | None, Meld]]:
    """Every distinct meld adding ``cards`` to ``meld`` can make, as in :func:`meld_choices`:
    the default first (``wild_as`` ``None``), then each other place the free wild can be named
    for; an empty list if the cards cannot be added (rules §5.4).

    >>> from burraco.cards import parse_cards
    >>> grown = extension_choices(validate_meld("5D 6D JK"), parse_cards("7D"))
    >>> [(wild_as, str(meld)) for wild_as, meld in grown]
    [(None, '5D 6D 7D JK=8D'), (<Rank.FOUR: 4>, 'JK=4D 5D 6D 7D')]
    """
    try:
        return _wild_choices(lambda out: _extend(meld, cards, rules, None, out))
    except InvalidMeldError:
        return []


def placed_wild(meld: Meld, cards: Iterable[Card] | None = None) -> str:
    """The wild card of ``meld`` and what it stands for, in notation: ``"JK=7H"`` in a sequence,
    ``"JK=7"`` in a set; ``""`` if the meld has no wild, or if ``cards`` are given (the cards a
    player just laid or added) and its wild is not among them.

    >>> placed_wild(validate_meld("5H 6H JK"))
    'JK=7H'
    >>> placed_wild(validate_meld("7S 7H 2C"))
    '2C=7'
    >>> placed_wild(validate_meld("5H 6H JK"), cards=[Card(Rank.FIVE, Suit.HEARTS)])
    ''
    """
    wild = meld.wild
    if wild is None or (cards is not None and wild not in cards):
        return ""
    if meld.kind is _SET_KIND:
        return f"{wild}={meld.rank}"
    assert meld.wild_index is not None
    return str(meld).split()[meld.wild_index]


def _wild_choices(
    make: Callable[[list[tuple[Rank | None, Meld]]], Meld],
) -> list[tuple[Rank | None, Meld]]:
    """Each distinct placement of a meld's wild that ``wild_as`` can ask for.

    ``make(choices_out)`` builds the default meld (raising if impossible) and appends the
    others to ``choices_out``. Returns ``(wild_as, meld)`` pairs: the default first with
    ``wild_as`` ``None``, then one for each other rank the wild can stand for, the meld that
    ``wild_as`` set to that rank gives.
    """
    others: list[tuple[Rank | None, Meld]] = []
    meld = make(others)
    return [(None, meld), *others]


def burraco_kind(meld: Meld, rules: Rules = CLASSIC) -> BurracoKind | None:
    """The class of a burraco under ``rules``, or ``None`` for a meld of fewer than seven cards.

    The class is the first of ``rules.burraco_classes`` that the meld satisfies (rules
    §13.4); a class the rules do not list is never given. Semi-clean: a sequence with seven
    natural cards in a row on one side of its wild, or a set with seven natural cards.

    >>> from burraco.rules import FIBUR
    >>> meld = validate_meld("4S 5S 6S 7S 8S 9S 10S JK", wild_as=Rank.JACK)
    >>> burraco_kind(meld), burraco_kind(meld, FIBUR)
    (<BurracoKind.DIRTY: 'dirty'>, <BurracoKind.SEMI_CLEAN: 'semi-clean'>)
    """
    if len(meld.cards) < 7:
        return None
    for kind, _ in rules.burraco_classes:
        if _satisfies(meld, kind):
            return kind
    return None  # pragma: no cover (every rule set lists the clean and dirty classes)


def _satisfies(meld: Meld, kind: BurracoKind) -> bool:
    """Whether the burraco ``meld`` (seven cards or more) is of the class ``kind``."""
    size = len(meld.cards)
    index = meld.wild_index
    if kind is BurracoKind.DIRTY:
        return index is not None
    if kind is BurracoKind.SEMI_CLEAN:
        if index is None:
            return False
        return size - 1 >= 7 if meld.kind is _SET_KIND else max(index, size - 1 - index) >= 7
    if index is not None:
        return False
    if kind is BurracoKind.CLEAN:
        return True
    if kind is BurracoKind.SUPER_CLEAN:
        return meld.kind is _SET_KIND and size >= 8
    if meld.kind is _SET_KIND:
        return False
    if kind is BurracoKind.OVER_THE_TOP:
        return size >= 13
    low_ace = meld.cards[0].rank is _ACE
    if kind is BurracoKind.NOBILE:
        return low_ace and size >= 13
    return low_ace and size == _ACE_HIGH  # BurracoKind.REALE: A to K to A


def burraco_bonus(meld: Meld, rules: Rules = CLASSIC) -> int:
    """The burraco bonus the meld earns under ``rules`` (0 if it is not a burraco).

    >>> burraco_bonus(validate_meld("4S 5S 6S 7S 8S 9S 10S"))
    200
    >>> burraco_bonus(validate_meld("4S 5S 6S"))
    0
    """
    kind = burraco_kind(meld, rules)
    if kind is None:
        return 0
    return rules.bonus_of(kind) or 0


# --- the analysis -------------------------------------------------------------------------------


def _analyze(
    cards: tuple[Card, ...],
    packs: int,
    set_ranks: frozenset[Rank] | None,
    second_ace: bool,
    wild_as: Rank | None,
    lock_card: Card | None = None,
    lock_slot: int = 0,
    keep_two: bool = False,
    choices_out: list[tuple[Rank | None, Meld]] | None = None,
    variant: int = 0,
) -> Meld:
    """Interpret ``cards`` as a meld (see the module docstring for the canonical choices).

    ``variant``: the switches of :func:`_variant` (no jokers, an ace at both ends).

    ``lock_card``/``lock_slot``: the wild must stay at that slot (a fixed wild when extending).
    ``keep_two``: a two of the suit must stay natural (``natural_two_locked`` when extending).
    ``choices_out``: if given (with ``wild_as`` ``None``), receives a ``(rank, meld)`` pair for
    every other rank the wild of a sequence could stand for, in order, each meld the one that
    ``wild_as=rank`` gives.
    """
    count = len(cards)
    if count < 3:
        raise _err(Reason.TOO_FEW_CARDS, cards, "a meld needs at least 3 cards")
    codes = sorted(map(CODE_KEY, cards))
    jokers = 0
    twos: list[int] = []
    naturals: list[int] = []
    previous = -1
    run = 0
    repeated = False
    for code in codes:
        if code == previous:
            run += 1
            repeated = True
            if run > packs and (code != JOKER_CODE or run > 2 * packs):
                check_copies(cards, codes, packs)
        else:
            previous = code
            run = 1
        if code == JOKER_CODE:
            jokers += 1
        elif code % 13 == 1:
            twos.append(code)
        else:
            naturals.append(code)
    if jokers and variant & _NO_JOKERS:
        raise _err(Reason.NO_JOKERS, cards, "these rules play without jokers: twos are the wilds")
    if not naturals:
        raise _err(
            Reason.ONLY_WILDS,
            cards,
            "a meld needs natural cards besides twos and jokers (twos are never a set's rank)",
        )
    first = naturals[0]
    rank_index = first % 13
    if (
        len(naturals) >= 2
        and (naturals[-1] - first) % 13 == 0
        and all(code % 13 == rank_index for code in naturals)
    ):
        return make_set(cards, naturals, twos, jokers, set_ranks, wild_as)
    suit_index = first // 13
    base = suit_index * 13
    if naturals[-1] - base > 12:
        ranks = [code % 13 for code in naturals]
        if len(set(ranks)) < len(ranks):
            raise _err(Reason.MIXED_RANKS, cards, "the natural cards of a set must share one rank")
        raise _err(Reason.MIXED_SUITS, cards, "the natural cards of a sequence must share one suit")
    ace = first == base
    if ace and len(naturals) > 1 and naturals[1] == base:
        if variant & _BOTH_ACES:
            own_two = base + 1
            if lock_card is not None and lock_card.code == own_two and twos.count(own_two) == 1:
                own_two = -1  # the suit's own two is the fixed wild: it cannot be natural
            return _ace_to_ace(
                cards, naturals, twos, jokers, suit_index, own_two, wild_as, lock_slot
            )
        raise _err(Reason.TWO_ACES, cards, "a sequence holds at most one natural ace")
    if repeated and len(set(naturals)) < len(naturals):
        twice = next(code for i, code in enumerate(naturals) if code in naturals[i + 1 :])
        raise _err(
            Reason.DUPLICATE_RANK,
            cards,
            f"a sequence holds one card of each rank, here two of {_RANKS[twice - base + 1]}",
        )
    middle = [code - base + 1 for code in (naturals[1:] if ace else naturals)]
    if not twos and jokers <= 1 and not lock_slot and choices_out is None:
        # The common case, the same readings as below: no two, so the ace low then high.
        for slots in ([1, *middle], [*middle, _ACE_HIGH]) if ace else (middle,):
            if not jokers:
                if wild_as is None and slots[-1] - slots[0] + 1 == len(slots):
                    return sequence_meld(slots, None, 0, suit_index)
                continue
            for option in wild_slots(_slot_mask(slots), jokers, second_ace, 0):
                if wild_as is None or (option and _SLOT_RANKS[option] is wild_as):
                    return sequence_meld(slots, JOKER if option else None, option, suit_index)
    own_two = base + 1
    own = twos.count(own_two) if twos else 0
    other_wilds = jokers + len(twos) - own
    own_natural = own - 1 if lock_card is not None and lock_card.code == own_two else own
    # Candidate readings, most preferred first: (natural slots, wild count, whether a two of
    # the suit is natural). A natural two wins whenever it fits; then the ace low.
    candidates: list[tuple[list[int], int, bool]] = []
    if own_natural >= 1 and other_wilds + own - 1 <= 1:
        candidates.append(([1, 2, *middle] if ace else [2, *middle], other_wilds + own - 1, True))
    if not keep_two and other_wilds + own <= 1:
        candidates.append(([1, *middle] if ace else middle, other_wilds + own, False))
        if ace:
            candidates.append(([*middle, _ACE_HIGH], other_wilds + own, False))
    if not candidates:
        wild_names = [str(CARDS_BY_CODE[code]) for code in twos] + ["JK"] * jokers
        if own_natural >= 1:
            wild_names.remove(str(CARDS_BY_CODE[own_two]))
        raise _err(
            Reason.TOO_MANY_WILDS,
            cards,
            f"a meld holds at most one wild card (here {' and '.join(wild_names)})",
        )
    # Every legal placement: (natural slots, whether a two of the suit is natural, wild slot).
    # A reading with a natural two excludes the others; the ace-low reading comes first.
    placements: list[tuple[list[int], bool, int]] = []
    for slots, wilds, natural_two in candidates:
        options = wild_slots(_slot_mask(slots), wilds, second_ace, lock_slot)
        if options:
            placements += [(slots, natural_two, option) for option in options]
            if natural_two:
                break
    if not placements:
        slots, wilds, natural_two = candidates[0]
        reason, detail = _gap_reason(slots, wilds, suit_index)
        raise _err(reason, cards, detail)
    if wild_as is None:
        slots, natural_two, wild_slot = placements[0]
    else:
        for placement in placements:
            slots, natural_two, wild_slot = placement
            if wild_slot and _SLOT_RANKS[wild_slot] is wild_as:
                break
        else:
            options = [option for _, _, option in placements]
            raise _err(
                Reason.WILD_AS_NOT_POSSIBLE, cards, _wild_as_detail(wild_as, options, suit_index)
            )
    meld = _placed_sequence(slots, natural_two, wild_slot, jokers, twos, suit_index)
    if choices_out is not None:
        # the first placement of each other rank is the one wild_as=rank would choose
        named = [meld.wild_as]
        for slots, natural_two, option in placements:
            rank = _SLOT_RANKS[option]
            if option and rank not in named:
                named.append(rank)
                other = _placed_sequence(slots, natural_two, option, jokers, twos, suit_index)
                choices_out.append((rank, other))
    return meld


_NO_JOKERS: Final = 1
_BOTH_ACES: Final = 2


def _variant(rules: Rules) -> int:
    """The switches of ``rules`` that only some variants turn on, as :func:`_analyze`'s
    ``variant``: ``_NO_JOKERS`` (no jokers in the packs) and ``_BOTH_ACES`` (an ace at each end
    of a 14-card sequence, ``ace_at_both_ends``)."""
    return (0 if rules.jokers else _NO_JOKERS) | (_BOTH_ACES if rules.ace_at_both_ends else 0)


def _ace_to_ace(
    cards: tuple[Card, ...],
    naturals: list[int],
    twos: list[int],
    jokers: int,
    suit_index: int,
    own_two: int,
    wild_as: Rank | None,
    lock_slot: int,
) -> Meld:
    """The sequence of ``cards`` with a natural ace at each end (rules §13.5): the ranks two
    to king between them, each natural or (one of them) the wild; the suit's own two
    (``own_two``, -1 if it may not be) is natural in its slot when it is there.
    ``naturals``: the sorted natural codes, the two aces first."""
    base = suit_index * 13
    middle = naturals[2:]
    if len(set(middle)) < len(middle) or (middle and middle[0] == base):
        raise _err(
            Reason.DUPLICATE_RANK,
            cards,
            "a sequence holds one card of each rank (two aces only at its two ends)",
        )
    slots = [1, *[code - base + 1 for code in middle], _ACE_HIGH]
    natural_two = own_two in twos
    if natural_two:
        slots.insert(1, 2)
    wilds = jokers + len(twos) - natural_two
    if wilds > 1:
        raise _err(Reason.TOO_MANY_WILDS, cards, "a meld holds at most one wild card")
    missing = [slot for slot in range(2, _ACE_HIGH) if slot not in slots]
    if len(missing) > wilds:
        names = " ".join(str(CARDS_BY_CODE[_natural_code(suit_index, slot)]) for slot in missing)
        detail = f"a sequence from ace to ace needs every rank between; {names} missing"
        raise _err(Reason.GAP, cards, detail)
    if len(missing) < wilds:
        raise _err(
            Reason.TOO_MANY_WILDS,
            cards,
            "a sequence from ace to ace is full: no place is left for a wild",
        )
    wild_slot = missing[0] if missing else 0
    if (lock_slot and lock_slot != wild_slot) or (
        wild_as is not None and (not wild_slot or _SLOT_RANKS[wild_slot] is not wild_as)
    ):
        rank = wild_as if wild_as is not None else _SLOT_RANKS[lock_slot]
        detail = _wild_as_detail(rank, [wild_slot], suit_index)
        raise _err(Reason.WILD_AS_NOT_POSSIBLE, cards, detail)
    return _placed_sequence(sorted(slots), natural_two, wild_slot, jokers, twos, suit_index)


def table_meld(
    cards: str | Iterable[Card | str], rules: Rules, wild_as: Rank | None = None
) -> Meld:
    """``cards`` read as a meld lying on the table under ``rules`` (internal, not part of the
    API: for loaded states and melds typed in from a real table), not as an opening:
    :func:`validate_meld`'s reading, or else the one with the suit's own two as a fixed wild
    standing for ``wild_as`` (see :meth:`Meld.parse`).

    Raises:
        InvalidMeldError: if neither reading is a legal meld under ``rules``.
        NotationError: if a token is not a card.
    """
    read, wild_rank = _read_cards(cards, wild_as)
    return _table_reading(
        read, rules.packs, rules.set_ranks, rules.wild_as_second_ace, wild_rank, _variant(rules)
    )


def _table_reading(
    cards: tuple[Card, ...],
    packs: int,
    set_ranks: frozenset[Rank] | None,
    second_ace: bool,
    wild_as: Rank | None,
    variant: int = 0,
) -> Meld:
    """:func:`table_meld` with the switches it reads of the rules."""
    try:
        return _analyze(cards, packs, set_ranks, second_ace, wild_as, variant=variant)
    except InvalidMeldError as error:
        if error.reason is not Reason.WILD_AS_NOT_POSSIBLE or wild_as is None:
            raise
        fixed = _fixed_own_two(cards, packs, second_ace, wild_as, variant)
        if fixed is None:
            raise
        return fixed


def _fixed_own_two(
    cards: tuple[Card, ...], packs: int, second_ace: bool, wild_as: Rank, variant: int = 0
) -> Meld | None:
    """The sequence of ``cards`` whose suit's own two is a fixed (interior) wild standing for
    ``wild_as``, or ``None`` if there is none (see :meth:`Meld.parse`). A wild standing for
    an ace is at an end of its sequence, where it is free, so never this one."""
    naturals = [card for card in cards if not card.is_joker and not card.is_two]
    if not naturals or wild_as is Rank.ACE:
        return None
    own_two = _SLOT_CARDS[naturals[0].code // 13][2]
    if own_two not in cards:
        return None
    try:
        meld = _analyze(
            cards, packs, None, second_ace, wild_as, own_two, int(wild_as), variant=variant
        )
    except InvalidMeldError:
        return None
    return meld if meld.wild is own_two and meld.wild_is_fixed else None


def _placed_sequence(
    slots: list[int], natural_two: bool, wild_slot: int, jokers: int, twos: list[int], suit: int
) -> Meld:
    """The sequence of one placement: natural ``slots`` (a two of the suit among them if
    ``natural_two``) and the wild at ``wild_slot`` (0: none), a joker if there is one."""
    if not wild_slot:
        return sequence_meld(slots, None, 0, suit)
    if jokers:
        wild = JOKER
    elif natural_two:
        spare = list(twos)
        spare.remove(suit * 13 + 1)
        wild = CARDS_BY_CODE[spare[0]]
    else:
        wild = CARDS_BY_CODE[twos[0]]
    return sequence_meld(slots, wild, wild_slot, suit)


def new_meld(
    kind: MeldKind,
    cards: tuple[Card, ...],
    wild: Card | None,
    wild_as: Rank | None,
    suit: Suit | None,
    rank: Rank | None,
    wild_index: int | None,
) -> Meld:
    """Internal (not part of the API; for ``burraco._engine.meldcodec``). ``Meld(kind, cards,
    ...)``, built without attrs's frozen ``__init__``, which sets each field through a Python-level
    call: the fields are stored in a :class:`_MeldSlots`, which then becomes the meld."""
    slots: Any = _MeldSlots()
    slots.kind = kind
    slots.cards = cards
    slots.wild = wild
    slots.wild_as = wild_as
    slots.suit = suit
    slots.rank = rank
    slots.wild_index = wild_index
    slots.__class__ = Meld
    meld: Meld = slots
    return meld


def sequence_meld(slots: list[int], wild: Card | None, wild_slot: int, suit_index: int) -> Meld:
    """Internal (not part of the API; for the shortcut of :func:`extend_meld`). The sequence
    of natural ``slots`` of the suit of index ``suit_index``, with ``wild`` at ``wild_slot`` (0 and
    ``None``: none)."""
    suit = _SUITS[suit_index]
    if not wild_slot:
        table = _SLOT_CARDS[suit_index][slots[0] : slots[-1] + 1]
        return new_meld(_SEQUENCE_KIND, tuple(table), None, None, suit, None, None)
    assert wild is not None
    low = slots[0] if slots[0] < wild_slot else wild_slot
    high = slots[-1] if slots[-1] > wild_slot else wild_slot
    table = _SLOT_CARDS[suit_index][low : high + 1]
    table[wild_slot - low] = wild
    return new_meld(
        _SEQUENCE_KIND, tuple(table), wild, _SLOT_RANKS[wild_slot], suit, None, wild_slot - low
    )


def check_copies(cards: tuple[Card, ...], codes: list[int], packs: int) -> None:
    """Internal (not part of the API; for the shortcut of :func:`extend_meld`). Raise
    ``too-many-copies`` if a card appears more often than the packs hold it (``codes``: the codes of
    ``cards``, sorted; the error quotes ``cards``)."""
    previous = -1
    run = 0
    for code in codes:
        run = run + 1 if code == previous else 1
        previous = code
        held = 2 * packs if code == JOKER_CODE else packs
        if run > held:
            raise _err(
                Reason.TOO_MANY_COPIES,
                cards,
                f"{packs} packs hold only {held} of {CARDS_BY_CODE[code]}",
            )


def make_set(
    cards: tuple[Card, ...],
    naturals: list[int],
    twos: list[int],
    jokers: int,
    set_ranks: frozenset[Rank] | None,
    wild_as: Rank | None,
) -> Meld:
    """Internal (not part of the API; for the shortcut of :func:`extend_meld`). The set of the
    natural cards of codes ``naturals`` (sorted, all of one rank) and the wild given by ``twos``
    (codes) or ``jokers`` (a count), if these rules (``set_ranks``) allow a set of that rank and it
    has one wild at most; ``wild_as`` must be ``None`` or the rank. Errors quote ``cards``.

    Raises:
        InvalidMeldError: ``set-rank-not-allowed``, ``too-many-wilds`` or
            ``wild-as-not-possible``.
    """
    rank = _RANKS[naturals[0] % 13 + 1]
    assert rank is not None
    if set_ranks is not None and rank not in set_ranks:
        allowed = " ".join(str(r) for r in sorted(set_ranks)) or "none"
        raise _err(
            Reason.SET_RANK_NOT_ALLOWED,
            cards,
            f"these rules allow sets only of these ranks: {allowed}",
        )
    if jokers + len(twos) > 1:
        wild_names = ["JK"] * jokers + [str(CARDS_BY_CODE[code]) for code in twos]
        raise _err(
            Reason.TOO_MANY_WILDS,
            cards,
            f"a meld holds at most one wild card (here {' and '.join(wild_names)})",
        )
    if wild_as is not None and wild_as is not rank:
        raise _err(
            Reason.WILD_AS_NOT_POSSIBLE,
            cards,
            f"the wild of a set of {rank} stands for {rank}, not {wild_as}",
        )
    table = [CARDS_BY_CODE[code] for code in naturals]
    wild = JOKER if jokers else (CARDS_BY_CODE[twos[0]] if twos else None)
    if wild is None:
        return new_meld(_SET_KIND, tuple(table), None, None, None, rank, None)
    table.append(wild)
    return new_meld(_SET_KIND, tuple(table), wild, None, None, rank, len(table) - 1)


def wild_slots(slots: int, wilds: int, second_ace: bool, lock_slot: int) -> list[int]:
    """Where the wild may go beside natural ``slots`` (a mask, bit s for slot s) with ``wilds``
    wild cards (0 or 1), preferred first: the higher end, then the lower end, or the one gap;
    ``[0]`` for a meld without a wild, ``[]`` if the naturals make no sequence. ``lock_slot``:
    the wild must stay there (0: anywhere).

    The one statement of where a sequence's wild may stand: the meld analysis and the move
    generator both ask it."""
    low = (slots & -slots).bit_length() - 1
    high = slots.bit_length() - 1
    missing = high - low + 1 - slots.bit_count()
    if missing == 0:
        if wilds == 0:
            return [] if lock_slot else [0]
        options = []
        if high < _ACE_HIGH and (low > 1 or high + 1 < _ACE_HIGH or second_ace):
            options.append(high + 1)
        if low > 1 and (high < _ACE_HIGH or low > 2 or second_ace):
            options.append(low - 1)
        if lock_slot:
            return [lock_slot] if lock_slot in options else []
        return options
    if missing == 1 and wilds == 1:
        gap = (((2 << high) - (1 << low)) & ~slots).bit_length() - 1
        return [gap] if not lock_slot or lock_slot == gap else []
    return []


def _slot_mask(slots: list[int]) -> int:
    mask = 0
    for slot in slots:
        mask |= 1 << slot
    return mask


def _gap_reason(slots: list[int], wilds: int, suit_index: int) -> tuple[Reason, str]:
    """Why natural ``slots`` with ``wilds`` wild cards make no sequence."""
    names = " ".join(str(CARDS_BY_CODE[_natural_code(suit_index, slot)]) for slot in slots)
    missing = slots[-1] - slots[0] + 1 - len(slots)
    if missing == 0:  # no gap, so only the second-ace switch can leave the wild no place
        return (
            Reason.TWO_ACES,
            "the wild would stand for a second ace, which these rules do not allow "
            "(wild_as_second_ace is off)",
        )
    circle = sorted({1 if slot == _ACE_HIGH else slot for slot in slots})
    widest = max(
        [circle[i + 1] - circle[i] for i in range(len(circle) - 1)] + [circle[0] + 13 - circle[-1]]
    )
    if 13 - widest + 1 - len(circle) <= wilds:
        return Reason.WRAP_AROUND, f"{names} would run through the ace from king to two"
    if wilds == 0:
        return Reason.GAP, f"the naturals {names} miss ranks and there is no wild to fill them"
    return Reason.GAP, f"the naturals {names} miss more ranks than the one wild can fill"


def _wild_as_detail(wild_as: Rank, options: list[int], suit_index: int) -> str:
    letter = _SUITS[suit_index].value
    places = [f"{_SLOT_RANKS[slot]}{letter}" for slot in options if slot]
    if not places:
        return f"the meld has no wild to stand for {wild_as}{letter}"
    return f"the wild cannot stand for {wild_as}{letter}; it can stand for {' or '.join(places)}"
