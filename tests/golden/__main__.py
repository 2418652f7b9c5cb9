"""``python -m tests.golden``: write the golden playthroughs again (on purpose)."""

from __future__ import annotations

from tests.golden import DIRECTORY, write_all


def main() -> None:
    """Write every golden file and say how many and how large."""
    written = write_all()
    size = sum(path.stat().st_size for path in written)
    print(f"wrote {len(written)} golden playthroughs ({size / 1024:.0f} KiB) to {DIRECTORY}")


if __name__ == "__main__":
    main()
