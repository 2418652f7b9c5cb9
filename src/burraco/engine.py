"""The reducer: deal a hand, apply actions, list the legal ones.

:func:`new_game` deals a :class:`~burraco.GameState`; :func:`apply` returns the state after an
action or raises :class:`~burraco.IllegalActionError`, leaving the given state as it was (it is
immutable); :func:`legal_actions` lists every legal action. Pozzetto pick-ups, closing and the
ends of the hand happen inside :func:`apply`: there are no actions for them.

>>> state = new_game(seed=7)
>>> state.phase, state.turn, len(state.hands[1]), len(state.stock)
(<Phase.DRAW: 'draw'>, 1, 11, 41)
>>> [str(action) for action in legal_actions(state)]
['draw', 'pick']
>>> state = apply(state, DrawStock())
>>> state.phase, len(state.hands[1]), len(state.stock)
(<Phase.PLAY: 'play'>, 12, 40)
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Iterable
from typing import Any, Final

from burraco._engine import aces as _aces
from burraco._engine import movegen as _movegen
from burraco._engine.build import equal, python_class
from burraco._engine.meldcodec import laid_meld, remember_laid_meld
from burraco.actions import (
    ACTION_TYPES,
    Action,
    AddToMeld,
    Discard,
    DrawStock,
    OpenMeld,
    TakeDiscardPile,
)
from burraco.cards import CARDS_BY_CODE, CODE_KEY, Card, format_cards, make_deck, parse_cards
from burraco.closing import (
    CLOSING_DETAIL,
    end_after_discard,
    end_after_draw,
    keeping_problem,
    last_card_problem,
    returns_pile_card,
    stalemate_turns_after_discard,
)
from burraco.errors import IllegalActionError, InvalidMeldError, InvalidStateError, Reason, excerpt
from burraco.melds import Meld, MeldKind, extend_meld, validate_meld
from burraco.pozzetto import (
    can_take_pozzetto,
    form_pairs,
    forms_pairs,
    pozzetto_after_discard,
    pozzetto_after_meld,
    reserve_stock,
    unseen_after_discard,
)
from burraco.rules import CLASSIC, Rules
from burraco.state import (
    GameState,
    MeldFacts,
    Phase,
    build_state,
    known_after_pick,
    known_after_play,
    meld_facts,
    new_state,
    replace_at,
    team_to_act,
)

__all__ = [
    "LegalActions",
    "apply",
    "call_time_out",
    "canonical_action",
    "check_action",
    "is_legal",
    "legal_actions",
    "new_game",
    "resulting_meld",
]

_DRAW_PHASE: Final = Phase.DRAW
_PLAY_PHASE: Final = Phase.PLAY
_OVER_PHASE: Final = Phase.OVER
"""The phases as constants: compiled, a ``Final`` name is a C variable, where ``Phase.DRAW``
is a class attribute lookup through the enum's metaclass."""
_SET_KIND: Final = MeldKind.SET
_DRAW: Final = DrawStock()
_PICK: Final = TakeDiscardPile()
_DISCARDS: Final = tuple(Discard(card) for card in CARDS_BY_CODE)
_DISCARD_CLASS: Final = Discard
"""The action classes as constants, for :func:`apply`'s dispatch: compiled, a ``Final`` name is
a C variable, where ``Discard`` is a lookup in the module's namespace and ``isinstance`` a
walk of the class's bases."""
_DRAW_CLASS: Final = DrawStock
_PICK_CLASS: Final = TakeDiscardPile
_ADD_CLASS: Final = AddToMeld
_OPEN_CLASS: Final = OpenMeld
_ACTION_CLASSES: Final = frozenset(ACTION_TYPES)
"""The action classes themselves (not their subclasses): one hash lookup tells them apart."""


# --- dealing ------------------------------------------------------------------------------------


def new_game(
    rules: Rules = CLASSIC,
    *,
    seed: int | str | bytes | None = None,
    dealer: int = 0,
    deck: Iterable[Card | str] | str | None = None,
) -> GameState:
    """Deal a new hand.

    ``seed`` makes the shuffle reproducible: the cards lie as
    ``random.Random(seed).shuffle(make_deck(rules.packs, jokers=rules.jokers))`` leaves them.
    ``deck`` instead gives the whole card order, top first, to replay a real deal. From the
    order (index ``i`` from 0): the first ``11 × players`` cards are dealt one at a time, card
    ``i`` to seat ``(dealer + 1 + i) % players``; the next ``11 × pozzetti`` cards go one at a
    time, card ``j`` of them to pozzetto ``j % pozzetti`` (pozzetto 0 is taken first); the next
    card starts the discard pile; the rest is the stock, its first card on top. The seat at the
    dealer's left plays first. With pozzetti of unequal sizes (``rules.pozzetto_sizes``, rules
    §14.1) the pozzetti are dealt one after the other instead: the next ``pozzetto_sizes[0]``
    cards are pozzetto 0, the next ``pozzetto_sizes[1]`` pozzetto 1, and so on.

    >>> state = new_game(seed=1, dealer=3)
    >>> state.turn, [len(hand) for hand in state.hands], len(state.pozzetti)
    (0, [11, 11, 11, 11], 2)

    Raises:
        ValueError: if ``dealer`` is not a seat, or ``deck`` is not exactly the cards of the
            packs in play (an :class:`~burraco.InvalidStateError` naming what is missing or
            extra).
        NotationError: if ``deck`` holds a token that is not a card.
    """
    players = rules.players
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise ValueError(f"dealer must be a seat from 0 to {players - 1}, not {dealer!r}")
    full = make_deck(rules.packs, jokers=rules.jokers)
    if deck is None:
        cards = full
        _shuffle(cards, random.Random(seed))
    else:
        cards = list(parse_cards(deck))
        _check_deck(cards, full)
    size = rules.hand_size
    dealt = size * players
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i, card in enumerate(cards[:dealt]):
        hands[(dealer + 1 + i) % players].append(card)
    sizes = rules.pozzetto_sizes
    pozzetti_count = len(sizes)
    end = dealt + sum(sizes)
    pozzetti: list[list[Card]] = [[] for _ in range(pozzetti_count)]
    if len(set(sizes)) == 1:  # one card at a time to each in turn
        for j, card in enumerate(cards[dealt:end]):
            pozzetti[j % pozzetti_count].append(card)
    else:  # unequal sizes (rules §14.1): one pozzetto after the other, the first taken first
        start = dealt
        for index, size in enumerate(sizes):
            pozzetti[index] = cards[start : start + size]
            start += size
    return new_state(
        rules=rules,
        dealer=dealer,
        turn=(dealer + 1) % players,
        phase=Phase.DRAW,
        hands=tuple(tuple(sorted(hand, key=CODE_KEY)) for hand in hands),
        melds=((),) * rules.teams,
        stock=tuple(cards[end + 1 :]),
        discard_pile=(cards[end],),
        pozzetti=tuple(tuple(pozzetto) for pozzetto in pozzetti),
        pozzetto_taken=(False,) * rules.teams,
        facts=(_movegen.NO_MELDS,) * rules.teams,
    )


def _shuffle(cards: list[Card], rng: random.Random) -> None:
    """``rng.shuffle(cards)``, step for step, so that a seed deals what it always dealt: the
    standard library's loop (CPython 3.11 to 3.13), which runs in the interpreter with a call
    per card, where this one is compiled with the engine."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        # rng._randbelow(i + 1): as many random bits as i + 1 has, until below i + 1
        k = (i + 1).bit_length()
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _check_deck(cards: list[Card], full: list[Card]) -> None:
    have = Counter(cards)
    need = Counter(full)
    if have == need:
        return
    missing = format_cards(sorted((need - have).elements(), key=CODE_KEY))
    extra = format_cards(sorted((have - need).elements(), key=CODE_KEY))
    parts = [
        f"{word} {excerpt(cards, 120, quoted=False)}"
        for word, cards in (("missing", missing), ("extra", extra))
        if cards
    ]
    raise InvalidStateError(
        f"the deck must hold exactly the {len(full)} cards of the packs: {'; '.join(parts)}",
        reason=Reason.CARDS_NOT_CONSERVED,
        path="deck",
    )


# --- applying actions ---------------------------------------------------------------------------


def apply(state: GameState, action: Action) -> GameState:
    """The state after the player to act does ``action``.

    Raises:
        IllegalActionError: if the action is not legal here; its ``reason`` says why and its
            message names the action in notation. ``state`` is unchanged (it is immutable).
    """
    phase = state.phase
    kind: type = type(action)
    if phase is _OVER_PHASE or kind not in _ACTION_CLASSES:
        kind = _action_class(state, action)
    # Compiled, each test compares two pointers (see _DISCARD_CLASS). The most frequent first:
    # a discard ends every turn. The class is known from here on: ``known`` passes the action
    # on as the class it is with no call (of cast, which pure Python pays on every action;
    # compiled, each handler checks the type it is given either way).
    known: Any = action
    if kind is _DISCARD_CLASS:
        return _discard(state, known, phase)
    if kind is _DRAW_CLASS:
        return _draw(state, known, phase)
    if kind is _PICK_CLASS:
        return _take_pile(state, known, phase)
    if kind is _ADD_CLASS:
        return _add(state, known, phase)
    return _open(state, known, phase)


def _action_class(state: GameState, action: object) -> type:
    """The action class that ``action`` is an instance of (it may be of a subclass), for a
    state whose hand is not over; otherwise the :class:`~burraco.IllegalActionError`
    :func:`apply` raises."""
    if not isinstance(action, ACTION_TYPES):
        raise IllegalActionError(
            action, state.turn, Reason.NOT_AN_ACTION, "expected one of " + _ACTION_NAMES
        )
    if state.phase is _OVER_PHASE:
        raise IllegalActionError(action, state.turn, Reason.GAME_OVER, _over_detail(state))
    return next(kind for kind in ACTION_TYPES if isinstance(action, kind))


def check_action(state: GameState, action: Action) -> None:
    """Raise :class:`~burraco.IllegalActionError` if ``action`` is not legal in ``state``.

    The same check as :func:`apply`, which it calls, for callers that want the error and not
    the next state; :func:`is_legal` answers the same question with a ``bool``.
    """
    apply(state, action)


def canonical_action(state: GameState, action: Action) -> Action:
    """The spelling of ``action`` that :func:`legal_actions` lists for ``state``.

    Several spellings can make the same move: an :class:`~burraco.OpenMeld` or
    :class:`~burraco.AddToMeld` that names the default placement of the wild
    (``wild_as=Rank.SEVEN`` for ``5H 6H JK``) is listed with ``wild_as=None``, and an
    :class:`~burraco.AddToMeld` naming the :class:`~burraco.Meld` itself is listed with its
    index among the team's melds. Cards are sorted by the action classes already. Every
    spelling reaches the same state through :func:`apply`; use this to compare an action
    written by hand with the list, or to store one spelling per move.

    >>> state = apply(new_game(seed=7), DrawStock())
    >>> action = legal_actions(state)[0]
    >>> canonical_action(state, action) == action
    True

    Raises:
        IllegalActionError: if ``action`` is not legal in ``state`` (as :func:`apply` would).
    """
    apply(state, action)
    match action:
        case OpenMeld(cards=cards, wild_as=wild_as) if wild_as is not None:
            rules = state.rules
            if equal(validate_meld(cards, rules), validate_meld(cards, rules, wild_as=wild_as)):
                return OpenMeld.from_sorted(cards, None)
            return action
        case AddToMeld(meld=target, cards=cards, wild_as=wild_as):
            team = team_to_act(state)
            index = _resolve_meld(state, action, team)
            if wild_as is not None:
                meld = state.melds[team][index]
                rules = state.rules
                named = extend_meld(meld, cards, rules, wild_as=wild_as)
                if equal(extend_meld(meld, cards, rules), named):
                    wild_as = None
            if index is target and wild_as is action.wild_as:
                return action
            return AddToMeld.from_sorted(index, cards, wild_as)
        case _:
            return action


def is_legal(state: GameState, action: Action) -> bool:
    """Whether ``action`` is legal in ``state``: the same answer as :func:`apply` and
    :func:`legal_actions` give."""
    try:
        apply(state, action)
    except IllegalActionError:
        return False
    return True


_ACTION_NAMES: Final = "DrawStock, TakeDiscardPile, OpenMeld, AddToMeld or Discard"


def resulting_meld(state: GameState, action: Action) -> Meld | None:
    """The meld that ``action`` lays or grows in ``state``, as :func:`apply` puts it on the
    table, or ``None`` for an action that is no meld (a draw, the pile, a discard).

    A client shows it before the player confirms; with :func:`burraco.melds.placed_wild` it
    says what a wild will stand for.

    >>> from burraco import parse_action
    >>> state = apply(new_game(seed=1), parse_action("draw"))
    >>> print(resulting_meld(state, parse_action("open 5S 6S JK")))
    5S 6S JK=7S

    Raises:
        IllegalActionError: as :func:`apply` does, if ``action`` is not legal in ``state``.
    """
    if not isinstance(action, OpenMeld | AddToMeld):
        check_action(state, action)
        return None
    team = team_to_act(state)
    if isinstance(action, AddToMeld):
        index = _resolve_meld(state, action, team)
    else:
        index = len(state.melds[team])
    return apply(state, action).melds[team][index]


def _over_detail(state: GameState) -> str:
    outcome = state.outcome
    assert outcome is not None
    how = f"closed by seat {outcome.closer}" if outcome.closer is not None else str(outcome.reason)
    return f"the hand is over ({how}); no action is possible"


def _illegal(state: GameState, action: Action, reason: Reason, detail: str) -> IllegalActionError:
    return IllegalActionError(action, state.turn, reason, detail)


def _wrong_phase(state: GameState, action: Action) -> IllegalActionError:
    detail = (
        "the turn begins with a draw: 'draw' or 'pick'"
        if state.phase is _DRAW_PHASE
        else "the player has drawn already: meld, or discard to end the turn"
    )
    return _illegal(state, action, Reason.WRONG_PHASE, detail)


def _remove(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...] | None:
    """``hand`` without ``cards`` (as a multiset), or ``None`` if it does not hold them.

    Each card is found with ``is``, in a hand sorted or not, by the loop of
    :func:`~burraco.state._drop_card` written out here: a call per card would cost a third
    of this function's time in pure Python.
    """
    rest = list(hand)
    for card in cards:
        index = 0
        for other in rest:  # not enumerate, which builds a tuple per card
            if other is card:
                break
            index += 1
        else:
            return None
        del rest[index]
    return tuple(rest)


def _not_in_hand(state: GameState, action: Action, cards: tuple[Card, ...]) -> IllegalActionError:
    hand = state.hands[state.turn]
    held = Counter(hand)
    lacking = [card for card, n in Counter(cards).items() if n > held[card]]
    return _illegal(
        state,
        action,
        Reason.CARD_NOT_IN_HAND,
        f"the hand does not hold {format_cards(lacking)}; it holds {format_cards(hand)}",
    )


def _draw(state: GameState, action: DrawStock, phase: Phase) -> GameState:
    if phase is not _DRAW_PHASE:
        raise _wrong_phase(state, action)
    seat = state.turn
    stock = state.stock
    hands = state.hands
    hand = list(hands[seat])
    insort(hand, stock[0], key=CODE_KEY)
    rules = state.rules
    stock, pozzetti = reserve_stock(rules, stock[1:], state.pozzetti)
    outcome = end_after_draw(rules, stock)
    phase = _PLAY_PHASE if outcome is None else _OVER_PHASE
    return build_state(
        rules,
        state.dealer,
        seat,  # turn
        phase,
        replace_at(hands, seat, tuple(hand)),
        state.melds,
        stock,
        state.discard_pile,
        pozzetti,
        state.pozzetto_taken,
        outcome,
        0,  # taken_from_pile
        False,  # melded_this_turn
        state.stalemate_turns,
        state.unseen_pozzetto,
        state.known,
        None,  # pile_card
        state.time_out_turns,
        meld_facts(state),
        state.partners,
    )


def _take_pile(state: GameState, action: TakeDiscardPile, phase: Phase) -> GameState:
    if phase is not _DRAW_PHASE:
        raise _wrong_phase(state, action)
    pile = state.discard_pile
    if not pile:
        raise _illegal(state, action, Reason.EMPTY_DISCARD_PILE, "draw from the stock instead")
    taken = _pile_taken(state)
    if not _pile_allows_meld(taken):
        raise _illegal(
            state,
            action,
            Reason.PILE_REQUIRES_MELD,
            "taking the pile obliges a meld this turn, and no meld would be possible with it",
        )
    return taken


def _pile_taken(state: GameState) -> GameState:
    """The state after the player to act takes the (non-empty) discard pile."""
    pile = state.discard_pile
    seat = state.turn
    hands = state.hands
    held = hands[seat]
    hand = tuple(sorted(held + pile, key=CODE_KEY))
    # rules §13.1: a one-card pile may not be discarded again this turn, unless the hand
    # held another copy of the card before the pick.
    pile_card = None
    if len(pile) == 1 and not state.rules.return_single_pile_card and pile[0] not in held:
        pile_card = pile[0]
    return build_state(
        state.rules,
        state.dealer,
        seat,  # turn
        _PLAY_PHASE,  # phase
        replace_at(hands, seat, hand),
        state.melds,
        state.stock,
        (),  # discard_pile
        state.pozzetti,
        state.pozzetto_taken,
        None,  # outcome
        len(pile),  # taken_from_pile
        False,  # melded_this_turn
        state.stalemate_turns,
        state.unseen_pozzetto,
        known_after_pick(state.known, seat, pile),
        pile_card,
        state.time_out_turns,
        meld_facts(state),
        state.partners,
    )


# The International pile rule (rules §4.1, ``pile_requires_meld``): the pile may be taken only
# if a meld is then possible, and its taker must meld before discarding. Its one home is here.


def _pile_allows_meld(taken: GameState) -> bool:
    """Whether the state just after taking the pile meets the pile rule."""
    rules = taken.rules
    if not rules.pile_requires_meld:
        return True
    turn = taken.turn
    return bool(_meld_actions(taken, rules, turn, taken.hands[turn]))


def _owes_meld(state: GameState) -> bool:
    """Whether the player to act took the pile under the pile rule and has not melded yet."""
    return (
        state.rules.pile_requires_meld
        and bool(state.taken_from_pile)
        and not state.melded_this_turn
    )


def _meld_problem(error: InvalidMeldError, state: GameState, action: Action) -> IllegalActionError:
    return _illegal(state, action, error.reason, error.detail)


def _open(state: GameState, action: OpenMeld, phase: Phase) -> GameState:
    if phase is not _PLAY_PHASE:
        raise _wrong_phase(state, action)
    rest = _remove(state.hands[state.turn], action.cards)
    if rest is None:
        raise _not_in_hand(state, action, action.cards)
    rules = state.rules
    meld = _laid_meld(state, action, rules)
    team = team_to_act(state)
    if meld.kind is _SET_KIND and rules.one_set_per_rank:
        for index, other in enumerate(state.melds[team]):
            if other.kind is _SET_KIND and other.rank is meld.rank:
                raise _illegal(
                    state,
                    action,
                    Reason.SET_RANK_TAKEN,
                    f"the team has a set of {meld.rank} already (meld {index}): add to it",
                )
    melds = state.melds[team]
    return _after_meld(state, action, action.cards, rest, team, melds + (meld,), len(melds), meld)


def _laid_meld(state: GameState, action: OpenMeld, rules: Rules) -> Meld:
    """The meld ``action`` lays under ``rules`` (:func:`~burraco.validate_meld` of its cards),
    remembered by value for the next time (``burraco._engine.meldcodec.laid_meld``: the move
    generator hands out the same actions again and again, which the meld memo of
    :func:`~burraco.validate_meld` has long forgotten), tagged with the rules' reading (set
    ranks, packs, a wild as the second ace: all that decides how cards read as a meld). An
    illegal meld is not kept."""
    reading = _movegen.rule_bits(rules).meld_reading
    cards = action.cards
    wild_as = action.wild_as
    meld = laid_meld(reading, cards, wild_as)
    if meld is not None:
        return meld
    try:
        meld = validate_meld(cards, rules, wild_as=wild_as)
    except InvalidMeldError as error:
        raise _meld_problem(error, state, action) from None
    remember_laid_meld(reading, cards, wild_as, meld)
    return meld


def _resolve_meld(state: GameState, action: AddToMeld, team: int) -> int:
    """The index among ``team``'s melds (the team to act) of the meld ``action`` adds to."""
    own = state.melds[team]
    target = action.meld
    if isinstance(target, Meld):
        for index, meld in enumerate(own):
            if equal(meld, target):
                return index
        for other_team, melds in enumerate(state.melds):
            if other_team != team and target in melds:
                raise _illegal(
                    state,
                    action,
                    Reason.NOT_YOUR_MELD,
                    f"[{target}] belongs to team {other_team}; "
                    "cards are only added to the player's own team's melds",
                )
        raise _illegal(state, action, Reason.NO_SUCH_MELD, f"no meld [{target}] is on the table")
    if not 0 <= target < len(own):
        have = f"melds 0 to {len(own) - 1}" if own else "no melds yet"
        raise _illegal(state, action, Reason.NO_SUCH_MELD, f"team {team} has {have}")
    return target


def _add(state: GameState, action: AddToMeld, phase: Phase) -> GameState:
    if phase is not _PLAY_PHASE:
        raise _wrong_phase(state, action)
    team = team_to_act(state)
    index = _resolve_meld(state, action, team)
    rest = _remove(state.hands[state.turn], action.cards)
    if rest is None:
        raise _not_in_hand(state, action, action.cards)
    melds = state.melds[team]
    if not action.cards:
        raise _illegal(state, action, Reason.NO_CARDS, "name at least one card to add")
    try:
        grown = extend_meld(melds[index], action.cards, state.rules, wild_as=action.wild_as)
    except InvalidMeldError as error:
        raise _meld_problem(error, state, action) from None
    grown_melds = replace_at(melds, index, grown)
    return _after_meld(state, action, action.cards, rest, team, grown_melds, index, grown)


def _after_meld(
    state: GameState,
    action: Action,
    cards: tuple[Card, ...],
    rest: tuple[Card, ...],
    team: int,
    team_melds: tuple[Meld, ...],
    index: int,
    meld: Meld,
) -> GameState:
    """The state after a legal meld of ``cards`` from the hand, leaving ``rest``; ``team``'s
    melds become ``team_melds`` (``team``: the team to act, which the caller knows), whose
    meld ``index`` is the one laid or grown, ``meld``."""
    problem = keeping_problem(state, rest, team_melds)
    if problem is not None:
        raise _illegal(state, action, Reason.MUST_KEEP_A_CARD, problem)
    seat = state.turn
    rest, pozzetti, taken = pozzetto_after_meld(state, rest)
    hands = state.hands
    melds = state.melds
    known = state.known
    pile_card = state.pile_card
    if pile_card is not None and pile_card in cards:
        pile_card = None  # the copy melded counts as the one taken with the pile
    melds = replace_at(melds, team, team_melds)
    partners = state.partners
    if taken is not state.pozzetto_taken and forms_pairs(state):
        # the first out plays alone; the others pair up (rules §14.2)
        partners, melds, taken = form_pairs(state, melds)
        facts = _all_facts(melds)
    else:
        facts = _facts_after(state, team, index, meld)
    return build_state(
        state.rules,
        state.dealer,
        seat,  # turn
        _PLAY_PHASE,  # phase
        replace_at(hands, seat, rest),
        melds,
        state.stock,
        state.discard_pile,
        pozzetti,
        taken,  # pozzetto_taken
        None,  # outcome
        state.taken_from_pile,
        True,  # melded_this_turn
        state.stalemate_turns,
        state.unseen_pozzetto,
        known_after_play(known, seat, cards) if known[seat] else known,
        pile_card,
        state.time_out_turns,
        facts,
        partners,
    )


def _all_facts(melds: tuple[tuple[Meld, ...], ...]) -> MeldFacts:
    """The :data:`~burraco.state.MeldFacts` of every team's ``melds``, worked out anew (when
    the pairs form and join their melds, rules §14.2)."""
    return tuple([_movegen.team_melds_info(team_melds) for team_melds in melds])


def _facts_after(state: GameState, team: int, index: int, meld: Meld) -> MeldFacts:
    """The :data:`~burraco.state.MeldFacts` of the state after ``team``'s meld ``index``
    becomes ``meld`` in ``state`` (a new meld if ``index`` is one past its last): worked out
    for that meld alone, the others' passed on (all of them worked out for a state that does
    not carry them)."""
    facts = meld_facts(state)
    if facts is None:
        facts = tuple([_movegen.team_melds_info(melds) for melds in state.melds])
    return replace_at(facts, team, _movegen.facts_after(facts[team], index, meld))


def _discard(state: GameState, action: Discard, phase: Phase) -> GameState:
    if phase is not _PLAY_PHASE:
        raise _wrong_phase(state, action)
    seat = state.turn
    card = action.card
    hands = state.hands
    rest = _remove(hands[seat], (card,))
    if rest is None:
        raise _not_in_hand(state, action, (card,))
    rules = state.rules
    if rules.pile_requires_meld and _owes_meld(state):
        raise _illegal(
            state,
            action,
            Reason.PILE_REQUIRES_MELD,
            "taking the discard pile obliges a meld this turn: open or add to a meld first",
        )
    if state.pile_card is not None and returns_pile_card(state, card):
        raise _illegal(
            state,
            action,
            Reason.PILE_CARD_RETURNED,
            f"{card} was the whole discard pile taken this turn, and these rules forbid "
            "discarding it again in the same turn: discard another card",
        )
    if not rest:
        problem = last_card_problem(state, card)
        if problem is not None:
            raise _illegal(state, action, problem, CLOSING_DETAIL[problem])
    outcome = end_after_discard(state, rest)
    stalemate = stalemate_turns_after_discard(state, rest)
    rest, pozzetti, taken, on_discard = pozzetto_after_discard(state, rest)
    players = len(hands)
    if outcome is not None:  # the hand is over: the state keeps the last turn's bookkeeping
        following, phase = seat, _OVER_PHASE
        taken_from_pile, melded = state.taken_from_pile, state.melded_this_turn
    else:
        following, phase = (seat + 1) % players, _DRAW_PHASE
        taken_from_pile, melded = 0, False
    unseen = unseen_after_discard(
        state, following, taken_on_discard=on_discard, hand_over=outcome is not None
    )
    known = state.known
    melds = state.melds
    facts = meld_facts(state)
    partners = state.partners
    if on_discard and forms_pairs(state):  # the first out plays alone (rules §14.2)
        partners, melds, taken = form_pairs(state, melds)
        facts = _all_facts(melds)
    return build_state(
        rules,
        state.dealer,
        following,  # turn
        phase,
        replace_at(hands, seat, rest),
        melds,
        state.stock,
        (*state.discard_pile, card),
        pozzetti,
        taken,  # pozzetto_taken
        outcome,
        taken_from_pile,
        melded,  # melded_this_turn
        stalemate,  # stalemate_turns
        unseen,  # unseen_pozzetto
        known_after_play(known, seat, (card,)) if known[seat] else known,
        None,  # pile_card
        state.time_out_turns - 1 if state.time_out_turns else 0,
        facts,
        partners,
    )


# --- legal actions ------------------------------------------------------------------------------


@python_class
class LegalActions(list[Action]):
    """The list :func:`legal_actions` returns: a plain ``list`` of the canonical actions, whose
    ``in`` also recognises every other spelling of a legal action.

    ``action in legal_actions(state)`` is ``True`` exactly when :func:`is_legal` is, whether the
    action is written as the list writes it or not (``OpenMeld("5H 6H JK", wild_as=Rank.SEVEN)``
    naming the default placement, ``AddToMeld(meld, ...)`` naming the meld instead of its
    index): a spelling not in the list is compared by its :func:`canonical_action`. Everything
    else (indexing, iteration, equality with a list, ``index``) is the list's own, over the
    canonical spellings only.
    """

    __slots__ = ("state",)

    state: GameState
    """The state whose legal actions these are."""

    def __contains__(self, action: object) -> bool:
        if list.__contains__(self, action):
            return True
        if not isinstance(action, ACTION_TYPES):
            return False
        try:
            canonical = canonical_action(self.state, action)
        except IllegalActionError:
            return False
        return canonical is not action and list.__contains__(self, canonical)

    def __reduce__(self) -> tuple[object, ...]:
        return (_legal_list, (self.state, list(self)))


def _legal_list(state: GameState, actions: Iterable[Action] = ()) -> LegalActions:
    """A :class:`LegalActions` of ``state`` holding ``actions``."""
    listed = LegalActions(actions)
    listed.state = state
    return listed


def legal_actions(state: GameState) -> list[Action]:
    """Every distinct legal action for the player to act, in a deterministic order.

    In the draw phase: ``draw``, then ``pick`` when allowed. In the play phase: every legal
    :class:`~burraco.OpenMeld` (each subset of the hand that is a legal meld, with each
    distinct placement of an end wild: the default with ``wild_as=None``, the other end named),
    then every legal :class:`~burraco.AddToMeld` by meld index, then every distinct legal
    :class:`~burraco.Discard`. An empty list means the hand is over.

    Each action is listed once, in its canonical spelling (see :func:`canonical_action`). The
    list is a :class:`LegalActions` (typed as the ``list`` it is), whose ``in`` agrees with
    :func:`is_legal` for every spelling of an action.

    >>> state = apply(new_game(seed=7), DrawStock())
    >>> actions = legal_actions(state)
    >>> isinstance(actions, list), all(is_legal(state, action) for action in actions)
    (True, True)
    """
    phase = state.phase
    if phase is _DRAW_PHASE:
        if state.discard_pile and (
            not state.rules.pile_requires_meld or _pile_allows_meld(_pile_taken(state))
        ):
            return _legal_list(state, (_DRAW, _PICK))
        return _legal_list(state, (_DRAW,))
    if phase is _OVER_PHASE:
        return _legal_list(state)
    rules = state.rules
    turn = state.turn
    hand = state.hands[turn]
    actions = _meld_actions(state, rules, turn, hand)
    if rules.pile_requires_meld and _owes_meld(state):
        return actions
    pile_card = state.pile_card
    kept = pile_card if pile_card is not None and hand.count(pile_card) == 1 else None
    if len(hand) == 1:
        if last_card_problem(state, hand[0]) is None and hand[0] is not kept:
            actions.append(_DISCARDS[hand[0].code])
        return actions
    discards: list[Action] = []  # a plain list: compiled, its appends need no method lookup
    previous = None
    for card in hand:  # the hand is sorted: equal cards (the same object) are neighbours
        if card is not previous:
            previous = card
            discards.append(_DISCARDS[card.code])  # an index costs less than a dict lookup
    if kept is not None:  # the one-card pile's card stays in hand (rules §13.1)
        discards.remove(_DISCARDS[kept.code])  # no test per card in the loop
    actions += discards
    return actions


def _add_ace_to_ace(
    actions: LegalActions,
    state: GameState,
    hand: tuple[Card, ...],
    team_melds: tuple[Meld, ...],
    rules: Rules,
) -> None:
    """Put into ``actions`` (the move generator's openings and additions) the legal ones that
    make a sequence from ace to ace (``ace_at_both_ends``), which the generator does not list:
    the openings after the other openings, the additions last."""
    opens, adds = _aces.ace_to_ace_actions(hand, team_melds, rules)
    kept_opens: list[Action] = []
    for opening in opens:
        rest = _remove(hand, opening.cards)
        assert rest is not None
        laid = (*team_melds, validate_meld(opening.cards, rules))
        if keeping_problem(state, rest, laid) is None:
            kept_opens.append(opening)
    for adding in adds:
        rest = _remove(hand, adding.cards)
        assert rest is not None and isinstance(adding.meld, int)
        grown = extend_meld(team_melds[adding.meld], adding.cards, rules)
        if keeping_problem(state, rest, replace_at(team_melds, adding.meld, grown)) is None:
            actions.append(adding)
    openings = sum(1 for action in actions if isinstance(action, OpenMeld))
    actions[openings:openings] = kept_opens


def _meld_actions(
    state: GameState, rules: Rules, turn: int, hand: tuple[Card, ...]
) -> LegalActions:
    """The legal :class:`OpenMeld` and :class:`AddToMeld` actions of the player to act (the
    state's ``rules``, ``turn`` and the hand to act, which the caller has read already)."""
    shape = _movegen.hand_shape(hand)
    melds = state.melds
    team = team_to_act(state)
    team_melds = melds[team]
    facts = meld_facts(state)
    if facts is None:  # a state the engine did not build
        infos, set_ranks = _movegen.team_melds_info(team_melds)
    else:
        infos, set_ranks = facts[team]
    actions = LegalActions()
    actions.state = state
    choices, listed = _movegen.open_melds(shape, rules, set_ranks if rules.one_set_per_rank else 0)
    if can_take_pozzetto(state, team) and state.pile_card is None:
        # any meld may empty the hand: the team takes a pozzetto
        actions += listed
        for _, _, added in _movegen.additions(infos, shape, rules):
            actions += added
        if rules.ace_at_both_ends:
            _add_ace_to_ace(actions, state, hand, team_melds, rules)
        return actions
    # A team that cannot take a pozzetto must keep a card (rules §7.2), and nobody may keep
    # only the one-card pile's card (§13.1): a meld of all but one card or fewer needs
    # checking. Choices are sorted by size, so those come last.
    limit = bytes((len(hand) - 1,))
    cut = bisect_left(choices, limit)
    actions += listed[:cut]
    for position in range(cut, len(choices)):
        cards, wild_as = _movegen.choice_cards(choices[position])
        rest = _remove(hand, cards)
        assert rest is not None
        meld = validate_meld(cards, rules, wild_as=wild_as)
        if keeping_problem(state, rest, (*team_melds, meld)) is None:
            actions.append(listed[position])
    for index, choices, added in _movegen.additions(infos, shape, rules):
        cut = bisect_left(choices, limit)
        actions += added[:cut]
        for position in range(cut, len(choices)):
            cards, wild_as = _movegen.choice_cards(choices[position])
            rest = _remove(hand, cards)
            assert rest is not None
            grown = extend_meld(team_melds[index], cards, rules, wild_as=wild_as)
            grown_melds = replace_at(team_melds, index, grown)
            if keeping_problem(state, rest, grown_melds) is None:
                actions.append(added[position])
    if rules.ace_at_both_ends:
        _add_ace_to_ace(actions, state, hand, team_melds, rules)
    return actions


# --- time-out -----------------------------------------------------------------------------------


def call_time_out(state: GameState) -> GameState:
    """The state after a referee or a clock calls time (rules §13.2).

    The hand then ends once every seat has completed one more turn, the turn in progress
    counting as the last of the seat to act; its :class:`~burraco.Outcome` is
    :attr:`EndReason.TIME_OUT <burraco.EndReason.TIME_OUT>`. A legal closing in that last round
    ends the hand as usual (the closing bonus included); otherwise nobody earns the closing
    bonus, and the cards in hand count against their teams. Calling time again, or on a hand
    that is over, changes nothing.

    >>> state = call_time_out(new_game(seed=7))
    >>> state.time_out_turns
    4
    >>> turns = 0
    >>> while not state.is_over:
    ...     state = apply(state, DrawStock())
    ...     state = apply(state, Discard(state.hand[0]))
    ...     turns += 1
    >>> turns, state.outcome.reason
    (4, <EndReason.TIME_OUT: 'time-out'>)
    """
    if state.phase is _OVER_PHASE or state.time_out_turns:
        return state
    return build_state(
        state.rules,
        state.dealer,
        state.turn,
        state.phase,
        state.hands,
        state.melds,
        state.stock,
        state.discard_pile,
        state.pozzetti,
        state.pozzetto_taken,
        state.outcome,
        state.taken_from_pile,
        state.melded_this_turn,
        state.stalemate_turns,
        state.unseen_pozzetto,
        state.known,
        state.pile_card,
        len(state.hands),  # time_out_turns
        meld_facts(state),
        state.partners,
    )
