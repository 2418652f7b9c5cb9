"""Entrants of a tournament: pairs, or individuals whose partner changes every round.

An :class:`Entrant` has a number (the one on the score sheets), a name, its players and an
optional club. A pairs tournament has one entrant per pair; an individual tournament one
entrant per player, partnered anew each round.

>>> pair = Entrant(7, "Rossi - Bianchi", players=("Anna Rossi", "Bruno Bianchi"), club="Lido")
>>> print(pair)
7 Rossi - Bianchi (Lido)
>>> Entrant(0, "nobody")
Traceback (most recent call last):
...
burraco.errors.TournamentError: entrant number: expected a number from 1 to 9999, not 0
"""

from __future__ import annotations

from typing import Final

import attrs

from burraco.errors import Reason, TournamentError
from burraco.tournament._checks import check_name, check_number

__all__ = ["MOST_ENTRANTS", "Entrant"]

MOST_ENTRANTS: Final = 9999
"""The highest entrant number, and so the most entrants a tournament takes."""


def _number(instance: Entrant, attribute: attrs.Attribute[int], value: object) -> None:
    check_number(value, "entrant number", 1, MOST_ENTRANTS)


def _name(instance: Entrant, attribute: attrs.Attribute[str], value: object) -> None:
    check_name(value, f"entrant {instance.number} {attribute.name}", empty=attribute.name == "club")


def _players(instance: Entrant, attribute: attrs.Attribute[tuple[str, ...]], value: object) -> None:
    if not isinstance(value, tuple) or len(value) > 2:
        raise TournamentError(
            "players must be a tuple of one or two names",
            reason=Reason.WRONG_TYPE,
            path=f"entrant {instance.number} players",
        )
    for player in value:
        check_name(player, f"entrant {instance.number} player")


@attrs.frozen
class Entrant:
    """An entrant: a pair (two players) or, in an individual tournament, one player.

    Raises:
        TournamentError: if the number is not from 1 to :data:`MOST_ENTRANTS`, or a name is
            not acceptable (printable, at most 80 characters, not beginning with ``=``,
            ``+``, ``-`` or ``@``); reason ``wrong-type`` or ``out-of-range``.
    """

    number: int = attrs.field(validator=_number)
    """The entrant's number, from 1: the one on the table lists and score sheets."""
    name: str = attrs.field(validator=_name)
    """The entrant's name, as the standings show it."""
    players: tuple[str, ...] = attrs.field(default=(), kw_only=True, validator=_players)
    """The players' names (two for a pair, one for an individual), or ``()``."""
    club: str = attrs.field(default="", kw_only=True, validator=_name)
    """The club the entrant plays for, or ``""``: with the option ``avoid_same_club``, two
    entrants of one club do not meet (see :class:`~burraco.tournament.Settings`)."""

    def __str__(self) -> str:
        club = f" ({self.club})" if self.club else ""
        return f"{self.number} {self.name}{club}"
