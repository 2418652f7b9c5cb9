"""The RL toolkits stay optional: ``import burraco`` imports none of them, and each adapter
names the extra to install when its toolkit is missing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SRC = str(Path(__file__).parent.parent / "src")
TOOLKITS = (
    "numpy",
    "pettingzoo",
    "gymnasium",
    "pyspiel",
    "open_spiel",
    "ray",
    "starlette",
    "uvicorn",
    "websockets",
    "sqlite3",
)


def run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path.insert(0, {SRC!r})\n{code}"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_import_burraco_imports_no_toolkit() -> None:
    result = run(
        f"import burraco, burraco.envs\nprint(sorted(m for m in {TOOLKITS!r} if m in sys.modules))"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_the_servers_messages_import_without_the_server_extra() -> None:
    result = run(
        "sys.modules['starlette'] = None\nsys.modules['uvicorn'] = None\n"
        "sys.modules['openskill'] = None\n"
        "import burraco.server.protocol, burraco.server.manager, burraco.server.storage\n"
        "print('imported')"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "imported"


def test_the_command_line_imports_no_server_until_asked_to_serve() -> None:
    result = run(
        "import burraco.cli\n"
        "print(sorted(m for m in ('starlette', 'uvicorn', 'burraco.server') if m in sys.modules))"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize("blocked", ["starlette", "uvicorn"])
def test_serve_without_the_server_extra_names_it(blocked: str) -> None:
    result = run(
        f"sys.modules[{blocked!r}] = None\n"
        "from burraco.cli import main\n"
        "print(main(['serve', '--port', '8999']))"
    )
    assert result.returncode == 0, result.stderr
    assert "burraco[server]" in result.stderr and result.stdout.strip() == "2"


def test_import_burraco_leaves_out_costly_standard_modules() -> None:
    # Each of these adds thousands of objects that every full garbage collection traverses,
    # and import time; the library imports them only where they are used.
    costly = ("importlib.metadata", "concurrent.futures", "multiprocessing", "statistics")
    result = run(f"import burraco\nprint(sorted(m for m in {costly!r} if m in sys.modules))")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_saving_records_and_the_invariant_check_are_imported_on_first_use() -> None:
    modules = ("burraco.serialize", "burraco.record", "burraco.testing")
    result = run(
        f"import burraco\nprint(sorted(m for m in {modules!r} if m in sys.modules))\n"
        "from burraco import Record, check_invariants, from_dict, from_json, to_dict, to_json\n"
        "import burraco.record, burraco.serialize, burraco.testing\n"
        "print(Record is burraco.record.Record, to_json is burraco.serialize.to_json,\n"
        "      check_invariants is burraco.testing.check_invariants)"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[:2] == ["[]", "True True True"]


def test_an_unknown_name_of_burraco_raises_attribute_error() -> None:
    import burraco

    with pytest.raises(AttributeError, match="no attribute 'to_yaml'"):
        burraco.to_yaml  # noqa: B018
    assert {"to_json", "Record"} <= set(dir(burraco))


@pytest.mark.parametrize(
    ("module", "blocked", "extra"),
    [
        ("burraco.encoding", "numpy", "burraco[rl]"),
        ("burraco.envs.pettingzoo", "pettingzoo", "burraco[pettingzoo]"),
        ("burraco.envs.burraco_v0", "pettingzoo", "burraco[pettingzoo]"),
        ("burraco.envs.gymnasium", "gymnasium", "burraco[gymnasium]"),
        ("burraco.envs.openspiel", "pyspiel", "burraco[openspiel]"),
        ("burraco.server.app", "starlette", "burraco[server]"),
    ],
)
def test_a_missing_toolkit_names_the_extra(module: str, blocked: str, extra: str) -> None:
    result = run(
        f"sys.modules[{blocked!r}] = None\n"
        f"try:\n    import {module}\n"
        "except ImportError as error:\n    print(error)\n"
        "else:\n    print('imported')"
    )
    assert result.returncode == 0, result.stderr
    assert extra in result.stdout


@pytest.mark.parametrize(
    ("module", "page"),
    [
        ("burraco.encoding", "encoding.md"),
        ("burraco.envs.pettingzoo", "envs.md"),
        ("burraco.envs.gymnasium", "envs.md"),
        ("burraco.envs.openspiel", "envs.md"),
    ],
)
def test_every_name_of_the_rl_modules_is_in_the_reference(module: str, page: str) -> None:
    import importlib

    toolkit = {"encoding": "numpy", "pettingzoo": "pettingzoo", "gymnasium": "gymnasium"}
    pytest.importorskip(toolkit.get(module.rsplit(".", 1)[-1], "pyspiel"))
    names = importlib.import_module(module).__all__
    text = (Path(__file__).parent.parent / "docs" / "reference" / page).read_text("utf-8")
    for name in names:
        assert f"{module}.{name}" in text or f"burraco.envs.pettingzoo.{name}" in text, name
