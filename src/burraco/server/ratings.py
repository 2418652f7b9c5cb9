"""Ratings of people and bots at rated tables, by openskill's Plackett-Luce model.

A person is a long-lived player token and a chosen name (no password): ``POST /api/players``
gives both, and the page keeps the token. The bots are rated as players too, one per name
(``level1`` to ``level6``, ``greedy``, ...), on the same tables as people, so their ratings say
what each level is worth against people. Only a rated table (chosen at its creation) changes
ratings, once, when it is done (its single hand, or its match): its teams ranked by their
totals. A player's place on the leaderboard is ``mu - 3 sigma`` (openskill's ordinal).
"""

from __future__ import annotations

import functools
import hashlib
import secrets
from collections.abc import Sequence
from typing import Any, Final

import attrs

__all__ = [
    "MAX_NAME",
    "MU",
    "SIGMA",
    "Rating",
    "bot_player",
    "clean_name",
    "hash_token",
    "new_player",
    "ordinal",
    "rate",
]

MAX_NAME: Final = 24
"""The longest name a player may choose, in characters."""

MU: Final = 25.0
"""A new player's estimated skill (openskill's default)."""
SIGMA: Final = 25.0 / 3
"""A new player's uncertainty (openskill's default)."""


@functools.cache
def _model() -> Any:
    """openskill's Plackett-Luce model, imported when a table is first rated, so that the
    server's modules import without it (only rating needs it).

    Raises:
        ImportError: naming the extra that installs openskill."""
    try:
        from openskill.models import PlackettLuce
    except ImportError as error:  # the server extra installs it
        raise ImportError(
            f"rated tables need openskill: pip install 'burraco[server]' ({error})",
            name="openskill",
        ) from None
    return PlackettLuce(mu=MU, sigma=SIGMA)


@attrs.frozen
class Rating:
    """A skill estimate: ``mu`` the mean, ``sigma`` the uncertainty."""

    mu: float = MU
    """The estimated skill."""
    sigma: float = SIGMA
    """How uncertain it is."""


def ordinal(rating: Rating) -> float:
    """The number the leaderboard sorts by: ``mu - 3 sigma``, a skill the player very likely
    has at least."""
    return rating.mu - 3 * rating.sigma


def hash_token(token: str) -> str:
    """What is stored of a player's token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_player() -> tuple[str, str]:
    """A fresh player id (public) and token (secret, the player's key)."""
    return "p-" + secrets.token_urlsafe(9), secrets.token_urlsafe(24)


def bot_player(kind: str) -> str:
    """The player id a bot of this kind is rated as."""
    return f"bot-{kind}"


def clean_name(name: object) -> str:
    """A chosen name, checked: printable text of 1 to :data:`MAX_NAME` characters.

    Raises:
        ValueError: saying what a name may be.
    """
    if not isinstance(name, str) or not 0 < len(name.strip()) <= MAX_NAME:
        raise ValueError(f"a name is 1 to {MAX_NAME} characters")
    text = " ".join(name.split())
    if not text.isprintable():
        raise ValueError("a name is printable text")
    return text


def rate(teams: Sequence[Sequence[Rating]], scores: Sequence[float]) -> list[list[Rating]]:
    """The teams' ratings after a game in which they scored ``scores`` (higher is better).

    >>> a, b = rate([[Rating()], [Rating()]], [2100, 900])
    >>> a[0].mu > 25 > b[0].mu
    True
    """
    model = _model()
    model_teams = [[model.rating(mu=r.mu, sigma=r.sigma) for r in team] for team in teams]
    after = model.rate(model_teams, scores=list(scores))
    return [[Rating(r.mu, r.sigma) for r in team] for team in after]
