"""The numpy-free core of :mod:`burraco.encoding` (private): the per-position work.

:mod:`burraco.encoding` needs numpy for the arrays it hands out, and a module the compiled
build compiles may not import numpy (the build does not install it). What runs at every step
of an environment lives here instead, in plain Python over byte buffers, integers
and tuples, so that mypyc can compile it: the grouping of a position's legal actions by their
first token, the spelling of an action in tokens, and the filling of an observation vector
(:class:`Filler`). :mod:`burraco.encoding` wraps the results in numpy arrays.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, Protocol

from burraco.actions import Action, AddToMeld, Discard, DrawStock, OpenMeld, TakeDiscardPile
from burraco.cards import Card
from burraco.melds import BurracoKind, Meld, MeldKind, burraco_kind
from burraco.rules import Rules
from burraco.state import GameState, Phase
from burraco.views import PlayerView, table_points

CARD_KINDS: Final = 53
"""Distinct cards: 52 suited cards and the joker, numbered by :attr:`~burraco.Card.code`."""

RANKS: Final = 13
"""Ranks a wild may stand for (``wild_as``)."""

MELD_FEATURES: Final = 74
"""Entries per meld slot: present, set, sequence, clean / semi-clean / dirty burraco (the
classes of clean burracos of rules §13.4 count as clean), wild is a joker, wild is a two
(8), ``wild_as`` rank one-hot (13), the cards as counts (53)."""

_BURRACO_INDEX: Final = {
    BurracoKind.CLEAN: 3,
    BurracoKind.SEMI_CLEAN: 4,
    BurracoKind.DIRTY: 5,
    # the federations' classes of clean burracos (rules §13.4) share the clean entry; their
    # bonuses show in the table points
    BurracoKind.REALE: 3,
    BurracoKind.NOBILE: 3,
    BurracoKind.OVER_THE_TOP: 3,
    BurracoKind.SUPER_CLEAN: 3,
}
_PHASE_INDEX: Final = {Phase.DRAW: 0, Phase.PLAY: 1, Phase.OVER: 2}

MEMO_LIMIT: Final = 4096
"""Entries of a filler's memos of piles, teams' melds and known cards after which they start
again."""

_MELD_ROWS_LIMIT: Final = 50_000
"""Meld rows a filler keeps before it starts again."""


# --- action tokens ------------------------------------------------------------------------------


def group_by_head(
    actions: Iterable[Action],
    discard_base: int,
    open_token: int,
    add_base: int,
    encode: Callable[[Action], tuple[int, ...]],
) -> dict[int, list[Action]]:
    """The actions by their first token, each group in the order given; ``encode`` spells
    an action this cannot place at once (and raises for one it cannot spell)."""
    by_head: dict[int, list[Action]] = {}
    for action in actions:
        kind = type(action)
        if kind is Discard:
            assert isinstance(action, Discard)
            head = discard_base + action.card.code
        elif kind is OpenMeld:
            head = open_token
        elif kind is AddToMeld:
            assert isinstance(action, AddToMeld)
            meld = action.meld
            head = add_base + meld if isinstance(meld, int) else encode(action)[0]
        elif kind is DrawStock:
            head = 0
        elif kind is TakeDiscardPile:
            head = 1
        else:
            head = encode(action)[0]
        group = by_head.get(head)
        if group is None:
            by_head[head] = [action]
        else:
            group.append(action)
    return by_head


def spell(
    action: Action, head: int, card_base: int, wild_base: int, commit: int
) -> tuple[int, ...]:
    """The tokens of ``action`` whose first token is ``head``: the head alone for a draw, a
    pick or a discard; for an open or an add, the head, the card tokens in ascending order of
    card code, the wild rank's token if one is named, and ``commit``."""
    if not isinstance(action, OpenMeld | AddToMeld):
        return (head,)
    cards, wild_as = action.cards, action.wild_as
    tokens = [head]
    tokens.extend(sorted([card_base + card.code for card in cards]))
    if wild_as is not None:
        tokens.append(wild_base + int(wild_as) - 1)
    tokens.append(commit)
    return tuple(tokens)


def following(spellings: Iterable[tuple[int, ...]], key: tuple[int, ...]) -> tuple[int, ...]:
    """The tokens, ascending, that follow ``key`` in some of ``spellings``."""
    depth = len(key)
    found: set[int] = set()
    for tokens in spellings:
        if len(tokens) > depth and tokens[:depth] == key:
            found.add(tokens[depth])
    return tuple(sorted(found))


def mask_bytes(size: int, tokens: Iterable[int]) -> bytes:
    """``size`` bytes, 1 at each of ``tokens`` and 0 elsewhere."""
    bits = bytearray(size)
    for token in tokens:
        bits[token] = 1
    return bytes(bits)


DISCARD_BASE: Final = 2
"""The first ``discard C`` token (see :class:`burraco.encoding.ActionSpace`)."""
OPEN_TOKEN: Final = 2 + CARD_KINDS
"""The ``open`` token."""


class Vocabulary(Protocol):
    """What a :class:`TokenTree` reads of its :class:`burraco.encoding.ActionSpace`."""

    add_base: int
    card_base: int
    wild_base: int
    commit: int
    size: int

    def encode(self, action: Action) -> tuple[int, ...]:
        """The tokens that spell ``action``."""


class TokenTree:
    """The prefix tree of one position's legal actions, over whole-number tokens (the core of
    :class:`burraco.encoding.ActionTree`, which checks the tokens it is given and hands out
    numpy masks). Branches are spelled out when first asked for, and the answers kept."""

    def __init__(self, actions: Iterable[Action], space: Vocabulary) -> None:
        discard_base, open_token, add_base = DISCARD_BASE, OPEN_TOKEN, space.add_base
        card_base, wild_base, commit, size = (
            space.card_base,
            space.wild_base,
            space.commit,
            space.size,
        )
        encode = space.encode
        self.by_head = group_by_head(actions, discard_base, open_token, add_base, encode)
        self.open_token = open_token
        self.card_base = card_base
        self.wild_base = wild_base
        self.commit = commit
        self.size = size
        self.children: dict[tuple[int, ...], tuple[int, ...]] = {(): tuple(sorted(self.by_head))}
        self.spelled: dict[int, dict[tuple[int, ...], Action]] = {}
        self.masks: dict[tuple[int, ...], bytes] = {}

    def group(self, head: int) -> dict[tuple[int, ...], Action]:
        """The spellings of the actions that start with ``head``, and their actions."""
        spelled = self.spelled.get(head)
        if spelled is None:
            card_base, wild_base, commit = self.card_base, self.wild_base, self.commit
            spelled = {
                spell(action, head, card_base, wild_base, commit): action
                for action in self.by_head.get(head, ())
            }
            self.spelled[head] = spelled
        return spelled

    def next_tokens(self, key: tuple[int, ...]) -> tuple[int, ...]:
        """The tokens, ascending, that continue ``key`` towards some legal action."""
        found = self.children.get(key)
        if found is None:
            found = following(self.group(key[0]), key)
            self.children[key] = found
        return found

    def mask(self, key: tuple[int, ...]) -> bytes:
        """:meth:`next_tokens` as ``size`` bytes (1 = allowed)."""
        found = self.masks.get(key)
        if found is None:
            found = self.masks[key] = mask_bytes(self.size, self.next_tokens(key))
        return found

    def action(self, head: int, spelling: tuple[object, ...]) -> Action | None:
        """The legal action spelled by ``spelling``, whose first token is ``head``."""
        if len(spelling) == 1 and 0 <= head < self.open_token:
            # draw, pick and discards are whole actions of one token: no spelling to look up
            group = self.by_head.get(head)
            return group[0] if group else None
        spelled: dict[Any, Action] = self.group(head)  # numpy integers find the same entries
        return spelled.get(spelling)

    def actions(self) -> list[Action]:
        """The actions, grouped by their first token."""
        return [action for group in self.by_head.values() for action in group]

    def count(self) -> int:
        """The number of actions."""
        return sum([len(group) for group in self.by_head.values()])


def advance(tree: TokenTree, partial: list[int], token: int) -> Action | None:
    """Spell ``token`` after the tokens ``partial`` of ``tree``'s position: append it to
    ``partial`` and return the legal action it completes (``None`` while incomplete).

    Raises:
        LookupError: if no legal action continues with ``token`` (``partial`` unchanged).
    """
    key = tuple(partial)
    if token not in tree.next_tokens(key):
        raise LookupError(token)
    partial.append(token)
    return tree.action(partial[0], (*key, token))


# --- observation vectors ------------------------------------------------------------------------


def meld_features(meld: Meld, rules: Rules) -> array[float]:
    """The :data:`MELD_FEATURES` entries of one meld's slot."""
    out = array("f", bytes(4 * MELD_FEATURES))
    out[0] = 1.0
    out[1 if meld.kind is MeldKind.SET else 2] = 1.0
    kind = burraco_kind(meld, rules)
    if kind is not None:
        out[_BURRACO_INDEX[kind]] = 1.0
    wild = meld.wild
    if wild is not None:
        out[6 if wild.is_joker else 7] = 1.0
    if meld.wild_as is not None:
        out[8 + int(meld.wild_as) - 1] = 1.0
    base = 8 + RANKS
    for card in meld.cards:
        out[base + card.code] += 1.0
    return out


class Filler:
    """Writes observation vectors of one layout into zeroed buffers of ``float32`` entries
    (written through a ``memoryview``).

    ``offsets`` maps each part's name to its first index (see
    :class:`burraco.encoding.ObservationEncoder`). What repeats from one position to the next
    (a team's melds, the discard pile, the cards known to be in a hand) is kept, by the
    identity of the immutable tuples that hold it, and copied in whole.
    """

    def __init__(
        self, players: int, teams: int, max_melds: int, size: int, offsets: dict[str, int]
    ) -> None:
        self.players = players
        self.teams = teams
        self.max_melds = max_melds
        self.bytes = 4 * size
        self.hand = offsets["hand"]
        self.hand_hidden = offsets["hand_hidden"]
        self.discard_pile = offsets["discard_pile"]
        self.discard_top = offsets["discard_top"]
        self.melds = offsets["melds"]
        self.known_cards = offsets["known_cards"]
        self.hand_sizes = offsets["hand_sizes"]
        self.stock_size = offsets["stock_size"]
        self.pozzetti_left = offsets["pozzetti_left"]
        self.pozzetto_taken = offsets["pozzetto_taken"]
        self.unseen_pozzetto = offsets["unseen_pozzetto"]
        self.dealer = offsets["dealer"]
        self.turn = offsets["turn"]
        self.phase = offsets["phase"]
        self.taken_from_pile = offsets["taken_from_pile"]
        self.melded_this_turn = offsets["melded_this_turn"]
        self.stalemate_turns = offsets["stalemate_turns"]
        self.table_points = offsets["table_points"]
        self.partial_action = offsets["partial_action"]
        self.seat_teams = offsets.get("seat_teams", -1)  # rules §14 only: teams change
        self.meld_rows: dict[tuple[Meld, Rules], array[float]] = {}
        self.teams_memo: dict[int, tuple[tuple[Meld, ...], Rules, array[float]]] = {}
        self.piles: dict[int, tuple[tuple[Card, ...], array[float]]] = {}
        self.counted: dict[int, tuple[tuple[Card, ...], array[float]]] = {}
        self.last_pile: tuple[tuple[Card, ...], array[float]] = (
            (),
            array("f", bytes(4 * CARD_KINDS)),
        )

    def state_vector(self, state: GameState, seat: int, tokens: Sequence[int]) -> bytearray:
        """The vector of ``observe(state, seat)`` with ``tokens`` chosen, read from the state
        (the ``float32`` entries' bytes, in the machine's byte order)."""
        vector = bytearray(self.bytes)
        out = memoryview(vector).cast("f")
        self.write_state(out, state, seat, tokens)
        out.release()
        return vector

    def write_state(
        self, out: memoryview[float], state: GameState, seat: int, tokens: Sequence[int]
    ) -> None:
        """Write :meth:`state_vector`'s entries into ``out``, a zeroed buffer of its size (an
        observer's array, filled in place)."""
        hands = state.hands
        unseen = state.unseen_pozzetto
        order = self.team_order(state.partners, seat)
        self.fill(
            out,
            seat,
            None if seat in unseen else hands[seat],
            tuple([len(hand) for hand in hands]),
            state.discard_pile,
            state.melds,
            state.known,
            state.rules,
            unseen,
            order,
        )
        self.fill_scalars(
            out,
            seat,
            order,
            state.partners,
            len(state.stock),
            len(state.pozzetti),
            state.pozzetto_taken,
            table_points(state.melds, state.rules),
            state.dealer,
            state.turn,
            state.phase,
            state.taken_from_pile,
            state.melded_this_turn,
            state.stalemate_turns,
        )
        self.fill_partial(out, tokens)

    def view_vector(self, view: PlayerView, tokens: Sequence[int]) -> bytearray:
        """The vector of ``view`` with ``tokens`` chosen."""
        vector = bytearray(self.bytes)
        out = memoryview(vector).cast("f")
        order = self.team_order(view.partners, view.seat)
        self.fill(
            out,
            view.seat,
            view.hand,
            view.hand_sizes,
            view.discard_pile,
            view.melds,
            view.known_cards,
            view.rules,
            view.unseen_pozzetto,
            order,
        )
        self.fill_scalars(
            out,
            view.seat,
            order,
            view.partners,
            view.stock_size,
            view.pozzetti_left,
            view.pozzetto_taken,
            view.table_points,
            view.dealer,
            view.turn,
            view.phase,
            view.taken_from_pile,
            view.melded_this_turn,
            view.stalemate_turns,
        )
        self.fill_partial(out, tokens)
        out.release()
        return vector

    def fill(
        self,
        out: memoryview[float],
        seat: int,
        hand: tuple[Card, ...] | None,
        hand_sizes: tuple[int, ...],
        pile: tuple[Card, ...],
        melds: tuple[tuple[Meld, ...], ...],
        known: tuple[tuple[Card, ...], ...],
        rules: Rules,
        unseen: frozenset[int] | tuple[int, ...],
        order: tuple[int, ...],
    ) -> None:
        """The cards: hand, pile, melds, known cards, hand sizes, unseen pozzetti. ``order``
        is the teams by slot (:meth:`team_order`)."""
        players = self.players
        if hand is None:
            out[self.hand_hidden] = 1.0
        else:
            base = self.hand
            for card in hand:
                out[base + card.code] += 1.0
        if pile:
            base = self.discard_pile
            out[base : base + CARD_KINDS] = self.pile_counts(pile)
            out[self.discard_top + pile[-1].code] = 1.0
        per_team = self.max_melds * MELD_FEATURES
        base = self.melds
        for slot, team in enumerate(order):
            own = melds[team]
            if own:
                block = self.team_block(own, rules)
                start = base + slot * per_team
                out[start : start + len(block)] = block
        base = self.known_cards
        sizes = self.hand_sizes
        flags = self.unseen_pozzetto
        for slot in range(players):
            other = (seat + slot) % players
            cards = known[other]
            if cards:
                start = base + slot * CARD_KINDS
                out[start : start + CARD_KINDS] = self.card_counts(cards)
            out[sizes + slot] = hand_sizes[other]
            if other in unseen:
                out[flags + slot] = 1.0

    def fill_scalars(
        self,
        out: memoryview[float],
        seat: int,
        order: tuple[int, ...],
        partners: tuple[tuple[int, ...], ...],
        stock_size: int,
        pozzetti_left: int,
        pozzetto_taken: tuple[bool, ...],
        points: tuple[int, ...],
        dealer: int,
        turn: int,
        phase: Phase,
        taken_from_pile: int,
        melded_this_turn: bool,
        stalemate_turns: int,
    ) -> None:
        """The numbers and flags of the table; ``order`` is the teams by slot and
        ``partners`` the current teams."""
        players = self.players
        out[self.stock_size] = stock_size
        out[self.pozzetti_left] = pozzetti_left
        taken, at_points = self.pozzetto_taken, self.table_points
        for slot, other in enumerate(order):
            if pozzetto_taken[other]:
                out[taken + slot] = 1.0
            out[at_points + slot] = points[other]
        if self.seat_teams >= 0:  # which team slot each seat slot is in (rules §14)
            teams = self.teams
            for slot, team in enumerate(order):
                for other in partners[team]:
                    out[self.seat_teams + ((other - seat) % players) * teams + slot] = 1.0
        out[self.dealer + (dealer - seat) % players] = 1.0
        out[self.turn + (turn - seat) % players] = 1.0
        out[self.phase + _PHASE_INDEX[phase]] = 1.0
        out[self.taken_from_pile] = taken_from_pile
        if melded_this_turn:
            out[self.melded_this_turn] = 1.0
        out[self.stalemate_turns] = stalemate_turns

    def team_order(self, partners: tuple[tuple[int, ...], ...], seat: int) -> tuple[int, ...]:
        """The teams by slot as ``seat`` sees them: its own first, then the others by how soon
        after it one of their seats plays. With fixed teams that is team ``(team + slot) %
        teams`` in slot ``slot``; once the pairs of rules §14 form there are fewer teams than
        slots, and the last slots stay empty."""
        players = self.players
        teams = len(partners)
        if players % teams == 0:  # fixed teams, or everyone alone: seat s is in team s % teams
            team = seat % teams
            return tuple([(team + slot) % teams for slot in range(teams)])
        return tuple(
            sorted(
                range(teams),
                key=lambda team: min((other - seat) % players for other in partners[team]),
            )
        )

    def fill_partial(self, out: memoryview[float], tokens: Sequence[int]) -> None:
        """The tokens of the action being spelled, as counts."""
        base = self.partial_action
        for token in tokens:
            out[base + token] += 1.0

    def card_counts(self, cards: tuple[Card, ...]) -> array[float]:
        """``cards`` as counts by code (a seat's known cards: they stay the same object for
        many turns)."""
        memo = self.counted
        found = memo.get(id(cards))
        if found is not None and found[0] is cards:
            return found[1]
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        counts = array("f", bytes(4 * CARD_KINDS))
        for card in cards:
            counts[card.code] += 1.0
        memo[id(cards)] = (cards, counts)
        return counts

    def pile_counts(self, pile: tuple[Card, ...]) -> array[float]:
        """The discard pile's cards as counts by code."""
        memo = self.piles
        found = memo.get(id(pile))
        if found is not None and found[0] is pile:
            return found[1]
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        last_pile, last_counts = self.last_pile
        if len(pile) == len(last_pile) + 1 and pile[:-1] == last_pile:
            # a discard on the pile counted last: one more card, not the whole pile again
            counts = array("f", last_counts)
            counts[pile[-1].code] += 1.0
        else:
            counts = array("f", bytes(4 * CARD_KINDS))
            for card in pile:
                counts[card.code] += 1.0
        memo[id(pile)] = (pile, counts)
        self.last_pile = (pile, counts)
        return counts

    def team_block(self, melds: tuple[Meld, ...], rules: Rules) -> array[float]:
        """One team's meld slots (as many rows as it has melds, at most ``max_melds``)."""
        memo = self.teams_memo
        found = memo.get(id(melds))
        if found is not None and found[0] is melds and found[1] is rules:
            return found[2]
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        rows = self.meld_rows
        if len(rows) > _MELD_ROWS_LIMIT:
            rows.clear()
        block = array("f")
        for meld in melds[: self.max_melds]:
            row = rows.get((meld, rules))
            if row is None:
                row = rows[meld, rules] = meld_features(meld, rules)
            block.extend(row)
        memo[id(melds)] = (melds, rules, block)
        return block
