"""What the environments share: a hand played token by token, and the end-of-hand rewards."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any, Final

import numpy as np

from burraco._bots.observation import TokenTree, advance
from burraco.actions import Action
from burraco.cards import make_deck
from burraco.encoding import ActionSpace, ObservationEncoder, as_token
from burraco.engine import apply, legal_actions
from burraco.errors import IllegalActionError, Reason
from burraco.rules import Rules
from burraco.scoring import HandScore, score_hand
from burraco.state import GameState

NDArray = Any

_INT8: Final = np.dtype(np.int8)


class RewardMode(StrEnum):
    """What the environments pay each seat when a hand ends."""

    DIFFERENCE = "difference"
    """The hand's score of the seat's team minus the mean score of the other teams (with two
    teams: minus the opponents' score). Zero-sum."""
    WIN_LOSS = "win-loss"
    """1 when the seat's team scored more than every other team, -1 when another team scored
    more than it, 0 for a tie at the top."""
    SCALED = "scaled"
    """:attr:`DIFFERENCE` in thousands of points (a usual hand's difference lies within
    about ±1.5; :func:`reward_bound` bounds every hand's), for learners that expect rewards
    near 1."""


SCALE: Final = 1000.0
"""Points per unit of reward under :attr:`RewardMode.SCALED`."""


def reward_bound(rules: Rules, mode: RewardMode | str = RewardMode.DIFFERENCE) -> float:
    """A bound on the size of any hand's reward under ``mode``: every card of the deck
    melded by one team, a burraco bonus for every seven cards, the closing bonus and the
    pozzetto penalty, on both sides.

    Raises:
        ValueError: if ``mode`` is not a :class:`RewardMode`.
    """
    mode = RewardMode(mode)
    if mode is RewardMode.WIN_LOSS:
        return 1.0
    deck_points = sum(card.points for card in make_deck(rules.packs, jokers=rules.jokers))
    bonus = max(bonus for _, bonus in rules.burraco_classes)
    one_side = deck_points + (rules.deck_size // 7) * bonus + rules.closing_bonus
    bound = float(2 * (one_side + rules.pozzetto_penalty))
    return bound / SCALE if mode is RewardMode.SCALED else bound


def hand_rewards(state: GameState, mode: RewardMode | str = RewardMode.DIFFERENCE) -> list[float]:
    """Each seat's reward for the hand ``state`` ends (the score of the cards as they lie, if
    the hand was cut short before its end).

    With the partnerships of rules §14 (:data:`~burraco.FIBUR3`, :data:`~burraco.FIBUR5`)
    each team counts with its seats' match points (:attr:`~burraco.HandScore.seat_points`: a
    partner's half of the pair's total), the teams being those the hand ended with.

    Raises:
        ValueError: if ``mode`` is not a :class:`RewardMode`.
    """
    return score_rewards(score_hand(state), len(state.hands), mode)


def score_rewards(
    score: HandScore, players: int, mode: RewardMode | str = RewardMode.DIFFERENCE
) -> list[float]:
    """Each seat's reward from a hand's score: :func:`rewards_of` its teams' totals, or once
    pairs formed during the hand (rules §14, teams that do not divide the seats evenly) of
    each team's match points per seat, the teams as :attr:`~burraco.HandScore.partners`."""
    partners = score.partners
    if not partners or players % len(partners) == 0:
        return rewards_of(score.totals, players, mode)
    per_team = rewards_of([score.seat_points[seats[0]] for seats in partners], len(partners), mode)
    rewards = [0.0] * players
    for team, seats in enumerate(partners):
        for seat in seats:
            rewards[seat] = per_team[team]
    return rewards


def rewards_of(
    totals: Sequence[int], players: int, mode: RewardMode | str = RewardMode.DIFFERENCE
) -> list[float]:
    """Each seat's reward, from the teams' hand scores ``totals`` (team ``t`` holds the
    seats ``t``, ``t + teams``, ...)."""
    mode = RewardMode(mode)
    teams = len(totals)
    per_team = []
    for team, own in enumerate(totals):
        others = [float(total) for other, total in enumerate(totals) if other != team]
        if mode is RewardMode.WIN_LOSS:
            best = max(others)
            per_team.append(1.0 if own > best else -1.0 if own < best else 0.0)
        else:
            difference = own - sum(others) / len(others)
            per_team.append(difference / SCALE if mode is RewardMode.SCALED else difference)
    return [per_team[seat % teams] for seat in range(players)]


class TokenGame:
    """A hand played one token at a time: the state, the tokens of the action being spelled,
    and the prefix tree of the legal actions."""

    __slots__ = ("_tree", "actions", "encoder", "partial", "played", "space", "state", "turns")

    def __init__(
        self,
        state: GameState,
        rules: Rules,
        *,
        space: ActionSpace | None = None,
        encoder: ObservationEncoder | None = None,
    ) -> None:
        # an environment passes the space and encoder of its last hand: the encoder's memos
        # carry over, and building them again costs what some steps do
        self.space = ActionSpace(rules) if space is None else space
        self.encoder = ObservationEncoder(rules) if encoder is None else encoder
        self.state = state
        self.partial: list[int] = []
        self.turns = 0
        self.played = [0] * len(state.hands)
        self.actions = legal_actions(state)
        self._tree: TokenTree | None = None

    @property
    def tree(self) -> TokenTree:
        """The prefix tree of the legal actions (the core of an
        :class:`~burraco.encoding.ActionTree`, over the whole-number tokens this game has
        checked), built when first asked for (the positions of agents that play whole actions
        never need one)."""
        tree = self._tree
        if tree is None:
            tree = self._tree = TokenTree(self.actions, self.space)
        return tree

    def render(self) -> str:
        """The table as text (``str`` of the state), with the tokens of the action being
        spelled on a last line: what the environments' ``render()`` shows in ``"ansi"`` mode."""
        text = str(self.state)
        if self.partial:
            spelled = " ".join(self.space.token_name(token) for token in self.partial)
            text += f"\nspelling: {spelled}"
        return text

    def __getstate__(self) -> tuple[Any, ...]:
        # the prefix tree is a cache, rebuilt when next asked for
        return (self.space, self.encoder, self.state, self.partial, self.turns, self.played,
                self.actions)  # fmt: skip

    def __setstate__(self, data: tuple[Any, ...]) -> None:
        self.space, self.encoder, self.state, self.partial, self.turns, self.played = data[:6]
        self.actions = data[6]
        self._tree = None

    def __deepcopy__(self, memo: dict[int, Any]) -> TokenGame:
        """A copy for a search to play on: the state, actions and tree are immutable values
        (the tree only caches), so they are shared; the partial action is copied."""
        twin = TokenGame.__new__(TokenGame)
        twin.space, twin.encoder, twin.state = self.space, self.encoder, self.state
        twin.partial, twin.turns, twin.played = list(self.partial), self.turns, list(self.played)
        twin.actions, twin._tree = self.actions, self._tree
        return twin

    def mask(self) -> NDArray:
        """The tokens the seat to act may choose now (all zero once the hand is over)."""
        tree = self._tree
        if tree is None:
            tree = self._tree = TokenTree(self.actions, self.space)
        return np.frombuffer(bytearray(tree.mask(tuple(self.partial))), dtype=_INT8)

    def legal_tokens(self) -> tuple[int, ...]:
        """:meth:`mask` as a list of tokens."""
        return self.tree.next_tokens(tuple(self.partial))

    def observe(self, seat: int, acting: bool) -> tuple[NDArray, NDArray]:
        """:meth:`observation` of ``seat`` and, if ``acting``, :meth:`mask` (else all zero):
        what an environment hands an agent at every step, in one call."""
        state = self.state
        if not acting:
            mask = np.zeros(self.space.size, dtype=_INT8)
            partial: Sequence[int] = ()
        else:
            tree = self._tree
            if tree is None:
                tree = self._tree = TokenTree(self.actions, self.space)
            partial = self.partial
            mask = np.frombuffer(bytearray(tree.mask(tuple(partial))), dtype=_INT8)
        if seat != state.turn or state.is_over:
            partial = ()
        return self.encoder._encode_state(state, seat, partial), mask

    def observation(self, seat: int) -> NDArray:
        """The observation vector of ``seat``; the partial action is shown to the seat that
        is spelling it only."""
        state = self.state
        partial = self.partial if seat == state.turn and not state.is_over else ()
        return self.encoder._encode_state(state, seat, partial)

    def observation_into(self, seat: int, out: memoryview[float]) -> None:
        """:meth:`observation` written into ``out``, a zeroed ``float32`` buffer of the
        vector's size (an observer's array, filled in place)."""
        state = self.state
        partial = self.partial if seat == state.turn and not state.is_over else ()
        self.encoder._encode_state_into(out, state, seat, partial)

    def step(self, token: int) -> Action | None:
        """Add ``token`` to the action being spelled; apply the action once it is complete
        and return it (``None`` while it is incomplete).

        Raises:
            IllegalActionError: if no legal action continues with ``token`` (reason
                ``bad-action``); nothing changes.
            NotationError: if ``token`` is not a whole number (an ``int`` or a numpy
                integer; not a ``bool``, a float or a string; reason ``bad-action``);
                nothing changes.
        """
        if type(token) is not int:
            token = as_token(token)
        tree = self._tree
        if tree is None:
            tree = self._tree = TokenTree(self.actions, self.space)
        try:
            action = advance(tree, self.partial, token)
        except LookupError:
            raise self._refusal(tree, token) from None
        if action is not None:
            self.play(action)
        return action

    def _refusal(self, tree: TokenTree, token: int) -> IllegalActionError:
        space = self.space
        allowed = tree.next_tokens(tuple(self.partial))
        names = [space.token_name(t) for t in self.partial]
        name = space.token_name(token) if 0 <= token < space.size else str(token)
        spelled = " ".join([*names, name])
        options = ", ".join(space.token_name(t) for t in allowed) or "none: the hand is over"
        return IllegalActionError(
            f"token {token} ({spelled})",
            self.state.turn,
            Reason.BAD_ACTION,
            f"no legal action is spelled this way; the tokens allowed are {options}",
        )

    def play(self, action: Action) -> None:
        """Apply a whole action (from an agent playing whole actions)."""
        before = self.state.turn
        self.state = apply(self.state, action)
        self.played[before] += 1
        if self.state.turn != before or self.state.is_over:
            self.turns += 1
        self.partial = []
        self.actions = legal_actions(self.state)
        self._tree = None
