"""Citations of the rules: every "rules §5.4" in the code, tests and docs names a section of
the rules page (docs/rules.md), and every section there has the label that links to it.

The rules page numbers its sections ("## 5. Melds", "### 5.4 Where a wild sits, ...") and
puts a MyST target before each one (``(rules-5-4)=``). Docstrings, comments and messages cite
a section as "rules §5.4", the docs as a link, ``{ref}`rules §5.4 <rules-5-4>```.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
RULES_PAGE = ROOT / "docs" / "rules.md"
SECTION = "\N{SECTION SIGN}"
# The project's specification file, which users do not have: nothing may cite it.
SPEC_FILE = "RULES" + ".md"
SUFFIXES = {".py", ".md", ".txt", ".toml", ".rst", ".cfg"}
HEADING = re.compile(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", re.MULTILINE)
CITATION = re.compile(SECTION + r"(\d+(?:\.\d+)?)")
LINK = re.compile(r"`[^`<]*?" + SECTION + r"(\d+(?:\.\d+)?)[^`<]*<(rules-[\d-]+)>`")
TARGET = re.compile(r"<(rules-[^>]*)>`")


def sections() -> dict[str, str]:
    """The rules page's section numbers, each with the label written just before it."""
    lines = RULES_PAGE.read_text(encoding="utf-8").splitlines()
    found: dict[str, str] = {}
    for index, line in enumerate(lines):
        heading = HEADING.match(line)
        if heading is None:
            continue
        label = lines[index - 1] if index > 0 else ""
        found[heading.group(1)] = label
    return found


def cited_files() -> list[Path]:
    """The files that may cite the rules: the package, tests, docs, benchmarks, README."""
    trees = [ROOT / name for name in ("src", "tests", "docs", "benchmarks")]
    files = [p for tree in trees for p in tree.rglob("*") if p.suffix in SUFFIXES and p.is_file()]
    return sorted([*files, ROOT / "README.md", ROOT / "noxfile.py"])


def test_every_numbered_section_has_its_label_just_before_it() -> None:
    found = sections()
    assert {"1", "2", "4.1", "5", "5.4", "5.5", "7.1", "7.2", "9", "11", "12"} <= set(found)
    for number, label in found.items():
        assert label == f"(rules-{number.replace('.', '-')})=", number


def test_sections_are_numbered_in_order_without_gaps() -> None:
    numbers = [tuple(int(part) for part in number.split(".")) for number in sections()]
    expected_top = 1
    for number in numbers:
        if len(number) == 1:
            assert number == (expected_top,)
            expected_top += 1
            expected_sub = 1
        else:
            assert number == (expected_top - 1, expected_sub)
            expected_sub += 1


def test_every_citation_names_a_section_of_the_rules_page() -> None:
    known = set(sections())
    unresolved = [
        f"{path.relative_to(ROOT)}:{text[: m.start()].count(chr(10)) + 1}: {SECTION}{m.group(1)}"
        for path in cited_files()
        if path != Path(__file__)
        for text in [path.read_text(encoding="utf-8")]
        for m in CITATION.finditer(text)
        if m.group(1) not in known
    ]
    assert unresolved == []
    # the check reads the files it should: the package cites the rules page many times
    package = [p for p in cited_files() if "src" in p.parts]
    assert sum(len(CITATION.findall(p.read_text(encoding="utf-8"))) for p in package) > 40


def test_links_to_rules_sections_name_the_section_they_point_to() -> None:
    labels = set(sections().values())
    links = 0
    for path in cited_files():
        text = path.read_text(encoding="utf-8")
        for target in TARGET.findall(text):
            assert f"({target})=" in labels, f"{path.relative_to(ROOT)}: no label {target}"
        for link in LINK.finditer(text):
            links += 1
            assert link.group(2) == "rules-" + link.group(1).replace(".", "-"), link.group(0)
    assert links > 5


def test_nothing_cites_the_specification_file_users_do_not_have() -> None:
    citing = [
        str(path.relative_to(ROOT))
        for path in cited_files()
        if SPEC_FILE in path.read_text(encoding="utf-8")
    ]
    assert citing == []
