"""``python -m burraco``: the same as the ``burraco`` command."""

import sys

from burraco.cli import main

sys.exit(main())
