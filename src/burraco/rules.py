"""Rule sets: every variant switch of the game as one frozen value.

A :class:`Rules` value is passed to every function that depends on the rules. Three presets are
provided: :data:`CLASSIC` (the default, the rules of the seed articles), :data:`FIBUR` (the
Italian federation's code) and :data:`INTERNATIONAL` (the federation's international code).
Change a switch with :func:`attrs.evolve`:

>>> import attrs
>>> two_players = attrs.evolve(CLASSIC, players=2)
>>> two_players.teams, two_players.packs, two_players.pozzetti, two_players.stock_size
(2, 2, 2, 63)
>>> attrs.evolve(CLASSIC, players=5)
Traceback (most recent call last):
...
ValueError: players must be 2, 3, 4 or 6, not 5
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Final

import attrs

from burraco.cards import Rank, Suit

__all__ = [
    "CLASSIC",
    "FIBUR",
    "INTERNATIONAL",
    "MAX_NAME_LENGTH",
    "PRESETS",
    "PenaltyWhen",
    "Rules",
    "StockEnd",
]


class StockEnd(StrEnum):
    """When a hand ends once a draw leaves only two cards in the stock (RULES.md §8)."""

    AFTER_TURN = "after-turn"
    """The player who made that draw finishes the turn (melds, may close, discards); then the
    hand ends. The usual reading."""
    IMMEDIATELY = "immediately"
    """The hand ends at once, right after that draw (the seed article's literal reading)."""


class PenaltyWhen(StrEnum):
    """When a team that never took its pozzetto pays the pozzetto penalty (RULES.md §9)."""

    ALWAYS = "always"
    """Whenever the hand ends with the team's pozzetto untaken, also when nobody closed."""
    IF_OPPONENTS_CLOSED = "if-opponents-closed"
    """Only when another team closed the hand."""


_PLAYER_COUNTS: Final = (2, 3, 4, 6)
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


def _to_ranks(value: Any) -> frozenset[Rank]:
    return frozenset(value)


def _to_suits(value: Any) -> tuple[Suit, ...]:
    return tuple(Suit(suit) for suit in value)


_flag = attrs.field(validator=_check_bool)


@attrs.frozen(kw_only=True)
class Rules:
    """One rule set: every switch of RULES.md §11, the player count, sizes and point values.

    All arguments are keyword-only and default to the :data:`CLASSIC` rules. Impossible settings
    (5 players, a target of 0, sets of twos, a deal larger than the deck) raise
    :class:`ValueError`; values of the wrong type raise :class:`TypeError`.
    """

    name: str = attrs.field(default="classic", validator=attrs.validators.instance_of(str))
    """A label for the rule set, shown in tables and saved games: at most
    :data:`MAX_NAME_LENGTH` printable characters (no line breaks, control characters or lone
    surrogates, so that it prints on one line and encodes as UTF-8)."""
    players: int = attrs.field(default=4)
    """2, 3, 4 or 6 players. With 4 or 6, partners sit opposite in teams of two; with 2 or 3,
    each player is a team (RULES.md §3)."""
    set_ranks: frozenset[Rank] = attrs.field(default=_NATURAL_SET_RANKS, converter=_to_ranks)
    """The ranks a set may have: A and 3 to K; the international code allows only A and 3."""
    one_set_per_rank: bool = attrs.field(default=True, validator=_check_bool)
    """A team may not hold two sets of the same rank (RULES.md §4)."""
    wild_as_second_ace: bool = attrs.field(default=True, validator=_check_bool)
    """A wild may stand for the second ace of a 14-card sequence A to A (RULES.md §5.3)."""
    natural_two_locked: bool = attrs.field(default=False, validator=_check_bool)
    """A natural two in a sequence stays natural: it may not later become the wild when cards
    are added (RULES.md §5.4)."""
    semi_clean: bool = attrs.field(default=False, validator=_check_bool)
    """Dirty burracos with 7 natural cards in a row on one side of the wild (or a set with 7
    naturals) are semi-clean and earn ``semi_clean_bonus`` (FIBUR, RULES.md §5.5)."""
    closing_needs_clean_burraco: bool = attrs.field(default=False, validator=_check_bool)
    """Closing needs a clean burraco, not just any burraco (international code, RULES.md §7.1).
    A semi-clean burraco is not clean."""
    closing_discard_may_be_wild: bool = attrs.field(default=False, validator=_check_bool)
    """The closing discard may be a wild card (RULES.md §7.1)."""
    pile_requires_meld: bool = attrs.field(default=False, validator=_check_bool)
    """Taking the discard pile obliges the player to open or add to a meld in the same turn
    (international code, RULES.md §4). Taking the pile is then legal only if such a meld is
    possible afterwards."""
    stock_end: StockEnd = attrs.field(default=StockEnd.AFTER_TURN, converter=StockEnd)
    """When the hand ends once a draw leaves two cards in the stock (RULES.md §8)."""
    pozzetti_as_reserve_stock: bool = attrs.field(default=False, validator=_check_bool)
    """German variant: when a draw leaves the stock at its two dead cards and a pozzetto is still
    untaken, the next pozzetto becomes the stock and play goes on (RULES.md §6)."""
    untaken_pozzetto_penalty: PenaltyWhen = attrs.field(
        default=PenaltyWhen.ALWAYS, converter=PenaltyWhen
    )
    """When the penalty for a pozzetto never taken applies (RULES.md §9)."""
    target: int = attrs.field(default=2000, validator=_check_whole(1))
    """The running total that wins a match, inclusive (RULES.md §10)."""
    hand_size: int = attrs.field(default=11, validator=_check_whole(1))
    """Cards dealt to each player."""
    pozzetto_size: int = attrs.field(default=11, validator=_check_whole(1))
    """Cards in each pozzetto."""
    clean_bonus: int = attrs.field(default=200, validator=_check_whole(0))
    """Bonus for each clean burraco."""
    semi_clean_bonus: int = attrs.field(default=150, validator=_check_whole(0))
    """Bonus for each semi-clean burraco, when ``semi_clean`` is on."""
    dirty_bonus: int = attrs.field(default=100, validator=_check_whole(0))
    """Bonus for each dirty burraco."""
    closing_bonus: int = attrs.field(default=100, validator=_check_whole(0))
    """Bonus for the team that closes."""
    pozzetto_penalty: int = attrs.field(default=100, validator=_check_whole(0))
    """Points lost by a team whose pozzetto was never taken (given as a positive number)."""
    seating_suit_order: tuple[Suit, ...] = attrs.field(
        default=(Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS), converter=_to_suits
    )
    """Suits from highest to lowest for breaking ties in the seating draw (RULES.md §2)."""

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
        if value not in _PLAYER_COUNTS:
            raise ValueError(f"players must be 2, 3, 4 or 6, not {value}")

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

    def __attrs_post_init__(self) -> None:
        dealt = self.hand_size * self.players + self.pozzetto_size * self.pozzetti + 1
        if self.deck_size - dealt < 3:
            raise ValueError(
                f"the deal ({dealt} cards) leaves {self.deck_size - dealt} of the "
                f"{self.deck_size} cards for the stock; it needs at least 3"
            )

    @property
    def teams(self) -> int:
        """Number of teams: ``players // 2`` with 4 or 6 players, else one per player."""
        return self.players // 2 if self.players in (4, 6) else self.players

    @property
    def packs(self) -> int:
        """Number of 54-card packs (52 cards and 2 jokers): 3 with 6 players, else 2."""
        return 3 if self.players == 6 else 2

    @property
    def pozzetti(self) -> int:
        """Number of pozzetti dealt: one per team."""
        return self.teams

    @property
    def deck_size(self) -> int:
        """Cards in play: 108 with two packs, 162 with three."""
        return 54 * self.packs

    @property
    def stock_size(self) -> int:
        """Cards left in the stock after the deal (41 with 4 players)."""
        return (
            self.deck_size - self.hand_size * self.players - self.pozzetto_size * self.pozzetti - 1
        )


CLASSIC: Final = Rules()
"""The seed article's rules, the library's default."""

FIBUR: Final = Rules(
    name="fibur",
    semi_clean=True,
    seating_suit_order=(Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES),
)
"""The Italian federation's code (*Codice di Gara*): semi-clean burracos score 150."""

INTERNATIONAL: Final = Rules(
    name="international",
    set_ranks=frozenset({Rank.ACE, Rank.THREE}),
    closing_needs_clean_burraco=True,
    pile_requires_meld=True,
    seating_suit_order=(Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES),
)
"""The federation's international code: sets of aces and threes only, closing needs a clean
burraco, taking the discard pile obliges a meld that turn."""

PRESETS: Final = {"classic": CLASSIC, "fibur": FIBUR, "international": INTERNATIONAL}
"""The presets by name, as the command line spells them."""


# --- which switches decide meld legality (internal) ----------------------------------------------

AFFECTS_MELDS: Final[dict[str, bool]] = {
    "name": False,
    "players": True,  # the number of packs: how many copies of a card a set may hold
    "set_ranks": True,
    "one_set_per_rank": False,  # a table rule: the engine reads it on every call
    "wild_as_second_ace": True,
    "natural_two_locked": True,
    "semi_clean": False,  # scoring: which burracos earn which bonus
    "closing_needs_clean_burraco": False,
    "closing_discard_may_be_wild": False,
    "pile_requires_meld": False,
    "stock_end": False,
    "pozzetti_as_reserve_stock": False,
    "untaken_pozzetto_penalty": False,
    "target": False,
    "hand_size": False,
    "pozzetto_size": False,
    "clean_bonus": False,
    "semi_clean_bonus": False,
    "dirty_bonus": False,
    "closing_bonus": False,
    "pozzetto_penalty": False,
    "seating_suit_order": False,
}
"""Internal (not part of the API): for every field of :class:`Rules`, whether it decides which
cards make a legal meld or a legal addition to one (what :func:`~burraco.validate_meld` and
:func:`~burraco.extend_meld` answer).

The one list that the speed machinery reads: the memos of meld answers are kept per value of
these fields (:func:`meld_switches`), and the move generator refuses a rule set with such a field
it does not encode in its keys (``burraco._movegen.ENCODED_SWITCHES``) rather than answer from
another rule set's memo; the brute-force oracle of the tests tries every value of each of these
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
