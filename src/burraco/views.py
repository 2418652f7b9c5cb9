"""What one seat may see: :func:`observe` and :class:`PlayerView`.

A game server sends each player a view, and a bot decides from one. A view holds no hidden
card: not the other hands (only their sizes), not the stock's order or contents (only its
size), not the pozzetti, and not the seat's own hand while it is a pozzetto taken on the
discard that the seat may not look at yet. Two states that differ only in cards hidden from a
seat give that seat equal views.

>>> from burraco.engine import new_game
>>> view = observe(new_game(seed=3), 2)
>>> view.seat, len(view.hand or ()), view.hand_sizes, view.stock_size
(2, 11, (11, 11, 11, 11), 41)
>>> print(view)
classic, 4 players, dealer seat 0: seat 1 to draw (seen by seat 2)
stock 41, pozzetti left 2, discard pile (1, top last): ...
team 0 (seats 0, 2), pozzetto not taken, 0 on the table
team 1 (seats 1, 3), pozzetto not taken, 0 on the table
 seat 0 (11)
*seat 1 (11)
 seat 2 (11), you: ...
 seat 3 (11)

A view also says which cards of each hand every player knows: those taken with the discard
pile and not melded or discarded since (:attr:`PlayerView.known_cards`). :func:`determinize`
goes the other way: it deals the hidden cards out again at random, giving a full
:class:`~burraco.GameState` that shows the seat exactly the same view, for search bots that
sample the positions a player cannot tell apart.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Final

import attrs

from burraco._engine.counts import check_known_count, draws_shown
from burraco._engine.points import table_points
from burraco.cards import CARDS_BY_CODE, CODE_KEY, Card, format_cards, make_deck
from burraco.engine import legal_actions
from burraco.errors import InvalidStateError, Reason, invalid_state
from burraco.melds import Meld, burraco_kind
from burraco.rules import Rules
from burraco.state import GameState, Outcome, Phase, fixed_partners

__all__ = ["PlayerView", "arrange", "determinize", "observe", "table_points"]

_DECK_COUNTS: Final = {
    (packs, jokers): tuple(
        Counter(card.code for card in make_deck(packs, jokers=jokers))[code] for code in range(53)
    )
    for packs in (2, 3)
    for jokers in (True, False)
}
"""How many copies of each card (by code) the packs hold, for 2 and 3 packs, with and without
jokers."""


@attrs.frozen
class PlayerView:
    """Everything one seat may know about a hand, and nothing more."""

    seat: int
    """The seat this view belongs to."""
    rules: Rules
    """The rules of the hand."""
    dealer: int
    """The seat that dealt."""
    turn: int
    """The seat to act."""
    phase: Phase
    """The phase of the turn of the seat to act."""
    hand: tuple[Card, ...] | None
    """The seat's own cards, sorted; ``None`` while they are a pozzetto taken on the discard
    that the seat may not look at yet."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    known_cards: tuple[tuple[Card, ...], ...]
    """For each seat, sorted, the cards every player knows it holds: taken with the discard pile
    (which lies face up) and not melded or discarded since. Part of the seat's hand; see
    :attr:`unknown_counts` for the rest."""
    melds: tuple[tuple[Meld, ...], ...]
    """Every team's melds (public: they lie face up)."""
    discard_pile: tuple[Card, ...]
    """The discard pile, top last (public: it is spread on the table)."""
    stock_size: int
    """How many cards are left in the stock."""
    pozzetti_left: int
    """How many pozzetti are still untaken."""
    pozzetto_taken: tuple[bool, ...]
    """For each team, whether it has taken its pozzetto."""
    unseen_pozzetto: tuple[int, ...]
    """Seats holding a pozzetto taken on the discard that they may not look at yet."""
    taken_from_pile: int
    """Cards the seat to act took from the discard pile this turn."""
    melded_this_turn: bool
    """Whether the seat to act has melded this turn."""
    stalemate_turns: int
    """Consecutive turns of one-card pile swaps (see :attr:`GameState.stalemate_turns`)."""
    outcome: Outcome | None
    """How the hand ended, or ``None`` while it goes on."""
    table_points: tuple[int, ...]
    """Each team's points on the table so far: its melded cards and burraco bonuses (the
    cards in hand are hidden, so the hand's score is not)."""
    pile_card: Card | None = None
    """For the seat to act only, the card it took as a discard pile of one card this turn and
    may not discard again this turn (see :attr:`GameState.pile_card`); ``None`` otherwise
    (whether the rule binds another seat depends on the cards it held)."""
    time_out_turns: int = 0
    """The turns left after time was called, the turn in progress included; 0 when time has
    not been called (see :attr:`GameState.time_out_turns`)."""
    partners: tuple[tuple[int, ...], ...] = ()
    """The current teams (public: everyone sees who ran out first), as
    :attr:`GameState.partners`; left out, the teams of the deal. A partner's hand is as hidden
    as an opponent's."""

    def __attrs_post_init__(self) -> None:
        if not self.partners:
            object.__setattr__(
                self, "partners", fixed_partners(len(self.hand_sizes), len(self.melds))
            )

    @property
    def team(self) -> int:
        """The seat's current team (its index in :attr:`partners` and :attr:`melds`)."""
        return self.team_of(self.seat)

    def team_of(self, seat: int) -> int:
        """The current team of ``seat``."""
        for team, seats in enumerate(self.partners):
            if seat in seats:
                return team
        raise ValueError(f"seat {seat} is in no team of {self.partners}")

    @property
    def unknown_counts(self) -> tuple[int, ...]:
        """For each seat, how many of its cards are not in :attr:`known_cards` (for this seat
        itself, the cards only it knows, or its whole unseen pozzetto)."""
        return tuple(
            size - len(known) for size, known in zip(self.hand_sizes, self.known_cards, strict=True)
        )

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat is to act (and the hand is not over)."""
        return self.turn == self.seat and self.outcome is None

    def _repr_svg_(self) -> str:
        """The view as an SVG picture (:func:`burraco.svg.view`), for Jupyter."""
        from burraco import svg

        return svg.view(self)

    def __str__(self) -> str:
        """The table as this seat sees it, laid out like ``str(state)``: the other hands are
        only their sizes (and the cards of them that everyone knows, taken with the discard
        pile), and the seat's own hand is marked ``you``."""
        outcome = self.outcome
        if outcome is None:
            status = f"seat {self.turn} to {self.phase}"
            if self.time_out_turns:
                status += f", time called ({self.time_out_turns} turns left)"
        elif outcome.closer is not None:
            status = f"over: closed by seat {outcome.closer}"
        else:
            status = f"over: {outcome.reason}"
        players = len(self.hand_sizes)
        pile = format_cards(self.discard_pile) or "-"
        lines = [
            f"{self.rules.name}, {players} players, dealer seat {self.dealer}: {status} "
            f"(seen by seat {self.seat})",
            f"stock {self.stock_size}, pozzetti left {self.pozzetti_left}, discard pile "
            f"({len(self.discard_pile)}, top last): {pile}",
        ]
        for team, melds in enumerate(self.melds):
            seats = ", ".join(str(seat) for seat in self.partners[team])
            taken = "pozzetto taken" if self.pozzetto_taken[team] else "pozzetto not taken"
            lines.append(
                f"team {team} (seat{'s' if ',' in seats else ''} {seats}), {taken}, "
                f"{self.table_points[team]} on the table"
            )
            for index, meld in enumerate(melds):
                kind = burraco_kind(meld, self.rules)
                mark = f"   burraco {kind}" if kind is not None else ""
                lines.append(f"  [{index}] {meld}{mark}")
        for seat, size in enumerate(self.hand_sizes):
            marker = "*" if seat == self.turn and outcome is None else " "
            line = f"{marker}seat {seat} ({size})"
            if seat in self.unseen_pozzetto:
                line += " (pozzetto, not looked at)"
            if seat == self.seat:
                line += ", you"
                if self.hand is not None:
                    line += f": {format_cards(self.hand)}"
            elif self.known_cards[seat]:
                line += f", known: {format_cards(self.known_cards[seat])}"
            lines.append(line)
        return "\n".join(lines)


def observe(state: GameState, seat: int) -> PlayerView:
    """The view of ``state`` that ``seat`` may see.

    Raises:
        ValueError: if ``seat`` is not a seat of the hand.
    """
    players = len(state.hands)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"seat must be from 0 to {players - 1}, not {seat!r}")
    rules = state.rules
    return PlayerView(
        seat=seat,
        rules=rules,
        dealer=state.dealer,
        turn=state.turn,
        phase=state.phase,
        hand=None if seat in state.unseen_pozzetto else state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        known_cards=state.known,
        melds=state.melds,
        discard_pile=state.discard_pile,
        stock_size=len(state.stock),
        pozzetti_left=len(state.pozzetti),
        pozzetto_taken=state.pozzetto_taken,
        unseen_pozzetto=state.unseen_pozzetto,
        taken_from_pile=state.taken_from_pile,
        melded_this_turn=state.melded_this_turn,
        stalemate_turns=state.stalemate_turns,
        outcome=state.outcome,
        table_points=table_points(state.melds, rules),
        pile_card=state.pile_card if seat == state.turn else None,
        time_out_turns=state.time_out_turns,
        partners=state.partners,
    )


# --- determinization ----------------------------------------------------------------------------

_MAX_TRIES: Final = 1000
"""Samples :func:`determinize` draws before deciding that no arrangement fits the view."""


def determinize(view: PlayerView, rng: random.Random) -> GameState:
    """A full state that gives exactly ``view`` to its seat, its hidden cards dealt at random.

    The cards the seat cannot see (the other hands but for their known cards, the stock, the
    pozzetti, and its own hand while it is an unseen pozzetto) are shuffled with ``rng`` and
    dealt back to those places, each keeping its size: known cards stay with their holders and
    everything public stays as it is. Every arrangement of the physical cards that the view
    allows is equally likely, as after a fair shuffle; arrangements in which the player to act
    would have no legal action (rules §7.2) are excluded, since no hand reaches them.
    ``observe(determinize(view, rng), view.seat) == view`` always holds, and a seeded
    ``random.Random`` gives the same state every time.

    >>> import random
    >>> from burraco.engine import new_game
    >>> view = observe(new_game(seed=3), 0)
    >>> sample = determinize(view, random.Random(1))
    >>> observe(sample, 0) == view, sample.hands[0] == view.hand
    (True, True)

    A view built in code rather than loaded (loading runs :func:`burraco.checks.check_view`)
    is checked before sampling for what would let the samples reveal cards: its known cards
    must fit in their holders' hands and number no more than the cards that the view's counts
    allow to have been taken with the discard pile (none in a hand just dealt), since every
    sample puts them in those hands.

    Raises:
        InvalidStateError: if no state gives this view: the view holds more copies of a card
            than the packs, more known cards than a seat holds or than can have been taken
            with the pile, or its sizes do not add up to the cards left unseen
            (``cards-not-conserved``, ``out-of-range``, ``inconsistent-state``). A view from
            :func:`observe` never raises.
    """
    cached = _last_hidden
    if cached[0] is view:  # a search samples the same view thousands of times
        pool, places = cached[1], cached[2]
    else:
        pool, places = _hidden(view)
        _remember(view, pool, places)
    check = _needs_move_check(view)
    for _ in range(_MAX_TRIES):
        state = _deal_hidden(view, pool, places, rng)
        if not check or legal_actions(state):
            return state
    raise InvalidStateError(
        f"inconsistent-state: in no arrangement of the hidden cards that was tried could seat "
        f"{view.turn} act ({_MAX_TRIES} tried)",
        reason=Reason.INCONSISTENT_STATE,
        path=f"hand_sizes[{view.turn}]",
    )


_last_hidden: tuple[PlayerView | None, list[Card], tuple[int, ...]] = (None, [], ())
"""The view :func:`determinize` sampled last, its hidden cards and their places."""


def _remember(view: PlayerView, pool: list[Card], places: tuple[int, ...]) -> None:
    global _last_hidden
    _last_hidden = (view, pool, places)


def _hidden(view: PlayerView) -> tuple[list[Card], tuple[int, ...]]:
    """The cards the seat cannot see, and how many go to each hidden place: each seat's
    unknown cards, then the stock, then each pozzetto."""
    rules = view.rules
    players = rules.players
    seat = view.seat
    if len(view.hand_sizes) != players or len(view.known_cards) != players:
        raise invalid_state(
            Reason.OUT_OF_RANGE,
            "hand_sizes",
            f"expected a size and known cards per seat ({players})",
        )
    if not 0 <= seat < players:
        raise invalid_state(Reason.OUT_OF_RANGE, "seat", f"expected a seat from 0 to {players - 1}")
    counts = list(_DECK_COUNTS[rules.packs, rules.jokers])
    public: list[Card] = [card for melds in view.melds for meld in melds for card in meld.cards]
    check_known_count(
        players,
        draws_shown(rules, view.stock_size, view.pozzetti_left, sum(view.pozzetto_taken)),
        len(public),
        len(view.discard_pile),
        view.stalemate_turns,
        view.known_cards,
        "known_cards",
    )
    public += view.discard_pile
    places = []
    for other, (size, known) in enumerate(zip(view.hand_sizes, view.known_cards, strict=True)):
        if other == seat and view.hand is not None:
            if len(view.hand) != size or Counter(known) - Counter(view.hand):
                raise invalid_state(
                    Reason.INCONSISTENT_STATE,
                    "hand",
                    "the seat's hand must have its size and hold its known cards",
                )
            public += view.hand
            places.append(0)
            continue
        if not len(known) <= size:
            raise invalid_state(
                Reason.INCONSISTENT_STATE,
                f"known_cards[{other}]",
                f"seat {other} holds {size} cards, fewer than the {len(known)} known",
            )
        public += known
        places.append(size - len(known))
    for card in public:
        counts[card.code] -= 1
    for code, count in enumerate(counts):
        if count < 0:
            raise invalid_state(
                Reason.CARDS_NOT_CONSERVED,
                "",
                f"{CARDS_BY_CODE[code]} is seen {-count} time(s) more than the {rules.packs} "
                "packs hold",
            )
    places.append(view.stock_size)
    left = view.pozzetti_left
    sizes = rules.pozzetto_sizes
    places += sizes[len(sizes) - left :] if left <= len(sizes) else [rules.pozzetto_size] * left
    pool = [CARDS_BY_CODE[code] for code, count in enumerate(counts) for _ in range(count)]
    if sum(places) != len(pool):
        raise invalid_state(
            Reason.CARDS_NOT_CONSERVED,
            "stock_size",
            f"{len(pool)} cards are unseen, but the hidden hands, the stock and the pozzetti "
            f"hold {sum(places)}",
        )
    return pool, tuple(places)


def _needs_move_check(view: PlayerView) -> bool:
    """Whether the hidden cards could leave the player to act without a legal action."""
    if view.phase is not Phase.PLAY:
        return False
    turn = view.turn
    if not 0 <= turn < len(view.hand_sizes):
        return False
    if turn == view.seat and view.hand is not None:
        return False
    if view.hand_sizes[turn] == len(view.known_cards[turn]):
        return False
    pending = view.rules.pile_requires_meld and view.taken_from_pile and not view.melded_this_turn
    return view.hand_sizes[turn] < 2 or bool(pending)


def arrange(view: PlayerView, rng: random.Random | None = None) -> GameState:
    """A state that gives ``view``: the cards hidden from its seat dealt at random with
    ``rng``, or in card order (by code) without one, each seat's unknown cards first, then the
    stock, then each pozzetto.

    Unlike :func:`determinize` it takes the first arrangement, even one that leaves the player
    to act without a legal action, so that what else is wrong with a view can be found
    (:func:`burraco.checks.check_view` uses it).

    Raises:
        InvalidStateError: as :func:`determinize`, if the view's cards do not fit the packs or
            its sizes do not add up.
    """
    pool, places = _hidden(view)
    return _deal_hidden(view, pool, places, rng)


def _deal_hidden(
    view: PlayerView, pool: list[Card], places: tuple[int, ...], rng: random.Random | None
) -> GameState:
    cards = pool[:]
    if rng is not None:
        draw = rng.random
        for top in range(len(cards) - 1, 0, -1):  # Fisher-Yates, as random.shuffle but quicker
            other = int(draw() * (top + 1))
            cards[top], cards[other] = cards[other], cards[top]
    players = len(view.hand_sizes)
    hands = []
    start = 0
    for seat in range(players):
        count = places[seat]
        if count == 0 and seat == view.seat and view.hand is not None:
            hands.append(view.hand)
            continue
        end = start + count
        hands.append(tuple(sorted(view.known_cards[seat] + tuple(cards[start:end]), key=CODE_KEY)))
        start = end
    end = start + places[players]
    stock = tuple(cards[start:end])
    pozzetti = []
    for count in places[players + 1 :]:
        start, end = end, end + count
        pozzetti.append(tuple(cards[start:end]))
    pile_card = view.pile_card
    if pile_card is None and view.turn != view.seat and one_card_pick_pending(view):
        pile_card = pile_card_held(view.known_cards[view.turn], hands[view.turn])
    return GameState(
        view.rules,
        view.dealer,
        view.turn,
        view.phase,
        tuple(hands),
        view.melds,
        stock,
        view.discard_pile,
        tuple(pozzetti),
        view.pozzetto_taken,
        view.outcome,
        view.taken_from_pile,
        view.melded_this_turn,
        view.stalemate_turns,
        view.unseen_pozzetto,
        view.known_cards,
        pile_card,
        view.time_out_turns,
        view.partners,
    )


def one_card_pick_pending(view: PlayerView) -> bool:
    """Internal (for the samplers). Whether the player to act took a one-card pile this turn
    that it may not discard again (rules §13.1) and has melded nothing since: then its
    :attr:`~GameState.pile_card` is hidden from the other seats, and a sample must choose one
    that agrees with the hand it deals."""
    return (
        not view.rules.return_single_pile_card
        and view.phase is Phase.PLAY
        and view.taken_from_pile == 1
        and not view.melded_this_turn
        and view.outcome is None
    )


def pile_card_held(known: tuple[Card, ...], hand: tuple[Card, ...]) -> Card | None:
    """Internal (for the samplers). The ``pile_card`` that a dealt ``hand`` implies: ``None``
    when it holds two copies of a card it is known to hold (the other copy was held before the
    pick), otherwise a known card (the one taken; the view does not say which, so the first
    known card stands for it)."""
    if any(hand.count(card) > 1 for card in known):
        return None
    return known[0] if known else None
