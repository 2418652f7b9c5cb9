"""Checks of untrusted values shared by the modules of :mod:`burraco.tournament`."""

from __future__ import annotations

from typing import Final

from burraco.errors import Reason, TournamentError, excerpt

MOST_NAME: Final = 80
"""The longest name (of an entrant, a player or a club), in characters."""
_FORMULA: Final = ("=", "+", "-", "@", "\t", "\r")
"""First characters that a spreadsheet may read as a formula; a name may not begin with one."""


def check_name(value: object, what: str, *, empty: bool = False) -> str:
    """``value`` if it is an acceptable name, else raise :class:`TournamentError`.

    A name is printable text of at most :data:`MOST_NAME` characters (empty only when
    ``empty``), without surrounding spaces, that does not begin with a character a spreadsheet
    reads as a formula (``=``, ``+``, ``-``, ``@``), so exported CSV files are safe to open.

    >>> check_name("Anna", "player")
    'Anna'
    >>> check_name("=cmd()", "name")
    Traceback (most recent call last):
    ...
    burraco.errors.TournamentError: name: '=cmd()' may not begin with =, +, - or @
    """
    if not isinstance(value, str):
        raise TournamentError(
            f"expected text, not {excerpt(value)}", reason=Reason.WRONG_TYPE, path=what
        )
    if not value and not empty:
        raise TournamentError("may not be empty", reason=Reason.OUT_OF_RANGE, path=what)
    if len(value) > MOST_NAME or not value.isprintable() or value != value.strip():
        raise TournamentError(
            f"{excerpt(value)} must be printable text of at most {MOST_NAME} characters "
            "without surrounding spaces",
            reason=Reason.OUT_OF_RANGE,
            path=what,
        )
    if value.startswith(_FORMULA):
        raise TournamentError(
            f"{excerpt(value)} may not begin with =, +, - or @",
            reason=Reason.OUT_OF_RANGE,
            path=what,
        )
    return value


def check_number(value: object, what: str, least: int, most: int) -> int:
    """``value`` if it is a whole number from ``least`` to ``most``, else raise
    :class:`TournamentError` (``wrong-type`` or ``out-of-range``)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TournamentError(
            f"expected a whole number, not {excerpt(repr(value))}",
            reason=Reason.WRONG_TYPE,
            path=what,
        )
    if not least <= value <= most:
        shown = value if -(10**15) < value < 10**15 else "a huge number"
        raise TournamentError(
            f"expected a number from {least} to {most}, not {shown}",
            reason=Reason.OUT_OF_RANGE,
            path=what,
        )
    return value


MOST_REASON: Final = 200
"""The longest reason of a correction or a penalty, in characters."""


def check_reason(value: object, *, empty: bool = True) -> str:
    """``value`` if it is an acceptable reason for a correction (printable text of at most
    :data:`MOST_REASON` characters), else raise :class:`TournamentError`."""
    if not isinstance(value, str):
        raise TournamentError(
            f"expected text, not {excerpt(value)}", reason=Reason.WRONG_TYPE, path="reason"
        )
    if not value.strip() and not empty:
        raise TournamentError(
            "a correction or a penalty needs its reason", reason=Reason.OUT_OF_ORDER, path="reason"
        )
    if len(value) > MOST_REASON or not value.isprintable():
        raise TournamentError(
            f"{excerpt(value)} must be printable text of at most {MOST_REASON} characters",
            reason=Reason.OUT_OF_RANGE,
            path="reason",
        )
    return value
