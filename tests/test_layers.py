"""The package's shape: layers that import downwards only, rooms opened by their owners only,
and no import cycle but the lazy picture imports (docs/design.md draws the same map)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

SOURCE = Path(__file__).parent.parent / "src" / "burraco"

LAYERS: dict[str, tuple[str, ...]] = {
    "base": ("errors", "cards", "rules", "i18n", "_version"),
    "rules": (
        "melds",
        "actions",
        "state",
        "pozzetto",
        "closing",
        "scoring",
        "match",
        "engine",
        "views",
        "checks",
        "_engine",
    ),
    "formats": ("serialize", "record", "svg", "testing"),
    "players": ("agents", "search", "inference", "levels", "learn", "duel", "encoding", "_bots"),
    "wings": ("envs", "server", "tournament"),
    "door": ("burraco", "cli", "__main__"),
}
"""Each top-level module or folder of ``src/burraco`` in its layer, lowest first."""

ROOMS: dict[str, frozenset[str]] = {
    "_engine": frozenset({"melds", "state", "engine", "views", "checks"}),
    "_bots": frozenset({"agents", "search", "inference", "levels", "learn", "encoding", "envs"}),
}
"""Who may open each room: the rules' engine room, and the players' compiled halves."""

PICTURES = "svg"
"""The one module that values may import lazily although it sits above them: pictures."""


@attrs.frozen
class Edge:
    """One import of a module of the package by another."""

    source: str
    target: str
    lazy: bool
    line: int


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(root: Path = SOURCE) -> Iterator[Edge]:
    """Every import of a module of the package by another, outside ``if TYPE_CHECKING:``;
    ``lazy`` when it is made inside a function."""
    modules = {module_name(path, root): path for path in root.rglob("*.py")}

    def resolve(name: str) -> str:
        while name not in modules and "." in name:
            name = name.rsplit(".", 1)[0]
        return name

    for source, path in modules.items():

        def walk(node: ast.AST, lazy: bool, source: str = source) -> Iterator[Edge]:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                    for statement in child.orelse:
                        yield from walk(statement, lazy)
                elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                    yield from walk(child, True)
                elif isinstance(child, ast.ImportFrom) and (child.module or "").startswith(
                    "burraco"
                ):
                    assert child.module is not None
                    for alias in child.names:
                        target = resolve(f"{child.module}.{alias.name}")
                        yield Edge(source, target, lazy, child.lineno)
                elif isinstance(child, ast.Import):
                    for alias in child.names:
                        if alias.name.startswith("burraco"):
                            yield Edge(source, resolve(alias.name), lazy, child.lineno)
                else:
                    yield from walk(child, lazy)

        yield from walk(ast.parse(path.read_text(encoding="utf-8")), False)


def top(module: str) -> str:
    """The top-level module or folder a module belongs to (``burraco`` for the package)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def layer(module: str) -> int:
    name = top(module)
    for index, members in enumerate(LAYERS.values()):
        if name in members:
            return index
    raise AssertionError(f"{module} is in no layer: place it in LAYERS and in docs/design.md")


def test_every_module_sits_in_a_layer() -> None:
    for path in SOURCE.rglob("*.py"):
        layer(module_name(path, SOURCE))


def test_imports_flow_down_the_layers() -> None:
    upward = [
        f"{edge.source}:{edge.line} imports {edge.target}"
        for edge in imports()
        if layer(edge.target) > layer(edge.source)
        and not (edge.lazy and top(edge.target) == PICTURES)
        and top(edge.source) != "burraco"
    ]
    assert upward == []


def test_rooms_are_opened_by_their_owners_only() -> None:
    trespass = [
        f"{edge.source}:{edge.line} opens {edge.target}"
        for edge in imports()
        if top(edge.target) in ROOMS
        and top(edge.source) != top(edge.target)
        and top(edge.source) not in ROOMS[top(edge.target)]
    ]
    assert trespass == []


def cycles(edges: list[Edge]) -> list[list[str]]:
    """The import cycles among ``edges`` (each as the modules along it), by depth-first search."""
    graph: dict[str, set[str]] = {}
    for edge in edges:
        if edge.source != edge.target:
            graph.setdefault(edge.source, set()).add(edge.target)
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                found.append(path[path.index(nxt) :] + [nxt])
            elif nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return found


def test_no_import_cycle_but_the_lazy_picture_imports() -> None:
    edges = [
        edge
        for edge in imports()
        if not (edge.lazy and top(edge.target) == PICTURES)
        # a package imports its own modules to re-export them: no cycle of behaviour
        and not edge.target.startswith(edge.source + ".")
        and edge.source != "burraco"
    ]
    assert cycles(edges) == []


def test_the_cycle_finder_finds_a_cycle_and_the_checks_see_a_trespass(tmp_path: Path) -> None:
    package = tmp_path / "burraco"
    (package / "_engine").mkdir(parents=True)
    (package / "_engine" / "__init__.py").write_text("", encoding="utf-8")
    (package / "_engine" / "memo.py").write_text("from burraco import melds\n", encoding="utf-8")
    (package / "melds.py").write_text("from burraco._engine import memo\n", encoding="utf-8")
    (package / "server.py").write_text("from burraco._engine.memo import x\n", encoding="utf-8")
    (package / "cards.py").write_text(
        "def picture():\n    from burraco import server\n", encoding="utf-8"
    )
    edges = list(imports(package))
    assert cycles(edges) == [["burraco._engine.memo", "burraco.melds", "burraco._engine.memo"]]
    assert Edge("burraco.server", "burraco._engine.memo", False, 1) in edges
    assert Edge("burraco.cards", "burraco.server", True, 2) in edges
    assert layer("burraco.cards") < layer("burraco.server")


@pytest.mark.parametrize("room", sorted(ROOMS))
def test_each_room_has_a_door_that_says_who_opens_it(room: str) -> None:
    door = ast.get_docstring(ast.parse((SOURCE / room / "__init__.py").read_text("utf-8")))
    assert door is not None
    for owner in ROOMS[room]:
        assert f"burraco.{owner}" in door, (room, owner)
