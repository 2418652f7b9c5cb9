"""The exit statuses of the ``burraco`` command, which every command returns.

0 when all went well, 1 when ``validate`` finds the meld illegal, 2 for a usage error or bad
input, 130 when interrupted (Ctrl-C).
"""

from __future__ import annotations

from typing import Final

__all__ = ["BAD_INPUT", "ILLEGAL_MELD", "INTERRUPTED", "OK"]

OK: Final = 0
"""Exit status: success."""
ILLEGAL_MELD: Final = 1
"""Exit status of ``validate`` when the meld is illegal."""
BAD_INPUT: Final = 2
"""Exit status for a usage error or bad input."""
INTERRUPTED: Final = 130
"""Exit status after Ctrl-C (128 plus the number of ``SIGINT``, as shells report it)."""
