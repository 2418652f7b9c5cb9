"""Write ``docs/_inventories/python.inv``: the Python names the burraco docs link to.

Sphinx's intersphinx links names such as :class:`int` or :class:`random.Random` to Python's
documentation by reading an inventory, normally downloaded from docs.python.org at every build.
The docs must build offline (CI reaches only package registries), so the inventory is kept in
the repository instead: this script writes it from the list below, in Sphinx's inventory format
(version 2), with links to https://docs.python.org/3/. Run it again after adding a name:

    python docs/_ext/python_inventory.py
"""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import Final

TARGET: Final = Path(__file__).parent.parent / "_inventories" / "python.inv"

# (name, role, page and anchor); the anchor is the name unless the page gives "#..."
BUILTIN_FUNCTIONS: Final = ("bool", "int", "float", "isinstance", "len", "repr", "sorted")
STDTYPES: Final = ("str", "bytes", "tuple", "list", "dict", "set", "frozenset")
EXCEPTIONS: Final = (
    "Exception",
    "ValueError",
    "TypeError",
    "KeyError",
    "RuntimeError",
    "OSError",
    "BrokenPipeError",
    "KeyboardInterrupt",
    "SystemExit",
)
MODULES: Final = {
    "collections.abc": ("Callable", "Iterable", "Iterator", "Mapping", "Sequence"),
    "typing": ("Any", "Final", "Literal", "Protocol", "TypeAlias"),
    "enum": ("Enum", "IntEnum", "StrEnum"),
    "random": ("Random",),
    "json": ("dumps", "loads"),
    "pathlib": ("Path",),
    "concurrent.futures": ("ProcessPoolExecutor",),
}
FUNCTIONS: Final = {"json.dumps", "json.loads"}


def entries() -> list[str]:
    """The inventory's lines: ``name domain:role priority uri display-name``."""
    lines = []
    for name in BUILTIN_FUNCTIONS:
        role = "function" if name in ("isinstance", "len", "repr", "sorted") else "class"
        lines.append(f"{name} py:{role} 1 library/functions.html#$ -")
    lines += [f"{name} py:class 1 library/stdtypes.html#$ -" for name in STDTYPES]
    lines += [f"{name} py:exception 1 library/exceptions.html#$ -" for name in EXCEPTIONS]
    lines += ["None py:data 1 library/constants.html#$ -"]
    lines += [f"{name} py:data 1 library/constants.html#$ -" for name in ("True", "False")]
    for module, names in MODULES.items():
        lines.append(f"{module} py:module 0 library/{module}.html#module-$ -")
        for name in names:
            full = f"{module}.{name}"
            role = "function" if full in FUNCTIONS else "class"
            lines.append(f"{full} py:{role} 1 library/{module}.html#$ -")
    return sorted(lines)


def inventory() -> bytes:
    """The whole inventory file."""
    header = (
        "# Sphinx inventory version 2\n"
        "# Project: Python\n"
        "# Version: 3\n"
        "# The remainder of this file is compressed using zlib.\n"
    )
    body = "".join(f"{line}\n" for line in entries())
    return header.encode() + zlib.compress(body.encode(), 9)


if __name__ == "__main__":
    TARGET.parent.mkdir(exist_ok=True)
    TARGET.write_bytes(inventory())
    print(f"wrote {TARGET} ({len(entries())} names)")
