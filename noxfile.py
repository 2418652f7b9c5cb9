"""Development sessions: ``nox`` runs tests, typecheck, lint and docs; others on request.

``nox -s tests``, ``nox -s typecheck``, ``nox -s lint`` and ``nox -s docs`` are the checks that
``.ci/run`` also runs, with ``nox -s compiled`` (the whole suite against the mypyc build,
installed through pip from the sdist as the docs say).
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
import tarfile
import tomllib
from pathlib import Path

import nox

nox.options.sessions = ["tests", "typecheck", "lint", "docs"]
nox.options.default_venv_backend = "venv"
nox.options.reuse_existing_virtualenvs = True


@nox.session
def tests(session: nox.Session) -> None:
    """Run the fast tier of the test suite (unit, property and doctests), as the README says."""
    session.install("-e", ".[tests]")
    session.run("python", "-m", "pytest", *session.posargs)


@nox.session
def slow(session: nox.Session) -> None:
    """Run the slow tier: the brute-force comparisons, soak-sized random play, the long fuzz,
    the state machine and the docs build (``pytest -m slow``, which ``.ci/run`` also runs)."""
    session.install("-e", ".[tests,docs]")
    session.run("python", "-m", "pytest", "-m", "slow", *session.posargs)


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
        "-m",
        "slow or not slow",
        *session.posargs,
        env={"BURRACO_FUZZ": count},
    )


@nox.session
def record_fuzz(session: nox.Session) -> None:
    """Read 20,000 hostile game records (``BURRACO_RECORD_FUZZ`` sets another count), then time
    reading hostile records and documents 1x and 10x as large: the time must grow with the size,
    not with its square."""
    session.install("-e", ".[tests]")
    count = os.environ.get("BURRACO_RECORD_FUZZ", "20000")
    session.run(
        "python",
        "-m",
        "pytest",
        "-s",
        "-p",
        "no:cacheprovider",
        "tests/test_record_fuzz.py",
        "-m",
        "slow or not slow",
        *session.posargs,
        env={"BURRACO_RECORD_FUZZ": count, "BURRACO_RECORD_TIMING": "1"},
    )


@nox.session
def soak(session: nox.Session) -> None:
    """Play 10,000 random hands, checking and round-tripping every state (slow: minutes).

    ``nox -s soak -- --hands 50000 --workers 4`` changes the figures.
    """
    session.install("-e", ".[tests]")
    session.run("python", "-m", "tests.soak", "--hands", "10000", *session.posargs)


@nox.session
def bruteforce(session: nox.Session) -> None:
    """Compare ``legal_actions`` with the brute force of ``tests/bruteforce.py`` on 100,000
    positions: random play under every preset and player count, positions built to stress wild
    placement, large hands taken from the pile, small hands after a one-card pile (minutes).
    Fails on any difference.

    ``nox -s bruteforce -- --positions 500000 --seed 7`` changes the figures.
    """
    session.install("-e", ".[tests]")
    session.run("python", "-m", "tests.bruteforce", "--positions", "100000", *session.posargs)


@nox.session
def golden(session: nox.Session) -> None:
    """Write the golden playthroughs under tests/golden/ again, on purpose: review the diff."""
    session.install("-e", ".[tests]")
    session.run("python", "-m", "tests.golden")


@nox.session
def bench(session: nox.Session) -> None:
    """The benchmark suite, pure Python and mypyc-compiled side by side, against RLCard.

    Builds the compiled wheel (``BURRACO_MYPYC=1``), installs it into a directory of its own,
    and runs ``benchmarks/run.py --compiled DIR``: the source runs in the session's process,
    the compiled wheel in a child process. Prints tables and writes
    ``benchmarks/results/latest.json``; ``nox -s bench -- --quick`` is a short run.
    """
    session.install("-e", ".[bench]", "build")
    target = _compiled_target(session, "bench")
    session.run("python", "benchmarks/run.py", "--compiled", str(target), *session.posargs)


@nox.session
def rlbench(session: nox.Session) -> None:
    """What RL and bot users run, against the peers: env steps and agent decisions per CPU
    second, pure Python and mypyc-compiled in one run (``benchmarks/rl_peers.py``).

    Builds the compiled wheel into a directory of its own, then runs the script with
    ``--compiled DIR``: the source's rows and the peers (RLCard's gin-rummy env, OpenSpiel's
    C++ gin rummy with and without observations) in the session's process, the compiled
    build's rows in a child process, rounds alternating, one table with every row's ratio to
    every peer; then the agents' decisions per CPU second the same way. Arguments go to the
    script (``nox -s rlbench -- --rounds 3 --seconds 1``). Last, it checks that both builds
    give the accepted digests of ``benchmarks/rl_digests.py`` (observation vectors and 1,500
    search decisions).
    """
    session.install("-e", ".[bench,pettingzoo,gymnasium,openspiel]", "build")
    target = _compiled_target(session, "rl")
    script = "benchmarks/rl_peers.py"
    for flags in ([], ["--agents", "--rounds", "3", "--seconds", "10"]):
        session.run("python", script, *flags, "--compiled", str(target), *session.posargs)
    # and both builds still give the accepted observations and search decisions
    digests = "benchmarks/rl_digests.py"
    session.run("python", digests, "--compare")
    session.run("python", digests, "--compare", env={"PYTHONPATH": str(target)})


@nox.session
def rl(session: nox.Session) -> None:
    """The RL encodings and environments with every toolkit installed: their conformance
    tests, the how-to's examples, then their throughput beside the engine's."""
    session.install("-e", ".[tests,pettingzoo,gymnasium,openspiel]")
    session.run(
        "python",
        "-m",
        "pytest",
        "tests/test_encoding.py",
        "tests/test_envs.py",
        "tests/test_howto_train.py",
        "tests/test_optional.py",
        "src/burraco/encoding.py",
        "src/burraco/envs",
        *session.posargs,
    )
    session.run("python", "benchmarks/envs.py", "--seconds", "5")


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
def learn(session: nox.Session) -> None:
    """level6's network trained again as the shipped one was (minutes of CPU): 40,000 hands of
    greedy play at 4 players from seed 6000 in a process per CPU, then the fit, written to
    ``net.json`` in the session's folder. Arguments go to ``python -m burraco.learn``
    (``nox -s learn -- --hands 2000``). Compare the file with ``src/burraco/_bots/network.json``;
    to ship new weights, replace it and follow docs/learned.md's "Retraining"."""
    session.install("-e", ".[learn]")
    out = Path(session.create_tmp()) / "net.json"
    session.run(
        "python",
        "-m",
        "burraco.learn",
        "--players",
        "4",
        "--hands",
        "40000",
        "--seed",
        "6000",
        "--jobs",
        str(os.cpu_count() or 1),
        "--out",
        str(out),
        *session.posargs,
    )


@nox.session
def ladder(session: nox.Session) -> None:
    """The levels' ladder (hours of CPU): duplicate duels of 500 deal pairs between neighbouring
    levels (level2 against level1, ..., level5 against level4) and level5 against ``search``,
    on the evaluation seeds 9000 to 9004, which no tuning used; ``--jobs`` is the CPU count.

    Writes each duel's JSON summary and ``ladder.json`` (with Bradley-Terry ratings) into
    ``benchmarks/results/`` and prints a Markdown table for the docs' ladder page. A duel
    already saved with as many deal pairs is not played again, so a stopped run resumes.
    Arguments go to ``benchmarks/ladder.py`` (``nox -s ladder -- --deals 1000``).
    """
    session.install("-e", ".")
    session.run(
        "python",
        "benchmarks/ladder.py",
        "--deals",
        "500",
        "--seed",
        "9000",
        "--jobs",
        str(os.cpu_count() or 1),
        "--out",
        "benchmarks/results",
        *session.posargs,
    )


@nox.session
def wheel(session: nox.Session) -> None:
    """Build the wheel and sdist, check them with twine, and test the installed wheel.

    The tests run against the wheel in this session's fresh environment, not against ``src/``:
    from the checkout, then as a packager runs them, with a plain ``python -m pytest`` in the
    unpacked sdist.
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
        *session.posargs,
    )  # fmt: skip
    # a packager's check: plain `python -m pytest` in the unpacked sdist, against the wheel
    sdist = next(path for path in built if path.endswith(".tar.gz"))
    unpacked = Path(session.create_tmp()) / "sdist"
    shutil.rmtree(unpacked, ignore_errors=True)
    with tarfile.open(sdist) as archive:
        archive.extractall(unpacked, filter="data")
    (root,) = unpacked.iterdir()
    with session.chdir(root):
        session.run("python", "-m", "pytest", "-p", "no:cacheprovider", *session.posargs)


@nox.session
def compiled(session: nox.Session) -> None:
    """Install the mypyc-compiled build the way the docs say, through pip, and run the whole
    suite against it.

    Builds the sdist, then ``BURRACO_MYPYC=1 pip install --no-binary burraco`` from it in this
    session's fresh environment (pip builds the wheel in its own isolated environment, where no
    optional package is installed, as a user's ``pip install`` does). The tests import the
    installed package, not ``src/``; the session fails if it is not the compiled build
    (``burraco.__compiled__``).
    """
    session.install("build")
    out = Path(session.create_tmp()) / "compiled"
    shutil.rmtree(out, ignore_errors=True)
    session.run("python", "-m", "build", "--sdist", "--outdir", str(out))
    sdist = next(str(path) for path in out.iterdir() if path.name.endswith(".tar.gz"))
    session.run("python", "-m", "pip", "uninstall", "--yes", "--quiet", "burraco")
    session.run(
        "python", "-m", "pip", "install", "--no-cache-dir", "--no-binary", "burraco",
        f"burraco[tests] @ {Path(sdist).resolve().as_uri()}", env={"BURRACO_MYPYC": "1"},
    )  # fmt: skip
    session.run(
        "python",
        "-c",
        "import burraco, sys; assert burraco.__compiled__, 'not the compiled build'; "
        "assert 'site-packages' in burraco.__file__, burraco.__file__; "
        "print('testing the compiled build:', burraco.__file__)",
        env=_WHEEL_ONLY,
    )
    session.run(
        "python", "-m", "pytest", "tests", "docs", "README.md", "-p", "no:cacheprovider",
        "-o", "testpaths=", "-m", "slow or not slow", *session.posargs, env=_WHEEL_ONLY,
    )  # fmt: skip


_WHEEL_ONLY = {"PYTHONPATH": ""}
"""No ``src/`` on the path: the tests must import the installed wheel."""


@nox.session
def load(session: nox.Session) -> None:
    """Load test of ``burraco serve``: 50 tables of four bot clients over real WebSockets on
    127.0.0.1, played to the end within 300 seconds; prints actions per second, the 99th
    percentile from an action to the view that answers it, and the errors (must be 0).
    Not part of CI (``benchmarks/server_load.py``)."""
    session.install("-e", ".[server-tests]")
    arguments = session.posargs or ["--tables", "50", "--seconds", "300"]
    session.run("python", "benchmarks/server_load.py", *arguments)


@nox.session
def release(session: nox.Session) -> None:
    """Build and check what a release publishes, as ``.github/workflows/wheels.yml`` does, on
    this machine: the sdist, the pure wheel and the mypyc-compiled wheel, both built from the
    sdist (minutes: the compiled one compiles).

    ``twine check --strict`` and ``check-wheel-contents`` read them, and
    ``python -m tests.release_check --dist`` checks their names and version. Each wheel is then
    installed in a fresh virtual environment of its own, where the fast tier runs against it
    (``nox -s release -- tests/test_cards.py`` runs those tests instead) and ``burraco demo``
    plays a hand; the compiled wheel also passes the test command of
    ``[tool.cibuildwheel]``, from a folder holding only its ``test-sources``, as cibuildwheel
    runs it. The compiled wheel is for this machine only (``linux_x86_64``, say): the
    workflow's cibuildwheel makes the ones PyPI takes.
    """
    session.install("build", "twine", "check-wheel-contents")
    tmp = Path(session.create_tmp())
    dist = tmp / "release-dist"
    shutil.rmtree(dist, ignore_errors=True)
    # the sdist, then the pure wheel built from it
    session.run("python", "-m", "build", "--outdir", str(dist))
    sdist = next(dist.glob("*.tar.gz"))
    (pure,) = dist.glob("*-py3-none-any.whl")
    session.run(
        "python", "-m", "pip", "wheel", "--no-deps", "--no-cache-dir", "--wheel-dir", str(dist),
        str(sdist), env={"BURRACO_MYPYC": "1"},
    )  # fmt: skip
    (compiled,) = set(dist.glob("*.whl")) - {pure}
    built = sorted(str(path) for path in dist.iterdir())
    session.run("twine", "check", "--strict", *built)
    session.run("check-wheel-contents", str(pure))
    # mypyc's shared runtime library is a top-level module of its own beside the package
    # (W009), named by a hash that may start with a digit (W004): the compiled modules import it
    session.run("check-wheel-contents", "--ignore", "W004,W009", str(compiled))
    session.run("python", "-m", "tests.release_check", "--dist", str(dist))

    unpacked = tmp / "release-sdist"
    shutil.rmtree(unpacked, ignore_errors=True)
    with tarfile.open(sdist) as archive:
        archive.extractall(unpacked, filter="data")
    (sdist_root,) = unpacked.iterdir()
    for wheel_file, is_compiled in [(pure, False), (compiled, True)]:
        bin_dir = _fresh_venv(session, tmp / f"release-{'compiled' if is_compiled else 'pure'}")
        python = str(bin_dir / "python")
        session.run(
            python, "-m", "pip", "install", "--quiet", f"{wheel_file}[tests]", external=True
        )
        session.run(
            python, "-c",
            "import burraco, sys; assert 'site-packages' in burraco.__file__, burraco.__file__; "
            f"assert burraco.__compiled__ is {is_compiled}, burraco.__compiled__; "
            "print('testing', burraco.__version__, 'from', burraco.__file__)",
            external=True, env=_WHEEL_ONLY,
        )  # fmt: skip
        targets = session.posargs or ["tests", "docs", "README.md"]
        session.run(
            python, "-m", "pytest", "-p", "no:cacheprovider", "-o", "testpaths=", *targets,
            external=True, env=_WHEEL_ONLY,
        )  # fmt: skip
        demo = session.run(
            str(bin_dir / "burraco"), "demo", "--seed", "2026", external=True, silent=True
        )
        session.log("burraco demo, its last lines:\n" + "\n".join(str(demo).splitlines()[-9:]))
        if is_compiled:
            _cibuildwheel_test(session, sdist_root, bin_dir, tmp / "release-cibw-test")
    session.log(
        f"release: {', '.join(Path(path).name for path in built)}: built, checked by twine and "
        "check-wheel-contents, and each wheel tested in a fresh environment"
    )


def _fresh_venv(session: nox.Session, where: Path) -> Path:
    """A new virtual environment at ``where``, made by the session's Python; its scripts folder
    is returned."""
    shutil.rmtree(where, ignore_errors=True)
    session.run("python", "-m", "venv", str(where))
    return where / ("Scripts" if sys.platform == "win32" else "bin")


def _cibuildwheel_test(session: nox.Session, project: Path, bin_dir: Path, where: Path) -> None:
    """Run ``[tool.cibuildwheel]``'s test command with the environment of ``bin_dir``, in a
    folder that holds only its ``test-sources`` (copied from ``project``), as cibuildwheel
    runs it after installing a wheel with its ``test-extras``."""
    bin_dir = bin_dir.resolve()  # the commands run from another folder
    settings = tomllib.loads((project / "pyproject.toml").read_text(encoding="utf-8"))
    options = settings["tool"]["cibuildwheel"]
    shutil.rmtree(where, ignore_errors=True)
    where.mkdir()
    for source in options["test-sources"]:
        if (project / source).is_dir():
            shutil.copytree(project / source, where / source)
        else:
            (where / source).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(project / source, where / source)
    env = {**_WHEEL_ONLY, **options.get("test-environment", {})}
    with session.chdir(where):
        for command in options["test-command"]:
            # its programs (python, burraco) from the wheel's environment, not the session's
            program, *arguments = shlex.split(command)
            program = shutil.which(program, path=str(bin_dir)) or program
            output = session.run(program, *arguments, external=True, env=env, silent=True)
            session.log(f"{command}: " + " / ".join(str(output).strip().splitlines()[-2:]))


def _compiled_target(session: nox.Session, name: str) -> Path:
    """Build the mypyc-compiled wheel and install it, without dependencies, into a directory of
    its own (``NAME-compiled`` in the session's temporary folder), which is returned: a
    benchmark puts it first on a child process's path to run the compiled build beside the
    source."""
    tmp = Path(session.create_tmp())
    out = tmp / f"{name}-wheel"
    target = tmp / f"{name}-compiled"
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(target, ignore_errors=True)
    session.run(
        "python", "-m", "build", "--wheel", "--outdir", str(out), env={"BURRACO_MYPYC": "1"}
    )
    wheel_file = next(str(path) for path in out.iterdir() if path.suffix == ".whl")
    session.run(
        "python", "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target),
        wheel_file,
    )  # fmt: skip
    return target
