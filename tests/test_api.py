"""The public surface: every exported name resolves, is documented and is sorted."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import burraco

REFERENCE = Path(__file__).parent.parent / "docs" / "reference"


def documented_names() -> set[str]:
    text = "\n".join(page.read_text(encoding="utf-8") for page in REFERENCE.glob("*.md"))
    return set(re.findall(r"::\s+burraco(?:\.\w+)*\.(\w+)", text))


def test_all_is_sorted_and_unique() -> None:
    assert burraco.__all__ == sorted(set(burraco.__all__))


@pytest.mark.parametrize("name", burraco.__all__)
def test_every_exported_name_resolves(name: str) -> None:
    assert getattr(burraco, name) is not None


@pytest.mark.parametrize("name", burraco.__all__)
def test_every_exported_name_is_in_the_api_reference(name: str) -> None:
    assert name in documented_names()


def test_version_comes_from_the_package_metadata() -> None:
    from importlib.metadata import version

    assert burraco.__version__ == version("burraco")


def test_the_package_is_typed() -> None:
    assert (Path(burraco.__file__).parent / "py.typed").is_file()
