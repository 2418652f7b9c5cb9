"""Development sessions: ``nox`` runs tests, typecheck, lint and docs; others on request.

``nox -s tests``, ``nox -s typecheck``, ``nox -s lint`` and ``nox -s docs`` are the checks that
``.ci/run`` also runs.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import nox

nox.options.sessions = ["tests", "typecheck", "lint", "docs"]
nox.options.default_venv_backend = "venv"
nox.options.reuse_existing_virtualenvs = True


@nox.session
def tests(session: nox.Session) -> None:
    """Run the test suite (unit, property and doctests), as the README says."""
    session.install("-e", ".[tests]")
    session.run("python", "-m", "pytest", *session.posargs)


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict on the package and the tests."""
    session.install("-e", ".[typing]")
    session.run("mypy", "--strict", "src", "tests", "noxfile.py")


@nox.session
def lint(session: nox.Session) -> None:
    """ruff's linter and formatter check."""
    session.install("ruff")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the documentation with warnings as errors, and run its examples."""
    session.install("-e", ".[docs,tests]")
    session.run("sphinx-build", "-W", "--keep-going", "-b", "html", "docs", "docs/_build/html")
    session.run("python", "-m", "pytest", "docs", "README.md")


@nox.session
def fuzz(session: nox.Session) -> None:
    """Feed 100,000 hostile documents to the loader (``BURRACO_FUZZ`` sets another count)."""
    session.install("-e", ".[tests]")
    count = os.environ.get("BURRACO_FUZZ", "100000")
    session.run(
        "python",
        "-m",
        "pytest",
        "-s",
        "-p",
        "no:cacheprovider",
        "tests/test_fuzz.py",
        *session.posargs,
        env={"BURRACO_FUZZ": count},
    )


@nox.session
def soak(session: nox.Session) -> None:
    """Play 10,000 random hands, checking and round-tripping every state (slow: minutes).

    ``nox -s soak -- --hands 50000 --workers 4`` changes the figures.
    """
    session.install("-e", ".[tests]")
    session.run("python", "-m", "tests.soak", "--hands", "10000", *session.posargs)


@nox.session
def golden(session: nox.Session) -> None:
    """Write the golden playthroughs under tests/golden/ again, on purpose: review the diff."""
    session.install("-e", ".[tests]")
    session.run("python", "-m", "tests.golden")


@nox.session
def bench(session: nox.Session) -> None:
    """The benchmark suite: prints a table and writes benchmarks/results/latest.json."""
    session.install("-e", ".")
    session.run("python", "benchmarks/run.py", *session.posargs)


@nox.session
def duel(session: nox.Session) -> None:
    """A duplicate duel between two bots (slow for search bots: minutes to hours).

    ``nox -s duel -- search greedy --deals 200 --seed 2026 --json`` passes its arguments to
    ``burraco duel``; without arguments it plays greedy against random over 1,000 deal pairs.
    """
    session.install("-e", ".")
    arguments = session.posargs or ["greedy", "random", "--deals", "1000", "--jobs", "2"]
    session.run("burraco", "duel", *arguments)


@nox.session
def wheel(session: nox.Session) -> None:
    """Build the wheel and sdist, check them with twine, and test the installed wheel.

    The tests run against the wheel in this session's fresh environment, not against ``src/``.
    """
    session.install("build", "twine")
    out = Path(session.create_tmp()) / "dist"
    shutil.rmtree(out, ignore_errors=True)
    session.run("python", "-m", "build", "--outdir", str(out))
    built = sorted(str(path) for path in out.iterdir())
    session.run("twine", "check", "--strict", *built)
    wheel_file = next(path for path in built if path.endswith(".whl"))
    session.install(f"{wheel_file}[tests]")
    session.run(
        "python",
        "-c",
        "import burraco, sys; assert 'site-packages' in burraco.__file__, burraco.__file__; "
        "print('testing the installed wheel:', burraco.__file__)",
    )
    session.run(
        "python", "-m", "pytest", "tests", "docs", "README.md", "-p", "no:cacheprovider",
        "-o", "testpaths=", *session.posargs,
    )  # fmt: skip
