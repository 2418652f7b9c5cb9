"""Hatch build hook: an opt-in wheel whose hot modules are compiled with mypyc.

The default wheel is pure Python. With ``BURRACO_MYPYC=1`` in the environment, building a
wheel (``python -m build --wheel``, ``pip wheel .``, ``pip install .``) compiles the modules in
:data:`COMPILED` with mypyc (part of mypy) and ships the extension modules next to the Python
sources, in a wheel tagged for the interpreter and platform. The compiled modules behave
identically; ``burraco.__compiled__`` and ``burraco --version`` say which build is running.
Editable installs and the sdist are never compiled.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

COMPILED = (
    "_engine/memo",
    "_engine/meldcodec",
    "_engine/grow",
    "_engine/movegen",
    "_engine/points",
    "engine",
    "melds",
    "state",
    "closing",
    "pozzetto",
    "views",
    "_bots/observation",
    "_bots/greedy",
    "_bots/rollout",
    "_bots/value",
    "_bots/network",
)
"""The modules compiled (under ``src/burraco/``): the move generator and what it calls, the
views and the table points; the numpy-free core of the encodings (:mod:`burraco.encoding`
imports numpy, which a compiled module may not: the build does not install it); the greedy
heuristic, the search's rollouts and its fitted leaf evaluation, most of a search decision.
The agent classes (:mod:`burraco.agents`, :mod:`burraco.search`) stay uncompiled: compiled
methods refuse an instance of a subclass, and programs subclass the agents. Measured with
``benchmarks/rl_peers.py`` (the speed how-to has the figures)."""

OPTIONAL_IMPORTS = (
    "gymnasium",
    "hypothesis",
    "numpy",
    "openskill",
    "pettingzoo",
    "pyspiel",
    "psycopg",
    "ray",
    "segno",
    "starlette",
    "uvicorn",
)
"""Optional packages that modules of the package import (none of them compiled, and never at
``import burraco``). mypyc type-checks every module the compiled ones reach, ``burraco.duel``
and ``burraco.testing`` among them, so it reads these as ``Any`` without looking for them: the
build then needs none of them and is the same whichever are installed where it runs."""

_SWITCH = "BURRACO_MYPYC"


def mypy_config() -> str:
    """The mypy configuration mypyc runs with: :data:`OPTIONAL_IMPORTS` skipped."""
    patterns = ",".join(f"{name},{name}.*" for name in OPTIONAL_IMPORTS)
    return f"[mypy]\n\n[mypy-{patterns}]\nignore_missing_imports = True\nfollow_imports = skip\n"


def _wanted() -> bool:
    return os.environ.get(_SWITCH, "").strip().lower() in {"1", "true", "yes"}


class MypycBuildHook(BuildHookInterface):
    """Compile :data:`COMPILED` with mypyc when ``BURRACO_MYPYC=1``; otherwise do nothing."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """mypy (which holds mypyc), setuptools (its C build) and attrs (for type checking)."""
        return ["mypy>=1.10", "setuptools>=69", "attrs>=23.1"] if _wanted() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        self._work: Path | None = None
        if self.target_name != "wheel" or version == "editable" or not _wanted():
            return
        work = Path(tempfile.mkdtemp(prefix="burraco-mypyc-"))
        self._work = work
        shutil.copytree(Path(self.root) / "src" / "burraco", work / "burraco")
        (work / "mypyc.ini").write_text(mypy_config(), encoding="utf-8")
        sources = [f"burraco/{name}.py" for name in COMPILED]
        self.app.display_info(f"mypyc: compiling {', '.join(sources)}")
        # mypyc type-checks the copy alone: a MYPYPATH from the caller's shell (pointing at a
        # checkout's src, say) would make it read other sources instead
        env = {key: value for key, value in os.environ.items() if key != "MYPYPATH"}
        command = [sys.executable, "-m", "mypyc", "--config-file", "mypyc.ini", *sources]
        subprocess.run(command, cwd=work, check=True, env=env)
        built = [*work.glob("*.so"), *work.glob("*.pyd")]
        built += [*work.glob("burraco/**/*.so"), *work.glob("burraco/**/*.pyd")]
        compiled = {
            path.relative_to(work / "burraco").as_posix().split(".")[0]
            for path in built
            if path.is_relative_to(work / "burraco")
        }
        missing = set(COMPILED) - compiled
        if missing:
            raise RuntimeError(f"mypyc built no extension for {sorted(missing)}")
        for path in built:
            build_data["force_include"][str(path)] = str(path.relative_to(work))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if getattr(self, "_work", None) is not None:
            shutil.rmtree(str(self._work), ignore_errors=True)
