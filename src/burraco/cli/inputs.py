"""Reading what a command is given: a file or standard input, and the error for bad input."""

from __future__ import annotations

import sys

__all__ = ["InputError", "read_text"]


class InputError(Exception):
    """Bad input found by a command: a one-line message, exit status 2."""


def read_text(path: str, most: int) -> str:
    """The text of the file ``path`` (``-``: standard input), read up to one character more
    than ``most``, so that a huge file is refused by its reader without filling the memory."""
    if path == "-":
        return sys.stdin.read(most + 1)
    with open(path, encoding="utf-8") as file:
        return file.read(most + 1)
