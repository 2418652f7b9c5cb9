"""Deals nobody can know in advance, and the proof of it: commitments.

A table's deal comes from a seed drawn from the operating system's secret source
(:mod:`secrets`), unless the table is a practice table whose creator chose the seed (and
every page of it says so). Before the first action of each hand the server publishes a
commitment to the deal, the SHA-256 of the deck order and a secret salt; at the hand's end it
reveals both. Anyone can then check that the hand was played from the deal announced at its
start (:func:`verify_deal`, ``burraco verify-deal``).

The commitment is the lower-case hex SHA-256 of the UTF-8 text ``SALT + ":" + DECK``, where
``SALT`` is 32 hex digits and ``DECK`` the whole deck in notation, top first, cards separated
by one space, in the order :func:`burraco.new_game` takes as ``deck=`` (the order of
:func:`burraco.record.deal_order`: dealt one card at a time from the dealer's left, then the
pozzetti, the face-up card and the stock).

>>> deal = Deal.draw(CLASSIC, dealer=0)
>>> revealed = deal.reveal()
>>> verify_deal(revealed) == deal.state
True
>>> commitment("3S 4S", "00") == hashlib.sha256(b"00:3S 4S").hexdigest()
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping
from typing import Any

import attrs

from burraco.cards import format_cards, parse_cards
from burraco.engine import new_game
from burraco.match import everyone_alone
from burraco.record import deal_order
from burraco.rules import CLASSIC, PRESETS, Partnerships, Rules
from burraco.state import GameState

__all__ = ["Deal", "DealMismatchError", "commitment", "new_salt", "secret_seed", "verify_deal"]


class DealMismatchError(ValueError):
    """Raised by :func:`verify_deal` when a revealed deal does not match its commitment, is
    not a whole deck, or is missing a field; the message says which."""


def secret_seed() -> int:
    """A seed of 128 bits from the operating system's secret source."""
    return secrets.randbits(128)


def new_salt() -> str:
    """A fresh secret salt: 32 hex digits."""
    return secrets.token_hex(16)


def commitment(deck: str, salt: str) -> str:
    """The commitment to a deck in notation (top first, one space between cards) with
    ``salt``: the hex SHA-256 of ``salt + ":" + deck``."""
    return hashlib.sha256(f"{salt}:{deck}".encode()).hexdigest()


@attrs.frozen
class Deal:
    """One hand's deal at a table, and the salt of its commitment."""

    state: GameState
    """The hand as dealt."""
    salt: str | None
    """The secret salt, revealed at the hand's end (``None``: a hand stored before deals were
    committed)."""

    @classmethod
    def draw(
        cls, rules: Rules = CLASSIC, *, dealer: int = 0, seed: int | str | None = None
    ) -> Deal:
        """A deal from ``seed`` (a practice table's), or from a secret seed when ``None``."""
        chosen = secret_seed() if seed is None else seed
        return cls(new_game(rules, seed=chosen, dealer=dealer), new_salt())

    @property
    def deck(self) -> str:
        """The deck order in notation, top first (what the commitment covers)."""
        return format_cards(deal_order(self.state))

    @property
    def commitment(self) -> str | None:
        """The commitment published before the hand's first action (``None``: none was)."""
        return None if self.salt is None else commitment(self.deck, self.salt)

    def reveal(self) -> dict[str, Any] | None:
        """What the table reveals at the hand's end: ``deck``, ``salt``, ``commitment``,
        ``dealer``, ``rules`` (the preset's name) and ``players`` (``None`` for a deal that
        was not committed); ``"partnerships": "fixed"`` too for a hand of a fibur3 or fibur5
        match dealt after its switch to everyone alone (rules §14.3), which deals its deck into
        other pozzetti."""
        if self.salt is None:
            return None
        rules = self.state.rules
        revealed: dict[str, Any] = {
            "deck": self.deck,
            "salt": self.salt,
            "commitment": commitment(self.deck, self.salt),
            "dealer": self.state.dealer,
            "rules": rules.name,
            "players": rules.players,
        }
        preset = PRESETS.get(rules.name)
        if preset is not None and preset.partnerships is not rules.partnerships:
            revealed["partnerships"] = rules.partnerships.value
        return revealed


def _field(revealed: Mapping[str, Any], name: str) -> Any:
    if name not in revealed:
        raise DealMismatchError(f"the revealed deal has no field {name!r}")
    return revealed[name]


def verify_deal(revealed: Mapping[str, Any]) -> GameState:
    """Check a revealed deal (the ``deal`` of an ``over`` message) against its commitment.

    Returns the hand as dealt from it.

    Raises:
        DealMismatchError: if the deck and salt do not give the commitment, or the deck is not
            a whole deck for the rules, or a field is missing or of the wrong type.
    """
    deck, salt, promised = (_field(revealed, name) for name in ("deck", "salt", "commitment"))
    if not all(isinstance(value, str) for value in (deck, salt, promised)):
        raise DealMismatchError("deck, salt and commitment are text")
    if not hmac.compare_digest(commitment(deck, salt).encode(), promised.lower().encode()):
        raise DealMismatchError(
            f"the deck and salt give {commitment(deck, salt)}, not the commitment {promised}"
        )
    rules = _rules(revealed)
    dealer = revealed.get("dealer", 0)
    if isinstance(dealer, bool) or not isinstance(dealer, int):
        raise DealMismatchError(f"dealer {dealer!r} is not a seat")
    try:
        return new_game(rules, deck=list(parse_cards(deck)), dealer=dealer)
    except ValueError as error:
        raise DealMismatchError(f"the revealed deck is not a deal: {error}") from None


def _rules(revealed: Mapping[str, Any]) -> Rules:
    name = revealed.get("rules", "classic")
    players = revealed.get("players", 4)
    if not isinstance(name, str) or name.lower() not in PRESETS:
        raise DealMismatchError(f"rules {name!r} is not a preset: choose from {sorted(PRESETS)}")
    try:
        rules = attrs.evolve(PRESETS[name.lower()], players=players)
    except (TypeError, ValueError) as error:
        raise DealMismatchError(f"players {players!r}: {error}") from None
    partnerships = revealed.get("partnerships", rules.partnerships.value)
    if partnerships == "fixed" and rules.partnerships is not Partnerships.FIXED:
        return everyone_alone(rules)  # a hand after a match's switch (rules §14.3)
    if partnerships != rules.partnerships.value:
        raise DealMismatchError(f"partnerships {partnerships!r} do not fit the rules {name!r}")
    return rules
