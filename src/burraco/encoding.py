"""Encodings for reinforcement learning: action tokens, masks and observation tensors.

This module needs numpy (``pip install 'burraco[rl]'``); ``import burraco`` does not import it.

**Actions as tokens.** Opening a meld chooses a sub-multiset of the hand, so the legal actions
of one position range from 1 to several thousand: a flat id per possible meld does not fit. An
action is instead spelled as a short sequence of tokens from a fixed vocabulary
(:class:`ActionSpace`), one token per decision:

* ``draw``, ``pick`` and ``discard C`` (one token per card ``C``) are whole actions in one token;
* ``open`` and ``add K`` (one token per meld index ``K`` of the team) are followed by the cards,
  one card token each in ascending order of :attr:`~burraco.Card.code` (a card held twice is
  spelled twice), then an optional wild-rank token ``=R`` (the action's ``wild_as``), then
  ``commit``.

Every legal action has exactly one spelling and every spelling one action. An
:class:`ActionTree` holds the spellings of a position's legal actions as a prefix tree: the mask
after a prefix is the set of tokens that some legal action continues with, so a masked choice
always leads to a legal action. With two packs the vocabulary has 159 tokens (melds per team are
bounded by 108 / 3 = 36, since every meld holds at least three cards); with three packs (six
players) it has 177 (54 melds).

>>> from burraco import new_game, legal_actions, apply, DrawStock
>>> state = apply(new_game(seed=7), DrawStock())
>>> space = ActionSpace(state.rules)
>>> space.size, space.max_melds
(159, 36)
>>> tree = ActionTree(legal_actions(state), space)
>>> [space.token_name(token) for token in tree.next_tokens(())][:3]
['discard AS', 'discard 3S', 'discard 6H']
>>> [space.token_name(token) for token in tree.next_tokens((space.OPEN,))]
['AS', '9H', 'KH']
>>> print(tree.action(space.encode(legal_actions(state)[0])))
open AS 3S JK

**The flat alternative.** :func:`action_features` gives one feature vector per legal action,
for agents that score each action (``Q(s, a)``, as DouZero does) instead of spelling it.

**Observations.** :class:`ObservationEncoder` turns a :class:`~burraco.PlayerView` (and the
tokens chosen so far) into a flat ``float32`` vector. It reads only the view, so two states
that give a seat equal views give equal tensors. Seats and teams are relative: the first seat
slot is the viewer, the first team slot is the viewer's team. :attr:`ObservationEncoder.slices`
names every part (see the table in the reference), and :func:`describe` prints a tensor back
in words, for debugging.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterable, Sequence
from typing import Any, Final, SupportsIndex

try:
    import numpy as np
except ImportError as _error:  # pragma: no cover - exercised in a subprocess test
    raise ImportError(
        "burraco.encoding needs numpy: install it with pip install 'burraco[rl]'"
    ) from _error

import attrs

from burraco._bots.observation import (
    CARD_KINDS,
    DISCARD_BASE,
    MELD_FEATURES,
    OPEN_TOKEN,
    Filler,
    TokenTree,
)
from burraco.actions import Action, AddToMeld, Discard, DrawStock, OpenMeld, TakeDiscardPile
from burraco.cards import CARDS_BY_CODE, JOKER_CODE, Rank, make_deck
from burraco.engine import legal_actions
from burraco.errors import NotationError, Reason, excerpt
from burraco.melds import Meld
from burraco.rules import CLASSIC, PLAYER_COUNTS, PRESETS, Partnerships, Rules
from burraco.state import GameState
from burraco.views import PlayerView

__all__ = [
    "ActionSpace",
    "ActionTree",
    "ObservationEncoder",
    "Slice",
    "action_features",
    "action_mask",
    "as_token",
    "describe",
]

NDArray = Any
"""A numpy array (numpy's own generic alias is not needed by callers)."""

_RANKS: Final = tuple(Rank)
_FLOAT32: Final = np.dtype(np.float32)
_DRAW: Final = DrawStock()
_PICK: Final = TakeDiscardPile()


def _bad_tokens(tokens: Sequence[int], detail: str) -> NotationError:
    text = " ".join(str(token) for token in tokens)
    return NotationError(
        f"bad action tokens [{text}]: {detail}", token=text, reason=Reason.BAD_ACTION
    )


class ActionSpace:
    """The fixed token vocabulary for one rule set (it depends only on the number of packs).

    ===========================  ===============  ===========================================
    tokens                       name             meaning
    ===========================  ===============  ===========================================
    0                            ``draw``         :class:`~burraco.DrawStock`
    1                            ``pick``         :class:`~burraco.TakeDiscardPile`
    2 ... 54                     ``discard C``    :class:`~burraco.Discard` of card code
                                                  ``token - 2``
    55                           ``open``         start an :class:`~burraco.OpenMeld`
    56 ... 56 + M - 1            ``add K``        start an :class:`~burraco.AddToMeld` on
                                                  meld ``K``
    :attr:`card_base` + c        ``C``            one card of code ``c`` (0 ... 52)
    :attr:`wild_base` + r - 1    ``=R``           ``wild_as`` rank ``r`` (1 ... 13)
    :attr:`commit`               ``commit``       end an ``open`` or ``add``
    ===========================  ===============  ===========================================

    ``M`` (:attr:`max_melds`) is a third of the deck: 36 with two packs, 54 with three.
    """

    __slots__ = ("add_base", "card_base", "commit", "max_melds", "size", "wild_base")

    DRAW: Final = 0
    """The ``draw`` token."""
    PICK: Final = 1
    """The ``pick`` token."""
    DISCARD_BASE: Final = DISCARD_BASE
    """The first ``discard C`` token (for card code 0)."""
    OPEN: Final = OPEN_TOKEN
    """The ``open`` token."""

    def __init__(self, rules: Rules = CLASSIC) -> None:
        self.max_melds: int = rules.deck_size // 3
        """The bound on a team's melds: no team can lay more (each meld has three cards)."""
        self.add_base: int = self.OPEN + 1
        """The ``add 0`` token."""
        self.card_base: int = self.add_base + self.max_melds
        """The card token of card code 0."""
        self.wild_base: int = self.card_base + CARD_KINDS
        """The ``=A`` token (``wild_as`` ace); ``=K`` is ``wild_base + 12``."""
        self.commit: int = self.wild_base + len(_RANKS)
        """The ``commit`` token."""
        self.size: int = self.commit + 1
        """The number of tokens."""

    def __repr__(self) -> str:
        return f"ActionSpace(size={self.size}, max_melds={self.max_melds})"

    def encode(self, action: Action) -> tuple[int, ...]:
        """The tokens that spell ``action``, token for token as the action is written.

        The masks hold the actions as :func:`~burraco.legal_actions` lists them; another way
        of writing the same move (``wild_as`` naming the default placement) has another
        spelling, which no mask allows.

        Raises:
            ValueError: if an :class:`~burraco.AddToMeld` names its meld by value rather than
                by index, or by an index beyond :attr:`max_melds`.
        """
        match action:
            case DrawStock():
                return (self.DRAW,)
            case TakeDiscardPile():
                return (self.PICK,)
            case Discard(card=card):
                return (self.DISCARD_BASE + card.code,)
            case OpenMeld(cards=cards, wild_as=wild_as):
                head = self.OPEN
            case AddToMeld(meld=meld, cards=cards, wild_as=wild_as):
                if isinstance(meld, Meld) or not 0 <= meld < self.max_melds:
                    raise ValueError(
                        f"cannot encode '{action}': the meld must be an index from 0 to "
                        f"{self.max_melds - 1}"
                    )
                head = self.add_base + meld
            case _:
                raise TypeError(f"not an action: {action!r}")
        base = self.card_base
        tokens = [head, *[base + card.code for card in sorted(cards, key=_code)]]
        if wild_as is not None:
            tokens.append(self.wild_base + int(wild_as) - 1)
        tokens.append(self.commit)
        return tuple(tokens)

    def decode(self, tokens: Sequence[SupportsIndex]) -> Action:
        """The action that ``tokens`` spell.

        Raises:
            NotationError: if the tokens are not a complete canonical spelling, or a token is
                not a whole number (see :func:`as_token`) (reason ``bad-action``); the
                message says what was wrong.
        """
        return self._decode([as_token(token) for token in tokens])

    def _decode(self, tokens: list[int]) -> Action:
        if not tokens:
            raise _bad_tokens(tokens, "no tokens")
        head = tokens[0]
        if head in (self.DRAW, self.PICK) or self.DISCARD_BASE <= head < self.OPEN:
            if len(tokens) != 1:
                raise _bad_tokens(tokens, f"'{self.token_name(head)}' is a whole action")
            if head == self.DRAW:
                return _DRAW
            if head == self.PICK:
                return _PICK
            return Discard(CARDS_BY_CODE[head - self.DISCARD_BASE])
        if not self.OPEN <= head < self.card_base:
            raise _bad_tokens(tokens, "an action starts with draw, pick, discard, open or add")
        if tokens[-1] != self.commit:
            raise _bad_tokens(tokens, "an open or add ends with commit")
        body = tokens[1:-1]
        wild_as = None
        if body and self.wild_base <= body[-1] < self.commit:
            wild_as = _RANKS[body.pop() - self.wild_base]
        codes = [token - self.card_base for token in body]
        if not codes or not all(0 <= code < CARD_KINDS for code in codes):
            raise _bad_tokens(tokens, "open and add take one or more card tokens")
        if any(a > b for a, b in itertools.pairwise(codes)):
            raise _bad_tokens(tokens, "card tokens go in ascending order of card code")
        cards = tuple(CARDS_BY_CODE[code] for code in codes)
        if head == self.OPEN:
            return OpenMeld(cards, wild_as)
        return AddToMeld(head - self.add_base, cards, wild_as)

    def token_name(self, token: SupportsIndex) -> str:
        """A token in words: ``draw``, ``discard 9C``, ``add 3``, ``7H``, ``=4``, ``commit``.

        Raises:
            ValueError: if ``token`` is not from 0 to ``size - 1``.
            NotationError: if ``token`` is not a whole number (see :func:`as_token`).
        """
        token = as_token(token)
        if not 0 <= token < self.size:
            raise ValueError(f"token must be from 0 to {self.size - 1}, not {token}")
        if token == self.DRAW:
            return "draw"
        if token == self.PICK:
            return "pick"
        if token < self.OPEN:
            return f"discard {CARDS_BY_CODE[token - self.DISCARD_BASE]}"
        if token == self.OPEN:
            return "open"
        if token < self.card_base:
            return f"add {token - self.add_base}"
        if token < self.wild_base:
            return str(CARDS_BY_CODE[token - self.card_base])
        if token < self.commit:
            return f"={_RANKS[token - self.wild_base]}"
        return "commit"


def _code(card: Any) -> int:
    return int(card.code)


class ActionTree:
    """The spellings of a position's legal actions, as a prefix tree.

    ``ActionTree(legal_actions(state), space)``: :meth:`next_tokens` and :meth:`mask` give
    the tokens that continue a prefix towards some legal action, :meth:`action` the action a
    complete spelling stands for. Every prefix the masks allow can be completed, and every
    legal action is reached by exactly one path. Branches are spelled out when first asked
    for, so building a tree for thousands of actions costs little until an agent descends.
    """

    __slots__ = ("_core", "space")

    def __init__(self, actions: Iterable[Action], space: ActionSpace) -> None:
        self.space = space
        """The token vocabulary."""
        self._core = TokenTree(actions, space)

    def __len__(self) -> int:
        return self._core.count()

    def __reduce__(self) -> tuple[type[ActionTree], tuple[list[Action], ActionSpace]]:
        # rebuilt from its actions (the spellings are caches), in either build
        return ActionTree, (self._core.actions(), self.space)

    def next_tokens(self, prefix: Sequence[SupportsIndex] = ()) -> tuple[int, ...]:
        """The tokens, ascending, with which some legal action continues ``prefix``; empty
        when ``prefix`` is a complete action or no legal action starts with it.

        Raises:
            NotationError: if a token is not a whole number (see :func:`as_token`).
        """
        lookup: tuple[Any, ...] = tuple(prefix)  # numpy integers find the same entries
        found = self._core.children.get(lookup)
        if found is None:
            found = self._core.next_tokens(tuple([as_token(token) for token in prefix]))
        return found

    def mask(self, prefix: Sequence[SupportsIndex] = ()) -> NDArray:
        """:meth:`next_tokens` as an ``int8`` vector of length ``space.size`` (1 = allowed).

        Each call returns a new array (the caller may keep or change it)."""
        key: tuple[Any, ...] = tuple(prefix)
        found = self._core.masks.get(key)
        if found is None:
            found = self._core.mask(tuple([as_token(token) for token in prefix]))
        return np.frombuffer(bytearray(found), dtype=np.int8)

    def action(self, tokens: Sequence[SupportsIndex]) -> Action | None:
        """The legal action that ``tokens`` spell completely, or ``None``.

        Raises:
            NotationError: if the first token is not a whole number (see :func:`as_token`).
        """
        if not tokens:
            return None
        return self._core.action(as_token(tokens[0]), tuple(tokens))

    def spellings(self) -> dict[tuple[int, ...], Action]:
        """Every complete spelling and its action.

        Raises:
            ValueError: if two of the actions given have the same spelling (the same action
                listed twice).
        """
        core = self._core
        out: dict[tuple[int, ...], Action] = {}
        for head, actions in core.by_head.items():
            group = core.group(head)
            if len(group) != len(actions):
                raise ValueError("an action is listed twice")
            out.update(group)
        return out


def action_mask(
    state: Any, prefix: Sequence[int] = (), space: ActionSpace | None = None
) -> NDArray:
    """The mask of the tokens that continue ``prefix`` towards a legal action of ``state``.

    A convenience for one call; to follow a spelling token by token, build an
    :class:`ActionTree` once.
    """
    space = space or ActionSpace(state.rules)
    return ActionTree(legal_actions(state), space).mask(prefix)


# --- the flat alternative: a feature vector per action ------------------------------------------


def action_features(view: PlayerView, actions: Sequence[Action]) -> NDArray:
    """One ``float32`` feature row per action, for agents that score actions (``Q(s, a)``).

    Columns, for ``M`` = :attr:`ActionSpace.max_melds`: the action's kind one-hot (draw,
    pick, open, add, discard: 5); the cards it moves from the hand, as counts by card code
    (53; the card of a discard); the target meld one-hot (``M``; zero unless an add); the
    ``wild_as`` rank one-hot (13); and the cards of the target meld before the add, as counts
    (53). Pair each row with :meth:`ObservationEncoder.encode` of the view for a state-action
    input.
    """
    space = ActionSpace(view.rules)
    melds = view.melds[view.team]
    width = 5 + CARD_KINDS + space.max_melds + len(_RANKS) + CARD_KINDS
    out = np.zeros((len(actions), width), dtype=np.float32)
    cards_at = 5
    meld_at = cards_at + CARD_KINDS
    wild_at = meld_at + space.max_melds
    target_at = wild_at + len(_RANKS)
    for row, action in enumerate(actions):
        line = out[row]
        match action:
            case DrawStock():
                line[0] = 1
            case TakeDiscardPile():
                line[1] = 1
            case OpenMeld(cards=cards, wild_as=wild_as):
                line[2] = 1
                for card in cards:
                    line[cards_at + card.code] += 1
                if wild_as is not None:
                    line[wild_at + int(wild_as) - 1] = 1
            case AddToMeld(meld=meld, cards=cards, wild_as=wild_as):
                line[3] = 1
                for card in cards:
                    line[cards_at + card.code] += 1
                if wild_as is not None:
                    line[wild_at + int(wild_as) - 1] = 1
                index = meld if isinstance(meld, int) else melds.index(meld)
                line[meld_at + index] = 1
                for card in melds[index].cards:
                    line[target_at + card.code] += 1
            case Discard(card=card):
                line[4] = 1
                line[cards_at + card.code] = 1
    return out


# --- observations -------------------------------------------------------------------------------


@attrs.frozen
class Slice:
    """One named part of an observation vector."""

    name: str
    """What the part holds (see the table in the reference)."""
    offset: int
    """Its first index in the vector."""
    length: int
    """How many entries it has."""
    high: float
    """The largest value an entry can take (all entries are at least 0)."""

    @property
    def stop(self) -> int:
        """One past its last index."""
        return self.offset + self.length


class ObservationEncoder:
    """Turns a :class:`~burraco.PlayerView` into a flat ``float32`` vector of fixed size.

    The layout depends only on the number of players and packs of ``rules`` and on their
    partnerships; :attr:`slices` lists its parts in order. Seat slots are relative to the viewer
    (slot 0 is the viewer, slot 1 the seat after it, ...) and team slots to the viewer's team
    (slot 0 is its own, then the others by how soon after the viewer one of their seats plays).
    With the partnerships of rules §14 (:data:`~burraco.FIBUR3`, :data:`~burraco.FIBUR5`) the
    team slots are one per player, as at the deal; once the pairs form the last slots stay
    empty, and one more part, ``seat_teams``, tells for each seat slot its team slot.
    Card counts are by :attr:`~burraco.Card.code`.

    The vector is written into a zeroed buffer entry by entry from what the view holds (a few
    dozen entries in a usual position); what repeats from one position to the next (a team's
    melds, the discard pile) is kept, by the identity of the immutable tuples that hold it, and
    copied in whole.
    """

    __slots__ = (
        "_at",
        "_filler",
        "_hand_high",
        "_rules",
        "players",
        "size",
        "slices",
        "space",
        "teams",
    )

    def __init__(self, rules: Rules = CLASSIC) -> None:
        self._rules = rules
        self.space = ActionSpace(rules)
        """The action tokens (the partial action is counted over them)."""
        self.players: int = rules.players
        """Seats in the layout."""
        self.teams: int = rules.teams
        """Teams in the layout."""
        players, teams, melds = rules.players, rules.teams, self.space.max_melds
        deck = float(rules.deck_size)
        copies = float(2 * rules.packs)
        parts = [
            ("hand", CARD_KINDS, copies),
            ("hand_hidden", 1, 1.0),
            ("discard_pile", CARD_KINDS, copies),
            ("discard_top", CARD_KINDS, 1.0),
            ("melds", teams * melds * MELD_FEATURES, copies),
            ("known_cards", players * CARD_KINDS, copies),
            ("hand_sizes", players, deck),
            ("stock_size", 1, deck),
            ("pozzetti_left", 1, float(rules.pozzetti)),
            ("pozzetto_taken", teams, 1.0),
            ("unseen_pozzetto", players, 1.0),
            ("dealer", players, 1.0),
            ("turn", players, 1.0),
            ("phase", 3, 1.0),
            ("taken_from_pile", 1, deck),
            ("melded_this_turn", 1, 1.0),
            ("stalemate_turns", 1, float(players)),
            ("table_points", teams, float(_mosttable_points(rules))),
            ("partial_action", self.space.size, copies),
        ]
        if rules.partnerships is not Partnerships.FIXED:
            # rules §14: the teams change during the hand; for each seat slot, its team slot
            parts.insert(-1, ("seat_teams", players * teams, 1.0))
        slices = []
        offset = 0
        for name, length, high in parts:
            slices.append(Slice(name, offset, length, high))
            offset += length
        self.slices: tuple[Slice, ...] = tuple(slices)
        """The parts of the vector, in order."""
        self.size: int = offset
        """The length of the vector."""
        self._at = {part.name: part.offset for part in slices}
        self._hand_high = tuple(
            float(2 * rules.packs if code == JOKER_CODE else rules.packs)
            for code in range(CARD_KINDS)
        )
        self._filler = Filler(players, teams, melds, offset, self._at)

    def __repr__(self) -> str:
        return f"ObservationEncoder(players={self.players}, size={self.size})"

    def __getstate__(self) -> Rules:
        # the memos are rebuilt on demand: a pickle holds the rules only
        return self._rules

    def __setstate__(self, rules: Rules) -> None:
        ObservationEncoder.__init__(self, rules)

    def slice(self, name: str) -> Slice:
        """The part called ``name``.

        Raises:
            KeyError: if there is no such part.
        """
        for part in self.slices:
            if part.name == name:
                return part
        raise KeyError(f"no observation part {name!r}; the parts are " + _names(self.slices))

    def high(self) -> NDArray:
        """The largest value of each entry, as a ``float32`` vector (for a ``Box`` space).

        Each entry has its own bound: 1 for a yes/no flag and a one-hot entry, the copies the
        packs hold of a card for a card count (twice as many for the joker), the deck's size
        for a size, and the most points a team could have on the table.
        """
        out = np.empty(self.size, dtype=np.float32)
        for part in self.slices:
            out[part.offset : part.stop] = part.high
        cards = np.asarray(self._hand_high, dtype=np.float32)
        at = self._at
        for name in ("hand", "discard_pile"):
            out[at[name] : at[name] + CARD_KINDS] = cards
        known = self.slice("known_cards")
        out[known.offset : known.stop] = np.tile(cards, self.players)
        row = np.ones(MELD_FEATURES, dtype=np.float32)
        row[8 + len(_RANKS) :] = cards
        melds = self.slice("melds")
        out[melds.offset : melds.stop] = np.tile(row, melds.length // MELD_FEATURES)
        partial = at["partial_action"]
        space = self.space
        out[partial : partial + space.size] = 1
        out[partial + space.card_base : partial + space.card_base + CARD_KINDS] = cards
        return out

    def encode(self, view: PlayerView, partial: Sequence[SupportsIndex] = ()) -> NDArray:
        """The vector for ``view`` with the tokens ``partial`` chosen so far this action.

        It reads nothing but ``view`` and ``partial``.

        Raises:
            ValueError: if the view's number of players does not fit this layout.
            NotationError: if a token of ``partial`` is not a whole number from 0 to
                ``space.size - 1`` (reason ``bad-action``).
        """
        if len(view.hand_sizes) != self.players:
            raise ValueError(
                f"this encoder is for {self.players} players, the view has {len(view.hand_sizes)}"
            )
        tokens = self._tokens(partial)
        return np.frombuffer(self._filler.view_vector(view, tokens), dtype=np.float32)

    def _encode_state(
        self, state: GameState, seat: int, partial: Sequence[SupportsIndex]
    ) -> NDArray:
        """``encode(observe(state, seat), partial)``, read from the state without building
        the view (the environments' path; the tests hold the two equal)."""
        tokens = self._tokens(partial) if partial else []
        return np.frombuffer(self._filler.state_vector(state, seat, tokens), dtype=_FLOAT32)

    def _encode_state_into(
        self,
        out: memoryview[float],
        state: GameState,
        seat: int,
        partial: Sequence[SupportsIndex],
    ) -> None:
        """:meth:`_encode_state` written into ``out``, a zeroed ``float32`` buffer of
        :attr:`size` entries (an observer's array, filled in place)."""
        self._filler.write_state(out, state, seat, self._tokens(partial))

    def _tokens(self, partial: Sequence[SupportsIndex]) -> list[int]:
        if not partial:
            return []
        size = self.space.size
        tokens = [as_token(token) for token in partial]
        for token in tokens:
            if not 0 <= token < size:
                raise _bad_tokens(tokens, f"a token is from 0 to {size - 1}, not {token}")
        return tokens


def as_token(value: object) -> int:
    """``value`` as a token number: an ``int`` or a numpy integer (of any size, or a 0-d
    integer array), never a ``bool``, a float, a string or ``None``.

    >>> as_token(np.int64(3))
    3
    >>> as_token(2.9)
    Traceback (most recent call last):
    ...
    burraco.errors.NotationError: bad action token '2.9': a token is a whole number (an int or
    a numpy integer), not a float

    Raises:
        NotationError: if ``value`` is not a whole number (reason ``bad-action``).
    """
    if type(value) is int:
        return value
    if not isinstance(value, (bool, np.bool_)):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    text = excerpt(repr(value), 40)
    raise NotationError(
        f"bad action token {text}: a token is a whole number (an int or a numpy integer), "
        f"not a {type(value).__name__}",
        token=text,
        reason=Reason.BAD_ACTION,
    )


def _mosttable_points(rules: Rules) -> int:
    """The most points a team could have on the table: every card of the deck melded, and a
    burraco bonus for every seven of them."""
    bonus = max(bonus for _, bonus in rules.burraco_classes)
    deck = make_deck(rules.packs, jokers=rules.jokers)
    return sum(card.points for card in deck) + (len(deck) // 7) * bonus


def _names(slices: Iterable[Slice]) -> str:
    return ", ".join(part.name for part in slices)


def _layout_for(size: int) -> ObservationEncoder:
    layouts = [attrs.evolve(CLASSIC, players=players) for players in PLAYER_COUNTS]
    layouts += [rules for rules in PRESETS.values() if rules.partnerships is not Partnerships.FIXED]
    for rules in layouts:
        encoder = ObservationEncoder(rules)
        if encoder.size == size:
            return encoder
    raise ValueError(f"no observation layout has {size} entries")


def describe(obs: NDArray, rules: Rules | None = None) -> str:
    """An observation vector in words, one line per non-zero part, for debugging.

    ``rules`` gives the layout; without it, the layout is found from the vector's length (the
    number of players fixes it).

    >>> from burraco import new_game, observe
    >>> view = observe(new_game(seed=7), 1)
    >>> print(describe(ObservationEncoder().encode(view)))
    hand: AS 3S 9H KH 5D 10D KD 4C 9C JK JK
    discard_pile: QC
    discard_top: QC
    hand_sizes: 11 11 11 11
    stock_size: 41
    pozzetti_left: 2
    dealer: 3
    turn: 0
    phase: draw

    Raises:
        ValueError: if the vector's length fits no layout (or not ``rules``'s).
    """
    values = np.asarray(obs, dtype=np.float32).reshape(-1)
    encoder = _layout_for(values.size) if rules is None else ObservationEncoder(rules)
    if values.size != encoder.size:
        raise ValueError(f"the vector has {values.size} entries, the layout {encoder.size}")
    lines = []
    for part in encoder.slices:
        chunk = values[part.offset : part.stop]
        if not chunk.any():
            continue
        lines.append(f"{part.name}: {_describe_part(part.name, chunk, encoder)}")
    return "\n".join(lines)


def _cards_text(counts: NDArray) -> str:
    names = []
    for code in np.flatnonzero(counts):
        names.extend([str(CARDS_BY_CODE[int(code)])] * int(counts[code]))
    return " ".join(names)


def _describe_part(name: str, chunk: NDArray, encoder: ObservationEncoder) -> str:
    if name in ("hand", "discard_pile", "discard_top"):
        return _cards_text(chunk)
    if name == "known_cards":
        rows = chunk.reshape(encoder.players, CARD_KINDS)
        return "; ".join(
            f"seat +{slot}: {_cards_text(row)}" for slot, row in enumerate(rows) if row.any()
        )
    if name == "melds":
        rows = chunk.reshape(encoder.teams, encoder.space.max_melds, MELD_FEATURES)
        teams = []
        for slot, team_rows in enumerate(rows):
            melds = [
                f"[{index}] {_cards_text(row[8 + len(_RANKS) :])}"
                + (f" ={_RANKS[int(np.argmax(row[8:21]))]}" if row[8:21].any() else "")
                for index, row in enumerate(team_rows)
                if row[0]
            ]
            if melds:
                teams.append(f"team +{slot}: " + ", ".join(melds))
        return "; ".join(teams)
    if name in ("dealer", "turn"):
        return str(int(np.argmax(chunk)))
    if name == "phase":
        return ("draw", "play", "over")[int(np.argmax(chunk))]
    if name == "partial_action":
        space = encoder.space
        tokens = [int(t) for t in np.flatnonzero(chunk) for _ in range(int(chunk[t]))]
        return " ".join(space.token_name(token) for token in _spelling_order(tokens, space))
    return " ".join(f"{value:g}" for value in chunk)


def _spelling_order(tokens: list[int], space: ActionSpace) -> list[int]:
    """Tokens in spelling order: the target first, then cards, the wild rank, commit."""
    return sorted(tokens, key=lambda token: (token >= space.card_base, token))
