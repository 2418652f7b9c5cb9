"""Sphinx configuration for the burraco documentation."""

import sys
from importlib.metadata import version as _version
from importlib.util import find_spec as _find_spec
from pathlib import Path

from sphinx.ext.napoleon.docstring import GoogleDocstring

project = "burraco"
author = "The burraco developers"
copyright = "2026, The burraco developers"
release = _version("burraco")
version = release

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.intersphinx",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "burraco_pictures",
]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "_ext"]

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
# show defaults as written in the source (rules=CLASSIC), not as the value's whole repr
autodoc_preserve_defaults = True

# Links to Python's documentation, from an inventory kept in the repository (written by
# _ext/python_inventory.py) so that the build needs no network: CI reaches only package indexes.
intersphinx_mapping = {"python": ("https://docs.python.org/3", "_inventories/python.inv")}
# The RL toolkits are optional: document their adapters even where they are not installed.
autodoc_mock_imports = [
    name for name in ("numpy", "pettingzoo", "gymnasium", "pyspiel") if _find_spec(name) is None
]


def _plain_attribute_docstring(self: GoogleDocstring) -> list[str]:
    """Napoleon reads "text: more" in an attribute docstring as "type: description"; our
    attribute docstrings are plain sentences, so keep them whole."""
    return list(self._consume_to_end())


GoogleDocstring._parse_attribute_docstring = _plain_attribute_docstring  # type: ignore[method-assign]
napoleon_google_docstring = True
napoleon_numpy_docstring = False

html_theme = "furo"
html_static_path = ["_static"]
html_title = f"burraco {release}"
