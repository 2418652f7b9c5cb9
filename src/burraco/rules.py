"""Rule sets: every variant switch of the game as one frozen value.

A :class:`Rules` value is passed to every function that depends on the rules. Seven presets
are provided: :data:`CLASSIC` (the default, the rules of the seed articles), :data:`FIBUR` (the
Italian federation's code), :data:`INTERNATIONAL` (the federation's international code),
:data:`FEBURIT` (FE.BUR.IT's classes of burraco), :data:`REALE` (Burraco Reale), and
:data:`FIBUR3` and :data:`FIBUR5` (the clubs' method for three and five players).
Change a switch with :func:`attrs.evolve`:

>>> import attrs
>>> two_players = attrs.evolve(CLASSIC, players=2)
>>> two_players.teams, two_players.packs, two_players.pozzetti, two_players.stock_size
(2, 2, 2, 63)
>>> attrs.evolve(CLASSIC, players=7)
Traceback (most recent call last):
...
ValueError: players must be 2, 3, 4, 5 or 6, not 7

Three and five players may also play the clubs' method of rules §14, where the first player to
run out of cards plays alone and the others pair up (:data:`FIBUR3`, :data:`FIBUR5`):

>>> FIBUR3.pozzetto_sizes, FIBUR3.stock_size, FIBUR5.pozzetto_sizes, FIBUR5.stock_size
((18, 11), 45, (18, 11, 11), 66)
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, Final

import attrs

from burraco.cards import Rank, Suit

__all__ = [
    "CLASSIC",
    "FEBURIT",
    "FIBUR",
    "FIBUR3",
    "FIBUR5",
    "INTERNATIONAL",
    "MAX_NAME_LENGTH",
    "PLAYER_COUNTS",
    "PRESETS",
    "REALE",
    "BurracoKind",
    "Partnerships",
    "PenaltyWhen",
    "Rules",
    "StockEnd",
]


class _Switch(StrEnum):
    """A switch's values, which also read with underscores or in capitals: rules §9 spells
    ``if_opponents_closed`` what the value ``"if-opponents-closed"`` is.

    >>> PenaltyWhen("if_opponents_closed") is PenaltyWhen.IF_OPPONENTS_CLOSED
    True
    """

    @classmethod
    def _missing_(cls, value: object) -> Any:
        if isinstance(value, str):
            spelled = value.strip().lower().replace("_", "-")
            for member in cls:
                if member.value == spelled:
                    return member
        legal = ", ".join(repr(member.value) for member in cls)
        raise ValueError(f"{value!r} is not a valid {cls.__name__}: use one of {legal}")


class StockEnd(_Switch):
    """When a hand ends once a draw leaves only two cards in the stock (rules §8)."""

    AFTER_TURN = "after-turn"
    """The player who made that draw finishes the turn (melds, may close, discards); then the
    hand ends. The usual reading."""
    IMMEDIATELY = "immediately"
    """The hand ends at once, right after that draw (the seed article's literal reading)."""


class PenaltyWhen(_Switch):
    """When a team that never took its pozzetto pays the pozzetto penalty (rules §9)."""

    ALWAYS = "always"
    """Whenever the hand ends with the team's pozzetto untaken, also when nobody closed."""
    IF_OPPONENTS_CLOSED = "if-opponents-closed"
    """Only when another team closed the hand."""
    UNLESS_NONE_TOOK = "unless-none-took"
    """Only when at least one team took its own pozzetto: when no team took one, nobody pays
    (FIBUR's 2026 code, rules §13.3)."""


class Partnerships(_Switch):
    """How the players form teams (rules §3 and §14)."""

    FIXED = "fixed"
    """Teams are fixed for the whole hand: with 4 or 6 players partners sit opposite, with 2,
    3 or 5 everyone plays alone (rules §3)."""
    FIRST_OUT_ALONE = "first-out-alone"
    """The clubs' method for 3 or 5 players (rules §14): everyone starts alone; the first
    player to run out of cards takes the first (larger) pozzetto and plays on alone, and at
    that moment the others pair up and join their melds."""


class BurracoKind(_Switch):
    """The class of a burraco (a meld of seven or more cards), which sets its bonus.

    A rule set lists the classes it recognises, with their bonuses, in
    :attr:`Rules.burraco_classes`; a burraco takes the first listed class it satisfies
    (rules §13.4). The bonuses below are the presets'.
    """

    REALE = "reale"
    """A clean sequence of 14 cards with a natural ace at each end, A to K to A (Burraco
    Reale, which alone allows it). Bonus 1000."""
    NOBILE = "nobile"
    """A clean sequence of the 13 ranks from the ace up to the king (Burraco Reale). Bonus
    500."""
    OVER_THE_TOP = "over-the-top"
    """A clean sequence of 13 cards of one suit, A to K or 2 to A with the natural two
    (FE.BUR.IT). Bonus 300."""
    SUPER_CLEAN = "super-clean"
    """A clean set of 8 cards (FE.BUR.IT). Bonus 250."""
    CLEAN = "clean"
    """No wild card (*pulito*); natural twos allowed. Bonus 200."""
    SEMI_CLEAN = "semi-clean"
    """Dirty, but with 7 natural cards in a row beside the wild, or a set with 7 naturals
    (FIBUR). Bonus 150."""
    DIRTY = "dirty"
    """With a wild card (*sporco*). Bonus 100."""


PLAYER_COUNTS: Final = (2, 3, 4, 5, 6)
"""The numbers of players a :class:`Rules` may seat (rules §1); every part of the library that
offers a choice of players (the command line, the server, the encodings) offers these."""
MAX_NAME_LENGTH: Final = 64
"""The longest name a :class:`Rules` may have."""
_NATURAL_SET_RANKS: Final = frozenset(rank for rank in Rank if rank is not Rank.TWO)


def _check_bool(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"{attribute.name} must be True or False, not {value!r}")


def _check_whole(minimum: int) -> Any:
    def check(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{attribute.name} must be a whole number, not {value!r}")
        if value < minimum:
            raise ValueError(f"{attribute.name} must be at least {minimum}, not {value}")

    return check


def _to_sizes(value: Any) -> tuple[int, ...] | None:
    return None if value is None else tuple(value)


def _check_switch_total(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None:
        _check_whole(1)(instance, attribute, value)


def _to_ranks(value: Any) -> frozenset[Rank]:
    return frozenset(value)


def _to_suits(value: Any) -> tuple[Suit, ...]:
    return tuple(Suit(suit) for suit in value)


def _to_classes(value: Any) -> tuple[tuple[BurracoKind, int], ...]:
    if isinstance(value, Mapping):
        given = {BurracoKind(kind): bonus for kind, bonus in value.items()}
        return tuple((kind, given[kind]) for kind in BurracoKind if kind in given)
    return tuple((BurracoKind(kind), bonus) for kind, bonus in value)


_LEGACY_BONUSES: Final = {
    "clean_bonus": BurracoKind.CLEAN,
    "semi_clean_bonus": BurracoKind.SEMI_CLEAN,
    "dirty_bonus": BurracoKind.DIRTY,
}
_SEMI_CLEAN_BONUS: Final = 150


def _caller_level() -> int:
    """The ``stacklevel`` that points a warning at the code calling :class:`Rules` or
    :func:`attrs.evolve`, past this module's frames and attrs' own."""
    level = 1
    frame = sys._getframe(1)
    while frame.f_back is not None and (
        frame.f_globals.get("__name__") in (__name__, "attr._make", "attr._funcs")
        or frame.f_code.co_filename.startswith("<attrs generated")
    ):
        frame = frame.f_back
        level += 1
    return level


def _fold_legacy_bonuses(rules: Rules) -> None:
    """Turn the deprecated ``semi_clean`` and ``*_bonus`` arguments, if given, into
    ``burraco_classes`` (with a :class:`DeprecationWarning`), and forget them."""
    given = {
        name: getattr(rules, "_" + name)
        for name in ("semi_clean", *_LEGACY_BONUSES)
        if getattr(rules, "_" + name) is not None
    }
    if not given:
        return
    warnings.warn(
        f"Rules({', '.join(given)}=...) is deprecated: give burraco_classes, the classes of "
        "burraco and their bonuses, such as burraco_classes={'clean': 200, 'dirty': 100}",
        DeprecationWarning,
        stacklevel=_caller_level(),
    )
    classes = dict(rules.burraco_classes)
    semi = given.get("semi_clean")
    if semi is not None:
        _check_bool(rules, attrs.fields(Rules)._semi_clean, semi)
        if semi and BurracoKind.SEMI_CLEAN not in classes:
            classes[BurracoKind.SEMI_CLEAN] = _SEMI_CLEAN_BONUS
        elif not semi:
            classes.pop(BurracoKind.SEMI_CLEAN, None)
    for name, kind in _LEGACY_BONUSES.items():
        if name in given:
            _check_whole(0)(rules, attrs.fields(Rules)._clean_bonus, given[name])
            if kind in classes:
                classes[kind] = given[name]
    ordered = tuple((kind, classes[kind]) for kind in sorted(classes, key=[*BurracoKind].index))
    listed = [kind for kind, _ in rules.burraco_classes]
    if [kind for kind, _ in ordered] == sorted(listed, key=[*BurracoKind].index):
        # keep the rule set's own order where no class came or went
        ordered = tuple((kind, classes[kind]) for kind in listed)
    for name in ("semi_clean", *_LEGACY_BONUSES):
        object.__setattr__(rules, "_" + name, None)
    object.__setattr__(rules, "burraco_classes", ordered)


_flag = attrs.field(validator=_check_bool)


@attrs.frozen(kw_only=True)
class Rules:
    """One rule set: every switch of rules §11, the player count, sizes and point values.

    All arguments are keyword-only and default to the :data:`CLASSIC` rules. Impossible settings
    (7 players, a target of 0, sets of twos, a deal larger than the deck) raise
    :class:`ValueError`; values of the wrong type raise :class:`TypeError`.
    """

    name: str = attrs.field(default="classic", validator=attrs.validators.instance_of(str))
    """A label for the rule set, shown in tables and saved games: at most
    :data:`MAX_NAME_LENGTH` printable characters (no line breaks, control characters or lone
    surrogates, so that it prints on one line and encodes as UTF-8)."""
    players: int = attrs.field(default=4)
    """2 to 6 players. With 4 or 6, partners sit opposite in teams of two; with 2, 3 or 5,
    each player is a team (rules §3), unless :attr:`partnerships` pairs them during the hand
    (rules §14)."""
    set_ranks: frozenset[Rank] = attrs.field(default=_NATURAL_SET_RANKS, converter=_to_ranks)
    """The ranks a set may have: A and 3 to K; the international code allows only A and 3."""
    one_set_per_rank: bool = attrs.field(default=True, validator=_check_bool)
    """A team may not hold two sets of the same rank (rules §4)."""
    wild_as_second_ace: bool = attrs.field(default=True, validator=_check_bool)
    """A wild may stand for the second ace of a 14-card sequence A to A (rules §5.3)."""
    natural_two_locked: bool = attrs.field(default=False, validator=_check_bool)
    """A natural two in a sequence stays natural: it may not later become the wild when cards
    are added (rules §5.4)."""
    closing_needs_clean_burraco: bool = attrs.field(default=False, validator=_check_bool)
    """Closing needs a clean burraco, not just any burraco (international code, rules §7.1).
    A semi-clean burraco is not clean."""
    closing_discard_may_be_wild: bool = attrs.field(default=False, validator=_check_bool)
    """The closing discard may be a wild card (rules §7.1)."""
    pile_requires_meld: bool = attrs.field(default=False, validator=_check_bool)
    """Taking the discard pile obliges the player to open or add to a meld in the same turn
    (international code, rules §4.1). Taking the pile is then legal only if such a meld is
    possible afterwards."""
    stock_end: StockEnd = attrs.field(default=StockEnd.AFTER_TURN, converter=StockEnd)
    """When the hand ends once a draw leaves two cards in the stock (rules §8)."""
    pozzetti_as_reserve_stock: bool = attrs.field(default=False, validator=_check_bool)
    """German variant: when a draw leaves the stock at its two dead cards and a pozzetto is still
    untaken, the next pozzetto becomes the stock and play goes on (rules §8)."""
    untaken_pozzetto_penalty: PenaltyWhen = attrs.field(
        default=PenaltyWhen.ALWAYS, converter=PenaltyWhen
    )
    """When the penalty for a pozzetto never taken applies (rules §9)."""
    return_single_pile_card: bool = attrs.field(default=True, validator=_check_bool)
    """A player who took a discard pile of a single card may discard that same card in the
    same turn. Off (the federations' codes): not that card, unless the hand held another copy
    of it before the pick, and no meld may leave it as the only card to discard
    (rules §13.1)."""
    jokers: bool = attrs.field(default=True, validator=_check_bool)
    """Each pack holds two jokers. Off (Burraco Reale): packs of 52 cards, and the twos are
    the only wild cards; a joker is then no card of the game (rules §13.5)."""
    ace_at_both_ends: bool = attrs.field(default=False, validator=_check_bool)
    """A sequence of 14 cards may hold a natural ace at each end, A to K to A (Burraco Reale,
    rules §13.5). Otherwise a sequence holds at most one natural ace."""
    burraco_classes: tuple[tuple[BurracoKind, int], ...] = attrs.field(
        default=((BurracoKind.CLEAN, 200), (BurracoKind.DIRTY, 100)), converter=_to_classes
    )
    """The classes of burraco the rules recognise, each with its bonus, in the order they are
    tried: a burraco takes the first class it satisfies (rules §13.4). Every rule set lists
    :attr:`BurracoKind.CLEAN` and :attr:`BurracoKind.DIRTY`; a class it does not list is not
    recognised (a semi-clean burraco is simply dirty without
    :attr:`BurracoKind.SEMI_CLEAN`). A mapping from kind to bonus is accepted too, and kept
    in the order of :class:`BurracoKind` (from the most particular class to the dirty one)."""
    target: int = attrs.field(default=2000, validator=_check_whole(1))
    """The running total that wins a match, inclusive (rules §10)."""
    hand_size: int = attrs.field(default=11, validator=_check_whole(1))
    """Cards dealt to each player."""
    pozzetto_size: int = attrs.field(default=11, validator=_check_whole(1))
    """Cards in each pozzetto."""
    closing_bonus: int = attrs.field(default=100, validator=_check_whole(0))
    """Bonus for the team that closes."""
    pozzetto_penalty: int = attrs.field(default=100, validator=_check_whole(0))
    """Points lost by a team whose pozzetto was never taken (given as a positive number)."""
    seating_suit_order: tuple[Suit, ...] = attrs.field(
        default=(Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS), converter=_to_suits
    )
    """Suits from highest to lowest for breaking ties in the seating draw (rules §2)."""
    partnerships: Partnerships = attrs.field(default=Partnerships.FIXED, converter=Partnerships)
    """How teams form: fixed for the hand (rules §3), or the clubs' method for 3 and 5 players,
    where the first player to run out plays alone and the others pair up (rules §14)."""
    _pozzetto_sizes: tuple[int, ...] | None = attrs.field(
        default=None, alias="pozzetto_sizes", converter=_to_sizes
    )
    everyone_alone_at: int | None = attrs.field(default=None, validator=_check_switch_total)
    """With :attr:`Partnerships.FIRST_OUT_ALONE`, the running total at which a match switches
    to everyone alone: once a player's total reaches it at the end of a hand, every later hand
    is dealt with one pozzetto of :attr:`pozzetto_size` cards per player and fixed teams of
    one (rules §14.3; :data:`FIBUR3` 1000, :data:`FIBUR5` 1500). ``None``: never."""
    _semi_clean: bool | None = attrs.field(
        default=None, alias="semi_clean", repr=False, eq=False, hash=False
    )
    _clean_bonus: int | None = attrs.field(
        default=None, alias="clean_bonus", repr=False, eq=False, hash=False
    )
    _semi_clean_bonus: int | None = attrs.field(
        default=None, alias="semi_clean_bonus", repr=False, eq=False, hash=False
    )
    _dirty_bonus: int | None = attrs.field(
        default=None, alias="dirty_bonus", repr=False, eq=False, hash=False
    )

    @name.validator
    def _check_name(self, attribute: attrs.Attribute[str], value: str) -> None:
        if len(value) > MAX_NAME_LENGTH:
            raise ValueError(f"name must be at most {MAX_NAME_LENGTH} characters, not {len(value)}")
        if not value.isprintable():
            bad = next(char for char in value if not char.isprintable())
            raise ValueError(
                f"name must be printable characters on one line; U+{ord(bad):04X} is not one"
            )

    @players.validator
    def _check_players(self, attribute: attrs.Attribute[int], value: object) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"players must be a whole number, not {value!r}")
        if value not in PLAYER_COUNTS:
            raise ValueError(f"players must be 2, 3, 4, 5 or 6, not {value}")

    @_pozzetto_sizes.validator
    def _check_pozzetto_sizes(
        self, attribute: attrs.Attribute[tuple[int, ...] | None], value: tuple[int, ...] | None
    ) -> None:
        if value is None:
            return
        for size in value:
            if isinstance(size, bool) or not isinstance(size, int):
                raise TypeError(f"pozzetto_sizes must hold whole numbers, not {size!r}")
            if size < 1:
                raise ValueError(f"a pozzetto holds at least 1 card, not {size}")

    @set_ranks.validator
    def _check_set_ranks(
        self, attribute: attrs.Attribute[frozenset[Rank]], value: frozenset[Rank]
    ) -> None:
        for rank in value:
            if not isinstance(rank, Rank):
                raise TypeError(f"set_ranks must hold Rank values, not {rank!r}")
        if Rank.TWO in value:
            raise ValueError("set_ranks cannot include twos: a two is wild in a set")

    @seating_suit_order.validator
    def _check_seating(
        self, attribute: attrs.Attribute[tuple[Suit, ...]], value: tuple[Suit, ...]
    ) -> None:
        if sorted(value) != sorted(Suit):
            raise ValueError("seating_suit_order must name each of the four suits once")

    @burraco_classes.validator
    def _check_classes(
        self,
        attribute: attrs.Attribute[tuple[tuple[BurracoKind, int], ...]],
        value: tuple[tuple[BurracoKind, int], ...],
    ) -> None:
        kinds = [kind for kind, _ in value]
        for kind, bonus in value:
            if isinstance(bonus, bool) or not isinstance(bonus, int):
                raise TypeError(
                    f"the bonus of a {kind} burraco must be a whole number, not {bonus!r}"
                )
            if bonus < 0:
                raise ValueError(f"the bonus of a {kind} burraco must be at least 0, not {bonus}")
            if kinds.count(kind) > 1:
                raise ValueError(f"burraco_classes lists {kind} twice")
        for needed in (BurracoKind.CLEAN, BurracoKind.DIRTY):
            if needed not in kinds:
                raise ValueError(f"burraco_classes must list the {needed} burraco")

    def __attrs_post_init__(self) -> None:
        _fold_legacy_bonuses(self)
        if self.partnerships is Partnerships.FIRST_OUT_ALONE and self.players not in (3, 5):
            raise ValueError(
                f"partnerships 'first-out-alone' is for 3 or 5 players, not {self.players}"
            )
        count = self.teams if self.partnerships is Partnerships.FIXED else (self.players + 1) // 2
        sizes = self._pozzetto_sizes
        if sizes is not None and len(sizes) != count:
            raise ValueError(
                f"pozzetto_sizes must give {count} sizes (one per pozzetto with "
                f"{self.players} players and partnerships {self.partnerships.value!r}), "
                f"not {len(sizes)}"
            )
        if self.partnerships is Partnerships.FIRST_OUT_ALONE and self.pozzetti_as_reserve_stock:
            raise ValueError(
                "partnerships 'first-out-alone' needs every pozzetto kept for the players: "
                "turn pozzetti_as_reserve_stock off"
            )
        dealt = self.hand_size * self.players + sum(self.pozzetto_sizes) + 1
        if self.deck_size - dealt < 3:
            raise ValueError(
                f"the deal ({dealt} cards) leaves {self.deck_size - dealt} of the "
                f"{self.deck_size} cards for the stock; it needs at least 3"
            )

    @property
    def semi_clean(self) -> bool:
        """Whether the rules recognise semi-clean burracos (:attr:`BurracoKind.SEMI_CLEAN` is
        among :attr:`burraco_classes`; FIBUR, rules §5.5).

        Passing ``semi_clean=`` to :class:`Rules` or :func:`attrs.evolve` still works (it adds
        the class, with bonus 150, or removes it) but is deprecated: give
        ``burraco_classes``."""
        return self.bonus_of(BurracoKind.SEMI_CLEAN) is not None

    @property
    def clean_bonus(self) -> int:
        """The bonus of a clean burraco (from :attr:`burraco_classes`). Passing
        ``clean_bonus=`` still works but is deprecated: give ``burraco_classes``."""
        return self.bonus_of(BurracoKind.CLEAN) or 0

    @property
    def semi_clean_bonus(self) -> int:
        """The bonus of a semi-clean burraco: its class's in :attr:`burraco_classes`, or 150
        when the rules do not list the class (the bonus it takes when ``semi_clean=True`` adds
        it, as before the classes). Passing ``semi_clean_bonus=`` still works but is
        deprecated."""
        bonus = self.bonus_of(BurracoKind.SEMI_CLEAN)
        return _SEMI_CLEAN_BONUS if bonus is None else bonus

    @property
    def dirty_bonus(self) -> int:
        """The bonus of a dirty burraco (from :attr:`burraco_classes`). Passing
        ``dirty_bonus=`` still works but is deprecated: give ``burraco_classes``."""
        return self.bonus_of(BurracoKind.DIRTY) or 0

    def bonus_of(self, kind: BurracoKind) -> int | None:
        """The bonus of the class ``kind``, or ``None`` if the rules do not recognise it.

        >>> CLASSIC.bonus_of(BurracoKind.CLEAN), CLASSIC.bonus_of(BurracoKind.NOBILE)
        (200, None)
        """
        for listed, bonus in self.burraco_classes:
            if listed is kind:
                return bonus
        return None

    @property
    def teams(self) -> int:
        """Number of teams at the deal: ``players // 2`` with 4 or 6 players, else one per
        player (with :attr:`Partnerships.FIRST_OUT_ALONE` everyone starts alone; the teams of
        a hand in progress are :attr:`GameState.partners <burraco.GameState.partners>`)."""
        return self.players // 2 if self.players in (4, 6) else self.players

    @property
    def packs(self) -> int:
        """Number of packs: 3 with 5 or 6 players, else 2. A pack is 52 cards and 2 jokers, or
        the 52 cards alone without ``jokers``."""
        return 3 if self.players >= 5 else 2

    @property
    def pozzetto_sizes(self) -> tuple[int, ...]:
        """The size of each pozzetto, in the order they are taken: one of
        :attr:`pozzetto_size` per team unless given, such as ``(18, 11)`` for :data:`FIBUR3`
        (rules §14.1). With first-out-alone partnerships there is one pozzetto per team once
        the pairs form: 2 with 3 players, 3 with 5."""
        sizes = self._pozzetto_sizes
        if sizes is not None:
            return sizes
        if self.partnerships is Partnerships.FIXED:
            return (self.pozzetto_size,) * self.teams
        return (self.pozzetto_size,) * ((self.players + 1) // 2)

    @property
    def pozzetti(self) -> int:
        """Number of pozzetti dealt: one per team (once the pairs form, with first-out-alone
        partnerships)."""
        return len(self.pozzetto_sizes)

    @property
    def deck_size(self) -> int:
        """Cards in play: 108 with two packs, 162 with three (104 and 156 without jokers)."""
        return (54 if self.jokers else 52) * self.packs

    @property
    def stock_size(self) -> int:
        """Cards left in the stock after the deal (41 with 4 players)."""
        return self.deck_size - self.hand_size * self.players - sum(self.pozzetto_sizes) - 1


CLASSIC: Final = Rules()
"""The seed article's rules, the library's default."""

_FEDERATION_SUITS: Final = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)
_FIBUR_CLASSES: Final = (
    (BurracoKind.CLEAN, 200),
    (BurracoKind.SEMI_CLEAN, _SEMI_CLEAN_BONUS),
    (BurracoKind.DIRTY, 100),
)

FIBUR: Final = Rules(
    name="fibur",
    burraco_classes=_FIBUR_CLASSES,
    untaken_pozzetto_penalty=PenaltyWhen.UNLESS_NONE_TOOK,
    return_single_pile_card=False,
    seating_suit_order=_FEDERATION_SUITS,
)
"""The Italian federation's code (*Codice di Gara*, 2026 edition): semi-clean burracos score
150; no pozzetto penalty when no team took its pozzetto; a one-card discard pile taken may not
be discarded again in the same turn."""

INTERNATIONAL: Final = Rules(
    name="international",
    set_ranks=frozenset({Rank.ACE, Rank.THREE}),
    closing_needs_clean_burraco=True,
    pile_requires_meld=True,
    return_single_pile_card=False,
    seating_suit_order=_FEDERATION_SUITS,
)
"""The federation's international code: sets of aces and threes only, closing needs a clean
burraco, taking the discard pile obliges a meld that turn, a one-card pile taken may not be
discarded again in the same turn."""

FEBURIT: Final = Rules(
    name="feburit",
    burraco_classes=(
        (BurracoKind.OVER_THE_TOP, 300),
        (BurracoKind.SUPER_CLEAN, 250),
        *_FIBUR_CLASSES,
    ),
    return_single_pile_card=False,
    seating_suit_order=_FEDERATION_SUITS,
)
"""FE.BUR.IT's rules: as :data:`FIBUR`, with two more classes of burraco (a clean sequence
of 13 cards, 300; a clean set of 8 cards, 250) and the pozzetto penalty always
(rules §13.6)."""

REALE: Final = Rules(
    name="reale",
    set_ranks=frozenset(),
    jokers=False,
    ace_at_both_ends=True,
    closing_needs_clean_burraco=True,
    burraco_classes=((BurracoKind.REALE, 1000), (BurracoKind.NOBILE, 500), *_FIBUR_CLASSES),
    untaken_pozzetto_penalty=PenaltyWhen.UNLESS_NONE_TOOK,
    return_single_pile_card=False,
    seating_suit_order=_FEDERATION_SUITS,
)
"""Burraco Reale: 104 cards without jokers, the twos the only wilds; sequences only (no
sets), which may run A to K to A with a natural ace at each end; closing needs a clean
burraco; a clean A to K scores 500 (*nobile*) and a clean A to K to A 1000 (*reale*)
(rules §13.5). Otherwise as :data:`FIBUR`."""

FIBUR3: Final = attrs.evolve(
    FIBUR,
    name="fibur3",
    players=3,
    partnerships=Partnerships.FIRST_OUT_ALONE,
    pozzetto_sizes=(18, 11),
    everyone_alone_at=1000,
    target=1505,
)
"""FIBUR's method for three players, as the clubs play it (rules §14): everyone starts alone;
the first to run out takes the pozzetto of 18 cards and plays alone, the other two pair up,
join their melds and share the pozzetto of 11; each partner is credited half the pair's score.
A match switches to everyone alone at 1000 and ends at 1505 (free play: 1500 and 2005, with
:func:`attrs.evolve`)."""

FIBUR5: Final = attrs.evolve(
    FIBUR,
    name="fibur5",
    players=5,
    partnerships=Partnerships.FIRST_OUT_ALONE,
    pozzetto_sizes=(18, 11, 11),
    everyone_alone_at=1500,
    target=2005,
)
"""The clubs' method for five players (rules §14): three packs; the first to run out takes the
pozzetto of 18 cards and plays alone, the others pair up (counting clockwise from the lone
player, the 2nd with the 4th and the 3rd with the 5th), each pair with a pozzetto of 11. A
match switches to everyone alone at 1500 and ends at 2005."""

PRESETS: Final = {
    "classic": CLASSIC,
    "fibur": FIBUR,
    "international": INTERNATIONAL,
    "feburit": FEBURIT,
    "reale": REALE,
    "fibur3": FIBUR3,
    "fibur5": FIBUR5,
}
"""The presets by name, as the command line spells them."""


# --- which switches decide meld legality (internal) ----------------------------------------------

AFFECTS_MELDS: Final[dict[str, bool]] = {
    "name": False,
    "players": True,  # the number of packs: how many copies of a card a set may hold
    "set_ranks": True,
    "one_set_per_rank": False,  # a table rule: the engine reads it on every call
    "wild_as_second_ace": True,
    "natural_two_locked": True,
    "_semi_clean": False,  # deprecated spelling of burraco_classes: scoring only
    "closing_needs_clean_burraco": False,
    "closing_discard_may_be_wild": False,
    "pile_requires_meld": False,
    "stock_end": False,
    "pozzetti_as_reserve_stock": False,
    "untaken_pozzetto_penalty": False,
    "target": False,
    "hand_size": False,
    "pozzetto_size": False,
    "_clean_bonus": False,
    "_semi_clean_bonus": False,
    "_dirty_bonus": False,
    "closing_bonus": False,
    "pozzetto_penalty": False,
    "seating_suit_order": False,
    "return_single_pile_card": False,  # a discard rule (rules §13.1)
    "jokers": True,  # no jokers: a joker in a meld is refused (rules §13.5)
    "ace_at_both_ends": True,  # the 14-card sequences from ace to ace (rules §13.5)
    "burraco_classes": False,  # scoring: which burracos earn which bonus
    "partnerships": False,  # who plays with whom (rules §14)
    "_pozzetto_sizes": False,
    "everyone_alone_at": False,  # the match (rules §14.3)
}
"""Internal (not part of the API): for every field of :class:`Rules`, whether it decides which
cards make a legal meld or a legal addition to one (what :func:`~burraco.validate_meld` and
:func:`~burraco.extend_meld` answer).

The one list that the speed machinery reads: the memos of meld answers are kept per value of
these fields (:func:`meld_switches`), and the move generator refuses a rule set with such a field
it does not encode in its keys (``burraco._engine.movegen.ENCODED_SWITCHES``) rather than answer
from another rule set's memo; the brute-force oracle of the tests tries every value of each of these
switches. A field missing here counts as one that does (the safe guess), and a test fails until
it is classified: see "Adding a rule switch" in the maintainers' docs."""


def meld_switches(rules: Rules) -> tuple[tuple[str, object], ...]:
    """The fields of ``rules`` that decide meld legality, with their values, in field order
    (a field :data:`AFFECTS_MELDS` does not classify counts as one): two rule sets with the
    same switches accept exactly the same melds and additions.

    >>> meld_switches(CLASSIC) == meld_switches(FIBUR)
    True
    """
    return tuple(
        (field.name, getattr(rules, field.name))
        for field in attrs.fields(type(rules))
        if AFFECTS_MELDS.get(field.name, True)
    )


def unclassified_fields(cls: type[Rules] = Rules) -> list[str]:
    """The fields of ``cls`` that :data:`AFFECTS_MELDS` does not classify (none, for
    :class:`Rules`)."""
    return [field.name for field in attrs.fields(cls) if field.name not in AFFECTS_MELDS]
