"""``python -m burraco``: the same as the ``burraco`` command."""

import sys

from burraco.cli import main

if __name__ == "__main__":
    sys.exit(main())
