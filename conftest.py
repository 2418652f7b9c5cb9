"""Doctest collection: skip the modules whose optional toolkit is not installed."""

from importlib.util import find_spec

collect_ignore: list[str] = []
if find_spec("numpy") is None:
    collect_ignore += ["src/burraco/encoding.py", "src/burraco/envs"]
else:
    for module, toolkit in [
        ("pettingzoo.py", "pettingzoo"),
        ("burraco_v0.py", "pettingzoo"),
        ("gymnasium.py", "gymnasium"),
        ("openspiel.py", "pyspiel"),
    ]:
        if find_spec(toolkit) is None:
            collect_ignore.append(f"src/burraco/envs/{module}")
