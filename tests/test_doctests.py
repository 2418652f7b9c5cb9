"""The examples in the docstrings of every module of the installed ``burraco`` package.

They run from here, on the package that ``import burraco`` finds, rather than by collecting
``src/burraco`` with ``--doctest-modules``: so ``python -m pytest`` works the same in a
checkout, in an unpacked sdist against the installed package, and against a wheel.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import io
import pkgutil

import pytest

import burraco

MODULES = sorted(
    name
    for _, name, _ in pkgutil.walk_packages(burraco.__path__, "burraco.")
    if name != "burraco.__main__"
)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
EXAMPLES_NEED = {"burraco.server.ratings": "openskill"}
"""Optional packages that a module's examples use although the module imports without them."""


@pytest.mark.parametrize("name", ["burraco", *MODULES])
def test_the_examples_in_the_module_docstrings_hold(name: str) -> None:
    try:
        module = importlib.import_module(name)
    except ImportError as error:  # an optional extra that is not installed
        pytest.skip(f"{name} needs {error.name}")
    needed = EXAMPLES_NEED.get(name)
    if needed is not None and importlib.util.find_spec(needed) is None:
        pytest.skip(f"the examples of {name} need {needed}")
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report = io.StringIO()
    for test in finder.find(module, name, globs=dict(vars(module))):
        runner.run(test, out=report.write)
    if runner.failures:
        pytest.fail(
            f"{runner.failures} failing example(s) in {name}:\n{report.getvalue()}", pytrace=False
        )


def test_the_core_modules_have_examples_to_run() -> None:
    core = ["burraco", "burraco.cards", "burraco.melds", "burraco.match", "burraco.svg"]
    found = sum(
        len(test.examples)
        for name in core
        for test in doctest.DocTestFinder().find(importlib.import_module(name), name)
    )
    assert found > 30
