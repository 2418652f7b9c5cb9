"""The built documentation: the rough edges a newcomer met, checked in the HTML itself.

The docs are built once for this module (about ten seconds) when Sphinx and the theme are
installed (``pip install -e '.[docs]'``); otherwise these tests are skipped.
"""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import burraco

DOCS = Path(__file__).parent.parent / "docs"

pytest.importorskip("sphinx")
pytest.importorskip("furo")
pytest.importorskip("myst_parser")


pytestmark = pytest.mark.slow  # the slow tier (`pytest -m slow`): it builds the docs


@pytest.fixture(scope="module")
def html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The docs built as HTML, with warnings as errors, into a temporary directory."""
    out = tmp_path_factory.mktemp("html")
    build = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(DOCS),
         str(out), "-d", str(out / ".doctrees")],
        capture_output=True,
        text=True,
        check=False,
    )  # fmt: skip
    assert build.returncode == 0, build.stderr
    return out


def page(html: Path, name: str) -> str:
    return (html / name).read_text(encoding="utf-8")


def signatures(text: str) -> list[str]:
    return re.findall(r'<dt class="sig sig-object py".*?</dt>', text, re.DOTALL)


@pytest.mark.skipif(
    burraco.__compiled__, reason="compiled functions keep no source to read the defaults from"
)
def test_signatures_show_rules_classic_not_the_whole_rules_repr(html: Path) -> None:
    every = [s for path in html.rglob("*.html") for s in signatures(path.read_text("utf-8"))]
    assert len(every) > 100
    assert not [s for s in every if "Rules(name=" in s]
    melds = " ".join(signatures(page(html, "reference/melds.html")))
    assert re.search(r"rules</span>.*?CLASSIC", melds, re.DOTALL)
    assert not any("Rules(name=" in path.read_text("utf-8") for path in html.rglob("*.html"))


@pytest.mark.parametrize(
    "name",
    ["CLASSIC", "FIBUR", "INTERNATIONAL", "PRESETS", "JOKER", "JOKER_POINTS", "RANK_POINTS",
     "THREE_DEALS", "FOUR_DEALS", "VictoryTable", "Action", "cli.main", "svg.table"],
)  # fmt: skip
def test_public_names_are_indexed_as_burraco_dot_name(html: Path, name: str) -> None:
    anchors = {
        anchor
        for path in (html / "reference").glob("*.html")
        for anchor in re.findall(r'id="(burraco\.[\w.]+)"', path.read_text("utf-8"))
    }
    assert f"burraco.{name}" in anchors
    assert f"burraco.{name}" in page(html, "genindex.html")


def test_no_garbled_entries_in_the_index(html: Path) -> None:
    index = page(html, "genindex.html")
    anchors = " ".join(
        " ".join(re.findall(r'id="(burraco\.[\w.]+)"', path.read_text("utf-8")))
        for path in (html / "reference").glob("*.html")
    )
    assert re.search(r"burraco\.\w+\.burraco\.", anchors + index) is None


def test_python_names_link_to_pythons_docs_built_offline(html: Path) -> None:
    game = page(html, "reference/game.html")
    assert 'href="https://docs.python.org/3/library/functions.html#int"' in game
    assert 'href="https://docs.python.org/3/library/stdtypes.html#tuple"' in game


def test_the_index_page_has_the_install_line_and_a_first_example(html: Path) -> None:
    index = re.sub(r"<[^>]+>", "", page(html, "index.html"))
    assert "pip install burraco" in index
    assert "validate_meld" in index and "score_hand" in index


def test_long_lines_wrap_in_code_boxes(html: Path) -> None:
    css = page(html, "_static/burraco.css")
    assert re.search(r"\.highlight pre \{[^}]*white-space: pre-wrap", css)
    assert "_static/burraco.css" in page(html, "tutorial.html")


@pytest.mark.parametrize(
    ("name", "least"),
    [("tutorial.html", 5), ("howto/validate-a-meld.html", 4), ("rules.html", 6)],
)
def test_pages_show_pictures_drawn_by_the_library(html: Path, name: str, least: int) -> None:
    pictures = re.findall(
        r'<span class="burraco-svg">(<svg xmlns="http://www.w3.org/2000/svg".*?</svg>)',
        page(html, name),
        re.DOTALL,
    )
    assert len(pictures) >= least
    for picture in pictures:
        ET.fromstring(picture)
