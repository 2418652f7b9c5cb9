"""Write the golden pictures again: ``python -m tests.golden_svg``."""

from tests.golden_svg import CASES, path

for name, draw in CASES.items():
    path(name).write_text(draw(), encoding="utf-8")
    print("wrote", path(name))
