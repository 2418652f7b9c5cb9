"""The public surface: every exported name resolves, is documented and is sorted."""

from __future__ import annotations

import ast
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


SOURCE = Path(burraco.__file__).parent


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_cross_module_uses(root: Path = SOURCE) -> list[str]:
    """Every place a module of the package uses another module's private names: ``from
    burraco.x import _name``, ``x._name`` on an imported module, and ``getattr`` or
    ``setattr`` of a ``"_name"``. Private modules (``burraco._engine.movegen``) may be imported;
    what they offer other modules has a name without the underscore."""
    found: list[str] = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(root.parent).as_posix()
        modules: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("burraco"):
                for alias in node.names:
                    target = f"{node.module}.{alias.name}"
                    is_module = (root.parent / (target.replace(".", "/") + ".py")).exists() or (
                        root.parent / target.replace(".", "/")
                    ).is_dir()
                    if is_module:
                        modules.add(alias.asname or alias.name)
                    elif _is_private(alias.name):
                        found.append(
                            f"{where}:{node.lineno}: from {node.module} import {alias.name}"
                        )
            elif isinstance(node, ast.Import):
                modules.update(
                    alias.asname or alias.name.split(".")[0]
                    for alias in node.names
                    if alias.name.startswith("burraco")
                )
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and _is_private(node.attr)
                and isinstance(node.value, ast.Name)
                and node.value.id in modules
            ):
                found.append(f"{where}:{node.lineno}: {node.value.id}.{node.attr}")
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, (ast.Name, ast.Attribute))
                and (node.func.id if isinstance(node.func, ast.Name) else node.func.attr)
                in {"getattr", "setattr", "__setattr__", "hasattr"}
                and any(
                    isinstance(arg, ast.Constant)
                    and isinstance(arg.value, str)
                    and _is_private(arg.value)
                    for arg in node.args
                )
            ):
                found.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_module_uses_another_modules_private_names() -> None:
    # What several modules need is a documented internal name (no underscore), in a private
    # module if it is machinery (burraco._engine.memo, burraco._engine.movegen, ...).
    assert private_cross_module_uses() == []


def test_the_private_name_check_finds_each_kind_of_use(tmp_path: Path) -> None:
    package = tmp_path / "burraco"
    package.mkdir()
    (package / "a.py").write_text("_x = 1\n", encoding="utf-8")
    (package / "b.py").write_text(
        "from burraco.a import _x\nfrom burraco import a\n"
        "y = a._x\nz = getattr(a, '_x')\nobject.__setattr__(a, '_x', 2)\n",
        encoding="utf-8",
    )
    found = private_cross_module_uses(package)
    assert [line.split(": ", 1)[1] for line in found] == [
        "from burraco.a import _x",
        "a._x",
        "getattr(a, '_x')",
        "object.__setattr__(a, '_x', 2)",
    ]
