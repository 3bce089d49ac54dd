"""Value types: built once, then never changed, and known by their public names.

attrs makes a frozen class refuse ``card.rank = 3``, but its ``__init__`` can still be
called again on a built value and would rewrite it in place: for the 52 shared cards, for
the rest of the process. :func:`built_once` closes that door. :func:`publish` gives the
classes and functions of the private modules the public module's name.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable, MutableMapping
from typing import Any, TypeVar

_T = TypeVar("_T", bound=type)


def built_once(cls: _T) -> _T:
    """Make the attrs class ``cls`` refuse to run ``__init__`` on a value already built
    (apply it below ``@attrs.frozen``, so attrs sees the hook)."""

    def __attrs_pre_init__(self: Any) -> None:
        first = type(self).__attrs_attrs__[0].name
        if hasattr(self, first):
            raise TypeError(
                f"a {type(self).__name__} is immutable: __init__ cannot run on it again"
            )

    cls.__attrs_pre_init__ = __attrs_pre_init__  # type: ignore[attr-defined]
    return cls


def checked_pickles(cls: _T) -> _T:
    """Make the attrs class ``cls`` load from a pickle through its constructor's
    checks: a pickle is input like any other. Its own pickles name the constructor;
    one in the default form (made before, or crafted) has its fields checked the same
    way."""
    names = tuple(a.name for a in cls.__attrs_attrs__ if a.init)  # type: ignore[attr-defined]

    def __reduce__(self: Any) -> tuple[object, ...]:
        return (cls, tuple(getattr(self, name) for name in names))

    def __setstate__(self: Any, state: object) -> None:
        if hasattr(self, names[0]):
            raise TypeError(f"a {cls.__name__} is immutable: it cannot be set again")
        if not isinstance(state, dict) or set(state) != set(names):
            raise TypeError(f"a pickled {cls.__name__} holds no {cls.__name__}")
        checked = cls(**state)
        for field in cls.__attrs_attrs__:  # type: ignore[attr-defined]
            object.__setattr__(self, field.name, getattr(checked, field.name))

    cls.__reduce__ = __reduce__  # type: ignore[assignment]
    cls.__setstate__ = __setstate__  # type: ignore[attr-defined]
    return cls


def publish(namespace: MutableMapping[str, Any], names: Iterable[str]) -> None:
    """Make the classes and functions a public module exports under ``names`` report it
    (``yukon.Card``, not ``yukon._cards.Card``) in reprs and tracebacks, which is also
    where pickle finds them; one a public module already reports keeps its module.
    ``typing.get_type_hints`` reads a class's annotations in the namespace of its
    ``__module__``, so they are resolved first, in their own module."""
    module = namespace["__name__"]
    for name in names:
        obj = namespace[name]
        if not isinstance(obj, (type, types.FunctionType)):
            continue
        if not any(part.startswith("_") for part in obj.__module__.split(".")):
            continue
        if isinstance(obj, type):
            own = vars(obj).get("__annotations__", {})  # not inspect's: slow to import
            if own:
                hints = typing.get_type_hints(obj)
                obj.__annotations__ = {key: hints[key] for key in own}
        obj.__module__ = module
