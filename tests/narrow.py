"""What a test knows is there, for the type checker: ``found(x)`` is ``x`` once it is
not None (a query's ``.first()``, a regular expression's match, an XML element)."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def found(value: T | None) -> T:
    assert value is not None, "expected a value, found None"
    return value
