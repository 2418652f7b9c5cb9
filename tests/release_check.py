"""The release check: the pushed tag, ``src/burraco/_version.py``, the changelog and the built
files all name one version.

``python -m tests.release_check v0.3.0`` checks that the tag is ``v`` and the version in
``src/burraco/_version.py`` (the one place the version is written), that the version is a plain
public version PyPI accepts, and that ``CHANGELOG.md`` has a dated section for it, the newest
under "Unreleased". ``--dist DIR`` also checks the files a release would publish: one sdist,
one pure wheel, any number of compiled wheels, each named for that version. Without a tag,
only the files are checked (``nox -s release`` does that). The wheels workflow runs it before
anything is built and again on the files it is about to upload; it needs only the standard
library, so it runs without installing anything. Exits 1, printing one line per problem.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import re
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
VERSION_FILE: Final = Path("src") / "burraco" / "_version.py"
CHANGELOG: Final = Path("CHANGELOG.md")

PUBLIC_VERSION: Final = re.compile(
    r"(0|[1-9]\d*)(\.(0|[1-9]\d*))+((a|b|rc)(0|[1-9]\d*))?(\.post\d+)?"
)
"""A version as PEP 440 writes it in its normal form, without an epoch, a dev part or a local
part: what a release of this project may be called (``1.2.0``, ``1.2.0rc1``, ``1.2.0.post1``)."""

RELEASE_HEADING: Final = re.compile(
    r"## \[(?P<version>[^\]]+)\](?: - (?P<date>\S+))?(?P<yanked> \[YANKED\])?\s*"
)
"""A second-level heading of the changelog: ``## [Unreleased]``, ``## [1.2.0] - 2026-12-24``,
or, for a release withdrawn from PyPI, ``## [1.2.0] - 2026-12-24 [YANKED]``."""

PURE_WHEEL_TAG: Final = "py3-none-any"


def package_version(root: Path = ROOT) -> str:
    """The version written in ``src/burraco/_version.py``, read without importing the package."""
    tree = ast.parse((root / VERSION_FILE).read_text(encoding="utf-8"))
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and [getattr(target, "id", None) for target in node.targets] == ["__version__"]
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            return node.value.value
    raise ValueError(f"{VERSION_FILE} assigns no string to __version__")


def tag_problems(tag: str, version: str) -> list[str]:
    """What is wrong with releasing ``version`` under the git tag ``tag``."""
    problems = []
    if PUBLIC_VERSION.fullmatch(version) is None:
        problems.append(
            f"{VERSION_FILE} says {version!r}, which is not a plain public version "
            "(like 1.2.0, 1.2.0rc1 or 1.2.0.post1)"
        )
    if tag != f"v{version}":
        problems.append(f"the tag {tag!r} is not 'v' and the version in {VERSION_FILE}: v{version}")
    return problems


def changelog_sections(text: str) -> list[tuple[str, str | None, list[str]]]:
    """The changelog's ``##`` sections in order: (name, date or None, lines of its body)."""
    sections: list[tuple[str, str | None, list[str]]] = []
    for line in text.splitlines():
        heading = RELEASE_HEADING.fullmatch(line)
        if heading is not None:
            sections.append((heading["version"], heading["date"], []))
        elif line.startswith("## "):
            sections.append((line[3:].strip(), None, []))
        elif sections:
            sections[-1][2].append(line)
    return sections


def changelog_problems(text: str, version: str) -> list[str]:
    """What is wrong with the changelog for a release of ``version``: it needs an
    ``## [Unreleased]`` section (kept for the next changes), then, as the newest release, a
    section ``## [VERSION] - YYYY-MM-DD`` with at least one entry."""
    sections = changelog_sections(text)
    names = [name for name, _, _ in sections]
    if "Unreleased" not in names:
        return ["CHANGELOG.md has no '## [Unreleased]' section to keep the next changes in"]
    releases = sections[names.index("Unreleased") + 1 :]
    if not releases or releases[0][0] != version:
        newest = releases[0][0] if releases else "none"
        return [
            f"CHANGELOG.md's newest release section is {newest!r}, not {version!r}: cut the "
            f"'## [{version}] - YYYY-MM-DD' section from 'Unreleased' first"
        ]
    problems = []
    if names.count(version) > 1:
        problems.append(f"CHANGELOG.md has {names.count(version)} sections for {version}")
    _, date, body = releases[0]
    try:
        datetime.date.fromisoformat(date or "")
    except ValueError:
        problems.append(
            f"CHANGELOG.md's section for {version} has no date (## [{version}] - YYYY-MM-DD)"
        )
    if not any(line.startswith("- ") for line in body):
        problems.append(f"CHANGELOG.md's section for {version} lists no change")
    return problems


def dist_problems(names: Iterable[str], version: str) -> list[str]:
    """What is wrong with the files a release of ``version`` would publish (given by name): one
    sdist, one pure wheel, compiled wheels, all of this version, and nothing else."""
    names = sorted(names)
    sdists = [name for name in names if name.endswith(".tar.gz")]
    wheels = [name for name in names if name.endswith(".whl")]
    problems = [
        f"{name}: neither an sdist nor a wheel" for name in names if name not in sdists + wheels
    ]
    if sdists != [f"burraco-{version}.tar.gz"]:
        problems.append(f"expected one sdist, burraco-{version}.tar.gz; found {sdists or 'none'}")
    for name in wheels:
        parts = name.removesuffix(".whl").split("-")
        if len(parts) != 5 or parts[:2] != ["burraco", version]:
            problems.append(f"{name}: not a wheel of burraco {version}")
    pure = [name for name in wheels if name.endswith(f"-{PURE_WHEEL_TAG}.whl")]
    if len(pure) != 1:
        problems.append(f"expected one pure wheel (*-{PURE_WHEEL_TAG}.whl); found {pure or 'none'}")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    """Check a release: the tag against the version and the changelog, and the built files."""
    parser = argparse.ArgumentParser(prog="python -m tests.release_check", description=main.__doc__)
    parser.add_argument("tag", nargs="?", help="the git tag being released, like v1.2.0")
    parser.add_argument("--dist", type=Path, metavar="DIR", help="the folder of built files")
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if options.tag is None and options.dist is None:
        parser.error("give a tag, --dist DIR, or both")
    version = package_version(options.root)
    problems = []
    if options.tag is not None:
        problems += tag_problems(options.tag, version)
        text = (options.root / CHANGELOG).read_text(encoding="utf-8")
        problems += changelog_problems(text, version)
    if options.dist is not None:
        names = [path.name for path in options.dist.iterdir() if path.is_file()]
        problems += dist_problems(names, version)
    for problem in problems:
        print(f"release check: {problem}", file=sys.stderr)
    if problems:
        return 1
    checked = []
    if options.tag is not None:
        checked.append(f"the tag {options.tag}, {VERSION_FILE.as_posix()} and {CHANGELOG}")
    if options.dist is not None:
        checked.append(f"the {len(names)} files in {options.dist}")
    print(f"release check: burraco {version}: {' and '.join(checked)} agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
