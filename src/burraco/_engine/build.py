"""What the optional mypyc-compiled build needs from the source (private).

``BURRACO_MYPYC=1`` compiles some modules with mypyc (see ``hatch_build.py``). mypyc turns a
class it can see whole into a native class; a class that gets methods at import (the attrs
classes: ``__eq__``, ``__hash__``, ``__init__``) or subclasses ``list`` must stay an ordinary
Python class, or compiled code would compare its instances by identity. Decorating it with
:func:`python_class` says so: mypyc keeps every class with a decorator it does not know as a
Python class. In the pure-Python build the decorator does nothing. Compiled code compares such
values with :func:`equal`.
"""

from __future__ import annotations

from typing import TypeVar

__all__ = ["equal", "python_class"]

C = TypeVar("C", bound=type)


def python_class(cls: C) -> C:
    """Return ``cls`` unchanged; mypyc then compiles it as an ordinary Python class."""
    return cls


def equal(left: object, right: object) -> bool:
    """``left == right`` for attrs values in a compiled module.

    mypyc compiles ``==`` between two values of a class whose source defines no ``__eq__`` as
    an identity test, and attrs adds ``__eq__`` only at import; typed as ``object``, the
    operands are compared by their own ``__eq__``.
    """
    return left == right
