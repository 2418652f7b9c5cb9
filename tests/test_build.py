"""The optional mypyc build hook (``hatch_build.py``), checked without compiling anything.

The compiled build itself is built and tested through pip by ``nox -s compiled``; these tests
check what it relies on: mypyc type-checks every module the compiled ones reach, so an optional
package imported anywhere in the package must be on the hook's list, or building in a fresh
virtual environment fails on its missing stubs.
"""

from __future__ import annotations

import ast
import importlib.util
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "src" / "burraco"
HOOK = ROOT / "hatch_build.py"
REQUIRED = {"attrs", "attr"}
"""The package's one dependency (``attrs``, which also ships ``attr``)."""


def load_hook(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    """``hatch_build`` imported with a stand-in for hatchling, which is only a build dependency."""
    names = ["hatchling", "hatchling.builders", "hatchling.builders.hooks"]
    names += ["hatchling.builders.hooks.plugin", "hatchling.builders.hooks.plugin.interface"]
    for name in names:
        stub = types.ModuleType(name)
        stub.BuildHookInterface = object  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, name, stub)
    spec = importlib.util.spec_from_file_location("hatch_build_under_test", HOOK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def third_party_imports(path: Path) -> set[str]:
    """The top-level names of the packages outside the standard library that a module imports."""
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return {r for r in roots if r not in sys.stdlib_module_names and r not in {"burraco"}}


def test_every_optional_package_the_source_imports_is_skipped_by_the_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hook = load_hook(monkeypatch)
    imported = set().union(*(third_party_imports(p) for p in PACKAGE.rglob("*.py")))
    assert {"ray", "hypothesis", "numpy"} <= imported
    assert imported - REQUIRED == set(hook.OPTIONAL_IMPORTS)


def test_no_compiled_module_imports_an_optional_package(monkeypatch: pytest.MonkeyPatch) -> None:
    hook = load_hook(monkeypatch)
    for name in hook.COMPILED:
        assert third_party_imports(PACKAGE / f"{name}.py") <= REQUIRED, name


def test_mypy_checks_the_compiled_modules_with_no_optional_package_installed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # As in a fresh virtual environment: only the package and attrs, no site-packages.
    pytest.importorskip("mypy")
    import attr
    import attrs

    hook = load_hook(monkeypatch)
    shutil.copytree(PACKAGE, tmp_path / "burraco")
    for module in (attr, attrs):
        assert module.__file__ is not None
        shutil.copytree(Path(module.__file__).parent, tmp_path / module.__name__)
    (tmp_path / "mypyc.ini").write_text(hook.mypy_config(), encoding="utf-8")
    (tmp_path / "bare.ini").write_text("[mypy]\n", encoding="utf-8")
    sources = [f"burraco/{name}.py" for name in hook.COMPILED]

    def mypy(config: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "mypy", "--no-site-packages", "--config-file", config,
             "--cache-dir", str(tmp_path / f"cache-{config}"), *sources],
            cwd=tmp_path, capture_output=True, text=True, check=False,
        )  # fmt: skip

    bare = mypy("bare.ini")
    assert bare.returncode == 1 and 'module named "ray"' in bare.stdout, bare.stdout
    # the invariant checks the loader runs live in burraco.checks, apart from the strategies
    assert 'module named "hypothesis"' not in bare.stdout
    checked = mypy("mypyc.ini")
    assert checked.returncode == 0, checked.stdout
